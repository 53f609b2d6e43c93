//! The lists of techniques: every one, the default ones (`rate`'s levels) and those of hints
//! and explanations; and each one's technique, to run alone.

use super::kinds::TechniqueKind;
#[cfg(doc)]
use super::level::Level;
use super::{
    als_wing, als_xz, blossom, chains, coloring, direct, exclusion, finned, fish, grave, locked,
    loops, multiple, single_digit, singles, subsets, sue_de_coq, uniqueness, variant, wings,
    Technique,
};

impl TechniqueKind {
    /// Every technique, simplest first.
    pub const ALL: [TechniqueKind; 56] = [
        TechniqueKind::NakedSingle,
        TechniqueKind::HiddenSingle,
        TechniqueKind::DirectPointing,
        TechniqueKind::DirectClaiming,
        TechniqueKind::DirectHiddenPair,
        TechniqueKind::DirectHiddenTriple,
        TechniqueKind::Cage,
        TechniqueKind::Relation,
        TechniqueKind::Line,
        TechniqueKind::Pointing,
        TechniqueKind::Claiming,
        TechniqueKind::NakedPair,
        TechniqueKind::HiddenPair,
        TechniqueKind::NakedTriple,
        TechniqueKind::HiddenTriple,
        TechniqueKind::NakedQuad,
        TechniqueKind::HiddenQuad,
        TechniqueKind::InniesOuties,
        TechniqueKind::XWing,
        TechniqueKind::Swordfish,
        TechniqueKind::Jellyfish,
        TechniqueKind::Skyscraper,
        TechniqueKind::TwoStringKite,
        TechniqueKind::EmptyRectangle,
        TechniqueKind::XyWing,
        TechniqueKind::XyzWing,
        TechniqueKind::WWing,
        TechniqueKind::SimpleColoring,
        TechniqueKind::UniqueRectangle,
        TechniqueKind::UniqueRectangle2,
        TechniqueKind::UniqueRectangle3,
        TechniqueKind::UniqueRectangle4,
        TechniqueKind::UniqueLoop,
        TechniqueKind::BugPlusOne,
        TechniqueKind::Bug2,
        TechniqueKind::Bug3,
        TechniqueKind::Bug4,
        TechniqueKind::FinnedXWing,
        TechniqueKind::FinnedSwordfish,
        TechniqueKind::FinnedJellyfish,
        TechniqueKind::SueDeCoq,
        TechniqueKind::AlsXz,
        TechniqueKind::AlsXyWing,
        TechniqueKind::DeathBlossom,
        TechniqueKind::AlignedPairExclusion,
        TechniqueKind::ForcingChain,
        TechniqueKind::AlignedTripleExclusion,
        TechniqueKind::NishioChain,
        TechniqueKind::MultipleChain,
        TechniqueKind::DynamicChain,
        TechniqueKind::DynamicPlusChain,
        TechniqueKind::NestedChain,
        TechniqueKind::NestedMultipleChain,
        TechniqueKind::NestedDynamicChain,
        TechniqueKind::ConstraintChain,
        TechniqueKind::ConstraintForcing,
    ];

    /// The techniques [`LogicSolver::new`](super::LogicSolver::new) tries, in order: all but the
    /// direct ones, whose steps it finds as locked candidates or a subset, then a single, and
    /// the finned jellyfish (its search costs more than its rare steps: 2 on magictour's first
    /// 300; on its first 80, the finned fish took 238 M instructions with it, 99 M without, by
    /// `valgrind --tool=callgrind sudoku rate --jobs 1 FILE`).
    pub const DEFAULT: [TechniqueKind; 35] = [
        TechniqueKind::NakedSingle,
        TechniqueKind::HiddenSingle,
        TechniqueKind::Pointing,
        TechniqueKind::Claiming,
        TechniqueKind::NakedPair,
        TechniqueKind::HiddenPair,
        TechniqueKind::NakedTriple,
        TechniqueKind::HiddenTriple,
        TechniqueKind::NakedQuad,
        TechniqueKind::HiddenQuad,
        TechniqueKind::XWing,
        TechniqueKind::Swordfish,
        TechniqueKind::Jellyfish,
        TechniqueKind::Skyscraper,
        TechniqueKind::TwoStringKite,
        TechniqueKind::EmptyRectangle,
        TechniqueKind::XyWing,
        TechniqueKind::XyzWing,
        TechniqueKind::WWing,
        TechniqueKind::SimpleColoring,
        TechniqueKind::UniqueRectangle,
        TechniqueKind::UniqueRectangle2,
        TechniqueKind::UniqueRectangle3,
        TechniqueKind::UniqueRectangle4,
        TechniqueKind::UniqueLoop,
        TechniqueKind::BugPlusOne,
        TechniqueKind::Bug2,
        TechniqueKind::Bug3,
        TechniqueKind::Bug4,
        TechniqueKind::FinnedXWing,
        TechniqueKind::FinnedSwordfish,
        TechniqueKind::SueDeCoq,
        TechniqueKind::AlsXz,
        TechniqueKind::AlsXyWing,
        TechniqueKind::DeathBlossom,
    ];

    /// Sudoku Explainer's exclusions and chains that hints and explanations try after the
    /// default techniques, in SE's order.
    const CHAINS: [TechniqueKind; 10] = [
        TechniqueKind::AlignedPairExclusion,
        TechniqueKind::ForcingChain,
        TechniqueKind::AlignedTripleExclusion,
        TechniqueKind::NishioChain,
        TechniqueKind::MultipleChain,
        TechniqueKind::DynamicChain,
        TechniqueKind::DynamicPlusChain,
        TechniqueKind::NestedChain,
        TechniqueKind::NestedMultipleChain,
        TechniqueKind::NestedDynamicChain,
    ];

