//! [`Subproblem`]: a place in a search tree, named by the options chosen on the way down to it,
//! so that a search can be split into parts, stopped and resumed elsewhere; and the
//! [`Fingerprint`] of the tree it belongs to, so that it is never run against another one.

mod fingerprint;
mod point;

use crate::ids::OptionId;

pub use self::fingerprint::{BadFingerprint, Fingerprint, FingerprintHasher};
pub(crate) use self::point::{Point, Span};

/// A path from the root of a search tree and the part of the tree it stands for.
///
/// `path[l]` is the option the search chose at level `l`. The solutions of the subproblem are
/// those below the node the path leads to, plus, at every level `l` from
/// [`open_from`](Self::open_from) on, those below the options the search would try after
/// `path[l]` at that level (at level `open_from`, only those before [`until`](Self::until)
/// when it is set: a search that gave part of a level away keeps the rest). So:
///
/// - with `open_from == path.len()` (a [`subtree`](Self::subtree), what splitting makes) it
///   is exactly the subtree below the node: committing the path's options and searching finds
///   the same solutions, each once;
/// - with a smaller `open_from` (what a stopped search leaves) it is the rest of a depth-first
///   search that was about to enter that node: resuming there finds exactly the solutions that
///   search had not reached;
/// - the empty path with `open_from == 0` is the whole problem.
///
/// A subproblem can also carry its [`Share`] of the whole tree, which only progress reports
/// use. Paths are checked when a search enters them ([`PathError`]).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "serde_form::Subproblem", into = "serde_form::Subproblem")
)]
pub struct Subproblem {
    path: Vec<OptionId>,
    open_from: usize,
    until: Option<OptionId>,
    share: Option<Share>,
}

/// The part of Knuth's measure of a search tree that a subproblem covers: the root's subtree
/// is `[0, 1)`, and a node with `d` children splits its interval into `d` equal parts, in the
/// order the search visits them. The fraction of a search done is what the remaining
/// subproblems' shares leave of the whole (TAOCP 7.2.2, "estimating the running time").
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Share {
    /// Where the subproblem starts: the left edge of the node its path leads to.
    pub from: f64,
    /// Where it ends.
    pub to: f64,
}

impl Share {
    /// The width of the interval, never negative (bad input reads as empty).
    pub fn width(self) -> f64 {
        let width = self.to - self.from;
        if width.is_finite() {
            width.clamp(0.0, 1.0)
        } else {
            0.0
        }
    }
}

impl Subproblem {
    /// The whole problem: an empty path, open at every level.
    pub fn root() -> Subproblem {
        let share = Some(Share { from: 0.0, to: 1.0 });
        Subproblem { path: Vec::new(), open_from: 0, until: None, share }
    }

    /// The subtree below the node that `path` leads to.
    pub fn subtree(path: Vec<OptionId>) -> Subproblem {
        let open_from = path.len();
        Subproblem { path, open_from, until: None, share: None }
    }

    /// The rest of a search about to enter the node that `path` leads to, taking the later
    /// options at every level from `open_from` on.
    ///
    /// # Errors
    /// [`PathError::OpenFrom`] when `open_from` is beyond the path.
    pub fn resume(path: Vec<OptionId>, open_from: usize) -> Result<Subproblem, PathError> {
        Subproblem::new(path, open_from, None)
    }

    /// The rest of a search about to enter the node that `path` leads to, taking the later
    /// options at every level from `open_from` on, but at level `open_from` only those before
    /// option `until`.
    ///
    /// # Errors
    /// [`PathError::OpenFrom`] when `open_from` is beyond the path, or when `until` is given
    /// and `open_from` is not a level of the path.
    pub fn new(
        path: Vec<OptionId>,
        open_from: usize,
        until: Option<OptionId>,
    ) -> Result<Subproblem, PathError> {
        let depth = path.len();
        if open_from > depth || (until.is_some() && open_from == depth) {
            return Err(PathError::OpenFrom { open_from, depth });
        }
        Ok(Subproblem { path, open_from, until, share: None })
    }

