//! The lines of a model as propagators (`PropTables::add_lines`): each as the strongest form
//! that stays cheap for it.

use super::fillings::line_fillings;
use super::group_sum::{sum_groups, MOST_TOTAL};
use super::splits::splits_of;
use super::tables::LineTable;
use super::{PropTables, Rule};
use crate::grid::Cell;
use crate::model::lines::automata::{layers, Layers};
use crate::model::{LineKind, Model, ModelError};

impl PropTables {
    /// The lines: thermometers and the like as pairs (with the relations), arrows' bodies
    /// also as bounded sums, clues on full houses as splits, short lines as tables of their
    /// fillings, the others as their automata.
    /// With `short_tables` false (the unit tests'), every little killer is a group sum.
    pub(super) fn add_lines(
        &mut self,
        model: &Model,
        short_tables: bool,
    ) -> Result<(), ModelError> {
        let n = self.n;
        // An arrow's body, bounded run by run, makes its circle's number: its cells sharing
        // a house tell what the automaton cannot (a body of 32 cells adds up to 90 at least).
        for line in &model.lines {
            if let LineKind::Arrow { circle } = line.kind {
                if n <= 9 && (1..=3).contains(&circle) && circle < line.cells.len() {
                    let (pill, body) = line.cells.split_at(circle);
                    self.add_bounds_to(model, body, &[], (0, pill));
                }
            }
        }
        // Thermometers, whispers, palindromes and clones are pairs of cells (added with the
        // relations): binary tables propagate them more cheaply than their automata.
        for line in model.lines.iter().filter(|line| line.relations().is_none()) {
            let mut sets = std::mem::take(&mut self.sets);
            let splits = splits_of(model, &line.cells, &line.kind, &mut sets);
            self.sets = sets;
            if let Some(splits) = splits {
                let cells = self.list(&line.cells);
                let start = self.splits.len() as u32;
                self.splits.extend(splits);
                let splits = start..self.splits.len() as u32;
                self.rules.push(Rule::Splits { cells, splits });
                continue;
            }
            // A renban is its runs (`renban.rs`), or a table of its fillings when it has few
            // (the runs then only make its cells peers and run once, from the root: the
            // table says all they would); never its automaton, whose states are the sets of
            // digits read so far.
            let renban = line.kind == LineKind::Renban;
            // Where the renban's runs rule goes, to mark it `tabled` once its table is added.
            let runs_at = self.rules.len();
            if renban {
                let cells = self.list(&line.cells);
                self.rules.push(Rule::Renban { cells, tabled: false });
                // Five cells have 5! orders of each run, past the tables' 512 fillings.
                if line.cells.len() > 4 {
                    continue;
                }
            }
            // A little killer too long for a table: by its groups of distinct digits
            // (`group_sum.rs`), exact for the sum and the boxes a diagonal crosses. Where a
            // table fits it is stronger (its required digits leave the cells that see their
            // places): the snipes' short diagonals as group sums took more nodes and time.
            let grouped = match line.kind {
                LineKind::LittleKiller(total) if total <= MOST_TOTAL => {
                    sum_groups(model, &line.cells).map(|found| (found, total))
                }
                _ => None,
            };
            if let Some(((ordered, ends), total)) = grouped.clone().filter(|_| !short_tables) {
                self.add_group_sum(&ordered, ends, total);
                continue;
            }
            let context = model.line_context(line);
            let allowed = |i: usize| self.root[line.cells[i]];
            let layers =
                layers(line, &context, &allowed).map_err(|states| ModelError::Impossible {
                    what: format!("a {} line", line.kind),
                    why: format!(
                        "its automaton has more than {} states ({states})",
                        crate::model::MAX_LINE_STATES
                    ),
                })?;
            let table = line_table(line.cells.as_slice(), &layers);
            if let Some(fillings) = line_fillings(model, &table) {
                if let Some(Rule::Renban { tabled, .. }) = self.rules.get_mut(runs_at) {
                    *tabled = true;
                }
                self.add_table(&table.cells, fillings);
                continue;
            }
            if renban {
                continue;
            }
            if let Some(((ordered, ends), total)) = grouped {
                self.add_group_sum(&ordered, ends, total);
                continue;
            }
            self.most_states = self.most_states.max(table.states.last().map_or(0, |&s| s as usize));
            self.rules.push(Rule::Line { line: self.lines.len() as u32 });
            self.lines.push(table);
        }
        Ok(())
    }

    /// A sum of `total` over `cells` in groups of distinct digits ending at `ends`.
    fn add_group_sum(&mut self, cells: &[Cell], ends: Vec<u32>, total: u32) {
        let cells = self.list(cells);
        let start = self.runs.len() as u32;
        self.runs.extend(ends);
        let runs = start..self.runs.len() as u32;
        self.rules.push(Rule::GroupSum { cells, runs, sum: total });
    }
}

/// The flat form of a line's unrolled automaton.
fn line_table(cells: &[Cell], layers: &Layers) -> LineTable {
    let mut table = LineTable {
        cells: layers.order.iter().map(|&position| cells[position]).collect(),
        starts: vec![0],
        steps: Vec::new(),
        states: vec![0, 1],
    };
    for kept in &layers.steps {
        let mut width = 0;
        for step in kept {
            table.steps.push((step.from, step.digit - 1, step.to));
            width = width.max(step.to + 1);
        }
        table.starts.push(table.steps.len() as u32);
        let last = *table.states.last().expect("the first layer");
        table.states.push(last + width);
    }
    table
}
