//! Gloomhaven scenarios under ask and tell ([`ludoforge_job::search`]): scenarios bred by the
//! `gloomhaven` job's own new maps, crossover and mutation, every one kept only if the search
//! itself would keep it.
//!
//! The content is made from the `gloomhaven` job's parameters (its preset, players, weights,
//! goal, mutation, table, Creator limit and starting scenario files), checked by the job's own
//! validation; `cycles` and `top`, which only a whole run uses, are accepted and ignored. The
//! search uses the built-in catalog, so a `catalog` is refused.
//!
//! A candidate's document is the scenario as the job's result lists it (an entry of its
//! `scenarios`: the scenario file's record with its score, components and difficulty), which
//! `gloomhaven --from`, `export-vgb` and the crate's reader read back as one scenario. A
//! scenario the search makes has no name of its own: it gets one made from its themes
//! ([`crate::names::scenario_name`]), the same for the same scenario. Hex maps are not grids,
//! so a candidate has no board. The job's own evaluation gives its score as the fitness, the
//! five components by name and, as descriptors, the measures of `gloomhaven-explore`:
//! `difficulty`, `size` and `monster_themes`.
//!
//! ```
//! use ludoforge_gloomhaven::job::ScenarioContent;
//! use ludoforge_job::search::{AskTell, Options, Searcher};
//! let params = serde_json::json!({"preset": "gloomdungeons"});
//! let content = ScenarioContent::new(&params).unwrap();
//! let mut search = Searcher::new(content, "gloomhaven", params, Options {
//!     batch: 2,
//!     seed: 1,
//!     ..Options::default()
//! })
//! .unwrap();
//! let batch = search.ask().unwrap();
//! assert!(batch[0].document["tiles"].is_array());
//! let monsters: Vec<f64> = batch
//!     .iter()
//!     .map(|c| c.document["monsters"].as_array().unwrap().len() as f64)
//!     .collect();
//! search.tell(&monsters, None).unwrap();
//! ```

use ludoforge_evolve::{Crossover, Evaluation, Mutate, Outcome, Problem, Stream};
use ludoforge_job::params::typed;
use ludoforge_job::search::Content;
use ludoforge_job::{JobError, Spec};
use serde_json::Value;

use super::evolve::GloomhavenJob;
use super::explore::measures;
use super::params::GloomhavenParams;
use crate::catalog::Catalog;
use crate::evolution::{GloomProblem, Settings};
use crate::export::ScenarioEntry;
use crate::fitness::COMPONENTS;
use crate::names::scenario_name;
use crate::scenario::Scenario;

/// The `gloomhaven` job's search problem on the built-in catalog, whose fresh scenarios (a
/// starting scenario on a new map) carry no official name or number.
#[derive(Debug, Clone)]
pub struct ScenarioProblem {
    inner: GloomProblem<'static>,
}

impl ScenarioProblem {
    /// The job's problem underneath.
    #[must_use]
    pub fn inner(&self) -> &GloomProblem<'static> {
        &self.inner
    }
}

impl Problem for ScenarioProblem {
    type Genome = Scenario;

    fn random_genome(&self, rng: &mut Stream) -> Scenario {
        let mut s = self.inner.random_genome(rng);
        s.name.clear();
        s.number = None;
        s
    }

    fn evaluate(&self, s: &Scenario) -> Outcome {
        self.inner.evaluate(s)
    }
}

impl Mutate for ScenarioProblem {
    fn mutate(&self, s: &mut Scenario, rng: &mut Stream) {
        self.inner.mutate(s, rng);
    }
}

impl Crossover for ScenarioProblem {
    fn crossover(&self, a: &Scenario, b: &Scenario, rng: &mut Stream) -> (Scenario, Scenario) {
        self.inner.crossover(a, b, rng)
    }

    fn first_child(&self, a: &Scenario, b: &Scenario, rng: &mut Stream) -> Scenario {
        self.inner.first_child(a, b, rng)
    }
}

/// Gloomhaven scenarios of the `gloomhaven` job's parameters, on the built-in catalog.
#[derive(Debug, Clone)]
pub struct ScenarioContent {
    problem: ScenarioProblem,
    settings: Settings,
}

impl ScenarioContent {
    /// The content the `gloomhaven` job's parameters describe, checked as the job checks them
    /// (its starting scenarios included); `cycles` and `top` are accepted and not used.
    ///
    /// # Errors
    /// [`JobError::Parameters`] as the job words it, or for a `catalog` (the search uses the
    /// built-in one); [`JobError::Input`] for a starting scenario file the job cannot use.
    pub fn new(params: &Value) -> Result<ScenarioContent, JobError> {
        let p: GloomhavenParams = typed(params)?;
        if p.catalog.is_some() {
            return Err(JobError::parameters(
                "catalog: a search over Gloomhaven scenarios uses the built-in catalog; leave \
                 catalog out",
            ));
        }
        // Only a whole run counts its cycles and keeps its best: check the rest as the job
        // does, with the values an exploration uses for those two.
        let checked = GloomhavenJob.validate(&GloomhavenParams {
            cycles: 1,
            top: 1,
            ..p
        })?;
        Ok(ScenarioContent {
            problem: ScenarioProblem {
                inner: GloomProblem::from_start(
                    Catalog::shared(),
                    checked.settings,
                    &checked.start,
                ),
            },
            settings: checked.settings,
        })
    }

