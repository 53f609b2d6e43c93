//! Which cells see each other (no two of them may hold the same digit), and the eliminations
//! it allows: a placed digit leaves every cell that sees it, before any rule runs
//! ([`PropBoard::exclude`]), and a digit that must go in one of some cells leaves every cell
//! that sees them all ([`PropBoard::seen_by_all`]).
//!
//! Why peers and not only the groups that hold all the places: a renban bent across a row and
//! a box needs a digit whose places lie in both, in no one group, while the cells that see
//! them all still lose it, as ISS's required-value exclusions find. `HARD_RENBAN`'s third took
//! 48 746 nodes by groups, 4 367 by peers (docs/propagation.md).

use super::board::PropBoard;
use super::{PropTables, Rule};
use crate::grid::Cell;
use crate::solve::kit::Contradiction;

impl PropTables {
    /// Fills `peers`: cells of a group (a region, a cage) or of a renban see each other, and
    /// so do the two cells of a relation that never allows one digit in both.
    pub(super) fn index_peers(&mut self) {
        let words = self.cells.div_ceil(64);
        let mut peers = vec![0u64; words * self.cells];
        let mut link = |a: Cell, b: Cell| {
            if a != b {
                peers[a * words + b / 64] |= 1 << (b % 64);
                peers[b * words + a / 64] |= 1 << (a % 64);
            }
        };
        for rule in &self.rules {
            match rule {
                Rule::Group { cells, .. } | Rule::Renban { cells, .. } => {
                    let cells = self.cells_of(cells);
                    for (at, &a) in cells.iter().enumerate() {
                        for &b in &cells[at + 1..] {
                            link(a, b);
                        }
                    }
                }
                Rule::Pair { a, b, table } if self.never_equal(*table) => {
                    link(*a as usize, *b as usize);
                }
                _ => {}
            }
        }
        (self.peers, self.peer_words) = (peers, words);
    }

    /// Whether the relation table at `table` never allows one digit in both cells.
    fn never_equal(&self, table: u32) -> bool {
        let forward = &self.pairs[table as usize..table as usize + self.n];
        forward.iter().enumerate().all(|(digit, &allowed)| allowed >> digit & 1 == 0)
    }

    /// Whether the relation table at `table` allows any two different digits and no digit
    /// twice: then all it does is keep its cells apart, which their peers do, and it need
    /// not run.
    pub(super) fn only_apart(&self, table: u32) -> bool {
        let forward = &self.pairs[table as usize..table as usize + self.n];
        let all = if self.n >= 64 { u64::MAX } else { (1 << self.n) - 1 };
        forward.iter().enumerate().all(|(digit, &allowed)| allowed & all == all & !(1 << digit))
    }

    /// The cells that `cell` sees, one bit each, in words of 64 cells.
    pub(super) fn peers_of(&self, cell: Cell) -> &[u64] {
        &self.peers[cell * self.peer_words..(cell + 1) * self.peer_words]
    }
}

impl PropBoard {
    /// `cell`'s one digit leaves every cell that sees it. This runs for each cell placed
    /// before any rule does (ISS's order: a placement's exclusions first), so that the groups
    /// run once on what a wave of placements leaves rather than once a placement.
    pub(super) fn exclude(&mut self, tables: &PropTables, cell: Cell) -> Step {
        let digit = self.masks[cell];
        for (word, &seen) in tables.peers_of(cell).iter().enumerate() {
            let mut seen = seen;
            while seen != 0 {
                let other = word * 64 + seen.trailing_zeros() as usize;
                seen &= seen - 1;
                if self.masks[other] & digit != 0 && self.restrict(tables, other, !digit).is_err() {
                    self.blame(tables, cell, other);
                    return Err(Contradiction);
                }
            }
        }
        Ok(())
    }

    /// Charges a contradiction between peers `a` and `b` to every rule that makes them peers
    /// (a row and a box, say), as if they had found it, for the branching's weights. Charging
    /// the first alone cost MATHEMAGIC's first five 3.28 M nodes against 1.79 M
    /// (docs/PERFORMANCE.md).
    fn blame(&mut self, tables: &PropTables, a: Cell, b: Cell) {
        let links = |id: &&u32| match &tables.rules[**id as usize] {
            Rule::Group { cells, .. } | Rule::Renban { cells, .. } => {
                tables.cells_of(cells).contains(&a)
            }
            Rule::Pair { a: x, b: y, .. } => {
                [*x as usize, *y as usize] == [a, b] || [*x as usize, *y as usize] == [b, a]
            }
            _ => false,
        };
        for &id in tables.watchers(b).iter().filter(links) {
            self.bump(tables, id);
        }
    }

    /// `digit` (a mask of one bit) must go in one of `cells` (every filling of their rule has
    /// it, and it has more than one place there): every cell that sees all its places loses
    /// it.
    pub(super) fn seen_by_all(&mut self, tables: &PropTables, cells: &[Cell], digit: u64) -> Step {
        for word in 0..tables.peer_words {
            let mut common = u64::MAX;
            for &cell in cells {
                if self.masks[cell] & digit != 0 {
                    common &= tables.peers_of(cell)[word];
                }
            }
            while common != 0 {
                let other = word * 64 + common.trailing_zeros() as usize;
                common &= common - 1;
                if self.masks[other] & digit != 0 {
                    self.restrict(tables, other, !digit)?;
                }
            }
        }
        Ok(())
    }
}

type Step = Result<(), Contradiction>;

