//! The depth-first search for the least grid: rows of the result are given source rows, cells
//! get source columns, and only ties are branched on.
//!
//! Two kinds of laziness keep ties few. A column blank in every row so far is *free*: free
//! columns of a stack (and whole free stacks) are interchangeable, so they are counted, not
//! placed. In the fast mode a column whose first digit is new also stays unplaced, *pending*:
//! the cell shows the next label whichever such column sits there, and the choice only decides
//! which digit carries that label. A later row places it, either when its digit is met again
//! (it takes the earliest pending position it can, giving the least label) or when the pending
//! position's value in that row is needed. Without this a full 9×9 row ties 1 296 column orders.
//!
//! Every choice point pushes its alternatives before the cell they decide, so a popped
//! alternative always shares the best grid's prefix up to that cell.

use std::cmp::Ordering;

use super::node::{bits, bits_where, least_of, low_bits, Bits, Node, FREE, NONE, PENDING};
use crate::grid::Grid;
use crate::transform::Transform;

/// The source grid in each orientation, and the search state.
pub(super) struct CanonSearch {
    n: usize,
    shape: (usize, usize),
    /// Fast mode: pending columns; only sound when no row or column repeats a digit.
    lazy: bool,
    input: Grid,
    cells: Vec<Vec<u8>>,
    /// Per orientation and source row, the mask of non-blank columns.
    nonzero: Vec<Vec<u64>>,
    /// Per orientation, `place[row * (n + 1) + d]`: the column of digit `d` in `row`.
    place: Vec<Vec<u8>>,
    stack_mask: Vec<u64>,
    best: Vec<u8>,
    /// `best[..valid]` is a prefix of a reachable grid; beyond it nothing is known.
    valid: usize,
    leaf: Option<Node>,
    stack: Vec<Node>,
    ties: Vec<Node>,
}

impl CanonSearch {
    pub(super) fn new(grid: &Grid, shape: (usize, usize), lazy: bool) -> CanonSearch {
        let n = grid.size();
        let transposed = (0..n * n).map(|k| grid.cells()[k % n * n + k / n]).collect();
        // Square boxes: the transposed grid is an orientation too.
        let mut cells = vec![grid.cells().to_vec()];
        cells.extend((shape.0 == shape.1).then_some(transposed));
        let nonzero = cells
            .iter()
            .map(|c| c.chunks(n).map(|row| bits(row.iter().map(|&d| d != 0))).collect())
            .collect();
        let place = cells
            .iter()
            .map(|c| {
                let mut place = vec![NONE; n * (n + 1)];
                for (k, &d) in c.iter().enumerate() {
                    place[k / n * (n + 1) + usize::from(d)] = (k % n) as u8;
                }
                place
            })
            .collect();
        let stack_mask = (0..n / shape.1).map(|s| low_bits(shape.1) << (s * shape.1)).collect();
        CanonSearch {
            n,
            shape,
            lazy,
            input: grid.clone(),
            cells,
            nonzero,
            place,
            stack_mask,
            best: vec![0; n * n],
            valid: 0,
            leaf: None,
            stack: Vec::new(),
            ties: Vec::new(),
        }
    }

    /// The least grid and a transform reaching it.
    pub(super) fn run(mut self) -> (Grid, Transform) {
        for t in (0..self.cells.len()).rev() {
            self.stack.push(Node::root(t as u8));
        }
        while let Some(mut node) = self.stack.pop() {
            self.descend(&mut node);
        }
        let leaf = self.leaf.take().expect("every search reaches a whole grid");
        let transform = self.transform_of(&leaf);
        let grid = transform.apply(&self.input);
        debug_assert_eq!(grid.cells(), self.best, "the transform rebuilds the least grid");
        (grid, transform)
    }

