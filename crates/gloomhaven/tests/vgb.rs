//! Virtual Gloomhaven Board files: the reference's worked example, round trips through the
//! board's format, and the transforms against the published table when it is present.

use std::collections::BTreeSet;
use std::path::PathBuf;

use ludoforge_evolve::rng::stream;
use ludoforge_gloomhaven::book::standees;
use ludoforge_gloomhaven::build::{SizeBounds, build};
use ludoforge_gloomhaven::catalog::Catalog;
use ludoforge_gloomhaven::hex::Hex;
use ludoforge_gloomhaven::place::place;
use ludoforge_gloomhaven::scenario::Scenario;
use ludoforge_gloomhaven::vgb::{
    VgbScenario, board_size, export, grid_size, import, local_cell, monster_id,
};
use proptest::prelude::*;

#[test]
fn black_barrow_as_the_reference_works_it_out() {
    let catalog = Catalog::built_in();
    let s = Scenario::official(&catalog, "Black Barrow").unwrap();
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

fn cells(catalog: &Catalog, s: &Scenario) -> BTreeSet<Hex> {
    s.map.tile_hexes(catalog).into_iter().collect()
}

#[test]
fn the_official_scenarios_survive_a_round_trip() {
    let catalog = Catalog::built_in();
    for s in Scenario::all_official(&catalog) {
        let text = serde_json::to_string(&export(&catalog, &s, &s.name, 0).unwrap()).unwrap();
        let back = import(&catalog, &text).unwrap();
        assert_eq!(cells(&catalog, &back), cells(&catalog, &s), "{}", s.name);
        let doors = |m: &Scenario| m.map.doors.iter().copied().collect::<BTreeSet<_>>();
        assert_eq!(doors(&back), doors(&s), "{}", s.name);
        let sorted = |v: &[Hex]| {
            let mut v = v.to_vec();
            v.sort();
            v
        };
        assert_eq!(
            sorted(&back.placements.start),
            sorted(&s.placements.start),
            "{}",
            s.name
        );
        assert_eq!(
            sorted(&back.placements.obstacles),
            sorted(&s.placements.obstacles),
            "{}",
            s.name
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn random_maps_come_back_the_same(seed in any::<u64>()) {
        let catalog = Catalog::built_in();
        let mut s = Scenario::official(&catalog, "Frozen Hollow").unwrap();
        s.map = build(&catalog, SizeBounds { min: 80, max: 99 }, 1000, &mut stream(seed, 0, 0)).unwrap();
        prop_assert!(place(&catalog, &mut s, &mut stream(seed, 1, 0)));
        let file = export(&catalog, &s, "t", 0).unwrap();
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
            for o in &t.overlays {
                let [x, y] = o.cells[0];
                prop_assert!(o.kind.kind == "door" || allowed.contains(&(x, y)), "{:?} on {}", o.kind, t.tile);
            }
            stack.extend(t.doors.iter().map(|d| &d.map_tile_data));
        }
        let text = serde_json::to_string(&file).unwrap();
        let back = import(&catalog, &text).unwrap();
        // Same tiles (side, rotation, offset), same doors, same placements, same monsters.
        let tiles = |m: &Scenario| m.map.tiles.iter().map(|t| (t.tile, t.rotation, t.offset)).collect::<BTreeSet<_>>();
        prop_assert_eq!(tiles(&back), tiles(&s));
        let set = |v: &[Hex]| v.iter().copied().collect::<BTreeSet<_>>();
        prop_assert_eq!(set(&back.map.doors), set(&s.map.doors));
        let p = (&back.placements, &s.placements);
        prop_assert_eq!(set(&p.0.start), set(&p.1.start));
        prop_assert_eq!(set(&p.0.monsters), set(&p.1.monsters));
        prop_assert_eq!(set(&p.0.traps), set(&p.1.traps));
        prop_assert_eq!(set(&p.0.coins), set(&p.1.coins));
        prop_assert_eq!(set(&p.0.chests), set(&p.1.chests));
        let groups = |m: &Scenario| m.monsters.iter().map(|g| (g.monster, g.normal, g.elite)).collect::<BTreeSet<_>>();
        prop_assert_eq!(groups(&back), groups(&s));
    }
}

#[test]
fn every_monster_name_is_one_the_board_knows() {
    // The board's monster ids (its Monster.elm list of normal monsters).
    let known = [
        "aesther-ashblade",
        "aesther-scout",
        "bandit-guard",
        "bandit-archer",
        "city-guard",
        "city-archer",
        "inox-guard",
        "inox-archer",
        "inox-shaman",
        "valrath-tracker",
        "valrath-savage",
        "vermling-scout",
        "vermling-shaman",
        "living-bones",
        "living-corpse",
        "living-spirit",
        "cultist",
        "flame-demon",
        "frost-demon",
        "earth-demon",
        "wind-demon",
        "night-demon",
        "sun-demon",
        "ooze",
        "giant-viper",
        "forest-imp",
        "hound",
        "cave-bear",
        "stone-golem",
        "ancient-artillery",
        "rending-drake",
        "spitting-drake",
        "lurker",
        "savvas-icestorm",
        "savvas-lavaflow",
        "harrower-infester",
        "deep-terror",
        "black-imp",
    ];
    for m in &Catalog::built_in().monsters {
        assert!(known.contains(&monster_id(&m.name).as_str()), "{}", m.name);
    }
}

#[test]
fn the_transforms_agree_with_the_published_table() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/vgb/tile-transforms.json");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} is not here", path.display());
        return;
    };
    let table: serde_json::Value = serde_json::from_str(&text).unwrap();
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
            assert_eq!(
                ludoforge_gloomhaven::vgb::local_cell(id, h),
                Some(expected),
                "{id}"
            );
        }
    }
}

