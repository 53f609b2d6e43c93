//! `count --memo` of one record: the exact count from [`PuzzleSolver::count_memo`] with the table
//! shared by the whole input, printed as a whole number of up to 39 digits.

use std::sync::{Mutex, PoisonError};

use dancer::{run::MemoProgress, run::MemoRun, Memo, MemoError};
use dancer_sudoku::{Givens, PuzzleCount, PuzzleSolver, SolveError};
use serde::Serialize;

use super::solving::Searched as Text;
use super::{search::Long, RecordJob};
use crate::job::Display;
use crate::sudoku::args::OutputFormat;

/// Runs `count` with a [`MemoRun`] stopped by `long`'s flag and, for an input of one puzzle,
/// showing its progress as `--progress` says (as a plain count of one puzzle does).
pub(super) fn watched<T>(long: Long<'_>, count: impl FnOnce(&MemoRun<'_>) -> T) -> T {
    let display = if long.single {
        Display::new(long.job.progress, "sudoku", long.job.progress_every, false)
    } else {
        Display::Off
    };
    let report = |progress: &MemoProgress| display.show_memo(progress);
    let mut run = MemoRun::new().interrupt(long.interrupt);
    if let Some(every) = display.interval() {
        run = run.progress(every, &report);
    }
    let counted = count(&run);
    display.finish();
    counted
}

impl RecordJob {
    /// `count --memo`: the number of solutions, always complete; on an interrupt nothing (the
    /// output ends before this record), on an overflow `error`.
    pub(super) fn count_memo<G: Givens + ?Sized>(
        &mut self,
        solver: &mut PuzzleSolver<'_>,
        (givens, name): (&G, Option<&str>),
        memo: &Mutex<Memo>,
        long: Long<'_>,
    ) -> Text {
        // One thread counts, so the lock is never contended; it only lets the table be lent to
        // the pool's worker. The library clears it for each model that is not plain, a
        // problem of its own.
        let mut memo = memo.lock().unwrap_or_else(PoisonError::into_inner);
        let counted = watched(long, |run| solver.count_memo(givens, &mut memo, run));
        let counted = match counted {
            Ok(counted) => counted,
            Err(SolveError::Memo(MemoError::Interrupted)) => {
                self.tally.interrupted += 1;
                self.skip = true;
                self.note("the memoised count was interrupted (it cannot be resumed)".to_owned());
                return Ok(String::new());
            }
            Err(error) => return self.refused(error, true),
        };
        let status = match (&counted.invalid, counted.count) {
            (Some(_), _) => "invalid",
            (None, 0) => "none",
            (None, 1) => "unique",
            (None, _) => "multiple",
        };
        match status {
            "invalid" => self.tally.invalid += 1,
            "none" => self.tally.none += 1,
            _ => self.tally.solved += 1,
        }
        if self.format == OutputFormat::Json {
            return Ok(self.memo_json(status, name, &counted));
        }
        Ok(self.text(&if status == "invalid" {
            status.to_owned()
        } else {
            counted.count.to_string()
        }))
    }

    /// The record's JSON line: the keys of a plain count's, in the same order, with the count
    /// as written (a `serde_json::Value` holds at most 64 bits, a blank 9×9's count needs 73).
    fn memo_json(
        &self,
        status: &'static str,
        name: Option<&str>,
        counted: &PuzzleCount<u128>,
    ) -> String {
        let (grid, name) = (name.is_none(), name.map(str::to_owned));
        let record = if let Some(broken) = &counted.invalid {
            // As the plain count's invalid records: no counters, since nothing was searched.
            MemoRecord {
                line: self.line,
                name,
                status,
                error: Some(broken.to_string()),
                count: 0,
                complete: true,
                searched: None,
            }
        } else {
            let stats = &counted.stats;
            MemoRecord {
                line: self.line,
                name,
                status,
                error: None,
                count: counted.count,
                complete: true,
                searched: Some(Searched {
                    // A grid's record has the keys of a plain count's; a model's has always
                    // gone without it.
                    stopped: grid.then_some(()),
                    nodes: stats.nodes(),
                    updates: stats.updates(),
                    micros: self.started.elapsed().as_micros(),
                }),
            }
        };
        // Serialising plain numbers and strings into a string cannot fail.
        serde_json::to_string(&record).expect("a record of numbers and strings") + "\n"
    }
}

/// A `count --memo` record in JSON: the keys of `count --format json`, in its key order.
#[derive(Serialize)]
struct MemoRecord {
    line: usize,
    /// A JSON line's name, for a model that is not plain.
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    count: u128,
    complete: bool,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    searched: Option<Searched>,
}

/// What a search adds to the record (an invalid puzzle is not searched).
#[derive(Serialize)]
struct Searched {
    /// Always null when present: a memoised count is never stopped part way with a number to
    /// print.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<()>,
    nodes: u64,
    updates: u64,
    micros: u128,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_beyond_64_bits_are_written_whole_in_key_order() {
        // A blank 9×9's number of grids, 6 670 903 752 021 072 936 960 > u64::MAX.
        let count = 6_670_903_752_021_072_936_960_u128;
        let searched = Searched { stopped: Some(()), nodes: 7, updates: 9, micros: 11 };
        let record = MemoRecord {
            line: 3,
            name: None,
            status: "multiple",
            error: None,
            count,
            complete: true,
            searched: Some(searched),
        };
        assert_eq!(
            serde_json::to_string(&record).unwrap(),
            "{\"line\":3,\"status\":\"multiple\",\"count\":6670903752021072936960,\
             \"complete\":true,\"stopped\":null,\"nodes\":7,\"updates\":9,\"micros\":11}"
        );
    }

    #[test]
    fn an_invalid_record_has_the_plain_counts_keys() {
        let record = MemoRecord {
            line: 1,
            name: None,
            status: "invalid",
            error: Some("r1c1 and r1c2 both hold 3".to_owned()),
            count: 0,
            complete: true,
            searched: None,
        };
        assert_eq!(
            serde_json::to_string(&record).unwrap(),
            "{\"line\":1,\"status\":\"invalid\",\"error\":\"r1c1 and r1c2 both hold 3\",\
             \"count\":0,\"complete\":true}"
        );
    }
}
