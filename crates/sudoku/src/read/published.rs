//! Readers of published killer puzzles, one line each, into a [`Model`] and the published
//! solution: the formats of `janko_killer.txt` and `krazydad_killer_9x9.txt` (their layouts
//! are in docs/formats.md).

use crate::grid::{Digit, Grid};
use crate::model::{Cage, Model};
use crate::variant::Variant;

/// A puzzle read from a line of published data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Its name in the source (a key or a title).
    pub name: String,
    /// The puzzle.
    pub model: Model,
    /// The published solution, row by row, when the source gives one.
    pub solution: Option<Vec<Digit>>,
    /// How `sudoku generate` made the puzzle (seed, index, clues, symmetry, rating: a JSON
    /// object), kept as read and written back, so that the generator's record is the one
    /// record every subcommand reads.
    pub generated: Option<serde_json::Map<String, serde_json::Value>>,
}

/// Why a line is not a puzzle of its format, with the 1-based column of the field at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct ReadError {
    /// Where the bad field starts, in characters from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// The janko killers that also need both diagonals all different (Killer-X): nothing in the
/// records says so, but without the diagonals they have several solutions, with them exactly
/// the published one (checked with an independent SAT proof, /work/scratch/issue14-study.md).
pub(super) const JANKO_KILLER_X: [&str; 14] = [
    "196_9x9", "197_9x9", "198_9x9", "248_9x9", "249_9x9", "257_9x9", "716_9x9", "717_9x9",
    "718_9x9", "719_9x9", "720_9x9", "726_9x9", "727_9x9", "728_9x9",
];

/// A line of `janko_killer.txt`: `N key source cages solution`, the cages as
/// `sum:cell,cell,...;...` with cells numbered row by row from 0, standard boxes.
///
/// # Errors
/// A missing field, a number that does not parse, a cell outside the grid, a solution of the
/// wrong length.
pub fn janko_killer(line: &str) -> Result<Record, ReadError> {
    let fields = fields(line);
    let [(_, size), (_, key), _, (cages_at, cages), (solution_at, solution)] = fields[..] else {
        return Err(ReadError {
            column: 1,
            message: "expected N, key, source, cages, solution".into(),
        });
    };
    let n: usize = number(1, size)?;
    let mut variant = Variant::standard(n).map_err(|e| error(1, e.to_string()))?;
    if JANKO_KILLER_X.contains(&key) {
        variant = variant.with_diagonals().map_err(|e| error(1, e.to_string()))?;
    }
    let mut model = Model::from_variant(&variant);
    for cage in cages.split(';') {
        let (sum, cells) = cage
            .split_once(':')
            .ok_or_else(|| error(cages_at, format!("cage '{cage}' has no ':'")))?;
        let cells = cells
            .split(',')
            .map(|cell| number(cages_at, cell))
            .collect::<Result<Vec<usize>, _>>()?;
        model.cages.push(Cage { cells, sum: Some(number(cages_at, sum)?) });
    }
    let solution = digits(solution_at, solution, n)?;
    Ok(Record { name: key.to_owned(), model, solution: Some(solution), generated: None })
}

/// A line of `krazydad_killer_9x9.txt`: `title cages81 sums solution81`, one letter per cell
/// naming its cage (`A`–`Z` then `a`–`z`, in order of first appearance) and the sums in
/// letter order.
///
/// # Errors
/// A missing field, a cage letter out of range, a sum missing or extra, a solution of the
/// wrong length.
pub fn krazydad_killer(line: &str) -> Result<Record, ReadError> {
    let fields = fields(line);
    let [(_, title), (cages_at, letters), (sums_at, sums), (solution_at, solution)] = fields[..]
    else {
        return Err(error(1, "expected title, cages, sums, solution".to_owned()));
    };
    let mut model =
        Model::from_variant(&Variant::standard(9).map_err(|e| error(1, e.to_string()))?);
    if letters.chars().count() != 81 {
        return Err(error(cages_at, format!("{} cage letters, not 81", letters.chars().count())));
    }
    let sums = sums.split(',').map(|sum| number(sums_at, sum)).collect::<Result<Vec<u32>, _>>()?;
    let mut cages: Vec<Vec<usize>> = vec![Vec::new(); sums.len()];
    for (cell, letter) in letters.chars().enumerate() {
        let index = match letter {
            'A'..='Z' => letter as usize - 'A' as usize,
            'a'..='z' => letter as usize - 'a' as usize + 26,
            _ => return Err(error(cages_at + cell, format!("'{letter}' is not a cage letter"))),
        };
        let cage = cages
            .get_mut(index)
            .ok_or_else(|| error(sums_at, format!("no sum for cage '{letter}'")))?;
        cage.push(cell);
    }
    if let Some(empty) = cages.iter().position(Vec::is_empty) {
        return Err(error(sums_at, format!("sum {} belongs to no cage", empty + 1)));
    }
    model.cages =
        cages.into_iter().zip(sums).map(|(cells, sum)| Cage { cells, sum: Some(sum) }).collect();
    let solution = digits(solution_at, solution, 9)?;
    Ok(Record { name: title.to_owned(), model, solution: Some(solution), generated: None })
}

