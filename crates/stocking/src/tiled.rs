//! Export to the [Tiled](https://www.mapeditor.org/) map editor, in its JSON map format
//! (version 1.10).
//!
//! The map has an embedded tileset of [`TILE_COUNT`] tiles of [`TILE_SIZE`] pixels, one row
//! of them in an image made by [`tileset_png`] (save it beside the map under the name given
//! to [`tiled`]). The global tile IDs are:
//!
//! | GID | Tile |
//! |---|---|
//! | 1 | wall |
//! | 2 | floor |
//! | 3 | start (a green `<`) |
//! | 4 | goal (a red `>`) |
//! | 5 | floor on the required route |
//!
//! Two layers: the tile layer `map` (the terrain, row by row) and the object layer `stocking`
//! with one rectangle object of one tile per item, per creature, and for the start and goal.
//! Each object's `type` (its class in Tiled) is `door`, `key`, `reward`, `trap`,
//! `red_herring`, `start`, `goal` or the creature's role (`leader`, `owner`, `guard`, `pet`,
//! `vermin`); its position is the top-left corner of its cell in pixels; its properties say
//! which key opens a door (`key`, numbered from 1, with the pair's `color`), a reward's `size`
//! and a creature's name (`creature`). The map's own properties give the theme, the seed and
//! the measures.
//!
//! ```
//! use ludoforge_stocking::grid::Grid;
//! use ludoforge_stocking::stock::Settings;
//! use ludoforge_stocking::stocked::stock_map;
//! use ludoforge_stocking::themes::Themes;
//! use ludoforge_stocking::tiled::{tiled, tileset_png};
//!
//! let rows = [
//!     "###########",
//!     "#<........#",
//!     "#.###.###.#",
//!     "#...#...#.#",
//!     "#.#.#.#.#>#",
//!     "###########",
//! ];
//! let grid = Grid::parse(&rows.join("\n")).unwrap();
//! let settings = Settings { threshold: 3, ..Settings::default() };
//! let map = stock_map(grid, &settings, Some("kobold-grotto"), &Themes::built_in(), 1).unwrap();
//! let json: serde_json::Value = serde_json::from_str(&tiled(&map, "cave-tiles.png")).unwrap();
//! assert_eq!(json["width"], 11);
//! assert_eq!(json["layers"][0]["data"].as_array().unwrap().len(), 11 * 6);
//! assert_eq!(json["tilesets"][0]["image"], "cave-tiles.png");
//! assert!(tileset_png().starts_with(&ludoforge_draw::PNG_SIGNATURE));
//! ```

use ludoforge_draw::{Color, Stroke, Style, Svg, svg_to_png};
use serde_json::{Value, json};

use crate::grid::{Pos, Tile};
use crate::render::{FLOOR, FLOOR_GRID, GOAL, ROUTE, START, WALL, pair_color, stairs};
use crate::stock::{Feature, RewardSize};
use crate::stocked::StockedMap;

/// The side of a tile, in pixels.
pub const TILE_SIZE: u32 = 32;

/// The number of tiles in the tileset.
pub const TILE_COUNT: u32 = 5;

/// The global tile IDs of the `map` layer.
const GID_WALL: u32 = 1;
const GID_FLOOR: u32 = 2;
const GID_START: u32 = 3;
const GID_GOAL: u32 = 4;
const GID_ROUTE: u32 = 5;

/// Stands in for the tile data while the rest is pretty-printed.
const DATA_MARK: &str = "@@ludoforge-tile-data@@";

