//! The items and options of the lines (`Model::lines`): each line's automaton, unrolled over
//! its cells and pruned to the steps on an accepting path (`model/lines/automata.rs`), as exact
//! cover with colours. For line j of m cells, read in the automaton's order:
//! - `N{j}t{k}`, primary, for the k-th cell read: one of its steps is chosen, an option per
//!   step kept (state before, digit, state after);
//! - `N{j}p{i}`, secondary, coloured with a digit (`1` to `N`), for the line's i-th cell: the
//!   step reading it colours it with its digit, and so does the option placing a digit in
//!   the cell, so the two agree;
//! - `N{j}s{k}`, secondary, coloured with a state (`q{id}`, the state's number within its
//!   layer), for the state after the k-th cell read (k < m − 1): the step into it and the step
//!   out of it colour it alike, so the steps chosen form one path of the automaton. The start
//!   and the accepting end need no item: the first layer has the start state only, and the
//!   last keeps only steps into accepting states.
//!
//! The lines of pairs (thermometers, whispers, palindromes, clones: [`Line::relations`]) have
//! none of these items: they are encoded as their relations (`encode/items.rs`).
//!
//! [`Line::relations`]: crate::Line::relations

use dancer::{ColorId, Entry, ItemId, ProblemBuilder};

use crate::grid::Cell;
use crate::model::lines::automata::{layers, Layers};
use crate::model::{Model, ModelError, MAX_LINE_STATES};

/// Each line's unrolled automaton, and the items of its steps, digits and states.
pub(super) struct LineItems {
    /// Per line: its unrolled automaton, `None` for a line of pairs.
    layers: Vec<Option<Layers>>,
    /// Per line (of those with an automaton): the item of its first step, of its first
    /// position, of its first state.
    steps: Vec<Option<ItemId>>,
    digits: Vec<Option<ItemId>>,
    states: Vec<Option<ItemId>>,
    /// Per cell: the lines it is on, and its position on each.
    of: Vec<Vec<(usize, usize)>>,
    /// The colours of the states, by number within a layer.
    state_colors: Vec<ColorId>,
}

impl LineItems {
    /// Unrolls each line's automaton over the digits its cells allow (givens, parity,
    /// candidates) and declares the primary items of its steps.
    ///
    /// # Errors
    /// A line whose automaton passes [`MAX_LINE_STATES`] states.
    pub(super) fn declare_primary(
        model: &Model,
        builder: &mut ProblemBuilder,
    ) -> Result<Self, ModelError> {
        let mut unrolled = Vec::with_capacity(model.lines.len());
        let mut steps = Vec::with_capacity(model.lines.len());
        let mut of = vec![Vec::new(); model.used.len()];
        for (j, line) in model.lines.iter().enumerate() {
            if line.relations().is_some() {
                unrolled.push(None);
                steps.push(None);
                continue;
            }
            let context = model.line_context(line);
            let allowed =
                |i: usize| model.allowed(line.cells[i]).fold(0u64, |set, d| set | 1 << (d - 1));
            let unrolled_line =
                layers(line, &context, &allowed).map_err(|states| ModelError::Impossible {
                    what: model.line_name(j),
                    why: format!(
                        "its automaton needs more than {MAX_LINE_STATES} states ({states} reached)"
                    ),
                })?;
            for k in 0..line.cells.len() {
                let item = builder.primary(format!("N{}t{}", j + 1, k + 1));
                if k == 0 {
                    steps.push(Some(item));
                }
            }
            for (i, &cell) in line.cells.iter().enumerate() {
                of[cell].push((j, i));
            }
            unrolled.push(Some(unrolled_line));
        }
        Ok(LineItems {
            layers: unrolled,
            steps,
            digits: Vec::new(),
            states: Vec::new(),
            of,
            state_colors: Vec::new(),
        })
    }

    /// Declares the secondary items of each line's positions and states, and the colours of
    /// the states.
    pub(super) fn declare_secondary(&mut self, model: &Model, builder: &mut ProblemBuilder) {
        let mut widest = 0;
        for (j, line) in model.lines.iter().enumerate() {
            let Some(layers) = &self.layers[j] else {
                self.digits.push(None);
                self.states.push(None);
                continue;
            };
            let m = line.cells.len();
            let first = (0..m).map(|i| builder.secondary(format!("N{}p{}", j + 1, i + 1)));
            self.digits.push(first.fold(None, |first, item| first.or(Some(item))));
            let states = (0..m.saturating_sub(1))
                .map(|k| builder.secondary(format!("N{}s{}", j + 1, k + 1)));
            self.states.push(states.fold(None, |first, item| first.or(Some(item))));
            for steps in &layers.steps {
                let after = steps.iter().map(|step| step.to as usize + 1).max().unwrap_or(0);
                widest = widest.max(after);
            }
        }
        self.state_colors = (0..widest).map(|id| builder.color(&format!("q{id}"))).collect();
    }

    /// Adds the entries of a digit in `cell` on its lines: each position the cell holds,
    /// coloured `digit` (the digit's own colour).
    pub(super) fn place(&self, entries: &mut Vec<Entry>, cell: Cell, digit: ColorId) {
        for &(j, i) in &self.of[cell] {
            if let Some(first) = self.digits[j] {
                entries.push((nth(first, i), digit).into());
            }
        }
    }

    /// Makes each step's option: its step item, its position coloured with its digit, the
    /// states before and after coloured with theirs.
    pub(super) fn options(&self, colors: &[ColorId], mut push: impl FnMut(&[Entry])) {
        let mut entries: Vec<Entry> = Vec::new();
        for (j, unrolled) in self.layers.iter().enumerate() {
            let (Some(unrolled), Some(first_step), Some(first_digit)) =
                (unrolled, self.steps[j], self.digits[j])
            else {
                continue;
            };
            let m = unrolled.order.len();
            for (k, steps) in unrolled.steps.iter().enumerate() {
                let position = unrolled.order[k];
                for step in steps {
                    entries.clear();
                    entries.push(nth(first_step, k).into());
                    let digit = nth(first_digit, position);
                    entries.push((digit, colors[usize::from(step.digit)]).into());
                    if let Some(first) = self.states[j] {
                        if k > 0 {
                            let before = self.state_colors[step.from as usize];
                            entries.push((nth(first, k - 1), before).into());
                        }
                        if k + 1 < m {
                            let after = self.state_colors[step.to as usize];
                            entries.push((nth(first, k), after).into());
                        }
                    }
                    push(&entries);
                }
            }
        }
    }
}

/// The item `index` places after `first` (items declared one after another).
fn nth(first: ItemId, index: usize) -> ItemId {
    ItemId::new(first.index() + index)
}
