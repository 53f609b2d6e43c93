//! [`VariantLogic`]: the logical solver of a sudoku with constraints beyond its regions (cages,
//! dots and signs, lines, parity, pencilmarks), whose steps name the constraint behind them:
//! "the 3-cell cage of 7 at r1c1 holds 1, 2 and 4", "the thermometer from r2c3 leaves r4c3 at
//! least 5".
//!
//! Each constraint is the propagating search's own propagators (`solve/propagate/`) compiled
//! for a model of that constraint alone, so that what they remove from the candidates is that
//! constraint's doing; they run to their fixpoint on the position's candidates, which is sound
//! since the candidates are. The steps come simplest first: singles, then each constraint in
//! the model's order (cages, relations, lines), then the classic techniques on the regions,
//! with the innies and outies of the cages after the subsets. Unique rectangles and BUG+1 are
//! left out: a pattern whose digits could swap under the regions may be pinned by a cage or a
//! line, so uniqueness tells nothing there. A model of marks only (pencilmarks, parity) is a
//! classic sudoku from its candidates, with the classic hints and rating
//! ([`variant_marks`](super::variant_marks)).

use std::sync::{Arc, OnceLock};

use super::candidates::Candidates;
use super::geometry::Geometry;
use super::kinds::TechniqueKind;
use super::variant_marks::Marks;
use super::{variant_text as text, Path, Step, Technique};
use crate::error::Conflict;
use crate::grid::{Cell, Digit, Grid};
use crate::model::{Cage, LineKind, Model};
use crate::solve::{narrow, PropTables, Rules};
use crate::variant::{RegionKind, Variant};

/// Implied sums (innies and outies of up to three regions) of at most this many cells and
/// fillings make steps, as the propagating search takes them.
const IMPLIED_CELLS: usize = 4;
const IMPLIED_FILLINGS: usize = 64;

/// Where a constraint step comes from.
#[derive(Clone, Debug)]
pub(super) enum Source {
    /// Cage `k` of the model.
    Cage(usize),
    /// Relation `k`.
    Relation(usize),
    /// Line `k`.
    Line(usize),
    /// The sum the cages and regions imply for a few cells: its fillings, one digit a cell
    /// after the other.
    Implied(Vec<Digit>),
    /// A sum the cages imply, for the chains: the digits of the rule's first `plus` cells
    /// less those of the others make `total`.
    Sum { plus: usize, total: i64 },
}

/// One constraint, ready to run: its cells, and its propagators (none for an implied sum,
/// which is a table read here).
pub(super) struct Rule {
    pub(super) source: Source,
    pub(super) cells: Vec<Cell>,
    pub(super) tables: Option<PropTables>,
}

/// What the solver tries, in order.
enum Stage {
    Technique(Box<dyn Technique>),
    /// Every constraint of the model in its order.
    Constraints,
    /// The implied sums.
    Implied,
    /// Chains across the constraints and regions (`variant_chain.rs`), when nothing else
    /// finds a step.
    Chains,
}

/// The logical solver of a model that is one N×N sudoku with constraints on top.
/// `Send + Sync`.
pub struct VariantLogic {
    model: Model,
    variant: Variant,
    geometry: Arc<Geometry>,
    rules: Vec<Rule>,
    implied: Vec<Rule>,
    stages: Vec<Stage>,
    search: Rules,
    /// The propagators of the whole model, regions and constraints together: which
    /// assumptions end in a contradiction, found before a chain is spelt out; compiled when a
    /// chain is first needed (`None` when the model does not compile).
    whole: OnceLock<Option<PropTables>>,
    /// The chains' links: each constraint and implied sum beside the regions, compiled when
    /// a chain is first needed (`variant_chain.rs`).
    pub(super) chain_rules: OnceLock<super::variant_chain::ChainRules>,
    /// The classic solvers, for a model of marks only.
    pub(super) marks: Option<Marks>,
}

