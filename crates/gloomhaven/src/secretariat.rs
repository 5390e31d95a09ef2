//! A custom edition for Gloomhaven Secretariat (Lurkars/gloomhavensecretariat), the maintained
//! successor of Gloomhaven Helper, holding generated scenarios: the app loads it from its
//! "Edition Data URL" setting and then tracks the scenarios' monsters room by room.
//!
//! The shape is the app's own (read at the commits cited):
//! - the edition, `EditionData` (`src/app/game/model/data/EditionData.ts` @ 700c0a7b): a unique
//!   `edition` id, `extensions: ["gh"]` so that scenarios find the base game's monsters, and
//!   `scenarios`;
//! - a scenario, `ScenarioData` (`ScenarioData.ts` @ 018bc94a): `index` (text), `name`,
//!   `edition` (the loader does not fill it in), `initial` (selectable without unlocking it),
//!   `monsters` (every monster id it uses), `rooms`, `rules` and `overlays`;
//! - a room, `RoomData` (`RoomData.ts` @ 58764f26): `roomNumber`, `ref` (its tile), `initial`
//!   (open at the start), `rooms` (the rooms its doors open), `monster` (its standees);
//! - a standee, `MonsterStandeeData` (same file): `name` (the monster's id: its name in lower
//!   case, words joined by `-`, as the files under `data/gh/monster/` are named), and its type
//!   for two, three and four characters as `player2`, `player3`, `player4` (`normal`, `elite`
//!   or `boss`; left out where it is not set up), or `type` when the same for all three
//!   (`ScenarioManager.openRoom` @ 90796c4d chooses `type`, else `player2` below three
//!   characters, `player3` at three, `player4` above);
//! - a rule, `ScenarioRule` (`ScenarioRule.ts` @ 0f75014d): shown at the start of round 1
//!   (`round: "R == 1"`, `start: true`) with the goal, the special rules and the loot as its
//!   `note`;
//! - the pieces on the map, `ScenarioOverlay` (`ScenarioData.ts`): counts of obstacles, traps,
//!   terrain, treasure chests and money tokens.
//!
//! A room is a tile and the tiles joined to it by corridors (doors separate rooms, as the book
//! sets a room up when its door opens); the first room holds the start hexes.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::catalog::{Catalog, Category};
use crate::scenario::{Level, Players, Scenario};
use crate::validity::rooms;

/// The edition's id: unique among the editions the app knows.
pub const EDITION: &str = "ludoforge";

/// A monster's id in the app: its name in lower case, words joined by `-`
/// (`Captain of the Guard` is `captain-of-the-guard`).
///
/// ```
/// use ludoforge_gloomhaven::secretariat::monster_id;
/// assert_eq!(monster_id("Captain of the Guard"), "captain-of-the-guard");
/// assert_eq!(monster_id("Inox Guard"), "inox-guard");
/// ```
#[must_use]
pub fn monster_id(name: &str) -> String {
    name.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}

/// The rooms of a scenario as the app numbers them: for each map tile, its room's number
/// (from 1, the room of the first start hex first, then in the order of their first tiles).
#[must_use]
pub fn room_numbers(catalog: &Catalog, s: &Scenario) -> Vec<usize> {
    let room = rooms(s);
    let first = s
        .start
        .first()
        .and_then(|&h| s.map.tile_at(catalog, h))
        .map_or(0, |t| room[t]);
    let mut order: Vec<usize> = vec![first];
    for &r in &room {
        if !order.contains(&r) {
            order.push(r);
        }
    }
    room.iter()
        .map(|r| {
            1 + order
                .iter()
                .position(|o| o == r)
                .expect("every room ordered")
        })
        .collect()
}

/// A standee's entry: its type for two, three and four characters.
fn standee(catalog: &Catalog, monster: u16, levels: [Level; 3]) -> Value {
    let kind = |l: Level| match l {
        Level::None => None,
        _ if catalog.monsters[usize::from(monster)].boss => Some("boss"),
        Level::Normal => Some("normal"),
        Level::Elite => Some("elite"),
    };
    let name = monster_id(&catalog.monsters[usize::from(monster)].name);
    let kinds = levels.map(kind);
    if kinds[0].is_some() && kinds.iter().all(|k| *k == kinds[0]) {
        return json!({"name": name, "type": kinds[0]});
    }
    let mut entry = serde_json::Map::new();
    entry.insert("name".into(), name.into());
    for (p, k) in Players::ALL.iter().zip(kinds) {
        if let Some(k) = k {
            entry.insert(format!("player{}", p.count()), k.into());
        }
    }
    Value::Object(entry)
}

