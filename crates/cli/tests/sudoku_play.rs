//! `sudoku play` as a user meets it (issue 32): its help, a mistyped file name, a file read up
//! to its record and no further, endless inputs refused, and, in a pseudo-terminal the test
//! opens (no `script` or tmux needed), a terminal given back whole after a signal and a large
//! killer's game started without a long wait.

use std::{
    io::Write,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use crate::util::{data, run, Run};

fn sudoku(args: &[&str]) -> Run {
    run(env!("CARGO_BIN_EXE_sudoku"), args, "")
}

/// Waits for `child` at most `limit`; kills it and fails the test when it runs longer.
fn wait_at_most(child: &mut Child, limit: Duration, what: &str) -> std::process::ExitStatus {
    let began = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if began.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_help_names_only_options_that_play_has() {
    // See: issue 32, item 21 (`play --help` spoke of a --stats it lacks).
    let run = sudoku(&["play", "--help"]);
    assert_eq!(run.code, 0);
    assert!(!run.stdout.contains("--stats"), "{}", run.stdout);
    assert!(run.stdout.contains("-q, --quiet"), "{}", run.stdout);
}

#[test]
fn a_mistyped_file_name_is_no_puzzle_line() {
    // See: issue 32, item 21.
    let run = sudoku(&["play", "pzls.txt"]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr, "sudoku: pzls.txt: no such file (nor a puzzle line)\n");
    // A puzzle line is still a puzzle (and the game then needs a terminal).
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let run = sudoku(&["play", line]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("needs a terminal"), "{}", run.stderr);
    // A word that is neither keeps the puzzle reader's error.
    let run = sudoku(&["play", "hello"]);
    assert!(run.stderr.starts_with("sudoku: the puzzle argument: 1:1: "), "{}", run.stderr);
}

#[test]
fn the_record_is_taken_without_reading_on() {
    // See: issue 32, item 9 (every record was read first: 1 M puzzles took 3.5 GB). The
    // input never ends: the first record must be enough.
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["play", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let line =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    // More than a pipe holds: the game may have what it wants, and be gone, before the end.
    let _ = stdin.write_all(line.repeat(1000).as_bytes());
    let status = wait_at_most(&mut child, Duration::from_secs(20), "play - on an open pipe");
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("sudoku play needs a terminal"), "{stderr}");
    // --record takes another; past the end, the count of records.
    let killers = data("variants/killer-9x9.jsonl");
    let run = sudoku(&["play", &killers, "--record", "9"]);
    assert!(
        run.stderr.ends_with("killer-9x9.jsonl has 5 records, so there is no record 9\n"),
        "{}",
        run.stderr
    );
}

#[cfg(unix)]
#[test]
fn endless_files_are_refused_at_a_bound() {
    // See: issue 32, item 10 (`play /dev/zero` never ended; `--resume /dev/zero` read 2.1 GB).
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["play", "/dev/zero", "--record", "2"])
        .stderr(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let status = wait_at_most(&mut child, Duration::from_secs(20), "play /dev/zero");
    let stderr = String::from_utf8_lossy(&child.wait_with_output().unwrap().stderr).into_owned();
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("sudoku: /dev/zero:1:1: the line is longer than 65536 bytes"),
        "{stderr}"
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["play", "--resume", "/dev/zero"])
        .stderr(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let status = wait_at_most(&mut child, Duration::from_secs(20), "play --resume /dev/zero");
    let stderr = String::from_utf8_lossy(&child.wait_with_output().unwrap().stderr).into_owned();
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert_eq!(stderr, "sudoku: /dev/zero: larger than 64 MiB, the most a saved game may be\n");
}

/// `sudoku play` in a pseudo-terminal of its own, as in a terminal window.
#[cfg(unix)]
mod terminal {
    use std::{
        fs::File,
        io::Read,
        process::{Child, Command, Stdio},
        sync::{Arc, Mutex},
        thread::JoinHandle,
        time::{Duration, Instant},
    };

    use nix::pty::{openpty, Winsize};
    use nix::sys::signal::{kill, Signal};
    use nix::unistd::Pid;

    use super::wait_at_most;

    /// A game running in a pseudo-terminal, and everything it wrote there.
    struct Game {
        child: Child,
        screen: Arc<Mutex<Vec<u8>>>,
        reader: Option<JoinHandle<()>>,
    }

    /// A game a failed test leaves is ended, not left running.
    impl Drop for Game {
        fn drop(&mut self) {
            if let Ok(None) = self.child.try_wait() {
                let _ = self.child.kill();
                let _ = self.child.wait();
            }
        }
    }

    impl Game {
        fn start(args: &[&str]) -> Game {
            let size = Winsize { ws_row: 60, ws_col: 140, ws_xpixel: 0, ws_ypixel: 0 };
            let pty = openpty(&size, None).unwrap();
            let child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
                .args(args)
                .stdin(Stdio::from(pty.slave.try_clone().unwrap()))
                .stdout(Stdio::from(pty.slave.try_clone().unwrap()))
                .stderr(Stdio::from(pty.slave))
                .spawn()
                .unwrap();
            let screen = Arc::new(Mutex::new(Vec::new()));
            let mut master = File::from(pty.master);
            let written = Arc::clone(&screen);
            // Until the game and its terminal are gone (the read then fails).
            let reader = std::thread::spawn(move || {
                let mut buffer = [0; 4096];
                while let Ok(n @ 1..) = master.read(&mut buffer) {
                    written.lock().unwrap().extend_from_slice(&buffer[..n]);
                }
            });
            Game { child, screen, reader: Some(reader) }
        }

        fn text(&self) -> String {
            String::from_utf8_lossy(&self.screen.lock().unwrap()).into_owned()
        }

        /// Waits until the screen shows `what`, for at most `limit`.
        fn wait_for(&self, what: &str, limit: Duration) {
            let began = Instant::now();
            while !self.text().contains(what) {
                assert!(began.elapsed() < limit, "no {what:?} after {limit:?}:\n{}", self.text());
                std::thread::sleep(Duration::from_millis(20));
            }
        }

        /// Sends `signal`, waits for the game to end; its exit status and all it wrote.
        fn stop(&mut self, signal: Signal) -> (Option<i32>, String) {
            kill(Pid::from_raw(i32::try_from(self.child.id()).unwrap()), signal).unwrap();
            let status = wait_at_most(&mut self.child, Duration::from_secs(20), "the game");
            if let Some(reader) = self.reader.take() {
                reader.join().unwrap();
            }
            (status.code(), self.text())
        }
    }

    #[test]
    fn a_signal_gives_the_terminal_back_with_its_cursor() {
        // See: issue 32, item 11 (SIGTERM, SIGHUP or SIGINT left the shell's cursor hidden).
        let puzzle = super::data("puzzles/classic.txt");
        for signal in [Signal::SIGTERM, Signal::SIGHUP, Signal::SIGINT] {
            let mut game = Game::start(&["play", &puzzle]);
            // The title's mode (ratatui moves over blanks, so words come one by one).
            game.wait_for("digits", Duration::from_secs(20));
            let (code, written) = game.stop(signal);
            assert_eq!(code, Some(130), "{signal}");
            let hidden = written.rfind("\x1b[?25l").expect("the game hides the cursor");
            let shown = written.rfind("\x1b[?25h").unwrap_or(0);
            assert!(shown > hidden, "{signal}: the cursor is left hidden");
            let left = written.rfind("\x1b[?1049l").unwrap_or(0);
            assert!(left > written.rfind("\x1b[?1049h").unwrap(), "{signal}: the alternate screen");
        }
    }

    #[test]
    fn a_large_killer_starts_with_its_own_solution_or_a_bounded_search() {
        // See: issue 32, item 10 (a 25x25 killer: a blank screen while it was solved).
        let killer = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/killer-25x25.jsonl");
        let began = Instant::now();
        let mut game = Game::start(&["play", killer]);
        game.wait_for("digits", Duration::from_secs(20));
        assert!(!game.text().contains("solving"), "{}", game.text());
        game.stop(Signal::SIGTERM);
        eprintln!("with its solution: the game after {:?}", began.elapsed());
        // Without its solution: solving is said, and the game starts without one.
        let text = std::fs::read_to_string(killer).unwrap();
        let mut record: serde_json::Value = serde_json::from_str(&text).unwrap();
        record.as_object_mut().unwrap().remove("solution");
        let folder = tempfile::tempdir().unwrap();
        let unsolved = folder.path().join("killer.jsonl");
        std::fs::write(&unsolved, record.to_string()).unwrap();
        let began = Instant::now();
        let mut game = Game::start(&["play", unsolved.to_str().unwrap()]);
        game.wait_for("sudoku: solving killer 25x25 (at most 5 s", Duration::from_secs(20));
        game.wait_for("playing without one", Duration::from_secs(30));
        game.wait_for("known", Duration::from_secs(10));
        assert!(began.elapsed() < Duration::from_secs(25), "{:?}", began.elapsed());
        game.stop(Signal::SIGTERM);
    }
}
