//! The extension module `dancer._dancer` of the Python package `dancer`: the engine's
//! problems, counts, solutions, samples, estimates and runs, and the tiling layer. The
//! Python package (`python/dancer`) wraps it: items of any hashable type, xcover's `covers`,
//! numpy matrices, and `dancer.tiling`'s boards and pieces.
//!
//! Every search runs without the GIL; the calling thread looks at signals every 20 ms, so
//! Ctrl-C stops it and raises `KeyboardInterrupt` (`watch.rs`).

mod problem;
mod solutions;
mod tiling;
mod watch;

use pyo3::prelude::*;

#[pymodule]
fn _dancer(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<problem::PyProblem>()?;
    module.add_class::<solutions::Solutions>()?;
    module.add_class::<solutions::TilingSolutions>()?;
    module.add_class::<tiling::PyTiling>()?;
    Ok(())
}
