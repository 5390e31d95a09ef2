//! `puzzle-chess` and `puzzle-chromatic`: evolve a maze, or many replicates of one.

use std::sync::atomic::{AtomicU64, Ordering};

use ludoforge_evolve::{EvolveError, History, Observer, history_lines};
use ludoforge_job::engine::{RunEvents, pictures, save_run};
use ludoforge_job::{Artifact, Context, Ending, File, JobError, MemoryLimit, Spec, media};
use serde::Serialize;
use serde_json::{Value, json};

use super::params::{ChessParams, ChromaticParams, PictureParams, SearchParams};
use crate::PuzzleError;
use crate::ascii::{chess_ascii, chromatic_ascii};
use crate::chess::piece::format_pieces;
use crate::format::Puzzle;
use crate::generate::{PuzzleKeep, PuzzleResult, SavedPuzzle, evolve_kept, evolve_replicates};
use crate::render::{View, chess_svg, chromatic_svg};
use crate::settings::{PuzzleSpec, Settings};
use crate::solve::Solution;

/// `puzzle-chess`: evolve a chess maze.
pub struct ChessJob;

/// `puzzle-chromatic`: evolve a chromatic maze.
pub struct ChromaticJob;

impl Spec for ChessJob {
    type Params = ChessParams;
    type Checked = (PuzzleSpec, Settings);

    fn id(&self) -> &'static str {
        "puzzle-chess"
    }

    fn title(&self) -> &'static str {
        "Chess maze"
    }

    fn help(&self) -> &'static str {
        "Evolve a chess maze: a lone agent crosses the board from entrance to exit without \
         stepping onto a square the opposing pieces cover; the search places the pieces so that \
         the fewest moves across are as many as possible, or a target number."
    }

    fn sample(&self) -> Option<Self::Params> {
        // A quick run whose picture shows what the job makes.
        Some(
            serde_json::from_str(r#"{"search": {"population": 60, "matings": 1500}}"#)
                .expect("sample parameters"),
        )
    }

    fn draw(&self, result: &Value, context: &Context) -> Option<Result<Vec<File>, JobError>> {
        super::draw::draw(result, context)
    }

    fn checkpoints(&self) -> bool {
        true
    }

    fn validate(&self, p: &ChessParams) -> Result<Self::Checked, JobError> {
        let spec = p.board.chess(p.agent, &p.pieces)?;
        settle(spec, &p.search)
    }

    fn execute(
        &self,
        (spec, settings): Self::Checked,
        p: &ChessParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        run(
            self.id(),
            &spec,
            &settings,
            &p.search,
            &p.picture,
            p,
            seed,
            context,
        )
    }
}

impl Spec for ChromaticJob {
    type Params = ChromaticParams;
    type Checked = (PuzzleSpec, Settings);

    fn id(&self) -> &'static str {
        "puzzle-chromatic"
    }

    fn title(&self) -> &'static str {
        "Chromatic maze"
    }

    fn help(&self) -> &'static str {
        "Evolve a chromatic maze: every square has a colour of the colour wheel and a step may \
         only go to a square of the same colour or a neighbouring one on the wheel; the search \
         colours the board so that the fewest moves across are as many as possible, or a \
         target number."
    }

    fn sample(&self) -> Option<Self::Params> {
        // A quick run whose picture shows what the job makes.
        Some(
            serde_json::from_str(r#"{"search": {"population": 60, "matings": 1500}}"#)
                .expect("sample parameters"),
        )
    }

    fn draw(&self, result: &Value, context: &Context) -> Option<Result<Vec<File>, JobError>> {
        super::draw::draw(result, context)
    }

    fn checkpoints(&self) -> bool {
        true
    }

    fn validate(&self, p: &ChromaticParams) -> Result<Self::Checked, JobError> {
        let spec = p.board.chromatic()?;
        settle(spec, &p.search)
    }

    fn execute(
        &self,
        (spec, settings): Self::Checked,
        p: &ChromaticParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        run(
            self.id(),
            &spec,
            &settings,
            &p.search,
            &p.picture,
            p,
            seed,
            context,
        )
    }
}

