//! scripts/split-parallel-merge.sh under a stand-in GNU parallel (a shell script that runs the
//! jobs one at a time and keeps GNU parallel's job log and results), with nothing but the
//! toolchain: a work directory of another problem refused, never added up; its exit statuses
//! as documented (see: issue 32).

use std::{
    path::{Path, PathBuf},
    process::Command,
};

use crate::dlx_jobs::queens;
use crate::util::{workspace, Run};

/// A stand-in for GNU parallel as the script calls it: the command (the last word before
/// `:::`) for each argument after `:::`, `{}` replaced by it, one at a time; its output in
/// `--results DIR` as `DIR/1/ARG/stdout` and `stderr`; a line in the `--joblog` for each run;
/// and, as `--resume-failed` does, a job the log records as succeeded is not run again.
const PARALLEL: &str = r#"#!/bin/sh
joblog= results= command=
while [ $# -gt 0 ]; do
    case $1 in
        --joblog) joblog=$2; shift 2 ;;
        --results) results=$2; shift 2 ;;
        --retries | --halt) shift 2 ;;
        --resume-failed) shift ;;
        :::) shift; break ;;
        *) command=$1; shift ;;
    esac
done
[ -s "$joblog" ] ||
    printf 'Seq\tHost\tStarttime\tJobRuntime\tSend\tReceive\tExitval\tSignal\tCommand\n' > "$joblog"
for arg in "$@"; do
    if awk -F '\t' -v a="$arg" '$1 == a && $7 == 0 && $8 == 0 { ok = 1 } END { exit !ok }' "$joblog"
    then
        continue
    fi
    mkdir -p "$results/1/$arg"
    line=$(printf '%s\n' "$command" | sed "s/{}/$arg/g")
    sh -c "$line" > "$results/1/$arg/stdout" 2> "$results/1/$arg/stderr"
    status=$?
    printf '%s\t:\t%s\t1\t0\t0\t%s\t0\t%s\n' "$arg" "$(date +%s)" "$status" "$line" >> "$joblog"
done
"#;

/// A directory with `bin/` holding `dlx` and the stand-in `parallel`.
fn machine() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_dlx"), bin.join("dlx")).unwrap();
    let parallel = bin.join("parallel");
    std::fs::write(&parallel, PARALLEL).unwrap();
    let mut permissions = std::fs::metadata(&parallel).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    std::fs::set_permissions(&parallel, permissions).unwrap();
    dir
}

/// Writes `text` to `path` under `root`, making its directory.
fn write(root: &Path, path: &str, text: &str) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// Runs the script in `root` with `args` (and `WORKDIR` if given), the stand-ins first on the
/// `PATH`.
fn script(root: &Path, args: &[&str], workdir: Option<&str>) -> Run {
    let path = format!("{}:{}", root.join("bin").display(), std::env::var("PATH").unwrap());
    let mut command = Command::new("bash");
    command.arg(workspace().join("scripts/split-parallel-merge.sh")).args(args);
    command.current_dir(root).env("PATH", path).env_remove("WORKDIR");
    if let Some(workdir) = workdir {
        command.env("WORKDIR", workdir);
    }
    let out = command.output().unwrap();
    Run {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code().unwrap(),
    }
}

/// A second problem of the same name (`a/prob.dlx`, then `b/prob.dlx`) or the problem edited
/// since: the work directory `dlx-run-prob` holds the parts of another problem, and the script
/// refuses it, saying so, rather than printing that problem's total; an edit that leaves the
/// search tree as it was (a comment) is the same problem, and another WORKDIR starts afresh.
/// See: issue 32 (the old total, 14200 for 8 queens, was printed with exit status 0).
#[test]
fn a_work_directory_of_another_problem_is_refused_not_added_up() {
    let dir = machine();
    let root = dir.path();
    write(root, "a/prob.dlx", &queens(6));
    write(root, "b/prob.dlx", &queens(5));
    let first = script(root, &["a/prob.dlx", "3"], None);
    assert_eq!((first.code, first.stdout.as_str()), (0, "4\n"), "{}", first.stderr);
    let refused = |run: &Run| {
        assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{}", run.stderr);
        let why = "dlx-run-prob holds the parts of another problem (fingerprint ";
        assert!(run.stderr.contains(why), "{}", run.stderr);
        assert!(run.stderr.contains("refused; remove dlx-run-prob"), "{}", run.stderr);
    };
    refused(&script(root, &["b/prob.dlx", "3"], None));
    write(root, "a/prob.dlx", &queens(7));
    refused(&script(root, &["a/prob.dlx", "3"], None));
    // The work directory was left as it was: the first problem again, with a comment added.
    write(root, "a/prob.dlx", &format!("| 6 queens\n{}", queens(6)));
    let again = script(root, &["a/prob.dlx", "3"], None);
    assert_eq!((again.code, again.stdout.as_str()), (0, "4\n"), "{}", again.stderr);
    let fresh = script(root, &["b/prob.dlx", "3"], Some("fresh"));
    assert_eq!((fresh.code, fresh.stdout.as_str()), (0, "10\n"), "{}", fresh.stderr);
}

/// A part that fails leaves the total unprinted: the parts' status on stderr and exit status
/// 3, as the script's doc and docs/scaling.md say; run again once the cause is gone, it runs
/// that part and prints the total. See: issue 32 (it exited with 1, `dlx status`'s own).
#[test]
fn parts_not_done_exit_with_3_and_the_same_command_goes_on() {
    let dir = machine();
    let root = dir.path();
    write(root, "prob.dlx", &queens(6));
    // Part 1's checkpoint cannot be written: the part fails (status 2) before it searches.
    let blocked: PathBuf = root.join("dlx-run-prob/checkpoints/part-1.json");
    std::fs::create_dir_all(&blocked).unwrap();
    let out = script(root, &["prob.dlx", "3"], None);
    assert_eq!((out.code, out.stdout.as_str()), (3, ""), "{}", out.stderr);
    let failed = "part 1: failed: dlx: cannot read checkpoints/part-1.json";
    assert!(out.stderr.contains(failed), "{}", out.stderr);
    std::fs::remove_dir(&blocked).unwrap();
    let again = script(root, &["prob.dlx", "3"], None);
    assert_eq!((again.code, again.stdout.as_str()), (0, "4\n"), "{}", again.stderr);
    let usage = script(root, &[], None);
    assert_eq!(usage.code, 2, "{}", usage.stderr);
    let missing = script(root, &["missing.dlx"], None);
    assert_eq!(missing.code, 2, "{}", missing.stderr);
    assert!(missing.stderr.contains("cannot read missing.dlx"), "{}", missing.stderr);
}
