//! Checkpoints, parts and subproblems as JSON (what `dlx` and `sudoku count` read with
//! `--resume` and `--parts`), resumed on small searches of both engines: DLX problems on the
//! dancing-links solver, sudoku puzzles on the bitmask search and on the wide search.
//!
//! Input: one selector byte, then JSON. The low 7 bits of the selector pick the search; unless
//! the high bit is set, the JSON's `fingerprint` is replaced by that search's, so that the
//! fuzzer reaches the paths beyond the fingerprint check (which a random guess never passes).
//! A `sudoku`/`dlx` checkpoint file (`{"format", ..., "checkpoint": {...}}`) is unwrapped.

use std::sync::OnceLock;

use dancer::{
    run::{Checkpoint, Explore, Part, Run, Subproblem},
    Problem,
};
use dancer_sudoku::{Grid, Rules, Variant};
use serde_json::Value;

use super::NODES;

/// The most nodes a search of a whole checkpoint may take for it to be stopped and resumed in
/// legs; larger ones are only searched within [`NODES`].
const WHOLE: u64 = 5 * NODES;

/// DLX problems: Knuth's toy, one with colours, the pairings of 8 items (105 solutions).
fn problems() -> &'static [Problem] {
    static PROBLEMS: OnceLock<Vec<Problem>> = OnceLock::new();
    PROBLEMS.get_or_init(|| {
        let pairs = (0..8).flat_map(|a| (a + 1..8).map(move |b| format!("i{a} i{b}\n")));
        let pairs = format!("i0 i1 i2 i3 i4 i5 i6 i7\n{}", pairs.collect::<String>());
        let texts = [
            "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
            "p q r | x y\np x:1\np x:2 y:a\nq x:1\nq y:b\nr x:2\nr y:a\np q\nq r y:a\n",
            &pairs,
        ];
        texts.iter().map(|text| dancer::parse(text).expect("a valid problem").problem).collect()
    })
}

/// Sudoku searches: a blank 4×4 (288 solutions) and a 9×9 missing its top band (bitmask
/// search), and a blank 16×16 (the wide search, where the tree is far larger than any budget).
fn puzzles() -> &'static [(Rules, Grid)] {
    static PUZZLES: OnceLock<Vec<(Rules, Grid)>> = OnceLock::new();
    PUZZLES.get_or_init(|| {
        let band = (27..81).map(|k: usize| ((k / 9 * 3 + k / 27 + k % 9) % 9 + 1) as u8);
        let band = [0; 27].into_iter().chain(band).collect();
        [(4, Grid::empty(4)), (9, Grid::from_cells(9, band)), (16, Grid::empty(16))]
            .into_iter()
            .map(|(size, grid)| {
                (Rules::from_variant(Variant::standard(size).expect("a size")), grid)
            })
            .collect()
    })
}

/// Reads `data` as a selector and JSON, and checks it on the search the selector picks.
pub(crate) fn checkpoint(data: &[u8]) -> bool {
    let Some((&selector, json)) = data.split_first() else { return false };
    let Ok(mut value) = serde_json::from_slice::<Value>(json) else { return false };
    let patch = selector & 0x80 == 0;
    let pick = usize::from(selector & 0x7f) % (problems().len() + puzzles().len());
    if let Some(problem) = problems().get(pick) {
        let mut solver = problem.solver();
        if patch {
            set_fingerprint(&mut value, &solver);
        }
        check_value(&mut solver, &value)
    } else {
        let (rules, grid) = &puzzles()[pick - problems().len()];
        let mut solver = rules.solver();
        let mut search = solver.explore(grid).expect("the puzzles break no rule");
        if patch {
            set_fingerprint(&mut value, &search);
        }
        check_value(&mut search, &value)
    }
}

/// Gives the checkpoint or part in `value` the fingerprint of `search`'s tree.
fn set_fingerprint(value: &mut Value, search: &impl Explore) {
    let print = Value::String(search.fingerprint().to_string());
    let inner = match value {
        Value::Object(file) if file.contains_key("checkpoint") => &mut file["checkpoint"],
        other => other,
    };
    if let Value::Object(map) = inner {
        if map.contains_key("fingerprint") {
            map.insert("fingerprint".to_owned(), print);
        }
    }
}

