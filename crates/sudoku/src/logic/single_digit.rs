//! The single-digit patterns players know from `HoDoKu`: the skyscraper and the 2-string kite
//! (two strong links of one digit whose near ends see each other: one far end holds it) and
//! the empty rectangle (a box whose digit lies in one row and one column, and a strong link
//! that meets one of them). Sudoku Explainer finds the same removals as short X-chains; these
//! name them as players do. Rows, columns and boxes (or jigsaw pieces) of any size.

use super::bits::bits;
use super::candidates::Candidates;
use super::{text, Step, Technique, TechniqueKind};
use crate::grid::{Cell, Digit};
use crate::variant::{RegionKind, Variant};

/// One of [`TechniqueKind::Skyscraper`], [`TechniqueKind::TwoStringKite`] and
/// [`TechniqueKind::EmptyRectangle`].
pub(super) struct SingleDigit(pub(super) TechniqueKind);

/// A digit's only two places in a region (a conjugate pair).
#[derive(Clone, Copy)]
struct Link {
    region: usize,
    ends: [Cell; 2],
}

impl Technique for SingleDigit {
    fn kind(&self) -> TechniqueKind {
        self.0
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        let n = candidates.size();
        let mut links = Vec::new();
        for digit in 1..=n as Digit {
            links.clear();
            // Rows are regions 0..N and columns N..2N in every variant.
            for region in 0..2 * n {
                let places = candidates.positions(region, digit);
                if places.count_ones() == 2 {
                    let cells = candidates.geometry().region(region);
                    let mut at = bits(places).map(|k| cells[k as usize]);
                    let ends = [at.next()?, at.next()?];
                    links.push(Link { region, ends });
                }
            }
            let found = match self.0 {
                TechniqueKind::Skyscraper => two_links(candidates, variant, digit, &links, true),
                TechniqueKind::TwoStringKite => {
                    two_links(candidates, variant, digit, &links, false)
                }
                _ => empty_rectangle(candidates, variant, digit, &links),
            };
            if found.is_some() {
                return found;
            }
        }
        None
    }
}

/// A skyscraper (`parallel`: links in two rows or two columns whose near ends share a line)
/// or a 2-string kite (a row's link and a column's whose near ends share a box).
fn two_links(
    candidates: &Candidates,
    variant: &Variant,
    digit: Digit,
    links: &[Link],
    parallel: bool,
) -> Option<Step> {
    let n = candidates.size();
    let geometry = candidates.geometry();
    for (i, a) in links.iter().enumerate() {
        for b in &links[i + 1..] {
            // A skyscraper's links are both in rows or both in columns; a kite's are not.
            if parallel != ((a.region < n) == (b.region < n)) {
                continue;
            }
            for (near_a, far_a) in [(0, 1), (1, 0)] {
                for (near_b, far_b) in [(0, 1), (1, 0)] {
                    let (na, fa, nb, fb) =
                        (a.ends[near_a], a.ends[far_a], b.ends[near_b], b.ends[far_b]);
                    if [na, fa].iter().any(|c| *c == nb || *c == fb) {
                        continue;
                    }
                    let shared = if parallel {
                        // The other kind of line through the near ends; the far ends off it.
                        let across = |c: Cell| if a.region < n { n + c % n } else { c / n };
                        (across(na) == across(nb) && across(fa) != across(fb)).then(|| across(na))
                    } else {
                        shared_box(candidates, na, nb).filter(|&bx| {
                            let inside = geometry.region(bx);
                            !inside.contains(&fa) && !inside.contains(&fb)
                        })
                    };
                    let Some(shared) = shared else { continue };
                    let eliminations = seeing_both(candidates, digit, fa, fb, &[na, fb, nb, fa]);
                    if eliminations.is_empty() {
                        continue;
                    }
                    let said = |r: usize| text::region(variant, r).to_string();
                    let explanation = format!(
                        "{} on {d}: {d} lies only at {}, {} in {} and at {}, {} in {}; {} and {} \
                         share {}, so {} or {} is {d}: {}",
                        if parallel { "skyscraper" } else { "2-string kite" },
                        text::cell(n, na),
                        text::cell(n, fa),
                        said(a.region),
                        text::cell(n, nb),
                        text::cell(n, fb),
                        said(b.region),
                        text::cell(n, na),
                        text::cell(n, nb),
                        said(shared),
                        text::cell(n, fa),
                        text::cell(n, fb),
                        text::removed(n, &eliminations),
                        d = text::digit(digit),
                    );
                    let kind = if parallel {
                        TechniqueKind::Skyscraper
                    } else {
                        TechniqueKind::TwoStringKite
                    };
                    let cells = vec![na, fa, nb, fb];
                    let regions = vec![a.region, b.region, shared];
                    return Some(Step::eliminating(
                        kind,
                        cells,
                        regions,
                        eliminations,
                        explanation,
                    ));
                }
            }
        }
    }
    None
}

