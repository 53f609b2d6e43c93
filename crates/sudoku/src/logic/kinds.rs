//! The names of things: [`TechniqueKind`], simplest first, and the difficulty [`Level`]s.

use std::fmt;
use std::str::FromStr;

use super::{
    chains, coloring, direct, fish, locked, multiple, singles, subsets, uniqueness, variant, wings,
    Technique,
};

/// Difficulty levels, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Singles only.
    Easy,
    /// Locked candidates and pairs.
    Medium,
    /// Triples, quads and fish.
    Hard,
    /// Wings, colouring, unique rectangles and BUG+1.
    Expert,
    /// Beyond every technique here: logic stalls (the rater decides this level).
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] =
        [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Extreme];

    /// The level's name: `easy` ... `extreme`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }
}

/// The name.
impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of [`Level::ALL`]'s.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level '{0}': use easy, medium, hard, expert or extreme")]
pub struct UnknownLevel(pub String);

/// Reads a level's name, ignoring ASCII case.
impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(name: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| UnknownLevel(name.to_owned()))
    }
}

/// The techniques, simplest first (their order is `Ord`'s).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TechniqueKind {
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit with one place left in a region.
    HiddenSingle,
    /// Pointing whose eliminations leave a hidden single, placed in the same step (Sudoku
    /// Explainer's rating device; not in [`TechniqueKind::DEFAULT`]).
    DirectPointing,
    /// Claiming whose eliminations leave a hidden single, placed in the same step.
    DirectClaiming,
    /// A hidden pair that leaves another digit of its region one place, placed in the step.
    DirectHiddenPair,
    /// A hidden triple that leaves another digit of its region one place, placed in the step.
    DirectHiddenTriple,
    /// A killer cage's sum or distinct digits narrow its cells (variant puzzles only:
    /// [`VariantLogic`](super::VariantLogic)).
    Cage,
    /// A dot or sign between two cells (Kropki, XV, greater-than, ...) narrows them (variant
    /// puzzles only).
    Relation,
    /// A line (thermometer, arrow, whispers, little killer, ...) narrows its cells (variant
    /// puzzles only).
    Line,
    /// A digit confined to a line within a box (or any non-line region): gone from the rest
    /// of the line.
    Pointing,
    /// A digit confined to a box (or other region) within a line: gone from the rest of it.
    Claiming,
    /// Two cells of a region with the same two candidates.
    NakedPair,
    /// Two digits with the same two places in a region.
    HiddenPair,
    /// Three cells of a region holding three candidates between them.
    NakedTriple,
    /// Three digits with the same three places in a region.
    HiddenTriple,
    /// Four cells of a region holding four candidates between them.
    NakedQuad,
    /// Four digits with the same four places in a region.
    HiddenQuad,
    /// The sum the cages imply for a few cells of their regions (innies and outies) narrows
    /// them (variant puzzles only).
    InniesOuties,
    /// A digit in two rows confined to two columns, or the other way round.
    XWing,
    /// The same with three lines.
    Swordfish,
    /// The same with four lines.
    Jellyfish,
    /// A bivalue pivot and two bivalue pincers.
    XyWing,
    /// A trivalue pivot and two bivalue pincers.
    XyzWing,
    /// Two equal bivalue cells joined by a strong link on one of their digits.
    WWing,
    /// Conjugate pairs of one digit coloured in two colours: a colour trap or wrap.
    SimpleColoring,
    /// Type 1: three corners of a would-be deadly rectangle fix the fourth.
    UniqueRectangle,
    /// Every unsolved cell bivalue but one: it takes the digit that would break the grave.
    BugPlusOne,
    /// An assumption that contradicts itself through strong and weak links (X-chains and
    /// XY-chains), or a loop of them (bidirectional cycles); not in [`TechniqueKind::DEFAULT`]
    /// yet.
    ForcingChain,
    /// A dynamic chain of X-links alone from an assumption to a contradiction (SE's Nishio).
    NishioChain,
    /// Chains from every candidate of a cell, or every place of a digit in a region, reaching
    /// the same conclusion (SE's cell and region forcing chains).
    MultipleChain,
    /// Chains on a grid that the assumption empties as it goes: contradictions, both states of
    /// a candidate, cells and regions reaching the same conclusion.
    DynamicChain,
}

impl TechniqueKind {
    /// Every technique, simplest first.
    pub const ALL: [TechniqueKind; 31] = [
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
        TechniqueKind::XyWing,
        TechniqueKind::XyzWing,
        TechniqueKind::WWing,
        TechniqueKind::SimpleColoring,
        TechniqueKind::UniqueRectangle,
        TechniqueKind::BugPlusOne,
        TechniqueKind::ForcingChain,
        TechniqueKind::NishioChain,
        TechniqueKind::MultipleChain,
        TechniqueKind::DynamicChain,
    ];

    /// The techniques [`LogicSolver::new`](super::LogicSolver::new) tries, in order: all but the
    /// direct ones, whose steps it finds as locked candidates or a subset, then a single.
    pub const DEFAULT: [TechniqueKind; 19] = [
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
        TechniqueKind::XyWing,
        TechniqueKind::XyzWing,
        TechniqueKind::WWing,
        TechniqueKind::SimpleColoring,
        TechniqueKind::UniqueRectangle,
        TechniqueKind::BugPlusOne,
    ];

