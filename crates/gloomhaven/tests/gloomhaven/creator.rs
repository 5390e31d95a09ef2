//! Virtual Gloomhaven Board's Creator: Import then Export of the board's own scenario files,
//! each turned by 0..5 steps of 60°, judged by the oracle in `creator_oracle.rs`, and the
//! closed-form rule (`creator_oracle::predicts_change`) checked against it; then the library's
//! `creator_keeps` and `creator_turn` checked against the oracle on the files our export
//! writes (the official scenarios and generated maps), with the tile grids taken from the
//! catalog so that these tests need nothing beside the repository.

use crate::creator_oracle;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use creator_oracle::{
    Grids, creator_keeps_board, creator_round_trip, layout, layout_differences, predicts_change,
    same_board, turn_file,
};
use ludoforge_evolve::rng::stream;
use ludoforge_gloomhaven::build::{SizeBounds, build};
use ludoforge_gloomhaven::catalog::Catalog;
use ludoforge_gloomhaven::evolution::{Settings, evolve, top};
use ludoforge_gloomhaven::hex::Hex;
use ludoforge_gloomhaven::map::{Door, DoorKind, Material, door_direction};
use ludoforge_gloomhaven::place::place;
use ludoforge_gloomhaven::scenario::Scenario;
use ludoforge_gloomhaven::vgb::{
    CREATOR_LIMIT, VgbScenario, board_size, creator_file_change, creator_keeps, creator_turn,
    export, grid_size, local_cell,
};
use serde_json::{Value, json};

/// `shared/data/vgb/` beside the repository, or `None` (the test is then skipped).
fn data_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/vgb/");
    dir.join("vgb-tiles.json").exists().then_some(dir)
}

fn read(path: &PathBuf) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The board's own scenario files, by number.
fn scenario_files(dir: &std::path::Path) -> BTreeMap<u32, PathBuf> {
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(dir.join("scenarios")).expect("scenarios folder") {
        let path = entry.expect("directory entry").path();
        let n = path
            .file_stem()
            .and_then(|s| s.to_str())
            .and_then(|s| s.parse::<u32>().ok());
        if let (Some(n), Some("json")) = (n, path.extension().and_then(|e| e.to_str())) {
            files.insert(n, path);
        }
    }
    files
}

/// What the oracle finds for the board's own files 1-95 (55 is not among them): the turns `g`
/// for which Import-then-Export changes the layout. 26 files change whatever the turn; only
/// 51, 62, 71 and 87 depend on it (through the order in which the exporter scans a cell's
/// neighbours).
const EXPECTED_CHANGES: &[(u32, &[i64])] = &[
    (15, &[0, 1, 2, 3, 4, 5]),
    (17, &[0, 1, 2, 3, 4, 5]),
    (23, &[0, 1, 2, 3, 4, 5]),
    (24, &[0, 1, 2, 3, 4, 5]),
    (26, &[0, 1, 2, 3, 4, 5]),
    (33, &[0, 1, 2, 3, 4, 5]),
    (34, &[0, 1, 2, 3, 4, 5]),
    (35, &[0, 1, 2, 3, 4, 5]),
    (36, &[0, 1, 2, 3, 4, 5]),
    (40, &[0, 1, 2, 3, 4, 5]),
    (41, &[0, 1, 2, 3, 4, 5]),
    (42, &[0, 1, 2, 3, 4, 5]),
    (49, &[0, 1, 2, 3, 4, 5]),
    (51, &[4, 5]),
    (52, &[0, 1, 2, 3, 4, 5]),
    (53, &[0, 1, 2, 3, 4, 5]),
    (62, &[0, 4, 5]),
    (66, &[0, 1, 2, 3, 4, 5]),
    (67, &[0, 1, 2, 3, 4, 5]),
    (69, &[0, 1, 2, 3, 4, 5]),
    (70, &[0, 1, 2, 3, 4, 5]),
    (71, &[3, 4, 5]),
    (72, &[0, 1, 2, 3, 4, 5]),
    (76, &[0, 1, 2, 3, 4, 5]),
    (77, &[0, 1, 2, 3, 4, 5]),
    (79, &[0, 1, 2, 3, 4, 5]),
    (82, &[0, 1, 2, 3, 4, 5]),
    (85, &[0, 1, 2, 3, 4, 5]),
    (87, &[1, 2, 3, 4]),
    (90, &[0, 1, 2, 3, 4, 5]),
];

