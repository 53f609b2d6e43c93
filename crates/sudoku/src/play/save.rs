//! A game saved as one JSON object: the puzzle as its JSON lines record (with the solution,
//! so that resuming does not search again), the entries, the cursor and mode, the whole undo
//! and redo history, and the time played. Read back strictly: a file that does not fit its
//! puzzle is refused with the reason, never half loaded.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::{Entry, Game, Lack, Mode, Move, Solution};
use crate::grid::Cell;
use crate::read::published::Record;

/// The version written in saved games; another is refused.
const VERSION: u32 = 1;

/// A saved game as written.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved {
    version: u32,
    /// The puzzle's JSON lines record.
    puzzle: String,
    /// Whether the record's solution is the only one.
    unique: bool,
    /// Whether the search for the solution gave up (the record then carries none); left out
    /// when it did not, so that a game saved before this field is read as it was.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    unsolved: bool,
    entries: Vec<Entry>,
    cursor: Cell,
    mode: Mode,
    done: Vec<Move>,
    undone: Vec<Move>,
    seconds: f64,
}

/// Why a saved game cannot be resumed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a saved game: {0}")]
pub struct SaveError(pub String);

impl Game {
    /// The game as one line of JSON.
    pub fn to_json(&self) -> String {
        let solution = self.solution().map(|s| s.digits.iter().map(|d| d.unwrap_or(0)).collect());
        let record = Record {
            name: self.name.clone(),
            model: self.model.clone(),
            solution,
            generated: None,
        };
        let saved = Saved {
            version: VERSION,
            puzzle: record.to_json(),
            unique: self.solution().is_some_and(|s| s.unique),
            unsolved: self.solution == Err(Lack::Unknown),
            entries: self.entries.clone(),
            cursor: self.cursor,
            mode: self.mode,
            done: self.done.clone(),
            undone: self.undone.clone(),
            seconds: self.elapsed().as_secs_f64(),
        };
        serde_json::to_string(&saved).unwrap_or_default()
    }

    /// A game saved by [`to_json`](Self::to_json), its clock running again.
    ///
    /// # Errors
    /// Text that is not a saved game of this version, or whose entries, cursor or history do
    /// not fit its puzzle.
    pub fn from_json(text: &str) -> Result<Game, SaveError> {
        let saved: Saved = serde_json::from_str(text).map_err(|e| SaveError(e.to_string()))?;
        if saved.version != VERSION {
            return Err(SaveError(format!(
                "version {}, and this program reads {VERSION}",
                saved.version
            )));
        }
        let record =
            Record::from_json(&saved.puzzle).map_err(|e| SaveError(format!("its puzzle: {e}")))?;
        let model = &record.model;
        let cells = model.used.len();
        let solution = record.solution.as_ref().map(|digits| Solution {
            digits: digits.iter().map(|&d| (d != 0).then_some(d)).collect(),
            unique: saved.unique,
        });
        if solution.as_ref().is_some_and(|s| model.broken(&s.digits, true).is_err()) {
            return Err(SaveError("its solution breaks the puzzle's rules".to_owned()));
        }
        if saved.unsolved && solution.is_some() {
            return Err(SaveError("its puzzle has a solution, yet it says none was found".into()));
        }
        if saved.entries.len() != cells {
            return Err(SaveError(format!("{} entries for {cells} cells", saved.entries.len())));
        }
        let fits = |cell: Cell, entry: &Entry| {
            let full = if model.symbols >= 64 { u64::MAX } else { (1u64 << model.symbols) - 1 };
            cell < cells
                && (model.used[cell] || *entry == Entry::default())
                && (model.givens[cell].is_none() || entry.digit.is_none())
                && entry.digit.is_none_or(|d| d >= 1 && usize::from(d) <= model.symbols)
                && entry.corner & !full == 0
                && entry.centre & !full == 0
        };
        if let Some(cell) = (0..cells).find(|&c| !fits(c, &saved.entries[c])) {
            return Err(SaveError(format!("cell {cell}'s entry does not fit the puzzle")));
        }
        let moves = saved.done.iter().chain(&saved.undone);
        if moves
            .flat_map(|m| &m.changes)
            .any(|(cell, before, after)| !fits(*cell, before) || !fits(*cell, after))
        {
            return Err(SaveError("a move of its history does not fit the puzzle".to_owned()));
        }
        if saved.cursor >= cells || !model.used[saved.cursor] {
            return Err(SaveError(format!("cursor {} is not a cell of the puzzle", saved.cursor)));
        }
        if !(saved.seconds.is_finite() && saved.seconds >= 0.0) {
            return Err(SaveError(format!("{} seconds played", saved.seconds)));
        }
        let mut game = if saved.unsolved {
            Game::unsolved(&record.name, record.model)
        } else {
            Game::with_solution(&record.name, record.model, solution)
        };
        game.entries = saved.entries;
        game.cursor = saved.cursor;
        game.mode = saved.mode;
        game.done = saved.done;
        game.undone = saved.undone;
        game.played = Duration::from_secs_f64(saved.seconds.min(1e12));
        game.since = Some(Instant::now());
        game.settle();
        Ok(game)
    }
}
