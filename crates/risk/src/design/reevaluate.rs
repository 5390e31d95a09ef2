//! The designer's second look: before choosing, the best candidates of the final population
//! are played again with fresh matches, more of them, and the one with the best fitness then
//! is chosen.
//!
//! A generation's best is the best of many noisy playtests, so its fitness flatters it (the
//! paper names this instability, section 5.1: "a low value [may] appear and be lost in a new
//! evaluation"). Re-playing the top few on matches none of them was chosen on measures them
//! without that bias, and on more matches. The genetic algorithm is not changed: the same
//! variants are bred, and only the final choice and the report differ.
//!
//! Candidate of rank `r` (1 the run's best) plays from the seed `derive_seed(seed, REEVALUATION,
//! r)`, its match `i` from stream `(that seed, i, 0)`: apart from every stream of the run
//! (generation `g` plays `(seed, g, i)`, `g` at most 100,000, and the run's own stream is
//! `(seed, u64::MAX, 0)`), and the same on any number of threads.

use std::sync::atomic::{AtomicBool, Ordering};

use ludoforge_evolve::rng::derive_seed;
use serde::Serialize;

use super::{Design, DesignError, Member, Settings};
use crate::criteria::Criteria;
use crate::criteria::interval::{Intervals, intervals};
use crate::map::RiskMap;
use crate::playtest::playtest_until;
use crate::stats::Interval;
use crate::steady::{Matches, Stop, playtest_steady};

/// The first coordinate of the re-plays' seeds: `u64::MAX − 1`, which no generation reaches.
pub const REEVALUATION: u64 = u64::MAX - 1;

/// How the best candidates are re-played before choosing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reevaluation {
    /// How many: the best `top` of the final population (all of it if smaller; 0: none, and
    /// the run's best is chosen).
    pub top: usize,
    /// The matches of each re-play.
    pub matches: Matches,
}

impl Reevaluation {
    /// The default: the top 5, each with 4 times the run's matches per playtest.
    ///
    /// ```
    /// use ludoforge_risk::criteria::Formulas;
    /// use ludoforge_risk::design::{Reevaluation, Settings};
    /// use ludoforge_risk::playtest::Scoring;
    /// use ludoforge_risk::steady::Matches;
    /// let settings = Settings::paper(Scoring::all(Formulas::Paper));
    /// let how = Reevaluation::default_for(&settings);
    /// assert_eq!((how.top, how.matches), (5, Matches::Count(400)));
    /// assert_eq!(how.rule(50), "the best of the top 5 re-played with 400 fresh matches each");
    /// ```
    #[must_use]
    pub fn default_for(settings: &Settings) -> Reevaluation {
        Reevaluation {
            top: 5,
            matches: Matches::Count(settings.matches.saturating_mul(4)),
        }
    }

    /// The rule in words, for a population of `population` variants.
    #[must_use]
    pub fn rule(&self, population: usize) -> String {
        let top = self.top.min(population);
        let how = match self.matches {
            Matches::Count(n) => format!("with {n} fresh matches each"),
            Matches::Auto(auto) => format!(
                "with fresh matches each until the fitness's 95% interval is narrower than \
                 ± {} (at most {} matches)",
                auto.epsilon(),
                auto.cap
            ),
        };
        format!("the best of the top {top} re-played {how}")
    }
}

/// What one re-play measured.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Replay {
    /// The fitness on the fresh matches.
    pub fitness: f64,
    /// Its 95% interval.
    pub fitness_interval: Option<Interval>,
    /// The criteria on the fresh matches.
    pub criteria: Criteria,
    /// Their intervals, and the fitness's.
    pub intervals: Intervals,
    /// Matches played.
    pub matches: usize,
    /// Why an automatic re-play stopped (`None` for a number of matches).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stop: Option<Stop>,
}