impl VariantLogic {
    /// The solver of `model`'s rules (its givens are not part of them), or `None` when the
    /// model is not one N×N grid whose regions a [`Variant`] states (rows, columns and boxes
    /// or pieces, with diagonals or extra regions): several grids, unused cells, or regions of
    /// fewer than N cells.
    pub fn new(model: &Model) -> Option<VariantLogic> {
        let variant = regions_only(model).variant()?;
        let mut rules = Vec::new();
        for (k, cage) in model.cages.iter().enumerate() {
            let alone = Model { cages: vec![cage.clone()], ..bare(model, false) };
            rules.push(Rule::compiled(Source::Cage(k), cage.cells.clone(), &alone));
        }
        for (k, relation) in model.relations.iter().enumerate() {
            let alone = Model { relations: vec![*relation], ..bare(model, false) };
            rules.push(Rule::compiled(Source::Relation(k), vec![relation.a, relation.b], &alone));
        }
        for (k, line) in model.lines.iter().enumerate() {
            // A region sum line's stretches end where its boxes do: it needs them to mean
            // what it says (and their eliminations on it are then said as its own).
            let boxed = line.kind == LineKind::RegionSum;
            let alone = Model { lines: vec![line.clone()], ..bare(model, boxed) };
            rules.push(Rule::compiled(Source::Line(k), line.cells.clone(), &alone));
        }
        let implied = model
            .implied_sums(IMPLIED_CELLS, IMPLIED_FILLINGS)
            .into_iter()
            .map(|sum| Rule {
                source: Source::Implied(sum.fillings),
                cells: sum.cells,
                tables: None,
            })
            .collect();
        let mut stages = Vec::new();
        for kind in TechniqueKind::DEFAULT {
            if kind.assumes_uniqueness() {
                continue;
            }
            stages.push(Stage::Technique(kind.technique()));
            match kind {
                TechniqueKind::HiddenSingle => stages.push(Stage::Constraints),
                TechniqueKind::HiddenQuad => stages.push(Stage::Implied),
                _ => {}
            }
        }
        stages.push(Stage::Chains);
        let unmarked = Model { givens: vec![None; model.used.len()], ..model.clone() };
        Some(VariantLogic {
            marks: Marks::new(model, &variant),
            whole: OnceLock::new(),
            chain_rules: OnceLock::new(),
            model: unmarked,
            geometry: Arc::new(Geometry::new(&variant)),
            variant,
            rules,
            implied,
            stages,
            search: Rules::new(model),
        })
    }

    /// The variant of the model's regions: its region numbers are those of [`Step::regions`].
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The model's rules, without givens.
    pub fn model(&self) -> &Model {
        &self.model
    }

    pub(super) fn search(&self) -> &Rules {
        &self.search
    }

    pub(super) fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    pub(super) fn whole(&self) -> Option<&PropTables> {
        self.whole.get_or_init(|| PropTables::new(&self.model).ok()).as_ref()
    }

    /// The candidates of a position (`digits`: one a cell, givens and placed digits): each
    /// blank cell's digits that its regions, parity marks and pencilmarks allow.
    ///
    /// # Errors
    /// The first [`Conflict`] when the digits repeat one in a region.
    ///
    /// # Panics
    /// If `digits` is not one a cell of the model.
    pub fn candidates(&self, digits: &[Option<Digit>]) -> Result<Candidates, Conflict> {
        assert_eq!(digits.len(), self.model.used.len(), "one digit a cell");
        let n = self.variant.size();
        let grid = Grid::from_cells(n, digits.iter().map(|d| d.unwrap_or(0)).collect());
        let mut candidates =
            Candidates::with_geometry(&self.variant, Arc::clone(&self.geometry), &grid)?;
        let marked = self.model.parity.iter().map(|&(c, _)| c);
        for cell in marked.chain(self.model.candidates.iter().map(|&(c, _)| c)) {
            let allowed: Vec<Digit> = self.model.allowed(cell).collect();
            for d in 1..=n as Digit {
                if !allowed.contains(&d) {
                    candidates.eliminate(cell, d);
                }
            }
        }
        Ok(candidates)
    }

