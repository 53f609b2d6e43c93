//! Chains across constraints: the steps [`VariantLogic`] takes when no technique and no
//! constraint alone finds one (`variant_links.rs` spells their links out).
//!
//! - **A contradiction** ([`TechniqueKind::ConstraintChain`]): a candidate is assumed, and the
//!   singles of the regions, the constraints and the sums the cages imply lead from it to a
//!   cell without a digit, a digit without a place in a region, or a constraint that cannot
//!   be filled. The candidate goes: "if r1c1 is 5: the 2-cell cage of 9 at r1c2 leaves r1c2
//!   only 4; 4 in box 1 is then at r2c3; the thermometer from r2c3 cannot be filled, so r1c1
//!   is not 5".
//! - **A cell's forcing chains** ([`TechniqueKind::ConstraintForcing`]): each candidate of a
//!   cell, assumed in turn, removes the same candidates elsewhere; they go, whichever it is.
//!
//! Spelling a chain out costs far more than running the whole model's propagators at once,
//! so those find the assumptions that conclude anything first (`narrow` on the model's
//! tables), and only those are spelt out; of the first few contradictions, the shortest is
//! the step.

use super::kinds::TechniqueKind;
use super::variant::{regions_only, Rule, Source};
use super::variant_links::{chain_cells, digits_of, pruned, Link};
use super::{text, Step, VariantLogic};
use crate::grid::{Cell, Digit};
use crate::model::Model;
use crate::solve::{implied, narrow, PropTables};

/// At most this many contradictions are spelt out for one step; the shortest is taken. With
/// 8, `explain` of `TAREK_ALL` and `HS_KILLERS` took 18.7 s and its chains 9.9 links on average;
/// with 3, 10.3 s and 11.0 links, the same 23 puzzles solved (`/usr/bin/time -f %U sudoku
/// explain TAREK_ALL.txt HS_KILLERS.txt`, the links counted by the semicolons of each chain).
const MOST_SPELT: usize = 3;

/// The rules a chain's links come from, and the rules of each cell.
pub(super) struct ChainRules {
    pub(super) rules: Vec<Rule>,
    /// `of_cell[c]`: the rules whose cells hold `c`, which must look again when it changes.
    pub(super) of_cell: Vec<Vec<usize>>,
}

impl VariantLogic {
    /// The chains' links: every constraint beside the regions, so that what it does to the
    /// cells it shares a region with is its doing too (a digit a cage must hold leaves the
    /// rest of its box), then every sum the cages imply, likewise; compiled once.
    pub(super) fn chain_rules(&self) -> &ChainRules {
        self.chain_rules.get_or_init(|| {
            let model = self.model();
            let regions = regions_only(model);
            // Each rule beside the regions that hold one of its cells: what it does there is
            // its doing; the others would only run their singles again.
            let beside = |cells: &[Cell]| {
                let touched: Vec<usize> = (0..regions.regions.len())
                    .filter(|&r| regions.regions[r].iter().any(|c| cells.contains(c)))
                    .collect();
                Model {
                    regions: touched.iter().map(|&r| regions.regions[r].clone()).collect(),
                    kinds: touched.iter().filter_map(|&r| regions.kinds.get(r).copied()).collect(),
                    ..regions.clone()
                }
            };
            let mut rules = Vec::new();
            for (k, cage) in model.cages.iter().enumerate() {
                let housed = Model { cages: vec![cage.clone()], ..beside(&cage.cells) };
                rules.push(Rule::compiled(Source::Cage(k), cage.cells.clone(), &housed));
            }
            for (k, relation) in model.relations.iter().enumerate() {
                let cells = vec![relation.a, relation.b];
                let housed = Model { relations: vec![*relation], ..beside(&cells) };
                rules.push(Rule::compiled(Source::Relation(k), cells, &housed));
            }
            for (k, line) in model.lines.iter().enumerate() {
                let housed = Model { lines: vec![line.clone()], ..beside(&line.cells) };
                rules.push(Rule::compiled(Source::Line(k), line.cells.clone(), &housed));
            }
            for sum in implied(model) {
                let cells: Vec<Cell> = sum.plus.iter().chain(&sum.minus).copied().collect();
                let source = Source::Sum { plus: sum.plus.len(), total: sum.total };
                let housed = beside(&cells);
                let tables = PropTables::with_implied(&housed, std::slice::from_ref(&sum)).ok();
                rules.push(Rule { source, cells, tables });
            }
            let mut of_cell = vec![Vec::new(); model.used.len()];
            for (k, rule) in rules.iter().enumerate() {
                for &c in &rule.cells {
                    of_cell[c].push(k);
                }
            }
            ChainRules { rules, of_cell }
        })
    }

