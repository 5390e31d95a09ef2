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
}

/// `ludoforge check FILE`: exit code 0 for valid content, 4 for content that breaks a rule. A
/// check takes no seed: what it plays or stocks is seeded by the content's own (a Risk
/// variant's, a dungeon's), so the same file always checks the same.
pub fn check(args: &CheckArgs) -> Result<Ending> {
    let text = read_text(&args.file)?;
    let params = json!({ "content": text });
    let destinations = [
        ("--out", "result", args.out.as_deref()),
        ("--svg", "svg", args.svg.as_deref()),
        ("--png", "png", args.png.as_deref()),
    ];
    let job = ludoforge_jobs::check_job();
    present(&job, &params, 0, &destinations, true)
        .with_context(|| format!("{} cannot be checked", args.file.display()))
}
