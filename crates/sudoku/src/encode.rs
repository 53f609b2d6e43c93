//! Sudoku as exact cover: a [`Template`] problem per variant, built once and reused for every
//! puzzle of that variant.
//!
//! Items, all primary, in this order (the order decides MRV's ties):
//! 1. one per cell, `r{row}c{col}` ("the cell is filled"), N² of them;
//! 2. one per region and digit, `{region}#{digit}` ("the region has the digit"), N per region,
//!    regions in [`Variant::regions`] order: rows `R1#1`.., columns `C1#1`.., boxes `B1#1`..
//!    (jigsaw pieces `J..`), diagonals `D..`, windows `W..`, extra regions `X..`
//!    ([`RegionKind::letter`](crate::RegionKind::letter)). A model's encoding names its regions
//!    the same way (`model/encode.rs`), so that the blank grid of a variant is one matrix
//!    whichever encodes it.
//!
//! Options: one per (cell, digit), option number `cell * N + digit - 1`, covering the cell's
//! item and the (region, digit) item of every region holding the cell. A classic 9×9 has
//! 81 + 27·9 = 324 items and 729 options of 4 items each.

use std::sync::OnceLock;

use dancer::{OptionId, Problem, ProblemBuilder};

use crate::grid::{Cell, Digit, Grid};
use crate::solve::bitmask::Tables;
use crate::solve::strategy::Backend;
use crate::solve::wide::WideTables;
use crate::variant::Variant;

/// The exact-cover problem of a variant with no givens. Puzzles commit their givens to a
/// solver of this problem rather than building their own.
#[derive(Clone, Debug)]
pub struct Template {
    variant: Variant,
    /// Built on first use: from 16×16 up the searches do not need it, and a 64×64's 262 144
    /// named options took 35 ms to build (`Instant` around `Template::problem`, release).
    problem: OnceLock<Problem>,
    /// For the bitmask search, when it is the one chosen (or, for the classic 9×9, when the
    /// band search hands it an enumeration): built on first use, so that a command solving
    /// one 9×9 does not spend more on these tables than on its search.
    tables: OnceLock<Tables>,
    /// For the wide search, when it is the one chosen.
    wide: Option<WideTables>,
    /// The search chosen for the variant.
    backend: Backend,
}

impl Template {
    /// The template of `variant`: the wide search's tables now when it is the one chosen
    /// ([`Backend::of_variant`]); the bitmask search's tables and the exact-cover problem
    /// when first asked for.
    pub fn new(variant: Variant) -> Template {
        // The band search's tables are constants; it leaves enumeration to the bitmask search.
        let backend = Backend::of_variant(&variant);
        let wide = backend.has_wide_tables().then(|| WideTables::new(&variant));
        Template { variant, problem: OnceLock::new(), tables: OnceLock::new(), wide, backend }
    }

    /// The search that solves the template's puzzles.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The exact-cover problem of `variant`.
    fn encode(variant: &Variant) -> Problem {
        let n = variant.size();
        let mut builder = ProblemBuilder::new();
        for cell in 0..n * n {
            builder.primary(format!("r{}c{}", cell / n + 1, cell % n + 1));
        }
        for region in variant.regions() {
            for digit in 1..=n {
                builder.primary(format!("{}{}#{digit}", region.kind.letter(), region.number));
            }
        }
        let mut items = Vec::new();
        for cell in 0..n * n {
            for digit in 0..n {
                items.clear();
                items.push(dancer::ItemId::new(cell));
                let regions = variant.regions_of(cell).iter();
                items.extend(regions.map(|&r| dancer::ItemId::new(n * n + r as usize * n + digit)));
                builder.option(items.iter().copied());
            }
        }
        // Names are unique and well formed, every option is nonempty with distinct items and
        // no colours, and even 64×64 stays far below u32 nodes: building cannot fail.
        builder.build().expect("a validated variant always encodes")
    }

    /// The variant.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The exact-cover problem, for callers who want the engine directly (built on first
    /// use).
    pub fn problem(&self) -> &Problem {
        self.problem.get_or_init(|| Template::encode(&self.variant))
    }

    pub(crate) fn tables(&self) -> Option<&Tables> {
        (!self.backend.has_wide_tables())
            .then(|| self.tables.get_or_init(|| Tables::new(&self.variant)))
    }

    pub(crate) fn wide(&self) -> Option<&WideTables> {
        self.wide.as_ref()
    }

    /// The option placing `digit` in `cell`.
    pub fn option(&self, cell: Cell, digit: Digit) -> OptionId {
        OptionId::new(cell * self.variant.size() + usize::from(digit) - 1)
    }

    /// The (cell, digit) an option places.
    pub fn placement(&self, option: OptionId) -> (Cell, Digit) {
        let n = self.variant.size();
        (option.index() / n, (option.index() % n + 1) as Digit)
    }

    /// The grid a set of options fills in (cells not placed stay blank).
    pub fn grid_of(&self, options: &[OptionId]) -> Grid {
        let n = self.variant.size();
        let mut cells = vec![0; n * n];
        for &option in options {
            let (cell, digit) = self.placement(option);
            cells[cell] = digit;
        }
        Grid::from_cells(n, cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_numbers() {
        let template = Template::new(Variant::standard(9).unwrap());
        let problem = template.problem();
        assert_eq!(problem.item_count(), 324);
        assert_eq!(problem.primary_count(), 324);
        assert_eq!(problem.option_count(), 729);
        assert!(problem.options().all(|o| o.len() == 4));
        let option = template.option(80, 9);
        assert_eq!(option.index(), 728);
        assert_eq!(template.placement(option), (80, 9));
        assert_eq!(problem.option_names(option), ["r9c9", "R9#9", "C9#9", "B9#9"]);
    }

    #[test]
    fn a_classic_9x9_builds_the_bitmask_tables_only_to_enumerate() {
        let template = Template::new(Variant::standard(9).unwrap());
        let mut solver = crate::solve::GridSolver::new(&template);
        let line =
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
        let puzzle = crate::parse_puzzle(line).unwrap().grid;
        assert!(matches!(solver.solve(&puzzle).verdict, crate::solve::GridVerdict::Solved(_)));
        assert!(matches!(
            solver.solve_unique(&puzzle).verdict,
            crate::solve::GridVerdict::Unique(_)
        ));
        assert!(template.tables.get().is_none(), "the band search solved without them");
        assert_eq!(solver.enumerate(&puzzle).unwrap().count(), 1);
        assert!(template.tables.get().is_some());
        // Below 16×16 but not the classic 9×9: the bitmask search, tables made when asked.
        let x = Template::new(Variant::standard(9).unwrap().with_diagonals().unwrap());
        assert!(x.tables().is_some());
        assert!(Template::new(Variant::standard(16).unwrap()).tables().is_none());
    }
}
