//! `ludoforge portals`: generate, show and study portal dungeons, through the portal jobs.

use anyhow::{Context, Result};
use ludoforge_job::{Job, JobError};
use ludoforge_portals::job::params::{check_mean_walk, check_tolerance};
use serde_json::{Value, json};

use crate::args::portals::{DungeonOutputArgs, GenerateArgs, PortalStudyArgs, ShowArgs};
use crate::output::read_text;
use crate::present::{Destination, present};
use crate::puzzle::{Ending, fresh_seed};

fn job(id: &str) -> Box<dyn Job> {
    ludoforge_portals::job::jobs()
        .into_iter()
        .find(|j| j.id() == id)
        .expect("a portals job")
}

fn destinations(output: &DungeonOutputArgs) -> [Destination<'_>; 6] {
    [
        ("--out", "result", output.out.as_deref()),
        ("--dot", "dot", output.dot.as_deref()),
        ("--svg", "svg", output.svg.as_deref()),
        ("--png", "png", output.png.as_deref()),
        ("--handout", "handout", output.handout.as_deref()),
        ("--pdf", "pdf", output.pdf.as_deref()),
    ]
}

/// A number for the parameters. JSON has no NaN or infinity, so those are refused here, in
/// the job's own words (`check`); every other value is the job's to check.
fn number(value: f64, check: fn(f64) -> Result<f64, JobError>) -> Result<Value> {
    match check(value) {
        Err(refusal) if !value.is_finite() => Err(anyhow::Error::msg(refusal)),
        _ => Ok(json!(value)),
    }
}

/// The `portals` job's parameters from `portals generate`'s flags.
fn generate_params(args: &GenerateArgs) -> Result<Value> {
    let d = &args.dungeon;
    let t = &args.targets;
    let mean_walk = match t.mean_walk {
        Some(mean) => number(mean, check_mean_walk)?,
        None => Value::Null,
    };
    Ok(json!({
        "dungeon": {
            "min_path": d.min_path,
            "max_portals": d.max_portals,
            "rooms": d.rooms,
            "attempts": d.attempts,
            "walks": d.walks,
            "memory": d.memory.memory(),
        },
        "targets": {
            "mean_walk": mean_walk,
            "tolerance": number(t.tolerance, check_tolerance)?,
            "max_longest": t.max_longest,
            "min_decisions": t.min_decisions,
            "min_routes": t.min_routes,
        },
        "search": {
            "candidates": t.candidates,
            "evolve": args.evolve,
            "population": args.population,
            "matings": args.matings,
        },
    }))
}

/// `portals generate`.
pub fn generate(args: &GenerateArgs) -> Result<Ending> {
    let params = generate_params(args)?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    present(
        &*job("portals"),
        &params,
        seed,
        &destinations(&args.output),
        false,
    )
}

/// `portals show`.
pub fn show(args: &ShowArgs) -> Result<Ending> {
    let paths: Vec<(&str, Option<&std::path::Path>)> = destinations(&args.output)
        .iter()
        .map(|(flag, _, path)| (*flag, *path))
        .collect();
    crate::output::check_outputs(&paths)?;
    let text = read_text(&args.file)?;
    present(
        &*job("portals-show"),
        &json!({ "dungeon": text }),
        0,
        &destinations(&args.output),
        false,
    )
    .with_context(|| format!("cannot use {}", args.file.display()))
}

/// `portals study`.
pub fn study(args: &PortalStudyArgs) -> Result<Ending> {
    let params = json!({
        "min_path": args.min_path,
        "graphs": args.graphs,
        "walks": args.walks,
        "max_portals": args.max_portals,
        "max_rooms": args.max_rooms,
        "memory": args.memory.memory(),
    });
    let destinations = [
        ("--csv", "csv", args.csv.as_deref()),
        ("--svg", "svg", args.svg.as_deref()),
        ("--png", "png", args.png.as_deref()),
        ("--out", "result", args.out.as_deref()),
    ];
    present(
        &*job("portals-study"),
        &params,
        args.seed,
        &destinations,
        false,
    )
}