    /// The next step from this position, by the simplest technique or constraint that finds
    /// one.
    pub fn next_step(&self, candidates: &Candidates) -> Option<Step> {
        if let Some(marks) = &self.marks {
            return marks.next_step(candidates);
        }
        let masks = || -> Vec<u64> {
            (0..candidates.masks().len())
                .map(|c| candidates.digit(c).map_or(candidates.candidates(c), |d| 1 << (d - 1)))
                .collect()
        };
        let step = self.stages.iter().find_map(|stage| match stage {
            Stage::Technique(technique) => technique.find(candidates, &self.variant),
            Stage::Constraints => {
                let masks = masks();
                self.rules.iter().find_map(|rule| rule.step(&self.model, candidates, &masks))
            }
            Stage::Implied => {
                let masks = masks();
                self.implied.iter().find_map(|rule| rule.step(&self.model, candidates, &masks))
            }
            Stage::Chains => self.chain_step(&masks()),
        });
        // A step found as a limit struck (`within_limits`) may not be the simplest.
        step.filter(|_| !super::halt::halted())
    }

    /// Steps from `digits` until the grid is solved or nothing finds one.
    ///
    /// # Errors
    /// The first [`Conflict`] when the digits repeat one in a region.
    ///
    /// # Panics
    /// If `digits` is not one a cell of the model.
    pub fn solve(&self, digits: &[Option<Digit>]) -> Result<Path, Conflict> {
        let mut candidates = self.candidates(digits)?;
        if let Some(marks) = &self.marks {
            return Ok(marks.explained(candidates));
        }
        let mut steps = Vec::with_capacity(candidates.unsolved());
        while !candidates.is_solved() {
            let Some(step) = self.next_step(&candidates) else { break };
            candidates.apply(&step);
            steps.push(step);
        }
        Ok(Path { steps, solved: candidates.is_solved(), end: candidates })
    }
}

/// A constraint's technique, run alone on a sudoku of regions only: it finds nothing, there
/// being no constraint ([`VariantLogic`] finds its steps).
pub(super) struct ConstraintsOnly(pub(super) TechniqueKind);

impl Technique for ConstraintsOnly {
    fn kind(&self) -> TechniqueKind {
        self.0
    }

    fn find(&self, _: &Candidates, _: &Variant) -> Option<Step> {
        None
    }
}

/// `model` with its regions alone: no givens, no constraint.
pub(super) fn regions_only(model: &Model) -> Model {
    Model {
        givens: vec![None; model.used.len()],
        cages: Vec::new(),
        relations: Vec::new(),
        parity: Vec::new(),
        candidates: Vec::new(),
        lines: Vec::new(),
        ..model.clone()
    }
}

/// `model`'s rectangle with no constraint, nor any region unless `boxed` (then its boxes and
/// pieces only, for the lines that read them).
fn bare(model: &Model, boxed: bool) -> Model {
    let kinds = model.region_kinds();
    let boxes = (0..model.regions.len())
        .filter(|&k| boxed && matches!(kinds.get(k), Some(RegionKind::Box | RegionKind::Piece)));
    let regions: Vec<Vec<Cell>> = boxes.map(|k| model.regions[k].clone()).collect();
    Model {
        width: model.width,
        height: model.height,
        symbols: model.symbols,
        used: model.used.clone(),
        kinds: vec![RegionKind::Box; regions.len()],
        regions,
        givens: vec![None; model.used.len()],
        ..Model::default()
    }
}

impl Rule {
    /// The rule of `source`, compiled from `alone`, a model of it alone; a constraint the
    /// propagating search cannot compile (a line too large) is kept without propagators, and
    /// never makes a step.
    pub(super) fn compiled(source: Source, cells: Vec<Cell>, alone: &Model) -> Rule {
        Rule { source, cells, tables: PropTables::new(alone).ok() }
    }

