//! [`ProblemBuilder`]: declare items and options, then validate and link them in one step.

use std::{
    collections::{hash_map::Entry as Slot, HashMap},
    ops::RangeInclusive,
};

use crate::error::BuildError;
use crate::ids::{ColorId, ItemId, OptionId};
use crate::matrix::Matrix;
use crate::problem::{Entry, Problem};

/// Names to ids. Seeded per process (like std's), so a crafted input cannot force collisions,
/// and several times faster than std's `SipHash` on the short names problems use: with a
/// million items, hashing was most of the time spent reading a problem.
pub(crate) type NameIndex<T> = HashMap<String, T, foldhash::fast::RandomState>;

/// Builds a [`Problem`]. Setters take `&mut self` and never fail; [`build`](Self::build)
/// validates everything and reports the first problem it finds.
///
/// ```
/// use dancer::{Entry, ProblemBuilder};
///
/// let mut builder = ProblemBuilder::new();
/// let [a, b] = [builder.primary("a"), builder.primary("b")];
/// let x = builder.secondary("x");
/// let red = builder.color("red");
/// // a and b may share x because both colour it red.
/// builder.option([Entry::from(a), Entry::from((x, red))]);
/// builder.option([Entry::from(b), Entry::from((x, red))]);
/// let problem = builder.build()?;
/// assert_eq!(problem.solver().count(), 1);
/// # Ok::<(), dancer::BuildError>(())
/// ```
#[derive(Clone, Debug)]
pub struct ProblemBuilder {
    names: Vec<String>,
    /// Name → first item of that name, so options by name need no scan.
    name_index: NameIndex<ItemId>,
    primary_count: usize,
    /// Each primary item's bounds on how many chosen options contain it (Algorithm M).
    multiplicity: Vec<(u32, u32)>,
    late_primary: Option<String>,
    /// The first item whose name an earlier item already has.
    first_repeat: Option<ItemId>,
    color_names: Vec<String>,
    color_index: NameIndex<ColorId>,
    entries: Vec<Entry>,
    bounds: Vec<usize>,
    first_error: Option<BuildError>,
}

impl Default for ProblemBuilder {
    fn default() -> ProblemBuilder {
        ProblemBuilder::new()
    }
}

impl ProblemBuilder {
    /// An empty builder.
    pub fn new() -> ProblemBuilder {
        ProblemBuilder {
            names: Vec::new(),
            name_index: NameIndex::default(),
            primary_count: 0,
            multiplicity: Vec::new(),
            late_primary: None,
            first_repeat: None,
            color_names: Vec::new(),
            color_index: NameIndex::default(),
            entries: Vec::new(),
            // Option k spans entries[bounds[k]..bounds[k + 1]], so there is always a first 0.
            bounds: vec![0],
            first_error: None,
        }
    }

    /// Declares a primary item, to be covered exactly once. Primary items must all be
    /// declared before the first secondary item.
    pub fn primary(&mut self, name: impl Into<String>) -> ItemId {
        self.primary_bounded(name, 1..=1)
    }

    /// Declares a primary item to be covered at least `lower` and at most `upper` times
    /// (`bounds` is `lower..=upper`), as in Knuth's Algorithm M (his program DLX3). A solution
    /// is then a set of options, each chosen at most once; `primary(name)` is
    /// `primary_bounded(name, 1..=1)`. [`build`](Self::build) refuses an upper bound of 0 and
    /// a lower bound above the upper one.
    ///
    /// ```
    /// use dancer::ProblemBuilder;
    ///
    /// // Two of the three options a, b, c: 3 ways.
    /// let mut builder = ProblemBuilder::new();
    /// let x = builder.primary_bounded("x", 2..=2);
    /// for _ in 0..3 {
    ///     builder.option([x]);
    /// }
    /// assert_eq!(builder.build()?.solver().count(), 3);
    /// # Ok::<(), dancer::BuildError>(())
    /// ```
    pub fn primary_bounded(
        &mut self,
        name: impl Into<String>,
        bounds: RangeInclusive<u32>,
    ) -> ItemId {
        let name = name.into();
        self.multiplicity.push(bounds.into_inner());
        if self.names.len() > self.primary_count && self.late_primary.is_none() {
            self.late_primary = Some(name.clone());
        }
        self.primary_count += 1;
        self.push_item(name)
    }

    /// Declares a secondary item, to be covered at most once (or shared by options that give it
    /// the same colour).
    pub fn secondary(&mut self, name: impl Into<String>) -> ItemId {
        self.push_item(name.into())
    }

    /// Declares `count` primary items named by their item number (`"0"`, `"1"`, ...), for
    /// problems whose items need no names.
    pub fn primary_items(&mut self, count: usize) -> Vec<ItemId> {
        (0..count).map(|_| self.primary(self.names.len().to_string())).collect()
    }

    /// Declares `count` secondary items named by their item number.
    pub fn secondary_items(&mut self, count: usize) -> Vec<ItemId> {
        (0..count).map(|_| self.secondary(self.names.len().to_string())).collect()
    }

    fn push_item(&mut self, name: String) -> ItemId {
        let item = ItemId::new(self.names.len());
        match self.name_index.entry(name.clone()) {
            Slot::Vacant(vacant) => {
                vacant.insert(item);
            }
            Slot::Occupied(_) => {
                self.first_repeat.get_or_insert(item);
            }
        }
        self.names.push(name);
        item
    }