#[test]
fn the_rule_agrees_with_the_oracle_on_the_boards_own_files_at_every_turn() {
    let Some(dir) = data_dir() else {
        eprintln!("skipping: shared/data/vgb/ is absent beside the repository");
        return;
    };
    let grids = read(&dir.join("vgb-tiles.json"));
    let files = scenario_files(&dir);
    assert!(
        files.len() > 90,
        "expected the board's files 1-95, found {}",
        files.len()
    );
    let catalog = Catalog::built_in();
    let mut changed: BTreeMap<u32, Vec<i64>> = BTreeMap::new();
    let mut disagreements = Vec::new();
    for (n, path) in &files {
        let file = read(path);
        for g in 0..6 {
            let turned = turn_file(&file, g);
            // The production rule, on the board's own file as it is.
            let board: VgbScenario = serde_json::from_value(turned.clone()).unwrap();
            let production = creator_file_change(&catalog, &board);
            let exported = creator_round_trip(&turned, &grids)
                .unwrap_or_else(|e| panic!("{n}.json turned by {g}: {e}"));
            let oracle = same_board(&turned, &exported, &grids);
            let rule = predicts_change(&turned, &grids)
                .unwrap_or_else(|e| panic!("{n}.json turned by {g}: {e}"));
            if let Err(first) = &oracle {
                changed.entry(*n).or_default().push(g);
                eprintln!("{n}.json turned by {g}: {first}; rule: {}", rule.join("; "));
            }
            if oracle.is_err() == rule.is_empty() {
                disagreements.push(format!(
                    "{n}.json turned by {g}: oracle {oracle:?}, rule {rule:?}"
                ));
            }
            if oracle.is_err() != production.is_some() {
                disagreements.push(format!(
                    "{n}.json turned by {g}: oracle {oracle:?}, creator_file_change {production:?}"
                ));
            }
        }
    }
    assert!(
        disagreements.is_empty(),
        "rule and oracle disagree:\n{}",
        disagreements.join("\n")
    );
    let expected: BTreeMap<u32, Vec<i64>> = EXPECTED_CHANGES
        .iter()
        .map(|(n, gs)| (*n, gs.to_vec()))
        .collect();
    assert_eq!(changed, expected);
}

#[test]
fn a_plain_two_tile_map_survives_the_round_trip_at_every_turn() {
    let Some(dir) = data_dir() else {
        eprintln!("skipping: shared/data/vgb/ is absent beside the repository");
        return;
    };
    let grids = read(&dir.join("vgb-tiles.json"));
    // the board's template (vgb-format.md 2.6), with its corridor's other side
    let file = json!({ "id": 0, "title": "Template", "angle": 0, "additionalMonsters": [],
        "mapTileData": { "ref": "a1a", "turns": 0,
          "doors": [ { "subType": "corridor", "material": "earth", "size": 1, "direction": "horizontal",
                       "room1X": 2, "room1Y": 0, "room2X": 2, "room2Y": 7,
                       "mapTileData": { "ref": "l1b", "doors": [], "overlays": [], "monsters": [], "turns": 0 } } ],
          "overlays": [ { "ref": { "type": "starting-location" }, "direction": "default", "cells": [[0, 2]] } ],
          "monsters": [ { "monster": "inox-guard", "initialX": 2, "initialY": 0,
                          "twoPlayer": "normal", "threePlayer": "normal", "fourPlayer": "elite" } ] } });
    for g in 0..6 {
        let turned = turn_file(&file, g);
        let exported = creator_round_trip(&turned, &grids).expect("round trip");
        assert_eq!(
            same_board(&turned, &exported, &grids),
            Ok(()),
            "turned by {g}"
        );
        assert_eq!(
            predicts_change(&turned, &grids),
            Ok(vec![]),
            "turned by {g}"
        );
        let cells = layout(&turned, &grids).expect("layout").cells.len();
        // a1a's 9 cells, l1b's 32 and the door hex (a blank entry of a1a, outside l1b's grid)
        assert_eq!(cells, 9 + 32 + 1, "turned by {g}");
    }
}

