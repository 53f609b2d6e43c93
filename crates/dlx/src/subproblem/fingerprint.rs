//! [`Fingerprint`]: the hash that ties subproblems, parts and checkpoints to their tree, and
//! [`FingerprintHasher`], which makes one.

use std::{fmt, str::FromStr};

/// A hash of a search tree's definition (the problem's items and options in order, and
/// whatever else decides the tree, such as the branching rule), written as 16 hexadecimal
/// digits. Subproblems, parts and checkpoints carry it, so that none of them is ever run
/// against another problem by mistake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fingerprint(u64);

impl Fingerprint {
    /// A fingerprint from its 64 bits.
    pub fn from_bits(bits: u64) -> Fingerprint {
        Fingerprint(bits)
    }

    /// Its 64 bits.
    pub fn bits(self) -> u64 {
        self.0
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

/// The text of a fingerprint is not 16 hexadecimal digits.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a fingerprint is 16 hexadecimal digits, not '{0}'")]
pub struct BadFingerprint(String);

impl FromStr for Fingerprint {
    type Err = BadFingerprint;

    fn from_str(text: &str) -> Result<Fingerprint, BadFingerprint> {
        let digits = text.len() == 16 && text.bytes().all(|b| b.is_ascii_hexdigit());
        let bits = digits.then(|| u64::from_str_radix(text, 16).ok()).flatten();
        bits.map(Fingerprint).ok_or_else(|| BadFingerprint(text.to_owned()))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Fingerprint {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Fingerprint {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Fingerprint, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Makes a [`Fingerprint`]: FNV-1a, 64 bits, stable across platforms, versions and runs
/// (unlike `std`'s hasher), which a fingerprint written to a file must be. Not for
/// adversaries: it guards against mistakes. For searches of other trees than a problem's
/// ([`Explore`](crate::run::Explore) implementations), to fingerprint what decides their tree.
///
/// ```
/// use dancer::run::FingerprintHasher;
///
/// let mut hasher = FingerprintHasher::new();
/// hasher.bytes(b"my search").number(42);
/// assert_eq!(hasher.finish().to_string().len(), 16);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FingerprintHasher(u64);

impl Default for FingerprintHasher {
    fn default() -> Self {
        FingerprintHasher::new()
    }
}

impl FingerprintHasher {
    /// A hasher that has seen nothing.
    pub fn new() -> FingerprintHasher {
        FingerprintHasher(0xcbf2_9ce4_8422_2325)
    }

    /// Adds bytes.
    pub fn bytes(&mut self, bytes: &[u8]) -> &mut FingerprintHasher {
        for &byte in bytes {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self
    }

    /// Adds a number, as its 8 bytes, little-endian.
    pub fn number(&mut self, value: u64) -> &mut FingerprintHasher {
        self.bytes(&value.to_le_bytes())
    }

    /// The fingerprint of what was added.
    pub fn finish(self) -> Fingerprint {
        Fingerprint(self.0)
    }
}
