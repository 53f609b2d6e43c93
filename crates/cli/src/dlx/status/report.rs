//! Writing `dlx status`: the parts by state, a line for each part not done, the count so far
//! (a lower bound until every part is done) and the time left, estimated from the work each
//! part was estimated at by the split, scaled by what the finished parts really took.

use std::{fmt::Write as _, io::Write, time::Duration};

use serde_json::{json, Value};

use super::{Progress, State};
use crate::dlx::parts::PartsFile;
use crate::job::{clock, percent};

/// The parts of a split and their states, for writing.
pub(super) struct Parts<'a> {
    pub(super) file: &'a PartsFile,
    pub(super) states: &'a [State],
}

/// The names of the states, in the order they are listed.
const STATES: [&str; 6] = ["done", "running", "stopped", "silent", "failed", "not started"];

fn name(state: &State) -> &'static str {
    match state {
        State::Done { .. } => "done",
        State::Running(_) => "running",
        State::Stopped { .. } => "stopped",
        State::Silent(_) => "silent",
        State::Failed { .. } => "failed",
        State::NotStarted => "not started",
    }
}

/// Time left: CPU seconds over all parts, and wall seconds at the parts running now.
struct Left {
    cpu: f64,
    wall: Option<f64>,
}

impl Parts<'_> {
    /// Solutions found so far: a lower bound of the total until every part is done.
    fn solutions(&self) -> u128 {
        let of = |state: &State| match state {
            State::Done { solutions, .. } => *solutions,
            State::Running(p) | State::Silent(p) => p.solutions,
            State::Stopped { progress, .. } | State::Failed { progress, .. } => {
                progress.as_ref().map_or(0, |p| p.solutions)
            }
            State::NotStarted => 0,
        };
        self.states.iter().map(|state| u128::from(of(state))).sum()
    }

    /// The time left, when anything has been measured: the updates still to do (each part's
    /// estimate from the split, times the share of it left, times how far the finished parts
    /// were from their estimates) at the rate measured so far.
    fn left(&self) -> Option<Left> {
        let (mut updates, mut seconds) = (0.0, 0.0);
        let (mut actual, mut estimated) = (0.0, 0.0);
        let mut todo = 0.0;
        let mut running = 0usize;
        for (part, state) in self.file.parts.iter().zip(self.states) {
            let progress = match state {
                State::Done { updates: u, seconds: s, .. } => {
                    (updates, seconds) = (updates + *u as f64, seconds + s);
                    (actual, estimated) = (actual + *u as f64, estimated + part.updates);
                    continue;
                }
                State::Running(p) => {
                    running += 1;
                    Some(p)
                }
                State::Silent(p) => Some(p),
                State::Stopped { progress, .. } | State::Failed { progress, .. } => {
                    progress.as_ref()
                }
                State::NotStarted => None,
            };
            if let Some(p) = progress {
                (updates, seconds) = (updates + p.updates as f64, seconds + p.seconds);
            }
            todo += part.updates * (1.0 - progress.map_or(0.0, |p| p.fraction));
        }
        if updates <= 0.0 || seconds <= 0.0 {
            return None;
        }
        let scale = if estimated > 0.0 && actual > 0.0 { actual / estimated } else { 1.0 };
        let cpu = todo * scale / (updates / seconds);
        let wall = (running > 0).then(|| cpu / running as f64);
        Some(Left { cpu, wall })
    }

    /// The parts in `state`, as ranges: `0-12, 15, 17-43`.
    fn ranges(&self, state: &str) -> String {
        let numbers: Vec<usize> =
            (0..self.states.len()).filter(|&k| name(&self.states[k]) == state).collect();
        let mut text = String::new();
        let mut i = 0;
        while i < numbers.len() {
            let mut j = i;
            while j + 1 < numbers.len() && numbers[j + 1] == numbers[j] + 1 {
                j += 1;
            }
            let sep = if text.is_empty() { "" } else { ", " };
            let _ = match j - i {
                0 => write!(text, "{sep}{}", numbers[i]),
                _ => write!(text, "{sep}{}-{}", numbers[i], numbers[j]),
            };
            i = j + 1;
        }
        text
    }

    /// The table, a line for each part not done, the count so far and the time left.
    pub(super) fn write(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let first = &self.file.parts[0];
        writeln!(
            out,
            "{}: {} parts of split {} (fingerprint {})",
            self.file.shown, first.parts, first.split, first.fingerprint
        )?;
        for state in STATES {
            let count = self.states.iter().filter(|s| name(s) == state).count();
            let line = format!("  {state:<12} {count:>6}  {}", self.ranges(state));
            writeln!(out, "{}", line.trim_end())?;
        }
        for (k, state) in self.states.iter().enumerate() {
            if let Some(line) = describe(state) {
                writeln!(out, "part {k}: {line}")?;
            }
        }
        let done = self.states.iter().all(|s| matches!(s, State::Done { .. }));
        let solutions = self.solutions();
        if done {
            writeln!(out, "solutions: {solutions} (every part done: dlx merge gives the total)")?;
        } else {
            writeln!(out, "solutions so far: at least {solutions}")?;
        }
        if let (false, Some(left)) = (done, self.left()) {
            let cpu = clock(Duration::from_secs_f64(left.cpu));
            let wall = left.wall.map_or(String::new(), |wall| {
                let running = self.states.iter().filter(|s| matches!(s, State::Running(_))).count();
                let noun = if running == 1 { "part" } else { "parts" };
                format!(
                    "; with {running} {noun} running, about {}",
                    clock(Duration::from_secs_f64(wall))
                )
            });
            writeln!(out, "time left: about {cpu} of CPU{wall} (estimated)")?;
        }
        Ok(())
    }

    /// The same as one JSON object.
    pub(super) fn json(&self) -> Value {
        let first = &self.file.parts[0];
        let mut object = json!({
            "parts": first.parts, "split": first.split, "fingerprint": first.fingerprint,
        });
        for state in STATES {
            let numbers: Vec<usize> =
                (0..self.states.len()).filter(|&k| name(&self.states[k]) == state).collect();
            object[state.replace(' ', "_")] = json!(numbers);
        }
        object["solutions_at_least"] = json!(self.solutions());
        let left = self.left();
        object["cpu_seconds_left"] = json!(left.as_ref().map(|l| l.cpu));
        object["wall_seconds_left"] = json!(left.and_then(|l| l.wall));
        let details: Vec<Value> = self
            .states
            .iter()
            .enumerate()
            .filter(|(_, state)| !matches!(state, State::Done { .. } | State::NotStarted))
            .map(|(k, state)| detail(k, state))
            .collect();
        object["unfinished"] = json!(details);
        object
    }
}

