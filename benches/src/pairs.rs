//! Timing two ways of doing one thing in alternating pairs (`engine_ab`, `parallel_ab`): on a
//! shared machine whose speed drifts within minutes, the two runs of a pair see the same drift,
//! and the median of the pairs' ratios discards the pairs a load spike hit.

use std::time::{Duration, Instant};

/// Pairs per comparison, unless the time budget runs out first.
pub const MAX_PAIRS: usize = 31;
/// Pairs per comparison whatever the budget, so that even the slowest has a median of several.
pub const MIN_PAIRS: usize = 7;

/// Runs `a` and `b` once each per pair, in alternating order (so that neither always runs on
/// a warm cache), until [`MAX_PAIRS`] pairs or, past [`MIN_PAIRS`], `budget`; returns their
/// times in seconds, pair by pair.
pub fn alternate(
    budget: Duration,
    mut a: impl FnMut(),
    mut b: impl FnMut(),
) -> (Vec<f64>, Vec<f64>) {
    let time = |run: &mut dyn FnMut()| {
        let start = Instant::now();
        run();
        start.elapsed().as_secs_f64()
    };
    let (mut times_a, mut times_b) = (Vec::with_capacity(MAX_PAIRS), Vec::with_capacity(MAX_PAIRS));
    let started = Instant::now();
    while times_a.len() < MAX_PAIRS && (times_a.len() < MIN_PAIRS || started.elapsed() < budget) {
        if times_a.len() % 2 == 0 {
            times_a.push(time(&mut a));
            times_b.push(time(&mut b));
        } else {
            times_b.push(time(&mut b));
            times_a.push(time(&mut a));
        }
    }
    (times_a, times_b)
}

/// The median of `values` (the mean of the middle two for an even count).
pub fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    if values.len() % 2 == 1 {
        values[middle]
    } else {
        f64::midpoint(values[middle - 1], values[middle])
    }
}