    /// The name players use: `naked single`, `x-wing`, `bug+1`.
    pub fn name(self) -> &'static str {
        match self {
            TechniqueKind::NakedSingle => "naked single",
            TechniqueKind::HiddenSingle => "hidden single",
            TechniqueKind::DirectPointing => "direct pointing",
            TechniqueKind::DirectClaiming => "direct claiming",
            TechniqueKind::DirectHiddenPair => "direct hidden pair",
            TechniqueKind::DirectHiddenTriple => "direct hidden triple",
            TechniqueKind::Cage => "cage",
            TechniqueKind::Relation => "dot or sign",
            TechniqueKind::Line => "line",
            TechniqueKind::InniesOuties => "innies and outies",
            TechniqueKind::Pointing => "pointing",
            TechniqueKind::Claiming => "claiming",
            TechniqueKind::NakedPair => "naked pair",
            TechniqueKind::HiddenPair => "hidden pair",
            TechniqueKind::NakedTriple => "naked triple",
            TechniqueKind::HiddenTriple => "hidden triple",
            TechniqueKind::NakedQuad => "naked quad",
            TechniqueKind::HiddenQuad => "hidden quad",
            TechniqueKind::XWing => "x-wing",
            TechniqueKind::Swordfish => "swordfish",
            TechniqueKind::Jellyfish => "jellyfish",
            TechniqueKind::XyWing => "xy-wing",
            TechniqueKind::XyzWing => "xyz-wing",
            TechniqueKind::WWing => "w-wing",
            TechniqueKind::SimpleColoring => "simple colouring",
            TechniqueKind::UniqueRectangle => "unique rectangle",
            TechniqueKind::BugPlusOne => "bug+1",
            TechniqueKind::ForcingChain => "forcing chain",
            TechniqueKind::NishioChain => "nishio forcing chain",
            TechniqueKind::MultipleChain => "multiple forcing chains",
            TechniqueKind::DynamicChain => "dynamic forcing chains",
        }
    }

    /// The level a puzzle needing this technique reaches.
    pub fn level(self) -> Level {
        use TechniqueKind as T;
        match self {
            T::NakedSingle | T::HiddenSingle => Level::Easy,
            T::DirectPointing
            | T::DirectClaiming
            | T::DirectHiddenPair
            | T::DirectHiddenTriple
            | T::Cage
            | T::Relation
            | T::Line
            | T::Pointing
            | T::Claiming
            | T::NakedPair
            | T::HiddenPair => Level::Medium,
            T::NakedTriple
            | T::HiddenTriple
            | T::NakedQuad
            | T::HiddenQuad
            | T::InniesOuties
            | T::XWing
            | T::Swordfish
            | T::Jellyfish => Level::Hard,
            T::XyWing
            | T::XyzWing
            | T::WWing
            | T::SimpleColoring
            | T::UniqueRectangle
            | T::BugPlusOne
            | T::ForcingChain
            | T::NishioChain
            | T::MultipleChain
            | T::DynamicChain => Level::Expert,
        }
    }

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
            T::Cage | T::Relation | T::Line | T::InniesOuties => {
                Box::new(variant::ConstraintsOnly(self))
            }
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
            T::XyWing => Box::new(wings::XyWing),
            T::XyzWing => Box::new(wings::XyzWing),
            T::WWing => Box::new(wings::WWing),
            T::SimpleColoring => Box::new(coloring::SimpleColoring),
            T::UniqueRectangle => Box::new(uniqueness::UniqueRectangle),
            T::BugPlusOne => Box::new(uniqueness::BugPlusOne),
            T::ForcingChain => Box::new(chains::ForcingChain),
            T::NishioChain => Box::new(multiple::ForcingChains(multiple::Family::Nishio)),
            T::MultipleChain => Box::new(multiple::ForcingChains(multiple::Family::Multiple)),
            T::DynamicChain => Box::new(multiple::ForcingChains(multiple::Family::Dynamic)),
        }
    }
}

/// The name.
impl fmt::Display for TechniqueKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_levels_and_order() {
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
        assert!("fiendish".parse::<Level>().unwrap_err().to_string().contains("fiendish"));
        assert!(TechniqueKind::ALL.windows(2).all(|w| w[0] < w[1]));
        assert!(TechniqueKind::DEFAULT.windows(2).all(|w| w[0] < w[1]));
        assert!(TechniqueKind::DEFAULT.iter().all(|k| !k.name().starts_with("direct")));
        assert!(!TechniqueKind::DEFAULT.contains(&TechniqueKind::ForcingChain));
        assert!(TechniqueKind::ALL.windows(2).all(|w| w[0].level() <= w[1].level()));
        for kind in TechniqueKind::ALL {
            assert_eq!(kind.technique().kind(), kind);
        }
        assert_eq!(TechniqueKind::BugPlusOne.to_string(), "bug+1");
    }
}
