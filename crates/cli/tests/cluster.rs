//! Runs that leave one machine, as the recipes of docs/scaling.md run them, with nothing but
//! the toolchain: scripts/slurm-part.sbatch under a stand-in `scontrol` that records the
//! requeues asked of it (see: issue 22; a failing requeue and a summary of another split, issue
//! 32), and the `xargs` recipe killed and run again.

use std::{
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;

use crate::util::{data, workspace};

/// A directory with the pentomino problem split into two parts (each a few seconds of search,
/// long enough to be stopped), a `bin/` with `dlx` and a stand-in `scontrol` that appends its
/// arguments to `scontrol.log`.
fn cluster() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::copy(data("dlx/pentominoes6x10.dlx"), root.join("p.dlx")).unwrap();
    let split = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(["split", "-q", "--parts", "2", "p.dlx"])
        .current_dir(root)
        .output()
        .unwrap();
    assert!(split.status.success(), "{split:?}");
    std::fs::write(root.join("parts.jsonl"), split.stdout).unwrap();
    let bin = root.join("bin");
    std::fs::create_dir(&bin).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_dlx"), bin.join("dlx")).unwrap();
    let scontrol = bin.join("scontrol");
    std::fs::write(&scontrol, "#!/bin/sh\necho \"$@\" >> scontrol.log\n").unwrap();
    let mut permissions = std::fs::metadata(&scontrol).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    std::fs::set_permissions(&scontrol, permissions).unwrap();
    dir
}

/// Starts the sbatch script as Slurm would for array task `part` of job 77, restarted
/// `restarts` times, in `dir`, its output going to `part-K.log` as `--output` says.
fn task(dir: &Path, part: u32, restarts: u32, problem: &str) -> Child {
    let path = format!("{}:{}", dir.join("bin").display(), std::env::var("PATH").unwrap());
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join(format!("part-{part}.log")))
        .unwrap();
    Command::new("bash")
        .arg(workspace().join("scripts/slurm-part.sbatch"))
        .args([problem, "parts.jsonl"])
        .current_dir(dir)
        .env("PATH", path)
        .env("SLURM_ARRAY_TASK_ID", part.to_string())
        .env("SLURM_JOB_ID", format!("{}", 77 + part))
        .env("SLURM_RESTART_COUNT", restarts.to_string())
        .env("DLX_CHECKPOINT_EVERY", "0.05s")
        .stdout(log.try_clone().unwrap())
        .stderr(log)
        .stdin(Stdio::null())
        .spawn()
        .unwrap()
}

/// Waits for `path` to exist (the part's first periodic checkpoint: its search is under way).
fn wait_for(path: &Path) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !path.exists() {
        assert!(Instant::now() < deadline, "{} never appeared", path.display());
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

/// Slurm's warning before the time limit (SIGUSR1 to the batch shell): the part checkpoints,
/// the task requeues itself, and the requeued task resumes and finishes; the merge of both
/// parts is the exact total. A task whose part is done exits at once.
#[test]
fn a_slurm_task_warned_of_its_time_limit_checkpoints_and_requeues_itself() {
    let dir = cluster();
    let root = dir.path();
    let mut child = task(root, 0, 0, "p.dlx");
    wait_for(&root.join("checkpoint-0.json"));
    kill(Pid::from_raw(i32::try_from(child.id()).unwrap()), Signal::SIGUSR1).unwrap();
    let status = child.wait().unwrap();
    let log = read(root.join("part-0.log"));
    assert_eq!(status.code(), Some(0), "{log}");
    assert_eq!(read(root.join("scontrol.log")), "requeue 77\n", "{log}");
    assert!(log.contains("stopped (status 130), checkpoint written; requeued"), "{log}");
    assert!(!root.join("part-0.json").exists());
    // Slurm starts it again: it goes on from its checkpoint.
    let status = task(root, 0, 1, "p.dlx").wait().unwrap();
    assert_eq!(status.code(), Some(0), "{}", read(root.join("part-0.log")));
    assert!(read(root.join("part-0.log")).contains("part 0: done"));
    assert_eq!(task(root, 1, 0, "p.dlx").wait().unwrap().code(), Some(0));
    let merged = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(["merge", "-q", "part-0.json", "part-1.json"])
        .current_dir(root)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&merged.stdout), "9356\n");
    // Done: run again (a duplicate submission), it says so and does nothing.
    assert_eq!(task(root, 0, 2, "p.dlx").wait().unwrap().code(), Some(0));
    assert!(read(root.join("part-0.log")).contains("part 0: done already"));
    assert_eq!(read(root.join("scontrol.log")), "requeue 77\n");
}

