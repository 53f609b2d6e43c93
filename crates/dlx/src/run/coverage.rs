//! What a job has finished, kept apart from what it has left, so that a checkpoint can be
//! checked on resuming: the subproblems left and the finished spans must tile the job's scope
//! exactly (no overlap, no gap), and the finished spans' counts must add up to the
//! checkpoint's. A subproblem duplicated or dropped, or counts edited, are refused.

use std::collections::BTreeMap;

use crate::stats::Stats;
use crate::subproblem::PathError;
use crate::subproblem::{Point, Span};

/// The counters that add up over the pieces of a tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    pub(crate) solutions: u64,
    pub(crate) nodes: u64,
    pub(crate) updates: u64,
}

impl Counts {
    pub(crate) fn of(stats: Stats) -> Counts {
        Counts { solutions: stats.solutions(), nodes: stats.nodes(), updates: stats.updates() }
    }

    /// `self - earlier`, counter by counter.
    pub(crate) fn since(self, earlier: Counts) -> Counts {
        Counts {
            solutions: self.solutions - earlier.solutions,
            nodes: self.nodes - earlier.nodes,
            updates: self.updates - earlier.updates,
        }
    }

    fn add(&mut self, other: Counts) {
        self.solutions = self.solutions.saturating_add(other.solutions);
        self.nodes = self.nodes.saturating_add(other.nodes);
        self.updates = self.updates.saturating_add(other.updates);
    }
}

/// A finished span of the tree and what searching it counted, as a checkpoint lists it:
/// `{"from": [2], "to": [3, 1], "solutions": 12, "nodes": 800, "updates": 14000}`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct Finished {
    pub(crate) from: Point,
    pub(crate) to: Point,
    pub(crate) solutions: u64,
    pub(crate) nodes: u64,
    pub(crate) updates: u64,
}

impl Finished {
    fn counts(&self) -> Counts {
        Counts { solutions: self.solutions, nodes: self.nodes, updates: self.updates }
    }
}

/// Work in a job's counters but in none of its finished spans: the nodes and updates of a
/// memoised probe that branched in its own order and was set aside, the enumeration starting
/// from the top ([`MemoRun::probe`](crate::run::MemoRun::probe)). A checkpoint writes it as
/// `"set_aside": {"nodes": 1024, "updates": 4410}`, and only when there was some.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct SetAside {
    pub(crate) nodes: u64,
    pub(crate) updates: u64,
}

impl SetAside {
    /// Whether there is none, so that a checkpoint without leaves the key out.
    #[cfg(feature = "serde")]
    #[allow(clippy::trivially_copy_pass_by_ref)] // serde passes a reference
    pub(crate) fn is_none(&self) -> bool {
        *self == SetAside::default()
    }
}

/// The finished spans of a run, joined where they touch: as long as the list of what is left,
/// about, since finished spans are separated by unfinished ones.
#[derive(Clone, Debug, Default)]
pub(crate) struct Done(BTreeMap<Point, (Point, Counts)>);

impl Done {
    /// The finished spans of a checkpoint (checked by [`check`] first).
    pub(crate) fn from_list(list: &[Finished]) -> Done {
        let mut done = Done::default();
        for finished in list {
            done.add(
                Span { from: finished.from.clone(), to: finished.to.clone() },
                finished.counts(),
            );
        }
        done
    }

    /// Adds a finished span, joining it to its neighbours where they touch. An empty span (a
    /// worker stopped before its first node) counted nothing, and is left out.
    pub(crate) fn add(&mut self, span: Span, counts: Counts) {
        let Span { mut from, mut to } = span;
        if from >= to {
            debug_assert_eq!(counts, Counts::default(), "counted nothing: {from:?}");
            return;
        }
        let mut total = counts;
        if let Some((before, (end, _))) = self.0.range(..&from).next_back() {
            if *end == from {
                let before = before.clone();
                let (_, earlier) = self.0.remove(&before).expect("just found");
                total.add(earlier);
                from = before;
            }
        }
        if let Some((end, later)) = self.0.remove(&to) {
            total.add(later);
            to = end;
        }
        self.0.insert(from, (to, total));
    }

    /// The list a checkpoint writes, in search order.
    pub(crate) fn to_list(&self) -> Vec<Finished> {
        let finished = |(from, (to, counts)): (&Point, &(Point, Counts))| Finished {
            from: from.clone(),
            to: to.clone(),
            solutions: counts.solutions,
            nodes: counts.nodes,
            updates: counts.updates,
        };
        self.0.iter().map(finished).collect()
    }
}

/// A piece of a job (a subproblem or a finished span), as a coverage error names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Region {
    /// One of the subproblems the job was started on (its scope), from 0.
    Scope(usize),
    /// One of the subproblems left, from 0.
    Remaining(usize),
    /// One of the finished spans, from 0.
    Finished(usize),
}