fn shared(name: &str) -> Option<serde_json::Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/vgb")
        .join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(serde_json::from_str(&text).unwrap()),
        Err(_) => {
            eprintln!("skipped: {} is not here", path.display());
            None
        }
    }
}

#[test]
fn every_side_lands_on_the_boards_cells_and_grid() {
    let Some(grids) = shared("vgb-tiles.json") else {
        return;
    };
    let catalog = Catalog::built_in();
    assert_eq!(catalog.tiles.len(), 60);
    for tile in &catalog.tiles {
        let board = &grids["tiles"][tile.id.to_lowercase()];
        let expected: BTreeSet<(i32, i32)> = board["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c[0].as_i64().unwrap() as i32, c[1].as_i64().unwrap() as i32))
            .collect();
        let ours: BTreeSet<(i32, i32)> = tile
            .hexes
            .iter()
            .map(|&h| local_cell(&tile.id, h).unwrap())
            .collect();
        assert_eq!(ours, expected, "{}", tile.id);
        let size = (
            board["cols"].as_i64().unwrap() as i32,
            board["rows"].as_i64().unwrap() as i32,
        );
        assert_eq!(grid_size(&tile.id), Some(size), "{}", tile.id);
    }
}

#[test]
fn the_official_scenarios_match_the_boards_layout_facts() {
    let catalog = Catalog::built_in();
    let official = Scenario::all_official(&catalog);
    // The nine scenarios both data sets hold: 80–99 map cells each, 19 doors in all.
    assert_eq!(official.len(), 9);
    let mut doors = 0;
    for s in &official {
        let file = export(&catalog, s, &s.name, 0).unwrap();
        let mut tiles = 0;
        let mut stack = vec![&file.map_tile_data];
        while let Some(t) = stack.pop() {
            tiles += 1;
            doors += t.doors.len();
            doors += t.overlays.iter().filter(|o| o.kind.kind == "door").count();
            stack.extend(t.doors.iter().map(|d| &d.map_tile_data));
        }
        assert_eq!(tiles, s.map.tiles.len(), "{}", s.name);
        // Tile cells and door cells, as the board counts them.
        let size = cells(&catalog, s).len() + s.map.doors.len();
        assert!((80..=99).contains(&size), "{}: {size}", s.name);
    }
    assert_eq!(doors, 19);
    // Each column sets up the standees the book page lists for its party size.
    for s in &official {
        let file = export(&catalog, s, &s.name, 0).unwrap();
        let mut columns = [(0, 0); 3];
        let mut stack = vec![&file.map_tile_data];
        while let Some(t) = stack.pop() {
            for m in &t.monsters {
                for (i, level) in [&m.two_player, &m.three_player, &m.four_player]
                    .into_iter()
                    .enumerate()
                {
                    match level.as_str() {
                        "normal" => columns[i].0 += 1,
                        "elite" => columns[i].1 += 1,
                        _ => {}
                    }
                }
            }
            stack.extend(t.doors.iter().map(|d| &d.map_tile_data));
        }
        for (i, players) in [2, 3, 4].into_iter().enumerate() {
            let expected = s.monsters.iter().fold((0, 0), |(n, e), g| {
                let (gn, ge) = standees(g.normal, g.elite, players);
                (n + gn, e + ge)
            });
            assert_eq!(columns[i], expected, "{} with {players} players", s.name);
        }
    }
    // Black Barrow on the board: l1a, g1b, i1 with turns 0, 3, 0 up to one global turn.
    let s = Scenario::official(&catalog, "Black Barrow").unwrap();
    for g in 0..6u8 {
        let file = export(&catalog, &s, "x", g).unwrap();
        let root = &file.map_tile_data;
        let g1b = &root.doors[0].map_tile_data;
        let i1 = &g1b.doors[0].map_tile_data;
        let turns = [root.turns, g1b.turns, i1.turns];
        let board = [0, 3, 0];
        let global = (turns[0] - board[0]).rem_euclid(6);
        for (ours, theirs) in turns.iter().zip(board) {
            assert_eq!((ours - theirs).rem_euclid(6), global, "g = {g}");
        }
    }
}

#[test]
fn the_creator_box_is_worked_out_by_hand_for_one_tile() {
    let catalog = Catalog::built_in();
    let mut s = Scenario::official(&catalog, "Black Barrow").unwrap();
    s.map.tiles.truncate(1);
    s.map.tiles[0].rotation = 0;
    // L1a's grid is 5 × 7. Turned 180° about its (0, 0), its odd rows stick out one cell
    // further left: 6 × 7.
    assert_eq!(board_size(&catalog, &s, 0), (5, 7));
    assert_eq!(board_size(&catalog, &s, 3), (6, 7));
}

/// Every string a file may carry (other than its title), from the board's schema.
const SCHEMA: &[&str] = &[
    // Keys.
    "id",
    "title",
    "mapTileData",
    "angle",
    "additionalMonsters",
    "ref",
    "doors",
    "overlays",
    "monsters",
    "turns",
    "subType",
    "direction",
    "room1X",
    "room1Y",
    "room2X",
    "room2Y",
    "type",
    "amount",
    "links",
    "cells",
    "monster",
    "initialX",
    "initialY",
    "twoPlayer",
    "threePlayer",
    "fourPlayer",
    // Overlay types and the subtypes written.
    "starting-location",
    "obstacle",
    "trap",
    "hazard",
    "difficult-terrain",
    "treasure",
    "door",
    "boulder-1",
    "spike",
    "hot-coals",
    "rubble",
    "coin",
    "chest",
    "stone",
    // Directions and levels.
    "default",
    "diagonal-left",
    "diagonal-right",
    "vertical",
    "none",
    "normal",
    "elite",
];

fn strings(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(a) => a.iter().for_each(|v| strings(v, out)),
        serde_json::Value::Object(o) => {
            for (k, v) in o {
                out.push(k.clone());
                if k != "title" {
                    strings(v, out);
                }
            }
        }
        _ => {}
    }
}

