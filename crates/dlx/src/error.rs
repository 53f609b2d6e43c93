//! Errors of building a problem and of committing options to a solver.

use crate::ids::{ItemId, OptionId};

/// Why [`ProblemBuilder::build`](crate::ProblemBuilder::build) rejected a problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// The problem declares no primary item, so it has nothing to cover.
    #[error("the problem has no primary items")]
    NoPrimaryItems,
    /// Two items share a name.
    #[error("item name '{name}' is declared twice")]
    DuplicateItemName {
        /// The repeated name.
        name: String,
    },
    /// An item or colour name that the DLX text format could not represent.
    #[error("invalid name '{name}': names must be nonempty and contain no whitespace, '|' or ':'")]
    InvalidName {
        /// The rejected name.
        name: String,
    },
    /// A primary item was declared after a secondary one; primaries come first.
    #[error("primary item '{name}' is declared after a secondary item")]
    PrimaryAfterSecondary {
        /// The late primary item.
        name: String,
    },
    /// A primary item's bounds allow it no option (upper bound 0) or none at all (lower above
    /// upper).
    #[error(
        "item '{name}' has bounds {lower}..{upper}: the upper bound must be at least 1 and \
             the lower bound at most the upper"
    )]
    BadBounds {
        /// The item.
        name: String,
        /// Its lower bound.
        lower: u32,
        /// Its upper bound.
        upper: u32,
    },
    /// An option has no items.
    #[error("option {option} is empty")]
    EmptyOption {
        /// The empty option.
        option: OptionId,
    },
    /// An option names an item id that was never declared.
    #[error("option {option} uses item {item}, which does not exist")]
    UnknownItem {
        /// The option.
        option: OptionId,
        /// The undeclared id.
        item: ItemId,
    },
    /// An option names an item by a name that was never declared.
    #[error("option {option} uses unknown item '{name}'")]
    UnknownItemName {
        /// The option.
        option: OptionId,
        /// The undeclared name.
        name: String,
    },
    /// An option uses a colour id that was never declared.
    #[error("option {option} uses colour {color}, which does not exist")]
    UnknownColor {
        /// The option.
        option: OptionId,
        /// The undeclared colour id.
        color: u32,
    },
    /// An option lists the same item twice.
    #[error("option {option} contains item '{name}' twice")]
    DuplicateItemInOption {
        /// The option.
        option: OptionId,
        /// The repeated item.
        name: String,
    },
    /// A colour was given to a primary item; only secondary items take colours.
    #[error("option {option} gives a colour to primary item '{name}'")]
    ColorOnPrimary {
        /// The option.
        option: OptionId,
        /// The primary item.
        name: String,
    },
    /// The problem has more nodes than `u32` indices can address.
    #[error("the problem is too large: more than {limit} nodes")]
    TooLarge {
        /// The largest number of nodes supported.
        limit: u64,
    },
}

/// Why [`Solver::commit`](crate::Solver::commit) refused an option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CommitError {
    /// The option id is not one of the problem's options.
    #[error("option {option} does not exist")]
    UnknownOption {
        /// The id.
        option: OptionId,
    },
    /// The option uses an item that an option committed earlier already covers (or purifies
    /// with another colour).
    #[error("option {option} clashes on item {item} with an option committed earlier")]
    Clash {
        /// The refused option.
        option: OptionId,
        /// The item both options use.
        item: ItemId,
    },
}
