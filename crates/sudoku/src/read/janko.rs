//! Readers of janko.at's puzzles as published in `janko_puzzlekit`: one `{"puzzles": {key:
//! {"problem": ...}}}` file per kind, and its `{"solutions": {key: {"solution": ...}}}` twin.
//! A problem or solution is a `ROWS COLUMNS` header line and rows of tokens; what the rows mean
//! depends on the kind (docs/formats.md, "`janko_puzzlekit`").

mod kinds;
#[cfg(test)]
mod tests;
mod text;

use std::{fmt, str::FromStr};

use serde_json::{Map, Value};

use self::text::Text;
use super::published::{Record, JANKO_KILLER_X};
use crate::grid::Digit;
use crate::model::{Layout, Model};

/// The jigsaws that also need both diagonals all different (jigsaw-X): the records do not mark
/// them, the data's SOURCES.md lists them, and only with the diagonals are they unique.
pub(super) const JANKO_JIGSAW_X: [&str; 15] = [
    "651_6x6", "652_6x6", "653_6x6", "654_6x6", "655_6x6", "661_6x6", "662_6x6", "663_6x6",
    "664_6x6", "665_6x6", "671_6x6", "672_6x6", "673_6x6", "674_6x6", "675_6x6",
];

/// A kind of janko.at puzzle: one directory of `janko_puzzlekit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum JankoKind {
    /// Plain sudoku with standard boxes (9×9 and 16×16 in the data).
    Sudoku,
    /// Jigsaw (janko's "Chaos"): region ids per cell; 15 keys are jigsaw-X.
    Jigsaw,
    /// Killer: cage sums and cage ids; 14 keys are Killer-X.
    Killer,
    /// Consecutive: a Latin square with bars between consecutive neighbours, and no bar
    /// meaning not consecutive.
    Consecutive,
    /// Even-odd: every cell a given, or marked even or odd.
    EvenOdd,
    /// Margin (edge sums): the sum of the three cells nearest each edge, 36 clues.
    Margin,
    /// Skyscraper: recognised, to be refused by name (its clues count the skyscrapers seen
    /// along a whole row or column, which the model cannot state).
    Skyscraper,
    /// A multi-grid puzzle: butterfly, samurai, sohei, windmill, sumo, shogun, gattai-8,
    /// clueless-1 or clueless-2.
    Multi(Layout),
}

impl JankoKind {
    /// Every kind, in the order above with the layouts in [`Layout::ALL`]'s order.
    pub fn all() -> Vec<JankoKind> {
        let single = [
            JankoKind::Sudoku,
            JankoKind::Jigsaw,
            JankoKind::Killer,
            JankoKind::Consecutive,
            JankoKind::EvenOdd,
            JankoKind::Margin,
            JankoKind::Skyscraper,
        ];
        single.into_iter().chain(Layout::ALL.map(JankoKind::Multi)).collect()
    }

    /// Its short name: `sudoku`, `jigsaw`, `killer`, `consecutive`, `even-odd`, `margin`,
    /// `skyscraper`, or the layout's (`samurai`, `gattai-8`, ...).
    pub fn name(self) -> &'static str {
        match self {
            JankoKind::Sudoku => "sudoku",
            JankoKind::Jigsaw => "jigsaw",
            JankoKind::Killer => "killer",
            JankoKind::Consecutive => "consecutive",
            JankoKind::EvenOdd => "even-odd",
            JankoKind::Margin => "margin",
            JankoKind::Skyscraper => "skyscraper",
            JankoKind::Multi(layout) => layout.name(),
        }
    }

    /// Its directory in `janko_puzzlekit` and the stem of its files: `Sudoku`, `JigsawSudoku`,
    /// `EvenOddSudoku`, `Gattai8Sudoku`, ...
    pub fn directory(self) -> String {
        if self == JankoKind::Sudoku {
            return "Sudoku".to_owned();
        }
        let words = self.name().split('-').map(|word| {
            let mut chars = word.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase())
                .into_iter()
                .chain(chars)
                .collect::<String>()
        });
        format!("{}Sudoku", words.collect::<String>())
    }
}

impl fmt::Display for JankoKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a [`JankoKind`]'s.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a janko kind (sudoku, jigsaw, killer, consecutive, even-odd, margin, butterfly, samurai, sohei, windmill, sumo, shogun, gattai-8, clueless-1, clueless-2)")]
pub struct UnknownJankoKind(pub String);

impl FromStr for JankoKind {
    type Err = UnknownJankoKind;

    /// A short name (`samurai`, `even-odd`, `gattai-8`) or a directory name (`SamuraiSudoku`,
    /// `EvenOddSudoku`, `Gattai8Sudoku`, `Sudoku`), in any case, `-` and `_` optional.
    fn from_str(name: &str) -> Result<JankoKind, UnknownJankoKind> {
        let squash = |name: &str| name.to_ascii_lowercase().replace(['-', '_'], "");
        let wanted = squash(name);
        let wanted = match wanted.strip_suffix("sudoku") {
            Some(stem) if !stem.is_empty() => stem.to_owned(),
            _ => wanted,
        };
        JankoKind::all()
            .into_iter()
            .find(|kind| squash(kind.name()) == wanted)
            .ok_or_else(|| UnknownJankoKind(name.to_owned()))
    }
}

/// Why a janko.at file or puzzle cannot be read: the puzzle's key (none for the file as a
/// whole) and what is wrong, with its place (`problem row 3, token 5: ...`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", key.as_ref().map_or(String::new(), |key| format!("key {key}: ")))]
pub struct JankoError {
    /// The puzzle's key, or `None` for an error of the whole file.
    pub key: Option<String>,
    /// What is wrong, and where: rows are counted from 1 after the `ROWS COLUMNS` header,
    /// tokens from 1 along their row.
    pub message: String,
}

