//! JSON as people read it: indented, with short arrays and objects (a hex, a tile, a standee)
//! kept on one line.

use serde_json::Value;

/// The widest value written on one line, in characters.
const LINE: usize = 96;

/// Items of a list this short share lines.
const SHORT: usize = 16;

/// `value` as indented JSON whose values of at most 96 characters stay on one line (and a long
/// list of short items, such as hexes, fills its lines), ending in a newline. Reading it back
/// gives the same value.
///
/// ```
/// use ludoforge_gloomhaven::json::readable;
/// let value = serde_json::json!({"at": [2, -3, 1], "list": [{"a": 1}, {"b": [1, 2]}]});
/// let text = readable(&value);
/// assert_eq!(text, "{\"at\": [2, -3, 1], \"list\": [{\"a\": 1}, {\"b\": [1, 2]}]}\n");
/// assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), value);
/// ```
#[must_use]
pub fn readable(value: &Value) -> String {
    let mut out = String::new();
    write(value, 0, &mut out);
    out.push('\n');
    out
}

/// `value` on one line, with a space after each comma and colon.
fn inline(value: &Value) -> String {
    let mut out = String::new();
    inline_within(value, usize::MAX, &mut out);
    out
}

/// Writes `value` on one line to `out`, giving up (`false`) as soon as `out` would be longer
/// than `limit`: a large value is not written out whole only to learn it is too long, at
/// every level of its nesting.
fn inline_within(value: &Value, limit: usize, out: &mut String) -> bool {
    match value {
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if !inline_within(item, limit, out) {
                    return false;
                }
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (k, v)) in map.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                key(k, out);
                out.push_str(": ");
                if out.len() > limit || !inline_within(v, limit, out) {
                    return false;
                }
            }
            out.push('}');
        }
        other => scalar(other, out),
    }
    out.len() <= limit
}

/// A key or string as JSON writes it: quoted, and escaped as serde_json escapes (a quote, a
/// backslash and control characters) when it has to be.
fn key(k: &str, out: &mut String) {
    if k.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
        out.push_str(&Value::String(k.to_owned()).to_string());
    } else {
        out.push('"');
        out.push_str(k);
        out.push('"');
    }
}

/// A number, string, boolean or null as serde_json writes it, straight into `out` (a number
/// as its `Display` writes it, which is how serde_json writes one).
fn scalar(value: &Value, out: &mut String) {
    use std::fmt::Write;
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => write!(out, "{n}").expect("a String takes any text"),
        Value::String(s) => key(s, out),
        Value::Array(_) | Value::Object(_) => {
            write!(out, "{value}").expect("a String takes any text");
        }
    }
}

fn write(value: &Value, indent: usize, out: &mut String) {
    let mut one_line = String::new();
    if inline_within(value, LINE.saturating_sub(indent), &mut one_line) {
        out.push_str(&one_line);
        return;
    }
    let pad = "  ".repeat(indent + 1);
    match value {
        // A long list of short items (hexes, numbers) fills its lines.
        Value::Array(items)
            if items
                .iter()
                .all(|i| inline_within(i, SHORT, &mut String::new())) =>
        {
            out.push_str("[\n");
            let mut line = String::new();
            for (i, item) in items.iter().enumerate() {
                let text = inline(item);
                let more = if i + 1 < items.len() { "," } else { "" };
                if !line.is_empty() && pad.len() + line.len() + 1 + text.len() + more.len() > LINE {
                    out.push_str(&pad);
                    out.push_str(line.trim_end());
                    out.push('\n');
                    line.clear();
                }
                line.push_str(&text);
                line.push_str(more);
                line.push(' ');
            }
            out.push_str(&pad);
            out.push_str(line.trim_end());
            out.push('\n');
            out.push_str(&"  ".repeat(indent));
            out.push(']');
        }
        Value::Array(items) => {
            out.push_str("[\n");
            for (i, item) in items.iter().enumerate() {
                out.push_str(&pad);
                write(item, indent + 1, out);
                out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
            }
            out.push_str(&"  ".repeat(indent));
            out.push(']');
        }
        Value::Object(map) => {
            out.push_str("{\n");
            for (i, (k, v)) in map.iter().enumerate() {
                out.push_str(&pad);
                key(k, out);
                out.push_str(": ");
                write(v, indent + 1, out);
                out.push_str(if i + 1 < map.len() { ",\n" } else { "\n" });
            }
            out.push_str(&"  ".repeat(indent));
            out.push('}');
        }
        other => scalar(other, out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            any::<i32>().prop_map(Value::from),
            "[a-z\"\\\\ ]{0,12}".prop_map(Value::from),
            any::<bool>().prop_map(Value::from),
            (-1e6f64..1e6).prop_map(Value::from),
        ];
        leaf.prop_recursive(4, 64, 12, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..12).prop_map(Value::from),
                prop::collection::btree_map("[a-z\"\\\\\n\u{1}\u{7f}é]{1,6}", inner, 0..6)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    /// The one-line form written whole, the plain way.
    fn naive(value: &Value) -> String {
        match value {
            Value::Array(items) => {
                format!(
                    "[{}]",
                    items.iter().map(naive).collect::<Vec<_>>().join(", ")
                )
            }
            Value::Object(map) => format!(
                "{{{}}}",
                map.iter()
                    .map(|(k, v)| format!("{}: {}", Value::String(k.clone()), naive(v)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            other => other.to_string(),
        }
    }

    proptest! {
        /// Giving up early answers as the whole line would: it fits exactly when the plain
        /// one-line form is no longer than the limit, and is then that form.
        #[test]
        fn a_bounded_line_is_the_whole_line_when_it_fits(v in value(), limit in 0usize..200) {
            let whole = naive(&v);
            let mut out = String::new();
            let fits = inline_within(&v, limit, &mut out);
            prop_assert_eq!(fits, whole.len() <= limit);
            if fits {
                prop_assert_eq!(out, whole);
            }
        }

        #[test]
        fn reads_back_as_the_same_value_in_short_lines(v in value()) {
            let text = readable(&v);
            prop_assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), v);
        }
    }

    #[test]
    fn hexes_share_lines() {
        let hexes: Vec<[i32; 3]> = (0..30).map(|i| [i, -i, 0]).collect();
        let text = readable(&serde_json::json!({ "hexes": hexes }));
        assert!(text.lines().count() < 10, "{text}");
    }
}
