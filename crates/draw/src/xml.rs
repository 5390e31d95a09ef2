//! XML escaping for text content and attribute values.

/// Appends `text` to `out`, escaping `& < > " '`.
///
/// Characters that XML 1.0 forbids (most C0 control characters) are
/// replaced with U+FFFD so the document stays well-formed.
pub(crate) fn write_escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {
                out.push('\u{FFFD}');
            }
            c => out.push(c),
        }
    }
}

/// Appends ` name="value"` to `out` with `value` escaped.
pub(crate) fn write_attr(out: &mut String, name: &str, value: &str) {
    out.push(' ');
    out.push_str(name);
    out.push_str("=\"");
    write_escaped(out, value);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::{write_attr, write_escaped};

    fn escape(text: &str) -> String {
        let mut s = String::new();
        write_escaped(&mut s, text);
        s
    }

    #[test]
    fn escapes_the_five_special_characters() {
        assert_eq!(escape(r#"a&b<c>d"e'f"#), "a&amp;b&lt;c&gt;d&quot;e&apos;f");
    }

    #[test]
    fn leaves_other_text_alone() {
        assert_eq!(escape("♔ é x\ty"), "♔ é x\ty");
    }

    #[test]
    fn replaces_forbidden_control_characters() {
        assert_eq!(escape("a\u{0}b\u{1b}c"), "a\u{FFFD}b\u{FFFD}c");
    }

    #[test]
    fn attribute_values_are_escaped() {
        let mut s = String::new();
        write_attr(&mut s, "id", "x\"><script>");
        assert_eq!(s, r#" id="x&quot;&gt;&lt;script&gt;""#);
    }
}
