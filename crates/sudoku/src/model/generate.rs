//! Puzzles of any [`Model`] with exactly one solution: a random full solution of the blank
//! model (any regions, multi-grid layouts too), the marks of a [`Marks`] kind read off it
//! (killer cages, consecutive bars, parity, signs, XV sums, pencilmarks), then givens removed
//! while the solution stays unique. Seeded like [`Generator`](crate::Generator): puzzle k of a
//! seed comes from [`rng_for`](crate::generate::rng_for)`(seed, k)`, whatever the threads.

mod cages;
mod unique;

use std::{fmt, str::FromStr};

use rand::{Rng, RngExt};

use self::unique::{differences, other_solution, prune_givens, random_solution};
use super::{Cage, Constraints, Model, ModelError, Parity, Relation, RelationKind};
use crate::grid::{Cell, Digit};
use crate::read::published::Record;

/// How many times a killer's cages are redrawn where a second solution differs before givens
/// are added instead.
const REFINES: usize = 40;

/// What a generated puzzle carries besides its regions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Marks {
    /// Givens only.
    #[default]
    Givens,
    /// Killer cages over every used cell, and givens only where the cages are not enough.
    Killer,
    /// A consecutive bar between every two neighbours whose digits differ by 1, and every
    /// other pair of neighbours not consecutive (janko.at's rule).
    Consecutive,
    /// The parity of every cell that is not given.
    EvenOdd,
    /// A less-than sign between every two neighbours.
    GreaterThan,
    /// A difference-1 dot between neighbours whose digits differ by 1, with no rule for the
    /// others (unlike [`Consecutive`](Marks::Consecutive)).
    Difference,
    /// XV: a sum-5 or sum-10 mark between neighbours whose digits add up to it, with no rule
    /// for the others.
    Xv,
    /// Kropki: a black dot between neighbours where one digit is twice the other, else a white
    /// dot where they differ by 1 (1 and 2 take the black one), with no rule for the others.
    Kropki,
    /// Sukaku: candidates (pencilmarks) in every cell and no givens.
    Sukaku,
}

impl Marks {
    /// Every kind, in the order above.
    pub const ALL: [Marks; 9] = [
        Marks::Givens,
        Marks::Killer,
        Marks::Consecutive,
        Marks::EvenOdd,
        Marks::GreaterThan,
        Marks::Difference,
        Marks::Xv,
        Marks::Kropki,
        Marks::Sukaku,
    ];

    /// Its name on the command line: `givens`, `killer`, `even-odd`, ...
    pub fn name(self) -> &'static str {
        match self {
            Marks::Givens => "givens",
            Marks::Killer => "killer",
            Marks::Consecutive => "consecutive",
            Marks::EvenOdd => "even-odd",
            Marks::GreaterThan => "greater-than",
            Marks::Difference => "difference",
            Marks::Xv => "xv",
            Marks::Kropki => "kropki",
            Marks::Sukaku => "sukaku",
        }
    }
}

impl fmt::Display for Marks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a [`Marks`] kind's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a kind of marks (givens, killer, consecutive, even-odd, greater-than, difference, xv, kropki, sukaku)")]
pub struct UnknownMarks(pub String);

impl FromStr for Marks {
    type Err = UnknownMarks;

    fn from_str(name: &str) -> Result<Marks, UnknownMarks> {
        let wanted = name.to_ascii_lowercase().replace('_', "-");
        Marks::ALL
            .into_iter()
            .find(|marks| marks.name() == wanted)
            .ok_or_else(|| UnknownMarks(name.to_owned()))
    }
}

impl Model {
    /// A puzzle with exactly one solution on this model's regions (its givens and other
    /// constraints are ignored), with `marks`: a record with an empty name and the solution
    /// (0 in unused cells). `None` when the regions have no solution at all.
    ///
    /// # Errors
    /// A model [`Model::encode`] refuses (bad regions, or cages with too many digit sets for
    /// very many symbols).
    pub fn generate<R: Rng + ?Sized>(
        &self,
        marks: Marks,
        rng: &mut R,
    ) -> Result<Option<Record>, ModelError> {
        let blank = Model { regions: self.regions.clone(), ..Model::blank_like(self) };
        let Some(solution) = random_solution(&blank, rng)? else { return Ok(None) };
        let mut model = blank;
        match marks {
            Marks::Givens => {}
            Marks::Killer => model = killer(model, &solution, rng)?,
            Marks::Consecutive => relate(&mut model, &solution, |a, b| {
                Some(if a.abs_diff(b) == 1 {
                    RelationKind::Consecutive
                } else {
                    RelationKind::NotConsecutive
                })
            }),
            Marks::EvenOdd => {
                model.parity = (0..solution.len())
                    .filter_map(|c| solution[c].map(|d| (c, parity(d))))
                    .collect();
            }
            Marks::GreaterThan => relate(&mut model, &solution, |_, _| Some(RelationKind::Less)),
            Marks::Difference => relate(&mut model, &solution, |a, b| {
                (a.abs_diff(b) == 1).then_some(RelationKind::Difference(1))
            }),
            Marks::Xv => relate(&mut model, &solution, |a, b| {
                let sum = a + b;
                (sum == 5 || sum == 10).then_some(RelationKind::Sum(sum))
            }),
            Marks::Kropki => relate(&mut model, &solution, |a, b| {
                if a == 2 * b || b == 2 * a {
                    Some(RelationKind::Ratio(2))
                } else {
                    (a.abs_diff(b) == 1).then_some(RelationKind::Difference(1))
                }
            }),
            Marks::Sukaku => model = sukaku(model, &solution, rng)?,
        }
        let givens_make_it_unique = model.constraints().into_iter().all(|list| match list {
            // A killer has its givens already, where its cages were not enough; a sukaku has
            // none.
            Constraints::Cages(_) | Constraints::Candidates(_) => list.is_empty(),
            // Marks that narrow the solutions without making one: givens do the rest.
            Constraints::Relations(_) | Constraints::Parity(_) | Constraints::Lines(_) => true,
        });
        if givens_make_it_unique {
            model.givens = prune_givens(&model, &solution, rng)?;
        }
        // A given's parity mark says nothing more.
        let givens = model.givens.clone();
        model.parity.retain(|&(cell, _)| givens[cell].is_none());
        let solution = Some(solution.iter().map(|d| d.unwrap_or(0)).collect());
        Ok(Some(Record { name: String::new(), model, solution, generated: None }))
    }

