//! The screen in ratatui's test terminal: what a player sees at each size.

use dancer_sudoku::play::{Game, Key};
use dancer_sudoku::{Model, Record, Variant};
use ratatui::style::{Color, Modifier};
use ratatui::{backend::TestBackend, buffer::Buffer, Terminal};

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
   ┏6━━━━━━┯10━━━━━━━━━━━━━┳━━━━━━━┯19━━━━━━━━━━━━━┳18━━━━━┯19━━━━━━━━━━━━━┓
   ┃!  9  !┆[  9  ] !  ·  !┃!  ·  !┆   ·       ·   ┃   ·   ┆   ·       ·   ┃
   ┃       ├13┄┄┄┄┄┄┄┄┄┄┄┄┄╂19┄┄┄┄┄┼3┄┄┄┄┄┄┐       ┃       └┄┄┄┄┄┄┄┐       ┃
   ┃!  ·  !┆   ·       ·   ┃   ·   ┆   ·   ┆   ·   ┃   ·       ·   ┆   ·   ┃
   ┠23┄┄┄┄┄┴┄┄┄┄┄┄┄┬┄┄┄┄┄┄┄┨       ┆       ├9┄┄┄┄┄┄╂┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┼5┄┄┄┄┄┄┨
   ┃   ·       ·   ┆   ·   ┃   ·   ┆   ·   ┆   ·   ┃   ·       ·   ┆   ·   ┃
   ┣15━━━━━┯━━━━━━━┿26━━━━━╋12━━━━━┷━━━━━━━┷━━━━━━━╋9━━━━━━━━━━━━━━┿━━━━━━━┫
   ┃   ·   ┆   ·   ┆   ·   ┃   ·       ·       ·   ┃   ·       ·   ┆   ·   ┃
   ┃       ├┄┄┄┄┄┄┄┘       ┠┄┄┄┄┄┄┄┬15┄┄┄┄┄┄┄┄┄┄┄┄┄╂11┄┄┄┄┄┄┄┄┄┄┄┄┄┴┄┄┄┄┄┄┄┨
   ┃   ·   ┆   ·       ·   ┃   ·   ┆   ·       ·   ┃   ·       ·       ·   ┃
   ┃       ├13┄┄┄┄┄┄┄┄┄┄┄┄┄╂11┄┄┄┄┄┤       ┌21┄┄┄┄┄╂┄┄┄┄┄┄┄┬16┄┄┄┄┄┄┄┄┄┄┄┄┄┨
   ┃   ·   ┆   ·       ·   ┃   ·   ┆   ·   ┆   ·   ┃   ·   ┆   ·       ·   ┃
   ┣━━━━━━━┷━━━━━━━┯━━━━━━━╋━━━━━━━┿10━━━━━┷━━━━━━━╋━━━━━━━┿13━━━━━━━━━━━━━┫
   ┃   ·       ·   ┆   ·   ┃   ·   ┆   ·       ·   ┃   ·   ┆   ·       ·   ┃
   ┠17┄┄┄┄┄┬4┄┄┄┄┄┄┼16┄┄┄┄┄┨       ├12┄┄┄┄┄┬17┄┄┄┄┄╂7┄┄┄┄┄┄┼16┄┄┄┄┄┄┄┄┄┄┄┄┄┨
   ┃   ·   ┆   ·   ┆   ·   ┃   ·   ┆   ·   ┆   ·   ┃   ·   ┆   ·       ·   ┃
   ┃       └┄┄┄┄┄┄┄┤       ┠┄┄┄┄┄┄┄┤       ┆       ┃       └┄┄┄┄┄┄┄┐       ┃
   ┃   ·       ·   ┆   ·   ┃   ·   ┆   ·   ┆   ·   ┃   ·       ·   ┆   ·   ┃
   ┗━━━━━━━━━━━━━━━┷━━━━━━━┻━━━━━━━┷━━━━━━━┷━━━━━━━┻━━━━━━━━━━━━━━━┷━━━━━━━┛
