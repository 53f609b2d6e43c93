//! One run of a model's propagators to their fixpoint on given candidates, outside any search:
//! what the logical solver's variant steps use (`logic/variant.rs`), each model there holding
//! one constraint, so that every elimination is that constraint's.

use super::board::PropBoard;
use super::PropTables;

/// Runs `tables`' propagators to a fixpoint on `masks` (a mask a cell of the model's
/// rectangle, bit d − 1 for digit d, one bit for a placed digit), keeping in `masks` what
/// they leave. `false` when they find that no solution is left (then `masks` is as it was).
pub(crate) fn narrow(tables: &PropTables, masks: &mut [u64]) -> bool {
    let mut board = PropBoard::new(tables);
    board.load(tables, masks);
    let mut scratch = Vec::with_capacity(tables.most_states);
    if board.propagate(tables, &mut scratch).is_err() {
        return false;
    }
    masks.copy_from_slice(&board.masks);
    true
}