    /// The same rectangle, symbols and used cells, with no regions and nothing else.
    fn blank_like(model: &Model) -> Model {
        Model {
            width: model.width,
            height: model.height,
            symbols: model.symbols,
            used: model.used.clone(),
            givens: vec![None; model.used.len()],
            ..Model::default()
        }
    }
}

fn parity(digit: Digit) -> Parity {
    if digit.is_multiple_of(2) {
        Parity::Even
    } else {
        Parity::Odd
    }
}

/// Adds the relation `kind(a, b)` says, if any, between every two neighbours, the smaller digit
/// first (a less-than sign points at the first cell).
fn relate(
    model: &mut Model,
    solution: &[Option<Digit>],
    kind: impl Fn(Digit, Digit) -> Option<RelationKind>,
) {
    for cell in 0..model.used.len() {
        let right_or_down: Vec<Cell> =
            cages::neighbours(model, cell).filter(|&other| other > cell).collect();
        for other in right_or_down {
            let (Some(x), Some(y)) = (solution[cell], solution[other]) else { continue };
            let (a, b) = if x < y { (cell, other) } else { (other, cell) };
            if let Some(kind) = kind(x.min(y), x.max(y)) {
                model.relations.push(Relation { a, b, kind });
            }
        }
    }
}

/// `model` with killer cages drawn over `solution` and made unique: while a second solution
/// exists, the cages holding or touching a cell where it differs are dissolved and their cells
/// drawn into new cages (up to [`REFINES`] times; on 9×9 a few rounds suffice, and 40 of 40
/// seeded killers needed no givens). If that is not enough, the given of a random cell where a
/// second solution differs is added until the puzzle is unique, then each added given is taken
/// out again if the puzzle stays unique without it.
fn killer<R: Rng + ?Sized>(
    mut model: Model,
    solution: &[Option<Digit>],
    rng: &mut R,
) -> Result<Model, ModelError> {
    model.cages = cages::draw(&model, solution, rng);
    for _ in 0..REFINES {
        let Some(other) = other_solution(&model, solution)? else { return Ok(model) };
        // The cells where the solutions differ and their neighbours: their cages are redrawn.
        let mut near = vec![false; model.used.len()];
        for cell in differences(solution, &other) {
            near[cell] = true;
            cages::neighbours(&model, cell).for_each(|c| near[c] = true);
        }
        let keep: Vec<Cage> = model
            .cages
            .iter()
            .filter(|cage| cage.cells.iter().all(|&c| !near[c]))
            .cloned()
            .collect();
        model.cages = cages::redraw(&model, &keep, solution, rng);
    }
    let mut added = Vec::new();
    while let Some(other) = other_solution(&model, solution)? {
        let differ = differences(solution, &other);
        let cell = differ[below(rng, differ.len())];
        model.givens[cell] = solution[cell];
        added.push(cell);
    }
    shuffle(&mut added, rng);
    for cell in added {
        model.givens[cell] = None;
        if other_solution(&model, solution)?.is_some() {
            model.givens[cell] = solution[cell];
        }
    }
    Ok(model)
}

/// `model` with pencilmarks and no givens: each cell's candidates are its digit and each other
/// digit with even odds; while a second solution exists, a cell where it differs loses the
/// second solution's digit (so the candidates shrink until the solution is unique).
fn sukaku<R: Rng + ?Sized>(
    mut model: Model,
    solution: &[Option<Digit>],
    rng: &mut R,
) -> Result<Model, ModelError> {
    let n = model.symbols;
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut sets: Vec<u64> = vec![0; model.used.len()];
    for (cell, digit) in solution.iter().enumerate() {
        if let Some(digit) = digit {
            sets[cell] = (rng.random::<u64>() & full) | 1 << (digit - 1);
        }
    }
    model.candidates = (0..sets.len()).filter(|&c| sets[c] != 0).map(|c| (c, sets[c])).collect();
    while let Some(other) = other_solution(&model, solution)? {
        let differ = differences(solution, &other);
        let cell = differ[below(rng, differ.len())];
        let wrong = other[cell].expect("a used cell has a digit");
        let slot = model.candidates.iter_mut().find(|(c, _)| *c == cell);
        let (_, set) = slot.expect("every used cell has candidates");
        *set &= !(1 << (wrong - 1));
    }
    Ok(model)
}

/// A number below `bound`, drawn from `rng`.
fn below<R: Rng + ?Sized>(rng: &mut R, bound: usize) -> usize {
    rng.random_range(0..bound)
}

fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    for k in (1..items.len()).rev() {
        items.swap(k, rng.random_range(0..=k));
    }
}
