//! Strict reading of one JSON line with the place of every key and value. `serde_json` judges
//! the syntax (RFC 8259, with its messages and its nesting limit); jsonc-parser, with every
//! extension of JSON turned off, then gives the tree with each node's byte range and with
//! repeated keys kept, which a map (`serde_json::Value`) would silently merge.
//!
//! Errors carry the 1-based character column of the node at fault and its path in the record
//! (`cages[3].sum`), written out only when an error is made.

use std::fmt;

use jsonc_parser::{
    ast::{ObjectProp, Value},
    common::Ranged,
    CollectOptions, ParseOptions,
};

use super::JsonError;

/// A value of the line, with its byte range.
pub(super) type Node<'t> = Value<'t>;

/// Where a node is in the record: keys and indices from the top, linked on the stack as the
/// reader goes down, so that nothing is allocated unless an error names it.
#[derive(Clone, Copy, Debug)]
pub(super) enum Path<'p> {
    /// The record itself.
    Root,
    /// A key of an object.
    Key(&'p Path<'p>, &'static str),
    /// An element of an array.
    Index(&'p Path<'p>, usize),
}

impl Path<'_> {
    /// The path one key further down.
    pub(super) fn key<'q>(&'q self, key: &'static str) -> Path<'q> {
        Path::Key(self, key)
    }

    /// The path one index further down.
    pub(super) fn index(&self, index: usize) -> Path<'_> {
        Path::Index(self, index)
    }
}

/// As the docs write fields: `cages[3].sum`, empty for the record.
impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut steps = Vec::new();
        let mut at = self;
        loop {
            match at {
                Path::Root => break,
                Path::Key(up, _) | Path::Index(up, _) => {
                    steps.push(*at);
                    at = up;
                }
            }
        }
        for (k, step) in steps.iter().rev().enumerate() {
            match step {
                Path::Key(_, key) if k == 0 => f.write_str(key)?,
                Path::Key(_, key) => write!(f, ".{key}")?,
                Path::Index(_, index) => write!(f, "[{index}]")?,
                Path::Root => {}
            }
        }
        Ok(())
    }
}

/// JSON as RFC 8259 has it: no comments, trailing commas, bare or single-quoted keys, hex,
/// `+1`, `.5`, `NaN` or JSON5 escapes.
fn strict() -> ParseOptions {
    ParseOptions {
        allow_comments: false,
        allow_loose_object_property_names: false,
        allow_trailing_commas: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    }
}

/// One line being read: its text, to turn byte offsets into columns.
#[derive(Clone, Copy)]
pub(super) struct Line<'t> {
    text: &'t str,
}

impl<'t> Line<'t> {
    pub(super) fn new(text: &'t str) -> Line<'t> {
        Line { text }
    }

    /// The line's value.
    ///
    /// # Errors
    /// Text that is not exactly one JSON value, with the column where reading failed.
    pub(super) fn parse(self) -> Result<Node<'t>, JsonError> {
        if let Err(error) = serde_json::from_str::<serde::de::IgnoredAny>(self.text) {
            // serde_json counts bytes from 1 on the last line read; its message without them.
            let suffix = format!(" at line {} column {}", error.line(), error.column());
            let message = error.to_string();
            let message = message.strip_suffix(&suffix).unwrap_or(&message).to_owned();
            let start = match error.line() {
                0 | 1 => 0,
                line => self.text.match_indices('\n').nth(line - 2).map_or(0, |(at, _)| at + 1),
            };
            let byte = (start + error.column()).saturating_sub(1);
            return Err(self.error_at(byte, Path::Root, message));
        }
        let parsed = jsonc_parser::parse_to_ast(self.text, &CollectOptions::default(), &strict())
            .map_err(|error| {
            self.error_at(error.range().start, Path::Root, error.kind().to_string())
        })?;
        parsed.value.ok_or_else(|| self.error_at(0, Path::Root, "no JSON value".to_owned()))
    }

    /// The 1-based character column of byte `offset` on its line (the nearest character
    /// boundary at or before it).
    fn column(self, offset: usize) -> usize {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text[..offset];
        let start = before.rfind('\n').map_or(0, |newline| newline + 1);
        before[start..].chars().count() + 1
    }

    /// An error at byte `offset` about the field at `path`.
    pub(super) fn error_at(self, offset: usize, path: Path<'_>, message: String) -> JsonError {
        JsonError { column: self.column(offset), field: path.to_string(), message }
    }

    /// An error about `node`, at its column.
    pub(super) fn error(self, node: &Node<'_>, path: Path<'_>, message: &str) -> JsonError {
        self.error_at(node.range().start, path, message.to_owned())
    }

