//! What a killer cage may hold: its digit sets (for the digit-by-digit encoding) and, when they
//! are few, its fillings (for the encoding that places a whole cage in one option).

use super::Model;
use crate::Digit;

/// The most digit sets a cage may have: past it, its options would not fit in memory.
pub(super) const MAX_CAGE_SETS: usize = 1 << 20;

impl Model {
    /// Every way to fill cage `cage` (digits in the order of its cells): distinct digits each
    /// allowed by its cell's marks, adding up to the cage's sum, keeping the relations between
    /// two of its cells. `None` when there are more than `limit`.
    pub(super) fn fillings(&self, cage: usize, limit: usize) -> Option<Vec<Vec<Digit>>> {
        let cells = &self.cages[cage].cells;
        let sum = self.cages[cage].sum;
        let allowed: Vec<u64> = cells
            .iter()
            .map(|&cell| self.allowed(cell).fold(0u64, |mask, d| mask | 1 << (d - 1)))
            .collect();
        let inside: Vec<_> = self
            .relations
            .iter()
            .filter_map(|r| {
                let a = cells.iter().position(|&c| c == r.a)?;
                let b = cells.iter().position(|&c| c == r.b)?;
                Some((a, b, r.kind))
            })
            .collect();
        let n = self.symbols as u32;
        let size = cells.len();
        let mut out = Vec::new();
        // Depth-first with an explicit stack of the next digit to try at each depth.
        let mut digits: Vec<Digit> = Vec::with_capacity(size);
        let mut next = vec![1u32; size + 1];
        let (mut used, mut total) = (0u64, 0u32);
        loop {
            let depth = digits.len();
            if depth == size {
                if sum.is_none_or(|s| s == total) {
                    out.push(digits.clone());
                    if out.len() > limit {
                        return None;
                    }
                }
            } else if let Some(digit) = (next[depth]..=n).find(|&d| {
                let bit = 1u64 << (d - 1);
                // The cells left after this one must be able to make up the rest of the sum:
                // at least 1 + 2 + ... and at most N + (N - 1) + ... between them.
                let left = (size - depth - 1) as u32;
                let least = left * (left + 1) / 2;
                let most = left * n - left * left.saturating_sub(1) / 2;
                used & bit == 0
                    && allowed[depth] & bit != 0
                    && sum.is_none_or(|s| total + d + least <= s && total + d + most >= s)
                    && inside.iter().all(|&(a, b, kind)| match (a == depth, b == depth) {
                        (true, _) if b < depth => kind.holds(d as Digit, digits[b]),
                        (_, true) if a < depth => kind.holds(digits[a], d as Digit),
                        _ => true,
                    })
            }) {
                next[depth] = digit + 1;
                digits.push(digit as Digit);
                used |= 1 << (digit - 1);
                total += digit;
                next[depth + 1] = 1;
                continue;
            }
            // Back up one cell.
            let Some(last) = digits.pop() else { break };
            used &= !(1 << (last - 1));
            total -= u32::from(last);
        }
        Some(out)
    }
}

/// Every set of `size` distinct digits of `1..=n` adding up to `sum`, as bit masks (bit d − 1
/// for digit d); `None` when there are more than [`MAX_CAGE_SETS`].
pub(super) fn digit_sets(n: usize, size: usize, sum: u32) -> Option<Vec<u64>> {
    // Depth-first over digits in increasing order, with an explicit stack of
    // (next digit, digits chosen, their mask, their sum).
    let mut sets = Vec::new();
    let mut stack = vec![(1u32, 0usize, 0u64, 0u32)];
    while let Some((next, chosen, mask, total)) = stack.pop() {
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
            if total + digit + left * digit + left * (left + 1) / 2 <= sum {
                stack.push((digit + 1, chosen + 1, mask | 1 << (digit - 1), total + digit));
            }
        }
    }
    Some(sets)
}

#[cfg(test)]
mod tests {
    use super::digit_sets;

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
    }
}
