//! Showing a run's progress on stderr: an indicatif bar for a person at a terminal, or a plain
//! line every few seconds for a log file.

mod narrowed;

use std::{
    fmt::Write as _,
    io::{IsTerminal, Write},
    time::Duration,
};

use console::Term;
use dancer::run::{MemoProgress, Progress};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

use self::narrowed::Narrowed;

use super::ProgressMode;

/// The bar's length: the fraction done in millionths.
const STEPS: u64 = 1_000_000;

/// How often the bar is redrawn.
const BAR_EVERY: Duration = Duration::from_millis(200);

/// Where progress goes.
pub enum Display {
    /// Nowhere.
    Off,
    /// A bar on stderr.
    Bar(ProgressBar),
    /// Plain lines on stderr, each prefixed with the command's name.
    Lines {
        /// The command's name.
        name: &'static str,
        /// How often.
        every: Duration,
    },
}

impl Display {
    /// The display `mode` asks for; without one, a bar when stderr is a terminal and the
    /// solutions are not being printed on a terminal too (they would tear it apart).
    pub fn new(
        mode: Option<ProgressMode>,
        name: &'static str,
        every: Duration,
        printing: bool,
    ) -> Display {
        let terminal = std::io::stderr().is_terminal();
        let quiet_stdout = !printing || !std::io::stdout().is_terminal();
        match mode {
            None if terminal && quiet_stdout => Display::bar(),
            Some(ProgressMode::On | ProgressMode::Bar) if terminal => Display::bar(),
            None | Some(ProgressMode::Off | ProgressMode::Bar) => Display::Off,
            Some(ProgressMode::On | ProgressMode::Lines) => Display::Lines { name, every },
        }
    }

    fn bar() -> Display {
        Display::Bar(bar_on(Narrowed(Term::stderr())))
    }

    /// How often the run should report, if at all.
    pub fn interval(&self) -> Option<Duration> {
        match self {
            Display::Off => None,
            Display::Bar(_) => Some(BAR_EVERY),
            Display::Lines { every, .. } => Some(*every),
        }
    }

    /// Shows a report.
    pub fn show(&self, progress: &Progress) {
        match self {
            Display::Off => {}
            Display::Bar(bar) => {
                // Truncation is meant: the bar moves in millionths.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                bar.set_position((progress.fraction * STEPS as f64) as u64);
                let (head, tail) = describe_parts(progress);
                bar.set_prefix(head);
                bar.set_message(tail);
            }
            Display::Lines { name, .. } => {
                // A report that cannot be written is not worth stopping the search for.
                let _ = writeln!(std::io::stderr(), "{name}: {}", describe(progress));
            }
        }
    }

    /// Shows a report of a memoised count.
    pub fn show_memo(&self, progress: &MemoProgress) {
        match self {
            Display::Off => {}
            Display::Bar(bar) => {
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                bar.set_position((progress.fraction * STEPS as f64) as u64);
                let (head, tail) = describe_memo_parts(progress);
                bar.set_prefix(head);
                bar.set_message(tail);
            }
            Display::Lines { name, .. } => {
                let _ = writeln!(std::io::stderr(), "{name}: {}", describe_memo(progress));
            }
        }
    }

    /// Takes the bar off the screen (the summary follows).
    pub fn finish(&self) {
        if let Display::Bar(bar) = self {
            bar.finish_and_clear();
        }
    }
}

/// The bar, drawn on `term`: two lines, each cut to the width, the fraction and the bar, then
/// the rest. One line longer than the width would wrap where the terminal wraps it, not where
/// indicatif counts (it is told a narrower width, see [`Narrowed`]).
fn bar_on(term: impl TermLike + 'static) -> ProgressBar {
    let bar =
        ProgressBar::with_draw_target(Some(STEPS), ProgressDrawTarget::term_like(Box::new(term)));
    let style = ProgressStyle::with_template("{prefix} {wide_bar}\n{wide_msg}");
    if let Ok(style) = style {
        bar.set_style(style);
    }
    bar
}

/// `12.345% done, eta 1:02:03, 1234 solutions, 5.6e7 nodes (3.1e6/s), 0:01:23 elapsed`.
fn describe(progress: &Progress) -> String {
    let (head, tail) = describe_parts(progress);
    format!("{head}, {tail}")
}

/// [`describe`] in two: `12.345% done, eta 1:02:03` and the rest.
fn describe_parts(progress: &Progress) -> (String, String) {
    let mut head = format!("{} done", percent(progress.fraction));
    if let Some(eta) = progress.eta().filter(|_| progress.fraction < 1.0) {
        let _ = write!(head, ", eta {}", clock(eta));
    }
    // This run's nodes over this run's time: after a resume, not all the nodes over it.
    let rate = progress.nodes_per_second();
    let noun = if progress.solutions == 1 { "solution" } else { "solutions" };
    let tail = format!(
        "{} {noun}, {} nodes ({}/s), {} elapsed",
        progress.solutions,
        short(progress.nodes as f64),
        short(rate),
        clock(progress.elapsed)
    );
    (head, tail)
}

