//! The bound of a range that depends on another parameter: `offspring / 2`, `generations - 10`.

use std::collections::BTreeMap;

/// A bound written as text: a parameter's name, or a whole number, with at most one `+ - * /`
/// and a number after it. Whole numbers divide rounding down.
///
/// Returns the value and the names it reads.
pub(crate) fn parse(text: &str) -> Result<(String, Option<(char, f64)>), String> {
    let text = text.trim();
    let at = text.find(['+', '-', '*', '/']);
    let (name, rest) = match at {
        Some(at) if at > 0 => (text[..at].trim(), Some(&text[at..])),
        _ => (text, None),
    };
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        || name.starts_with(|c: char| c.is_ascii_digit())
    {
        return Err(format!(
            "{text:?} does not name a parameter: write a name, or a name, one of + - * / and a \
             number (`offspring / 2`)"
        ));
    }
    let operation = match rest {
        None => None,
        Some(rest) => {
            let op = rest.chars().next().expect("an operator was found");
            let number: f64 = rest[1..]
                .trim()
                .parse()
                .map_err(|_| format!("{text:?}: after {op} write a number (`offspring / 2`)"))?;
            if op == '/' && number == 0.0 {
                return Err(format!("{text:?} divides by 0"));
            }
            Some((op, number))
        }
    };
    Ok((name.to_string(), operation))
}

/// The value of a parsed bound, given the values chosen so far.
pub(crate) fn value(
    name: &str,
    operation: Option<(char, f64)>,
    chosen: &BTreeMap<String, serde_json::Value>,
) -> Option<f64> {
    let base = chosen.get(name)?;
    let whole = base.is_i64() || base.is_u64();
    let base = base.as_f64()?;
    Some(match operation {
        None => base,
        Some(('+', n)) => base + n,
        Some(('-', n)) => base - n,
        Some(('*', n)) => base * n,
        Some((_, n)) if whole && n.fract() == 0.0 => (base / n).floor(),
        Some((_, n)) => base / n,
    })
}
