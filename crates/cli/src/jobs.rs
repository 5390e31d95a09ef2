//! `ludoforge list`, `describe` and `run`: every job, from a parameters file.

use std::path::PathBuf;

use anyhow::{Context as _, Result, bail};
use clap::Args;
use ludoforge_job::{Registry, params};
use serde_json::Value;

use crate::output::read_text;
use crate::present::{Destination, present};
use crate::puzzle::{Ending, fresh_seed};

pub use ludoforge_jobs::registry;

/// `ludoforge run`'s arguments.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The job (see `ludoforge list`).
    pub job: String,
    /// The parameters (JSON); those not given take their defaults (see `ludoforge describe JOB`).
    #[arg(long, value_name = "FILE")]
    pub params: Option<PathBuf>,
    /// Change one parameter: name=value, with dots for nested ones (search.population=200).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// Master seed [default: a fresh random seed, printed with the result].
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Write the result (JSON) here; - for standard output.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write the picture (SVG) here.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write the picture (PNG) here.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Write the pages to print (PDF) here, for the jobs that print (see --paper).
    #[arg(long, value_name = "FILE")]
    pub pdf: Option<PathBuf>,
    /// Write the run's history (JSON lines) here.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Write any other file the job makes: ROLE=FILE (for instance csv=table.csv).
    #[arg(long = "file", value_name = "ROLE=FILE")]
    pub files: Vec<String>,
}

/// `ludoforge list`: one line per job.
pub fn list() -> Result<Ending> {
    let registry = registry();
    let width = registry.ids().iter().map(|id| id.len()).max().unwrap_or(0);
    for job in registry.jobs() {
        crate::say(&format!("{:width$}  {}", job.id(), job.title()));
    }
    Ok(Ending::Done)
}

fn find(id: &str) -> Result<(Registry, usize)> {
    let registry = registry();
    let Some(at) = registry.ids().iter().position(|j| *j == id) else {
        bail!(
            "there is no job {id:?}; the jobs are: {} (`ludoforge list` says what each does)",
            registry.ids().join(", ")
        );
    };
    Ok((registry, at))
}

/// `ludoforge describe JOB`: the job's parameters as a JSON Schema.
pub fn describe(id: &str) -> Result<Ending> {
    let (registry, at) = find(id)?;
    let job = registry.jobs().nth(at).expect("found");
    crate::say(&serde_json::to_string_pretty(&job.schema())?);
    Ok(Ending::Done)
}

/// A parameters file's JSON, or an empty object without one.
pub fn read_params(path: Option<&std::path::Path>) -> Result<Value> {
    match path {
        Some(path) => {
            let text = read_text(path)?;
            serde_json::from_str(&text)
                .with_context(|| format!("{} is not a JSON parameters file", path.display()))
        }
        None => Ok(Value::Object(serde_json::Map::new())),
    }
}

/// `ludoforge run JOB`.
pub fn run(args: &RunArgs) -> Result<Ending> {
    let (registry, at) = find(&args.job)?;
    let job = registry.jobs().nth(at).expect("found");
    let mut params = read_params(args.params.as_deref())?;
    for assignment in &args.set {
        params::set(&mut params, assignment).map_err(anyhow::Error::msg)?;
    }
    let mut destinations: Vec<Destination> = vec![
        ("--out", "result", args.out.as_deref()),
        ("--svg", "svg", args.svg.as_deref()),
        ("--png", "png", args.png.as_deref()),
        ("--pdf", "pdf", args.pdf.as_deref()),
        ("--log", "log", args.log.as_deref()),
    ];
    let mut extra = Vec::new();
    for file in &args.files {
        let Some((role, path)) = file.split_once('=') else {
            bail!("--file {file}: write ROLE=FILE, for instance csv=table.csv");
        };
        extra.push((role.to_string(), PathBuf::from(path)));
    }
    for (role, path) in &extra {
        destinations.push(("--file", role, Some(path)));
    }
    let seed = args.seed.unwrap_or_else(fresh_seed);
    present(job, &params, seed, &destinations, true)
}
