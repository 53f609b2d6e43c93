//! The lazy solutions of a problem: a search thread hands them over one at a time through a
//! channel of one place, so that it runs only a solution ahead of the caller, without the
//! GIL; dropping the generator (or Ctrl-C while waiting) stops it.

use std::{
    ops::ControlFlow,
    sync::{
        atomic::{AtomicBool, Ordering},
        mpsc, Arc, Mutex,
    },
};

use dancer::{run::Run, Problem, Solver};
use pyo3::{exceptions::PyStopIteration, prelude::*};

use crate::watch::SLICE;

/// An iterator over solutions, each a list of option indices.
#[pyclass(module = "dancer._dancer")]
pub(crate) struct Solutions {
    found: Mutex<Option<mpsc::Receiver<Vec<usize>>>>,
    stop: Arc<AtomicBool>,
}

/// An iterator over a tiling's solutions, each (name, cells) pairs: its search runs on a
/// thread of its own, a solution ahead.
#[pyclass(module = "dancer._dancer")]
pub(crate) struct TilingSolutions {
    found: Mutex<Option<mpsc::Receiver<crate::tiling::Decoded>>>,
    stop: Arc<AtomicBool>,
}

impl TilingSolutions {
    /// Hands over what `solutions` yields, decoded, until it ends, the generator is
    /// dropped or stopped.
    pub(crate) fn start(
        solutions: dancer_tiling::TilingSolutions,
        limit: Option<usize>,
    ) -> TilingSolutions {
        let (send, found) = mpsc::sync_channel(1);
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        std::thread::spawn(move || {
            let mut solutions = solutions;
            for _ in 0..limit.unwrap_or(usize::MAX) {
                let Some(solution) = solutions.next() else { break };
                let decoded = crate::tiling::decode(solutions.tiling(), &solution);
                if flag.load(Ordering::Relaxed) || send.send(decoded).is_err() {
                    break;
                }
            }
        });
        TilingSolutions { found: Mutex::new(Some(found)), stop }
    }
}

#[pymethods]
impl TilingSolutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<crate::tiling::Decoded> {
        next_of(py, &self.found, &self.stop)
    }
}

impl Drop for TilingSolutions {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The next item from `found`, waiting without the GIL and looking at signals between
/// slices of the wait; a signal stops the producer (`stop`) and is raised.
fn next_of<T: Send>(
    py: Python<'_>,
    found: &Mutex<Option<mpsc::Receiver<T>>>,
    stop: &AtomicBool,
) -> PyResult<T> {
    // Another thread in the same generator: refused as Python refuses it (waiting for the
    // lock with the GIL held would deadlock with the thread that holds it).
    let Ok(mut slot) = found.try_lock() else {
        return Err(pyo3::exceptions::PyValueError::new_err("generator already executing"));
    };
    loop {
        // The receiver goes to the detached closure and back: it is Send, not Sync.
        let Some(receiver) = slot.take() else { return Err(PyStopIteration::new_err(())) };
        let (received, receiver) = py.detach(move || (receiver.recv_timeout(SLICE), receiver));
        match received {
            Ok(item) => {
                *slot = Some(receiver);
                return Ok(item);
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => return Err(PyStopIteration::new_err(())),
            Err(mpsc::RecvTimeoutError::Timeout) => *slot = Some(receiver),
        }
        if let Err(error) = py.check_signals() {
            stop.store(true, Ordering::Relaxed);
            return Err(error);
        }
    }
}

impl Solutions {
    pub(crate) fn start(problem: Arc<Problem>, limit: Option<u64>, threads: usize) -> Solutions {
        let (send, found) = mpsc::sync_channel(1);
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        std::thread::spawn(move || {
            let threads = threads.max(1);
            let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(threads).build() else {
                return;
            };
            pool.install(|| {
                let mut run = Run::new().threads(threads).interrupt(&flag);
                if let Some(limit) = limit {
                    run = run.solution_limit(limit);
                }
                let send = Mutex::new(send);
                let visit = |solver: &Solver<'_>| {
                    let solution = solver.solution().iter().map(|o| o.index()).collect();
                    let sent = send.lock().map(|send| send.send(solution).is_ok());
                    if sent.unwrap_or(false) {
                        ControlFlow::Continue(())
                    } else {
                        ControlFlow::Break(())
                    }
                };
                let _ = run.visit(&mut problem.solver(), &visit);
            });
        });
        Solutions { found: Mutex::new(Some(found)), stop }
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Vec<usize>> {
        next_of(py, &self.found, &self.stop)
    }
}

impl Drop for Solutions {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
