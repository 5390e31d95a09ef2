//! The puzzle jobs' parameters, with their JSON Schema.

use std::time::Duration;

use ludoforge_evolve::Budget;
use ludoforge_job::JobError;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::PuzzleError;
use crate::chess::PieceKind;
use crate::settings::{PuzzleSpec, Settings, StrategyKind};

/// Largest number of replicates accepted.
pub const MAX_REPLICATES: usize = 10_000;

/// The board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct BoardParams {
    /// Files (columns), 3 to 64.
    #[schemars(range(min = 3, max = 64))]
    pub width: usize,
    /// Ranks (rows), 3 to 64.
    #[schemars(range(min = 3, max = 64))]
    pub height: usize,
    /// Entrance square, such as `a1` (default: a1).
    pub entrance: Option<String>,
    /// Exit square (default: the corner opposite a1).
    pub exit: Option<String>,
}

impl BoardParams {
    /// The chess maze of this board with `agent` against `pieces` (counts and letters).
    ///
    /// # Errors
    /// [`PuzzleError`] naming the first bad setting.
    pub fn chess(&self, agent: PieceKind, pieces: &str) -> Result<PuzzleSpec, PuzzleError> {
        PuzzleSpec::chess(
            self.width,
            self.height,
            agent,
            pieces,
            self.entrance.as_deref(),
            self.exit.as_deref(),
        )
    }

    /// The chromatic maze of this board.
    ///
    /// # Errors
    /// [`PuzzleError`] naming the first bad setting.
    pub fn chromatic(&self) -> Result<PuzzleSpec, PuzzleError> {
        PuzzleSpec::chromatic(
            self.width,
            self.height,
            self.entrance.as_deref(),
            self.exit.as_deref(),
        )
    }
}

impl Default for BoardParams {
    fn default() -> Self {
        BoardParams {
            width: 11,
            height: 11,
            entrance: None,
            exit: None,
        }
    }
}

/// The evolutionary strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Strategy {
    /// The paper's steady-state tournament: the two best of a tournament breed, their children
    /// replace the two worst.
    #[default]
    SteadyState,
    /// Generational, with tournament selection and elitism.
    Generational,
}

/// The search. Its budget is whichever limits are given (matings, generations, evaluations,
/// seconds), the first one reached ending the run; with none, 40,000 matings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SearchParams {
    /// Evolve to this minimum number of moves instead of maximising it.
    pub target: Option<u32>,
    /// Population size: 4 to 1,000,000 members.
    #[schemars(range(min = 4, max = 1_000_000))]
    pub population: usize,
    /// Mating events (each makes two children).
    #[schemars(range(min = 1))]
    pub matings: Option<u64>,
    /// Generations (steady state: one generation is population/2 matings).
    #[schemars(range(min = 1))]
    pub generations: Option<u64>,
    /// Evaluations.
    #[schemars(range(min = 1))]
    pub evaluations: Option<u64>,
    /// Wall-clock limit in seconds (a run cut by time is not reproducible).
    pub seconds: Option<f64>,
    /// Most mutations per child; each child gets 1 to this many.
    #[schemars(range(min = 1, max = 1000))]
    pub max_mutations: usize,
    /// Tournament size: 4 (2 for the generational strategy) up to the population.
    pub tournament: usize,
    /// The strategy.
    pub strategy: Strategy,
    /// Members kept unchanged each generation (generational strategy only).
    pub elite: usize,
    /// Independent runs; the result reports each, the best, and how many are distinct.
    #[schemars(range(min = 1, max = 10_000))]
    pub replicates: Option<usize>,
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams {
            target: None,
            population: 1200,
            matings: None,
            generations: None,
            evaluations: None,
            seconds: None,
            max_mutations: 1,
            tournament: 7,
            strategy: Strategy::SteadyState,
            elite: 1,
            replicates: None,
        }
    }
}

