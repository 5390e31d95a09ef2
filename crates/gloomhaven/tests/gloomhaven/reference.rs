//! The catalog, the tile joins and the fitness against answers worked out by hand and, where
//! the published reference data is present beside the project, against that data.

use std::path::PathBuf;

use ludoforge_gloomhaven::catalog::{Catalog, Category};
use ludoforge_gloomhaven::fitness::Fitness;
use ludoforge_gloomhaven::hex::Hex;
use ludoforge_gloomhaven::map::{PlacedTile, join};
use ludoforge_gloomhaven::record::Source;
use ludoforge_gloomhaven::scenario::{Level, Players, Scenario};
use serde_json::Value;

/// The published code's encodings of the official scenarios, in its order.
fn published(catalog: &Catalog) -> Vec<Scenario> {
    catalog
        .scenarios
        .iter()
        .filter(|r| r.source == Source::Gloomdungeons)
        .map(|r| r.to_scenario(catalog).unwrap())
        .collect()
}

fn hex(x: i32, y: i32, z: i32) -> Hex {
    Hex::new(x, y, z).unwrap()
}

/// Joins `new_tile` to the placed tile through the placed tile's link at `at` (map frame) and
/// the new tile's link at `new_at` (its own frame).
fn attach(
    catalog: &Catalog,
    placed: &PlacedTile,
    at: Hex,
    new_tile: &str,
    new_at: Hex,
) -> (PlacedTile, Hex) {
    let link = placed
        .links(catalog)
        .find(|l| l.at == at)
        .expect("a link there");
    let index = catalog.tile_index(new_tile).unwrap();
    let new_link = catalog.tiles[index]
        .links
        .iter()
        .copied()
        .find(|l| l.at == new_at)
        .expect("a link of the new tile");
    join(link, index, new_link).expect("an exit meets an entry")
}

#[test]
fn black_barrow_is_laid_out_by_joining_its_tiles() {
    let catalog = Catalog::built_in();
    let l1a = PlacedTile {
        tile: catalog.tile_index("L1a").unwrap(),
        rotation: 3,
        offset: Hex::default(),
    };
    // L1a's exit (-2, 3, -1) facing 9, turned 180°, lies at (2, -3, 1) facing 3.
    let (g1b, door1) = attach(&catalog, &l1a, hex(2, -3, 1), "G1b", hex(-1, 1, 0));
    assert_eq!(
        (g1b.rotation, g1b.offset, door1),
        (0, hex(3, -4, 1), hex(2, -3, 1))
    );
    let (i1a, door2) = attach(&catalog, &g1b, hex(7, -5, -2), "I1a", hex(3, -1, -2));
    assert_eq!(
        (i1a.rotation, i1a.offset, door2),
        (3, hex(10, -6, -4), hex(7, -5, -2))
    );
    // The same layout as the catalog's encoding of the published scenario.
    let official = &published(&catalog)[0];
    assert_eq!(official.name, "Black Barrow");
    assert_eq!(official.map.tiles, [l1a, g1b, i1a]);
    let doors: Vec<Hex> = official.map.door_hexes().collect();
    assert_eq!(doors, [door1, door2]);
    assert_eq!(official.map.size(&catalog), 83);
    assert_eq!(official.map.overlap(&catalog), None);
    // The doors lie on no tile.
    let hexes = official.map.tile_hexes(&catalog);
    for door in &doors {
        assert!(!hexes.contains(door));
    }
}

#[test]
fn black_barrow_scores_as_worked_out_by_hand() {
    let catalog = Catalog::built_in();
    let s = published(&catalog).remove(0);
    // For two players: 4 + 1 Bandit Guards, 2 + 1 Bandit Archers (rated 1), 2 elite Living
    // Bones (1): (4+2) + (2+2) + (0+4) = 14.
    assert_eq!(s.difficulty(&catalog, Players::TWO), 14.0);
    let c = Fitness::gloomdungeons().components(&catalog, &s);
    // 83 hexes: 1 − 7/90. No rule. Two monster themes, two tile themes: 1 − (2! + 2! − 2)/20.
    // Occupied: 7 start + 10 monsters + 4 obstacles + 2 traps + 1 chest + 5 coins = 29 of 83.
    let layout = 1.0 - (0.344 - 29.0 / 83.0_f64).abs() / 0.344;
    let expected = [1.0, 1.0 - 7.0 / 90.0, 0.0, 0.9, layout];
    for (got, want) in c.iter().zip(expected) {
        assert!((got - want).abs() < 1e-12, "{c:?}");
    }
    let total = Fitness::gloomdungeons().total(&catalog, &s);
    assert!((total - (4.0 + expected[1] + 1.8 + 2.0 * layout)).abs() < 1e-12);
    assert!((total - 8.690_840_882_911_491).abs() < 1e-9);
}

