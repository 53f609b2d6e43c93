//! The names of the techniques: [`TechniqueKind`], simplest first, and their levels.

use std::fmt;

use super::level::Level;

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
    /// Two strong links of a digit in two rows (or columns) whose near ends share a column
    /// (row): one far end holds it (`HoDoKu`'s pattern; SE finds it as an X-chain).
    Skyscraper,
    /// A row's strong link and a column's whose near ends share a box: one far end holds it.
    TwoStringKite,
    /// A box whose digit lies in one row and one column, and a strong link meeting one of them.
    EmptyRectangle,
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
    /// Type 2: the rectangle's extra cells share one extra digit, gone from their common peers.
    UniqueRectangle2,
    /// Type 3: the two extra cells' extra digits form a naked set with other cells of a region.
    UniqueRectangle3,
    /// Type 4: one digit of the pair is locked in the two extra cells: the other leaves them.
    UniqueRectangle4,
    /// Types 1 to 4 on a deadly loop of six or more cells.
    UniqueLoop,
    /// Every unsolved cell bivalue but one: it takes the digit that would break the grave.
    BugPlusOne,
    /// The grave's extra cells share one extra digit, gone from their common peers.
    Bug2,
    /// The grave's extra digits form a naked set with other cells of a region.
    Bug3,
    /// Two extra cells of a region share a conjugate digit: each is it or its extra digit.
    Bug4,
    /// An x-wing but for fins: the cells of its covers that see every fin lose the digit
    /// (sashimi too).
    FinnedXWing,
    /// A finned (or sashimi) swordfish.
    FinnedSwordfish,
    /// A finned (or sashimi) jellyfish (not in [`TechniqueKind::DEFAULT`]: rare and costly).
    FinnedJellyfish,
    /// Two or three cells where a line meets a box (or any two regions meet), with cells of
    /// each region's rest whose candidates are disjoint, holding as many digits as cells: each
    /// digit lies in the pattern once.
    SueDeCoq,
    /// Two almost locked sets with a restricted common X: each other common digit lies in one
    /// of them.
    AlsXz,
    /// A pivot ALS with restricted commons X and Y to two others: a digit of both lies in one
    /// of them.
    AlsXyWing,
    /// A stem cell with one ALS petal per candidate: a digit of every petal lies in one.
    DeathBlossom,
    /// Two cells whose pairs of digits would empty a bivalue cell that sees both, or repeat a
    /// digit: the digits in no allowed pair go (SE's aligned pair exclusion; not in
    /// [`TechniqueKind::DEFAULT`]).
    AlignedPairExclusion,
    /// An assumption that contradicts itself through strong and weak links (X-chains and
    /// XY-chains), or a loop of them (bidirectional cycles); not in [`TechniqueKind::DEFAULT`]
    /// yet.
    ForcingChain,
    /// The same with three cells and the cells of two or three candidates that see them all
    /// (not in [`TechniqueKind::DEFAULT`]).
    AlignedTripleExclusion,
    /// A dynamic chain of X-links alone from an assumption to a contradiction (SE's Nishio).
    NishioChain,
    /// Chains from every candidate of a cell, or every place of a digit in a region, reaching
    /// the same conclusion (SE's cell and region forcing chains).
    MultipleChain,
    /// Chains on a grid that the assumption empties as it goes: contradictions, both states of
    /// a candidate, cells and regions reaching the same conclusion.
    DynamicChain,
    /// Dynamic forcing chains that, where links run out, also apply locked candidates, hidden
    /// and naked pairs and X-wings to the grid the assumption empties (SE's "(+)").
    DynamicPlusChain,
    /// Dynamic forcing chains (+) also applying forcing chains to what is left (SE's level 2).
    NestedChain,
    /// Nested forcing chains also applying cell and region forcing chains (SE's level 3).
    NestedMultipleChain,
    /// Dynamic forcing chains (+) also applying dynamic forcing chains (plain, then (+), then
    /// nested) to what is left (SE's experimental level 4).
    NestedDynamicChain,
    /// An assumption that the singles and the constraints, each alone, lead to a
    /// contradiction (variant puzzles only, when nothing else finds a step).
    ConstraintChain,
    /// Each candidate of a cell, assumed, leads through the singles and the constraints to
    /// the same removals (variant puzzles only, after the contradictions).
    ConstraintForcing,
}

