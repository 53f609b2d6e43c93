//! The keys of the game and what each asks for ([`Game::command`]), whatever the number of
//! symbols:
//!
//! - Up to 35 symbols each symbol is one key: `1`-`9`, then letters (`A` = 10 ... `Z` = 35,
//!   either case). A command letter (`hjkl` move, `u` undo, `r` redo, `s` save, `q` quit)
//!   that is one of the puzzle's symbols (from 17 symbols up: `h` is 17) types the symbol,
//!   and its command is then on its control key (Ctrl-Z, Ctrl-Y, Ctrl-S, Ctrl-Q; moving on
//!   the arrows), which always work. The help line names the keys that work.
//! - From 36 symbols, symbols are typed as numbers: a digit that no larger symbol begins with
//!   is placed at once (`7` on a 36×36), another waits for a second digit (`3` then `6` is
//!   36) or for Enter (`3` Enter is 3); Esc forgets it, and so does any other key. Every
//!   letter is then a command again.

use super::{Game, Mode};
use crate::grid::{digit_of, Cell, Digit, MAX_LINE_SIZE};

/// A key press, as the terminal loop reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Key {
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// A printable character.
    Char(char),
    /// A character with Control held.
    Ctrl(char),
    /// Backspace.
    Backspace,
    /// Delete.
    Delete,
    /// Tab: the next entry mode.
    Tab,
    /// Shift-Tab: the previous entry mode.
    BackTab,
    /// Enter: apply the hint on show (or end a symbol typed as a number).
    Enter,
    /// Escape.
    Esc,
    /// A mouse click on a cell.
    Click(Cell),
}

/// What the terminal loop must do after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Action {
    /// Nothing but draw again.
    None,
    /// Save the game.
    Save,
    /// End the game.
    Quit,
}

/// What a key asks the game for, on its puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Command {
    /// Move the cursor by rows and columns.
    Move(isize, isize),
    /// Move the cursor to a cell.
    Click(Cell),
    /// Type a symbol (a digit, or a pencil mark in the marking modes).
    Symbol(Digit),
    /// A digit of a symbol typed as a number (puzzles of 36 symbols and more).
    NumberDigit(u8),
    /// Empty the cell: its digit, then its pencil marks.
    Erase,
    /// The next entry mode.
    NextMode,
    /// The previous entry mode.
    PreviousMode,
    /// Show a hint.
    Hint,
    /// Apply the hint on show, or end a symbol typed as a number.
    Enter,
    /// Take the hint and the check's marks off the screen.
    Dismiss,
    /// Fill the empty cells' centre marks.
    Fill,
    /// Check the digits against the solution.
    Check,
    /// Undo.
    Undo,
    /// Redo.
    Redo,
    /// Save.
    Save,
    /// Quit (asking again when moves are unsaved).
    Quit,
    /// Quit at once.
    QuitNow,
    /// Nothing.
    Nothing,
}

/// The command letters and the control keys that stand in for them.
const LETTERS: [(char, Command, &str); 8] = [
    ('k', Command::Move(-1, 0), ""),
    ('j', Command::Move(1, 0), ""),
    ('h', Command::Move(0, -1), ""),
    ('l', Command::Move(0, 1), ""),
    ('u', Command::Undo, "Ctrl-Z"),
    ('r', Command::Redo, "Ctrl-Y"),
    ('s', Command::Save, "Ctrl-S"),
    ('q', Command::Quit, "Ctrl-Q"),
];

impl Game {
    /// What `key` asks for on this puzzle (see the module's notes).
    pub fn command(&self, key: Key) -> Command {
        if let Some(command) = self.typed(key) {
            return command;
        }
        match key {
            Key::Click(cell) => Command::Click(cell),
            Key::Up => Command::Move(-1, 0),
            Key::Down => Command::Move(1, 0),
            Key::Left => Command::Move(0, -1),
            Key::Right => Command::Move(0, 1),
            Key::Char('0' | '.' | ' ') | Key::Backspace | Key::Delete => Command::Erase,
            Key::Tab => Command::NextMode,
            Key::BackTab => Command::PreviousMode,
            Key::Char('?') => Command::Hint,
            Key::Enter => Command::Enter,
            Key::Char('*') => Command::Fill,
            Key::Char('!') => Command::Check,
            Key::Ctrl('z') => Command::Undo,
            Key::Ctrl('y' | 'r') => Command::Redo,
            Key::Ctrl('s') => Command::Save,
            Key::Ctrl('q') => Command::Quit,
            Key::Ctrl('c') => Command::QuitNow,
            Key::Esc => Command::Dismiss,
            _ => Command::Nothing,
        }
    }

    /// What a typed symbol or command letter asks for: a digit of a number (from 36
    /// symbols; `0` only after a first digit, else it erases), a symbol, or a command letter
    /// that is no symbol.
    fn typed(&self, key: Key) -> Option<Command> {
        let Key::Char(c) = key else { return None };
        let digit = c.to_digit(10).and_then(|d| u8::try_from(d).ok());
        if let Some(d) = digit
            .filter(|&d| self.model.symbols > MAX_LINE_SIZE && (d > 0 || self.pending.is_some()))
        {
            return Some(Command::NumberDigit(d));
        }
        if let Some(d) = self.symbol_key(c) {
            return Some(Command::Symbol(d));
        }
        LETTERS.iter().find(|&&(letter, ..)| letter == c).map(|&(_, command, _)| command)
    }