/// A line of `andoku_variants_9x9.txt`: `layout extra level index givens81 regions81|-
/// solution81`. The layout is `standard` (3×3 boxes, regions `-`) or `squiggly` (81 region
/// ids 1..9); the extra regions are Andoku's: `N` none, `X` both diagonals, `H` the four
/// windows at rows and columns 2–4 and 6–8, `P` (percent) the windows at (2, 2) and (6, 6) and
/// the anti-diagonal, `C` (colour) the nine sets of cells at the same place in each 3×3 block.
///
/// # Errors
/// A missing field, an unknown layout or extra, givens, regions or a solution of the wrong
/// length.
pub fn andoku(line: &str) -> Result<Record, ReadError> {
    let fields = fields(line);
    let [(_, layout), (extra_at, extra), (_, level), (_, index), (givens_at, givens), (regions_at, regions), (solution_at, solution)] =
        fields[..]
    else {
        return Err(error(
            1,
            "expected layout, extra, level, index, givens, regions, solution".to_owned(),
        ));
    };
    let variant = match (layout, regions) {
        ("standard", "-") => Variant::standard(9),
        ("squiggly", layout) if layout.chars().count() == 81 => Variant::jigsaw(9, layout),
        _ => return Err(error(1, format!("layout '{layout}' with regions '{regions}'"))),
    }
    .map_err(|e| error(regions_at, e.to_string()))?;
    let mut model = Model::from_variant(&variant);
    let at = |row: usize, col: usize| row * 9 + col;
    let window = |top: usize, left: usize| -> Vec<usize> {
        (0..9).map(|k| at(top + k / 3, left + k % 3)).collect()
    };
    let anti: Vec<usize> = (0..9).map(|i| at(i, 8 - i)).collect();
    match extra {
        "N" => {}
        "X" => model.regions.extend([(0..9).map(|i| at(i, i)).collect(), anti]),
        "H" => model.regions.extend([window(1, 1), window(5, 1), window(1, 5), window(5, 5)]),
        "P" => model.regions.extend([window(1, 1), window(5, 5), anti]),
        "C" => model.regions.extend(
            (0..9).map(|i| (0..9).map(|b| at(b / 3 * 3 + i / 3, b % 3 * 3 + i % 3)).collect()),
        ),
        _ => return Err(error(extra_at, format!("extra '{extra}' is not N, X, H, P or C"))),
    }
    if givens.chars().count() != 81 {
        return Err(error(givens_at, "the givens must be 81 characters".to_owned()));
    }
    for (cell, symbol) in givens.chars().enumerate() {
        model.givens[cell] = match symbol {
            '.' | '0' => None,
            '1'..='9' => Some(symbol as Digit - b'0'),
            _ => return Err(error(givens_at + cell, format!("'{symbol}' is not a digit or '.'"))),
        };
    }
    let solution = digits(solution_at, solution, 9)?;
    Ok(Record {
        name: format!("{layout}-{extra}-{level}-{index}"),
        model,
        solution: Some(solution),
        generated: None,
    })
}

