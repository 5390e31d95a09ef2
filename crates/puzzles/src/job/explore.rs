//! `puzzle-chess-explore` and `puzzle-chromatic-explore`: a shelf of mazes, from few moves to
//! many and from one way forward to many choices, by MAP-Elites over the mazes' measures.
//!
//! The descriptors are the solver's measures of a maze: `min_moves` (the fewest moves
//! across), `decision_points` (reachable squares with more than one useful move),
//! `dead_ends` (reachable squares whose every move leads back) and `reachable` (squares the
//! agent can reach). The fitness is the puzzle jobs' own: the fewest moves, or nearness to a
//! target. Every elite in the archive is a normal puzzle result, which `puzzle solve` reads.

use std::hash::Hash;

use ludoforge_evolve::{Crossover, Evaluation, Goal, Mutate, Outcome, Problem};
use ludoforge_job::explore::{
    self, Described, Descriptor, Designed, ExploreSettings, Explored, Locked, Memo, Plan,
};
use ludoforge_job::{Artifact, Context, File, JobError, Spec};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::params::BoardParams;
use super::shelf::{Kept, finish};
use super::suggest::{Start, chess_keeps, chromatic_keeps};
use crate::chess::{ChessMaze, ChessProblem, PieceKind};
use crate::chromatic::{ChromaticMaze, ChromaticProblem, Sampling};
use crate::format::Puzzle;
use crate::generate::{check, goal};
use crate::settings::{PuzzleSpec, Settings};

/// A chess maze archive to fill.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ChessExploreParams {
    /// The agent that crosses the board.
    pub agent: PieceKind,
    /// The opposing pieces, as counts and letters K Q R B N P: `5N`, `7P`, `R,N,3P`.
    pub pieces: String,
    /// The board.
    pub board: BoardParams,
    /// Score every maze by nearness to this minimum number of moves instead of by its moves.
    pub target: Option<u32>,
    /// The exploration: descriptors (`min_moves`, `decision_points`, `dead_ends`,
    /// `reachable`), cells, ranges and budget.
    pub explore: ExploreSettings,
    /// A chess maze to make suggestions around (a result file, an elite, a checked file or a
    /// maze object): the archive holds it from the start and every maze comes from it; its
    /// board, ends, agent and pieces replace `board`, `agent` and `pieces`.
    #[serde(skip_serializing_if = "Value::is_null")]
    pub start: Value,
    /// Squares of the start maze no suggestion changes (what stands there, or that nothing
    /// does): squares like `c4` and rectangles like `a1:c3`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lock: Option<Vec<String>>,
}

impl Default for ChessExploreParams {
    fn default() -> Self {
        ChessExploreParams {
            agent: PieceKind::Rook,
            pieces: "5N".into(),
            board: BoardParams::default(),
            target: None,
            explore: ExploreSettings::default(),
            start: Value::Null,
            lock: None,
        }
    }
}

/// A chromatic maze archive to fill.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ChromaticExploreParams {
    /// The board.
    pub board: BoardParams,
    /// Score every maze by nearness to this minimum number of moves instead of by its moves.
    pub target: Option<u32>,
    /// The exploration: descriptors (`min_moves`, `decision_points`, `dead_ends`,
    /// `reachable`), cells, ranges and budget.
    pub explore: ExploreSettings,
    /// A chromatic maze to make suggestions around (a result file, an elite, a checked file
    /// or a maze object): the archive holds it from the start and every maze comes from it;
    /// its board and ends replace `board`.
    #[serde(skip_serializing_if = "Value::is_null")]
    pub start: Value,
    /// Squares of the start maze whose colour no suggestion changes: squares like `c4` and
    /// rectangles like `a1:c3`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lock: Option<Vec<String>>,
}

/// `puzzle-chess-explore`: an archive of chess mazes.
pub struct ChessExploreJob;

/// `puzzle-chromatic-explore`: an archive of chromatic mazes.
pub struct ChromaticExploreJob;

/// `high` rounded up to a whole number of cells `width` wide: `(high, cells)`.
fn cells_of(high: usize, width: usize) -> (f64, usize) {
    let cells = high.div_ceil(width).max(1);
    ((cells * width) as f64, cells)
}