/// The published reference data, when it sits beside the project.
fn reference(file: &str) -> Option<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/gloomhaven")
        .join(file);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(serde_json::from_str(&text).expect("reference JSON")),
        Err(_) => {
            eprintln!(
                "skipped: the reference data {} is not here (only the project's own catalog is checked)",
                path.display()
            );
            None
        }
    }
}

fn hexes(v: &Value) -> Vec<Hex> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|h| {
            hex(
                h[0].as_i64().unwrap() as i32,
                h[1].as_i64().unwrap() as i32,
                h[2].as_i64().unwrap() as i32,
            )
        })
        .collect()
}

#[test]
fn the_catalog_agrees_with_the_reference_tiles_monsters_rules_and_chests() {
    let catalog = Catalog::built_in();
    let Some(tiles) = reference("tiles.json") else {
        return;
    };
    let tiles = tiles["tiles"].as_array().unwrap();
    assert_eq!(tiles.len(), catalog.tiles.len());
    for t in tiles {
        let ours = catalog
            .tile(t["id"].as_str().unwrap())
            .expect("every reference tile");
        assert_eq!(ours.tile, t["name"].as_str().unwrap());
        assert_eq!(ours.side, t["side"].as_str().unwrap());
        assert_eq!(ours.theme, t["theme"].as_str().unwrap());
        assert_eq!(ours.hexes, hexes(&t["hexes"]));
        let links = t["links"].as_array().unwrap();
        assert_eq!(ours.links.len(), links.len());
        for (l, r) in ours.links.iter().zip(links) {
            assert_eq!(vec![l.at], hexes(&Value::from(vec![r["hex"].clone()])));
            assert_eq!(u64::from(l.facing), r["direction"].as_u64().unwrap());
            let kind = serde_json::to_value(l.kind).unwrap();
            assert_eq!(kind, r["type"]);
        }
    }
    let monsters = reference("monsters.json").unwrap();
    let monsters = monsters["monsters"].as_array().unwrap();
    for m in monsters {
        let ours = catalog
            .monster(m["name"].as_str().unwrap())
            .expect("every reference monster");
        assert_eq!(
            u64::from(ours.difficulty),
            m["difficulty"].as_u64().unwrap()
        );
        assert_eq!(u64::from(ours.standees), m["max_count"].as_u64().unwrap());
        assert_eq!(ours.theme, m["theme"].as_str().unwrap());
    }
    // Added (see CATALOG.md): the bosses, and the Vicious Drake under its later name.
    let extra: Vec<&str> = catalog
        .monsters
        .iter()
        .filter(|m| !monsters.iter().any(|r| r["name"] == m.name.as_str()))
        .filter(|m| !m.boss)
        .map(|m| m.name.as_str())
        .collect();
    assert_eq!(extra, ["Rending Drake"]);
    assert_eq!(
        catalog.monster("Vicious Drake"),
        catalog.monster("Rending Drake")
    );
    let rules = reference("rules.json").unwrap();
    assert_eq!(
        serde_json::to_value(&catalog.rules).unwrap(),
        rules["rules"]
    );
    let chests = reference("chests.json").unwrap();
    assert_eq!(
        serde_json::to_value(&catalog.chests).unwrap(),
        chests["chests"]
    );
}

