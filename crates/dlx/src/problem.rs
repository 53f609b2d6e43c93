//! A built exact-cover problem: named items, options over them, and the initial links.

use std::{ops::RangeInclusive, sync::OnceLock};

use crate::ids::{ColorId, ItemId, OptionId};
use crate::search::Solver;
use crate::subproblem::{Fingerprint, FingerprintHasher};
use crate::{builder::NameIndex, matrix::Matrix};

mod from;

/// One item of an option, with its colour when the item is secondary and coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The item.
    pub item: ItemId,
    /// The colour, for a secondary item that options may share when their colours agree.
    pub color: Option<ColorId>,
}

impl From<ItemId> for Entry {
    fn from(item: ItemId) -> Entry {
        Entry { item, color: None }
    }
}

impl From<(ItemId, ColorId)> for Entry {
    fn from((item, color): (ItemId, ColorId)) -> Entry {
        Entry { item, color: Some(color) }
    }
}

/// An exact-cover problem, validated and linked, ready to be searched any number of times.
///
/// Built with [`ProblemBuilder`](crate::ProblemBuilder) or parsed from Knuth's DLX format with
/// [`parse`](crate::parse). Items are numbered in declaration order, primary items first.
/// Options are numbered in the order they were added. An option with no primary item is kept
/// (so option numbers match the input) but can never be part of a solution: Algorithm X only
/// chooses options to cover primary items.
#[derive(Clone, Debug)]
pub struct Problem {
    pub(crate) names: Vec<String>,
    pub(crate) primary_count: usize,
    /// Each primary item's `(lower, upper)` bounds; empty when all are `(1, 1)`.
    pub(crate) multiplicity: Vec<(u32, u32)>,
    pub(crate) color_names: Vec<String>,
    pub(crate) entries: Vec<Entry>,
    /// Option `k` is `entries[bounds[k]..bounds[k + 1]]`.
    pub(crate) bounds: Vec<usize>,
    pub(crate) index: NameIndex<ItemId>,
    pub(crate) matrix: Matrix,
    /// Computed on first use: most problems are never fingerprinted.
    pub(crate) fingerprint: OnceLock<Fingerprint>,
}

impl Problem {
    /// A fresh solver with this problem's initial links.
    pub fn solver(&self) -> Solver<'_> {
        Solver::new(self)
    }

    /// The number of items, primary and secondary.
    pub fn item_count(&self) -> usize {
        self.names.len()
    }

    /// The number of primary items; they are items `0..primary_count()`.
    pub fn primary_count(&self) -> usize {
        self.primary_count
    }

    /// Whether `item` must be covered exactly once (as opposed to at most once).
    pub fn is_primary(&self, item: ItemId) -> bool {
        item.index() < self.primary_count
    }

    /// How many options of a solution may contain `item`: `1..=1` for a primary item
    /// declared with [`primary`](crate::ProblemBuilder::primary), its bounds for one declared
    /// with [`primary_bounded`](crate::ProblemBuilder::primary_bounded), `0..=1` for a
    /// secondary item (ignoring colours, which let options share it).
    ///
    /// # Panics
    /// If `item` is not an item of this problem.
    pub fn multiplicity(&self, item: ItemId) -> RangeInclusive<u32> {
        assert!(item.index() < self.names.len(), "no item {item}");
        if !self.is_primary(item) {
            return 0..=1;
        }
        let (lower, upper) = self.multiplicity.get(item.index()).copied().unwrap_or((1, 1));
        lower..=upper
    }

    /// Whether some primary item has bounds other than exactly once, so that the problem is
    /// searched with Algorithm M. Such problems have no [`Run`](crate::run::Run), split, estimate or
    /// memoised count: those need each level to branch on the options of one item only.
    pub fn has_multiplicities(&self) -> bool {
        !self.multiplicity.is_empty()
    }

    /// The name of `item`.
    ///
    /// # Panics
    /// If `item` is not an item of this problem.
    pub fn item_name(&self, item: ItemId) -> &str {
        &self.names[item.index()]
    }

    /// The item called `name`, if any.
    pub fn item_id(&self, name: &str) -> Option<ItemId> {
        self.index.get(name).copied()
    }

    /// The name of `color`.
    ///
    /// # Panics
    /// If `color` is not a colour of this problem.
    pub fn color_name(&self, color: ColorId) -> &str {
        &self.color_names[color.index() - 1]
    }

    /// The number of options.
    pub fn option_count(&self) -> usize {
        self.bounds.len() - 1
    }

    /// The items of `option`, in the order they were given.
    ///
    /// # Panics
    /// If `option` is not an option of this problem.
    pub fn option(&self, option: OptionId) -> &[Entry] {
        let k = option.index();
        &self.entries[self.bounds[k]..self.bounds[k + 1]]
    }

    /// All options, in order.
    pub fn options(&self) -> impl ExactSizeIterator<Item = &[Entry]> + '_ {
        self.bounds.windows(2).map(|w| &self.entries[w[0]..w[1]])
    }

    /// A hash of the items (names, which are primary) and the options (their items and
    /// colours, by name) in order: equal problems have equal fingerprints, on any platform and
    /// in any version of this crate. See [`Fingerprint`].
    pub fn fingerprint(&self) -> Fingerprint {
        *self.fingerprint.get_or_init(|| {
            let mut hash = FingerprintHasher::new();
            hash.bytes(b"dancer problem\0").number(self.primary_count as u64);
            hash.number(self.names.len() as u64);
            for name in &self.names {
                hash.bytes(name.as_bytes()).bytes(&[0]);
            }
            // Only when there are bounds, so that the fingerprints of other problems (and the
            // checkpoints that hold them) stay as they were.
            if self.has_multiplicities() {
                hash.bytes(b"multiplicities\0");
                for &(lower, upper) in &self.multiplicity {
                    hash.number(u64::from(lower)).number(u64::from(upper));
                }
            }
            hash.number(self.option_count() as u64);
            for option in self.options() {
                hash.number(option.len() as u64);
                for entry in option {
                    hash.number(u64::from(entry.item.as_u32()));
                    match entry.color {
                        Some(color) => hash.bytes(self.color_name(color).as_bytes()).bytes(&[0]),
                        None => hash.bytes(&[0]),
                    };
                }
            }
            hash.finish()
        })
    }

    /// The item names of `option`, with `:colour` where coloured, as the DLX format writes them.
    pub fn option_names(&self, option: OptionId) -> Vec<String> {
        self.option(option)
            .iter()
            .map(|entry| match entry.color {
                None => self.item_name(entry.item).to_owned(),
                Some(color) => format!("{}:{}", self.item_name(entry.item), self.color_name(color)),
            })
            .collect()
    }
}

/// Problems are equal when they declare the same items in the same order and the same options,
/// comparing colours by name (colour numbering is an accident of interning order).
impl PartialEq for Problem {
    fn eq(&self, other: &Problem) -> bool {
        self.names == other.names
            && self.primary_count == other.primary_count
            && self.multiplicity == other.multiplicity
            && self.option_count() == other.option_count()
            && (0..self.option_count()).all(|k| {
                let id = OptionId::new(k);
                self.option_names(id) == other.option_names(id)
            })
    }
}

impl Eq for Problem {}
