//! Risk variants under ask and tell ([`ludoforge_job::search`]): the variants bred by the
//! designer's own initial draw, crossover and mutation ([`VariantProblem`]), every one a
//! variant the designer would play.
//!
//! The parameters are the `risk-design` job's, checked with the job's words: the matches per
//! playtest, the mutation rate, the least number of territories, the reading of the rules, the
//! criteria and their weights, and the agents. Its generations, offspring, tournament and
//! second look (`reevaluate`, `reevaluate_matches`) are a whole run's, and are read but not
//! used.
//!
//! A candidate's check plays no match: its rules are within range ([`Rules::validate`](crate::rules::Rules::validate)) and
//! its map is one the designer plays ([`check`]: no empty continent, at least
//! `min_territories` territories, a valid connected map, planar).
//!
//! A candidate's document is the variant as `risk-design` writes one (`generator`, `seed`,
//! `rules`, `map`), without the playtest's figures since it has not been played:
//! `risk-playtest` reads it as its `variant`. The seed is the one its playtests are drawn
//! from ([`variant_seed`](crate::design::variant_seed)), 0 unless
//! [`VariantContent::with_seed`] sets another. A variant has no board.
//!
//! The generator's own evaluation is the designer's ([`VariantProblem`]'s): a playtest of
//! `matches` matches (slow: 100 by default), the fitness the distance of the criteria to their
//! ideals (lower is better, so a search told it minimises), the seven criteria as components
//! and [`MEASURES`](crate::design::MEASURES) as descriptors (`territories`, `match_length`,
//! `first_player_advantage`).

use ludoforge_job::JobError;
use ludoforge_job::params::typed;
use ludoforge_job::search::Content;
use serde_json::Value;

use super::design::{DesignParams, unplayed_document};
use crate::design::{Variant, VariantProblem, check, largest_initial_map};

/// Risk variants of `risk-design`'s parameters.
#[derive(Debug, Clone)]
pub struct VariantContent {
    problem: VariantProblem,
}

impl VariantContent {
    /// The content `risk-design`'s parameters describe (its whole run's settings are read but
    /// not used), its playtests seeded from 0.
    ///
    /// ```
    /// use ludoforge_risk::job::VariantContent;
    /// assert!(VariantContent::new(&serde_json::json!({"matches": 10})).is_ok());
    /// let refused = VariantContent::new(&serde_json::json!({"mutation": 2.0})).unwrap_err();
    /// assert_eq!(refused.to_string(), "mutation 2: give a probability between 0 and 1");
    /// ```
    ///
    /// # Errors
    /// [`JobError::Parameters`] as the job words it, and for a least number of territories no
    /// initial map has (the designer's random variants draw among the initial maps).
    pub fn new(params: &Value) -> Result<VariantContent, JobError> {
        let p: DesignParams = typed(params)?;
        let settings = p.settings()?;
        let largest = largest_initial_map();
        if p.min_territories > largest {
            return Err(JobError::parameters(format!(
                "min_territories {}: no initial map has that many territories (the largest \
                 has {largest}); give at most {largest}",
                p.min_territories
            )));
        }
        let problem =
            VariantProblem::new(settings, 0).map_err(|e| JobError::parameters(e.to_string()))?;
        Ok(VariantContent { problem })
    }

    /// The same content with its variants' playtests seeded from `seed` (the `seed` of their
    /// documents).
    ///
    /// # Panics
    /// Never: the settings were accepted when the content was made.
    #[must_use]
    pub fn with_seed(self, seed: u64) -> VariantContent {
        let settings = self.problem.settings().clone();
        VariantContent {
            problem: VariantProblem::new(settings, seed).expect("settings already accepted"),
        }
    }
}

impl Content for VariantContent {
    type Problem = VariantProblem;

    fn problem(&self) -> &VariantProblem {
        &self.problem
    }

    /// The rules within range and a map the designer plays, or why not.
    fn check(&self, variant: &Variant) -> Result<(), String> {
        variant
            .rules
            .validate()
            .map_err(|e| format!("the rules are out of range: {e}"))?;
        check(&variant.map, self.problem.settings().min_territories)
            .map_err(|reason| reason.to_string())
    }

    /// The variant as `risk-design` writes one, before any playtest.
    fn document(&self, variant: &Variant) -> Value {
        unplayed_document(self.problem.seed(), variant)
    }
}

#[cfg(test)]
mod tests {
    use ludoforge_evolve::Outcome;
    use ludoforge_job::Job;
    use ludoforge_job::search::{AskTell, Candidate, Options, Searcher};
    use serde_json::{Value, json};

    use super::*;
    use crate::job::{DesignJob, PlaytestJob, PlaytestParams};
    use crate::rules::Rules;

    /// Short playtests, and a whole run's settings that are not used.
    fn params() -> Value {
        json!({"matches": 2, "generations": 3, "offspring": 6})
    }

    fn search(params: &Value, batch: usize) -> Searcher<VariantContent> {
        Searcher::new(
            VariantContent::new(params).unwrap(),
            "risk-design",
            params.clone(),
            Options {
                batch,
                seed: 3,
                ..Options::default()
            },
        )
        .unwrap()
    }

    /// The fitness told: large maps with few troops, read off the document.
    fn fitness(batch: &[Candidate]) -> Vec<f64> {
        batch
            .iter()
            .map(|c| {
                let territories = c.document["map"]["territories"].as_array().unwrap().len();
                territories as f64 - c.document["rules"]["troop_factor"].as_f64().unwrap()
            })
            .collect()
    }