impl std::fmt::Display for Region {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Region::Scope(k) => write!(f, "subproblem {k} of the job's scope"),
            Region::Remaining(k) => write!(f, "remaining subproblem {k}"),
            Region::Finished(k) => write!(f, "finished span {k}"),
        }
    }
}

/// Why the pieces of a job (a checkpoint's, or the subproblems a run is given) do not tile the
/// part of the tree they are of.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CoverageError {
    /// Two pieces cover some of the same part of the tree: its solutions would count twice.
    #[error("{first} and {second} overlap: their solutions would be counted twice")]
    Overlap {
        /// The earlier in search order.
        first: Region,
        /// The later.
        second: Region,
    },
    /// Part of the job's scope is neither left nor finished: its solutions would be lost.
    #[error("part of the job is neither left nor finished ({}): its solutions would be lost",
        .after.map_or_else(|| "at its start".to_owned(), |piece| format!("after {piece}")))]
    Gap {
        /// The piece just before the gap (none: the gap is at the start).
        after: Option<Region>,
    },
    /// A piece lies (partly) outside the job's scope.
    #[error("{0} lies outside the job's scope")]
    Outside(Region),
    /// A finished span is empty or ends before it starts.
    #[error("{0} is not a span of the tree")]
    BadSpan(Region),
    /// The finished spans' counts do not add up to the job's.
    #[error("the finished spans count {done} {counter}, the checkpoint {total}")]
    Counts {
        /// `solutions`, `nodes` or `updates`.
        counter: &'static str,
        /// Their sum over the finished spans.
        done: u64,
        /// The checkpoint's.
        total: u64,
    },
    /// A subproblem of the job's scope is not in the tree.
    #[error("subproblem {index} of the job's scope: {error}")]
    Scope {
        /// Its position, from 0.
        index: usize,
        /// What is wrong with its path.
        error: PathError,
    },
}

/// Checks that the spans of `pieces` do not overlap; returns them joined where they touch,
/// each with the first and last piece it is made of.
fn join(mut pieces: Vec<(Span, Region)>) -> Result<Vec<(Span, Region, Region)>, CoverageError> {
    pieces.sort_by(|a, b| a.0.from.cmp(&b.0.from));
    let mut joined: Vec<(Span, Region, Region)> = Vec::with_capacity(pieces.len());
    for (span, piece) in pieces {
        match joined.last_mut() {
            Some((last, _, end)) if last.to > span.from => {
                return Err(CoverageError::Overlap { first: *end, second: piece });
            }
            Some((last, _, end)) if last.to == span.from => {
                last.to = span.to;
                *end = piece;
            }
            _ => joined.push((span, piece, piece)),
        }
    }
    Ok(joined)
}

/// Checks that `scope`'s spans do not overlap: a run given subproblems that do would count
/// their common solutions twice. Returns them joined.
pub(crate) fn check_scope(scope: &[Span]) -> Result<Vec<Span>, CoverageError> {
    let pieces = scope.iter().enumerate().map(|(k, span)| (span.clone(), Region::Scope(k)));
    Ok(join(pieces.collect())?.into_iter().map(|(span, ..)| span).collect())
}

