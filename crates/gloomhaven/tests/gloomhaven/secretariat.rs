//! The Gloomhaven Secretariat edition read as the app reads it.
//!
//! `open` follows `ScenarioManager` in Lurkars/gloomhavensecretariat
//! (`src/app/game/businesslogic/ScenarioManager.ts` @ 90796c4d): a scenario is found by its
//! `edition` and `index`; the rooms with `initial` open at the start and a room named in an open
//! room's `rooms` can be opened (`closedRooms`); opening a room sets up each standee of its
//! `monster` list as its `type`, or else as `player2` below three characters, `player3` at three
//! and `player4` above, or as normal when it gives neither; a standee left without a type is not
//! set up. A monster's id must be one of the base game's (`data/gh/monster/*.json` @ the
//! commits listed by the repository's index, e.g. `bandit-guard.json` @ ebe5e147), found
//! through the edition's `extensions`.

use std::collections::BTreeMap;

use ludoforge_gloomhaven::catalog::Catalog;
use ludoforge_gloomhaven::job::GloomhavenJob;
use ludoforge_gloomhaven::record::ScenarioRecord;
use ludoforge_gloomhaven::scenario::{Level, Players, Scenario};
use ludoforge_gloomhaven::secretariat::monster_id;
use ludoforge_job::{Context, Job};
use serde_json::{Value, json};

/// The base game's monster ids in the app (the files under `data/gh/monster/`).
const GH_MONSTERS: &[&str] = &[
    "ancient-artillery",
    "arcane-golem",
    "bandit-archer",
    "bandit-commander",
    "bandit-guard",
    "betrayer",
    "black-imp",
    "bloated-regent",
    "captain-of-the-guard",
    "captain",
    "cave-bear",
    "city-archer",
    "city-guard",
    "colorless",
    "cultist",
    "dark-rider",
    "deep-terror",
    "earth-demon",
    "elder-drake",
    "flame-demon",
    "forest-imp",
    "frost-demon",
    "giant-ooze",
    "giant-viper",
    "gloom",
    "harrower-infester",
    "hound",
    "hungry-soul",
    "infiltrator",
    "inox-archer",
    "inox-bodyguard",
    "inox-guard",
    "inox-shaman",
    "jekserah",
    "lieutenant",
    "living-bones",
    "living-corpse",
    "living-spirit",
    "lurker-king",
    "lurker",
    "merciless-overseer",
    "night-demon",
    "ooze",
    "prime-demon",
    "prime-lieutenant",
    "rending-drake",
    "savvas-icestorm",
    "savvas-lavaflow",
    "siege-cannon",
    "sightless-eye",
    "spitting-drake",
    "stone-golem",
    "sun-demon",
    "the-betrayer",
    "the-colorless",
    "the-gloom",
    "the-harvester",
    "the-sightless-eye",
    "vermling-scout",
    "vermling-shaman",
    "wind-demon",
    "winged-horror",
];

/// Every standee the app sets up for `characters` once every room that can be opened is open:
/// (monster id, type) → count.
fn open_all(scenario: &Value, characters: u32) -> BTreeMap<(String, String), u32> {
    let rooms = scenario["rooms"].as_array().expect("rooms");
    let mut open: Vec<u64> = rooms
        .iter()
        .filter(|r| r["initial"] == true)
        .map(|r| r["roomNumber"].as_u64().expect("roomNumber"))
        .collect();
    assert!(!open.is_empty(), "a room opens at the start");
    let mut i = 0;
    while i < open.len() {
        let room = rooms
            .iter()
            .find(|r| r["roomNumber"] == open[i])
            .expect("an open room is a room");
        for next in room["rooms"].as_array().expect("rooms of a room") {
            let next = next.as_u64().expect("a room number");
            if !open.contains(&next) {
                open.push(next);
            }
        }
        i += 1;
    }
    assert_eq!(open.len(), rooms.len(), "every room can be opened");
    let mut set_up = BTreeMap::new();
    for room in rooms {
        for standee in room["monster"].as_array().expect("monster") {
            let key = match characters {
                0..=2 => "player2",
                3 => "player3",
                _ => "player4",
            };
            let given = standee.get("type").or_else(|| standee.get(key));
            let none = ["player2", "player3", "player4"]
                .iter()
                .all(|k| standee.get(*k).is_none());
            let kind = match given {
                Some(k) => k.as_str().expect("a type").to_string(),
                None if none => "normal".into(),
                None => continue,
            };
            let name = standee["name"].as_str().expect("name").to_string();
            *set_up.entry((name, kind)).or_default() += 1;
        }
    }
    set_up
}

