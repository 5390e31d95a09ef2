//! 95% confidence intervals of the seven criteria and of the fitness, from a playtest's
//! matches, each by a method that suits how the criterion is made:
//!
//! | criterion | how it is made from the matches | interval |
//! |---|---|---|
//! | completion | the share of matches with a winner | Wilson's score interval of that share ([`wilson`]) |
//! | duration, branching factor, drama, killer moves, lead change | the mean of one value per match (both formula sets) | Student's t interval of the per-match values ([`mean_interval`]) |
//! | advantage | `\|2p − 1\|`, `p` the first player's share of the decided matches (paper) or player 0's share of all matches (rossato2023) | Wilson's interval of `p`, carried through `\|2p − 1\|` ([`fold`]) |
//! | fitness | `Σ w·\|c − ideal\|` over the criteria used: a sum of kinked functions of ratios | the percentile bootstrap over matches ([`bootstrap`], [`RESAMPLES`] resamples) |
//!
//! The matches of a playtest are independent (match `i` plays on its own random stream), which
//! every method assumes. Wilson's interval is used rather than the t interval for the shares
//! because a share of 1 (no draw at all, common on small maps) has no spread among its
//! matches, and the t interval would be a point. The advantage interval is exact under the
//! fold: if the interval of `p` holds the true share, the folded one holds the true advantage,
//! even at 0, where the advantage's kink would bias a bootstrap. The fitness has kinks too (a
//! criterion at its ideal) and mixes all seven, so it is bootstrapped: each resample draws the
//! playtest's number of matches with replacement and scores them as a playtest would, from
//! streams derived from the playtest's seed (see [`bootstrap`]), so the interval is the same
//! on any number of threads; it is stretched, if need be, to reach the fitness measured (see
//! [`percentile`]).
//!
//! ```
//! use ludoforge_risk::criteria::interval::intervals;
//! use ludoforge_risk::criteria::{Criterion, Formulas};
//! use ludoforge_risk::map::RiskMap;
//! use ludoforge_risk::playtest::{Scoring, playtest};
//! use ludoforge_risk::rules::Rules;
//! let map = RiskMap::embedded("map8").unwrap();
//! let scoring = Scoring::all(Formulas::Paper);
//! let played = playtest(&map, Rules::classic(), 60, 1, &scoring).unwrap();
//! let found = intervals(&played.records, &scoring, 1).unwrap();
//! assert!(found.fitness.unwrap().contains(played.fitness));
//! let drama = found.criterion(Criterion::Drama).unwrap();
//! assert!(drama.contains(played.criteria.drama));
//! ```

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use super::{Criteria, CriteriaError, Criterion, Formulas, criterion, fitness, side, winner};
use crate::playtest::Scoring;
use crate::record::MatchRecord;
use crate::stats::{
    Interval, LEVEL, RESAMPLES, bootstrap, fold, mean_interval, percentile, wilson,
};

/// The intervals of one playtest: one per criterion in [`Criterion::ALL`] order, and the
/// fitness's. An interval is `None` where the matches cannot give one: a t interval or the
/// fitness's from fewer than two matches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Intervals {
    /// The criteria's, in [`Criterion::ALL`] order.
    pub criteria: [Option<Interval>; 7],
    /// The fitness's.
    pub fitness: Option<Interval>,
}

impl Intervals {
    /// One criterion's interval.
    #[must_use]
    pub fn criterion(&self, which: Criterion) -> Option<Interval> {
        self.criteria[which.index()]
    }
}

impl Serialize for Intervals {
    /// `{"level": 0.95, "resamples": 999, "criteria": {"completion": {"low", "high",
    /// "method"}, …}, "fitness": {…}}`, `null` for an interval the matches cannot give.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct ByName<'a>(&'a [Option<Interval>; 7]);
        impl Serialize for ByName<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(7))?;
                for c in Criterion::ALL {
                    map.serialize_entry(c.name(), &self.0[c.index()])?;
                }
                map.end()
            }
        }
        let mut map = serializer.serialize_map(Some(4))?;
        map.serialize_entry("level", &LEVEL)?;
        map.serialize_entry("resamples", &RESAMPLES)?;
        map.serialize_entry("criteria", &ByName(&self.criteria))?;
        map.serialize_entry("fitness", &self.fitness)?;
        map.end()
    }
}