impl TechniqueKind {
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
            TechniqueKind::Skyscraper => "skyscraper",
            TechniqueKind::TwoStringKite => "2-string kite",
            TechniqueKind::EmptyRectangle => "empty rectangle",
            TechniqueKind::FinnedXWing => "finned x-wing",
            TechniqueKind::FinnedSwordfish => "finned swordfish",
            TechniqueKind::FinnedJellyfish => "finned jellyfish",
            TechniqueKind::XyWing => "xy-wing",
            TechniqueKind::XyzWing => "xyz-wing",
            TechniqueKind::WWing => "w-wing",
            TechniqueKind::SimpleColoring => "simple colouring",
            TechniqueKind::UniqueRectangle => "unique rectangle",
            TechniqueKind::UniqueRectangle2 => "unique rectangle type 2",
            TechniqueKind::UniqueRectangle3 => "unique rectangle type 3",
            TechniqueKind::UniqueRectangle4 => "unique rectangle type 4",
            TechniqueKind::UniqueLoop => "unique loop",
            TechniqueKind::BugPlusOne => "bug+1",
            TechniqueKind::Bug2 => "bug type 2",
            TechniqueKind::Bug3 => "bug type 3",
            TechniqueKind::Bug4 => "bug type 4",
            TechniqueKind::SueDeCoq => "sue de coq",
            TechniqueKind::AlsXz => "als-xz",
            TechniqueKind::AlsXyWing => "als-xy-wing",
            TechniqueKind::DeathBlossom => "death blossom",
            TechniqueKind::AlignedPairExclusion => "aligned pair exclusion",
            TechniqueKind::AlignedTripleExclusion => "aligned triple exclusion",
            TechniqueKind::ForcingChain => "forcing chain",
            TechniqueKind::NishioChain => "nishio forcing chain",
            TechniqueKind::MultipleChain => "multiple forcing chains",
            TechniqueKind::DynamicChain => "dynamic forcing chains",
            TechniqueKind::DynamicPlusChain => "dynamic forcing chains (+)",
            TechniqueKind::NestedChain => "nested forcing chains",
            TechniqueKind::NestedMultipleChain => "nested multiple forcing chains",
            TechniqueKind::NestedDynamicChain => "nested dynamic forcing chains",
            TechniqueKind::ConstraintChain => "chain across constraints",
            TechniqueKind::ConstraintForcing => "forcing chains across constraints",
        }
    }

    /// Whether the technique assumes the puzzle has one solution (unique rectangles and loops,
    /// BUG): it may remove a digit some solution needs when there are several.
    pub fn assumes_uniqueness(self) -> bool {
        use TechniqueKind as T;
        matches!(
            self,
            T::UniqueRectangle
                | T::UniqueRectangle2
                | T::UniqueRectangle3
                | T::UniqueRectangle4
                | T::UniqueLoop
                | T::BugPlusOne
                | T::Bug2
                | T::Bug3
                | T::Bug4
        )
    }

    /// Whether this is one of the patterns players know from `HoDoKu` (single-digit patterns,
    /// finned fish, ALS moves): hints name them, the solver's own start-up logic skips them.
    pub fn is_pattern(self) -> bool {
        use TechniqueKind as T;
        matches!(
            self,
            T::Skyscraper
                | T::TwoStringKite
                | T::EmptyRectangle
                | T::FinnedXWing
                | T::FinnedSwordfish
                | T::FinnedJellyfish
                | T::SueDeCoq
                | T::AlsXz
                | T::AlsXyWing
                | T::DeathBlossom
        )
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
            T::Skyscraper
            | T::TwoStringKite
            | T::EmptyRectangle
            | T::FinnedXWing
            | T::FinnedSwordfish
            | T::FinnedJellyfish
            | T::XyWing
            | T::XyzWing
            | T::WWing
            | T::SimpleColoring
            | T::UniqueRectangle
            | T::UniqueRectangle2
            | T::UniqueRectangle3
            | T::UniqueRectangle4
            | T::UniqueLoop
            | T::BugPlusOne
            | T::Bug2
            | T::Bug3
            | T::Bug4
            | T::SueDeCoq
            | T::AlsXz
            | T::AlsXyWing
            | T::DeathBlossom => Level::Expert,
            T::AlignedPairExclusion
            | T::ForcingChain
            | T::AlignedTripleExclusion
            | T::NishioChain
            | T::MultipleChain
            | T::DynamicChain
            | T::DynamicPlusChain
            | T::NestedChain
            | T::NestedMultipleChain
            | T::NestedDynamicChain
            | T::ConstraintChain
            | T::ConstraintForcing => Level::Extreme,
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
        assert!(TechniqueKind::ALL.windows(2).all(|w| w[0] < w[1]));
        assert!(TechniqueKind::DEFAULT.windows(2).all(|w| w[0] < w[1]));
        assert!(TechniqueKind::DEFAULT.iter().all(|k| !k.name().starts_with("direct")));
        assert!(!TechniqueKind::DEFAULT.contains(&TechniqueKind::ForcingChain));
        assert!(TechniqueKind::ALL.windows(2).all(|w| w[0].level() <= w[1].level()));
        // Hints try the default techniques first, in their order, then only extreme ones.
        assert_eq!(TechniqueKind::HINTS[..TechniqueKind::DEFAULT.len()], TechniqueKind::DEFAULT);
        assert!(TechniqueKind::HINTS.windows(2).all(|w| w[0] < w[1]));
        let beyond = &TechniqueKind::HINTS[TechniqueKind::DEFAULT.len()..];
        assert!(beyond.iter().all(|k| k.level() == Level::Extreme));
        assert!(TechniqueKind::DEFAULT.iter().all(|k| k.level() < Level::Extreme));
        for kind in TechniqueKind::ALL {
            assert_eq!(kind.technique().kind(), kind);
        }
        assert_eq!(TechniqueKind::BugPlusOne.to_string(), "bug+1");
    }
}
