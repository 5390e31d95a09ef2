//! Virtual Gloomhaven Board files: `gloomhaven export-vgb`, `gloomhaven import-vgb`, and the
//! scenario files `--from` and `--vgb` read and write.

use std::path::Path;

use anyhow::{Context, Result, bail};
use ludoforge_gloomhaven::catalog::Catalog;
use ludoforge_gloomhaven::export::ScenarioEntry;
use ludoforge_gloomhaven::fitness::Fitness;
use ludoforge_gloomhaven::render;
use ludoforge_gloomhaven::scenario::Scenario;
use ludoforge_gloomhaven::validity::check;
use ludoforge_gloomhaven::vgb::{self, CREATOR_LIMIT};
use serde_json::{Value, json};

use crate::args::gloomhaven::{ExportVgbArgs, ImportVgbArgs};
use crate::output::{Outputs, check_writable, read_text};
use crate::puzzle::Ending;

/// The catalog a command names, or the built-in one.
pub fn catalog(path: Option<&Path>) -> Result<Catalog> {
    match path {
        Some(path) => Catalog::parse(&read_text(path)?)
            .with_context(|| format!("cannot use the catalog {}", path.display())),
        None => Ok(Catalog::built_in()),
    }
}

/// The scenarios of a file: a ludoforge scenario file (`--out`'s, or one scenario on its
/// own) or a Virtual Gloomhaven Board file.
pub fn read_scenarios(catalog: &Catalog, path: &Path) -> Result<Vec<Scenario>> {
    let text = read_text(path)?;
    let shown = path.display();
    let value: Value = serde_json::from_str(&text).with_context(|| {
        format!(
            "{shown} is not JSON; give a ludoforge scenario file or a Virtual Gloomhaven Board file"
        )
    })?;
    if value.get("mapTileData").is_some() {
        let s = vgb::import(catalog, &text).with_context(|| format!("cannot read {shown}"))?;
        return Ok(vec![s]);
    }
    let entries: Vec<Value> = match value.get("scenarios") {
        Some(Value::Array(list)) => list.clone(),
        Some(_) => bail!("{shown}: \"scenarios\" is not a list"),
        None if value.get("tiles").is_some() => vec![value],
        None => bail!(
            "{shown} is not a scenario file: it has no \"scenarios\" list (ludoforge gloomhaven \
             --out writes one) and no \"mapTileData\" (a Virtual Gloomhaven Board file)"
        ),
    };
    if entries.is_empty() {
        bail!("{shown} holds no scenario");
    }
    entries
        .into_iter()
        .enumerate()
        .map(|(i, entry)| {
            let entry: ScenarioEntry = serde_json::from_value(entry)
                .with_context(|| format!("{shown}: scenario {} is not one", i + 1))?;
            entry
                .scenario(catalog)
                .map_err(|e| anyhow::anyhow!("{shown}: scenario {}: {e}", i + 1))
        })
        .collect()
}

/// Checks that a scenario read from `path` is one the search can start from.
pub fn check_valid(catalog: &Catalog, s: &Scenario, path: &Path) -> Result<()> {
    check(catalog, s).map_err(|e| {
        anyhow::anyhow!(
            "{}: the scenario {:?} is not valid ({e}); fix it or leave the file out",
            path.display(),
            s.name
        )
    })
}

/// A board file for `s` turned by `turn` (or the turn that fits the Creator best), with a
/// warning when the map is too large for the Creator.
pub fn board_file(
    catalog: &Catalog,
    s: &Scenario,
    turn: Option<u8>,
) -> Result<(Vec<u8>, u8, Option<String>)> {
    let g = turn.unwrap_or_else(|| vgb::best_turn(catalog, s).0);
    let (w, h) = vgb::board_size(catalog, s, g);
    let warning = (w > CREATOR_LIMIT || h > CREATOR_LIMIT).then(|| {
        format!(
            "the map takes {w} x {h} cells turned {}°, more than the Creator's {CREATOR_LIMIT} x \
             {CREATOR_LIMIT}: it loads on the board (Change scenario, Custom) but the Creator's \
             Import would pull its tiles apart",
            u32::from(g) * 60
        )
    });
    let file = vgb::export(catalog, s, &s.name, g)?;
    let mut text = serde_json::to_string_pretty(&file)?;
    text.push('\n');
    Ok((text.into_bytes(), g, warning))
}