row 1 holds 9 twice (r1c1 and r1c2)
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
    // Row 1, the cage of 6 (r1c1 r2c1) is past its sum and r1c1 repeats 9: red; r1c2 too
    // (under the cursor). The rest of the broken row 1 and box 1 is dark red (r1c5, r3c3);
    // r5c5 is in no conflict. Cells are 7 wide (8 apart) and one row tall (2 apart).
    let (x, y) = (3 + 1 + 3, 2);
    assert_eq!(buffer[(x, y)].bg, Color::Red);
    assert_eq!(buffer[(x + 8, y)].bg, Color::Red);
    assert_eq!(buffer[(x + 32, y)].bg, Color::Rgb(100, 30, 30), "r1c5, in row 1");
    assert_eq!(buffer[(x + 16, y + 4)].bg, Color::Rgb(100, 30, 30), "r3c3, in box 1");
    assert_eq!(buffer[(x + 32, y + 8)].bg, Color::Reset, "r5c5");
    // Cage lines and sums in yellow.
    assert_eq!(buffer[(4, 1)].fg, Color::Yellow, "the sum 6");
}

#[test]
fn a_long_hint_reads_whole_at_80x24_over_the_help() {
    let mut game = Game::new("killer", sample("killer-9x9.jsonl").model);
    game.key(Key::Char('?'));
    let hint = game.message().to_owned();
    assert!(hint.chars().count() > 80, "{hint}");
    let (_, rows) = screen(&game, 80, 24, Look { color: false });
    // The message starts under the grid (row 20) and goes on over the help's rows.
    let shown: Vec<&str> = rows[20..].iter().map(|row| row.trim()).collect();
    let lines = (1..=shown.len()).find(|&n| shown[..n].join(" ") == hint);
    assert!(lines.is_some_and(|n| n > 1), "{}", print(&rows));
    // The help's last line still shows below it.
    assert_eq!(rows[23], "s save · q quit");
    assert!(rows.iter().all(|row| row.chars().count() <= 80));
}

const JIGSAW: &str = "
   ┏━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
   ┃   3    [  ·  ]    ·   ┃   ·   ┃   ·       ·       ·       ·       ·   ┃
   ┃                       ┃       ┗━━━━━━━━━━━━━━━┓                       ┃
   ┃   ·       ·       ·   ┃   ·       ·       ·   ┃   ·       ·       ·   ┃
   ┃       ┏━━━━━━━━━━━━━━━┻━━━━━━━━━━━━━━━┓       ┗━━━━━━━━━━━━━━━┓       ┃
   ┃   ·   ┃   ·       ·       ·       ·   ┃   ·       ·       ·   ┃   ·   ┃
   ┃       ┗━━━━━━━┓       ┏━━━━━━━━━━━━━━━┻━━━━━━━━━━━━━━━┓       ┗━━━━━━━┫
   ┃   ·       ·   ┃   ·   ┃   ·       ·       ·       ·   ┃   ·       ·   ┃
   ┣━━━━━━━━━━━━━━━┛       ┗━━━━━━━┓       ┏━━━━━━━━━━━━━━━┻━━━━━━━━━━━━━━━┫
   ┃   ·       ·       ·       ·   ┃   ·   ┃   ·       ·       ·       ·   ┃
   ┣━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┛       ┗━━━━━━━┓       ┏━━━━━━━━━━━━━━━┫
   ┃   ·       ·   ┃   ·       ·       ·       ·   ┃   ·   ┃   ·       ·   ┃
   ┣━━━━━━━┓       ┗━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┛       ┗━━━━━━━┓       ┃
   ┃   ·   ┃   ·       ·       ·   ┃   ·       ·       ·       ·   ┃   ·   ┃
   ┃       ┗━━━━━━━━━━━━━━━┓       ┗━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┛       ┃
   ┃   ·       ·       ·   ┃   ·       ·       ·   ┃   ·       ·       ·   ┃
   ┃                       ┗━━━━━━━━━━━━━━━┓       ┃                       ┃
   ┃   ·       ·       ·       ·       ·   ┃   ·   ┃   ·       ·       ·   ┃
   ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┻━━━━━━━┻━━━━━━━━━━━━━━━━━━━━━━━┛";

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
    assert!(buffer[(15, 2)].modifier.contains(ratatui::style::Modifier::REVERSED));
    // A conflict shows as ! ! without colour: 3 again in r1c2.
    game.key(Key::Char('3'));
    let (_, rows) = screen(&game, 80, 24, Look { color: false });
    assert!(rows[2].contains("┃!  3  ! [  3  ]    ·   ┃"), "{}", rows[2]);
}