/// A part that fails for good (its input gone) is reported and not requeued: before, the
/// resubmission loop of the docs ran it again and again.
#[test]
fn a_slurm_task_that_fails_is_not_requeued() {
    let dir = cluster();
    let root = dir.path();
    let status = task(root, 0, 0, "missing.dlx").wait().unwrap();
    let log = read(root.join("part-0.log"));
    assert_eq!(status.code(), Some(2), "{log}");
    assert!(log.contains("cannot read missing.dlx"), "{log}");
    assert!(log.contains("failed with status 2"), "{log}");
    assert_eq!(read(root.join("scontrol.log")), "");
}

/// After `DLX_MAX_REQUEUES` requeues a stopped part is left stopped (and says so).
#[test]
fn a_slurm_task_requeues_itself_a_limited_number_of_times() {
    let dir = cluster();
    let root = dir.path();
    let mut child = task(root, 1, 20, "p.dlx");
    wait_for(&root.join("checkpoint-1.json"));
    kill(Pid::from_raw(i32::try_from(child.id()).unwrap()), Signal::SIGUSR1).unwrap();
    let status = child.wait().unwrap();
    let log = read(root.join("part-1.log"));
    assert_eq!(status.code(), Some(130), "{log}");
    assert!(log.contains("after 20 requeues: not requeued again"), "{log}");
    assert_eq!(read(root.join("scontrol.log")), "");
}

/// The xargs recipe, killed (SIGTERM to its process group, as a batch system or a closed
/// terminal sends it) and run again as written: each part goes on from its own checkpoint,
/// and the merge of what both runs appended is the exact total.
#[test]
fn the_xargs_recipe_killed_and_run_again_resumes_each_part() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::copy(data("dlx/pentominoes6x10.dlx"), root.join("p.dlx")).unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_dlx")).parent().unwrap().to_owned();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let shell = |line: &str| {
        let mut command = Command::new("sh");
        command.args(["-c", line]).current_dir(root).env("PATH", &path);
        command
    };
    let split =
        shell("dlx split -q --parts 8 p.dlx > parts.jsonl && mkdir -p checkpoints").output();
    assert!(split.unwrap().status.success());
    let recipe = "seq 0 7 | xargs -P 2 -I{} dlx --count --json --jobs 1 --parts parts.jsonl \
                  --part {} --checkpoint checkpoints/part-{}.json --checkpoint-every 0.05s \
                  --continue p.dlx >> done.jsonl";
    let mut first = {
        let mut command = shell(recipe);
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        command.stderr(Stdio::null()).spawn().unwrap()
    };
    // Once some part has checkpointed, stop them all mid-search.
    let deadline = Instant::now() + Duration::from_secs(60);
    let checkpoints = || {
        let entries = std::fs::read_dir(root.join("checkpoints")).unwrap();
        entries
            .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().starts_with("part"))
            .count()
    };
    while checkpoints() < 2 {
        assert!(Instant::now() < deadline, "no checkpoints");
        std::thread::sleep(Duration::from_millis(10));
    }
    let group = Pid::from_raw(-i32::try_from(first.id()).unwrap());
    kill(group, Signal::SIGTERM).unwrap();
    let _ = first.wait();
    // Until every dlx of the group has written its checkpoint and ended.
    while kill(group, None).is_ok() {
        assert!(Instant::now() < deadline, "the parts did not stop");
        std::thread::sleep(Duration::from_millis(10));
    }
    let status = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(["status", "-q", "parts.jsonl", "done.jsonl", "--checkpoints", "checkpoints"])
        .current_dir(root)
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&status.stdout).into_owned();
    assert_eq!(status.status.code(), Some(3), "{table}");
    assert!(table.contains("stopped by an interrupt"), "{table}");
    // As written, again: the parts done print their summaries at once, the rest resume.
    assert!(shell(recipe).status().unwrap().success());
    let merged = shell("dlx merge -q done.jsonl").output().unwrap();
    assert_eq!(String::from_utf8_lossy(&merged.stdout), "9356\n");
}

/// `scancel` (SIGTERM to the task): the part checkpoints and stays stopped. Before the fix the
/// script requeued itself on any stop, and a cancelled array came back two minutes later.
#[test]
fn a_slurm_task_cancelled_checkpoints_and_is_not_requeued() {
    let dir = cluster();
    let root = dir.path();
    let mut child = task(root, 0, 0, "p.dlx");
    wait_for(&root.join("checkpoint-0.json"));
    kill(Pid::from_raw(i32::try_from(child.id()).unwrap()), Signal::SIGTERM).unwrap();
    let status = child.wait().unwrap();
    let log = read(root.join("part-0.log"));
    assert_eq!(status.code(), Some(130), "{log}");
    assert!(log.contains("not requeued (the signal was not the time limit's warning)"), "{log}");
    assert_eq!(read(root.join("scontrol.log")), "");
    // Submitted again, it goes on from its checkpoint.
    assert_eq!(task(root, 0, 0, "p.dlx").wait().unwrap().code(), Some(0));
    assert!(root.join("part-0.json").exists());
}

