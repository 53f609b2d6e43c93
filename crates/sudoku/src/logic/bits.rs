//! Bit masks: digits of a cell (bit `d - 1`), places of a digit in a region (bit `k` for the
//! region's `k`-th cell), and cell bitsets; with tests for one, two or at most k bits.

use crate::grid::{Cell, Digit};

/// Whether a mask has exactly one bit. The bit tests here stand in for `count_ones`, which
/// costs a dozen instructions on baseline x86-64 (no `popcnt`) in the hottest loops.
pub(super) fn one_bit(mask: u64) -> bool {
    mask.is_power_of_two()
}

/// Whether a mask has exactly two bits.
pub(super) fn two_bits(mask: u64) -> bool {
    mask != 0 && one_bit(mask & (mask - 1))
}

/// Whether a mask has at most `k` bits.
pub(super) fn at_most(mut mask: u64, k: usize) -> bool {
    for _ in 0..k {
        mask &= mask.wrapping_sub(1);
    }
    mask == 0
}

/// The mask bit of a digit (none for 0).
pub(super) fn digit_bit(digit: Digit) -> u64 {
    if digit == 0 {
        0
    } else {
        1 << (digit - 1)
    }
}

/// The set bits of a mask, lowest first: digits minus one, or positions.
pub(super) fn bits(mask: u64) -> Bits {
    Bits(mask)
}

/// Iterator over the set bits of a mask.
#[derive(Clone, Debug)]
pub(super) struct Bits(u64);

impl Iterator for Bits {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(bit)
    }
}

/// The cells of a bitset over cells, lowest first.
pub(super) fn cells_of(set: &[u64]) -> impl Iterator<Item = Cell> + '_ {
    set.iter().enumerate().flat_map(|(w, &word)| bits(word).map(move |b| w * 64 + b as usize))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_counts() {
        assert!(one_bit(8) && !one_bit(0) && !one_bit(12));
        assert!(two_bits(12) && !two_bits(8) && !two_bits(14) && two_bits(1 << 63 | 1));
        assert!(at_most(14, 3) && !at_most(15, 3) && at_most(0, 0));
        assert_eq!(bits(0b1010).collect::<Vec<_>>(), [1, 3]);
        assert_eq!(cells_of(&[0b10, 0b1]).collect::<Vec<_>>(), [1, 64]);
        assert_eq!((digit_bit(0), digit_bit(3)), (0, 4));
    }
}
