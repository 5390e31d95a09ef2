//! The library's rows drawn for people: a compact table with a few of their numbers.

use std::collections::BTreeSet;

use ludoforge_library::{Item, Query, Row};

/// Columns of numbers a table shows at most.
const NUMBER_COLUMNS: usize = 5;

/// Prints rows as a table: id, when added, job, seed and a few numbers (those the query
/// names first, then fitness, score, descriptors and other top-level numbers).
pub fn rows(rows: &[Row], query: &Query) {
    if rows.is_empty() {
        return;
    }
    let columns = number_columns(rows, query);
    let mut header = vec![
        "ID".to_string(),
        "ADDED".to_string(),
        "JOB".to_string(),
        "SEED".to_string(),
    ];
    header.extend(columns.iter().map(|c| c.heading.clone()));
    let mut lines = vec![header];
    for row in rows {
        let mut line = vec![
            row.id.to_string(),
            added(&row.added),
            row.job.clone().unwrap_or_else(|| row.generator.clone()),
            row.seed.map_or_else(|| "-".to_string(), |s| s.to_string()),
        ];
        line.extend(columns.iter().map(|column| column.value(row)));
        lines.push(line);
    }
    let count = lines[0].len();
    let widths: Vec<usize> = (0..count)
        .map(|c| {
            lines
                .iter()
                .map(|l| l[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    // Numbers (id, seed, the numbers) to the right, words to the left.
    let right = |c: usize| c == 0 || c >= 3;
    for line in &lines {
        let cells: Vec<String> = line
            .iter()
            .enumerate()
            .map(|(c, cell)| {
                if right(c) {
                    format!("{cell:>w$}", w = widths[c])
                } else {
                    format!("{cell:<w$}", w = widths[c])
                }
            })
            .collect();
        crate::say(cells.join("  ").trim_end());
    }
}

/// Prints one row in full, the document left out (`--json` has it, `export` writes it).
pub fn item(item: &Item) {
    let row = &item.row;
    let mut lines = vec![
        ("id", row.id.to_string()),
        ("job", row.job.clone().unwrap_or_else(|| "-".to_string())),
        ("generator", row.generator.clone()),
        (
            "version",
            row.version.clone().unwrap_or_else(|| "-".to_string()),
        ),
        (
            "seed",
            row.seed.map_or_else(|| "-".to_string(), |s| s.to_string()),
        ),
        ("added", row.added.clone()),
        ("hash", row.hash.clone()),
    ];
    if item.files.is_empty() {
        lines.push(("files", "none".to_string()));
    }
    for file in &item.files {
        lines.push((
            "file",
            format!(
                "{} ({}, {} bytes)",
                file.role,
                file.media_type,
                file.bytes.len()
            ),
        ));
    }
    for line in lines {
        crate::say(&format!("{:<10} {}", line.0, line.1));
    }
    let width = row.numbers.keys().map(|k| k.len()).max().unwrap_or(0);
    crate::say("numbers");
    for (path, value) in &row.numbers {
        crate::say(&format!("  {path:<width$}  {}", number(*value)));
    }
}

/// A column of numbers: its heading and the paths whose numbers it shows.
struct Column {
    heading: String,
    paths: Vec<String>,
}

impl Column {
    /// A row's value: the number at its paths, or each different one, joined by `/`.
    fn value(&self, row: &Row) -> String {
        let mut values: Vec<f64> = Vec::new();
        for path in &self.paths {
            if let Some(&v) = row.numbers.get(path.as_str())
                && !values.contains(&v)
            {
                values.push(v);
            }
        }
        if values.is_empty() {
            return "-".to_string();
        }
        values.into_iter().map(number).collect::<Vec<_>>().join("/")
    }
}

/// The numbers worth a column: one for each key the query names (showing every number the
/// key names), then `fitness` and `score`, the descriptors, the other top-level numbers but
/// the seed, then the rest; at most [`NUMBER_COLUMNS`].
fn number_columns(rows: &[Row], query: &Query) -> Vec<Column> {
    let present: BTreeSet<&str> = rows
        .iter()
        .flat_map(|r| r.numbers.keys().map(|k| &**k))
        .collect();
    let names = |key: &str, path: &str| {
        path == key
            || path
                .strip_suffix(key)
                .is_some_and(|head| head.ends_with('.'))
    };
    let mut columns: Vec<Column> = Vec::new();
    let mut shown: BTreeSet<&str> = BTreeSet::new();
    let named = query
        .wheres
        .iter()
        .map(|r| r.key.as_str())
        .chain(query.sort.iter().map(|s| s.key.as_str()));
    for key in named {
        let paths: Vec<&str> = present.iter().copied().filter(|p| names(key, p)).collect();
        if columns.iter().any(|c| c.heading == key) || paths.is_empty() {
            continue;
        }
        shown.extend(&paths);
        columns.push(Column {
            heading: key.to_string(),
            paths: paths.into_iter().map(str::to_string).collect(),
        });
    }
    let rest = present
        .iter()
        .filter(|p| ["fitness", "score"].contains(p))
        .chain(present.iter().filter(|p| p.starts_with("descriptors.")))
        .chain(present.iter().filter(|p| !p.contains('.') && **p != "seed"))
        .chain(present.iter().filter(|p| p.contains('.')));
    let mut more: Vec<&str> = Vec::new();
    for path in rest {
        if !shown.contains(path) && !more.contains(path) {
            more.push(path);
        }
    }
    let room = NUMBER_COLUMNS.saturating_sub(columns.len());
    let more = &more[..more.len().min(room)];
    let last = |p: &str| p.rsplit('.').next().unwrap_or(p).to_string();
    for path in more {
        let short = last(path);
        let clash = more.iter().filter(|p| last(p) == short).count() > 1
            || columns.iter().any(|c| c.heading == short);
        columns.push(Column {
            heading: if clash { path.to_string() } else { short },
            paths: vec![path.to_string()],
        });
    }
    columns
}

/// A time as `2026-11-24 13:26`.
fn added(time: &str) -> String {
    time.get(..16).unwrap_or(time).replacen('T', " ", 1)
}

/// A number as people write it: whole numbers without decimals, others to three places.
fn number(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{value:.0}")
    } else {
        let text = format!("{value:.3}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Ids as spans: `1-3, 7, 9-10`.
pub fn spans(ids: &[i64]) -> String {
    let mut sorted = ids.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut spans: Vec<String> = Vec::new();
    let mut at = 0;
    while at < sorted.len() {
        let start = sorted[at];
        let mut end = start;
        while at + 1 < sorted.len() && sorted[at + 1] == end + 1 {
            at += 1;
            end = sorted[at];
        }
        spans.push(if start == end {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
        at += 1;
    }
    spans.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_as_spans() {
        assert_eq!(spans(&[3, 1, 2, 7, 9, 10]), "1-3, 7, 9-10");
        assert_eq!(spans(&[5]), "5");
        assert_eq!(spans(&[]), "");
    }

    #[test]
    fn numbers_read_as_people_write_them() {
        assert_eq!(number(24.0), "24");
        assert_eq!(number(0.21794), "0.218");
        assert_eq!(number(-1.5), "-1.5");
    }
}