/// A pencilmark puzzle (a Sukaku) on one line, as tdoku writes them: N³ characters for an N×N
/// grid with standard boxes (729 for a 9×9, 64 for a 4×4), N per cell, row by row; a cell's
/// k-th character is the symbol of digit k when k is a candidate (`1`–`9`, then `A`... or
/// `a`...) and `.` or `0` when not. A cell with a single candidate is a given when no cell of
/// its row, column or box still has that candidate (as `SukakuExplainer` reads it), else a cell
/// of one candidate. A second field,
/// if any, is the puzzle's name.
///
/// # Errors
/// A length that is no N³ of a size from 1 to 35, or a character that is neither its place's
/// symbol nor `.`/`0` (named by its column).
pub fn sukaku(line: &str) -> Result<Record, ReadError> {
    let fields = fields(line);
    let Some(&(at, marks)) = fields.first() else {
        return Err(error(1, "expected the pencilmarks".to_owned()));
    };
    let length = marks.chars().count();
    let n = (1..=crate::MAX_LINE_SIZE).find(|n| n * n * n == length).ok_or_else(|| {
        error(at, format!("{length} characters: a sukaku has N^3 (729 for a 9x9)"))
    })?;
    let variant = Variant::standard(n).map_err(|e| error(at, e.to_string()))?;
    let mut model = Model::from_variant(&variant);
    let symbols: Vec<char> = marks.chars().collect();
    let mut sets = Vec::with_capacity(n * n);
    for (cell, marks) in symbols.chunks(n).enumerate() {
        let mut set = 0u64;
        for (k, &mark) in marks.iter().enumerate() {
            let column = at + cell * n + k;
            match crate::digit_of(mark) {
                Some(0) => {}
                Some(digit) if usize::from(digit) == k + 1 => set |= 1 << k,
                _ => {
                    let want = crate::symbol(k as Digit + 1);
                    return Err(error(column, format!("'{mark}' is neither '{want}' nor '.'")));
                }
            }
        }
        sets.push(set);
    }
    place_marks(&mut model, &variant, &sets);
    let name = fields.get(1).map_or("", |&(_, name)| name).to_owned();
    Ok(Record { name, model, solution: None, generated: None })
}

/// The pencilmark puzzle that a line read as an N²×N² grid really is, when it is one: a line
/// of N³ characters (729 for a 9×9) in [`sukaku`]'s form is also an N²·N² line of digits and
/// blanks, which the line format reads as a 27×27 (or 8×8, or 64×64) puzzle. It is the
/// pencilmark puzzle when every one of its N-character groups holds a candidate and every
/// character stands at its own digit's place (`1` first, `2` second, ...): no puzzle of the
/// larger size (which needs N² symbols) looks like that.
pub fn sukaku_of_grid(grid: &Grid) -> Option<Model> {
    let side = grid.size();
    let n = (2..=crate::MAX_LINE_SIZE).find(|n| n * n * n == side * side)?;
    let positional = grid.cells().chunks(n).all(|marks| {
        let placed = marks.iter().enumerate().all(|(k, &d)| d == 0 || usize::from(d) == k + 1);
        placed && marks.iter().any(|&d| d != 0)
    });
    if !positional {
        return None;
    }
    let variant = Variant::standard(n).ok()?;
    let mut model = Model::from_variant(&variant);
    let sets: Vec<u64> = grid
        .cells()
        .chunks(n)
        .map(|marks| {
            marks.iter().enumerate().filter(|&(_, &d)| d != 0).fold(0u64, |s, (k, _)| s | 1 << k)
        })
        .collect();
    place_marks(&mut model, &variant, &sets);
    Some(model)
}

/// Puts a pencilmark puzzle's sets (one a cell) into `model`, `variant`'s, as `SukakuExplainer` reads them: a
/// single candidate is a given when no cell of its regions still has it, and otherwise stays a
/// cell's one candidate (a naked single for logic to find, its digit still marked around it).
fn place_marks(model: &mut Model, variant: &Variant, sets: &[u64]) {
    for (cell, &set) in sets.iter().enumerate() {
        let clean = || {
            let regions = variant.regions_of(cell).iter();
            let mut peers = regions.flat_map(|&k| &variant.regions()[k as usize].cells);
            peers.all(|&peer| peer == cell || sets[peer] & set == 0)
        };
        if set.is_power_of_two() && clean() {
            model.givens[cell] = Some(set.trailing_zeros() as Digit + 1);
        } else {
            model.candidates.push((cell, set));
        }
    }
}

/// The blank-separated fields of `line`, each with its 1-based column.
pub(super) fn fields(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut column = 1;
    let mut rest = line;
    while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
        column += rest[..start].chars().count();
        rest = &rest[start..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        out.push((column, &rest[..end]));
        column += rest[..end].chars().count();
        rest = &rest[end..];
    }
    out
}

pub(super) fn error(column: usize, message: String) -> ReadError {
    ReadError { column, message }
}

pub(super) fn number<T: std::str::FromStr>(column: usize, text: &str) -> Result<T, ReadError> {
    text.parse().map_err(|_| error(column, format!("'{text}' is not a number")))
}

