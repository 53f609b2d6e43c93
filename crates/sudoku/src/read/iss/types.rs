//! The ISS constraint types read into a [`Model`], each with the meaning ISS gives it:
//! - the grid: `Shape~N` or `Shape~NxN` (values 1 to N only), `NoBoxes`, `Jigsaw~LAYOUT` (one
//!   character per cell naming its piece), `Windoku`, `DisjointSets`, `Diagonal~1` (rising)
//!   and `Diagonal~-1`, `AllDifferent~CELLS` (an extra region);
//! - givens `.~R1C1_5~R2C2_1_3` (one digit, or the candidates of the cell);
//! - `AntiKnight`, `AntiKing`, `AntiConsecutive` (every pair of orthogonal neighbours),
//!   `StrictKropki` and `StrictXV` (the edges without a dot, or without an X or V);
//! - pairs: `WhiteDot`, `BlackDot`, `X`, `V`, `GreaterThan` (each cell above the later cells
//!   beside it), between the orthogonal neighbours among the cells listed;
//! - lines: `Thermo`, `Whisper~[D]` (5 by default), `Renban`, `Between`, `Lockout~D`,
//!   `RegionSumLine`, `Zipper`, `Entropic`, `Modular~3`, `Palindrome`, `Arrow`,
//!   `PillArrow~2|3`, `DoubleArrow`, `Cage~SUM` (0 or empty: no sum), `Sum~SUM` (a sum that
//!   may repeat digits), `LittleKiller~SUM~FIRST` (the diagonal from its first cell),
//!   `Sandwich~SUM~R1|C1`, `XSum~R1~FORWARD~BACKWARD`, `Skyscraper~R1~FORWARD~BACKWARD`,
//!   `Quad~TOPLEFT~DIGITS`, `Indexing~C|R~CELLS` (column or row indexer cells);
//! - `SearchPriority` only steers ISS's search: skipped, named as cosmetic.

use super::geometry::{finish, windows, Globals};
use super::lines::{lines_of, relations, split_first, whole};
use super::{cell, standard, Item, Part};
use crate::grid::{Cell, Digit};
use crate::model::{Cage, Model, Relation, RelationKind};
use crate::read::fpuzzles::keys::{diagonal, disjoint_groups, edges, lines};
use crate::read::published::ReadError;
use crate::variant::{standard_box_shape, Variant};

/// Every type ISS has (`sudoku_constraint.js`), read here or not.
const KNOWN: &str = "Container Or And Replicate End Jigsaw Thermo Whisper Renban Modular Entropic \
    RegionSumLine Between Lockout Palindrome Zipper SumLine Regex NFA NoBoxes ChaosConstruction \
    ChaosArrow ChaosCount RegionSize RegionSameValues StrictKropki StrictXV Shape Windoku \
    DisjointSets AntiKnight Doppelganger AntiKing AntiTaxicab AntiConsecutive GlobalEntropy \
    GlobalMod FullRankTies DutchFlatmates Diagonal WhiteDot BlackDot GreaterThan X ValueIndexing V \
    Arrow DoubleArrow PillArrow Cage RellikCage EqualityCage Sum LittleKiller XSum Sandwich \
    Lunchbox Skyscraper HiddenSkyscraper NumberedRoom FullRank AllDifferent ContainAtLeast \
    ContainExact LookAndSay ConnectedValues SameValues EqualSum Quad Binary BinaryX Pair PairX \
    Indexing CountingCircles CountDistinct Given SearchPriority Var";

/// Whether ISS has a type of this name.
pub(super) fn known(kind: &str) -> bool {
    KNOWN.split_whitespace().any(|known| known == kind)
}

pub(super) fn fail(part: &Part, message: String) -> ReadError {
    ReadError { column: part.column, message }
}

/// The model of the items, and the types skipped as cosmetic.
pub(super) fn read(items: &[Item]) -> Result<(Model, Vec<String>), ReadError> {
    let mut model = Model::from_variant(&grid(items)?);
    let size = model.width;
    let mut globals = Globals::default();
    let mut skipped = Vec::new();
    let mut given: Vec<Option<u64>> = vec![None; size * size];
    for item in items {
        let (kind, args) = (item.kind.text.as_str(), item.args.as_slice());
        let cells = || args.iter().map(|a| cell(a, size)).collect::<Result<Vec<_>, _>>();
        match kind {
            "Shape" | "NoBoxes" | "Jigsaw" => {}
            "" | "Given" => givens(args, size, &mut given)?,
            "Windoku" => model.regions.extend(windows(size)),
            "DisjointSets" => model.regions.extend(disjoint_groups(size)),
            "Diagonal" => match args.first().map(|a| a.text.as_str()) {
                Some("1") => model.regions.push(diagonal(size, true)),
                Some("-1") => model.regions.push(diagonal(size, false)),
                _ => return Err(fail(&item.kind, "a Diagonal is 1 (rising) or -1".into())),
            },
            "AllDifferent" => model.regions.push(cells()?),
            "AntiKnight" => globals.knight = true,
            "AntiKing" => globals.king = true,
            "StrictKropki" => globals.strict_kropki = true,
            "StrictXV" => globals.strict_xv = true,
            "AntiConsecutive" => model.relations.extend(edges(size).map(|(a, b)| Relation {
                a,
                b,
                kind: RelationKind::NotConsecutive,
            })),
            "Indexing" => {
                let key = match args.first().map(|a| a.text.as_str()) {
                    Some("C") => "columnindexer",
                    Some("R") => "rowindexer",
                    _ => return Err(fail(&item.kind, "an Indexing is C or R".into())),
                };
                for part in &args[1..] {
                    lines::indexer(&mut model, key, cell(part, size)?);
                }
            }
            "Cage" => {
                let (total, rest) = split_first(item)?;
                let total = if total.text.is_empty() { 0 } else { whole(total, "the sum")? };
                let cells = rest.iter().map(|a| cell(a, size)).collect::<Result<Vec<_>, _>>()?;
                model.cages.push(Cage { cells, sum: (total > 0).then_some(total) });
            }
            "SearchPriority" => skipped.push(kind.to_owned()),
            _ => match (relations(item, size, &mut globals)?, lines_of(item, size)?) {
                (Some(relations), _) => model.relations.extend(relations),
                (_, Some(lines)) => model.lines.extend(lines),
                _ if known(kind) => {
                    let message = format!(
                        "the ISS constraint `{kind}` changes the answer and has no meaning here"
                    );
                    return Err(fail(&item.kind, message));
                }
                _ => return Err(fail(&item.kind, format!("unknown ISS constraint type `{kind}`"))),
            },
        }
    }
    for (cell, set) in given.into_iter().enumerate() {
        match set {
            Some(set) if set.is_power_of_two() => {
                model.givens[cell] = Some(set.trailing_zeros() as Digit + 1);
            }
            Some(set) => model.candidates.push((cell, set)),
            None => {}
        }
    }
    finish(&mut model, &globals);
    Ok((model, skipped))
}