/// The descriptors a puzzle offers, with ranges fitted to its board.
///
/// ```
/// let spec = ludoforge_puzzles::settings::PuzzleSpec::chromatic(11, 11, None, None).unwrap();
/// let offered = ludoforge_puzzles::job::explore_descriptors(&spec);
/// let names: Vec<_> = offered.iter().map(|d| d.name).collect();
/// assert_eq!(names, ["min_moves", "decision_points", "dead_ends", "reachable"]);
/// assert_eq!((offered[0].low, offered[0].high, offered[0].cells), (20.0, 120.0, 50));
/// assert_eq!((offered[1].low, offered[1].high, offered[1].cells), (0.0, 62.0, 31));
/// ```
#[must_use]
pub fn explore_descriptors(spec: &PuzzleSpec) -> Vec<Descriptor> {
    let squares = spec.board().len();
    // Moves from the fewest any maze of the board can need (the cells 2 moves wide);
    // choices and traps up to half the squares (2 wide), reach up to all of them (4 wide).
    let moves_low = spec.min_conceivable_moves() / 2 * 2;
    let (moves_high, _) = cells_of(spec.max_conceivable_moves(), 2);
    let moves_cells = ((moves_high as usize - moves_low) / 2).max(1);
    let (half_high, half_cells) = cells_of(squares.div_ceil(2), 2);
    let (all_high, all_cells) = cells_of(squares, 4);
    let square = |name, high, cells, help| Descriptor {
        name,
        unit: "squares",
        low: 0.0,
        high,
        cells,
        help,
    };
    vec![
        Descriptor {
            name: "min_moves",
            unit: "moves",
            low: moves_low as f64,
            high: moves_high,
            cells: moves_cells,
            help: "The fewest moves across: how long the maze is.",
        },
        square(
            "decision_points",
            half_high,
            half_cells,
            "Reachable squares with more than one useful move: how often the player must choose.",
        ),
        square(
            "dead_ends",
            half_high,
            half_cells,
            "Reachable squares other than the exit whose every move leads back: the traps.",
        ),
        square(
            "reachable",
            all_high,
            all_cells,
            "Squares the agent can reach from the entrance: how much of the board is in play.",
        ),
    ]
}

/// A puzzle problem whose evaluations carry the solver's measures as descriptors. The
/// problem's own evaluation (the fast fewest-moves count) comes first: it refuses the many
/// unsolvable candidates before the full solve that measures the rest.
///
/// Each solution is offered to `memo`, which keeps the elites': the archive file then has
/// them without solving every elite again.
fn described<'a, P, F>(
    inner: &'a P,
    maze: F,
    memo: &'a Memo<P::Genome, Kept>,
) -> Described<'a, P, impl Fn(&P::Genome) -> Outcome + Sync + 'a>
where
    P: Problem,
    P::Genome: Eq + Hash + Clone,
    F: Fn(&P::Genome) -> Option<Puzzle> + Sync + 'a,
{
    Described {
        inner,
        evaluate: move |genome: &P::Genome| {
            let fitness = match inner.evaluate(genome) {
                Outcome::Evaluated(e) => e.fitness,
                rejected => return rejected,
            };
            let Some(solution) = maze(genome).and_then(|p| p.solve()) else {
                return Outcome::rejected("the exit cannot be reached");
            };
            let m = &solution.measures;
            let descriptors = vec![
                f64::from(solution.min_moves),
                m.decision_points as f64,
                m.dead_ends as f64,
                m.reachable as f64,
            ];
            memo.offer(genome, Kept::of(solution));
            Outcome::Evaluated(Evaluation {
                fitness,
                components: Vec::new(),
                descriptors,
            })
        },
    }
}

/// A designer's maze as a genome, what keeps its locked squares, and how far the first
/// suggestions stray from it.
struct Around<G, K, A> {
    start: G,
    keeps: K,
    spread: usize,
    /// A maze sent while the exploration runs, as a genome (before the locks are checked).
    sent: A,
}

/// The exploration around a designer's maze: every maze made from it keeping its locked
/// squares, the maze itself offered to the archive after the first batch.
#[allow(clippy::too_many_arguments)]
fn suggested<P, F, K, A>(
    problem: &P,
    maze: &F,
    memo: &Memo<P::Genome, Kept>,
    around: Around<P::Genome, K, A>,
    plan: &Plan,
    goal: Goal,
    seed: u64,
    context: &Context,
) -> Result<Explored<P::Genome>, JobError>
where
    P: Mutate + Crossover,
    P::Genome: Eq + Hash + Clone + Serialize + DeserializeOwned,
    F: Fn(&P::Genome) -> Option<Puzzle> + Sync,
    K: Fn(&P::Genome) -> bool + Sync,
    A: Fn(&Value) -> Result<P::Genome, String> + Sync,
{
    let locked = Locked::new(problem, around.start.clone(), around.keeps, around.spread);
    let admit = |document: &Value| {
        let genome = (around.sent)(document)?;
        if locked.keeps(&genome) {
            Ok(genome)
        } else {
            Err("it changes a locked square: unlock the square to send such a maze".to_string())
        }
    };
    explore::explore_from(
        &described(&locked, maze, memo),
        plan,
        goal,
        0.0,
        seed,
        context,
        &Value::Null,
        memo,
        &Designed {
            seeds: &[around.start],
            admit: Some(&admit),
        },
    )
}

