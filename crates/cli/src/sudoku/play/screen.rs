//! The screen of `sudoku play`: a title line (the puzzle, the entry mode, the clock, the
//! conflicts, the cursor cell and its pencil marks), the grid as the library draws it
//! ([`Game::canvas`]) in the largest cells that fit (`screen/layout.rs`), the message line (a
//! hint's sentence, a conflict, the check) and the key help. Colours only add to what the
//! characters show: the cursor's `[ ]`, a conflict's `! !`, a hint's `* *` and a wrong digit's
//! `? ?` are there without colour (`NO_COLOR`), and pencil marks are dim beside the digits
//! (givens bold), in colour or not.
//!
//! The lines of the puzzle (arrows, thermometers, ...) are drawn in the grid and said in words
//! (the library's `legend`): the whole legend beside the grid, or under the help, as far as
//! the screen has room; and, whatever the room, the lines through the cursor's cell on the
//! message line while it has nothing else to say.

use dancer_sudoku::draw::{Geometry, Glyph, Ink};
use dancer_sudoku::play::{Game, Mode};
use dancer_sudoku::Cell;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

mod layout;
#[cfg(test)]
mod tests;

use self::layout::HelpAt;

/// How the screen looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Look {
    /// Whether to use colours.
    pub(crate) color: bool,
}

impl Look {
    /// Colours unless `NO_COLOR` is set to anything (<https://no-color.org>).
    pub(crate) fn from_env() -> Look {
        Look { color: std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty()) }
    }
}

/// Where the grid is on the screen, for mouse clicks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Placement {
    x: u16,
    y: u16,
    geometry: Geometry,
}

impl Placement {
    /// The cell at screen column `x`, row `y`, if the grid has one there.
    pub(crate) fn cell_at(&self, game: &Game, x: u16, y: u16) -> Option<Cell> {
        let (dx, dy) = (usize::from(x.checked_sub(self.x)?), usize::from(y.checked_sub(self.y)?));
        let (row, col) = self.geometry.cell_at(dx, dy)?;
        let model = game.model();
        (col < model.width && row < model.height).then_some(row * model.width + col)
    }
}

/// Draws the game into `buffer` within `area`; where the grid went, or `None` when the
/// terminal is too small (the screen then says how large it must be).
pub(crate) fn draw(buffer: &mut Buffer, area: Rect, game: &Game, look: Look) -> Option<Placement> {
    let (width, height) = (usize::from(area.width), usize::from(area.height));
    let Some(layout) = layout::choose(game, width, height) else {
        too_small(buffer, area, game);
        return None;
    };
    let canvas = &layout.canvas;
    let help_width = layout.lines.iter().map(|line| line.chars().count()).max().unwrap_or(0);
    let (w, h) = (canvas.width(), canvas.height());
    let legend = legend(game.model());
    let legend_width = legend.iter().map(|line| line.chars().count()).max().unwrap_or(0);
    // The legend beside the grid when it has room there and the help does not take it.
    let legend_beside = !legend.is_empty()
        && layout.help != HelpAt::Side
        && width.saturating_sub(w + 2) >= LEGEND_SIDE;
    let left = match layout.help {
        HelpAt::Side => (width.saturating_sub(w + 2 + help_width)) / 2,
        _ if legend_beside => (width.saturating_sub(w + 2 + legend_width)) / 2,
        HelpAt::Below | HelpAt::Message => (width - w) / 2,
    };
    put(buffer, area, 0, 0, &title(game), Style::default().add_modifier(Modifier::BOLD));
    for y in 0..h {
        for (x, glyph) in canvas.row(y).iter().enumerate() {
            if let Some(cell) = buffer.cell_mut((area.x + to_u16(left + x), area.y + to_u16(1 + y)))
            {
                cell.set_char(glyph.ch).set_style(style(*glyph, look));
            }
        }
    }
    let below = 1 + h;
    let alert = if game.is_won() {
        Style::default().add_modifier(Modifier::BOLD)
    } else if look.color && !game.conflicts().is_empty() {
        Style::default().fg(Color::LightRed)
    } else {
        Style::default()
    };
    let dim = Style::default().add_modifier(Modifier::DIM);
    let trace =
        if look.color { Style::default().fg(Color::LightMagenta) } else { Style::default() };
    let here = here(game);
    // A message is drawn last, over the help when it needs more than its line.
    if game.message().is_empty() {
        if layout.help == HelpAt::Message {
            put(buffer, area, 0, below, &layout.lines[0], dim);
        } else if !here.is_empty() {
            put(buffer, area, 0, below, &here, trace);
        }
    }
    for (k, line) in layout.lines.iter().enumerate() {
        match layout.help {
            HelpAt::Below => put(buffer, area, 0, below + 1 + k, line, dim),
            HelpAt::Side => put(buffer, area, left + w + 2, 1 + k, line, dim),
            HelpAt::Message => {}
        }
    }
    // Where the legend goes: beside the grid (under the help there), else under the help.
    let (x, top, rows) = match layout.help {
        HelpAt::Side => {
            (left + w + 2, 2 + layout.lines.len(), (1 + h).saturating_sub(2 + layout.lines.len()))
        }
        _ if legend_beside => (left + w + 2, 1, h),
        HelpAt::Below => (
            0,
            below + 1 + layout.lines.len(),
            height.saturating_sub(below + 1 + layout.lines.len()),
        ),
        HelpAt::Message => (0, below + 1, height.saturating_sub(below + 1)),
    };
    for (k, line) in fit_legend(&legend, rows, width.saturating_sub(x)).iter().enumerate() {
        put(buffer, area, x, top + k, line, trace);
    }
    if !game.message().is_empty() {
        let rows = height.saturating_sub(below).max(1);
        let page = game.message_page();
        for (k, line) in fit_message(game.message(), rows, width, page).iter().enumerate() {
            // Padded: the help it covers does not show through.
            put(buffer, area, 0, below + k, &format!("{line:width$}"), alert);
        }
    }
    let geometry = canvas.geometry().clone();
    Some(Placement { x: area.x + to_u16(left), y: area.y + 1, geometry })
}