/// Whatever `value` reads as, each read back from its own JSON and searched; whether any
/// search accepted it.
fn check_value<T: Explore + Send>(search: &mut T, value: &Value) -> bool {
    let mut accepted = false;
    let inner = value.get("checkpoint").unwrap_or(value);
    if let Some(checkpoint) = read::<Checkpoint>(inner) {
        assert!((0.0..=1.0).contains(&checkpoint.fraction()), "{checkpoint:?}");
        accepted |= resume_in_legs(search, &checkpoint);
    }
    if let Some(part) = read::<Part>(value) {
        accepted |= search_in_legs(search, &part.subproblems);
    }
    if let Some(list) = read::<Vec<Subproblem>>(value) {
        accepted |= search_in_legs(search, &list);
    }
    if let Some(subproblem) = read::<Subproblem>(value) {
        assert!(subproblem.open_from() <= subproblem.path().len(), "{subproblem:?}");
        accepted |= search_in_legs(search, &[subproblem]);
    }
    accepted
}

/// `value` as a `T`, when it is one; then written and read back equal, as files are.
fn read<T>(value: &Value) -> Option<T>
where
    T: serde::de::DeserializeOwned + serde::Serialize + PartialEq + std::fmt::Debug,
{
    let read: T = serde_json::from_value(value.clone()).ok()?;
    let json = serde_json::to_string(&read).expect("what was read is written");
    let again: T = serde_json::from_str(&json).expect("what was written is read");
    assert_eq!(again, read, "changed by writing and reading: {json}");
    Some(read)
}

/// Searches a checkpoint's remaining subproblems with the checkpoint's counts carried on; when
/// that is small, again in legs, each resumed from the last one's checkpoint read back from
/// JSON: the totals are the same. Whether the search accepted the checkpoint.
fn resume_in_legs<T: Explore + Send>(search: &mut T, checkpoint: &Checkpoint) -> bool {
    let Ok(resumed) = Run::new().node_limit(NODES).resume(checkpoint).count(search) else {
        return false;
    };
    assert!(resumed.solutions() >= checkpoint.solutions(), "counts are carried on");
    let Some(whole) = whole(search, checkpoint.remaining()) else { return true };
    let resumed = Run::new().resume(checkpoint).count(search).expect("it resumed above");
    let carried = checkpoint.solutions().saturating_add(whole.solutions());
    assert_eq!(resumed.solutions(), carried, "resuming adds what the subproblems hold");
    let leg = (whole.stats().nodes() / 8).max(1);
    let first = Run::new().node_limit(leg).resume(checkpoint).count(search);
    let last = legs(search, first.expect("it resumed above").into_checkpoint(), leg);
    assert_eq!(last, resumed.stats(), "stopped and resumed every {leg} nodes");
    true
}

/// Searches subproblems (a part, or a list) within the budget; when that is enough, again in
/// legs resumed from checkpoints: the totals are the same. Whether the search accepted them.
fn search_in_legs<T: Explore + Send>(search: &mut T, subproblems: &[Subproblem]) -> bool {
    let outcome = Run::new().node_limit(NODES).subproblems(subproblems).count(search);
    if outcome.is_err() {
        return false;
    }
    let Some(whole) = whole(search, subproblems) else { return true };
    let leg = (whole.stats().nodes() / 8).max(1);
    let first = Run::new().node_limit(leg).subproblems(subproblems).count(search);
    let last = legs(search, first.expect("it ran whole").into_checkpoint(), leg);
    assert_eq!(last, whole.stats(), "stopped and resumed every {leg} nodes");
    true
}

/// The search of `subproblems` when they are in the tree and it ends within [`WHOLE`] nodes.
fn whole<T: Explore + Send>(
    search: &mut T,
    subproblems: &[Subproblem],
) -> Option<dancer::run::Outcome> {
    let outcome = Run::new().node_limit(WHOLE).subproblems(subproblems).count(search);
    outcome.ok().filter(dancer::run::Outcome::is_complete)
}

/// Resumes `checkpoint` `leg` nodes at a time, through JSON, until the search is complete.
fn legs<T: Explore + Send>(search: &mut T, checkpoint: Checkpoint, leg: u64) -> dancer::Stats {
    let mut checkpoint = checkpoint;
    // Each leg but the last enters `leg` nodes of a search of at most 8 legs' worth.
    for _ in 0..16 {
        let json = serde_json::to_string(&checkpoint).expect("a checkpoint is JSON");
        let read: Checkpoint = serde_json::from_str(&json).expect("a checkpoint reads back");
        let run = Run::new().node_limit(leg).resume(&read);
        let outcome = run.count(search).expect("a run's own checkpoint resumes");
        if outcome.is_complete() {
            assert!(outcome.checkpoint().is_finished());
            return outcome.stats();
        }
        checkpoint = outcome.into_checkpoint();
    }
    panic!("resuming every {leg} nodes makes no progress: {checkpoint:?}");
}