    /// The symbol `c` types, when it is one key of this puzzle's symbols.
    fn symbol_key(&self, c: char) -> Option<Digit> {
        let n = self.model.symbols;
        let single = n <= MAX_LINE_SIZE || c.is_ascii_digit();
        digit_of(c).filter(|&d| single && d >= 1 && usize::from(d) <= n.min(MAX_LINE_SIZE))
    }

    /// The key of a command letter on this puzzle: the letter, or its control key when the
    /// letter types a symbol (`None` for a move, whose keys are then the arrows alone).
    fn key_name(&self, letter: char) -> Option<String> {
        let (_, _, control) = LETTERS.iter().find(|&&(l, ..)| l == letter)?;
        match self.symbol_key(letter) {
            None => Some(letter.to_string()),
            Some(_) if control.is_empty() => None,
            Some(_) => Some((*control).to_owned()),
        }
    }

    /// The key that quits, as the screen names it (`q`, or `Ctrl-Q` where `q` is a symbol).
    pub fn quit_key(&self) -> String {
        self.key_name('q').unwrap_or_else(|| "Ctrl-Q".to_owned())
    }

    /// The key help for the status line: the keys that work on this puzzle, in parts to be
    /// joined with ` · `.
    pub fn help(&self) -> Vec<String> {
        let n = self.model.symbols;
        let moves = ['h', 'j', 'k', 'l'].iter().all(|&c| self.key_name(c).is_some());
        let mut help =
            vec![if moves { "arrows/hjkl/mouse move" } else { "arrows/mouse move" }.to_owned()];
        help.push(match n {
            1..=9 => format!("1-{n} place"),
            10..=MAX_LINE_SIZE => {
                format!("1-9 A-{} place", Digit::try_from(n).map_or('?', crate::grid::symbol))
            }
            _ => format!("1-{n} place (two digits, or one and Enter)"),
        });
        help.extend(
            ["0/Del erase", "Tab digit/centre/corner", "? hint", "Enter apply it", "Esc hide"]
                .map(str::to_owned),
        );
        help.extend(["* fill marks", "! check"].map(str::to_owned));
        for (letter, word) in [('u', "undo"), ('r', "redo"), ('s', "save"), ('q', "quit")] {
            if let Some(key) = self.key_name(letter) {
                help.push(format!("{key} {word}"));
            }
        }
        help
    }

    /// Handles one key.
    pub fn key(&mut self, key: Key) -> Action {
        let command = self.command(key);
        if command != Command::Quit {
            self.quitting = false;
        }
        if !matches!(command, Command::NumberDigit(_) | Command::Enter) {
            self.pending = None;
        }
        match command {
            Command::Click(cell) if cell < self.model.used.len() && self.model.used[cell] => {
                self.cursor = cell;
            }
            Command::Symbol(d) => self.type_digit(d),
            Command::NumberDigit(d) => self.number_digit(d),
            Command::Move(dr, dc) => self.step(dr, dc),
            Command::Erase => self.erase(),
            Command::NextMode => self.switch(1),
            Command::PreviousMode => self.switch(2),
            Command::Hint => self.ask(),
            Command::Enter => match self.pending.take() {
                Some(first) => self.end_number(first),
                None => self.apply_hint(),
            },
            Command::Fill => self.fill_candidates(),
            Command::Check => self.check(),
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::Save => return Action::Save,
            Command::QuitNow => return Action::Quit,
            Command::Quit => return self.quit(),
            Command::Dismiss => self.dismiss(),
            Command::Click(_) | Command::Nothing => {}
        }
        Action::None
    }

    /// A digit of a symbol typed as a number: placed when no larger symbol begins with what
    /// was typed, else kept until the next digit or Enter.
    fn number_digit(&mut self, d: u8) {
        let n = self.model.symbols;
        let typed = match self.pending.take() {
            Some(first) => usize::from(first) * 10 + usize::from(d),
            None if usize::from(d) * 10 <= n => {
                self.pending = Some(d);
                self.message = format!("{d}… a second digit, or Enter for {d}");
                return;
            }
            None => usize::from(d),
        };
        self.typed_number(typed);
    }

    /// Enter after one digit: that digit is the symbol.
    fn end_number(&mut self, first: u8) {
        self.typed_number(usize::from(first));
    }

    fn typed_number(&mut self, typed: usize) {
        let n = self.model.symbols;
        match Digit::try_from(typed).ok().filter(|&d| d >= 1 && usize::from(d) <= n) {
            Some(d) => {
                self.message.clear();
                self.type_digit(d);
            }
            None => self.message = format!("{typed} is not a symbol of this puzzle (1 to {n})"),
        }
    }

    /// The first digit of a symbol being typed as a number, if any.
    pub fn pending(&self) -> Option<u8> {
        self.pending
    }

    /// Quits, unless there are unsaved moves and this is the first `q`.
    fn quit(&mut self) -> Action {
        if !self.unsaved || self.quitting {
            return Action::Quit;
        }
        self.quitting = true;
        let key = self.quit_key();
        self.message =
            format!("unsaved moves: {} saves, {key} again quits without saving", self.save_key());
        Action::None
    }

    /// The key that saves, as the screen names it.
    fn save_key(&self) -> String {
        self.key_name('s').unwrap_or_else(|| "Ctrl-S".to_owned())
    }

    /// Takes the hint and the check's marks off the screen.
    fn dismiss(&mut self) {
        self.hint = None;
        self.wrong.clear();
        self.message.clear();
    }

    /// The next (`by` 1) or previous (`by` 2) entry mode.
    fn switch(&mut self, by: usize) {
        let modes = [Mode::Digit, Mode::Centre, Mode::Corner];
        let at = modes.iter().position(|&m| m == self.mode).unwrap_or(0);
        self.mode = modes[(at + by) % 3];
    }
}