/// Checks that the spans `remaining` and `finished` tile `scope` (joined, from
/// [`check_scope`]) exactly, and that the finished spans with the work `set_aside` count
/// `total`.
pub(crate) fn check(
    scope: &[Span],
    remaining: &[Span],
    (finished, set_aside): (&[Finished], SetAside),
    total: Counts,
) -> Result<(), CoverageError> {
    let mut pieces = Vec::with_capacity(remaining.len() + finished.len());
    pieces
        .extend(remaining.iter().enumerate().map(|(k, span)| (span.clone(), Region::Remaining(k))));
    let mut counts = Counts { solutions: 0, nodes: set_aside.nodes, updates: set_aside.updates };
    for (k, done) in finished.iter().enumerate() {
        if done.from >= done.to {
            return Err(CoverageError::BadSpan(Region::Finished(k)));
        }
        counts.add(done.counts());
        let span = Span { from: done.from.clone(), to: done.to.clone() };
        pieces.push((span, Region::Finished(k)));
    }
    let joined = join(pieces)?;
    let mut covered = joined.iter().peekable();
    let mut after = None;
    for want in scope {
        let Some((span, first, last)) = covered.next() else {
            return Err(CoverageError::Gap { after });
        };
        if span.from < want.from {
            return Err(CoverageError::Outside(*first));
        }
        if span.from > want.from {
            return Err(CoverageError::Gap { after });
        }
        if span.to > want.to {
            return Err(CoverageError::Outside(*last));
        }
        if span.to < want.to {
            return Err(CoverageError::Gap { after: Some(*last) });
        }
        after = Some(*last);
    }
    if let Some((_, first, _)) = covered.next() {
        return Err(CoverageError::Outside(*first));
    }
    for (counter, done, total) in [
        ("solutions", counts.solutions, total.solutions),
        ("nodes", counts.nodes, total.nodes),
        ("updates", counts.updates, total.updates),
    ] {
        if done != total {
            return Err(CoverageError::Counts { counter, done, total });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(indices: &[u64]) -> Point {
        Point::At(indices.to_vec())
    }

    fn span(from: Point, to: Point) -> Span {
        Span { from, to }
    }

    fn finished(from: Point, to: Point, solutions: u64) -> Finished {
        Finished { from, to, solutions, nodes: solutions, updates: solutions }
    }

    fn counts(n: u64) -> Counts {
        Counts { solutions: n, nodes: n, updates: n }
    }

    #[test]
    fn finished_spans_join_where_they_touch() {
        let mut done = Done::default();
        done.add(span(at(&[2]), at(&[3])), counts(1));
        done.add(span(Point::start(), at(&[1])), counts(2));
        done.add(span(at(&[1]), at(&[2])), counts(4));
        done.add(span(at(&[5]), Point::End), counts(8));
        assert_eq!(
            done.to_list(),
            [finished(Point::start(), at(&[3]), 7), finished(at(&[5]), Point::End, 8)]
        );
    }

    #[test]
    fn the_pieces_must_tile_the_scope() {
        let whole = [Span::whole()];
        let left = [span(at(&[1]), at(&[2])), span(at(&[3]), Point::End)];
        let done = |list: &[(Point, Point)]| {
            list.iter().map(|(a, b)| finished(a.clone(), b.clone(), 1)).collect::<Vec<_>>()
        };
        let tiled = done(&[(Point::start(), at(&[1])), (at(&[2]), at(&[3]))]);
        assert_eq!(check(&whole, &left, (&tiled, SetAside::default()), counts(2)), Ok(()));
        // The counts must add up.
        let error = check(&whole, &left, (&tiled, SetAside::default()), counts(3)).unwrap_err();
        assert!(matches!(error, CoverageError::Counts { counter: "solutions", .. }), "{error}");
        // Work set aside (a probe's) is in the counters, in no span.
        let aside = SetAside { nodes: 5, updates: 7 };
        let total = Counts { solutions: 2, nodes: 7, updates: 9 };
        assert_eq!(check(&whole, &left, (&tiled, aside), total), Ok(()));
        let error = check(&whole, &left, (&tiled, aside), counts(2)).unwrap_err();
        assert!(matches!(error, CoverageError::Counts { counter: "nodes", .. }), "{error}");
        // A gap, an overlap, a span beyond the scope, a span written wrong.
        let gap = done(&[(Point::start(), at(&[1]))]);
        let error = check(&whole, &left, (&gap, SetAside::default()), counts(1)).unwrap_err();
        assert_eq!(error, CoverageError::Gap { after: Some(Region::Remaining(0)) });
        let overlap = done(&[(Point::start(), at(&[1, 5])), (at(&[2]), at(&[3]))]);
        let error = check(&whole, &left, (&overlap, SetAside::default()), counts(2)).unwrap_err();
        let (first, second) = (Region::Finished(0), Region::Remaining(0));
        assert_eq!(error, CoverageError::Overlap { first, second });
        let part = [span(at(&[1]), at(&[2]))];
        let error = check(
            &part,
            &left[..1],
            (&done(&[(at(&[3]), at(&[4]))]), SetAside::default()),
            counts(1),
        );
        assert_eq!(error, Err(CoverageError::Outside(Region::Finished(0))));
        let backwards = done(&[(at(&[1]), Point::start()), (at(&[2]), at(&[3]))]);
        let error = check(&whole, &left, (&backwards, SetAside::default()), counts(2)).unwrap_err();
        assert_eq!(error, CoverageError::BadSpan(Region::Finished(0)));
    }

    #[test]
    fn a_scope_of_overlapping_subproblems_is_refused() {
        let scope = [span(at(&[1]), at(&[2])), span(at(&[1, 1]), at(&[1, 2]))];
        let error = check_scope(&scope).unwrap_err();
        assert_eq!(
            error,
            CoverageError::Overlap { first: Region::Scope(0), second: Region::Scope(1) }
        );
        let touching = [span(at(&[2]), at(&[3])), span(at(&[1]), at(&[2]))];
        assert_eq!(check_scope(&touching), Ok(vec![span(at(&[1]), at(&[3]))]));
    }
}
