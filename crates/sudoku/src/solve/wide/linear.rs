//! Linear solutions of a blank grid with k×k boxes, for variants the plain pattern breaks
//! (X-sudoku's diagonals): with k a prime or a power of two, the side k has a finite field F,
//! and a cell `(y, x)` is four coordinates in F (band, row in band, stack, column in stack).
//! Its digit is the pair of F-linear forms `M · (band, row, stack, column)`, read as a
//! number below k². A row, column, box or diagonal is then an affine image of F², and the
//! digits are all different exactly when that image is onto: whether it is for a given `M` is
//! cheap to check on the grid itself, so matrices are drawn until one fits the variant.
//!
//! Why: without a reference a blank 64×64 X-sudoku was not filled in 60 s (`timeout 60
//! sudoku solve --x blank64.txt`); with one, in 0.08 s. For k = 4, 5, 7, 8 one of the first
//! six matrices drawn fits both diagonals (see `LINEAR_TRIES` in `tables.rs`).

/// Addition and multiplication in the field of `k` elements, for k in {2, 3, 4, 5, 7, 8}.
#[derive(Clone, Copy, Debug)]
struct Field {
    k: usize,
    /// For k = 4 and 8, the polynomial that reduces products (x² + x + 1, x³ + x + 1); 0 for
    /// prime k, where arithmetic is modulo k.
    reduce: usize,
}

impl Field {
    fn new(k: usize) -> Option<Field> {
        let reduce = match k {
            2 | 3 | 5 | 7 => 0,
            4 => 0b111,
            8 => 0b1011,
            _ => return None,
        };
        Some(Field { k, reduce })
    }

    fn add(self, a: usize, b: usize) -> usize {
        if self.reduce == 0 {
            (a + b) % self.k
        } else {
            a ^ b
        }
    }

    fn mul(self, a: usize, b: usize) -> usize {
        if self.reduce == 0 {
            return a * b % self.k;
        }
        // Carry-less product, reduced by the field's polynomial as it grows.
        let (mut a, mut b, mut product) = (a, b, 0);
        while b != 0 {
            if b & 1 != 0 {
                product ^= a;
            }
            b >>= 1;
            a <<= 1;
            if a & self.k != 0 {
                a ^= self.reduce;
            }
        }
        product
    }
}

/// Up to `tries` linear grids of side k² (digits from 0, row-major), drawn from a fixed
/// sequence of matrices so that the reference depends on the variant only; none when k has no
/// field of its size.
pub(super) fn linear_grids(k: usize, tries: usize) -> impl Iterator<Item = Vec<u8>> {
    let field = Field::new(k);
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        // xorshift64*: any fixed sequence does; this one is short and well mixed.
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as usize
    };
    (0..if field.is_some() { tries } else { 0 }).filter_map(move |_| {
        let field = field?;
        let matrix: [[usize; 4]; 2] = std::array::from_fn(|_| std::array::from_fn(|_| next() % k));
        Some(grid(field, &matrix))
    })
}

/// The grid of `matrix`: cell `(y, x)` holds `k · d₀ + d₁` with `d = matrix · (y / k, y mod
/// k, x / k, x mod k)`.
fn grid(field: Field, matrix: &[[usize; 4]; 2]) -> Vec<u8> {
    let k = field.k;
    let n = k * k;
    let form = |row: &[usize; 4], coordinates: [usize; 4]| {
        row.iter().zip(coordinates).fold(0, |sum, (&m, c)| field.add(sum, field.mul(m, c)))
    };
    (0..n * n)
        .map(|cell| {
            let (y, x) = (cell / n, cell % n);
            let coordinates = [y / k, y % k, x / k, x % k];
            let digit = k * form(&matrix[0], coordinates) + form(&matrix[1], coordinates);
            u8::try_from(digit).expect("a digit below 64")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fields_obey_the_field_laws() {
        for k in [2, 3, 4, 5, 7, 8] {
            let field = Field::new(k).unwrap();
            for a in 0..k {
                assert_eq!(field.add(a, 0), a);
                assert_eq!(field.mul(a, 1), a);
                // Every nonzero element has an inverse: multiplication by it is onto.
                if a != 0 {
                    let mut images: Vec<usize> = (0..k).map(|b| field.mul(a, b)).collect();
                    images.sort_unstable();
                    assert_eq!(images, (0..k).collect::<Vec<_>>(), "k = {k}, a = {a}");
                }
                for b in 0..k {
                    assert_eq!(field.mul(a, b), field.mul(b, a));
                    for c in 0..k {
                        let left = field.mul(a, field.add(b, c));
                        assert_eq!(left, field.add(field.mul(a, b), field.mul(a, c)));
                    }
                }
            }
        }
        assert!(Field::new(6).is_none());
    }
}
