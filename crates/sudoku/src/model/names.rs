//! Regions, cages and relations named as a person sees them on the grid — `row 3`, `column
//! 5`, `box 9`, `the main diagonal`, `the piece at r4c1`, `the cage of 15 at r2c3` (where its
//! sum is drawn), `r4c3 < r4c4` — rather than by their place in the model's lists, which no
//! picture shows. The checker's sentences and the game's hints use these names.

use super::{Model, RelationKind};
use crate::grid::Cell;
use crate::variant::RegionKind;

impl Model {
    /// Region `k` as a person finds it on the grid: a row or a column by its number (with
    /// its columns or rows when it is part of one, as in a multi-grid), a box of a grid tiled
    /// by boxes by its number in reading order, a diagonal, or any other region by its kind
    /// and its first cell.
    ///
    /// ```
    /// use dancer_sudoku::{Model, Variant};
    ///
    /// let model = Model::from_variant(&Variant::standard(9)?.with_diagonals()?);
    /// let names: Vec<String> = (0..model.regions.len()).map(|k| model.region_name(k)).collect();
    /// assert_eq!([&names[0], &names[9], &names[26], &names[27]], ["row 1", "column 1", "box 9", "the main diagonal"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// When `k` is not a region of the model.
    pub fn region_name(&self, k: usize) -> String {
        let mut cells = self.regions[k].clone();
        cells.sort_unstable();
        let w = self.width.max(1);
        let (Some(&first), Some(&last)) = (cells.first(), cells.last()) else {
            return format!("region {}", k + 1);
        };
        let (top, bottom) = (first / w, last / w);
        let (left, right) = cells.iter().fold((w, 0), |(l, r), &c| (l.min(c % w), r.max(c % w)));
        let at = self.cell_name(first);
        if top == bottom {
            let whole = cells.len() == (0..w).filter(|&c| self.used[top * w + c]).count();
            return if whole {
                format!("row {}", top + 1)
            } else {
                format!("row {} (c{}-c{})", top + 1, left + 1, right + 1)
            };
        }
        if left == right {
            let h = self.height;
            let whole = cells.len() == (0..h).filter(|&r| self.used[r * w + left]).count();
            return if whole {
                format!("column {}", left + 1)
            } else {
                format!("column {} (r{}-r{})", left + 1, top + 1, bottom + 1)
            };
        }
        let steps = |step: usize| cells.windows(2).all(|pair| pair[1] == pair[0] + step);
        if steps(w + 1) || steps(w - 1) {
            let one = self.width == self.height && cells.len() == w;
            return match (one, steps(w + 1)) {
                (true, true) => "the main diagonal".to_owned(),
                (true, false) => "the anti-diagonal".to_owned(),
                (false, _) => format!("the diagonal {at}-{}", self.cell_name(last)),
            };
        }
        let (rows, cols) = (bottom - top + 1, right - left + 1);
        let block = rows * cols == cells.len();
        let kind = self.region_kinds().get(k).copied().unwrap_or(RegionKind::Extra);
        match kind {
            RegionKind::Box if block && self.tiled_by(rows, cols, top, left) => {
                format!("box {}", top / rows * (w / cols) + left / cols + 1)
            }
            RegionKind::Box => format!("the box at {at}"),
            RegionKind::Piece => format!("the piece at {at}"),
            RegionKind::Window => format!("the window at {at}"),
            _ if block => format!("the box at {at}"),
            RegionKind::Extra if self.used.iter().all(|&used| used) => {
                format!("the extra region at {at}")
            }
            _ => format!("the region at {at}"),
        }
    }

    /// Whether the whole rectangle is used and tiled by boxes of `rows` × `cols` cells, one of
    /// which starts at row `top`, column `left`.
    fn tiled_by(&self, rows: usize, cols: usize, top: usize, left: usize) -> bool {
        self.used.iter().all(|&used| used)
            && self.height.is_multiple_of(rows)
            && self.width.is_multiple_of(cols)
            && top.is_multiple_of(rows)
            && left.is_multiple_of(cols)
    }

    /// Cage `k` by its sum and the cell that carries it, as drawn (`the cage of 15 at r2c3`;
    /// `the cage at r2c3` without a sum).
    ///
    /// # Panics
    /// When `k` is not a cage of the model.
    pub fn cage_name(&self, k: usize) -> String {
        let cage = &self.cages[k];
        let head: Cell = cage.cells.iter().copied().min().unwrap_or(0);
        match cage.sum {
            Some(sum) => format!("the cage of {sum} at {}", self.cell_name(head)),
            None => format!("the cage at {}", self.cell_name(head)),
        }
    }

