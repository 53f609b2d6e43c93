//! The order in which the memoised walk branches, chosen by the walk itself rather than taken
//! from the order the items were declared in.
//!
//! A memoised count meets as many sub-problems as there are distinct sets of items left, and
//! those sets are set by the *frontier*: the active items that share an option with a covered
//! one. On a 4×24 domino strip, MRV's ties broken along the 4-cell side keep a frontier of
//! about four cells (410 nodes); broken along the 24-cell side, the frontier is a whole row and
//! the walk meets millions of sub-problems (3.9 M nodes) for the same count. So the walk breaks
//! MRV's ties by a rank of its own: the items numbered in the order of a breadth-first search
//! (Cuthill–McKee) from a pseudo-peripheral item of the graph in which two primary items are
//! neighbours when an option holds both. The levels of such a search are narrow bands (the
//! anti-diagonals of a strip, from a corner), so the items of a band are covered before the
//! next band is opened, whatever their declared order. The rank changes only which of the
//! shortest lists is branched on: the key stays the state of every item, so counts are exact.
//!
//! Where no order is narrow (queens, Langford pairs, sudoku: each item meets most others) the
//! rank is no better a guide than the declared order, which the user may have chosen with
//! care, and Cuthill–McKee measured worse there (the blank 6×6 sudoku: 7.5 M sub-problems
//! against 5.5 M): the walk then keeps the declared order ([`Ties::settle`]).

use crate::matrix::{Matrix, Mode};

/// The most breadth-first searches spent looking for a pseudo-peripheral item of a component
/// (George and Liu's method): each one is linear in the component's nodes, and on the graphs
/// met in practice two or three settle it.
const PERIPHERY_ROUNDS: usize = 4;

/// How the memoised walk breaks MRV's ties, settled once per problem.
#[derive(Debug, Default)]
pub(super) enum Ties {
    /// Not worked out yet.
    #[default]
    Unsettled,
    /// Leftmost in the declared order, as the plain search: where no order has a narrow
    /// frontier (queens, Langford, sudoku: every item meets most others), or the declared
    /// one is as narrow as the walk's own.
    Declared,
    /// Lowest rank (`ranks[header]`; entry 0 unused), the rank being the position in the
    /// walk's own order.
    Ranked(Vec<u32>),
}

impl Ties {
    /// Works out the ties of `matrix`'s problem, unless known: the walk's own order where its
    /// frontier is narrow (at most a quarter of the primary items at its widest), nowhere
    /// wider than the declared order's and with half its estimate or less; the declared
    /// order otherwise (the 4×24 strip declared along its short side: 410 nodes, against
    /// 404 in the walk's order: the user's order is kept where it is about as narrow). Linear
    /// in the matrix's nodes; read from the options' items (which covering never changes), so
    /// the options committed before a count do not matter.
    pub(super) fn settle(&mut self, matrix: &Matrix, preferred: &[u32]) {
        if !matches!(self, Ties::Unsettled) {
            return;
        }
        if !preferred.is_empty() {
            *self = Ties::Ranked(super::preferred_ranks(preferred, matrix.primary_count));
            return;
        }
        let graph = Graph::new(matrix);
        let ranks = ranks(&graph);
        let declared: Vec<u32> = (0..=graph.primary).map(|i| i.saturating_sub(1)).collect();
        let (own, given) = (Frontier::of(&graph, &ranks), Frontier::of(&graph, &declared));
        let narrower = own.widest <= given.widest && own.estimate + 1.0 < given.estimate;
        *self = if narrower && own.widest <= graph.primary / 4 {
            Ties::Ranked(ranks)
        } else {
            Ties::Declared
        };
    }
}

