//! The screen of `sudoku play`: a title line (the puzzle, the entry mode, the clock, the
//! conflicts), the grid as the library draws it ([`Game::canvas`]) in the largest cells that
//! fit, the message line (a hint's sentence, a conflict, the check) and the key help. Colours
//! only add to what the characters show: the cursor's `[ ]`, a conflict's `! !`, a hint's
//! `* *` and a wrong digit's `? ?` are there without colour (`NO_COLOR`).

use dancer_sudoku::draw::{CellSize, Glyph, Ink};
use dancer_sudoku::play::{Game, Mode, HELP};
use dancer_sudoku::Cell;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Placement {
    x: u16,
    y: u16,
    size: CellSize,
}

impl Placement {
    /// The cell at screen column `x`, row `y`, if the grid has one there.
    pub(crate) fn cell_at(self, game: &Game, x: u16, y: u16) -> Option<Cell> {
        let (dx, dy) = (usize::from(x.checked_sub(self.x)?), usize::from(y.checked_sub(self.y)?));
        let (cw, ch) = (self.size.width + 1, self.size.height + 1);
        let (col, row) = (dx / cw, dy / ch);
        let model = game.model();
        (col < model.width && row < model.height).then_some(row * model.width + col)
    }
}

/// Rows above and below the grid besides the help: the title and the message.
const CHROME: usize = 2;

/// The key help cut into lines of at most `width` columns, at its ` · ` separators.
fn help_lines(width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for part in HELP.split(" · ") {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 3 + part.chars().count() <= width => {
                line.push_str(" · ");
                line.push_str(part);
            }
            _ => lines.push(part.to_owned()),
        }
    }
    lines
}

/// The cell sizes tried, largest first: room for corner marks and four centre marks, then
/// for two, then one line of one digit (the least that shows the puzzle whole).
fn sizes(game: &Game) -> [CellSize; 3] {
    let least = CellSize::least(game.model()).width;
    [(7, 3), (5, 3), (3, 1)].map(|(width, height)| CellSize { width: width.max(least), height })
}

/// Columns and rows the grid takes in cells of `size`.
fn grid_size(game: &Game, size: CellSize) -> (usize, usize) {
    let model = game.model();
    (model.width * (size.width + 1) + 1, model.height * (size.height + 1) + 1)
}

/// Draws the game into `buffer` within `area`; where the grid went, or `None` when the
/// terminal is too small (the screen then says how large it must be).
pub(crate) fn draw(buffer: &mut Buffer, area: Rect, game: &Game, look: Look) -> Option<Placement> {
    let (width, height) = (usize::from(area.width), usize::from(area.height));
    let help = help_lines(width.max(20));
    let chrome = CHROME + help.len();
    let fits = |size: CellSize| {
        let (w, h) = grid_size(game, size);
        w <= width && h + chrome <= height
    };
    let Some(size) = sizes(game).into_iter().find(|&size| fits(size)) else {
        too_small(buffer, area, game);
        return None;
    };
    let (w, _) = grid_size(game, size);
    let left = (width - w) / 2;
    put(buffer, area, 0, 0, &title(game), Style::default().add_modifier(Modifier::BOLD));
    let canvas = game.canvas(size);
    for y in 0..canvas.height() {
        for (x, glyph) in canvas.row(y).iter().enumerate() {
            if let Some(cell) = buffer.cell_mut((area.x + to_u16(left + x), area.y + to_u16(1 + y)))
            {
                cell.set_char(glyph.ch).set_style(style(*glyph, look));
            }
        }
    }
    let below = 1 + canvas.height();
    let alert = if game.is_won() {
        Style::default().add_modifier(Modifier::BOLD)
    } else if look.color && !game.conflicts().is_empty() {
        Style::default().fg(Color::LightRed)
    } else {
        Style::default()
    };
    put(buffer, area, 0, below, game.message(), alert);
    for (k, line) in help.iter().enumerate() {
        put(buffer, area, 0, below + 1 + k, line, Style::default().add_modifier(Modifier::DIM));
    }
    Some(Placement { x: area.x + to_u16(left), y: area.y + 1, size })
}

