//! A [`Model`] as exact cover with colours: one option per (cell, digit) the cell's marks
//! allow; a killer cage with few fillings (at most [`CAGE_FILLINGS`]) as one option per
//! filling, covering all its cells at once, so that its sum is kept by construction and the
//! search branches on whole cages; a larger cage digit by digit, with one option per digit set.
//!
//! Items, primary first (the builder's rule), then secondary:
//! - `r{row}c{col}`, primary: the cell is filled;
//! - `{kind}{k}#{d}` for the k-th region of its kind and digit d, the kind's letter as the
//!   template's ([`RegionKind::letter`](crate::RegionKind::letter): `R3#7` for row 3, then `C`,
//!   `B`, `J`, `D`, `W`, `X`; the kinds are [`Model::region_kinds`]): primary when the region
//!   has as many cells as there are symbols (it holds every digit once), secondary otherwise
//!   (at most once). The blank grid of a variant is thus the template's very matrix;
//! - `K{k}`, primary, for a cage with a sum encoded digit by digit: one of its digit sets is
//!   chosen (the items below are for such cages too; a cage placed whole needs none);
//! - `S{j}`, primary, for a sum the cages imply (an innie or outie sum of a few cells, see
//!   `derive.rs`): one of its fillings is chosen, and it colours `S{j}r{row}c{col}`,
//!   secondary, of each of its cells with the digit's own colour (`1` to `N`), which the option
//!   placing a digit in that cell asks for;
//! - `K{k}#{d}`, secondary, coloured: the chosen set colours it `1` when d is in the set and
//!   `0` when not, and a cell of the cage that takes d asks for `1`, so the cage's cells take
//!   digits of the set only; `KD{k}#{d}`, secondary: no digit twice in the cage, so its cells
//!   take exactly the set, whose sum is the cage's;
//! - `L{j}#{d}`, secondary, coloured, for relation j between cells a and b (the model's
//!   relations, then those its lines of pairs mean: thermometers, slow thermometers,
//!   whispers, palindromes, clones, [`Line::relations`](crate::Line::relations)): a's option for
//!   digit x colours every `L{j}#{d}` with whether the relation holds of (x, d), and b's option
//!   for y asks `L{j}#{y}` for `1`;
//! - `N{j}t{k}` (primary), `N{j}p{i}` and `N{j}s{k}` (secondary, coloured) for line j (but
//!   the lines of pairs, encoded as their relations above): its
//!   automaton's step at the k-th cell read, the digit of its i-th cell, the state after the
//!   k-th cell (`encode/lines.rs`); a cell's option colours `N{j}p{i}` with its digit.
//!
//! Parity, candidates and givens leave out the options of the digits they exclude, so option
//! numbers are not `cell * N + digit`: [`Encoded::placements`] says what each option places.
//!
//! Placing whole cages is what makes killers fast: digit by digit, a cage's sum prunes a cell
//! only once the cage's set is chosen, and 300 krazydad killers took 28 million nodes (one alone
//! 8.8 million); placed whole, see docs/PERFORMANCE.md. The implied sums cut the nodes of the
//! 8 000 krazydad killers from 6.35 to 1.37 million: a one-cell innie is a given, and a two- or
//! three-cell one rules digits out as soon as one of its cells is placed.
//!
//! For a model of regions alone ([`Model::worth_reducing`]), the options that singles and
//! locked candidates exclude are struck out before the problem is built (`reduce.rs`), so
//! option numbers are not even one per allowed (cell, digit).

mod items;
mod lines;

use dancer::{Entry, OptionId, Problem, ProblemBuilder};

use self::items::{at, Items};
use super::fill::{digit_sets, MAX_CAGE_SETS};
use super::reduce::Building;
use super::{Constraints, Model, ModelError};
use crate::grid::{Cell, Digit};

/// The most fillings a cage may have to be placed whole by [`Model::encode`]: more, and its
/// options would cost more than the search they save.
pub const CAGE_FILLINGS: usize = 128;

/// The most fillings an implied sum may have to be encoded (see `derive.rs`): a sum with more
/// rarely rules anything out, and its options and colours slow every node that touches it.
const IMPLIED_FILLINGS: usize = 32;

/// The most cells an implied sum may have to be encoded.
const IMPLIED_CELLS: usize = 3;

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
    /// Option k places `placements[starts[k]..starts[k + 1]]` (nothing for a cage's digit
    /// set).
    placements: Vec<Placement>,
    starts: Vec<usize>,
    cells: usize,
}

impl Encoded {
    /// The problem, for the engine's solver (or `dlx` and Knuth's programs, as text).
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// What `option` places: one cell, a whole cage, or nothing (a cage's digit set).
    ///
    /// # Panics
    /// If `option` is not an option of the problem.
    pub fn placements(&self, option: OptionId) -> &[Placement] {
        let k = option.index();
        &self.placements[self.starts[k]..self.starts[k + 1]]
    }