/// `gloomhaven export-vgb`.
pub fn export_vgb(args: &ExportVgbArgs) -> Result<Ending> {
    check_writable(&args.out, "--out")?;
    let turn = match args.turn {
        None => None,
        Some(t @ 0..=5) => Some(t as u8),
        Some(t) => bail!("--turn {t}: give 0 to 5 steps of 60° clockwise"),
    };
    let catalog = catalog(args.catalog.as_deref())?;
    let scenarios = read_scenarios(&catalog, &args.scenario)?;
    let index = usize::try_from(args.index)
        .ok()
        .filter(|i| (1..=scenarios.len()).contains(i))
        .with_context(|| {
            format!(
                "--index {}: {} holds {} scenario(s); give 1 to {}",
                args.index,
                args.scenario.display(),
                scenarios.len(),
                scenarios.len()
            )
        })?;
    let s = &scenarios[index - 1];
    let (bytes, g, warning) = board_file(&catalog, s, turn)?;
    let mut outputs = Outputs::default();
    outputs.add(&args.out, bytes);
    outputs.write_all()?;
    if let Some(warning) = &warning {
        eprintln!("warning: {warning}");
    }
    let (w, h) = vgb::board_size(&catalog, s, g);
    println!(
        "{}",
        json!({
            "name": s.name,
            "tiles": s.map.tiles.len(),
            "turn": g,
            "board_cells": [w, h],
            "fits_creator": warning.is_none(),
            "out": args.out,
        })
    );
    Ok(Ending::Done)
}

/// `gloomhaven import-vgb`.
pub fn import_vgb(args: &ImportVgbArgs) -> Result<Ending> {
    for (flag, path) in [
        ("--out", Some(&args.out)),
        ("--svg", args.svg.as_ref()),
        ("--png", args.png.as_ref()),
    ] {
        if let Some(path) = path {
            check_writable(path, flag)?;
        }
    }
    if !(2..=4).contains(&args.players) {
        bail!(
            "--players {}: Gloomhaven is played by 2, 3 or 4 players",
            args.players
        );
    }
    let fitness = Fitness::paper(args.players as u32)?;
    let catalog = catalog(args.catalog.as_deref())?;
    let text = read_text(&args.board)?;
    let s = vgb::import(&catalog, &text)
        .with_context(|| format!("cannot read {}", args.board.display()))?;
    let valid = check(&catalog, &s);
    let entry = ScenarioEntry::of(&catalog, &s, &s.name, &fitness);
    let file = json!({
        "generator": "gloomhaven",
        "version": env!("CARGO_PKG_VERSION"),
        "source": {"virtual_gloomhaven_board": args.board},
        "scenarios": [entry],
    });
    let mut outputs = Outputs::default();
    let mut out = serde_json::to_string_pretty(&file)?;
    out.push('\n');
    outputs.add(&args.out, out.into_bytes());
    if args.svg.is_some() || args.png.is_some() {
        let view = render::View {
            caption: Some(format!(
                "{} · score {:.2} of {}",
                s.name,
                entry.score,
                fitness.maximum()
            )),
            ..render::View::default()
        };
        let picture = render::svg(&catalog, &s, &view);
        outputs.picture(picture, args.svg.as_deref(), args.png.as_deref(), 1.5)?;
    }
    outputs.write_all()?;
    if let Err(reason) = &valid {
        eprintln!(
            "warning: the scenario is not valid for the search ({reason}); --from will refuse it"
        );
    }
    println!(
        "{}",
        json!({
            "name": s.name,
            "tiles": s.map.tiles.len(),
            "monsters": s.placements.monsters.len(),
            "score": entry.score,
            "maximum": entry.maximum,
            "valid": valid.is_ok(),
            "out": args.out,
        })
    );
    Ok(Ending::Done)
}
