//! Playtests that play until the fitness is steady (`--matches auto[:ε]`): matches in batches
//! until the fitness's 95% interval is narrow enough, or a cap.
//!
//! Match `i` always plays on stream `(seed, i, 0)`, as in [`crate::playtest::playtest`], so
//! the matches, and therefore the result, do not depend on the batches or the threads: a
//! playtest that stops after `n` matches reports exactly what `--matches n` with the same
//! seed reports.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use ludoforge_risk::criteria::Formulas;
//! use ludoforge_risk::map::RiskMap;
//! use ludoforge_risk::playtest::{Scoring, playtest};
//! use ludoforge_risk::rules::Rules;
//! use ludoforge_risk::steady::{Auto, Stop, playtest_steady};
//! let map = RiskMap::embedded("map8").unwrap();
//! let scoring = Scoring::all(Formulas::Paper);
//! let auto = Auto { epsilon: Some(0.2), cap: 400 };
//! let steady = playtest_steady(&map, Rules::classic(), auto, 1, &scoring, &|| {}, &AtomicBool::new(false))
//!     .unwrap();
//! assert_eq!(steady.stop, Stop::Reached);
//! assert!(steady.intervals.fitness.unwrap().half_width() < 0.2);
//! // The same as a playtest of that many matches.
//! let n = steady.playtest.records.len() as u32;
//! assert_eq!(steady.playtest, playtest(&map, Rules::classic(), n, 1, &scoring).unwrap());
//! ```

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};

use ludoforge_evolve::rng::stream;
use rayon::prelude::*;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::criteria::CriteriaError;
use crate::criteria::interval::{Intervals, intervals};
use crate::game::play_match;
use crate::map::RiskMap;
use crate::playtest::{Playtest, Scoring, score};
use crate::record::MatchRecord;
use crate::rules::Rules;
use crate::seats::Seats;

/// The half-width the fitness's 95% interval must fall below when `auto` gives none.
///
/// 0.05: a third of the ± 0.14 to 0.16 that 100 matches give (a playtest of the designer's),
/// so the fitness is known about nine times as precisely, and a tenth of the gap
/// between the paper's two best designs (Table 3: 0.93 and 1.42). Over seeds 1 to 20 (the
/// `fitness_spread` example) it takes 768 matches on average on the classic board and 1,180
/// on map3 under rossato2023, well inside the cap; 0.02 takes 4,400 on the classic board and
/// reaches the 5,000-match cap on map3 every time.
pub const DEFAULT_EPSILON: f64 = 0.05;

/// Matches played between two looks at the interval.
pub const BATCH: u32 = 50;

/// Matches played before the first look: the percentile bootstrap is too narrow on very few
/// matches, and no playtest of fewer is trusted to be steady.
pub const FIRST_LOOK: u32 = 100;

/// The most matches an automatic playtest plays when its `auto` gives no cap.
pub const DEFAULT_CAP: u32 = 5_000;

/// `matches: auto[:ε]`: play until the fitness's 95% interval is narrower than `± ε`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Auto {
    /// The half-width to reach ([`DEFAULT_EPSILON`] when `None`).
    pub epsilon: Option<f64>,
    /// The most matches to play.
    pub cap: u32,
}

impl Auto {
    /// The half-width to reach.
    #[must_use]
    pub fn epsilon(&self) -> f64 {
        self.epsilon.unwrap_or(DEFAULT_EPSILON)
    }
}

/// How many matches a playtest plays: a number, or `auto[:ε]`.
///
/// Read from a whole number (`100`), from text holding one (`"100"`), or from `"auto"` or
/// `"auto:ε"` with `ε` a number above 0; written back as given (a number stays a number, so
/// older parameter files read and write as before).
///
/// ```
/// use ludoforge_risk::steady::{DEFAULT_EPSILON, Matches};
/// assert_eq!("100".parse::<Matches>().unwrap(), Matches::Count(100));
/// let auto: Matches = "auto:0.02".parse().unwrap();
/// assert_eq!(auto.to_string(), "auto:0.02");
/// assert!(matches!("auto".parse::<Matches>().unwrap(), Matches::Auto(a) if a.epsilon() == DEFAULT_EPSILON));
/// let refused = "auto:0".parse::<Matches>().unwrap_err().to_string();
/// assert!(refused.starts_with("auto:0: ε must be above 0"), "{refused}");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Matches {
    /// This many.
    Count(u32),
    /// Until the fitness is steady.
    Auto(Auto),
}

