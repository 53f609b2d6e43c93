//! A game of any [`Model`]: the state and every rule of play, with no terminal. `sudoku
//! play` feeds it keys and draws [`Game::canvas`]; tests feed it scripted keys.
//!
//! - Digits (and letters for symbols past 9, numbers from 36 symbols up) place; `Tab` switches
//!   what they do: digit, centre pencil marks, corner pencil marks. Moves are undone and
//!   redone without limit. The keys that work on a puzzle are [`Game::help`]'s
//!   ([`Game::command`] maps them).
//! - Conflicts are the model's own checker ([`Model::violations`]) after every move: every
//!   broken region, cage (past its sum or unable to reach it) and relation is highlighted.
//! - `?` gives a [`Hint`] with the cells it uses (pressed again, the next page of its
//!   sentence where the screen is short: [`Game::message_page`]); `Enter` applies it. `*`
//!   fills every empty unmarked cell's candidates as centre marks; `!` checks the digits
//!   against the solution.
//! - The game saves to JSON and resumes with its placements, pencil marks, history and clock
//!   ([`Game::to_json`], [`Game::from_json`]).
//!
//! ```
//! use dancer_sudoku::play::{Game, Key};
//! use dancer_sudoku::{Model, Variant};
//!
//! let mut model = Model::from_variant(&Variant::standard(4)?);
//! model.givens[0] = Some(1);
//! let mut game = Game::new("a 4x4", model);
//! // The cursor starts on the first empty cell, r1c2.
//! game.key(Key::Char('1'));
//! assert_eq!(game.conflicts().len(), 2, "row 1 and box 1 hold 1 twice");
//! game.key(Key::Ctrl('z'));
//! assert!(game.conflicts().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod hint;
mod keys;
mod moves;
mod save;
mod solution;

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

pub use self::hint::Hint;
pub use self::keys::{Action, Command, Key};
pub use self::save::SaveError;
pub use self::solution::{search, solve, Searched, Solution};
use crate::draw::{self, Canvas, CellSize, Content, Ink, Outline, Shade};
use crate::grid::{Cell, Digit};
use crate::logic::{LogicSolver, VariantLogic};
use crate::model::{Model, Violation, ViolationKind};

/// The message of a game whose puzzle has no solution.
const NO_SOLUTION: &str = "this puzzle has no solution: hints and the check cannot help";

/// The message of a game whose solution is not known.
const UNSOLVED: &str =
    "the solution is not known (its search gave up): no check (!), and hints use logic alone";

/// Why a game has no solution to check against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lack {
    /// The puzzle has none.
    NoSolution,
    /// Its search gave up: whether the puzzle has one is not known.
    Unknown,
}

/// What digits typed into a cell do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Place the digit.
    #[default]
    Digit,
    /// Toggle a centre pencil mark.
    Centre,
    /// Toggle a corner pencil mark.
    Corner,
}

/// What the player has put in one cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Entry {
    /// The digit placed (givens are not entries).
    pub digit: Option<Digit>,
    /// Corner pencil marks, a bit per digit.
    pub corner: u64,
    /// Centre pencil marks.
    pub centre: u64,
}

/// One undoable move: the cells it changed, before and after.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// (cell, before, after) for each changed cell.
    pub changes: Vec<(Cell, Entry, Entry)>,
}

/// A game in progress.
pub struct Game {
    name: String,
    model: Model,
    outline: Outline,
    /// The solution, or why there is none to check against.
    solution: Result<Solution, Lack>,
    logic: Option<LogicSolver>,
    /// The variant logic, for a sudoku with constraints on top (none when `logic` is there).
    variant_logic: Option<VariantLogic>,
    entries: Vec<Entry>,
    cursor: Cell,
    mode: Mode,
    done: Vec<Move>,
    undone: Vec<Move>,
    /// Time played before the clock last started, and when it started (`None` when stopped).
    played: Duration,
    since: Option<Instant>,
    conflicts: Vec<Violation>,
    hint: Option<Hint>,
    /// How many times `?` was pressed again on the hint on show ([`Game::message_page`]).
    hint_page: usize,
    /// Cells whose digit the last check found wrong.
    wrong: Vec<Cell>,
    message: String,
    won: bool,
    /// Whether the digits or marks changed since the game was made, resumed or saved.
    unsaved: bool,
    /// Whether `q` was pressed once with unsaved moves (a second `q` quits).
    quitting: bool,
    /// The first digit of a symbol being typed as a number (puzzles of 36 symbols and more).
    pending: Option<u8>,
}

