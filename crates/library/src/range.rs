//! Ranges over a row's numbers and sort orders, as people write them: `min_moves=38..42`,
//! `decision_points>=10`, `fitness:desc`.

use std::fmt;
use std::ops::Bound;
use std::str::FromStr;

/// The forms a range may take, for messages.
const RANGE_FORMS: &str = "write KEY=LOW..HIGH (both ends included), KEY=N, KEY>=N, KEY<=N, \
                           KEY>N or KEY<N, for instance min_moves=38..42 or decision_points>=10";

/// The forms a sort may take, for messages.
const SORT_FORMS: &str = "write KEY for smallest first or KEY:desc for largest first, for \
                          instance fitness:desc";

/// Text that is not a range or a sort order: what was given, what is wrong, and the forms
/// that are accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?}: {problem}; {forms}")]
pub struct ParseError {
    text: String,
    problem: String,
    forms: &'static str,
}

impl ParseError {
    fn range(text: &str, problem: impl Into<String>) -> Self {
        ParseError {
            text: text.to_string(),
            problem: problem.into(),
            forms: RANGE_FORMS,
        }
    }
}

/// Which values of one number a query keeps.
///
/// The key names a number by its dotted path in the document (`measures.decision_points`),
/// or by its last parts (`decision_points` matches `measures.decision_points` and
/// `descriptors.decision_points`): a row is kept when any number it names is in the range.
///
/// ```
/// use std::ops::Bound;
/// use ludoforge_library::Range;
///
/// let range: Range = "min_moves=38..42".parse().unwrap();
/// assert_eq!(range.key, "min_moves");
/// assert_eq!((range.low, range.high), (Bound::Included(38.0), Bound::Included(42.0)));
/// assert!(range.contains(42.0) && !range.contains(42.5));
/// let above: Range = "decision_points>10".parse().unwrap();
/// assert_eq!(above.low, Bound::Excluded(10.0));
/// assert_eq!(above.to_string(), "decision_points>10");
/// assert!("decision_points 10".parse::<Range>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Range {
    /// The number's dotted path, or its last parts.
    pub key: String,
    /// The low end.
    pub low: Bound<f64>,
    /// The high end.
    pub high: Bound<f64>,
}

impl Range {
    /// Whether `value` is in the range.
    #[must_use]
    pub fn contains(&self, value: f64) -> bool {
        let above = match self.low {
            Bound::Included(low) => value >= low,
            Bound::Excluded(low) => value > low,
            Bound::Unbounded => true,
        };
        let below = match self.high {
            Bound::Included(high) => value <= high,
            Bound::Excluded(high) => value < high,
            Bound::Unbounded => true,
        };
        above && below
    }

    /// Whether a number at the dotted `path` is one this range's key names: the path itself,
    /// or a path ending in `.` and the key.
    #[must_use]
    pub fn names(&self, path: &str) -> bool {
        key_names(&self.key, path)
    }
}

/// Whether `key` names the number at `path`: it is the path, or the path's last parts.
pub(crate) fn key_names(key: &str, path: &str) -> bool {
    path == key
        || path
            .strip_suffix(key)
            .is_some_and(|head| head.ends_with('.'))
}

