//! Unique rectangles and loops of every type, as Sudoku Explainer finds them: a loop of cells
//! holding a pair {a, b}, each region it meets holding two of its cells, neighbours in the loop
//! sharing a region. Were every cell of it {a, b} alone, a and b could swap round the loop and
//! the puzzle would have two solutions; so the cells with extra digits ("rescue cells") must
//! keep one: type 1 (one rescue cell, it loses a and b), type 2 (the rescue cells share one
//! extra digit, gone from their common peers), type 3 (two rescue cells whose extra digits
//! form a naked set with other cells of a region), type 4 (two rescue cells in a region where
//! a is locked to them: b leaves both). A loop of four cells is a rectangle.

use std::cell::RefCell;
use std::sync::Arc;

use super::bits::{bits, one_bit, two_bits};
use super::candidates::Candidates;
use super::geometry::Geometry;
use super::loop_types::{classify, Found};
use super::scale::Tenths;
use super::{Step, Technique, TechniqueKind};
use crate::grid::Cell;
use crate::variant::Variant;

/// Finds unique rectangles of types 2 to 4 (type 1 is
/// [`UniqueRectangle`](super::uniqueness::UniqueRectangle)) or unique loops, whichever kind
/// it is given: the cheapest on SE's scale.
pub(super) struct UniqueLoops(pub(super) TechniqueKind);

impl Technique for UniqueLoops {
    fn kind(&self) -> TechniqueKind {
        self.0
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        with_every(candidates, variant, |every| {
            let found = every.iter().filter(|f| f.step.technique == self.0);
            found.min_by_key(|f| (f.price, f.kind)).map(|f| f.step.clone())
        })
    }
}

/// SE's choice among every unique rectangle and loop: the cheapest, the lowest type first
/// among equals, with its price.
pub(super) fn cheapest(candidates: &Candidates, variant: &Variant) -> Option<(Step, Tenths)> {
    with_every(candidates, variant, |every| {
        let found = every.iter();
        found.min_by_key(|f| (f.price, f.kind)).map(|f| (f.step.clone(), f.price))
    })
}

/// The loops of the last position searched on this thread: its layout (held, so that no other
/// can take its address), its candidates and what [`every`] found there.
type Last = (Arc<Geometry>, Vec<u64>, Vec<Found>);

thread_local! {
    static LAST: RefCell<Option<Last>> = const { RefCell::new(None) };
}

/// Calls `f` with [`every`] loop step of the position, searched again only when the position
/// is not the last one's: the level path tries unique rectangles of types 2 to 4 and unique
/// loops one after the other in one position, each a kind of the same search (on the SE
/// sample's 20 magictour rows, 57 M instructions of `rate`'s 276 M level path, 14 M searched
/// once: `valgrind --tool=callgrind sudoku rate --jobs 1 FILE`). `variant` is the one the
/// candidates were made for, as [`Technique::find`] asks, so the layout stands for it.
fn with_every<R>(candidates: &Candidates, variant: &Variant, f: impl FnOnce(&[Found]) -> R) -> R {
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        let geometry = candidates.shared_geometry();
        let hit = last
            .as_ref()
            .is_some_and(|(g, masks, _)| Arc::ptr_eq(g, geometry) && masks == candidates.masks());
        if !hit {
            let found = every(candidates, variant);
            match last.as_mut() {
                Some(entry) => {
                    entry.0 = Arc::clone(geometry);
                    entry.1.clear();
                    entry.1.extend_from_slice(candidates.masks());
                    entry.2 = found;
                }
                None => *last = Some((Arc::clone(geometry), candidates.masks().to_vec(), found)),
            }
        }
        f(&last.as_ref().expect("filled above").2)
    })
}

/// What SE adds to a loop's price for its length: a rectangle 0, six cells 0.1, eight 0.2,
/// ten or more 0.5 (its thresholds add up).
pub(super) fn length_extra(cells: usize) -> Tenths {
    match cells {
        0..=5 => 0,
        6 | 7 => 1,
        8 | 9 => 2,
        _ => 5,
    }
}

