//! Reading extra regions from text (the `--extra-regions` file): one region per line as its
//! cells `r1c1 r1c2 ...`, or a layout of N² labels, one region per label but `.`.

use crate::grid::Cell;

/// Why a text of extra regions could not be read: the line (from 1; 0 when the whole text is
/// at fault) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct RegionsError {
    /// The line, from 1, or 0 for the whole text.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// The extra regions written in `text`, as cell lists for [`Variant::with_regions`]: blank
/// lines and `#` comment lines aside, either
///
/// - one region per line, its N cells written `r1c1 r1c2 ...` (commas allowed), numbered for
///   an N×N grid; or
/// - a layout of N² labels (blanks ignored), `.` for cells in no extra region and one region
///   per other label, in order of first appearance.
///
/// Whether the regions fit a variant (N cells each, as many as its size) is
/// [`Variant::with_regions`]'s to check.
///
/// ```
/// let regions = dancer_sudoku::parse_extra_regions("r1c1 r2c2 r3c3 r4c4\n")?;
/// assert_eq!(regions, [[0, 5, 10, 15]]);
/// let regions = dancer_sudoku::parse_extra_regions("a..b\n.a.b\n..ab\nb..a\n")?;
/// assert_eq!(regions, [[0, 5, 10, 15], [3, 7, 11, 12]]);
/// # Ok::<(), dancer_sudoku::RegionsError>(())
/// ```
///
/// [`Variant::with_regions`]: crate::Variant::with_regions
///
/// # Errors
/// A cell that is not `rRcC` within the line's N×N grid (with its line), a layout whose label
/// count is not a square, or a layout region of another size than N.
pub fn parse_extra_regions(text: &str) -> Result<Vec<Vec<Cell>>, RegionsError> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let is_list = lines
        .first()
        .is_some_and(|(_, line)| line.starts_with(['r', 'R']) && line.contains(['c', 'C']));
    if is_list {
        return lines
            .iter()
            .map(|&(line, text)| cells_of(text).map_err(|message| RegionsError { line, message }))
            .collect();
    }
    let whole = |message| RegionsError { line: 0, message };
    let labels: Vec<char> =
        lines.iter().flat_map(|(_, l)| l.chars()).filter(|c| !c.is_whitespace()).collect();
    let size = labels.len().isqrt();
    if size * size != labels.len() {
        return Err(whole(format!("{} labels is not a layout of N*N cells", labels.len())));
    }
    let mut order: Vec<char> = Vec::new();
    let mut regions: Vec<Vec<Cell>> = Vec::new();
    for (cell, label) in labels.into_iter().enumerate().filter(|&(_, l)| l != '.') {
        let k = order.iter().position(|&o| o == label).unwrap_or_else(|| {
            order.push(label);
            regions.push(Vec::new());
            order.len() - 1
        });
        regions[k].push(cell);
    }
    // Cells are numbered for the layout's own size; with a list the size is the region length.
    if regions.iter().any(|r| r.len() != size) {
        return Err(whole(format!("every region of a {size}x{size} layout needs {size} cells")));
    }
    Ok(regions)
}

/// The cells of one line `r1c1 r1c2 ...` (commas allowed), numbered for an N×N grid with N
/// the number of cells on the line.
fn cells_of(line: &str) -> Result<Vec<Cell>, String> {
    let tokens: Vec<&str> = line.split([' ', ',', '\t']).filter(|t| !t.is_empty()).collect();
    let size = tokens.len();
    tokens
        .iter()
        .map(|token| {
            let lower = token.to_ascii_lowercase();
            let parsed = lower
                .strip_prefix('r')
                .and_then(|rest| rest.split_once('c'))
                .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)));
            match parsed {
                Some((r, c)) if (1..=size).contains(&r) && (1..=size).contains(&c) => {
                    Ok((r - 1) * size + c - 1)
                }
                _ => Err(format!("'{token}' is not a cell r1c1..r{size}c{size}")),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_name_the_line_and_layouts_the_whole_text() {
        let error = parse_extra_regions("# x\nr1c1 r2c2 r3c3 r4c4\nr1c1 r2c2 r3c3 r5c4\n");
        let message = "'r5c4' is not a cell r1c1..r4c4".to_owned();
        assert_eq!(error, Err(RegionsError { line: 3, message }));
        let error = parse_extra_regions("ab\nc").unwrap_err();
        assert_eq!(
            (error.line, error.message.as_str()),
            (0, "3 labels is not a layout of N*N cells")
        );
        assert!(parse_extra_regions("aa\nb.").is_err(), "a region of 1 cell in a 2x2 layout");
        assert_eq!(parse_extra_regions(""), Ok(Vec::new()));
    }
}
