//! The items of an encoded [`Model`] (the module doc of `encode.rs` numbers them): declared
//! once, primary first, and the entries each placement of a digit in a cell makes.

use dancer::{ColorId, Entry, ItemId, ProblemBuilder};

use super::lines::LineItems;
use crate::grid::{Cell, Digit};
use crate::model::derive::{ImpliedItems, ImpliedSum};
use crate::model::{Constraints, Model, ModelError, Relation};
use crate::variant::RegionKind;

/// The items a placement touches, by constraint.
pub(super) struct Items<'m> {
    model: &'m Model,
    /// Per cell: the regions, the cages encoded digit by digit and the relations that hold it.
    regions_of: Vec<Vec<usize>>,
    cages_of: Vec<Vec<usize>>,
    relations_of: Vec<Vec<usize>>,
    cells: Vec<Option<ItemId>>,
    regions: Vec<ItemId>,
    pub(super) cage_sets: Vec<Option<ItemId>>,
    cage_distinct: Vec<Option<ItemId>>,
    relations: Vec<ItemId>,
    /// The relations of the model and of its lines of pairs (`Model::relations_with_lines`).
    pairs: Vec<Relation>,
    pub(super) implied: ImpliedItems,
    pub(super) lines: LineItems,
    /// How many items are primary (they come first).
    pub(super) primary: usize,
    /// The colours `0` ..= `symbols`: out of and in a digit set, and each digit.
    pub(super) colors: Vec<ColorId>,
}

impl<'m> Items<'m> {
    /// Declares the items of `model` (primary ones first), given the cages placed `whole`;
    /// returns them with each cage's primary item when it is encoded digit by digit with a sum.
    ///
    /// # Errors
    /// A line whose automaton is too large (`LineItems::declare_primary`).
    pub(super) fn declare(
        model: &'m Model,
        builder: &mut ProblemBuilder,
        whole: &[Option<Vec<Digit>>],
        implied: &[ImpliedSum],
    ) -> Result<(Items<'m>, Vec<Option<ItemId>>), ModelError> {
        let n = model.symbols;
        let cells = (0..model.used.len())
            .map(|cell| {
                let (row, col) = (cell / model.width + 1, cell % model.width + 1);
                model.used[cell].then(|| builder.primary(format!("r{row}c{col}")))
            })
            .collect();
        // Item of digit 1 of each region, cage set and relation; the others follow it.
        let full = |region: &Vec<Cell>| region.len() == n;
        let tags = region_tags(model);
        let mut regions = vec![None; model.regions.len()];
        for (k, _) in model.regions.iter().enumerate().filter(|(_, r)| full(r)) {
            regions[k] = Some(digit_items(builder, &tags[k], n, true));
        }
        let by_digit = |k: usize| whole[k].is_none();
        let cage_items = (0..model.cages.len())
            .map(|k| {
                let sum = model.cages[k].sum.is_some() && by_digit(k);
                sum.then(|| builder.primary(format!("K{}", k + 1)))
            })
            .collect();
        let implied_primary = ImpliedItems::declare_primary(builder, implied);
        let mut lines = LineItems::declare_primary(model, builder)?;
        let primary = builder.item_count();
        for (k, _) in model.regions.iter().enumerate().filter(|(_, r)| !full(r)) {
            regions[k] = Some(digit_items(builder, &tags[k], n, false));
        }
        let (mut cage_sets, mut cage_distinct) =
            (vec![None; model.cages.len()], vec![None; model.cages.len()]);
        let mut cages_of = vec![Vec::new(); model.used.len()];
        let (mut relations, mut relations_of) = (Vec::new(), vec![Vec::new(); model.used.len()]);
        let pairs = model.relations_with_lines();
        for list in model.constraints() {
            match list {
                // The secondary items of the cages placed digit by digit (their primary `K`
                // items are declared above, with the primary ones).
                Constraints::Cages(cages) => {
                    for (k, cage) in cages.iter().enumerate().filter(|&(k, _)| by_digit(k)) {
                        if cage.sum.is_some() {
                            let tag = format!("K{}", k + 1);
                            cage_sets[k] = Some(digit_items(builder, &tag, n, false));
                        }
                        let tag = format!("KD{}", k + 1);
                        cage_distinct[k] = Some(digit_items(builder, &tag, n, false));
                        for &cell in &cage.cells {
                            cages_of[cell].push(k);
                        }
                    }
                }
                // With the relations of the lines of pairs (thermometers, whispers, ...), which
                // have no automaton.
                Constraints::Relations(_) => {
                    for (j, relation) in pairs.iter().enumerate() {
                        relations.push(digit_items(builder, &format!("L{}", j + 1), n, false));
                        relations_of[relation.a].push(j);
                        relations_of[relation.b].push(j);
                    }
                }
                Constraints::Lines(_) => lines.declare_secondary(model, builder),
                // No items: they leave out options (`Model::allowed`).
                Constraints::Parity(_) | Constraints::Candidates(_) => {}
            }
        }
        let implied = ImpliedItems::declare(model, builder, implied, &implied_primary);
        let mut regions_of = vec![Vec::new(); model.used.len()];
        for (k, region) in model.regions.iter().enumerate() {
            for &cell in region {
                regions_of[cell].push(k);
            }
        }
        let items = Items {
            model,
            regions_of,
            cages_of,
            relations_of,
            cells,
            regions: regions.into_iter().map(|i| i.expect("every region has items")).collect(),
            cage_sets,
            cage_distinct,
            relations,
            pairs,
            implied,
            lines,
            primary,
            colors: (0..=n).map(|c| builder.color(&c.to_string())).collect(),
        };
        Ok((items, cage_items))
    }
}