/// One line for a part that is neither done nor untouched.
fn describe(state: &State) -> Option<String> {
    let progress = |p: &Progress| {
        let ago = clock(Duration::from_secs(p.age.as_secs()));
        // The rest of the part at the rate it went so far (its fraction in Knuth's measure).
        let left = if p.fraction > 0.0 && p.seconds > 0.0 {
            let left = p.seconds * (1.0 - p.fraction) / p.fraction;
            format!(", about {} of searching left", clock(Duration::from_secs_f64(left)))
        } else {
            String::new()
        };
        format!(
            "{} done, {}{left}; last checkpoint {ago} ago",
            percent(p.fraction),
            crate::counted(p.solutions, "solution")
        )
    };
    let writer = |p: &Progress| {
        p.writer.as_ref().map_or(String::new(), |(h, pid)| format!(" on {h} (pid {pid})"))
    };
    Some(match state {
        State::Running(p) => format!("running{}: {}", writer(p), progress(p)),
        State::Silent(p) => format!(
            "silent{}: {}; its process is gone or not writing: run it again to resume",
            writer(p),
            progress(p)
        ),
        State::Stopped { why, progress: Some(p) } => {
            format!("{why} at {}: run it again to resume", percent(p.fraction))
        }
        State::Stopped { why, progress: None } => format!("{why} (no checkpoint found)"),
        State::Failed { why, .. } => format!("failed: {why}"),
        State::Done { summary: false, .. } => {
            "done (its checkpoint says so; run it again with --continue to print its summary)"
                .to_owned()
        }
        State::Done { .. } | State::NotStarted => return None,
    })
}

/// One part not done, as JSON.
fn detail(part: usize, state: &State) -> Value {
    let mut object = json!({ "part": part, "state": name(state) });
    let progress = match state {
        State::Running(p) | State::Silent(p) => Some(p),
        State::Stopped { why, progress } | State::Failed { why, progress } => {
            object["why"] = json!(why);
            progress.as_ref()
        }
        State::Done { .. } | State::NotStarted => None,
    };
    if let Some(p) = progress {
        object["fraction"] = json!(p.fraction);
        object["solutions"] = json!(p.solutions);
        object["seconds"] = json!(p.seconds);
        object["checkpoint_age"] = json!(p.age.as_secs_f64());
        if let Some((host, pid)) = &p.writer {
            object["host"] = json!(host);
            object["pid"] = json!(pid);
        }
    }
    object
}
