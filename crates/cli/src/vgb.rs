//! Virtual Gloomhaven Board files: `gloomhaven export-vgb`, `gloomhaven import-vgb`, and the
//! scenario files `--from` and `--vgb` read and write.

use std::path::Path;

use anyhow::{Context, Result, bail};
use ludoforge_gloomhaven::catalog::Catalog;
use ludoforge_gloomhaven::export::ScenarioEntry;
use ludoforge_gloomhaven::fitness::Fitness;
use ludoforge_gloomhaven::json::readable;
use ludoforge_gloomhaven::record::ScenarioRecord;
use ludoforge_gloomhaven::render;
use ludoforge_gloomhaven::scenario::{Players, Scenario};
use ludoforge_gloomhaven::validity::check;
use ludoforge_gloomhaven::vgb::{self, CREATOR_LIMIT};
use serde_json::{Value, json};

use crate::args::gloomhaven::{ExportVgbArgs, ImportVgbArgs, players};
use crate::output::{Outputs, check_outputs, check_writable, read_text};
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
        let read = vgb::import(catalog, &text).with_context(|| format!("cannot read {shown}"))?;
        warn_dropped(path, &read.dropped);
        return Ok(vec![read.scenario]);
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
            if entry.get("placements").is_some() {
                bail!(
                    "{shown}: scenario {} was written by an earlier ludoforge (its monsters are \
                     groups with a \"placements\" list, not standees with their set-ups for 2, 3 \
                     and 4 players); run the search again, or import its board file \
                     (export-vgb from the earlier version) with import-vgb",
                    i + 1
                );
            }
            let record: ScenarioRecord = serde_json::from_value(entry)
                .with_context(|| format!("{shown}: scenario {} is not one", i + 1))?;
            record
                .to_scenario(catalog)
                .map_err(|e| anyhow::anyhow!("{shown}: scenario {}: {e}", i + 1))
        })
        .collect()
}

/// Tells the user which pieces of a board file a scenario does not keep.
fn warn_dropped(path: &Path, dropped: &[String]) {
    if !dropped.is_empty() {
        eprintln!(
            "warning: {}: ludoforge keeps no walls, rifts, tokens or highlights (other than an \
             exit's); left out: {}",
            path.display(),
            dropped.join(", ")
        );
    }
}

/// Checks that a scenario read from `path` is one the search can start from.
pub fn check_valid(catalog: &Catalog, s: &Scenario, path: &Path) -> Result<()> {
    check(catalog, s).map_err(|e| {
        anyhow::anyhow!(
            "{}: the scenario {:?} is not valid ({e}); fix it or leave the file out",
            path.display(),
            s.title()
        )
    })
}

