//! Writing solutions as `dlx` prints them: each one's option lines as written (or one JSON
//! object), from whichever thread found it, every `--every`-th.

use std::{
    io::{self, Write},
    ops::ControlFlow,
    sync::{Mutex, PoisonError},
};

use dancer::{OptionId, ParsedProblem};
use serde_json::json;

/// Writes solutions as they come, from whichever thread found them: every `every`-th.
pub(super) struct Printer<'o> {
    pub(super) out: &'o mut (dyn Write + Send),
    pub(super) json: bool,
    pub(super) every: u64,
    /// The solutions reported so far, printed or not.
    pub(super) seen: u64,
    pub(super) printed: u64,
    /// The first write that failed (a closed pipe, say): the search stops there.
    pub(super) error: Option<io::Error>,
    /// The solution being printed, sorted: one buffer for all of them, so that printing
    /// millions of solutions allocates nothing per solution.
    pub(super) sorted: Vec<OptionId>,
}

impl Printer<'_> {
    pub(super) fn print(
        &mut self,
        parsed: &ParsedProblem,
        solution: &[OptionId],
    ) -> ControlFlow<()> {
        self.seen += 1;
        if !self.seen.is_multiple_of(self.every) {
            return ControlFlow::Continue(());
        }
        self.sorted.clear();
        self.sorted.extend_from_slice(solution);
        self.sorted.sort_unstable();
        match write_solution(self.json, self.printed == 0, parsed, &self.sorted, self.out) {
            Ok(()) => {
                self.printed += 1;
                ControlFlow::Continue(())
            }
            Err(error) => {
                self.error = Some(error);
                ControlFlow::Break(())
            }
        }
    }
}

pub(super) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Writes one solution (sorted): its option lines as in the input, after a blank line unless
/// it is the `first`; or one JSON object.
pub(crate) fn write_solution(
    json: bool,
    first: bool,
    parsed: &ParsedProblem,
    solution: &[OptionId],
    out: &mut dyn Write,
) -> io::Result<()> {
    if json {
        let options: Vec<usize> = solution.iter().map(|o| o.index()).collect();
        let lines: Vec<usize> = solution.iter().map(|o| parsed.options[o.index()].line).collect();
        // Each option's items (and colours) as the format writes them: readable without the
        // input at hand.
        let names: Vec<String> =
            solution.iter().map(|&o| parsed.problem.option_names(o).join(" ")).collect();
        return writeln!(out, "{}", json!({ "options": options, "lines": lines, "names": names }));
    }
    if !first {
        writeln!(out)?;
    }
    for option in solution {
        writeln!(out, "{}", parsed.options[option.index()].text)?;
    }
    Ok(())
}