/// The regions of the grid: the shape, its boxes or none, the jigsaw pieces.
fn grid(items: &[Item]) -> Result<Variant, ReadError> {
    let mut size = 9;
    let (mut boxes, mut jigsaw) = (true, None);
    for item in items {
        match item.kind.text.as_str() {
            "Shape" => size = shape(item)?,
            "NoBoxes" => boxes = false,
            "Jigsaw" => jigsaw = Some(item),
            _ => {}
        }
    }
    let whole = |e: String| fail(&items[0].kind, e);
    let Some(item) = jigsaw else {
        return if boxes {
            standard(size).map_err(whole)
        } else {
            Variant::latin(size).map_err(|e| whole(e.to_string()))
        };
    };
    let layout =
        item.args.last().ok_or_else(|| fail(&item.kind, "a Jigsaw needs its layout".into()))?;
    if layout.text.chars().count() != size * size {
        let message = format!(
            "a jigsaw layout of {} cells on a {size}x{size} grid",
            layout.text.chars().count()
        );
        return Err(fail(layout, message));
    }
    let mut names: Vec<char> = Vec::new();
    let mut pieces: Vec<Vec<Cell>> = Vec::new();
    for (cell, name) in layout.text.chars().enumerate() {
        let k = names.iter().position(|&n| n == name).unwrap_or_else(|| {
            names.push(name);
            pieces.push(Vec::new());
            names.len() - 1
        });
        pieces[k].push(cell);
    }
    let message = |e: crate::VariantError| fail(layout, e.to_string());
    // A prime size has no boxes in ISS: the pieces are then the grid's only boxes.
    if boxes && standard_box_shape(size).0 >= 2 {
        standard(size).map_err(whole)?.with_regions(pieces).map_err(message)
    } else {
        Variant::jigsaw_pieces(size, pieces).map_err(message)
    }
}

/// The side of a `Shape`: `N`, `NxN`, with values `N` or `1-N` when given.
fn shape(item: &Item) -> Result<usize, ReadError> {
    let Some(dims) = item.args.first() else {
        return Err(fail(&item.kind, "a Shape needs its size, such as 6x6".into()));
    };
    let (rows, cols) = dims.text.split_once('x').unwrap_or((&dims.text, &dims.text));
    let side = |text: &str| text.parse::<usize>().ok().filter(|n| (1..=16).contains(n));
    let (Some(rows), Some(cols)) = (side(rows), side(cols)) else {
        return Err(fail(dims, format!("'{}' is not a grid size such as 6x6", dims.text)));
    };
    if rows != cols {
        return Err(fail(dims, format!("a {rows}x{cols} grid: only square grids are read")));
    }
    if let Some(range) = item.args.get(1) {
        let one_to_n = [rows.to_string(), format!("1-{rows}")];
        if !one_to_n.contains(&range.text) || item.args.len() > 2 {
            let message = format!("values {}: only the digits 1 to {rows} are read", range.text);
            return Err(fail(range, message));
        }
    }
    Ok(rows)
}

/// The givens `R1C1_5` or `R1C1_1_2_3`, each cell's digits kept where repeated items agree.
fn givens(args: &[Part], size: usize, given: &mut [Option<u64>]) -> Result<(), ReadError> {
    for part in args {
        let mut pieces = part.text.split('_');
        let name = Part { text: pieces.next().unwrap_or_default().to_owned(), column: part.column };
        let at = cell(&name, size)?;
        let mut set = 0u64;
        for value in pieces {
            match value.parse::<usize>() {
                Ok(d) if (1..=size).contains(&d) && d.to_string() == value => set |= 1 << (d - 1),
                _ => {
                    let message =
                        format!("'{value}' in {} is not a digit from 1 to {size}", part.text);
                    return Err(fail(part, message));
                }
            }
        }
        if set == 0 {
            return Err(fail(part, format!("{} gives no digit", part.text)));
        }
        given[at] = Some(given[at].map_or(set, |old| old & set));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    /// `is_iss` takes a word that starts with a digit (a classic line's `.5..`) for no type
    /// without looking it up: that holds while every type starts with a letter.
    #[test]
    fn every_known_type_starts_with_a_letter() {
        for kind in super::KNOWN.split_whitespace() {
            assert!(kind.starts_with(|c: char| c.is_ascii_alphabetic()), "{kind}");
            assert!(super::known(kind), "{kind}");
        }
        assert!(!super::known("5") && !super::known(""));
    }
}
