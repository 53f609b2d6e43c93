//! The engine's example generators, compiled in here, to write the DLX text of problems with
//! published counts (the examples are checked against those counts in the engine's tests).

#[path = "../../dlx/examples/dominoes.rs"]
#[allow(dead_code, unreachable_pub)]
mod dominoes;
#[path = "../../dlx/examples/langford.rs"]
#[allow(dead_code, unreachable_pub)]
mod langford;
#[path = "../../dlx/examples/n_queens.rs"]
#[allow(dead_code, unreachable_pub)]
mod n_queens;
#[path = "../../dlx/tests/fixtures/pentominoes.rs"]
#[allow(dead_code, unreachable_pub)]
mod pentominoes;

pub(crate) use self::{
    dominoes::dominoes, langford::langford, n_queens::queens, pentominoes::pentominoes,
};
