//! The marks of relations in SVG: on the edge between their two cells.

use svg::node::element::{Circle, Group, Path, Rectangle};

use super::{num, text, CELL};
use crate::grid::Cell;
use crate::model::{Model, RelationKind};

/// A relation's mark on the edge between neighbours `a` and `b`: a chevron pointing at the
/// smaller (less), a white bar (consecutive), a white dot with the difference when not 1
/// (difference), V, X or the sum (sum), a black dot with the factor when not 2 (ratio). `None` for cells that are not neighbours and for "not
/// consecutive", which is the absence of a bar.
pub(super) fn relation_mark(
    model: &Model,
    a: Cell,
    b: Cell,
    kind: RelationKind,
    at: impl Fn(Cell) -> (f64, f64),
) -> Option<Group> {
    let w = model.width;
    let (ra, ca, rb, cb) = (a / w, a % w, b / w, b % w);
    let across = ra == rb && ca.abs_diff(cb) == 1;
    if !(across || ca == cb && ra.abs_diff(rb) == 1) {
        return None;
    }
    let (xa, ya) = at(a);
    let (xb, yb) = at(b);
    let (mx, my) = (f64::midpoint(xa, xb) + CELL / 2.0, f64::midpoint(ya, yb) + CELL / 2.0);
    let group = Group::new().set("class", "relation");
    let white = |shape: Rectangle| {
        shape.set("fill", "white").set("stroke", "black").set("stroke-width", 1.2)
    };
    Some(match kind {
        // No mark: rules of the whole grid (all dots given, chess moves), lines not drawn yet.
        RelationKind::NotConsecutive
        | RelationKind::Different
        | RelationKind::NotDifference(_)
        | RelationKind::NotSum(_)
        | RelationKind::NotRatio(_)
        | RelationKind::Equal
        | RelationKind::Apart(_)
        | RelationKind::AtMost
        | RelationKind::Indexes(..) => return None,
        RelationKind::Less => {
            // The point of the chevron is on the side of the smaller digit, a.
            let (dx, dy) = (((xa - xb) / CELL) * 4.0, ((ya - yb) / CELL) * 4.0);
            let (px, py) = (-dy * 1.3, dx * 1.3);
            let d = format!(
                "M{} {}L{} {}L{} {}",
                num(mx - dx + px),
                num(my - dy + py),
                num(mx + dx),
                num(my + dy),
                num(mx - dx - px),
                num(my - dy - py)
            );
            // A white halo under the chevron keeps it readable on a thick border.
            let halo = Path::new().set("d", d.clone()).set("fill", "none").set("stroke", "white");
            let chevron = Path::new().set("d", d).set("fill", "none").set("stroke", "black");
            group
                .add(halo.set("stroke-width", 5).set("stroke-linejoin", "round"))
                .add(chevron.set("stroke-width", 2).set("stroke-linejoin", "round"))
        }
        RelationKind::Consecutive => {
            let (bw, bh) = if across { (6.0, 16.0) } else { (16.0, 6.0) };
            let bar = Rectangle::new().set("x", num(mx - bw / 2.0)).set("y", num(my - bh / 2.0));
            group.add(white(bar.set("width", num(bw)).set("height", num(bh))))
        }
        RelationKind::Difference(k) => {
            let dot = Circle::new()
                .set("cx", num(mx))
                .set("cy", num(my))
                .set("r", 5.5)
                .set("fill", "white");
            let group = group.add(dot.set("stroke", "black").set("stroke-width", 1.2));
            if k == 1 {
                group
            } else {
                group.add(text("mark", mx, my + 2.8, 8.0, k.to_string()))
            }
        }
        RelationKind::Ratio(k) => {
            let dot = Circle::new().set("cx", num(mx)).set("cy", num(my)).set("r", 5.5);
            let group = group.add(dot.set("class", "ratio").set("fill", "black"));
            if k == 2 {
                group
            } else {
                group.add(text("mark", mx, my + 2.8, 8.0, k.to_string()).set("fill", "white"))
            }
        }
        RelationKind::Sum(k) => {
            let label = match k {
                5 => "V".to_owned(),
                10 => "X".to_owned(),
                _ => k.to_string(),
            };
            let mark = text("mark", mx, my + 5.0, 14.0, label).set("font-weight", "bold");
            let mark = mark.set("stroke", "white").set("stroke-width", 3);
            group.add(mark.set("paint-order", "stroke"))
        }
    })
}
