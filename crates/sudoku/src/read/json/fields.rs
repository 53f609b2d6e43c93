//! The fields of a record, each read at its place in the line: cells of the rectangle, digits
//! among the symbols, the pairs, cages, relations and the solution; and where in the line a
//! model that [`Model::validate`](super::Model::validate) refuses went wrong.

use super::strict::{Line, Node, Path};
use super::JsonError;
use crate::grid::{Cell, Digit};
use crate::model::{Cage, Parity, Part, Relation, RelationKind};

/// What the fields of a record are read against: its rectangle and symbols.
#[derive(Clone, Copy)]
pub(super) struct Fields<'t> {
    pub(super) line: Line<'t>,
    pub(super) width: usize,
    pub(super) height: usize,
    pub(super) symbols: usize,
}

impl Fields<'_> {
    /// A cell of the rectangle, at its own column when it is not.
    pub(super) fn cell(&self, node: &Node<'_>, path: Path<'_>) -> Result<Cell, JsonError> {
        let cell = self.line.whole(node, path)?;
        if cell < self.width * self.height {
            Ok(cell)
        } else {
            let (width, height) = (self.width, self.height);
            let message = format!("cell {cell} is beyond the {width}x{height} rectangle");
            Err(self.line.error(node, path, &message))
        }
    }

    /// A digit 1..=symbols (or 0 when `blank` allows it), at its own column when it is not.
    pub(super) fn digit(
        &self,
        node: &Node<'_>,
        path: Path<'_>,
        blank: bool,
    ) -> Result<Digit, JsonError> {
        let value = self.line.whole(node, path)?;
        if (value == 0 && blank) || (1..=self.symbols.min(64)).contains(&value) {
            // At most 64, checked just above.
            Ok(value as Digit)
        } else {
            let (low, symbols) = (u8::from(!blank), self.symbols);
            Err(self.line.error(node, path, &format!("{value} is not a digit {low}..={symbols}")))
        }
    }

    /// The givens: `[cell, digit]` pairs, a cell at most once.
    pub(super) fn givens(&self, pairs: &[Node<'_>]) -> Result<Vec<Option<Digit>>, JsonError> {
        let at = Path::Root;
        let at = at.key("givens");
        let mut givens = vec![None; self.width * self.height];
        for (k, pair) in pairs.iter().enumerate() {
            let path = at.index(k);
            let [cell, digit] = self.line.pair(pair, path, "[cell, digit]")?;
            let cell = self.cell(cell, path.index(0))?;
            let digit = self.digit(digit, path.index(1), false)?;
            if givens[cell].replace(digit).is_some() {
                return Err(self.line.error(pair, path, &format!("cell {cell} is given twice")));
            }
        }
        Ok(givens)
    }

    /// A cage `{"cells", "sum"?}`.
    pub(super) fn cage(&self, node: &Node<'_>, path: Path<'_>) -> Result<Cage, JsonError> {
        let line = self.line;
        let fields = line.object(node, path, "a cage", &["cells", "sum"])?;
        let cells = line.numbers(fields.need("cells", path)?, path.key("cells"))?;
        let sum = match fields.get("sum") {
            None => None,
            Some(sum) => {
                let path = path.key("sum");
                let value = line.whole(sum, path)?;
                Some(u32::try_from(value).map_err(|_| line.error(sum, path, "too large"))?)
            }
        };
        Ok(Cage { cells, sum })
    }

    /// A parity mark `[cell, "even" | "odd"]`.
    pub(super) fn parity(
        &self,
        node: &Node<'_>,
        path: Path<'_>,
    ) -> Result<(Cell, Parity), JsonError> {
        let line = self.line;
        let [cell, parity] = line.pair(node, path, "[cell, \"even\" or \"odd\"]")?;
        let parity = match line.string(parity, path.index(1))? {
            "even" => Parity::Even,
            "odd" => Parity::Odd,
            _ => return Err(line.error(parity, path.index(1), "parity is \"even\" or \"odd\"")),
        };
        Ok((self.cell(cell, path.index(0))?, parity))
    }

    /// A candidate set `[cell, [digits]]`, as a bit per digit.
    pub(super) fn candidates(
        &self,
        node: &Node<'_>,
        path: Path<'_>,
    ) -> Result<(Cell, u64), JsonError> {
        let [cell, digits] = self.line.pair(node, path, "[cell, [digits]]")?;
        let mut set = 0u64;
        let at = path.index(1);
        for (j, digit) in self.line.array(digits, at)?.iter().enumerate() {
            set |= 1 << (self.digit(digit, at.index(j), false)? - 1);
        }
        Ok((self.cell(cell, path.index(0))?, set))
    }

    /// The record's solution: a digit for every cell of the rectangle, 1..=symbols in the used
    /// ones and 0 in the others.
    pub(super) fn solution(&self, node: &Node<'_>, used: &[bool]) -> Result<Vec<Digit>, JsonError> {
        let path = Path::Root;
        let path = path.key("solution");
        let items = self.line.array(node, path)?;
        if items.len() != used.len() {
            let message = format!(
                "{} digits for the {} cells of the {}x{} rectangle",
                items.len(),
                used.len(),
                self.width,
                self.height
            );
            return Err(self.line.error(node, path, &message));
        }
        let mut digits = Vec::with_capacity(items.len());
        for (cell, (item, &used)) in items.iter().zip(used).enumerate() {
            let path = path.index(cell);
            let value = self.digit(item, path, !used)?;
            if !used && value != 0 {
                let message = format!("cell {cell} is unused, so its digit is 0");
                return Err(self.line.error(item, path, &message));
            }
            digits.push(value);
        }
        Ok(digits)
    }

    /// A relation `{"a", "b", "kind", "k"?}`: `k` required with the kinds difference and
    /// sum, optional with ratio (2, a black Kropki dot, when left out; at least 2), refused
    /// with the others.
    // One arm per kind and its `k`.
    #[allow(clippy::too_many_lines)]
    pub(super) fn relation(&self, node: &Node<'_>, path: Path<'_>) -> Result<Relation, JsonError> {
        use RelationKind as K;
        let line = self.line;
        let fields = line.object(node, path, "a relation", &["a", "b", "kind", "k", "v"])?;
        let cell = |key| self.cell(fields.need(key, path)?, path.key(key));
        let kind_node = fields.need("kind", path)?;
        let kind_path = path.key("kind");
        let kind_name = line.string(kind_node, kind_path)?;
        let number = |k: &Node<'_>| {
            let value = line.whole(k, path.key("k"))?;
            u8::try_from(value).map_err(|_| line.error(k, path.key("k"), "too large (at most 255)"))
        };
        let named = match kind_name {
            "less" => Some(K::Less),
            "consecutive" => Some(K::Consecutive),
            "not-consecutive" => Some(K::NotConsecutive),
            "difference" => Some(K::Difference(0)),
            "sum" => Some(K::Sum(0)),
            "ratio" => Some(K::Ratio(2)),
            "different" => Some(K::Different),
            "not-difference" => Some(K::NotDifference(0)),
            "not-sum" => Some(K::NotSum(0)),
            "not-ratio" => Some(K::NotRatio(2)),
            "equal" => Some(K::Equal),
            "apart" => Some(K::Apart(0)),
            "at-most" => Some(K::AtMost),
            "indexes" => Some(K::Indexes(0, 0)),
            _ => None,
        };
        let factor = |k: &Node<'_>| match number(k)? {
            0 | 1 => {
                let message = "a ratio's `k` is at least 2 (one digit is k times the other)";
                Err(line.error(k, path.key("k"), message))
            }
            factor => Ok(factor),
        };
        let kind = match (named, fields.get("k")) {
            (
                Some(
                    kind @ (K::Less
                    | K::Consecutive
                    | K::NotConsecutive
                    | K::Different
                    | K::Equal
                    | K::AtMost),
                ),
                None,
            ) => kind,
            (Some(K::Indexes(..)), Some(k)) => {
                let v = fields.need("v", path)?;
                let value = line.whole(v, path.key("v"))?;
                let value = u8::try_from(value)
                    .map_err(|_| line.error(v, path.key("v"), "too large (at most 255)"))?;
                K::Indexes(number(k)?, value)
            }
            (Some(K::Apart(_)), Some(k)) => K::Apart(number(k)?),
            (Some(K::Difference(_)), Some(k)) => K::Difference(number(k)?),
            (Some(K::Sum(_)), Some(k)) => K::Sum(number(k)?),
            (Some(K::NotDifference(_)), Some(k)) => K::NotDifference(number(k)?),
            (Some(K::NotSum(_)), Some(k)) => K::NotSum(number(k)?),
            (
                Some(
                    K::Difference(_)
                    | K::Sum(_)
                    | K::NotDifference(_)
                    | K::NotSum(_)
                    | K::Apart(_)
                    | K::Indexes(..),
                ),
                None,
            ) => {
                let message = format!("missing: `{kind_name}` needs its `k`");
                return Err(line.error(kind_node, path.key("k"), &message));
            }
            (Some(K::Ratio(_)), None) => K::Ratio(2),
            (Some(K::Ratio(_)), Some(k)) => K::Ratio(factor(k)?),
            (Some(K::NotRatio(_)), None) => K::NotRatio(2),
            (Some(K::NotRatio(_)), Some(k)) => K::NotRatio(factor(k)?),
            (
                Some(
                    K::Less
                    | K::Consecutive
                    | K::NotConsecutive
                    | K::Different
                    | K::Equal
                    | K::AtMost,
                )
                | None,
                Some(k),
            ) => {
                let message = "`k` goes only with the kinds difference, sum, ratio, their nots, \
                               apart and indexes";
                return Err(line.error(k, path.key("k"), message));
            }
            (None, None) => {
                let kinds = "less, consecutive, not-consecutive, difference, sum, ratio, \
                             different, not-difference, not-sum, not-ratio, equal, apart, \
                             at-most or indexes";
                return Err(line.error(kind_node, kind_path, &format!("expected one of {kinds}")));
            }
        };
        if fields.get("v").is_some() && !matches!(kind, K::Indexes(..)) {
            let v = fields.need("v", path)?;
            return Err(line.error(v, path.key("v"), "`v` goes only with the kind indexes"));
        }
        Ok(Relation { a: cell("a")?, b: cell("b")?, kind })
    }
}