    /// Each document read back by `risk-playtest`'s variant reader, the designer's checks
    /// passed by what it read; the variant itself, read back as the genome.
    fn read_back(candidate: &Candidate, min_territories: usize) -> Variant {
        assert!(candidate.board.is_none());
        let variant = json!({"variant": candidate.document});
        PlaytestJob.check(&variant).unwrap();
        let game = typed::<PlaytestParams>(&variant).unwrap().game().unwrap();
        game.rules.validate().unwrap();
        assert_eq!(check(game.map.file(), min_territories), Ok(()));
        let read: Variant = serde_json::from_value(candidate.document.clone()).unwrap();
        assert_eq!(
            (read.rules, read.map.clone()),
            (game.rules, game.map.file().clone())
        );
        read
    }

    fn rounds(search: &mut Searcher<VariantContent>, rounds: usize) -> Vec<Value> {
        let mut documents = Vec::new();
        for _ in 0..rounds {
            let batch = search.ask().unwrap();
            search.tell(&fitness(&batch), None).unwrap();
            documents.extend(batch.into_iter().map(|c| c.document));
        }
        documents
    }

    #[test]
    fn search_asks_variants_the_designer_plays() {
        let params = params();
        let content = VariantContent::new(&params).unwrap();
        let mut search = search(&params, 8);
        let mut last = Vec::new();
        for _ in 0..3 {
            let batch = search.ask().unwrap();
            assert_eq!(batch.len(), 8);
            for candidate in &batch {
                let variant = read_back(candidate, 9);
                assert_eq!(content.check(&variant), Ok(()));
                assert_eq!(candidate.document["generator"], "risk-design");
                assert_eq!(candidate.document["seed"], 0);
            }
            let told = search.tell(&fitness(&batch), None).unwrap();
            assert_eq!(told.invalid, 0);
            last = batch;
        }
        assert_eq!(search.iteration(), 3);
        let (best, fitness) = search.best().unwrap();
        assert_eq!(fitness, super::tests::fitness(&[best])[0]);
        // The designer's own evaluation, of one candidate only (it plays matches).
        let variant = read_back(&last[0], 9);
        let Outcome::Evaluated(evaluation) = content.evaluate(&variant) else {
            panic!("a valid variant was rejected");
        };
        assert_eq!(evaluation.components.len(), 7);
        assert_eq!(
            evaluation.descriptors[0],
            variant.map.territories.len() as f64
        );
        assert!(evaluation.fitness.is_finite());
    }

    #[test]
    fn default_parameters_make_variants() {
        let mut search = search(&json!({}), 4);
        let batch = search.ask().unwrap();
        assert_eq!(batch.len(), 4);
        for candidate in &batch {
            read_back(candidate, 9);
        }
        search.tell(&fitness(&batch), None).unwrap();
        assert_eq!(search.ask().unwrap().len(), 4);
    }

    #[test]
    fn same_seed_and_scores_give_the_same_variants_on_any_number_of_threads() {
        let run = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| rounds(&mut search(&params(), 8), 3))
        };
        let one = run(1);
        assert_eq!(one.len(), 24);
        assert!(one.iter().any(|d| d != &one[0]));
        assert_eq!(one, run(2));
    }

    #[test]
    fn a_saved_search_goes_on_as_the_original() {
        let params = params();
        let mut original = search(&params, 8);
        rounds(&mut original, 1);
        // Saved with a batch asked and not told.
        let asked = original.ask().unwrap();
        let bytes = original.save().unwrap();
        let (generator, saved_params) = ludoforge_job::search::saved_generator(&bytes).unwrap();
        assert_eq!(
            (generator.as_str(), &saved_params),
            ("risk-design", &params)
        );
        let mut loaded =
            Searcher::load(VariantContent::new(&saved_params).unwrap(), &bytes).unwrap();
        assert_eq!(loaded.ask().unwrap(), asked);
        original.tell(&fitness(&asked), None).unwrap();
        loaded.tell(&fitness(&asked), None).unwrap();
        assert_eq!(rounds(&mut loaded, 2), rounds(&mut original, 2));
    }

    #[test]
    fn bad_parameters_are_refused_in_the_jobs_words() {
        for params in [
            json!({"mutation": 2.0}),
            json!({"matches": 0}),
            json!({"offspring": 1}),
            json!({"weights": [1, 2]}),
            json!({"population": 50}),
        ] {
            let refused = VariantContent::new(&params).unwrap_err();
            let job = DesignJob.check(&params).unwrap_err();
            assert_eq!(refused.to_string(), job.to_string(), "{params}");
            assert!(matches!(refused, JobError::Parameters(_)), "{refused}");
        }
        let refused = VariantContent::new(&json!({"mutation": 2.0})).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "mutation 2: give a probability between 0 and 1"
        );
        let refused = VariantContent::new(&json!({"min_territories": 50})).unwrap_err();
        assert!(
            refused
                .to_string()
                .starts_with("min_territories 50: no initial map has that many territories"),
            "{refused}"
        );
    }

    #[test]
    fn an_invalid_variant_is_refused_with_the_reason() {
        let content = VariantContent::new(&json!({"min_territories": 20})).unwrap();
        let map8 = crate::map::RiskMap::embedded("map8")
            .unwrap()
            .file()
            .clone();
        let small = Variant {
            rules: Rules::classic(),
            map: map8,
        };
        let reason = content.check(&small).unwrap_err();
        assert_eq!(reason, "fewer territories than the least allowed");
        let wild = Variant {
            rules: Rules {
                troop_factor: 9,
                ..Rules::classic()
            },
            ..small.clone()
        };
        let reason = content.check(&wild).unwrap_err();
        assert!(reason.starts_with("the rules are out of range"), "{reason}");
        let seeded = content.with_seed(5);
        assert_eq!(seeded.document(&small)["seed"], 5);
        assert_eq!(seeded.problem().seed(), 5);
    }
}
