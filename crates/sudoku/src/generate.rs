//! [`Generator`]: puzzles with exactly one solution. A random full grid comes from a search
//! that tries digits in random order, then clues are removed in random order, a symmetric set
//! at a time, as long as the puzzle stays unique.
//!
//! Below 16×16 the bitmask search does both, and each removal is tested from a board of the
//! current clues kept up to date; from 16×16 up the engine does, on the reusable
//! template.

mod symmetry;

use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use self::symmetry::{Symmetry, UnknownSymmetry};
use crate::propagate::{search::Search, Clues};
use crate::{Cell, Grid, Solver, Template};

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

/// Makes puzzles of one variant, reusing solvers of its template: one draws random full
/// grids, the others check uniqueness.
#[derive(Debug)]
pub struct Generator<'t> {
    template: &'t Template,
    filler: dancer::Solver<'t>,
    checker: Solver<'t>,
    /// The engine behind the removal pass, whose commits are the current clues.
    remover: dancer::Solver<'t>,
    /// Below 16×16: the bitmask search that fills grids and tests removals.
    search: Option<Search>,
}

/// Clues kept since the last rebase of the removal stack, past which it is rebuilt.
const MAX_ON_TOP: usize = 6;

impl<'t> Generator<'t> {
    /// A generator for `template`'s variant.
    pub fn new(template: &'t Template) -> Generator<'t> {
        let problem = template.problem();
        let remover = problem.solver();
        let search = template.tables().map(Search::new);
        let checker = Solver::new(template);
        Generator { template, filler: problem.solver(), checker, remover, search }
    }

    /// A random full grid of the variant, or `None` if the variant has no solution at all.
    /// Below 16×16 the bitmask search fills a blank grid trying digits in random order; from
    /// there up the engine does, with its option lists shuffled.
    pub fn full_grid<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Grid> {
        if let (Some(search), Some(tables)) = (&mut self.search, self.template.tables()) {
            let cells = search.random_fill(tables, &mut |k| rng.random_range(0..k))?;
            return Some(Grid::from_cells(tables.size(), cells));
        }
        self.filler.shuffle(&mut |k| rng.random_range(0..k));
        let template = self.template;
        let grid = self.filler.next_solution().map(|options| template.grid_of(options));
        self.filler.reset();
        grid
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
        let complete_pass = match &mut clues {
            Some(clues) => self.remove_by_masks(clues, &mut puzzle, &orbits, options.clues),
            None => self.remove_pass(&mut puzzle, &solution, &orbits, options.clues),
        };
        let mut minimal = complete_pass && options.symmetry == Symmetry::None;
        if options.minimal && !reached(&puzzle) {
            let mut cells: Vec<usize> = puzzle.givens().map(|(cell, _)| cell).collect();
            shuffle(&mut cells, rng);
            for cell in cells {
                if reached(&puzzle) {
                    break;
                }
                match &mut clues {
                    Some(clues) => {
                        self.remove_by_masks(clues, &mut puzzle, &[vec![cell]], None);
                    }
                    None => {
                        self.try_remove(&mut puzzle, &solution, cell);
                    }
                }
            }
            minimal = !reached(&puzzle) || self.is_minimal(&puzzle);
        }
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

    /// [`remove_by_masks`](Self::remove_by_masks) with the engine (from 16×16 up, or with
    /// more than 64 regions).
    ///
    /// The remover's commits are the current clues: the untested orbits in reverse order, so
    /// the one to test is on top (dancing links undo last-in first-out), with the clues kept
    /// since the last rebase above it, lifted off and put back around each test. A rebase
    /// recommits kept clues under the untested ones; it happens at the next test that needs
    /// the remover once too many clues pile up on top, or once a test settled without it
    /// removed an orbit. This commits a few options per test instead of every clue. Most
    /// tests need no remover at all (see [`quick_verdict`](Self::quick_verdict)).
    fn remove_pass(
        &mut self,
        puzzle: &mut Grid,
        solution: &Grid,
        orbits: &[Vec<Cell>],
        target: Option<usize>,
    ) -> bool {
        let template = self.template;
        let option = |cell: Cell| template.option(cell, solution.get(cell).unwrap_or(1));
        let rebase = |remover: &mut dancer::Solver<'t>, puzzle: &Grid, next: usize| {
            remover.reset();
            let untested: Vec<Cell> = orbits[next..].iter().flatten().copied().collect();
            let kept =
                puzzle.givens().map(|(cell, _)| cell).filter(|cell| !untested.contains(cell));
            let order = kept.chain(untested.iter().rev().copied());
            remover.commit_all(order.map(option)).expect("the clues of a solution never clash");
        };
        let mut on_top: Vec<Cell> = Vec::new();
        // Whether the remover's commits are laid out as described; they go stale when a test
        // settled without it removes an orbit, and are rebuilt when next needed.
        let mut in_order = false;
        for (k, orbit) in orbits.iter().enumerate() {
            if target.is_some_and(|target| puzzle.given_count() <= target) {
                self.remover.reset();
                return false;
            }
            for &cell in orbit {
                puzzle.set(cell, None);
            }
            let verdict = self.quick_verdict(puzzle, solution, orbit);
            let unique = verdict.unwrap_or_else(|| {
                if !in_order {
                    rebase(&mut self.remover, puzzle, k);
                    on_top.clear();
                    in_order = true;
                }
                for _ in 0..on_top.len() + orbit.len() {
                    self.remover.uncommit();
                }
                for &cell in &on_top {
                    self.remover.commit(option(cell)).expect("kept clues fit");
                }
                self.remover.count_up_to(2) == 1
            });
            if unique {
                in_order &= verdict.is_none();
                continue;
            }
            for &cell in orbit {
                puzzle.set(cell, solution.get(cell));
                // After a verdict without the remover the orbit is still committed, just
                // under the clues on top: the next test lifts both off together.
                if verdict.is_none() {
                    self.remover.commit(option(cell)).expect("a clue of the solution fits");
                }
                on_top.push(cell);
            }
            in_order &= on_top.len() <= MAX_ON_TOP;
        }
        self.remover.reset();
        true
    }

    /// Whether `puzzle`, a unique puzzle with solution `solution` from which `removed` were
    /// just taken, is still unique, when that is quick to tell: `None` when the remover must
    /// count.
    ///
    /// With one cell removed, the puzzle stays unique unless it has a solution without the
    /// cell's old digit ([`Solver::has_solution_without`]). With several, the checker's
    /// bitmask search counts to 2 (below 16×16; from there up the remover counts).
    fn quick_verdict(&mut self, puzzle: &Grid, solution: &Grid, removed: &[Cell]) -> Option<bool> {
        if let &[cell] = removed {
            let digit = solution.get(cell)?;
            return Some(!self.checker.has_solution_without(puzzle, cell, digit));
        }
        self.checker.unique_by_masks(puzzle)
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
    use crate::Variant;

    #[test]
    fn generated_puzzles_are_unique_minimal_symmetric_and_reproducible() {
        let template = Template::new(Variant::standard(9).unwrap());
        let mut generator = Generator::new(&template);
        let mut checker = Solver::new(&template);
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
            assert_eq!(Solver::new(&template).count(&made.puzzle, Some(2)).count, 1);
        }
    }
}
