//! Sudoku as text: puzzles in every record format (line, separated, grid, contest, `.sdk`
//! numbers), read whole or streamed, with and without a known size, small ones solved; and
//! variants (`.board` files, `--regions` layouts, `--extra-regions`), small ones searched.

use std::{io::BufReader, ops::ControlFlow, sync::OnceLock};

use dancer::run::Run;
use dancer_sudoku::{
    line, parse_extra_regions, parse_puzzle, pretty, puzzles_sized, read_puzzles, Grid, ParseError,
    Puzzle, RegionKind, Rules, Variant, Verdict,
};

use super::NODES;

/// Puzzles up to this size are solved, and variants up to it searched: the bitmask search and
/// templates of 729 options at most take microseconds.
const SMALL: usize = 9;

/// The puzzles of an input that are printed, read back and solved.
const DEEP: usize = 3;

/// Reads `data` every way the `sudoku` command can and checks what comes out; whether any
/// record was a puzzle.
pub(crate) fn sudoku_text(data: &[u8]) -> bool {
    let records: Vec<Result<Puzzle, ParseError>> = read_puzzles(data, None).collect();
    if let Ok(text) = std::str::from_utf8(data) {
        check_single(text, &records);
    }
    // Reading is the slow part: an input is read again in chunks or with its size given, by the
    // parity of its length, so that the fuzzer, which varies lengths, reaches both.
    if data.len().is_multiple_of(2) {
        // Records do not depend on how the input arrives: here a few bytes at a time.
        let chunked = BufReader::with_capacity(1 + data.len() % 7, data);
        assert_eq!(read_puzzles(chunked, None).collect::<Vec<_>>(), records, "read in chunks");
    } else {
        check_sized(data, &records);
    }
    let bound = Bounds::of(data);
    // Round trips and solving cost more than reading: the first few puzzles of an input get
    // them (the fuzzer prefers short inputs, so every shape of puzzle comes first somewhere).
    for (k, puzzle) in records.iter().filter_map(|r| r.as_ref().ok()).enumerate() {
        check_puzzle(puzzle, &bound, k < DEEP);
    }
    for error in records.iter().filter_map(|r| r.as_ref().err()) {
        bound.check(error);
    }
    records.iter().any(Result::is_ok)
}

/// With the size given (as `--boxes` and the variant options give it): puzzles of that size,
/// or errors within the input.
fn check_sized(data: &[u8], records: &[Result<Puzzle, ParseError>]) {
    let size = records.iter().find_map(|r| r.as_ref().ok()).map_or(9, |p| p.grid.size());
    let bound = Bounds::of(data);
    for record in read_puzzles(data, Some(size)) {
        match record {
            Ok(puzzle) => assert_eq!(puzzle.grid.size(), size, "line {}", puzzle.line),
            Err(error) => bound.check(&error),
        }
    }
}

/// `parse_puzzle` agrees with the records: one puzzle, or the error of the first two.
fn check_single(text: &str, records: &[Result<Puzzle, ParseError>]) {
    let single = parse_puzzle(text);
    match records {
        [] => assert!(single.is_err(), "no record, yet a puzzle"),
        [only] => assert_eq!(&single, only),
        [first, ..] => {
            assert!(single.is_err(), "two records, yet one puzzle");
            if first.is_err() {
                assert_eq!(&single, first);
            }
        }
    }
}

/// Where an error may point: within the input's lines and columns.
struct Bounds {
    lines: usize,
    columns: usize,
}

impl Bounds {
    fn of(data: &[u8]) -> Bounds {
        let ends = data.iter().filter(|&&b| b == b'\n' || b == b'\r').count();
        Bounds { lines: ends + 1, columns: data.len() + 1 }
    }

    fn check(&self, error: &ParseError) {
        assert!((1..=self.lines).contains(&error.line), "{error:?}");
        assert!((1..=self.columns).contains(&error.column), "{error:?}");
        assert!(!error.to_string().is_empty());
    }
}

fn check_puzzle(puzzle: &Puzzle, bound: &Bounds, deep: bool) {
    let grid = &puzzle.grid;
    let size = grid.size();
    assert!((1..=bound.lines).contains(&puzzle.line), "{puzzle:?}");
    if let Some(extra) = &puzzle.extra {
        assert!(!extra.is_empty() && extra.trim_end() == extra, "extra fields {extra:?}");
    }
    if !deep {
        return;
    }
    // Printed as a line and as a grid, it reads back as the same puzzle.
    let printed = line(grid);
    match parse_puzzle(&printed) {
        Ok(again) => assert_eq!((&again.grid, again.extra), (grid, None), "{printed}"),
        Err(error) => panic!("the line {printed} does not read back: {error}"),
    }
    let variant = Variant::standard(size).expect("a puzzle's size is a variant's");
    let drawn = pretty(grid, &variant);
    let again: Vec<_> = puzzles_sized(&drawn, size).collect();
    assert_eq!(again, [Ok(Puzzle { grid: grid.clone(), line: 1, extra: None })], "\n{drawn}");
    if size <= SMALL {
        solve(grid);
    }
}

