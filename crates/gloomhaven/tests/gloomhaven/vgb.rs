//! Virtual Gloomhaven Board files: the reference's worked example, round trips through the
//! board's format, the board's own layout of what we write, and the board's own scenario files
//! (when they sit beside the project) read, written back and compared standee by standee.

#[allow(dead_code, clippy::all, missing_docs)]
use crate::creator_oracle;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use ludoforge_evolve::rng::stream;
use ludoforge_gloomhaven::build::{SizeBounds, build};
use ludoforge_gloomhaven::catalog::Catalog;
use ludoforge_gloomhaven::hex::Hex;
use ludoforge_gloomhaven::map::{Door, DoorKind};
use ludoforge_gloomhaven::place::place;
use ludoforge_gloomhaven::record::Source;
use ludoforge_gloomhaven::scenario::{Direction, Goal, Players, Scenario};
use ludoforge_gloomhaven::vgb::{
    EXIT_COLOUR, VgbScenario, board_size, creator_turn, export, grid_size, import, local_cell,
    monster_id,
};
use proptest::prelude::*;
use serde_json::{Value, json};

fn book(catalog: &Catalog) -> Vec<Scenario> {
    catalog
        .scenarios
        .iter()
        .filter(|r| r.source == Source::Book)
        .map(|r| r.to_scenario(catalog).unwrap())
        .collect()
}

/// The board's tile grids, from the catalog's own tiles and frames, in the shape of the
/// board's tile data (cells, and the blank grid cells as `grid_blocked`).
fn grids(catalog: &Catalog) -> Value {
    let mut tiles = serde_json::Map::new();
    for t in &catalog.tiles {
        let cells: BTreeSet<(i32, i32)> = t
            .hexes
            .iter()
            .map(|&h| local_cell(&t.id, h).unwrap())
            .collect();
        let (cols, rows) = grid_size(&t.id).unwrap();
        let blank: Vec<[i32; 2]> = (0..rows)
            .flat_map(|y| (0..cols).map(move |x| (x, y)))
            .filter(|c| !cells.contains(c))
            .map(|(x, y)| [x, y])
            .collect();
        let cells: Vec<[i32; 2]> = cells.into_iter().map(|(x, y)| [x, y]).collect();
        tiles.insert(
            t.id.to_lowercase(),
            json!({"cells": cells, "grid_blocked": blank}),
        );
    }
    json!({ "tiles": tiles })
}

fn cells(catalog: &Catalog, s: &Scenario) -> BTreeSet<Hex> {
    s.map.tile_hexes(catalog).into_iter().collect()
}

fn random_map(catalog: &Catalog, from: &Scenario, seed: u64) -> Option<Scenario> {
    let mut s = from.clone();
    s.map = build(
        catalog,
        SizeBounds { min: 80, max: 99 },
        1000,
        &mut stream(seed, 0, 0),
    )?;
    place(catalog, &mut s, &mut stream(seed, 1, 0)).then_some(s)
}

#[test]
fn black_barrow_as_the_reference_works_it_out() {
    let catalog = Catalog::built_in();
    let s = Scenario::published(&catalog, "Black Barrow").unwrap();
    let file = export(&catalog, &s, "Black Barrow", 3).unwrap();
    let root = &file.map_tile_data;
    assert_eq!((root.tile.as_str(), root.turns), ("l1a", 0));
    let door = &root.doors[0];
    assert_eq!(
        (door.room1_x, door.room1_y, door.room2_x, door.room2_y),
        (-1, 3, -1, 1)
    );
    assert_eq!(door.direction, "vertical");
    let g1b = &door.map_tile_data;
    assert_eq!((g1b.tile.as_str(), g1b.turns), ("g1b", 3));
    let door2 = &g1b.doors[0];
    assert_eq!(
        (door2.room1_x, door2.room1_y, door2.room2_x, door2.room2_y),
        (3, -1, 2, -1)
    );
    assert_eq!(door2.direction, "default");
    assert_eq!(door2.map_tile_data.turns, 0);
    // A Bandit Guard at [1, -2, 1] stands on l1a's (0, 2).
    assert!(
        root.monsters
            .iter()
            .any(|m| m.monster == "bandit-guard" && (m.initial_x, m.initial_y) == (0, 2))
    );
}

