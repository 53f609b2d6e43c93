//! A [`Model`] as exact cover with colours: one option per (cell, digit) the cell's marks
//! allow, and one per digit set a killer cage may hold.
//!
//! Items, primary first (the builder's rule), then secondary:
//! - `r{row}c{col}`, primary: the cell is filled;
//! - `G{k}#{d}` for region k and digit d: primary when the region has as many cells as there
//!   are symbols (it holds every digit once), secondary otherwise (at most once);
//! - `K{k}`, primary, for a cage with a sum: one of its digit sets is chosen;
//! - `K{k}#{d}`, secondary, coloured: the chosen set colours it `1` when d is in the set and
//!   `0` when not, and a cell of the cage that takes d asks for `1`, so the cage's cells take
//!   digits of the set only; `KD{k}#{d}`, secondary: no digit twice in the cage, so its cells
//!   take exactly the set, whose sum is the cage's;
//! - `L{j}#{d}`, secondary, coloured, for relation j between cells a and b: a's option for
//!   digit x colours every `L{j}#{d}` with whether the relation holds of (x, d), and b's option
//!   for y asks `L{j}#{y}` for `1`.
//!
//! Parity, candidates and givens leave out the options of the digits they exclude, so option
//! numbers are not `cell * N + digit`: [`Encoded::placement`] says what each option places.

use dancer::{Entry, ItemId, OptionId, Problem, ProblemBuilder};

use super::{Model, ModelError};
use crate::{Cell, Digit};

/// The most digit sets a cage may have: past it, its options would not fit in memory.
const MAX_CAGE_SETS: usize = 1 << 20;

/// A digit in a cell: what an option of an [`Encoded`] model places.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The cell, in the model's rectangle.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

/// A model's exact-cover problem, and what each of its options places.
#[derive(Clone, Debug)]
pub struct Encoded {
    problem: Problem,
    /// Per option: its placement, or `None` for a cage's digit set.
    placements: Vec<Option<Placement>>,
    cells: usize,
}

impl Encoded {
    /// The problem, for the engine's solver (or `dlx` and Knuth's programs, as text).
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// What `option` places, or `None` for a cage's digit set.
    pub fn placement(&self, option: OptionId) -> Option<Placement> {
        self.placements.get(option.index()).copied().flatten()
    }

    /// The digits a solution puts in each cell of the rectangle (`None` for unused cells).
    pub fn grid(&self, solution: &[OptionId]) -> Vec<Option<Digit>> {
        let mut grid = vec![None; self.cells];
        for placement in solution.iter().filter_map(|&option| self.placement(option)) {
            grid[placement.cell] = Some(placement.digit);
        }
        grid
    }
}

