//! [`TilingSolutions`]: a tiling's solutions one at a time, all of them or one per orbit of its
//! symmetries.

use std::{collections::VecDeque, sync::Arc};

use dancer::Solver;

use crate::encode::Encoded;
use crate::error::TilingError;
use crate::solution::Solution;
use crate::symmetry::Symmetry;
use crate::tiling::Tiling;

/// The solutions of a tiling, found one at a time on one thread (in the engine's order). It
/// owns a copy of the tiling, so it can be kept anywhere.
pub struct TilingSolutions {
    tiling: Tiling,
    /// The problems still to search, each with the symmetries under which only the least
    /// solution of an orbit is kept (none: every solution).
    stages: VecDeque<(Encoded, Vec<Symmetry>)>,
    current: Option<Stage>,
}

struct Stage {
    solver: Solver<'static>,
    placed: Vec<Option<(usize, usize)>>,
    filter: Vec<Symmetry>,
}

impl Tiling {
    /// Every solution; with `up_to_symmetry`, one of each orbit of the symmetries (see
    /// [`count_up_to_symmetry`](Self::count_up_to_symmetry)).
    ///
    /// # Errors
    /// As [`encode`](Self::encode), and [`TilingError::NoFixingPiece`] up to symmetry when
    /// no piece can fix the symmetries.
    pub fn solutions(&self, up_to_symmetry: bool) -> Result<TilingSolutions, TilingError> {
        let mut stages = VecDeque::new();
        let group = if up_to_symmetry { self.symmetries() } else { Vec::new() };
        if group.len() > 1 {
            let fixing = self.fixing(&group)?;
            stages.push_back((self.restricted(&fixing, &fixing.free)?, Vec::new()));
            for (rep, stabiliser) in &fixing.stabilised {
                stages.push_back((self.restricted(&fixing, &[*rep])?, stabiliser.clone()));
            }
        } else {
            stages.push_back((self.encode()?, Vec::new()));
        }
        Ok(TilingSolutions { tiling: self.clone(), stages, current: None })
    }
}

impl TilingSolutions {
    /// The tiling the solutions are of.
    pub fn tiling(&self) -> &Tiling {
        &self.tiling
    }
}

impl Iterator for TilingSolutions {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        loop {
            if self.current.is_none() {
                let (encoded, filter) = self.stages.pop_front()?;
                let solver = Solver::owning(Arc::new(encoded.problem));
                self.current = Some(Stage { solver, placed: encoded.placed, filter });
            }
            let stage = self.current.as_mut()?;
            let Some(options) = stage.solver.next_solution() else {
                self.current = None;
                continue;
            };
            let mut placements: Vec<(usize, Vec<usize>)> = options
                .iter()
                .filter_map(|option| stage.placed[option.index()])
                .map(|(piece, p)| (piece, self.tiling.placements[piece][p].clone()))
                .collect();
            placements.sort();
            let solution = Solution { placements };
            if solution.is_least_under(&self.tiling, &stage.filter) {
                return Some(solution);
            }
        }
    }
}
