//! The symbols a puzzle is written with: a 16x16 in the published `0`-`f` form is read as
//! such when it can be nothing else, `--symbols` says so for any other, and a line that looks
//! like one but cannot be read says what it looks like. `--hyper` with `--regions`.
//! See: issue 21, point 5.

use crate::sudoku::sudoku;

/// A solved 16x16 in the default symbols, and a puzzle of it in the `0`-`f` form: two cells
/// of three given, `.` for the others.
fn sixteen() -> (String, String) {
    let solved = sudoku(&["solve"], &format!("{}\n", ".".repeat(256))).stdout.trim().to_owned();
    let hex: String = solved
        .chars()
        .enumerate()
        .map(|(cell, symbol)| {
            let digit = symbol.to_digit(36).expect("a symbol");
            let given = char::from_digit(digit - 1, 16).expect("a hex digit");
            if cell % 3 == 2 {
                '.'
            } else {
                given
            }
        })
        .collect();
    (solved, hex)
}

/// `0` was read as a blank and the puzzle answered `multiple`; a line of 256 cells of `0`-`9`,
/// `a`-`f` and `.` with a `0` in it is read with `0` as 1 ... `f` as 16.
#[test]
fn a_16x16_written_0_to_f_is_read_as_such() {
    let (solved, hex) = sixteen();
    assert!(hex.contains('0') && hex.contains('.'));
    let run = sudoku(&["solve", "--unique"], &format!("{hex}\n"));
    assert_eq!((run.stdout.trim(), run.code), (solved.as_str(), 0), "{}", run.stderr);
    // Upper case reads the same.
    let upper = sudoku(&["solve", "--unique"], &format!("{}\n", hex.to_uppercase()));
    assert_eq!(upper.stdout.trim(), solved);
}

/// `--symbols` gives any alphabet; `.` is then the only blank, and a character outside it is
/// an error at its column naming the alphabet.
#[test]
fn symbols_give_the_alphabet() {
    let (solved, hex) = sixteen();
    // Without a '.', '0' could be a blank: only --symbols says it is not.
    let full_hex: String = solved
        .chars()
        .map(|s| char::from_digit(s.to_digit(36).unwrap() - 1, 16).unwrap())
        .collect();
    let check = sudoku(&["check", "--symbols", "0123456789abcdef"], &format!("{full_hex}\n"));
    assert_eq!((check.stdout.as_str(), check.code), ("solved\n", 0), "{}", check.stderr);
    let plain = sudoku(&["check"], &format!("{full_hex}\n"));
    assert_eq!(plain.stdout, "valid\n", "read the default way, its 0s are blanks");
    let explicit = sudoku(&["solve", "--symbols", "0123456789abcdef"], &format!("{hex}\n"));
    assert_eq!(explicit.stdout.trim(), solved);
    let bad = hex.replacen('.', "_", 1);
    let run = sudoku(&["solve", "--symbols", "0123456789abcdef"], &format!("{bad}\n"));
    assert_eq!((run.stdout.as_str(), run.code), ("error\n", 2));
    let column = bad.find('_').unwrap() + 1;
    let message = format!("<stdin>:1:{column}: '_' is not one of the symbols 0123456789abcdef");
    assert!(run.stderr.contains(&message), "{}", run.stderr);
    // Any alphabet: a 4x4 written with letters.
    let letters = sudoku(&["solve", "--symbols", "wxyz"], "wxyz............\n");
    assert_eq!(letters.stdout, "1234341221434321\n");
    let refused = sudoku(&["solve", "--symbols", "wxyw"], "wxyz............\n");
    assert_eq!(refused.code, 2);
    assert!(refused.stderr.contains("--symbols wxyw: 'w' is given twice"), "{}", refused.stderr);
}

/// A line of 0-f that is not the unambiguous case (a cell lost) says what it looks like.
#[test]
fn a_line_that_looks_like_0_to_f_says_so() {
    let (_, hex) = sixteen();
    let run = sudoku(&["solve"], &format!("{}\n", &hex[1..]));
    assert_eq!((run.stdout.as_str(), run.code), ("error\n", 2));
    assert!(run.stderr.contains("255 cells do not make a square grid"), "{}", run.stderr);
    assert!(
        run.stderr.contains("looks like a 16x16 written with the symbols 0-f"),
        "{}",
        run.stderr
    );
}

/// `--hyper` with `--regions` was refused for every puzzle (hyper windows needed boxes); the
/// windows depend on the grid alone, and a jigsaw gets them.
#[test]
fn hyper_goes_with_a_jigsaw() {
    // A jigsaw whose pieces are the boxes: the windows make it the hyper sudoku.
    let boxes = "111222333111222333111222333444555666444555666444555666777888999777888999\
                 777888999";
    let blank = format!("{}\n", ".".repeat(81));
    let run = sudoku(&["solve", "--hyper", "--regions", boxes], &blank);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, sudoku(&["solve", "--hyper"], &blank).stdout);
    // A real jigsaw's solution breaks a window, and check names it.
    let layout = "aaabccccc aaabbbccc addddbbbc aadeeeebb ddddeffff ggeeeefhh igggffffh \
                  iiiggghhh iiiiighhh";
    let solution =
        "358196274492567138613978425175842693826453719249731856987324561734615982561289347";
    let plain = sudoku(&["check", "--regions", layout], solution);
    assert_eq!(plain.stdout, "solved\n");
    let hyper = sudoku(&["check", "--hyper", "--regions", layout], solution);
    assert_eq!(hyper.stdout, "invalid: r3c4 repeats 9 of r2c2 in window 1\n", "{}", hyper.stderr);
}
