//! Buffers the forcing chains keep: a first-in first-out queue that keeps its storage between
//! runs, and the multiple chains' runs, kept between calls on one thread; and the ALSs of the
//! last position searched on the thread.

use std::cell::RefCell;
use std::sync::Arc;

use super::als::{self, Sets};
use super::candidates::Candidates;
use super::geometry::Geometry;
use super::implications::{Counter, Run};

/// A first-in first-out queue of entries, cleared (not freed) between runs.
#[derive(Default)]
pub(super) struct Fifo {
    items: Vec<u32>,
    head: usize,
}

impl Fifo {
    pub(super) fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }

    pub(super) fn push(&mut self, entry: usize) {
        self.items.push(entry as u32);
    }

    pub(super) fn pop(&mut self) -> Option<usize> {
        let entry = *self.items.get(self.head)?;
        self.head += 1;
        Some(entry as usize)
    }
}

/// The runs and marks of a search, kept between calls on one thread: a walk calls
/// [`multiple::cheapest`](super::multiple::cheapest) at most steps of hard puzzles, and allocating and zeroing them anew each time
/// cost a fifth of its time.
pub(super) struct Scratch {
    pub(super) n: usize,
    pub(super) runs: Vec<Run>,
    /// Per candidate, its run in `runs` (`u32::MAX`: none).
    pub(super) cached: Vec<u32>,
    pub(super) off: Run,
    pub(super) counter: Counter,
}

thread_local! {
    static SCRATCH: RefCell<Option<Scratch>> = const { RefCell::new(None) };
}

impl Scratch {
    /// This thread's scratch for grids of side `n` (new if it has none for that size), every
    /// run free (a run is cleared when it is run).
    pub(super) fn take(n: usize) -> Scratch {
        let mut scratch = SCRATCH
            .with(|s| s.borrow_mut().take())
            .filter(|s| s.n == n)
            .unwrap_or_else(|| Scratch {
                n,
                runs: Vec::new(),
                cached: vec![u32::MAX; n * n * n],
                off: Run::new(n),
                counter: Counter::new(n),
            });
        scratch.cached.fill(u32::MAX);
        scratch
    }

    /// Keeps this scratch for the thread's next search.
    pub(super) fn give_back(self) {
        SCRATCH.with(|s| *s.borrow_mut() = Some(self));
    }
}

/// The ALSs (and their links once asked for) of the last position an ALS technique searched
/// on this thread. ALS-XZ, the ALS-XY-wing and the death blossom are tried one after the other
/// in one position, and each listed them anew: with one list (and the reach masks of
/// `Als::reaching`, the blossom's pruning), `rate`'s ALS moves on the SE sample's 20 magictour
/// rows took 66 M instructions, not 115 M (`valgrind --tool=callgrind sudoku rate --jobs 1
/// FILE`, the three `find`s inclusive).
struct AlsCache {
    /// Held, so that no other geometry can take its address while cached.
    geometry: Arc<Geometry>,
    masks: Vec<u64>,
    sets: Sets,
}

thread_local! {
    static ALS: RefCell<Option<AlsCache>> = const { RefCell::new(None) };
}

/// Calls `f` with the ALSs of `candidates`, listed again only when the position (its layout
/// and every cell's candidates, all the list depends on) is not the last one's. `f` must not
/// call this again.
pub(super) fn als_sets<R>(candidates: &Candidates, f: impl FnOnce(&mut Sets) -> R) -> R {
    ALS.with(|cache| {
        let mut cache = cache.borrow_mut();
        let geometry = candidates.shared_geometry();
        let same = cache
            .as_ref()
            .is_some_and(|c| Arc::ptr_eq(&c.geometry, geometry) && c.masks == candidates.masks());
        if !same {
            let entry = cache.get_or_insert_with(|| AlsCache {
                geometry: Arc::clone(geometry),
                masks: Vec::new(),
                sets: Sets::default(),
            });
            entry.geometry = Arc::clone(geometry);
            entry.masks.clear();
            entry.masks.extend_from_slice(candidates.masks());
            als::fill(candidates, &mut entry.sets);
        }
        f(&mut cache.as_mut().expect("filled above").sets)
    })
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, blank, keep};
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn the_shared_sets_follow_the_position() {
        let variant = Variant::standard(9).unwrap();
        let mut first = blank(&variant);
        keep(&mut first, at(9, "r1c1"), &[1, 2]);
        // The same layout (one geometry), one cell more narrowed: more sets.
        let mut second = first.clone();
        keep(&mut second, at(9, "r1c2"), &[2, 3]);
        let listed = |sets: &Sets| -> Vec<(usize, Vec<usize>, u64)> {
            sets.list.iter().map(|s| (s.region, s.cells().to_vec(), s.digits)).collect()
        };
        for candidates in [&first, &second, &second, &first] {
            let shared = als_sets(candidates, |sets| listed(sets));
            assert_eq!(shared, listed(&als::all(candidates)));
        }
        assert_ne!(listed(&als::all(&first)), listed(&als::all(&second)));
    }
}
