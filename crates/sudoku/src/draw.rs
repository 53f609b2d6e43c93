//! Pictures of any [`Model`](crate::Model): text for a terminal or a file, SVG for a screen or
//! a printer, one code path for every variant.
//!
//! - [`Outline`]: the shape a picture needs, worked out from the model (pieces with thick
//!   borders, extra regions shaded, cages and the cells that carry their sums).
//! - [`text()`]: a [`Canvas`] of characters with box-drawing borders, dotted cages and their
//!   sums, relation marks between cells, lines as ASCII paths with their circles and bulbs,
//!   parity marks, unused cells blank; `sudoku show` prints it with [`legend`] (each line in
//!   words) under it, `sudoku play` colours it.
//! - [`Figure`]: one puzzle as an SVG document or group; [`page`] lays several on a sheet of
//!   A4 or Letter.
//! - With the `render` feature, `png` and `pdf` render those SVGs with `DejaVu` Sans built in
//!   (resvg and svg2pdf), so that a picture is the same on every machine.
//!
//! ```
//! use dancer_sudoku::{draw, Model, Variant};
//!
//! let mut model = Model::from_variant(&Variant::standard(4)?);
//! model.givens[0] = Some(3);
//! let figure = draw::Figure { model: &model, solution: None, caption: Some("a 4x4") };
//! let svg = figure.document();
//! assert_eq!(svg.matches("class=\"cell\"").count(), 16);
//! let outline = draw::Outline::new(&model);
//! let canvas = draw::text(&model, &outline, &draw::Content::of_puzzle(&model, None), draw::CellSize::show(&model));
//! assert!(canvas.to_string().starts_with("┏━━━━━━━┳━━━━━━━┓\n┃ 3   · ┃ ·   · ┃"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod canvas;
mod cell;
mod outline;
mod page;
#[cfg(feature = "render")]
mod render;
mod svg;
mod text;

pub use self::canvas::{Canvas, CellSize, Content, Geometry, Glyph, Ink, Shade};
pub use self::outline::{Edge, Outline};
pub use self::page::{page, Paper, UnknownPaper};
#[cfg(feature = "render")]
pub use self::render::{pdf, png, PdfBook, RenderError};
pub use self::svg::{Figure, CELL};
pub use self::text::{grid_text, legend, text};