#[test]
fn every_catalog_scenario_comes_back_from_its_board_file() {
    let catalog = Catalog::built_in();
    for r in &catalog.scenarios {
        let s = r.to_scenario(&catalog).unwrap();
        let text = serde_json::to_string(&export(&catalog, &s, s.title(), 0).unwrap()).unwrap();
        let mut back = import(&catalog, &text).unwrap().scenario;
        assert!(import(&catalog, &text).unwrap().dropped.is_empty());
        assert_eq!(cells(&catalog, &back), cells(&catalog, &s), "{}", s.title());
        // The same pieces, kinds and set-ups (the order of doors may differ: tree first).
        let sorted_doors = |m: &Scenario| {
            let mut d: Vec<(Hex, String, Direction)> = m
                .map
                .doors
                .iter()
                .map(|d| (d.at, format!("{:?}", d.kind), d.direction))
                .collect();
            d.sort();
            d
        };
        assert_eq!(sorted_doors(&back), sorted_doors(&s), "{}", s.title());
        back.map.doors.clone_from(&s.map.doors);
        back.name.clone_from(&s.name);
        // Chests without a book number come back numbered by their order.
        for (b, c) in back.chests.iter_mut().zip(&s.chests) {
            b.label = c.label;
            b.content = c.content;
        }
        let key = |m: &Scenario| {
            let mut monsters: Vec<_> = m
                .monsters
                .iter()
                .map(|x| (x.at, x.monster, x.levels))
                .collect();
            monsters.sort();
            let mut overlays: Vec<_> = m
                .overlays
                .iter()
                .map(|o| (o.at, o.kind, o.direction))
                .collect();
            overlays.sort();
            let mut start = m.start.clone();
            start.sort();
            (
                monsters,
                overlays,
                start,
                m.spawns.clone(),
                m.number,
                m.exit,
            )
        };
        assert_eq!(key(&back), key(&s), "{}", s.title());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(80))]

    #[test]
    fn random_maps_come_back_the_same(seed in any::<u64>(), g in 0..6u8) {
        let catalog = Catalog::built_in();
        let base = Scenario::official(&catalog, 14).unwrap();
        let Some(s) = random_map(&catalog, &base, seed) else { return Ok(()) };
        let file = export(&catalog, &s, "t", g).unwrap();
        // The board keeps a piece only on a cell of its tile or on one of its doors' room1.
        let mut stack = vec![&file.map_tile_data];
        while let Some(t) = stack.pop() {
            let side = catalog.tiles.iter().find(|c| c.id.to_lowercase() == t.tile).unwrap();
            let mut allowed: BTreeSet<(i32, i32)> =
                side.hexes.iter().map(|&h| local_cell(&side.id, h).unwrap()).collect();
            allowed.extend(t.doors.iter().map(|d| (d.room1_x, d.room1_y)));
            for m in &t.monsters {
                prop_assert!(allowed.contains(&(m.initial_x, m.initial_y)), "{} on {}", m.monster, t.tile);
            }
            // An overlay is kept by its first cell; a larger one may reach onto the next tile.
            for o in &t.overlays {
                let [x, y] = o.cells[0];
                prop_assert!(o.kind.kind == "door" || allowed.contains(&(x, y)), "{:?} on {}", o.kind, t.tile);
            }
            stack.extend(t.doors.iter().map(|d| &d.map_tile_data));
        }
        let text = serde_json::to_string(&file).unwrap();
        let back = import(&catalog, &text).unwrap().scenario;
        // The same map turned by g about the anchor's origin, and every piece with it.
        let turned = |h: Hex| h.rotate(g);
        let tiles = cells(&catalog, &s).into_iter().map(turned).collect::<BTreeSet<_>>();
        prop_assert_eq!(cells(&catalog, &back), tiles);
        let set = |v: Vec<Hex>| v.into_iter().collect::<BTreeSet<_>>();
        prop_assert_eq!(set(back.map.door_hexes().collect()), set(s.map.door_hexes().map(turned).collect()));
        prop_assert_eq!(set(back.start.clone()), set(s.start.iter().copied().map(turned).collect()));
        let standees = |m: &Scenario, f: &dyn Fn(Hex) -> Hex| {
            m.monsters.iter().map(|x| (f(x.at), x.monster, x.levels)).collect::<BTreeSet<_>>()
        };
        prop_assert_eq!(standees(&back, &|h| h), standees(&s, &turned));
        let overlays = |m: &Scenario, f: &dyn Fn(Hex) -> Hex| {
            m.overlays
                .iter()
                .map(|o| (o.kind, o.cells(&catalog).map(f).collect::<BTreeSet<_>>()))
                .collect::<BTreeSet<_>>()
        };
        prop_assert_eq!(overlays(&back, &|h| h), overlays(&s, &turned));
    }
}

