//! What a killer cage may hold: its digit sets (for the digit-by-digit encoding) and, when they
//! are few, its fillings (for the encoding that places a whole cage in one option).

use super::Model;
use crate::grid::Digit;

/// The most digit sets a cage may have: past it, its options would not fit in memory.
pub(super) const MAX_CAGE_SETS: usize = 1 << 20;

impl Model {
    /// Every way to fill cage `cage` (digits in the order of its cells, one filling after the
    /// other): distinct digits each allowed by its cell's marks, adding up to the cage's sum,
    /// keeping the relations between two of its cells (the lines of pairs' too). `None` when there are more than `limit`
    /// (or more than 64 times as many orders of its digit sets to look at, when marks rule most
    /// of them out).
    ///
    /// Listed set by set, each set's orders by `next_order`: the sets are few and cheap to list,
    /// where trying every digit in every cell in turn cost 14% of solving 8 000 killers.
    pub(super) fn fillings(&self, cage: usize, limit: usize) -> Option<Vec<Digit>> {
        let cells = &self.cages[cage].cells;
        let size = cells.len();
        let allowed: Vec<u64> = cells
            .iter()
            .map(|&cell| self.allowed(cell).fold(0u64, |mask, d| mask | 1 << (d - 1)))
            .collect();
        // With the lines of pairs' relations: the encoding leaves every relation inside a cage
        // placed whole to its fillings.
        let inside: Vec<_> = self
            .relations_with_lines()
            .iter()
            .filter_map(|r| {
                let a = cells.iter().position(|&c| c == r.a)?;
                let b = cells.iter().position(|&c| c == r.b)?;
                Some((a, b, r.kind))
            })
            .collect();
        let sets = match self.cages[cage].sum {
            Some(sum) => digit_sets(self.symbols, size, sum)?,
            None => subsets(self.symbols, size, limit)?,
        };
        // Nothing rules an order out: every order of every set is a filling, too many or not.
        let full = u64::MAX >> (64 - self.symbols);
        let free = inside.is_empty() && allowed.iter().all(|&mask| mask & full == full);
        let orders = (1..=size).try_fold(1usize, usize::checked_mul);
        if free && orders.and_then(|o| o.checked_mul(sets.len())).is_none_or(|all| all > limit) {
            return None;
        }
        let mut looked = 0usize;
        let budget = limit.saturating_mul(64);
        let mut out = Vec::new();
        for set in sets {
            let mut digits: Vec<Digit> = (1..=64).filter(|d| set >> (d - 1) & 1 == 1).collect();
            loop {
                looked += 1;
                if looked > budget {
                    return None;
                }
                let fits = digits.iter().zip(&allowed).all(|(&d, &mask)| mask >> (d - 1) & 1 == 1)
                    && inside.iter().all(|&(a, b, kind)| kind.holds(digits[a], digits[b]));
                if fits {
                    out.extend_from_slice(&digits);
                    if out.len() > limit * size {
                        return None;
                    }
                }
                if !next_order(&mut digits) {
                    break;
                }
            }
        }
        Some(out)
    }
}

/// Steps `digits` to the next order in lexicographic order; false after the last (TAOCP
/// 7.2.1.2, Algorithm L).
fn next_order(digits: &mut [Digit]) -> bool {
    let Some(j) = (1..digits.len()).rev().find(|&j| digits[j - 1] < digits[j]) else {
        return false;
    };
    let l = (j..digits.len()).rev().find(|&l| digits[j - 1] < digits[l]).expect("digits[j] is one");
    digits.swap(j - 1, l);
    digits[j..].reverse();
    true
}

/// Every set of `size` digits of `1..=n` as bit masks, or `None` when there are more than
/// `limit` (a cage without a sum).
fn subsets(n: usize, size: usize, limit: usize) -> Option<Vec<u64>> {
    let mut sets = Vec::new();
    let mut stack = vec![(1u32, 0usize, 0u64)];
    while let Some((next, chosen, mask)) = stack.pop() {
        if chosen == size {
            sets.push(mask);
            if sets.len() > limit {
                return None;
            }
            continue;
        }
        for digit in (next..=n as u32).rev() {
            if n as u32 - digit >= (size - chosen - 1) as u32 {
                stack.push((digit + 1, chosen + 1, mask | 1 << (digit - 1)));
            }
        }
    }
    Some(sets)
}