    /// The chain step from `masks` (every cell's candidates, a placed digit as its one bit):
    /// a contradiction, else forcing chains from a cell's candidates or a digit's places in a
    /// region; the fewest assumptions first.
    pub(super) fn chain_step(&self, masks: &[u64]) -> Option<Step> {
        let whole = self.whole()?;
        let n = self.variant().size();
        let mut open: Vec<Cell> = (0..masks.len()).filter(|&c| masks[c].count_ones() > 1).collect();
        open.sort_by_key(|&c| (masks[c].count_ones(), c));
        // Each assumption's fixpoint under the whole model, at `cell * n + digit - 1`; `None`
        // where it breaks (or is no candidate). The contradictions are spelt out as they come:
        // after the first few, the rest is not needed.
        let mut after: Vec<Option<Vec<u64>>> = vec![None; masks.len() * n];
        let mut best: Option<(Vec<Link>, Cell, Digit)> = None;
        let mut spelt = 0;
        let mut scratch = masks.to_vec();
        'assumptions: for &cell in &open {
            for digit in digits_of(masks[cell]) {
                if super::halt::halted() {
                    return None;
                }
                scratch.copy_from_slice(masks);
                scratch[cell] = 1 << (digit - 1);
                if narrow(whole, &mut scratch) {
                    after[cell * n + usize::from(digit) - 1] = Some(scratch.clone());
                    continue;
                }
                let run = self.spell(masks, cell, digit, &[]);
                if !run.broken {
                    continue;
                }
                let links = pruned(run, &[], masks.len());
                if best.as_ref().is_none_or(|(shortest, ..)| links.len() < shortest.len()) {
                    best = Some((links, cell, digit));
                }
                spelt += 1;
                if spelt == MOST_SPELT {
                    break 'assumptions;
                }
            }
        }
        match best {
            Some((links, cell, digit)) => Some(self.contradiction(&links, cell, digit)),
            None => self.forcing(masks, &open, &after),
        }
    }

    /// The step of a contradiction: `links` from assuming `digit` in `cell`.
    fn contradiction(&self, links: &[Link], cell: Cell, digit: Digit) -> Step {
        let n = self.variant().size();
        let explanation = format!(
            "{}, so {} is not {}",
            self.said(links),
            text::cell(n, cell),
            text::digit(digit)
        );
        let cells = chain_cells(links);
        let kind = TechniqueKind::ConstraintChain;
        Step::eliminating(kind, cells, Vec::new(), vec![(cell, digit)], explanation)
    }

    /// The first set of assumptions one of which holds (a cell's candidates, a digit's places
    /// in a region), fewest first, whose fixpoints all remove some candidates, with every
    /// branch spelt out.
    fn forcing(&self, masks: &[u64], open: &[Cell], after: &[Option<Vec<u64>>]) -> Option<Step> {
        let n = self.variant().size();
        let geometry = self.geometry();
        let mut sets: Vec<(Vec<(Cell, Digit)>, String)> = Vec::new();
        for &cell in open {
            let digits: Vec<String> =
                digits_of(masks[cell]).map(|d| text::digit(d).to_string()).collect();
            let said = format!("{} is {}", text::cell(n, cell), digits.join(" or "));
            sets.push((digits_of(masks[cell]).map(|d| (cell, d)).collect(), said));
        }
        for r in 0..geometry.region_count() {
            for digit in 1..=n as Digit {
                let places: Vec<Cell> = geometry
                    .region(r)
                    .iter()
                    .copied()
                    .filter(|&c| masks[c] >> (digit - 1) & 1 == 1)
                    .collect();
                if places.len() < 2 {
                    continue;
                }
                let at: Vec<String> =
                    places.iter().map(|&c| text::cell(n, c).to_string()).collect();
                let region = text::region(self.variant(), r);
                let said = format!("{} in {region} is at {}", text::digit(digit), at.join(" or "));
                sets.push((places.iter().map(|&c| (c, digit)).collect(), said));
            }
        }
        sets.sort_by_key(|(assumptions, _)| assumptions.len());
        for (assumptions, said) in sets {
            let mut kept = vec![0u64; masks.len()];
            for &(c, d) in &assumptions {
                let Some(branch) = &after[c * n + usize::from(d) - 1] else { continue };
                for (k, &mask) in kept.iter_mut().zip(branch) {
                    *k |= mask;
                }
            }
            let targets: Vec<(Cell, Digit)> = (0..masks.len())
                .flat_map(|c| digits_of(masks[c] & !kept[c]).map(move |d| (c, d)))
                .collect();
            if targets.is_empty() {
                continue;
            }
            if let Some(step) = self.spell_forcing(masks, &assumptions, &said, &targets) {
                return Some(step);
            }
        }
        None
    }

    /// The forcing step of `assumptions` (`said`: which hold) on the `targets` that every
    /// branch spelt out reaches.
    fn spell_forcing(
        &self,
        masks: &[u64],
        assumptions: &[(Cell, Digit)],
        said_set: &str,
        targets: &[(Cell, Digit)],
    ) -> Option<Step> {
        // Branch by branch, each seeking what every branch before it reached (a broken
        // branch reaches them all); none left, the set concludes nothing.
        let mut reached = targets.to_vec();
        let mut runs = Vec::with_capacity(assumptions.len());
        for &(cell, digit) in assumptions {
            let run = self.spell(masks, cell, digit, &reached);
            if !run.broken {
                let removed = |&(c, d): &(Cell, Digit)| {
                    run.links
                        .iter()
                        .flat_map(|link| &link.removed)
                        .any(|&(at, gone)| at == c && gone >> (d - 1) & 1 == 1)
                };
                reached.retain(removed);
            }
            if reached.is_empty() {
                return None;
            }
            runs.push(run);
        }
        let n = self.variant().size();
        let mut cells = Vec::new();
        let mut branches = Vec::new();
        for run in runs {
            let links = pruned(run, &reached, masks.len());
            for c in chain_cells(&links) {
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
            let branch = self.said(&links);
            // `If r1c1 is 3: ...`, a sentence of its own.
            branches.push(format!("I{}", &branch[1..]));
        }
        let explanation = format!(
            "{said_set}. {}. Either way, {}",
            branches.join(". "),
            text::removed(n, &reached)
        );
        let kind = TechniqueKind::ConstraintForcing;
        Some(Step::eliminating(kind, cells, Vec::new(), reached, explanation))
    }

    /// A chain in words: its assumption (`if r1c1 is 5`), then a colon and its links apart
    /// by semicolons, when it says more.
    fn said(&self, links: &[Link]) -> String {
        let said: Vec<String> = links.iter().filter_map(|link| self.say(link)).collect();
        match said.split_first() {
            Some((assumed, [])) => assumed.clone(),
            Some((assumed, rest)) => format!("{assumed}: {}", rest.join("; ")),
            None => String::new(),
        }
    }
}