impl FromStr for Range {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        let Some(at) = text.find(['<', '>', '=']) else {
            return Err(ParseError::range(text, "it has no =, <, <=, > or >="));
        };
        let key = text[..at].trim();
        if key.is_empty() {
            return Err(ParseError::range(
                text,
                "it does not say which number; put its name first",
            ));
        }
        if key.chars().any(char::is_whitespace) {
            return Err(ParseError::range(
                text,
                format!("{key:?} is not one name (it has a space)"),
            ));
        }
        let rest = &text[at..];
        let (operator, value) = [">=", "<=", ">", "<", "="]
            .into_iter()
            .find_map(|op| rest.strip_prefix(op).map(|value| (op, value.trim())))
            .expect("the text has one of the operators at `at`");
        let number = |part: &str| -> Result<f64, ParseError> {
            let part = part.trim();
            match part.parse::<f64>() {
                Ok(n) if n.is_finite() => Ok(n),
                _ if part.is_empty() => Err(ParseError::range(
                    text,
                    format!("a number is missing after {operator}"),
                )),
                _ => Err(ParseError::range(text, format!("{part:?} is not a number"))),
            }
        };
        let (low, high) = match operator {
            "=" => match value.split_once("..") {
                Some((low, high)) => {
                    let (low, high) = (number(low)?, number(high)?);
                    if low > high {
                        return Err(ParseError::range(
                            text,
                            format!("{low}..{high} holds no number; write the smaller one first"),
                        ));
                    }
                    (Bound::Included(low), Bound::Included(high))
                }
                None => {
                    let n = number(value)?;
                    (Bound::Included(n), Bound::Included(n))
                }
            },
            _ if value.contains("..") => {
                return Err(ParseError::range(
                    text,
                    format!("{operator} takes one number; for both ends write {key}=LOW..HIGH"),
                ));
            }
            ">=" => (Bound::Included(number(value)?), Bound::Unbounded),
            ">" => (Bound::Excluded(number(value)?), Bound::Unbounded),
            "<=" => (Bound::Unbounded, Bound::Included(number(value)?)),
            _ => (Bound::Unbounded, Bound::Excluded(number(value)?)),
        };
        Ok(Range {
            key: key.to_string(),
            low,
            high,
        })
    }
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let key = &self.key;
        match (self.low, self.high) {
            (Bound::Included(low), Bound::Included(high)) if low == high => {
                write!(f, "{key}={low}")
            }
            (Bound::Included(low), Bound::Included(high)) => write!(f, "{key}={low}..{high}"),
            (Bound::Included(low), Bound::Unbounded) => write!(f, "{key}>={low}"),
            (Bound::Excluded(low), Bound::Unbounded) => write!(f, "{key}>{low}"),
            (Bound::Unbounded, Bound::Included(high)) => write!(f, "{key}<={high}"),
            (Bound::Unbounded, Bound::Excluded(high)) => write!(f, "{key}<{high}"),
            (low, high) => write!(f, "{key} in ({low:?}, {high:?})"),
        }
    }
}

/// The order of a query's rows: by one number, smallest or largest first.
///
/// ```
/// use ludoforge_library::Sort;
///
/// let sort: Sort = "fitness:desc".parse().unwrap();
/// assert_eq!(sort, Sort { key: "fitness".into(), descending: true });
/// assert!(!"min_moves".parse::<Sort>().unwrap().descending);
/// assert!("fitness:down".parse::<Sort>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sort {
    /// The number's dotted path, or its last parts, as in a [`Range`].
    pub key: String,
    /// Largest first.
    pub descending: bool,
}

