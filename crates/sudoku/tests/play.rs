//! The game of `sudoku play` without a terminal (issue 24): scripted key sequences on
//! [`Game`] — place, conflicts from the model's own checker, undo and redo, pencil marks,
//! hints, the check, the fill, save and resume, the win — on a plain 4×4, a killer and a
//! samurai.

use std::{fs, path::Path};

use dancer_sudoku::generate::rng_for;
use dancer_sudoku::play::{Action, Game, Key, Mode};
use dancer_sudoku::{Marks, Model, Record, Variant, ViolationKind};

/// The first record of a data/variants file.
fn sample(file: &str) -> Record {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/variants")).join(file);
    let text = fs::read_to_string(path).unwrap();
    Record::from_json(text.lines().next().unwrap()).unwrap()
}

/// Presses each key in turn; the last key's action.
fn press(game: &mut Game, keys: &str) -> Action {
    keys.chars().map(|c| game.key(Key::Char(c))).last().unwrap_or(Action::None)
}

/// A 4×4 with r1c1 = 1 given.
fn small() -> Game {
    let mut model = Model::from_variant(&Variant::standard(4).unwrap());
    model.givens[0] = Some(1);
    Game::new("small", model)
}

#[test]
fn placing_a_repeat_shows_the_conflict_and_undo_redo_take_it_back_and_forth() {
    let mut game = small();
    assert_eq!(game.cursor(), 1, "the cursor starts on the first empty cell");
    press(&mut game, "1");
    assert_eq!(game.digits()[1], Some(1));
    let kinds: Vec<ViolationKind> = game.conflicts().iter().map(|v| v.kind).collect();
    assert_eq!(kinds, [ViolationKind::Region(0), ViolationKind::Region(8)], "row 1 and box 1");
    assert!(game.conflicts().iter().all(|v| v.cells == [0, 1]));
    assert!(game.message().contains("holds 1 twice"), "{}", game.message());
    press(&mut game, "u");
    assert!(game.conflicts().is_empty());
    assert_eq!(game.digits()[1], None);
    game.key(Key::Ctrl('y'));
    assert_eq!(game.conflicts().len(), 2);
    // A new move forgets what was undone.
    press(&mut game, "uu");
    assert_eq!(game.history(), (0, 1));
    press(&mut game, "2");
    assert_eq!(game.history(), (1, 0));
    press(&mut game, "r");
    assert_eq!(game.message(), "nothing to redo");
    // Typing the same digit again takes it out; a given cannot change.
    press(&mut game, "2");
    assert_eq!(game.digits()[1], None);
    press(&mut game, "h3");
    assert_eq!((game.cursor(), game.digits()[0]), (0, Some(1)));
    assert_eq!(game.message(), "r1c1 is given");
}

#[test]
fn undo_has_no_limit() {
    let mut game = small();
    for _ in 0..500 {
        press(&mut game, "2");
    }
    assert_eq!(game.history(), (500, 0));
    for _ in 0..500 {
        press(&mut game, "u");
    }
    assert_eq!(game.history(), (0, 500));
    assert_eq!(game.digits()[1], None);
}

#[test]
fn tab_switches_to_centre_and_corner_marks_which_only_go_in_empty_cells() {
    let mut game = small();
    game.key(Key::Tab);
    assert_eq!(game.mode(), Mode::Centre);
    press(&mut game, "234");
    game.key(Key::Tab);
    assert_eq!(game.mode(), Mode::Corner);
    press(&mut game, "33");
    press(&mut game, "4");
    let entry = game.entry(1);
    assert_eq!((entry.centre, entry.corner, entry.digit), (0b1110, 0b1000, None));
    game.key(Key::BackTab);
    game.key(Key::BackTab);
    assert_eq!(game.mode(), Mode::Digit);
    press(&mut game, "3");
    game.key(Key::Tab);
    press(&mut game, "2");
    assert_eq!(game.message(), "pencil marks go in empty cells");
    // Delete takes the digit first, then the marks.
    game.key(Key::Delete);
    assert_eq!(game.entry(1).centre, 0b1110);
    game.key(Key::Delete);
    assert_eq!(game.entry(1).centre, 0);
}