/// The narrowest legend beside the grid.
const LEGEND_SIDE: usize = 24;

/// The lines of `model` in words, one a line (the library's legend).
fn legend(model: &dancer_sudoku::Model) -> Vec<String> {
    dancer_sudoku::draw::legend(model)
}

/// `legend` in at most `rows` lines of `width` columns, each entry wrapped at its spaces (its
/// next lines indented): when it has more, the last line says how many entries are left out
/// (each shows on the message line when the cursor is on one of its cells).
fn fit_legend(legend: &[String], rows: usize, width: usize) -> Vec<String> {
    let wrapped: Vec<Vec<String>> = legend.iter().map(|entry| wrap(entry, width)).collect();
    let mut out = Vec::new();
    for (k, lines) in wrapped.iter().enumerate() {
        let left = legend.len() - k;
        // Room for this entry, and for the note on the ones after it.
        let after = usize::from(left > 1);
        if out.len() + lines.len() + after > rows {
            if out.len() < rows {
                out.push(format!("… {left} more: a cell's own show below the grid"));
            }
            return out;
        }
        out.extend(lines.iter().cloned());
    }
    out
}

/// What ends a page of a message that goes on.
const MORE: &str = " … ? more";

/// A message (a hint, a conflict) in at most `rows` lines of `width` columns, wrapped at its
/// spaces: a long hint reads whole over the help below it. When even those rows are too few
/// (a chain's hint under an 80×24 grid has one), it shows a page of `rows` lines at a time,
/// each but the last ending with "… ? more"; `page` (the times `?` was pressed again) picks
/// which, and after the last comes the first again. Nothing of the sentence is cut.
fn fit_message(message: &str, rows: usize, width: usize, page: usize) -> Vec<String> {
    let lines = wrap(message, width);
    if lines.len() <= rows {
        return lines;
    }
    // Narrower, so that every line has room for the mark of more.
    let lines = wrap(message, width.saturating_sub(MORE.chars().count()).max(1));
    let pages: Vec<&[String]> = lines.chunks(rows.max(1)).collect();
    let at = page % pages.len();
    let mut shown = pages[at].to_vec();
    if at + 1 < pages.len() {
        if let Some(last) = shown.last_mut() {
            last.push_str(MORE);
        }
    }
    shown
}

/// `text` in lines of at most `width` columns, cut at spaces, the lines after the first
/// indented by two.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            Some(_) => lines.push(format!("  {word}")),
            None => lines.push(word.to_owned()),
        }
    }
    lines
}

/// The lines through the cursor's cell, in words, one after another.
fn here(game: &Game) -> String {
    let model = game.model();
    let cell = game.cursor();
    let words = legend(model);
    let through = model.lines.iter().zip(words).filter(|(line, _)| line.cells.contains(&cell));
    through.map(|(_, words)| words).collect::<Vec<_>>().join(" · ")
}