/// What the scenario sets up for `players`: (monster id, type) → count.
fn expected(catalog: &Catalog, s: &Scenario, players: Players) -> BTreeMap<(String, String), u32> {
    let mut out = BTreeMap::new();
    for m in &s.monsters {
        let monster = &catalog.monsters[usize::from(m.monster)];
        let kind = match m.level(players) {
            Level::None => continue,
            _ if monster.boss => "boss",
            Level::Normal => "normal",
            Level::Elite => "elite",
        };
        *out.entry((monster_id(&monster.name), kind.to_string()))
            .or_default() += 1;
    }
    out
}

/// Every catalog monster has its id among the app's.
#[test]
fn every_monster_is_one_the_app_knows() {
    let catalog = Catalog::built_in();
    for m in &catalog.monsters {
        assert!(
            GH_MONSTERS.contains(&monster_id(&m.name).as_str()),
            "{}",
            m.name
        );
    }
}

/// The top scenarios of runs of both presets, as the app sets them up for 2, 3 and 4
/// characters, are the result file's, and the edition has the fields the app looks scenarios
/// up by.
#[test]
fn the_edition_sets_up_the_result_files_scenarios() {
    let catalog = Catalog::built_in();
    for (params, seed) in [
        (
            json!({"preset": "gloomdungeons", "cycles": 200, "top": 3}),
            3,
        ),
        (
            json!({"preset": "paper", "cycles": 300, "top": 4, "goal": "loot-all"}),
            7,
        ),
        (
            json!({"preset": "paper", "cycles": 100, "top": 2, "players": 3}),
            11,
        ),
    ] {
        let context = Context::quiet().want("secretariat");
        let artifact = GloomhavenJob.run(&params, seed, &context).unwrap();
        let file = |role: &str| -> Value {
            let f = artifact.files.iter().find(|f| f.role == role).unwrap();
            serde_json::from_slice(&f.bytes).unwrap()
        };
        let (result, edition) = (file("result"), file("secretariat"));
        assert_eq!(edition["edition"], "ludoforge");
        assert_eq!(edition["extensions"], json!(["gh"]));
        let entries = result["scenarios"].as_array().unwrap();
        let scenarios = edition["scenarios"].as_array().unwrap();
        assert_eq!(scenarios.len(), entries.len());
        for (i, (entry, scenario)) in entries.iter().zip(scenarios).enumerate() {
            let record: ScenarioRecord = serde_json::from_value(entry.clone()).unwrap();
            let s = record.to_scenario(&catalog).unwrap();
            assert_eq!(scenario["edition"], "ludoforge");
            assert_eq!(scenario["index"], (i + 1).to_string());
            assert_eq!(scenario["name"], entry["name"]);
            assert_eq!(scenario["initial"], true);
            for p in Players::ALL {
                assert_eq!(
                    open_all(scenario, p.count()),
                    expected(&catalog, &s, p),
                    "{params}: scenario {i}, {} characters",
                    p.count()
                );
            }
            // The monsters list names each monster of the rooms once.
            let listed: Vec<&str> = scenario["monsters"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap())
                .collect();
            for room in scenario["rooms"].as_array().unwrap() {
                for standee in room["monster"].as_array().unwrap() {
                    assert!(listed.contains(&standee["name"].as_str().unwrap()));
                }
            }
            // The goal and the special rules are shown at the start.
            let note = scenario["rules"][0]["note"].as_str().unwrap();
            assert!(note.starts_with("Goal: "), "{note}");
            assert_eq!(scenario["rules"][0]["round"], "R == 1");
            for &r in &s.rules {
                assert!(note.contains(&catalog.rules[usize::from(r)]), "{note}");
            }
        }
    }
}