/// `12.345% done, memo: 1.234M sub-problems (95 MiB), 456.000k found again, 0 evictions,
/// 7.89e20 solutions so far, 5.6e7 nodes (3.1e6/s), 0:01:23 elapsed`, the fraction being the
/// tree behind the count (sub-problems found in the table count as done): no ETA, since
/// lookups skip whole subtrees and the fraction moves by leaps.
fn describe_memo(progress: &MemoProgress) -> String {
    format!(
        "{} done, memo: {} sub-problems ({} MiB), {} found again, {} evictions, {} solutions so \
         far, {} nodes ({}/s), {} elapsed",
        percent(progress.fraction),
        short(progress.entries as f64),
        progress.bytes >> 20,
        short(progress.hits as f64),
        progress.evictions,
        short(progress.counted as f64),
        short(progress.nodes as f64),
        short(memo_rate(progress)),
        clock(progress.elapsed)
    )
}

/// [`describe_memo`] as the bar's two lines, the count and time first on the second, which a
/// narrow terminal cuts: `12.345% done, memo: 1.234M sub-problems (95 MiB)` and `7.89e20
/// solutions so far, 5.6e7 nodes (3.1e6/s), 0:01:23 elapsed; 456.000k found again, 0
/// evictions`.
fn describe_memo_parts(progress: &MemoProgress) -> (String, String) {
    let head = format!(
        "{} done, memo: {} sub-problems ({} MiB)",
        percent(progress.fraction),
        short(progress.entries as f64),
        progress.bytes >> 20
    );
    let tail = format!(
        "{} solutions so far, {} nodes ({}/s), {} elapsed; {} found again, {} evictions",
        short(progress.counted as f64),
        short(progress.nodes as f64),
        short(memo_rate(progress)),
        clock(progress.elapsed),
        short(progress.hits as f64),
        progress.evictions
    );
    (head, tail)
}

/// A memoised count's nodes per second (it is never resumed: all its nodes are its own).
fn memo_rate(progress: &MemoProgress) -> f64 {
    let seconds = progress.elapsed.as_secs_f64();
    if seconds > 0.0 {
        progress.nodes as f64 / seconds
    } else {
        0.0
    }
}

/// A fraction as a percentage: `12.345%`, or `1.23e-9%` when it would read as 0.000%.
pub fn percent(fraction: f64) -> String {
    let percent = fraction * 100.0;
    if percent > 0.0 && percent < 1e-3 {
        format!("{percent:.2e}%")
    } else {
        format!("{percent:.3}%")
    }
}

/// `h:mm:ss`, or `d days h:mm:ss`.
pub fn clock(duration: Duration) -> String {
    let seconds = duration.as_secs();
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    let hms = format!("{}:{:02}:{:02}", rest / 3600, rest / 60 % 60, rest % 60);
    match days {
        0 => hms,
        1 => format!("1 day {hms}"),
        _ => format!("{days} days {hms}"),
    }
}

/// A count in three significant digits: 987, 12.3k, 4.56M, 7.89G, 1.23e12.
pub fn short(value: f64) -> String {
    match value {
        v if v < 1e3 => format!("{v:.0}"),
        v if v < 1e6 => format!("{:.3}k", v / 1e3),
        v if v < 1e9 => format!("{:.3}M", v / 1e6),
        v if v < 1e12 => format!("{:.3}G", v / 1e9),
        v => format!("{v:.2e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_and_short_counts() {
        assert_eq!(clock(Duration::from_secs(3723)), "1:02:03");
        assert_eq!(clock(Duration::from_secs(2 * 86_400 + 5)), "2 days 0:00:05");
        assert_eq!(short(987.0), "987");
        assert_eq!(short(12_345.0), "12.345k");
        assert_eq!(short(4.56e6), "4.560M");
        assert_eq!(short(1.234e13), "1.23e13");
        assert_eq!(percent(0.123_45), "12.345%");
        assert_eq!(percent(1.234e-12), "1.23e-10%");
        assert_eq!(percent(0.0), "0.000%");
    }

    #[test]
    fn a_memo_report_says_what_the_table_holds() {
        let progress = MemoProgress {
            nodes: 3_000_000,
            counted: 1 << 70,
            entries: 1_234_567,
            bytes: 95 << 20,
            hits: 456_000,
            evictions: 1,
            fraction: 0.5,
            elapsed: Duration::from_secs(2),
        };
        assert_eq!(
            describe_memo(&progress),
            "50.000% done, memo: 1.235M sub-problems (95 MiB), 456.000k found again, 1 \
             evictions, 1.18e21 solutions so far, 3.000M nodes (1.500M/s), 0:00:02 elapsed"
        );
    }

    #[test]
    fn a_report_reads_as_a_sentence() {
        let progress = Progress {
            solutions: 1,
            nodes: 2_000_000,
            nodes_at_start: 0,
            updates: 0,
            elapsed: Duration::from_secs(10),
            fraction: 0.25,
            fraction_at_start: 0.0,
            busy: 2,
        };
        assert_eq!(
            describe(&progress),
            "25.000% done, eta 0:00:30, 1 solution, 2.000M nodes (200.000k/s), 0:00:10 elapsed"
        );
    }

    /// A resumed run's rate is its own nodes over its own time; the ETA is from its own
    /// pace too. See: issue 32 (the rate divided all the nodes, the earlier runs' too, by
    /// this run's time: 300k/s here).
    #[test]
    fn a_resumed_run_reports_its_own_rate() {
        let progress = Progress {
            solutions: 5,
            nodes: 3_000_000,
            nodes_at_start: 2_000_000,
            updates: 0,
            elapsed: Duration::from_secs(10),
            fraction: 0.75,
            fraction_at_start: 0.5,
            busy: 1,
        };
        assert_eq!(
            describe(&progress),
            "75.000% done, eta 0:00:10, 5 solutions, 3.000M nodes (100.000k/s), 0:00:10 elapsed"
        );
    }
}
