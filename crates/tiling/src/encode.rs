//! A [`Tiling`] as exact cover, and back.
//!
//! Items, primary first: a piece used exactly once (its name); the slots `NAME#j` of a piece
//! used `a` to `b` times (or, under [`Encoding::Multiplicities`], its name covered `a` to
//! `b` times); the required cells (`x.y`, or `x.y.z` in space). Secondary: a piece used at
//! most once; the optional cells; the slots' order items `NAME<j.l.i`. A piece used any
//! number of times has no item. Options: one per placement (per slot, under slots), over
//! the piece's item and the cells, in the order of the pieces, their shapes and their first
//! cells; then the slots' "unused" options.
//!
//! Slots: copy `j` of a piece (in the order of the copies' first cells, the least cell
//! number of each, distinct since copies do not overlap) fills slot `j`; a slot past the
//! copies used takes its "unused" option, whose value `C + j` (C the board's cells) is above
//! every cell. Slot `j`'s value must be below slot `j + 1`'s: slot `j`'s option covers the
//! dyadic intervals (of a segment tree over the values) that hold its value, and slot
//! `j + 1`'s option the intervals that make up `[value, top)`. The two meet exactly when
//! slot `j`'s value is not below, so each set of copies is one solution, with about
//! 2·log₂(C) order items more per option.

use dancer::{BuildError, Problem, ProblemBuilder};

use crate::board::CellKind;
use crate::error::TilingError;
use crate::tiling::{Encoding, Tiling};

/// A tiling's exact-cover problem, with what each option places.
#[derive(Clone, Debug)]
pub struct Encoded {
    /// The problem.
    pub problem: Problem,
    /// Option `k` places piece `placed[k].0` on placement `placed[k].1`; `None` for a slot's
    /// "unused" option.
    pub placed: Vec<Option<(usize, usize)>>,
}

/// How a piece is encoded.
enum Role {
    Primary,
    Secondary,
    Free,
    Slots(u32),
    Bounded(u32, u32),
}

impl Tiling {
    /// The exact-cover problem of the tiling.
    ///
    /// # Errors
    /// [`TilingError::Engine`] when the engine refuses it (a piece named like a cell, say).
    pub fn encode(&self) -> Result<Encoded, TilingError> {
        self.encode_with(None)
    }

    /// The problem, with one piece restricted to some of its placements (by number) if
    /// `only` says so.
    pub(crate) fn encode_with(
        &self,
        only: Option<(usize, &[usize])>,
    ) -> Result<Encoded, TilingError> {
        let engine = |error: BuildError| TilingError::Engine(error.to_string());
        let cells = self.board.cells();
        let dims = self.board.dimensions();
        let cell_name = |k: usize| {
            let [x, y, z] = cells[k];
            if dims == 2 {
                format!("{x}.{y}")
            } else {
                format!("{x}.{y}.{z}")
            }
        };
        let roles: Vec<Role> = (0..self.pieces.len()).map(|k| self.role(k)).collect();
        let mut options: Vec<Vec<String>> = Vec::new();
        let mut placed = Vec::new();
        let mut order_items: Vec<String> = Vec::new();
        let top = cells.len()
            + roles
                .iter()
                .map(|r| if let Role::Slots(b) = r { *b as usize } else { 0 })
                .max()
                .unwrap_or(0);
        let levels = usize::BITS - top.saturating_sub(1).leading_zeros();
        for (k, role) in roles.iter().enumerate() {
            let name = &self.names[k];
            let numbers: Vec<usize> = match only {
                Some((piece, numbers)) if piece == k => numbers.to_vec(),
                _ => (0..self.placements[k].len()).collect(),
            };
            for p in numbers {
                let placement = &self.placements[k][p];
                let covered = placement.iter().map(|&c| cell_name(c));
                match role {
                    Role::Slots(slots) => {
                        for j in 0..*slots {
                            let mut option = vec![format!("{name}#{j}")];
                            option.extend(covered.clone());
                            order(
                                name,
                                j,
                                *slots,
                                placement[0],
                                levels,
                                &mut option,
                                &mut order_items,
                            );
                            options.push(option);
                            placed.push(Some((k, p)));
                        }
                    }
                    Role::Free => {
                        options.push(covered.collect());
                        placed.push(Some((k, p)));
                    }
                    _ => {
                        options.push(std::iter::once(name.clone()).chain(covered).collect());
                        placed.push(Some((k, p)));
                    }
                }
            }
        }
        for (k, role) in roles.iter().enumerate() {
            if let Role::Slots(slots) = *role {
                let low = self.pieces[k].count.low;
                for j in low..slots {
                    let mut option = vec![format!("{}#{j}", self.names[k])];
                    let value = cells.len() + j as usize;
                    order(&self.names[k], j, slots, value, levels, &mut option, &mut order_items);
                    options.push(option);
                    placed.push(None);
                }
            }
        }
        let builder = self.declare(&roles, &cell_name, order_items);
        let mut builder = builder;
        for option in &options {
            builder.option_named(option);
        }
        Ok(Encoded { problem: builder.build().map_err(engine)?, placed })
    }