    /// Fills cells until the node's grid is whole or worse than the best.
    fn descend(&mut self, node: &mut Node) {
        let n = self.n;
        loop {
            let i = usize::from(node.i);
            if i == n {
                self.leaf = Some(node.clone());
                return;
            }
            if usize::from(node.chosen) == i {
                self.choose_row(node);
            }
            let k = i * n + usize::from(node.j);
            let value = self.step(node);
            let order = if k < self.valid { value.cmp(&self.best[k]) } else { Ordering::Less };
            match order {
                Ordering::Greater => {
                    self.ties.clear();
                    return;
                }
                Ordering::Less => {
                    self.best[k] = value;
                    self.valid = k + 1;
                }
                Ordering::Equal => {}
            }
            self.stack.append(&mut self.ties);
            node.j += 1;
            if usize::from(node.j) == n {
                node.j = 0;
                node.i += 1;
            }
        }
    }

    /// Gives result row `i` a source row: any row of an unused band at a band's start, else an
    /// unused row of the current band. The other choices wait on the stack.
    fn choose_row(&mut self, node: &mut Node) {
        let (i, br) = (usize::from(node.i), self.shape.0);
        let band = |b: usize| low_bits(br) << (b * br);
        let rows = if i % br == 0 {
            (0..self.n / br).filter(|&b| node.used_bands & 1 << b == 0).fold(0, |m, b| m | band(b))
        } else {
            band(usize::from(node.rows[i - i % br]) / br)
        };
        let mut rows = Bits(rows & !node.used_rows);
        let first = rows.next().expect("a band has a row left");
        let mut kept = [first; crate::MAX_SIZE];
        let mut count = 1;
        for r in rows {
            if kept[..count].iter().any(|&k| self.interchangeable(node, i % br == 0, k, r)) {
                continue;
            }
            kept[count] = r;
            count += 1;
            let mut other = node.clone();
            other.take_row(r, br);
            self.stack.push(other);
        }
        node.take_row(first, br);
    }

    /// Whether source rows `a` and `b` lead to the same grids when either is taken next:
    /// exchanging them (and, at a band's start, their bands) maps the source grid to itself.
    /// So two equal rows of one band, or the first rows of two blank bands. Without this a
    /// grid of few givens ties on every order of its blank rows (a blank 25×25 ran for hours).
    fn interchangeable(&self, node: &Node, band_start: bool, a: usize, b: usize) -> bool {
        let (t, n, br) = (usize::from(node.t), self.n, self.shape.0);
        let nonzero = &self.nonzero[t];
        if a / br == b / br {
            return nonzero[a] == nonzero[b]
                && self.cells[t][a * n..(a + 1) * n] == self.cells[t][b * n..(b + 1) * n];
        }
        let blank = |band: usize| (band * br..(band + 1) * br).all(|r| nonzero[r] == 0);
        band_start && blank(a / br) && blank(b / br)
    }

    /// The value of cell `(i, j)`, placing what it needs; ties go to `self.ties`.
    fn step(&mut self, node: &mut Node) -> u8 {
        let (i, j) = (usize::from(node.i), usize::from(node.j));
        let slot = j / self.shape.1;
        match node.pos[j] {
            FREE if node.slot_stack[slot] == NONE => self.free_slot(node, slot),
            FREE => self.free_position(node, slot),
            PENDING if usize::from(node.pend_origin[j]) == i => node.pend_label[j],
            PENDING => self.pending_position(node, slot),
            c => self.placed_value(node, usize::from(c)),
        }
    }

    /// A cell of a slot no stack holds yet. Stacks blank in this row fill the first such slots
    /// (still free); otherwise a stack is chosen among those whose row opens with most blanks.
    fn free_slot(&mut self, node: &mut Node, slot: usize) -> u8 {
        let bc = self.shape.1;
        if usize::from(node.j) % bc != 0 {
            return 0;
        }
        let row = self.row(node).1;
        let (mut blank, mut most, mut best) = (0, 0, 0u64);
        for s in Bits(!node.used_stacks & low_bits(self.n / bc)) {
            let blanks = (self.stack_mask[s] & !row).count_ones();
            if self.stack_mask[s] & row == 0 {
                blank += 1;
            } else if blanks >= most {
                best = if blanks > most { 0 } else { best } | 1 << s;
                most = blanks;
            }
        }
        let kept = (0..slot).filter(|&q| node.slot_stack[q] == NONE).count();
        if kept < blank {
            return 0;
        }
        let mut best = Bits(best);
        let first = best.next().expect("a stack is left");
        for s in best {
            let mut other = node.clone();
            other.take_stack(slot, s);
            self.stack.push(other);
        }
        node.take_stack(slot, first);
        self.free_position(node, slot)
    }