#[test]
fn every_monster_name_is_one_the_board_knows() {
    // The board's monster ids (its Monster.elm lists of normal monsters and bosses).
    let known: Vec<&str> = creator_oracle::NORMAL_MONSTERS
        .iter()
        .chain(&creator_oracle::BOSSES)
        .copied()
        .collect();
    for m in &Catalog::built_in().monsters {
        assert!(known.contains(&monster_id(&m.name).as_str()), "{}", m.name);
    }
}

/// The reference data beside the project, when it is there.
fn shared(name: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/vgb")
        .join(name);
    if path.exists() {
        Some(path)
    } else {
        eprintln!(
            "skipped: {} is not here (a fresh clone has no reference data; the catalog's own \
             checks ran)",
            path.display()
        );
        None
    }
}

fn shared_json(name: &str) -> Option<Value> {
    let path = shared(name)?;
    Some(serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap())
}

#[test]
fn the_transforms_agree_with_the_published_table() {
    let Some(table) = shared_json("tile-transforms.json") else {
        return;
    };
    let catalog = Catalog::built_in();
    // Each published link cell must be where our export puts the tile's link hex.
    for (id, entry) in table["tiles"].as_object().unwrap() {
        let tile = catalog.tile(id).unwrap();
        for link in entry["links_in_vgb_local"].as_array().unwrap() {
            let ours = link["our_hex"].as_array().unwrap();
            let h = Hex::new(
                ours[0].as_i64().unwrap() as i32,
                ours[1].as_i64().unwrap() as i32,
                ours[2].as_i64().unwrap() as i32,
            )
            .unwrap();
            assert!(tile.links.iter().any(|l| l.at == h), "{id}");
            let vgb = link["vgb_cell"].as_array().unwrap();
            let expected = (
                vgb[0].as_i64().unwrap() as i32,
                vgb[1].as_i64().unwrap() as i32,
            );
            assert_eq!(local_cell(id, h), Some(expected), "{id}");
        }
    }
}

#[test]
fn every_side_lands_on_the_boards_cells_and_grid() {
    let Some(board) = shared_json("vgb-tiles.json") else {
        return;
    };
    let catalog = Catalog::built_in();
    let ours = grids(&catalog);
    assert_eq!(catalog.tiles.len(), 60);
    for tile in &catalog.tiles {
        let id = tile.id.to_lowercase();
        let set = |v: &Value| -> BTreeSet<(i64, i64)> {
            v.as_array()
                .unwrap()
                .iter()
                .map(|c| (c[0].as_i64().unwrap(), c[1].as_i64().unwrap()))
                .collect()
        };
        assert_eq!(
            set(&ours["tiles"][&id]["cells"]),
            set(&board["tiles"][&id]["cells"]),
            "{id}"
        );
        assert_eq!(
            set(&ours["tiles"][&id]["grid_blocked"]),
            set(&board["tiles"][&id]["grid_blocked"]),
            "{id}"
        );
    }
}

/// Per monster type and party size, the (normal, elite) standees of a board file.
fn standees_of(file: &Value) -> BTreeMap<(String, usize), (u32, u32)> {
    let mut out: BTreeMap<(String, usize), (u32, u32)> = BTreeMap::new();
    let mut stack = vec![&file["mapTileData"]];
    while let Some(t) = stack.pop() {
        for m in t["monsters"].as_array().unwrap() {
            for (i, key) in ["twoPlayer", "threePlayer", "fourPlayer"]
                .iter()
                .enumerate()
            {
                let entry = out
                    .entry((m["monster"].as_str().unwrap().to_string(), i))
                    .or_default();
                match m[key].as_str().unwrap() {
                    "normal" => entry.0 += 1,
                    "elite" => entry.1 += 1,
                    _ => {}
                }
            }
        }
        for d in t["doors"].as_array().unwrap() {
            stack.push(&d["mapTileData"]);
        }
    }
    out
}

#[test]
fn official_scenarios_export_the_books_set_up_for_every_party() {
    let catalog = Catalog::built_in();
    let board_dir = shared("scenarios");
    let scenarios = book(&catalog);
    assert!(scenarios.len() >= 90, "{}", scenarios.len());
    for s in &scenarios {
        let n = s.number.unwrap();
        let g = creator_turn(&catalog, s).unwrap_or(0);
        let ours = serde_json::to_value(export(&catalog, s, s.title(), g).unwrap()).unwrap();
        let counts = standees_of(&ours);
        // The file's set-ups are the catalog's.
        for p in Players::ALL {
            for (m, normal, elite) in s.groups(p) {
                let id = monster_id(&catalog.monsters[usize::from(m)].name);
                assert_eq!(counts[&(id, p.index())], (normal, elite), "{n}");
            }
        }
        // And the board's own file's, monster by monster and party by party.
        if let Some(dir) = &board_dir {
            let text = std::fs::read_to_string(dir.join(format!("{n}.json"))).unwrap();
            let theirs: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(counts, standees_of(&theirs), "scenario {n}");
        }
    }
}

