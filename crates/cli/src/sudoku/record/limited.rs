//! The logic of `rate`, `hint` and `explain` under `--time-limit` and Ctrl-C: the library's
//! [`within_limits`] stops its walks, and the record says so as `solve` says a search stopped
//! (`timeout` at the limit, exit status 3; `stopped` on a signal, 130).

use dancer::run::Stop;
use dancer_sudoku::{within_limits, LogicLimits, LogicStop};
use serde_json::json;

use super::{Long, RecordJob};

impl RecordJob {
    /// Runs `walk` under the record's limits: its result, and what stopped it, if anything did
    /// (the result is then partial, and `stopped` has counted and noted it).
    pub(super) fn limited<R>(
        &mut self,
        long: Long<'_>,
        walk: impl FnOnce() -> R,
    ) -> (R, Option<LogicStop>) {
        let limits = LogicLimits {
            deadline: long.job.time_limit.map(|limit| self.started + limit),
            interrupt: Some(long.interrupt),
        };
        let (result, stop) = within_limits(limits, walk);
        if let Some(stop) = stop {
            self.logic_stopped(stop);
        }
        (result, stop)
    }

    /// Counts a stop for the exit status, says it on stderr, and sets the JSON fields.
    fn logic_stopped(&mut self, stop: LogicStop) {
        let status = status_of(stop);
        let stop = match stop {
            LogicStop::TimeLimit => {
                self.tally.stopped += 1;
                Stop::TimeLimit
            }
            LogicStop::Interrupted => {
                self.tally.interrupted += 1;
                Stop::Interrupted
            }
        };
        let elapsed = self.started.elapsed();
        self.note(format!(
            "stopped by {} after {:.1} s: the logic was not finished",
            crate::job::reason(stop),
            elapsed.as_secs_f64()
        ));
        self.set("status", || json!(status));
        self.set("stopped", || json!(stop.as_str()));
        self.set("micros", || json!(elapsed.as_micros()));
    }

    /// The record of a walk a limit stopped: its status word (or JSON line).
    pub(super) fn stopped_text(&mut self, stop: LogicStop) -> String {
        self.text(status_of(stop))
    }
}

/// The status word of a stop, as `solve` prints it.
pub(super) fn status_of(stop: LogicStop) -> &'static str {
    match stop {
        LogicStop::TimeLimit => "timeout",
        LogicStop::Interrupted => "stopped",
    }
}