/// Every unique loop step, in the order the loops are found.
fn every(candidates: &Candidates, variant: &Variant) -> Vec<Found> {
    let mut found = Vec::new();
    let mut seen: Vec<Vec<Cell>> = Vec::new();
    let masks = candidates.masks();
    for start in (0..masks.len()).filter(|&c| two_bits(masks[c])) {
        for cells in loops_from(candidates, start) {
            let mut key = cells.clone();
            key.sort_unstable();
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            found.extend(classify(candidates, variant, &cells, masks[start]));
        }
    }
    found
}

/// One cell of the path being grown: the region it was reached through, and where the scan
/// of its regions and their cells stands.
struct Frame {
    cell: Cell,
    via: usize,
    member: usize,
    slot: usize,
    extra: u64,
    allowed: i32,
}

/// The loops through bivalue `start` on its pair: paths of cells holding both digits, each
/// step through a region other than the last step's, no region holding two cells of the same
/// parity, closed when a region leads back to `start`; at most two cells with extra digits
/// unless all of them share one extra digit (type 2). Iterative depth-first search.
fn loops_from(candidates: &Candidates, start: Cell) -> Vec<Vec<Cell>> {
    let geometry = candidates.geometry();
    let masks = candidates.masks();
    let pair = masks[start];
    let limit = 2 * candidates.size();
    let mut count = [vec![0u8; geometry.region_count()], vec![0u8; geometry.region_count()]];
    let mark = |count: &mut [Vec<u8>; 2], cell: Cell, parity: usize, delta: i8| {
        for &(g, _) in geometry.members(cell) {
            let slot = &mut count[parity][g as usize];
            *slot = slot.wrapping_add_signed(delta);
        }
    };
    let mut loops = Vec::new();
    mark(&mut count, start, 0, 1);
    let mut path =
        vec![Frame { cell: start, via: usize::MAX, member: 0, slot: 0, extra: 0, allowed: 2 }];
    while let Some(top) = path.last_mut() {
        let members = geometry.members(top.cell);
        if top.member >= members.len() {
            let done = path.pop().expect("a frame");
            mark(&mut count, done.cell, path.len() % 2, -1);
            continue;
        }
        let region = members[top.member].0 as usize;
        let cells = geometry.region(region);
        if region == top.via || top.slot >= cells.len() {
            top.member += 1;
            top.slot = 0;
            continue;
        }
        let next = cells[top.slot];
        top.slot += 1;
        let (extra, allowed) = (top.extra, top.allowed);
        let depth = path.len();
        if next == start {
            if depth >= 4 && depth % 2 == 0 && balanced(candidates, &path, &count) {
                loops.push(path.iter().map(|f| f.cell).collect());
            }
            continue;
        }
        let mask = masks[next];
        // A loop through a lower cell holding only the pair was found from that cell, every
        // rule here being the same from any cell of the loop: [`every`] would drop it.
        let found = next < start && mask == pair;
        if mask & pair != pair || found || depth >= limit || path.iter().any(|f| f.cell == next) {
            continue;
        }
        let parity = depth % 2;
        if geometry.members(next).iter().any(|&(g, _)| count[parity][g as usize] > 0) {
            continue;
        }
        let extra = extra | (mask & !pair);
        let rescue = mask != pair;
        if rescue && !one_bit(extra) && allowed <= 0 {
            continue;
        }
        mark(&mut count, next, parity, 1);
        let allowed = allowed - i32::from(rescue);
        path.push(Frame { cell: next, via: region, member: 0, slot: 0, extra, allowed });
    }
    loops
}

/// Whether every region the loop meets holds one cell of each parity.
fn balanced(candidates: &Candidates, path: &[Frame], count: &[Vec<u8>; 2]) -> bool {
    let geometry = candidates.geometry();
    path.iter().all(|f| {
        geometry.members(f.cell).iter().all(|&(g, _)| count[0][g as usize] == count[1][g as usize])
    })
}

