//! [`Generator`]: puzzles with exactly one solution. A random full grid comes from a search
//! that tries digits in random order, then clues are removed in random order, a symmetric set
//! at a time, as long as the puzzle stays unique.
//!
//! Below 16×16 the bitmask search does both, and each removal is tested from a board of the
//! current clues kept up to date. From 16×16 up the wide search draws full grids (from 36×36
//! up, boxed grids are a pattern in disguise) and tests removals: by search within a budget at
//! 16×16, by naked and hidden singles above (`generate/wide.rs`, docs/design.md).

mod symmetry;
mod wide;

use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use self::symmetry::{Symmetry, UnknownSymmetry};
use crate::encode::Template;
use crate::grid::{Cell, Grid};
use crate::logic::LogicSolver;
use crate::solve::bitmask::{search::MaskSearch, Clues};
use crate::solve::wide::{WideClues, WideSearch};
use crate::solve::GridSolver;

/// What to generate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Givens are placed in symmetric sets.
    pub symmetry: Symmetry,
    /// Stop removing clues once the puzzle has at most this many (when reachable).
    pub clues: Option<usize>,
    /// After the symmetric pass, also try removing each remaining clue alone, so that no clue
    /// can be removed (this may break the symmetry).
    pub minimal: bool,
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: exactly one solution.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// How many givens it has.
    pub clues: usize,
    /// Whether no single clue can be removed without losing uniqueness.
    pub minimal: bool,
    /// Whether `Options::clues` was reached (`None` when no target was set).
    pub target_reached: Option<bool>,
}

/// The reproducible random source of puzzle `index` of a run seeded with `seed`: puzzles are
/// the same whatever order or thread makes them.
pub fn rng_for(seed: u64, index: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng
}

/// Makes puzzles of one variant, reusing searches of its template: one draws random full
/// grids and tests removals, the others check uniqueness.
#[derive(Debug)]
pub struct Generator<'t> {
    template: &'t Template,
    checker: GridSolver<'t>,
    /// Below 16×16: the bitmask search that fills grids and tests removals.
    search: Option<MaskSearch>,
    /// From 16×16 up: the wide search that fills grids and tests removals.
    wide: Option<WideSearch>,
    /// From 16×16 up: the deductions for removal tests the wide search alone cannot settle.
    logic: Option<LogicSolver>,
    /// Whether a removal test of the current puzzle ran out of its node budget (from 16×16
    /// up), so that the puzzle cannot be called minimal.
    undecided: bool,
    /// The nodes the removal tests of the current puzzle searched (from 16×16 up).
    spent: u64,
}

impl<'t> Generator<'t> {
    /// A generator for `template`'s variant.
    pub fn new(template: &'t Template) -> Generator<'t> {
        let search = template.tables().map(MaskSearch::new);
        let wide = template.wide().map(WideSearch::new);
        let checker = GridSolver::new(template);
        Generator { template, checker, search, wide, logic: None, undecided: false, spent: 0 }
    }

    /// A random full grid of the variant, or `None` if the variant has no solution at all.
    /// Below 16×16 the bitmask search fills a blank grid trying digits in random order; from
    /// there up the wide search does, or a pattern in disguise from 36×36 up (docs/design.md).
    pub fn full_grid<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Grid> {
        if let (Some(search), Some(tables)) = (&mut self.search, self.template.tables()) {
            let cells = search.random_fill(tables, &mut |k| rng.random_range(0..k))?;
            return Some(Grid::from_cells(tables.size(), cells));
        }
        let tables = self.template.wide().expect("every size has the bitmask or wide search");
        self.wide_full_grid(tables, rng)
    }

    /// A puzzle with exactly one solution, or `None` if the variant has no solution at all.
    pub fn generate<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        options: &Options,
    ) -> Option<Generated> {
        let solution = self.full_grid(rng)?;
        let n = solution.size();
        let mut puzzle = solution.clone();
        let mut orbits = options.symmetry.orbits(n);
        shuffle(&mut orbits, rng);
        let reached =
            |puzzle: &Grid| options.clues.is_some_and(|target| puzzle.given_count() <= target);
        let clues = self.template.tables().and_then(|tables| Clues::new(tables, &solution));
        let mut clues = clues.map(|clues| clues.expect("the digits of a solution never clash"));
        let mut wide = self.template.wide().map(|tables| WideClues::new(tables, &solution));
        (self.undecided, self.spent) = (false, 0);
        let complete_pass = match (&mut clues, &mut wide) {
            (Some(clues), _) => self.remove_by_masks(clues, &mut puzzle, &orbits, options.clues),
            (None, Some(wide)) => self.remove_wide(wide, &mut puzzle, &orbits, options.clues),
            (None, None) => self.remove_pass(&mut puzzle, &solution, &orbits, options.clues),
        };
        let mut minimal = complete_pass && options.symmetry == Symmetry::None;
        if options.minimal && !reached(&puzzle) {
            let mut cells: Vec<usize> = puzzle.givens().map(|(cell, _)| cell).collect();
            shuffle(&mut cells, rng);
            for cell in cells {
                if reached(&puzzle) {
                    break;
                }
                match (&mut clues, &mut wide) {
                    (Some(clues), _) => {
                        self.remove_by_masks(clues, &mut puzzle, &[vec![cell]], None);
                    }
                    (None, Some(wide)) => {
                        self.remove_wide(wide, &mut puzzle, &[vec![cell]], None);
                    }
                    (None, None) => {
                        self.try_remove(&mut puzzle, &solution, cell);
                    }
                }
            }
            minimal = !reached(&puzzle) || self.is_minimal(&puzzle);
        }
        // A clue whose test ran out of budget may be removable after all.
        minimal &= !self.undecided;
        let clues = puzzle.given_count();
        let target_reached = options.clues.map(|target| clues <= target);
        Some(Generated { puzzle, solution, clues, minimal, target_reached })
    }