#[test]
fn the_boards_own_files_are_read_and_written_back_as_the_same_board() {
    let Some(dir) = shared("scenarios") else {
        return;
    };
    let catalog = Catalog::built_in();
    let grids = grids(&catalog);
    let (mut read, mut refused) = (0, Vec::new());
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let file: Value = serde_json::from_str(&text).unwrap();
        match import(&catalog, &text) {
            Ok(imported) => {
                read += 1;
                let s = imported.scenario;
                let ours =
                    serde_json::to_value(export(&catalog, &s, s.title(), 0).unwrap()).unwrap();
                // The board's own layout of both files: cells, tiles, doors, pieces with their
                // kinds, monsters with their levels.
                creator_oracle::same_board(&file, &ours, &grids)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            }
            Err(e) => refused.push(format!("{}: {e}", path.display())),
        }
    }
    assert!(read >= 90, "read {read}; refused {refused:#?}");
    // The one file refused names the board's one-cell tile that no tile of the box is.
    for r in &refused {
        assert!(r.contains("\"empty\""), "{r}");
    }
}

#[test]
fn a_refused_file_names_the_piece_and_why() {
    let catalog = Catalog::built_in();
    let s = Scenario::official(&catalog, 1).unwrap();
    let mut file = serde_json::to_value(export(&catalog, &s, "x", 0).unwrap()).unwrap();
    file["mapTileData"]["monsters"][0]["monster"] = json!("human-commander");
    let e = import(&catalog, &file.to_string()).unwrap_err().to_string();
    assert!(e.contains("human-commander"), "{e}");
    let mut file = serde_json::to_value(export(&catalog, &s, "x", 0).unwrap()).unwrap();
    file["mapTileData"]["overlays"][0]["ref"] = json!({"type": "obstacle", "subType": "anvil"});
    let e = import(&catalog, &file.to_string()).unwrap_err().to_string();
    assert!(e.contains("obstacle/anvil"), "{e}");
    let mut file = serde_json::to_value(export(&catalog, &s, "x", 0).unwrap()).unwrap();
    file["mapTileData"]["doors"][0]["mapTileData"]["ref"] = json!("empty");
    let e = import(&catalog, &file.to_string()).unwrap_err().to_string();
    assert!(
        e.contains("\"empty\"") && e.contains("not tiles of the box"),
        "{e}"
    );
}

#[test]
fn a_tile_reached_through_several_doors_is_one_tile() {
    // Scenario 3 joins L1b to L3a through seven corridors, so the board's file lists L1b seven
    // times; the catalog has it once, with seven corridor doors.
    let catalog = Catalog::built_in();
    let s = Scenario::official(&catalog, 3).unwrap();
    let ids: Vec<&str> = s
        .map
        .tiles
        .iter()
        .map(|t| catalog.tiles[t.tile].id.as_str())
        .collect();
    let distinct: BTreeSet<&str> = ids.iter().copied().collect();
    assert_eq!(ids.len(), distinct.len());
    let l1b = ids.iter().position(|&i| i == "L1b").unwrap() as u8;
    let corridors = s
        .map
        .doors
        .iter()
        .filter(|d| d.joins.contains(&l1b) && matches!(d.kind, DoorKind::Corridor(..)))
        .count();
    assert_eq!(corridors, 7);
}

#[test]
fn the_exit_is_a_highlighted_cell_that_comes_back() {
    let catalog = Catalog::built_in();
    let mut s = Scenario::official(&catalog, 1).unwrap();
    s.goal = Goal::ReachExit;
    s.exit = ludoforge_gloomhaven::evolution::exit_hex(&catalog, &s);
    let exit = s.exit.unwrap();
    let file = export(&catalog, &s, "x", 0).unwrap();
    let text = serde_json::to_string(&file).unwrap();
    assert!(text.contains(&format!("\"colour\":\"{EXIT_COLOUR}\"")));
    let back = import(&catalog, &text).unwrap().scenario;
    assert_eq!(back.goal, Goal::ReachExit);
    assert_eq!(back.exit, Some(exit));
    assert!(s.occupied(&catalog).all(|h| h != exit));
}

