//! `ludoforge puzzle`: evolve, solve and study chess and chromatic mazes.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use anyhow::{Context, Result, bail};
use indicatif::ProgressBar;
use ludoforge_evolve::{Budget, Counters, EvolveError, History, Observer, Snapshot, StopReason};
use ludoforge_puzzles::PuzzleError;
use ludoforge_puzzles::ascii::{chess_ascii, chromatic_ascii};
use ludoforge_puzzles::chess::PieceKind;
use ludoforge_puzzles::chess::piece::format_pieces;
use ludoforge_puzzles::format::{Puzzle, read_puzzle};
use ludoforge_puzzles::generate::{evolve, evolve_replicates};
use ludoforge_puzzles::render::{View, chess_svg, chromatic_svg};
use ludoforge_puzzles::settings::PuzzleSpec;
use ludoforge_puzzles::solve::Solution;
use ludoforge_puzzles::study;
use serde_json::json;

use crate::args::{
    ChessArgs, ChromaticArgs, EvolveArgs, OutputArgs, PictureArgs, SolveArgs, StudyArgs,
};
use crate::log::history_text;
use crate::output::{Outputs, check_writable, read_text, write_atomic};
use crate::progress::{RunProgress, bar};

/// How a command ended when it did not fail.
pub enum Ending {
    /// Everything asked for was done.
    Done,
    /// A target was asked for and not met (the best found was still written).
    TargetMissed,
}

/// A fresh seed when none is given: from the process's hash keys, with no extra dependency.
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::process::id())
}

/// Set by Ctrl-C: the run stops and the best so far is still written.
pub fn cancel_flag() -> &'static AtomicBool {
    static FLAG: AtomicBool = AtomicBool::new(false);
    static INSTALL: std::sync::Once = std::sync::Once::new();
    INSTALL.call_once(|| {
        let _ = ctrlc::set_handler(|| FLAG.store(true, Ordering::Relaxed));
    });
    &FLAG
}

/// `puzzle chess`.
pub fn chess(args: &ChessArgs) -> Result<Ending> {
    let agent: PieceKind = args.agent.parse()?;
    let (width, height) = args.board.dimensions();
    let spec = PuzzleSpec::chess(
        width,
        height,
        agent,
        &args.pieces,
        args.board.entrance.as_deref(),
        args.board.exit.as_deref(),
    )?;
    generate(&spec, &args.evolve, &args.output)
}

/// `puzzle chromatic`.
pub fn chromatic(args: &ChromaticArgs) -> Result<Ending> {
    let (width, height) = args.board.dimensions();
    let spec = PuzzleSpec::chromatic(
        width,
        height,
        args.board.entrance.as_deref(),
        args.board.exit.as_deref(),
    )?;
    generate(&spec, &args.evolve, &args.output)
}

fn check_outputs(output: &OutputArgs) -> Result<()> {
    crate::output::check_outputs(&[
        ("--out", output.out.as_deref()),
        ("--svg", output.picture.svg.as_deref()),
        ("--png", output.picture.png.as_deref()),
        ("--log", output.log.as_deref()),
    ])
}

