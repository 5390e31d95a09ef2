//! Portal dungeons under ask and tell ([`ludoforge_job::search`]): the dungeons bred by the
//! `portals` job's own generation, graft (crossover), relink and regrow (mutation), every one
//! a valid dungeon within the room bounds.
//!
//! The parameters are the `portals` job's: its `dungeon` (M, portals per room, room bounds,
//! attempts, walks, memory) and `targets`, checked with the job's words. Its `search` section
//! (candidates, evolve, population, matings) is a whole run's, and is read but not used.
//!
//! A candidate's check is the generator's structural one, with no simulated player: the
//! dungeon is within the room bounds (what [`PortalProblem`] checks before it walks a
//! dungeon) and keeps every invariant of Bush's dungeons ([`Dungeon::check`]: well-formed
//! portals, at most `max_portals` a room, no cycle, every room reachable and with a way on to
//! the exit, no route shorter than M).
//!
//! A candidate's document is the result file the `portals` job writes ([`DungeonFile`]), as
//! for the one candidate of a run choosing among one: the dungeon, its measures (its walks
//! drawn from stream `(seed, 2, 0)`, so `portals-show` measures it again the same), its
//! verdicts and score against the targets. [`DungeonFile::parse`] reads it back. The seed is 0
//! unless [`DungeonContent::with_seed`] sets another.
//!
//! A dungeon is a graph of rooms, not a grid of cells: a candidate has no board.
//!
//! The generator's own evaluation walks the dungeon as its document does: the fitness is the
//! `portals` job's score, the total miss of the targets (0 when every target is met; lower is
//! better, so a search told it minimises, and with no target every dungeon scores 0); the
//! components are each target's miss, named as the verdicts name the measure (`mean walk`,
//! `longest route`, `decision rooms`, `routes`); the descriptors are `portals-explore`'s, in
//! its order: `rooms`, `mean_walk`, `routes` (log₂), `decision_rooms`, `longest_route` (see
//! [`descriptors`](super::descriptors)).

use ludoforge_evolve::{Evaluation, Outcome};
use ludoforge_job::JobError;
use ludoforge_job::params::typed;
use ludoforge_job::search::Content;
use serde_json::Value;

use super::params::GenerateParams;
use crate::choose::Choice;
use crate::dungeon::Dungeon;
use crate::evolve::PortalProblem;
use crate::format::{DungeonFile, Settings};
use crate::measures::Measures;
use crate::packed::PackedDungeon;

/// Portal dungeons of the `portals` job's parameters.
#[derive(Debug, Clone)]
pub struct DungeonContent {
    problem: PortalProblem,
}

impl DungeonContent {
    /// The content the `portals` job's parameters describe (its `search` settings are read
    /// but not used), walked with seed 0.
    ///
    /// ```
    /// use ludoforge_job::search::Content;
    /// use ludoforge_portals::job::DungeonContent;
    /// let content = DungeonContent::new(&serde_json::json!({"dungeon": {"min_path": 5}})).unwrap();
    /// assert_eq!(content.problem().params.min_path, 5);
    /// let refused = DungeonContent::new(&serde_json::json!({"dungeon": {"min_path": 0}}));
    /// assert!(refused.unwrap_err().to_string().starts_with("min_path 0:"));
    /// ```
    ///
    /// # Errors
    /// [`JobError::Parameters`] as the job words it.
    pub fn new(params: &Value) -> Result<DungeonContent, JobError> {
        let p: GenerateParams = typed(params)?;
        let (params, walks, memory) = p.dungeon.settings()?;
        let targets = p.targets.targets()?;
        Ok(DungeonContent {
            problem: PortalProblem {
                params,
                targets,
                walks,
                memory,
                seed: 0,
            },
        })
    }

    /// The same content with its dungeons walked from `seed` (the `seed` of their
    /// documents).
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> DungeonContent {
        self.problem.seed = seed;
        self
    }

    /// How a candidate's document says it was made: one candidate, walked as the problem
    /// walks.
    fn settings(&self) -> Settings {
        let p = &self.problem;
        Settings {
            params: p.params,
            candidates: 1,
            walks: p.walks,
            memory: p.memory,
            evolution: None,
            exploration: None,
        }
    }

