//! The standard variant recognised without building one, and the cell index.

use super::*;

/// `is_standard` says what comparing with `Variant::standard` says, for every size and for
/// variants that differ from the standard one in a single place.
#[test]
fn is_standard_agrees_with_comparing_to_the_standard_variant() {
    for size in 1..=MAX_SIZE {
        let standard = Variant::standard(size).expect("a size in range");
        assert!(standard.is_standard(), "size {size}");
        let mut others = vec![
            Variant::latin(size).expect("latin"),
            standard.clone().with_regions(Vec::new()).expect("no extra regions"),
        ];
        if size > 1 {
            // The same regions with one more, two swapped, a cell moved, or boxes of another shape.
            others.push(standard.clone().with_diagonals().expect("diagonals"));
            let mut swapped = standard.regions.clone();
            swapped.swap(0, 1);
            others.push(from(&standard, swapped));
            let mut moved = standard.regions.clone();
            let last = moved.len() - 1;
            moved[last].cells[0] = (moved[last].cells[0] + 1) % (size * size);
            others.push(from(&standard, moved));
            let (rows, cols) = standard_box_shape(size);
            if rows != cols {
                others.push(Variant::with_boxes(size, cols, rows).expect("transposed boxes"));
            }
        }
        for other in others {
            assert_eq!(other.is_standard(), other == standard, "size {size}: {other:?}");
        }
    }
}

/// The variant of `regions` (however wrong) with `standard`'s box shape, built without
/// `push_regions`' checks so that a moved cell survives.
fn from(standard: &Variant, regions: Vec<Region>) -> Variant {
    let mut variant = Variant { regions, ..standard.clone() };
    variant.index_cells();
    variant
}

/// Every cell lists the regions that hold it, in the regions' order.
#[test]
fn each_cell_lists_its_regions_in_order() {
    let x_hyper =
        Variant::standard(9).and_then(Variant::with_diagonals).and_then(Variant::with_hyper);
    let variant = x_hyper.expect("X hyper 9x9");
    for cell in 0..81 {
        let expected: Vec<u32> = (0..variant.regions.len() as u32)
            .filter(|&k| variant.regions[k as usize].cells.contains(&cell))
            .collect();
        let (start, end) =
            (variant.cell_starts[cell] as usize, variant.cell_starts[cell + 1] as usize);
        assert_eq!(variant.cell_regions[start..end], expected[..], "cell {cell}");
    }
    assert_eq!(variant.cell_starts[81] as usize, variant.cell_regions.len());
}
