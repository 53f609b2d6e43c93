//! The generator from 16×16 up: full grids from the variant's reference solution under a
//! random symmetry, and clue removals tested by the wide search within a node budget.

use rand::Rng;

use super::Generator;
use crate::grid::{Cell, Digit, Grid};
use crate::solve::strategy::sound_logic;
use crate::solve::wide::{WideClues, WideTables};
use crate::transform::Transform;
use crate::variant::Variant;

/// The candidates that the removal tests of one puzzle may eliminate in all, below their
/// roots (a measure of work, see [`WideSearch::has_solution_without`]), and the most one
/// test may take of them. Once they are spent, each test gets [`TEST_FLOOR`]. A test that
/// runs out leaves its clue in: the puzzle stays unique, but may not be minimal (and says so).
///
/// Why a budget: from 20×20 up, ruling out the last few hundred clues takes searches of
/// millions of nodes each (a second solution must be proved absent, on a grid too sparse for
/// singles), and generating took minutes to hours. Below that, and for most tests at every
/// size, the deductions at the root settle a test, or a few dozen nodes do.
///
/// [`WideSearch::has_solution_without`]: crate::solve::wide::WideSearch::has_solution_without
pub(crate) const TEST_ALLOWANCE: u64 = 1 << 26;
/// See [`TEST_ALLOWANCE`].
pub(crate) const TEST_UPDATES: u64 = 1 << 22;
/// See [`TEST_ALLOWANCE`].
pub(crate) const TEST_FLOOR: u64 = 1 << 12;

/// Above 16×16 a clue is taken out only when the puzzle stays solvable by naked and hidden
/// singles alone, which a copy of the board and one pass of deductions tell, with no search.
///
/// Why: removal tests by search either ran out of budget on most of the last clues (from
/// 20×20 up) or let through puzzles that sit where search is hardest (about half the cells
/// blank): our own solver then took minutes on some 49×49 and 64×64 puzzles of our own
/// generator. Puzzles solvable by singles are solved at once and proved unique by the same
/// deductions. Clues left (`sudoku generate --size S -n 4 --seed 1`): 2 212 to 2 229 at
/// 64×64 and 155 to 166 at 20×20, against about 2 340 and 162 from the budgeted tests (a
/// build of theirs, no longer in the tree).
pub(crate) const SINGLES_FROM: usize = 17;

/// From this size up, plain boxed variants and Latin squares take their full grids from the
/// reference solution in disguise, so that all of them are one grid up to symmetry.
///
/// Why: on a build that filled by search at every size, `sudoku generate --size S -n 10
/// --seed 5 --clues 100000` (grids, nearly no removals) took 0.04 s at 25×25, 0.10 s at
/// 32×32 and 1.1 s at 35×35, and `--seed 3` at 36×36 had not finished after 120 s. Below
/// this size every grid is drawn by search, so that puzzles do not all share one solution
/// pattern.
pub(crate) const PATTERN_FROM: usize = 36;

/// A random number below `bound`, from the generator's random source (whatever its API, a
/// 64-bit word is always there): the high half of the product, which is unbiased enough for
/// bounds of at most 64.
fn below<R: Rng + ?Sized>(rng: &mut R, bound: usize) -> usize {
    ((u128::from(rng.next_u64()) * bound as u128) >> 64) as usize
}

