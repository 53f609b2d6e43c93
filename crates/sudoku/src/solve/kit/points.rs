//! What the bitmask search's tree (below 16×16, `solve/bitmask/search/tree.rs`), the wide
//! search's tree (`solve/wide/tree.rs`) and the propagating search's (`solve/propagate/tree.rs`)
//! share as [`dancer::run::Explore`]s: their paths, positions, hand-overs and the replay of a
//! path's levels, read from a stack of branch points whose choices are the bits of a mask,
//! tried lowest first. The bitmask search's `u32` masks are read as `u64`.
//!
//! Why one place: the two searches differ in their boards (copied below 16×16, a trail above)
//! and in how a bit names a placement, not in how a path, a branch or a share of the tree is
//! made of their branch points; a fix to the hand-over belongs to both.

use dancer::{run::Branch, run::PathError, run::Subproblem, OptionId};

/// One open branch point's choices: all of them, the one taken last and those not yet tried,
/// one bit each.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Point {
    pub(crate) all: u64,
    pub(crate) picked: u64,
    pub(crate) untried: u64,
}

/// A search's next step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pending {
    /// The board holds the node to enter next (its eliminations not yet counted): `true` when
    /// its deductions went through, `false` when they found a contradiction (a dead end).
    Prepared(bool),
    /// The next node is the next untried choice of the deepest branch point that has one.
    NextBranch,
    /// Nothing is left.
    Done,
}

/// A search tree standing on a stack of branch points.
pub(crate) trait BranchPoints {
    /// What the search does next.
    fn pending(&self) -> Pending;

    /// The branch point at `level` (from 0, the shallowest).
    fn point(&self, level: usize) -> Point;

    /// The open branch points.
    fn depth(&self) -> usize;

    /// The shallowest branch point whose untried choices are this search's, and the choice
    /// (one bit) they stop before there, 0 for none: what is left of a level this search
    /// shared with another.
    fn floor(&self) -> (usize, u64);

    fn set_floor(&mut self, floor: usize, until: u64);

    fn set_untried(&mut self, level: usize, untried: u64);

    /// The option (a step of a path) for choice `bit` of the branch point at `level`.
    fn option(&self, level: usize, bit: u64) -> OptionId;
}

/// A branch point replayed at `depth` of the path to `at`, its choice `bit` of `all` taken:
/// its untried choices (those after `bit` from the path's open level down, none above it)
/// and, at the open level, the choice the path stops before (one bit, found by
/// `choice_of`; 0 for none).
///
/// # Errors
/// [`PathError::Until`] when the path's stop is no later choice of that branch point.
pub(crate) fn replayed(
    at: &Subproblem,
    depth: usize,
    (all, bit): (u64, u64),
    choice_of: impl FnOnce(OptionId) -> Option<u64>,
) -> Result<(u64, u64), PathError> {
    if depth < at.open_from() {
        return Ok((0, 0));
    }
    let untried = all & !(bit | (bit - 1));
    let Some(until) = at.until().filter(|_| depth == at.open_from()) else {
        return Ok((untried, 0));
    };
    let stop = choice_of(until).filter(|&stop| stop > bit);
    let stop = stop.ok_or(PathError::Until { depth, option: until })?;
    Ok((untried & (stop - 1), stop))
}

/// The lowest choice of `mask`: the next one tried.
pub(crate) fn lowest(mask: u64) -> u64 {
    mask & mask.wrapping_neg()
}

/// Choice `bit` of the branch point at `level`, as a [`Branch`].
fn branch(points: &impl BranchPoints, level: usize, bit: u64) -> Branch {
    let all = points.point(level).all;
    let count = u64::from(all.count_ones());
    let index = u64::from((all & (bit - 1)).count_ones());
    let (floor, until) = points.floor();
    let until = if level == floor { until } else { 0 };
    let end = if until == 0 { count } else { u64::from((all & (until - 1)).count_ones()) };
    Branch { index, count, end }
}

