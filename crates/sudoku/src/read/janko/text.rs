//! The text of a janko.at `problem` or `solution`: a `ROWS COLUMNS` header line, then rows of
//! blank-separated tokens (`-`, numbers, `E`/`O`), each read with its place for messages.

use crate::grid::Digit;

/// A problem's or solution's token rows. Rows are counted from 1 after the header in messages,
/// tokens from 1 along their row.
#[derive(Debug)]
pub(super) struct Text<'t> {
    /// `problem` or `solution`, for messages.
    what: &'static str,
    /// The header's rows.
    pub(super) rows: usize,
    /// The header's columns: every token row has as many tokens.
    pub(super) cols: usize,
    lines: Vec<Vec<&'t str>>,
}

impl<'t> Text<'t> {
    /// Splits `text` into its header and token rows. Tokens are split on any run of blanks.
    pub(super) fn parse(what: &'static str, text: &'t str) -> Result<Text<'t>, String> {
        let mut lines = text.lines();
        let header = lines.next().unwrap_or("");
        let size: Vec<usize> = header.split_whitespace().filter_map(|t| t.parse().ok()).collect();
        let (rows, cols) = match size[..] {
            [rows, cols] if rows > 0 && cols > 0 && header.split_whitespace().count() == 2 => {
                (rows, cols)
            }
            _ => return Err(format!("{what} header '{header}' is not 'ROWS COLUMNS'")),
        };
        let lines = lines.map(|line| line.split_whitespace().collect()).collect();
        Ok(Text { what, rows, cols, lines })
    }

    /// Checks that there are `count` token rows (exactly, or at least when `more` is allowed:
    /// the rest are ignored) of `cols` tokens each.
    pub(super) fn expect_rows(&self, count: usize, more: bool) -> Result<(), String> {
        let found = self.lines.len();
        if found < count || (found > count && !more) {
            let (what, rows, cols) = (self.what, self.rows, self.cols);
            return Err(format!(
                "{what} has {found} rows after its header '{rows} {cols}', not {count}"
            ));
        }
        for (row, tokens) in self.lines[..count].iter().enumerate() {
            if tokens.len() != self.cols {
                let (what, found) = (self.what, tokens.len());
                return Err(format!("{what} row {}: {found} tokens, not {}", row + 1, self.cols));
            }
        }
        Ok(())
    }

    /// The token at `row` and `col` (from 0) of a row checked by [`Text::expect_rows`].
    pub(super) fn token(&self, row: usize, col: usize) -> &'t str {
        self.lines[row][col]
    }

    /// An error at the token at `row` and `col` (from 0).
    pub(super) fn error(&self, row: usize, col: usize, message: &str) -> String {
        format!("{} row {}, token {}: {message}", self.what, row + 1, col + 1)
    }

    /// The token at `row` and `col` as a digit `1..=symbols`, or `None` for `-`.
    pub(super) fn digit(
        &self,
        row: usize,
        col: usize,
        symbols: usize,
    ) -> Result<Option<Digit>, String> {
        let token = self.token(row, col);
        if token == "-" {
            return Ok(None);
        }
        match token.parse::<Digit>() {
            Ok(digit) if digit >= 1 && usize::from(digit) <= symbols => Ok(Some(digit)),
            _ => {
                Err(self.error(row, col, &format!("'{token}' is not a digit 1..{symbols} or '-'")))
            }
        }
    }

    /// The token at `row` and `col` as a whole number, or `None` for `-`.
    pub(super) fn number(&self, row: usize, col: usize) -> Result<Option<u32>, String> {
        match self.token(row, col) {
            "-" => Ok(None),
            token => token
                .parse()
                .map(Some)
                .map_err(|_| self.error(row, col, &format!("'{token}' is not a number or '-'"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_read_with_their_place() {
        let text = Text::parse("problem", "2 3\n1 -  12\nE x 3").unwrap();
        assert_eq!((text.rows, text.cols), (2, 3));
        assert_eq!(text.expect_rows(2, false), Ok(()));
        assert_eq!(text.digit(0, 1, 9), Ok(None));
        assert_eq!(text.number(0, 2), Ok(Some(12)));
        let error = text.digit(0, 2, 9).unwrap_err();
        assert_eq!(error, "problem row 1, token 3: '12' is not a digit 1..9 or '-'");
        assert_eq!(
            text.number(1, 1).unwrap_err(),
            "problem row 2, token 2: 'x' is not a number or '-'"
        );
        assert!(text.expect_rows(3, true).unwrap_err().contains("2 rows after its header"));
        assert!(text.expect_rows(1, false).is_err(), "a row too many");
        assert_eq!(text.expect_rows(1, true), Ok(()), "later rows ignored");
        let short = Text::parse("solution", "2 2\n1 2\n3").unwrap();
        assert_eq!(short.expect_rows(2, false).unwrap_err(), "solution row 2: 1 tokens, not 2");
        for header in ["", "4", "4 x", "0 4", "4 4 4"] {
            let error = Text::parse("problem", header).unwrap_err();
            assert!(error.starts_with("problem header"), "{header}: {error}");
        }
    }
}
