//! The fast path for classic lines (`LineSource::next_classic`) reads every input exactly as
//! the general reading does: the same puzzles, errors, line numbers and trailing text, whatever
//! the line ends, buffer sizes and the lines around.

use std::io::BufReader;

use proptest::prelude::*;

use super::records::PuzzleReader;
use super::{ParseError, Puzzle};

/// Every record of `bytes`, read through a buffer of `capacity` bytes, with or without the
/// fast path.
fn read(
    bytes: &[u8],
    capacity: usize,
    size: Option<usize>,
    fast: bool,
) -> Vec<Result<Puzzle, ParseError>> {
    let reader = PuzzleReader::new(BufReader::with_capacity(capacity, bytes), size);
    if fast {
        reader.collect()
    } else {
        reader.without_fast_path().collect()
    }
}

/// Bytes that a classic line may be spoiled with: symbols of other forms, separators, comment
/// and name signs, a BOM's first byte, a bad UTF-8 byte, a multi-byte character's first byte.
const SPOILERS: &[u8] = b"09._ \t\r\n#:,|aAgZ-+=\xef\xff\xc3";

/// A line: a classic one (`.`, `0`, `_` and digits), perhaps spoiled (a byte changed, cut,
/// something before or after it), or a short piece of a grid.
fn line() -> impl Strategy<Value = Vec<u8>> {
    let classic = proptest::collection::vec(
        prop_oneof![Just(b'.'), Just(b'0'), Just(b'_'), (b'1'..=b'9')],
        81,
    );
    let spoiler = proptest::sample::select(SPOILERS);
    let tail = prop_oneof![
        Just(Vec::new()),
        Just(b" ".to_vec()),
        Just(b"  \t".to_vec()),
        Just(b" # note".to_vec()),
        Just(b":1:6524".to_vec()),
        Just(b" name".to_vec()),
        Just("é".as_bytes().to_vec()),
        Just(b"5".to_vec()),
    ];
    let head = prop_oneof![
        4 => Just(Vec::new()),
        1 => Just("\u{feff}".as_bytes().to_vec()),
        1 => Just(b" ".to_vec()),
        1 => Just(b"#".to_vec()),
    ];
    let spoiled = (classic, head, tail, proptest::option::of((0..81usize, spoiler)), 0..90usize)
        .prop_map(|(mut cells, head, tail, change, cut)| {
            if let Some((at, byte)) = change {
                cells[at] = byte;
            }
            cells.truncate(cut.max(72));
            [head, cells, tail].concat()
        });
    let row = proptest::collection::vec(prop_oneof![(b'1'..=b'9'), Just(b'.'), Just(b' ')], 0..12);
    prop_oneof![6 => spoiled, 1 => row]
}

/// Lines joined with any of the line ends, perhaps without one after the last.
fn input() -> impl Strategy<Value = Vec<u8>> {
    const ENDS: &[&[u8]] = &[b"\n", b"\r\n", b"\r"];
    let end = proptest::sample::select(ENDS);
    (proptest::collection::vec((line(), end), 0..12), any::<bool>()).prop_map(|(lines, last)| {
        let mut bytes = Vec::new();
        let count = lines.len();
        for (k, (line, end)) in lines.into_iter().enumerate() {
            bytes.extend_from_slice(&line);
            if k + 1 < count || last {
                bytes.extend_from_slice(end);
            }
        }
        bytes
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn classic_lines_read_alike_on_both_paths(
        bytes in input(),
        capacity in prop_oneof![Just(8192usize), 1..200usize],
        size in prop_oneof![Just(None), Just(Some(9)), Just(Some(4))],
    ) {
        let slow = read(&bytes, capacity, size, false);
        let fast = read(&bytes, capacity, size, true);
        prop_assert_eq!(fast, slow, "{:?}", String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn the_fast_path_reads_the_forms_it_takes_as_the_slow_one() {
    let good = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
    let zeros = good.replace('.', "0");
    let text = format!("{good}\r\n{zeros}\n{good} \n{good}\r\r\n\u{feff}{good}\n{good}");
    let fast = read(text.as_bytes(), 8192, None, true);
    assert_eq!(fast, read(text.as_bytes(), 8192, None, false));
    let lines: Vec<usize> = fast.iter().map(|r| r.as_ref().map_or(0, |p| p.line)).collect();
    assert_eq!(lines, [1, 2, 3, 4, 0, 7]);
    assert_eq!(fast[0].as_ref().unwrap().grid, fast[1].as_ref().unwrap().grid);
}
