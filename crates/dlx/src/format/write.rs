//! The DLX format writer; its output parses back to an equal problem.

use std::{fmt, io};

use crate::ids::OptionId;
use crate::problem::Problem;

/// Writes `problem` in Knuth's DLX format: the item line, then one line per option.
///
/// # Errors
/// Whatever writing to `out` returns.
pub fn write(problem: &Problem, mut out: impl io::Write) -> io::Result<()> {
    write!(out, "{problem}")
}

/// The DLX text of the problem, as [`write`](fn@super::write) produces it.
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = &self.names;
        // Readers drop a byte order mark at the start of the text, so a first name that starts
        // with one (U+FEFF is no blank) gets one of its own in front, for them to drop.
        if names.first().is_some_and(|name| name.starts_with('\u{feff}')) {
            f.write_str("\u{feff}")?;
        }
        // DLX3's bounds before a primary item's name: `u:v|name`, or `v|name` for exactly v.
        let primary = names[..self.primary_count].iter().enumerate().map(|(k, name)| {
            match self.multiplicity.get(k).copied().unwrap_or((1, 1)) {
                (1, 1) => name.clone(),
                (lower, upper) if lower == upper => format!("{upper}|{name}"),
                (lower, upper) => format!("{lower}:{upper}|{name}"),
            }
        });
        f.write_str(&primary.collect::<Vec<_>>().join(" "))?;
        if self.primary_count < names.len() {
            write!(f, " | {}", names[self.primary_count..].join(" "))?;
        }
        writeln!(f)?;
        for k in 0..self.option_count() {
            writeln!(f, "{}", self.option_names(OptionId::new(k)).join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    // See: fuzzing, crates/fuzz/regressions/dlx_text/bom-named-first-item.dlx. A first item
    // whose name starts with U+FEFF was written at the start of the text, where readers take
    // it for a byte order mark and drop it: the text read back lacked the item.
    #[test]
    fn a_first_item_named_with_a_byte_order_mark_survives_writing() {
        let parsed = crate::parse("\u{feff}\u{feff}x y\n\u{feff}x y\n").unwrap();
        assert_eq!(parsed.problem.item_name(crate::ItemId::new(0)), "\u{feff}x");
        let text = parsed.problem.to_string();
        let again = crate::parse(&text).unwrap().problem;
        assert_eq!(again.item_name(crate::ItemId::new(0)), "\u{feff}x", "{text:?}");
        assert_eq!(again.to_string(), text);
    }
}