#[test]
fn a_loop_closing_join_becomes_a_door_overlay_and_comes_back() {
    let catalog = Catalog::built_in();
    let base = Scenario::official(&catalog, 1).unwrap();
    let mut loops = 0;
    for seed in 0..400 {
        let Some(mut s) = random_map(&catalog, &base, seed) else {
            continue;
        };
        // Two tiles whose links meet at a hex that is no door yet close a loop.
        let hexes = cells(&catalog, &s);
        let links: Vec<(usize, Hex)> = s
            .map
            .tiles
            .iter()
            .enumerate()
            .flat_map(|(i, t)| t.links(&catalog).map(move |l| (i, l.at)))
            .collect();
        let extra = links.iter().find_map(|&(i, at)| {
            let other = links.iter().find(|&&(j, b)| j != i && b == at)?;
            (!hexes.contains(&at) && s.map.door_hexes().all(|d| d != at))
                .then_some((i, other.0, at))
        });
        let Some((a, b, at)) = extra else { continue };
        s.map.doors.push(Door {
            at,
            kind: DoorKind::Stone,
            direction: Direction::Default,
            joins: [a as u8, b as u8],
        });
        loops += 1;
        let text = serde_json::to_string(&export(&catalog, &s, "loop", 0).unwrap()).unwrap();
        assert!(text.contains("\"links\""), "seed {seed}");
        let back = import(&catalog, &text).unwrap().scenario;
        let set = |m: &Scenario| m.map.door_hexes().collect::<BTreeSet<_>>();
        assert_eq!(set(&back), set(&s), "seed {seed}");
        assert_eq!(cells(&catalog, &back), hexes, "seed {seed}");
    }
    assert!(loops >= 5, "only {loops} maps with a loop");
}

#[test]
fn the_creator_box_is_worked_out_by_hand_for_one_tile() {
    let catalog = Catalog::built_in();
    let mut s = Scenario::published(&catalog, "Black Barrow").unwrap();
    s.map.tiles.truncate(1);
    s.map.tiles[0].rotation = 0;
    // L1a's grid is 5 × 7. Turned 180° about its (0, 0), its odd rows stick out one cell
    // further left: 6 × 7.
    assert_eq!(board_size(&catalog, &s, 0), (5, 7));
    assert_eq!(board_size(&catalog, &s, 3), (6, 7));
}

#[test]
fn the_boards_own_layout_of_exported_files_is_our_map() {
    let catalog = Catalog::built_in();
    let grids = grids(&catalog);
    let base = Scenario::published(&catalog, "Sunken Vessel").unwrap();
    let mut scenarios = book(&catalog);
    scenarios.extend((0..60).filter_map(|seed| random_map(&catalog, &base, seed)));
    for (i, s) in scenarios.iter().enumerate() {
        let g = (i % 6) as u8;
        let file: VgbScenario = export(&catalog, s, "t", g).unwrap();
        let layout = creator_oracle::layout(&serde_json::to_value(&file).unwrap(), &grids)
            .unwrap_or_else(|e| panic!("{}: {e}", s.title()));
        // The board's cells: every tile hex, door hex and overlay cell, turned by g, up to a
        // translation; every monster on its standee's hex.
        let mut ours: BTreeSet<Hex> = cells(&catalog, s)
            .into_iter()
            .map(|h| h.rotate(g))
            .collect();
        ours.extend(s.map.door_hexes().map(|h| h.rotate(g)));
        ours.extend(
            s.overlays
                .iter()
                .flat_map(|o| o.cells(&catalog))
                .map(|h| h.rotate(g)),
        );
        let theirs: BTreeSet<Hex> = layout
            .cells
            .iter()
            .map(|&(x, y, z)| Hex::new(x as i32, y as i32, z as i32).unwrap())
            .collect();
        let shift = *theirs.first().unwrap() - *ours.first().unwrap();
        let moved: BTreeSet<Hex> = ours.iter().map(|&h| h + shift).collect();
        assert_eq!(theirs, moved, "{} (g = {g})", s.title());
        let four: BTreeSet<Hex> = layout.monsters[2]
            .iter()
            .map(|m| Hex::new(m.1.0 as i32, m.1.1 as i32, m.1.2 as i32).unwrap())
            .collect();
        let expected: BTreeSet<Hex> = s
            .present(Players::FOUR)
            .map(|m| m.at.rotate(g) + shift)
            .collect();
        assert_eq!(four, expected, "{} (g = {g})", s.title());
    }
}