#[test]
fn a_cage_past_its_sum_or_unable_to_reach_it_is_flagged() {
    let record = sample("killer-4x4.jsonl");
    // Cage 2 is r1c1 r1c2 r1c3 summing to 7.
    assert_eq!(record.model.cages[1].cells, [0, 1, 2]);
    let mut game = Game::new("killer", record.model);
    game.key(Key::Click(0));
    press(&mut game, "4l4");
    // 4 + 4 = 8 passes 7 with r1c3 still empty.
    assert!(game.conflicts().iter().any(|v| v.kind == ViolationKind::Cage(1)));
    press(&mut game, "u3l");
    // 4 + 3 = 7 leaves nothing for r1c3: the cage cannot be completed.
    let cage = game.conflicts().iter().find(|v| v.kind == ViolationKind::Cage(1));
    assert!(cage.is_some(), "{:?}", game.conflicts());
    assert_eq!(cage.unwrap().cells, [0, 1, 2]);
    press(&mut game, "hh1");
    // 1 + 3 leaves 3 for r1c3: no conflict (the check of a cage is by its sum, not its sets).
    assert!(game.conflicts().is_empty(), "{:?}", game.conflicts());
}

#[test]
fn hints_with_their_cells_play_a_killer_to_the_win() {
    let record = sample("killer-9x9.jsonl");
    let solution: Vec<Option<u8>> =
        record.solution.as_ref().unwrap().iter().map(|&d| Some(d)).collect();
    let mut game = Game::new("killer", record.model);
    let (mut hints, mut revealed) = (0, 0);
    while !game.is_won() {
        press(&mut game, "?");
        let hint = game.hint().expect("a hint is on show").clone();
        assert!(!hint.text.is_empty());
        assert!(!hint.cells.is_empty(), "{}", hint.text);
        assert_eq!(game.message(), hint.text);
        game.key(Key::Enter);
        assert!(game.conflicts().is_empty(), "{}: {:?}", hint.text, game.conflicts());
        hints += 1;
        revealed += usize::from(hint.text.contains("solution's digit"));
        assert!(hints < 200, "no end to the hints");
    }
    assert_eq!(game.digits(), solution);
    assert!(game.message().starts_with("solved in "), "{}", game.message());
    eprintln!("{hints} hints, {revealed} of them the solution's digit");
    assert!(revealed * 4 <= hints, "{revealed} of {hints} hints only revealed a digit");
    // Won: the clock stops and moves are refused until an undo.
    let at = game.elapsed();
    press(&mut game, "?");
    assert_eq!(game.elapsed(), at);
}

#[test]
fn hints_play_generated_killers_without_givens_mostly_by_logic() {
    let base = Model::from_variant(&Variant::standard(9).unwrap());
    let (mut hints, mut revealed) = (0, 0);
    for seed in [7, 8, 9] {
        let record = base.generate(Marks::Killer, &mut rng_for(seed, 0)).unwrap().unwrap();
        let mut game = Game::new("killer", record.model);
        while !game.is_won() {
            press(&mut game, "?");
            revealed += usize::from(game.message().contains("solution's digit"));
            game.key(Key::Enter);
            hints += 1;
            assert!(hints < 1000);
        }
    }
    eprintln!("generated killers: {hints} hints, {revealed} of them the solution's digit");
    assert!(revealed * 10 <= hints, "{revealed} of {hints} hints only revealed a digit");
}

#[test]
fn a_wrong_digit_is_the_first_hint_and_the_check_marks_it() {
    let record = sample("killer-4x4.jsonl");
    let solution = record.solution.clone().unwrap();
    let mut game = Game::new("killer", record.model);
    game.key(Key::Click(5));
    // A digit that breaks no rule yet but is not the solution's.
    let wrong = (1..=4u8).find(|&d| d != solution[5]).unwrap();
    let _ = game.key(Key::Char(char::from(b'0' + wrong)));
    press(&mut game, "!");
    assert!(game.message().contains("wrong"), "{}", game.message());
    press(&mut game, "?");
    assert_eq!(game.hint().unwrap().cells, [5]);
    assert!(game.hint().unwrap().text.contains("not the solution's digit"));
}