/// The error of a model that [`Model::validate`] refuses, at the place in the line of the part
/// at fault (its key or element, or the cell in it that is at fault).
pub(super) fn point(line: Line<'_>, root: &Node<'_>, part: Part, message: String) -> JsonError {
    /// A step down from the record to the node of a part.
    enum Step {
        Key(&'static str),
        Index(usize),
    }
    let given = |cell: Cell| {
        // The pair that gave the cell: the only one, a cell given twice being refused.
        let pairs = member(root, "givens").and_then(Node::as_array);
        let first = |pair: &Node<'_>| {
            let first = pair.as_array().and_then(|pair| pair.elements.first());
            first.and_then(|cell| line.whole(cell, Path::Root).ok())
        };
        pairs.and_then(|pairs| {
            let mut pairs = pairs.elements.iter();
            pairs.position(|pair| first(pair) == Some(cell))
        })
    };
    let steps: Vec<Step> = match part {
        Part::Symbols => vec![Step::Key("symbols")],
        Part::Whole => Vec::new(),
        Part::Region(k, at) => {
            [Step::Key("regions"), Step::Index(k)].into_iter().chain(at.map(Step::Index)).collect()
        }
        Part::Cage(k, at) => {
            let cell = at.map(|at| [Step::Key("cells"), Step::Index(at)]);
            [Step::Key("cages"), Step::Index(k)]
                .into_iter()
                .chain(cell.into_iter().flatten())
                .collect()
        }
        Part::Given(cell) => {
            [Step::Key("givens")].into_iter().chain(given(cell).map(Step::Index)).collect()
        }
        Part::Relation(k, which) => {
            let key = which.map(|second| Step::Key(if second { "b" } else { "a" }));
            [Step::Key("relations"), Step::Index(k)].into_iter().chain(key).collect()
        }
        Part::Parity(k) => vec![Step::Key("parity"), Step::Index(k)],
        Part::Candidates(k) => vec![Step::Key("candidates"), Step::Index(k)],
        Part::Line(k, at) => {
            let cell = at.map(|at| [Step::Key("cells"), Step::Index(at)]);
            [Step::Key("lines"), Step::Index(k)]
                .into_iter()
                .chain(cell.into_iter().flatten())
                .collect()
        }
    };
    let (mut node, mut field) = (Some(root), String::new());
    for step in &steps {
        node = match (step, node) {
            (Step::Key(key), Some(node)) => member(node, key),
            (Step::Index(index), Some(Node::Array(array))) => array.elements.get(*index),
            _ => None,
        };
        match step {
            Step::Key(key) if field.is_empty() => field.push_str(key),
            Step::Key(key) => {
                field.push('.');
                field.push_str(key);
            }
            Step::Index(index) => {
                field.push('[');
                field.push_str(&index.to_string());
                field.push(']');
            }
        }
    }
    let start = node.map_or(0, |node| jsonc_parser::common::Ranged::range(node).start);
    let mut error = line.error_at(start, Path::Root, message);
    error.field = field;
    error
}

/// The value of `key` in `node`, an object.
fn member<'n, 't>(node: &'n Node<'t>, key: &str) -> Option<&'n Node<'t>> {
    match node {
        Node::Object(object) => {
            object.properties.iter().find(|prop| prop.name.as_str() == key).map(|prop| &prop.value)
        }
        _ => None,
    }
}
