//! The `ludoforge` command line: a thin layer over the generator crates.
//!
//! Exit codes: 0 success, 1 an error (bad input, unreadable or unwritable file, impossible
//! constraints), 2 a usage error, 3 a target not met (the best found is still written),
//! 130 stopped by Ctrl-C (the best found so far is still written, or, when there was none
//! yet, nothing is).

mod args;
mod check;
mod checkpoint;
mod explore;
mod gloomhaven;
mod human;
mod jobs;
mod library;
mod output;
mod portals;
mod present;
mod progress;
mod puzzle;
mod risk;
mod serve;
mod stock;
mod suggest;
mod sweep;
mod vgb;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::FromArgMatches as _;

use crate::args::gloomhaven::VgbCommand;
use crate::args::portals::PortalsCommand;
use crate::args::risk::RiskCommand;
use crate::args::{Cli, Command, PuzzleCommand};
use crate::puzzle::Ending;

fn main() -> ExitCode {
    let line: Vec<OsString> = std::env::args_os().collect();
    // The help's examples and hidden flags are shaped only when help is asked for: building
    // the whole command tree costs every run most of a millisecond.
    let asks_help = line[1..]
        .iter()
        .any(|a| a == "-h" || a == "--help" || a == "help");
    let tree = if asks_help {
        args::help::command()
    } else {
        args::one::command(&line)
    };
    let matches = tree.get_matches_from(line);
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    match run(&cli) {
        Ok(Ending::Done) => ExitCode::SUCCESS,
        Ok(Ending::TargetMissed) => ExitCode::from(3),
        Ok(Ending::Interrupted) => ExitCode::from(130),
        Ok(Ending::Invalid) => ExitCode::from(4),
        Err(error)
            if matches!(
                error.downcast_ref::<ludoforge_job::JobError>(),
                Some(ludoforge_job::JobError::Cancelled(_))
            ) =>
        {
            eprintln!("interrupted: {error}");
            ExitCode::from(130)
        }
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(1)
        }
    }
}

fn run(cli: &Cli) -> anyhow::Result<Ending> {
    if let Some(threads) = cli.shared.threads {
        if threads == 0 || threads > 1024 {
            anyhow::bail!("--threads {threads}: give between 1 and 1024");
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build_global()?;
    }
    checkpoint::set(&cli.shared.checkpoint);
    present::set_paper(cli.shared.paper);
    // `sweep run` keeps each run's checkpoint in its results folder; `sweep emit` passes how
    // often on to the tasks' `sweep run`.
    let sweep_run = matches!(
        cli.command,
        Command::Sweep(sweep::SweepCommand::Run(_) | sweep::SweepCommand::Emit(_))
    );
    if sweep_run && !checkpoint::only_every() {
        anyhow::bail!(
            "sweep run keeps each run's checkpoint in its results folder and resumes it by \
             itself; give only --checkpoint-every"
        );
    }
    if checkpoint::asked() && !sweep_run && !runs_a_job(&cli.command) {
        anyhow::bail!(
            "--checkpoint, --checkpoint-every and --resume are for commands that run a job \
             (ludoforge run, explore, risk design, gloomhaven, puzzle chess ...); leave them out here"
        );
    }
    match &cli.command {
        Command::Check(args) => check::check(args),
        Command::Suggest(args) => suggest::suggest(args),
        Command::List => jobs::list(),
        Command::Describe { job } => jobs::describe(job),
        Command::Run(args) => jobs::run(args),
        Command::Explore(args) => explore::explore(args),
        Command::Serve(args) => {
            serve::serve(args, cli.shared.threads, cli.shared.library.as_deref())
        }
        Command::Library(args) => library::library(args, cli.shared.library.as_deref()),
        Command::Sweep(command) => sweep::sweep(command),
        Command::Puzzle(command) => match command {
            PuzzleCommand::Chess(args) => puzzle::chess(args),
            PuzzleCommand::Chromatic(args) => puzzle::chromatic(args),
            PuzzleCommand::Solve(args) => puzzle::solve(args),
            PuzzleCommand::Study(args) => puzzle::study(args),
        },
        Command::Portals(command) => match command {
            PortalsCommand::Generate(args) => portals::generate(args),
            PortalsCommand::Show(args) => portals::show(args),
            PortalsCommand::Study(args) => portals::study(args),
        },
        Command::Stock(args) => stock::stock(args),
        Command::Gloomhaven(args) => match &args.command {
            Some(VgbCommand::ExportVgb(args)) => vgb::export_vgb(args),
            Some(VgbCommand::ImportVgb(args)) => vgb::import_vgb(args),
            None => gloomhaven::gloomhaven(args),
        },
        Command::Risk(command) => match command {
            RiskCommand::Playtest(args) => risk::playtest_command(args),
            RiskCommand::Play(args) => risk::play(args),
            RiskCommand::Map(args) => risk::map(args),
            RiskCommand::Design(args) => risk::design(args),
        },
    }
}

/// Whether the command runs one job through the job interface (and so can keep checkpoints).
fn runs_a_job(command: &Command) -> bool {
    match command {
        Command::Run(_) | Command::Explore(_) | Command::Suggest(_) | Command::Stock(_) => true,
        Command::Puzzle(c) => matches!(c, PuzzleCommand::Chess(_) | PuzzleCommand::Chromatic(_)),
        Command::Portals(c) => matches!(c, PortalsCommand::Generate(_)),
        Command::Gloomhaven(args) => args.command.is_none(),
        Command::Risk(c) => matches!(c, RiskCommand::Design(_) | RiskCommand::Playtest(_)),
        _ => false,
    }
}

/// Prints a line on standard output. When the reader has gone (`ludoforge list | head -1`),
/// the command ends quietly with success instead of failing on a closed pipe.
pub fn say(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
        std::process::exit(0);
    }
}
