//! The variant designer as a problem for the engine's strategies, so that MAP-Elites
//! (`risk-explore`) can search the designer's space: the genome is a [`Variant`], drawn,
//! varied and scored by the designer's own initial draw, operators and playtest, and each
//! evaluation also carries what a quality-diversity archive spreads variants over.
//!
//! A variant's matches are seeded from the run's seed and the variant itself
//! ([`variant_seed`]), not from where it stands in a batch: the same variant gets the same
//! playtest, fitness and measures wherever and on however many threads it is evaluated, and
//! anyone can replay it.
//!
//! ```
//! use ludoforge_evolve::rng::stream;
//! use ludoforge_evolve::{Outcome, Problem};
//! use ludoforge_risk::criteria::Formulas;
//! use ludoforge_risk::design::{Settings, VariantProblem, playtest_variant, variant_seed};
//! use ludoforge_risk::playtest::Scoring;
//!
//! let settings = Settings { matches: 4, ..Settings::paper(Scoring::all(Formulas::Paper)) };
//! let problem = VariantProblem::new(settings.clone(), 7).unwrap();
//! let variant = problem.random_genome(&mut stream(7, 0, 0));
//! let Outcome::Evaluated(evaluation) = problem.evaluate(&variant) else { panic!() };
//! // The designer's fitness for this variant, its matches seeded by the variant.
//! let played = playtest_variant(&variant, &settings, variant_seed(7, &variant)).unwrap();
//! assert_eq!(evaluation.fitness, played.fitness);
//! assert_eq!(evaluation.descriptors[0], variant.map.territories.len() as f64);
//! assert_eq!(evaluation.descriptors[1], played.mean_player_turns);
//! ```

use std::borrow::Cow;
use std::sync::atomic::AtomicBool;

use ludoforge_evolve::rng::derive_seed;
use ludoforge_evolve::{Crossover, Evaluation, Mutate, Outcome, Problem, Rejection, Stream};

use super::operators::crossed;
use super::{
    DesignError, Settings, Variant, check, cross_rules, initial_maps, mutate,
    playtest_variant_until, random_variant,
};
use crate::criteria::Criterion;
use crate::map::MapFile;
use crate::playtest::Playtest;
use crate::record::MatchRecord;
use crate::rules::Rules;

/// How many times a crossover or a mutation is made again when it gives an invalid map (a
/// map that is not planar, not connected or too small), as the designer remakes an invalid
/// child.
pub const ATTEMPTS: usize = 100;

/// The measures every evaluation carries as descriptors, in this order: the territories on
/// the variant's map, the mean match length in player-turns (the `D_j` of the duration
/// criterion, Eq. 4) and the first player's advantage (see [`first_player_advantage`]).
pub const MEASURES: [&str; 3] = ["territories", "match_length", "first_player_advantage"];

/// The variant designer as an engine problem: the designer's settings (matches per playtest,
/// least territories, mutation rate, scoring, reading of the rules) and the run's seed.
#[derive(Debug, Clone)]
pub struct VariantProblem {
    settings: Settings,
    seed: u64,
    maps: Vec<MapFile>,
}

impl VariantProblem {
    /// The designer with `settings` (its generations, population and tournament are not
    /// used) for a run seeded by `seed`. Random variants draw their map among the initial
    /// maps the designer's [`check`] accepts with `min_territories`: unlike the designer's
    /// first generation, they leave out `map3`, which is not planar.
    ///
    /// # Errors
    /// [`DesignError::Settings`] for no matches, a mutation rate outside 0 to 1, or a least
    /// number of territories no initial map has.
    pub fn new(settings: Settings, seed: u64) -> Result<Self, DesignError> {
        if settings.matches == 0 {
            return Err(DesignError::Settings(
                "give at least one match per playtest".into(),
            ));
        }
        if !(0.0..=1.0).contains(&settings.mutation) {
            return Err(DesignError::Settings(format!(
                "the mutation rate must be between 0 and 1, not {}",
                settings.mutation
            )));
        }
        let maps: Vec<MapFile> = initial_maps()
            .into_iter()
            .filter(|m| check(m, settings.min_territories).is_ok())
            .collect();
        if maps.is_empty() {
            return Err(DesignError::Settings(format!(
                "no initial map has {} territories or more (the largest has {})",
                settings.min_territories,
                largest_initial_map()
            )));
        }
        Ok(VariantProblem {
            settings,
            seed,
            maps,
        })
    }

