//! Plain-text and Markdown helpers for the book page: escaping and aligned tables.

use std::fmt::Write as _;

/// Escapes the characters that would start Markdown emphasis, code or a table cell.
pub(crate) fn md_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '*' | '_' | '`' | '|' | '[' | ']' | '#' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A plain-text table: the first column left-aligned, the others right-aligned, two spaces
/// between columns and an indent of two. `groups` (a label and how many columns it spans,
/// after the first column) adds a line of centred labels above the header.
pub(crate) fn text_table(
    groups: &[(String, usize)],
    header: &[String],
    rows: &[Vec<String>],
) -> String {
    let columns = std::iter::once(header)
        .chain(rows.iter().map(Vec::as_slice))
        .map(<[String]>::len)
        .max()
        .unwrap_or(0);
    let mut widths = vec![0; columns];
    for row in std::iter::once(header).chain(rows.iter().map(Vec::as_slice)) {
        for (i, cell) in row.iter().enumerate() {
            widths[i] = widths[i].max(cell.chars().count());
        }
    }
    // Widen a group's last column until its label fits over the group.
    let mut first = 1;
    for (label, span) in groups {
        let end = (first + span).min(columns);
        if first >= end {
            break;
        }
        let inner: usize = widths[first..end].iter().sum::<usize>() + 2 * (end - first - 1);
        widths[end - 1] += label.chars().count().saturating_sub(inner);
        first = end;
    }
    let mut out = String::new();
    if !groups.is_empty() {
        let mut line = format!("  {}", " ".repeat(widths.first().copied().unwrap_or(0)));
        let mut first = 1;
        for (label, span) in groups {
            let end = (first + span).min(columns);
            if first >= end {
                break;
            }
            let w: usize = widths[first..end].iter().sum::<usize>() + 2 * (end - first - 1);
            let _ = write!(line, "  {label:^w$}");
            first = end;
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    for row in std::iter::once(header).chain(rows.iter().map(Vec::as_slice)) {
        let mut line = String::from(" ");
        for (i, &w) in widths.iter().enumerate() {
            let cell = row.get(i).map_or("", String::as_str);
            if i == 0 {
                let _ = write!(line, " {cell:<w$}");
            } else {
                let _ = write!(line, "  {cell:>w$}");
            }
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}
