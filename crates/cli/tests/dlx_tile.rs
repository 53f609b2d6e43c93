//! `dlx tile`: counts plain and up to symmetry, solutions as text and SVG, the limit, exit
//! statuses, and errors with their line and column.

use crate::dlx_jobs::dlx;
use crate::util::data;

#[test]
fn counts_plain_and_up_to_symmetry() {
    for (file, plain, classes) in
        [("tiling/scott.tile", "520", "65"), ("tiling/soma.tile", "11520", "240")]
    {
        let run = dlx(&["tile", "--count", &data(file)], "");
        assert_eq!((run.code, run.stdout.trim()), (0, plain), "{file}: {}", run.stderr);
        let run = dlx(&["tile", "--count", "--up-to-symmetry", "--jobs", "1", &data(file)], "");
        assert_eq!((run.code, run.stdout.trim()), (0, classes), "{file}: {}", run.stderr);
        assert!(run.stderr.contains("up to the"), "{}", run.stderr);
    }
    let run = dlx(&["tile", "-c", &data("tiling/dominoes-8x8.tile")], "");
    assert_eq!(run.stdout, "12988816\n");
}

#[test]
fn solutions_print_as_grids_of_names_separated_by_blank_lines() {
    let run = dlx(&["tile", &data("tiling/packing.tile")], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let grids: Vec<&str> = run.stdout.split("\n\n").collect();
    assert_eq!(grids.len(), 39);
    for grid in &grids {
        let rows: Vec<&str> = grid.lines().collect();
        assert_eq!(rows.len(), 3, "{grid}");
        // The required middle row and column are covered; only corners may stay empty.
        assert!(
            !rows[1].contains('.') && rows.iter().all(|r| r.chars().nth(1) != Some('.')),
            "{grid}"
        );
    }
    assert!(run.stderr.starts_with("39 solutions, "), "{}", run.stderr);
    let up_to = dlx(&["tile", "--up-to-symmetry", &data("tiling/soma.tile")], "");
    assert_eq!(up_to.stdout.split("\n\n").count(), 240);
}

#[test]
fn svg_and_the_limit() {
    let run = dlx(&["tile", "--svg", "--limit", "2", &data("tiling/scott.tile")], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("<svg") && run.stdout.trim_end().ends_with("</svg>"));
    assert_eq!(run.stdout.matches("<rect").count(), 2 * 60);
    assert_eq!(run.stdout.matches("<text").count(), 2 * 12);
    let one = dlx(&["tile", "-l", "1", &data("tiling/scott.tile")], "");
    assert_eq!(one.stdout.lines().count(), 8);
}

#[test]
fn exit_statuses_and_errors_say_where() {
    // No solution: a 1x3 board of dominoes.
    let run = dlx(&["tile", "--count", "-"], "board 3 1\npiece D any\n##\n");
    assert_eq!((run.code, run.stdout.as_str()), (1, "0\n"));
    let run = dlx(&["tile", "-"], "board 3 1\npieces dominos\n");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("<stdin>: line 2, column 8: unknown set 'dominos'")
            || run.stderr.contains(": line 2, column 8: unknown set 'dominos'"),
        "{}",
        run.stderr
    );
    let run = dlx(&["tile", "--count", "--up-to-symmetry", &data("tiling/dominoes-8x8.tile")], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("D is not used exactly once"), "{}", run.stderr);
}
