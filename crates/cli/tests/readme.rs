//! The Rust snippets of the README, each pasted into a function that returns `Result` as a
//! user's `main` would: they compile and run here, and a test checks that the README still
//! shows them exactly (so neither drifts from the other). Not rustdoc's doctests: those need a
//! hidden `# Ok::<(), E>(())` line, which a reader pasting the snippet would copy too.

// As pasted: README code reads as a user would write it, not as clippy would.
#![allow(clippy::needless_range_loop, clippy::uninlined_format_args)]

#[rustfmt::skip]
fn toy_problem_with_a_reusable_solver() -> Result<(), Box<dyn std::error::Error>> {
    use dancer::ProblemBuilder;

    // Knuth's toy problem: primary items A-E, secondary items F and G.
    let mut builder = ProblemBuilder::new();
    for name in ["A", "B", "C", "D", "E"] {
        builder.primary(name);
    }
    builder.secondary("F");
    builder.secondary("G");
    for option in ["C E F", "A D G", "B C F", "A D", "B G", "D E G"] {
        builder.option_named(option.split(' '));
    }
    let problem = builder.build()?;

    // A solver is reusable: commit options (a partial solution), search, reset, repeat.
    let mut solver = problem.solver();
    assert_eq!(solver.count(), 1);
    assert_eq!(solver.stats().nodes(), 6); // search-tree nodes, counted as DLX1 counts them
    let solution = solver.first().expect("one solution");
    let mut names: Vec<String> = solution.iter().map(|&o| problem.option_names(o).join(" ")).collect();
    names.sort();
    assert_eq!(names, ["A D", "B G", "C E F"]);

    solver.commit(dancer::OptionId::new(0))?; // insist on {C E F}: still one solution
    assert_eq!(solver.count(), 1);
    solver.reset();
    Ok(())
}

#[rustfmt::skip]
fn a_long_search_stopped_and_resumed() -> Result<(), Box<dyn std::error::Error>> {
    use std::time::Duration;
    use dancer::{ProblemBuilder, run::Run};

    // All pairings of 12 items: 11 · 9 · 7 · 5 · 3 = 10 395.
    let mut builder = ProblemBuilder::new();
    let items = builder.primary_items(12);
    for a in 0..12 {
        for b in a + 1..12 {
            builder.option([items[a], items[b]]);
        }
    }
    let problem = builder.build()?;
    // Stop after 5 000 nodes, then resume from the checkpoint (on two threads this time).
    let stopped = Run::new().node_limit(5_000).count(&mut problem.solver())?;
    assert!(!stopped.is_complete());
    let checkpoint = stopped.into_checkpoint();
    let run = Run::new().threads(2).resume(&checkpoint);
    let run = run.progress(Duration::from_secs(5), &|p: &dancer::run::Progress| {
        eprintln!("{:.1}% done, {} solutions so far", 100.0 * p.fraction, p.solutions);
    });
    let outcome = run.count(&mut problem.solver())?;
    assert_eq!(outcome.solutions(), 10_395);
    Ok(())
}

#[rustfmt::skip]
fn a_sudoku_solved_with_the_library() -> Result<(), Box<dyn std::error::Error>> {
    use dancer_sudoku::{parse_puzzle, Outcome, Solver, Template, Variant};

    let puzzle = parse_puzzle("4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5")?;
    let template = Template::new(Variant::standard(9)?); // 324 items, 729 options
    let mut solver = Solver::new(&template);
    let report = solver.solve_unique(&puzzle.grid);
    let Outcome::Unique(solution) = report.outcome else { panic!("one solution") };
    assert!(solution.to_string().starts_with("462958173"));
    println!("{} nodes, {} updates", report.stats.nodes(), report.stats.updates());
    Ok(())
}

#[test]
fn the_readme_snippets_run() {
    toy_problem_with_a_reusable_solver().unwrap();
    a_long_search_stopped_and_resumed().unwrap();
    a_sudoku_solved_with_the_library().unwrap();
}

/// Each Rust code block of the README, indented as a function body, is in this file.
#[test]
fn the_readme_shows_these_snippets() {
    let readme = std::fs::read_to_string(crate::util::workspace().join("README.md")).unwrap();
    let here = include_str!("readme.rs");
    let blocks: Vec<&str> =
        readme.split("```rust\n").skip(1).map(|b| b.split("```").next().unwrap()).collect();
    assert_eq!(blocks.len(), 3, "a snippet was added or removed: test it here");
    for block in blocks {
        let indented: String = block
            .lines()
            .map(|line| if line.is_empty() { "\n".to_owned() } else { format!("    {line}\n") })
            .collect();
        assert!(here.contains(&indented), "not tested here:\n{block}");
    }
}