/// The box (or jigsaw piece) holding both cells, if any.
fn shared_box(candidates: &Candidates, a: Cell, b: Cell) -> Option<usize> {
    let geometry = candidates.geometry();
    let boxes = |c: Cell| {
        geometry
            .members(c)
            .iter()
            .map(|&(r, _)| r as usize)
            .filter(|&r| matches!(geometry.kind(r), RegionKind::Box | RegionKind::Piece))
    };
    boxes(a).find(|&r| boxes(b).any(|s| s == r))
}

/// The cells other than `except` that see both `a` and `b` and may hold `digit`.
fn seeing_both(
    candidates: &Candidates,
    digit: Digit,
    a: Cell,
    b: Cell,
    except: &[Cell],
) -> Vec<(Cell, Digit)> {
    let geometry = candidates.geometry();
    let mut found = Vec::new();
    for w in 0..geometry.words() {
        let common = geometry.peers(a)[w] & geometry.peers(b)[w];
        for cell in bits(common).map(|k| w * 64 + k as usize) {
            if !except.contains(&cell) && candidates.has(cell, digit) {
                found.push((cell, digit));
            }
        }
    }
    found
}

/// A box whose `digit` lies in one row and one column, and a link of a column (or row) with
/// one end on that row (column): the cell where the link's other end's row meets the box's
/// column (or the other way round) cannot hold it. Either the link's end on the row holds it,
/// and the box's digit is in its column, or the other end does; the cell sees both.
fn empty_rectangle(
    candidates: &Candidates,
    variant: &Variant,
    digit: Digit,
    links: &[Link],
) -> Option<Step> {
    let n = candidates.size();
    let geometry = candidates.geometry();
    for bx in 0..geometry.region_count() {
        if !matches!(geometry.kind(bx), RegionKind::Box | RegionKind::Piece) {
            continue;
        }
        let inside = geometry.region(bx);
        let places: Vec<Cell> =
            bits(candidates.positions(bx, digit)).map(|k| inside[k as usize]).collect();
        if places.len() < 2 {
            continue;
        }
        for &(row, column) in &crossings(&places, n) {
            // Every place on the row or the column, and some off each (else a pointing).
            let on = |c: &Cell| c / n == row || c % n == column;
            if !places.iter().all(on)
                || places.iter().all(|c| c / n == row)
                || places.iter().all(|c| c % n == column)
            {
                continue;
            }
            for link in links {
                let in_row = link.region < n;
                for (near, far) in [(link.ends[0], link.ends[1]), (link.ends[1], link.ends[0])] {
                    // A column's link meets the box's row; a row's link meets its column.
                    let meets = if in_row { near % n == column } else { near / n == row };
                    let parted = if in_row { far % n != column } else { far / n != row };
                    if !meets || !parted || link.region == row || link.region == n + column {
                        continue;
                    }
                    if inside.contains(&near) || inside.contains(&far) {
                        continue;
                    }
                    let target = if in_row { row * n + far % n } else { (far / n) * n + column };
                    if inside.contains(&target) || !candidates.has(target, digit) {
                        continue;
                    }
                    let eliminations = vec![(target, digit)];
                    let d = text::digit(digit);
                    // Where the box's digit must be when the near end holds it.
                    let other = if in_row { row } else { n + column };
                    let explanation = format!(
                        "empty rectangle on {d}: in {}, {d} lies only in row {} and column {}; \
                         in {} only at {} and {}: if {} is {d}, {}'s {d} is in {}, else {} is \
                         {d}; either way {}",
                        text::region(variant, bx),
                        row + 1,
                        column + 1,
                        text::region(variant, link.region),
                        text::cell(n, near),
                        text::cell(n, far),
                        text::cell(n, near),
                        text::region(variant, bx),
                        text::region(variant, other),
                        text::cell(n, far),
                        text::removed(n, &eliminations),
                    );
                    let mut cells = places.clone();
                    cells.extend([near, far]);
                    let regions = vec![bx, link.region, row, n + column];
                    return Some(Step::eliminating(
                        TechniqueKind::EmptyRectangle,
                        cells,
                        regions,
                        eliminations,
                        explanation,
                    ));
                }
            }
        }
    }
    None
}

