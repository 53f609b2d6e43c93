//! Each [`LineKind`] as a finite automaton over its cells: a start state, a step (state,
//! position, digit) to the next state or nowhere, and a test of the last state. The automaton
//! reads the cells in an order of its own (a double arrow its two ends first, a zipper from
//! the centre out), so that its states stay few: a running sum, the last two digits' groups,
//! the set of digits seen (renban, nabner, lockout's middle), the digits of a quadruple found, the
//! last digit (thermometers, whispers), the first digit of a pair that must match (palindromes,
//! clones, read pair by pair).
//!
//! [`Layers`] unrolls it over the line: the states reachable after each cell from the start
//! with the digits each cell may hold, kept only where they can still reach acceptance (a
//! backward pass). The encoding makes an option of each step it keeps, and the logic keeps a
//! cell's candidates that some kept step uses: both are exact. A line whose unrolling passes
//! [`MAX_LINE_STATES`] states is refused rather than built.

use std::collections::HashMap;

use super::{entropy, Line, LineContext, LineKind};
use crate::grid::Digit;

/// The most states the unrolled automaton of one line may have, all positions together: an
/// arrow, a sum or a renban of a 9×9 needs a few hundred; a lockout line of 9 cells, which
/// keeps the set of its middle digits, a few thousand.
pub const MAX_LINE_STATES: usize = 1 << 16;

/// A state: a few numbers, as each kind reads them.
type State = [u64; 3];

/// One step kept: from state `from` (numbered within its layer) by `digit` to state `to`
/// (numbered within the next layer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    pub(crate) from: u32,
    pub(crate) digit: Digit,
    pub(crate) to: u32,
}

/// A line's automaton unrolled over its cells, pruned to the steps on some accepting path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layers {
    /// The positions of the line in the order the automaton reads them.
    pub(crate) order: Vec<usize>,
    /// `steps[k]`: the steps kept at the k-th cell read.
    pub(crate) steps: Vec<Vec<Step>>,
}

impl Layers {
    /// The digits some kept step puts at position `order[k]`, as a bit per digit.
    pub(crate) fn digits(&self, k: usize) -> u64 {
        self.steps[k].iter().fold(0, |set, step| set | 1 << (step.digit - 1))
    }
}

/// The automaton of one line in one model.
struct Automaton<'a> {
    kind: &'a LineKind,
    context: &'a LineContext,
    length: usize,
}

/// The order the automaton of `kind` reads a line of `m` cells in.
fn reading_order(kind: &LineKind, m: usize) -> Vec<usize> {
    match kind {
        // Both ends first: then the state is the sum the middle still owes.
        LineKind::DoubleArrow if m >= 2 => [0, m - 1].into_iter().chain(1..m - 1).collect(),
        // The centre, then each pair from the inside out: the state is the pairs' sum and
        // the first digit of the pair under way.
        LineKind::Zipper => {
            let centre = (m % 2 == 1).then_some(m / 2);
            centre.into_iter().chain((0..m / 2).rev().flat_map(|i| [i, m - 1 - i])).collect()
        }
        // Each pair that must be equal, one after the other (the centre of an odd palindrome,
        // or the odd cell of a clone, last): the state is the pair's first digit.
        LineKind::Palindrome => (0..m / 2).flat_map(|i| [i, m - 1 - i]).chain(centre(m)).collect(),
        LineKind::Clone => {
            (0..m / 2).flat_map(|i| [i, i + m / 2]).chain(centre(m).map(|_| m - 1)).collect()
        }
        _ => (0..m).collect(),
    }
}

/// The centre of a line of `m` cells, when `m` is odd.
fn centre(m: usize) -> Option<usize> {
    (m % 2 == 1).then_some(m / 2)
}