/// One candidate: where the run placed it, what the run measured, and its re-play.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Candidate {
    /// Its place in the final population, 1 for the run's best.
    pub rank: usize,
    /// The run's fitness (the mean over its playtests).
    pub fitness: f64,
    /// The run's fitness's 95% interval.
    pub fitness_interval: Option<Interval>,
    /// Playtests the run's fitness averages.
    pub playtests: u32,
    /// The territories on its map.
    pub territories: usize,
    /// The re-play.
    pub replay: Replay,
}

/// The designer's choice after the second look.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choice {
    /// The rule, in words ("the best of the top 5 re-played with 400 fresh matches each").
    pub rule: String,
    /// The candidates re-played, best of the run first.
    pub candidates: Vec<Candidate>,
    /// The position in `candidates` of the one chosen.
    pub chosen: usize,
}

impl Choice {
    /// The candidate chosen.
    #[must_use]
    pub fn chosen(&self) -> &Candidate {
        &self.candidates[self.chosen]
    }

    /// The chosen variant in the run's final population.
    #[must_use]
    pub fn member<'a>(&self, design: &'a Design) -> &'a Member {
        &design.population[self.chosen().rank - 1]
    }
}

/// The position of the lowest re-played fitness among `candidates` (the first on a tie, so
/// the run's order breaks it); `None` for none.
///
/// ```
/// use ludoforge_risk::design::choose;
/// assert_eq!(choose(&[]), None);
/// ```
#[must_use]
pub fn choose(candidates: &[Candidate]) -> Option<usize> {
    candidates
        .iter()
        .enumerate()
        .min_by(|(i, a), (j, b)| a.replay.fitness.total_cmp(&b.replay.fitness).then(i.cmp(j)))
        .map(|(i, _)| i)
}