impl Model {
    /// The model as exact cover (see the module's notes).
    ///
    /// # Errors
    /// What [`validate`](Self::validate) finds, or a cage with too many digit sets to list.
    pub fn encode(&self) -> Result<Encoded, ModelError> {
        self.validate()?;
        let n = self.symbols;
        let mut builder = ProblemBuilder::new();
        let cell_items: Vec<Option<ItemId>> = (0..self.used.len())
            .map(|cell| {
                let (row, col) = (cell / self.width + 1, cell % self.width + 1);
                self.used[cell].then(|| builder.primary(format!("r{row}c{col}")))
            })
            .collect();
        // Item of digit 1 of each region, cage set and relation; the others follow it.
        let full = |region: &Vec<Cell>| region.len() == n;
        let mut region_items = vec![None; self.regions.len()];
        for (k, _) in self.regions.iter().enumerate().filter(|(_, r)| full(r)) {
            region_items[k] = Some(digit_items(&mut builder, &format!("G{}", k + 1), n, true));
        }
        let mut cage_items = vec![None; self.cages.len()];
        for (k, _) in self.cages.iter().enumerate().filter(|(_, c)| c.sum.is_some()) {
            cage_items[k] = Some(builder.primary(format!("K{}", k + 1)));
        }
        for (k, _) in self.regions.iter().enumerate().filter(|(_, r)| !full(r)) {
            region_items[k] = Some(digit_items(&mut builder, &format!("G{}", k + 1), n, false));
        }
        let mut cage_sets = vec![None; self.cages.len()];
        let mut cage_distinct = Vec::with_capacity(self.cages.len());
        for (k, cage) in self.cages.iter().enumerate() {
            if cage.sum.is_some() {
                cage_sets[k] = Some(digit_items(&mut builder, &format!("K{}", k + 1), n, false));
            }
            cage_distinct.push(digit_items(&mut builder, &format!("KD{}", k + 1), n, false));
        }
        let relation_items: Vec<ItemId> = (0..self.relations.len())
            .map(|j| digit_items(&mut builder, &format!("L{}", j + 1), n, false))
            .collect();
        let colors = [builder.color("0"), builder.color("1")];
        let yes = colors[1];
        let at = |first: ItemId, digit: Digit| ItemId::new(first.index() + usize::from(digit) - 1);

        let mut placements = Vec::new();
        let mut entries: Vec<Entry> = Vec::new();
        for (cell, item) in cell_items.iter().enumerate() {
            let Some(item) = *item else { continue };
            for digit in self.allowed(cell) {
                entries.clear();
                entries.push(item.into());
                for (k, region) in self.regions.iter().enumerate() {
                    if region.contains(&cell) {
                        entries.push(
                            at(region_items[k].expect("every region has items"), digit).into(),
                        );
                    }
                }
                for (k, _) in self.cages.iter().enumerate().filter(|(_, c)| c.cells.contains(&cell))
                {
                    entries.push(at(cage_distinct[k], digit).into());
                    if let Some(first) = cage_sets[k] {
                        entries.push((at(first, digit), yes).into());
                    }
                }
                for (j, relation) in self.relations.iter().enumerate() {
                    if relation.a == cell {
                        for other in 1..=n as Digit {
                            let color = colors[usize::from(relation.kind.holds(digit, other))];
                            entries.push((at(relation_items[j], other), color).into());
                        }
                    } else if relation.b == cell {
                        entries.push((at(relation_items[j], digit), yes).into());
                    }
                }
                builder.option(entries.iter().copied());
                placements.push(Some(Placement { cell, digit }));
            }
        }
        for (k, cage) in self.cages.iter().enumerate() {
            let (Some(sum), Some(first), Some(item)) = (cage.sum, cage_sets[k], cage_items[k])
            else {
                continue;
            };
            let sets =
                digit_sets(n, cage.cells.len(), sum).ok_or_else(|| ModelError::Impossible {
                    what: format!("cage {}", k + 1),
                    why: format!("more than {MAX_CAGE_SETS} sets of digits add up to {sum}"),
                })?;
            for set in sets {
                entries.clear();
                entries.push(item.into());
                for digit in 1..=n as Digit {
                    let color = colors[usize::from(set >> (digit - 1) & 1 == 1)];
                    entries.push((at(first, digit), color).into());
                }
                builder.option(entries.iter().copied());
                placements.push(None);
            }
        }
        let problem = builder.build().map_err(|error| ModelError::Impossible {
            what: "the puzzle".to_owned(),
            why: error.to_string(),
        })?;
        Ok(Encoded { problem, placements, cells: self.used.len() })
    }
}

/// Declares `{tag}#1` .. `{tag}#{n}` and returns the first.
fn digit_items(builder: &mut ProblemBuilder, tag: &str, n: usize, primary: bool) -> ItemId {
    let mut first = None;
    for digit in 1..=n {
        let name = format!("{tag}#{digit}");
        let item = if primary { builder.primary(name) } else { builder.secondary(name) };
        first.get_or_insert(item);
    }
    first.expect("at least one symbol")
}

/// Every set of `size` distinct digits of `1..=n` adding up to `sum`, as bit masks (bit d − 1
/// for digit d); `None` when there are more than [`MAX_CAGE_SETS`].
fn digit_sets(n: usize, size: usize, sum: u32) -> Option<Vec<u64>> {
    // Depth-first over digits in increasing order, with an explicit stack of the next digit
    // to try: (digits chosen, their mask, their sum).
    let mut sets = Vec::new();
    let mut stack = vec![(1u32, 0usize, 0u64, 0u32)];
    while let Some((next, chosen, mask, total)) = stack.pop() {
        if chosen == size {
            if total == sum {
                sets.push(mask);
                if sets.len() > MAX_CAGE_SETS {
                    return None;
                }
            }
            continue;
        }
        for digit in (next..=n as u32).rev() {
            // The smallest digits still to come must not overshoot the sum.
            let left = (size - chosen - 1) as u32;
            if total + digit + left * (digit + 1) + left * left.saturating_sub(1) / 2 <= sum {
                stack.push((digit + 1, chosen + 1, mask | 1 << (digit - 1), total + digit));
            }
        }
    }
    Some(sets)
}