#[cfg(test)]
mod tests {
    use super::super::board::PropBoard;
    use super::super::{PropTables, Rule};
    use crate::model::{Line, LineKind, Model, Relation, RelationKind};
    use crate::variant::Variant;

    /// The cell of row `r`, column `c` (from 1) of a 9×9.
    fn at(r: usize, c: usize) -> usize {
        (r - 1) * 9 + c - 1
    }

    fn board(model: &Model, masks: &[(usize, u64)]) -> (PropTables, PropBoard) {
        let tables = PropTables::new(model).unwrap();
        let mut board = PropBoard::new(&tables);
        let mut all = vec![0x1ff; 81];
        for &(cell, mask) in masks {
            all[cell] = mask;
        }
        board.load(&tables, &all);
        (tables, board)
    }

    /// The cells that lost `digit`.
    fn lost(board: &PropBoard, digit: u64) -> Vec<usize> {
        (0..81).filter(|&cell| board.masks[cell] & digit == 0).collect()
    }

    #[test]
    fn a_digit_leaves_the_cells_that_see_all_its_places() {
        let model = Model::from_variant(&Variant::standard(9).unwrap());
        let (tables, mut board) = board(&model, &[]);
        board.seen_by_all(&tables, &[at(1, 1), at(2, 4), at(5, 5)], 1 << 4).unwrap();
        // Of the cells that see r1c1 and r2c4, only r1c5 sees r5c5 too.
        assert_eq!(lost(&board, 1 << 4), [at(1, 5)]);
        // r1c1 and r2c4 are seen together by r1c4-6 (row 1, box 2) and r2c1-3 (row 2, box 1).
        let (tables, mut board) = super::tests::board(&model, &[]);
        board.seen_by_all(&tables, &[at(1, 1), at(2, 4)], 1 << 4).unwrap();
        let seen = [at(1, 4), at(1, 5), at(1, 6), at(2, 1), at(2, 2), at(2, 3)];
        assert_eq!(lost(&board, 1 << 4), seen);
    }

    #[test]
    fn a_renban_s_digit_leaves_the_cells_that_see_its_places_in_no_one_group() {
        // r1c3, r1c4, r2c4 on a renban, the middle one a 2, the others 1 or 3: the run is
        // 1-2-3, so 1 and 3 are both at r1c3 and r2c4, which share no row, column or box.
        let mut model = Model::from_variant(&Variant::standard(9).unwrap());
        let line = vec![at(1, 3), at(1, 4), at(2, 4)];
        model.lines.push(Line { kind: LineKind::Renban, cells: line.clone() });
        let ends = 0b101;
        let (tables, mut board) =
            board(&model, &[(at(1, 3), ends), (at(1, 4), 0b10), (at(2, 4), ends)]);
        board.renban(&tables, &line).unwrap();
        let seen = [at(1, 5), at(1, 6), at(2, 1), at(2, 2), at(2, 3)];
        for digit in [0b1, 0b100] {
            let off: Vec<usize> =
                lost(&board, digit).into_iter().filter(|c| !line.contains(c)).collect();
            assert_eq!(off, seen, "digit mask {digit:#b}");
        }
    }

    #[test]
    fn a_placed_digit_leaves_its_peers_and_a_clash_charges_the_rules_that_make_them_peers() {
        // An anti-knight pair r1c3-r2c5 (a relation that only keeps them apart) makes them
        // peers: the pair itself never runs, and r1c3's 5 leaves r2c5 all the same.
        let mut model = Model::from_variant(&Variant::standard(9).unwrap());
        let kind = RelationKind::Different;
        model.relations.push(Relation { a: at(1, 3), b: at(2, 5), kind });
        let five = 1 << 4;
        let (tables, mut board) = board(&model, &[(at(1, 3), five)]);
        let pair = (tables.watchers(at(2, 5)).iter().copied())
            .find(|&id| matches!(tables.rules[id as usize], Rule::Pair { .. }))
            .expect("the pair reads r2c5");
        assert!(!tables.queued_ids(at(2, 5)).contains(&pair));
        board.propagate(&tables, &mut Vec::new()).unwrap();
        let mut seen: Vec<usize> = (1..=9).flat_map(|i| [at(1, i), at(i, 3)]).collect();
        seen.extend([at(2, 1), at(2, 2), at(3, 1), at(3, 2), at(2, 5)]);
        seen.retain(|&c| c != at(1, 3));
        seen.sort_unstable();
        seen.dedup();
        let off: Vec<usize> = lost(&board, five).into_iter().filter(|&c| c != at(1, 3)).collect();
        assert_eq!(off, seen);

        // Two 5s in row 1 and box 1: the second's exclusion empties the first, and both the
        // row's and the box's weights (not the column's) count the contradiction.
        let (tables, mut board) =
            super::tests::board(&model, &[(at(1, 1), five), (at(1, 2), five)]);
        let before = board.weights.clone();
        assert!(board.propagate(&tables, &mut Vec::new()).is_err());
        let charged: Vec<usize> =
            (0..before.len()).filter(|&id| board.weights[id] > before[id]).collect();
        let groups: Vec<usize> = tables.groups_of(at(1, 1)).iter().map(|&id| id as usize).collect();
        let shared: Vec<usize> = groups
            .into_iter()
            .filter(|id| tables.groups_of(at(1, 2)).contains(&(*id as u32)))
            .collect();
        assert_eq!(shared.len(), 2);
        assert_eq!(charged, shared);
    }
}
