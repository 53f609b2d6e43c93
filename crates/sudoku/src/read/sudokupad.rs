//! `SudokuPad`'s own puzzles: `https://sudokupad.app/sclPAYLOAD` (or `?puzzle=scl...`, or
//! `ctc` for `scl`, or the bare payload), the payload lz-string's `compressToBase64` of the
//! puzzle's JSON as `SudokuPad` shortens it (`sudokupad/unzip.rs`). The puzzle is drawn rather
//! than stated: cells and their givens, regions and cages are read as they are, and each line,
//! arrow and shape is read when it is drawn as `SudokuPad` draws an f-puzzles constraint
//! (`sudokupad/marks.rs`): a thermometer's line and bulb, an arrow and its circle, a Kropki dot,
//! an X or V, and so on. A drawing whose meaning cannot be told is an error naming it, as it
//! may change the answer; cell colours, notes and the setter's metadata are skipped and named.
//! A short id (`sudokupad.app/abc123`) names a puzzle on `SudokuPad`'s server, which this tool
//! never calls: an error says so.

mod arrows;
mod marks;
mod puzzle;
mod unzip;

use super::fpuzzles::FpuzzlesPuzzle;
use super::published::{error, ReadError};

/// The hosts of `SudokuPad` links.
const HOSTS: [&str; 3] = ["sudokupad.app/", "crackingthecryptic.com/", "sudokupad.svencodes.com/"];

/// Whether `line` is a `SudokuPad` link (of any puzzle, short ids too) or a bare `scl` or `ctc`
/// payload.
pub fn is_sudokupad(line: &str) -> bool {
    let text = line.trim();
    host_end(text).is_some() || payload_prefix(text).is_some()
}

/// Where the puzzle of a link starts, in bytes: after the host (and `sudoku/`), or after
/// `puzzle=` when the link has one.
fn host_end(text: &str) -> Option<usize> {
    let lower = text.to_ascii_lowercase();
    if !(lower.starts_with("http") || lower.starts_with("sudokupad") || lower.starts_with("app.")) {
        return None;
    }
    let at = HOSTS.iter().find_map(|host| lower.find(host).map(|at| at + host.len()))?;
    if let Some(query) = lower[at..].find("puzzle=") {
        return Some(at + query + "puzzle=".len());
    }
    let path = &lower[at..];
    let skip = ["sudoku/", "puzzle/"].iter().find(|p| path.starts_with(**p)).map_or(0, |p| p.len());
    Some(at + skip)
}

/// The length of the `scl` or `ctc` prefix of a payload, when it has one and a payload after
/// (checked character by character later, to name a bad one).
fn payload_prefix(text: &str) -> Option<usize> {
    let lower = text.get(..3)?.to_ascii_lowercase();
    let rest = &text[3..];
    (matches!(lower.as_str(), "scl" | "ctc")
        && rest.len() >= 8
        && !rest.contains(char::is_whitespace))
    .then_some(3)
}

/// The puzzle of a `SudokuPad` link or payload.
///
/// # Errors
/// A short id (the puzzle is on `SudokuPad`'s server); bad base64, a broken lz-string stream,
/// text that is not `SudokuPad`'s JSON; a drawing whose meaning cannot be told, a value out of
/// range, a cell outside the grid: the column of the payload and what is wrong.
pub fn sudokupad(line: &str) -> Result<FpuzzlesPuzzle, ReadError> {
    let lead = line.len() - line.trim_start().len();
    let text = line.trim();
    let start = host_end(text).unwrap_or(0);
    let column = line[..lead + start].chars().count() + 1;
    let rest = &text[start..];
    let end = rest.find(|c: char| c.is_whitespace() || c == '&' || c == '#').unwrap_or(rest.len());
    let id = &rest[..end];
    let Some(prefix) = payload_prefix(id) else {
        let message = if id.to_ascii_lowercase().starts_with("fpuzzles") {
            "an f-puzzles payload after `fpuzzles` that is not one".to_owned()
        } else {
            format!(
                "'{id}' is a SudokuPad short id: the puzzle is on SudokuPad's server, which this \
                 tool never calls; share it from SudokuPad as a full link (scl...) instead"
            )
        };
        return Err(error(column, message));
    };
    let payload = id[prefix..].replace("%2B", "+").replace("%2F", "/").replace("%3D", "=");
    let column = column + prefix;
    if let Some((at, bad)) = payload
        .chars()
        .enumerate()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || "+/=".contains(c)))
    {
        let message = format!("'{bad}' is not a base64 character of a SudokuPad payload");
        return Err(error(column + at, message));
    }
    let units = lz_str::decompress_from_base64(&payload)
        .filter(|units| !units.is_empty())
        .ok_or_else(|| error(column, "the payload is not an lz-string stream".into()))?;
    let json = String::from_utf16(&units)
        .map_err(|_| error(column, "the payload decodes to broken UTF-16 text".into()))?;
    let value = unzip::unzip(&json).map_err(|message| error(column, message))?;
    puzzle::read(&value).map_err(|message| error(column, message))
}