/// The subproblem of the path through the first `depth` branch points' choices, the last one
/// replaced by `last` when given, with its branches.
pub(crate) fn subproblem(
    points: &impl BranchPoints,
    depth: usize,
    last: Option<u64>,
    branches: &mut Vec<Branch>,
) -> Subproblem {
    branches.clear();
    let mut path = Vec::with_capacity(depth);
    for level in 0..depth {
        let picked = points.point(level).picked;
        let bit = if level + 1 == depth { last.unwrap_or(picked) } else { picked };
        path.push(points.option(level, bit));
        branches.push(branch(points, level, bit));
    }
    let (floor, until) = points.floor();
    let open_from = floor.min(depth);
    let until = (until != 0 && open_from < depth).then(|| points.option(open_from, until));
    Subproblem::new(path, open_from, until).expect("the floor is within the path")
}

/// Where the search stands: the node it enters next, or `None` when nothing is left.
pub(crate) fn position(
    points: &impl BranchPoints,
    branches: &mut Vec<Branch>,
) -> Option<Subproblem> {
    match points.pending() {
        Pending::Done => None,
        Pending::Prepared(_) => Some(subproblem(points, points.depth(), None, branches)),
        Pending::NextBranch => {
            let deepest =
                (0..points.depth()).rev().find(|&level| points.point(level).untried != 0)?;
            let next = lowest(points.point(deepest).untried);
            Some(subproblem(points, deepest + 1, Some(next), branches))
        }
    }
}

/// Gives away the later half of the untried choices of the shallowest branch point that has
/// any (all of them when there is one), keeping the earlier half.
pub(crate) fn split_off(
    points: &mut impl BranchPoints,
    branches: &mut Vec<Branch>,
) -> Option<Subproblem> {
    if points.pending() == Pending::Done {
        return None;
    }
    let level = (0..points.depth()).find(|&level| points.point(level).untried != 0)?;
    let untried = points.point(level).untried;
    let mut kept = 0;
    for _ in 0..untried.count_ones() / 2 {
        kept |= lowest(untried & !kept);
    }
    let given = untried & !kept;
    // Its options at `level` are this search's remaining ones there: open from it.
    let path = subproblem(points, level + 1, Some(lowest(given)), branches).path().to_vec();
    let (floor, until) = points.floor();
    let until = (level == floor && until != 0).then(|| points.option(level, until));
    let subproblem = Subproblem::new(path, level, until).expect("the level is within the path");
    points.set_untried(level, kept);
    if kept == 0 {
        points.set_floor(level + 1, 0);
    } else {
        points.set_floor(level, lowest(given));
    }
    Some(subproblem)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replayed_level_keeps_the_choices_after_its_own_and_stops_where_the_path_says() {
        let option = OptionId::new;
        // Open from level 1, stopping there before the option `choice_of` reads as bit 0b1000.
        let at = Subproblem::new(vec![option(3), option(5)], 1, Some(option(9))).unwrap();
        let choice_of = |o: OptionId| (o == option(9)).then_some(0b1000);
        // Above the open level nothing is left to try.
        assert_eq!(replayed(&at, 0, (0b1111, 0b0010), choice_of), Ok((0, 0)));
        // At it: the choices after 0b0010, up to the stop.
        assert_eq!(replayed(&at, 1, (0b11111, 0b0010), choice_of), Ok((0b0100, 0b1000)));
        // A stop that is no later choice (or none of this branch point) is an error.
        let error = PathError::Until { depth: 1, option: option(9) };
        assert_eq!(replayed(&at, 1, (0b11111, 0b1000), choice_of), Err(error.clone()));
        assert_eq!(replayed(&at, 1, (0b11111, 0b0010), |_| None), Err(error));
        // Without a stop, every later choice stays.
        let open = Subproblem::new(vec![option(3)], 0, None).unwrap();
        assert_eq!(replayed(&open, 0, (0b1111, 0b0010), choice_of), Ok((0b1100, 0)));
    }
}