impl Items<'_> {
    /// Adds the entries of `digit` in `cell` to `entries`: the cell, its regions, the cages
    /// encoded digit by digit that hold it, and its relations, except those between two cells
    /// of `together` (placed in the same option, which only exists if they hold).
    pub(super) fn place(
        &self,
        entries: &mut Vec<Entry>,
        cell: Cell,
        digit: Digit,
        together: &[Cell],
    ) {
        let model = self.model;
        entries.push(self.cells[cell].expect("a used cell").into());
        for &k in &self.regions_of[cell] {
            entries.push(at(self.regions[k], digit).into());
        }
        for &k in &self.cages_of[cell] {
            entries.push(at(self.cage_distinct[k].expect("a cage by digit"), digit).into());
            if let Some(first) = self.cage_sets[k] {
                entries.push((at(first, digit), self.colors[1]).into());
            }
        }
        self.implied.place(entries, cell, digit, &self.colors);
        self.lines.place(entries, cell, self.colors[usize::from(digit)]);
        for &j in &self.relations_of[cell] {
            let relation = self.pairs[j];
            if together.contains(&relation.a) && together.contains(&relation.b) {
                continue;
            }
            if relation.a == cell {
                for other in 1..=model.symbols as Digit {
                    let color = self.colors[usize::from(relation.kind.holds(digit, other))];
                    entries.push((at(self.relations[j], other), color).into());
                }
            } else {
                entries.push((at(self.relations[j], digit), self.colors[1]).into());
            }
        }
    }
}

/// Item `first` moved on to digit `digit` (`first` is digit 1's).
pub(super) fn at(first: ItemId, digit: Digit) -> ItemId {
    ItemId::new(first.index() + usize::from(digit) - 1)
}

/// Each region's name in the items: its kind's letter and its number among the regions of its
/// kind, from 1 (`R1`, `C9`, `B3`, `X2`).
fn region_tags(model: &Model) -> Vec<String> {
    let mut seen: Vec<(RegionKind, usize)> = Vec::new();
    let kinds = model.region_kinds();
    kinds
        .into_iter()
        .map(|kind| {
            let number = if let Some((_, count)) = seen.iter_mut().find(|(seen, _)| *seen == kind) {
                *count += 1;
                *count
            } else {
                seen.push((kind, 1));
                1
            };
            format!("{}{number}", kind.letter())
        })
        .collect()
}

/// Declares `{tag}#1` .. `{tag}#{n}` and returns the first.
fn digit_items(builder: &mut ProblemBuilder, tag: &str, n: usize, primary: bool) -> ItemId {
    let mut first = None;
    for digit in 1..=n {
        let name = format!("{tag}#{digit}");
        let item = if primary { builder.primary(name) } else { builder.secondary(name) };
        first.get_or_insert(item);
    }
    first.expect("at least one symbol")
}