    /// Narrows `masks` (a mask a cell, one bit for a placed digit) as this rule does:
    /// whether it changed them, or `None` when it finds no way to fill its cells (then
    /// `masks` may be changed).
    pub(super) fn apply(&self, masks: &mut [u64]) -> Option<bool> {
        let count = |masks: &[u64]| masks.iter().map(|m| m.count_ones()).sum::<u32>();
        let before = count(masks);
        match (&self.tables, &self.source) {
            (Some(tables), _) => narrow(tables, masks).then_some(())?,
            (None, Source::Implied(fillings)) => {
                keep_fillings(&self.cells, fillings, masks).then_some(())?;
            }
            (None, _) => return Some(false),
        }
        Some(count(masks) < before)
    }

    /// The step this rule makes from `candidates` (`masks`: every cell's candidates, a placed
    /// digit as its one bit), if it removes any candidate.
    fn step(&self, model: &Model, candidates: &Candidates, masks: &[u64]) -> Option<Step> {
        let mut after = masks.to_vec();
        match (&self.tables, &self.source) {
            (Some(tables), _) => {
                if !narrow(tables, &mut after) {
                    return None;
                }
            }
            (None, Source::Implied(fillings)) => {
                keep_fillings(&self.cells, fillings, &mut after);
            }
            (None, _) => return None,
        }
        let eliminations: Vec<(Cell, Digit)> = (0..masks.len())
            .filter(|&c| candidates.digit(c).is_none())
            .flat_map(|c| {
                let gone = masks[c] & !after[c];
                super::bits::bits(gone).map(move |d| (c, d as Digit + 1))
            })
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let said = text::said(model, &self.source, &self.cells, masks, &after);
        let explanation = text::explain(model, &said, masks, &after);
        let kind = match self.source {
            Source::Cage(_) => TechniqueKind::Cage,
            Source::Relation(_) => TechniqueKind::Relation,
            Source::Line(_) => TechniqueKind::Line,
            Source::Implied(_) | Source::Sum { .. } => TechniqueKind::InniesOuties,
        };
        Some(Step::eliminating(kind, self.cells.clone(), Vec::new(), eliminations, explanation))
    }
}

/// Keeps in each of `cells` the digits of the fillings (one digit a cell, one filling after
/// the other) that the candidates still allow; none when no filling fits (then `false`).
fn keep_fillings(cells: &[Cell], fillings: &[Digit], masks: &mut [u64]) -> bool {
    let mut keep = vec![0u64; cells.len()];
    for filling in fillings.chunks_exact(cells.len()) {
        if cells.iter().zip(filling).all(|(&c, &d)| masks[c] >> (d - 1) & 1 == 1) {
            for (k, &d) in filling.iter().enumerate() {
                keep[k] |= 1 << (d - 1);
            }
        }
    }
    if keep.contains(&0) {
        // No filling fits: the position is wrong, and a step says nothing of it.
        return false;
    }
    for (&cell, &k) in cells.iter().zip(&keep) {
        masks[cell] &= k;
    }
    true
}

/// A cage's digit sets of its size and sum that its cells' candidates still allow, as masks.
pub(super) fn cage_sets(model: &Model, cage: &Cage, masks: &[u64]) -> Vec<u64> {
    let Some(sum) = cage.sum else { return Vec::new() };
    let placed =
        cage.cells.iter().filter(|&&c| masks[c].is_power_of_two()).fold(0, |m, &c| m | masks[c]);
    let reach = cage.cells.iter().fold(0, |m, &c| m | masks[c]);
    let sets = crate::model::digit_sets(model.symbols, cage.cells.len(), sum).unwrap_or_default();
    sets.into_iter()
        .filter(|&set| set & placed == placed && set & !reach == 0)
        .filter(|&set| cage.cells.iter().all(|&c| masks[c] & set != 0))
        .collect()
}

#[cfg(test)]
#[path = "variant/tests.rs"]
mod tests;