    /// The options chosen at each level.
    pub fn path(&self) -> &[OptionId] {
        &self.path
    }

    /// The first level whose later options belong to this subproblem.
    pub fn open_from(&self) -> usize {
        self.open_from
    }

    /// Where the options of level [`open_from`](Self::open_from) stop, if not at the end.
    pub fn until(&self) -> Option<OptionId> {
        self.until
    }

    /// Whether this is exactly the subtree below the path's node.
    pub fn is_subtree(&self) -> bool {
        self.open_from == self.path.len()
    }

    /// Whether this is the whole problem ([`root`](Self::root), whatever its share says).
    pub fn is_root(&self) -> bool {
        self.path.is_empty()
    }

    /// Whether it names the same part of the tree as `other`: the same path, open from the
    /// same level, stopping at the same option (shares aside, which are only for progress).
    pub fn same_place(&self, other: &Subproblem) -> bool {
        (&self.path, self.open_from, self.until) == (&other.path, other.open_from, other.until)
    }

    /// Its share of the whole tree, when known.
    pub fn share(&self) -> Option<Share> {
        self.share
    }

    /// Sets its share of the whole tree.
    #[must_use]
    pub fn with_share(mut self, share: Share) -> Subproblem {
        self.share = Some(share);
        self
    }
}

/// The JSON form, `{"path": [3, 17], "open_from": 1, "share": {"from": 0.25, "to": 0.5}}`,
/// checked on the way in so that a subproblem in memory always has `open_from` within its path.
#[cfg(feature = "serde")]
mod serde_form {
    use crate::ids::OptionId;

    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    pub(super) struct Subproblem {
        path: Vec<OptionId>,
        open_from: usize,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        until: Option<OptionId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        share: Option<super::Share>,
    }

    impl TryFrom<Subproblem> for super::Subproblem {
        type Error = super::PathError;

        fn try_from(form: Subproblem) -> Result<super::Subproblem, super::PathError> {
            let subproblem = super::Subproblem::new(form.path, form.open_from, form.until)?;
            Ok(match form.share {
                Some(share) => subproblem.with_share(share),
                None => subproblem,
            })
        }
    }

    impl From<super::Subproblem> for Subproblem {
        fn from(subproblem: super::Subproblem) -> Subproblem {
            let super::Subproblem { path, open_from, until, share } = subproblem;
            Subproblem { path, open_from, until, share }
        }
    }
}

/// At one level of a path: the option chosen is number `index` (from 0) of the `count`
/// options the search tries there, in its order; at the level a subproblem is open from, its
/// options stop before number `end` (`count` unless it has an [`until`](Subproblem::until)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Branch {
    /// The position of the chosen option, from 0.
    pub index: u64,
    /// The number of options at this level.
    pub count: u64,
    /// Where the subproblem's options at this level stop.
    pub end: u64,
}

impl Branch {
    /// Option `index` of `count`, open to the end of the level.
    pub fn new(index: u64, count: u64) -> Branch {
        Branch { index, count, end: count }
    }
}

/// The [`Share`] of the subproblem with these branches (one per level of its path) that is
/// open from level `open_from`: from the left edge of the path's node to the left edge of the
/// option its options stop before at level `open_from` (the right edge of the path's node when
/// it is a subtree).
pub(crate) fn share_of(branches: &[Branch], open_from: usize) -> Share {
    let (mut from, mut width) = (0.0f64, 1.0f64);
    let mut to = None;
    for (level, branch) in branches.iter().enumerate() {
        let parent = from;
        width /= branch.count.max(1) as f64;
        from += branch.index as f64 * width;
        if level == open_from {
            to = Some(parent + branch.end.min(branch.count) as f64 * width);
        }
    }
    let to = to.unwrap_or(from + width);
    Share { from, to: to.clamp(from, 1.0) }
}

