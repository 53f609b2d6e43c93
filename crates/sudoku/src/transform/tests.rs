//! Random transformations behave as group elements: each keeps a grid valid and its inverse undoes it.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;

#[test]
fn random_transforms_are_group_elements_with_inverses() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for (r, c) in [(2, 2), (2, 3), (3, 2), (3, 3), (1, 5), (4, 4)] {
        let n = r * c;
        // Not a sudoku: composition is about cells, so any digits will do.
        let grid = Grid::from_cells(n, (0..n * n).map(|k| (k % (n + 1)) as Digit).collect());
        for _ in 0..20 {
            let a = Transform::random(&mut rng, n, r, c);
            let b = Transform::random(&mut rng, n, r, c);
            assert!(a.is_valid() && a.then(&b).is_valid() && a.inverse().is_valid());
            assert_eq!(a.then(&a.inverse()), Transform::identity(n, r, c));
            assert_eq!(a.inverse().then(&a), Transform::identity(n, r, c));
            assert_eq!(a.then(&b).apply(&grid), b.apply(&a.apply(&grid)));
        }
    }
}
