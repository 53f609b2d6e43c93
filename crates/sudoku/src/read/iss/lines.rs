//! The ISS types along cells: the relations of dots, and the lines (thermometers,
//! palindromes, whispers, ...) and outside clues of [`LineKind`]. Each answers `None` for a type it does not
//! read, so that the caller can tell a type read elsewhere from one with no meaning here.

use super::geometry::{diagonal_from, full_line, Globals};
use super::types::fail;
use super::{cell, number, Item, Part};
use crate::grid::{Cell, Digit};
use crate::model::{Line, LineKind, Relation, RelationKind};
use crate::read::published::ReadError;

/// The cells of some arguments.
fn cells_of(parts: &[Part], size: usize) -> Result<Vec<Cell>, ReadError> {
    parts.iter().map(|a| cell(a, size)).collect()
}

/// The relations of a dot; the marked pairs noted in
/// `globals` for the strict rules.
pub(super) fn relations(
    item: &Item,
    size: usize,
    globals: &mut Globals,
) -> Result<Option<Vec<Relation>>, ReadError> {
    let (kind, args) = (item.kind.text.as_str(), item.args.as_slice());
    Ok(Some(match kind {
        "WhiteDot" | "BlackDot" | "X" | "V" | "GreaterThan" => {
            let mut relations = Vec::new();
            for (a, b) in pairs(&cells_of(args, size)?, size) {
                // A greater-than mark: the earlier cell is the larger.
                let (a, b, kind) = match kind {
                    "WhiteDot" => (a, b, RelationKind::Difference(1)),
                    "BlackDot" => (a, b, RelationKind::Ratio(2)),
                    "X" => (a, b, RelationKind::Sum(10)),
                    "V" => (a, b, RelationKind::Sum(5)),
                    _ => (b, a, RelationKind::Less),
                };
                match kind {
                    RelationKind::Sum(_) => globals.crossed.push((a, b)),
                    RelationKind::Less => {}
                    _ => globals.dotted.push((a, b)),
                }
                relations.push(Relation { a, b, kind });
            }
            relations
        }
        _ => return Ok(None),
    }))
}