#[test]
fn a_map_wider_than_the_creators_grid_is_pulled_apart() {
    let Some(dir) = data_dir() else {
        eprintln!("skipping: shared/data/vgb/ is absent beside the repository");
        return;
    };
    let grids = read(&dir.join("vgb-tiles.json"));
    // tiles in a row, each door hex being the next tile's local (0,0) just east of the last one
    let chain = |refs: &[(&str, i64)]| {
        let mut tile = json!(null);
        for (i, (r, width)) in refs.iter().enumerate().rev() {
            let doors = if tile.is_null() {
                json!([])
            } else {
                json!([{ "subType": "stone", "direction": "vertical", "room1X": width, "room1Y": 0,
                         "room2X": 0, "room2Y": 0, "mapTileData": tile }])
            };
            let overlays = if i == 0 {
                json!([{ "ref": { "type": "starting-location" }, "direction": "default", "cells": [[1, 1]] }])
            } else {
                json!([])
            };
            tile = json!({ "ref": r, "doors": doors, "overlays": overlays, "monsters": [], "turns": 0 });
        }
        json!({ "id": 0, "title": "row", "angle": 0, "additionalMonsters": [], "mapTileData": tile })
    };
    let tiles = [
        ("g1a", 8),
        ("g1b", 8),
        ("g2a", 8),
        ("g2b", 8),
        ("i1a", 6),
        ("i1b", 6),
        ("l1a", 5),
    ];
    // 38 columns fit; 49 do not
    for (count, fits) in [(5, true), (7, false)] {
        let file = chain(&tiles[..count]);
        let exported = creator_round_trip(&file, &grids).expect("round trip");
        let oracle = same_board(&file, &exported, &grids);
        let rule = predicts_change(&file, &grids).expect("rule");
        assert_eq!(oracle.is_ok(), fits, "{count} tiles: {oracle:?}");
        assert_eq!(rule.is_empty(), fits, "{count} tiles: {rule:?}");
        assert_eq!(rule.iter().any(|r| r.starts_with("(e)")), !fits, "{rule:?}");
        if !fits {
            let (a, b) = (
                layout(&file, &grids).unwrap(),
                layout(&exported, &grids).unwrap(),
            );
            assert!(!layout_differences(&a, &b).is_empty());
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The library's rule on the files our export writes
// ---------------------------------------------------------------------------------------------

/// The board's tile grids (`BoardMapTile.getGridByRef`) from the catalog alone, shaped like
/// `vgb-tiles.json`: each side's grid of `grid_size` entries, its hexes' `local_cell`s the
/// tile cells and the rest blank.
fn catalog_grids(catalog: &Catalog) -> Value {
    let mut tiles = serde_json::Map::new();
    for tile in &catalog.tiles {
        let (w, h) = grid_size(&tile.id).expect("every side has a grid");
        let cells: BTreeSet<(i32, i32)> = tile
            .hexes
            .iter()
            .map(|&hex| local_cell(&tile.id, hex).expect("every side has a frame"))
            .collect();
        let blocked: Vec<Value> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|c| !cells.contains(c))
            .map(|(x, y)| json!([x, y]))
            .collect();
        let cells: Vec<Value> = cells.iter().map(|&(x, y)| json!([x, y])).collect();
        tiles.insert(
            tile.id.to_lowercase(),
            json!({ "cells": cells, "grid_blocked": blocked, "cols": w, "rows": h }),
        );
    }
    json!({ "tiles": tiles })
}

#[test]
fn the_catalogs_grids_are_the_boards() {
    let catalog = Catalog::built_in();
    let ours = Grids::from_json(&catalog_grids(&catalog)).expect("rectangular grids");
    assert_eq!(ours.grids.len(), 61, "60 sides and the board's `empty`");
    let Some(dir) = data_dir() else {
        eprintln!("skipping the comparison: shared/data/vgb/ is absent beside the repository");
        return;
    };
    let theirs = Grids::from_json(&read(&dir.join("vgb-tiles.json"))).expect("the board's grids");
    for (r, grid) in &ours.grids {
        assert_eq!(Some(grid), theirs.grids.get(r), "{r}");
    }
}

/// The oracle's verdict on the file of `s` turned by `g`: whether Import then Export gives
/// back the same board; `Err` names the first difference.
fn oracle(catalog: &Catalog, grids: &Grids, s: &Scenario, g: u8) -> Result<(), String> {
    let file = serde_json::to_value(export(catalog, s, s.title(), g).expect("a valid scenario"))
        .expect("a file");
    creator_keeps_board(&file, grids)
}

/// Generated maps: `build` and `place` from a fixed seed, the pieces of an official scenario
/// (cycling through the book), and on every third map a door closing a loop where two tiles'
/// links meet (written as a door overlay): a stone door, a corridor of one or two hexes, or
/// dark fog.
fn generated(catalog: &Catalog, count: u64) -> Vec<Scenario> {
    let bounds = SizeBounds { min: 80, max: 110 };
    let mut out = Vec::new();
    let mut seed = 0;
    while (out.len() as u64) < count {
        seed += 1;
        let n = 1 + (seed % 95) as u16;
        let Some(mut s) = Scenario::official(catalog, n) else {
            continue;
        };
        let Some(map) = build(catalog, bounds, 1000, &mut stream(seed, 0, 0)) else {
            continue;
        };
        s.map = map;
        s.name = format!("generated {seed}");
        if !place(catalog, &mut s, &mut stream(seed, 1, 0)) {
            continue;
        }
        if seed % 3 == 0 {
            let kind = [
                DoorKind::Stone,
                DoorKind::Corridor(Material::Earth, 1),
                DoorKind::Corridor(Material::NaturalStone, 2),
                DoorKind::DarkFog,
            ][(seed / 3 % 4) as usize];
            close_a_loop(catalog, &mut s, kind);
        }
        out.push(s);
    }
    out
}

/// Adds a door of `kind` where links of two tiles meet on a hex that is no tile hex and no
/// door yet.
fn close_a_loop(catalog: &Catalog, s: &mut Scenario, kind: DoorKind) {
    let hexes: BTreeSet<Hex> = s.map.tile_hexes(catalog).into_iter().collect();
    let links: Vec<(usize, Hex, u8)> = s
        .map
        .tiles
        .iter()
        .enumerate()
        .flat_map(|(i, t)| t.links(catalog).map(move |l| (i, l.at, l.facing)))
        .collect();
    let extra = links.iter().find_map(|&(i, at, facing)| {
        let other = links.iter().find(|&&(j, hex, _)| j != i && hex == at)?.0;
        (!hexes.contains(&at) && !s.map.door_hexes().any(|d| d == at))
            .then_some((i, other, at, facing))
    });
    if let Some((i, j, at, facing)) = extra {
        s.map.doors.push(Door {
            at,
            kind,
            direction: door_direction(facing),
            joins: [i as u8, j as u8],
        });
    }
}

/// Compares `creator_keeps` with the oracle on every turn of `scenarios`; returns, per turn,
/// how many files the Creator changes, and the disagreements.
fn agreement(catalog: &Catalog, scenarios: &[Scenario]) -> ([usize; 6], Vec<String>) {
    let grids = Grids::from_json(&catalog_grids(catalog)).expect("the catalog's grids");
    let mut changed = [0; 6];
    let mut disagreements = Vec::new();
    for s in scenarios {
        for g in 0..6u8 {
            let truth = oracle(catalog, &grids, s, g);
            let ours = creator_keeps(catalog, s, g);
            if truth.is_err() {
                changed[usize::from(g)] += 1;
            }
            if truth.is_ok() != ours {
                disagreements.push(format!(
                    "{} turned by {g}: oracle {truth:?}, creator_keeps {ours}",
                    s.title()
                ));
            }
        }
    }
    (changed, disagreements)
}

#[test]
fn creator_keeps_agrees_with_the_oracle_on_every_official_scenario_at_every_turn() {
    let catalog = Catalog::built_in();
    let scenarios: Vec<Scenario> = catalog
        .scenarios
        .iter()
        .map(|r| r.to_scenario(&catalog).expect("a validated catalog"))
        .collect();
    assert_eq!(scenarios.len(), 102);
    let (changed, disagreements) = agreement(&catalog, &scenarios);
    eprintln!("official scenarios the Creator changes, per turn 0..5: {changed:?}");
    assert!(changed.iter().all(|&n| n > 0), "{changed:?}");
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}

#[test]
fn creator_keeps_agrees_with_the_oracle_on_generated_maps_at_every_turn() {
    let catalog = Catalog::built_in();
    let scenarios = generated(&catalog, 300);
    let (changed, disagreements) = agreement(&catalog, &scenarios);
    eprintln!(
        "of {} generated maps, the Creator changes per turn 0..5: {changed:?}",
        scenarios.len()
    );
    assert!(changed.iter().all(|&n| n > 0), "{changed:?}");
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}

/// The best scenarios of short searches with the published code's settings.
fn evolved(catalog: &Catalog, seeds: std::ops::Range<u64>, each: usize) -> Vec<Scenario> {
    let mut out = Vec::new();
    for seed in seeds {
        let report = evolve(catalog, &Settings::gloomdungeons(), 200, seed, None, None)
            .expect("the official scenarios are valid");
        for (i, member) in top(&report, each).into_iter().enumerate() {
            let mut s = member.genome;
            s.name = format!("evolved {seed}.{i}");
            out.push(s);
        }
    }
    out
}

#[test]
fn creator_keeps_agrees_with_the_oracle_on_evolved_scenarios_at_every_turn() {
    let catalog = Catalog::built_in();
    let scenarios = evolved(&catalog, 0..5, 20);
    let (changed, disagreements) = agreement(&catalog, &scenarios);
    eprintln!(
        "of {} evolved scenarios, the Creator changes per turn 0..5: {changed:?}",
        scenarios.len()
    );
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}

#[test]
#[ignore = "a long sweep (a minute or two): run with --ignored after changing the rule"]
fn creator_keeps_agrees_with_the_oracle_on_a_wide_sweep() {
    let catalog = Catalog::built_in();
    let mut scenarios = generated(&catalog, 3000);
    scenarios.extend(evolved(&catalog, 100..120, 25));
    let (changed, disagreements) = agreement(&catalog, &scenarios);
    eprintln!(
        "of {} maps, the Creator changes per turn 0..5: {changed:?}",
        scenarios.len()
    );
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}

#[test]
fn creator_turn_picks_a_turn_the_creator_keeps_and_fits() {
    let catalog = Catalog::built_in();
    let grids = Grids::from_json(&catalog_grids(&catalog)).expect("the catalog's grids");
    let mut scenarios: Vec<Scenario> = catalog
        .scenarios
        .iter()
        .map(|r| r.to_scenario(&catalog).expect("a validated catalog"))
        .collect();
    scenarios.extend(generated(&catalog, 100));
    let mut chosen = [0; 6];
    let mut none = 0;
    for s in &scenarios {
        let Some(g) = creator_turn(&catalog, s) else {
            none += 1;
            continue;
        };
        chosen[usize::from(g)] += 1;
        let (w, h) = board_size(&catalog, s, g);
        assert!(
            w <= CREATOR_LIMIT && h <= CREATOR_LIMIT,
            "{} at {g}",
            s.title()
        );
        assert_eq!(
            oracle(&catalog, &grids, s, g),
            Ok(()),
            "{} at {g}",
            s.title()
        );
    }
    eprintln!("creator_turn's choice per turn 0..5: {chosen:?}; no turn: {none}");
    assert!(chosen[0] > scenarios.len() / 2, "{chosen:?}");
}