fn generate(spec: &PuzzleSpec, evolve_args: &EvolveArgs, output: &OutputArgs) -> Result<Ending> {
    let settings = evolve_args.settings()?;
    ludoforge_puzzles::generate::check(spec, &settings)?;
    check_outputs(output)?;
    let seed = evolve_args.seed.unwrap_or_else(fresh_seed);
    let cancel = cancel_flag();
    let mut outputs = Outputs::default();

    let (best, summary) = if let Some(count) = evolve_args.replicates {
        let progress = bar(count as u64, "replicates");
        let finished = AtomicUsize::new(0);
        let done = |_| {
            finished.fetch_add(1, Ordering::Relaxed);
            progress.inc(1);
        };
        let (set, histories) = evolve_replicates(
            spec,
            &settings,
            seed,
            count,
            output.log.is_some(),
            Some(cancel),
            &done,
        )
        .map_err(|e| explain(e, spec))?;
        progress.finish_and_clear();
        if let Some(path) = &output.out {
            outputs.add(path, pretty(&set)?);
        }
        if let Some(path) = &output.log {
            outputs.add(path, history_text(&histories)?);
        }
        let summary = json!({
            "generator": set.generator,
            "kind": set.best.params.kind,
            "seed": set.seed,
            "replicates": set.count,
            "distinct": set.distinct,
            "target_hits": set.target_hits,
            "best": {"seed": set.best.seed, "min_moves": set.best.min_moves, "measures": set.best.measures},
            "min_moves": set.replicates.iter().map(|r| r.min_moves).collect::<Vec<_>>(),
            "out": output.out,
        });
        (set.best, summary)
    } else {
        let mut progress = Phased::new(settings.budget);
        let mut history = History::default();
        // Every observer makes the engine compute population statistics each generation,
        // so attach only the ones that will use them.
        let mut observers: Vec<&mut dyn Observer> = Vec::new();
        if crate::progress::shown() {
            observers.push(&mut progress);
        }
        if output.log.is_some() {
            observers.push(&mut history);
        }
        let result = evolve(spec, &settings, seed, &mut observers, Some(cancel))
            .map_err(|e| explain(e, spec))?;
        if let Some(path) = &output.out {
            outputs.add(path, pretty(&result)?);
        }
        if let Some(path) = &output.log {
            outputs.add(path, history_text(std::slice::from_ref(&history))?);
        }
        let summary = json!({
            "generator": result.generator,
            "kind": result.params.kind,
            "seed": result.seed,
            "min_moves": result.min_moves,
            "target": result.target,
            "measures": result.measures,
            "stop": result.run.stop,
            "out": output.out,
        });
        (result, summary)
    };

    let puzzle = best.maze();
    let solution = puzzle.solve().context("the best puzzle has no solution")?;
    let caption = format!("{} moves · seed {}", best.min_moves, best.seed);
    pictures(&puzzle, &solution, &caption, &output.picture, &mut outputs)?;
    outputs.write_all()?;

    if output.out.is_none() {
        eprintln!("{}", board_text(&puzzle, output.picture.reveal));
        eprintln!("{} moves: {}", best.min_moves, best.solution.join(" "));
    }
    println!("{summary}");
    if cancel.load(Ordering::Relaxed) {
        eprintln!("interrupted: the best puzzle found so far was written");
    }
    match best.target {
        Some(target) if !target.met => {
            eprintln!(
                "target not met: asked for {} moves, the best puzzle found needs {} (seed {}); \
                 it was written anyway. Try more --matings, a larger --population or a smaller --target.",
                target.value, best.min_moves, best.seed
            );
            Ok(Ending::TargetMissed)
        }
        _ => Ok(Ending::Done),
    }
}

/// A single run's progress from its first second: a spinner while the first population is
/// drawn (the engine reports nothing until every member is found, which on a large board is
/// most of the wait), then the run's bar, made when the first population is complete so that
/// its rate and estimate count only matings.
struct Phased {
    budget: Budget,
    drawing: Option<ProgressBar>,
    run: Option<RunProgress>,
}

impl Phased {
    fn new(budget: Budget) -> Self {
        Phased {
            budget,
            drawing: Some(crate::progress::spinner("drawing the first population")),
            run: None,
        }
    }
}

impl Observer for Phased {
    fn on_start(&mut self, _snapshot: &Snapshot) {
        if let Some(spinner) = self.drawing.take() {
            spinner.finish_and_clear();
        }
        self.run = Some(RunProgress::new(&self.budget));
    }

    fn on_progress(&mut self, counters: &Counters, best_ever: f64) {
        if let Some(run) = &mut self.run {
            run.on_progress(counters, best_ever);
        }
    }

    fn wants_snapshots(&self) -> bool {
        false
    }

