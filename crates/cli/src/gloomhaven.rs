//! `ludoforge gloomhaven`: evolve Gloomhaven scenarios from the official ones, through the
//! `gloomhaven` job.

use std::path::Path;

use anyhow::{Context as _, Result, bail};
use ludoforge_gloomhaven::job::{FileContent, GENE_GROUPS, GloomhavenJob};
use serde_json::{Map, Value, json};

use crate::args::gloomhaven::{GloomhavenArgs, GoalArg, Preset};
use crate::output::read_text;
use crate::present::present;
use crate::puzzle::{Ending, fresh_seed};

/// A file the person named, read: its text under the name they gave.
pub fn file_content(path: &Path) -> Result<Value> {
    let text = read_text(path)?;
    Ok(serde_json::to_value(FileContent::text_named(
        &path.display().to_string(),
        &text,
    ))?)
}

/// `--weights 1,1,1,1,1` as a list of numbers (the job checks how many).
fn weights(text: &str) -> Result<Vec<f64>> {
    text.split(',')
        .map(|w| w.trim().parse::<f64>().ok().filter(|w| w.is_finite()))
        .collect::<Option<Vec<f64>>>()
        .with_context(|| {
            format!("--weights {text:?}: give five numbers separated by commas, e.g. 1,1,1,1,1")
        })
}

/// `--mutation rules=0.75,map=0.5` as probabilities by gene group (the job checks them).
fn mutation(text: &str) -> Result<Value> {
    let mut groups = Map::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, value) = part.split_once('=').with_context(|| {
            format!("--mutation {text:?}: write group=probability pairs, e.g. rules=0.75,map=0.5")
        })?;
        let name = name.trim();
        if !GENE_GROUPS.contains(&name) {
            bail!(
                "--mutation: {name:?} is not a gene group ({})",
                GENE_GROUPS.join(", ")
            );
        }
        let p = value
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|p| p.is_finite())
            .with_context(|| {
                format!("--mutation {name}={value}: give a probability between 0 and 1")
            })?;
        groups.insert(name.to_string(), json!(p));
    }
    Ok(Value::Object(groups))
}

/// `--max-table 120x80` as the table's sides in centimetres (the job checks them).
fn table(text: &str) -> Result<Value> {
    let (w, h) = text
        .split_once(['x', 'X', '×'])
        .and_then(|(w, h)| Some((w.trim().parse::<f64>().ok()?, h.trim().parse::<f64>().ok()?)))
        .filter(|(w, h)| w.is_finite() && h.is_finite())
        .with_context(|| {
            format!("--max-table {text:?}: give the table's size in centimetres, e.g. 120x80")
        })?;
    Ok(json!({"width": w, "height": h}))
}

/// The `gloomhaven` job's parameters from the flags.
fn params(args: &GloomhavenArgs) -> Result<Value> {
    let from = args
        .from
        .iter()
        .map(|path| file_content(path))
        .collect::<Result<Vec<_>>>()?;
    Ok(json!({
        "cycles": args.cycles,
        "players": args.players,
        "preset": match args.preset {
            Preset::Paper => "paper",
            Preset::Gloomdungeons => "gloomdungeons",
        },
        "weights": args.weights.as_deref().map(weights).transpose()?,
        "goal": match args.goal {
            GoalArg::KillAll => "kill-all",
            GoalArg::LootAll => "loot-all",
            GoalArg::ReachExit => "reach-exit",
        },
        "mutation": args.mutation.as_deref().map(mutation).transpose()?.unwrap_or(json!({})),
        "max_table": args.max_table.as_deref().map(table).transpose()?,
        "creator": args.creator,
        "catalog": args.catalog.as_deref().map(file_content).transpose()?,
        "top": args.top,
        "from": from,
    }))
}

/// `gloomhaven`.
pub fn gloomhaven(args: &GloomhavenArgs) -> Result<Ending> {
    let params = params(args)?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let destinations = [
        ("--out", "result", args.out.as_deref()),
        ("--book", "book", args.book.as_deref()),
        ("--text", "text", args.text.as_deref()),
        ("--svg", "svg", args.svg.as_deref()),
        ("--png", "png", args.png.as_deref()),
        ("--vgb", "vgb", args.vgb.as_deref()),
        ("--secretariat", "secretariat", args.secretariat.as_deref()),
        ("--pdf", "pdf", args.pdf.as_deref()),
    ];
    // The book page goes to the terminal only when no page or result is written.
    let show_page = args.book.is_none() && args.text.is_none();
    present(&GloomhavenJob, &params, seed, &destinations, show_page)
}
