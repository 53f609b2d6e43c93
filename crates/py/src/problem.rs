//! `dancer.Problem`: an exact-cover problem, its counts, solutions, samples, estimates and
//! resumable runs.

use std::{path::PathBuf, sync::Arc, time::Duration};

use dancer::{
    run::{Checkpoint, CountError, Counting, MemoUse, Run},
    BuildError, Memo, MemoError, Problem, ProblemBuilder,
};
use pyo3::{
    exceptions::{PyKeyboardInterrupt, PyOverflowError, PyRuntimeError, PyValueError},
    prelude::*,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::solutions::Solutions;
use crate::watch::{interruptible, pool, watched};

/// An exact-cover problem (see the module `dancer`).
#[pyclass(module = "dancer._dancer", name = "Problem", frozen)]
pub(crate) struct PyProblem {
    pub(crate) problem: Arc<Problem>,
}

pub(crate) fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// The Python error of a failed count.
fn count_error(error: CountError) -> PyErr {
    match error {
        CountError::Memo(MemoError::Interrupted) => PyKeyboardInterrupt::new_err("interrupted"),
        CountError::Memo(MemoError::Overflow) => {
            PyOverflowError::new_err("more than 2^128 - 1 solutions")
        }
        other => PyRuntimeError::new_err(other.to_string()),
    }
}

#[pymethods]
impl PyProblem {
    /// The problem of `names` (items, the first `primary` primary), `bounds` (each primary
    /// item's (low, high), or empty: exactly once) and `options` (lists of (item, colour or
    /// None)). `dancer.Problem(...)` builds these from any hashable items.
    #[staticmethod]
    #[pyo3(signature = (names, primary, options, bounds=Vec::new()))]
    fn _from_parts(
        names: Vec<String>,
        primary: usize,
        options: Vec<Vec<(usize, Option<String>)>>,
        bounds: Vec<(u32, u32)>,
    ) -> PyResult<PyProblem> {
        let mut builder = ProblemBuilder::new();
        for (k, name) in names.into_iter().enumerate() {
            match (k < primary, bounds.get(k)) {
                (true, Some(&(low, high))) => {
                    builder.primary_bounded(name, low..=high);
                }
                (true, None) => {
                    builder.primary(name);
                }
                (false, _) => {
                    builder.secondary(name);
                }
            }
        }
        for option in options {
            let entries: Vec<dancer::Entry> = option
                .into_iter()
                .map(|(item, colour)| dancer::Entry {
                    item: dancer::ItemId::new(item),
                    color: colour.map(|c| builder.color(&c)),
                })
                .collect();
            builder.option(entries);
        }
        let problem = builder.build().map_err(|e: BuildError| value_error(e))?;
        Ok(PyProblem { problem: Arc::new(problem) })
    }

    /// The problem written in Knuth's DLX format.
    #[staticmethod]
    fn from_dlx(text: &str) -> PyResult<PyProblem> {
        let parsed = dancer::parse(text).map_err(value_error)?;
        Ok(PyProblem { problem: Arc::new(parsed.problem) })
    }

    /// The problem of a 0/1 matrix given by each row's columns of ones (`from_matrix` in
    /// Python makes these from any matrix).
    #[staticmethod]
    fn _from_sparse(columns: usize, primary: usize, rows: Vec<Vec<usize>>) -> PyResult<PyProblem> {
        let problem = Problem::from_sparse(columns, primary, rows).map_err(value_error)?;
        Ok(PyProblem { problem: Arc::new(problem) })
    }

    /// The problem in Knuth's DLX format.
    fn to_dlx(&self) -> String {
        self.problem.to_string()
    }

    /// The number of items, primary and secondary.
    #[getter]
    fn items(&self) -> usize {
        self.problem.item_count()
    }

    /// The number of primary items (the first ones).
    #[getter]
    fn primary(&self) -> usize {
        self.problem.primary_count()
    }

    /// The number of options.
    #[getter]
    fn options(&self) -> usize {
        self.problem.option_count()
    }

    /// The item names of option `k` (`name:colour` where coloured).
    fn option_names(&self, k: usize) -> PyResult<Vec<String>> {
        if k >= self.problem.option_count() {
            return Err(value_error(format!("no option {k}")));
        }
        Ok(self.problem.option_names(dancer::OptionId::new(k)))
    }

    /// The number of solutions, as `dlx --count` counts them: on `threads` threads (all
    /// cores by default), with the table of sub-problems where it pays (`memo="auto"`),
    /// always (`True`) or never (`False`). A Python int of any size (up to 2^128 - 1).
    #[pyo3(signature = (threads=None, memo=None))]
    fn _count(&self, py: Python<'_>, threads: Option<usize>, memo: Option<bool>) -> PyResult<u128> {
        let memo = match memo {
            None => MemoUse::Auto,
            Some(true) => MemoUse::Always,
            Some(false) => MemoUse::Never,
        };
        let pool = pool(threads)?;
        let problem = Arc::clone(&self.problem);
        let jobs = pool.current_num_threads();
        let counted = interruptible(py, move |flag| {
            pool.install(|| {
                let run = Run::new().threads(jobs).interrupt(flag);
                Counting::new(run).memo(memo).count(&mut problem.solver())
            })
        })?;
        let counted = counted.map_err(count_error)?;
        if !counted.is_complete() {
            return Err(PyKeyboardInterrupt::new_err("interrupted"));
        }
        Ok(counted.solutions())
    }

    /// A run on `threads` threads that stops at `time_limit` seconds or `node_limit` nodes;
    /// with `checkpoint` (a path), it goes on from the file when it exists and writes its
    /// state there when it stops or ends. (count, complete, stopped, nodes, updates,
    /// seconds).
    #[pyo3(signature = (threads=None, time_limit=None, node_limit=None, checkpoint=None))]
    fn _run(
        &self,
        py: Python<'_>,
        threads: Option<usize>,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
        checkpoint: Option<PathBuf>,
    ) -> PyResult<(u64, bool, Option<String>, u64, u64, f64)> {
        let resumed: Option<Checkpoint> = match &checkpoint {
            Some(path) if path.exists() => {
                let text = std::fs::read_to_string(path)?;
                Some(
                    serde_json::from_str(&text)
                        .map_err(|e| value_error(format!("{}: {e}", path.display())))?,
                )
            }
            _ => None,
        };
        let limit = time_limit.map(Duration::try_from_secs_f64).transpose().map_err(value_error)?;
        let pool = pool(threads)?;
        let jobs = pool.current_num_threads();
        let problem = Arc::clone(&self.problem);
        // A Ctrl-C stops the run as a limit does: its checkpoint is written, then raised.
        let (outcome, signal) = watched(py, |flag| {
            pool.install(|| {
                let mut run = Run::new().threads(jobs).interrupt(flag);
                if let Some(limit) = limit {
                    run = run.time_limit(limit);
                }
                if let Some(nodes) = node_limit {
                    run = run.node_limit(nodes);
                }
                if let Some(saved) = &resumed {
                    run = run.resume(saved);
                }
                run.count(&mut problem.solver())
            })
        })?;
        let outcome = outcome.map_err(|e| value_error(e.to_string()))?;
        if let Some(path) = &checkpoint {
            let text = serde_json::to_string(outcome.checkpoint())
                .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
            std::fs::write(path, text)?;
        }
        if let Some(signal) = signal {
            return Err(signal);
        }
        let stats = outcome.stats();
        let stopped = outcome.stopped().map(|stop| stop.as_str().to_owned());
        Ok((
            outcome.solutions(),
            outcome.is_complete(),
            stopped,
            stats.nodes(),
            stats.updates(),
            outcome.seconds(),
        ))
    }

    /// The solutions one at a time, each a list of option indices (in the order chosen),
    /// found on `threads` threads (1 by default: DLX1's order) without the GIL, at most
    /// `limit` of them.
    #[pyo3(signature = (limit=None, threads=1))]
    fn solutions(&self, limit: Option<u64>, threads: usize) -> Solutions {
        Solutions::start(Arc::clone(&self.problem), limit, threads)
    }

    /// `k` solutions drawn uniformly at random (each of the N with probability 1/N) from
    /// exact memoised counts, from a `ChaCha8` generator seeded with `seed`.
    #[pyo3(signature = (k, seed=0))]
    fn sample(&self, py: Python<'_>, k: usize, seed: u64) -> PyResult<Vec<Vec<usize>>> {
        let problem = Arc::clone(&self.problem);
        let drawn = interruptible(py, move |flag| {
            let mut solver = problem.solver();
            let mut memo = Memo::default();
            let mut random = ChaCha8Rng::seed_from_u64(seed);
            let mut drawn = Vec::with_capacity(k);
            for _ in 0..k {
                match solver.sample(&mut memo, &mut || random.next_u64(), Some(flag)) {
                    Ok(Some(solution)) => drawn.push(solution.iter().map(|o| o.index()).collect()),
                    Ok(None) => break,
                    Err(error) => return Err(error),
                }
            }
            Ok(drawn)
        })?;
        drawn.map_err(|error| count_error(CountError::Memo(error)))
    }

    /// Knuth's estimate of the search tree from `samples` random paths (seeded): (nodes,
    /// updates, solutions), each a float.
    #[pyo3(signature = (samples=1000, seed=0))]
    fn estimate(&self, py: Python<'_>, samples: u64, seed: u64) -> PyResult<(f64, f64, f64)> {
        if self.problem.has_multiplicities() {
            return Err(value_error("a problem with multiplicities has no estimate"));
        }
        let problem = Arc::clone(&self.problem);
        let estimate = py.detach(|| problem.solver().estimate(samples, seed));
        Ok((estimate.nodes(), estimate.updates(), estimate.solutions()))
    }
}
