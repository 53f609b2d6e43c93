//! Where things go on the screen: the largest cells that show the whole puzzle with room for
//! its pencil marks, and the key help below the grid, beside it, or (when neither fits) cut to
//! its main keys on the message line while that line has nothing else to say.
//!
//! Cells are tried largest first: seven columns by three rows (corner marks in the corners,
//! centre marks between them), then five columns, then two rows and one; each first with every
//! line between cells, then compact (the blank lines inside a plain sudoku's boxes left out,
//! which is what fits a 9×9 with all its marks into 80×24), and for each the help below, then
//! beside, then on the message line.

use dancer_sudoku::draw::{Canvas, CellSize};
use dancer_sudoku::play::Game;

/// Rows the title and the message line take.
const CHROME: usize = 2;

/// Columns between the grid and the help beside it.
const GAP: usize = 2;

/// The narrowest help beside the grid.
const SIDE: usize = 20;

/// Where the key help goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum HelpAt {
    /// Its lines below the message line.
    Below,
    /// Its lines beside the grid, from its top.
    Side,
    /// The main keys, on the message line while it is empty.
    Message,
}

/// What the screen shows where: the grid drawn, and the help.
pub(crate) struct Layout {
    pub(super) canvas: Canvas,
    pub(super) help: HelpAt,
    /// The help's lines (for [`HelpAt::Message`], the one line).
    pub(super) lines: Vec<String>,
}

/// The cell sizes tried, largest first.
fn sizes(game: &Game) -> Vec<CellSize> {
    let least = CellSize::least(game.model()).width;
    let mut sizes = Vec::new();
    for (width, height) in [(7, 3), (5, 3), (7, 2), (5, 2), (7, 1), (5, 1), (3, 1)] {
        for compact in [false, true] {
            let size = CellSize { width: width.max(least), height, compact };
            if !sizes.contains(&size) {
                sizes.push(size);
            }
        }
    }
    sizes
}

/// The layout of `game` on a screen of `width` × `height`; `None` when even the smallest
/// does not fit.
pub(super) fn choose(game: &Game, width: usize, height: usize) -> Option<Layout> {
    let parts = game.help();
    for size in sizes(game) {
        let canvas = game.canvas(size);
        let (w, h) = (canvas.width(), canvas.height());
        if w > width || h + CHROME > height {
            continue;
        }
        let below = help_lines(&parts, width);
        if h + CHROME + below.len() <= height {
            return Some(Layout { canvas, help: HelpAt::Below, lines: below });
        }
        let room = width.saturating_sub(w + GAP);
        let beside = help_lines(&parts, room);
        if room >= SIDE && beside.len() <= h {
            return Some(Layout { canvas, help: HelpAt::Side, lines: beside });
        }
        let lines = vec![short_help(&parts)];
        return Some(Layout { canvas, help: HelpAt::Message, lines });
    }
    None
}

/// The size a screen must have for the smallest layout.
pub(super) fn least_screen(game: &Game) -> (usize, usize) {
    let smallest = sizes(game)
        .into_iter()
        .map(|size| game.canvas(size))
        .min_by_key(|canvas| (canvas.width() * (canvas.height() + CHROME), canvas.height()));
    smallest.map_or((0, 0), |canvas| (canvas.width(), canvas.height() + CHROME))
}

/// The help cut into lines of at most `width` columns, at its ` · ` separators.
pub(super) fn help_lines(parts: &[String], width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for part in parts {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 3 + part.chars().count() <= width => {
                line.push_str(" · ");
                line.push_str(part);
            }
            _ => lines.push(part.clone()),
        }
    }
    lines
}

/// The keys a player needs first: entry modes, hints, undo, save and quit.
fn short_help(parts: &[String]) -> String {
    let main = |part: &&String| {
        part.starts_with("Tab ")
            || part.starts_with("? ")
            || [" undo", " save", " quit"].iter().any(|word| part.ends_with(word))
    };
    parts.iter().filter(main).cloned().collect::<Vec<_>>().join(" · ")
}