/// Why a path is not one of the search tree's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PathError {
    /// The path names an option the problem does not have.
    #[error("level {depth}: option {option} does not exist")]
    UnknownOption {
        /// The level.
        depth: usize,
        /// The option.
        option: OptionId,
    },
    /// The search does not choose this option at this level: it branches on an item the
    /// option does not cover, or the option was ruled out by the options above it.
    #[error("level {depth}: the search does not try option {option} there")]
    NotInTree {
        /// The level.
        depth: usize,
        /// The option.
        option: OptionId,
    },
    /// The option a subproblem's options stop before is not after the path's option at
    /// that level.
    #[error("level {depth}: the search does not try option {option} after the path's option")]
    Until {
        /// The level.
        depth: usize,
        /// The option.
        option: OptionId,
    },
    /// The path goes on below a solution or a dead end, where the search stops.
    #[error("level {depth}: the path goes on below a leaf of the search tree")]
    BelowLeaf {
        /// The level.
        depth: usize,
    },
    /// The problem has multiplicities: Algorithm M's levels also branch on tweaked options
    /// and null moves, which paths of options do not name, so its search enters no subproblem
    /// (not even the root): no [`Run`](crate::run::Run), split, estimate or checkpoint.
    #[error(
        "the problem has multiplicities (u:v|name): its search cannot be split, estimated, \
         resumed or run as a job, only searched whole"
    )]
    Multiplicities,
    /// `open_from` is beyond the path.
    #[error("open_from {open_from} is beyond the path's {depth} levels")]
    OpenFrom {
        /// The value given.
        open_from: usize,
        /// The path's length.
        depth: usize,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprints_print_and_parse_as_sixteen_hex_digits() {
        let print = Fingerprint::from_bits(0x00ab_cdef_0123_4567);
        assert_eq!(print.to_string(), "00abcdef01234567");
        assert_eq!("00abcdef01234567".parse(), Ok(print));
        for bad in ["abcdef01234567", "00abcdef0123456g", "+0abcdef01234567", ""] {
            assert!(bad.parse::<Fingerprint>().is_err(), "{bad}");
        }
    }

    #[test]
    fn fnv_matches_the_published_test_vectors() {
        // From the FNV reference page: FNV-1a 64 of "" and "a".
        assert_eq!(FingerprintHasher::new().finish().bits(), 0xcbf2_9ce4_8422_2325);
        assert_eq!(FingerprintHasher::new().bytes(b"a").finish().bits(), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn shares_split_the_unit_interval_in_search_order() {
        let branch = Branch::new;
        // Second of four at level 0, third of two... at level 1: [1/4 + 1/8, 1/4 + 2/8).
        let path = [branch(1, 4), branch(1, 2)];
        assert_eq!(share_of(&path, 2), Share { from: 0.375, to: 0.5 });
        // Open from level 1: up to the end of level 0's option.
        assert_eq!(share_of(&path, 1), Share { from: 0.375, to: 0.5 });
        // Open from level 0: up to the end of the tree.
        assert_eq!(share_of(&path, 0), Share { from: 0.375, to: 1.0 });
        assert_eq!(share_of(&[], 0), Share { from: 0.0, to: 1.0 });
        assert_eq!(share_of(&[branch(0, 2)], 1), Share { from: 0.0, to: 0.5 });
        // Open from level 0 but only up to option 3 of 4: [3/8, 3/4).
        let until = [Branch { index: 1, count: 4, end: 3 }, branch(1, 2)];
        assert_eq!(share_of(&until, 0), Share { from: 0.375, to: 0.75 });
    }

    #[test]
    fn open_from_beyond_the_path_is_refused() {
        let path = vec![OptionId::new(3)];
        assert!(Subproblem::resume(path.clone(), 1).is_ok());
        assert_eq!(
            Subproblem::resume(path.clone(), 2),
            Err(PathError::OpenFrom { open_from: 2, depth: 1 })
        );
        // `until` needs a level to stop in.
        assert!(Subproblem::new(path.clone(), 0, Some(OptionId::new(9))).is_ok());
        assert!(Subproblem::new(path, 1, Some(OptionId::new(9))).is_err());
    }
}
