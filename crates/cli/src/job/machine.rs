//! How much of the machine a run takes: its worker threads and its memo table's memory, each
//! held to what the machine has (with a warning), and the thread pool.

use std::io::{self, Write};

use dancer::Memo;

/// A memo table of at most `limit` bytes (`--memo-size`), held to what this process can spare:
/// three quarters of what it can reserve ([`dancer::Memo::affordable`], under its `ulimit -v`)
/// and half the machine's memory (Linux's `/proc/meminfo`), saying so on `err` (unless `quiet`)
/// when that is less: up front, not when the table grows into the wall. See: issue 32.
///
/// Three quarters, not half, of a `ulimit -v`: a table held well below what a search needs
/// evicts over and over (a 16x16 domino count walked row by row needs 111 MiB; held to 60 MiB
/// it takes 2.3 s, to 40 MiB over 100 s), and a table that does meet the wall still evicts
/// rather than aborts.
///
/// # Errors
/// Only a failed write to `err`.
pub fn memo(limit: usize, tool: &str, quiet: bool, err: &mut dyn Write) -> io::Result<Memo> {
    Ok(Memo::new(memo_bytes(limit, tool, quiet, err)?))
}

/// The bytes a memo table of at most `limit` bytes is held to: see [`memo`].
///
/// # Errors
/// Only a failed write to `err`.
pub fn memo_bytes(limit: usize, tool: &str, quiet: bool, err: &mut dyn Write) -> io::Result<usize> {
    let reservable = Memo::affordable(limit).saturating_mul(2);
    let machine = machine_memory().unwrap_or(usize::MAX);
    let held = limit.min(reservable / 4 * 3).min(machine / 2);
    if held < limit && !quiet {
        let why = if held == machine / 2 {
            format!("half the machine's memory ({})", mebibytes(machine))
        } else {
            format!(
                "three quarters of what this process can reserve (about {}: its ulimit -v)",
                mebibytes(reservable)
            )
        };
        writeln!(
            err,
            "{tool}: warning: --memo-size {}: the table is held to {}, {why}",
            mebibytes(limit),
            mebibytes(held),
        )?;
    }
    Ok(held)
}

/// The machine's memory (`MemTotal` in `/proc/meminfo`), where it can be read.
fn machine_memory() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|line| line.starts_with("MemTotal:"))?;
    let kib: usize =
        line.trim_start_matches("MemTotal:").trim().strip_suffix("kB")?.trim().parse().ok()?;
    kib.checked_mul(1024)
}

/// `99999 TiB`, `24 GiB`, `781 MiB`: rounded down, in MiB below 16 GiB.
fn mebibytes(bytes: usize) -> String {
    match bytes {
        b if b >= 1 << 40 => format!("{} TiB", b >> 40),
        b if b >= 16 << 30 => format!("{} GiB", b >> 30),
        b => format!("{} MiB", b >> 20),
    }
}

/// The worker threads for `--jobs`: the machine's cores unless given.
pub fn jobs(given: Option<usize>) -> usize {
    given.unwrap_or_else(cores)
}

/// The threads this process can run at once: its cores (or its share of them).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The most worker threads a search starts, per core. Past a few per core they only take
/// turns, and rayon's idle threads look for work in each other's queues, a cost growing with
/// the square of their number: on 2 cores, `--jobs 1024` took 3.6 s to count Knuth's toy
/// problem (128 threads: 0.02 s), and a search given 1 s stopped after 120 to 220 s. Four
/// keeps `--jobs 4` as asked on any machine.
pub const JOBS_PER_CORE: usize = 4;

/// [`jobs`], held to [`JOBS_PER_CORE`] per core, saying so on `err` (unless `quiet`) when
/// that holds `--jobs` back. See: issue 32.
///
/// # Errors
/// Only a failed write to `err`.
pub fn jobs_held(
    given: Option<usize>,
    tool: &str,
    quiet: bool,
    err: &mut dyn Write,
) -> io::Result<usize> {
    let (asked, cores) = (jobs(given), cores());
    let most = cores.saturating_mul(JOBS_PER_CORE);
    if asked > most && !quiet {
        let plural = if cores == 1 { "core" } else { "cores" };
        writeln!(
            err,
            "{tool}: warning: --jobs {asked}: this machine runs {cores} {plural} at once, and \
             more than {JOBS_PER_CORE} threads a core only slow the search: using {most}"
        )?;
    }
    Ok(asked.min(most))
}

/// A memo table's figures as the summaries print them: `1627 sub-problems (0 MiB), 669 found
/// again, 0 evictions`, and how many of the evictions were for want of memory, if any.
pub fn memo_figures(memo: &dancer::Memo) -> String {
    let refused = match memo.refusals() {
        0 => String::new(),
        n => format!(" ({n} when memory ran out)"),
    };
    format!(
        "{} sub-problems ({} MiB), {} found again, {} evictions{refused}",
        memo.entries(),
        memo.bytes() >> 20,
        memo.hits(),
        memo.evictions()
    )
}

/// The thread pool for `jobs` searches at once, or none for one: the search then runs on the
/// calling thread, and a process that counts 8 queens with `--jobs 1` starts no thread.
///
/// # Errors
/// When the threads cannot be started.
pub fn pool(jobs: usize) -> Result<Option<rayon::ThreadPool>, rayon::ThreadPoolBuildError> {
    if jobs <= 1 {
        return Ok(None);
    }
    rayon::ThreadPoolBuilder::new().num_threads(jobs).build().map(Some)
}
