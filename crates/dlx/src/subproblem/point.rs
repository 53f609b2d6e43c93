//! [`Point`]: an exact place in the depth-first order of a search tree's nodes, and [`Span`]:
//! the nodes between two of them. Shares are floats, fine for progress but not for telling
//! whether pieces of work overlap or leave a gap; points are named by branch indices, and
//! compare exactly.
//!
//! The point before the node reached by branch indices `(a0, ..., am)` is written with an
//! index equal to its level's count carried into the level above (before the option after the
//! last of a level is after the whole node above: before that node's next sibling). Two points
//! are then equal exactly when they are the same place, and lexicographic order (a prefix
//! first) is the depth-first search's order of nodes (a node before its children). So the
//! point before a node's first child is after the node itself: the span between them holds
//! the node, whose entering is counted like any other.

use std::fmt;

use crate::subproblem::Branch;

/// A place in the depth-first order of a search tree's nodes, in the form above.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Point {
    /// Before the node reached by these branch indices (none: the root).
    At(Vec<u64>),
    /// After every node. Declared last, so it orders last.
    End,
}

impl Point {
    /// Before the root: before every node.
    pub(crate) fn start() -> Point {
        Point::At(Vec::new())
    }

    /// Before the node that `branches` (one per level of its path) lead to.
    pub(crate) fn left(branches: &[Branch]) -> Point {
        Point::At(branches.iter().map(|branch| branch.index).collect())
    }

    /// Where the subproblem with these branches, open from level `open_from`, ends: after its
    /// node's subtree when it is a subtree, else before the option its level `open_from` stops
    /// before.
    pub(crate) fn end(branches: &[Branch], open_from: usize) -> Point {
        let Some(last) = branches.len().checked_sub(1) else { return Point::End };
        let level = open_from.min(last);
        let mut indices: Vec<u64> = branches[..=level].iter().map(|b| b.index).collect();
        indices[level] =
            if open_from > last { branches[level].index + 1 } else { branches[level].end };
        // Carry: past the last option of a level is past the node above.
        while let Some(&index) = indices.last() {
            if index < branches[indices.len() - 1].count {
                return Point::At(indices);
            }
            indices.pop();
            match indices.last_mut() {
                Some(above) => *above += 1,
                None => return Point::End,
            }
        }
        Point::End
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Point::At(indices) => write!(f, "{indices:?}"),
            Point::End => f.write_str("the end of the tree"),
        }
    }
}

/// The nodes of a tree from one point to a later one: `[from, to)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub(crate) from: Point,
    pub(crate) to: Point,
}

impl Span {
    /// The span of the subproblem with these branches (one per level of its path) open from
    /// level `open_from`.
    pub(crate) fn of(branches: &[Branch], open_from: usize) -> Span {
        Span { from: Point::left(branches), to: Point::end(branches, open_from) }
    }

    /// The whole tree.
    pub(crate) fn whole() -> Span {
        Span { from: Point::start(), to: Point::End }
    }
}

/// In JSON a point is its list of indices, or `"end"`.
#[cfg(feature = "serde")]
impl serde::Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Point::At(indices) => indices.serialize(serializer),
            Point::End => serializer.serialize_str("end"),
        }
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Point, D::Error> {
        struct Visitor;

        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Point;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of branch indices or \"end\"")
            }

            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Point, E> {
                if text == "end" {
                    Ok(Point::End)
                } else {
                    Err(E::invalid_value(serde::de::Unexpected::Str(text), &self))
                }
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Point, A::Error> {
                let mut indices = Vec::new();
                while let Some(index) = seq.next_element()? {
                    indices.push(index);
                }
                Ok(Point::At(indices))
            }
        }

        deserializer.deserialize_any(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(indices: &[u64]) -> Point {
        Point::At(indices.to_vec())
    }

    #[test]
    fn a_node_comes_before_its_first_child() {
        let branches = [Branch::new(1, 4), Branch::new(0, 2), Branch::new(0, 3)];
        assert_eq!(Point::left(&branches), at(&[1, 0, 0]));
        assert_eq!(Point::left(&[]), Point::start());
        assert!(Point::left(&branches[..1]) < Point::left(&branches[..2]));
    }

    #[test]
    fn ends_carry_past_the_last_option_of_a_level() {
        // The subtree of option 1 of 2 below option 1 of 4: up to option 2 of 4.
        let branches = [Branch::new(1, 4), Branch::new(1, 2)];
        assert_eq!(Point::end(&branches, 2), at(&[2]));
        // Open from level 1: to the end of option 1 of 4, the same place.
        assert_eq!(Point::end(&branches, 1), at(&[2]));
        // Open from level 0: to the end of the tree.
        assert_eq!(Point::end(&branches, 0), Point::End);
        // The last option of the last option: the end of the tree.
        assert_eq!(Point::end(&[Branch::new(3, 4), Branch::new(1, 2)], 2), Point::End);
        assert_eq!(Point::end(&[], 0), Point::End);
        // Open from level 0, stopping before option 3 of 4.
        let until = [Branch { index: 1, count: 4, end: 3 }, Branch::new(1, 2)];
        assert_eq!(Point::end(&until, 0), at(&[3]));
    }

    #[test]
    fn points_order_as_the_search_goes() {
        let mut points = vec![Point::End, at(&[2]), at(&[1, 3]), Point::start(), at(&[1])];
        points.sort();
        assert_eq!(points, [Point::start(), at(&[1]), at(&[1, 3]), at(&[2]), Point::End]);
    }
}
