//! `ludoforge explore JOB`: fill an archive of varied content with a generator's explore job,
//! or take one elite out of an archive as a normal result file.

use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, bail};
use clap::Args;
use ludoforge_job::{explore, params};
use serde_json::{Value, json};

use crate::output::{Outputs, check_outputs, read_text};
use crate::present::{Destination, present};
use crate::puzzle::{Ending, fresh_seed};

/// `ludoforge explore`'s arguments.
#[derive(Debug, Args)]
pub struct ExploreArgs {
    /// What to explore: a job with an explore job beside it (`puzzle-chromatic`, or just
    /// `chromatic`; `ludoforge list` shows the `-explore` jobs). Not needed with --archive.
    pub job: Option<String>,
    /// The archive: descriptors, cells, ranges and budget.
    #[command(flatten)]
    pub archive_flags: ArchiveFlags,
    /// The generator's parameters (JSON), as `ludoforge describe JOB-explore` shows them.
    #[arg(long, value_name = "FILE")]
    pub params: Option<PathBuf>,
    /// Change one parameter: name=value, with dots for nested ones (board.width=7).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// Master seed [default: a fresh random seed, printed with the result].
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Write the archive (JSON) here; - for standard output. With --archive and --elite, the
    /// elite's result.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write the heatmap (SVG) here.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write the heatmap (PNG) here.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Write coverage and QD score over the evaluations (SVG) here.
    #[arg(long, value_name = "FILE")]
    pub plot: Option<PathBuf>,
    /// Write coverage and QD score over the evaluations (PNG) here.
    #[arg(long = "plot-png", value_name = "FILE")]
    pub plot_png: Option<PathBuf>,
    /// An archive `explore -o` wrote, to take an elite out of (with --elite and -o).
    #[arg(long, value_name = "FILE")]
    pub archive: Option<PathBuf>,
    /// Where the elite to take out lies: NAME=VALUE for every descriptor, comma-separated
    /// (min_moves=40,decision_points=12): the elite of the cell holding those values.
    #[arg(long, value_name = "A=X,B=Y")]
    pub elite: Option<String>,
}

/// The flags that shape an archive, for `explore` and `suggest`.
#[derive(Debug, Args)]
pub struct ArchiveFlags {
    /// The descriptors to spread the archive over, two or three, comma-separated
    /// (default: the job's first two; `ludoforge describe JOB-explore` lists them).
    #[arg(long, value_delimiter = ',', value_name = "A,B[,C]")]
    pub descriptors: Vec<String>,
    /// Cells per axis: one count for every axis or one each, `20` or `20x30`.
    #[arg(long, value_name = "NxM")]
    pub cells: Option<String>,
    /// A range that replaces a descriptor's natural one: NAME=LOW..HIGH (repeatable).
    #[arg(long = "range", value_name = "NAME=LOW..HIGH")]
    pub ranges: Vec<String>,
    /// Candidates evaluated in all.
    #[arg(long, value_name = "N")]
    pub evaluations: Option<u64>,
    /// Candidates per batch.
    #[arg(long, value_name = "N")]
    pub batch: Option<u64>,
    /// Random candidates in the first batch.
    #[arg(long, value_name = "N")]
    pub initial: Option<u64>,
    /// How to fill the archive: map-elites, or random (random sampling, to compare).
    #[arg(long, value_name = "METHOD")]
    pub method: Option<String>,
}

impl ArchiveFlags {
    /// Writes the flags given into `params["explore"]`.
    ///
    /// # Errors
    /// A `--cells` or `--range` that cannot be read.
    pub fn apply(&self, params: &mut Value) -> Result<()> {
        let mut settings = Vec::new();
        if !self.descriptors.is_empty() {
            settings.push(("descriptors", json!(self.descriptors)));
        }
        if let Some(cells) = &self.cells {
            settings.push(("cells", json!(parse_cells(cells)?)));
        }
        if !self.ranges.is_empty() {
            let mut ranges = serde_json::Map::new();
            for range in &self.ranges {
                let (name, low, high) = parse_range(range)?;
                ranges.insert(name, json!([low, high]));
            }
            settings.push(("ranges", Value::Object(ranges)));
        }
        for (key, value) in [
            ("evaluations", self.evaluations),
            ("batch", self.batch),
            ("initial", self.initial),
        ] {
            if let Some(value) = value {
                settings.push((key, json!(value)));
            }
        }
        if let Some(method) = &self.method {
            settings.push(("method", json!(method)));
        }
        for (key, value) in settings {
            if !params["explore"].is_object() {
                params["explore"] = json!({});
            }
            params["explore"][key] = value;
        }
        Ok(())
    }
}

