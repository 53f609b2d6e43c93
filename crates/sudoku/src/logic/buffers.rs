//! Buffers the forcing chains keep: a first-in first-out queue that keeps its storage between
//! runs, and the multiple chains' runs, kept between calls on one thread.

use std::cell::RefCell;

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
