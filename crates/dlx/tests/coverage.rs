//! What a checkpoint or a split holds must tile its part of the tree exactly: a subproblem
//! repeated or dropped, counts changed, subproblems that overlap, a part changed or missing,
//! parts of two splits: each is refused with a [`CoverageError`] or a [`SplitError`], never
//! resumed or run to a wrong total. See: issue 21.

use dancer::{
    run::{Checkpoint, CoverageError, Part, Region, Run, RunError, SplitError, Subproblem},
    Problem,
};
use serde_json::Value;

use crate::counts::{langford::langford, n_queens::queens};
use crate::run::pool;

/// 8 queens stopped part-way on `threads` threads: a checkpoint with finished spans and
/// subproblems left.
fn stopped(threads: usize, nodes: u64) -> (Problem, Checkpoint) {
    let problem = queens(8).unwrap();
    let run = Run::new().threads(threads).poll_nodes(7).node_limit(nodes);
    let outcome = pool(threads).install(|| run.count(&mut problem.solver())).unwrap();
    assert!(!outcome.is_complete());
    (problem, outcome.into_checkpoint())
}

/// `checkpoint` changed by `edit` (on its JSON), read back.
fn edited(checkpoint: &Checkpoint, edit: impl Fn(&mut Value)) -> Checkpoint {
    let mut json = serde_json::to_value(checkpoint).unwrap();
    edit(&mut json);
    serde_json::from_value(json).unwrap()
}

fn resume(problem: &Problem, checkpoint: &Checkpoint) -> Result<u64, RunError> {
    Run::new().resume(checkpoint).count(&mut problem.solver()).map(|outcome| outcome.solutions())
}

fn coverage(result: Result<u64, RunError>) -> CoverageError {
    match result {
        Err(RunError::Coverage(error)) => error,
        other => panic!("not refused for its coverage: {other:?}"),
    }
}

#[test]
fn a_repeated_or_dropped_subproblem_is_refused() {
    for threads in [1, 2] {
        let (problem, checkpoint) = stopped(threads, 400);
        assert_eq!(resume(&problem, &checkpoint).unwrap(), 92);
        let remaining = checkpoint.remaining().len();
        // Repeated: its solutions would count twice (20 126 of 12 queens' 14 200, issue 21).
        let repeated = edited(&checkpoint, |json| {
            let first = json["remaining"][0].clone();
            json["remaining"].as_array_mut().unwrap().push(first);
        });
        let error = coverage(resume(&problem, &repeated));
        assert!(matches!(error, CoverageError::Overlap { .. }), "{error}");
        assert!(error.to_string().contains("counted twice"), "{error}");
        // Dropped: its solutions would be lost.
        for k in 0..remaining {
            let dropped = edited(&checkpoint, |json| {
                json["remaining"].as_array_mut().unwrap().remove(k);
            });
            let error = coverage(resume(&problem, &dropped));
            assert!(matches!(error, CoverageError::Gap { .. }), "{error}");
            assert!(error.to_string().contains("would be lost"), "{error}");
        }
    }
}

#[test]
fn finished_work_and_counts_must_agree_with_the_checkpoint() {
    let (problem, checkpoint) = stopped(2, 400);
    let bump = |key: &'static str| {
        move |json: &mut Value| json[key] = (json[key].as_u64().unwrap() + 1).into()
    };
    for key in ["solutions", "nodes", "updates"] {
        let error = coverage(resume(&problem, &edited(&checkpoint, bump(key))));
        assert!(
            matches!(error, CoverageError::Counts { counter, .. } if counter == key),
            "{error}"
        );
    }
    // A finished span dropped: a gap, and its counts missing.
    let error = coverage(resume(
        &problem,
        &edited(&checkpoint, |json| json["done"] = Value::Array(vec![])),
    ));
    assert!(matches!(error, CoverageError::Gap { .. }), "{error}");
    // A finished span stretched over what is left.
    let stretched = edited(&checkpoint, |json| json["done"][0]["to"] = "end".into());
    let error = coverage(resume(&problem, &stretched));
    assert!(matches!(error, CoverageError::Overlap { .. } | CoverageError::Outside(_)), "{error}");
    // The scope made a part of the tree: the whole tree's work lies outside it.
    let first = checkpoint.remaining()[0].path()[0].as_u32();
    let narrowed = edited(&checkpoint, |json| {
        json["scope"] = serde_json::json!([{"path": [first], "open_from": 1}]);
    });
    let error = coverage(resume(&problem, &narrowed));
    assert!(matches!(error, CoverageError::Outside(_) | CoverageError::Gap { .. }), "{error}");
}

#[test]
fn periodic_checkpoints_of_a_running_search_tile_their_tree() {
    // Every checkpoint a run takes passes the check: each resumes (and to the total).
    let problem = langford(7).unwrap();
    for threads in [1, 2, 4] {
        let saved = std::sync::Mutex::new(Vec::new());
        let save = |checkpoint: &Checkpoint| saved.lock().unwrap().push(checkpoint.clone());
        let run = Run::new()
            .threads(threads)
            .poll_nodes(3)
            .checkpoint_every(std::time::Duration::ZERO, &save);
        pool(threads).install(|| run.count(&mut problem.solver()).unwrap());
        let saved = saved.into_inner().unwrap();
        assert!(saved.len() > 10, "{} checkpoints", saved.len());
        for checkpoint in &saved {
            assert_eq!(resume(&problem, checkpoint).unwrap(), 52, "{threads} threads");
        }
    }
}