/// Text that is not a number of matches nor `auto[:ε]`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MatchesError {
    /// The ε of `auto:ε` is not a number.
    #[error(
        "{given}: {epsilon:?} is not a number; give auto, or auto:ε with ε the half-width of \
         the fitness's 95% interval to reach, a number above 0 (e.g. auto:0.02)"
    )]
    NotANumber {
        /// The text given.
        given: String,
        /// Its ε.
        epsilon: String,
    },
    /// The ε of `auto:ε` is 0, negative or not finite.
    #[error(
        "{given}: ε must be above 0 (it is the half-width the fitness's 95% interval must \
         fall below); give e.g. auto:0.02, or auto for {DEFAULT_EPSILON}"
    )]
    NotPositive {
        /// The text given.
        given: String,
    },
    /// Neither a whole number nor `auto`.
    #[error(
        "{given}: give a whole number of matches, or auto to play until the fitness is \
         steady (auto:ε to say how steady, e.g. auto:0.02)"
    )]
    Unknown {
        /// The text given.
        given: String,
    },
}

impl FromStr for Matches {
    type Err = MatchesError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let given = text.trim();
        if let Ok(n) = given.parse::<u32>() {
            return Ok(Matches::Count(n));
        }
        let auto = |epsilon| {
            Ok(Matches::Auto(Auto {
                epsilon,
                cap: DEFAULT_CAP,
            }))
        };
        match given.split_once(':') {
            None if given.eq_ignore_ascii_case("auto") => auto(None),
            Some((word, epsilon)) if word.eq_ignore_ascii_case("auto") => {
                let Ok(value) = epsilon.trim().parse::<f64>() else {
                    return Err(MatchesError::NotANumber {
                        given: given.to_string(),
                        epsilon: epsilon.to_string(),
                    });
                };
                if !(value.is_finite() && value > 0.0) {
                    return Err(MatchesError::NotPositive {
                        given: given.to_string(),
                    });
                }
                auto(Some(value))
            }
            _ => Err(MatchesError::Unknown {
                given: given.to_string(),
            }),
        }
    }
}

impl fmt::Display for Matches {
    /// `100`, `auto` or `auto:0.02`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Matches::Count(n) => write!(f, "{n}"),
            Matches::Auto(Auto { epsilon: None, .. }) => f.write_str("auto"),
            Matches::Auto(Auto {
                epsilon: Some(e), ..
            }) => write!(f, "auto:{e}"),
        }
    }
}

impl Serialize for Matches {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Matches::Count(n) => serializer.serialize_u32(*n),
            auto => serializer.collect_str(auto),
        }
    }
}

impl<'de> Deserialize<'de> for Matches {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Reader;
        impl Visitor<'_> for Reader {
            type Value = Matches;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a whole number of matches, auto or auto:ε")
            }

            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Matches, E> {
                u32::try_from(n).map(Matches::Count).map_err(|_| {
                    E::custom(format!(
                        "{n}: too many matches; give at most {}, or auto",
                        u32::MAX
                    ))
                })
            }

            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Matches, E> {
                match u64::try_from(n) {
                    Ok(n) => self.visit_u64(n),
                    Err(_) => Err(E::custom(format!(
                        "{n}: give a whole number of matches of at least 1, or auto"
                    ))),
                }
            }

            fn visit_f64<E: de::Error>(self, x: f64) -> Result<Matches, E> {
                Err(E::custom(format!(
                    "{x}: give a whole number of matches, or auto"
                )))
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<Matches, E> {
                text.parse().map_err(|e: MatchesError| E::custom(e))
            }
        }
        deserializer.deserialize_any(Reader)
    }
}

impl JsonSchema for Matches {
    fn schema_name() -> Cow<'static, str> {
        "Matches".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": ["integer", "string"],
            "minimum": 1,
            "pattern": "^ *([0-9]+|[Aa][Uu][Tt][Oo](:.*)?) *$"
        })
    }
}

/// Why an automatic playtest stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stop {
    /// The fitness's interval was narrower than `± ε`.
    Reached,
    /// The cap was reached first.
    Cap,
    /// Asked to stop first.
    Cancelled,
}

/// What an automatic playtest found.
#[derive(Debug, Clone, PartialEq)]
pub struct Steady {
    /// The playtest of every match played (as many as its `records`).
    pub playtest: Playtest,
    /// Its intervals.
    pub intervals: Intervals,
    /// The half-width it aimed for.
    pub epsilon: f64,
    /// Why it stopped.
    pub stop: Stop,
}