    /// A cell among the free positions of a placed stack: blanks first (columns stay free), then
    /// columns with known or bindable labels, least first, then new digits (pending).
    fn free_position(&mut self, node: &mut Node, slot: usize) -> u8 {
        let j = usize::from(node.j);
        if node.force != NONE {
            let c = usize::from(std::mem::replace(&mut node.force, NONE));
            return self.place_free(node, c);
        }
        let (row, nonzero) = self.row(node);
        let free =
            self.stack_mask[usize::from(node.slot_stack[slot])] & !node.placed & !node.pending;
        let start = slot * self.shape.1;
        let kept = (start..j).filter(|&p| node.pos[p] == FREE).count();
        if kept < (free & !nonzero).count_ones() as usize {
            return 0;
        }
        let candidates = free & nonzero;
        let (least, ties) = least_of(candidates, |c| self.label_of(node, row[c], j));
        if least == node.next && self.lazy {
            return node.open_pending(candidates, self.shape.1);
        }
        self.push_ties(node, ties);
        self.place_free(node, ties.trailing_zeros() as usize)
    }

    fn place_free(&mut self, node: &mut Node, c: usize) -> u8 {
        let j = usize::from(node.j);
        node.pos[j] = c as u8;
        node.placed |= 1 << c;
        self.placed_value(node, c)
    }

    /// A pending position from an earlier row: kept pending while some candidate is blank in
    /// this row, else given the candidate whose digit here is least.
    fn pending_position(&mut self, node: &mut Node, slot: usize) -> u8 {
        let j = usize::from(node.j);
        if node.force != NONE {
            let c = usize::from(std::mem::replace(&mut node.force, NONE));
            return self.resolve(node, c);
        }
        let m = node.pend_origin[j];
        let (row, nonzero) = self.row(node);
        let stack = self.stack_mask[usize::from(node.slot_stack[slot])] & node.pending;
        let candidates = bits_where(stack, |c| node.origin[c] == m);
        let start = slot * self.shape.1;
        let kept =
            (start..j).filter(|&p| node.pos[p] == PENDING && node.pend_origin[p] == m).count();
        if kept < (candidates & !nonzero).count_ones() as usize {
            return 0;
        }
        let (_, ties) = least_of(candidates & nonzero, |c| self.label_of(node, row[c], j));
        self.push_ties(node, ties);
        self.resolve(node, ties.trailing_zeros() as usize)
    }

    /// Puts pending column `c` at the current position: its first digit takes the label shown
    /// there.
    fn resolve(&mut self, node: &mut Node, c: usize) -> u8 {
        let j = usize::from(node.j);
        let m = usize::from(node.pend_origin[j]);
        let first = self.cells[usize::from(node.t)][usize::from(node.rows[m]) * self.n + c];
        node.label[usize::from(first)] = node.pend_label[j];
        node.pos[j] = c as u8;
        node.settle(c, m);
        self.placed_value(node, c)
    }

    /// The value of placed column `c` in this row, labelling its digit if it is new.
    fn placed_value(&self, node: &mut Node, c: usize) -> u8 {
        let d = usize::from(self.row(node).0[c]);
        if d == 0 || node.label[d] != 0 {
            return node.label[d];
        }
        if let Some((c2, p)) = self.bind_target(node, d, usize::from(node.j)) {
            node.pos[p] = c2 as u8;
            node.label[d] = node.pend_label[p];
            node.settle(c2, usize::from(node.pend_origin[p]));
        } else {
            node.label[d] = node.next;
            node.next += 1;
        }
        node.label[d]
    }