/// Columns of a match's row: the seven criteria in [`Criterion::ALL`] order, then whether the
/// match was decided.
const COLUMNS: usize = 8;
/// The column that says whether a match was decided (paper advantage's denominator).
const DECIDED: usize = 7;

/// What one match adds to the sums the criteria are made of: for every criterion but
/// advantage, its value on this match alone (each is a mean over matches); for advantage, the
/// match's vote (paper: +1 the first player won, −1 the other did, 0 a draw; rossato2023: 1
/// player 0 won, else 0); and 1 if the match was decided.
fn row(m: &MatchRecord, formulas: Formulas) -> [f64; COLUMNS] {
    let mut r = [0.0; COLUMNS];
    for c in Criterion::ALL {
        if c != Criterion::Advantage {
            r[c.index()] = criterion(std::slice::from_ref(m), c, formulas);
        }
    }
    let vote = match formulas {
        Formulas::Paper => match winner(m) {
            Some(w) if w == side(m.first) => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        },
        Formulas::Rossato2023 => f64::from(u8::from(m.winner == Some(0))),
    };
    r[Criterion::Advantage.index()] = vote;
    r[DECIDED] = f64::from(u8::from(winner(m).is_some()));
    r
}

/// The criteria of `n` matches whose rows add up to `sums`: what [`super::criteria`] gives
/// for those matches (up to rounding).
fn criteria_of_sums(sums: &[f64; COLUMNS], n: usize, formulas: Formulas) -> Criteria {
    if n == 0 {
        return Criteria::default();
    }
    let n = n as f64;
    let mut values = [0.0; 7];
    for c in Criterion::ALL {
        values[c.index()] = sums[c.index()] / n;
    }
    let votes = sums[Criterion::Advantage.index()];
    values[Criterion::Advantage.index()] = match formulas {
        Formulas::Paper if sums[DECIDED] > 0.0 => votes.abs() / sums[DECIDED],
        Formulas::Paper => 0.0,
        Formulas::Rossato2023 => (votes - n / 2.0).abs() / (n / 2.0),
    };
    Criteria::from_values(values)
}

