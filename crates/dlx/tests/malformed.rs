//! Bad input, each case with its exact error: DLX texts for `dancer::parse` (kind, line and
//! column, columns counted in characters from 1) and declarations for `ProblemBuilder::build`.
//! Also the odd inputs that are fine: CRLF line ends, comments, blank lines, tabs, non-ASCII
//! names and options with only secondary items.

use dancer::{
    BuildError, ColorId, Entry, ItemId, OptionId, ParseError, ParseErrorKind as Kind,
    ProblemBuilder,
};

/// One test per case: parsing `text` fails with `kind` at `line`:`column`.
macro_rules! parse_errors {
    ($(
        $(#[$doc:meta])*
        $name:ident: $text:expr => $line:literal:$column:literal $kind:expr;
    )*) => {$(
        $(#[$doc])*
        #[test]
        fn $name() {
            let expected = ParseError { line: $line, column: $column, kind: $kind };
            assert_eq!(dancer::parse($text).unwrap_err(), expected, "{:?}", $text);
            // Read line by line from a stream, the same error at the same place.
            let streamed = dancer::read(std::io::Cursor::new($text)).unwrap_err();
            assert_eq!(streamed, expected, "read {:?}", $text);
        }
    )*};
}

fn s(text: &str) -> String {
    text.to_owned()
}

parse_errors! {
    /// A repeat in an option is found on its line only: the same item on the next line is fine.
    item_twice_in_a_later_option: "a b\na b\nb a\na a\n" => 4:3 Kind::DuplicateItemInOption(s("a"));
    /// An error with nothing to point at points at the start of the last line.
    empty_text: "" => 1:1 Kind::NoItems;
    only_comments: "| a comment\n   | another\n" => 2:1 Kind::NoItems;
    only_blank_lines: "\n  \n\t\n" => 3:1 Kind::NoItems;
    only_comments_no_final_newline: "| a\r\n| b" => 2:1 Kind::NoItems;
    /// A line starting with `|` is a comment (Knuth's rule), even where the item line is due:
    /// an item line naming only secondary items cannot be written.
    item_line_with_only_secondary_items: "| x\n" => 1:1 Kind::NoItems;
    second_bar: "a | b | c\na\n" => 1:7 Kind::SecondBar;
    bar_joined_to_item_names: "a|b c\n" => 1:1 Kind::MisplacedBar;
    bar_before_an_item_name: "a |b\n" => 1:3 Kind::MisplacedBar;
    /// Knuth's DLX3 gives a primary item bounds on how often it is covered, `a:b|name` or
    /// `b|name`: read (tests/multiplicity.rs), unless they are not valid bounds.
    dlx3_zero_upper_bound: "A B 0:0|C | X Y\nA B X:0 Y:0\n" => 1:5 Kind::BadBounds(s("0:0|C"));
    dlx3_lower_above_upper: "A\t3:2|B\n" => 1:3 Kind::BadBounds(s("3:2|B"));
    dlx3_bound_beyond_u32: "99999999999|A\n" => 1:1 Kind::BadBounds(s("99999999999|A"));
    /// Not DLX3's form (no digits, a name with `:`, no name): a
    /// misplaced bar or colon, as before.
    bar_after_letters: "a x|b\n" => 1:3 Kind::MisplacedBar;
    bounds_without_a_name: "a 2|\n" => 1:3 Kind::MisplacedBar;
    bounds_with_an_empty_lower_bound: "a :2|b\n" => 1:3 Kind::MisplacedBar;
    bounds_on_a_secondary_item: "a | 2:3|x\n" => 1:5 Kind::BoundsOnSecondary(s("2:3|x"));
    bounds_before_a_coloured_name: "a 2|b:c\n" => 1:3 Kind::MisplacedBar;
    colon_in_primary_item_name: "a b:c\n" => 1:3 Kind::ColonInItemName(s("b:c"));
    colon_in_secondary_item_name: "a | x:y\n" => 1:5 Kind::ColonInItemName(s("x:y"));
    duplicate_primary_item: "a b a\n" => 1:5 Kind::DuplicateItem(s("a"));
    secondary_item_named_like_a_primary: "a | b a\n" => 1:7 Kind::DuplicateItem(s("a"));
    unknown_item_in_option: "a b\na c\n" => 2:3 Kind::UnknownItem(s("c"));
    unknown_coloured_item: "a | x\na y:red\n" => 2:3 Kind::UnknownItem(s("y"));
    first_bad_token_is_reported: "a b\nz a a\n" => 2:1 Kind::UnknownItem(s("z"));
    item_twice_in_option: "a b\nb a b\n" => 2:5 Kind::DuplicateItemInOption(s("b"));
    coloured_item_twice_in_option:
        "a | x\na x:red x:blue\n" => 2:9 Kind::DuplicateItemInOption(s("x"));
    colour_on_primary_item: "a | x\na:red x\n" => 2:1 Kind::ColorOnPrimary(s("a"));
    empty_colour: "a | x\na x:\n" => 2:3 Kind::BadColor(s("x:"));
    two_colons: "a | x\na x:a:b\n" => 2:3 Kind::BadColor(s("x:a:b"));
    bar_in_option_line: "a b\na | b\n" => 2:3 Kind::MisplacedBar;
    bar_joined_to_option_item: "a b\na b|\n" => 2:3 Kind::MisplacedBar;
    /// `\r` is part of the line end, not of the name.
    crlf_error_positions: "a b\r\na c\r\n" => 2:3 Kind::UnknownItem(s("c"));
    /// Skipped lines still count.
    comments_and_blank_lines_are_counted:
        "\n| comment\n\n  a b\n\n| more\na\n\tc\n" => 8:2 Kind::UnknownItem(s("c"));
    tab_is_one_column: "a\tb\na\t\tc\n" => 2:4 Kind::UnknownItem(s("c"));
    /// Columns count characters, not bytes: `項` is at byte 8 but character 5.
    non_ascii_columns_are_characters: "é ж\nж é 項\n" => 2:5 Kind::UnknownItem(s("項"));
    non_ascii_duplicate_item: "ж 項 ж\n" => 1:5 Kind::DuplicateItem(s("ж"));
}

#[test]
fn crlf_line_ends_are_accepted() {
    let parsed = dancer::parse("A B | X\r\nA X:red\r\n| comment\r\nB X:red\r\n").unwrap();
    let problem = &parsed.problem;
    assert_eq!(problem.primary_count(), 2);
    assert_eq!(problem.item_name(ItemId::new(2)), "X");
    assert_eq!(problem.option_names(OptionId::new(1)), ["B", "X:red"]);
    assert_eq!((parsed.options[1].line, parsed.options[1].text.as_str()), (4, "B X:red"));
    // Both options give X the colour "red" (no stray `\r`), so they share it.
    assert_eq!(problem.solver().count(), 1);
}

#[test]
fn comments_blank_lines_and_tabs() {
    let text = "| toy\n\n \tA\tB  |\tX\n  | not an option\n\nA\tX:c\n\tB X:c \nA B\n";
    let parsed = dancer::parse(text).unwrap();
    let problem = &parsed.problem;
    assert_eq!((problem.item_count(), problem.primary_count(), problem.option_count()), (3, 2, 3));
    let lines: Vec<usize> = parsed.options.iter().map(|o| o.line).collect();
    assert_eq!(lines, [6, 7, 8]);
    assert_eq!(parsed.options[1].text, "\tB X:c ");
    // {A X:c, B X:c} and {A B}.
    assert_eq!(problem.solver().count(), 2);
}

/// Read from a stream, each line is decoded alone: a bad byte is reported at its line and
/// column (in characters), and a failing reader at the line it was reading.
/// A reader that gives the line `a b` `.0` times, then fails.
struct Failing(usize);

impl std::io::Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.0 == 0 {
            return Err(std::io::Error::other("disk on fire"));
        }
        self.0 -= 1;
        buf[..4].copy_from_slice(b"a b\n");
        Ok(4)
    }
}