    /// A nonnegative whole number, written without sign, fraction or exponent.
    pub(super) fn whole(self, node: &Node<'_>, path: Path<'_>) -> Result<usize, JsonError> {
        let Node::NumberLit(number) = node else {
            return Err(self.error(node, path, "expected a whole number"));
        };
        if !number.value.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.error(node, path, "expected a whole number"));
        }
        number.value.parse().map_err(|_| self.error(node, path, "too large"))
    }

    /// A string.
    pub(super) fn string<'n>(
        self,
        node: &'n Node<'t>,
        path: Path<'_>,
    ) -> Result<&'n str, JsonError> {
        match node {
            Node::StringLit(string) => Ok(&string.value),
            _ => Err(self.error(node, path, "expected a string")),
        }
    }

    /// An array's elements.
    pub(super) fn array<'n>(
        self,
        node: &'n Node<'t>,
        path: Path<'_>,
    ) -> Result<&'n [Node<'t>], JsonError> {
        match node {
            Node::Array(array) => Ok(&array.elements),
            _ => Err(self.error(node, path, "expected an array")),
        }
    }

    /// An array of whole numbers.
    pub(super) fn numbers(self, node: &Node<'t>, path: Path<'_>) -> Result<Vec<usize>, JsonError> {
        let items = self.array(node, path)?;
        items.iter().enumerate().map(|(k, item)| self.whole(item, path.index(k))).collect()
    }

    /// The two elements of a two-element array.
    pub(super) fn pair<'n>(
        self,
        node: &'n Node<'t>,
        path: Path<'_>,
        what: &str,
    ) -> Result<[&'n Node<'t>; 2], JsonError> {
        match node {
            Node::Array(array) if array.elements.len() == 2 => {
                Ok([&array.elements[0], &array.elements[1]])
            }
            _ => Err(self.error(node, path, &format!("expected a pair {what}"))),
        }
    }

    /// An object whose keys are all among `keys`, each at most once.
    ///
    /// # Errors
    /// Not an object; a key not in `keys` (at its column, with the nearest known key); a key
    /// given twice (at the second).
    pub(super) fn object<'n>(
        self,
        node: &'n Node<'t>,
        path: Path<'_>,
        what: &str,
        keys: &[&'static str],
    ) -> Result<Fields<'n, 't>, JsonError> {
        let Node::Object(object) = node else {
            return Err(self.error(node, path, &format!("{what} is a JSON object")));
        };
        for (k, prop) in object.properties.iter().enumerate() {
            let name = prop.name.as_str();
            let at = prop.name.range().start;
            if !keys.contains(&name) {
                return Err(self.error_at(at, path, unknown_key(name, what, keys)));
            }
            if let Some(first) = object.properties[..k].iter().find(|p| p.name.as_str() == name) {
                let first = self.column(first.name.range().start);
                let message = format!("key `{name}` appears twice (first at column {first})");
                return Err(self.error_at(at, path, message));
            }
        }
        Ok(Fields { line: self, props: &object.properties, start: object.range.start })
    }
}

/// Why `name` is not a key, with the nearest known one when it is near enough to be a typo.
fn unknown_key(name: &str, what: &str, keys: &[&'static str]) -> String {
    let lower = name.to_lowercase();
    let nearest = keys
        .iter()
        .map(|key| (strsim::jaro_winkler(&lower, key), key))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .filter(|&(score, _)| score >= 0.8);
    let hint = nearest.map_or_else(String::new, |(_, key)| format!(" (did you mean `{key}`?)"));
    format!("unknown key `{name}` in {what}{hint}; its keys are {}", keys.join(", "))
}

/// The fields of an object whose keys were checked.
pub(super) struct Fields<'n, 't> {
    line: Line<'t>,
    props: &'n [ObjectProp<'t>],
    /// The object's byte offset, where a missing key is reported.
    start: usize,
}

impl<'n, 't> Fields<'n, 't> {
    /// The value of `key`, if present.
    pub(super) fn get(&self, key: &str) -> Option<&'n Node<'t>> {
        self.props.iter().find(|prop| prop.name.as_str() == key).map(|prop| &prop.value)
    }

    /// The value of `key`, which must be present.
    pub(super) fn need(
        &self,
        key: &'static str,
        path: Path<'_>,
    ) -> Result<&'n Node<'t>, JsonError> {
        self.get(key)
            .ok_or_else(|| self.line.error_at(self.start, path.key(key), "missing".to_owned()))
    }
}
