//! Searching without the GIL while the calling thread watches for Ctrl-C.
//!
//! `Python::check_signals` does its work on the main thread only, so the work runs on a
//! thread of its own and the caller's thread waits for it in slices of `SLICE`, the GIL
//! released, looking at signals between slices. A signal (`KeyboardInterrupt`, or whatever a
//! handler raises) raises the engine's interrupt flag, waits for the work to stop (within a
//! poll of the engine's, well under a millisecond on most problems) and is returned.

use std::{
    sync::{
        atomic::{AtomicBool, Ordering},
        mpsc,
    },
    time::Duration,
};

use pyo3::prelude::*;

/// How long the caller waits between two looks at signals: a Ctrl-C is seen within this.
pub(crate) const SLICE: Duration = Duration::from_millis(20);

/// Runs `work` (given the interrupt flag) on a thread of its own, the GIL released, and
/// returns what it returns; or, at once, the error of a signal handler, the flag raised so
/// that `work` stops at its next poll on its own (on a loaded machine that poll can be a
/// tenth of a second away, and the caller need not wait for it).
pub(crate) fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> T + Send + 'static,
) -> PyResult<T> {
    let flag = std::sync::Arc::new(AtomicBool::new(false));
    let (done, mut finished) = mpsc::channel();
    let raised = std::sync::Arc::clone(&flag);
    std::thread::spawn(move || {
        // The receiver is gone only if the caller is: nothing to tell then.
        let _ = done.send(work(&raised));
    });
    loop {
        // The receiver goes to the detached closure and back: it is Send, not Sync.
        let (received, back) = py.detach(move || (finished.recv_timeout(SLICE), finished));
        finished = back;
        match received {
            Ok(value) => return Ok(value),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(pyo3::exceptions::PyRuntimeError::new_err("the search failed"));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        if let Err(error) = py.check_signals() {
            flag.store(true, Ordering::Relaxed);
            return Err(error);
        }
    }
}

/// As [`interruptible`], but waiting for `work` to stop: what it returned comes back with the
/// signal's error, for a caller that saves it (a run's checkpoint) before raising.
pub(crate) fn watched<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<(T, Option<PyErr>)> {
    let flag = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (done, mut finished) = mpsc::channel();
        let flag = &flag;
        scope.spawn(move || {
            // The receiver is gone only if the caller is: nothing to tell then.
            let _ = done.send(work(flag));
        });
        loop {
            // The receiver goes to the detached closure and back: it is Send, not Sync.
            let (received, back) = py.detach(move || (finished.recv_timeout(SLICE), finished));
            finished = back;
            match received {
                Ok(value) => return Ok((value, None)),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(pyo3::exceptions::PyRuntimeError::new_err("the search failed"));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
            if let Err(error) = py.check_signals() {
                flag.store(true, Ordering::Relaxed);
                // The work stops at its next poll.
                return match py.detach(move || finished.recv()) {
                    Ok(value) => Ok((value, Some(error))),
                    Err(_) => Err(error),
                };
            }
        }
    })
}

/// A rayon pool of `threads` workers (all cores when `None`), to run a count in.
pub(crate) fn pool(threads: Option<usize>) -> PyResult<rayon::ThreadPool> {
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|error| pyo3::exceptions::PyRuntimeError::new_err(error.to_string()))
}
