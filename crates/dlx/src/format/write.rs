//! The DLX format writer; its output parses back to an equal problem.

use std::{fmt, io};

use crate::{OptionId, Problem};

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
        f.write_str(&names[..self.primary_count].join(" "))?;
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
