//! The lines of a model (`Model::lines`) in SVG: drawn under the cell lines.

use svg::node::element::Group;

use crate::grid::Cell;
use crate::model::{Line, Model};

/// Line `line`'s picture.
pub(super) fn line(_model: &Model, _line: &Line, _at: impl Fn(Cell) -> (f64, f64)) -> Group {
    Group::new().set("class", "line")
}
