//! The bitsets of sums a group-sum line reads with ([`group_sum.rs`](super::group_sum)): a
//! `u64` when the line's total is below 64 (every little killer of a 9×9 grid), else a
//! `u128`. A `u128` shift is several instructions, and shifts are the line's work: the
//! snipes' 12th, 6.79 G -> 5.55 G instructions for 100 000 nodes (docs/PERFORMANCE.md).

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Shl, Shr};

/// A set of sums, bit s for sum s: what [`super::group_sum`] needs of `u64` and `u128`.
pub(super) trait SumBits:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    const ALL: Self;
    /// The greatest sum it holds.
    const TOP: u32;
    fn trailing_zeros(self) -> u32;
    fn count_ones(self) -> u32;
    /// The set without its lowest sum.
    fn without_lowest(self) -> Self;
    /// Digits (a candidate mask) as sums 0 and up.
    fn of_mask(mask: u64) -> Self;
    /// The lowest 64 sums, as a mask.
    fn low(self) -> u64;
    /// As kept in a group's memo (`u128`), and back.
    fn widen(self) -> u128;
    fn narrow(wide: u128) -> Self;
}

impl SumBits for u64 {
    const ZERO: u64 = 0;
    const ONE: u64 = 1;
    const ALL: u64 = u64::MAX;
    const TOP: u32 = 63;
    #[inline]
    fn trailing_zeros(self) -> u32 {
        u64::trailing_zeros(self)
    }
    #[inline]
    fn count_ones(self) -> u32 {
        u64::count_ones(self)
    }
    #[inline]
    fn without_lowest(self) -> u64 {
        self & self.wrapping_sub(1)
    }
    #[inline]
    fn of_mask(mask: u64) -> u64 {
        mask
    }
    #[inline]
    fn low(self) -> u64 {
        self
    }
    #[inline]
    fn widen(self) -> u128 {
        u128::from(self)
    }
    #[inline]
    fn narrow(wide: u128) -> u64 {
        wide as u64
    }
}

impl SumBits for u128 {
    const ZERO: u128 = 0;
    const ONE: u128 = 1;
    const ALL: u128 = u128::MAX;
    const TOP: u32 = 127;
    #[inline]
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }
    #[inline]
    fn count_ones(self) -> u32 {
        u128::count_ones(self)
    }
    #[inline]
    fn without_lowest(self) -> u128 {
        self & self.wrapping_sub(1)
    }
    #[inline]
    fn of_mask(mask: u64) -> u128 {
        u128::from(mask)
    }
    #[inline]
    fn low(self) -> u64 {
        self as u64
    }
    #[inline]
    fn widen(self) -> u128 {
        self
    }
    #[inline]
    fn narrow(wide: u128) -> u128 {
        wide
    }
}

/// `reach` moved on by each sum of `sums`: every a + s with a in `reach` and s in `sums`,
/// up to `S::TOP`.
#[inline]
pub(super) fn shifted<S: SumBits>(reach: S, mut sums: S) -> S {
    let mut out = S::ZERO;
    while sums != S::ZERO {
        out |= reach << sums.trailing_zeros();
        sums = sums.without_lowest();
    }
    out
}

/// The same, backwards: every a − s with a in `reach` and s in `sums`.
#[inline]
pub(super) fn unshifted<S: SumBits>(reach: S, mut sums: S) -> S {
    let mut out = S::ZERO;
    while sums != S::ZERO {
        out |= reach >> sums.trailing_zeros();
        sums = sums.without_lowest();
    }
    out
}