/// The stocked map as a Tiled JSON map (pretty-printed), whose tileset image is the file
/// `tileset_image` (a path relative to the map file) holding [`tileset_png`].
#[must_use]
pub fn tiled(map: &StockedMap, tileset_image: &str) -> String {
    let grid = &map.grid;
    let (w, h) = (grid.width(), grid.height());
    let t = TILE_SIZE;
    let objects = objects(map);
    let next_object = objects.len() + 1;
    let fun = &map.fun;
    let doc = json!({
        "compressionlevel": -1,
        "height": h,
        "infinite": false,
        "layers": [
            {
                "data": DATA_MARK,
                "height": h,
                "id": 1,
                "name": "map",
                "opacity": 1,
                "type": "tilelayer",
                "visible": true,
                "width": w,
                "x": 0,
                "y": 0
            },
            {
                "draworder": "topdown",
                "id": 2,
                "name": "stocking",
                "objects": objects,
                "opacity": 1,
                "type": "objectgroup",
                "visible": true,
                "x": 0,
                "y": 0
            }
        ],
        "nextlayerid": 3,
        "nextobjectid": next_object,
        "orientation": "orthogonal",
        "properties": [
            property("theme", "string", json!(map.theme.title)),
            property("seed", "string", json!(map.seed.to_string())),
            property("fun_before", "float", json!(fun.fun_before)),
            property("fun_after", "float", json!(fun.fun_after)),
            property("route_cells", "int", json!(fun.route_after)),
            property("reachable_cells", "int", json!(fun.reachable)),
        ],
        "renderorder": "right-down",
        "tiledversion": "1.10.2",
        "tileheight": t,
        "tilesets": [
            {
                "columns": TILE_COUNT,
                "firstgid": 1,
                "image": tileset_image,
                "imageheight": t,
                "imagewidth": t * TILE_COUNT,
                "margin": 0,
                "name": "stocking",
                "spacing": 0,
                "tilecount": TILE_COUNT,
                "tileheight": t,
                "tilewidth": t
            }
        ],
        "tilewidth": t,
        "type": "map",
        "version": "1.10",
        "width": w
    });
    let text = serde_json::to_string_pretty(&doc).expect("a JSON value always prints");
    let mut out = text.replace(&format!("\"{DATA_MARK}\""), &tile_data(map));
    out.push('\n');
    out
}

/// The `map` layer's GIDs as a JSON array, one row of the map per line.
fn tile_data(map: &StockedMap) -> String {
    let grid = &map.grid;
    let mut route = vec![false; grid.width() * grid.height()];
    for &node in map.stocking.route.walk() {
        let (x, y) = map.cell(node);
        route[y as usize * grid.width() + x as usize] = true;
    }
    let rows: Vec<String> = (0..grid.height())
        .map(|y| {
            let gids: Vec<String> = (0..grid.width())
                .map(|x| gid(map, (x as u32, y as u32), route[y * grid.width() + x]).to_string())
                .collect();
            format!("        {}", gids.join(", "))
        })
        .collect();
    format!("[\n{}\n      ]", rows.join(",\n"))
}

/// The GID of a cell.
fn gid(map: &StockedMap, pos: Pos, on_route: bool) -> u32 {
    if pos == map.grid.start() {
        GID_START
    } else if pos == map.grid.goal() {
        GID_GOAL
    } else if map.grid.tile(pos) == Tile::Wall {
        GID_WALL
    } else if on_route {
        GID_ROUTE
    } else {
        GID_FLOOR
    }
}

/// A custom property.
fn property(name: &str, kind: &str, value: Value) -> Value {
    json!({ "name": name, "type": kind, "value": value })
}

/// `#AARRGGBB`, as Tiled writes colours.
fn argb(color: Color) -> String {
    format!("#ff{}", color.to_string().trim_start_matches('#'))
}

/// The objects of the `stocking` layer: the start and goal, the items, the creatures.
fn objects(map: &StockedMap) -> Vec<Value> {
    let t = TILE_SIZE;
    let mut objects = Vec::new();
    let mut add = |pos: Pos, name: String, kind: &str, properties: Vec<Value>| {
        let mut object = json!({
            "height": t,
            "id": objects.len() + 1,
            "name": name,
            "rotation": 0,
            "type": kind,
            "visible": true,
            "width": t,
            "x": pos.0 * t,
            "y": pos.1 * t
        });
        if !properties.is_empty() {
            object["properties"] = Value::Array(properties);
        }
        objects.push(object);
    };
    add(map.grid.start(), "start".into(), "start", Vec::new());
    add(map.grid.goal(), "goal".into(), "goal", Vec::new());
    for p in &map.stocking.placements {
        let pos = map.cell(p.node);
        match p.feature {
            Feature::Door(id) | Feature::Key(id) => {
                let kind = if matches!(p.feature, Feature::Door(_)) {
                    "door"
                } else {
                    "key"
                };
                add(
                    pos,
                    format!("{kind} {}", id + 1),
                    kind,
                    vec![
                        property("color", "color", json!(argb(pair_color(id)))),
                        property("key", "int", json!(id + 1)),
                    ],
                );
            }
            Feature::Reward(size) => {
                let size = match size {
                    RewardSize::Small => "small",
                    RewardSize::Medium => "medium",
                    RewardSize::Large => "large",
                };
                add(
                    pos,
                    format!("{size} reward"),
                    "reward",
                    vec![property("size", "string", json!(size))],
                );
            }
            Feature::Trap => add(pos, "trap".into(), "trap", Vec::new()),
            Feature::RedHerring => add(pos, "red herring".into(), "red_herring", Vec::new()),
        }
    }
    for c in &map.creatures {
        add(
            map.cell(c.node),
            c.name.clone(),
            c.role.name(),
            vec![property("creature", "string", json!(c.name))],
        );
    }
    objects
}

