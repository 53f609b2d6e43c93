//! What the commands do to the game: move the cursor, type a digit or a pencil mark, erase,
//! ask for a hint and apply it, fill the centre marks, check against the solution, undo and
//! redo.

use std::time::Instant;

use super::hint::hint;
use super::{Entry, Game, Lack, Mode};
use crate::grid::{Cell, Digit};
use crate::logic::constraints::{bit, candidates};

impl Game {
    /// Moves the cursor to the next used cell in a direction, skipping unused ones, staying
    /// put at the edge.
    pub(super) fn step(&mut self, dr: isize, dc: isize) {
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
    pub(super) fn type_digit(&mut self, d: Digit) {
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
    pub(super) fn erase(&mut self) {
        let cell = self.cursor;
        let mut entry = self.entries[cell];
        if entry.digit.is_some() {
            entry.digit = None;
        } else {
            entry = Entry::default();
        }
        self.play(vec![(cell, entry)]);
    }

    /// Shows the hint for the position; with that hint on show, its next page instead (a
    /// chain's sentence can be longer than the rows a small screen has for it).
    pub(super) fn ask(&mut self) {
        if self.hint.as_ref().is_some_and(|hint| hint.text == self.message) {
            self.hint_page += 1;
            return;
        }
        self.hint_page = 0;
        let digits = self.digits();
        let solution = self.solution.as_ref().ok().map(|s| s.digits.as_slice());
        let logic = (self.logic.as_ref(), self.variant_logic.as_ref());
        let found = hint(&self.model, logic, &digits, solution, self.cursor);
        self.message.clone_from(&found.text);
        self.hint = Some(found);
    }

    /// Places the hint's digits and removes its eliminations from the pencil marks, as one
    /// move.
    pub(super) fn apply_hint(&mut self) {
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

    /// Every empty cell's candidates under all the constraints, as centre marks, in the
    /// cells that have none: centre marks the player typed are theirs, and stay (`0` empties
    /// a cell's marks, so that `*` fills it again).
    pub(super) fn fill_candidates(&mut self) {
        let digits = self.digits();
        let found = candidates(&self.model, &digits);
        let empty = |c: Cell| self.model.used[c] && digits[c].is_none();
        let changes: Vec<(Cell, Entry)> = (0..digits.len())
            .filter(|&c| empty(c) && self.entries[c].centre == 0)
            .map(|c| (c, Entry { centre: found[c], ..self.entries[c] }))
            .collect();
        let kept = (0..digits.len()).filter(|&c| empty(c) && self.entries[c].centre != 0).count();
        self.play(changes);
        self.message = match kept {
            0 => "centre marks: every digit the rules still allow".to_owned(),
            1 => "centre marks where there were none; 1 cell keeps yours".to_owned(),
            k => format!("centre marks where there were none; {k} cells keep yours"),
        };
    }

    /// Marks the placed digits that differ from the solution.
    pub(super) fn check(&mut self) {
        let solution = match &self.solution {
            Ok(solution) => solution,
            Err(Lack::Unknown) => {
                self.say("the solution is not known: nothing to check against");
                return;
            }
            Err(Lack::NoSolution) => {
                self.say("no solution to check against");
                return;
            }
        };
        let digits = self.digits();
        self.wrong = (0..digits.len())
            .filter(|&c| digits[c].is_some() && digits[c] != solution.digits[c])
            .collect();
        let placed = self.entries.iter().filter(|e| e.digit.is_some()).count();
        self.message = match (self.wrong.len(), placed) {
            (0, 0) => "no digit placed yet".to_owned(),
            (0, 1) => "the 1 placed digit is right".to_owned(),
            (0, _) => format!("all {placed} placed digits are right"),
            (1, _) => "1 digit is wrong (marked ?)".to_owned(),
            (k, _) => format!("{k} digits are wrong (marked ?)"),
        };
    }

    /// Takes back the last move.
    pub(super) fn undo(&mut self) {
        let Some(last) = self.done.pop() else {
            self.say("nothing to undo");
            return;
        };
        for &(cell, before, _) in last.changes.iter().rev() {
            self.entries[cell] = before;
        }
        self.undone.push(last);
        if self.won {
            // Back to playing: the clock runs again.
            self.won = false;
            self.since = Some(Instant::now());
        }
        self.after_move();
    }

    /// Plays the last move taken back again.
    pub(super) fn redo(&mut self) {
        let Some(next) = self.undone.pop() else {
            self.say("nothing to redo");
            return;
        };
        for &(cell, _, after) in &next.changes {
            self.entries[cell] = after;
        }
        self.done.push(next);
        self.after_move();
    }
}