fn check_schema(catalog: &Catalog, file: &serde_json::Value) -> Result<(), String> {
    let tiles: Vec<String> = catalog.tiles.iter().map(|t| t.id.to_lowercase()).collect();
    let monsters: Vec<String> = catalog
        .monsters
        .iter()
        .map(|m| monster_id(&m.name))
        .collect();
    let mut found = Vec::new();
    strings(file, &mut found);
    for s in found {
        let chest = s.parse::<u32>().is_ok();
        if !(SCHEMA.contains(&s.as_str()) || tiles.contains(&s) || monsters.contains(&s) || chest) {
            return Err(s);
        }
    }
    Ok(())
}

#[test]
fn the_official_files_use_only_the_boards_strings() {
    let catalog = Catalog::built_in();
    for s in Scenario::all_official(&catalog) {
        for g in 0..6 {
            let file = serde_json::to_value(export(&catalog, &s, &s.name, g).unwrap()).unwrap();
            assert_eq!(check_schema(&catalog, &file), Ok(()), "{}", s.name);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn generated_files_use_only_the_boards_strings(seed in any::<u64>(), g in 0..6u8) {
        let catalog = Catalog::built_in();
        let mut s = Scenario::official(&catalog, "Crypt of the Damned").unwrap();
        s.map = build(&catalog, SizeBounds { min: 80, max: 99 }, 1000, &mut stream(seed, 0, 0)).unwrap();
        prop_assert!(place(&catalog, &mut s, &mut stream(seed, 1, 0)));
        let file = serde_json::to_value(export(&catalog, &s, "t", g).unwrap()).unwrap();
        prop_assert_eq!(check_schema(&catalog, &file), Ok(()));
    }

    #[test]
    fn a_turned_board_comes_back_turned(seed in any::<u64>(), g in 0..6u8) {
        let catalog = Catalog::built_in();
        let mut s = Scenario::official(&catalog, "Abandoned Sewers").unwrap();
        s.map = build(&catalog, SizeBounds { min: 80, max: 99 }, 1000, &mut stream(seed, 0, 0)).unwrap();
        prop_assert!(place(&catalog, &mut s, &mut stream(seed, 1, 0)));
        let text = serde_json::to_string(&export(&catalog, &s, "t", g).unwrap()).unwrap();
        let back = import(&catalog, &text).unwrap();
        // The same map turned by g about the anchor's origin.
        let turned: BTreeSet<Hex> = cells(&catalog, &s).into_iter().map(|h| h.rotate(g)).collect();
        prop_assert_eq!(cells(&catalog, &back), turned);
        let doors: BTreeSet<Hex> = s.map.doors.iter().map(|h| h.rotate(g)).collect();
        prop_assert_eq!(back.map.doors.iter().copied().collect::<BTreeSet<_>>(), doors);
        let monsters: BTreeSet<Hex> = s.placements.monsters.iter().map(|h| h.rotate(g)).collect();
        prop_assert_eq!(back.placements.monsters.iter().copied().collect::<BTreeSet<_>>(), monsters);
    }
}

#[test]
fn a_loop_closing_join_becomes_a_door_overlay_and_comes_back() {
    let catalog = Catalog::built_in();
    let mut loops = 0;
    for seed in 0..400 {
        let mut s = Scenario::official(&catalog, "Black Barrow").unwrap();
        s.map = build(
            &catalog,
            SizeBounds { min: 80, max: 99 },
            1000,
            &mut stream(seed, 0, 0),
        )
        .unwrap();
        if !place(&catalog, &mut s, &mut stream(seed, 1, 0)) {
            continue;
        }
        // Two tiles whose links meet at a hex that is no door yet close a loop.
        let hexes = cells(&catalog, &s);
        let links: Vec<(usize, Hex)> = s
            .map
            .tiles
            .iter()
            .enumerate()
            .flat_map(|(i, t)| t.links(&catalog).map(move |l| (i, l.at)))
            .collect();
        let extra = links.iter().find(|&&(i, at)| {
            !hexes.contains(&at)
                && !s.map.doors.contains(&at)
                && links.iter().any(|&(j, other)| j != i && other == at)
        });
        let Some(&(_, at)) = extra else { continue };
        s.map.doors.push(at);
        loops += 1;
        let file = export(&catalog, &s, "loop", 0).unwrap();
        let value = serde_json::to_value(&file).unwrap();
        let text = value.to_string();
        assert!(text.contains("\"links\""), "seed {seed}");
        assert_eq!(check_schema(&catalog, &value), Ok(()));
        let back = import(&catalog, &text).unwrap();
        let set = |v: &[Hex]| v.iter().copied().collect::<BTreeSet<_>>();
        assert_eq!(set(&back.map.doors), set(&s.map.doors), "seed {seed}");
        assert_eq!(cells(&catalog, &back), hexes, "seed {seed}");
    }
    assert!(loops >= 5, "only {loops} maps with a loop");
}

/// Lays a board file out as the board's loader does (its tile grids from `vgb-tiles.json`,
/// each cell at R^turns(cube(c) − cube(room2)) + map(room1)), independently of our frame
/// table: the board cells (tile cells, door cells, overlay cells) and the monsters' cells.
fn board_layout(grids: &serde_json::Value, file: &VgbScenario) -> (BTreeSet<Hex>, Vec<Hex>) {
    let cube = |x: i32, y: i32| Hex::axial(x - y.div_euclid(2), y);
    let mut cells = BTreeSet::new();
    let mut monsters = Vec::new();
    let mut stack = vec![(&file.map_tile_data, Hex::default(), Hex::default())];
    while let Some((t, a, b)) = stack.pop() {
        let turns = t.turns.rem_euclid(6) as u8;
        let place = |x: i32, y: i32| (cube(x, y) - a).rotate(turns) + b;
        for c in grids["tiles"][&t.tile]["cells"].as_array().unwrap() {
            cells.insert(place(
                c[0].as_i64().unwrap() as i32,
                c[1].as_i64().unwrap() as i32,
            ));
        }
        for o in &t.overlays {
            cells.extend(o.cells.iter().map(|&[x, y]| place(x, y)));
        }
        monsters.extend(t.monsters.iter().map(|m| place(m.initial_x, m.initial_y)));
        for d in &t.doors {
            let at = place(d.room1_x, d.room1_y);
            cells.insert(at);
            stack.push((&d.map_tile_data, cube(d.room2_x, d.room2_y), at));
        }
    }
    (cells, monsters)
}

#[test]
fn the_boards_own_layout_of_exported_files_is_our_map() {
    let Some(grids) = shared("vgb-tiles.json") else {
        return;
    };
    let catalog = Catalog::built_in();
    let mut scenarios = Scenario::all_official(&catalog);
    for seed in 0..150 {
        let mut s = Scenario::official(&catalog, "Sunken Vessel").unwrap();
        s.map = build(
            &catalog,
            SizeBounds { min: 80, max: 99 },
            1000,
            &mut stream(seed, 0, 0),
        )
        .unwrap();
        if place(&catalog, &mut s, &mut stream(seed, 1, 0)) {
            scenarios.push(s);
        }
    }
    assert!(scenarios.len() > 100);
    for (i, s) in scenarios.iter().enumerate() {
        let g = (i % 6) as u8;
        let file = export(&catalog, s, "t", g).unwrap();
        let (board, monsters) = board_layout(&grids, &file);
        // Ours, turned by g, moved so the first cells agree: the same set.
        let mut ours: BTreeSet<Hex> = cells(&catalog, s)
            .into_iter()
            .map(|h| h.rotate(g))
            .collect();
        ours.extend(s.map.doors.iter().map(|h| h.rotate(g)));
        let shift = *board.first().unwrap() - *ours.first().unwrap();
        let moved: BTreeSet<Hex> = ours.iter().map(|&h| h + shift).collect();
        assert_eq!(board, moved, "{} (g = {g})", s.name);
        let mut theirs = monsters.clone();
        theirs.sort();
        let mut expected: Vec<Hex> = s
            .placements
            .monsters
            .iter()
            .map(|h| h.rotate(g) + shift)
            .collect();
        expected.sort();
        assert_eq!(theirs, expected, "{} (g = {g})", s.name);
    }
}