impl Automaton<'_> {
    fn start(&self) -> State {
        match self.kind {
            // Lowest and highest middle digit seen (between): none yet.
            LineKind::Between => [0, u64::MAX, 0],
            _ => [0; 3],
        }
    }

    /// The state after reading `digit` at the k-th cell read (position `position`), or `None`
    /// when no completion can keep the rule.
    // One arm per kind, the state's numbers named as in its notes: a split would only scatter
    // the kinds.
    #[allow(clippy::too_many_lines, clippy::many_single_char_names)]
    fn step(&self, state: State, k: usize, position: usize, digit: Digit) -> Option<State> {
        let d = u64::from(digit);
        let n = self.context.symbols as u64;
        let m = self.length;
        let bit = 1u64 << (digit - 1);
        let [a, b, c] = state;
        Some(match self.kind {
            LineKind::Arrow { circle } => {
                let circle = (*circle).min(m);
                let most = n * (m - circle) as u64;
                if position < circle {
                    let value = a * if digit >= 10 { 100 } else { 10 } + d;
                    (value <= most).then_some([value, 0, 0])?
                } else {
                    [a.checked_sub(d)?, 0, 0]
                }
            }
            LineKind::DoubleArrow => match k {
                0 | 1 => [a + d, 0, 0],
                _ => [a.checked_sub(d)?, 0, 0],
            },
            LineKind::LittleKiller(total) => {
                let sum = a + d;
                (sum <= u64::from(*total)).then_some([sum, 0, 0])?
            }
            LineKind::Sandwich(total) => {
                let total = u64::from(*total);
                let crust = d == 1 || d == n;
                // a: 0 before the first crust, 1 inside (b: the crust seen, c: the sum so
                // far), 2 after the second.
                match a {
                    0 if crust && n == 1 => (total == 0).then_some([2, 0, 0])?,
                    0 if crust => [1, d, 0],
                    0 => [0, 0, 0],
                    1 if crust && d != b => (c == total).then_some([2, 0, 0])?,
                    1 => (c + d <= total).then_some([1, b, c + d])?,
                    _ => [2, 0, 0],
                }
            }
            LineKind::XSum(total) => {
                let total = u64::from(*total);
                // a: cells still to add (0 once done), b: the sum so far.
                let (left, sum) = match (k, a) {
                    (0, _) if d as usize > m => return None,
                    (0, _) => (d - 1, d),
                    (_, 0) => return Some([0; 3]),
                    _ => (a - 1, b + d),
                };
                match (left, sum) {
                    (_, sum) if sum > total => return None,
                    (0, sum) => (sum == total).then_some([0; 3])?,
                    (left, sum) => [left, sum, 0],
                }
            }
            LineKind::Skyscraper(seen) => {
                let count = b + u64::from(d > a);
                (count <= u64::from(*seen)).then_some([a.max(d), count, 0])?
            }
            LineKind::Renban => {
                let set = a | bit;
                let span = 64 - set.leading_zeros() - set.trailing_zeros();
                (a & bit == 0 && span as usize <= m).then_some([set, 0, 0])?
            }
            LineKind::Nabner => {
                let near = bit | bit << 1 | bit >> 1;
                (a & near == 0).then_some([a | bit, 0, 0])?
            }
            LineKind::Between => {
                // a: the first end, b and c: the lowest and highest middle digit.
                if k == 0 {
                    [d, b, c]
                } else if k + 1 < m {
                    (d != a).then_some([a, b.min(d), c.max(d)])?
                } else {
                    let (low, high) = (a.min(d), a.max(d));
                    (b == u64::MAX || low < b && c < high).then_some([0; 3])?
                }
            }
            LineKind::Lockout(apart) => {
                // a: the first end, b: the set of middle digits.
                if k == 0 {
                    [d, 0, 0]
                } else if k + 1 < m {
                    (d != a).then_some([a, b | bit, 0])?
                } else {
                    let (low, high) = (a.min(d), a.max(d));
                    let inside = (low..=high).fold(0u64, |set, x| set | 1 << (x - 1));
                    (high - low >= u64::from(*apart) && b & inside == 0).then_some([0; 3])?
                }
            }
            LineKind::RegionSum => {
                // a: the segments' sum plus one once known, b: this segment's sum so far.
                let sum = b + d;
                if a > 0 && sum > a - 1 {
                    return None;
                }
                if self.context.ends.get(position).copied().unwrap_or(true) {
                    match a {
                        0 => [sum + 1, 0, 0],
                        _ => (sum == a - 1).then_some([a, 0, 0])?,
                    }
                } else {
                    [a, sum, 0]
                }
            }
            LineKind::Zipper => {
                // a: the pairs' sum plus one once known, b: the pair's first digit, if read.
                let centre = m % 2 == 1;
                if centre && k == 0 {
                    [d + 1, 0, 0]
                } else if b == 0 {
                    (a == 0 || d < a - 1).then_some([a, d, 0])?
                } else {
                    let pair = b + d;
                    (a == 0 || pair == a - 1).then_some([pair + 1, 0, 0])?
                }
            }
            LineKind::Entropic | LineKind::Modular => {
                // a and b: the groups of the last two digits, plus one (0: none).
                let group = u64::from(match self.kind {
                    LineKind::Entropic => entropy(self.context.symbols, digit),
                    _ => digit % 3,
                }) + 1;
                (group != a && group != b).then_some([group, a, 0])?
            }
            LineKind::Thermometer => (d > a).then_some([d, 0, 0])?,
            LineKind::SlowThermometer => (d >= a).then_some([d, 0, 0])?,
            LineKind::Whispers(apart) => {
                // a: the last digit (0: none yet).
                (a == 0 || d.abs_diff(a) >= u64::from(*apart)).then_some([d, 0, 0])?
            }
            LineKind::Palindrome | LineKind::Clone => {
                // a: the digit the pair's second cell must hold (0: none owed); the cell read
                // past the pairs is free.
                if k % 2 == 1 {
                    (d == a).then_some([0; 3])?
                } else if k < 2 * (m / 2) {
                    [d, 0, 0]
                } else {
                    [0; 3]
                }
            }
            LineKind::Quadruple(wanted) => {
                // a: which of the wanted digits (sorted) are found, a bit each.
                let mut sorted = wanted.clone();
                sorted.sort_unstable();
                let free =
                    sorted.iter().enumerate().position(|(i, &w)| w == digit && a >> i & 1 == 0);
                [free.map_or(a, |i| a | 1 << i), 0, 0]
            }
        })
    }

    /// Whether the rule holds once every cell is read, in state `state`.
    fn accepts(&self, state: State) -> bool {
        match self.kind {
            LineKind::Arrow { .. } | LineKind::DoubleArrow | LineKind::XSum(_) => state[0] == 0,
            LineKind::LittleKiller(total) => state[0] == u64::from(*total),
            LineKind::Sandwich(_) => state[0] == 2,
            LineKind::Skyscraper(seen) => state[1] == u64::from(*seen),
            LineKind::Renban => {
                let set = state[0];
                (64 - set.leading_zeros() - set.trailing_zeros()) as usize == self.length
            }
            LineKind::Quadruple(wanted) => state[0].count_ones() as usize == wanted.len(),
            // A clone pairs its halves: an odd count cannot.
            LineKind::Clone => self.length.is_multiple_of(2),
            // Every step checked its part.
            LineKind::Nabner
            | LineKind::Between
            | LineKind::Lockout(_)
            | LineKind::RegionSum
            | LineKind::Zipper
            | LineKind::Entropic
            | LineKind::Modular
            | LineKind::Thermometer
            | LineKind::SlowThermometer
            | LineKind::Whispers(_)
            | LineKind::Palindrome => true,
        }
    }
}