/// The engine's settings for a puzzle, checked against it (an impossible target).
fn settle(spec: PuzzleSpec, search: &SearchParams) -> Result<(PuzzleSpec, Settings), JobError> {
    let settings = search.settings()?;
    crate::generate::check(&spec, &settings)?;
    MemoryLimit::machine().check(
        "population",
        settings.population as u64,
        0,
        bytes_per_individual(&spec),
        "a smaller board",
    )?;
    Ok((spec, settings))
}

/// The memory one member of the population takes, estimated: the individual with its
/// evaluation (about 256 bytes) and its genome (a colour a square, or a few bytes a piece),
/// twice over since a generation is made beside the one it replaces.
fn bytes_per_individual(spec: &PuzzleSpec) -> u64 {
    let genome = match spec {
        PuzzleSpec::Chess { kinds, .. } => 16 * kinds.len(),
        PuzzleSpec::Chromatic { board, .. } => board.width * board.height,
    };
    2 * (256 + genome as u64)
}

#[allow(clippy::too_many_arguments)]
fn run(
    id: &str,
    spec: &PuzzleSpec,
    settings: &Settings,
    search: &SearchParams,
    picture: &PictureParams,
    params: &impl Serialize,
    seed: u64,
    context: &Context,
) -> Result<Artifact, JobError> {
    let mut artifact = Artifact::new(id, env!("CARGO_PKG_VERSION"), seed, params);
    let cancel = Some(context.cancel_flag());
    let best = if let Some(count) = search.replicates {
        if context.keeps_checkpoints() {
            return Err(JobError::parameters(
                "checkpoints are kept for one run, not for replicates: leave out replicates, \
                 or --checkpoint and --resume",
            ));
        }
        context.stage("replicates", Some(count as u64), "replicates");
        let finished = AtomicU64::new(0);
        let done = |_| {
            let n = finished.fetch_add(1, Ordering::Relaxed) + 1;
            context.advance(n, None);
        };
        let (set, histories) = context
            .install(|| {
                evolve_replicates(
                    spec,
                    settings,
                    seed,
                    count,
                    context.wants("log"),
                    cancel,
                    &done,
                )
            })?
            .map_err(|e| explain(e, spec))?;
        artifact.report("generator", set.generator);
        artifact.report("kind", set.best.params.kind);
        artifact.report("replicates", set.count);
        artifact.report("distinct", set.distinct);
        artifact.report("target_hits", set.target_hits);
        artifact.report(
            "best",
            json!({"seed": set.best.seed, "min_moves": set.best.min_moves, "measures": set.best.measures}),
        );
        artifact.report(
            "min_moves",
            set.replicates
                .iter()
                .map(|r| r.min_moves)
                .collect::<Vec<_>>(),
        );
        artifact.files.push(File::json("result", &set));
        if context.wants("log") {
            artifact.files.push(File::new(
                "log",
                media::JSON_LINES,
                history_lines(&histories).into_bytes(),
            ));
        }
        set.best
    } else {
        // A checkpoint is the engine's run with its sampling (a [`SavedPuzzle`]).
        let resume: Option<SavedPuzzle> = context.resumed()?;
        let (result, history) = context.install(|| {
            let mut events = RunEvents::new(context, &settings.budget);
            let mut history = History::default();
            let mut observers: Vec<&mut dyn Observer> = vec![&mut events];
            if context.wants("log") {
                observers.push(&mut history);
            }
            let mut hook = save_run(context, |saved| saved);
            let keep = context.keeps_checkpoints().then_some(PuzzleKeep {
                resume,
                hook: &mut hook,
            });
            let result = evolve_kept(spec, settings, seed, &mut observers, cancel, keep);
            (result, history)
        })?;
        let result = result.map_err(|e| explain(e, spec))?;
        artifact.report("generator", result.generator);
        artifact.report("kind", result.params.kind);
        artifact.report("min_moves", result.min_moves);
        artifact.report("target", result.target);
        artifact.report("measures", result.measures);
        artifact.report("stop", result.run.stop);
        artifact.files.push(File::json("result", &result));
        if context.wants("log") {
            artifact.files.push(File::new(
                "log",
                media::JSON_LINES,
                history_lines(std::slice::from_ref(&history)).into_bytes(),
            ));
        }
        result
    };
    finish(&mut artifact, &best, picture, context)?;
    Ok(artifact)
}