#[test]
fn the_official_scenarios_agree_with_the_reference_layouts_and_scores() {
    let catalog = Catalog::built_in();
    let Some(data) = reference("scenarios.json") else {
        return;
    };
    let published: Vec<&Value> = data["scenarios"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["in_initial_population"] == true)
        .collect();
    let reference_monsters: Vec<String> = reference("monsters.json").unwrap()["monsters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap().to_string())
        .collect();
    let ours = self::published(&catalog);
    assert_eq!(ours.len(), published.len());
    for (s, p) in ours.iter().zip(published) {
        assert_eq!(s.name, p["name"].as_str().unwrap());
        let derived = &p["derived"];
        for (t, r) in s.map.tiles.iter().zip(p["tiles"].as_array().unwrap()) {
            let id = r["tile"].as_str().unwrap();
            assert_eq!(catalog.tiles[t.tile].id, id);
            assert_eq!(u64::from(t.rotation), r["rotation"].as_u64().unwrap());
            assert_eq!(
                vec![t.offset],
                hexes(&Value::from(vec![derived["tile_offsets"][id].clone()]))
            );
        }
        assert_eq!(
            s.map.door_hexes().collect::<Vec<_>>(),
            hexes(&derived["door_hexes"])
        );
        assert_eq!(
            s.map.size(&catalog) as u64,
            derived["map_hex_count"].as_u64().unwrap()
        );
        // Every piece on the published hex: the two-player standees, each overlay category.
        let sorted = |mut v: Vec<Hex>| {
            v.sort();
            v
        };
        let published_at = |key: &str| sorted(hexes(&p["placements"][key]));
        assert_eq!(sorted(s.start.clone()), published_at("start"), "{}", s.name);
        let two: Vec<Hex> = s.present(Players::TWO).map(|m| m.at).collect();
        assert_eq!(sorted(two), published_at("monsters"), "{}", s.name);
        for (key, category) in [
            ("obstacles", Category::Obstacle),
            ("traps", Category::Trap),
            ("hazardous_terrain", Category::HazardousTerrain),
            ("difficult_terrain", Category::DifficultTerrain),
        ] {
            let ours: Vec<Hex> = s
                .overlays
                .iter()
                .filter(|o| catalog.overlays[usize::from(o.kind)].category == category)
                .map(|o| o.at)
                .collect();
            assert_eq!(sorted(ours), published_at(key), "{} {key}", s.name);
        }
        assert_eq!(
            sorted(s.chests.iter().map(|c| c.at).collect()),
            published_at("chests")
        );
        assert_eq!(
            sorted(s.coins.iter().map(|c| c.at).collect()),
            published_at("coins")
        );
        // The published set-up is the two-player one; each standee set up for two players has
        // the published group's rank.
        for g in p["monsters"].as_array().unwrap() {
            let Some(m) = catalog.monster_index(g["name"].as_str().unwrap()) else {
                continue;
            };
            let count = |level: Level| {
                s.monsters
                    .iter()
                    .filter(|x| x.monster == m && x.level(Players::TWO) == level)
                    .count() as u64
            };
            assert_eq!(
                count(Level::Normal),
                g["normal"].as_u64().unwrap(),
                "{}",
                s.name
            );
            assert_eq!(
                count(Level::Elite),
                g["elite"].as_u64().unwrap(),
                "{}",
                s.name
            );
        }
        // The published code dropped the monsters its list lacked (Fire Demon, Rending
        // Drake); without those groups our fitness gives its scores exactly.
        let mut as_published = s.clone();
        let published_names: Vec<&str> = p["monsters"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["name"].as_str().unwrap())
            .collect();
        as_published.monsters.retain(|m| {
            let monster = &catalog.monsters[usize::from(m.monster)];
            let names = std::iter::once(&monster.name).chain(&monster.aliases);
            let known = names
                .filter(|n| reference_monsters.contains(n) && published_names.contains(&n.as_str()))
                .count();
            known > 0 && monster.name != "Rending Drake"
        });
        assert_eq!(
            u64::from(as_published.difficulty_points(&catalog, Players::TWO)),
            derived["monster_difficulty"].as_u64().unwrap(),
            "{}",
            s.name
        );
        // It still counted their hexes as occupied: the layout is the whole scenario's.
        let f = Fitness::gloomdungeons();
        let mut c = f.components(&catalog, &as_published);
        c[4] = f.components(&catalog, s)[4];
        let want = &derived["fitness_by_original_code"];
        for (name, got) in ludoforge_gloomhaven::fitness::COMPONENTS.iter().zip(c) {
            let key = if *name == "layout" { "clutter" } else { name };
            assert!(
                (got - want[key].as_f64().unwrap()).abs() < 1e-9,
                "{} {name}: {got} vs {}",
                s.name,
                want[key]
            );
        }
        let total: f64 = c.iter().zip(f.weights).map(|(c, w)| c * w).sum();
        assert!((total - want["total"].as_f64().unwrap()).abs() < 1e-9);
        if s.monsters.len() == as_published.monsters.len() {
            assert!((f.total(&catalog, s) - total).abs() < 1e-12, "{}", s.name);
        }
    }
}
