//! A solution decoded: which piece covers each cell, as text and as an SVG picture.

use std::fmt::Write as _;

use dancer::OptionId;

use crate::encode::Encoded;
use crate::geometry::Cell;
use crate::symmetry::Symmetry;
use crate::tiling::Tiling;

/// A solution: the placements chosen, each a piece and the board's cell numbers it covers,
/// sorted.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Solution {
    /// `(piece, cells)` pairs, sorted.
    pub placements: Vec<(usize, Vec<usize>)>,
}

impl Solution {
    /// The solution of the engine's chosen `options`.
    pub fn decode(tiling: &Tiling, encoded: &Encoded, options: &[OptionId]) -> Solution {
        let mut placements: Vec<(usize, Vec<usize>)> = options
            .iter()
            .filter_map(|option| encoded.placed[option.index()])
            .map(|(piece, p)| (piece, tiling.placements[piece][p].clone()))
            .collect();
        placements.sort();
        Solution { placements }
    }

    /// Whether no symmetry of `group` maps the solution below itself (in the order of sorted
    /// placement lists): exactly one solution of each orbit is.
    pub(crate) fn is_least_under(&self, _tiling: &Tiling, group: &[Symmetry]) -> bool {
        group.iter().all(|g| {
            let mut image: Vec<(usize, Vec<usize>)> =
                self.placements.iter().map(|(q, cells)| g.apply(*q, cells)).collect();
            image.sort();
            image >= self.placements
        })
    }

    /// Which piece covers each cell of the board (`None`: an optional cell left empty).
    pub fn grid<'t>(&self, tiling: &'t Tiling) -> Vec<Option<&'t str>> {
        let mut grid = vec![None; tiling.board.len()];
        for (piece, cells) in &self.placements {
            for &c in cells {
                grid[c] = Some(tiling.names[*piece].as_str());
            }
        }
        grid
    }

    /// The solution as text: the board's rows, each cell the name of its piece (padded to
    /// the longest name and separated by blanks when some name is longer than one
    /// character), `.` for an empty optional cell, `#` for a hole inside the board's extent;
    /// the layers of a board in space separated by a `+` line.
    pub fn to_text(&self, tiling: &Tiling) -> String {
        let grid = self.grid(tiling);
        let board = &tiling.board;
        let width = tiling.names.iter().map(|n| n.chars().count()).max().unwrap_or(1);
        let gap = if width > 1 { " " } else { "" };
        let (low, high) = board.extent();
        let mut text = String::new();
        for z in low[2]..=high[2] {
            if z > low[2] {
                text.push_str("+\n");
            }
            for y in low[1]..=high[1] {
                let row: Vec<String> = (low[0]..=high[0])
                    .map(|x| {
                        let shown = match board.index([x, y, z]) {
                            Some(k) => grid[k].unwrap_or("."),
                            None => "#",
                        };
                        format!("{shown:<width$}")
                    })
                    .collect();
                text.push_str(row.join(gap).trim_end());
                text.push('\n');
            }
        }
        text
    }

    /// The solution as an SVG picture: each piece a colour, with a thick line where two
    /// pieces (or a piece and the outside) meet; the layers of a board in space side by
    /// side.
    pub fn to_svg(&self, tiling: &Tiling) -> String {
        sheet(tiling, std::slice::from_ref(self))
    }

    /// The picture's elements, `top` pixels down; its width and height.
    fn svg_elements(&self, tiling: &Tiling, top: i32, svg: &mut String) -> (i32, i32) {
        let board = &tiling.board;
        let (low, high) = board.extent();
        let mut owner = vec![None; board.len()];
        for (k, (_, cells)) in self.placements.iter().enumerate() {
            for &c in cells {
                owner[c] = Some(k);
            }
        }
        let [columns, rows, layers] = [0, 1, 2].map(|k| high[k] - low[k] + 1);
        let at = |cell: Cell| {
            let x =
                SIDE / 2 + (cell[2] - low[2]) * (columns + 1) * SIDE + (cell[0] - low[0]) * SIDE;
            (x, top + SIDE / 2 + (cell[1] - low[1]) * SIDE)
        };
        for (k, &cell) in board.cells().iter().enumerate() {
            let (x, y) = at(cell);
            let fill = owner[k].map_or("#ffffff", |p| colour(self.placements[p].0));
            let _ = writeln!(svg, "<rect x=\"{x}\" y=\"{y}\" width=\"{SIDE}\" height=\"{SIDE}\" fill=\"{fill}\" stroke=\"#999999\" stroke-width=\"0.5\"/>");
        }
        // A thick edge wherever a cell's neighbour is of another placement, or no cell.
        let edges = [
            (1, 0, [SIDE, 0, SIDE, SIDE]),
            (-1, 0, [0, 0, 0, SIDE]),
            (0, 1, [0, SIDE, SIDE, SIDE]),
            (0, -1, [0, 0, SIDE, 0]),
        ];
        for (k, &cell) in board.cells().iter().enumerate() {
            let (x, y) = at(cell);
            for (dx, dy, [x1, y1, x2, y2]) in edges {
                let neighbour = board.index([cell[0] + dx, cell[1] + dy, cell[2]]);
                if !neighbour.is_some_and(|n| owner[n] == owner[k] && owner[k].is_some()) {
                    let (x1, y1, x2, y2) = (x + x1, y + y1, x + x2, y + y2);
                    let _ = writeln!(svg, "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#000000\" stroke-width=\"2\" stroke-linecap=\"square\"/>");
                }
            }
        }
        for (piece, cells) in &self.placements {
            // The piece's name on its first cell.
            let (x, y) = at(board.cells()[cells[0]]);
            let name = escape(&tiling.names[*piece]);
            let (x, y) = (x + SIDE / 2, y + SIDE * 2 / 3);
            let _ = writeln!(svg, "<text x=\"{x}\" y=\"{y}\" font-family=\"sans-serif\" font-size=\"12\" text-anchor=\"middle\">{name}</text>");
        }
        (layers * columns * SIDE + (layers - 1) * SIDE + SIDE, rows * SIDE + SIDE)
    }
}

/// The side of a cell in SVG pictures, in pixels.
const SIDE: i32 = 24;

/// One SVG picture of `solutions`, one below the other.
pub fn sheet(tiling: &Tiling, solutions: &[Solution]) -> String {
    let (mut body, mut width, mut height) = (String::new(), 0, 0);
    for solution in solutions {
        let (w, h) = solution.svg_elements(tiling, height, &mut body);
        (width, height) = (width.max(w), height + h);
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n{body}</svg>\n"
    )
}

/// A light colour for piece `k`, from a palette of twelve that neighbours tell apart.
fn colour(k: usize) -> &'static str {
    const PALETTE: [&str; 12] = [
        "#f4a6a6", "#a6d8f4", "#b8f4a6", "#f4dfa6", "#d3a6f4", "#a6f4e3", "#f4c2a6", "#a6b5f4",
        "#e6f4a6", "#f4a6d8", "#c9c9c9", "#a6f4bf",
    ];
    PALETTE[k % PALETTE.len()]
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
