//! The TAG framework's Risk map JSON: read into a [`RiskMap`] and written from one.
//!
//! Read as TAG reads it, from the project's sources (repository `GAIGResearch/TabletopGames`):
//! the Risk game's `RiskMap` constructor in `src/main/java/games/risk/RiskMap.java` and its
//! classic board `data/risk/worldMap.json` (commit
//! `3cfb8930fa66e47ab4d794187d1918af36631e84`, a version of the Risk game not on the
//! repository's main branch at `c4d7687cd6162405806a0dd1e1b31804f8a81b93`), and the graph
//! board every TAG game loads, `GraphBoard.loadBoard` in
//! `src/main/java/core/components/GraphBoard.java` with node properties as
//! `Component.parseComponent` and `PropertyVector2D` read them (commit `c4d7687c…`):
//!
//! ```json
//! { "id": "Tiny", "type": "graph", "verticesKey": "name", "neighboursKey": "neighbours",
//!   "maxNeighbours": -1,
//!   "continents": [{"name": "North", "bonus": 2}],
//!   "nodes": [
//!     {"name": ["String", "Alpha"], "position": ["Vector2D", [10, 20]],
//!      "continent": ["String", "North"], "symbol": ["String", "Infantry"],
//!      "neighbours": ["String[]", ["Beta"]]},
//!     {"name": ["String", "Beta"], "position": ["Vector2D", [30, 20]],
//!      "continent": ["String", "North"], "symbol": ["String", "Cavalry"],
//!      "neighbours": ["String[]", ["Alpha"]]}] }
//! ```
//!
//! - `id` names the board (else the name given to [`read`]); `type`, `verticesKey`,
//!   `neighboursKey` and `maxNeighbours` are the graph board's (TAG needs them; `verticesKey`
//!   must be `name`, as TAG's Risk game finds territories by name).
//! - `continents`: each continent's name and bonus, in order.
//! - `nodes`: the territories in order, each property a `[type, value]` pair: its `name`, its
//!   `continent` (by name), its `neighbours` (by name) under the `neighboursKey`, its card
//!   `symbol` (`Infantry`, `Cavalry` or `Artillery`) and, for TAG's picture, its `position`
//!   (whole numbers). The graph board joins both ends of every neighbour listed, so borders
//!   are never one-way.
//! - `missions`, `backupTerritories`, `svg` and `svgCredit` serve TAG's Secret Mission rules
//!   and picture; they carry nothing here.
//!
//! Two keys of the project's own ride along, which TAG passes over: `about`, the map's
//! description, and `oneWay`, its one-way arcs as `[from, to]` pairs of names (TAG's graph
//! board cannot hold them, so TAG plays such a map without them).
//!
//! Written: every key above, the territories' symbols taken in turn (infantry, cavalry,
//! artillery, as the 42 cards of the classic deck), and whole-number positions (see [the
//! module notes](super)). TAG finds territories and continents by name: a name used twice is
//! written with the later one's number in brackets.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use serde_json::{Map, Value, json};

use super::{FormatError, borders_of, listed_neighbours, unique_names, whole_positions};
use crate::map::{Continent, MapFile, RiskMap, Territory, TerritoryId};

/// The card symbols, in the order territories are given them.
const SYMBOLS: [&str; 3] = ["Infantry", "Cavalry", "Artillery"];

fn bad(what: String) -> FormatError {
    FormatError::Tag(what)
}

/// A node's property: the value of its `[type, value]` pair, `None` when absent.
fn property<'a>(
    node: &'a Map<String, Value>,
    key: &str,
    place: &str,
) -> Result<Option<&'a Value>, FormatError> {
    match node.get(key) {
        None => Ok(None),
        Some(Value::Array(pair)) if pair.len() == 2 && pair[0].is_string() => Ok(Some(&pair[1])),
        Some(other) => Err(bad(format!(
            "{place}: \"{key}\" is {other}, not a [type, value] pair such as [\"String\", \"...\"]"
        ))),
    }
}

/// A node property that must be a string.
fn string<'a>(
    node: &'a Map<String, Value>,
    key: &str,
    place: &str,
) -> Result<&'a str, FormatError> {
    match property(node, key, place)? {
        Some(Value::String(s)) => Ok(s),
        Some(other) => Err(bad(format!("{place}: the {key} is {other}, not a string"))),
        None => Err(bad(format!(
            "{place} has no \"{key}\": give [\"String\", \"...\"]"
        ))),
    }
}