/// The pair's digits as a list: `3 and 7`.
pub(super) fn pair_words(pair: u64) -> String {
    let digits: Vec<String> =
        bits(pair).map(|d| super::text::digit(d as crate::grid::Digit + 1).to_string()).collect();
    super::text::and_list(&digits)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, blank, cells, confine, fire, keep, sorted};
    use super::*;

    /// A blank 9×9 where r1c1 and r1c2 hold only 3 and 7, and r4c1 and r4c2 hold 3, 7 and
    /// the given extra digits.
    fn rectangle(extra1: &[Digit], extra2: &[Digit]) -> (Variant, Candidates) {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        for cell in cells(9, "r1c1 r1c2") {
            keep(&mut candidates, cell, &[3, 7]);
        }
        keep(&mut candidates, at(9, "r4c1"), &[[3, 7].as_slice(), extra1].concat());
        keep(&mut candidates, at(9, "r4c2"), &[[3, 7].as_slice(), extra2].concat());
        (variant, candidates)
    }

    use crate::grid::Digit;

    #[test]
    fn the_remembered_search_follows_the_position() {
        // Two positions of one layout, one after the other and back: each time what the
        // thread remembers is what a fresh search of that position finds.
        let (variant, first) = rectangle(&[5], &[5]);
        // The same layout (its geometry shared), r5c1 no longer 5: type 2 removes less.
        let mut second = first.clone();
        keep(&mut second, at(9, "r5c1"), &[1, 2]);
        let steps =
            |found: &[Found]| -> Vec<Step> { found.iter().map(|f| f.step.clone()).collect() };
        assert_ne!(steps(&every(&first, &variant)), steps(&every(&second, &variant)));
        for candidates in [&first, &second, &first] {
            let fresh = steps(&every(candidates, &variant));
            assert!(!fresh.is_empty());
            assert_eq!(with_every(candidates, &variant, |found| steps(found)), fresh);
        }
    }

    #[test]
    fn type_2_clears_the_shared_extra_digit_from_common_peers() {
        let (variant, candidates) = rectangle(&[5], &[5]);
        let step = fire(&UniqueLoops(TechniqueKind::UniqueRectangle2), &candidates, &variant);
        let peers = cells(9, "r4c3 r4c4 r4c5 r4c6 r4c7 r4c8 r4c9 r5c1 r5c2 r5c3 r6c1 r6c2 r6c3");
        assert_eq!(
            sorted(step.eliminations.clone()),
            sorted(peers.iter().map(|&c| (c, 5)).collect())
        );
        assert!(step.explanation.starts_with(
            "unique rectangle type 2: r1c1, r1c2, r4c2 and r4c1 would hold only 3 and 7"
        ));
        let (cheapest, price) = cheapest(&candidates, &variant).unwrap();
        assert_eq!((cheapest.technique, price), (TechniqueKind::UniqueRectangle2, 45));
    }

    #[test]
    fn type_3_makes_a_naked_set_with_a_cell_of_the_row() {
        let (variant, mut candidates) = rectangle(&[5], &[8]);
        assert!(UniqueLoops(TechniqueKind::UniqueRectangle3).find(&candidates, &variant).is_none());
        keep(&mut candidates, at(9, "r4c6"), &[5, 8]);
        let step = fire(&UniqueLoops(TechniqueKind::UniqueRectangle3), &candidates, &variant);
        let rest = cells(9, "r4c3 r4c4 r4c5 r4c7 r4c8 r4c9");
        let expected: Vec<_> = rest.iter().flat_map(|&c| [(c, 5), (c, 8)]).collect();
        assert_eq!(sorted(step.eliminations.clone()), sorted(expected));
        assert!(step.explanation.contains("a naked set of 5, 8 with r4c6 in row 4"));
        assert_eq!(cheapest(&candidates, &variant).unwrap().1, 46);
    }

    #[test]
    fn type_3_makes_a_hidden_set_with_a_cell_of_the_row() {
        let (variant, mut candidates) = rectangle(&[5], &[8]);
        let row: Vec<Cell> = (27..36).collect();
        // 3 and 7 only in r4c1, r4c2 and r4c6: those two hold at most one of them, so r4c6
        // holds the other.
        for d in [3, 7] {
            confine(&mut candidates, &row, &cells(9, "r4c1 r4c2 r4c6"), d);
        }
        let step = fire(&UniqueLoops(TechniqueKind::UniqueRectangle3), &candidates, &variant);
        let r4c6 = at(9, "r4c6");
        let expected: Vec<_> = [1, 2, 4, 5, 6, 8, 9].iter().map(|&d| (r4c6, d)).collect();
        assert_eq!(sorted(step.eliminations.clone()), expected);
        assert!(
            step.explanation.contains(
                "r4c2 and r4c1 hold at most one of 3 and 7 between them, so 3, 7 fill r4c6 and \
                 one of the two: a hidden set in row 4"
            ),
            "{}",
            step.explanation
        );
        assert_eq!(cheapest(&candidates, &variant).unwrap().1, 45, "a hidden pair adds nothing");
        // With 7 in a fourth cell too, 3 and 7 have three places: no set.
        let (variant, mut candidates) = rectangle(&[5], &[8]);
        confine(&mut candidates, &row, &cells(9, "r4c1 r4c2 r4c6"), 3);
        confine(&mut candidates, &row, &cells(9, "r4c1 r4c2 r4c6 r4c9"), 7);
        assert!(UniqueLoops(TechniqueKind::UniqueRectangle3).find(&candidates, &variant).is_none());
    }

    #[test]
    fn type_4_drops_the_digit_that_is_not_locked() {
        let (variant, mut candidates) = rectangle(&[5], &[8]);
        assert!(UniqueLoops(TechniqueKind::UniqueRectangle4).find(&candidates, &variant).is_none());
        let row: Vec<Cell> = (27..36).collect();
        confine(&mut candidates, &row, &cells(9, "r4c1 r4c2"), 3);
        let step = fire(&UniqueLoops(TechniqueKind::UniqueRectangle4), &candidates, &variant);
        assert_eq!(sorted(step.eliminations.clone()), [(at(9, "r4c1"), 7), (at(9, "r4c2"), 7)]);
        assert!(step.explanation.contains("3 lies only in r4c2 and r4c1 in row 4"));
    }

    #[test]
    fn a_loop_of_six_cells_is_priced_above_a_rectangle() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        for cell in cells(9, "r1c1 r1c4 r2c4 r2c7 r3c7") {
            keep(&mut candidates, cell, &[3, 7]);
        }
        keep(&mut candidates, at(9, "r3c1"), &[3, 7, 9]);
        // The corners that would close rectangles on three of them.
        for cell in cells(9, "r2c1 r3c4 r1c7") {
            candidates.eliminate(cell, 3);
        }
        let (step, price) = cheapest(&candidates, &variant).unwrap();
        assert_eq!((step.technique, price), (TechniqueKind::UniqueLoop, 46));
        assert_eq!(step.eliminations, [(at(9, "r3c1"), 3), (at(9, "r3c1"), 7)]);
        assert!(step.explanation.starts_with("unique loop type 1: "));
    }

    #[test]
    fn sizes_and_shapes_follow_the_regions() {
        // 6×6 with 2×3 boxes: r1c1, r1c2, r3c1, r3c2 span boxes 1 and 3.
        let six = Variant::standard(6).unwrap();
        let mut candidates = blank(&six);
        for cell in cells(6, "r1c1 r1c2") {
            keep(&mut candidates, cell, &[1, 2]);
        }
        for cell in cells(6, "r3c1 r3c2") {
            keep(&mut candidates, cell, &[1, 2, 4]);
        }
        let step = fire(&UniqueLoops(TechniqueKind::UniqueRectangle2), &candidates, &six);
        assert!(step.eliminations.contains(&(at(6, "r3c6"), 4)));
        // On an X sudoku a diagonal through one corner alone rules the rectangle out.
        let x = Variant::standard(9).unwrap().with_diagonals().unwrap();
        let mut candidates = blank(&x);
        for cell in cells(9, "r1c1 r1c2") {
            keep(&mut candidates, cell, &[3, 7]);
        }
        for cell in cells(9, "r4c1 r4c2") {
            keep(&mut candidates, cell, &[3, 5, 7]);
        }
        assert!(cheapest(&candidates, &x).is_none());
    }
}
