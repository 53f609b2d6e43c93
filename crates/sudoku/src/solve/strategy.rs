//! The one place that chooses how a puzzle is searched, and the only one that knows the sizes
//! at which the choice changes (as regex-automata's `meta/strategy.rs` chooses among its
//! engines; a back-end may decline only for reasons local to itself).
//!
//! - [`Backend::Band`]: the classic 9×9 ([`Variant::standard`]`(9)`: rows, columns, 3×3 boxes
//!   and nothing else): a word per digit and band of three rows, locked candidates at every
//!   node, bivalue cells first for a first solution, triads and a digit's permutations in a
//!   band or stack for uniqueness and counts. Its enumeration and parallel runs are the
//!   bitmask search's.
//! - [`Backend::Bitmask`]: any other plain puzzle (regions of a sudoku alone,
//!   [`Model::variant`]) below [`WIDE_FROM`], the 9×9s with diagonals, windows or jigsaw pieces
//!   among them: a depth-first search on `u32` candidate masks that copies its board at each
//!   node, with singles everywhere and locked candidates at the root.
//! - [`Backend::Wide`]: a plain puzzle from [`WIDE_FROM`] up: `u64` masks and a trail, guided by
//!   a reference solution, after the logical deductions that hold in every solution; singles
//!   at every node, and locked candidates too when it has windows, diagonals, jigsaw pieces
//!   or extra regions.
//! - [`Backend::Propagate`]: everything else (cages, relations, lines, parity, candidates,
//!   several grids, unused cells), to solve, prove unique and find true candidates: candidate
//!   masks and a propagator per rule run to a fixpoint at every node (`solve/propagate.rs`).
//! - [`Backend::Engine`]: the same models' exact cover ([`Model::encode`], with the root
//!   reduction of a model of regions alone) searched by the `dancer` engine, which counts
//!   their solutions (with or without a memo), enumerates them and runs them on every core.
//!
//! A [`Template`](crate::Template) builds the tables of the back-end chosen for its size;
//! [`Rules`](crate::Rules) choose between a template and the engine; and [`choose`], the one
//! `match` on [`Backend`] (an arm per back-end, no wildcard), builds the searches that the door
//! ([`PuzzleSolver`](crate::PuzzleSolver)) keeps from puzzle to puzzle, so that no other place
//! works the choice out again.

use super::band::BandSearch;
use super::bitmask::{search::MaskSearch, Tables};
use super::wide::{WideSearch, WideTables};
use crate::encode::Template;
use crate::logic::{LogicSolver, TechniqueKind};
use crate::model::Model;
use crate::variant::Variant;

/// From this size up, a plain puzzle is searched with `u64` masks and a trail (the "wide"
/// search) instead of copying boards of `u32` words, and a reference solution's choices are
/// tried first. Before searching, the logical deductions that hold in every solution are
/// applied (all techniques but those assuming uniqueness): the solutions are the same, but a
/// search with singles alone wanders for minutes on a hard 25×25 that these deductions finish
/// in milliseconds. Below it the bitmask search copies boards of at most 15 words per cell
/// group, cheaper than keeping a trail.
pub const WIDE_FROM: usize = 16;

/// The search that solves a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Backend {
    /// The band search (the classic 9×9).
    Band,
    /// The bitmask search (plain, below [`WIDE_FROM`], but the classic 9×9).
    Bitmask,
    /// The wide search (plain, from [`WIDE_FROM`] up).
    Wide,
    /// The exact-cover engine on the model's encoding: the counts and enumerations of the
    /// puzzles the propagating search solves.
    Engine,
    /// The propagating search (every other puzzle, to solve it or prove it unique).
    Propagate,
}

impl Backend {
    /// The search for the puzzles of a plain variant.
    pub fn of_variant(variant: &Variant) -> Backend {
        if variant.size() == 9 && variant.is_standard() {
            return Backend::Band;
        }
        Backend::of_plain_size(variant.size())
    }

    /// The search that solves the puzzles of `model`: the plain view's, or the propagating
    /// search.
    pub fn of_model(model: &Model) -> Backend {
        plain_view(model).map_or(Backend::Propagate, |variant| Backend::of_variant(&variant))
    }

    /// Whether a puzzle's search may take minutes or more (a model of any constraints, or a
    /// plain puzzle from 16×16 up: a hard 25×25, or a blank 25×25 with windows, searches for
    /// longer than anyone waits), so that a caller should run it as a
    /// [`Run`](dancer::run::Run), which a signal or a limit stops; the searches below 16×16
    /// take micro- to milliseconds a puzzle.
    pub fn may_take_long(self) -> bool {
        match self {
            Backend::Engine | Backend::Propagate | Backend::Wide => true,
            Backend::Band | Backend::Bitmask => false,
        }
    }

    /// Whether a template keeps the wide search's tables rather than the bitmask search's
    /// (which the band search also uses, for enumerations and parallel runs).
    pub(crate) fn has_wide_tables(self) -> bool {
        match self {
            Backend::Wide => true,
            Backend::Band | Backend::Bitmask | Backend::Engine | Backend::Propagate => false,
        }
    }