    /// The search's settings, as the job would run them.
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The catalog the scenarios are built from (the built-in one).
    #[must_use]
    pub fn catalog(&self) -> &'static Catalog {
        Catalog::shared()
    }
}

/// A name for a scenario the search made, from its themes, drawn by a seed taken from the
/// scenario itself (FNV-1a of its JSON), so the same scenario always has the same name.
fn name_of(catalog: &Catalog, s: &Scenario) -> String {
    if !s.name.is_empty() {
        return s.name.clone();
    }
    let bytes = serde_json::to_vec(s).unwrap_or_default();
    let seed = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    scenario_name(catalog, s, seed)
}

impl Content for ScenarioContent {
    type Problem = ScenarioProblem;

    fn problem(&self) -> &ScenarioProblem {
        &self.problem
    }

    fn check(&self, s: &Scenario) -> Result<(), String> {
        self.problem
            .inner
            .admits(s)
            .map_err(|r| r.reason.into_owned())
    }

    fn document(&self, s: &Scenario) -> Value {
        let catalog = Catalog::shared();
        let entry = ScenarioEntry::of(catalog, s, &name_of(catalog, s), &self.settings.fitness);
        serde_json::to_value(entry).unwrap_or(Value::Null)
    }

    fn evaluate(&self, s: &Scenario) -> Outcome {
        if let Err(rejection) = self.problem.inner.admits(s) {
            return Outcome::Rejected(rejection);
        }
        let catalog = Catalog::shared();
        let fitness = &self.settings.fitness;
        let components = fitness.components(catalog, s);
        Outcome::Evaluated(Evaluation {
            fitness: fitness.weighted(&components),
            components: COMPONENTS
                .iter()
                .zip(components)
                .map(|(name, c)| ((*name).to_string(), c))
                .collect(),
            descriptors: measures(catalog, s, fitness.players),
        })
    }
}

#[cfg(test)]
mod tests {
    use ludoforge_job::search::{AskTell, Options, Searcher};
    use serde_json::json;

    use super::*;
    use crate::job::{FileContent, check_valid, read_scenarios};

    const BATCH: usize = 16;

    fn searcher(params: &Value, seed: u64) -> Searcher<ScenarioContent> {
        Searcher::new(
            ScenarioContent::new(params).unwrap(),
            "gloomhaven",
            params.clone(),
            Options {
                batch: BATCH,
                seed,
                ..Options::default()
            },
        )
        .unwrap()
    }

    /// The scenario a document holds, read back by the crate's own reader.
    fn read_back(document: &Value) -> Scenario {
        let file = FileContent {
            name: Some("a candidate".into()),
            content: document.clone(),
        };
        let (mut scenarios, warning) = read_scenarios(Catalog::shared(), &file, "a candidate")
            .expect("the document reads back");
        assert_eq!((scenarios.len(), warning), (1, None));
        scenarios.remove(0)
    }

    /// The score a notebook might give: the standees on the map.
    fn standees(document: &Value) -> f64 {
        document["monsters"].as_array().map_or(0, Vec::len) as f64
    }

    /// Asks and tells `rounds` batches, told their standees; the documents asked for.
    fn rounds(search: &mut dyn AskTell, rounds: usize) -> Vec<Vec<Value>> {
        (0..rounds)
            .map(|_| {
                let documents: Vec<Value> = search
                    .ask()
                    .unwrap()
                    .into_iter()
                    .map(|c| c.document)
                    .collect();
                let fitness: Vec<f64> = documents.iter().map(standees).collect();
                search.tell(&fitness, None).unwrap();
                documents
            })
            .collect()
    }

    #[test]
    fn the_search_asks_only_for_valid_scenarios_that_read_back() {
        let params = json!({"preset": "gloomdungeons"});
        let content = ScenarioContent::new(&params).unwrap();
        let mut search = searcher(&params, 3);
        for round in 0..4 {
            let batch = search.ask().unwrap();
            assert_eq!(batch.len(), BATCH);
            for candidate in &batch {
                assert!(candidate.board.is_none() && candidate.vector.is_none());
                let s = read_back(&candidate.document);
                check_valid(Catalog::shared(), &s, "a candidate").unwrap();
                assert_eq!(content.check(&s), Ok(()), "round {round}");
                // A made scenario is named from its themes, not after an official one.
                let name = candidate.document["name"].as_str().unwrap();
                assert!(
                    Catalog::shared().scenarios.iter().all(|r| r.name != name),
                    "{name}"
                );
            }
            let fitness: Vec<f64> = batch.iter().map(|c| standees(&c.document)).collect();
            let told = search.tell(&fitness, None).unwrap();
            assert_eq!((told.invalid, told.new + told.not_added), (0, BATCH));
        }
        assert_eq!(search.iteration(), 4);
        let (best, fitness) = search.best().unwrap();
        assert_eq!(standees(&best.document), fitness);
    }