#[test]
fn subproblems_that_overlap_are_refused() {
    let problem = queens(6).unwrap();
    let mut solver = problem.solver();
    let first = solver.first().unwrap();
    let (one, two) =
        (Subproblem::subtree(first[..1].to_vec()), Subproblem::subtree(first[..2].to_vec()));
    for given in
        [vec![one.clone(), one.clone()], vec![one.clone(), two], vec![Subproblem::root(), one]]
    {
        let error = Run::new().subproblems(&given).count(&mut problem.solver()).unwrap_err();
        let RunError::Coverage(CoverageError::Overlap { first, second }) = error else {
            panic!("{error}")
        };
        assert_eq!((first, second), (Region::Scope(0), Region::Scope(1)));
    }
}

/// The parts of a split of 8 queens into 3, by estimate.
fn parts() -> (Problem, Vec<Part>) {
    let problem = queens(8).unwrap();
    let mut solver = problem.solver();
    let split = solver.split(12, 16, 3);
    let parts = Part::pack(&split, 3, dancer::run::Explore::fingerprint(&solver));
    (problem, parts)
}

/// `part` with its digest made again after a change, as if the split had made it so.
fn redigest(mut part: Part) -> Part {
    part.digest = part.contents_digest();
    part
}

#[test]
fn the_parts_of_a_split_cover_the_tree_and_carry_its_identity() {
    let (problem, parts) = parts();
    let solver = problem.solver();
    assert_eq!(solver.check_split(&parts), Ok(()));
    assert!(parts.iter().all(|part| part.split == parts[0].split));
    // The parts of a split to a depth (which leaves dead ends out) cover it too.
    let split = problem.solver().split_at_depth(3);
    let packed = Part::pack(&split, 4, parts[0].fingerprint);
    assert_eq!(solver.check_split(&packed), Ok(()));
    // Another split has another identity.
    assert_ne!(packed[0].split, parts[0].split);
    let mixed = [parts[0].clone(), packed[1].clone(), parts[2].clone()];
    assert!(matches!(
        solver.check_split(&mixed),
        Err(SplitError::Disagree { index: 1, key: "parts" })
    ));
    let split = problem.solver().split(12, 16, 9);
    let again = Part::pack(&split, 3, parts[0].fingerprint);
    let mixed = [parts[0].clone(), parts[1].clone(), again[2].clone()];
    assert_eq!(solver.check_split(&mixed), Err(SplitError::Disagree { index: 2, key: "split" }));
}

#[test]
fn a_part_changed_dropped_or_repeated_is_refused() {
    let (problem, parts) = parts();
    let solver = problem.solver();
    let with = |k: usize, part: Part| {
        let mut changed = parts.clone();
        changed[k] = part;
        changed
    };
    // Changed, its digest left: damaged.
    let mut changed = parts[1].clone();
    changed.updates += 1.0;
    assert_eq!(
        solver.check_split(&with(1, changed.clone())),
        Err(SplitError::Damaged { index: 1 })
    );
    // Changed with its digest made again: not a part of its split any more.
    assert_eq!(solver.check_split(&with(1, redigest(changed))), Err(SplitError::Identity));
    // A subproblem dropped, or repeated in another part, even with the identity made again.
    let identity = |mut parts: Vec<Part>| {
        let digests: Vec<_> = parts.iter().map(|part| part.digest).collect();
        let split = Part::split_of(parts[0].fingerprint, &digests);
        for part in &mut parts {
            part.split = split;
        }
        parts
    };
    let mut dropped = parts[0].clone();
    dropped.subproblems.remove(0);
    let error = solver.check_split(&identity(with(0, redigest(dropped)))).unwrap_err();
    assert!(matches!(error, SplitError::Uncovered { .. }), "{error}");
    let mut repeated = parts[2].clone();
    repeated.subproblems.push(parts[0].subproblems[0].clone());
    let error = solver.check_split(&identity(with(2, redigest(repeated)))).unwrap_err();
    assert!(matches!(error, SplitError::Overlap { .. }), "{error}");
    // A subproblem that is not in the tree.
    let mut beyond = parts[1].clone();
    beyond.subproblems.push(Subproblem::subtree(vec![dancer::OptionId::new(9_999)]));
    let error = solver.check_split(&identity(with(1, redigest(beyond)))).unwrap_err();
    assert!(matches!(error, SplitError::Path { index: 1, .. }), "{error}");
    // A part missing, a part twice.
    assert_eq!(solver.check_split(&parts[..2]), Err(SplitError::Missing { part: 2 }));
    let twice = [parts.clone(), vec![parts[1].clone()]].concat();
    assert_eq!(solver.check_split(&twice), Err(SplitError::Twice { index: 3, earlier: 1 }));
    // Of another problem.
    let other = queens(7).unwrap();
    assert_eq!(other.solver().check_split(&parts), Err(SplitError::Fingerprint { index: 0 }));
    // What is checked is what the parts count: every part run on its own adds up to 92.
    let total: u64 = parts
        .iter()
        .map(|part| {
            Run::new()
                .subproblems(&part.subproblems)
                .count(&mut problem.solver())
                .unwrap()
                .solutions()
        })
        .sum();
    assert_eq!(total, 92);
}
