//! `ludoforge check FILE`: content read back and judged by its generator's own rules.

use std::path::PathBuf;

use anyhow::{Context as _, Result};
use clap::Args;
use serde_json::json;

use crate::output::read_text;
use crate::present::present;
use crate::puzzle::Ending;

/// `ludoforge check`'s arguments.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The content: a result file of any job, an elite taken out of an exploration, a checked
    /// file, or a hand-made maze (JSON).
    pub file: PathBuf,
    /// Write the check (JSON: valid or not, the problem and where, every measure, the
    /// content) here; - for standard output.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write the picture (SVG) here, the problem marked where it is.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write the picture (PNG) here.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Seed of any check that plays games; the same seed gives the same measures.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    pub seed: u64,
}

/// `ludoforge check FILE`: exit code 0 for valid content, 4 for content that breaks a rule.
pub fn check(args: &CheckArgs) -> Result<Ending> {
    let text = read_text(&args.file)?;
    let params = json!({ "content": text });
    let destinations = [
        ("--out", "result", args.out.as_deref()),
        ("--svg", "svg", args.svg.as_deref()),
        ("--png", "png", args.png.as_deref()),
    ];
    let job = ludoforge_jobs::check_job();
    present(&job, &params, args.seed, &destinations, true)
        .with_context(|| format!("{} cannot be checked", args.file.display()))
}
