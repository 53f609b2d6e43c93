//! [`Alphabet`]: the characters a puzzle's digits are written with. The standard one reads `1`-`9`
//! then `A` = 10 ... `Z` = 35 (either case), with `.`, `0` and `_` blank; another, given in
//! order (`0123456789abcdef`: `0` is 1, `f` is 16), has `.` as its only blank. A 16×16 written
//! with `0`-`f`, a common published form, is recognised on its own when it cannot be anything
//! else: a line of 256 cells of `0`-`9`, `a`-`f` and `.`, with both `0` and `.` in it (the
//! standard reading would take both for blanks).

use crate::grid::{digit_of, Digit, MAX_LINE_SIZE};

/// The characters digits are written with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Alphabet {
    /// The symbol of digit k at k - 1, or `None` for the standard symbols.
    symbols: Option<Vec<char>>,
}

/// Why a string is not an alphabet.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AlphabetError {
    /// Fewer than 1 or more than [`MAX_LINE_SIZE`] symbols.
    #[error("{0} symbols: an alphabet has 1 to {MAX_LINE_SIZE}, one per digit in order")]
    Length(usize),
    /// A character that cannot be a symbol: the blank `.`, a separator or a comment sign.
    #[error(
        "'{0}' cannot be a symbol: '.' is the blank, and blanks, ',', '|', ':' and '#' separate"
    )]
    Reserved(char),
    /// A character given twice.
    #[error("'{0}' is given twice")]
    Repeated(char),
}

/// The symbols of a 16×16 in the published `0`-`f` form.
const HEX: &str = "0123456789abcdef";

impl Alphabet {
    /// `1`-`9`, `A`-`Z` (either case), blanks `.`, `0` and `_`.
    pub fn standard() -> Alphabet {
        Alphabet { symbols: None }
    }

    /// The symbols of digits 1, 2, ... in order; `.` is the blank. A letter also stands for
    /// itself in the other case, unless the alphabet has both.
    ///
    /// # Errors
    /// No symbols or more than [`MAX_LINE_SIZE`]; a `.`, blank, `,`, `|`, `:` or `#`; a
    /// character given twice.
    pub fn new(symbols: &str) -> Result<Alphabet, AlphabetError> {
        let chars: Vec<char> = symbols.chars().collect();
        if chars.is_empty() || chars.len() > MAX_LINE_SIZE {
            return Err(AlphabetError::Length(chars.len()));
        }
        for (k, &c) in chars.iter().enumerate() {
            if c == '.' || c.is_whitespace() || matches!(c, ',' | '|' | ':' | '#') {
                return Err(AlphabetError::Reserved(c));
            }
            if chars[..k].contains(&c) {
                return Err(AlphabetError::Repeated(c));
            }
        }
        Ok(Alphabet { symbols: Some(chars) })
    }

    /// `0123456789abcdef`: `0` is 1 and `f` is 16.
    pub fn hex() -> Alphabet {
        Alphabet { symbols: Some(HEX.chars().collect()) }
    }

    /// Whether this is the standard alphabet.
    pub fn is_standard(&self) -> bool {
        self.symbols.is_none()
    }

    /// The digit of `symbol` (0 for a blank), or `None` when it is not one of the alphabet's.
    pub fn digit_of(&self, symbol: char) -> Option<Digit> {
        let Some(symbols) = &self.symbols else { return digit_of(symbol) };
        if symbol == '.' {
            return Some(0);
        }
        let at = symbols.iter().position(|&c| c == symbol).or_else(|| {
            let other = if symbol.is_ascii_lowercase() {
                symbol.to_ascii_uppercase()
            } else {
                symbol.to_ascii_lowercase()
            };
            (other != symbol).then(|| symbols.iter().position(|&c| c == other)).flatten()
        })?;
        // At most MAX_LINE_SIZE symbols.
        Some(at as Digit + 1)
    }

    /// The alphabet's symbols (`None` for the standard one), for messages.
    pub fn symbols(&self) -> Option<String> {
        self.symbols.as_ref().map(|symbols| symbols.iter().collect())
    }

    /// Whether cells may be written as numbers (`10`, `3,,5`): with the standard symbols only,
    /// since another alphabet may use digits for other values.
    pub(super) fn numbers(&self) -> bool {
        self.symbols.is_none()
    }
}

/// Whether `field`, the first field of a line, is a 16×16 in the `0`-`f` form beyond doubt:
/// 256 characters of `0`-`9`, `a`-`f` (one case) and `.`, with a `0` and a `.` among them.
pub(super) fn is_hex_16(field: &str) -> bool {
    let lower = field.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f' | b'.'));
    let upper = field.bytes().all(|b| matches!(b, b'0'..=b'9' | b'A'..=b'F' | b'.'));
    field.len() == 256 && (lower || upper) && field.contains('0') && field.contains('.')
}

/// Whether `field` looks like a 16×16 in the `0`-`f` form (its characters and a `0` with a
/// letter), so that an error about it can say so.
pub(super) fn looks_hex(field: &str) -> bool {
    let letters = field.bytes().any(|b| matches!(b, b'a'..=b'f' | b'A'..=b'F'));
    let hex = field.bytes().all(|b| b.is_ascii_hexdigit() || b == b'.');
    hex && letters && field.contains('0') && field.len() > 200
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alphabets_read_their_symbols_in_order() {
        let hex = Alphabet::hex();
        assert_eq!(
            (hex.digit_of('0'), hex.digit_of('f'), hex.digit_of('F')),
            (Some(1), Some(16), Some(16))
        );
        assert_eq!(
            (hex.digit_of('.'), hex.digit_of('_'), hex.digit_of('g')),
            (Some(0), None, None)
        );
        let standard = Alphabet::standard();
        assert_eq!((standard.digit_of('0'), standard.digit_of('g')), (Some(0), Some(16)));
        let both = Alphabet::new("aA").unwrap();
        assert_eq!((both.digit_of('a'), both.digit_of('A')), (Some(1), Some(2)));
        assert_eq!(Alphabet::new("12.4"), Err(AlphabetError::Reserved('.')));
        assert_eq!(Alphabet::new("1231"), Err(AlphabetError::Repeated('1')));
        assert_eq!(Alphabet::new(""), Err(AlphabetError::Length(0)));
    }

    #[test]
    fn only_an_unambiguous_line_is_taken_for_hex() {
        let line = format!("0123456789abcdef{}", ".".repeat(240));
        assert!(is_hex_16(&line));
        assert!(!is_hex_16(&line.replace('.', "1")), "no '.': '0' may be the blank");
        assert!(!is_hex_16(&line.replace('0', "1")), "no '0': a standard 16x16 without G");
        assert!(!is_hex_16(&line[..255]), "255 characters");
        assert!(looks_hex(&line[..255]));
    }
}