    /// The designer's settings.
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The run's seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The designer's playtest of `variant`, its matches seeded by [`variant_seed`].
    ///
    /// # Errors
    /// As [`playtest_variant`](super::playtest_variant).
    pub fn playtest(&self, variant: &Variant) -> Result<Playtest, DesignError> {
        self.playtest_until(variant, &AtomicBool::new(false))
    }

    /// [`playtest`](VariantProblem::playtest), no match begun once `cancel` is set.
    ///
    /// # Errors
    /// As [`playtest_variant_until`]: [`DesignError::Cancelled`] for a playtest cut short.
    pub fn playtest_until(
        &self,
        variant: &Variant,
        cancel: &AtomicBool,
    ) -> Result<Playtest, DesignError> {
        playtest_variant_until(
            variant,
            &self.settings,
            variant_seed(self.seed, variant),
            cancel,
        )
    }

    /// This problem with its playtests stopped between matches once `cancel` is set: what an
    /// engine that looks at the same flag evaluates with, so that a cancel does not wait for
    /// a playtest of many matches to end. An evaluation cut short is a rejection saying so,
    /// which such an engine never counts (it drops every outcome that ends after the flag is
    /// set); an uncancelled evaluation is the same as [`VariantProblem`]'s.
    #[must_use]
    pub fn until<'a>(&'a self, cancel: &'a AtomicBool) -> Until<'a> {
        Until {
            problem: self,
            cancel,
        }
    }

    /// A child of `a` and `b` with `rules`: the designer's map crossover, made again until
    /// the map is valid; after [`ATTEMPTS`] invalid maps, `a`'s map.
    ///
    /// The child keeps its parents' names (`child`, and territory names that may repeat): a
    /// variant's matches are seeded by a hash of the whole variant, names included
    /// ([`variant_seed`]), so naming children as the designer does would replay every
    /// explored variant on other dice and move the archive a run fills.
    fn child(&self, rules: Rules, a: &Variant, b: &Variant, rng: &mut Stream) -> Variant {
        for _ in 0..ATTEMPTS {
            let map = crossed(&a.map, &b.map, rng);
            if check(&map, self.settings.min_territories).is_ok() {
                return Variant { rules, map };
            }
        }
        Variant {
            rules,
            map: a.map.clone(),
        }
    }
}

/// The territories of the largest initial map the designer's [`check`] accepts.
#[must_use]
pub fn largest_initial_map() -> usize {
    initial_maps()
        .iter()
        .filter(|m| check(m, 0).is_ok())
        .map(|m| m.territories.len())
        .max()
        .unwrap_or(0)
}

/// The seed of `variant`'s playtest in a run seeded by `seed`: derived from the seed and a
/// fixed hash (FNV-1a, 64 bits) of the variant's JSON, so it is the same on every machine
/// and for a variant read back from its file.
///
/// ```
/// use ludoforge_risk::design::{Variant, variant_seed};
/// use ludoforge_risk::map::RiskMap;
/// use ludoforge_risk::rules::Rules;
/// let variant = Variant { rules: Rules::classic(), map: RiskMap::embedded("map8").unwrap().file().clone() };
/// let read_back: Variant = serde_json::from_str(&serde_json::to_string(&variant).unwrap()).unwrap();
/// assert_eq!(variant_seed(1, &variant), variant_seed(1, &read_back));
/// assert_ne!(variant_seed(1, &variant), variant_seed(2, &variant));
/// ```
#[must_use]
pub fn variant_seed(seed: u64, variant: &Variant) -> u64 {
    let bytes = serde_json::to_vec(variant).expect("a variant serialises");
    let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    derive_seed(seed, hash, 0)
}