/// Checks a puzzle's exploration: the target against the board, the settings against the
/// descriptors.
fn settle(
    spec: PuzzleSpec,
    target: Option<u32>,
    settings: &ExploreSettings,
) -> Result<(PuzzleSpec, Settings, Plan), JobError> {
    let puzzle_settings = Settings {
        target,
        ..Settings::default()
    };
    check(&spec, &puzzle_settings)?;
    let plan = settings.plan(&explore_descriptors(&spec))?;
    // About 4 bytes a square per elite at the peak, measured on 64×64 chromatic boards (16 KB
    // an elite from 283 to 989 elites: the colouring, its kept solution and its result's text
    // in the archive file): a million cells of them would not fit. The estimate keeps room
    // for a solution through every square (two bytes each), and a batch's solutions wait
    // beside their genomes until the batch is done.
    let squares = spec.board().len() as u64;
    let kept = 2 * spec.max_conceivable_moves() as u64 + 128;
    let waiting = plan.settings.batch as u64 * (2 * squares + kept);
    plan.check_memory(waiting, 4 * squares + 1024 + kept)?;
    Ok((spec, puzzle_settings, plan))
}

impl Spec for ChessExploreJob {
    type Params = ChessExploreParams;
    type Checked = (PuzzleSpec, Settings, Plan, Option<Start>);

    fn id(&self) -> &'static str {
        "puzzle-chess-explore"
    }

    fn title(&self) -> &'static str {
        "Explore chess mazes"
    }

    fn help(&self) -> &'static str {
        "Fill a shelf of chess mazes: one maze for every combination of the measures chosen \
         (fewest moves, decision points, dead ends, reachable squares), each the longest found \
         there, by MAP-Elites with the maze's own crossover and mutation; a heatmap shows the \
         shelf and any maze can be taken out."
    }

    fn descriptors(&self) -> Vec<Descriptor> {
        self.validate(&ChessExploreParams::default())
            .map(|(spec, _, _, _)| explore_descriptors(&spec))
            .unwrap_or_default()
    }

    fn sample(&self) -> Option<Self::Params> {
        Some(ChessExploreParams {
            explore: quick(),
            ..ChessExploreParams::default()
        })
    }

    fn draw(&self, result: &Value, context: &Context) -> Option<Result<Vec<File>, JobError>> {
        super::draw::draw(result, context)
    }

    fn checkpoints(&self) -> bool {
        true
    }

    fn validate(&self, p: &ChessExploreParams) -> Result<Self::Checked, JobError> {
        let start = Start::read(&p.start, p.lock.as_deref().unwrap_or_default(), "chess")?;
        let spec = match &start {
            Some(start) => start.spec(),
            None => p.board.chess(p.agent, &p.pieces)?,
        };
        let (spec, settings, plan) = settle(spec, p.target, &p.explore)?;
        Ok((spec, settings, plan, start))
    }

    fn execute(
        &self,
        (spec, settings, plan, start): Self::Checked,
        p: &ChessExploreParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        let PuzzleSpec::Chess {
            board,
            agent,
            entrance,
            exit,
            kinds,
        } = &spec
        else {
            return Err(JobError::failed("a chess exploration needs a chess maze"));
        };
        let problem = ChessProblem::new(*board, *agent, *entrance, *exit, kinds.clone())?;
        let maze = |placement: &Vec<u16>| {
            ChessMaze::new(*board, *agent, *entrance, *exit, problem.pieces(placement))
                .ok()
                .map(Puzzle::Chess)
        };
        let memo = Memo::default();
        let goal = goal(&spec, &settings);
        let explored = match &start {
            None => explore::explore_remembering(
                &described(&problem, &maze, &memo),
                &plan,
                goal,
                0.0,
                seed,
                context,
                &Value::Null,
                &memo,
            )?,
            Some(start) => {
                let placement = start.placement();
                let keeps = chess_keeps(&problem, &placement, &start.squares);
                let around = Around {
                    start: placement,
                    keeps,
                    spread: start.spread(),
                    sent: |document: &Value| start.sent(document).map(|s| s.placement()),
                };
                suggested(&problem, &maze, &memo, around, &plan, goal, seed, context)?
            }
        };
        finish(
            self.id(),
            p,
            &spec,
            &settings,
            &plan,
            &explored,
            Sampling::Uniform,
            &maze,
            &memo,
            seed,
            context,
        )
    }
}