/// Reads a TAG Risk map. `name` names it when the file has no `id`.
///
/// ```
/// use ludoforge_risk::formats::tag;
/// let text = r#"{"id": "Tiny", "continents": [{"name": "North", "bonus": 2}], "nodes": [
///   {"name": ["String", "Alpha"], "continent": ["String", "North"], "neighbours": ["String[]", ["Beta"]]},
///   {"name": ["String", "Beta"], "continent": ["String", "North"], "neighbours": ["String[]", []]}]}"#;
/// let map = tag::read(text, "unused").unwrap();
/// assert_eq!((map.name(), map.territories(), map.border_count()), ("Tiny", 2, 1));
/// let bad = tag::read(&text.replace("\"Beta\"]]", "\"Gamma\"]]"), "x").unwrap_err();
/// assert!(bad.to_string().contains("unknown neighbour \"Gamma\""), "{bad}");
/// ```
///
/// # Errors
/// [`FormatError::Tag`] naming the node or key that cannot be read and what was expected, or
/// [`FormatError::Map`] when the map read is not a valid map.
pub fn read(text: &str, name: &str) -> Result<RiskMap, FormatError> {
    let root: Value = serde_json::from_str(text).map_err(|e| bad(format!("not JSON: {e}")))?;
    let Value::Object(root) = root else {
        return Err(bad(
            "give a JSON object with \"nodes\" and \"continents\"".into()
        ));
    };
    if let Some(key) = root.get("verticesKey")
        && key != "name"
    {
        return Err(bad(format!(
            "\"verticesKey\" is {key}: TAG's Risk game finds territories by \"name\""
        )));
    }
    let neighbours_key = match root.get("neighboursKey") {
        None => "neighbours",
        Some(Value::String(k)) => k.as_str(),
        Some(other) => return Err(bad(format!("\"neighboursKey\" is {other}, not a string"))),
    };
    let mut continents = Vec::new();
    let mut continent_index: BTreeMap<&str, usize> = BTreeMap::new();
    let Some(Value::Array(list)) = root.get("continents") else {
        return Err(bad(
            "no \"continents\" list: give [{\"name\": ..., \"bonus\": ...}, ...]".into(),
        ));
    };
    for (i, c) in list.iter().enumerate() {
        let (Some(Value::String(cname)), Some(bonus)) = (c.get("name"), c.get("bonus")) else {
            return Err(bad(format!(
                "continent {} is {c}: give {{\"name\": ..., \"bonus\": ...}}",
                i + 1
            )));
        };
        let Some(bonus) = bonus.as_u64().and_then(|b| u32::try_from(b).ok()) else {
            return Err(bad(format!(
                "the bonus of continent {cname:?} is {bonus}: give a whole number of troops, 0 \
                 or more"
            )));
        };
        if continent_index.insert(cname, i).is_some() {
            return Err(bad(format!("two continents are named {cname:?}")));
        }
        continents.push(Continent {
            name: cname.clone(),
            bonus,
            territories: Vec::new(),
        });
    }
    let Some(Value::Array(nodes)) = root.get("nodes") else {
        return Err(bad("no \"nodes\" list: give one node per territory".into()));
    };
    let mut territories = Vec::new();
    let mut index: BTreeMap<&str, TerritoryId> = BTreeMap::new();
    let mut lists: Vec<Vec<&str>> = Vec::new();
    for (i, node) in nodes.iter().enumerate() {
        let place = format!("node {}", i + 1);
        let Value::Object(node) = node else {
            return Err(bad(format!("{place} is {node}, not an object")));
        };
        let tname = string(node, "name", &place)?;
        let place = format!("{place} ({tname:?})");
        let id = i as TerritoryId;
        if index.insert(tname, id).is_some() {
            return Err(bad(format!("two territories are named {tname:?}")));
        }
        let cname = string(node, "continent", &place)?;
        let Some(&c) = continent_index.get(cname) else {
            return Err(bad(format!(
                "{place} is in unknown continent {cname:?}: list it in \"continents\""
            )));
        };
        continents[c].territories.push(id);
        let position = match property(node, "position", &place)? {
            None => None,
            Some(v) => Some(whole_pair(v).ok_or_else(|| {
                bad(format!(
                    "{place}: the position is {v}, not two whole numbers such as [10, 20]"
                ))
            })?),
        };
        let list = match property(node, neighbours_key, &place)? {
            None => Vec::new(),
            Some(Value::Array(names)) => names
                .iter()
                .map(|n| {
                    n.as_str().ok_or_else(|| {
                        bad(format!(
                            "{place}: the neighbour {n} is not a territory's name"
                        ))
                    })
                })
                .collect::<Result<_, _>>()?,
            Some(other) => {
                return Err(bad(format!(
                    "{place}: the {neighbours_key} are {other}, not a list of names"
                )));
            }
        };
        lists.push(list);
        territories.push(Territory {
            id,
            name: tname.to_string(),
            position,
        });
    }
    let find = |n: &str, place: &dyn Fn() -> String| {
        index
            .get(n)
            .copied()
            .ok_or_else(|| bad(format!("{} has unknown neighbour {n:?}", place())))
    };
    // The graph board joins both ends of each neighbour listed.
    let mut pairs = BTreeSet::new();
    for (a, list) in lists.iter().enumerate() {
        let place = || format!("node {} ({:?})", a + 1, territories[a].name);
        for n in list {
            let b = find(n, &place)?;
            pairs.insert((a as TerritoryId, b));
            pairs.insert((b, a as TerritoryId));
        }
    }
    let (borders, _) = borders_of(&pairs, false).expect("pairs are symmetric");
    let mut one_way = Vec::new();
    match root.get("oneWay") {
        None => {}
        Some(Value::Array(arcs)) => {
            for arc in arcs {
                let ends = arc.as_array().and_then(|e| match e.as_slice() {
                    [Value::String(a), Value::String(b)] => Some((a, b)),
                    _ => None,
                });
                let Some((a, b)) = ends else {
                    return Err(bad(format!(
                        "the one-way arc {arc} is not a [from, to] pair of names"
                    )));
                };
                let place = || "the one-way arcs".to_string();
                one_way.push([find(a, &place)?, find(b, &place)?]);
            }
        }
        Some(other) => return Err(bad(format!("\"oneWay\" is {other}, not a list"))),
    }
    let about = match root.get("about") {
        None => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => return Err(bad(format!("\"about\" is {other}, not a string"))),
    };
    let map_name = match root.get("id") {
        Some(Value::String(s)) => s.clone(),
        _ => name.to_string(),
    };
    Ok(RiskMap::new(MapFile {
        name: map_name,
        about,
        territories,
        continents,
        borders,
        one_way,
    })?)
}

