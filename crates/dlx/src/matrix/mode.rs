//! The [`Mode`] a matrix's hot loops are compiled for, and [`with_mode!`], which picks the
//! instance that matches a matrix (and whether the search is profiled).

/// The properties of a matrix that its hot loops are compiled for, as constants, so that each
/// combination gets its own code and no test of them runs per node. [`with_mode!`] picks the
/// instance that matches a matrix.
pub(crate) trait Mode {
    /// Some option gives a secondary item a colour: Knuth's Algorithm C (DLX2) rather than X.
    const COLORS: bool;
    /// MRV may scan the lengths densely, so covers keep the [`COVERED`](super::COVERED) flags
    /// and the number of active primary items, which cost a few writes per cover that small
    /// problems skip.
    const DENSE: bool;
    /// Links keep count of the empty and one-option primary lists, a test per link change
    /// that only problems with thousands of items repay.
    const HUGE: bool;
    /// The search counts Knuth's mems and its nodes per level: an instrumented search that
    /// the ordinary ones must not pay for, so it is compiled apart (see `matrix/mems.rs`).
    const PROFILE: bool;
}

/// The [`Mode`] with the given constants.
pub(crate) struct Flags<
    const COLORS: bool,
    const DENSE: bool,
    const HUGE: bool = false,
    const PROFILE: bool = false,
>;

impl<const C: bool, const D: bool, const H: bool, const P: bool> Mode for Flags<C, D, H, P> {
    const COLORS: bool = C;
    const DENSE: bool = D;
    const HUGE: bool = H;
    const PROFILE: bool = P;
}

/// Evaluates `$body` with the type `$mode` standing for the [`Mode`] of `$matrix`. Huge
/// problems are dense ones (thousands of primary items) that also count their short lists.
///
/// `with_mode!(matrix, M => body)` never profiles; `with_mode!(matrix, profile: yes, M =>
/// body)` profiles when `yes` is true. Only the search loops and the replay of a path take
/// the second form, so that nothing else is compiled twice.
macro_rules! with_mode {
    (@arms $matrix:expr, $profile:literal, $mode:ident => $body:expr) => {
        match ($matrix.has_colors, $matrix.dense, $matrix.huge) {
            (false, false, _) => {
                type $mode = $crate::matrix::Flags<false, false, false, $profile>;
                $body
            }
            (false, true, false) => {
                type $mode = $crate::matrix::Flags<false, true, false, $profile>;
                $body
            }
            (false, true, true) => {
                type $mode = $crate::matrix::Flags<false, true, true, $profile>;
                $body
            }
            (true, false, _) => {
                type $mode = $crate::matrix::Flags<true, false, false, $profile>;
                $body
            }
            (true, true, false) => {
                type $mode = $crate::matrix::Flags<true, true, false, $profile>;
                $body
            }
            (true, true, true) => {
                type $mode = $crate::matrix::Flags<true, true, true, $profile>;
                $body
            }
        }
    };
    ($matrix:expr, profile: $profile:expr, $mode:ident => $body:expr) => {
        if $profile {
            $crate::matrix::with_mode!(@arms $matrix, true, $mode => $body)
        } else {
            $crate::matrix::with_mode!(@arms $matrix, false, $mode => $body)
        }
    };
    ($matrix:expr, $mode:ident => $body:expr) => {
        $crate::matrix::with_mode!(@arms $matrix, false, $mode => $body)
    };
}
pub(crate) use with_mode;