/// A grid of `n`×`n` digits 1..n written one character each.
fn digits(column: usize, text: &str, n: usize) -> Result<Vec<Digit>, ReadError> {
    let digits: Vec<Digit> =
        text.chars().filter_map(|c| c.to_digit(10)).map(|d| d as Digit).collect();
    if digits.len() != n * n
        || text.chars().count() != n * n
        || digits.iter().any(|&d| d == 0 || usize::from(d) > n)
    {
        return Err(error(column, format!("the solution must be {} digits 1..{n}", n * n)));
    }
    Ok(digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each reader names the field at fault by its column.
    #[test]
    fn bad_lines_are_refused_at_their_field() {
        let column = |read: Result<Record, ReadError>| read.unwrap_err().column;
        assert_eq!(column(janko_killer("4 k src 3:0,1")), 1, "a field missing");
        assert_eq!(column(janko_killer("4 k src 3:0,x 3142423124131324")), 9);
        assert_eq!(column(janko_killer("4 k src 3:0,1 31424231241313")), 15, "short solution");
        let letters = "A".repeat(81);
        let solution = "123456789".repeat(9);
        assert!(krazydad_killer(&format!("t {letters} 45 {solution}")).is_ok());
        assert_eq!(
            column(krazydad_killer(&format!("t {letters} 45,3 {solution}"))),
            85,
            "a sum too many"
        );
        let bad = format!("t !{} 45 {solution}", &letters[1..]);
        assert_eq!(column(krazydad_killer(&bad)), 3, "not a cage letter");
        let givens = ".".repeat(81);
        assert!(andoku(&format!("standard N 1 0 {givens} - {solution}")).is_ok());
        assert_eq!(column(andoku(&format!("standard N 1 0 x{} - {solution}", &givens[1..]))), 16);
        assert_eq!(column(andoku(&format!("circle N 1 0 {givens} - {solution}"))), 1);
        assert_eq!(column(sukaku(&"1234".repeat(15))), 1, "60 is no cube");
        assert_eq!(column(sukaku(&format!("1234{}", "12.4".repeat(14) + "13.4"))), 62);
    }

    /// A 4x4 sukaku: every cell's candidates become its set, a single one a given where no
    /// peer still has it; the puzzle has the solutions of those marks.
    #[test]
    fn sukaku_marks_become_candidates_and_givens() {
        let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let marks: String = grid
            .iter()
            .enumerate()
            .map(|(cell, &d)| {
                (1..=4)
                    .map(|k| {
                        if k == d || (cell > 3 && k == 5 - d) {
                            char::from(b'0' + k)
                        } else {
                            '.'
                        }
                    })
                    .collect::<String>()
            })
            .collect();
        let record = sukaku(&format!("{marks} tiny")).unwrap();
        assert_eq!(record.name, "tiny");
        // Row 1's single marks are all still marks below them (r4c1 is 4 or 1, ...): cells of
        // one candidate, not givens.
        assert_eq!(record.model.givens[..4], [None; 4]);
        let singles = [(0, 0b0001), (1, 0b0010), (2, 0b0100), (3, 0b1000)];
        assert_eq!(record.model.candidates[..4], singles);
        assert_eq!(record.model.candidates[4], (4, 0b0110), "r2c1 is 2 or 3");
        let encoded = record.model.encode().unwrap();
        let found: Vec<Vec<Option<Digit>>> =
            encoded.problem().solver().solutions().map(|s| encoded.grid(&s)).collect();
        assert!(found.iter().any(|g| g.iter().zip(&grid).all(|(a, &b)| *a == Some(b))));
        for solution in &found {
            assert_eq!(record.model.broken(solution, true), Ok(()));
        }
    }

    #[test]
    fn a_729_character_pencilmark_line_read_as_a_grid_is_its_9x9() {
        let marks: String = (0..81)
            .map(|cell| if cell == 0 { "1........".to_owned() } else { "12.4.6.89".to_owned() })
            .collect();
        let grid = crate::read_puzzles(marks.as_bytes(), None).next().unwrap().unwrap().grid;
        assert_eq!(grid.size(), 27);
        let model = sukaku_of_grid(&grid).unwrap();
        assert_eq!(model, sukaku(&marks).unwrap().model);
        // r1c1's one candidate, 1, is marked in the rest of its row: not a given.
        assert_eq!((model.givens[0], model.candidates[0]), (None, (0, 1)));
        let clean = format!("1........{}", "12.4.6.89".replace('1', ".").repeat(80));
        assert_eq!(sukaku(&clean).unwrap().model.givens[0], Some(1));
        // A cell without a candidate, or a digit out of its place: a 27x27 puzzle after all.
        for spoilt in [format!(".........{}", &marks[9..]), format!("2{}", &marks[1..])] {
            let grid = crate::read_puzzles(spoilt.as_bytes(), None).next().unwrap().unwrap().grid;
            assert_eq!(sukaku_of_grid(&grid), None);
        }
        assert_eq!(sukaku_of_grid(&crate::Grid::empty(9)), None, "81 is no cube");
    }
}
