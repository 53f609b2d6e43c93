//! An independent solution checker for the tests: it knows rows, columns and R×C boxes from
//! first principles and shares no code with the crate's encoder or `Variant::check`.

/// Reads a line-format grid of size `n` (digits, then letters for n > 9; `.`/`0` blank).
pub(crate) fn cells(line: &str, n: usize) -> Vec<u8> {
    let cells: Vec<u8> = line
        .chars()
        .map(|ch| match ch {
            '.' | '0' => 0,
            '1'..='9' => ch as u8 - b'0',
            'A'..='Z' => ch as u8 - b'A' + 10,
            'a'..='z' => ch as u8 - b'a' + 10,
            _ => panic!("unexpected symbol {ch:?}"),
        })
        .collect();
    assert_eq!(cells.len(), n * n, "{line}");
    cells
}

/// Whether `cells` is a complete n×n grid whose rows, columns and `box_rows`×`box_cols` boxes
/// each hold 1..=n once.
pub(crate) fn is_valid_solution(cells: &[u8], n: usize, box_rows: usize, box_cols: usize) -> bool {
    cells.len() == n * n
        && (0..n).all(|r| holds_all(cells, n, (0..n).map(|c| r * n + c)))
        && (0..n).all(|c| holds_all(cells, n, (0..n).map(|r| r * n + c)))
        && (0..n).all(|b| {
            let (top, left) = (b / (n / box_cols) * box_rows, b % (n / box_cols) * box_cols);
            holds_all(cells, n, (0..n).map(|k| (top + k / box_cols) * n + left + k % box_cols))
        })
}

/// Whether the cells of `group` hold 1..=n once each.
fn holds_all(cells: &[u8], n: usize, mut group: impl Iterator<Item = usize>) -> bool {
    let mut seen = vec![false; n + 1];
    group.all(|cell| {
        let d = usize::from(cells[cell]);
        (1..=n).contains(&d) && !std::mem::replace(&mut seen[d], true)
    })
}

/// Whether `solution` keeps every given of `puzzle`.
pub(crate) fn keeps_givens(puzzle: &[u8], solution: &[u8]) -> bool {
    puzzle.iter().zip(solution).all(|(&p, &s)| p == 0 || p == s)
}

#[test]
fn the_checker_rejects_broken_grids() {
    let good = cells("1234341221434321", 4);
    assert!(is_valid_solution(&good, 4, 2, 2));
    let mut swapped = good.clone();
    swapped.swap(0, 1);
    assert!(!is_valid_solution(&swapped, 4, 2, 2));
    // Rows and columns fine, boxes wrong: a cyclic Latin square.
    assert!(!is_valid_solution(&cells("1234234134124123", 4), 4, 2, 2));
    let mut blank = good.clone();
    blank[5] = 0;
    assert!(!is_valid_solution(&blank, 4, 2, 2));
    assert!(keeps_givens(&blank, &good) && !keeps_givens(&good, &swapped));
}