    /// A valid dungeon measured and judged as the `portals` job judges its candidate 0, or
    /// why it is not valid.
    fn choice(&self, packed: &PackedDungeon) -> Result<Choice, String> {
        let dungeon = self.valid(packed)?;
        let p = &self.problem;
        let mut rng = self.settings().walk_stream(p.seed, 0, &dungeon);
        let measures = Measures::of(&dungeon, p.walks, p.memory, &mut rng)
            .map_err(|e| format!("the dungeon cannot be walked: {e}"))?;
        let verdicts = p.targets.judge(&measures);
        let score = verdicts.iter().map(|v| v.miss).sum();
        Ok(Choice {
            dungeon,
            measures,
            verdicts,
            score,
            candidate: 0,
            candidates: 1,
        })
    }

    /// The dungeon, if it is within the room bounds and keeps every invariant.
    fn valid(&self, packed: &PackedDungeon) -> Result<Dungeon, String> {
        let params = &self.problem.params;
        self.problem.admits(packed).map_err(|reason| {
            format!(
                "{reason}: {} rooms, where {} to {} are allowed",
                packed.rooms(),
                params.min_rooms,
                params.max_rooms
            )
        })?;
        let dungeon = packed.unpack();
        dungeon
            .check(params.min_path, params.max_portals)
            .map_err(|violation| violation.to_string())?;
        Ok(dungeon)
    }
}

impl Content for DungeonContent {
    type Problem = PortalProblem;

    fn problem(&self) -> &PortalProblem {
        &self.problem
    }

    fn check(&self, packed: &PackedDungeon) -> Result<(), String> {
        self.valid(packed).map(|_| ())
    }

    /// The `portals` job's result file, as JSON; `null` for a dungeon that is not valid.
    fn document(&self, packed: &PackedDungeon) -> Value {
        let Ok(choice) = self.choice(packed) else {
            return Value::Null;
        };
        let p = &self.problem;
        let file = DungeonFile::new(&choice, self.settings(), p.targets, p.seed);
        // A count of routes beyond 2^64 has no exact JSON number in a document; the file's
        // text has it, and is read back with that count as a float (as `portals-explore`
        // writes its elites).
        serde_json::to_value(&file)
            .unwrap_or_else(|_| serde_json::from_str(&file.to_json()).unwrap_or(Value::Null))
    }

