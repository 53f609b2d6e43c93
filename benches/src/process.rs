//! Running a peer's program, or ours, as a process for `benches/peers.rs`: its CPU time (user
//! plus system, from `getrusage` of the children), its wall time, its peak RSS and, under
//! callgrind, its instructions.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use nix::sys::resource::{getrusage, Usage, UsageWho};

/// One command line and the file it reads on standard input, if any.
#[derive(Clone, Debug)]
pub struct Cmd {
    program: PathBuf,
    args: Vec<String>,
    stdin: Option<PathBuf>,
}

impl Cmd {
    /// `program args`, reading `stdin` (a file) if given.
    pub fn new(program: PathBuf, args: &[&str], stdin: Option<&Path>) -> Cmd {
        let args = args.iter().map(|&a| a.to_owned()).collect();
        Cmd { program, args, stdin: stdin.map(Path::to_path_buf) }
    }

    fn command(&self) -> Command {
        let mut command = Command::new(&self.program);
        command.args(&self.args).stdout(Stdio::null()).stderr(Stdio::null());
        if let Some(file) = &self.stdin {
            command.stdin(std::fs::File::open(file).expect("the input was written"));
        }
        command
    }

    /// Runs the command once and returns its CPU time (user + system) and wall time.
    pub fn run(&self) -> (f64, f64) {
        let before = cpu(&getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage"));
        let start = Instant::now();
        let status = self.command().status().expect("the program runs");
        let wall = start.elapsed().as_secs_f64();
        assert!(status.success() || status.code() == Some(1), "{self:?}: {status}");
        let after = cpu(&getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage"));
        (after - before, wall)
    }

    /// The peak RSS of one run, in KiB: this bench run again as `--rss`, so that the maximum
    /// over its children is this command's alone.
    pub fn peak_rss(&self) -> u64 {
        let me = std::env::current_exe().expect("the bench binary");
        let mut command = Command::new(me);
        command.arg("--rss").arg(&self.program).args(&self.args);
        if let Some(file) = &self.stdin {
            command.env("PEERS_STDIN", file);
        }
        let out = command.output().expect("the bench runs itself");
        String::from_utf8_lossy(&out.stdout).trim().parse().unwrap_or(0)
    }

    /// Instructions of one run, as callgrind counts them.
    pub fn instructions(&self) -> Option<u64> {
        let mut command = Command::new("valgrind");
        command
            .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
            .arg(&self.program)
            .args(&self.args)
            .stdout(Stdio::null());
        if let Some(file) = &self.stdin {
            command.stdin(std::fs::File::open(file).ok()?);
        }
        let out = command.output().ok()?;
        let text = String::from_utf8_lossy(&out.stderr);
        let line = text.lines().find(|line| line.contains("Collected :"))?;
        line.rsplit(':').next()?.trim().replace(',', "").parse().ok()
    }
}

/// The CPU time (user plus system) of `usage`, in seconds.
pub fn cpu(usage: &Usage) -> f64 {
    let seconds = |t: nix::sys::time::TimeVal| t.tv_sec() as f64 + t.tv_usec() as f64 * 1e-6;
    seconds(usage.user_time()) + seconds(usage.system_time())
}

/// The `--rss` mode of a bench: run the command given and print its peak RSS in KiB.
pub fn rss_mode(args: &[String]) {
    let mut command = Command::new(&args[0]);
    command.args(&args[1..]).stdout(Stdio::null()).stderr(Stdio::null());
    if let Some(file) = std::env::var_os("PEERS_STDIN") {
        command.stdin(std::fs::File::open(file).expect("the input was written"));
    }
    command.status().expect("the program runs");
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage");
    println!("{}", usage.max_rss());
}
