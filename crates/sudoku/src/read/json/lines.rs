//! The lines of a record (`lines`), each read at its place in the line of JSON.

use super::fields::Fields;
use super::strict::{Node, Path};
use super::JsonError;
use crate::model::{Line as ModelLine, LineKind};

impl Fields<'_> {
    /// A line `{"kind", "cells", "k"?, "digits"?}`: `k` (a sum, a count, a difference, the
    /// circle's size) with the kinds that have one, `digits` with a quadruple.
    pub(super) fn line(&self, node: &Node<'_>, path: Path<'_>) -> Result<ModelLine, JsonError> {
        let line = self.line;
        let fields = line.object(node, path, "a line", &["kind", "cells", "k", "digits"])?;
        let cells = line.numbers(fields.need("cells", path)?, path.key("cells"))?;
        for (i, cell) in
            line.array(fields.need("cells", path)?, path.key("cells"))?.iter().enumerate()
        {
            self.cell(cell, path.key("cells").index(i))?;
        }
        let kind_node = fields.need("kind", path)?;
        let name = line.string(kind_node, path.key("kind"))?;
        let k = |fields: &super::strict::Fields<'_, '_>| -> Result<u32, JsonError> {
            let node = fields.need("k", path)?;
            let value = line.whole(node, path.key("k"))?;
            u32::try_from(value).map_err(|_| line.error(node, path.key("k"), "too large"))
        };
        let small = |value: u32| {
            u8::try_from(value).map_err(|_| {
                line.error(fields.need("k", path).expect("read"), path.key("k"), "at most 255")
            })
        };
        let kind = match name {
            "arrow" => LineKind::Arrow { circle: k(&fields)? as usize },
            "double-arrow" => LineKind::DoubleArrow,
            "little-killer" => LineKind::LittleKiller(k(&fields)?),
            "sandwich" => LineKind::Sandwich(k(&fields)?),
            "x-sum" => LineKind::XSum(k(&fields)?),
            "skyscraper" => LineKind::Skyscraper(k(&fields)?),
            "renban" => LineKind::Renban,
            "between" => LineKind::Between,
            "lockout" => LineKind::Lockout(small(k(&fields)?)?),
            "region-sum" => LineKind::RegionSum,
            "zipper" => LineKind::Zipper,
            "entropic" => LineKind::Entropic,
            "modular" => LineKind::Modular,
            "nabner" => LineKind::Nabner,
            "thermometer" => LineKind::Thermometer,
            "slow-thermometer" => LineKind::SlowThermometer,
            "whispers" => LineKind::Whispers(small(k(&fields)?)?),
            "palindrome" => LineKind::Palindrome,
            "clone" => LineKind::Clone,
            "quadruple" => {
                let at = path.key("digits");
                let digits = line.array(fields.need("digits", path)?, at)?;
                let read =
                    digits.iter().enumerate().map(|(j, d)| self.digit(d, at.index(j), false));
                LineKind::Quadruple(read.collect::<Result<_, _>>()?)
            }
            _ => {
                let kinds = "arrow, double-arrow, little-killer, sandwich, x-sum, skyscraper, \
                             renban, between, lockout, region-sum, zipper, entropic, modular, \
                             nabner, quadruple, thermometer, slow-thermometer, whispers, \
                             palindrome or clone";
                let message = format!("expected one of {kinds}");
                return Err(line.error(kind_node, path.key("kind"), &message));
            }
        };
        for (key, wanted) in
            [("k", kind.value().is_some()), ("digits", matches!(kind, LineKind::Quadruple(_)))]
        {
            if let (Some(node), false) = (fields.get(key), wanted) {
                let message = format!("`{key}` does not go with the kind {name}");
                return Err(line.error(node, path.key(key), &message));
            }
        }
        Ok(ModelLine { kind, cells })
    }
}
