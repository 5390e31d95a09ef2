//! `sweep merge`: a results folder as one table, the best runs and their curves.

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use clap::Args;
use ludoforge_library::Library;
use ludoforge_sweep::Results;
use ludoforge_sweep::merge::merge as read_all;

use crate::output::Outputs;
use crate::puzzle::Ending;

/// `sweep merge`'s arguments.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The results folder `sweep run` wrote.
    pub results: PathBuf,
    /// The table as CSV; the same table goes beside it as JSON (`F.json`), the best runs as
    /// Markdown (`F.best.md`) and their curves as SVG (`F.curves.svg`) when the plan's
    /// `[report]` names them.
    #[arg(short = 'o', long = "out", value_name = "F.csv")]
    pub out: PathBuf,
    /// Leave out each run's time: two merges of the same results are then the same bytes.
    #[arg(long)]
    pub no_times: bool,
    /// Merge the runs finished so far even when some have no result yet.
    #[arg(long)]
    pub partial: bool,
    /// Keep the best runs' results (the plan's `[report] top`) in the content library
    /// (`--library FILE` before `sweep` names it; default: the user's library).
    #[arg(long)]
    pub keep: bool,
    /// The library file for --keep.
    #[arg(long, value_name = "FILE", requires = "keep")]
    pub library: Option<PathBuf>,
}

/// `F.csv` → `F.<suffix>`.
fn beside(out: &Path, suffix: &str) -> PathBuf {
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    out.with_file_name(format!("{stem}.{suffix}"))
}

/// `sweep merge DIR -o F.csv`.
pub fn merge(args: &MergeArgs) -> Result<Ending> {
    if args.out.extension().and_then(|e| e.to_str()) != Some("csv") {
        bail!(
            "-o {}: name the table's CSV file, such as table.csv (its JSON goes beside it)",
            args.out.display()
        );
    }
    let results = Results::open(&args.results)?;
    let merged = read_all(&results)?;
    if !merged.missing.is_empty() && !args.partial {
        let first = &merged.missing[0];
        bail!(
            "{} of {} runs have no result yet (the first: run {} ({})); run `sweep run` again \
             for their shards, or give --partial to merge the {} finished",
            merged.missing.len(),
            merged.rows.len() + merged.missing.len(),
            first.index,
            first.id,
            merged.rows.len()
        );
    }
    let times = !args.no_times;
    let mut outputs = Outputs::default();
    let json_path = beside(&args.out, "json");
    outputs.add(&args.out, merged.csv(times).into_bytes());
    let mut json = serde_json::to_vec_pretty(&merged.json(times))?;
    json.push(b'\n');
    outputs.add(&json_path, json);
    let best = merged.best_table();
    let best_path = beside(&args.out, "best.md");
    if !best.is_empty() {
        outputs.add(&best_path, best.clone().into_bytes());
    }
    let curves_path = beside(&args.out, "curves.svg");
    let curves = merged.curves_svg();
    if let Some(svg) = &curves {
        outputs.add(&curves_path, svg.clone().into_bytes());
    }
    outputs.write_all()?;
    let failed = merged
        .rows
        .iter()
        .filter(|(r, _)| r.error.is_some())
        .count();
    crate::say(&format!(
        "{} runs of {} merged into {} and {}{}{}",
        merged.rows.len(),
        merged.plan.job,
        args.out.display(),
        json_path.display(),
        if failed > 0 {
            format!(" ({failed} failed: see their error column)")
        } else {
            String::new()
        },
        if merged.missing.is_empty() {
            String::new()
        } else {
            format!("; {} runs still to come", merged.missing.len())
        }
    ));
    if !best.is_empty() {
        crate::say(&format!("best runs ({}):\n{best}", best_path.display()));
    }
    if curves.is_some() {
        crate::say(&format!("curves of the best: {}", curves_path.display()));
    }
    if args.keep {
        let path = match &args.library {
            Some(path) => path.clone(),
            None => ludoforge_library::default_path()?,
        };
        let mut library = Library::open(&path)?;
        let (mut added, mut already) = (0, 0);
        for (_, record) in merged.ranked().into_iter().take(merged.plan.report.top) {
            if let Some(result) = &record.result {
                let told = library.add(result, &[])?;
                added += told.added;
                already += told.already;
            }
        }
        crate::say(&format!(
            "kept the best in {}: {added} added, {already} there already",
            path.display()
        ));
    }
    Ok(Ending::Done)
}