    /// A builder with the items declared, primary first (see the module's notes).
    fn declare(
        &self,
        roles: &[Role],
        cell_name: &dyn Fn(usize) -> String,
        mut order_items: Vec<String>,
    ) -> ProblemBuilder {
        let cells = self.board.cells();
        let mut builder = ProblemBuilder::new();
        for (k, role) in roles.iter().enumerate() {
            match *role {
                Role::Primary => {
                    builder.primary(self.names[k].clone());
                }
                Role::Slots(slots) => {
                    for j in 0..slots {
                        builder.primary(format!("{}#{j}", self.names[k]));
                    }
                }
                Role::Bounded(low, high) => {
                    builder.primary_bounded(self.names[k].clone(), low..=high);
                }
                Role::Secondary | Role::Free => {}
            }
        }
        for (c, _) in cells.iter().enumerate() {
            if self.board.kind(c) == CellKind::Required {
                builder.primary(cell_name(c));
            }
        }
        for (k, role) in roles.iter().enumerate() {
            if matches!(role, Role::Secondary) {
                builder.secondary(self.names[k].clone());
            }
        }
        for (c, _) in cells.iter().enumerate() {
            if self.board.kind(c) == CellKind::Optional {
                builder.secondary(cell_name(c));
            }
        }
        order_items.sort_unstable();
        order_items.dedup();
        for item in order_items {
            builder.secondary(item);
        }
        builder
    }

    fn role(&self, k: usize) -> Role {
        let count = self.pieces[k].count;
        let most = self.most(k);
        match (count.low, count.high) {
            // Never used: no item and, as slots, no option.
            (_, Some(0)) => Role::Slots(0),
            (1, Some(1)) => Role::Primary,
            (0, Some(1)) => Role::Secondary,
            (0, None) => Role::Free,
            (low, _) => match self.encoding {
                Encoding::Slots => Role::Slots(most.max(low)),
                Encoding::Multiplicities => Role::Bounded(low, most.max(low).max(1)),
            },
        }
    }
}

/// Adds to a slot's option the order items of its value: those below slot `j + 1`'s (the
/// dyadic intervals holding `value`) and those above slot `j - 1`'s (the intervals making up
/// `[value, 2^levels)`), remembering their names.
fn order(
    name: &str,
    j: u32,
    slots: u32,
    value: usize,
    levels: u32,
    option: &mut Vec<String>,
    names: &mut Vec<String>,
) {
    let mut add = |boundary: u32, level: u32, index: usize| {
        let item = format!("{name}<{boundary}.{level}.{index}");
        names.push(item.clone());
        option.push(item);
    };
    if j + 1 < slots {
        for level in 0..=levels {
            add(j, level, value >> level);
        }
    }
    if j > 0 {
        // [value, 2^levels) as disjoint dyadic intervals: climb while the interval starts
        // at an even index, taking an odd one as it is and stepping past it.
        let (mut index, mut level) = (value, 0);
        while level <= levels && index < (1usize << (levels - level)) {
            if index & 1 == 1 || level == levels {
                add(j - 1, level, index);
                index += 1;
            }
            if index & 1 == 0 {
                index >>= 1;
                level += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    /// The intervals `order` gives for [v, 2^k) cover exactly those values, each once.
    #[test]
    fn dyadic_intervals_make_up_the_rest_of_the_range() {
        for levels in 0..6u32 {
            for value in 0..(1usize << levels) {
                let mut option = Vec::new();
                let mut names = Vec::new();
                super::order("p", 1, 2, value, levels, &mut option, &mut names);
                let mut covered = Vec::new();
                for item in &option {
                    let (_, rest) = item.split_once('.').unwrap();
                    let (level, index) = rest.split_once('.').unwrap();
                    let (level, index): (u32, usize) =
                        (level.parse().unwrap(), index.parse().unwrap());
                    covered.extend((index << level)..((index + 1) << level));
                }
                covered.sort_unstable();
                assert_eq!(
                    covered,
                    (value..1 << levels).collect::<Vec<_>>(),
                    "{value} of {levels}"
                );
            }
        }
    }
}