/// The (row, column) pairs through a box's places, rows and columns each once.
fn crossings(places: &[Cell], n: usize) -> Vec<(usize, usize)> {
    let mut rows: Vec<usize> = places.iter().map(|c| c / n).collect();
    let mut columns: Vec<usize> = places.iter().map(|c| c % n).collect();
    rows.sort_unstable();
    rows.dedup();
    columns.sort_unstable();
    columns.dedup();
    rows.iter().flat_map(|&r| columns.iter().map(move |&c| (r, c))).collect()
}

#[cfg(test)]
mod tests {
    use super::super::testing::{blank, cells, confine, fire, sorted};
    use super::*;

    /// A blank 9×9 where `digit` lies only at `places` in each listed region.
    fn confined(variant: &Variant, digit: Digit, rules: &[(usize, &str)]) -> Candidates {
        let mut candidates = blank(variant);
        for &(region, places) in rules {
            let cells_of_region = variant.regions()[region].cells.clone();
            confine(&mut candidates, &cells_of_region, &cells(9, places), digit);
        }
        candidates
    }

    #[test]
    fn a_skyscraper_in_two_rows() {
        let variant = Variant::standard(9).unwrap();
        let candidates = confined(&variant, 7, &[(0, "r1c2 r1c8"), (4, "r5c2 r5c7")]);
        let step = fire(&SingleDigit(TechniqueKind::Skyscraper), &candidates, &variant);
        let expected: Vec<(Cell, Digit)> =
            cells(9, "r2c7 r3c7 r4c8 r6c8").into_iter().map(|c| (c, 7)).collect();
        assert_eq!(sorted(step.eliminations.clone()), expected);
        assert_eq!(
            step.explanation,
            "skyscraper on 7: 7 lies only at r1c2, r1c8 in row 1 and at r5c2, r5c7 in row 5; \
             r1c2 and r5c2 share column 2, so r1c8 or r5c7 is 7: 7 removed from r2c7, r3c7, \
             r4c8, r6c8"
        );
        // The same two links are no kite: they are both rows.
        assert!(SingleDigit(TechniqueKind::TwoStringKite).find(&candidates, &variant).is_none());
    }

    #[test]
    fn a_two_string_kite_through_a_box() {
        let variant = Variant::standard(9).unwrap();
        let candidates = confined(&variant, 5, &[(1, "r2c2 r2c8"), (9, "r3c1 r8c1")]);
        let step = fire(&SingleDigit(TechniqueKind::TwoStringKite), &candidates, &variant);
        assert_eq!(step.eliminations, [(cells(9, "r8c8")[0], 5)]);
        assert_eq!(
            step.explanation,
            "2-string kite on 5: 5 lies only at r2c2, r2c8 in row 2 and at r3c1, r8c1 in \
             column 1; r2c2 and r3c1 share box 1, so r2c8 or r8c1 is 5: 5 removed from r8c8"
        );
        assert!(SingleDigit(TechniqueKind::Skyscraper).find(&candidates, &variant).is_none());
    }

    #[test]
    fn an_empty_rectangle_and_a_column_link() {
        let variant = Variant::standard(9).unwrap();
        let box5 = variant.regions().iter().position(|r| r.to_string() == "box 5").unwrap();
        let rules = [(box5, "r5c4 r5c5 r4c6 r6c6"), (10, "r5c2 r8c2")];
        let candidates = confined(&variant, 4, &rules);
        let step = fire(&SingleDigit(TechniqueKind::EmptyRectangle), &candidates, &variant);
        assert_eq!(step.eliminations, [(cells(9, "r8c6")[0], 4)]);
        assert_eq!(
            step.explanation,
            "empty rectangle on 4: in box 5, 4 lies only in row 5 and column 6; in column 2 \
             only at r5c2 and r8c2: if r5c2 is 4, box 5's 4 is in column 6, else r8c2 is 4; \
             either way 4 removed from r8c6"
        );
        // Without the box's cross there is none: a fifth place off row 5 and column 6.
        let wider = [(box5, "r5c4 r5c5 r4c6 r6c6 r4c4"), (10, "r5c2 r8c2")];
        let wider = confined(&variant, 4, &wider);
        assert!(SingleDigit(TechniqueKind::EmptyRectangle).find(&wider, &variant).is_none());
    }
}
