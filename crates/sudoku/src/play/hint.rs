//! What `?` says: the next step a person could take, with the cells it uses.
//!
//! In order: a placed digit that is not the solution's is pointed out first (every step
//! after it would build on sand); a plain sudoku (regions only) asks the logical solver of
//! hints (chains included), one sudoku grid with constraints on top the variant logic (steps
//! that name their cage, dot or line), each taking its steps up to the next placed digit so
//! that applying the hint moves the game on; any other puzzle (several grids) gets the singles
//! its candidates leave under every constraint (`logic/constraints.rs`); when none is found,
//! the solution gives the digit of the cursor's cell (or the first empty one), and says so.

use std::time::{Duration, Instant};

use crate::grid::{Cell, Digit, Grid};
use crate::logic::constraints::{bit, candidates};
use crate::logic::{within_limits, Candidates, LogicLimits, LogicSolver, Step, VariantLogic};
use crate::model::{Constraints, Model};

/// A hint: its sentence, the cells to highlight, and what applying it does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hint {
    /// The step in words.
    pub text: String,
    /// The cells it uses (highlighted on the screen).
    pub cells: Vec<Cell>,
    /// Digits it places.
    pub placements: Vec<(Cell, Digit)>,
    /// Pencil marks it removes.
    pub eliminations: Vec<(Cell, Digit)>,
}

/// The hint for `digits` (givens and placed digits) in `model`.
pub(crate) fn hint(
    model: &Model,
    logic: (Option<&LogicSolver>, Option<&VariantLogic>),
    digits: &[Option<Digit>],
    solution: Option<&[Option<Digit>]>,
    cursor: Cell,
) -> Hint {
    if let Some(solution) = solution {
        let wrong = (0..digits.len()).find(|&c| digits[c].is_some() && digits[c] != solution[c]);
        if let Some(cell) = wrong {
            let d = digits[cell].unwrap_or(0);
            let text = format!(
                "{} holds {d}, which is not the solution's digit there",
                model.cell_name(cell)
            );
            return Hint { text, cells: vec![cell], ..Hint::default() };
        }
    }
    if model.broken(digits, false).is_err() {
        let text = "some digits break a rule (highlighted): undo them first".to_owned();
        return Hint { text, ..Hint::default() };
    }
    // The hardest puzzles' chains can take minutes; a player waits a few seconds at most, and
    // then gets the steps found so far, or the solution's digit.
    let limits = LogicLimits { deadline: Some(Instant::now() + HINT_TIME), interrupt: None };
    let (found, stop) = within_limits(limits, || match logic {
        (Some(logic), _) => logical(model, logic, digits),
        (None, Some(variant)) => variant_step(variant, digits),
        (None, None) => single(model, digits),
    });
    if let Some(found) = found {
        return found;
    }
    reveal(model, digits, solution, cursor, stop.is_some())
}

/// How long `?` looks for a step.
const HINT_TIME: Duration = Duration::from_secs(5);

/// The logical solver's steps on a plain sudoku, up to the next placed digit.
fn logical(model: &Model, logic: &LogicSolver, digits: &[Option<Digit>]) -> Option<Hint> {
    let cells = digits.iter().map(|d| d.unwrap_or(0)).collect();
    let grid = Grid::from_cells(model.symbols, cells);
    let candidates = logic.candidates(&grid).ok()?;
    to_placement(candidates, |position| logic.next_step(position))
}

/// The variant logic's steps, up to the next placed digit.
fn variant_step(logic: &VariantLogic, digits: &[Option<Digit>]) -> Option<Hint> {
    to_placement(logic.candidates(digits).ok()?, |position| logic.next_step(position))
}

