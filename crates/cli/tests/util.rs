//! Running a binary of this crate and checking what it printed.

use std::{
    io::Write,
    path::PathBuf,
    process::{Child, Command, Output, Stdio},
};

/// The root of the workspace, where `data/` lives.
pub(crate) fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A shipped data file, by its path under `data/`.
pub(crate) fn data(path: &str) -> String {
    workspace().join("data").join(path).to_string_lossy().into_owned()
}

/// What a run printed and how it ended.
pub(crate) struct Run {
    pub(crate) stdout: String,
    pub(crate) stderr: String,
    pub(crate) code: i32,
}

/// Starts `bin` with `args`, its three streams piped.
pub(crate) fn spawn(bin: &str, args: &[&str]) -> Child {
    Command::new(bin)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// Feeds `stdin` to `child` from a thread of its own, as a shell pipeline would: a binary that
/// reads as it writes fills its output pipe long before it has read a large input.
fn feed(child: &mut Child, stdin: &str) -> std::thread::JoinHandle<()> {
    let mut input = child.stdin.take().expect("stdin is piped");
    let stdin = stdin.to_owned();
    std::thread::spawn(move || {
        // A binary that stops reading early closes the pipe; that is not our failure here.
        let _ = input.write_all(stdin.as_bytes());
    })
}

/// Runs `bin` with `args`, feeding `stdin`.
pub(crate) fn run(bin: &str, args: &[&str], stdin: &str) -> Run {
    let mut child = spawn(bin, args);
    let feeding = feed(&mut child, stdin);
    let Output { status, stdout, stderr } = child.wait_with_output().expect("the binary ends");
    feeding.join().expect("the input is fed");
    let run = Run {
        stdout: String::from_utf8(stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(stderr).expect("stderr is UTF-8"),
        code: status.code().expect("the binary exits normally"),
    };
    assert!(!run.stderr.contains("panicked"), "the binary panicked:\n{}", run.stderr);
    run
}

/// Asserts two texts are equal, showing both in full when they are not.
#[macro_export]
macro_rules! eqnice {
    ($expected:expr, $got:expr) => {{
        let (expected, got): (&str, &str) = (&$expected, &$got);
        if expected != got {
            panic!("\n--- expected ---\n{expected}\n--- got ---\n{got}\n---");
        }
    }};
}

/// Runs `bin` with `args` on `stdin`, reads one line of its output and closes the pipe, as
/// `| head -1` would; returns that line and how the binary ended.
pub(crate) fn first_line_then_close(bin: &str, args: &[&str], stdin: &str) -> (String, Output) {
    use std::io::{BufRead, BufReader};
    let mut child = spawn(bin, args);
    let feeding = feed(&mut child, stdin);
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout is piped"))
        .read_line(&mut first)
        .expect("a line");
    // The reader is dropped here, as `head -1` would exit.
    let output = child.wait_with_output().expect("the binary ends");
    feeding.join().expect("the input is fed");
    (first, output)
}
