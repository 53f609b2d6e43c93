//! Short ways to a [`Problem`]: options as lists of item names, or a 0/1 matrix (dense rows
//! or the columns of each row), for callers who do not need a [`ProblemBuilder`]'s control.

use std::collections::HashSet;

use crate::builder::ProblemBuilder;
use crate::error::BuildError;
use crate::ids::{ItemId, OptionId};
use crate::problem::Problem;

impl Problem {
    /// The problem whose options are `options`, each a list of item names (`name:colour` for a
    /// coloured secondary item, as in the DLX format). The items named in `secondary` are
    /// secondary, in that order; every other item is primary, in the order the options first
    /// name them.
    ///
    /// ```
    /// use dancer::Problem;
    ///
    /// // Knuth's toy problem: F and G secondary.
    /// let options = ["C E F", "A D G", "B C F", "A D", "B G", "D E G"];
    /// let problem = Problem::from_sets(options.map(|o| o.split(' ')), &["F", "G"])?;
    /// assert_eq!(problem.primary_count(), 5);
    /// assert_eq!(problem.solver().count(), 1);
    /// # Ok::<(), dancer::BuildError>(())
    /// ```
    ///
    /// # Errors
    /// As [`ProblemBuilder::build`]: names the DLX format cannot write (blanks, `|`, `:`
    /// inside a name), an empty option, an item twice in an option, a colour on a primary
    /// item; and [`BuildError::NoPrimaryItems`] when every item is secondary.
    pub fn from_sets<S: AsRef<str>>(
        options: impl IntoIterator<Item = impl IntoIterator<Item = S>>,
        secondary: &[impl AsRef<str>],
    ) -> Result<Problem, BuildError> {
        let options: Vec<Vec<S>> =
            options.into_iter().map(|option| option.into_iter().collect()).collect();
        let secondary_names: HashSet<&str> = secondary.iter().map(AsRef::as_ref).collect();
        let mut builder = ProblemBuilder::new();
        for option in &options {
            for token in option {
                let name = item_of(token.as_ref());
                if !secondary_names.contains(name) && builder.item_id(name).is_none() {
                    builder.primary(name);
                }
            }
        }
        for name in secondary {
            builder.secondary(name.as_ref());
        }
        for option in &options {
            builder.option_named(option);
        }
        builder.build()
    }

    /// The problem of a 0/1 matrix given row by row: column `j` is item `j` (named `"j"`), the
    /// first `primary` columns primary and the others secondary; row `k` is option `k`, over
    /// the columns where it is true. A row shorter than `columns` is false beyond its end.
    ///
    /// # Errors
    /// [`BuildError::UnknownItem`] for a true entry at or beyond `columns`,
    /// [`BuildError::EmptyOption`] for a row with no true entry, and
    /// [`BuildError::NoPrimaryItems`] when `primary` is 0.
    pub fn from_dense(
        columns: usize,
        primary: usize,
        rows: impl IntoIterator<Item = impl IntoIterator<Item = bool>>,
    ) -> Result<Problem, BuildError> {
        let rows = rows.into_iter().map(|row| {
            row.into_iter().enumerate().filter(|&(_, one)| one).map(|(column, _)| column)
        });
        Problem::from_sparse(columns, primary, rows)
    }

    /// The problem of a 0/1 matrix given by the columns of each row's ones: as
    /// [`from_dense`](Self::from_dense), row `k` being option `k` over its columns in the
    /// order given.
    ///
    /// ```
    /// use dancer::Problem;
    ///
    /// // Knuth's toy problem as a matrix of 7 columns, the last two secondary.
    /// let rows = [vec![2, 4, 5], vec![0, 3, 6], vec![1, 2, 5], vec![0, 3], vec![1, 6], vec![3, 4, 6]];
    /// let problem = Problem::from_sparse(7, 5, rows)?;
    /// assert_eq!(problem.solver().first().map(|s| s.len()), Some(3));
    /// # Ok::<(), dancer::BuildError>(())
    /// ```
    ///
    /// # Errors
    /// As [`from_dense`](Self::from_dense), and [`BuildError::DuplicateItemInOption`] for a
    /// column given twice in a row.
    pub fn from_sparse(
        columns: usize,
        primary: usize,
        rows: impl IntoIterator<Item = impl IntoIterator<Item = usize>>,
    ) -> Result<Problem, BuildError> {
        let mut builder = ProblemBuilder::new();
        let primary = primary.min(columns);
        builder.primary_items(primary);
        builder.secondary_items(columns - primary);
        for (k, row) in rows.into_iter().enumerate() {
            let row: Vec<usize> = row.into_iter().collect();
            if let Some(&column) = row.iter().find(|&&column| column >= columns) {
                let item = ItemId::new(column);
                return Err(BuildError::UnknownItem { option: OptionId::new(k), item });
            }
            builder.option(row.into_iter().map(ItemId::new));
        }
        builder.build()
    }
}

/// The item of a token `name` or `name:colour`.
fn item_of(token: &str) -> &str {
    token.split_once(':').map_or(token, |(name, _)| name)
}

#[cfg(test)]
mod tests {
    use crate::{BuildError, Problem};

    #[test]
    fn sets_name_items_in_order_of_first_use_and_secondary_items_last() {
        let problem =
            Problem::from_sets([vec!["b", "x:red"], vec!["a", "x:red"], vec!["a", "b"]], &["x"])
                .unwrap();
        assert_eq!(problem.primary_count(), 2);
        let names: Vec<&str> = (0..3).map(|k| problem.item_name(crate::ItemId::new(k))).collect();
        assert_eq!(names, ["b", "a", "x"]);
        // {b x:red, a x:red} share x; {a b} alone: two solutions.
        assert_eq!(problem.solver().count(), 2);
    }

    #[test]
    fn a_dense_matrix_is_its_sparse_rows() {
        let dense = [[true, false, true], [false, true, false], [true, true, true]];
        let problem = Problem::from_dense(3, 3, dense).unwrap();
        let sparse = Problem::from_sparse(3, 3, [vec![0, 2], vec![1], vec![0, 1, 2]]).unwrap();
        assert_eq!(problem, sparse);
        assert_eq!(problem.solver().count(), 2);
    }

    #[test]
    fn bad_matrices_are_refused_with_the_row() {
        let out_of_range = Problem::from_sparse(2, 2, [vec![0], vec![2]]);
        assert!(
            matches!(out_of_range, Err(BuildError::UnknownItem { option, .. }) if option.index() == 1)
        );
        let empty = Problem::from_dense(2, 2, [vec![true, true], vec![false, false]]);
        assert!(matches!(empty, Err(BuildError::EmptyOption { option }) if option.index() == 1));
        assert!(matches!(Problem::from_sparse(2, 0, [vec![0]]), Err(BuildError::NoPrimaryItems)));
    }
}
