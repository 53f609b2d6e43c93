//! A checkpoint of a [`Run`](super::Run) being taken: each busy worker adds its place, the
//! span it finished and its counters once, and the checkpoint is made when none is pending.

use super::coverage::{Counts, Done};
use super::shared::{Slot, State};
use crate::stats::Stats;
use crate::subproblem::{Span, Subproblem};

/// A checkpoint being taken: the busy workers that have not yet added their place.
pub(super) struct Snapshot {
    pub(super) pending: Vec<bool>,
    pub(super) places: Vec<Subproblem>,
    /// Each worker's counters and nodes per level as of its place: taken when it joins (or
    /// ends its share first), and left alone after, while it searches on below its place.
    /// Counted from the live slots, a worker that joined and then finished its share (or
    /// joined twice) counted solutions both in its counters and in its place: resumed
    /// checkpoints found 301 of Langford 8's 300.
    pub(super) slots: Vec<Slot>,
    pub(super) profiles: Vec<Vec<u64>>,
    /// The spans finished when the snapshot began, and those the busy workers finished up to
    /// their places (likewise taken when they join, never after).
    pub(super) done: Done,
}

/// What a worker adds to a snapshot: its place (none when its share is done), the span it
/// finished up to there and what that counted, its counters and nodes per level.
pub(super) struct Joining<'a> {
    pub(super) place: Option<Subproblem>,
    pub(super) finished: Option<(Span, Counts)>,
    pub(super) stats: Stats,
    pub(super) profile: &'a [u64],
}

impl Snapshot {
    /// A snapshot of `state`'s workers: those not busy are counted as they stand.
    pub(super) fn new(state: &State) -> Snapshot {
        Snapshot {
            pending: state.slots.iter().map(|slot| slot.busy).collect(),
            places: Vec::new(),
            slots: state.slots.clone(),
            profiles: state.profiles.clone(),
            done: state.done.clone(),
        }
    }

    /// Worker `id`'s part, if it has not given it yet. False when it had already given it.
    pub(super) fn join(&mut self, id: usize, joining: Joining<'_>) -> bool {
        if !std::mem::take(&mut self.pending[id]) {
            return false;
        }
        let Joining { place, finished, stats, profile } = joining;
        self.places.extend(place);
        if let Some((span, counts)) = finished {
            self.done.add(span, counts);
        }
        self.slots[id].stats = stats;
        self.profiles[id].clear();
        self.profiles[id].extend_from_slice(profile);
        true
    }
}