    fn evaluate(&self, packed: &PackedDungeon) -> Outcome {
        match self.choice(packed) {
            Ok(choice) => Outcome::Evaluated(Evaluation {
                fitness: choice.score,
                components: choice
                    .verdicts
                    .iter()
                    .map(|v| (v.measure.clone(), v.miss))
                    .collect(),
                descriptors: super::descriptors(&choice.measures).to_vec(),
            }),
            Err(reason) => Outcome::Rejected(ludoforge_evolve::Rejection {
                reason: reason.into(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use ludoforge_job::Job;
    use ludoforge_job::search::{AskTell, Candidate, Options, Searcher};
    use serde_json::{Value, json};

    use super::*;
    use crate::job::{GenerateJob, ShowJob};

    /// Small dungeons with few walks, and a target to score by.
    fn params() -> Value {
        json!({"dungeon": {"min_path": 5, "walks": 100}, "targets": {"mean_walk": 8.0},
               "search": {"candidates": 3}})
    }

    fn search(params: &Value, batch: usize) -> Searcher<DungeonContent> {
        let content = DungeonContent::new(params).unwrap();
        Searcher::new(
            content,
            "portals",
            params.clone(),
            Options {
                batch,
                seed: 3,
                ..Options::default()
            },
        )
        .unwrap()
    }

    /// The fitness told: the nearer the mean walk to 8 portals, the better.
    fn fitness(batch: &[Candidate]) -> Vec<f64> {
        batch
            .iter()
            .map(|c| -c.document["score"].as_f64().unwrap())
            .collect()
    }

    /// Each candidate's document read back by the crate's reader and `portals-show`, valid
    /// by the generator's own checks.
    fn assert_valid(batch: &[Candidate], min_path: u32) {
        for candidate in batch {
            assert!(candidate.board.is_none());
            let (file, dungeon) = DungeonFile::parse(&candidate.document.to_string()).unwrap();
            let params = file.settings.params;
            assert_eq!(params.min_path, min_path);
            dungeon.check(params.min_path, params.max_portals).unwrap();
            assert!((params.min_rooms..=params.max_rooms).contains(&dungeon.rooms()));
            ShowJob
                .check(&json!({"dungeon": candidate.document}))
                .unwrap();
        }
    }

    /// The documents of three rounds, told the fitness their documents give.
    fn rounds(search: &mut Searcher<DungeonContent>, rounds: usize) -> Vec<Value> {
        let mut documents = Vec::new();
        for _ in 0..rounds {
            let batch = search.ask().unwrap();
            search.tell(&fitness(&batch), None).unwrap();
            documents.extend(batch.into_iter().map(|c| c.document));
        }
        documents
    }

    #[test]
    fn search_asks_valid_dungeons_round_after_round() {
        let params = params();
        let mut search = search(&params, 8);
        for _ in 0..3 {
            let batch = search.ask().unwrap();
            assert_eq!(batch.len(), 8);
            assert_valid(&batch, 5);
            let told = search.tell(&fitness(&batch), None).unwrap();
            assert_eq!(told.invalid, 0);
        }
        assert_eq!(search.iteration(), 3);
        let (best, fitness) = search.best().unwrap();
        assert_eq!(fitness, -best.document["score"].as_f64().unwrap());
        // The generator's own evaluation agrees with the documents.
        let batch = search.ask().unwrap();
        let evaluated = search.evaluate();
        assert_eq!(evaluated.len(), batch.len());
        for (candidate, evaluation) in batch.iter().zip(&evaluated) {
            assert_eq!(evaluation["fitness"], candidate.document["score"]);
            assert_eq!(
                evaluation["descriptors"][1],
                candidate.document["measures"]["walks"]["mean"]
            );
            assert!(evaluation["components"]["mean walk"].is_number());
        }
    }

    #[test]
    fn default_parameters_make_dungeons() {
        let mut search = search(&json!({}), 4);
        let batch = search.ask().unwrap();
        assert_eq!(batch.len(), 4);
        assert_valid(&batch, 9);
        search.tell(&[1.0, 2.0, 3.0, 4.0], None).unwrap();
    }

    #[test]
    fn same_seed_and_scores_give_the_same_dungeons_on_any_number_of_threads() {
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
        assert_eq!((generator.as_str(), &saved_params), ("portals", &params));
        let mut loaded =
            Searcher::load(DungeonContent::new(&saved_params).unwrap(), &bytes).unwrap();
        assert_eq!(loaded.ask().unwrap(), asked);
        assert_eq!(loaded.iteration(), original.iteration());
        original.tell(&fitness(&asked), None).unwrap();
        loaded.tell(&fitness(&asked), None).unwrap();
        assert_eq!(rounds(&mut loaded, 2), rounds(&mut original, 2));
    }

    #[test]
    fn bad_parameters_are_refused_in_the_jobs_words() {
        for params in [
            json!({"dungeon": {"min_path": 0}}),
            json!({"dungeon": {"rooms": "30..20"}}),
            json!({"dungeon": {"walks": 0}}),
            json!({"targets": {"mean_walk": 0.5}}),
            json!({"colour": "red"}),
        ] {
            let refused = DungeonContent::new(&params).unwrap_err();
            let job = GenerateJob::default().check(&params).unwrap_err();
            assert_eq!(refused.to_string(), job.to_string(), "{params}");
            assert!(matches!(refused, JobError::Parameters(_)), "{refused}");
        }
        let refused = DungeonContent::new(&json!({"dungeon": {"min_path": 0}})).unwrap_err();
        assert!(
            refused
                .to_string()
                .starts_with("min_path 0: give a number of portals between 1 and 1000"),
            "{refused}"
        );
        // The whole run's settings are read, and not used.
        assert!(DungeonContent::new(&json!({"search": {"population": 100}})).is_ok());
    }

    #[test]
    fn an_invalid_dungeon_is_refused_with_the_reason() {
        let content = DungeonContent::new(&params()).unwrap();
        let empty = PackedDungeon::pack(&Dungeon::from_portals(vec![], 0));
        let reason = content.check(&empty).unwrap_err();
        assert!(
            reason.starts_with("no dungeon within the room bounds"),
            "{reason}"
        );
        assert_eq!(content.document(&empty), Value::Null);
        // Four rooms, two routes of two portals: shorter than M = 5.
        let short = Dungeon::from_portals(vec![vec![1, 2], vec![3], vec![3], vec![]], 3);
        let reason = content.check(&PackedDungeon::pack(&short)).unwrap_err();
        assert!(
            reason.starts_with("outside the room bounds: 4 rooms"),
            "{reason}"
        );
        let loose =
            DungeonContent::new(&json!({"dungeon": {"min_path": 5, "rooms": "2..100"}})).unwrap();
        let reason = loose.check(&PackedDungeon::pack(&short)).unwrap_err();
        assert!(reason.contains("fewer than the minimum 5"), "{reason}");
        let Outcome::Rejected(rejected) = loose.evaluate(&PackedDungeon::pack(&short)) else {
            panic!("a short dungeon was scored");
        };
        assert_eq!(rejected.reason, reason);
    }
}