    /// The label digit `d` would show at the current position: its own, the label of the
    /// pending position it would be bound to, or the next one.
    fn label_of(&self, node: &Node, d: u8, j: usize) -> u8 {
        let d = usize::from(d);
        match node.label[d] {
            0 => self.bind_target(node, d, j).map_or(node.next, |(_, p)| node.pend_label[p]),
            label => label,
        }
    }

    /// Where an unlabelled digit met now must go, when an unplaced column holds it in an
    /// earlier row: that column, and the earliest pending position of its row in its stack's
    /// slot that it can take (one passed in this row showed a blank, so needs a blank here).
    fn bind_target(&self, node: &Node, digit: usize, j: usize) -> Option<(usize, usize)> {
        let width = self.shape.1;
        let row = self.row(node).0;
        let place = &self.place[usize::from(node.t)];
        let mut live = node.live & low_bits(usize::from(node.i));
        while live != 0 {
            let origin = live.trailing_zeros() as usize;
            live &= live - 1;
            let column = place[usize::from(node.rows[origin]) * (self.n + 1) + digit];
            if column == NONE || node.pending & 1 << column == 0 {
                continue;
            }
            let column = usize::from(column);
            let start = usize::from(node.stack_slot[column / width]) * width;
            let p = (start..start + width).find(|&p| {
                node.pos[p] == PENDING
                    && usize::from(node.pend_origin[p]) == origin
                    && p != j
                    && (p > j || row[column] == 0)
            });
            return Some((column, p.expect("a pending column has a position left")));
        }
        None
    }

    fn push_ties(&mut self, node: &Node, ties: u64) {
        for c in Bits(ties & (ties - 1)) {
            let mut other = node.clone();
            other.force = c as u8;
            self.ties.push(other);
        }
    }

    /// The node's current source row, and its non-blank mask.
    fn row(&self, node: &Node) -> (&[u8], u64) {
        let (t, r) = (usize::from(node.t), usize::from(node.rows[usize::from(node.i)]));
        (&self.cells[t][r * self.n..(r + 1) * self.n], self.nonzero[t][r])
    }

    /// The transform of a whole grid: unplaced columns and stacks take any place they may,
    /// and unseen digits the unused labels in order.
    fn transform_of(&self, leaf: &Node) -> Transform {
        let (n, width) = (self.n, self.shape.1);
        let cells = &self.cells[usize::from(leaf.t)];
        let mut label = leaf.label;
        let mut spare = (0..n / width).filter(|&s| leaf.used_stacks & 1 << s == 0);
        let mut cols = vec![0; n];
        for (slot, slot_cols) in cols.chunks_mut(width).enumerate() {
            let stack = match leaf.slot_stack[slot] {
                NONE => spare.next().expect("a stack per slot"),
                stack => usize::from(stack),
            };
            let mut unplaced = self.stack_mask[stack] & !leaf.placed;
            for (p, col) in (slot * width..).zip(slot_cols) {
                let c = match leaf.pos[p] {
                    FREE => Bits(unplaced & !leaf.pending).next(),
                    PENDING => {
                        let origin = leaf.pend_origin[p];
                        let c = Bits(unplaced & leaf.pending).find(|&c| leaf.origin[c] == origin);
                        let c = c.expect("a pending column per pending position");
                        let first = cells[usize::from(leaf.rows[usize::from(origin)]) * n + c];
                        label[usize::from(first)] = leaf.pend_label[p];
                        Some(c)
                    }
                    c => Some(usize::from(c)),
                };
                *col = c.expect("a column per position");
                unplaced &= !(1 << *col);
            }
        }
        let mut used = vec![false; n + 1];
        for &l in &label[1..=n] {
            used[usize::from(l)] = true;
        }
        let mut unused = (1..=n).filter(|&l| !used[l]);
        let digits = (0..=n)
            .map(|d| match label[d] {
                0 if d > 0 => unused.next().expect("a label per digit") as u8,
                l => l,
            })
            .collect();
        let rows = leaf.rows[..n].iter().map(|&r| usize::from(r)).collect();
        Transform::from_parts(self.shape, digits, rows, cols, leaf.t == 1)
    }
}