/// The title: name, what digits do, the clock, conflicts, and the cursor cell's marks (all
/// of them, whatever the grid has room for), and the first digit of a number being typed.
fn title(game: &Game) -> String {
    let seconds = game.elapsed().as_secs();
    let mode = match game.mode() {
        Mode::Digit => "digits",
        Mode::Centre => "centre",
        Mode::Corner => "corner",
    };
    // Short enough for 80 columns with a long name and the cursor cell's marks.
    let state = match game.conflicts().len() {
        _ if game.is_won() => " · solved!".to_owned(),
        0 => String::new(),
        1 => " · 1 conflict".to_owned(),
        k => format!(" · {k} conflicts"),
    };
    let cell = game.cursor();
    let entry = game.entry(cell);
    let n = game.model().symbols;
    let marks = |set: u64| -> String {
        let marked = (1..=64u8).filter(|d| set >> (d - 1) & 1 == 1);
        if n <= 35 {
            marked.map(dancer_sudoku::symbol).collect()
        } else {
            marked.map(|d| d.to_string()).collect::<Vec<_>>().join(",")
        }
    };
    let mut title = format!(
        "{} · {mode} · {}:{:02}{state} · {}",
        game.name(),
        seconds / 60,
        seconds % 60,
        game.model().cell_name(cell)
    );
    if entry.centre != 0 {
        title.push_str(" centre ");
        title.push_str(&marks(entry.centre));
    }
    if entry.corner != 0 {
        title.push_str(" corner ");
        title.push_str(&marks(entry.corner));
    }
    if let Some(first) = game.pending() {
        title.push_str(" · typing ");
        title.push(char::from(b'0' + first));
        title.push('…');
    }
    title
}

/// What a terminal too small for the grid shows: the size it needs, and the key that quits.
fn too_small(buffer: &mut Buffer, area: Rect, game: &Game) {
    let (w, h) = layout::least_screen(game);
    let model = game.model();
    let kind = format!("{}x{}", model.width, model.height);
    let text = format!(
        "this {kind} puzzle needs {w}x{h}, the terminal is {}x{}: make the window larger or the font smaller ({} quits)",
        area.width,
        area.height,
        game.quit_key()
    );
    let width = usize::from(area.width).max(1);
    let chars: Vec<char> = text.chars().collect();
    for (k, line) in chars.chunks(width).enumerate() {
        put(buffer, area, 0, k, &line.iter().collect::<String>(), Style::default());
    }
}

/// `text` at column `x`, row `y` of `area`, cut at its edge.
fn put(buffer: &mut Buffer, area: Rect, x: usize, y: usize, text: &str, style: Style) {
    if y >= usize::from(area.height) {
        return;
    }
    let room = usize::from(area.width).saturating_sub(x);
    let text: String = text.chars().take(room).collect();
    buffer.set_string(area.x + to_u16(x), area.y + to_u16(y), text, style);
}

fn to_u16(value: usize) -> u16 {
    u16::try_from(value).unwrap_or(u16::MAX)
}

/// A glyph's colours: the ink in the foreground, the highest highlight in the background;
/// givens bold and pencil marks dim, with colours or without.
fn style(glyph: Glyph, look: Look) -> Style {
    let mut style = Style::default();
    match glyph.ink {
        Ink::Given => style = style.add_modifier(Modifier::BOLD),
        Ink::Pencil => style = style.add_modifier(Modifier::DIM),
        _ => {}
    }
    let shade = glyph.shade;
    if !look.color {
        return if shade.cursor { style.add_modifier(Modifier::REVERSED) } else { style };
    }
    let fg = match glyph.ink {
        Ink::Cage | Ink::Sum => Some(Color::Yellow),
        Ink::Mark => Some(Color::LightCyan),
        Ink::Trace => Some(Color::LightMagenta),
        Ink::Parity | Ink::Pencil => Some(Color::Gray),
        Ink::Placed => Some(Color::LightBlue),
        Ink::Solution => Some(Color::Green),
        Ink::Marker => Some(Color::White),
        Ink::Blank if shade.extra => Some(Color::DarkGray),
        _ => None,
    };
    if let Some(fg) = fg {
        style = style.fg(fg);
    }
    let bg = if shade.conflict {
        Some(Color::Red)
    } else if shade.broken_region {
        Some(Color::Rgb(100, 30, 30))
    } else if shade.wrong {
        Some(Color::Magenta)
    } else if shade.hint {
        Some(Color::Rgb(110, 90, 0))
    } else if shade.cursor {
        Some(Color::Blue)
    } else {
        None
    };
    match bg {
        Some(bg) => style.bg(bg),
        None => style,
    }
}