    /// Tries the orbits in order, removing each whose removal keeps the puzzle unique, until
    /// `target` clues are reached (returns false then) or every orbit was tried (true), with
    /// the bitmask search from the board of the current `clues` (those of `puzzle`).
    ///
    /// A unique puzzle without the cells `c1 … ck` of an orbit has a second solution exactly
    /// when, for some `i`, it has a solution without `ci`'s digit that keeps the digits of
    /// `ci+1 … ck` (take the last cell where the second solution differs). So each cell of the
    /// orbit is taken out in turn and tested alone, as a single clue is: a search for any
    /// solution with the digit ruled out, which settles most tests by its deductions alone.
    fn remove_by_masks(
        &mut self,
        clues: &mut Clues,
        puzzle: &mut Grid,
        orbits: &[Vec<Cell>],
        target: Option<usize>,
    ) -> bool {
        let (Some(search), Some(tables)) = (&mut self.search, self.template.tables()) else {
            unreachable!("clues are kept only with the bitmask search");
        };
        for orbit in orbits {
            if target.is_some_and(|target| puzzle.given_count() <= target) {
                return false;
            }
            let digits: Vec<_> = orbit.iter().map(|&cell| clues.given(cell)).collect();
            let mut removed = 0;
            let unique = orbit.iter().zip(&digits).all(|(&cell, &digit)| {
                let digit = digit.expect("an orbit still in the puzzle is all givens");
                clues.remove(tables, cell);
                removed += 1;
                !search.has_solution_without(tables, clues, cell, digit)
            });
            if unique {
                for &cell in orbit {
                    puzzle.set(cell, None);
                }
            } else {
                for (&cell, &digit) in orbit.iter().zip(&digits).take(removed) {
                    clues.restore(tables, cell, digit.expect("tested above"));
                }
            }
        }
        true
    }

    /// [`remove_by_masks`](Self::remove_by_masks) for variants whose clues the bitmask board
    /// does not keep (below 16×16 with more than 64 regions): each orbit is taken out of
    /// `puzzle` and put back unless the checker finds the puzzle still unique.
    fn remove_pass(
        &mut self,
        puzzle: &mut Grid,
        solution: &Grid,
        orbits: &[Vec<Cell>],
        target: Option<usize>,
    ) -> bool {
        for orbit in orbits {
            if target.is_some_and(|target| puzzle.given_count() <= target) {
                return false;
            }
            for &cell in orbit {
                puzzle.set(cell, None);
            }
            if !self.stays_unique(puzzle, solution, orbit) {
                for &cell in orbit {
                    puzzle.set(cell, solution.get(cell));
                }
            }
        }
        true
    }

    /// Whether `puzzle`, a unique puzzle with solution `solution` from which `removed` were
    /// just taken, is still unique. With one cell removed, the puzzle stays unique unless it
    /// has a solution without the cell's old digit ([`GridSolver::has_solution_without`]); with
    /// several, the checker counts to 2.
    fn stays_unique(&mut self, puzzle: &Grid, solution: &Grid, removed: &[Cell]) -> bool {
        match (removed, removed.first().and_then(|&cell| solution.get(cell))) {
            (&[cell], Some(digit)) => !self.checker.has_solution_without(puzzle, cell, digit),
            _ => self.checker.is_unique(puzzle),
        }
    }

