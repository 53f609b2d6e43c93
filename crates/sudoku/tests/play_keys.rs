//! The game's keys on grids of every size, the fill that keeps the player's marks, names as
//! the grid shows them, and a game whose solution is not known (issue 32).

use std::{fs, path::Path};

use dancer_sudoku::play::{Action, Command, Game, Key, Mode};
use dancer_sudoku::{Model, Record, Variant};

/// A game of a blank `n`×`n` (its solution is not needed here).
fn blank(n: usize) -> Game {
    Game::with_solution("blank", Model::from_variant(&Variant::standard(n).unwrap()), None)
}

fn press(game: &mut Game, keys: &str) -> Action {
    keys.chars().map(|c| game.key(Key::Char(c))).last().unwrap_or(Action::None)
}

fn help(game: &Game) -> String {
    game.help().join(" · ")
}

#[test]
fn a_36x36_quits_with_q_and_takes_its_symbols_as_numbers() {
    // See: issue 32, item 12 (`q` was the symbol 26, while the screen said "q quits").
    let mut game = blank(36);
    assert_eq!(game.command(Key::Char('q')), Command::Quit);
    assert_eq!(game.quit_key(), "q");
    assert!(help(&game).ends_with("u undo · r redo · s save · q quit"), "{}", help(&game));
    assert!(help(&game).contains("arrows/hjkl/mouse move · 1-36 place"), "{}", help(&game));
    // 3 may begin 30 to 36: it waits; 6 makes 36.
    press(&mut game, "3");
    assert_eq!((game.digits()[0], game.pending()), (None, Some(3)));
    press(&mut game, "6");
    assert_eq!((game.digits()[0], game.pending()), (Some(36), None));
    // 7 begins nothing larger: placed at once. 1 then Enter is 1; 3 then 7 is no symbol.
    press(&mut game, "l7l1");
    game.key(Key::Enter);
    assert_eq!(game.digits()[1..3], [Some(7), Some(1)]);
    press(&mut game, "l37");
    assert_eq!(game.message(), "37 is not a symbol of this puzzle (1 to 36)");
    assert_eq!(game.digits()[3], None);
    // Esc forgets a first digit; a letter is a command again.
    press(&mut game, "2");
    game.key(Key::Esc);
    assert_eq!(game.pending(), None);
    press(&mut game, "u");
    assert_eq!(game.digits()[2], None, "u undid the 1");
    assert_eq!(press(&mut game, "q"), Action::None, "unsaved moves: asked once");
    assert_eq!(press(&mut game, "q"), Action::Quit);
}

#[test]
fn command_letters_that_are_symbols_give_way_to_control_keys() {
    // 30 symbols: `h` is 17, `q` 26, `r` 27, `s` 28, `u` 30.
    let mut game = blank(30);
    assert_eq!(game.command(Key::Char('q')), Command::Symbol(26));
    assert_eq!(game.command(Key::Ctrl('q')), Command::Quit);
    assert_eq!(game.quit_key(), "Ctrl-Q");
    assert_eq!(
        help(&game),
        "arrows/mouse move · 1-9 A-U place · 0/Del erase · Tab digit/centre/corner · ? hint · \
         Enter apply it · Esc hide · * fill marks · ! check · Ctrl-Z undo · Ctrl-Y redo · \
         Ctrl-S save · Ctrl-Q quit"
    );
    press(&mut game, "u");
    assert_eq!(game.digits()[0], Some(30));
    game.key(Key::Ctrl('z'));
    assert_eq!(game.digits()[0], None);
    assert_eq!(game.key(Key::Ctrl('s')), Action::Save);
    // 25 symbols: `q` (26) is no symbol, so it quits; `h` (17) is one.
    let game = blank(25);
    assert_eq!(game.command(Key::Char('q')), Command::Quit);
    assert_eq!(game.command(Key::Char('h')), Command::Symbol(17));
    assert!(help(&game).starts_with("arrows/mouse move · 1-9 A-P place"), "{}", help(&game));
    assert!(help(&game).ends_with("u undo · r redo · s save · q quit"), "{}", help(&game));
    // A 9x9: every letter is a command.
    let game = blank(9);
    assert_eq!(game.command(Key::Char('h')), Command::Move(0, -1));
    assert!(help(&game).starts_with("arrows/hjkl/mouse move · 1-9 place"), "{}", help(&game));
}