#[test]
fn star_fills_every_empty_cell_with_digits_that_keep_the_solution() {
    for file in
        ["killer-4x4.jsonl", "killer-9x9.jsonl", "greater-than.jsonl", "xv.jsonl", "sohei.jsonl"]
    {
        let record = sample(file);
        let solution = record.solution.clone().unwrap();
        let mut game = Game::new(file, record.model);
        press(&mut game, "*");
        let digits = game.digits();
        for cell in (0..digits.len()).filter(|&c| digits[c].is_none() && solution[c] != 0) {
            let marks = game.entry(cell).centre;
            assert!(marks >> (solution[cell] - 1) & 1 == 1, "{file}: cell {cell} lost its digit");
        }
        press(&mut game, "u");
        assert!((0..digits.len()).all(|c| game.entry(c).centre == 0), "the fill is one move");
    }
    // r4c3 + r4c4 = 7 in a 4x4: 3 and 4 only.
    let mut game = Game::new("killer", sample("killer-4x4.jsonl").model);
    press(&mut game, "*");
    assert_eq!(game.entry(14).centre & !0b1100, 0);
}

#[test]
fn a_saved_game_resumes_with_its_entries_history_and_clock() {
    let mut game = small();
    press(&mut game, "2l3");
    game.key(Key::Tab);
    press(&mut game, "jh1");
    assert!(game.unsaved());
    assert_eq!(press(&mut game, "s"), Action::Save);
    let text = game.to_json();
    game.saved("game.json");
    assert!(!game.unsaved());
    let mut again = Game::from_json(&text).unwrap();
    assert_eq!(again.digits(), game.digits());
    assert_eq!(again.entry(5), game.entry(5));
    assert_eq!(again.cursor(), game.cursor());
    assert_eq!(again.mode(), Mode::Centre);
    assert_eq!(again.history(), (3, 0));
    assert!(again.elapsed() >= game.elapsed().saturating_sub(std::time::Duration::from_secs(1)));
    press(&mut again, "uuu");
    assert_eq!(again.digits()[1..3], [None, None]);
    // Damaged files are refused with the reason.
    for (bad, why) in [
        (text.replace("\"version\":1", "\"version\":9"), "version 9"),
        (text.replace("\"cursor\":", "\"cursor\":99"), "cursor 99"),
        (text.replacen('{', "{\"extra\":1,", 1), "unknown field"),
    ] {
        let error = Game::from_json(&bad).err().expect("refused");
        assert!(error.to_string().contains(why), "{error}");
    }
}

#[test]
fn quitting_with_unsaved_moves_asks_once_and_ctrl_c_always_quits() {
    let mut game = small();
    assert_eq!(press(&mut game, "q"), Action::Quit, "nothing to lose");
    press(&mut game, "2");
    assert_eq!(press(&mut game, "q"), Action::None);
    assert!(game.message().contains("q again quits"));
    assert_eq!(press(&mut game, "q"), Action::Quit);
    assert_eq!(game.key(Key::Ctrl('c')), Action::Quit);
}

#[test]
fn the_cursor_skips_the_unused_cells_of_a_samurai() {
    let record = sample("samurai.jsonl");
    let mut game = Game::new("samurai", record.model);
    game.key(Key::Click(8));
    // From r1c9 right: r1c10 to r1c12 are unused, r1c13 is the top-right grid's.
    game.key(Key::Right);
    assert_eq!(game.cursor(), 12);
    game.key(Key::Left);
    assert_eq!(game.cursor(), 8);
    // A click on an unused cell does nothing.
    game.key(Key::Click(9));
    assert_eq!(game.cursor(), 8);
}