/// The automaton of `line` unrolled over its cells, each position `i` taking the digits of
/// `allowed(i)` (a bit per digit), pruned to the steps on an accepting path.
///
/// # Errors
/// The number of states reached when it passes [`MAX_LINE_STATES`].
pub(crate) fn layers(
    line: &Line,
    context: &LineContext,
    allowed: &dyn Fn(usize) -> u64,
) -> Result<Layers, usize> {
    let m = line.cells.len();
    let automaton = Automaton { kind: &line.kind, context, length: m };
    let order = reading_order(&line.kind, m);
    let mut states: Vec<Vec<State>> = vec![vec![automaton.start()]];
    let mut steps: Vec<Vec<Step>> = Vec::with_capacity(m);
    let mut total = 1;
    for (k, &position) in order.iter().enumerate() {
        let mut next: HashMap<State, u32> = HashMap::new();
        let mut kept = Vec::new();
        let mask = allowed(position);
        for (from, &state) in states[k].iter().enumerate() {
            for digit in (1..=context.symbols as Digit).filter(|d| mask >> (d - 1) & 1 == 1) {
                let Some(after) = automaton.step(state, k, position, digit) else { continue };
                let fresh = next.len() as u32;
                let to = *next.entry(after).or_insert(fresh);
                kept.push(Step { from: from as u32, digit, to });
            }
        }
        total += next.len();
        if total > MAX_LINE_STATES {
            return Err(total);
        }
        let mut layer = vec![[0; 3]; next.len()];
        for (state, id) in next {
            layer[id as usize] = state;
        }
        states.push(layer);
        steps.push(kept);
    }
    // Backward: keep the steps into a state that still reaches acceptance.
    let mut alive: Vec<bool> = states[m].iter().map(|&s| automaton.accepts(s)).collect();
    for k in (0..m).rev() {
        steps[k].retain(|step| alive[step.to as usize]);
        alive = vec![false; states[k].len()];
        for step in &steps[k] {
            alive[step.from as usize] = true;
        }
    }
    Ok(Layers { order, steps })
}

/// Whether `line` can still be completed from `digits` (`None`: an empty cell), by its
/// automaton; `None` when the automaton is too large to tell.
pub(crate) fn completable(
    line: &Line,
    context: &LineContext,
    digits: &[Option<Digit>],
) -> Option<bool> {
    let all = if context.symbols >= 64 { u64::MAX } else { (1 << context.symbols) - 1 };
    let allowed = |i: usize| digits[i].map_or(all, |d| 1 << (d - 1));
    let layers = layers(line, context, &allowed).ok()?;
    Some(layers.steps.first().is_none_or(|steps| !steps.is_empty()))
}
