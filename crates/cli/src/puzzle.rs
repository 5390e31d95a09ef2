//! `ludoforge puzzle`: evolve, solve and study chess and chromatic mazes, through the puzzle
//! jobs.

use std::sync::atomic::AtomicBool;

use anyhow::{Context, Result};
use ludoforge_job::Job;
use ludoforge_puzzles::chess::PieceKind;
use serde_json::{Value, json};

use crate::args::{
    BoardArgs, ChessArgs, ChromaticArgs, EvolveArgs, OutputArgs, PictureArgs, SolveArgs,
    StrategyArg, StudyArgs,
};
use crate::output::read_text;
use crate::present::{Destination, present};

/// How a command ended when it did not fail.
pub enum Ending {
    /// Everything asked for was done.
    Done,
    /// A target was asked for and not met (the best found was still written).
    TargetMissed,
    /// Stopped by Ctrl-C; the best found so far was written.
    Interrupted,
    /// The content checked breaks a rule of its generator (the result says which).
    Invalid,
}

pub use ludoforge_job::fresh_seed;

/// Set by Ctrl-C (SIGINT), SIGTERM or SIGHUP: the run stops and the best so far is still
/// written. The signal handler sets the flag itself, so no thread waits for signals.
pub fn cancel_flag() -> &'static AtomicBool {
    static FLAG: std::sync::OnceLock<std::sync::Arc<AtomicBool>> = std::sync::OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = std::sync::Arc::new(AtomicBool::new(false));
        #[cfg(unix)]
        let signals = [
            signal_hook::consts::SIGINT,
            signal_hook::consts::SIGTERM,
            signal_hook::consts::SIGHUP,
        ];
        #[cfg(not(unix))]
        let signals = [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM];
        for signal in signals {
            // Without the handler a signal ends the run at once, as it would any program.
            let _ = signal_hook::flag::register(signal, std::sync::Arc::clone(&flag));
        }
        flag
    })
}

/// The puzzle jobs' parameters from the flags shared by `chess` and `chromatic`.
fn common(board: &BoardArgs, evolve: &EvolveArgs, picture: &PictureArgs) -> Result<Value> {
    let (width, height) = board.dimensions()?;
    if let Some(time) = evolve.time
        && !time.is_finite()
    {
        // JSON has no NaN or infinity: refuse here what the parameters could not carry.
        anyhow::bail!(
            "seconds {time} (--time): give a number of seconds greater than 0 and at most 10000000"
        );
    }
    Ok(json!({
        "board": {"width": width, "height": height, "entrance": board.entrance, "exit": board.exit},
        "search": {
            "target": evolve.target,
            "population": evolve.population,
            "matings": evolve.matings,
            "generations": evolve.generations,
            "evaluations": evolve.evaluations,
            "seconds": evolve.time,
            "max_mutations": evolve.max_mutations,
            "tournament": evolve.tournament,
            "strategy": match evolve.strategy {
                StrategyArg::SteadyState => "steady-state",
                StrategyArg::Generational => "generational",
            },
            "elite": evolve.elite,
            "replicates": evolve.replicates,
        },
        "picture": {"reveal": picture.reveal, "solution": picture.solution},
    }))
}

fn destinations(output: &OutputArgs) -> [Destination<'_>; 5] {
    [
        ("--out", "result", output.out.as_deref()),
        ("--svg", "svg", output.picture.svg.as_deref()),
        ("--png", "png", output.picture.png.as_deref()),
        ("--pdf", "pdf", output.picture.pdf.as_deref()),
        ("--log", "log", output.log.as_deref()),
    ]
}

fn job(id: &str) -> Box<dyn Job> {
    ludoforge_puzzles::job::jobs()
        .into_iter()
        .find(|j| j.id() == id)
        .expect("a puzzle job")
}

/// `puzzle chess`.
pub fn chess(args: &ChessArgs) -> Result<Ending> {
    let agent: PieceKind = args.agent.parse()?;
    let mut params = common(&args.board, &args.evolve, &args.output.picture)?;
    params["agent"] = json!(agent);
    params["pieces"] = json!(args.pieces);
    let seed = args.evolve.seed.unwrap_or_else(fresh_seed);
    present(
        &*job("puzzle-chess"),
        &params,
        seed,
        &destinations(&args.output),
        true,
    )
}

/// `puzzle chromatic`.
pub fn chromatic(args: &ChromaticArgs) -> Result<Ending> {
    let params = common(&args.board, &args.evolve, &args.output.picture)?;
    let seed = args.evolve.seed.unwrap_or_else(fresh_seed);
    present(
        &*job("puzzle-chromatic"),
        &params,
        seed,
        &destinations(&args.output),
        true,
    )
}

/// `puzzle solve`.
pub fn solve(args: &SolveArgs) -> Result<Ending> {
    crate::output::check_outputs(&[
        ("--svg", args.picture.svg.as_deref()),
        ("--png", args.picture.png.as_deref()),
        ("--pdf", args.picture.pdf.as_deref()),
    ])?;
    let text = read_text(&args.file)?;
    let params = json!({
        "puzzle": text,
        "picture": {"reveal": args.picture.reveal, "solution": args.picture.solution},
    });
    let destinations = [
        ("--out", "result", args.out.as_deref()),
        ("--svg", "svg", args.picture.svg.as_deref()),
        ("--png", "png", args.picture.png.as_deref()),
        ("--pdf", "pdf", args.picture.pdf.as_deref()),
    ];
    present(&*job("puzzle-solve"), &params, 0, &destinations, true)
        .with_context(|| format!("{} is not a usable puzzle", args.file.display()))
}

/// `puzzle study`.
pub fn study(args: &StudyArgs) -> Result<Ending> {
    let params = json!({"replicates": args.replicates, "only": args.only});
    let destinations = [
        ("--csv", "csv", args.csv.as_deref()),
        ("--out", "result", args.out.as_deref()),
    ];
    present(
        &*job("puzzle-study"),
        &params,
        args.seed,
        &destinations,
        false,
    )
}
