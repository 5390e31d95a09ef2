//! `ludoforge suggest FILE --lock ...`: a shelf of content around a designer's own, made by
//! the generator's exploration started from it, with the locked parts kept.

use std::path::PathBuf;

use anyhow::{Context as _, Result, bail};
use clap::Args;
use ludoforge_job::{Context, params};
use serde_json::{Value, json};

use crate::explore::ArchiveFlags;
use crate::output::read_text;
use crate::present::{Destination, present};
use crate::puzzle::{Ending, fresh_seed};

/// `ludoforge suggest`'s arguments.
#[derive(Debug, Args)]
pub struct SuggestArgs {
    /// The content to make suggestions around: a result file, an elite taken out of an
    /// archive, a checked file, or a hand-made maze (JSON).
    pub file: PathBuf,
    /// Parts no suggestion changes: squares like c4 and rectangles like a1:c3 (repeatable,
    /// or comma-separated).
    #[arg(long, value_name = "PARTS")]
    pub lock: Vec<String>,
    /// The archive: descriptors, cells, ranges and budget.
    #[command(flatten)]
    pub archive_flags: ArchiveFlags,
    /// Change one parameter of the exploration: name=value, with dots for nested ones
    /// (target=40).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// Master seed [default: a fresh random seed, printed with the result].
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Write the shelf (JSON, an archive `explore --archive ... --elite ...` takes any
    /// suggestion out of) here; - for standard output.
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
}

/// `ludoforge suggest FILE`: the exploration of the file's generator, started from the file.
pub fn suggest(args: &SuggestArgs) -> Result<Ending> {
    let text = read_text(&args.file)?;
    let document: Value = serde_json::from_str(&text)
        .with_context(|| format!("{} is not JSON", args.file.display()))?;
    let checked = ludoforge_jobs::check_job()
        .checked(&document, &Context::quiet())
        .with_context(|| format!("{} cannot be a start", args.file.display()))?;
    let registry = crate::jobs::registry();
    let Some(job) = checked.suggest.and_then(|id| registry.get(id)) else {
        bail!(
            "{}: ludoforge makes no suggestions around a {} yet; `ludoforge check` measures it",
            args.file.display(),
            checked.kind
        );
    };
    // The start as a file given by content, which every exploration reads; a checked file
    // gives the content it holds.
    let name = args.file.display().to_string();
    let content = if document.get("generator").and_then(Value::as_str)
        == Some(ludoforge_job::check::GENERATOR)
    {
        serde_json::to_string(&checked.content)?
    } else {
        text
    };
    let mut params = json!({ "start": {"content": content, "name": name}, "lock": args.lock });
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
