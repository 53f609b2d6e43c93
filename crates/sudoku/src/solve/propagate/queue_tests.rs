//! What makes a node cheaper must leave the search as it was: each group's locked candidates
//! queued with the group (`watches.rs`) against looked at on every change, and the locked
//! candidates' rule against reading each digit's places one by one.

use super::board::PropBoard;
use super::{PropSearch, PropTables, Rule};
use crate::model::{Cage, Line, LineKind, Model};
use crate::variant::Variant;

/// A 9×9 killer with a long line read by its automaton and an arrow (costly rules beside the
/// locked candidates), short cages as tables and longer ones as digit sets.
fn model() -> Model {
    let mut model = Model::from_variant(&Variant::standard(9).unwrap());
    let cage = |cells: Vec<usize>, sum: u32| Cage { cells, sum: Some(sum) };
    model.cages = vec![
        cage(vec![0, 1, 2, 9, 10], 20),
        cage(vec![3, 4], 9),
        cage(vec![12, 13, 14, 21], 15),
        cage(vec![30, 31, 39, 40, 48, 49], 30),
        cage(vec![60, 61, 70], 12),
    ];
    let between: Vec<usize> = (0..9).map(|k| 72 + k).collect();
    model.lines.push(Line { kind: LineKind::Between, cells: between });
    model.lines.push(Line { kind: LineKind::Arrow { circle: 1 }, cells: vec![44, 35, 26] });
    model
}

/// A xorshift step: pseudo-random words for the tests.
fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

#[test]
fn locked_candidates_queued_with_their_groups_leave_the_search_as_it_was() {
    let model = model();
    let linked = PropTables::new(&model).unwrap();
    let mut apart = linked.clone();
    apart.unlink();
    assert!(linked.queue.len() < apart.queue.len(), "the locked candidates are linked");
    for givens in [vec![], vec![(4, 3), (40, 5), (80, 9)], vec![(22, 9), (58, 2)]] {
        let mut givens_of = model.givens.clone();
        for (cell, digit) in givens {
            givens_of[cell] = Some(digit);
        }
        let mut counts = Vec::new();
        for tables in [&linked, &apart] {
            let mut search = PropSearch::new(tables);
            let loaded = search.load(tables, &givens_of).is_ok();
            let found = if loaded { search.walk(tables, 3000, u64::MAX).1 } else { 0 };
            let masks = search.board.masks.clone();
            counts.push((loaded, found, search.nodes, search.eliminated, masks));
        }
        assert_eq!(counts[0], counts[1]);
        assert!(counts[0].2 > 1000, "a search of some size: {} nodes", counts[0].2);
    }
}

#[test]
fn locked_candidates_are_what_each_digit_s_places_say() {
    let model = model();
    let tables = PropTables::new(&model).unwrap();
    let mut board = PropBoard::new(&tables);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut changed = 0;
    for _ in 0..3000 {
        // Few candidates a cell, some placed, so that digits often have few places.
        let masks: Vec<u64> = (0..81)
            .map(|_| {
                let word = next(&mut seed);
                let mask = word & (word >> 9) & (word >> 18) & 0x1ff;
                if word >> 60 == 0 {
                    1 << ((word >> 40) % 9)
                } else {
                    mask | 1 << ((word >> 50) % 9)
                }
            })
            .collect();
        for (id, rule) in tables.rules.iter().enumerate() {
            let Rule::Crossed { cells, crossings, .. } = rule else { continue };
            let cells = tables.cells_of(cells);
            let mut expected = masks.clone();
            let placed = cells.iter().filter(|&&c| masks[c].is_power_of_two());
            let placed = placed.fold(0, |placed, &c| placed | masks[c]);
            for crossing in &tables.crossings[crossings.start as usize..crossings.end as usize] {
                for digit in (0..9).map(|d| 1u64 << d).filter(|d| d & placed == 0) {
                    let places = (0..cells.len()).filter(|&at| masks[cells[at]] & digit != 0);
                    let places = places.fold(0u64, |places, at| places | 1 << at);
                    if places != 0 && places & !crossing.inside == 0 {
                        for &other in tables.cells_of(&crossing.outside) {
                            expected[other] &= !digit;
                        }
                    }
                }
            }
            board.load(&tables, &masks);
            let result = board.run(&tables, id as u32, &mut Vec::new());
            if expected.contains(&0) {
                assert!(result.is_err());
            } else {
                result.unwrap();
                assert_eq!(board.masks, expected);
                changed += usize::from(expected != masks);
            }
        }
    }
    assert!(changed > 100, "{changed} runs removed something");
}