/// The walk's own order as ranks: a Cuthill–McKee order of each component in turn, from a
/// pseudo-peripheral item.
fn ranks(graph: &Graph) -> Vec<u32> {
    let mut bfs = Bfs::new(graph);
    let mut ranks = vec![u32::MAX; graph.primary as usize + 1];
    let mut order: Vec<u32> = Vec::with_capacity(graph.primary as usize);
    for start in 1..=graph.primary {
        if ranks[start as usize] != u32::MAX {
            continue;
        }
        let root = bfs.peripheral(graph, start);
        let from = order.len();
        bfs.search(graph, root, &mut order);
        for (at, &item) in order.iter().enumerate().skip(from) {
            ranks[item as usize] = at as u32;
        }
    }
    ranks
}

/// How wide an order's frontier is: at each step (the items of rank below it reached), the
/// items not yet reached that share an option with one reached. Those are what the
/// sub-problems met at that depth differ in, so the table holds up to about 2^width of them
/// per step.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Frontier {
    widest: u32,
    /// log2 of the sum over the steps of 2^width.
    estimate: f64,
}

impl Frontier {
    fn of(graph: &Graph, ranks: &[u32]) -> Frontier {
        let p = graph.primary as usize;
        // The lowest rank each item shares an option with (its own at most).
        let mut first: Vec<u32> = ranks.to_vec();
        for o in 0..graph.option_count() {
            let items = graph.items_of(o);
            let least = items.iter().map(|&i| ranks[i as usize]).min().unwrap_or(u32::MAX);
            for &i in items {
                first[i as usize] = first[i as usize].min(least);
            }
        }
        // Item i is on the frontier at the steps first+1..=rank.
        let mut change = vec![0i64; p + 2];
        for i in 1..=p {
            let (first, rank) = (first[i] as usize, ranks[i] as usize);
            if first < rank {
                change[first + 1] += 1;
                change[rank + 1] -= 1;
            }
        }
        let (mut width, mut widest, mut sum) = (0i64, 0, 0f64);
        for step in &change[..=p] {
            width += step;
            widest = widest.max(width);
            sum += (width as f64).exp2();
        }
        Frontier { widest: u32::try_from(widest).unwrap_or(u32::MAX), estimate: sum.log2() }
    }
}

/// The active primary item with the shortest list, ties going to the lowest rank; header 0
/// (whose list is always empty) when a huge matrix knows of an empty list, and a one-option
/// list without a scan when it knows of one (any forced move leads to the same state in the
/// end). `None` when no primary item is active.
#[inline]
pub(super) fn choose<M: Mode>(matrix: &Matrix, ranks: &[u32]) -> Option<u32> {
    let mut k = matrix.items[0].right;
    if k == 0 {
        return None;
    }
    if M::HUGE {
        if matrix.empty > 0 {
            return Some(0);
        }
        if let Some(single) = matrix.singles.smallest() {
            return Some(single);
        }
    }
    // Length and rank in one word: the smallest is the shortest list of lowest rank.
    let weigh = |k: u32| u64::from(matrix.len[k as usize]) << 32 | u64::from(ranks[k as usize]);
    let (mut best, mut best_weight) = (k, weigh(k));
    while best_weight >> 32 > 0 {
        k = matrix.items[k as usize].right;
        if k == 0 {
            break;
        }
        let weight = weigh(k);
        if weight < best_weight {
            (best, best_weight) = (k, weight);
        }
    }
    Some(best)
}

/// The primary items and the options, as lists of each other (compressed rows), read from the
/// matrix's static fields.
struct Graph {
    primary: u32,
    /// `options[option_at[i]..option_at[i + 1]]`: the options that hold primary header `i`.
    option_at: Vec<u32>,
    options: Vec<u32>,
    /// `items[item_at[o]..item_at[o + 1]]`: the primary headers of option `o`.
    item_at: Vec<u32>,
    items: Vec<u32>,
}