/// Solves a standard puzzle: a solution keeps the givens and breaks no rule; a puzzle called
/// invalid breaks one, and one without solution breaks none directly.
fn solve(grid: &Grid) {
    static RULES: OnceLock<Vec<Rules>> = OnceLock::new();
    let rules = RULES.get_or_init(|| {
        (1..=SMALL).map(|n| Rules::from_variant(Variant::standard(n).expect("a size"))).collect()
    });
    let rules = &rules[grid.size() - 1];
    let variant = rules.variant().expect("a plain variant");
    match rules.solver().solve_unique(grid).expect("a grid of the rules' size").verdict {
        Verdict::Solved(solution) | Verdict::Unique(solution) | Verdict::Multiple(solution) => {
            assert!(variant.is_solution(&solution), "{solution} solves {grid}");
            let kept = grid.givens().all(|(cell, digit)| solution.get(cell) == Some(digit));
            assert!(kept, "{solution} keeps the givens of {grid}");
        }
        Verdict::Invalid(conflict) => {
            assert!(variant.check(grid).is_err(), "{grid} called invalid: {conflict:?}");
        }
        Verdict::None => assert!(variant.check(grid).is_ok(), "{grid}: no solution"),
    }
}

// Variants.

/// Reads `data` as each kind of variant text, as the `sudoku` options do; whether any reading
/// made a variant.
pub(crate) fn sudoku_variant(data: &[u8]) -> bool {
    // The command reads these files as UTF-8 text and refuses others before parsing.
    let Ok(text) = std::str::from_utf8(data) else { return false };
    let mut accepted = false;
    if let Ok(variant) = Variant::from_board(text) {
        check_variant(&variant);
        accepted = true;
    }
    // `--regions` takes the size from the number of labels; one more tries the length check.
    let labels = text.chars().filter(|c| !c.is_whitespace()).count();
    for size in [labels.isqrt(), labels.isqrt() + 1] {
        if let Ok(variant) = Variant::jigsaw(size, text) {
            assert_eq!(variant.regions().len(), 3 * size, "rows, columns and pieces");
            check_variant(&variant);
            accepted = true;
        }
    }
    match parse_extra_regions(text) {
        Ok(regions) => {
            // `--extra-regions` fixes the size by the first region; a layout's regions fit it.
            let size = regions.first().map_or(labels.isqrt(), Vec::len);
            let variant = Variant::standard(size).and_then(|v| v.with_regions(regions.clone()));
            if let Ok(variant) = variant {
                assert!(variant.regions().len() >= 3 * size + regions.len());
                check_variant(&variant);
                accepted = true;
            }
        }
        Err(error) => assert!(error.line <= text.lines().count(), "{error:?}"),
    }
    accepted
}

/// A variant holds N×N cells, rows and columns among its regions, N distinct cells in each
/// region, and an index from cells to the regions that hold them; small ones are searched.
fn check_variant(variant: &Variant) {
    let n = variant.size();
    assert!((1..=dancer_sudoku::MAX_SIZE).contains(&n));
    let mut holding = vec![Vec::new(); n * n];
    for (k, region) in variant.regions().iter().enumerate() {
        assert_eq!(region.cells.len(), n, "{region}");
        assert!(region.cells.windows(2).all(|w| w[0] < w[1]), "{region} in order, once each");
        assert!(region.cells.iter().all(|&cell| cell < n * n), "{region} inside the grid");
        for &cell in &region.cells {
            holding[cell].push(k as u32);
        }
    }
    for kind in [RegionKind::Row, RegionKind::Column] {
        assert_eq!(variant.regions().iter().filter(|r| r.kind == kind).count(), n);
    }
    for (cell, regions) in holding.iter().enumerate() {
        assert_eq!(variant.regions_of(cell), regions.as_slice(), "regions of cell {cell}");
    }
    if n <= SMALL {
        search_blank(variant);
    }
}

/// Builds the variant's template and searches its blank grid within the budget: every
/// solution found breaks no rule.
fn search_blank(variant: &Variant) {
    let n = variant.size();
    let rules = Rules::from_variant(variant.clone());
    let template = rules.template().expect("a variant's rules have a template");
    assert_eq!(template.problem().option_count(), n * n * n, "one option per cell and digit");
    let mut solver = rules.solver();
    let Ok(mut search) = solver.explore(&Grid::empty(n)) else {
        panic!("a blank grid breaks no rule");
    };
    let check = |search: &dancer_sudoku::PuzzleSearch<'_, '_, Grid>| {
        let grid = search.solution().expect("a plain search's grid");
        assert!(variant.is_solution(&grid), "{grid} solves the variant");
        ControlFlow::Continue(())
    };
    let run = Run::new().node_limit(NODES).solution_limit(4);
    run.visit(&mut search, &check).expect("the whole tree is the search's own");
}
