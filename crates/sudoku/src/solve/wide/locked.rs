//! Locked candidates at every node of the wide search: when a digit's places in one region all
//! lie in another, the other's cells outside the first lose it.
//!
//! Why at every node and not only at the root: with extra regions that overlap the boxes (the
//! windows of a 16×16 Windoku) singles alone leave most of a position's consequences unseen,
//! and the search went past 10 million nodes (20 s, half the tree) on ISS's "16x16: Windoku",
//! which the propagating search, with locked candidates at each node, proves unique in 10 164.
//! A plain 16×16 of rows, columns and boxes gains little from it (its root deductions already
//! do most), so only variants with other regions pay for the pass: see
//! [`WideTables::overlaps`].

use super::board::WideBoard;
use super::tables::WideTables;
use crate::solve::kit::Contradiction;
use crate::variant::{RegionKind, Variant};

/// Two regions that share at least two cells, seen from the first.
#[derive(Clone, Copy, Debug)]
pub(super) struct Overlap {
    /// The region whose places are looked at.
    from: u32,
    /// The region that loses the digit outside the shared cells.
    to: u32,
    /// The shared cells, as bits of `from`'s cells.
    shared: u64,
    /// `to`'s cells outside `from`, as bits of `to`'s cells.
    outside: u64,
}

/// The overlaps of `variant`'s regions in both directions, when it has regions other than
/// rows, columns and boxes (empty otherwise: see the module's comment).
pub(super) fn overlaps(variant: &Variant) -> Vec<Overlap> {
    let regions = variant.regions();
    let plain = |kind| matches!(kind, RegionKind::Row | RegionKind::Column | RegionKind::Box);
    if regions.iter().all(|region| plain(region.kind)) {
        return Vec::new();
    }
    let mut found = Vec::new();
    for (a, first) in regions.iter().enumerate() {
        for (b, second) in regions.iter().enumerate() {
            if a == b {
                continue;
            }
            let shared = bits(&first.cells, |cell| second.cells.contains(&cell));
            if shared.count_ones() < 2 {
                continue;
            }
            let outside = bits(&second.cells, |cell| !first.cells.contains(&cell));
            if outside != 0 {
                found.push(Overlap { from: a as u32, to: b as u32, shared, outside });
            }
        }
    }
    found
}

/// The cells of a region that `keep`, as bits of its cells.
fn bits(cells: &[usize], keep: impl Fn(usize) -> bool) -> u64 {
    cells.iter().enumerate().filter(|&(_, &cell)| keep(cell)).fold(0, |mask, (i, _)| mask | 1 << i)
}

impl WideBoard {
    /// The placements on the queue and what they lead to, then locked candidates over
    /// `tables`' overlaps (with the singles they make) until neither finds more.
    ///
    /// # Errors
    /// When the deductions contradict each other; the queue is then empty.
    pub(super) fn deduce(&mut self, tables: &WideTables) -> Result<(), Contradiction> {
        self.propagate(tables)?;
        let n = tables.size;
        loop {
            let mut changed = false;
            for overlap in &tables.overlaps {
                let (from, to) = (overlap.from as usize, overlap.to as usize);
                // Digits the first region still lacks whose places are all shared.
                let mut digits = tables.all & !self.placed[from];
                while digits != 0 {
                    let digit = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    let places = self.places[from * n + digit];
                    if places == 0 || places & !overlap.shared != 0 {
                        continue;
                    }
                    let mut victims = self.places[to * n + digit] & overlap.outside;
                    while victims != 0 {
                        let cell = tables.cell_at(to, victims.trailing_zeros() as usize);
                        victims &= victims - 1;
                        changed = true;
                        if !self.eliminate(tables, cell, digit) {
                            self.forget_queue();
                            return Err(Contradiction);
                        }
                    }
                }
            }
            if !changed {
                return Ok(());
            }
            self.propagate(tables)?;
        }
    }
}
