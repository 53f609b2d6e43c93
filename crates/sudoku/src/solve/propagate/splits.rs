//! Sandwich and X-sum clues on a full house, propagated as the ways the house may split.
//!
//! The automaton of such a line reads its cells one by one and cannot know that a row holds
//! each digit once, so it lets the inside of a sandwich hold 4, 4, 7 and learns nothing from
//! the digits the rest of the row must take. On a house the clue is a choice of a few
//! *splits*: where the crusts (or the X) stand, and which digit set fills the cells they
//! enclose; every other cell then takes the digits left over. A split holds while each inside
//! cell can take a digit of its set and the inside cells together can take all of it, and
//! likewise outside; each cell keeps the digits of the splits that hold. That is how sigh's
//! Interactive Sudoku Solver proves the one-given sandwich puzzle of the f-puzzles set without
//! a guess, where the automaton searched 150 000 nodes.

use std::ops::Range;

use super::board::PropBoard;
use super::PropTables;
use crate::grid::Cell;
use crate::model::lines::LineKind;
use crate::model::{digit_sets, Model};
use crate::solve::kit::Contradiction;

/// One way a line through a full house can hold its clue: digits fixed at positions of the
/// line, the positions between them holding one digit set of `combos`, the rest the digits
/// left over.
#[derive(Clone, Debug)]
pub(super) struct Split {
    /// Up to two `(position, digit bit)` pairs.
    fixed: [(u8, u64); 2],
    fixed_len: u8,
    /// The positions holding a set of `combos` (a bit per position of the line).
    inside: u64,
    /// The digit sets the inside may hold, in the tables' list of sets.
    pub(super) combos: Range<u32>,
}

/// At most this many digit sets over all the splits of one line; past it the line keeps its
/// automaton.
const MOST_COMBOS: usize = 4096;

/// The splits of `line`'s clue if it is a sandwich or an X-sum on exactly the cells of a full
/// region, with their digit sets appended to `sets`; none for any other line (or too many
/// sets).
pub(super) fn splits_of(
    model: &Model,
    cells: &[Cell],
    kind: &LineKind,
    sets: &mut Vec<u64>,
) -> Option<Vec<Split>> {
    let n = model.symbols;
    if cells.len() != n || !(2..=64).contains(&n) {
        return None;
    }
    let house = model
        .regions
        .iter()
        .any(|region| region.len() == n && cells.iter().all(|cell| region.contains(cell)));
    if !house {
        return None;
    }
    let start = sets.len();
    let found = enumerate(n, kind, sets, start);
    if found.is_none() {
        sets.truncate(start);
    }
    found
}

/// The splits of a sandwich or X-sum clue of `n` cells, their sets appended to `sets` after
/// `start`; none past [`MOST_COMBOS`] sets.
fn enumerate(n: usize, kind: &LineKind, sets: &mut Vec<u64>, start: usize) -> Option<Vec<Split>> {
    let mut splits = Vec::new();
    let mut push =
        |fixed: &[(usize, usize)], inside: Range<usize>, sum: u32, sets: &mut Vec<u64>| {
            let banned = fixed.iter().fold(0u64, |mask, &(_, digit)| mask | 1 << (digit - 1));
            let first = sets.len() as u32;
            let found = digit_sets(n, inside.len(), sum)?;
            sets.extend(found.into_iter().filter(|set| set & banned == 0));
            if sets.len() - start > MOST_COMBOS {
                return None;
            }
            let mut split = Split {
                fixed: [(0, 0); 2],
                fixed_len: fixed.len() as u8,
                inside: inside.fold(0, |mask, position| mask | 1 << position),
                combos: first..sets.len() as u32,
            };
            for (slot, &(position, digit)) in split.fixed.iter_mut().zip(fixed) {
                *slot = (position as u8, 1 << (digit - 1));
            }
            if !split.combos.is_empty() {
                splits.push(split);
            }
            Some(())
        };
    match *kind {
        LineKind::Sandwich(total) => {
            for first in 0..n {
                for second in first + 1..n {
                    for (a, b) in [(1, n), (n, 1)] {
                        push(&[(first, a), (second, b)], first + 1..second, total, sets)?;
                    }
                }
            }
        }
        LineKind::XSum(total) => {
            for x in 1..=n {
                let Some(rest) = total.checked_sub(x as u32) else { continue };
                push(&[(0, x)], 1..x, rest, sets)?;
            }
        }
        _ => return None,
    }
    Some(splits)
}

impl PropBoard {
    /// A clue on a full house: each cell keeps the digits the splits that still hold give it.
    pub(super) fn splits(
        &mut self,
        tables: &PropTables,
        cells: &[Cell],
        splits: &[Split],
    ) -> Result<(), Contradiction> {
        let every = if tables.n == 64 { u64::MAX } else { (1u64 << tables.n) - 1 };
        let mut support = [0u64; 64];
        for split in splits {
            let fixed = &split.fixed[..split.fixed_len as usize];
            if fixed.iter().any(|&(at, bit)| self.masks[cells[at as usize]] & bit == 0) {
                continue;
            }
            let taken = fixed.iter().fold(0, |mask, &(_, bit)| mask | bit);
            let mut outside = !split.inside & ((1u128 << cells.len()) - 1) as u64;
            for &(at, _) in fixed {
                outside &= !(1 << at);
            }
            let (mut inner, mut outer, mut held) = (0u64, 0u64, false);
            let combos = &tables.sets[split.combos.start as usize..split.combos.end as usize];
            for &combo in combos {
                let rest = every & !taken & !combo;
                if self.covers(cells, split.inside, combo) && self.covers(cells, outside, rest) {
                    inner |= combo;
                    outer |= rest;
                    held = true;
                }
            }
            if !held {
                continue;
            }
            for &(at, bit) in fixed {
                support[at as usize] |= bit;
            }
            for (position, slot) in support.iter_mut().enumerate().take(cells.len()) {
                if split.inside >> position & 1 == 1 {
                    *slot |= inner;
                } else if outside >> position & 1 == 1 {
                    *slot |= outer;
                }
            }
        }
        for (&cell, &keep) in cells.iter().zip(&support) {
            self.restrict(tables, cell, keep)?;
        }
        Ok(())
    }

    /// Whether the cells at `positions` (a bit per position of `cells`) can hold exactly the
    /// digits of `set`: each has one of them, and together they have all of them.
    #[inline]
    fn covers(&self, cells: &[Cell], positions: u64, set: u64) -> bool {
        let (mut rest, mut union) = (positions, 0u64);
        while rest != 0 {
            let mask = self.masks[cells[rest.trailing_zeros() as usize]] & set;
            if mask == 0 {
                return false;
            }
            union |= mask;
            rest &= rest - 1;
        }
        union == set
    }
}