impl SearchParams {
    /// Checks the numbers and builds the engine's settings.
    ///
    /// # Errors
    /// [`JobError::Parameters`] naming the parameter, its value and what it should be.
    pub fn settings(&self) -> Result<Settings, JobError> {
        let bad = |m: String| Err(JobError::parameters(m));
        if let Some(time) = self.seconds
            && !(time.is_finite() && time > 0.0 && time <= 1e7)
        {
            return bad(format!(
                "seconds {time}: give a number of seconds greater than 0 and at most 10000000"
            ));
        }
        for (name, value) in [
            ("matings", self.matings),
            ("generations", self.generations),
            ("evaluations", self.evaluations),
        ] {
            if value == Some(0) {
                return bad(format!("{name} 0: give at least 1"));
            }
        }
        let mut budget = Budget {
            matings: self.matings,
            generations: self.generations,
            evaluations: self.evaluations,
            time: self.seconds.map(Duration::from_secs_f64),
        };
        if budget.is_unbounded() {
            budget.matings = Some(40_000);
        }
        if !(4..=1_000_000).contains(&self.population) {
            return bad(format!(
                "population {}: give between 4 and 1000000 members",
                self.population
            ));
        }
        let (least, strategy) = match self.strategy {
            Strategy::SteadyState => (4, "steady-state"),
            Strategy::Generational => (2, "generational"),
        };
        if self.tournament < least || self.tournament > self.population {
            return bad(format!(
                "tournament {}: give between {least} and the population size ({}) for the \
                 {strategy} strategy",
                self.tournament, self.population
            ));
        }
        if self.strategy == Strategy::Generational && self.elite >= self.population {
            return bad(format!(
                "elite {}: give between 0 and {} (fewer than the population)",
                self.elite,
                self.population - 1
            ));
        }
        if self.strategy == Strategy::SteadyState && self.elite != 1 {
            return bad(format!(
                "elite {} is for the generational strategy: the steady-state strategy keeps \
                 every member but the two a mating replaces; drop elite or choose strategy \
                 generational",
                self.elite
            ));
        }
        if !(1..=1000).contains(&self.max_mutations) {
            return bad(format!(
                "max-mutations {}: give between 1 and 1000",
                self.max_mutations
            ));
        }
        if let Some(n) = self.replicates
            && !(1..=MAX_REPLICATES).contains(&n)
        {
            return bad(format!(
                "replicates {n}: give between 1 and {MAX_REPLICATES}"
            ));
        }
        Ok(Settings {
            population: self.population,
            budget,
            max_mutations: self.max_mutations,
            tournament: self.tournament,
            strategy: match self.strategy {
                Strategy::SteadyState => StrategyKind::SteadyState,
                Strategy::Generational => StrategyKind::Generational,
            },
            elite: self.elite,
            target: self.target,
        })
    }
}

/// What pictures show.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct PictureParams {
    /// Shade the covered squares (chess) or the unreachable ones (chromatic).
    pub reveal: bool,
    /// Draw the shortest solution.
    pub solution: bool,
}

/// A chess maze to evolve: an agent crossing a board past the squares opposing pieces cover.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ChessParams {
    /// The agent that crosses the board.
    pub agent: PieceKind,
    /// The opposing pieces, as counts and letters K Q R B N P: `5N`, `7P`, `R,N,3P`.
    pub pieces: String,
    /// The board.
    pub board: BoardParams,
    /// The search.
    pub search: SearchParams,
    /// Pictures.
    pub picture: PictureParams,
}

impl Default for ChessParams {
    fn default() -> Self {
        ChessParams {
            agent: PieceKind::Rook,
            pieces: "5N".into(),
            board: BoardParams::default(),
            search: SearchParams::default(),
            picture: PictureParams::default(),
        }
    }
}

/// A chromatic maze to evolve: squares coloured from the colour wheel.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ChromaticParams {
    /// The board.
    pub board: BoardParams,
    /// The search.
    pub search: SearchParams,
    /// Pictures.
    pub picture: PictureParams,
}

/// A puzzle to solve.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SolveParams {
    /// The puzzle: a puzzle object, a generated result or a replicate set, as JSON or as the
    /// text of its file.
    pub puzzle: serde_json::Value,
    /// Pictures.
    pub picture: PictureParams,
}

/// The paper's experiments, re-run.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct StudyParams {
    /// Replicates per experiment (the paper's 30 when not given).
    #[schemars(range(min = 1, max = 10_000))]
    pub replicates: Option<usize>,
    /// Run only the experiments whose names contain this text (for instance `chromatic`).
    pub only: Option<String>,
}