    /// Relation `k` as the grid shows it: the sign between its cells' names (`r4c3 < r4c4`,
    /// `r1c1 consecutive with r1c2`, `r2c5 adds to 10 with r3c5`), or the dot between them
    /// (`the black dot between r1c1 and r1c2`; `the black dot of 1:3 ...` for a ratio of 3).
    ///
    /// # Panics
    /// When `k` is not a relation of the model.
    pub fn relation_name(&self, k: usize) -> String {
        let relation = self.relations[k];
        let (a, b) = (self.cell_name(relation.a), self.cell_name(relation.b));
        match relation.kind {
            RelationKind::Less => format!("{a} < {b}"),
            RelationKind::Consecutive => format!("{a} consecutive with {b}"),
            RelationKind::NotConsecutive => format!("{a} not consecutive with {b}"),
            RelationKind::Difference(k) => format!("{a} differs by {k} from {b}"),
            RelationKind::Sum(k) => format!("{a} adds to {k} with {b}"),
            RelationKind::Ratio(2) => format!("the black dot between {a} and {b}"),
            RelationKind::Ratio(k) => format!("the black dot of 1:{k} between {a} and {b}"),
            RelationKind::Different => format!("{a} different from {b}"),
            RelationKind::NotDifference(k) => format!("{a} not differing by {k} from {b}"),
            RelationKind::NotSum(k) => format!("{a} not adding to {k} with {b}"),
            RelationKind::NotRatio(2) => format!("{a} neither half nor double {b}"),
            RelationKind::NotRatio(k) => format!("{a} not in the ratio 1:{k} with {b}"),
            RelationKind::Equal => format!("{a} equal to {b}"),
            RelationKind::Apart(k) => format!("{a} at least {k} apart from {b}"),
            RelationKind::AtMost => format!("{a} <= {b}"),
            RelationKind::Indexes(index, value) => format!("{a} = {index} sending {value} to {b}"),
        }
    }

    /// Line `k` by its kind and its first cell (`the arrow at r1c1`, `the sandwich 12 at
    /// r1c1`).
    ///
    /// # Panics
    /// When `k` is not a line of the model.
    pub fn line_name(&self, k: usize) -> String {
        let line = &self.lines[k];
        let first = line.cells.first().map_or_else(String::new, |&c| self.cell_name(c));
        format!("the {} at {first}", line.kind)
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{Cage, Model};
    use crate::variant::Variant;

    fn names(model: &Model) -> Vec<String> {
        (0..model.regions.len()).map(|k| model.region_name(k)).collect()
    }

    #[test]
    fn rows_columns_and_boxes_are_numbered_as_on_the_grid() {
        let model = Model::from_variant(&Variant::standard(9).unwrap());
        let nine = names(&model);
        assert_eq!(nine[..3], ["row 1", "row 2", "row 3"]);
        assert_eq!(nine[9..11], ["column 1", "column 2"]);
        // Box 1 is the 19th region of the list; box 9 the 27th.
        let boxes: Vec<String> = (1..=9).map(|b| format!("box {b}")).collect();
        assert_eq!(nine[18..27], boxes);
        let six = Model::from_variant(&Variant::standard(6).unwrap());
        assert_eq!(names(&six)[12..], ["box 1", "box 2", "box 3", "box 4", "box 5", "box 6"]);
    }

    #[test]
    fn pieces_windows_and_cages_are_named_by_a_cell() {
        let layout = "aaabccccc aaabbbccc addddbbbc aadeeeebb ddddeffff ggeeeefhh igggffffh \
                      iiiggghhh iiiiighhh";
        let jigsaw = Model::from_variant(&Variant::jigsaw(9, layout).unwrap());
        assert_eq!(names(&jigsaw)[18..20], ["the piece at r1c1", "the piece at r1c4"]);
        let hyper = Model::from_variant(&Variant::standard(9).unwrap().with_hyper().unwrap());
        assert_eq!(names(&hyper)[27], "the window at r2c2");
        let mut killer = Model::from_variant(&Variant::standard(4).unwrap());
        killer.cages.push(Cage { cells: vec![5, 1, 2], sum: Some(7) });
        killer.cages.push(Cage { cells: vec![15], sum: None });
        assert_eq!(killer.cage_name(0), "the cage of 7 at r1c2");
        assert_eq!(killer.cage_name(1), "the cage at r4c4");
    }

    #[test]
    fn the_rows_of_a_multi_grid_say_which_part() {
        let mut model = Model::from_variant(&Variant::standard(4).unwrap());
        model.width = 6;
        model.height = 4;
        model.used = (0..24).map(|c| c % 6 < 4).collect();
        model.regions = vec![vec![0, 1, 2, 3], vec![6, 7], vec![0, 6, 12, 18], vec![0, 1, 6, 7]];
        assert_eq!(names(&model), ["row 1", "row 2 (c1-c2)", "column 1", "the box at r1c1"]);
    }
}
