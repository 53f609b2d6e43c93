//! The `dlx tile` format and pictures: what they read and what they refuse.

use dancer_tiling::{Board, Tiling, TilingError};

#[test]
fn a_file_with_a_picture_and_pieces_of_its_own() {
    let text = "| a 2x4 board with a hole\nboard\n....\n..#.\n\npiece L\n##\n#.\npiece I\n###\n";
    let tiling = Tiling::from_text(text).unwrap();
    assert_eq!(tiling.board().len(), 7);
    assert_eq!(tiling.names(), ["L", "I"]);
    let solutions: Vec<_> = tiling.solutions(false).unwrap().collect();
    assert_eq!(solutions.len(), tiling.count().unwrap() as usize);
}

#[test]
fn errors_name_the_line_and_column() {
    let cases = [
        ("board 3 x\npieces dominoes\n", 1, 9, "'x' is not a size"),
        ("board 2 2\npieces domino\n", 2, 8, "unknown set 'domino'"),
        ("board 2 2\npieces dominoes sometimes\n", 2, 17, "unknown option 'sometimes'"),
        ("board\n..\n.x\npieces dominoes\n", 3, 2, "'x' in a board"),
        ("pieces dominoes\n", 1, 1, "no board"),
        ("board 2 2\n", 1, 1, "no piece"),
        ("board 2 2\npiece D count 3..x\n##\n", 2, 18, "'x' is not a whole number"),
    ];
    for (text, line, column, what) in cases {
        match Tiling::from_text(text) {
            Err(TilingError::Picture { line: l, column: c, what: w }) => {
                assert_eq!((l, c), (line, column), "{text:?}: {w}");
                assert!(w.contains(what), "{text:?}: {w}");
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
}

#[test]
fn boards_in_space_have_layers() {
    let board = Board::from_text("...\n...\n+\n...\n...").unwrap();
    assert_eq!((board.len(), board.dimensions()), (12, 3));
}
