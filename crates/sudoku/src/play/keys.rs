//! The keys of the game and what each does. A letter is a symbol when the puzzle has that
//! many symbols (`A` = 10 ... `Z` = 35, either case), and a command otherwise, so that `hjkl`,
//! `u`, `r`, `q` work on every puzzle up to 16×16; the arrows and control keys always work.

use super::deduce::{bit, candidates};
use super::hint::hint;
use super::{Entry, Game, Mode};
use crate::grid::{digit_of, Cell, Digit};

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
    /// Enter: apply the hint on show.
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

/// The key help for the status line.
pub const HELP: &str = "arrows/hjkl/mouse move · 1-9 place · 0/Del erase · Tab digit/centre/corner · ? hint · Enter apply it · Esc hide · * fill marks · ! check · u undo · r redo · s save · q quit";

impl Game {
    /// Handles one key.
    pub fn key(&mut self, key: Key) -> Action {
        if key != Key::Char('q') {
            self.quitting = false;
        }
        let n = self.model.symbols;
        let symbol = |c: char| digit_of(c).filter(|&d| d >= 1 && usize::from(d) <= n);
        match key {
            Key::Click(cell) if cell < self.model.used.len() && self.model.used[cell] => {
                self.cursor = cell;
            }
            Key::Char(c) if symbol(c).is_some() => self.type_digit(symbol(c).unwrap_or(1)),
            // After the symbols: `h` `j` `k` `l` are symbols of puzzles past 16×16.
            Key::Up | Key::Char('k') => self.step(-1, 0),
            Key::Down | Key::Char('j') => self.step(1, 0),
            Key::Left | Key::Char('h') => self.step(0, -1),
            Key::Right | Key::Char('l') => self.step(0, 1),
            Key::Char('0' | '.' | ' ') | Key::Backspace | Key::Delete => self.erase(),
            Key::Tab => self.switch(1),
            Key::BackTab => self.switch(2),
            Key::Char('?') => self.ask(),
            Key::Enter => self.apply_hint(),
            Key::Char('*') => self.fill_candidates(),
            Key::Char('!') => self.check(),
            Key::Ctrl('z') | Key::Char('u') => self.undo(),
            Key::Ctrl('y' | 'r') | Key::Char('r') => self.redo(),
            Key::Ctrl('s') | Key::Char('s') => return Action::Save,
            Key::Ctrl('c' | 'q') => return Action::Quit,
            Key::Char('q') => return self.quit(),
            Key::Esc => self.dismiss(),
            _ => {}
        }
        Action::None
    }

    /// Quits, unless there are unsaved moves and this is the first `q`.
    fn quit(&mut self) -> Action {
        if !self.unsaved || self.quitting {
            return Action::Quit;
        }
        self.quitting = true;
        self.say("unsaved moves: s saves, q again quits without saving");
        Action::None
    }

    /// Takes the hint and the check's marks off the screen.
    fn dismiss(&mut self) {
        self.hint = None;
        self.wrong.clear();
        self.message.clear();
    }

    /// Moves the cursor to the next used cell in a direction, skipping unused ones, staying
    /// put at the edge.
    fn step(&mut self, dr: isize, dc: isize) {
        let (w, h) = (self.model.width.cast_signed(), self.model.height.cast_signed());
        let (mut r, mut c) = (self.cursor.cast_signed() / w, self.cursor.cast_signed() % w);
        loop {
            r += dr;
            c += dc;
            if r < 0 || c < 0 || r >= h || c >= w {
                return;
            }
            let cell = (r * w + c).cast_unsigned();
            if self.model.used[cell] {
                self.cursor = cell;
                return;
            }
        }
    }

    /// A digit typed into the cursor's cell: placed (or taken out, when it is there already)
    /// or toggled as a pencil mark.
    fn type_digit(&mut self, d: Digit) {
        let cell = self.cursor;
        if self.model.givens[cell].is_some() {
            self.message = format!("{} is given", self.model.cell_name(cell));
            return;
        }
        let mut entry = self.entries[cell];
        match self.mode {
            Mode::Digit => entry.digit = if entry.digit == Some(d) { None } else { Some(d) },
            Mode::Centre if entry.digit.is_none() => entry.centre ^= bit(d),
            Mode::Corner if entry.digit.is_none() => entry.corner ^= bit(d),
            Mode::Centre | Mode::Corner => {
                self.say("pencil marks go in empty cells");
                return;
            }
        }
        self.play(vec![(cell, entry)]);
    }

    /// Empties the cursor's cell: its digit, or else its pencil marks.
    fn erase(&mut self) {
        let cell = self.cursor;
        let mut entry = self.entries[cell];
        if entry.digit.is_some() {
            entry.digit = None;
        } else {
            entry = Entry::default();
        }
        self.play(vec![(cell, entry)]);
    }

    /// The next (`by` 1) or previous (`by` 2) entry mode.
    fn switch(&mut self, by: usize) {
        let modes = [Mode::Digit, Mode::Centre, Mode::Corner];
        let at = modes.iter().position(|&m| m == self.mode).unwrap_or(0);
        self.mode = modes[(at + by) % 3];
    }

    /// Shows the hint for the position.
    fn ask(&mut self) {
        let digits = self.digits();
        let solution = self.solution.as_ref().map(|s| s.digits.as_slice());
        let found = hint(&self.model, self.logic.as_ref(), &digits, solution, self.cursor);
        self.message.clone_from(&found.text);
        self.hint = Some(found);
    }

    /// Places the hint's digits and removes its eliminations from the pencil marks, as one
    /// move.
    fn apply_hint(&mut self) {
        let Some(found) = self.hint.clone() else {
            self.say("no hint on show: press ? first");
            return;
        };
        let mut changed: Vec<(Cell, Entry)> = Vec::new();
        let entry_of = |cell: Cell, changed: &mut Vec<(Cell, Entry)>| -> usize {
            if let Some(at) = changed.iter().position(|&(c, _)| c == cell) {
                return at;
            }
            changed.push((cell, self.entries[cell]));
            changed.len() - 1
        };
        for &(cell, d) in &found.placements {
            let at = entry_of(cell, &mut changed);
            changed[at].1.digit = Some(d);
        }
        for &(cell, d) in &found.eliminations {
            let at = entry_of(cell, &mut changed);
            changed[at].1.centre &= !bit(d);
            changed[at].1.corner &= !bit(d);
        }
        if changed.is_empty() {
            self.say("this hint has nothing to apply");
            return;
        }
        self.play(changed);
    }

    /// Every empty cell's candidates under all the constraints, as centre marks.
    fn fill_candidates(&mut self) {
        let digits = self.digits();
        let found = candidates(&self.model, &digits);
        let changes = (0..digits.len())
            .filter(|&c| self.model.used[c] && digits[c].is_none())
            .map(|c| (c, Entry { digit: None, corner: self.entries[c].corner, centre: found[c] }))
            .collect();
        self.play(changes);
        self.say("centre marks: every digit the rules still allow");
    }

    /// Marks the placed digits that differ from the solution.
    fn check(&mut self) {
        let Some(solution) = &self.solution else {
            self.say("no solution to check against");
            return;
        };
        let digits = self.digits();
        self.wrong = (0..digits.len())
            .filter(|&c| digits[c].is_some() && digits[c] != solution.digits[c])
            .collect();
        let placed = self.entries.iter().filter(|e| e.digit.is_some()).count();
        self.message = match self.wrong.len() {
            0 => format!("all {placed} placed digits are right"),
            1 => "1 digit is wrong (marked ?)".to_owned(),
            k => format!("{k} digits are wrong (marked ?)"),
        };
    }
}