/// Re-plays the best `how.top` of `design`'s final population (a run of `settings` seeded by
/// `seed`) and chooses the best of them on the fresh matches. `on_match` is called after each
/// match. `Ok(None)` when `how.top` is 0, or when `cancel` is set before the last re-play ends
/// (a cut re-play would be compared on fewer matches than the others): the run's best stands.
///
/// # Errors
/// [`DesignError::Settings`] for a map that cannot be played, [`DesignError::Criteria`] for
/// weights that do not fit the criteria.
pub fn reevaluate_until(
    design: &Design,
    settings: &Settings,
    how: &Reevaluation,
    seed: u64,
    on_match: &(dyn Fn() + Sync),
    cancel: &AtomicBool,
) -> Result<Option<Choice>, DesignError> {
    let top = how.top.min(design.population.len());
    let mut candidates = Vec::with_capacity(top);
    for (i, member) in design.population.iter().take(top).enumerate() {
        let rank = i + 1;
        let replay_seed = derive_seed(seed, REEVALUATION, rank as u64);
        let map = RiskMap::new(member.variant.map.clone())
            .map_err(|e| DesignError::Settings(e.to_string()))?;
        let rules = member.variant.rules;
        let scoring = &settings.scoring;
        let (played, found, stop) = match how.matches {
            Matches::Count(n) => {
                let p = playtest_until(&map, rules, n, replay_seed, scoring, on_match, cancel)?;
                let found = intervals(&p.records, scoring, replay_seed)?;
                (p, found, None)
            }
            Matches::Auto(auto) => {
                let s = playtest_steady(&map, rules, auto, replay_seed, scoring, on_match, cancel)?;
                (s.playtest, s.intervals, Some(s.stop))
            }
        };
        if cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        candidates.push(Candidate {
            rank,
            fitness: member.fitness,
            fitness_interval: member.fitness_interval,
            playtests: member.playtests,
            territories: member.variant.map.territories.len(),
            replay: Replay {
                fitness: played.fitness,
                fitness_interval: found.fitness,
                criteria: played.criteria,
                intervals: found,
                matches: played.records.len(),
                stop,
            },
        });
    }
    Ok(choose(&candidates).map(|chosen| Choice {
        rule: how.rule(design.population.len()),
        candidates,
        chosen,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::criteria::Formulas;
    use crate::design::design;
    use crate::playtest::Scoring;

    fn small() -> Settings {
        Settings {
            generations: 2,
            offspring: 6,
            tournament: 3,
            matches: 10,
            ..Settings::paper(Scoring::all(Formulas::Paper))
        }
    }

    #[test]
    fn the_chosen_candidate_has_the_lowest_replayed_fitness() {
        let settings = small();
        let run = design(&settings, 3, &|_| {}).unwrap();
        let how = Reevaluation {
            top: 4,
            matches: Matches::Count(30),
        };
        let stop = AtomicBool::new(false);
        let choice = reevaluate_until(&run, &settings, &how, 3, &|| {}, &stop)
            .unwrap()
            .unwrap();
        assert_eq!(choice.candidates.len(), 4);
        let ranks: Vec<usize> = choice.candidates.iter().map(|c| c.rank).collect();
        assert_eq!(ranks, [1, 2, 3, 4]);
        let best = choice.chosen().replay.fitness;
        assert!(choice.candidates.iter().all(|c| c.replay.fitness >= best));
        for c in &choice.candidates {
            assert_eq!(c.replay.matches, 30);
            assert_eq!(c.fitness, run.population[c.rank - 1].fitness);
            assert!(
                c.replay
                    .fitness_interval
                    .unwrap()
                    .contains(c.replay.fitness)
            );
        }
        assert_eq!(
            choice.rule,
            "the best of the top 4 re-played with 30 fresh matches each"
        );
        // The re-play is the same every time; the run is not changed by it.
        let again = reevaluate_until(&run, &settings, &how, 3, &|| {}, &stop).unwrap();
        assert_eq!(again, Some(choice));
        assert_eq!(design(&settings, 3, &|_| {}).unwrap(), run);
    }

    #[test]
    fn fresh_matches_are_not_the_runs() {
        // The re-play of the run's best on the run's own number of matches is none of the
        // playtests any seed of the run would give it: other streams.
        let settings = small();
        let run = design(&settings, 5, &|_| {}).unwrap();
        let how = Reevaluation {
            top: 1,
            matches: Matches::Count(settings.matches),
        };
        let stop = AtomicBool::new(false);
        let choice = reevaluate_until(&run, &settings, &how, 5, &|| {}, &stop)
            .unwrap()
            .unwrap();
        let replayed = &choice.candidates[0].replay;
        for generation in 0..=u64::from(settings.generations) {
            let indexes = (0..settings.offspring as u64).chain([u64::MAX]);
            for index in indexes {
                let seed = derive_seed(5, generation, index);
                let runs = super::super::playtest_variant(&run.best.variant, &settings, seed);
                assert_ne!(
                    runs.unwrap().criteria,
                    replayed.criteria,
                    "{generation} {index}"
                );
            }
        }
    }

    #[test]
    fn none_replayed_or_stopped_leaves_the_runs_best() {
        let settings = small();
        let run = design(&settings, 1, &|_| {}).unwrap();
        let none = Reevaluation {
            top: 0,
            matches: Matches::Count(5),
        };
        let go = AtomicBool::new(false);
        assert_eq!(
            reevaluate_until(&run, &settings, &none, 1, &|| {}, &go).unwrap(),
            None
        );
        let some = Reevaluation { top: 3, ..none };
        let stopped = AtomicBool::new(true);
        assert_eq!(
            reevaluate_until(&run, &settings, &some, 1, &|| {}, &stopped).unwrap(),
            None
        );
        // More candidates asked for than the population holds: all of it.
        let many = Reevaluation { top: 50, ..none };
        let all = reevaluate_until(&run, &settings, &many, 1, &|| {}, &go)
            .unwrap()
            .unwrap();
        assert_eq!(all.candidates.len(), 6);
        assert!(all.rule.starts_with("the best of the top 6 "));
    }
}
