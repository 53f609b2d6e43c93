//! The sums the cages imply, as propagators: innie and outie totals, equations with cells on
//! both sides, the small ones also as tables of their fillings. [`implied`] finds them once
//! from the whole model; [`PropTables::add_implied`] compiles them, into the whole model's
//! tables or, one at a time beside the regions, into the logical solver's chains
//! (`logic/variant_chain.rs`), which name each.

use super::implied::{differences, fillings, overlaps, Difference};
use super::tables::{bit, MOST_SETS};
use super::PropTables;
use crate::grid::Cell;
use crate::model::{digit_sets, Model};

/// Implied sums (innies and outies) of at most this many cells and fillings are added as
/// tables: they hold in every solution and let the search see dead ends sooner.
const IMPLIED_CELLS: usize = 4;
const IMPLIED_FILLINGS: usize = 64;

/// One sum the cages imply: the digits of `plus` less those of `minus` make `total`.
#[derive(Clone, Debug)]
pub(crate) struct ImpliedSum {
    pub(crate) plus: Vec<Cell>,
    pub(crate) minus: Vec<Cell>,
    pub(crate) total: i64,
    form: Form,
}

/// How an implied sum is propagated.
#[derive(Clone, Debug)]
enum Form {
    /// The digit sets of its cells, which share a region.
    Sets(Vec<u64>),
    /// Its fillings (one bit a digit, cell by cell) as a table, `plus` then `minus`.
    Table(Vec<u64>),
    /// Bounded run by run, each cell of `minus` counted as N + 1 less its digit: the sum.
    Bounds(u32),
}

/// The sums `model`'s cages imply, each once.
pub(crate) fn implied(model: &Model) -> Vec<ImpliedSum> {
    let n = model.symbols;
    let mut found = Vec::new();
    // Every innie and outie total of at most N cells: as the digit sets of a cage where its
    // cells share a region (so hold distinct digits), else bounded. Wider ones bound little
    // and cost much: with every size, TAREK_ALL took 15.0 s, with N 7.0 s.
    let plain = model.implied_totals(n);
    for (cells, total) in &plain {
        let Ok(sum) = u32::try_from(*total) else { continue };
        let distinct = model.regions.iter().any(|r| cells.iter().all(|c| r.contains(c)));
        let sets = distinct.then(|| digit_sets(n, cells.len(), sum)).flatten();
        let form = match sets.filter(|sets| sets.len() <= MOST_SETS) {
            Some(found) => Form::Sets(found),
            None => Form::Bounds(sum),
        };
        found.push(ImpliedSum { plus: cells.clone(), minus: Vec::new(), total: *total, form });
    }
    // And the innie-outie equations with cells on both sides (`implied.rs`), of at most 2N
    // cells (the diagonal killer of HS_KILLERS needs one of 13 cells).
    let mut equations = differences(model, 2 * n);
    for equation in overlaps(model) {
        let stated =
            equation.minus.is_empty() && plain.iter().any(|(cells, _)| *cells == equation.plus);
        if !stated && !equations.contains(&equation) {
            equations.push(equation);
        }
    }
    for equation in equations {
        let form = if let Some(table) = fillings(model, &equation) {
            Form::Table(table)
        } else {
            let reflected = i64::try_from(equation.minus.len() * (n + 1)).unwrap_or(i64::MAX);
            let grown = equation.total.saturating_add(reflected);
            let Ok(sum) = u32::try_from(grown) else { continue };
            Form::Bounds(sum)
        };
        let Difference { plus, minus, total } = equation;
        found.push(ImpliedSum { plus, minus, total, form });
    }
    for sum in model.implied_sums(IMPLIED_CELLS, IMPLIED_FILLINGS) {
        let total = sum.fillings.iter().take(sum.cells.len()).map(|&d| i64::from(d)).sum();
        let table = sum.fillings.iter().map(|&d| bit(d)).collect();
        found.push(ImpliedSum {
            plus: sum.cells,
            minus: Vec::new(),
            total,
            form: Form::Table(table),
        });
    }
    found
}

impl PropTables {
    /// Compiles `sums` (of [`implied`]) into these tables; `model` has the regions the
    /// bounds' runs follow.
    pub(super) fn add_implied(&mut self, model: &Model, sums: &[ImpliedSum]) {
        for sum in sums {
            match &sum.form {
                Form::Sets(sets) => self.add_sets(&sum.plus, sets),
                Form::Table(table) => {
                    let cells: Vec<Cell> = sum.plus.iter().chain(&sum.minus).copied().collect();
                    self.add_table(&cells, table.iter().copied());
                }
                Form::Bounds(grown) => self.add_bounds(model, &sum.plus, &sum.minus, *grown),
            }
        }
    }
}
