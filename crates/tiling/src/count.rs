//! Counting a tiling, plainly or up to its symmetries, and choosing the piece that fixes
//! them (docs/tiling.md, "Up to symmetry").
//!
//! Let `G` be the tiling's group and `P` a piece used exactly once that every symmetry maps
//! to itself. `G` acts on `P`'s placements; take one placement `r` from each orbit. Every
//! orbit of solutions under `G` meets the solutions with `P` at exactly one `r`, and there in
//! exactly one orbit of the stabiliser `H(r)` of `r`. So the number of orbits of solutions is
//! the sum over the `r` of the orbits of `H(r)` on the solutions with `P` at `r`. Where
//! `H(r)` is the identity alone (a free orbit, always so for a piece without symmetry of its
//! own) that is the number of those solutions, counted by the engine with every feature (all
//! of those `r` in one problem); where it is not (the X pentomino at the centre of a
//! square), the solutions with `P` at `r` are enumerated and each counted when it is the
//! least of its images under `H(r)`.

use dancer::{
    run::{Counting, Run},
    Problem, Solver,
};

use crate::error::TilingError;
use crate::piece::Count;
use crate::solution::Solution;
use crate::symmetry::Symmetry;
use crate::tiling::Tiling;

/// A count up to symmetry, and how it was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymmetryCount {
    /// The number of solutions up to symmetry (orbits of the group).
    pub orbits: u128,
    /// The order of the group.
    pub group: usize,
    /// The piece fixed to orbit representatives (none when the group is the identity).
    pub piece: Option<String>,
    /// How many representatives had a stabiliser (their solutions were enumerated).
    pub stabilised: usize,
}

/// The piece that fixes the symmetries and its orbit representatives.
pub(crate) struct Fixing {
    pub(crate) piece: usize,
    /// Free representatives (placement numbers).
    pub(crate) free: Vec<usize>,
    /// Representatives with a stabiliser, and its symmetries (the identity left out).
    pub(crate) stabilised: Vec<(usize, Vec<Symmetry>)>,
}

impl Tiling {
    /// The number of solutions, counted as `dlx --count` counts (on every core, memoised
    /// where that pays).
    ///
    /// # Errors
    /// When the engine cannot count (see [`count_with`](Self::count_with)).
    pub fn count(&self) -> Result<u128, TilingError> {
        self.count_with(&Counting::new(Run::new().threads(0)))
    }

    /// The number of solutions, counted by `counting` (threads, interrupt, the table).
    ///
    /// # Errors
    /// [`TilingError::Engine`] when the count was stopped (interrupt, a limit) or failed.
    pub fn count_with(&self, counting: &Counting<'_>) -> Result<u128, TilingError> {
        count_problem(&self.encode()?.problem, counting)
    }

    /// The number of solutions up to the tiling's symmetries (see the module's notes).
    ///
    /// # Errors
    /// [`TilingError::NoFixingPiece`] when no piece can fix the symmetries; as
    /// [`count_with`](Self::count_with).
    pub fn count_up_to_symmetry(&self) -> Result<SymmetryCount, TilingError> {
        self.count_up_to_symmetry_with(&Counting::new(Run::new().threads(0)))
    }

    /// [`count_up_to_symmetry`](Self::count_up_to_symmetry) with `counting`.
    ///
    /// # Errors
    /// As [`count_up_to_symmetry`](Self::count_up_to_symmetry).
    pub fn count_up_to_symmetry_with(
        &self,
        counting: &Counting<'_>,
    ) -> Result<SymmetryCount, TilingError> {
        let group = self.symmetries();
        if group.len() == 1 {
            let orbits = self.count_with(counting)?;
            return Ok(SymmetryCount { orbits, group: 1, piece: None, stabilised: 0 });
        }
        let fixing = self.fixing(&group)?;
        let mut orbits = count_problem(&self.restricted(&fixing, &fixing.free)?.problem, counting)?;
        for (rep, stabiliser) in &fixing.stabilised {
            let encoded = self.restricted(&fixing, &[*rep])?;
            let mut solver = encoded.problem.solver();
            for options in solver.solutions() {
                let solution = Solution::decode(self, &encoded, &options);
                if solution.is_least_under(self, stabiliser) {
                    orbits += 1;
                }
            }
        }
        let piece = Some(self.names[fixing.piece].clone());
        Ok(SymmetryCount { orbits, group: group.len(), piece, stabilised: fixing.stabilised.len() })
    }

    /// The problem with the fixing piece on the given representatives only.
    pub(crate) fn restricted(
        &self,
        fixing: &Fixing,
        reps: &[usize],
    ) -> Result<crate::encode::Encoded, TilingError> {
        self.encode_with(Some((fixing.piece, reps)))
    }

    /// The piece to fix: used exactly once and mapped to itself by every symmetry; of those,
    /// the one with the fewest representatives that have a stabiliser, then the fewest
    /// representatives.
    pub(crate) fn fixing(&self, group: &[Symmetry]) -> Result<Fixing, TilingError> {
        let index = self.placement_index();
        let mut best: Option<Fixing> = None;
        let mut reasons = Vec::new();
        for (q, piece) in self.pieces.iter().enumerate() {
            if piece.count != Count::ONCE {
                reasons.push(format!("{} is not used exactly once", self.names[q]));
                continue;
            }
            if let Some(g) = group.iter().find(|g| g.pieces[q] != q) {
                let other = &self.names[g.pieces[q]];
                reasons.push(format!("{} turns into {other} under a symmetry", self.names[q]));
                continue;
            }
            let fixing = orbits(q, &self.placements[q], &index[q], group);
            let key = |f: &Fixing| (f.stabilised.len(), f.free.len() + f.stabilised.len());
            if best.as_ref().is_none_or(|b| key(&fixing) < key(b)) {
                best = Some(fixing);
            }
        }
        best.ok_or_else(|| TilingError::NoFixingPiece {
            reason: format!(
                "it needs a piece used exactly once that every symmetry maps to itself ({})",
                reasons.join("; ")
            ),
        })
    }
}

/// Piece `q`'s placements split into orbits under `group`: one representative each (the
/// first met), free or with its stabiliser.
fn orbits(
    q: usize,
    placements: &[Vec<usize>],
    index: &std::collections::HashMap<Vec<usize>, usize>,
    group: &[Symmetry],
) -> Fixing {
    let mut seen = vec![false; placements.len()];
    let (mut free, mut stabilised) = (Vec::new(), Vec::new());
    for (p, cells) in placements.iter().enumerate() {
        if seen[p] {
            continue;
        }
        let mut stabiliser = Vec::new();
        for g in group {
            let (_, moved) = g.apply(q, cells);
            let image = index[&moved];
            seen[image] = true;
            if image == p && !g.is_identity() {
                stabiliser.push(g.clone());
            }
        }
        if stabiliser.is_empty() {
            free.push(p);
        } else {
            stabilised.push((p, stabiliser));
        }
    }
    Fixing { piece: q, free, stabilised }
}

/// The number of solutions of `problem`, by `counting`; a stopped count is an error.
fn count_problem(problem: &Problem, counting: &Counting<'_>) -> Result<u128, TilingError> {
    let mut solver: Solver<'_> = problem.solver();
    let counted = counting.count(&mut solver).map_err(|e| TilingError::Engine(e.to_string()))?;
    if !counted.is_complete() {
        return Err(TilingError::Engine("the count was stopped before the end".into()));
    }
    Ok(counted.solutions())
}
