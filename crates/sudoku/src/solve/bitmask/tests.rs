use super::{search::MaskSearch, *};
use crate::encode::Template;
use crate::generate::{rng_for, Generator};
use crate::solve::GridSolver;
use crate::variant::Variant;

/// Runs the pass on `puzzle` and checks it against the engine's only solution: every
/// placement is the solution's digit and no digit of the solution is ever ruled out.
fn agrees_with_the_engine(template: &Template, puzzle: &Grid) -> bool {
    let tables = Tables::new(template.variant());
    let mut state = MaskSearch::new(&tables);
    let solved = state
        .deduce(&tables, puzzle, None, Deductions::LockedCandidates)
        .expect("a puzzle with a solution");
    let mut solver = GridSolver::new(template);
    let count = solver.count(puzzle, Some(2));
    assert_eq!(count.count, 1, "the fixtures are unique: {puzzle}");
    let solution = solver.solve(puzzle);
    let crate::solve::GridVerdict::Solved(solution) = solution.verdict else { panic!("{puzzle}") };
    let placed = state.first(&tables);
    assert!(placed.iter().zip(solution.cells()).all(|(&p, &s)| p == 0 || p == s), "{puzzle}");
    for (cell, &digit) in solution.cells().iter().enumerate() {
        let open = placed[cell] == 0;
        let kept = state.candidates(cell) & (1 << (digit - 1)) != 0;
        assert!(!open || kept, "{puzzle}: cell {cell} lost {digit}");
    }
    assert_eq!(solved, placed.iter().all(|&p| p != 0));
    solved
}

fn line(text: &str) -> Grid {
    Grid::from_cells(9, text.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect())
}

fn generated(template: &Template, count: u64) -> Vec<Grid> {
    let mut generator = Generator::new(template);
    let options = crate::generate::Options::default();
    (0..count).map(|i| generator.generate(&mut rng_for(5, i), &options).unwrap().puzzle).collect()
}

#[test]
fn deductions_agree_with_the_engine_on_every_shape_of_grid() {
    let variants = [
        Variant::standard(9).unwrap(),
        Variant::standard(4).unwrap(),
        Variant::standard(6).unwrap(),
        Variant::standard(9).unwrap().with_diagonals().unwrap(),
        Variant::standard(9).unwrap().with_hyper().unwrap(),
        Variant::standard(12).unwrap(),
        Variant::latin(5).unwrap(),
    ];
    let mut settled = Vec::new();
    for variant in variants {
        let template = Template::new(variant);
        let puzzles = generated(&template, 12);
        settled.push(puzzles.iter().filter(|p| agrees_with_the_engine(&template, p)).count());
    }
    // Minimal generated puzzles are often, not always, settled by these techniques: some
    // classic 9×9 and 4×4 ones are, so the pass does place digits there.
    assert!(settled[0] > 0 && settled[1] > 0, "{settled:?}");
}

#[test]
fn hard_puzzles_leave_work_for_the_search() {
    let template = Template::new(Variant::standard(9).unwrap());
    let easter_monster =
        line("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1");
    assert!(!agrees_with_the_engine(&template, &easter_monster));
    let easy =
        line("4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5");
    assert!(agrees_with_the_engine(&template, &easy));
}