impl Game {
    /// A new game of `model` named `name`; the solution is found now (a moment for the
    /// largest multi-grids), and the clock starts.
    pub fn new(name: &str, model: Model) -> Game {
        let solution = solve(&model);
        Game::with_solution(name, model, solution)
    }

    /// A new game whose solution is already known (`None`: the puzzle has none, and the
    /// check and the last resort of hints are not available).
    pub fn with_solution(name: &str, model: Model, solution: Option<Solution>) -> Game {
        let logic = model.variant().map(|variant| LogicSolver::for_hints(&variant));
        let variant_logic = logic.is_none().then(|| VariantLogic::new(&model)).flatten();
        let outline = Outline::new(&model);
        let cursor = (0..model.used.len())
            .find(|&c| model.used[c] && model.givens[c].is_none())
            .unwrap_or(0);
        let message = match &solution {
            None => NO_SOLUTION.to_owned(),
            Some(s) if !s.unique => {
                "this puzzle has more than one solution: the check uses one of them".to_owned()
            }
            Some(_) => String::new(),
        };
        let entries = vec![Entry::default(); model.used.len()];
        let mut game = Game {
            name: name.to_owned(),
            model,
            outline,
            solution: solution.ok_or(Lack::NoSolution),
            logic,
            variant_logic,
            entries,
            cursor,
            mode: Mode::Digit,
            done: Vec::new(),
            undone: Vec::new(),
            played: Duration::ZERO,
            since: Some(Instant::now()),
            conflicts: Vec::new(),
            hint: None,
            hint_page: 0,
            wrong: Vec::new(),
            message,
            won: false,
            unsaved: false,
            quitting: false,
            pending: None,
        };
        game.settle();
        game
    }

    /// A new game whose solution is not known: its search gave up. The check and the last
    /// resort of hints are not available, and the message line says so.
    pub fn unsolved(name: &str, model: Model) -> Game {
        let mut game = Game::with_solution(name, model, None);
        game.solution = Err(Lack::Unknown);
        if game.message == NO_SOLUTION {
            game.say(UNSOLVED);
        }
        game
    }

    /// The solution the game checks against, if it is known.
    pub fn solution(&self) -> Option<&Solution> {
        self.solution.as_ref().ok()
    }

    /// The puzzle's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The puzzle.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The cell under the cursor.
    pub fn cursor(&self) -> Cell {
        self.cursor
    }

    /// What digits do now.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The digit in every cell: givens and placed digits.
    pub fn digits(&self) -> Vec<Option<Digit>> {
        self.entries
            .iter()
            .zip(&self.model.givens)
            .map(|(entry, &given)| given.or(entry.digit))
            .collect()
    }

    /// What the player has put in `cell`.
    pub fn entry(&self, cell: Cell) -> Entry {
        self.entries[cell]
    }

    /// Every constraint the digits break now.
    pub fn conflicts(&self) -> &[Violation] {
        &self.conflicts
    }

    /// The hint on show, if any.
    pub fn hint(&self) -> Option<&Hint> {
        self.hint.as_ref()
    }

    /// The last thing the game has to say (a hint's sentence, a conflict, the check).
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Which page of the message to show when the screen has too few rows for all of it: the
    /// times `?` was pressed again while its hint was on show (the screen counts pages, and
    /// after the last shows the first again); 0 for any other message.
    pub fn message_page(&self) -> usize {
        let on_show = self.hint.as_ref().is_some_and(|hint| hint.text == self.message);
        if on_show {
            self.hint_page
        } else {
            0
        }
    }

    /// Whether every cell is filled without breaking a rule.
    pub fn is_won(&self) -> bool {
        self.won
    }

