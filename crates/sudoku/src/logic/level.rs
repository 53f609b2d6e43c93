//! The difficulty [`Level`]s a puzzle's hardest technique gives it.

use std::fmt;
use std::str::FromStr;

/// Difficulty levels, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Singles only.
    Easy,
    /// Locked candidates and pairs.
    Medium,
    /// Triples, quads and fish.
    Hard,
    /// Wings, colouring, unique rectangles and loops, BUG, `HoDoKu`'s single-digit patterns,
    /// finned fish, Sue de Coq and the ALS moves.
    Expert,
    /// Beyond them: exclusions, chains and forcing chains (across constraints too), or logic
    /// stalls (the rater decides this level where the default techniques stall).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back() {
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
        assert!("fiendish".parse::<Level>().unwrap_err().to_string().contains("fiendish"));
    }
}
