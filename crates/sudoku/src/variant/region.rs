//! [`Region`] and [`RegionKind`]: one region of a [`Variant`](super::Variant) (a row, column, box,
//! piece or extra region) and what it is, for messages and encodings.

use std::fmt;

use crate::grid::Cell;

/// What a region is, for messages ("row 1", "box 6", "diagonal 2").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegionKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// An R×C box.
    Box,
    /// A jigsaw piece.
    Piece,
    /// A main diagonal: 1 runs from top left, 2 from top right.
    Diagonal,
    /// A hyper (windoku) window.
    Window,
    /// A region the user gave.
    Extra,
}

impl RegionKind {
    /// The letter that names regions of this kind in the items of every exact-cover encoding
    /// (`R3#7`: row 3 holds digit 7), the template's and the model's alike: `R`ow, `C`olumn,
    /// `B`ox, `J`igsaw piece, `D`iagonal, `W`indow, e`X`tra.
    pub fn letter(self) -> char {
        match self {
            RegionKind::Row => 'R',
            RegionKind::Column => 'C',
            RegionKind::Box => 'B',
            RegionKind::Piece => 'J',
            RegionKind::Diagonal => 'D',
            RegionKind::Window => 'W',
            RegionKind::Extra => 'X',
        }
    }
}

/// One region: N cells that hold every digit exactly once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// What it is.
    pub kind: RegionKind,
    /// Its number among regions of its kind, from 1.
    pub number: usize,
    /// Its cells, in row order.
    pub cells: Vec<Cell>,
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            RegionKind::Row => "row",
            RegionKind::Column => "column",
            RegionKind::Box => "box",
            RegionKind::Piece => "region",
            RegionKind::Diagonal => "diagonal",
            RegionKind::Window => "window",
            RegionKind::Extra => "extra region",
        };
        write!(f, "{kind} {}", self.number)
    }
}
