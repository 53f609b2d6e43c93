//! Several puzzles on a printable sheet: A4 or US Letter, in millimetres, the figures laid out
//! in the grid of columns and rows that draws them largest.

use std::{fmt, str::FromStr};

use super::svg::Figure;

/// A sheet of paper.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Paper {
    /// 210 × 297 mm.
    #[default]
    A4,
    /// 8.5 × 11 in (215.9 × 279.4 mm).
    Letter,
}

impl Paper {
    /// Width and height in millimetres.
    pub fn size(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        })
    }
}

/// A name that is not a [`Paper`]'s.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a paper size (a4, letter)")]
pub struct UnknownPaper(pub String);

impl FromStr for Paper {
    type Err = UnknownPaper;

    fn from_str(name: &str) -> Result<Paper, UnknownPaper> {
        match name.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" | "us-letter" => Ok(Paper::Letter),
            _ => Err(UnknownPaper(name.to_owned())),
        }
    }
}

/// The white border of a sheet, in millimetres.
const BORDER: f64 = 12.0;
/// The space between two figures, in millimetres.
const GUTTER: f64 = 6.0;

/// `figures` on one sheet of `paper`, as an SVG document sized in millimetres, laid out in the
/// number of columns that draws the largest of them largest, each scaled to fill its place.
pub fn page(figures: &[Figure<'_>], paper: Paper) -> String {
    let (width, height) = paper.size();
    let (room_w, room_h) = (width - 2.0 * BORDER, height - 2.0 * BORDER);
    let count = figures.len().max(1);
    let largest = figures
        .iter()
        .map(Figure::size)
        .fold((1.0f64, 1.0f64), |(w, h), (fw, fh)| (w.max(fw), h.max(fh)));
    let scale_for = |cols: usize| {
        let rows = count.div_ceil(cols);
        let cell_w = (room_w - GUTTER * (cols - 1) as f64) / cols as f64;
        let cell_h = (room_h - GUTTER * (rows - 1) as f64) / rows as f64;
        (cell_w / largest.0).min(cell_h / largest.1)
    };
    let cols = (1..=count).max_by(|&a, &b| scale_for(a).total_cmp(&scale_for(b))).unwrap_or(1);
    let rows = count.div_ceil(cols);
    let cell_w = (room_w - GUTTER * (cols - 1) as f64) / cols as f64;
    let cell_h = (room_h - GUTTER * (rows - 1) as f64) / rows as f64;
    let mut document = svg::Document::new()
        .set("viewBox", format!("0 0 {width} {height}"))
        .set("width", format!("{width}mm"))
        .set("height", format!("{height}mm"))
        .add(
            svg::node::element::Rectangle::new()
                .set("width", "100%")
                .set("height", "100%")
                .set("fill", "white"),
        );
    for (k, figure) in figures.iter().enumerate() {
        let (row, col) = (k / cols, k % cols);
        let (fw, fh) = figure.size();
        // Each figure as large as its own place allows: puzzles of one size get one scale,
        // and a 9x9 beside a 27x27 is not shrunk to the larger one's cells.
        let scale = (cell_w / fw).min(cell_h / fh);
        let x = BORDER + col as f64 * (cell_w + GUTTER) + (cell_w - fw * scale) / 2.0;
        let y = BORDER + row as f64 * (cell_h + GUTTER) + (cell_h - fh * scale) / 2.0;
        let transform = format!("translate({x:.2} {y:.2}) scale({scale:.5})");
        document = document.add(figure.group().set("transform", transform));
    }
    format!("{document}\n")
}