impl Generator<'_> {
    /// A random full grid from 16×16 up.
    ///
    /// Below [`PATTERN_FROM`], and for variants without a reference at every size: the
    /// search with its choices in random order, restarted with a fresh order and twice the
    /// budget each time it runs out (it may take long for big jigsaw or extra-region
    /// variants). From there up, plain boxed variants and Latin squares: the reference
    /// solution under a uniformly random element of the validity-preserving group (relabelled
    /// digits, rows within bands, bands, columns within stacks, stacks, and a transposition
    /// for square boxes); variants with extra regions that a reference fits (X-sudoku): the
    /// reference relabelled and turned (see [`disguised`]).
    pub(super) fn wide_full_grid<R: Rng + ?Sized>(
        &mut self,
        tables: &WideTables,
        rng: &mut R,
    ) -> Option<Grid> {
        let variant = self.template.variant();
        let n = variant.size();
        if let (true, Some(reference)) = (n >= PATTERN_FROM, tables.reference_grid()) {
            let grid = match tables.reference_shape() {
                Some((rows, cols)) => Transform::random(rng, n, rows, cols).apply(&reference),
                None => disguised(variant, &reference, rng),
            };
            debug_assert!(variant.is_solution(&grid));
            return Some(grid);
        }
        let search = self.wide.as_mut().expect("the wide search comes with its tables");
        let mut budget = 4 * (n * n) as u64;
        loop {
            match search.random_fill(tables, budget, &mut |bound| below(rng, bound)) {
                Ok(found) => return found.map(|digits| Grid::from_cells(n, digits)),
                Err(()) => budget = budget.saturating_mul(2),
            }
        }
    }

    /// [`remove_by_masks`](Self::remove_by_masks) from 16×16 up: tries the orbits in order,
    /// removing each whose removal keeps the puzzle unique, until `target` clues are reached
    /// (returns false then) or every orbit was tried (true), from the board of the current
    /// `clues`. At 16×16 each cell is tested by search within the budgets of
    /// [`TEST_ALLOWANCE`]; above, an orbit goes when singles still solve the puzzle
    /// ([`SINGLES_FROM`]). An orbit that stays for want of budget, or because singles no
    /// longer solve the puzzle, sets [`undecided`](Generator::undecided): it might have been
    /// removable.
    pub(super) fn remove_wide(
        &mut self,
        clues: &mut WideClues,
        puzzle: &mut Grid,
        orbits: &[Vec<Cell>],
        target: Option<usize>,
    ) -> bool {
        let tables = self.template.wide().expect("clues are kept only with the wide search");
        for orbit in orbits {
            if target.is_some_and(|target| puzzle.given_count() <= target) {
                return false;
            }
            let digits: Vec<_> = orbit.iter().map(|&cell| clues.given(cell)).collect();
            let removed = if tables.size() >= SINGLES_FROM {
                self.remove_by_singles(tables, clues, orbit)
            } else {
                self.remove_by_search(tables, clues, orbit, &digits)
            };
            match removed {
                Ok(()) => orbit.iter().for_each(|&cell| puzzle.set(cell, None)),
                Err(out) => {
                    for (&cell, &digit) in orbit.iter().zip(&digits).take(out) {
                        let digit = digit.expect("an orbit still in the puzzle is all givens");
                        clues.restore(tables, cell, digit);
                    }
                }
            }
        }
        true
    }

    /// Takes `orbit` out of `clues`: `Ok` when singles still solve the puzzle, else `Err`
    /// with the number of cells taken out, to be put back.
    fn remove_by_singles(
        &mut self,
        tables: &WideTables,
        clues: &mut WideClues,
        orbit: &[Cell],
    ) -> Result<(), usize> {
        for &cell in orbit {
            clues.remove(tables, cell);
        }
        let search = self.wide.as_mut().expect("the wide search comes with its tables");
        let solved = search.solved_by_singles(tables, clues);
        self.undecided |= !solved;
        if solved {
            Ok(())
        } else {
            Err(orbit.len())
        }
    }

    /// Takes the cells of `orbit` out of `clues` one at a time, each tested alone (see
    /// [`remove_by_masks`](Self::remove_by_masks)): `Ok` when the puzzle stays unique without
    /// all of them, else `Err` with the number of cells taken out, to be put back.
    fn remove_by_search(
        &mut self,
        tables: &WideTables,
        clues: &mut WideClues,
        orbit: &[Cell],
        digits: &[Option<Digit>],
    ) -> Result<(), usize> {
        let search = self.wide.as_mut().expect("the wide search comes with its tables");
        let logic = self.logic.get_or_insert_with(|| sound_logic(self.template.variant()));
        for (k, (&cell, &digit)) in orbit.iter().zip(digits).enumerate() {
            let digit = digit.expect("an orbit still in the puzzle is all givens");
            clues.remove(tables, cell);
            let left = TEST_ALLOWANCE.saturating_sub(self.spent);
            let budget = if left == 0 { TEST_FLOOR } else { TEST_UPDATES.min(left) };
            let test = (cell, digit);
            let mut found = search.has_solution_without(tables, clues, test, budget, None);
            self.spent += search.updates();
            if found.is_none() && left > budget {
                // The logical solver's deductions often settle what singles could not, at
                // the price of a pass over the whole grid.
                let path = logic.solve(&clues.grid(tables)).ok();
                let end = path.as_ref().map(|path| &path.end);
                found = search.has_solution_without(tables, clues, test, budget, end);
                self.spent += search.updates();
            }
            self.undecided |= found.is_none();
            if found != Some(false) {
                return Err(k + 1);
            }
        }
        Ok(())
    }
}

/// `reference`, a solution of `variant` with extra regions, with its digits relabelled at
/// random and turned by a random symmetry of the square when that keeps the variant's rules
/// (it keeps diagonals): a relabelling keeps every all-different region, rows, columns and
/// boxes are kept by the square's symmetries when boxes are square, and an extra region
/// either is kept or the turn is dropped.
///
/// Why not random fills by search: a blank 49×49 or 64×64 X-sudoku was not filled in a
/// minute.
fn disguised<R: Rng + ?Sized>(variant: &Variant, reference: &Grid, rng: &mut R) -> Grid {
    let n = variant.size();
    let (rows, cols) = variant.box_shape().unwrap_or((1, n));
    let mut labels: Vec<Digit> = (1..=n).map(|d| Digit::try_from(d).expect("n <= 64")).collect();
    for k in (1..n).rev() {
        labels.swap(k, below(rng, k + 1));
    }
    let relabelled = Transform::relabel(n, rows, cols, &labels).apply(reference);
    // Quarter turns and transpositions need square boxes; the others keep any.
    let mut turns: Vec<fn(usize, usize, usize) -> Transform> =
        vec![Transform::rotate180, Transform::mirror_horizontal, Transform::mirror_vertical];
    if rows == cols {
        turns.extend([Transform::rotate90, Transform::transpose, Transform::antitranspose]);
    }
    // One more than the turns: no turn at all.
    let pick = below(rng, turns.len() + 1);
    let turned = turns.get(pick).map(|turn| turn(n, rows, cols).apply(&relabelled));
    turned.filter(|grid| variant.is_solution(grid)).unwrap_or(relabelled)
}