    /// The search for a plain N×N puzzle.
    pub(crate) fn of_plain_size(n: usize) -> Backend {
        if n < WIDE_FROM {
            Backend::Bitmask
        } else {
            Backend::Wide
        }
    }
}

/// The variant whose template solves `model`'s puzzles: its plain view, when it has one;
/// `None` when the engine does.
pub(crate) fn plain_view(model: &Model) -> Option<Variant> {
    model.variant()
}

/// The searches a solver of a plain variant keeps between puzzles, one variant per
/// [`Backend`] of a template (the tables are the template's).
// Made once per solver and kept in place (see `Back` in door.rs): no boxing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub(crate) enum Plain<'t> {
    /// The band search, and the bitmask search for enumerations and parallel runs, made on
    /// first use (with the template's bitmask tables, which the band search does not need).
    Band(BandSearch, Option<MaskSearch>),
    /// The bitmask search on the template's tables.
    Bitmask(MaskSearch, &'t Tables),
    /// The wide search on the template's tables, with the logical deductions made before it
    /// (see [`WIDE_FROM`]).
    Wide(WideSearch, &'t WideTables, LogicSolver),
}

/// The searches of a solver: a plain variant's, or a model's (the propagating search to
/// solve, the engine on each puzzle's encoding to count).
// Unpacked at once into the solver that keeps it.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub(crate) enum Chosen<'t> {
    /// A plain variant's searches.
    Plain(Plain<'t>),
    /// A model's: made on first use, since a model's rules compile into propagators and each
    /// puzzle into a matrix.
    Model,
}

/// The searches for the puzzles of `template` (`None`: a model that is not plain): the one
/// place that matches on [`Backend`], so that a new back-end is one new arm here.
pub(crate) fn choose(template: Option<&Template>) -> Chosen<'_> {
    let backend = template.map_or(Backend::Propagate, Template::backend);
    let tables = || template.and_then(Template::tables).expect("a bitmask back-end's tables");
    match backend {
        Backend::Band => Chosen::Plain(Plain::Band(BandSearch::new(), None)),
        Backend::Bitmask => {
            let tables = tables();
            Chosen::Plain(Plain::Bitmask(MaskSearch::new(tables), tables))
        }
        Backend::Wide => {
            let template = template.expect("a plain back-end has a template");
            let tables = template.wide().expect("the wide back-end's tables");
            let logic = sound_logic(template.variant());
            Chosen::Plain(Plain::Wide(WideSearch::new(tables), tables, logic))
        }
        Backend::Engine | Backend::Propagate => Chosen::Model,
    }
}

/// The logical solver the wide search starts with: the default techniques whose deductions
/// hold in every solution (not those that assume the puzzle is unique: unique rectangles and
/// loops, BUG), without `HoDoKu`'s patterns (they cost the search more than they save it).
pub(crate) fn sound_logic(variant: &Variant) -> LogicSolver {
    let sound: Vec<TechniqueKind> = TechniqueKind::DEFAULT
        .into_iter()
        .filter(|&kind| !kind.assumes_uniqueness() && !kind.is_pattern())
        .collect();
    LogicSolver::with_techniques(variant, &sound)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cage;

    #[test]
    fn plain_sizes_below_16_take_the_bitmask_search_and_the_others_the_wide_one() {
        let backend = |n| Backend::of_variant(&Variant::standard(n).unwrap());
        assert_eq!(backend(9), Backend::Band);
        assert_eq!(backend(15), Backend::Bitmask);
        assert_eq!(backend(16), Backend::Wide);
        // The template builds the chosen search's tables only (this test was
        // solve/bitmask/tests.rs's grids_from_16x16_up_have_no_tables).
        assert!(Template::new(Variant::standard(15).unwrap()).tables().is_some());
        assert!(Template::new(Variant::standard(16).unwrap()).tables().is_none());
        assert!(Template::new(Variant::standard(15).unwrap()).wide().is_none());
        assert!(Template::new(Variant::standard(16).unwrap()).wide().is_some());
    }

    #[test]
    fn only_the_classic_9x9_takes_the_band_search() {
        let classic = Variant::standard(9).unwrap();
        assert_eq!(Backend::of_variant(&classic), Backend::Band);
        let others = [
            classic.clone().with_diagonals().unwrap(),
            classic.clone().with_hyper().unwrap(),
            Variant::latin(9).unwrap(),
            Variant::with_boxes(9, 1, 9).unwrap(),
        ];
        for variant in others {
            assert_eq!(Backend::of_variant(&variant), Backend::Bitmask, "{variant:?}");
        }
        let template = Template::new(classic);
        assert_eq!(template.backend(), Backend::Band);
        // Its enumeration and parallel runs are the bitmask search's.
        assert!(template.tables().is_some());
    }

    #[test]
    fn a_model_with_cages_takes_the_propagating_search() {
        let variant = Variant::standard(4).unwrap();
        let mut model = Model::from_variant(&variant);
        assert_eq!(Backend::of_model(&model), Backend::Bitmask);
        model.cages.push(Cage { cells: vec![0, 1], sum: Some(3) });
        assert_eq!(Backend::of_model(&model), Backend::Propagate);
    }
}