/// The pictures, the board as text, and how the run ended.
fn finish(
    artifact: &mut Artifact,
    best: &PuzzleResult,
    picture: &PictureParams,
    context: &Context,
) -> Result<(), JobError> {
    let puzzle = best.maze();
    let solution = puzzle
        .solve()
        .ok_or_else(|| JobError::failed("the best puzzle has no solution"))?;
    let caption = format!("{} moves · seed {}", best.min_moves, best.seed);
    pictures(context, &mut artifact.files, 2.0, || {
        svg(&puzzle, &solution, Some(caption), picture)
    })?;
    if context.wants("pdf") {
        artifact
            .files
            .push(print_file(context, &puzzle, &solution, Some(best.seed))?);
    }
    let text = format!(
        "{}\n{} moves: {}\n",
        board_text(&puzzle, picture.reveal),
        best.min_moves,
        best.solution.join(" ")
    );
    artifact
        .files
        .push(File::new("text", media::TEXT, text.into_bytes()));
    if context.cancelled() {
        artifact.ending = Ending::Interrupted;
        artifact
            .notes
            .push("interrupted: the best puzzle found so far was kept".into());
    }
    if let Some(target) = best.target
        && !target.met
    {
        if artifact.ending == Ending::Done {
            artifact.ending = Ending::TargetMissed;
        }
        artifact.notes.push(format!(
            "target not met: asked for {} moves, the best puzzle found needs {} (seed {}); \
             it is kept anyway. Try more matings, a larger population or a smaller target.",
            target.value, best.min_moves, best.seed
        ));
    }
    Ok(())
}

/// The print-and-play PDF of a puzzle (role `pdf`): the puzzle page and the answer page.
pub(super) fn print_file(
    context: &Context,
    puzzle: &Puzzle,
    solution: &crate::solve::Solution,
    seed: Option<u64>,
) -> Result<File, JobError> {
    let title = format!("{} maze", puzzle.kind());
    ludoforge_job::engine::pdf_file(context, &title, |paper| {
        crate::print::pages(puzzle, solution, seed, paper)
    })
}

/// The puzzle drawn as the parameters ask.
pub(super) fn svg(
    puzzle: &Puzzle,
    solution: &Solution,
    caption: Option<String>,
    asked: &PictureParams,
) -> String {
    let view = View {
        reveal: asked.reveal,
        solution: asked.solution.then(|| solution.path.clone()),
        caption,
        marked: Vec::new(),
    };
    match puzzle {
        Puzzle::Chess(maze) => chess_svg(maze, &view),
        Puzzle::Chromatic(maze) => chromatic_svg(maze, &view),
    }
}

/// The board as text.
pub(super) fn board_text(puzzle: &Puzzle, reveal: bool) -> String {
    match puzzle {
        Puzzle::Chess(maze) => chess_ascii(maze, reveal),
        Puzzle::Chromatic(maze) => chromatic_ascii(maze),
    }
}

/// Adds what to change when no starting puzzle could be made: pieces that cannot be placed
/// without covering the entrance or exit or walling the exit off.
fn explain(error: PuzzleError, spec: &PuzzleSpec) -> JobError {
    let hint = match (&error, spec) {
        (
            PuzzleError::Evolve(EvolveError::NoValidGenome { .. }),
            PuzzleSpec::Chess {
                board,
                agent,
                kinds,
                ..
            },
        ) => format!(
            "cannot place the pieces {} on a {}x{} board so that the {agent} can still get \
             from the entrance to the exit: try a larger board or fewer or weaker pieces",
            format_pieces(kinds),
            board.width,
            board.height
        ),
        (
            PuzzleError::Evolve(EvolveError::NoValidGenome { .. }),
            PuzzleSpec::Chromatic {
                board,
                entrance,
                exit,
            },
        ) => format!(
            "no random colouring of the {}x{} board joined the entrance {} to the exit {}, so \
             the search cannot start: long, narrow boards rarely have one; try a squarer board \
             or an exit nearer the entrance",
            board.width,
            board.height,
            board.name(*entrance),
            board.name(*exit)
        ),
        _ => return error.into(),
    };
    JobError::failed(format!("{hint}: {error}"))
}