impl FromStr for Sort {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        let problem = |problem: String| ParseError {
            text: text.to_string(),
            problem,
            forms: SORT_FORMS,
        };
        let (key, order) = match text.trim().rsplit_once(':') {
            Some((key, order)) => (key.trim(), Some(order.trim())),
            None => (text.trim(), None),
        };
        let descending = match order.map(str::to_ascii_lowercase).as_deref() {
            None | Some("asc") => false,
            Some("desc") => true,
            Some(other) => return Err(problem(format!("{other:?} is not an order"))),
        };
        if key.is_empty() || key.chars().any(char::is_whitespace) {
            return Err(problem("it does not name one number".to_string()));
        }
        Ok(Sort {
            key: key.to_string(),
            descending,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> (String, Bound<f64>, Bound<f64>) {
        let range: Range = text
            .parse()
            .unwrap_or_else(|e| panic!("{text} should parse: {e}"));
        (range.key, range.low, range.high)
    }

    #[test]
    fn every_form_parses() {
        use Bound::{Excluded, Included, Unbounded};
        let cases = [
            (
                "min_moves=38..42",
                "min_moves",
                Included(38.0),
                Included(42.0),
            ),
            (
                "decision_points>=10",
                "decision_points",
                Included(10.0),
                Unbounded,
            ),
            ("x<=3", "x", Unbounded, Included(3.0)),
            ("x>2", "x", Excluded(2.0), Unbounded),
            ("x<2", "x", Unbounded, Excluded(2.0)),
            ("x=5", "x", Included(5.0), Included(5.0)),
            (" x = -3.5 .. -1 ", "x", Included(-3.5), Included(-1.0)),
            ("x=1e3", "x", Included(1000.0), Included(1000.0)),
            ("x=2..2", "x", Included(2.0), Included(2.0)),
        ];
        for (text, key, low, high) in cases {
            assert_eq!(parse(text), (key.to_string(), low, high), "{text}");
        }
        assert_eq!(parse("measures.fewest_moves>0").0, "measures.fewest_moves");
    }

    #[test]
    fn a_range_reads_back_from_its_text() {
        for text in ["a=1..2", "a=5", "a>=1.5", "a>-2", "a<=0", "a<7"] {
            let range: Range = text.parse().unwrap();
            assert_eq!(range.to_string(), text);
            assert_eq!(range.to_string().parse::<Range>().unwrap(), range);
        }
    }

    #[test]
    fn bad_text_is_refused_with_the_accepted_forms() {
        let cases = [
            ("decision_points 10", "it has no =, <, <=, > or >="),
            ("=5", "it does not say which number"),
            (">=5", "it does not say which number"),
            ("min moves=5", "is not one name"),
            ("x=", "a number is missing after ="),
            ("x>=", "a number is missing after >="),
            ("x=abc", "\"abc\" is not a number"),
            ("x=1..", "a number is missing"),
            ("x=..4", "a number is missing"),
            ("x=NaN", "\"NaN\" is not a number"),
            ("x<inf", "\"inf\" is not a number"),
            (
                "x=42..38",
                "42..38 holds no number; write the smaller one first",
            ),
            (
                "x>=1..3",
                ">= takes one number; for both ends write x=LOW..HIGH",
            ),
            ("x=<3", "\"<3\" is not a number"),
            ("x=1..2..3", "\"2..3\" is not a number"),
        ];
        for (text, problem) in cases {
            let error = text.parse::<Range>().unwrap_err().to_string();
            assert!(error.contains(problem), "{text}: {error}");
            assert!(error.contains("KEY=LOW..HIGH"), "{text}: {error}");
            assert!(error.starts_with(&format!("{text:?}")), "{text}: {error}");
        }
    }

    #[test]
    fn ends_are_kept_or_left_out_as_written() {
        let inside: Range = "x=1..3".parse().unwrap();
        assert!(inside.contains(1.0) && inside.contains(3.0) && !inside.contains(3.0001));
        let above: Range = "x>1".parse().unwrap();
        assert!(!above.contains(1.0) && above.contains(1.0001));
        let below: Range = "x<1".parse().unwrap();
        assert!(!below.contains(1.0) && below.contains(-1e9));
        let exactly: Range = "x=1".parse().unwrap();
        assert!(exactly.contains(1.0) && !exactly.contains(1.0001));
    }

    #[test]
    fn a_key_names_its_path_or_the_paths_it_ends() {
        assert!(key_names("decision_points", "decision_points"));
        assert!(key_names("decision_points", "measures.decision_points"));
        assert!(key_names("decision_points", "descriptors.decision_points"));
        assert!(key_names(
            "measures.decision_points",
            "measures.decision_points"
        ));
        assert!(!key_names("points", "measures.decision_points"));
        assert!(!key_names(
            "decision_points",
            "measures.decision_points.max"
        ));
        assert!(!key_names("measures", "measures.decision_points"));
    }

    #[test]
    fn sorts_parse_and_refuse() {
        assert_eq!(
            "fitness".parse::<Sort>().unwrap(),
            Sort {
                key: "fitness".into(),
                descending: false
            }
        );
        assert!("a.b:DESC".parse::<Sort>().unwrap().descending);
        assert!(!"a.b:asc".parse::<Sort>().unwrap().descending);
        for text in ["", ":desc", "fitness:up", "two words"] {
            let error = text.parse::<Sort>().unwrap_err().to_string();
            assert!(error.contains("KEY:desc"), "{text}: {error}");
        }
    }
}