/// `ludoforge explore`.
pub fn explore(args: &ExploreArgs) -> Result<Ending> {
    if let Some(archive) = &args.archive {
        return take_out(archive, args);
    }
    if args.elite.is_some() {
        bail!("--elite takes an elite out of an archive: give the archive with --archive FILE");
    }
    let Some(name) = &args.job else {
        bail!(
            "say what to explore, for instance `ludoforge explore chromatic` (the -explore jobs \
             of `ludoforge list`), or give --archive FILE --elite ... to take an elite out"
        );
    };
    let registry = crate::jobs::registry();
    let ids = registry.ids();
    let explorers: Vec<&str> = ids
        .iter()
        .copied()
        .filter(|id| id.ends_with("-explore"))
        .collect();
    let wanted = [
        name.clone(),
        format!("{name}-explore"),
        format!("-{name}-explore"),
    ];
    let Some(id) = explorers
        .iter()
        .find(|id| **id == wanted[0] || **id == wanted[1])
        .or_else(|| explorers.iter().find(|id| id.ends_with(&wanted[2])))
    else {
        bail!(
            "nothing named {name:?} can be explored; these can: {}",
            explorers
                .iter()
                .map(|id| id.trim_end_matches("-explore"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    };
    let job = registry.get(id).expect("a listed job");
    let mut params = crate::jobs::read_params(args.params.as_deref())?;
    args.archive_flags.apply(&mut params)?;
    for assignment in &args.set {
        params::set(&mut params, assignment).map_err(anyhow::Error::msg)?;
    }
    let destinations: Vec<Destination> = vec![
        ("--out", "result", args.out.as_deref()),
        ("--svg", "svg", args.svg.as_deref()),
        ("--png", "png", args.png.as_deref()),
        ("--plot", "plot", args.plot.as_deref()),
        ("--plot-png", "plot-png", args.plot_png.as_deref()),
    ];
    let seed = args.seed.unwrap_or_else(fresh_seed);
    present(job, &params, seed, &destinations, false)
}

/// `--cells 20` or `--cells 20x30[x4]`.
fn parse_cells(text: &str) -> Result<Vec<u64>> {
    text.split(['x', 'X', '×'])
        .map(|part| {
            part.trim().parse::<u64>().map_err(|_| {
                anyhow::anyhow!(
                    "--cells {text}: write one count for every axis (20) or one each (20x30)"
                )
            })
        })
        .collect()
}

/// `--range NAME=LOW..HIGH`.
fn parse_range(text: &str) -> Result<(String, f64, f64)> {
    let bad =
        || anyhow::anyhow!("--range {text}: write NAME=LOW..HIGH, for instance min_moves=30..60");
    let (name, range) = text.split_once('=').ok_or_else(bad)?;
    let (low, high) = range.split_once("..").ok_or_else(bad)?;
    let low: f64 = low.trim().parse().map_err(|_| bad())?;
    let high: f64 = high.trim().parse().map_err(|_| bad())?;
    Ok((name.trim().to_string(), low, high))
}

/// `--archive F --elite a=X,b=Y -o OUT`: the elite's result, as its generator writes it.
fn take_out(path: &Path, args: &ExploreArgs) -> Result<Ending> {
    let Some(at) = &args.elite else {
        bail!(
            "--archive needs --elite NAME=VALUE,... to say which elite to take out \
             (for instance --elite min_moves=40,decision_points=12)"
        );
    };
    if args.job.is_some() || args.params.is_some() || !args.set.is_empty() {
        bail!("--archive takes an elite out of an archive already made: give no job or parameters");
    }
    let Some(out) = &args.out else {
        bail!("say where to write the elite with -o FILE (- for standard output)");
    };
    let mut wanted = Vec::new();
    for part in at.split(',') {
        let bad = || {
            anyhow::anyhow!(
                "--elite {at}: write NAME=VALUE for every descriptor, for instance \
                 min_moves=40,decision_points=12"
            )
        };
        let (name, value) = part.split_once('=').ok_or_else(bad)?;
        let value: f64 = value.trim().parse().map_err(|_| bad())?;
        wanted.push((name.trim().to_string(), value));
    }
    let text = read_text(path)?;
    let archive: Value = serde_json::from_str(&text).with_context(|| {
        format!(
            "{} is not JSON: give the file `explore -o` wrote",
            path.display()
        )
    })?;
    let elite = explore::elite_at(&archive, &wanted).map_err(anyhow::Error::msg)?;
    let mut bytes = serde_json::to_vec_pretty(&elite["result"])?;
    bytes.push(b'\n');
    if out == Path::new("-") {
        use std::io::Write as _;
        std::io::stdout().write_all(&bytes)?;
    } else {
        check_outputs(&[("-o", Some(out))])?;
        let mut outputs = Outputs::default();
        outputs.add(out, bytes);
        outputs.write_all()?;
    }
    let summary = json!({
        "archive": path.display().to_string(),
        "cell": elite["coordinates"],
        "descriptors": elite["descriptors"],
        "fitness": elite["fitness"],
        "out": out.display().to_string(),
    })
    .to_string();
    // The summary goes where the elite does not.
    if out == Path::new("-") {
        eprintln!("{summary}");
    } else {
        crate::say(&summary);
    }
    Ok(Ending::Done)
}