    #[test]
    fn the_search_evaluates_as_the_job_scores() {
        let params = json!({"preset": "gloomdungeons"});
        let mut search = searcher(&params, 5);
        let batch = search.ask().unwrap();
        let evaluations = search.evaluate();
        assert_eq!(evaluations.len(), batch.len());
        for (candidate, evaluation) in batch.iter().zip(&evaluations) {
            let document = &candidate.document;
            let score = evaluation["fitness"].as_f64().unwrap();
            assert!((score - document["score"].as_f64().unwrap()).abs() < 1e-9);
            for pair in document["components"].as_array().unwrap() {
                let name = pair[0].as_str().unwrap();
                assert_eq!(evaluation["components"][name], pair[1], "{name}");
            }
            let descriptors = evaluation["descriptors"].as_array().unwrap();
            assert_eq!(descriptors.len(), 3);
            assert_eq!(descriptors[0], document["difficulty"][0]);
        }
        // A scenario the search would not keep is rejected in words, by check and evaluate.
        let content = ScenarioContent::new(&params).unwrap();
        let mut s = read_back(&batch[0].document);
        s.start.clear();
        let reason = content.check(&s).unwrap_err();
        assert!(!reason.is_empty());
        match Content::evaluate(&content, &s) {
            Outcome::Rejected(r) => assert_eq!(r.reason, reason),
            Outcome::Evaluated(e) => panic!("evaluated: {e:?}"),
        }
    }

    #[test]
    fn the_search_asks_the_same_on_one_thread_and_two() {
        let params = json!({"preset": "gloomdungeons"});
        let on = |threads: usize| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| rounds(&mut searcher(&params, 3), 3))
        };
        assert_eq!(on(1), on(2));
    }

    #[test]
    fn a_saved_search_goes_on_as_the_search_itself() {
        let params = json!({"preset": "gloomdungeons"});
        let mut search = searcher(&params, 7);
        rounds(&mut search, 2);
        // Saved with a batch asked and not yet told.
        let asked = search.ask().unwrap();
        let bytes = search.save().unwrap();
        let mut loaded = Searcher::load(ScenarioContent::new(&params).unwrap(), &bytes).unwrap();
        assert_eq!(loaded.ask().unwrap(), asked);
        assert_eq!(loaded.iteration(), search.iteration());
        let fitness: Vec<f64> = asked.iter().map(|c| standees(&c.document)).collect();
        search.tell(&fitness, None).unwrap();
        loaded.tell(&fitness, None).unwrap();
        assert_eq!(rounds(&mut loaded, 2), rounds(&mut search, 2));
    }

    #[test]
    fn the_search_takes_the_jobs_parameters_in_its_words() {
        let job_error = |params: Value| {
            GloomhavenJob
                .validate(&typed(&params).unwrap())
                .err()
                .unwrap()
                .to_string()
        };
        for bad in [
            json!({"players": 5}),
            json!({"preset": "gloomdungeons", "players": 3}),
            json!({"weights": [1, 2]}),
            json!({"mutation": {"map": 2.0}}),
            json!({"max_table": {"width": 20, "height": 20}}),
        ] {
            let e = ScenarioContent::new(&bad).unwrap_err();
            assert!(matches!(e, JobError::Parameters(_)), "{bad}: {e}");
            assert_eq!(e.to_string(), job_error(bad));
        }
        let e = ScenarioContent::new(&json!({"players": 5})).unwrap_err();
        assert_eq!(
            e.to_string(),
            "players 5: Gloomhaven is played by 2, 3 or 4 players"
        );
        let e = ScenarioContent::new(&json!({"sizes": 3})).unwrap_err();
        assert!(e.to_string().starts_with("unknown parameter"), "{e}");
        let e = ScenarioContent::new(&json!({"catalog": {"content": "{}"}})).unwrap_err();
        assert!(matches!(e, JobError::Parameters(_)), "{e}");
        assert!(e.to_string().contains("built-in catalog"), "{e}");
        // What only a whole run uses is accepted and ignored.
        assert!(ScenarioContent::new(&json!({"cycles": 0, "top": 5000})).is_ok());
    }

    #[test]
    fn the_search_takes_the_default_parameters() {
        let params = json!({});
        let content = ScenarioContent::new(&params).unwrap();
        assert_eq!(content.settings().fitness.players.count(), 4);
        let mut search = Searcher::new(
            content,
            "gloomhaven",
            params,
            Options {
                batch: 4,
                seed: 1,
                ..Options::default()
            },
        )
        .unwrap();
        for documents in rounds(&mut search, 2) {
            assert_eq!(documents.len(), 4);
            for document in &documents {
                check_valid(Catalog::shared(), &read_back(document), "a candidate").unwrap();
                assert_eq!(document["players"], 4);
            }
        }
    }
}