    fn on_finish(&mut self, snapshot: &Snapshot, reason: StopReason) {
        if let Some(run) = &mut self.run {
            run.on_finish(snapshot, reason);
        }
    }
}

impl Drop for Phased {
    /// Clears the spinner when the run never started (no valid first population).
    fn drop(&mut self) {
        if let Some(spinner) = self.drawing.take() {
            spinner.finish_and_clear();
        }
    }
}

/// Adds what to change when no starting puzzle could be made: pieces that cannot be placed
/// without covering the entrance or exit or walling the exit off.
fn explain(error: PuzzleError, spec: &PuzzleSpec) -> anyhow::Error {
    let hint = match (&error, spec) {
        (
            PuzzleError::Evolve(EvolveError::NoValidGenome { .. }),
            PuzzleSpec::Chess {
                board,
                agent,
                kinds,
                ..
            },
        ) => Some(format!(
            "cannot place the pieces {} on a {}x{} board so that the {agent} can still get \
             from the entrance to the exit: try a larger --size or fewer or weaker --pieces",
            format_pieces(kinds),
            board.width,
            board.height
        )),
        (
            PuzzleError::Evolve(EvolveError::NoValidGenome { .. }),
            PuzzleSpec::Chromatic {
                board,
                entrance,
                exit,
            },
        ) => Some(format!(
            "no random colouring of the {}x{} board joined the entrance {} to the exit {}, so \
             the search cannot start: long, narrow boards rarely have one; try a squarer board \
             or an exit nearer the entrance",
            board.width,
            board.height,
            board.name(*entrance),
            board.name(*exit)
        )),
        _ => None,
    };
    match hint {
        Some(hint) => anyhow::Error::new(error).context(hint),
        None => error.into(),
    }
}

fn pretty<T: serde::Serialize>(value: &T) -> Result<Vec<u8>> {
    let mut bytes = serde_json::to_vec_pretty(value)?;
    bytes.push(b'\n');
    Ok(bytes)
}

fn board_text(puzzle: &Puzzle, reveal: bool) -> String {
    match puzzle {
        Puzzle::Chess(maze) => chess_ascii(maze, reveal),
        Puzzle::Chromatic(maze) => chromatic_ascii(maze),
    }
}

/// Queues the SVG and PNG pictures asked for.
fn pictures(
    puzzle: &Puzzle,
    solution: &Solution,
    caption: &str,
    asked: &PictureArgs,
    outputs: &mut Outputs,
) -> Result<()> {
    let (svg, png) = (asked.svg.as_deref(), asked.png.as_deref());
    if svg.is_none() && png.is_none() {
        return Ok(());
    }
    let view = View {
        reveal: asked.reveal,
        solution: asked.solution.then(|| solution.path.clone()),
        caption: Some(caption.to_string()),
    };
    let picture = match puzzle {
        Puzzle::Chess(maze) => chess_svg(maze, &view),
        Puzzle::Chromatic(maze) => chromatic_svg(maze, &view),
    };
    outputs.picture(picture, svg, png, 2.0)
}

/// `puzzle solve`.
pub fn solve(args: &SolveArgs) -> Result<Ending> {
    for (flag, path) in [("--svg", &args.picture.svg), ("--png", &args.picture.png)] {
        if let Some(path) = path {
            check_writable(path, flag)?;
        }
    }
    let text = read_text(&args.file)?;
    let puzzle = read_puzzle(&text)
        .with_context(|| format!("{} is not a usable puzzle", args.file.display()))?;
    let board = puzzle.board();
    let Some(solution) = puzzle.solve() else {
        let (entrance, exit) = match &puzzle {
            Puzzle::Chess(m) => (m.entrance, m.exit),
            Puzzle::Chromatic(m) => (m.entrance, m.exit),
        };
        eprintln!("{}", board_text(&puzzle, true));
        bail!(
            "{}: this puzzle has no solution: the exit {} cannot be reached from the entrance {}",
            args.file.display(),
            board.name(exit),
            board.name(entrance)
        );
    };
    let names: Vec<String> = solution.path.iter().map(|&i| board.name(i)).collect();
    let mut outputs = Outputs::default();
    let caption = format!("{} moves", solution.min_moves);
    pictures(&puzzle, &solution, &caption, &args.picture, &mut outputs)?;
    outputs.write_all()?;
    eprintln!("{}", board_text(&puzzle, args.picture.reveal));
    eprintln!("{} moves: {}", solution.min_moves, names.join(" "));
    println!(
        "{}",
        json!({
            "kind": puzzle.kind(),
            "min_moves": solution.min_moves,
            "solution": names,
            "measures": solution.measures,
        })
    );
    Ok(Ending::Done)
}