/// `--continue`: one command starts a search, goes on after each stop, and once the search is
/// done answers at once from the finished checkpoint (no node searched again), for `dlx` and
/// for `sudoku count` alike.
#[test]
fn one_command_with_continue_starts_goes_on_and_answers_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("c.json");
    let checkpoint = checkpoint.to_str().unwrap();
    let queens = data("dlx/queens8.dlx");
    let args =
        ["--count", "--json", "--jobs", "1", "--node-limit", "400", "--checkpoint", checkpoint];
    let args = [&args[..], &["--continue", &queens]].concat();
    let run = || {
        let out = Command::new(env!("CARGO_BIN_EXE_dlx")).args(&args).output().unwrap();
        let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (out.status.code(), summary["solutions"].as_u64(), summary["nodes"].as_u64())
    };
    assert_eq!(run(), (Some(3), Some(38), Some(400)), "started");
    assert_eq!(run(), (Some(3), Some(67), Some(800)), "went on");
    assert_eq!(run(), (Some(0), Some(92), Some(1049)), "finished");
    assert_eq!(run(), (Some(0), Some(92), Some(1049)), "answered at once");
    let sudoku = dir.path().join("s.json");
    let sudoku = sudoku.to_str().unwrap();
    let blank = data("puzzles/blank4x4.txt");
    let args = ["count", "-q", "--node-limit", "200", "--checkpoint", sudoku, "--continue", &blank];
    let counts: Vec<String> = (0..4)
        .map(|_| {
            let out = Command::new(env!("CARGO_BIN_EXE_sudoku")).args(args).output().unwrap();
            String::from_utf8(out.stdout).unwrap().trim().to_owned()
        })
        .collect();
    assert!(counts[0].ends_with('+') && counts[1].ends_with('+'), "{counts:?}");
    assert_eq!(&counts[2..], ["288", "288"], "{counts:?}");
}

/// `scontrol requeue` failing (here: a stand-in that refuses) after the warning: the task says
/// so and fails with the status dlx stopped with, rather than log "requeued" and exit 0 (a
/// part then silently never came back). See: issue 32.
#[test]
fn a_slurm_task_whose_requeue_fails_says_so_and_fails() {
    let dir = cluster();
    let root = dir.path();
    let scontrol = root.join("bin/scontrol");
    std::fs::write(&scontrol, "#!/bin/sh\necho \"scontrol: error: $*: denied\" >&2\nexit 1\n")
        .unwrap();
    let mut child = task(root, 0, 0, "p.dlx");
    wait_for(&root.join("checkpoint-0.json"));
    kill(Pid::from_raw(i32::try_from(child.id()).unwrap()), Signal::SIGUSR1).unwrap();
    let status = child.wait().unwrap();
    let log = read(root.join("part-0.log"));
    assert_eq!(status.code(), Some(130), "{log}");
    assert!(log.contains("scontrol: error: requeue 77: denied"), "{log}");
    assert!(log.contains("scontrol requeue failed (above): not requeued"), "{log}");
    assert!(!log.contains("; requeued"), "{log}");
}

/// A `part-K.json` left by another split (the directory reused for a new split) is not taken
/// for this part done: it is set aside, said so, and the part runs; the merge is exact. See:
/// issue 32 (the task exited at once, "done already", and the merge refused the foreign part).
#[test]
fn a_slurm_task_does_not_take_another_splits_summary_for_its_own() {
    let dir = cluster();
    let root = dir.path();
    let dlx_in = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_dlx")).args(args).current_dir(root).output();
        out.unwrap()
    };
    let other = dlx_in(&["split", "-q", "--parts", "2", "--seed", "5", "p.dlx"]);
    std::fs::write(root.join("other.jsonl"), other.stdout).unwrap();
    let foreign = dlx_in(&["--count", "--json", "--parts", "other.jsonl", "--part", "0", "p.dlx"]);
    std::fs::write(root.join("part-0.json"), &foreign.stdout).unwrap();
    let status = task(root, 0, 0, "p.dlx").wait().unwrap();
    let log = read(root.join("part-0.log"));
    assert_eq!(status.code(), Some(0), "{log}");
    assert!(!log.contains("done already"), "{log}");
    assert!(log.contains("part-0.json was not the finished summary of part 0 of split"), "{log}");
    assert_eq!(std::fs::read(root.join("part-0.json.old")).unwrap(), foreign.stdout);
    assert_eq!(task(root, 1, 0, "p.dlx").wait().unwrap().code(), Some(0));
    let merged = dlx_in(&["merge", "-q", "part-0.json", "part-1.json"]);
    assert_eq!(String::from_utf8_lossy(&merged.stdout), "9356\n");
    // Now it is this split's: run again, the task says it is done.
    assert_eq!(task(root, 0, 1, "p.dlx").wait().unwrap().code(), Some(0));
    assert!(read(root.join("part-0.log")).contains("part 0: done already"));
}