#[test]
fn a_stream_reports_bad_bytes_and_failed_reads_where_they_happen() {
    let bytes = b"| comment\na b\na b\nb \xe9t\xff\n".to_vec();
    let error = dancer::read(std::io::Cursor::new(bytes)).unwrap_err();
    assert_eq!((error.line, error.column, error.kind), (4, 3, Kind::NotUtf8));
    let bytes = b"a b\nb \xc3\xa9t\xff\n".to_vec();
    let error = dancer::read(std::io::Cursor::new(bytes)).unwrap_err();
    assert_eq!((error.line, error.column, error.kind), (2, 5, Kind::NotUtf8));

    let error = dancer::read(std::io::BufReader::with_capacity(4, Failing(3))).unwrap_err();
    assert_eq!((error.line, error.column), (4, 1));
    assert!(matches!(&error.kind, Kind::Io(message) if message.contains("disk on fire")));
    // A BOM on the first line only is skipped, as by `parse`.
    let parsed = dancer::read(std::io::Cursor::new("\u{feff}a b\na b\n")).unwrap();
    assert_eq!(parsed.problem.item_name(dancer::ItemId::new(0)), "a");
}

#[test]
fn non_ascii_names() {
    let agree = dancer::parse("é ж | 項\né 項:青\nж 項:青\n").unwrap();
    assert_eq!(agree.problem.item_id("項"), Some(ItemId::new(2)));
    assert_eq!(agree.problem.solver().count(), 1);
    // Different colours cannot share 項.
    let clash = dancer::parse("é ж | 項\né 項:青\nж 項:赤\n").unwrap();
    assert_eq!(clash.problem.solver().count(), 0);
}