/// The tileset image: [`TILE_COUNT`] tiles of [`TILE_SIZE`] pixels in one row (wall, floor,
/// start, goal, route floor), as PNG bytes.
///
/// ```
/// let png = ludoforge_stocking::tiled::tileset_png();
/// assert!(png.starts_with(&ludoforge_draw::PNG_SIGNATURE));
/// assert_eq!(png, ludoforge_stocking::tiled::tileset_png());
/// ```
///
/// # Panics
/// Never: the drawing is fixed and always rasterises.
#[must_use]
pub fn tileset_png() -> Vec<u8> {
    svg_to_png(&tileset_svg(), 1.0).expect("the tileset drawing is valid")
}

/// The tileset as SVG.
fn tileset_svg() -> String {
    let t = TILE_SIZE as f32;
    let mut svg = Svg::new(t * TILE_COUNT as f32, t);
    let floor = |svg: &mut Svg, x: f32, color: Color| {
        svg.rect(x, 0.0, t, t, Style::fill(color));
        svg.rect(
            x + 0.5,
            0.5,
            t - 1.0,
            t - 1.0,
            Style::outline(Stroke::new(FLOOR_GRID, 1.0)),
        );
    };
    // Wall: rock with a few darker courses of stone.
    svg.rect(0.0, 0.0, t, t, Style::fill(WALL));
    let mortar = Stroke::new(WALL.mix(Color::BLACK, 0.45), 1.0);
    for (y, offset) in [(8.0, 0.0), (16.0, 8.0), (24.0, 0.0)] {
        svg.line(0.0, y, t, y, mortar);
        for x in [offset + 4.0, offset + 20.0] {
            svg.line(x, y - 8.0, x, y, mortar);
        }
    }
    svg.line(4.0, 24.0, 4.0, 32.0, mortar);
    svg.line(20.0, 24.0, 20.0, 32.0, mortar);
    floor(&mut svg, t, FLOOR);
    floor(&mut svg, 2.0 * t, FLOOR);
    stairs(&mut svg, 2.5 * t, t / 2.0, 0.9 * t, START, true);
    floor(&mut svg, 3.0 * t, FLOOR);
    stairs(&mut svg, 3.5 * t, t / 2.0, 0.9 * t, GOAL, false);
    floor(&mut svg, 4.0 * t, FLOOR.mix(ROUTE, 0.3));
    svg.circle(
        4.5 * t,
        t / 2.0,
        0.16 * t,
        Style::fill(ROUTE).with_opacity(0.7),
    );
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn stocked(seed: u64) -> StockedMap {
        crate::fixtures::stocked_cave("goblin-warren", seed)
    }

    fn parsed(map: &StockedMap) -> Value {
        serde_json::from_str(&tiled(map, "cave-tiles.png")).expect("valid JSON")
    }

    #[test]
    fn map_has_two_layers_and_the_right_tiles() {
        for seed in 0..6 {
            let map = stocked(seed);
            let json = parsed(&map);
            assert_eq!(json["version"], "1.10");
            assert_eq!(json["orientation"], "orthogonal");
            assert_eq!(json["renderorder"], "right-down");
            assert_eq!(json["infinite"], false);
            assert_eq!(json["tilewidth"], TILE_SIZE);
            let (w, h) = (map.grid.width(), map.grid.height());
            assert_eq!(
                (json["width"].as_u64(), json["height"].as_u64()),
                (Some(w as u64), Some(h as u64))
            );
            let layers = json["layers"].as_array().unwrap();
            assert_eq!(layers.len(), 2);
            assert_eq!(layers[0]["type"], "tilelayer");
            assert_eq!(layers[0]["name"], "map");
            assert_eq!(layers[1]["type"], "objectgroup");
            assert_eq!(layers[1]["name"], "stocking");
            assert_eq!(json["nextlayerid"], 3);
            let data = layers[0]["data"].as_array().unwrap();
            assert_eq!(data.len(), w * h);
            let tileset = &json["tilesets"][0];
            assert_eq!(tileset["firstgid"], 1);
            let count = tileset["tilecount"].as_u64().unwrap();
            assert_eq!(count, u64::from(TILE_COUNT));
            assert_eq!(
                tileset["imagewidth"].as_u64().unwrap(),
                tileset["columns"].as_u64().unwrap() * u64::from(TILE_SIZE)
            );
            for (i, gid) in data.iter().enumerate() {
                let gid = gid.as_u64().unwrap();
                assert!((1..=count).contains(&gid), "GID {gid}");
                let pos = ((i % w) as u32, (i / w) as u32);
                assert_eq!(gid == u64::from(GID_WALL), map.grid.tile(pos) == Tile::Wall);
            }
            let start = map.grid.start();
            assert_eq!(data[start.1 as usize * w + start.0 as usize], GID_START);
            let goal = map.grid.goal();
            assert_eq!(data[goal.1 as usize * w + goal.0 as usize], GID_GOAL);
            assert!(data.iter().any(|g| g == GID_ROUTE));
        }
    }

    #[test]
    fn every_item_and_creature_is_an_object() {
        for seed in 0..6 {
            let map = stocked(seed);
            let json = parsed(&map);
            let objects = json["layers"][1]["objects"].as_array().unwrap();
            let ids: HashSet<u64> = objects.iter().map(|o| o["id"].as_u64().unwrap()).collect();
            assert_eq!(ids.len(), objects.len(), "ids are unique");
            assert!(
                ids.iter()
                    .all(|&id| id >= 1 && id < json["nextobjectid"].as_u64().unwrap())
            );
            assert_eq!(
                objects.len(),
                2 + map.stocking.placements.len() + map.creatures.len()
            );
            let t = u64::from(TILE_SIZE);
            let find = |pos: Pos, kind: &str| {
                objects.iter().find(|o| {
                    o["type"] == kind
                        && o["x"].as_u64() == Some(u64::from(pos.0) * t)
                        && o["y"].as_u64() == Some(u64::from(pos.1) * t)
                })
            };
            for p in &map.stocking.placements {
                let pos = map.cell(p.node);
                let (kind, key) = match p.feature {
                    Feature::Door(id) => ("door", Some(id + 1)),
                    Feature::Key(id) => ("key", Some(id + 1)),
                    Feature::Reward(_) => ("reward", None),
                    Feature::Trap => ("trap", None),
                    Feature::RedHerring => ("red_herring", None),
                };
                let object = find(pos, kind).unwrap_or_else(|| panic!("no {kind} at {pos:?}"));
                assert_eq!(object["width"], TILE_SIZE);
                assert_eq!(object["rotation"], 0);
                if let Some(key) = key {
                    let props = object["properties"].as_array().unwrap();
                    assert!(props.contains(&json!({"name": "key", "type": "int", "value": key})));
                }
                if kind == "reward" {
                    assert_eq!(object["properties"][0]["name"], "size");
                }
            }
            for c in &map.creatures {
                let object = find(map.cell(c.node), c.role.name()).unwrap();
                assert_eq!(object["name"], c.name.as_str());
                assert_eq!(object["properties"][0]["value"], c.name.as_str());
            }
            assert!(find(map.grid.start(), "start").is_some());
            assert!(find(map.grid.goal(), "goal").is_some());
        }
    }

    #[test]
    fn tileset_image_has_the_declared_size() {
        let png = tileset_png();
        let image = ludoforge_draw::svg_to_rgba(&tileset_svg(), 1.0).unwrap();
        assert_eq!(
            (image.width, image.height),
            (TILE_SIZE * TILE_COUNT, TILE_SIZE)
        );
        // PNG's IHDR holds the width and height big-endian at bytes 16..24.
        assert_eq!(&png[16..20], &(TILE_SIZE * TILE_COUNT).to_be_bytes());
        assert_eq!(&png[20..24], &TILE_SIZE.to_be_bytes());
        // The wall tile is dark, the floor tile light.
        let wall = image.pixel(12, 12).unwrap();
        let floor = image.pixel(TILE_SIZE + 12, 12).unwrap();
        assert!(wall[0] < 90 && floor[0] > 200, "{wall:?} {floor:?}");
    }
}
