//! The `dlx tile` file: a board and pieces as text (docs/tiling.md).
//!
//! ```text
//! | Scott's problem: comments start with `|`
//! board
//! ........
//! ...##...
//! pieces pentominoes
//! piece D any
//! ##
//! ```
//!
//! A line `board W H [D]` is a rectangle or a box; `board` alone is followed by the
//! board's picture (`.` a cell, `o` an optional cell, `#` a hole, `+` between layers).
//! `pieces SET [OPTION...]` adds a standard set; `piece NAME [OPTION...]` is followed by the
//! piece's picture (`#` a cell). A picture ends at a blank line or the next directive.
//! Options: `once` (the default), `at-most K`, `any`, `count K`, `count A..B`, `count A..`,
//! `no-rotate`, `no-reflect`, `fixed` (neither).

use crate::board::Board;
use crate::error::TilingError;
use crate::piece::{Count, Piece};
use crate::sets;
use crate::tiling::Tiling;

impl Tiling {
    /// Reads a `dlx tile` file (see the module's notes and docs/tiling.md).
    ///
    /// ```
    /// use dancer_tiling::Tiling;
    ///
    /// let tiling = Tiling::from_text("board 20 3\npieces pentominoes\n")?;
    /// assert_eq!(tiling.count()?, 8);
    /// # Ok::<(), dancer_tiling::TilingError>(())
    /// ```
    ///
    /// # Errors
    /// [`TilingError::Picture`] with the line and column of what cannot be read: an unknown
    /// directive, set or option, a bad number, no board or two, no piece; and the errors of
    /// [`Tiling::new`].
    pub fn from_text(text: &str) -> Result<Tiling, TilingError> {
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(k, line)| (k + 1, line.trim_end()))
            .filter(|(_, line)| !line.trim_start().starts_with('|'))
            .collect();
        let mut board: Option<Board> = None;
        let mut pieces: Vec<(String, Piece)> = Vec::new();
        let mut k = 0;
        while k < lines.len() {
            let (number, line) = lines[k];
            k += 1;
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some(&directive) = words.first() else { continue };
            let fail =
                |column: usize, what: String| TilingError::Picture { line: number, column, what };
            let column_of = |word: &str| line.find(word).map_or(1, |c| c + 1);
            // The picture after a directive: the lines up to a blank one or a directive.
            let mut picture = Vec::new();
            if matches!(words.as_slice(), ["board"] | ["piece", ..]) {
                while k < lines.len() && !lines[k].1.trim().is_empty() && !is_directive(lines[k].1)
                {
                    picture.push(lines[k]);
                    k += 1;
                }
            }
            match directive {
                "board" => {
                    if board.is_some() {
                        return Err(fail(1, "a second board".into()));
                    }
                    board = Some(if words.len() == 1 {
                        if picture.is_empty() {
                            return Err(fail(1, "a board with no picture after it".into()));
                        }
                        Board::from_lines(picture)?
                    } else {
                        let sizes = words[1..]
                            .iter()
                            .map(|w| {
                                w.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| {
                                    fail(
                                        column_of(w),
                                        format!("'{w}' is not a size (a whole number from 1)"),
                                    )
                                })
                            })
                            .collect::<Result<Vec<usize>, _>>()?;
                        match sizes[..] {
                            [w, h] => Board::rectangle(w, h),
                            [w, h, d] => Board::cuboid(w, h, d),
                            _ => return Err(fail(1, "board W H or board W H D".into())),
                        }
                    });
                }
                "pieces" => {
                    let Some(&set) = words.get(1) else {
                        return Err(fail(1, format!("pieces SET: one of {}", sets::SET_NAMES)));
                    };
                    let Some(set_pieces) = sets::by_name(set) else {
                        return Err(fail(
                            column_of(set),
                            format!("unknown set '{set}' (known: {})", sets::SET_NAMES),
                        ));
                    };
                    for (name, piece) in set_pieces {
                        let piece = options(piece, &words[2..], &|w| column_of(w), number)?;
                        pieces.push((name, piece));
                    }
                }
                "piece" => {
                    let Some(&name) = words.get(1) else {
                        return Err(fail(1, "piece NAME, then its picture".into()));
                    };
                    if picture.is_empty() {
                        return Err(fail(1, format!("piece {name} has no picture after it")));
                    }
                    let text: Vec<&str> = picture.iter().map(|&(_, l)| l).collect();
                    let piece = Piece::from_text(&text.join("\n"))
                        .map_err(|_| fail(1, format!("piece {name} has no cell")))?;
                    let piece = options(piece, &words[2..], &|w| column_of(w), number)?;
                    pieces.push((name.to_owned(), piece));
                }
                other => {
                    return Err(fail(
                        column_of(other),
                        format!("unknown line '{other}' (board, pieces or piece)"),
                    ));
                }
            }
        }
        let last = lines.last().map_or(1, |&(n, _)| n);
        let missing =
            |what: &str| TilingError::Picture { line: last, column: 1, what: what.into() };
        let board = board.ok_or_else(|| missing("no board (board W H, or board and a picture)"))?;
        if pieces.is_empty() {
            return Err(missing("no piece (pieces SET, or piece NAME and a picture)"));
        }
        Tiling::new(board, pieces)
    }
}

fn is_directive(line: &str) -> bool {
    matches!(line.split_whitespace().next(), Some("board" | "pieces" | "piece"))
}

/// `piece` with the options `words` (at `line`) applied.
fn options(
    mut piece: Piece,
    words: &[&str],
    column_of: &dyn Fn(&str) -> usize,
    line: usize,
) -> Result<Piece, TilingError> {
    let fail =
        |word: &str, what: String| TilingError::Picture { line, column: column_of(word), what };
    let number = |word: &str| {
        word.parse::<u32>().map_err(|_| fail(word, format!("'{word}' is not a whole number")))
    };
    let mut k = 0;
    while k < words.len() {
        let word = words[k];
        k += 1;
        match word {
            "once" => piece.count = Count::ONCE,
            "any" => piece.count = Count::ANY,
            "fixed" => (piece.rotate, piece.reflect) = (false, false),
            "no-rotate" => piece.rotate = false,
            "no-reflect" => piece.reflect = false,
            "at-most" | "count" => {
                let Some(&value) = words.get(k) else {
                    return Err(fail(word, format!("{word} needs a number")));
                };
                k += 1;
                piece.count = if word == "at-most" {
                    Count::at_most(number(value)?)
                } else if let Some((low, high)) = value.split_once("..") {
                    let high = if high.is_empty() { None } else { Some(number(high)?) };
                    Count::range(number(low)?, high)
                } else {
                    Count::exactly(number(value)?)
                };
            }
            _ => {
                return Err(fail(word, format!("unknown option '{word}' (once, at-most K, any, count A..B, no-rotate, no-reflect, fixed)")));
            }
        }
    }
    Ok(piece)
}
