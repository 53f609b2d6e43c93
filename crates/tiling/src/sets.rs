//! The standard sets of pieces, by their usual names: Conway's for the pentominoes, the
//! tetris letters for the tetrominoes, the Soma cube's.

use crate::piece::Piece;

/// The pieces of `rows` ("rows/rows/...", `#` a cell), named.
fn drawn(pictures: &[(&str, &str)]) -> Vec<(String, Piece)> {
    pictures
        .iter()
        .map(|&(name, picture)| {
            (name.to_owned(), Piece::from_text(picture).expect("a standard piece has cells"))
        })
        .collect()
}

/// The twelve pentominoes, named F I L N P T U V W X Y Z (Conway), each used once, turned and
/// mirrored freely.
pub fn pentominoes() -> Vec<(String, Piece)> {
    drawn(&[
        ("F", ".##/##./.#."),
        ("I", "#####"),
        ("L", "####/#..."),
        ("N", "##../.###"),
        ("P", "##/##/#."),
        ("T", "###/.#./.#."),
        ("U", "#.#/###"),
        ("V", "#../#../###"),
        ("W", "#../##./.##"),
        ("X", ".#./###/.#."),
        ("Y", "####/.#.."),
        ("Z", "##./.#./.##"),
    ])
}

/// The five free tetrominoes, named I O T L S.
pub fn tetrominoes() -> Vec<(String, Piece)> {
    drawn(&[("I", "####"), ("O", "##/##"), ("T", "###/.#."), ("L", "###/#.."), ("S", ".##/##.")])
}

/// The two free trominoes, named I and V.
pub fn trominoes() -> Vec<(String, Piece)> {
    drawn(&[("I", "###"), ("V", "##/#.")])
}

/// The domino, named D, used any number of times: the domino tilings of a board.
pub fn dominoes() -> Vec<(String, Piece)> {
    let domino = Piece::from_text("##").expect("cells").count(crate::Count::ANY);
    vec![("D".to_owned(), domino)]
}

/// The seven pieces of Piet Hein's Soma cube, named V L T Z A B P, turned but not mirrored:
/// A and B are mirror images of each other (the two screws), P the branch.
pub fn soma() -> Vec<(String, Piece)> {
    let pieces: [(&str, &[[i32; 3]]); 7] = [
        ("V", &[[0, 0, 0], [1, 0, 0], [0, 1, 0]]),
        ("L", &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [0, 1, 0]]),
        ("T", &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0]]),
        ("Z", &[[0, 1, 0], [1, 1, 0], [1, 0, 0], [2, 0, 0]]),
        ("A", &[[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]]),
        ("B", &[[0, 0, 1], [1, 0, 1], [1, 1, 1], [1, 1, 0]]),
        ("P", &[[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]),
    ];
    pieces
        .iter()
        .map(|&(name, cells)| (name.to_owned(), Piece::new(cells.iter().copied()).reflect(false)))
        .collect()
}

/// The standard set called `name` (`pentominoes`, `tetrominoes`, `trominoes`, `dominoes`,
/// `soma`), as a `dlx tile` file names it.
pub fn by_name(name: &str) -> Option<Vec<(String, Piece)>> {
    Some(match name {
        "pentominoes" => pentominoes(),
        "tetrominoes" => tetrominoes(),
        "trominoes" => trominoes(),
        "dominoes" => dominoes(),
        "soma" => soma(),
        _ => return None,
    })
}

/// The names [`by_name`] knows, for messages.
pub const SET_NAMES: &str = "pentominoes, tetrominoes, trominoes, dominoes, soma";