#[test]
fn contradictions_are_found_and_forbidding_the_solution_leaves_none() {
    let template = Template::new(Variant::standard(9).unwrap());
    let tables = Tables::new(template.variant());
    let mut state = MaskSearch::new(&tables);
    // Consistent givens, no solution: r1c9 can hold nothing (1..8 in its row, 9 in its column).
    let mut dead = Grid::empty(9);
    for (cell, digit) in (0..8).zip(1..=8) {
        dead.set(cell, Some(digit));
    }
    dead.set(9 * 8 + 8, Some(9));
    assert!(template.variant().check(&dead).is_ok());
    assert_eq!(
        state.deduce(&tables, &dead, None, Deductions::LockedCandidates),
        Err(Contradiction)
    );
    // Two 5s in a row break a rule.
    let mut clash = Grid::empty(9);
    clash.set(0, Some(5));
    clash.set(4, Some(5));
    assert_eq!(
        state.deduce(&tables, &clash, None, Deductions::LockedCandidates),
        Err(Contradiction)
    );
    // A unique puzzle the pass settles: with any open cell's digit forbidden, nothing is left.
    let easy =
        line("4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5");
    assert_eq!(state.deduce(&tables, &easy, None, Deductions::LockedCandidates), Ok(true));
    let solution = state.first(&tables);
    for cell in (0..81).filter(|&c| easy.get(c).is_none()) {
        let forbidden = Some((cell, solution[cell]));
        assert_eq!(
            state.deduce(&tables, &easy, forbidden, Deductions::LockedCandidates),
            Err(Contradiction),
            "r{cell}"
        );
    }
    // A blank grid has many solutions: forbidding one digit leaves the pass undecided.
    assert_eq!(
        state.deduce(&tables, &Grid::empty(9), Some((0, 1)), Deductions::LockedCandidates),
        Ok(false)
    );
}

#[test]
fn a_solution_without_a_digit_is_found_exactly_when_it_exists() {
    let template = Template::new(Variant::standard(9).unwrap());
    let mut solver = GridSolver::new(&template);
    // Unique: no solution avoids any open cell's digit, whether the pass or the engine decides.
    for text in [
        "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5",
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    ] {
        let puzzle = line(text);
        let crate::solve::GridVerdict::Solved(solution) = solver.solve(&puzzle).verdict else {
            panic!()
        };
        for cell in (0..81).step_by(7).filter(|&c| puzzle.get(c).is_none()) {
            let digit = solution.get(cell).unwrap();
            assert!(!solver.has_solution_without(&puzzle, cell, digit), "{text} cell {cell}");
        }
    }
    // Two solutions: at a cell where they differ, each avoids the digit of the other.
    let two =
        line(".31.57.6....9.8.4.4786.21.57.5.6.4....6.8172....7.365.56..9...2...1.59.6..3826..4");
    let both: Vec<Grid> = solver.enumerate(&two).unwrap().collect();
    assert_eq!(both.len(), 2);
    let cell = (0..81).find(|&c| both[0].get(c) != both[1].get(c)).unwrap();
    for grid in &both {
        assert!(solver.has_solution_without(&two, cell, grid.get(cell).unwrap()));
    }
}

#[test]
fn more_than_64_regions_take_the_slower_paths_with_the_same_results() {
    // Repeating a row as an extra region changes no rule, only the number of regions: past 64
    // the search loads givens one by one and scans every region.
    let copies = |n: usize, times: usize| vec![(0..n).collect::<Vec<_>>(); times];
    let many = Variant::standard(4).unwrap().with_regions(copies(4, 53)).unwrap();
    assert!(many.regions().len() > 64);
    let template = Template::new(many);
    assert_eq!(GridSolver::new(&template).count(&Grid::empty(4), None).count, 288);
    let many = Variant::standard(9).unwrap().with_regions(copies(9, 40)).unwrap();
    let template = Template::new(many);
    let easter_monster =
        line("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1");
    let report = GridSolver::new(&template).solve_unique(&easter_monster);
    let plain = Template::new(Variant::standard(9).unwrap());
    assert_eq!(report.verdict, GridSolver::new(&plain).solve_unique(&easter_monster).verdict);
    assert!(matches!(report.verdict, crate::solve::GridVerdict::Unique(_)));
    let mut clash = Grid::empty(9);
    clash.set(0, Some(5));
    clash.set(4, Some(5));
    assert!(matches!(
        GridSolver::new(&template).solve(&clash).verdict,
        crate::solve::GridVerdict::Invalid(_)
    ));
}

/// Whether two boards agree on everything a search reads: the cells, the open count, and the
/// planes on open cells (a placed cell's planes are stale by design).
fn same_board(a: &MaskBoard, b: &MaskBoard, tables: &Tables) -> bool {
    let count = tables.cell_count();
    let planes = |board: &MaskBoard| -> Vec<u128> {
        board.planes[..tables.size].iter().map(|&plane| plane & board.open_cells).collect()
    };
    a.cells[..count] == b.cells[..count]
        && a.open == b.open
        && a.open_cells == b.open_cells
        && planes(a) == planes(b)
}