/// One scenario as the app's `ScenarioData`, numbered `index`.
#[must_use]
pub fn scenario(catalog: &Catalog, s: &Scenario, name: &str, index: usize) -> Value {
    let numbers = room_numbers(catalog, s);
    let count = numbers.iter().copied().max().unwrap_or(1);
    let mut doors: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); count + 1];
    for d in &s.map.doors {
        let [a, b] = d.joins.map(usize::from);
        if !d.kind.is_door() || a >= numbers.len() || b >= numbers.len() {
            continue;
        }
        let (ra, rb) = (numbers[a], numbers[b]);
        if ra != rb {
            doors[ra].insert(rb);
            doors[rb].insert(ra);
        }
    }
    let mut standees: Vec<Vec<Value>> = vec![Vec::new(); count + 1];
    for m in &s.monsters {
        let levels = Players::ALL.map(|p| m.level(p));
        if levels.iter().all(|&l| l == Level::None) {
            continue;
        }
        let room = s.map.tile_at(catalog, m.at).map_or(1, |t| numbers[t]);
        standees[room].push(standee(catalog, m.monster, levels));
    }
    let rooms: Vec<Value> = (1..=count)
        .map(|r| {
            let tile = numbers.iter().position(|&n| n == r).unwrap_or(0);
            json!({
                "roomNumber": r,
                "ref": s.map.tiles.get(tile).map_or("", |t| catalog.tiles[t.tile].id.as_str()),
                "initial": r == 1,
                "rooms": doors[r].iter().collect::<Vec<_>>(),
                "monster": standees[r],
            })
        })
        .collect();
    let monsters: BTreeSet<String> = s
        .monsters
        .iter()
        .map(|m| monster_id(&catalog.monsters[usize::from(m.monster)].name))
        .collect();
    let mut note = format!("Goal: {}", s.goal.words());
    for &r in &s.rules {
        note.push_str(&format!(" Special rule: {}", catalog.rules[usize::from(r)]));
    }
    let chests: Vec<&str> = s
        .chests
        .iter()
        .filter_map(|c| c.content.map(|i| catalog.chests[usize::from(i)].as_str()))
        .collect();
    if !chests.is_empty() {
        note.push_str(&format!(" Treasure: {}.", chests.join("; ")));
    }
    let mut counts = [0usize; 4];
    for o in &s.overlays {
        counts[catalog.overlays[usize::from(o.kind)].category.index()] += 1;
    }
    let overlays: Vec<Value> = [
        ("obstacle", counts[Category::Obstacle.index()]),
        ("trap", counts[Category::Trap.index()]),
        (
            "difficultTerrain",
            counts[Category::DifficultTerrain.index()],
        ),
        (
            "hazardousTerrain",
            counts[Category::HazardousTerrain.index()],
        ),
        ("treasure", s.chests.len()),
        ("loot", s.coins.len()),
    ]
    .into_iter()
    .filter(|&(_, n)| n > 0)
    .map(|(kind, n)| json!({"type": kind, "count": n}))
    .collect();
    json!({
        "index": index.to_string(),
        "name": name,
        "edition": EDITION,
        "initial": true,
        "monsters": monsters,
        "rooms": rooms,
        "rules": [{"round": "R == 1", "start": true, "note": note}],
        "overlays": overlays,
    })
}

/// The custom edition holding `scenarios` (each with its name), numbered from 1 in order.
#[must_use]
pub fn edition(catalog: &Catalog, scenarios: &[(&Scenario, &str)]) -> Value {
    json!({
        "edition": EDITION,
        "extensions": ["gh"],
        "label": {"en": {"edition": {EDITION: "ludoforge scenarios"}}},
        "scenarios": scenarios
            .iter()
            .enumerate()
            .map(|(i, (s, name))| scenario(catalog, s, name, i + 1))
            .collect::<Vec<_>>(),
    })
}