/// The first player's advantage over a playtest's matches: (wins of the first player − wins
/// of the other) / decided matches, from −1 (the second player always wins) to 1 (the first
/// always does), 0 when no match was decided. The first player is [`MatchRecord::first`], the
/// paper's "player 1"; the value's magnitude is the paper's advantage criterion (Eq. 5, with
/// the paper's formulas), its sign says which player is favoured.
///
/// ```
/// use ludoforge_risk::criteria::{Formulas, paper};
/// use ludoforge_risk::design::first_player_advantage;
/// use ludoforge_risk::record::MatchRecord;
/// let ended = |winner| MatchRecord { turns: vec![], winner, player_turns: 10, first: 0 };
/// let matches = [ended(Some(0)), ended(Some(0)), ended(Some(0)), ended(Some(1)), ended(None)];
/// assert_eq!(first_player_advantage(&matches), 0.5);
/// assert_eq!(paper::advantage(&matches), 0.5);
/// ```
#[must_use]
pub fn first_player_advantage(matches: &[MatchRecord]) -> f64 {
    let (mut first, mut second) = (0u32, 0u32);
    for m in matches {
        match m.winner {
            Some(w) if (w != 0) == (m.first != 0) => first += 1,
            Some(_) => second += 1,
            None => {}
        }
    }
    let decided = first + second;
    if decided == 0 {
        0.0
    } else {
        (f64::from(first) - f64::from(second)) / f64::from(decided)
    }
}

/// The [`MEASURES`] of a variant and its playtest.
#[must_use]
pub fn measures(variant: &Variant, playtest: &Playtest) -> [f64; 3] {
    [
        variant.map.territories.len() as f64,
        playtest.mean_player_turns,
        first_player_advantage(&playtest.records),
    ]
}

/// A [`VariantProblem`] whose playtests stop once a cancel flag is set (see
/// [`VariantProblem::until`]).
#[derive(Debug, Clone, Copy)]
pub struct Until<'a> {
    problem: &'a VariantProblem,
    cancel: &'a AtomicBool,
}

impl Problem for Until<'_> {
    type Genome = Variant;

    fn random_genome(&self, rng: &mut Stream) -> Variant {
        self.problem.random_genome(rng)
    }

    /// As [`VariantProblem`]'s, the playtest stopped between matches once the flag is set.
    fn evaluate(&self, variant: &Variant) -> Outcome {
        self.problem.evaluate_until(variant, self.cancel)
    }
}

impl Mutate for Until<'_> {
    fn mutate(&self, variant: &mut Variant, rng: &mut Stream) {
        self.problem.mutate(variant, rng);
    }
}

impl Crossover for Until<'_> {
    fn crossover(&self, a: &Variant, b: &Variant, rng: &mut Stream) -> (Variant, Variant) {
        self.problem.crossover(a, b, rng)
    }
}

impl VariantProblem {
    /// [`Problem::evaluate`], the playtest stopped between matches once `cancel` is set.
    fn evaluate_until(&self, variant: &Variant, cancel: &AtomicBool) -> Outcome {
        let rejected = |reason: String| {
            Outcome::Rejected(Rejection {
                reason: Cow::Owned(reason),
            })
        };
        if let Err(reason) = check(&variant.map, self.settings.min_territories) {
            return rejected(reason.to_string());
        }
        match self.playtest_until(variant, cancel) {
            Ok(played) => Outcome::Evaluated(Evaluation {
                fitness: played.fitness,
                components: Criterion::ALL
                    .iter()
                    .map(|c| (c.name().to_string(), played.criteria.get(*c)))
                    .collect(),
                descriptors: measures(variant, &played).to_vec(),
            }),
            Err(e) => rejected(e.to_string()),
        }
    }
}

impl Problem for VariantProblem {
    type Genome = Variant;