impl Spec for ChromaticExploreJob {
    type Params = ChromaticExploreParams;
    type Checked = (PuzzleSpec, Settings, Plan, Option<Start>);

    fn id(&self) -> &'static str {
        "puzzle-chromatic-explore"
    }

    fn title(&self) -> &'static str {
        "Explore chromatic mazes"
    }

    fn help(&self) -> &'static str {
        "Fill a shelf of chromatic mazes: one maze for every combination of the measures chosen \
         (fewest moves, decision points, dead ends, reachable squares), each the longest found \
         there, by MAP-Elites with the maze's own crossover and mutation; a heatmap shows the \
         shelf and any maze can be taken out."
    }

    fn descriptors(&self) -> Vec<Descriptor> {
        self.validate(&ChromaticExploreParams::default())
            .map(|(spec, _, _, _)| explore_descriptors(&spec))
            .unwrap_or_default()
    }

    fn sample(&self) -> Option<Self::Params> {
        Some(ChromaticExploreParams {
            explore: quick(),
            ..ChromaticExploreParams::default()
        })
    }

    fn draw(&self, result: &Value, context: &Context) -> Option<Result<Vec<File>, JobError>> {
        super::draw::draw(result, context)
    }

    fn checkpoints(&self) -> bool {
        true
    }

    fn validate(&self, p: &ChromaticExploreParams) -> Result<Self::Checked, JobError> {
        let start = Start::read(&p.start, p.lock.as_deref().unwrap_or_default(), "chromatic")?;
        let spec = match &start {
            Some(start) => start.spec(),
            None => p.board.chromatic()?,
        };
        let (spec, settings, plan) = settle(spec, p.target, &p.explore)?;
        Ok((spec, settings, plan, start))
    }

    fn execute(
        &self,
        (spec, settings, plan, start): Self::Checked,
        p: &ChromaticExploreParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        let PuzzleSpec::Chromatic {
            board,
            entrance,
            exit,
        } = &spec
        else {
            return Err(JobError::failed(
                "a chromatic exploration needs a chromatic maze",
            ));
        };
        let maze = |colours: &Vec<u8>| {
            ChromaticMaze::new(*board, colours.clone(), *entrance, *exit)
                .ok()
                .map(Puzzle::Chromatic)
        };
        let goal = goal(&spec, &settings);
        // The paper's uniform colourings first, as `puzzle-chromatic` draws them; carved ones
        // when uniform sampling finds no solvable colouring.
        // A checkpoint notes the sampling, and a resumed run goes on with it.
        let mut problem = ChromaticProblem::new(*board, *entrance, *exit)?;
        if let Some(note) = explore::resumed_note(context)? {
            let sampling: Sampling = serde_json::from_value(note).map_err(|e| {
                JobError::input(format!(
                    "the checkpoint's sampling cannot be read ({e}); start the run again \
                     without --resume"
                ))
            })?;
            problem = problem.with_sampling(sampling);
        }
        let memo = Memo::default();
        let run = |problem: &ChromaticProblem| {
            let note = serde_json::to_value(problem.sampling).expect("a sampling serialises");
            explore::explore_remembering(
                &described(problem, &maze, &memo),
                &plan,
                goal,
                0.0,
                seed,
                context,
                &note,
                &memo,
            )
        };
        let explored = match &start {
            Some(start) => {
                let colours = start.colours();
                let keeps = chromatic_keeps(&colours, &start.squares);
                let around = Around {
                    start: colours,
                    keeps,
                    spread: start.spread(),
                    sent: |document: &Value| start.sent(document).map(|s| s.colours()),
                };
                suggested(&problem, &maze, &memo, around, &plan, goal, seed, context)?
            }
            None => match run(&problem) {
                Err(JobError::Failed(_)) if problem.sampling.is_uniform() => {
                    problem = problem.with_sampling(Sampling::Carved);
                    run(&problem)?
                }
                other => other?,
            },
        };
        finish(
            self.id(),
            p,
            &spec,
            &settings,
            &plan,
            &explored,
            problem.sampling,
            &maze,
            &memo,
            seed,
            context,
        )
    }
}

/// A quick exploration for galleries.
fn quick() -> ExploreSettings {
    ExploreSettings {
        evaluations: 3_000,
        ..ExploreSettings::default()
    }
}
