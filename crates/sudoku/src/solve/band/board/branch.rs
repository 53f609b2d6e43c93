//! Where the band search branches: on how a digit fills a band (its minirows, one of the six
//! permutations of rows onto boxes) or a stack (its minicolumns, bands onto columns), in the
//! band or stack with the fewest permutations left over all digits, for the digit there with
//! the fewest (two, nearly always). One such branch places a digit in three boxes at once, and
//! its other side is as strong; tdoku branches so (learnt from its `solver_dpll_triad_simd.cc`:
//! a band's "configurations"). Measured against a cell of two candidates where such cells crowd
//! (with the triads): first 1 000 forum-hardest puzzles, first solution, 86.7 nodes a puzzle
//! with bands alone, 70.0 with stacks too.

use super::super::tables::{FITTING, FITTING_COUNT, PERMUTATIONS, PERMUTATION_CELLS};
use super::{BandBoard, Fact, WORDS};

/// A branch point: what is chosen and the choices, bit `i` for choice `i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(in super::super) struct Branch {
    /// Below [`STACKS`]: the permutations of word `target`; below [`CELLS`], those of digit
    /// `(target - STACKS) / 3 + 1` in stack `(target - STACKS) % 3`; from [`CELLS`] up, the
    /// digits of cell `target - CELLS`.
    pub(super) target: u32,
    /// The choices left: permutations (indices into [`PERMUTATIONS`]) or digits (bit `d` for
    /// digit `d + 1`).
    pub(in super::super) choices: u32,
}

/// A digit's columns in a stack, from its possible columns in each band (9 bits each): bit
/// `3 b + c` for the stack's column `c` in band `b`, the pattern [`FITTING`] takes.
#[inline]
fn stack_pattern(columns: [u32; 3], stack: usize) -> usize {
    (stacks(columns) >> (9 * stack) & 0x1FF) as usize
}

/// The three stacks' patterns of [`stack_pattern`] at once, stack `s` at bit `9 s`: each band's
/// columns spread by a table, so that a choice over all digits and stacks does not gather
/// three bits at a time.
#[inline]
pub(super) fn stacks(columns: [u32; 3]) -> u32 {
    SPREAD[columns[0] as usize & 0x1FF]
        | SPREAD[columns[1] as usize & 0x1FF] << 3
        | SPREAD[columns[2] as usize & 0x1FF] << 6
}

/// Nine columns, column `3 s + c` moved to bit `9 s + c`.
static SPREAD: [u32; 512] = {
    let mut table = [0; 512];
    let mut columns = 0;
    while columns < 512 {
        let c = columns as u32;
        table[columns] = c & 0o7 | (c & 0o70) << 6 | (c & 0o700) << 12;
        columns += 1;
    }
    table
};

/// The first stack target.
const STACKS: u32 = 27;
/// The first cell target.
pub(super) const CELLS: u32 = 54;

impl Branch {
    /// The same branch point without its lowest choice.
    pub(in super::super) fn rest(self) -> Branch {
        Branch { target: self.target, choices: self.choices & (self.choices - 1) }
    }
}

impl BandBoard {
    /// Where to branch on a settled board that is not solved (see the module documentation).
    /// Ties go to the first band, then the first stack, and to the lowest digit.
    pub(in super::super) fn branch(&self) -> Branch {
        // First per band, then stack: the permutations of all digits, and whether a digit
        // has two or more (`count >> 1` is not zero); the fewest is then looked for in the
        // chosen unit alone (measured: looking for it in all six was a sixth of the search
        // by permutations).
        let (mut totals, mut open) = ([0; 6], [0; 6]);
        for digit in 0..9 {
            let mut columns = [0; 3];
            for band in 0..3 {
                let facts = self.facts[3 * digit + band];
                let count = Fact::Permutations.of(facts);
                totals[band] += count;
                open[band] |= count >> 1;
                columns[band] = Fact::PossibleColumns.of(facts);
            }
            let patterns = stacks(columns);
            for stack in 0..3 {
                let count = u32::from(FITTING_COUNT[(patterns >> (9 * stack) & 0x1FF) as usize]);
                totals[3 + stack] += count;
                open[3 + stack] |= count >> 1;
            }
        }
        let mut best = None;
        for unit in 0..6 {
            if open[unit] != 0 && best.is_none_or(|chosen: usize| totals[unit] < totals[chosen]) {
                best = Some(unit);
            }
        }
        let Some(unit) = best else {
            return self.first_open_cell();
        };
        // The digit with the fewest from two up, as `count << 8 | target` (so the least is the
        // fewest, lowest digit first); the chosen unit has one.
        let mut fewest = u32::MAX;
        for digit in 0..9 {
            let (count, target) = if unit < 3 {
                let word = 3 * digit + unit;
                (Fact::Permutations.of(self.facts[word % WORDS]), word as u32)
            } else {
                let stack = unit - 3;
                let columns = [0, 1, 2]
                    .map(|band| Fact::PossibleColumns.of(self.facts[(3 * digit + band) % WORDS]));
                let count = u32::from(FITTING_COUNT[stack_pattern(columns, stack)]);
                (count, STACKS + (3 * digit + stack) as u32)
            };
            if count >= 2 {
                fewest = fewest.min(count << 8 | target);
            }
        }
        let target = fewest & 0xFF;
        let present = if target < STACKS {
            Fact::PossibleMinirows.of(self.facts[target as usize % WORDS]) as usize
        } else {
            let (digit, stack) = ((target - STACKS) as usize / 3, (target - STACKS) as usize % 3);
            let columns = [0, 1, 2]
                .map(|band| Fact::PossibleColumns.of(self.facts[(3 * digit + band) % WORDS]));
            stack_pattern(columns, stack)
        };
        Branch { target, choices: u32::from(FITTING[present]) }
    }

    /// A settled board whose every band and stack has one permutation a digit is solved (each
    /// digit's minirow and minicolumn in each box meet in one cell), so this is not reached;
    /// it keeps the search complete if it were.
    #[cold]
    fn first_open_cell(&self) -> Branch {
        let band = (0..3).find(|&band| self.open[band] != 0).unwrap_or(0);
        let bit = self.open[band] & self.open[band].wrapping_neg();
        let digits = (0..9)
            .filter(|&digit| self.candidates[3 * digit + band] & bit != 0)
            .fold(0, |digits, digit| digits | 1 << digit);
        Branch { target: CELLS + 27 * band as u32 + bit.trailing_zeros(), choices: digits }
    }

    /// Takes the lowest choice of `branch`: a permutation is the digit's cells on it kept, a
    /// digit in a cell is placed there. The rest follows in [`settle`](Self::settle).
    pub(in super::super) fn take(&mut self, branch: Branch) {
        let choice = branch.choices.trailing_zeros() as usize;
        let target = branch.target as usize;
        if branch.target < STACKS {
            self.candidates[target % WORDS] &= PERMUTATION_CELLS[choice % PERMUTATIONS.len()];
        } else if branch.target < CELLS {
            let index = target - STACKS as usize;
            let (digit, stack) = (index / 3, index % 3);
            let filled = u32::from(PERMUTATIONS[choice % PERMUTATIONS.len()]);
            for band in 0..3 {
                let column = 3 * stack + (filled >> (3 * band) & 0b111).trailing_zeros() as usize;
                let kept = !(0o007_007_007 << (3 * stack)) | 0o001_001_001 << column;
                self.candidates[(3 * digit + band) % WORDS] &= kept;
            }
        } else {
            let cell = target - CELLS as usize;
            self.place_in((3 * choice + cell / 27) % WORDS, 1 << (cell % 27));
        }
    }
}
