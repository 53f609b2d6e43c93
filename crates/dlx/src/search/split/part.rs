//! [`Part`]: one part of a split, to be run on its own, carrying the identity of its split so
//! that parts (and their counts) of different splits are never added up; and the checks that
//! a set of parts holds together ([`SplitError`]).

use super::{pack, Piece, Split};
use crate::subproblem::{Fingerprint, FingerprintHasher, PathError, Subproblem};

/// One part of a split, to be run on its own (another process, another machine): its
/// subproblems, in search order, the fingerprint of the tree they belong to, and the split's
/// identity.
///
/// `digest` is a digest of everything else but `split` (FNV-1a over its values, as
/// [`contents_digest`](Self::contents_digest) computes it), so that a part changed after the
/// split is refused; `split` is a digest of the tree's fingerprint and every part's digest in
/// order ([`split_of`](Self::split_of)), the same on every part of one split and different for
/// another split, so that a part's count is added only to its own split's. A run of the part
/// (and its checkpoints and summary) carries both.
///
/// With the `serde` feature it is one JSON object (unknown and repeated keys are refused), for
/// example `{"part": 3, "parts": 64, "fingerprint": "8d5a0c1e9b7f2a43", "split":
/// "1b2e07aa90c4d513", "updates": 1.2e9, "subproblems": [{"path": [4, 61], "open_from": 2}],
/// "digest": "77e0c1d2a3b4c5d6"}`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Part {
    /// Its number, from 0.
    pub part: usize,
    /// The number of parts of the split.
    pub parts: usize,
    /// The tree's fingerprint.
    pub fingerprint: Fingerprint,
    /// The split's identity: [`split_of`](Self::split_of) its parts.
    pub split: Fingerprint,
    /// The estimated updates of searching it.
    pub updates: f64,
    /// What to search.
    pub subproblems: Vec<Subproblem>,
    /// [`contents_digest`](Self::contents_digest) when it was made.
    pub digest: Fingerprint,
}

impl Part {
    /// Packs a split's pieces into `parts` parts with [`balance`](super::balance), each with
    /// its digest and the split's identity.
    pub fn pack(split: &Split, parts: usize, fingerprint: Fingerprint) -> Vec<Part> {
        let packed = pack(&split.pieces, parts);
        let count = packed.len();
        let unset = Fingerprint::from_bits(0);
        let mut parts: Vec<Part> = packed
            .into_iter()
            .enumerate()
            .map(|(part, pieces)| {
                let pieces = pieces.into_iter().map(|k| &split.pieces[k]);
                // From +0, not `sum`'s -0: an empty part is estimated at 0, not -0.
                let updates = pieces.clone().map(Piece::work).fold(0.0, |sum, work| sum + work);
                let subproblems = pieces.map(|piece| piece.subproblem.clone()).collect();
                let mut part = Part {
                    part,
                    parts: count,
                    fingerprint,
                    split: unset,
                    updates,
                    subproblems,
                    digest: unset,
                };
                part.digest = part.contents_digest();
                part
            })
            .collect();
        let digests: Vec<Fingerprint> = parts.iter().map(|part| part.digest).collect();
        let identity = Part::split_of(fingerprint, &digests);
        for part in &mut parts {
            part.split = identity;
        }
        parts
    }

    /// The digest of its number, count of parts, fingerprint, estimate and subproblems (paths,
    /// levels, shares): FNV-1a 64 over their values, so any change to one changes it.
    pub fn contents_digest(&self) -> Fingerprint {
        let mut hash = FingerprintHasher::new();
        hash.bytes(b"dancer part").number(self.part as u64).number(self.parts as u64);
        hash.number(self.fingerprint.bits()).number(self.updates.to_bits());
        hash.number(self.subproblems.len() as u64);
        for subproblem in &self.subproblems {
            hash.number(subproblem.path().len() as u64);
            for option in subproblem.path() {
                hash.number(u64::from(option.as_u32()));
            }
            hash.number(subproblem.open_from() as u64);
            hash.number(subproblem.until().map_or(u64::MAX, |until| u64::from(until.as_u32())));
            match subproblem.share() {
                Some(share) => {
                    hash.bytes(b"share").number(share.from.to_bits()).number(share.to.to_bits())
                }
                None => hash.bytes(b"none"),
            };
        }
        hash.finish()
    }

    /// The identity of the split of the tree of `fingerprint` into parts with these digests
    /// (in the order of their numbers).
    pub fn split_of(fingerprint: Fingerprint, digests: &[Fingerprint]) -> Fingerprint {
        let mut hash = FingerprintHasher::new();
        hash.bytes(b"dancer split").number(fingerprint.bits()).number(digests.len() as u64);
        for digest in digests {
            hash.number(digest.bits());
        }
        hash.finish()
    }

