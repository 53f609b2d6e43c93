//! The text after a command's help, read as sections: the man pages' EXIT STATUS, EXAMPLES
//! and notes of their own, and the examples a test parses and runs.
//!
//! The text is written for people (`sudoku solve --help` shows it as it is) in one layout: a
//! section opens with a heading at the left margin ending in `:`; its lines are indented by
//! two spaces; in "Examples", "Long runs" and "Exit status" each such line is an item, a term
//! (a command, an exit status) then at least two spaces and what it means, which goes on over
//! lines indented further.

use roff::{bold, roman, Roff};

/// One section of the text after a help.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// Its heading, without the colon: `Examples`, `Exit status`, `Input format`, ...
    pub heading: String,
    /// Its items, `(term, what)`, in a list section; its paragraph as one item with an empty
    /// term in another.
    pub items: Vec<(String, String)>,
}

impl Section {
    /// Whether its items are commands.
    pub fn is_examples(&self) -> bool {
        matches!(self.heading.as_str(), "Examples" | "Long runs")
    }

    fn is_list(&self) -> bool {
        self.is_examples() || self.heading == "Exit status"
    }
}

/// The sections of `text`, the text after a help. Text before the first heading, if any, is
/// a section headed `Notes`.
pub fn sections(text: &str) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    for line in text.lines() {
        if line.trim().is_empty() {
            continue;
        }
        if !line.starts_with(' ') && line.ends_with(':') {
            let heading = line.trim_end_matches(':').to_owned();
            sections.push(Section { heading, items: Vec::new() });
            continue;
        }
        if sections.is_empty() {
            sections.push(Section { heading: "Notes".to_owned(), items: Vec::new() });
        }
        let section = sections.last_mut().expect("one was pushed");
        let list = section.is_list();
        let body = line.trim();
        let continues = line.starts_with("   ") || !list;
        match section.items.last_mut() {
            Some((_, what)) if continues => {
                if !what.is_empty() {
                    what.push(' ');
                }
                what.push_str(body);
            }
            _ if list => {
                let (term, what) = body.split_once("  ").unwrap_or((body, ""));
                section.items.push((term.to_owned(), what.trim().to_owned()));
            }
            _ => section.items.push((String::new(), body.to_owned())),
        }
    }
    sections
}

/// The sections of `text` in roff, for a man page: `Examples` as EXAMPLES (with `Long runs` a
/// subsection of it), `Exit status` as EXIT STATUS, the others under their own headings.
pub(super) fn roff(text: &str) -> String {
    let mut roff = Roff::new();
    for section in sections(text) {
        match section.heading.as_str() {
            "Long runs" => roff.control("SS", ["Long runs"]),
            "Exit status" => roff.control("SH", ["EXIT STATUS"]),
            heading => roff.control("SH", [heading.to_uppercase().as_str()]),
        };
        for (term, what) in &section.items {
            if section.is_list() {
                roff.control("TP", []).text([bold(term.as_str())]);
                if !what.is_empty() {
                    roff.text([roman(what.as_str())]);
                }
            } else {
                roff.control("PP", []).text([roman(what.as_str())]);
            }
        }
    }
    roff.to_roff()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "\
Input format:
  Lines starting with '|' are
  comments.

Exit status:
  0    solved
  2    bad usage, or input that could
       not be read

Examples:
  dlx x.dlx                every solution
  dlx --count --time-limit 2h --checkpoint c.json big.dlx
      stop after 2 hours
  generate | dlx -";

    #[test]
    fn sections_hold_items_and_paragraphs() {
        let found = sections(TEXT);
        let headings: Vec<&str> = found.iter().map(|s| s.heading.as_str()).collect();
        assert_eq!(headings, ["Input format", "Exit status", "Examples"]);
        assert_eq!(
            found[0].items,
            [(String::new(), "Lines starting with '|' are comments.".into())]
        );
        assert_eq!(
            found[1].items[1],
            ("2".into(), "bad usage, or input that could not be read".into())
        );
        let examples: Vec<(&str, &str)> =
            found[2].items.iter().map(|(t, w)| (t.as_str(), w.as_str())).collect();
        assert_eq!(
            examples,
            [
                ("dlx x.dlx", "every solution"),
                ("dlx --count --time-limit 2h --checkpoint c.json big.dlx", "stop after 2 hours"),
                ("generate | dlx -", ""),
            ]
        );
    }

    #[test]
    fn roff_has_exit_status_and_examples_sections() {
        let roff = roff(TEXT);
        for line in
            [".SH \"INPUT FORMAT\"", ".SH \"EXIT STATUS\"", ".SH EXAMPLES", "\\fBdlx x.dlx\\fR"]
        {
            assert!(roff.contains(line), "no {line} in\n{roff}");
        }
        assert!(!roff.contains("EXTRA"));
    }
}