#[test]
fn options_with_only_secondary_items_are_accepted_but_never_chosen() {
    let parsed = dancer::parse("a b | x y\nx\nx:red y\na x:red\nb\na\nb y\n").unwrap();
    let problem = &parsed.problem;
    assert_eq!(problem.option_count(), 6);
    let solutions: Vec<Vec<OptionId>> = problem.solver().solutions().collect();
    // {a x:red, b}, {a x:red, b y}, {a, b}, {a, b y}.
    assert_eq!(solutions.len(), 4);
    assert!(solutions.iter().flatten().all(|o| o.index() >= 2));
}

/// The error `build` reports for the declarations `declare` makes.
fn build_error(declare: impl FnOnce(&mut ProblemBuilder)) -> BuildError {
    let mut builder = ProblemBuilder::new();
    declare(&mut builder);
    builder.build().unwrap_err()
}

#[test]
fn no_primary_items() {
    assert_eq!(build_error(|_| {}), BuildError::NoPrimaryItems);
    assert_eq!(
        build_error(|b| {
            b.secondary("x");
        }),
        BuildError::NoPrimaryItems
    );
}

#[test]
fn duplicate_item_names() {
    let error = build_error(|b| {
        b.primary("a");
        b.primary("b");
        b.primary("a");
    });
    assert_eq!(error, BuildError::DuplicateItemName { name: s("a") });
    let error = build_error(|b| {
        b.primary("a");
        b.secondary("a");
    });
    assert_eq!(error, BuildError::DuplicateItemName { name: s("a") });
}

#[test]
fn invalid_names() {
    for name in ["a b", "a|b", "a:b", "", "a\tb", "|", "\u{a0}"] {
        let error = build_error(|b| {
            b.primary(name);
        });
        assert_eq!(error, BuildError::InvalidName { name: s(name) }, "item {name:?}");
        let error = build_error(|b| {
            b.primary("a");
            b.secondary(name);
        });
        assert_eq!(error, BuildError::InvalidName { name: s(name) }, "secondary item {name:?}");
    }
    // Colour names follow the same rule, including those `option_named` splits off.
    let error = build_error(|b| {
        let [a, x] = [b.primary("a"), b.secondary("x")];
        let dark = b.color("dark red");
        b.option::<Entry>([a.into(), (x, dark).into()]);
    });
    assert_eq!(error, BuildError::InvalidName { name: s("dark red") });
    for (token, colour) in [("x:", ""), ("x:a:b", "a:b")] {
        let error = build_error(|b| {
            b.primary("a");
            b.secondary("x");
            b.option_named(["a", token]);
        });
        assert_eq!(error, BuildError::InvalidName { name: s(colour) }, "{token:?}");
    }
}

