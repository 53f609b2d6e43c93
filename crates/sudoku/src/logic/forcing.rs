//! Sudoku Explainer's families of forcing chains (Nishio, multiple, dynamic: the search is
//! [`multiple`](super::multiple)'s): their links, prices and sort keys, and how the runs of a
//! cell's candidates, or of a digit's places in a region, agree on a conclusion.

use super::candidates::Candidates;
use super::implications::{Counter, Rules, Run};
use super::scale::Tenths;
use super::{Step, Technique, TechniqueKind};
use crate::variant::Variant;

/// A family of SE's forcing chains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Family {
    /// Dynamic, X-links only, contradictions only (7.5).
    Nishio,
    /// Static cell and region forcing chains (8.0).
    Multiple,
    /// Dynamic contradictions, double implications, cells and regions (8.5).
    Dynamic,
    /// Dynamic, with SE's direct rules on the working grid when links run out (9.0: SE's
    /// "dynamic forcing chains (+)", [`plus`](super::implications)).
    DynamicPlus,
    /// Dynamic (+) that, where those rules find nothing, also apply SE's forcing chains and
    /// cycles to the working grid (9.5: SE's nested forcing chains of level 2,
    /// [`nested`](super::implications)).
    Nested,
    /// Nested (level 2) that, where those rules find nothing, also applies SE's cell and
    /// region forcing chains (10.0: level 3).
    NestedMultiple,
    /// SE's experimental level 4 (10.5): dynamic (+) whose nested rule is SE's dynamic forcing
    /// chains on the working grid, those of nesting level 0 (plain), 1 (+) or 2 (level 2),
    /// tried in that order ([`nested_dynamic`](super::implications)).
    NestedDynamic(u8),
}

impl Family {
    /// How its runs spread.
    pub(super) fn rules(self) -> Rules {
        match self {
            Family::Nishio => Rules { y_links: false, dynamic: true, plus: false, nest: 0 },
            Family::Multiple => Rules { y_links: true, dynamic: false, plus: false, nest: 0 },
            Family::Dynamic => Rules { y_links: true, dynamic: true, plus: false, nest: 0 },
            Family::DynamicPlus => Rules { y_links: true, dynamic: true, plus: true, nest: 0 },
            Family::Nested => Rules { y_links: true, dynamic: true, plus: true, nest: 2 },
            Family::NestedMultiple => Rules { y_links: true, dynamic: true, plus: true, nest: 3 },
            Family::NestedDynamic(limit) => {
                Rules { y_links: true, dynamic: true, plus: true, nest: 4 + limit }
            }
        }
    }

    /// The price of the family's shortest chains.
    pub(super) fn base(self) -> Tenths {
        match self {
            Family::Nishio => 75,
            Family::Multiple => 80,
            Family::Dynamic => 85,
            Family::DynamicPlus => 90,
            Family::Nested => 95,
            Family::NestedMultiple => 100,
            Family::NestedDynamic(_) => 105,
        }
    }

    /// Whether its runs strike candidates from a working grid and read both states of a cell's
    /// candidate (SE's dynamic chains and those nesting on them).
    pub(super) fn dynamic(self) -> bool {
        !matches!(self, Family::Nishio | Family::Multiple)
    }

    /// The technique it is.
    pub(super) fn kind(self) -> TechniqueKind {
        match self {
            Family::Nishio => TechniqueKind::NishioChain,
            Family::Multiple => TechniqueKind::MultipleChain,
            Family::Dynamic => TechniqueKind::DynamicChain,
            Family::DynamicPlus => TechniqueKind::DynamicPlusChain,
            Family::Nested => TechniqueKind::NestedChain,
            Family::NestedMultiple => TechniqueKind::NestedMultipleChain,
            Family::NestedDynamic(_) => TechniqueKind::NestedDynamicChain,
        }
    }
}

/// The cheapest step of a family.
pub(super) struct ForcingChains(pub(super) Family);

impl Technique for ForcingChains {
    fn kind(&self) -> TechniqueKind {
        self.0.kind()
    }

    fn find(&self, candidates: &Candidates, variant: &Variant) -> Option<Step> {
        // Level 4's three nesting limits are one technique, tried in SE's order.
        let families = match self.0 {
            Family::NestedDynamic(limit) => (limit..=2).map(Family::NestedDynamic).collect(),
            family => vec![family],
        };
        families
            .into_iter()
            .find_map(|family| super::multiple::cheapest(candidates, variant, family))
            .map(|(step, _)| step)
    }
}

/// SE's sort keys: among chains of one length, which comes first.
pub(super) const DOUBLE: u8 = 1;
pub(super) const CELL: u8 = 5;
pub(super) const REGION: u8 = 6;
pub(super) const CONTRADICTION: u8 = 7;

/// Whether a step of this length and key would come before the best so far.
pub(super) fn better(best: Option<&(usize, u8, Step)>, length: usize, key: u8) -> bool {
    best.is_none_or(|&(l, k, _)| (length, key) < (l, k))
}

/// Whether the runs `numbers` (by number in `runs`) all reach some potential: most reach none
/// in common, which the shortest run's entries tell at less cost than reading the first's for
/// each state.
pub(super) fn meet(runs: &[Run], numbers: &(impl Iterator<Item = usize> + Clone)) -> bool {
    let Some(shortest) = numbers.clone().min_by_key(|&k| runs[k].reached().len()) else {
        return false;
    };
    let reached = runs[shortest].reached();
    reached.iter().any(|e| numbers.clone().all(|k| runs[k].get(e.potential).is_some()))
}

/// Where each of `numbers` (runs by number in `runs`) reaches the conclusion `p`, and the
/// chains' length summed over them, when every one reaches it.
pub(super) fn agreed(
    runs: &[Run],
    counter: &mut Counter,
    numbers: impl Iterator<Item = usize> + Clone,
    p: u32,
) -> Option<(Vec<usize>, usize)> {
    // Most conclusions are not reached by every run: those are ruled out without allocating.
    if numbers.clone().any(|k| runs[k].get(p).is_none()) {
        return None;
    }
    let found: Vec<usize> = numbers.clone().map(|k| runs[k].get(p)).collect::<Option<_>>()?;
    counter.fresh();
    let length = numbers.zip(&found).map(|(k, &j)| counter.ancestors(&runs[k], j)).sum();
    Some((found, length))
}
