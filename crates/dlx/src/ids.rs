//! Typed indices: items, options and colours are `u32` newtypes, so that an item can never be
//! passed where an option is expected and the node arrays stay half the size of `usize` ones.

use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[cfg_attr(
            feature = "serde",
            derive(serde::Serialize, serde::Deserialize),
            serde(transparent)
        )]
        pub struct $name(u32);

        impl $name {
            /// The id with the given zero-based index.
            ///
            /// # Panics
            /// If `index` does not fit in a `u32`; a problem that large could not be built anyway.
            pub fn new(index: usize) -> Self {
                Self(u32::try_from(index).expect("index fits in u32"))
            }

            /// The zero-based index, for indexing slices.
            pub fn index(self) -> usize {
                self.0 as usize
            }

            /// The raw `u32`.
            pub fn as_u32(self) -> u32 {
                self.0
            }

            /// The id whose raw value is `raw`.
            pub fn from_u32(raw: u32) -> Self {
                Self(raw)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

id_type!(
    /// An item (Knuth's word for a column), numbered from 0 in the order items were declared.
    /// Primary items come first: item `i` is primary exactly when `i < primary_count`.
    ItemId
);
id_type!(
    /// An option (a row), numbered from 0 in the order options were added.
    OptionId
);
id_type!(
    /// A colour of a secondary item, numbered from 1; 0 is never a colour (it means "none"
    /// inside the matrix).
    ColorId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_displays() {
        let item = ItemId::new(7);
        assert_eq!(item.index(), 7);
        assert_eq!(item.as_u32(), 7);
        assert_eq!(ItemId::from_u32(7), item);
        assert_eq!(item.to_string(), "7");
        assert!(OptionId::new(1) < OptionId::new(2));
    }
}