/// Plays matches `range` on `map` under `rules` between the agents `seats` names, match `i`
/// on stream `(seed, i, 0)` as [`crate::playtest::playtest`] plays it, calling `on_match`
/// after each; once `cancel` is set no match starts, and the matches returned are those up to
/// the first not played.
fn play_range(
    map: &RiskMap,
    rules: Rules,
    range: Range<u32>,
    seed: u64,
    seats: Seats,
    on_match: &(dyn Fn() + Sync),
    cancel: &AtomicBool,
) -> Vec<MatchRecord> {
    let played: Vec<Option<MatchRecord>> = range
        .into_par_iter()
        .with_max_len(1)
        .map(|i| {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let [first, second] = seats.0;
            let record = play_match(
                map,
                rules,
                [&mut *first.build(), &mut *second.build()],
                &mut stream(seed, u64::from(i), 0),
            );
            on_match();
            Some(record)
        })
        .collect();
    played.into_iter().map_while(|r| r).collect()
}

/// Plays [`FIRST_LOOK`] matches between the agents `scoring` seats, then [`BATCH`] more at a
/// time, until the fitness's 95%
/// interval (see [`intervals`]) has a half-width below `auto.epsilon()`, or `auto.cap`
/// matches are played, or `cancel` is set (no match starts after that). Match `i` draws from
/// stream `(seed, i, 0)` and the intervals' bootstrap from streams derived from `seed`, so
/// the result is that of a playtest of as many matches with the same seed, on any number of
/// threads. `on_match` is called after each match.
///
/// Each look costs a bootstrap over all the matches so far: about 2 µs per match on one
/// thread, against about 136 µs to play a classic-board match (the `intervals` bench). With a
/// look every 50 matches the looks together cost about `2 µs · n² / 100` at `n` matches,
/// `n / 6,800` of the rule agents' playing time: a ninth more at the 768 matches the default
/// ε takes on the classic board, three quarters more at the cap of 5,000 (less beside a
/// slower agent).
///
/// # Errors
/// [`CriteriaError`] when the weights do not fit the criteria used.
pub fn playtest_steady(
    map: &RiskMap,
    rules: Rules,
    auto: Auto,
    seed: u64,
    scoring: &Scoring,
    on_match: &(dyn Fn() + Sync),
    cancel: &AtomicBool,
) -> Result<Steady, CriteriaError> {
    let epsilon = auto.epsilon();
    let cap = auto.cap.max(1);
    let mut records: Vec<MatchRecord> = Vec::new();
    let mut next = FIRST_LOOK.min(cap);
    loop {
        let from = records.len() as u32;
        records.extend(play_range(
            map,
            rules,
            from..next,
            seed,
            scoring.seats,
            on_match,
            cancel,
        ));
        let cancelled = (records.len() as u32) < next;
        let found = intervals(&records, scoring, seed)?;
        let steady = found.fitness.is_some_and(|f| f.half_width() < epsilon);
        let stop = if steady {
            Some(Stop::Reached)
        } else if cancelled {
            Some(Stop::Cancelled)
        } else if next >= cap {
            Some(Stop::Cap)
        } else {
            None
        };
        if let Some(stop) = stop {
            return Ok(Steady {
                playtest: score(records, scoring)?,
                intervals: found,
                epsilon,
                stop,
            });
        }
        next = (next + BATCH).min(cap);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_are_read_in_words() {
        for (text, want) in [
            ("auto:-1", "auto:-1: ε must be above 0"),
            ("auto:0", "auto:0: ε must be above 0"),
            ("auto:inf", "auto:inf: ε must be above 0"),
            ("auto:abc", "auto:abc: \"abc\" is not a number"),
            ("auto:", "auto:: \"\" is not a number"),
            ("lots", "lots: give a whole number of matches, or auto"),
            ("-3", "-3: give a whole number of matches, or auto"),
        ] {
            let said = text.parse::<Matches>().unwrap_err().to_string();
            assert!(said.starts_with(want), "{text}: {said}");
        }
        assert_eq!(" AUTO ".parse::<Matches>().unwrap().to_string(), "auto");
        assert_eq!("7".parse::<Matches>().unwrap(), Matches::Count(7));
    }

    #[test]
    fn matches_are_written_back_as_given() {
        for given in [
            serde_json::json!(100),
            serde_json::json!("auto"),
            serde_json::json!("auto:0.02"),
        ] {
            let read: Matches = serde_json::from_value(given.clone()).unwrap();
            assert_eq!(serde_json::to_value(read).unwrap(), given);
        }
        let text: Matches = serde_json::from_value(serde_json::json!("250")).unwrap();
        assert_eq!(text, Matches::Count(250));
        for bad in [
            serde_json::json!(-1),
            serde_json::json!(2.5),
            serde_json::json!("auto:x"),
        ] {
            assert!(serde_json::from_value::<Matches>(bad).is_err());
        }
    }
}