/// The refusal of skyscrapers, for the whole file.
fn skyscraper_refused() -> JankoError {
    JankoError {
        key: None,
        message: "skyscraper sudoku is not supported: its clues count the skyscrapers seen \
                  along a whole row or column, which is no region, cage, relation or parity"
            .to_owned(),
    }
}

/// Reads one puzzle of `kind` from its `problem` text, and its published `solution` text when
/// given (the digit of every cell row by row, 0 for the cells of a multi-grid no sub-grid
/// covers). The killers and jigsaws among the Killer-X and jigsaw-X keys get both diagonals.
///
/// # Errors
/// A skyscraper; a header or row of the wrong size; a token that is not what its row holds;
/// a solution whose digits do not fill exactly the used cells. The error names `key` and the
/// place.
pub fn janko(
    kind: JankoKind,
    key: &str,
    problem: &str,
    solution: Option<&str>,
) -> Result<Record, JankoError> {
    let keyed = |message: String| JankoError { key: Some(key.to_owned()), message };
    let text = Text::parse("problem", problem).map_err(keyed)?;
    let model = match kind {
        JankoKind::Sudoku => kinds::sudoku(&text),
        JankoKind::Jigsaw => kinds::jigsaw(&text, JANKO_JIGSAW_X.contains(&key)),
        JankoKind::Killer => kinds::killer(&text, JANKO_KILLER_X.contains(&key)),
        JankoKind::Consecutive => kinds::consecutive(&text),
        JankoKind::EvenOdd => kinds::even_odd(&text),
        JankoKind::Margin => kinds::margin(&text),
        JankoKind::Multi(layout) => kinds::multi(&text, layout),
        JankoKind::Skyscraper => return Err(skyscraper_refused()),
    }
    .map_err(keyed)?;
    model.validate().map_err(|e| keyed(format!("problem: {e}")))?;
    let solution = solution.map(|text| read_solution(text, &model)).transpose().map_err(keyed)?;
    Ok(Record { name: key.to_owned(), model, solution, generated: None })
}

/// A solution's digits: its header must be the model's rectangle; only its first rows are
/// read (one published solution repeats itself after a `[solution]` line).
fn read_solution(text: &str, model: &Model) -> Result<Vec<Digit>, String> {
    let text = Text::parse("solution", text)?;
    if (text.rows, text.cols) != (model.height, model.width) {
        let (rows, cols) = (model.height, model.width);
        return Err(format!(
            "solution header '{} {}' is not the problem's '{rows} {cols}'",
            text.rows, text.cols
        ));
    }
    text.expect_rows(model.height, true)?;
    let mut digits = Vec::with_capacity(model.used.len());
    for (cell, &used) in model.used.iter().enumerate() {
        let (row, col) = (cell / model.width, cell % model.width);
        let digit = text.digit(row, col, model.symbols)?;
        if digit.is_some() != used {
            let why =
                if used { "a used cell without a digit" } else { "a digit on an unused cell" };
            return Err(text.error(row, col, why));
        }
        digits.push(digit.unwrap_or(0));
    }
    Ok(digits)
}

/// Reads a whole `{"puzzles": {...}}` file of `kind`, and the matching `{"solutions": {...}}`
/// file when given: one result per puzzle, in the file's key order. Solutions without a puzzle
/// are ignored.
///
/// # Errors
/// For the whole file: a skyscraper, text that is not JSON (with its line and column), no
/// `puzzles` or `solutions` object. For one puzzle (in its place in the list): an entry without
/// a `problem` string, a key missing from the solutions, or what [`janko`] refuses.
pub fn janko_puzzles(
    kind: JankoKind,
    problems: &str,
    solutions: Option<&str>,
) -> Result<Vec<Result<Record, JankoError>>, JankoError> {
    if kind == JankoKind::Skyscraper {
        return Err(skyscraper_refused());
    }
    let problems = entries(problems, "puzzles")?;
    let solutions = solutions.map(|text| entries(text, "solutions")).transpose()?;
    let puzzle = |key: &String, entry: &Value| {
        let keyed = |message: String| JankoError { key: Some(key.clone()), message };
        let problem = text_field(entry, "problem").map_err(keyed)?;
        let solution = match &solutions {
            None => None,
            Some(solutions) => {
                let entry = solutions
                    .get(key)
                    .ok_or_else(|| keyed("no solution in the solutions file".to_owned()))?;
                Some(text_field(entry, "solution").map_err(keyed)?)
            }
        };
        janko(kind, key, problem, solution)
    };
    Ok(problems.iter().map(|(key, entry)| puzzle(key, entry)).collect())
}

/// The object under `name` at the top of a janko file.
fn entries(text: &str, name: &str) -> Result<Map<String, Value>, JankoError> {
    let fail = |message: String| JankoError { key: None, message };
    let value: Value = serde_json::from_str(text)
        .map_err(|e| fail(format!("the {name} file is not JSON: {e}")))?;
    match value {
        Value::Object(mut top) => match top.remove(name) {
            Some(Value::Object(entries)) => Ok(entries),
            _ => Err(fail(format!("the {name} file has no \"{name}\" object"))),
        },
        _ => Err(fail(format!("the {name} file is not a JSON object"))),
    }
}

/// The string `field` of a puzzle's entry.
fn text_field<'v>(entry: &'v Value, field: &str) -> Result<&'v str, String> {
    entry.get(field).and_then(Value::as_str).ok_or_else(|| format!("no \"{field}\" string"))
}