/// A board file for `s` turned by `turn` (or the turn the Creator holds and keeps: see
/// [`vgb::creator_turn`]), the turn, and a warning when the Creator would not keep the map.
pub fn board_file(
    catalog: &Catalog,
    s: &Scenario,
    turn: Option<u8>,
) -> Result<(Vec<u8>, u8, Option<String>)> {
    let chosen = turn.or_else(|| vgb::creator_turn(catalog, s));
    let g = chosen.unwrap_or(0);
    let (w, h) = vgb::board_size(catalog, s, g);
    let warning = if w > CREATOR_LIMIT || h > CREATOR_LIMIT {
        Some(format!(
            "the map takes {w} x {h} cells turned {}°, more than the Creator's {CREATOR_LIMIT} x \
             {CREATOR_LIMIT}: it loads on the board (Change scenario, Custom) but the Creator's \
             Import would pull its tiles apart",
            u32::from(g) * 60
        ))
    } else if !vgb::creator_keeps(catalog, s, g) {
        Some(format!(
            "turned {}°, the board's Creator would change this map on Import and Export (it \
             loads on the board itself unchanged){}",
            u32::from(g) * 60,
            if turn.is_some() {
                "; leave out --turn to let ludoforge choose a turn it keeps"
            } else {
                ""
            }
        ))
    } else {
        None
    };
    let file = vgb::export(catalog, s, s.title(), g)?;
    let text = serde_json::to_string_pretty(&file)?;
    Ok((format!("{text}\n").into_bytes(), g, warning))
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
    let s = match (&args.scenario, args.official) {
        (_, Some(n)) => {
            let number = u16::try_from(n).ok();
            match number.and_then(|n| Scenario::official(&catalog, n)) {
                Some(s) => s,
                None => {
                    let mut have: Vec<u16> =
                        catalog.scenarios.iter().filter_map(|r| r.number).collect();
                    have.sort_unstable();
                    have.dedup();
                    bail!(
                        "--official {n}: the catalog has no official scenario {n}; it has {} \
                         (see CATALOG.md for those left out and why)",
                        ranges(&have)
                    );
                }
            }
        }
        (Some(path), None) => {
            let scenarios = read_scenarios(&catalog, path)?;
            let index = usize::try_from(args.index)
                .ok()
                .filter(|i| (1..=scenarios.len()).contains(i))
                .with_context(|| {
                    format!(
                        "--index {}: {} holds {} scenario(s); give 1 to {}",
                        args.index,
                        path.display(),
                        scenarios.len(),
                        scenarios.len()
                    )
                })?;
            scenarios[index - 1].clone()
        }
        (None, None) => bail!("give a scenario file, or --official N"),
    };
    let (bytes, g, warning) = board_file(&catalog, &s, turn)?;
    let mut outputs = Outputs::default();
    outputs.add(&args.out, bytes);
    outputs.write_all()?;
    if let Some(warning) = &warning {
        eprintln!("warning: {warning}");
    }
    let (w, h) = vgb::board_size(&catalog, &s, g);
    println!(
        "{}",
        json!({
            "name": s.title(),
            "number": s.number,
            "tiles": s.map.tiles.len(),
            "standees": Players::ALL.map(|p| s.standees(p)),
            "turn": g,
            "board_cells": [w, h],
            "fits_creator": warning.is_none(),
            "out": args.out,
        })
    );
    Ok(Ending::Done)
}

/// "1–54, 56–81, 83–95".
fn ranges(numbers: &[u16]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < numbers.len() {
        let start = numbers[i];
        let mut end = start;
        while i + 1 < numbers.len() && numbers[i + 1] == end + 1 {
            i += 1;
            end = numbers[i];
        }
        out.push(if start == end {
            start.to_string()
        } else {
            format!("{start}–{end}")
        });
        i += 1;
    }
    out.join(", ")
}

/// `gloomhaven import-vgb`.
pub fn import_vgb(args: &ImportVgbArgs) -> Result<Ending> {
    check_outputs(&[
        ("--out", Some(args.out.as_path())),
        ("--svg", args.svg.as_deref()),
        ("--png", args.png.as_deref()),
    ])?;
    let party = players(args.players)?;
    let fitness = Fitness::paper(party);
    let catalog = catalog(args.catalog.as_deref())?;
    let text = read_text(&args.board)?;
    let read = vgb::import(&catalog, &text)
        .with_context(|| format!("cannot read {}", args.board.display()))?;
    warn_dropped(&args.board, &read.dropped);
    let s = read.scenario;
    let valid = check(&catalog, &s);
    let entry = ScenarioEntry::of(&catalog, &s, s.title(), &fitness);
    let file = json!({
        "generator": "gloomhaven",
        "version": env!("CARGO_PKG_VERSION"),
        "source": {"virtual_gloomhaven_board": args.board},
        "scenarios": [entry],
    });
    let mut outputs = Outputs::default();
    outputs.add(&args.out, readable(&file).into_bytes());
    if args.svg.is_some() || args.png.is_some() {
        let view = render::View {
            caption: Some(format!(
                "{} · score {:.2} of {} · {} players",
                s.title(),
                entry.score,
                fitness.maximum(),
                party.count()
            )),
            players: party,
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
            "name": s.title(),
            "tiles": s.map.tiles.len(),
            "standees": Players::ALL.map(|p| s.standees(p)),
            "difficulty": entry.difficulty,
            "score": entry.score,
            "maximum": entry.maximum,
            "valid": valid.is_ok(),
            "out": args.out,
        })
    );
    Ok(Ending::Done)
}
