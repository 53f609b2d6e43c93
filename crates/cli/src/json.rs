//! Our own JSON files, read strictly (checkpoints, parts, part summaries): a mistyped or
//! repeated key is an error naming the key, with the nearest known key; and the digest that
//! tells that a file was changed after it was written.

use dancer::run::{Fingerprint, FingerprintHasher};
use serde_json::{Map, Value};

/// What is wrong with a JSON text, in words, without `serde_json`'s ` at line L column C` (the
/// caller puts the place first, `FILE:LINE:COLUMN: `): an unknown key with the nearest known
/// one (`unknown key `remainin` (did you mean `remaining`?)`), a repeated or missing key.
pub fn problem(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let place = format!(" at line {} column {}", error.line(), error.column());
    let text = text.strip_suffix(&place).unwrap_or(&text);
    // serde's own wording (`serde::de::Error::unknown_field` and friends).
    if let Some(rest) = text.strip_prefix("unknown field ") {
        return unknown("key", rest);
    }
    if let Some(rest) = text.strip_prefix("unknown variant ") {
        return unknown("value", rest);
    }
    if let Some(key) = text.strip_prefix("duplicate field ") {
        return format!("key {key} is repeated");
    }
    if let Some(key) = text.strip_prefix("missing field ") {
        return format!("key {key} is missing");
    }
    text.to_owned()
}

/// `unknown key `x` (did you mean `y`?)` from serde's "`x`, expected one of `a`, `b`".
fn unknown(what: &str, rest: &str) -> String {
    let Some((name, expected)) = rest.rsplit_once("`, expected ") else {
        return format!("unknown {what} {rest}");
    };
    let name = name.strip_prefix('`').unwrap_or(name);
    let known: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    let lower = name.to_lowercase();
    let nearest = known
        .iter()
        .map(|candidate| (strsim::jaro_winkler(&lower, &candidate.to_lowercase()), *candidate))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    match nearest {
        // The threshold clap uses for its suggestions.
        Some((score, candidate)) if score > 0.7 => {
            format!("unknown {what} `{name}` (did you mean `{candidate}`?)")
        }
        _ if known.is_empty() => format!("unknown {what} `{name}`"),
        _ => format!("unknown {what} `{name}` (expected {expected})"),
    }
}

/// FNV-1a 64 of `bytes` (see docs/formats.md, "Digests").
pub fn digest(bytes: &[u8]) -> Fingerprint {
    let mut hasher = FingerprintHasher::new();
    hasher.bytes(bytes);
    hasher.finish()
}

/// The digest of a JSON object without its `digest` key: of its compact text, keys in their
/// order (`serde_json` keeps it), numbers as `serde_json` writes them (floats round-trip).
pub fn object_digest(object: &Map<String, Value>) -> Fingerprint {
    let mut rest = object.clone();
    rest.shift_remove("digest");
    digest(Value::Object(rest).to_string().as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)] // read only to be refused
    struct Example {
        remaining: u32,
        solutions: u32,
    }

    fn read(text: &str) -> String {
        let error = serde_json::from_str::<Example>(text).unwrap_err();
        format!("{}:{}: {}", error.line(), error.column(), problem(&error))
    }

    #[test]
    fn unknown_keys_suggest_the_nearest_known_one() {
        let text = "{\"remaining\": 1, \"Solutions\": 2}";
        assert_eq!(read(text), "1:28: unknown key `Solutions` (did you mean `solutions`?)");
        let text = "{\"remaining\": 1, \"xyzzy\": 2}";
        assert_eq!(read(text), "1:24: unknown key `xyzzy` (expected `remaining` or `solutions`)");
    }

    #[test]
    fn repeated_and_missing_keys_are_named() {
        let text = "{\"remaining\": 1,\n \"remaining\": 2, \"solutions\": 3}";
        assert_eq!(read(text), "2:12: key `remaining` is repeated");
        assert_eq!(read("{\"remaining\": 1}"), "1:16: key `solutions` is missing");
    }

    #[test]
    fn digests_cover_everything_but_the_digest() {
        let Value::Object(mut object) = serde_json::json!({"a": 1, "b": [0.1, "x"]}) else {
            unreachable!()
        };
        let plain = object_digest(&object);
        object.insert("digest".to_owned(), Value::String(plain.to_string()));
        assert_eq!(object_digest(&object), plain);
        object["a"] = 2.into();
        assert_ne!(object_digest(&object), plain);
        assert_eq!(digest(b"a").to_string(), "af63dc4c8601ec8c", "FNV-1a 64");
    }
}