impl Graph {
    fn new(matrix: &Matrix) -> Graph {
        let primary = matrix.primary_count;
        let option_count = matrix.option_start.len() - 1;
        let (mut item_at, mut items) = (Vec::with_capacity(option_count + 1), Vec::new());
        let mut degree = vec![0u32; primary as usize + 2];
        item_at.push(0);
        for &first in &matrix.option_start[..option_count] {
            let mut x = first as usize;
            // Each option ends at a spacer, whose TOP is 0.
            while matrix.nodes[x].top != 0 {
                let top = matrix.nodes[x].top;
                if top <= primary {
                    items.push(top);
                    degree[top as usize + 1] += 1;
                }
                x += 1;
            }
            item_at.push(items.len() as u32);
        }
        let mut option_at = degree;
        for i in 1..option_at.len() {
            option_at[i] += option_at[i - 1];
        }
        let mut filled = option_at.clone();
        let mut options = vec![0; items.len()];
        for o in 0..option_count {
            for &i in &items[item_at[o] as usize..item_at[o + 1] as usize] {
                options[filled[i as usize] as usize] = o as u32;
                filled[i as usize] += 1;
            }
        }
        Graph { primary, option_at, options, item_at, items }
    }

    /// The number of options that hold primary header `i`.
    fn option_count(&self) -> u32 {
        self.item_at.len() as u32 - 1
    }

    fn degree(&self, i: u32) -> u32 {
        self.option_at[i as usize + 1] - self.option_at[i as usize]
    }

    fn options_of(&self, i: u32) -> &[u32] {
        &self.options[self.option_at[i as usize] as usize..self.option_at[i as usize + 1] as usize]
    }

    fn items_of(&self, o: u32) -> &[u32] {
        &self.items[self.item_at[o as usize] as usize..self.item_at[o as usize + 1] as usize]
    }
}

/// Breadth-first searches over one graph, marking with stamps so that none clears its marks.
struct Bfs {
    stamp: u32,
    item_seen: Vec<u32>,
    option_seen: Vec<u32>,
    queue: Vec<u32>,
    fresh: Vec<u32>,
}

impl Bfs {
    fn new(graph: &Graph) -> Bfs {
        Bfs {
            stamp: 0,
            item_seen: vec![0; graph.primary as usize + 1],
            option_seen: vec![0; graph.option_count() as usize],
            queue: Vec::new(),
            fresh: Vec::new(),
        }
    }

    /// A breadth-first search from `root`, its items appended to `out`, each item's new
    /// neighbours in order of increasing degree (the Cuthill–McKee order); returns its number of
    /// levels and the start of the last one in `out`. Each option is expanded once, so a
    /// search is linear in the nodes of the component, however long the options.
    fn search(&mut self, graph: &Graph, root: u32, out: &mut Vec<u32>) -> (usize, usize) {
        self.stamp += 1;
        let stamp = self.stamp;
        let from = out.len();
        out.push(root);
        self.item_seen[root as usize] = stamp;
        let (mut levels, mut level_start, mut next_start, mut at) = (1, from, from + 1, from);
        while at < out.len() {
            if at == next_start {
                (levels, level_start, next_start) = (levels + 1, at, out.len());
            }
            let item = out[at];
            at += 1;
            self.fresh.clear();
            for &o in graph.options_of(item) {
                if std::mem::replace(&mut self.option_seen[o as usize], stamp) == stamp {
                    continue;
                }
                for &i in graph.items_of(o) {
                    if std::mem::replace(&mut self.item_seen[i as usize], stamp) != stamp {
                        self.fresh.push(i);
                    }
                }
            }
            self.fresh.sort_unstable_by_key(|&i| (graph.degree(i), i));
            out.extend_from_slice(&self.fresh);
        }
        (levels, level_start)
    }

    /// A pseudo-peripheral item of `start`'s component (George and Liu): from `start`, go to
    /// the item of least degree in the last level while that makes more levels.
    fn peripheral(&mut self, graph: &Graph, start: u32) -> u32 {
        let mut queue = std::mem::take(&mut self.queue);
        queue.clear();
        let (mut root, (mut levels, last)) = (start, self.search(graph, start, &mut queue));
        let mut far = lightest(graph, &queue[last..]);
        for _ in 0..PERIPHERY_ROUNDS {
            queue.clear();
            let (more, last) = self.search(graph, far, &mut queue);
            if more <= levels {
                break;
            }
            (root, levels) = (far, more);
            far = lightest(graph, &queue[last..]);
        }
        self.queue = queue;
        root
    }
}