/// `puzzle study`.
pub fn study(args: &StudyArgs) -> Result<Ending> {
    for (flag, path) in [("--csv", &args.csv), ("--out", &args.out)] {
        if let Some(path) = path {
            check_writable(path, flag)?;
        }
    }
    let study = study::ashlock();
    let replicates = args.replicates.unwrap_or(study.replicates);
    if !(1..=crate::args::MAX_REPLICATES).contains(&replicates) {
        bail!(
            "--replicates {replicates}: give between 1 and {}",
            crate::args::MAX_REPLICATES
        );
    }
    let chosen: Vec<_> = study
        .experiments
        .iter()
        .filter(|e| {
            args.only
                .as_ref()
                .is_none_or(|only| e.name.contains(only.as_str()))
        })
        .collect();
    if chosen.is_empty() {
        let names: Vec<_> = study.experiments.iter().map(|e| e.name.as_str()).collect();
        bail!(
            "--only {:?} matches no experiment; the experiments are: {}",
            args.only.as_deref().unwrap_or(""),
            names.join(", ")
        );
    }
    let cancel = cancel_flag();
    let progress = bar((chosen.len() * replicates) as u64, "replicates");
    let mut rows = Vec::new();
    let mut sets = Vec::new();
    println!(
        "| experiment | paper | replicates | best | median | worst | target hits | distinct | matches paper | seconds |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for experiment in chosen {
        let started = std::time::Instant::now();
        let (outcome, set) =
            study::run_experiment(experiment, replicates, args.seed, Some(cancel), &|_| {
                progress.inc(1)
            })?;
        let seconds = started.elapsed().as_secs_f64();
        progress.suspend(|| {
            println!(
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1} |",
                outcome.name,
                outcome.paper,
                outcome.replicates,
                outcome.best,
                outcome.median,
                outcome.worst,
                outcome
                    .target_hits
                    .map_or("-".to_string(), |h| format!("{h}/{}", outcome.replicates)),
                outcome.distinct,
                outcome
                    .matches_paper
                    .map_or("-", |m| if m { "yes" } else { "NO" }),
                seconds
            );
        });
        rows.push((outcome, seconds));
        sets.push(set);
    }
    progress.finish_and_clear();
    if let Some(path) = &args.csv {
        let mut csv = String::from(
            "experiment,replicates,best,median,worst,target_hits,distinct,matches_paper,best_seed,seconds\n",
        );
        for (o, seconds) in &rows {
            csv.push_str(&format!(
                "{},{},{},{},{},{},{},{},{},{:.2}\n",
                o.name,
                o.replicates,
                o.best,
                o.median,
                o.worst,
                o.target_hits.map_or(String::new(), |h| h.to_string()),
                o.distinct,
                o.matches_paper.map_or(String::new(), |m| m.to_string()),
                o.best_seed,
                seconds
            ));
        }
        write_atomic(path, csv.as_bytes())?;
    }
    if let Some(path) = &args.out {
        write_atomic(path, &pretty(&sets)?)?;
    }
    if rows.iter().any(|(o, _)| o.matches_paper == Some(false)) {
        eprintln!("some experiments fell short of the paper's figures (marked NO)");
        return Ok(Ending::TargetMissed);
    }
    Ok(Ending::Done)
}