    /// Checks that `parts` (in any order) are the whole of one split, each as it was made:
    /// each part's digest matches its contents; they agree on the fingerprint, the number of
    /// parts and the split's identity; each number from 0 to `parts - 1` is there once; and
    /// the identity is that of their digests.
    ///
    /// # Errors
    /// The first thing found wrong, naming the part by its position in `parts`.
    pub fn check_set(parts: &[Part]) -> Result<(), SplitError> {
        let Some(first) = parts.first() else { return Err(SplitError::Missing { part: 0 }) };
        let mut digests = vec![None; first.parts];
        for (index, part) in parts.iter().enumerate() {
            if part.digest != part.contents_digest() {
                return Err(SplitError::Damaged { index });
            }
            for (key, differs) in [
                ("fingerprint", part.fingerprint != first.fingerprint),
                ("parts", part.parts != first.parts),
                ("split", part.split != first.split),
            ] {
                if differs {
                    return Err(SplitError::Disagree { index, key });
                }
            }
            let Some(slot) = digests.get_mut(part.part) else {
                return Err(SplitError::Number { index });
            };
            if let Some((earlier, _)) = slot {
                return Err(SplitError::Twice { index, earlier: *earlier });
            }
            *slot = Some((index, part.digest));
        }
        let digests: Vec<Fingerprint> = digests
            .iter()
            .enumerate()
            .map(|(part, slot)| slot.map(|(_, digest)| digest).ok_or(SplitError::Missing { part }))
            .collect::<Result<_, _>>()?;
        if Part::split_of(first.fingerprint, &digests) != first.split {
            return Err(SplitError::Identity);
        }
        Ok(())
    }
}

/// Why a set of parts is not one whole split of a tree, each part as it was made. Parts are
/// named by their position in the list checked (`index`), subproblems by theirs in the part.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SplitError {
    /// The part's digest does not match its contents: it was changed after the split.
    #[error("part at {index}: damaged (its digest does not match its contents)")]
    Damaged {
        /// The part.
        index: usize,
    },
    /// The part's fingerprint, number of parts or split differs from the first part's.
    #[error("part at {index}: its {key} is not that of the first part")]
    Disagree {
        /// The part.
        index: usize,
        /// `fingerprint`, `parts` or `split`.
        key: &'static str,
    },
    /// The part's number is not below the number of parts.
    #[error("part at {index}: its number is beyond the number of parts")]
    Number {
        /// The part.
        index: usize,
    },
    /// Two parts have the same number.
    #[error("part at {index}: its number is also that of the part at {earlier}")]
    Twice {
        /// The later part.
        index: usize,
        /// The earlier.
        earlier: usize,
    },
    /// No part has this number.
    #[error("there is no part {part}")]
    Missing {
        /// The number.
        part: usize,
    },
    /// The split's identity is not that of its parts' digests: every part agrees on it, but
    /// they are not the parts it was made of.
    #[error("the split's identity does not match its parts: it was changed after the split")]
    Identity,
    /// The part is of another tree.
    #[error("part at {index}: of another problem (its fingerprint is not this tree's)")]
    Fingerprint {
        /// The part.
        index: usize,
    },
    /// A subproblem of a part is not a subtree (a split makes subtrees only).
    #[error("part at {index}, subproblem {subproblem}: not a subtree (open_from is not its path's length)")]
    NotSubtree {
        /// The part.
        index: usize,
        /// The subproblem.
        subproblem: usize,
    },
    /// A subproblem of a part is not in the tree.
    #[error("part at {index}, subproblem {subproblem}: {error}")]
    Path {
        /// The part.
        index: usize,
        /// The subproblem.
        subproblem: usize,
        /// What is wrong with its path.
        error: PathError,
    },
    /// Two subproblems overlap (one is below the other, or they are the same): solutions below
    /// both would be counted twice.
    #[error(
        "part at {}, subproblem {}, and part at {}, subproblem {}, overlap: their solutions \
         would be counted twice", .first.0, .first.1, .second.0, .second.1
    )]
    Overlap {
        /// One, as (part, subproblem).
        first: (usize, usize),
        /// The other.
        second: (usize, usize),
    },
    /// The subproblems leave out a part of the tree that is not a dead end: its solutions
    /// would be lost.
    #[error(
        "the parts leave out {} at path {path:?}: its solutions would be lost",
        if *.solution { "a solution" } else { "a subtree" }
    )]
    Uncovered {
        /// The options on the way to it.
        path: Vec<u32>,
        /// Whether it is a solution (else a subtree that is not a dead end).
        solution: bool,
    },
}