/// The item of least degree among `items` (the first of them on ties).
fn lightest(graph: &Graph, items: &[u32]) -> u32 {
    *items.iter().min_by_key(|&&i| (graph.degree(i), i)).expect("a level has an item")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The dominoes of a `rows` × `cols` board, cells numbered row by row.
    fn board(rows: u32, cols: u32) -> Matrix {
        let mut options: Vec<Vec<(u32, u32)>> = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let here = r * cols + c;
                if c + 1 < cols {
                    options.push(vec![(here, 0), (here + 1, 0)]);
                }
                if r + 1 < rows {
                    options.push(vec![(here, 0), (here + cols, 0)]);
                }
            }
        }
        let entries = options.len() * 2;
        Matrix::new(rows * cols, rows * cols, entries, options.iter().map(Vec::as_slice))
    }

    #[test]
    fn a_strip_declared_along_its_long_side_is_ranked_across_it() {
        let matrix = board(4, 24);
        let graph = Graph::new(&matrix);
        let declared: Vec<u32> = (0..=graph.primary).map(|i| i.saturating_sub(1)).collect();
        // Row by row, a whole row of 24 cells waits on the row above.
        assert_eq!(Frontier::of(&graph, &declared).widest, 24);
        let ranks = ranks(&graph);
        let mut sorted = ranks[1..].to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..96).collect::<Vec<_>>(), "a permutation of the items");
        // From a corner, by anti-diagonals: never more than a column and one cell.
        assert!(Frontier::of(&graph, &ranks).widest <= 5);
        let mut ties = Ties::Unsettled;
        ties.settle(&matrix, &[]);
        assert!(matches!(ties, Ties::Ranked(_)));
    }

    #[test]
    fn a_strip_declared_along_its_short_side_keeps_its_order() {
        let mut ties = Ties::Unsettled;
        ties.settle(&board(24, 4), &[]);
        assert!(matches!(ties, Ties::Declared));
    }

    /// Every row item meets every column item: no order is narrow.
    #[test]
    fn a_dense_problem_keeps_its_order() {
        let n = 8;
        let options: Vec<Vec<(u32, u32)>> =
            (0..n * n).map(|k| vec![(k / n, 0), (n + k % n, 0)]).collect();
        let matrix =
            Matrix::new(2 * n, 2 * n, options.len() * 2, options.iter().map(Vec::as_slice));
        let mut ties = Ties::Unsettled;
        ties.settle(&matrix, &[]);
        assert!(matches!(ties, Ties::Declared));
    }

    #[test]
    fn each_component_is_ranked_in_turn() {
        // Two strips of 2×6 side by side, their cells interleaved in the declaration.
        let mut options: Vec<Vec<(u32, u32)>> = Vec::new();
        let cell = |strip: u32, r: u32, c: u32| 2 * (r * 6 + c) + strip;
        for strip in 0..2 {
            for r in 0..2 {
                for c in 0..6 {
                    if c + 1 < 6 {
                        options.push(vec![(cell(strip, r, c), 0), (cell(strip, r, c + 1), 0)]);
                    }
                    if r == 0 {
                        options.push(vec![(cell(strip, 0, c), 0), (cell(strip, 1, c), 0)]);
                    }
                }
            }
        }
        let matrix = Matrix::new(24, 24, options.len() * 2, options.iter().map(Vec::as_slice));
        let ranks = ranks(&Graph::new(&matrix));
        // The first strip's cells (even items, headers 1, 3, ...) take ranks 0..12.
        for item in 0..24u32 {
            assert_eq!(ranks[item as usize + 1] < 12, item % 2 == 0, "item {item}");
        }
    }
}
