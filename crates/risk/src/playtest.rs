//! A playtest: many matches between rule-based agents, in parallel, and what they say about
//! the variant.

use std::sync::atomic::{AtomicBool, Ordering};

use ludoforge_evolve::rng::stream;
use rayon::prelude::*;
use serde::Serialize;

use crate::criteria::{Criteria, CriteriaError, Criterion, Formulas, Ideals, criteria, fitness};
use crate::game::play_match;
use crate::map::RiskMap;
use crate::record::MatchRecord;
use crate::rules::Rules;
use crate::seats::Seats;

/// What a playtest measured.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Playtest {
    /// The seven criteria.
    pub criteria: Criteria,
    /// The distance to the ideals over the criteria used.
    pub fitness: f64,
    /// Matches won by player 1 and by player 2.
    pub wins: [u32; 2],
    /// Matches drawn at the turn limit.
    pub draws: u32,
    /// The mean number of player-turns.
    pub mean_player_turns: f64,
    /// Every match's records.
    #[serde(skip)]
    pub records: Vec<MatchRecord>,
}

/// How a playtest is played and scored.
#[derive(Debug, Clone, PartialEq)]
pub struct Scoring {
    /// Who plays the matches (two rule-based agents, as in the paper, by default).
    pub seats: Seats,
    /// Which formulas.
    pub formulas: Formulas,
    /// The criteria the fitness adds up.
    pub used: Vec<Criterion>,
    /// Their weights (1 each when `None`).
    pub weights: Option<Vec<f64>>,
    /// The ideal values.
    pub ideals: Ideals,
}

impl Scoring {
    /// All seven criteria, unweighted, the paper's ideals, with `formulas`.
    #[must_use]
    pub fn all(formulas: Formulas) -> Scoring {
        Scoring {
            seats: Seats::default(),
            formulas,
            used: Criterion::ALL.to_vec(),
            weights: None,
            ideals: Ideals::default(),
        }
    }
}

/// Plays `matches` matches between the agents `scoring` seats (two rule-based agents, as in
/// the paper, unless told otherwise), a fresh pair for each match; match `i` draws from stream
/// `(seed, i, 0)`, so the result does not depend on the number of threads.
///
/// # Errors
/// [`CriteriaError`] when the weights do not fit the criteria used.
///
/// ```
/// use ludoforge_risk::criteria::Formulas;
/// use ludoforge_risk::map::RiskMap;
/// use ludoforge_risk::playtest::{Scoring, playtest};
/// use ludoforge_risk::rules::Rules;
/// let map = RiskMap::embedded("map8").unwrap();
/// let result = playtest(&map, Rules::classic(), 20, 1, &Scoring::all(Formulas::Paper)).unwrap();
/// assert_eq!(result.wins[0] + result.wins[1] + result.draws, 20);
/// ```
pub fn playtest(
    map: &RiskMap,
    rules: Rules,
    matches: u32,
    seed: u64,
    scoring: &Scoring,
) -> Result<Playtest, CriteriaError> {
    playtest_observed(map, rules, matches, seed, scoring, &|| {})
}

/// [`playtest`], calling `on_match` once after each match, from whichever thread played it
/// (a progress bar's step, for instance). The result is the same.
///
/// The matches are shared out one at a time: they differ several-fold in length (a match can
/// end after a dozen player-turns or run to the turn limit), so a thread that is done with its
/// share takes single matches from the other's instead of waiting for a whole half to end.
///
/// # Errors
/// [`CriteriaError`] when the weights do not fit the criteria used.
pub fn playtest_observed(
    map: &RiskMap,
    rules: Rules,
    matches: u32,
    seed: u64,
    scoring: &Scoring,
    on_match: &(dyn Fn() + Sync),
) -> Result<Playtest, CriteriaError> {
    playtest_until(
        map,
        rules,
        matches,
        seed,
        scoring,
        on_match,
        &AtomicBool::new(false),
    )
}

/// [`playtest_observed`], stopping early once `cancel` is set: no match starts after that,
/// and the result describes matches 0, 1, 2, ... up to the first one not played (its
/// `records` say how many). Unless `cancel` is set, the result is the same as
/// [`playtest_observed`]'s.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use ludoforge_risk::criteria::Formulas;
/// use ludoforge_risk::map::RiskMap;
/// use ludoforge_risk::playtest::{Scoring, playtest_until};
/// use ludoforge_risk::rules::Rules;
/// let map = RiskMap::embedded("map8").unwrap();
/// let scoring = Scoring::all(Formulas::Paper);
/// let stop = AtomicBool::new(true);
/// let none = playtest_until(&map, Rules::classic(), 20, 1, &scoring, &|| {}, &stop).unwrap();
/// assert!(none.records.is_empty());
/// ```
///
/// # Errors
/// [`CriteriaError`] when the weights do not fit the criteria used.
pub fn playtest_until(
    map: &RiskMap,
    rules: Rules,
    matches: u32,
    seed: u64,
    scoring: &Scoring,
    on_match: &(dyn Fn() + Sync),
    cancel: &AtomicBool,
) -> Result<Playtest, CriteriaError> {
    // A `u32` range is an indexed parallel iterator (a `u64` one is not), which is what lets
    // `with_max_len(1)` make every match a unit another thread can take.
    let played: Vec<Option<MatchRecord>> = (0..matches)
        .into_par_iter()
        .with_max_len(1)
        .map(|i| {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let [first, second] = scoring.seats.0;
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
    let records: Vec<MatchRecord> = played.into_iter().map_while(|r| r).collect();
    score(records, scoring)
}

/// The playtest of matches already played: their criteria, fitness, wins, draws and mean
/// length, as [`playtest`] reports them for its matches.
///
/// # Errors
/// [`CriteriaError`] when the weights do not fit the criteria used.
pub fn score(records: Vec<MatchRecord>, scoring: &Scoring) -> Result<Playtest, CriteriaError> {
    let c = criteria(&records, scoring.formulas);
    let f = fitness(
        &c,
        &scoring.used,
        scoring.weights.as_deref(),
        &scoring.ideals,
    )?;
    let mut wins = [0; 2];
    let mut draws = 0;
    for r in &records {
        match r.winner {
            Some(w) => wins[w as usize] += 1,
            None => draws += 1,
        }
    }
    let mean_player_turns = records
        .iter()
        .map(|r| f64::from(r.player_turns))
        .sum::<f64>()
        / records.len().max(1) as f64;
    Ok(Playtest {
        criteria: c,
        fitness: f,
        wins,
        draws,
        mean_player_turns,
        records,
    })
}