#[test]
fn primary_after_secondary() {
    let error = build_error(|b| {
        b.primary("a");
        b.secondary("x");
        b.primary("b");
        b.primary("c");
    });
    assert_eq!(error, BuildError::PrimaryAfterSecondary { name: s("b") });
}

#[test]
fn empty_option() {
    let error = build_error(|b| {
        let a = b.primary("a");
        b.option([a]);
        b.option(Vec::<ItemId>::new());
    });
    assert_eq!(error, BuildError::EmptyOption { option: OptionId::new(1) });
}

#[test]
fn unknown_item_id() {
    let error = build_error(|b| {
        let a = b.primary("a");
        b.option([a, ItemId::new(1)]);
    });
    assert_eq!(error, BuildError::UnknownItem { option: OptionId::new(0), item: ItemId::new(1) });
}

#[test]
fn unknown_item_name() {
    let error = build_error(|b| {
        b.primary("a");
        b.option_named(["a"]);
        b.option_named(["a", "zz"]);
    });
    assert_eq!(error, BuildError::UnknownItemName { option: OptionId::new(1), name: s("zz") });
}

#[test]
fn unknown_colour() {
    for raw in [0, 2] {
        let error = build_error(|b| {
            let [a, x] = [b.primary("a"), b.secondary("x")];
            b.color("red");
            b.option::<Entry>([a.into(), (x, ColorId::from_u32(raw)).into()]);
        });
        assert_eq!(error, BuildError::UnknownColor { option: OptionId::new(0), color: raw });
    }
}

#[test]
fn duplicate_item_in_option() {
    let error = build_error(|b| {
        let a = b.primary("a");
        b.option([a, a]);
    });
    assert_eq!(error, BuildError::DuplicateItemInOption { option: OptionId::new(0), name: s("a") });
    // Different colours do not make two uses of an item different items.
    let error = build_error(|b| {
        let [a, x] = [b.primary("a"), b.secondary("x")];
        let [red, blue] = [b.color("red"), b.color("blue")];
        b.option([a]);
        b.option::<Entry>([a.into(), (x, red).into(), (x, blue).into()]);
    });
    assert_eq!(error, BuildError::DuplicateItemInOption { option: OptionId::new(1), name: s("x") });
}

#[test]
fn colour_on_primary() {
    let error = build_error(|b| {
        let a = b.primary("a");
        let red = b.color("red");
        b.option::<Entry>([(a, red).into()]);
    });
    assert_eq!(error, BuildError::ColorOnPrimary { option: OptionId::new(0), name: s("a") });
}

#[test]
fn the_first_bad_option_is_reported() {
    let error = build_error(|b| {
        let a = b.primary("a");
        b.option([a]);
        b.option(Vec::<ItemId>::new());
        b.option([a, a]);
    });
    assert_eq!(error, BuildError::EmptyOption { option: OptionId::new(1) });
}

// See: fuzzing, crates/fuzz/regressions/dlx_text/cr-before-crlf.dlx. A line ending `\r\r\n`
// is the line's own `\r` (a blank) and then `\r\n`: `parse` dropped both `\r`, `read` (what the
// `dlx` command uses) one, so the options' texts, which `dlx` prints, differed.
#[test]
fn a_carriage_return_before_crlf_stays_in_the_line_for_parse_and_read() {
    let text = "a b\r\na\r\r\nb \r\n";
    let parsed = dancer::parse(text).unwrap();
    let streamed = dancer::read(std::io::Cursor::new(text)).unwrap();
    assert_eq!(parsed.options, streamed.options);
    let texts: Vec<&str> = parsed.options.iter().map(|o| o.text.as_str()).collect();
    assert_eq!(texts, ["a\r", "b "]);
}