    /// The colour called `name`, declaring it on first use.
    pub fn color(&mut self, name: &str) -> ColorId {
        if let Some(&color) = self.color_index.get(name) {
            return color;
        }
        self.color_names.push(name.to_owned());
        let color = ColorId::new(self.color_names.len());
        self.color_index.insert(name.to_owned(), color);
        color
    }

    /// The item declared as `name` (the first, if declared twice, which `build` rejects).
    pub fn item_id(&self, name: &str) -> Option<ItemId> {
        self.name_index.get(name).copied()
    }

    /// The number of items declared so far.
    pub fn item_count(&self) -> usize {
        self.names.len()
    }

    /// The number of options added so far.
    pub fn option_count(&self) -> usize {
        self.bounds.len() - 1
    }

    /// Adds an option: the items it covers, each with an optional colour.
    pub fn option<E: Into<Entry>>(&mut self, entries: impl IntoIterator<Item = E>) -> OptionId {
        self.entries.extend(entries.into_iter().map(Into::into));
        self.bounds.push(self.entries.len());
        OptionId::new(self.option_count() - 1)
    }

    /// Adds an option given by item names, each `name` or `name:colour`, as in the DLX format.
    /// An unknown name is reported by [`build`](Self::build).
    pub fn option_named<S: AsRef<str>>(&mut self, names: impl IntoIterator<Item = S>) -> OptionId {
        let option = OptionId::new(self.option_count());
        let mut entries = Vec::new();
        for token in names {
            let token = token.as_ref();
            let (name, color) = match token.split_once(':') {
                Some((name, color)) => (name, Some(self.color(color))),
                None => (token, None),
            };
            if let Some(item) = self.item_id(name) {
                entries.push(Entry { item, color });
            } else {
                let name = name.to_owned();
                self.first_error.get_or_insert(BuildError::UnknownItemName { option, name });
            }
        }
        self.option(entries)
    }

    /// Validates the declarations and links the problem.
    ///
    /// # Errors
    /// The first of: an error recorded while adding options, no primary items, an invalid or
    /// repeated name, a primary item after a secondary one, bad bounds, then per option in order: empty,
    /// unknown item or colour, item repeated, colour on a primary item; or too many nodes.
    pub fn build(self) -> Result<Problem, BuildError> {
        // Node indices are u32 and the last one must still have a successor.
        const LIMIT: u64 = u32::MAX as u64 - 1;
        if let Some(error) = self.first_error {
            return Err(error);
        }
        if self.primary_count == 0 {
            return Err(BuildError::NoPrimaryItems);
        }
        for (k, name) in self.names.iter().chain(&self.color_names).enumerate() {
            if !is_valid_name(name) {
                return Err(BuildError::InvalidName { name: name.clone() });
            }
            if self.first_repeat.is_some_and(|item| item.index() == k) {
                return Err(BuildError::DuplicateItemName { name: name.clone() });
            }
        }
        if let Some(name) = self.late_primary {
            return Err(BuildError::PrimaryAfterSecondary { name });
        }
        for (name, &(lower, upper)) in self.names.iter().zip(&self.multiplicity) {
            if upper == 0 || lower > upper {
                return Err(BuildError::BadBounds { name: name.clone(), lower, upper });
            }
        }
        let node_count = 2 + self.names.len() + self.entries.len() + self.option_count();
        if node_count as u64 > LIMIT {
            return Err(BuildError::TooLarge { limit: LIMIT });
        }
        // The last option (plus one) in which each item was seen: a repeat within an option
        // is an item already marked with this option.
        let mut seen_in = vec![0usize; self.names.len()];
        let mut linked = Vec::with_capacity(self.entries.len());
        for (k, window) in self.bounds.windows(2).enumerate() {
            let option = OptionId::new(k);
            let entries = &self.entries[window[0]..window[1]];
            if entries.is_empty() {
                return Err(BuildError::EmptyOption { option });
            }
            for entry in entries {
                let Some(name) = self.names.get(entry.item.index()) else {
                    return Err(BuildError::UnknownItem { option, item: entry.item });
                };
                let mark = &mut seen_in[entry.item.index()];
                if *mark == k + 1 {
                    return Err(BuildError::DuplicateItemInOption { option, name: name.clone() });
                }
                *mark = k + 1;
                let color = entry.color.map_or(0, ColorId::as_u32);
                if color as usize > self.color_names.len() || entry.color == Some(ColorId::new(0)) {
                    return Err(BuildError::UnknownColor { option, color });
                }
                if color != 0 && entry.item.index() < self.primary_count {
                    return Err(BuildError::ColorOnPrimary { option, name: name.clone() });
                }
                linked.push((entry.item.as_u32(), color));
            }
        }
        let options = self.bounds.windows(2).map(|w| &linked[w[0]..w[1]]);
        let (items, primary) = (self.names.len() as u32, self.primary_count as u32);
        let mut matrix = Matrix::new(items, primary, linked.len(), options);
        let mut multiplicity = self.multiplicity;
        if multiplicity.iter().all(|&bounds| bounds == (1, 1)) {
            multiplicity = Vec::new();
        } else {
            matrix.set_multiplicities(&multiplicity);
        }
        Ok(Problem {
            names: self.names,
            primary_count: self.primary_count,
            multiplicity,
            color_names: self.color_names,
            entries: self.entries,
            bounds: self.bounds,
            index: self.name_index,
            matrix,
            fingerprint: std::sync::OnceLock::new(),
        })
    }
}

/// Whether `name` can be written in the DLX format and read back unchanged.
pub(crate) fn is_valid_name(name: &str) -> bool {
    !name.is_empty() && !name.contains(|c: char| c.is_whitespace() || c == '|' || c == ':')
}
