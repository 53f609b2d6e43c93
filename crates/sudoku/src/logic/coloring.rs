//! Simple colouring: the conjugate pairs of one digit (regions where it has exactly two places)
//! chain cells into clusters coloured alternately; one colour holds the digit throughout. A
//! cell seeing both colours loses it (colour trap); a colour with two cells seeing each other
//! is false everywhere (colour wrap).

use super::bits::two_bits;
use super::candidates::Candidates;
use super::{text, Step, Technique, TechniqueKind};
use crate::grid::{Cell, Digit};
use crate::variant::Variant;

/// Colour traps and colour wraps on one digit's conjugate pairs.
pub(super) struct SimpleColoring;

/// One cluster of conjugate pairs: its cells by colour, as lists and as cell bitsets. One is
/// allocated per search and refilled for each cluster.
struct Cluster {
    sides: [Vec<Cell>; 2],
    sets: [Vec<u64>; 2],
    regions: Vec<usize>,
    queue: Vec<Cell>,
}

impl Technique for SimpleColoring {
    fn kind(&self) -> TechniqueKind {
        TechniqueKind::SimpleColoring
    }

    fn find(&self, candidates: &Candidates, _: &Variant) -> Option<Step> {
        let n = candidates.size();
        // colour[c]: 0 uncoloured, else 2 × cluster number + side.
        let mut colour = vec![0u32; n * n];
        let words = candidates.geometry().words();
        let mut cluster = Cluster {
            sides: [Vec::new(), Vec::new()],
            sets: [vec![0; words], vec![0; words]],
            regions: Vec::new(),
            queue: Vec::new(),
        };
        for digit in 1..=n as Digit {
            colour.fill(0);
            let mut number = 0;
            for start in 0..n * n {
                if colour[start] != 0 || partners(candidates, start, digit).next().is_none() {
                    continue;
                }
                number += 1;
                colour_cluster(candidates, digit, start, 2 * number, &mut colour, &mut cluster);
                if let Some(step) = wrap(candidates, digit, &cluster) {
                    return Some(step);
                }
                if let Some(step) = trap(candidates, digit, &cluster, &colour, number) {
                    return Some(step);
                }
            }
        }
        None
    }
}

/// The conjugate partners of `cell` on `digit`, with the region of each link.
fn partners(
    candidates: &Candidates,
    cell: Cell,
    digit: Digit,
) -> impl Iterator<Item = (usize, Cell)> + '_ {
    let geometry = candidates.geometry();
    let linked = candidates.has(cell, digit);
    geometry.members(cell).iter().filter_map(move |&(r, k)| {
        let places = candidates.positions(r as usize, digit);
        (linked && two_bits(places)).then(|| {
            let other = (places & !(1 << k)).trailing_zeros();
            (r as usize, geometry.region(r as usize)[other as usize])
        })
    })
}

/// Colours the cluster of `start` with `base` and `base + 1`, breadth first.
fn colour_cluster(
    candidates: &Candidates,
    digit: Digit,
    start: Cell,
    base: u32,
    colour: &mut [u32],
    cluster: &mut Cluster,
) {
    for side in 0..2 {
        cluster.sides[side].clear();
        cluster.sets[side].fill(0);
    }
    cluster.regions.clear();
    cluster.queue.clear();
    colour[start] = base;
    cluster.queue.push(start);
    let mut next = 0;
    while let Some(&cell) = cluster.queue.get(next) {
        next += 1;
        let side = (colour[cell] - base) as usize;
        cluster.sides[side].push(cell);
        cluster.sets[side][cell / 64] |= 1 << (cell % 64);
        for (r, other) in partners(candidates, cell, digit) {
            if !cluster.regions.contains(&r) {
                cluster.regions.push(r);
            }
            if colour[other] == 0 {
                colour[other] = base + (1 - side as u32);
                cluster.queue.push(other);
            }
        }
    }
}

/// Whether `cell`'s peers meet a set of cells.
fn sees_any(candidates: &Candidates, cell: Cell, set: &[u64]) -> bool {
    candidates.geometry().peers(cell).iter().zip(set).any(|(p, s)| p & s != 0)
}