#[test]
fn clues_follow_removals_and_restorations() {
    use rand::RngExt;
    for variant in [
        Variant::standard(9).unwrap(),
        Variant::standard(9).unwrap().with_hyper().unwrap(),
        Variant::standard(12).unwrap(),
        Variant::latin(5).unwrap(),
    ] {
        let template = Template::new(variant);
        let tables = template.tables().unwrap();
        let cells = tables.cell_count();
        let full = Generator::new(&template).full_grid(&mut rng_for(9, 0)).unwrap();
        let mut puzzle = full.clone();
        let mut clues = Clues::new(tables, &puzzle).unwrap().unwrap();
        let mut rng = rng_for(9, 1);
        for _ in 0..300 {
            let cell = rng.random_range(0..cells);
            if let Some(digit) = puzzle.get(cell) {
                assert_eq!(clues.given(cell), Some(digit));
                clues.remove(tables, cell);
                puzzle.set(cell, None);
            } else {
                assert_eq!(clues.given(cell), None);
                clues.restore(tables, cell, full.get(cell).unwrap());
                puzzle.set(cell, full.get(cell));
            }
            let (fresh, _) = MaskBoard::givens(tables, &puzzle, None).unwrap();
            assert!(same_board(&clues.board, &fresh, tables), "{puzzle}");
        }
    }
}

#[test]
fn removal_tests_from_clues_agree_with_counting() {
    for variant in
        [Variant::standard(9).unwrap(), Variant::standard(9).unwrap().with_diagonals().unwrap()]
    {
        let template = Template::new(variant);
        let tables = template.tables().unwrap();
        let mut solver = GridSolver::new(&template);
        let mut search = MaskSearch::new(tables);
        let (mut kept, mut removable) = (0, 0);
        for puzzle in generated(&template, 4) {
            // A minimal unique puzzle with a few of its solution's digits given back, so that
            // some removals keep it unique and the others do not.
            let crate::solve::GridVerdict::Solved(solution) = solver.solve(&puzzle).verdict else {
                panic!()
            };
            let mut richer = puzzle.clone();
            for cell in (0..81).step_by(5) {
                richer.set(cell, solution.get(cell));
            }
            let mut clues = Clues::new(tables, &richer).unwrap().unwrap();
            for (cell, digit) in richer.givens() {
                clues.remove(tables, cell);
                let mut without = richer.clone();
                without.set(cell, None);
                let second = search.has_solution_without(tables, &clues, cell, digit);
                assert_eq!(second, solver.count(&without, Some(2)).count == 2, "{richer} {cell}");
                (kept, removable) =
                    if second { (kept + 1, removable) } else { (kept, removable + 1) };
                clues.restore(tables, cell, digit);
            }
        }
        assert!(kept > 0 && removable > 0, "{kept} {removable}");
    }
}

#[test]
fn near_empty_puzzles_branch_on_the_fewest_choices() {
    // Nine givens on a hyper grid: branching on cells alone took 3 093 342 branches to find
    // a solution here; with a digit's places as choices too, a few dozen.
    let template = Template::new(Variant::standard(9).unwrap().with_hyper().unwrap());
    let tables = template.tables().unwrap();
    let puzzle =
        line("........3..............9.....1.......75...2.....7............................6...");
    let mut search = MaskSearch::new(tables);
    let found = search.count(tables, &puzzle, None, 1, Deductions::LockedCandidates);
    assert_eq!(found, Ok(1));
    let solution = Grid::from_cells(9, search.first(tables));
    assert!(template.variant().is_solution(&solution));
    assert!(puzzle.givens().all(|(cell, digit)| solution.get(cell) == Some(digit)));
    assert!(search.stats(1).nodes() < 1000, "{:?}", search.stats(1));
}