    /// Removes `cell` from `puzzle` if it stays unique; says whether it did.
    fn try_remove(&mut self, puzzle: &mut Grid, solution: &Grid, cell: Cell) -> bool {
        let digit = solution.get(cell).expect("a clue's cell is filled in the solution");
        puzzle.set(cell, None);
        let unique = !self.checker.has_solution_without(puzzle, cell, digit);
        if !unique {
            puzzle.set(cell, Some(digit));
        }
        unique
    }

    /// Whether no single clue of `puzzle` can be removed without losing uniqueness.
    pub fn is_minimal(&mut self, puzzle: &Grid) -> bool {
        let mut probe = puzzle.clone();
        puzzle.givens().all(|(cell, digit)| {
            probe.set(cell, None);
            let needed = self.checker.count(&probe, Some(2)).count > 1;
            probe.set(cell, Some(digit));
            needed
        })
    }
}

fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    for k in (1..items.len()).rev() {
        items.swap(k, rng.random_range(0..=k));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn generated_puzzles_are_unique_minimal_symmetric_and_reproducible() {
        let template = Template::new(Variant::standard(9).unwrap());
        let mut generator = Generator::new(&template);
        let mut checker = GridSolver::new(&template);
        for (index, symmetry) in Symmetry::ALL.into_iter().enumerate() {
            let options = Options { symmetry, ..Options::default() };
            let made = generator.generate(&mut rng_for(7, index as u64), &options).unwrap();
            assert_eq!(checker.count(&made.puzzle, Some(2)).count, 1, "{symmetry}");
            assert!(template.variant().is_solution(&made.solution));
            assert!(made.puzzle.givens().all(|(cell, d)| made.solution.get(cell) == Some(d)));
            for orbit in symmetry.orbits(9) {
                let given = orbit.iter().filter(|&&cell| made.puzzle.get(cell).is_some()).count();
                assert!(given == 0 || given == orbit.len(), "{symmetry}: orbit {orbit:?}");
            }
            let again = generator.generate(&mut rng_for(7, index as u64), &options).unwrap();
            assert_eq!(again, made, "same seed and index, same puzzle");
        }
        let plain = generator.generate(&mut rng_for(1, 0), &Options::default()).unwrap();
        assert!(plain.minimal && generator.is_minimal(&plain.puzzle));
        let strict = Options { symmetry: Symmetry::Rot180, minimal: true, clues: None };
        let made = generator.generate(&mut rng_for(1, 1), &strict).unwrap();
        assert!(made.minimal && generator.is_minimal(&made.puzzle));
    }

    #[test]
    fn a_variant_without_solutions_has_no_full_grid_and_no_puzzle() {
        // A 2×2 latin square has its two equal digits on a diagonal, so with diagonals as
        // regions nothing fits; a 2×2 without them has two grids.
        let none = Template::new(Variant::latin(2).unwrap().with_diagonals().unwrap());
        let mut generator = Generator::new(&none);
        assert_eq!(generator.full_grid(&mut rng_for(3, 0)), None);
        assert_eq!(generator.generate(&mut rng_for(3, 0), &Options::default()), None);
        let two = Template::new(Variant::latin(2).unwrap());
        let grid = Generator::new(&two).full_grid(&mut rng_for(3, 0)).unwrap();
        assert!(two.variant().is_solution(&grid));
    }

    #[test]
    fn a_clue_target_stops_early_or_says_it_was_not_reached() {
        let template = Template::new(Variant::standard(9).unwrap());
        let mut generator = Generator::new(&template);
        let easy = Options { clues: Some(40), ..Options::default() };
        let made = generator.generate(&mut rng_for(3, 0), &easy).unwrap();
        assert_eq!((made.clues, made.target_reached), (40, Some(true)));
        let impossible = Options { clues: Some(10), ..Options::default() };
        let made = generator.generate(&mut rng_for(3, 1), &impossible).unwrap();
        assert!(made.clues > 16 && made.target_reached == Some(false));
    }

    #[test]
    fn other_sizes_and_variants_generate() {
        for variant in [
            Variant::standard(4).unwrap(),
            Variant::standard(6).unwrap(),
            Variant::standard(9).unwrap().with_diagonals().unwrap(),
            Variant::standard(16).unwrap(),
        ] {
            let template = Template::new(variant);
            let made = Generator::new(&template)
                .generate(&mut rng_for(5, 0), &Options::default())
                .unwrap();
            assert_eq!(GridSolver::new(&template).count(&made.puzzle, Some(2)).count, 1);
        }
    }
}
