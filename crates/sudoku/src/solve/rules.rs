//! [`Rules`]: the rules of a set of puzzles, compiled once, from which the door
//! ([`PuzzleSolver`]) is made; and what the door's searches share: encoding a model's puzzle and
//! checking each solution with the model's checker.

use std::borrow::Cow;

use super::answer::SolveError;
use super::door::{PuzzleSolver, Refusal};
use super::givens::View;
use crate::encode::Template;
use crate::grid::{Digit, Grid};
use crate::model::{Broken, Encoded, Model};
use crate::solve::strategy::{plain_view, Backend};
use crate::variant::Variant;

/// The rules of a set of puzzles, compiled once: build it per rule set and keep it, then
/// solve each puzzle with a [`PuzzleSolver`] (`rules.solver()`, one per thread).
///
/// ```
/// use dancer_sudoku::{Backend, Model, Rules, Variant};
///
/// let classic = Rules::from_variant(Variant::standard(9)?);
/// assert_eq!(classic.backend(), Backend::Band);
/// let model = Model::from_variant(&Variant::standard(16)?);
/// assert_eq!(Rules::new(&model).backend(), Backend::Wide);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Rules {
    /// The model without its givens: each puzzle brings its own.
    model: Model,
    /// The plain view's template, for a plain model.
    template: Option<Template>,
}

impl Rules {
    /// The rules of `model` (its givens are not part of them), with the template of its plain
    /// view when the strategy chooses one (see [`Backend`]).
    pub fn new(model: &Model) -> Rules {
        let template = plain_view(model).map(Template::new);
        let mut model = model.clone();
        model.givens = vec![None; model.used.len()];
        Rules { model, template }
    }

    /// The rules of a variant: a plain model.
    pub fn from_variant(variant: Variant) -> Rules {
        let model = Model::from_variant(&variant);
        Rules { model, template: Some(Template::new(variant)) }
    }

    /// The model of the rules, without givens.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The template of a plain model's variant; `None` for any other model.
    pub fn template(&self) -> Option<&Template> {
        self.template.as_ref()
    }

    /// The variant of a plain model (its template's); `None` for any other model.
    pub fn variant(&self) -> Option<&Variant> {
        self.template.as_ref().map(Template::variant)
    }

    /// The search that solves these rules' puzzles (a model's are counted by the engine).
    pub fn backend(&self) -> Backend {
        self.template.as_ref().map_or(Backend::Propagate, Template::backend)
    }

    /// A solver of puzzles of these rules. Not `Sync`: give each thread its own.
    pub fn solver(&self) -> PuzzleSolver<'_> {
        PuzzleSolver::new(self)
    }

    /// The model with `givens`: the rules' own, not a copy, when there are none (a killer's).
    fn puzzle(&self, givens: &[Option<Digit>]) -> Cow<'_, Model> {
        if givens == self.model.givens.as_slice() {
            return Cow::Borrowed(&self.model);
        }
        Cow::Owned(Model { givens: givens.to_vec(), ..self.model.clone() })
    }

    /// The model with `givens`, and its encoding.
    ///
    /// # Errors
    /// [`SolveError::Model`] when the model cannot be encoded.
    pub(super) fn encode(
        &self,
        givens: &[Option<Digit>],
    ) -> Result<(Cow<'_, Model>, Encoded), SolveError> {
        let puzzle = self.puzzle(givens);
        let encoded = puzzle.encode()?;
        Ok((puzzle, encoded))
    }

    /// `givens` as a grid of the plain view.
    fn grid(&self, givens: &[Option<Digit>]) -> Grid {
        Grid::from_cells(self.model.symbols, givens.iter().map(|d| d.unwrap_or(0)).collect())
    }

    /// The givens of `view` as a grid of the plain view, after the model's checker for
    /// digits (a grid goes to the plain search as it is).
    pub(super) fn plain_grid<'v>(&self, view: View<'v>) -> Result<Cow<'v, Grid>, Refusal> {
        view.fits(&self.model).map_err(Refusal::Error)?;
        match view {
            View::Grid(grid) => Ok(Cow::Borrowed(grid)),
            View::Cells(givens) => {
                self.model.broken(givens, false).map_err(Refusal::Broken)?;
                Ok(Cow::Owned(self.grid(givens)))
            }
        }
    }
}

/// Encodes the model of `rules` with `givens` and keeps it in `loaded`, with its matrix.
pub(super) fn load<'l>(
    rules: &Rules,
    loaded: &'l mut Option<(Model, Encoded)>,
    givens: &[Option<Digit>],
) -> Result<(&'l Model, &'l Encoded), SolveError> {
    let (puzzle, encoded) = rules.encode(givens)?;
    puzzle.broken(givens, false).map_err(SolveError::Invalid)?;
    let (puzzle, encoded) = loaded.insert((puzzle.into_owned(), encoded));
    Ok((puzzle, encoded))
}

/// `digits` when they are a solution of `model` that keeps `givens`.
pub(super) fn checked(
    model: &Model,
    givens: &[Option<Digit>],
    digits: Vec<Option<Digit>>,
) -> Result<Vec<Option<Digit>>, SolveError> {
    model.broken(&digits, true).map_err(SolveError::Unsound)?;
    if let Some(cell) =
        givens.iter().zip(&digits).position(|(given, digit)| given.is_some() && given != digit)
    {
        let broken = Broken(format!("the given of {}", model.cell_name(cell)));
        return Err(SolveError::Unsound(broken));
    }
    Ok(digits)
}