/// `[x, y]` as whole numbers, which is what TAG's `Vector2D` property holds.
fn whole_pair(v: &Value) -> Option<[f64; 2]> {
    let [x, y] = v.as_array()?.as_slice() else {
        return None;
    };
    let whole = |v: &Value| {
        v.as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .map(f64::from)
    };
    Some([whole(x)?, whole(y)?])
}

/// Writes a map as TAG's Risk map JSON, one node a line: see [the module notes](self) for what
/// is written, and [the formats' notes](super) for the positions (`layout_seed` lays out a map
/// without its own).
///
/// ```
/// use ludoforge_risk::formats::tag;
/// use ludoforge_risk::map::RiskMap;
/// let map8 = RiskMap::embedded("map8").unwrap();
/// let json: serde_json::Value = serde_json::from_str(&tag::write(&map8, 1)).unwrap();
/// assert_eq!(json["id"], "map8");
/// assert_eq!(json["nodes"].as_array().unwrap().len(), 10);
/// assert_eq!(json["nodes"][0]["symbol"], serde_json::json!(["String", "Infantry"]));
/// ```
#[must_use]
pub fn write(map: &RiskMap, layout_seed: u64) -> String {
    let file = map.file();
    let names = unique_names(file.territories.iter().map(|t| t.name.as_str()));
    let continent_names = unique_names(file.continents.iter().map(|c| c.name.as_str()));
    let s = |v: Value| v.to_string();
    let mut out = String::from("{\n");
    let _ = writeln!(out, "  \"id\": {},", s(json!(file.name)));
    out.push_str(
        "  \"type\": \"graph\",\n  \"verticesKey\": \"name\",\n  \"neighboursKey\": \
         \"neighbours\",\n  \"maxNeighbours\": -1,\n",
    );
    if !file.about.is_empty() {
        let _ = writeln!(out, "  \"about\": {},", s(json!(file.about)));
    }
    out.push_str("  \"continents\": [\n");
    let lines: Vec<String> = file
        .continents
        .iter()
        .zip(&continent_names)
        .map(|(c, name)| {
            format!(
                "    {{\"name\": {}, \"bonus\": {}}}",
                s(json!(name)),
                c.bonus
            )
        })
        .collect();
    out.push_str(&lines.join(",\n"));
    out.push_str("\n  ],\n  \"nodes\": [\n");
    let positions = whole_positions(map, layout_seed);
    // One-way arcs go in "oneWay": TAG's graph board would join both ends of a neighbour.
    let neighbours = listed_neighbours(map, false);
    let lines: Vec<String> = file
        .territories
        .iter()
        .zip(positions)
        .zip(&neighbours)
        .map(|((t, [x, y]), next)| {
            let i = t.id as usize;
            let next: Vec<&String> = next.iter().map(|&n| &names[n as usize]).collect();
            format!(
                "    {{\"name\": [\"String\", {}], \"position\": [\"Vector2D\", [{x}, {y}]], \
                 \"continent\": [\"String\", {}], \"symbol\": [\"String\", \"{}\"], \
                 \"neighbours\": [\"String[]\", {}]}}",
                s(json!(names[i])),
                s(json!(continent_names[map.continent_of(t.id)])),
                SYMBOLS[i % SYMBOLS.len()],
                s(json!(next))
            )
        })
        .collect();
    out.push_str(&lines.join(",\n"));
    out.push_str("\n  ]");
    if !file.one_way.is_empty() {
        let arcs: Vec<[&String; 2]> = file
            .one_way
            .iter()
            .map(|&[a, b]| [&names[a as usize], &names[b as usize]])
            .collect();
        let _ = write!(out, ",\n  \"oneWay\": {}", s(json!(arcs)));
    }
    out.push_str("\n}\n");
    out
}