/// Every set of `size` distinct digits of `1..=n` adding up to `sum`, as bit masks (bit d − 1
/// for digit d); `None` when there are more than [`MAX_CAGE_SETS`].
pub(crate) fn digit_sets(n: usize, size: usize, sum: u32) -> Option<Vec<u64>> {
    // Depth-first over digits in increasing order, with an explicit stack of
    // (next digit, digits chosen, their mask, their sum).
    let mut sets = Vec::new();
    let mut stack = vec![(1u32, 0usize, 0u64, 0u32)];
    // Every node below can still reach the sum, so the walk is at most `size` nodes per set;
    // the budget only guards the bound's arithmetic.
    let mut budget = (MAX_CAGE_SETS + 1).saturating_mul(size.max(1)).saturating_mul(64);
    while let Some((next, chosen, mask, total)) = stack.pop() {
        budget = budget.checked_sub(1)?;
        if chosen == size {
            if total == sum {
                sets.push(mask);
                if sets.len() > MAX_CAGE_SETS {
                    return None;
                }
            }
            continue;
        }
        for digit in (next..=n as u32).rev() {
            // The smallest digits still to come must not overshoot the sum.
            let left = (size - chosen - 1) as u32;
            // ... and the largest must still reach it.
            let most = left * n as u32 - left * left.saturating_sub(1) / 2;
            let reach = total + digit + most >= sum;
            if reach && total + digit + left * digit + left * (left + 1) / 2 <= sum {
                stack.push((digit + 1, chosen + 1, mask | 1 << (digit - 1), total + digit));
            }
        }
    }
    Some(sets)
}

#[cfg(test)]
mod tests {
    use super::{digit_sets, next_order, subsets};
    use crate::model::{Cage, Model};
    use crate::variant::Variant;

    /// A cage whose marks leave one filling among many orders: listed when the orders to look
    /// at fit the budget (64 times the limit), abandoned when they do not, even though the
    /// fillings themselves are few.
    #[test]
    fn fillings_give_up_when_marks_rule_out_most_orders() {
        let mut model = Model::from_variant(&Variant::latin(9).unwrap());
        let cells: Vec<usize> = (0..8).collect();
        model.cages.push(Cage { cells: cells.clone(), sum: Some(36) });
        // Cell i may hold i + 1 only: one filling of the set {1..8}, whose 40 320 orders all
        // have to be looked at.
        for &cell in &cells {
            model.candidates.push((cell, 1 << cell));
        }
        assert_eq!(
            model.fillings(0, 1_000),
            Some((1..=8).collect()),
            "64 000 orders may be looked at"
        );
        assert_eq!(model.fillings(0, 10), None, "640 may not");
    }

    #[test]
    fn orders_are_all_permutations_once_in_lexicographic_order() {
        let mut digits = vec![1, 2, 3, 4];
        let mut seen = vec![digits.clone()];
        while next_order(&mut digits) {
            assert!(seen.last().unwrap() < &digits, "{digits:?} out of order");
            seen.push(digits.clone());
        }
        assert_eq!(seen.len(), 24);
        assert_eq!(digits, [4, 3, 2, 1]);
        assert!(!next_order(&mut [7]));
    }

    #[test]
    fn subsets_are_the_combinations() {
        assert_eq!(subsets(9, 3, 1000).unwrap().len(), 84);
        assert_eq!(subsets(9, 9, 10).unwrap(), [0x1ff]);
        assert_eq!(subsets(9, 2, 35), None, "36 pairs are more than 35");
    }

    #[test]
    fn digit_sets_are_those_of_the_sum() {
        let digits = |mask: u64| (1..=9).filter(|d| mask >> (d - 1) & 1 == 1).collect::<Vec<_>>();
        let sets = |n, size, sum| {
            digit_sets(n, size, sum).unwrap().into_iter().map(digits).collect::<Vec<_>>()
        };
        assert_eq!(sets(9, 3, 6), [vec![1, 2, 3]]);
        assert_eq!(sets(9, 2, 17), [vec![8, 9]]);
        assert_eq!(sets(9, 9, 45).len(), 1);
        assert_eq!(sets(9, 3, 15).len(), 8);
        assert!(sets(9, 2, 18).is_empty());
        assert!(sets(4, 3, 5).is_empty());
        // Ten of 64 digits adding up to 325 can be chosen in far more than 2^20 ways: refused.
        assert_eq!(digit_sets(64, 10, 325), None);
        // Thirty of 64 adding up to 1 000: far too many sets, and refused at once rather than
        // after a walk through every set of small digits that cannot reach the sum.
        assert_eq!(digit_sets(64, 30, 1000), None);
        // The reach bound keeps every set: counts against a plain filter of all subsets.
        for (size, sum) in [(3, 15), (4, 20), (5, 30), (2, 9)] {
            let all = (0u64..1 << 9)
                .filter(|m| m.count_ones() as usize == size)
                .filter(|m| (1..=9u32).filter(|d| m >> (d - 1) & 1 == 1).sum::<u32>() == sum)
                .count();
            assert_eq!(digit_sets(9, size, sum).unwrap().len(), all, "{size} cells, sum {sum}");
        }
    }
}
