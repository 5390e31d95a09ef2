//! Rebuilds the official scenarios of `data/catalog.json`:
//!
//! - the scenario book's, read from Virtual Gloomhaven Board's own scenario files (the board's
//!   `assets/data/scenarios/N.json`, CC BY 4.0), with their set-ups for 2, 3 and 4 players;
//! - the published code's nine encodings keep their tiles, pieces and two-player set-up; their
//!   three- and four-player set-ups are derived by the rule of `ludoforge_gloomhaven::setup`,
//!   each new standee on the free reachable tile hex nearest its type's first standee.
//!
//! `cargo run -p ludoforge-gloomhaven --example catalog -- DIR` where DIR holds the board's
//! files `1.json` … `95.json`. Prints each file the catalog leaves out, and why.

use std::path::{Path, PathBuf};

use ludoforge_gloomhaven::catalog::Catalog;
use ludoforge_gloomhaven::hex::Hex;
use ludoforge_gloomhaven::json::readable;
use ludoforge_gloomhaven::record::{ScenarioRecord, Source};
use ludoforge_gloomhaven::scenario::{Level, Players, Scenario, Standee};
use ludoforge_gloomhaven::setup::{derive, levels};
use ludoforge_gloomhaven::validity::reachable;
use ludoforge_gloomhaven::vgb;

/// The published encoding's two-player set-up, the other parties derived.
fn complete(catalog: &Catalog, s: &mut Scenario) {
    let two = s.groups(Players::TWO);
    let old: Vec<Standee> = s
        .monsters
        .iter()
        .copied()
        .filter(|m| m.level(Players::TWO) != Level::None)
        .collect();
    // Only the published standees stand on the map while the others find their hexes, so a
    // second run gives the same catalog.
    s.monsters = old.clone();
    let reached = reachable(catalog, s);
    let mut taken: Vec<Hex> = s.occupied(catalog).collect();
    let mut monsters = Vec::new();
    for (monster, n, e) in two {
        let box_standees = catalog.monsters[usize::from(monster)].standees.max(n + e);
        let counts = derive(n, e, Players::TWO, box_standees);
        // This type's standees as published: elites first, as `levels` orders them.
        let mut mine: Vec<Standee> = old
            .iter()
            .copied()
            .filter(|m| m.monster == monster)
            .collect();
        mine.sort_by_key(|m| std::cmp::Reverse(m.level(Players::TWO)));
        let first = mine.first().map(|m| m.at).unwrap_or_default();
        for (i, l) in levels(&counts).into_iter().enumerate() {
            let at = match mine.get(i) {
                Some(m) => m.at,
                None => {
                    let at = s
                        .map
                        .tile_hexes(catalog)
                        .into_iter()
                        .filter(|h| reached.contains(*h) && !taken.contains(h))
                        .min_by_key(|h| (h.distance(first), *h))
                        .expect("a free hex");
                    taken.push(at);
                    at
                }
            };
            monsters.push(Standee {
                monster,
                at,
                levels: l,
            });
        }
    }
    s.monsters = monsters;
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .expect("give the folder of the board's scenario files");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/catalog.json");
    let mut catalog: Catalog =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut scenarios: Vec<ScenarioRecord> = Vec::new();
    for r in catalog
        .scenarios
        .iter()
        .filter(|r| r.source == Source::Gloomdungeons)
    {
        let mut s = r.to_scenario(&catalog).unwrap();
        complete(&catalog, &mut s);
        let mut record = ScenarioRecord::of(&catalog, &s);
        record.source = Source::Gloomdungeons;
        scenarios.push(record);
    }
    let mut numbers: Vec<u32> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".json")?.parse().ok()
        })
        .collect();
    numbers.sort_unstable();
    let mut book = Vec::new();
    for n in numbers {
        let text = std::fs::read_to_string(dir.join(format!("{n}.json"))).unwrap();
        match vgb::import(&catalog, &text) {
            Ok(read) => {
                let mut record = ScenarioRecord::of(&catalog, &read.scenario);
                record.source = Source::Book;
                record.number = Some(n as u16);
                if !read.dropped.is_empty() {
                    println!("{n}: dropped {}", read.dropped.join(", "));
                }
                book.push(record);
            }
            Err(e) => println!("{n}: left out: {e}"),
        }
    }
    println!("{} book scenarios", book.len());
    book.extend(scenarios);
    catalog.scenarios = book.into();
    let value = serde_json::to_value(&catalog).unwrap();
    std::fs::write(&path, readable(&value)).unwrap();
    Catalog::parse(&std::fs::read_to_string(&path).unwrap()).expect("a valid catalog");
}