/// The lines a type of lines or outside clues means.
pub(super) fn lines_of(item: &Item, size: usize) -> Result<Option<Vec<Line>>, ReadError> {
    let args = item.args.as_slice();
    let simple = |kind: LineKind| -> Result<Option<Vec<Line>>, ReadError> {
        Ok(Some(vec![Line { kind, cells: cells_of(args, size)? }]))
    };
    let one = |kind: LineKind, cells: Vec<Cell>| Ok(Some(vec![Line { kind, cells }]));
    let kind = item.kind.text.as_str();
    match kind {
        "Thermo" => simple(LineKind::Thermometer),
        "Palindrome" => simple(LineKind::Palindrome),
        "Whisper" => {
            // German whispers leave the difference out: the first argument is then a cell.
            let (apart, rest) = match args.first() {
                Some(first) if first.text.parse::<i64>().is_ok() => {
                    (small(first, "the difference")?, &args[1..])
                }
                _ => (5, args),
            };
            one(LineKind::Whispers(apart), cells_of(rest, size)?)
        }
        "Renban" => simple(LineKind::Renban),
        "Between" => simple(LineKind::Between),
        "RegionSumLine" => simple(LineKind::RegionSum),
        "Zipper" => simple(LineKind::Zipper),
        "Entropic" => simple(LineKind::Entropic),
        "DoubleArrow" => simple(LineKind::DoubleArrow),
        "Arrow" => simple(LineKind::Arrow { circle: 1 }),
        "Modular" | "Lockout" | "PillArrow" | "Sum" => {
            let (first, rest) = split_first(item)?;
            let kind = match kind {
                "Modular" if first.text == "3" => LineKind::Modular,
                "Modular" => {
                    let message = format!("a Modular line of {}: only 3 is read", first.text);
                    return Err(fail(first, message));
                }
                "Lockout" => LineKind::Lockout(small(first, "the difference")?),
                "PillArrow" => match first.text.as_str() {
                    "2" => LineKind::Arrow { circle: 2 },
                    "3" => LineKind::Arrow { circle: 3 },
                    _ => return Err(fail(first, "a PillArrow's pill is 2 or 3 cells".into())),
                },
                // A sum whose digits may repeat, ISS's killer without its rule.
                _ => LineKind::LittleKiller(whole(first, "the sum")?),
            };
            let mut cells = cells_of(rest, size)?;
            if let LineKind::Arrow { circle } = kind {
                // ISS reads a pill's digits in reading order, whatever order it lists them in.
                let pill = circle.min(cells.len());
                cells[..pill].sort_unstable();
            }
            one(kind, cells)
        }
        "LittleKiller" => {
            let (total, rest) = split_first(item)?;
            let start = rest.first().ok_or_else(|| fail(&item.kind, "no first cell".into()))?;
            let cells = diagonal_from(cell(start, size)?, size)
                .ok_or_else(|| fail(start, format!("no little killer starts at {}", start.text)))?;
            one(LineKind::LittleKiller(whole(total, "the sum")?), cells)
        }
        "Sandwich" => {
            let (total, rest) = split_first(item)?;
            let id = rest.first().ok_or_else(|| fail(&item.kind, "no row or column".into()))?;
            one(LineKind::Sandwich(whole(total, "the sum")?), full_line(id, size, true)?)
        }
        "XSum" | "Skyscraper" => {
            // The row or column, then the clue read forwards and the one read backwards.
            let (id, rest) = split_first(item)?;
            let mut lines = Vec::new();
            for (forward, value) in [true, false].into_iter().zip(rest) {
                if value.text.is_empty() {
                    continue;
                }
                let value = whole(value, "the clue")?;
                let kind = if kind == "XSum" {
                    LineKind::XSum(value)
                } else {
                    LineKind::Skyscraper(value)
                };
                lines.push(Line { kind, cells: full_line(id, size, forward)? });
            }
            Ok(Some(lines))
        }
        "Quad" => {
            let (corner, rest) = split_first(item)?;
            let top_left = cell(corner, size)?;
            if top_left / size + 1 >= size || top_left % size + 1 >= size {
                return Err(fail(corner, "a Quad's corner is no top left of a 2x2".into()));
            }
            let cells = vec![top_left, top_left + 1, top_left + size, top_left + size + 1];
            let digits = rest
                .iter()
                .map(|p| match p.text.parse::<usize>() {
                    Ok(d) if (1..=size).contains(&d) => Ok(d as Digit),
                    _ => Err(fail(p, format!("'{}' is not a digit from 1 to {size}", p.text))),
                })
                .collect::<Result<Vec<_>, _>>()?;
            one(LineKind::Quadruple(digits), cells)
        }
        _ => Ok(None),
    }
}

/// The first argument and the rest.
pub(super) fn split_first(item: &Item) -> Result<(&Part, &[Part]), ReadError> {
    item.args
        .split_first()
        .ok_or_else(|| fail(&item.kind, format!("`{}` needs its arguments", item.kind.text)))
}

/// A whole number from 0.
pub(super) fn whole(part: &Part, what: &str) -> Result<u32, ReadError> {
    let value = number(part, what)?;
    u32::try_from(value).map_err(|_| fail(part, format!("{what} {value} is below 0 or too large")))
}

/// A small whole number (a difference).
fn small(part: &Part, what: &str) -> Result<u8, ReadError> {
    let value = whole(part, what)?;
    u8::try_from(value).map_err(|_| fail(part, format!("{what} {value} is too large")))
}

/// The orthogonal neighbours among `cells`, each pair once, the earlier cell of the list first.
fn pairs(cells: &[Cell], size: usize) -> Vec<(Cell, Cell)> {
    let mut pairs = Vec::new();
    for (k, &a) in cells.iter().enumerate() {
        for &b in &cells[k + 1..] {
            let (ra, ca, rb, cb) = (a / size, a % size, b / size, b % size);
            if ra.abs_diff(rb) + ca.abs_diff(cb) == 1 {
                pairs.push((a, b));
            }
        }
    }
    pairs
}