    /// Whether moves were made since the game was made, resumed or last [`saved`](Self::saved).
    pub fn unsaved(&self) -> bool {
        self.unsaved
    }

    /// Notes that the game was saved to `place` (a file name, for the message line).
    pub fn saved(&mut self, place: &str) {
        self.unsaved = false;
        self.message = format!("saved to {place}");
    }

    /// Shows `text` on the message line (the terminal loop's news, such as a failed save).
    pub fn tell(&mut self, text: &str) {
        self.say(text);
    }

    /// Moves that can be undone, and redone.
    pub fn history(&self) -> (usize, usize) {
        (self.done.len(), self.undone.len())
    }

    /// Time played (the clock stops at the win).
    pub fn elapsed(&self) -> Duration {
        self.played + self.since.map_or(Duration::ZERO, |since| since.elapsed())
    }

    /// The grid with everything the player sees, in cells of `size`.
    pub fn canvas(&self, size: CellSize) -> Canvas {
        let digits = self.digits();
        let mut contents: Vec<Content> = (0..digits.len())
            .map(|cell| {
                let entry = self.entries[cell];
                let ink = if self.model.givens[cell].is_some() { Ink::Given } else { Ink::Placed };
                Content {
                    digit: digits[cell],
                    ink: Some(ink),
                    corner: entry.corner,
                    centre: entry.centre,
                    shade: Shade::default(),
                }
            })
            .collect();
        for violation in &self.conflicts {
            use ViolationKind as V;
            match violation.kind {
                // The whole region shaded, and below the two cells that repeat a digit marked.
                V::Region(k) => {
                    self.model.regions[k]
                        .iter()
                        .for_each(|&c| contents[c].shade.broken_region = true);
                }
                // Their cells are the constraint's, marked below: a cage whole, a relation's pair,
                // a line's cells.
                V::Shape
                | V::Line(_)
                | V::Cell(_)
                | V::Cage(_)
                | V::Relation(_)
                | V::Parity(_)
                | V::Candidates(_) => {}
            }
            for &cell in &violation.cells {
                contents[cell].shade.conflict = true;
            }
        }
        for &cell in self.hint.iter().flat_map(|hint| &hint.cells) {
            contents[cell].shade.hint = true;
        }
        for &cell in &self.wrong {
            contents[cell].shade.wrong = true;
        }
        contents[self.cursor].shade.cursor = true;
        draw::text(&self.model, &self.outline, &contents, size)
    }

    /// The outline the canvas is drawn from.
    pub fn outline(&self) -> &Outline {
        &self.outline
    }

    /// Sets the message line.
    fn say(&mut self, text: &str) {
        self.message.clear();
        self.message.push_str(text);
    }

    /// Applies `change` as one move (when it changes anything), forgetting what was undone.
    fn play(&mut self, changes: Vec<(Cell, Entry)>) {
        let changes: Vec<(Cell, Entry, Entry)> = changes
            .into_iter()
            .filter(|&(cell, after)| self.entries[cell] != after)
            .map(|(cell, after)| (cell, self.entries[cell], after))
            .collect();
        if changes.is_empty() || self.won {
            return;
        }
        for &(cell, _, after) in &changes {
            self.entries[cell] = after;
        }
        self.done.push(Move { changes });
        self.undone.clear();
        self.after_move();
    }

    /// After the digits changed: old hints and checks no longer apply.
    pub(super) fn after_move(&mut self) {
        self.unsaved = true;
        self.hint = None;
        self.wrong.clear();
        self.message.clear();
        self.settle();
    }

    /// Conflicts and the win, from the digits as they are.
    fn settle(&mut self) {
        let digits = self.digits();
        self.conflicts = self.model.violations(&digits, false);
        if let Some(first) = self.conflicts.first() {
            self.message = first.text.clone();
        }
        let full = (0..digits.len()).all(|c| !self.model.used[c] || digits[c].is_some());
        if full && self.conflicts.is_empty() && !self.won {
            self.won = true;
            self.played = self.elapsed();
            self.since = None;
            let seconds = self.played.as_secs();
            self.message = format!("solved in {}:{:02}!", seconds / 60, seconds % 60);
        }
    }
}
