//! `dancer::run::Counting`, the count of `dlx --count` as one call: the command's numbers and
//! counters on the shipped problems (the CLI's tests and the README pin the same figures),
//! each choice of the table, and what is refused.

use std::sync::atomic::AtomicBool;

use dancer::{
    parse,
    run::{count, CountError, Counted, Counting, MemoUse, Run},
    MemoError, Problem,
};

/// The n queens: rows and columns primary, diagonals secondary.
fn queens(n: usize) -> Problem {
    let options = (0..n * n).map(|k| {
        let (r, c) = (k / n, k % n);
        [format!("r{r}"), format!("c{c}"), format!("a{}", r + c), format!("b{}", r + n - c)]
    });
    let diagonals: Vec<String> =
        (0..2 * n).flat_map(|d| [format!("a{d}"), format!("b{d}")]).collect();
    Problem::from_sets(options, &diagonals).expect("queens")
}

/// The domino tilings of an n×n board, cell (r, c) item r·n + c.
fn dominoes(n: usize) -> Problem {
    let mut rows = Vec::new();
    for k in 0..n * n {
        if k % n + 1 < n {
            rows.push(vec![k, k + 1]);
        }
        if k + n < n * n {
            rows.push(vec![k, k + n]);
        }
    }
    Problem::from_sparse(n * n, n * n, rows).expect("dominoes")
}

fn shipped(name: &str) -> Problem {
    let path = format!("{}/../../data/dlx/{name}", env!("CARGO_MANIFEST_DIR"));
    parse(&std::fs::read_to_string(path).expect("shipped problem")).expect("parses").problem
}

/// A small tree is counted outright, with DLX1's counters (`dlx --count queens8.dlx`).
#[test]
fn a_small_tree_is_enumerated_with_dlx1_counters() {
    let problem = shipped("queens8.dlx");
    let counted = count(&mut problem.solver(), None).unwrap();
    assert!(matches!(counted, Counted::Enumerated(_)));
    assert_eq!(counted.solutions(), 92);
    assert_eq!((counted.stats().nodes(), counted.stats().updates()), (1049, 16680));
    assert!(counted.is_complete());
}

/// A tiling is memoised (`dlx --count dominoes8x8.dlx`), and `Always` gives the same table.
#[test]
fn a_tiling_is_memoised_as_the_command_reports_it() {
    let problem = shipped("dominoes8x8.dlx");
    for memo in [MemoUse::Auto, MemoUse::Always] {
        let counted = Counting::new(Run::new().threads(2)).memo(memo).count(&mut problem.solver());
        let Ok(Counted::Memoised { solutions, stats, memo: table, .. }) = counted else {
            panic!("{memo:?}: not memoised");
        };
        assert_eq!(solutions, 12_988_816);
        assert_eq!((stats.nodes(), stats.updates()), (1444, 6690), "{memo:?}");
        assert_eq!((table.entries(), table.hits(), table.evictions()), (1010, 432, 0));
    }
}

/// Where the table does not pay, the count is an enumeration whose counters hold the probe's
/// work on top of the plain count's; `Never` is the plain count itself.
#[test]
fn where_the_table_does_not_pay_the_enumeration_counts() {
    let problem = queens(10);
    let plain = Run::new().threads(2).count(&mut problem.solver()).unwrap();
    let never =
        Counting::new(Run::new().threads(2)).memo(MemoUse::Never).count(&mut problem.solver());
    let never = never.unwrap();
    assert_eq!((never.solutions(), never.stats().nodes()), (724, plain.stats().nodes()));
    let auto = Counting::new(Run::new().threads(2)).count(&mut problem.solver()).unwrap();
    let Counted::Enumerated(outcome) = &auto else { panic!("queens are enumerated") };
    assert_eq!(outcome.solutions(), 724);
    assert!(outcome.stats().nodes() > plain.stats().nodes());
    assert!(outcome.stats().nodes() <= plain.stats().nodes() + 2048 + 1024);
}

/// Limits need an enumeration: `Auto` does not try the table under them.
#[test]
fn limits_leave_the_table_out() {
    let problem = shipped("dominoes8x8.dlx");
    let counted = Counting::new(Run::new().node_limit(500)).count(&mut problem.solver()).unwrap();
    let Counted::Enumerated(outcome) = counted else { panic!("a limit needs enumeration") };
    assert!(!outcome.is_complete());
    assert_eq!(outcome.stats().nodes(), 500);
}

/// Multiplicities: `Auto` enumerates (DLX3's counters), `Always` is refused.
#[test]
fn multiplicities_are_enumerated_or_refused() {
    let problem = shipped("line-sums-5x5.dlx");
    let counted = count(&mut problem.solver(), None).unwrap();
    assert_eq!(counted.solutions(), 2040);
    assert_eq!((counted.stats().nodes(), counted.stats().updates()), (6150, 21913));
    let always = Counting::new(Run::new()).memo(MemoUse::Always).count(&mut problem.solver());
    assert!(matches!(always, Err(CountError::Memo(MemoError::Multiplicities))));
}

/// A raised flag stops the memoised count with an error (it cannot be resumed).
#[test]
fn an_interrupted_table_count_says_so() {
    let problem = dominoes(12);
    let flag = AtomicBool::new(true);
    let run = Run::new().interrupt(&flag);
    let counted = Counting::new(run).memo(MemoUse::Always).count(&mut problem.solver());
    assert!(matches!(counted, Err(CountError::Memo(MemoError::Interrupted))));
}