/// A colour two of whose cells see each other is false: the digit leaves all its cells.
fn wrap(candidates: &Candidates, digit: Digit, cluster: &Cluster) -> Option<Step> {
    let n = candidates.size();
    for side in 0..2 {
        let cells = &cluster.sides[side];
        let Some(&a) = cells.iter().find(|&&c| sees_any(candidates, c, &cluster.sets[side])) else {
            continue;
        };
        let b = *cells
            .iter()
            .find(|&&c| c != a && candidates.geometry().sees(a, c))
            .expect("a peer of the same colour");
        let mut eliminations: Vec<(Cell, Digit)> = cells.iter().map(|&c| (c, digit)).collect();
        eliminations.sort_unstable();
        let explanation = format!(
            "simple colouring on {}: {} and {} share a colour and see each other, so that \
             colour is false: {}",
            text::digit(digit),
            text::cell(n, a),
            text::cell(n, b),
            text::removed(n, &eliminations)
        );
        return Some(step(cluster, eliminations, explanation));
    }
    None
}

/// Cells outside the cluster that see both colours lose the digit.
fn trap(
    candidates: &Candidates,
    digit: Digit,
    cluster: &Cluster,
    colour: &[u32],
    number: u32,
) -> Option<Step> {
    let n = candidates.size();
    let eliminations: Vec<(Cell, Digit)> = (0..n * n)
        .filter(|&c| candidates.has(c, digit) && colour[c] / 2 != number)
        .filter(|&c| cluster.sets.iter().all(|set| sees_any(candidates, c, set)))
        .map(|c| (c, digit))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let explanation = format!(
        "simple colouring on {}: {} are one colour and {} the other, and one colour holds {}; \
         cells seeing both lose it: {}",
        text::digit(digit),
        text::cells(n, &cluster.sides[0]),
        text::cells(n, &cluster.sides[1]),
        text::digit(digit),
        text::removed(n, &eliminations)
    );
    Some(step(cluster, eliminations, explanation))
}

fn step(cluster: &Cluster, eliminations: Vec<(Cell, Digit)>, explanation: String) -> Step {
    Step::eliminating(
        TechniqueKind::SimpleColoring,
        cluster.sides.concat(),
        cluster.regions.clone(),
        eliminations,
        explanation,
    )
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, blank, cells, confine, fire};
    use super::*;

    /// Confines `digit` in the given regions to the named cells.
    fn links(variant: &Variant, candidates: &mut Candidates, digit: Digit, list: &[(usize, &str)]) {
        for &(r, names) in list {
            confine(candidates, &variant.regions()[r].cells, &cells(variant.size(), names), digit);
        }
    }

    #[test]
    fn colour_trap() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        // r1c2 and r5c8 against r1c8 and r3c3: r5c3 sees r3c3 and r5c8.
        links(
            &variant,
            &mut candidates,
            6,
            &[(0, "r1c2 r1c8"), (9 + 7, "r1c8 r5c8"), (18, "r1c2 r3c3")],
        );
        let step = fire(&SimpleColoring, &candidates, &variant);
        assert_eq!(step.eliminations, [(at(9, "r5c3"), 6)]);
        assert_eq!(step.cells, cells(9, "r1c2 r5c8 r1c8 r3c3"));
        assert_eq!(
            step.explanation,
            "simple colouring on 6: r1c2, r5c8 are one colour and r1c8, r3c3 the other, and one \
             colour holds 6; cells seeing both lose it: 6 removed from r5c3"
        );
    }

    #[test]
    fn colour_wrap() {
        let variant = Variant::standard(9).unwrap();
        let mut candidates = blank(&variant);
        // r1c1, r6c5, r2c2 share a colour, and r1c1 sees r2c2 in box 1.
        links(
            &variant,
            &mut candidates,
            6,
            &[(0, "r1c1 r1c5"), (9 + 4, "r1c5 r6c5"), (5, "r6c5 r6c2"), (9 + 1, "r6c2 r2c2")],
        );
        let step = fire(&SimpleColoring, &candidates, &variant);
        let expected: Vec<_> = cells(9, "r1c1 r2c2 r6c5").into_iter().map(|c| (c, 6)).collect();
        assert_eq!(step.eliminations, expected);
        assert!(step
            .explanation
            .starts_with("simple colouring on 6: r1c1 and r2c2 share a colour"));
    }
}
