//! `SudokuPad`'s "zipped" JSON, the text inside an `scl` payload, back to JSON: `SudokuPad`
//! shortens its puzzle JSON before compressing it, and this undoes each step:
//! - strings in single quotes (a quote inside one written `\'`), unless the text has a double
//!   quote anywhere, in which case its strings kept theirs;
//! - keys without quotes (`ce:`, `wp:`);
//! - after a key, `t` and `f` for true and false, `#0` and `#F` for black and white, and six
//!   hex digits for the colour `#` and those digits;
//! - an empty object `{}` left out of a list (`[,,]` is three of them, `[]` one);
//! - long key names shortened (`cells` to `ce`, `wayPoints` to `wp`: [`KEYS`]).
//!
//! The text is scanned once, left to right; the nesting is serde's to check.

use serde_json::{Map, Value};

/// The long names of the short keys.
const KEYS: [(&str, &str); 25] = [
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// The JSON of a zipped puzzle, its keys long.
///
/// # Errors
/// Text that is neither JSON nor zipped JSON: what serde says of the unzipped text.
pub(super) fn unzip(text: &str) -> Result<Value, String> {
    let mut value = match serde_json::from_str::<Value>(text) {
        Ok(value) => return Ok(value),
        Err(_) => serde_json::from_str::<Value>(&to_json(text))
            .map_err(|e| format!("the payload is not SudokuPad's puzzle JSON ({e})"))?,
    };
    lengthen(&mut value);
    Ok(value)
}

/// The zipped text as JSON text.
fn to_json(text: &str) -> String {
    let single = !text.contains('"');
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    // The last character written outside a string that is punctuation, to tell an elided `{}`
    // and a value after a key.
    let mut last = ' ';
    let mut k = 0;
    while k < chars.len() {
        let c = chars[k];
        match c {
            '\'' if single => {
                out.push('"');
                k += 1;
                while k < chars.len() && chars[k] != '\'' {
                    if chars[k] == '\\' && chars.get(k + 1) == Some(&'\'') {
                        out.push('\'');
                        k += 2;
                        continue;
                    }
                    if chars[k] == '\\' {
                        out.push('\\');
                        k += 1;
                        if let Some(&next) = chars.get(k) {
                            out.push(next);
                        }
                        k += 1;
                        continue;
                    }
                    out.push(chars[k]);
                    k += 1;
                }
                out.push('"');
                k += 1;
                last = '"';
            }
            '"' => {
                // A string as JSON writes it, escapes and all.
                out.push('"');
                k += 1;
                while k < chars.len() && chars[k] != '"' {
                    if chars[k] == '\\' {
                        out.push('\\');
                        k += 1;
                    }
                    if let Some(&next) = chars.get(k) {
                        out.push(next);
                    }
                    k += 1;
                }
                out.push('"');
                k += 1;
                last = '"';
            }
            ',' | ']' | '}' => {
                if matches!(last, '[' | ',') {
                    out.push_str("{}");
                }
                out.push(c);
                last = c;
                k += 1;
            }
            '[' | '{' | ':' => {
                out.push(c);
                last = c;
                k += 1;
            }
            _ if c.is_whitespace() => k += 1,
            _ => {
                let start = k;
                while k < chars.len() && !matches!(chars[k], ',' | ']' | '}' | ':' | '[' | '{') {
                    k += 1;
                }
                let token: String = chars[start..k].iter().collect::<String>().trim().to_owned();
                if chars.get(k) == Some(&':') {
                    out.push_str(&serde_json::to_string(&token).unwrap_or_default());
                } else if last == ':' {
                    out.push_str(&after_key(&token));
                } else {
                    out.push_str(&token);
                }
                last = 'x';
            }
        }
    }
    out
}

/// A bare value after a key, as JSON.
fn after_key(token: &str) -> String {
    let colour = |hex: &str| format!("\"#{hex}\"");
    match token {
        "t" => "true".into(),
        "f" => "false".into(),
        "#0" => colour("000000"),
        "#F" => colour("FFFFFF"),
        _ if token.len() == 6 && token.chars().all(|c| c.is_ascii_hexdigit()) => colour(token),
        _ => token.into(),
    }
}

/// Every short key of every object made long, with an explicit stack (no recursion).
fn lengthen(value: &mut Value) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Array(items) => stack.extend(items.iter_mut()),
            Value::Object(map) => {
                let old = std::mem::take(map);
                let mut new = Map::new();
                for (key, item) in old {
                    let long = KEYS.iter().find(|(short, _)| *short == key).map(|(_, long)| *long);
                    new.insert(long.map_or(key, str::to_owned), item);
                }
                *map = new;
                stack.extend(map.values_mut());
            }
            _ => {}
        }
    }
}