#[test]
fn a_samurai_says_the_size_it_needs_then_draws_its_unused_cells_blank() {
    let game = Game::new("samurai", sample("samurai.jsonl").model);
    let (_, rows) = screen(&game, 80, 24, Look { color: true });
    assert_eq!(
        print(&rows[..3]),
        "this 21x21 puzzle needs 85x31, the terminal is 80x24: make the window larger or\n\
         the font smaller (q quits)\n"
    );
    let (_, rows) = screen(&game, 90, 50, Look { color: true });
    assert!(rows[0].starts_with("samurai · digits"));
    assert_eq!(
        rows[1],
        "  ┏━━━━━━━━━━━┳━━━━━━━━━━━┳━━━━━━━━━━━┓           ┏━━━━━━━━━━━┳━━━━━━━━━━━┳━━━━━━━━━━━┓"
    );
    assert_eq!(
        rows[2],
        "  ┃[·]  ·   · ┃ 1   ·   · ┃ ·   9   · ┃           ┃ ·   ·   · ┃ 1   7   5 ┃ ·   8   · ┃"
    );
    assert_eq!(rows[20], "                          ┃ ·   9   · ┃ ·   6   · ┃ 4   ·   · ┃");
    assert_eq!(
        rows[43],
        "  ┗━━━━━━━━━━━┻━━━━━━━━━━━┻━━━━━━━━━━━┛           ┗━━━━━━━━━━━┻━━━━━━━━━━━┻━━━━━━━━━━━┛"
    );
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

/// A classic 9×9 game of `line`'s givens.
fn classic(line: &str) -> Game {
    let mut model = Model::from_variant(&Variant::standard(9).unwrap());
    for (cell, c) in line.chars().enumerate() {
        model.givens[cell] = c.to_digit(10).and_then(|d| u8::try_from(d).ok());
    }
    Game::new("classic", model)
}

/// A classic puzzle with pencil marks in row 1: centre marks 1-9 in r1c2; corner marks 1-4
/// and centre marks 5-7 in r1c3; one centre mark, 3, in r1c4; a 6 placed in r1c5.
fn marked() -> Game {
    let mut game = classic(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    );
    let keys = [Key::Tab, Key::Char('1'), Key::Char('2'), Key::Char('3'), Key::Char('4')];
    let keys = keys.into_iter().chain("56789".chars().map(Key::Char));
    let keys = keys.chain([Key::Right, Key::Tab]).chain("1234".chars().map(Key::Char));
    let keys = keys.chain([Key::BackTab]).chain("567".chars().map(Key::Char));
    let keys = keys.chain([Key::Right, Key::Char('3'), Key::Right, Key::BackTab, Key::Char('6')]);
    for key in keys {
        game.key(key);
    }
    game
}

#[test]
fn a_9x9_shows_every_pencil_mark_at_80x24() {
    // See: issue 32, item 15 (two centre marks showed as `…`, corner marks not at all).
    let game = marked();
    let (buffer, rows) = screen(&game, 80, 24, Look { color: false });
    // Cells seven wide and two rows tall: the blank lines inside the boxes are left out.
    assert_eq!(
        print(&rows[1..6]),
        "   ┏━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━┓
   ┃   4     12345  1 567 2┃   3    [  6  ]    ·   ┃   8       ·       5   ┃
   ┃         6789   3     4┃                       ┃                       ┃
   ┃   ·       3       ·   ┃   ·       ·       ·   ┃   ·       ·       ·   ┃
   ┃                       ┃                       ┃                       ┃"
    );
    assert_eq!(rows.len(), 24);
    assert_eq!(
        rows[22],
        "   ┗━━━━━━━━━━━━━━━━━━━━━━━┻━━━━━━━━━━━━━━━━━━━━━━━┻━━━━━━━━━━━━━━━━━━━━━━━┛"
    );
    // The keys that matter most, on the message line while it has nothing to say.
    assert_eq!(rows[23], "Tab digit/centre/corner · ? hint · u undo · s save · q quit");
    // A mark is dim and a placed digit is not, without colour too: a single centre mark
    // (r1c4's 3) does not pass for a digit (r1c5's 6); givens are bold.
    let dim = |x: u16, y: u16| buffer[(x, y)].modifier.contains(Modifier::DIM);
    let bold = |x: u16, y: u16| buffer[(x, y)].modifier.contains(Modifier::BOLD);
    assert_eq!(buffer[(31, 2)].symbol(), "3");
    assert!(dim(31, 2) && !bold(31, 2), "the mark 3");
    assert_eq!(buffer[(39, 2)].symbol(), "6");
    assert!(!dim(39, 2) && !bold(39, 2), "the digit 6");
    assert!(bold(7, 2) && !dim(7, 2), "the given 4");
    assert!(dim(13, 3) && dim(17, 2), "r1c2's 6 and r1c3's corner 1");
}

#[test]
fn a_chain_hint_pages_through_its_one_row_under_a_9x9_at_80x24() {
    // Magictour's first: hints applied in turn until one takes chains, whose sentence is
    // longer than the one row an 80×24 screen has under the grid.
    let line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let mut game = classic(line);
    for _ in 0..81 {
        game.key(Key::Char('?'));
        if game.message().chars().count() > 2 * 80 {
            break;
        }
        game.key(Key::Enter);
    }
    let hint = game.message().to_owned();
    assert!(hint.chars().count() > 2 * 80, "{hint}");
    let mut pages = Vec::new();
    loop {
        let (_, rows) = screen(&game, 80, 24, Look { color: false });
        assert!(rows.iter().all(|row| row.chars().count() <= 80), "{}", print(&rows));
        let page = rows[23].clone();
        if pages.first() == Some(&page) {
            break;
        }
        assert!(pages.len() < 50, "pages never come back to the first");
        pages.push(page);
        game.key(Key::Char('?'));
    }
    // Every page but the last says there is more; read in turn they give the whole hint.
    let (last, more) = pages.split_last().unwrap();
    assert!(more.len() >= 2 && more.iter().all(|page| page.ends_with(" … ? more")), "{pages:?}");
    assert!(!last.ends_with("? more"), "{last}");
    let words: Vec<&str> = pages
        .iter()
        .flat_map(|page| page.trim_end_matches(" … ? more").split_whitespace())
        .collect();
    assert_eq!(words.join(" "), hint);
    // The hint is still the one on show: Enter applies it.
    assert_eq!(game.message(), hint);
    assert!(game.hint().is_some());
}

#[test]
fn at_100x40_the_cells_are_three_rows_tall_and_the_help_stands_beside() {
    let game = marked();
    let (_, rows) = screen(&game, 100, 40, Look { color: false });
    assert_eq!(
        print(&rows[1..6]),
        "┏━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━┓  arrows/hjkl/mouse move
┃         12345  1     2┃                       ┃                       ┃  1-9 place · 0/Del erase
┃   4     6789     567  ┃   3    [  6  ]    ·   ┃   8       ·       5   ┃  Tab digit/centre/corner
┃                3     4┃                       ┃                       ┃  ? hint · Enter apply it
┃                       ┃                       ┃                       ┃  Esc hide · * fill marks"
    );
    assert_eq!(
        rows[37],
        "┗━━━━━━━━━━━━━━━━━━━━━━━┻━━━━━━━━━━━━━━━━━━━━━━━┻━━━━━━━━━━━━━━━━━━━━━━━┛"
    );
}

#[test]
fn a_click_finds_its_cell_in_a_compact_grid() {
    let game = marked();
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let mut placement = None;
    terminal
        .draw(|frame| {
            let area = frame.area();
            placement = draw(frame.buffer_mut(), area, &game, Look { color: true });
        })
        .unwrap();
    let placement = placement.unwrap();
    // Row 4 starts below box 1's border: rows 1 to 3 take two lines each.
    assert_eq!(placement.cell_at(&game, 3 + 1, 1 + 1), Some(0), "r1c1");
    assert_eq!(placement.cell_at(&game, 3 + 1, 1 + 1 + 5), Some(18), "r3c1, its second line");
    assert_eq!(placement.cell_at(&game, 3 + 1 + 8, 1 + 1 + 7), Some(28), "r4c2");
}

/// Every black dot of a Kropki puzzle shows on the screen of `sudoku play`, between its cells,
/// and a digit that breaks one is a conflict named on the message line. See: issue 33.
#[test]
fn a_kropki_puzzles_black_dots_show_and_break() {
    let model = sample("kropki.jsonl").model;
    let dots = model.relations.len();
    let first = model.relations[0];
    let mut game = Game::new("kropki", model);
    let (_, rows) = screen(&game, 80, 24, Look { color: false });
    assert_eq!(print(&rows).matches('●').count(), dots, "{}", print(&rows));
    // Digits 1 and 3 on either side of the first dot: 3 is not twice 1.
    for (cell, digit) in [(first.a, '1'), (first.b, '3')] {
        game.key(Key::Click(cell));
        game.key(Key::Char(digit));
    }
    let (_, rows) = screen(&game, 80, 24, Look { color: false });
    assert!(print(&rows).contains("the black dot between"), "{}", print(&rows));
}

/// A 9×9 with an arrow from r1c1 and a thermometer from r1c3.
fn lined() -> Game {
    use dancer_sudoku::{Line, LineKind};
    let mut model = Model::from_variant(&Variant::standard(9).unwrap());
    model.lines.push(Line { kind: LineKind::Arrow { circle: 1 }, cells: vec![0, 10, 20] });
    model.lines.push(Line { kind: LineKind::Thermometer, cells: vec![2, 3, 12] });
    let mut game = Game::new("lines", model);
    // Past the note on its many solutions.
    game.key(Key::Esc);
    game
}

#[test]
fn lines_show_in_the_grid_and_in_words_at_80x24_and_100x40() {
    let game = lined();
    let (_, rows) = screen(&game, 80, 24, Look { color: false });
    let text = print(&rows);
    // The arrow's circle around the cursor's cell, the bulb, the path across and down.
    assert!(rows[2].contains("[ (·) ]") && rows[2].contains("{·}------·"), "{text}");
    assert!(rows[3].contains('\\') && rows[3].contains('|'), "{text}");
    // No room for the legend: the cursor's cell's line on the message line.
    assert!(rows.contains(&"arrow (r1c1) -> r2c2 r3c3".to_owned()), "{text}");
    let (_, rows) = screen(&game, 100, 40, Look { color: false });
    let text = print(&rows);
    // Beside the grid, under the help, wrapped to the 25 columns left.
    assert!(text.contains("┃  arrow (r1c1) -> r2c2 r3c3\n"), "{text}");
    assert!(text.contains("┃  thermometer r1c3 r1c4\n"), "{text}");
    assert!(text.contains("┃    r2c4\n"), "{text}");
}