/// The title: name, what digits do, the clock, conflicts, and the cursor cell's marks.
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
    let marks = |set: u64| -> String {
        (1..=64u8).filter(|d| set >> (d - 1) & 1 == 1).map(dancer_sudoku::symbol).collect()
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
    title
}

/// What a terminal too small for the grid shows: the size it needs.
fn too_small(buffer: &mut Buffer, area: Rect, game: &Game) {
    let size = sizes(game)[2];
    let (w, h) = grid_size(game, size);
    let needed = (w, h + CHROME + help_lines(w.max(20)).len());
    let model = game.model();
    let kind = format!("{}x{}", model.width, model.height);
    let text = format!(
        "this {kind} puzzle needs {}x{}, the terminal is {}x{}: make the window larger or the font smaller (q quits)",
        needed.0, needed.1, area.width, area.height
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

/// A glyph's colours: the ink in the foreground, the highest highlight in the background.
fn style(glyph: Glyph, look: Look) -> Style {
    let mut style = Style::default();
    if glyph.ink == Ink::Given {
        style = style.add_modifier(Modifier::BOLD);
    }
    let shade = glyph.shade;
    if !look.color {
        return if shade.cursor { style.add_modifier(Modifier::REVERSED) } else { style };
    }
    let fg = match glyph.ink {
        Ink::Cage | Ink::Sum => Some(Color::Yellow),
        Ink::Mark => Some(Color::LightCyan),
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

#[cfg(test)]
mod tests {
    use dancer_sudoku::play::{Game, Key};
    use dancer_sudoku::{Model, Record, Variant};
    use ratatui::{backend::TestBackend, buffer::Buffer, style::Color, Terminal};

    use super::{draw, Look};

    fn sample(file: &str) -> Record {
        let path = format!("{}/../../data/variants/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        Record::from_json(text.lines().next().unwrap()).unwrap()
    }

    /// The screen of `game` in a terminal of `width` × `height`, and its text by rows.
    fn screen(game: &Game, width: u16, height: u16, look: Look) -> (Buffer, Vec<String>) {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal
            .draw(|frame| {
                let area = frame.area();
                draw(frame.buffer_mut(), area, game, look);
            })
            .unwrap();
        let buffer = terminal.backend().buffer().clone();
        let rows = (0..height)
            .map(|y| (0..width).map(|x| buffer[(x, y)].symbol()).collect::<String>())
            .map(|row| row.trim_end().to_owned())
            .collect();
        (buffer, rows)
    }

    fn print(rows: &[String]) -> String {
        rows.join("\n")
    }

    /// Rows 1 to the end of a screen (row 0 has the clock).
    const KILLER: &str = "
                     ┏6━━┯10━━━━━┳━━━┯19━━━━━┳18━┯19━━━━━┓
                     ┃!9!┆[9] !·!┃!·!┆ ·   · ┃ · ┆ ·   · ┃
                     ┃   ├13┄┄┄┄┄╂19┄┼3┄┄┐   ┃   └┄┄┄┐   ┃
                     ┃!·!┆ ·   · ┃ · ┆ · ┆ · ┃ ·   · ┆ · ┃
                     ┠23┄┴┄┄┄┬┄┄┄┨   ┆   ├9┄┄╂┄┄┄┄┄┄┄┼5┄┄┨
                     ┃ ·   · ┆ · ┃ · ┆ · ┆ · ┃ ·   · ┆ · ┃
                     ┣15━┯━━━┿26━╋12━┷━━━┷━━━╋9━━━━━━┿━━━┫
                     ┃ · ┆ · ┆ · ┃ ·   ·   · ┃ ·   · ┆ · ┃
                     ┃   ├┄┄┄┘   ┠┄┄┄┬15┄┄┄┄┄╂11┄┄┄┄┄┴┄┄┄┨
                     ┃ · ┆ ·   · ┃ · ┆ ·   · ┃ ·   ·   · ┃
                     ┃   ├13┄┄┄┄┄╂11┄┤   ┌21┄╂┄┄┄┬16┄┄┄┄┄┨
                     ┃ · ┆ ·   · ┃ · ┆ · ┆ · ┃ · ┆ ·   · ┃
                     ┣━━━┷━━━┯━━━╋━━━┿10━┷━━━╋━━━┿13━━━━━┫
                     ┃ ·   · ┆ · ┃ · ┆ ·   · ┃ · ┆ ·   · ┃
                     ┠17┄┬4┄┄┼16┄┨   ├12┄┬17┄╂7┄┄┼16┄┄┄┄┄┨
                     ┃ · ┆ · ┆ · ┃ · ┆ · ┆ · ┃ · ┆ ·   · ┃
                     ┃   └┄┄┄┤   ┠┄┄┄┤   ┆   ┃   └┄┄┄┐   ┃
                     ┃ ·   · ┆ · ┃ · ┆ · ┆ · ┃ ·   · ┆ · ┃
                     ┗━━━━━━━┷━━━┻━━━┷━━━┷━━━┻━━━━━━━┷━━━┛
region 1 holds 9 twice (r1c1 and r1c2)
arrows/hjkl/mouse move · 1-9 place · 0/Del erase · Tab digit/centre/corner
? hint · Enter apply it · Esc hide · * fill marks · ! check · u undo · r redo
s save · q quit";

    #[test]
    fn a_killer_fits_80x24_with_its_cages_and_conflicts_highlighted() {
        let mut game = Game::new("killer", sample("killer-9x9.jsonl").model);
        for key in [Key::Click(0), Key::Char('9'), Key::Right, Key::Char('9')] {
            game.key(key);
        }
        let (buffer, rows) = screen(&game, 80, 24, Look { color: true });
        assert!(rows[0].starts_with("killer · digits · 0:0"), "{}", rows[0]);
        assert!(rows[0].ends_with(" · 4 conflicts · r1c2"), "{}", rows[0]);
        assert_eq!(print(&rows[1..]), KILLER.trim_start_matches('\n'));
        // Row 1, cage 6 (r1c1 r2c1) is past its sum and r1c1 repeats 9: red; r1c2 too (under
        // the cursor). The rest of the broken row 1 and box 1 is dark red (r1c5, r3c3); r5c5
        // is in no conflict.
        let (x, y) = (21 + 2, 2);
        assert_eq!(buffer[(x, y)].bg, Color::Red);
        assert_eq!(buffer[(x + 4, y)].bg, Color::Red);
        assert_eq!(buffer[(x + 16, y)].bg, Color::Rgb(100, 30, 30), "r1c5, in row 1");
        assert_eq!(buffer[(x + 8, y + 4)].bg, Color::Rgb(100, 30, 30), "r3c3, in box 1");
        assert_eq!(buffer[(x + 16, y + 8)].bg, Color::Reset, "r5c5");
        // Cage lines and sums in yellow.
        assert_eq!(buffer[(22, 1)].fg, Color::Yellow, "the sum 6");
    }

    const JIGSAW: &str = "
                     ┏━━━━━━━━━━━┳━━━┳━━━━━━━━━━━━━━━━━━━┓
                     ┃ 3  [·]  · ┃ · ┃ ·   ·   ·   ·   · ┃
                     ┃           ┃   ┗━━━━━━━┓           ┃
                     ┃ ·   ·   · ┃ ·   ·   · ┃ ·   ·   · ┃
                     ┃   ┏━━━━━━━┻━━━━━━━┓   ┗━━━━━━━┓   ┃
                     ┃ · ┃ ·   ·   ·   · ┃ ·   ·   · ┃ · ┃
                     ┃   ┗━━━┓   ┏━━━━━━━┻━━━━━━━┓   ┗━━━┫
                     ┃ ·   · ┃ · ┃ ·   ·   ·   · ┃ ·   · ┃
                     ┣━━━━━━━┛   ┗━━━┓   ┏━━━━━━━┻━━━━━━━┫
                     ┃ ·   ·   ·   · ┃ · ┃ ·   ·   ·   · ┃
                     ┣━━━━━━━┳━━━━━━━┛   ┗━━━┓   ┏━━━━━━━┫
                     ┃ ·   · ┃ ·   ·   ·   · ┃ · ┃ ·   · ┃
                     ┣━━━┓   ┗━━━━━━━┳━━━━━━━┛   ┗━━━┓   ┃
                     ┃ · ┃ ·   ·   · ┃ ·   ·   ·   · ┃ · ┃
                     ┃   ┗━━━━━━━┓   ┗━━━━━━━┳━━━━━━━┛   ┃
                     ┃ ·   ·   · ┃ ·   ·   · ┃ ·   ·   · ┃
                     ┃           ┗━━━━━━━┓   ┃           ┃
                     ┃ ·   ·   ·   ·   · ┃ · ┃ ·   ·   · ┃
                     ┗━━━━━━━━━━━━━━━━━━━┻━━━┻━━━━━━━━━━━┛";

    #[test]
    fn a_jigsaw_without_colour_shows_its_pieces_and_cursor_in_characters() {
        let layout = "aaabccccc aaabbbccc addddbbbc aadeeeebb ddddeffff ggeeeefhh igggffffh \
                      iiiggghhh iiiiighhh";
        let mut model = Model::from_variant(&Variant::jigsaw(9, layout).unwrap());
        model.givens[0] = Some(3);
        let mut game = Game::new("jigsaw", model);
        let (buffer, rows) = screen(&game, 80, 24, Look { color: false });
        assert_eq!(print(&rows[1..20]), JIGSAW.trim_start_matches('\n'));
        // NO_COLOR: not one colour on the screen; the cursor is reversed as well as bracketed.
        assert!(buffer.content().iter().all(|c| c.fg == Color::Reset && c.bg == Color::Reset));
        assert!(buffer[(26, 2)].modifier.contains(ratatui::style::Modifier::REVERSED));
        // A conflict shows as ! ! without colour: 3 again in r1c2.
        game.key(Key::Char('3'));
        let (_, rows) = screen(&game, 80, 24, Look { color: false });
        assert!(rows[2].contains("┃!3! [3]  · ┃"), "{}", rows[2]);
    }

    #[test]
    fn a_samurai_says_the_size_it_needs_then_draws_its_unused_cells_blank() {
        let game = Game::new("samurai", sample("samurai.jsonl").model);
        let (_, rows) = screen(&game, 80, 24, Look { color: true });
        assert_eq!(
            print(&rows[..3]),
            "this 21x21 puzzle needs 85x48, the terminal is 80x24: make the window larger or\n\
             the font smaller (q quits)\n"
        );
        let (_, rows) = screen(&game, 90, 50, Look { color: true });
        assert!(rows[0].starts_with("samurai · digits"));
        assert_eq!(rows[1], "  ┏━━━━━━━━━━━┳━━━━━━━━━━━┳━━━━━━━━━━━┓           ┏━━━━━━━━━━━┳━━━━━━━━━━━┳━━━━━━━━━━━┓");
        assert_eq!(rows[2], "  ┃[·]  ·   · ┃ 1   ·   · ┃ ·   9   · ┃           ┃ ·   ·   · ┃ 1   7   5 ┃ ·   8   · ┃");
        assert_eq!(rows[20], "                          ┃ ·   9   · ┃ ·   6   · ┃ 4   ·   · ┃");
        assert_eq!(rows[43], "  ┗━━━━━━━━━━━┻━━━━━━━━━━━┻━━━━━━━━━━━┛           ┗━━━━━━━━━━━┻━━━━━━━━━━━┻━━━━━━━━━━━┛");
        // A click maps back to its cell, and not on an unused one... by the game.
        let placement = {
            let mut terminal = Terminal::new(TestBackend::new(90, 50)).unwrap();
            let mut found = None;
            terminal
                .draw(|frame| {
                    let area = frame.area();
                    found = draw(frame.buffer_mut(), area, &game, Look { color: true });
                })
                .unwrap();
            found.unwrap()
        };
        assert_eq!(placement.cell_at(&game, 2 + 1 + 4 * 12, 1 + 1), Some(12), "r1c13");
        assert_eq!(placement.cell_at(&game, 0, 2), None);
    }
}