/// The first record of a data/variants file.
fn sample(file: &str) -> Record {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/variants")).join(file);
    let text = fs::read_to_string(path).unwrap();
    Record::from_json(text.lines().next().unwrap()).unwrap()
}

#[test]
fn the_fill_keeps_the_centre_marks_the_player_typed() {
    // See: issue 32, item 15 (`*` wiped the player's marks).
    let mut game = Game::new("killer", sample("killer-9x9.jsonl").model);
    game.key(Key::Tab);
    assert_eq!(game.mode(), Mode::Centre);
    press(&mut game, "12");
    game.key(Key::Tab);
    press(&mut game, "9");
    let mine = game.entry(0);
    press(&mut game, "*");
    assert_eq!(game.entry(0), mine, "the marks typed in r1c1 stay");
    assert_ne!(game.entry(1).centre, 0, "r1c2 had none: it is filled");
    assert_eq!(game.message(), "centre marks where there were none; 1 cell keeps yours");
    // Emptying r1c1 and filling again gives it the rules' marks.
    game.key(Key::Delete);
    press(&mut game, "*");
    assert_ne!(game.entry(0).centre, 0);
    assert_eq!(game.entry(0).centre & !0b1_1011, 0, "r1c1 + r2c1 = 6: 1, 2, 4 or 5");
}

#[test]
fn conflicts_and_hints_name_rows_boxes_and_cages_as_the_grid_shows_them() {
    // See: issue 32, item 17 ("region 19 holds 1 twice", "cage 7 (sum 9)").
    let mut game = Game::new("killer", sample("killer-9x9.jsonl").model);
    press(&mut game, "9l9");
    let texts: Vec<&str> = game.conflicts().iter().map(|v| v.text.as_str()).collect();
    assert!(texts.contains(&"row 1 holds 9 twice (r1c1 and r1c2)"), "{texts:?}");
    assert!(texts.contains(&"box 1 holds 9 twice (r1c1 and r1c2)"), "{texts:?}");
    assert!(texts.contains(&"the cage of 6 at r1c1 sums to 9, not 6"), "{texts:?}");
    assert!(texts.iter().all(|t| !t.contains("region") && !t.contains("cage 1")), "{texts:?}");
    // A hint of the killer's own logic names the cage by its sum and first cell.
    let mut game = Game::new("killer", sample("killer-4x4.jsonl").model);
    let mut named = 0;
    while !game.is_won() && named == 0 {
        press(&mut game, "?");
        let text = game.message().to_owned();
        assert!(!text.contains("cage ") || text.contains("-cell cage of "), "{text}");
        named += usize::from(text.contains("-cell cage of "));
        game.key(Key::Enter);
    }
    assert_eq!(named, 1, "a hint names a cage");
}

/// On a 9×9 killer, `?` then Enter again and again wins the game: each hint of the variant
/// logic goes on to the next placed digit, so that applying it moves the game on, and says the
/// last step on that cell, some of them naming their cage.
#[test]
fn variant_hints_applied_one_after_another_win_a_killer() {
    let mut game = Game::new("killer", sample("killer-9x9.jsonl").model);
    let (mut presses, mut cages) = (0, 0);
    while !game.is_won() && presses < 81 {
        press(&mut game, "?");
        let text = game.message().to_owned();
        assert!(!text.contains("solution's digit"), "logic solves it: {text}");
        cages += usize::from(text.contains("-cell cage of "));
        game.key(Key::Enter);
        presses += 1;
    }
    assert!(game.is_won(), "{presses} hints");
    assert!(cages > 0);
}

#[test]
fn a_game_whose_solution_is_not_known_says_so_and_saves_it() {
    let mut model = Model::from_variant(&Variant::standard(4).unwrap());
    model.givens[0] = Some(1);
    let mut game = Game::unsolved("unknown", model);
    assert!(game.message().starts_with("the solution is not known"), "{}", game.message());
    press(&mut game, "!");
    assert_eq!(game.message(), "the solution is not known: nothing to check against");
    press(&mut game, "2");
    let again = Game::from_json(&game.to_json()).unwrap();
    assert!(again.solution().is_none());
    assert!(again.message().starts_with("the solution is not known"), "{}", again.message());
    // A game with no solution at all still says that.
    let none =
        Game::with_solution("none", Model::from_variant(&Variant::standard(4).unwrap()), None);
    assert!(Game::from_json(&none.to_json()).unwrap().message().contains("has no solution"));
}