    /// The techniques of hints and explanations (`hint`, `explain`, the game's `?`): those of
    /// [`TechniqueKind::DEFAULT`], then, where they find nothing, Sudoku Explainer's
    /// exclusions and chains in its order (aligned pair exclusion, X- and XY-chains and cycles,
    /// aligned triple exclusion, Nishio, cell and region, dynamic forcing chains, and dynamic
    /// forcing chains (+), nested forcing chains of levels 2, 3 and 4), so that a puzzle SE rates
    /// is explained to its end. Level 4 runs only where level 3 finds nothing, and its steps
    /// cost seconds each (SE's take minutes). Their steps are [`Level::Extreme`]'s: `rate`'s
    /// level stays that of the default techniques, extreme where they stall.
    pub const HINTS: [TechniqueKind; 45] = {
        let mut hints = [TechniqueKind::NakedSingle; 45];
        let mut k = 0;
        while k < hints.len() {
            let from_default = k < TechniqueKind::DEFAULT.len();
            hints[k] = if from_default {
                TechniqueKind::DEFAULT[k]
            } else {
                TechniqueKind::CHAINS[k - TechniqueKind::DEFAULT.len()]
            };
            k += 1;
        }
        hints
    };
}

impl TechniqueKind {
    /// The technique itself, to run alone.
    pub fn technique(self) -> Box<dyn Technique> {
        use TechniqueKind as T;
        match self {
            T::NakedSingle => Box::new(singles::NakedSingle),
            T::HiddenSingle => Box::new(singles::HiddenSingle),
            T::DirectPointing => Box::new(direct::DirectLocked(false)),
            T::DirectClaiming => Box::new(direct::DirectLocked(true)),
            T::DirectHiddenPair => Box::new(direct::DirectHidden(2)),
            T::DirectHiddenTriple => Box::new(direct::DirectHidden(3)),
            T::Cage
            | T::Relation
            | T::Line
            | T::InniesOuties
            | T::ConstraintChain
            | T::ConstraintForcing => Box::new(variant::ConstraintsOnly(self)),
            T::Pointing => Box::new(locked::Pointing),
            T::Claiming => Box::new(locked::Claiming),
            T::NakedPair => Box::new(subsets::Naked(2)),
            T::NakedTriple => Box::new(subsets::Naked(3)),
            T::NakedQuad => Box::new(subsets::Naked(4)),
            T::HiddenPair => Box::new(subsets::Hidden(2)),
            T::HiddenTriple => Box::new(subsets::Hidden(3)),
            T::HiddenQuad => Box::new(subsets::Hidden(4)),
            T::XWing => Box::new(fish::Fish(2)),
            T::Swordfish => Box::new(fish::Fish(3)),
            T::Jellyfish => Box::new(fish::Fish(4)),
            T::Skyscraper | T::TwoStringKite | T::EmptyRectangle => {
                Box::new(single_digit::SingleDigit(self))
            }
            T::FinnedXWing => Box::new(finned::FinnedFish(2)),
            T::FinnedSwordfish => Box::new(finned::FinnedFish(3)),
            T::FinnedJellyfish => Box::new(finned::FinnedFish(4)),
            T::XyWing => Box::new(wings::XyWing),
            T::XyzWing => Box::new(wings::XyzWing),
            T::WWing => Box::new(wings::WWing),
            T::SimpleColoring => Box::new(coloring::SimpleColoring),
            T::UniqueRectangle => Box::new(uniqueness::UniqueRectangle),
            T::UniqueRectangle2 | T::UniqueRectangle3 | T::UniqueRectangle4 | T::UniqueLoop => {
                Box::new(loops::UniqueLoops(self))
            }
            T::BugPlusOne => Box::new(uniqueness::BugPlusOne),
            T::Bug2 | T::Bug3 | T::Bug4 => Box::new(grave::Grave(self)),
            T::SueDeCoq => Box::new(sue_de_coq::SueDeCoq),
            T::AlsXz => Box::new(als_xz::AlsXz),
            T::AlsXyWing => Box::new(als_wing::AlsXyWing),
            T::DeathBlossom => Box::new(blossom::DeathBlossom),
            T::AlignedPairExclusion => Box::new(exclusion::AlignedExclusion(2)),
            T::AlignedTripleExclusion => Box::new(exclusion::AlignedExclusion(3)),
            T::ForcingChain => Box::new(chains::ForcingChain),
            T::NishioChain => Box::new(multiple::ForcingChains(multiple::Family::Nishio)),
            T::MultipleChain => Box::new(multiple::ForcingChains(multiple::Family::Multiple)),
            T::DynamicChain => Box::new(multiple::ForcingChains(multiple::Family::Dynamic)),
            T::DynamicPlusChain => Box::new(multiple::ForcingChains(multiple::Family::DynamicPlus)),
            T::NestedChain => Box::new(multiple::ForcingChains(multiple::Family::Nested)),
            T::NestedMultipleChain => {
                Box::new(multiple::ForcingChains(multiple::Family::NestedMultiple))
            }
            T::NestedDynamicChain => {
                Box::new(multiple::ForcingChains(multiple::Family::NestedDynamic(0)))
            }
        }
    }
}