    /// The digits a solution puts in each cell of the rectangle (`None` for unused cells).
    pub fn grid(&self, solution: &[OptionId]) -> Vec<Option<Digit>> {
        let mut grid = vec![None; self.cells];
        for &option in solution {
            for placement in self.placements(option) {
                grid[placement.cell] = Some(placement.digit);
            }
        }
        grid
    }
}

impl Model {
    /// The model as exact cover (see the module's notes), cages of at most [`CAGE_FILLINGS`]
    /// fillings placed whole.
    ///
    /// # Errors
    /// What [`validate`](Self::validate) finds, or a cage with too many digit sets to list.
    pub fn encode(&self) -> Result<Encoded, ModelError> {
        self.encode_with(CAGE_FILLINGS)
    }

    /// [`encode`](Self::encode), placing whole the cages of at most `fillings` fillings (0: every
    /// cage digit by digit). Both encodings have the same solutions.
    ///
    /// # Errors
    /// As `encode`.
    pub fn encode_with(&self, fillings: usize) -> Result<Encoded, ModelError> {
        self.encode_tuned(fillings, true, self.worth_reducing())
    }

    /// Whether [`encode`](Self::encode) strikes out the options that singles and locked
    /// candidates exclude before the search (see the module's notes): for a model of regions
    /// alone, no cages and no relations. There it takes the clueless-2 sudokus of janko.at
    /// from 13.7 million nodes to 0.11 million and costs about what it saves on the other
    /// multi-grid puzzles; with cages or relations it saved less search than it cost
    /// (docs/PERFORMANCE.md).
    pub fn worth_reducing(&self) -> bool {
        self.constraints().into_iter().all(|list| match list {
            Constraints::Cages(_) | Constraints::Relations(_) | Constraints::Lines(_) => {
                list.is_empty()
            }
            // Marks of one cell leave options out, as givens do.
            Constraints::Parity(_) | Constraints::Candidates(_) => true,
        })
    }

    /// [`encode_with`](Self::encode_with), with or without the sums the cages imply (innies
    /// and outies of the full regions, see the module's notes), and with or without striking
    /// out, before the search, the options that singles and locked candidates exclude (`reduce`,
    /// see the module's notes). Every way the solutions are the same; the implied sums and the
    /// reduction only let the search see dead ends sooner.
    ///
    /// # Errors
    /// As `encode`.
    pub fn encode_tuned(
        &self,
        fillings: usize,
        implied: bool,
        reduce: bool,
    ) -> Result<Encoded, ModelError> {
        self.validate()?;
        let n = self.symbols;
        // The cages placed whole (their fillings), and the cells they hold.
        let mut whole: Vec<Option<Vec<Digit>>> = vec![None; self.cages.len()];
        let mut placed = vec![false; self.used.len()];
        for (k, cage) in self.cages.iter().enumerate() {
            if fillings > 0 && cage.cells.iter().all(|&cell| !placed[cell]) {
                if let Some(list) = self.fillings(k, fillings) {
                    cage.cells.iter().for_each(|&cell| placed[cell] = true);
                    whole[k] = Some(list);
                }
            }
        }
        let implied =
            if implied { self.implied_sums(IMPLIED_CELLS, IMPLIED_FILLINGS) } else { Vec::new() };
        let mut builder = ProblemBuilder::new();
        let (items, cage_items) = Items::declare(self, &mut builder, &whole, &implied)?;
        let mut encoded = Building::default();
        let mut entries: Vec<Entry> = Vec::new();
        for cell in (0..self.used.len()).filter(|&cell| self.used[cell] && !placed[cell]) {
            for digit in self.allowed(cell) {
                entries.clear();
                items.place(&mut entries, cell, digit, &[]);
                encoded.push(&entries, &[Placement { cell, digit }]);
            }
        }
        let mut places = Vec::new();
        for (k, list) in whole.iter().enumerate() {
            let Some(list) = list else { continue };
            let cells = &self.cages[k].cells;
            for filling in list.chunks(cells.len()) {
                entries.clear();
                places.clear();
                for (&cell, &digit) in cells.iter().zip(filling) {
                    items.place(&mut entries, cell, digit, cells);
                    places.push(Placement { cell, digit });
                }
                encoded.push(&entries, &places);
            }
        }
        for (k, cage) in self.cages.iter().enumerate() {
            let (Some(sum), Some(first), Some(item)) =
                (cage.sum, items.cage_sets[k], cage_items[k])
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
                    let color = items.colors[usize::from(set >> (digit - 1) & 1 == 1)];
                    entries.push((at(first, digit), color).into());
                }
                encoded.push(&entries, &[]);
            }
        }
        items.implied.options(&implied, &items.colors, |entries| encoded.push(entries, &[]));
        items.lines.options(&items.colors, |entries| encoded.push(entries, &[]));
        let (placements, starts) = encoded.add_to(&mut builder, items.primary, reduce);
        let problem = builder.build().map_err(|error| ModelError::Impossible {
            what: "the puzzle".to_owned(),
            why: error.to_string(),
        })?;
        Ok(Encoded { problem, placements, starts, cells: self.used.len() })
    }
}