    /// A variant of the designer's initial population (see [`super::random_variant`]).
    fn random_genome(&self, rng: &mut Stream) -> Variant {
        random_variant(rng, self.settings.compat, &self.maps)
    }

    /// The designer's fitness (lower is better), the seven criteria as components, and the
    /// [`MEASURES`] as descriptors; a variant whose map the designer would refuse is
    /// rejected with the reason.
    fn evaluate(&self, variant: &Variant) -> Outcome {
        self.evaluate_until(variant, &AtomicBool::new(false))
    }
}

impl Mutate for VariantProblem {
    /// The designer's mutation (each rule and map operator with the mutation rate), made
    /// again until the map is valid; after [`ATTEMPTS`] invalid maps the variant is left as
    /// it was.
    fn mutate(&self, variant: &mut Variant, rng: &mut Stream) {
        for _ in 0..ATTEMPTS {
            let mut child = variant.clone();
            mutate(&mut child, self.settings.mutation, rng);
            if check(&child.map, self.settings.min_territories).is_ok() {
                *variant = child;
                return;
            }
        }
    }
}

impl Crossover for VariantProblem {
    /// The designer's crossover: the rule parameters by a random half mask (two children),
    /// and for each child a map of continents from both parents, made again until valid.
    fn crossover(&self, a: &Variant, b: &Variant, rng: &mut Stream) -> (Variant, Variant) {
        let (ra, rb) = cross_rules(&a.rules, &b.rules, rng);
        let first = self.child(ra, a, b, rng);
        let second = self.child(rb, a, b, rng);
        (first, second)
    }
}

#[cfg(test)]
mod tests {
    use ludoforge_evolve::rng::stream;

    use super::*;
    use crate::criteria::Formulas;
    use crate::playtest::Scoring;

    fn problem(min_territories: usize) -> VariantProblem {
        let settings = Settings {
            matches: 2,
            min_territories,
            ..Settings::paper(Scoring::all(Formulas::Paper))
        };
        VariantProblem::new(settings, 3).unwrap()
    }

    #[test]
    fn every_initial_map_but_map3_passes_the_designers_check() {
        for (name, map) in super::super::INITIAL_MAPS.iter().zip(initial_maps()) {
            let wanted = if *name == "map3" {
                Err(super::super::Reject::NotPlanar)
            } else {
                Ok(())
            };
            assert_eq!(check(&map, 2), wanted, "{name}");
        }
    }

    #[test]
    fn a_playtest_cut_by_a_cancel_is_no_score() {
        let p = problem(9);
        let variant = p.random_genome(&mut stream(99, 0, 0));
        let running = AtomicBool::new(false);
        assert_eq!(p.until(&running).evaluate(&variant), p.evaluate(&variant));
        let cancelled = AtomicBool::new(true);
        let Outcome::Rejected(cut) = p.until(&cancelled).evaluate(&variant) else {
            panic!("a cut playtest was scored");
        };
        assert!(cut.reason.contains("cancelled"), "{}", cut.reason);
    }

    #[test]
    fn varied_variants_stay_valid() {
        let p = problem(9);
        for i in 0..40 {
            let mut rng = stream(99, i, 0);
            let a = p.random_genome(&mut rng);
            let b = p.random_genome(&mut rng);
            let (mut c, d) = p.crossover(&a, &b, &mut rng);
            p.mutate(&mut c, &mut rng);
            for v in [&c, &d] {
                assert_eq!(check(&v.map, 9), Ok(()));
                assert!(v.rules.validate().is_ok());
            }
        }
    }

    #[test]
    fn random_variants_meet_the_least_number_of_territories() {
        let p = problem(15);
        for i in 0..20 {
            assert!(p.random_genome(&mut stream(99, i, 0)).map.territories.len() >= 15);
        }
        let settings = Settings {
            min_territories: 43,
            ..p.settings().clone()
        };
        let refused = VariantProblem::new(settings, 1).unwrap_err().to_string();
        assert!(refused.contains("the largest has 42"), "{refused}");
    }
}
