//! A short line's every filling, listed once: the propagating search keeps it as a table.
//!
//! A line's automaton reads one cell at a time and cannot tell that two of its cells share a
//! box, so it lets the body of an arrow in one box hold 1, 1, 2. ISS solves the f-puzzles
//! "Orbit" (arrows and little killers) in 860 guesses where the automata took 30 000 nodes:
//! most of the gap is that knowledge. Where the accepting paths of the unrolled automaton
//! that also keep distinct digits in cells sharing a region or a cage are few, the search
//! takes them as a table of fillings instead: exact for the line and those regions together.

use super::tables::LineTable;
use crate::grid::Cell;
use crate::model::Model;

/// Lines of at most this many cells, with at most this many fillings, become tables (the
/// table propagator reads every filling at each call: a few thousand word operations).
pub(super) const MOST_CELLS: usize = 16;
pub(super) const MOST_FILLINGS: usize = 512;

/// The fillings of `line` (in its reading order, a mask of one digit a cell, one filling
/// after the other) that keep distinct digits in cells sharing one of `model`'s regions or
/// cages; none when the line is longer than [`MOST_CELLS`] or has more than
/// [`MOST_FILLINGS`] of them.
pub(super) fn line_fillings(model: &Model, line: &LineTable) -> Option<Vec<u64>> {
    let m = line.cells.len();
    if m == 0 || m > MOST_CELLS {
        return None;
    }
    // For each position, the earlier positions it must differ from.
    let shares = |a: Cell, b: Cell| {
        let groups = model.regions.iter().chain(model.cages.iter().map(|cage| &cage.cells));
        groups.into_iter().any(|group| group.contains(&a) && group.contains(&b))
    };
    let apart: Vec<u64> = (0..m)
        .map(|k| {
            (0..k).filter(|&j| shares(line.cells[j], line.cells[k])).fold(0, |s, j| s | 1 << j)
        })
        .collect();
    // Each layer's steps come grouped by the state they leave: where each state's begin.
    let leaving: Vec<Vec<u32>> = (0..m)
        .map(|k| {
            let width = (line.states[k + 1] - line.states[k]) as usize;
            let steps = &line.steps[line.starts[k] as usize..line.starts[k + 1] as usize];
            let mut starts = vec![steps.len() as u32; width + 1];
            for (i, &(from, _, _)) in steps.iter().enumerate().rev() {
                starts[from as usize] = i as u32;
            }
            for s in (0..width).rev() {
                starts[s] = starts[s].min(starts[s + 1]);
            }
            starts
        })
        .collect();
    let steps_of = |k: usize, state: u32| {
        let layer = &line.steps[line.starts[k] as usize..line.starts[k + 1] as usize];
        let range = leaving[k][state as usize] as usize..leaving[k][state as usize + 1] as usize;
        (range.start, &layer[range])
    };
    // Depth first over the accepting paths: `next[k]` the next step to try at layer k.
    let mut fillings = Vec::new();
    let mut digits = vec![0u64; m];
    let mut state = vec![0u32; m + 1];
    let mut next = vec![0usize; m + 1];
    next[0] = steps_of(0, 0).0;
    let mut k = 0;
    loop {
        if k == m {
            if fillings.len() / m >= MOST_FILLINGS {
                return None;
            }
            fillings.extend_from_slice(&digits);
            k -= 1;
            continue;
        }
        let (first, steps) = steps_of(k, state[k]);
        let chosen = steps[next[k] - first..].iter().position(|&(_, digit, _)| {
            let bit = 1u64 << digit;
            let mut earlier = apart[k];
            while earlier != 0 {
                if digits[earlier.trailing_zeros() as usize] == bit {
                    return false;
                }
                earlier &= earlier - 1;
            }
            true
        });
        match chosen {
            Some(offset) => {
                let (_, digit, to) = steps[next[k] - first + offset];
                next[k] += offset + 1;
                digits[k] = 1 << digit;
                state[k + 1] = to;
                k += 1;
                if k < m {
                    next[k] = steps_of(k, to).0;
                }
            }
            None if k == 0 => return Some(fillings),
            None => k -= 1,
        }
    }
}

/// Every order of each digit set of `sets` over `k` cells (a set of k digits a cage's, one
/// filling after the other), or none past [`MOST_FILLINGS`].
pub(super) fn orders(sets: &[u64], k: usize) -> Option<Vec<u64>> {
    let mut out = Vec::new();
    for &set in sets {
        let digits: Vec<u64> = (0..64).filter(|d| set >> d & 1 == 1).map(|d| 1u64 << d).collect();
        if digits.len() != k {
            return None;
        }
        // Heap's algorithm: each order from the last by one swap.
        let mut order: Vec<usize> = (0..k).collect();
        let mut counters = vec![0usize; k];
        out.extend(order.iter().map(|&i| digits[i]));
        let mut i = 0;
        while i < k {
            if counters[i] < i {
                if out.len() >= MOST_FILLINGS * k {
                    return None;
                }
                order.swap(if i % 2 == 0 { 0 } else { counters[i] }, i);
                out.extend(order.iter().map(|&i| digits[i]));
                counters[i] += 1;
                i = 0;
            } else {
                counters[i] = 0;
                i += 1;
            }
        }
    }
    (out.len() <= MOST_FILLINGS * k).then_some(out)
}