/// The steps `next` finds from this position up to the first that places a digit: that
/// step, said first, then the last earlier step that narrowed the placed cell (the one a
/// player would have to see). Applied, the hint takes them all: the candidates come from the
/// digits alone, so a step that only removes candidates would be found again.
fn to_placement(
    mut candidates: Candidates,
    next: impl Fn(&Candidates) -> Option<Step>,
) -> Option<Hint> {
    let mut steps = Vec::new();
    while steps.last().is_none_or(|step: &Step| step.placements.is_empty()) {
        let Some(step) = next(&candidates) else { break };
        candidates.apply(&step);
        steps.push(step);
    }
    let (placing, before) = steps.split_last()?;
    let placed = placing.placements.first().map(|&(cell, _)| cell);
    let cause = before
        .iter()
        .rev()
        .find(|step| step.eliminations.iter().any(|&(cell, _)| Some(cell) == placed));
    let mut cells = placing.cells.clone();
    let mut text = placing.explanation.clone();
    if let Some(cause) = cause {
        cells.extend(cause.cells.iter().copied().filter(|c| !placing.cells.contains(c)));
        let more = before.len();
        let steps = if more == 1 { "step" } else { "steps" };
        text = format!("{text} (after {more} {steps}, the last on it: {})", cause.explanation);
    }
    Some(Hint {
        text,
        cells,
        placements: steps.iter().flat_map(|s| s.placements.iter().copied()).collect(),
        eliminations: steps.iter().flat_map(|s| s.eliminations.iter().copied()).collect(),
    })
}

/// A naked or hidden single under every constraint of the model.
fn single(model: &Model, digits: &[Option<Digit>]) -> Option<Hint> {
    let found = candidates(model, digits);
    let n = model.symbols.min(64);
    let empty = |c: Cell| model.used[c] && digits[c].is_none();
    if let Some(cell) = (0..digits.len()).find(|&c| empty(c) && found[c].is_power_of_two()) {
        let d = found[cell].trailing_zeros() as Digit + 1;
        let mut cells = vec![cell];
        // Short: the message line of an 80-column terminal holds it whole.
        let mut why = "its regions".to_owned();
        if let Some(k) = model.cages.iter().position(|cage| cage.cells.contains(&cell)) {
            cells.extend(model.cages[k].cells.iter().copied().filter(|&c| c != cell));
            why = format!("{why} and {}", model.cage_name(k));
        }
        let marks = model.constraints().into_iter().any(|list| match list {
            // Named above, when the cell is in one.
            Constraints::Cages(_) => false,
            Constraints::Relations(_)
            | Constraints::Parity(_)
            | Constraints::Candidates(_)
            | Constraints::Lines(_) => !list.is_empty(),
        });
        if marks {
            why.push_str(" and marks");
        }
        let text = format!("{} = {d}: the only digit {why} allow", model.cell_name(cell));
        return Some(Hint { text, cells, placements: vec![(cell, d)], eliminations: Vec::new() });
    }
    for (k, region) in model.regions.iter().enumerate().filter(|(_, r)| r.len() == n) {
        for d in 1..=n as Digit {
            if region.iter().any(|&c| digits[c] == Some(d)) {
                continue;
            }
            let mut places = region.iter().copied().filter(|&c| empty(c) && found[c] & bit(d) != 0);
            let (Some(cell), None) = (places.next(), places.next()) else { continue };
            let text = format!(
                "{} = {d}: the only place left for {d} in {}",
                model.cell_name(cell),
                model.region_name(k)
            );
            let mut cells = vec![cell];
            cells.extend(region.iter().copied().filter(|&c| c != cell));
            return Some(Hint {
                text,
                cells,
                placements: vec![(cell, d)],
                eliminations: Vec::new(),
            });
        }
    }
    None
}

/// The solution's digit of the cursor's cell, or of the first empty cell.
fn reveal(
    model: &Model,
    digits: &[Option<Digit>],
    solution: Option<&[Option<Digit>]>,
    cursor: Cell,
    cut: bool,
) -> Hint {
    let empty = |c: Cell| model.used[c] && digits[c].is_none();
    let Some(cell) =
        (empty(cursor)).then_some(cursor).or_else(|| (0..digits.len()).find(|&c| empty(c)))
    else {
        return Hint { text: "every cell is filled".to_owned(), ..Hint::default() };
    };
    let Some(d) = solution.and_then(|s| s[cell]) else {
        return Hint {
            text: "no step found, and no solution is known to tell".to_owned(),
            ..Hint::default()
        };
    };
    let found = if cut {
        format!("no step found in {} seconds", HINT_TIME.as_secs())
    } else {
        "no simple step found here".to_owned()
    };
    let text = format!("{} = {d}: {found}; this is the solution's digit", model.cell_name(cell));
    Hint { text, cells: vec![cell], placements: vec![(cell, d)], eliminations: Vec::new() }
}
