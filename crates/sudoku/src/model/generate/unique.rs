//! Uniqueness tests for generated models, on the engine.
//!
//! Two ways. Givens of a model whose every cell has options of its own (no cage placed whole)
//! are committed options of one encoding: the model is encoded once, and each test commits the
//! givens' options and counts to 2. A model with cages is encoded again for each test, because
//! a cage placed whole has options covering several cells, which a given of one cell cannot
//! be committed as; its tests are few (cages are refined first, givens added only where a
//! second solution differs).

use std::{ops::ControlFlow, sync::Mutex};

use dancer::{run::Run, OptionId, Solver};
use rand::Rng;

use super::shuffle;
use crate::grid::{Cell, Digit};
use crate::model::{Model, ModelError};

/// A full solution of `model`, drawn at random: the engine's options in a random order, then
/// its first solution. The search is stopped after a budget of nodes (4 per used cell) and
/// restarted in a new random order with a budget an eighth larger: with one order a blank sumo
/// or clueless layout can run for minutes (the heavy tail of randomised backtracking), and with
/// the budget doubled at each restart a clueless-1 still took up to 83 s, against at most 0.11 s
/// over seven seeded fills growing it by an eighth. `None` when the model has no solution.
///
/// # Errors
/// A model [`Model::encode`] refuses.
pub(super) fn random_solution<R: Rng + ?Sized>(
    model: &Model,
    rng: &mut R,
) -> Result<Option<Vec<Option<Digit>>>, ModelError> {
    let encoded = model.encode()?;
    let mut solver = Solver::new(encoded.problem());
    let cells = model.used.iter().filter(|&&used| used).count() as u64;
    let mut budget = 4 * cells.max(16);
    loop {
        solver.shuffle(&mut |k| super::below(rng, k));
        let found = Mutex::new(None);
        let outcome = Run::new()
            .node_limit(budget)
            .solution_limit(1)
            .visit(&mut solver, &|search: &Solver<'_>| {
                *found.lock().expect("one thread") = Some(search.solution().to_vec());
                ControlFlow::Break(())
            })
            .expect("a run from the root never fails");
        if let Some(options) = found.into_inner().expect("one thread") {
            return Ok(Some(encoded.grid(&options)));
        }
        if outcome.is_complete() {
            return Ok(None);
        }
        budget = budget.saturating_add(budget / 8);
    }
}

/// A solution of `model` other than `solution`, if it has one.
///
/// # Errors
/// A model [`Model::encode`] refuses.
pub(super) fn other_solution(
    model: &Model,
    solution: &[Option<Digit>],
) -> Result<Option<Vec<Option<Digit>>>, ModelError> {
    let encoded = model.encode()?;
    let mut solver = Solver::new(encoded.problem());
    while let Some(found) = solver.next_solution() {
        let grid = encoded.grid(found);
        if grid != solution {
            return Ok(Some(grid));
        }
    }
    Ok(None)
}

/// The most nodes a test of one removal may search: past it the given stays, which is sound
/// (a given more never makes a second solution) but may leave a removable given in. Tests of a
/// 9×9 take a few dozen nodes; of a sumo, most a few thousand, where a plain count to 2 took up
/// to half a million nodes (0.8 s) for a single removal.
pub(super) const REMOVAL_NODES: u64 = 20_000;

/// The givens of `solution` left after taking out each used cell in a random order, unless the
/// puzzle (`model`, which has no givens and no cages, and these givens) might then have another
/// solution. When `model` alone is shown unique, no givens at all. A removal whose test runs
/// out of its budget ([`REMOVAL_NODES`]) is not made.
///
/// A unique puzzle without the given d of cell c has a second solution exactly when it has one
/// with another digit in c: so each other digit of c is committed in turn (with the givens
/// left) and searched for one solution, which fails fast where a count to 2 would first find
/// the known solution and then search the whole tree for another.
///
/// # Errors
/// A model [`Model::encode`] refuses.
pub(super) fn prune_givens<R: Rng + ?Sized>(
    model: &Model,
    solution: &[Option<Digit>],
    rng: &mut R,
) -> Result<Vec<Option<Digit>>, ModelError> {
    let encoded = model.encode()?;
    let mut option_of: Vec<Vec<Option<OptionId>>> =
        vec![vec![None; model.symbols + 1]; model.used.len()];
    for k in 0..encoded.problem().option_count() {
        let option = OptionId::new(k);
        if let [placement] = encoded.placements(option) {
            option_of[placement.cell][usize::from(placement.digit)] = Some(option);
        }
    }
    let mut solver = Solver::new(encoded.problem());
    let mut givens: Vec<Option<Digit>> = vec![None; model.used.len()];
    if search(&mut solver, 2, REMOVAL_NODES) == Some(1) {
        return Ok(givens);
    }
    givens.clone_from_slice(solution);
    let mut order: Vec<Cell> = (0..model.used.len()).filter(|&c| model.used[c]).collect();
    shuffle(&mut order, rng);
    for cell in order {
        let digit = solution[cell].expect("a used cell has a digit");
        givens[cell] = None;
        solver.reset();
        let options = givens.iter().enumerate().filter_map(|(c, digit)| {
            let digit = usize::from((*digit)?);
            Some(option_of[c][digit].expect("a solution's digit has its cell's option"))
        });
        solver.commit_all(options).expect("the givens of one solution never clash");
        let mut removable = Some(true);
        let others = (1..=model.symbols).filter(|&d| d != usize::from(digit));
        for option in others.filter_map(|d| option_of[cell][d]) {
            // A digit that clashes with a given has no solution.
            if solver.commit(option).is_err() {
                continue;
            }
            let found = search(&mut solver, 1, REMOVAL_NODES);
            solver.uncommit();
            match found {
                Some(0) => {}
                Some(_) => removable = Some(false),
                None => removable = None,
            }
            if removable != Some(true) {
                break;
            }
        }
        if removable != Some(true) {
            givens[cell] = solution[cell];
        }
    }
    Ok(givens)
}

/// The solutions of `solver`'s problem counted up to `limit`, or `None` when `nodes` run out
/// first.
fn search(solver: &mut Solver<'_>, limit: u64, nodes: u64) -> Option<u64> {
    let outcome = Run::new()
        .node_limit(nodes)
        .solution_limit(limit)
        .count(solver)
        .expect("a run from the root never fails");
    let solutions = outcome.solutions();
    (solutions >= limit || outcome.is_complete()).then_some(solutions)
}

/// The cells where two grids differ.
pub(super) fn differences(one: &[Option<Digit>], other: &[Option<Digit>]) -> Vec<Cell> {
    (0..one.len()).filter(|&c| one[c] != other[c]).collect()
}