/// The 95% intervals of the criteria and the fitness of a playtest's `matches`, scored by
/// `scoring`, the fitness's bootstrap drawing from streams derived from `seed` (the
/// playtest's seed). Methods as in the [module docs](self). Costs O(total records) for the
/// criteria, and O([`RESAMPLES`] · matches) for the fitness (a few milliseconds for 1,000
/// matches; see the `intervals` benchmark).
///
/// # Errors
/// [`CriteriaError`] when the weights do not fit the criteria used (as [`fitness`]).
pub fn intervals(
    matches: &[MatchRecord],
    scoring: &Scoring,
    seed: u64,
) -> Result<Intervals, CriteriaError> {
    let formulas = scoring.formulas;
    let rows: Vec<[f64; COLUMNS]> = matches.iter().map(|m| row(m, formulas)).collect();
    let n = rows.len();
    let count = |column: usize| rows.iter().map(|r| r[column]).sum::<f64>().round() as u64;
    let mut criteria = [None; 7];
    for c in Criterion::ALL {
        criteria[c.index()] = match c {
            Criterion::Completion => Some(wilson(count(DECIDED), n as u64)),
            Criterion::Advantage => {
                let (share, trials) = match formulas {
                    // p = first / decided, with the votes summing to first − second.
                    Formulas::Paper => {
                        let decided = count(DECIDED);
                        let votes = rows.iter().map(|r| r[c.index()]).sum::<f64>().round();
                        (((votes + decided as f64) / 2.0) as u64, decided)
                    }
                    Formulas::Rossato2023 => (count(c.index()), n as u64),
                };
                let p = wilson(share, trials);
                Some(fold(Interval {
                    low: 2.0 * p.low - 1.0,
                    high: 2.0 * p.high - 1.0,
                    method: p.method,
                }))
            }
            _ => {
                let values: Vec<f64> = rows.iter().map(|r| r[c.index()]).collect();
                mean_interval(&values)
            }
        };
    }
    let score = |c: &Criteria| {
        fitness(
            c,
            &scoring.used,
            scoring.weights.as_deref(),
            &scoring.ideals,
        )
    };
    let mut total = [0.0; COLUMNS];
    for r in &rows {
        for (t, v) in total.iter_mut().zip(r) {
            *t += v;
        }
    }
    let estimate = score(&criteria_of_sums(&total, n, formulas))?;
    let fitness = if n < 2 {
        None
    } else {
        let mut replicates = bootstrap(&rows, RESAMPLES, seed, |sums, k| {
            score(&criteria_of_sums(sums, k, formulas)).unwrap_or(f64::NAN)
        });
        percentile(&mut replicates, estimate)
    };
    Ok(Intervals { criteria, fitness })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::criteria::criteria;
    use crate::record::TurnRecord;
    use crate::stats::Method;

    /// A match of `turns` player-turns won by `winner`, player 0 at `h0` throughout.
    fn lasting(winner: Option<u8>, turns: u32, h0: f64) -> MatchRecord {
        let turn = |i: u32| TurnRecord {
            h: [h0, 1.0 - h0],
            moves: [9.0, 0.0],
            player: (i % 2) as u8,
        };
        MatchRecord {
            turns: (0..=turns).map(turn).collect(),
            winner,
            player_turns: turns,
            first: 0,
        }
    }

    #[test]
    fn the_sums_give_back_the_criteria() {
        let matches = [
            lasting(Some(0), 12, 0.7),
            lasting(Some(1), 30, 0.4),
            lasting(None, 48, 0.5),
            lasting(Some(0), 24, 0.2),
        ];
        for formulas in Formulas::ALL {
            let mut sums = [0.0; COLUMNS];
            for m in &matches {
                for (s, v) in sums.iter_mut().zip(row(m, formulas)) {
                    *s += v;
                }
            }
            let from_sums = criteria_of_sums(&sums, matches.len(), formulas);
            let direct = criteria(&matches, formulas);
            for c in Criterion::ALL {
                assert!(
                    (from_sums.get(c) - direct.get(c)).abs() < 1e-12,
                    "{formulas} {c}: {} vs {}",
                    from_sums.get(c),
                    direct.get(c)
                );
            }
        }
    }

    #[test]
    fn durations_worked_out_by_hand() {
        // Durations 12, 24, 36, 24 player-turns score 0.5, 0, 0.5, 0: mean 0.25, s² = 4 ·
        // 0.0625 / 3, s = 0.288675, se = s / 2 = 0.144338, t_{0.975, 3} = 3.182446: the
        // interval is 0.25 ± 0.459347.
        let matches = [
            lasting(Some(0), 12, 0.7),
            lasting(Some(0), 24, 0.7),
            lasting(Some(1), 36, 0.7),
            lasting(Some(1), 24, 0.7),
        ];
        let scoring = Scoring::all(Formulas::Paper);
        let found = intervals(&matches, &scoring, 1).unwrap();
        let d = found.criterion(Criterion::Duration).unwrap();
        assert_eq!(d.method, Method::StudentT);
        assert!((d.low - (0.25 - 0.459_347)).abs() < 1e-6, "{d:?}");
        assert!((d.high - (0.25 + 0.459_347)).abs() < 1e-6, "{d:?}");
        // Every match decided: completion is Wilson's 4 of 4, 0.510 to 1.
        let c = found.criterion(Criterion::Completion).unwrap();
        assert_eq!(c.method, Method::Wilson);
        assert!((c.low - 0.510_109).abs() < 1e-5 && c.high == 1.0, "{c:?}");
        // Two wins each: advantage 0; p = 2/4 has Wilson's 0.150 to 0.850, so 2p − 1 runs
        // from −0.700 to 0.700 and the advantage from 0 to 0.700.
        let a = found.criterion(Criterion::Advantage).unwrap();
        assert_eq!((a.low, a.method), (0.0, Method::FoldedWilson));
        assert!((a.high - 0.699_922).abs() < 1e-5, "{a:?}");
    }

    #[test]
    fn too_few_matches_give_no_spread() {
        let scoring = Scoring::all(Formulas::Paper);
        let one = intervals(&[lasting(Some(0), 12, 0.7)], &scoring, 1).unwrap();
        assert!(one.fitness.is_none());
        assert!(one.criterion(Criterion::Drama).is_none());
        assert!(one.criterion(Criterion::Completion).is_some());
        let none = intervals(&[], &scoring, 1).unwrap();
        let completion = none.criterion(Criterion::Completion).unwrap();
        assert_eq!((completion.low, completion.high), (0.0, 1.0));
    }

    #[test]
    fn bad_weights_are_refused() {
        let scoring = Scoring {
            weights: Some(vec![1.0]),
            ..Scoring::all(Formulas::Paper)
        };
        assert!(intervals(&[lasting(Some(0), 12, 0.7)], &scoring, 1).is_err());
    }
}
