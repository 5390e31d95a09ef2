//! Universal VTT files read as their readers read them.
//!
//! `read` follows Foundry VTT's Universal Battlemap Importer, moo-man/FVTT-DD-Import,
//! `ddimport.js` at commit 36dcf5a43bc584629f046c69d8b1bc6059372745: `GetWalls` makes a wall
//! between each two neighbouring points of every `line_of_sight` polyline (no offset, nothing
//! skipped: `preprocessWalls` drops only points closer than 0.3 cells, and ours are whole cells
//! apart) when one end `isWithinMap`; `GetDoors` a door wall between a portal's two `bounds`,
//! openable when `closed`; `GetLights` a light at each `position` within the map, its colour
//! `"#" + color.substring(2)`; the picture's type from its first bytes (`getImageType`) and its
//! size `map_size × pixels_per_grid`. Owlbear Rodeo's importer (Eppinguin/uvtt-importer,
//! `src/importVTT.ts` at 2d9334ae, `isUniversalVTTData`) wants a numeric `format`, a
//! `resolution` and a wall list.

use std::collections::BTreeMap;

use base64::Engine as _;
use ludoforge_evolve::rng::stream;
use ludoforge_stocking::grid::{Grid, Pos};
use ludoforge_stocking::mapgen::{Kind, generate};
use ludoforge_stocking::stock::{Feature, Settings};
use ludoforge_stocking::stocked::{StockedMap, stock_map};
use ludoforge_stocking::themes::Themes;
use ludoforge_stocking::uvtt::{FloorMap, uvtt};
use proptest::prelude::*;
use serde_json::Value;

/// A wall or door as the importer makes it, in cells: (x1, y1, x2, y2).
type Segment = (f64, f64, f64, f64);

/// A cell, or a corner of the grid: (x, y).
type Cell = (i64, i64);

/// A unit edge of the grid: its two corners, the smaller first.
type Edge = (Cell, Cell);

/// What the importer takes from a file.
struct Read {
    walls: Vec<Segment>,
    doors: Vec<(Segment, bool)>,
    lights: Vec<(f64, f64, String)>,
    size: (f64, f64),
    pixels_per_grid: f64,
    image: Vec<u8>,
}

fn xy(v: &Value) -> (f64, f64) {
    (v["x"].as_f64().expect("x"), v["y"].as_f64().expect("y"))
}

fn read(text: &str) -> Read {
    let file: Value = serde_json::from_str(text).expect("JSON");
    // Owlbear's isUniversalVTTData.
    assert!(file["format"].is_number());
    assert!(file["resolution"].is_object());
    assert!(file["line_of_sight"].is_array() && file["objects_line_of_sight"].is_array());
    let res = &file["resolution"];
    let origin = xy(&res["map_origin"]);
    let size = xy(&res["map_size"]);
    let pixels_per_grid = res["pixels_per_grid"].as_f64().expect("pixels_per_grid");
    let within = |(x, y): (f64, f64)| {
        x >= origin.0 && x <= origin.0 + size.0 && y >= origin.1 && y <= origin.1 + size.1
    };
    let mut walls = Vec::new();
    let sets = file["line_of_sight"]
        .as_array()
        .unwrap()
        .iter()
        .chain(file["objects_line_of_sight"].as_array().unwrap());
    for set in sets {
        let points: Vec<(f64, f64)> = set.as_array().expect("a polyline").iter().map(xy).collect();
        for pair in points.windows(2) {
            if within(pair[0]) || within(pair[1]) {
                walls.push((
                    pair[0].0 - origin.0,
                    pair[0].1 - origin.1,
                    pair[1].0 - origin.0,
                    pair[1].1 - origin.1,
                ));
            }
        }
    }
    let doors = file["portals"]
        .as_array()
        .expect("portals")
        .iter()
        .map(|p| {
            let (a, b) = (xy(&p["bounds"][0]), xy(&p["bounds"][1]));
            (
                (
                    a.0 - origin.0,
                    a.1 - origin.1,
                    b.0 - origin.0,
                    b.1 - origin.1,
                ),
                p["closed"].as_bool().expect("closed"),
            )
        })
        .collect();
    let lights = file["lights"]
        .as_array()
        .expect("lights")
        .iter()
        .filter(|l| within(xy(&l["position"])))
        .map(|l| {
            let (x, y) = xy(&l["position"]);
            assert!(l["range"].as_f64().is_some() && l["intensity"].as_f64().is_some());
            (
                x,
                y,
                format!("#{}", &l["color"].as_str().expect("color")[2..]),
            )
        })
        .collect();
    let image = base64::engine::general_purpose::STANDARD
        .decode(file["image"].as_str().expect("image"))
        .expect("base64");
    Read {
        walls,
        doors,
        lights,
        size,
        pixels_per_grid,
        image,
    }
}

/// The unit edges a segment runs along (it must run along a grid line).
fn unit_edges(s: Segment) -> Vec<Edge> {
    let (x1, y1, x2, y2) = s;
    assert!(
        (x1 == x2 || y1 == y2) && [x1, y1, x2, y2].iter().all(|v| v.fract() == 0.0),
        "a wall along a grid line: {s:?}"
    );
    let (x1, y1, x2, y2) = (x1 as i64, y1 as i64, x2 as i64, y2 as i64);
    let steps = (x2 - x1).abs().max((y2 - y1).abs());
    let (dx, dy) = ((x2 - x1).signum(), (y2 - y1).signum());
    (0..steps)
        .map(|i| {
            let a = (x1 + i * dx, y1 + i * dy);
            let b = (a.0 + dx, a.1 + dy);
            (a.min(b), a.max(b))
        })
        .collect()
}

/// The cells on the two sides of a unit edge.
fn sides(((x1, y1), (_, y2)): Edge) -> [Cell; 2] {
    if y1 == y2 {
        [(x1, y1 - 1), (x1, y1)]
    } else {
        [(x1 - 1, y1), (x1, y1)]
    }
}

fn floor_at(floor: &FloorMap, (x, y): Cell) -> bool {
    floor.is_floor(x, y)
}

/// The floor cells reached from `start` by steps between neighbouring floor cells that
/// `open(from, to)` allows.
fn reach(
    floor: &FloorMap,
    start: (i64, i64),
    open: impl Fn((i64, i64), (i64, i64)) -> bool,
) -> std::collections::BTreeSet<(i64, i64)> {
    let mut seen = std::collections::BTreeSet::from([start]);
    let mut stack = vec![start];
    while let Some((x, y)) = stack.pop() {
        for n in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
            if floor_at(floor, n) && open((x, y), n) && seen.insert(n) {
                stack.push(n);
            }
        }
    }
    seen
}

/// Every check of one stocked map's file.
fn check(map: &StockedMap, ppg: u32) -> (usize, usize) {
    let text = uvtt(map, ppg).expect("drawn");
    let file = read(&text);
    let floor = map.grid.floor_map();
    let (w, h) = (floor.width, floor.height);
    assert_eq!(file.size, (w as f64, h as f64));
    assert_eq!(file.pixels_per_grid, f64::from(ppg));
    // Walls: each unit edge of each wall between floor and rock, each such edge walled once.
    let mut walled: BTreeMap<Edge, usize> = BTreeMap::new();
    for &s in &file.walls {
        for e in unit_edges(s) {
            let [a, b] = sides(e);
            assert_ne!(
                floor_at(&floor, a),
                floor_at(&floor, b),
                "wall {s:?} at {e:?} crosses floor or rock"
            );
            *walled.entry(e).or_default() += 1;
        }
    }
    let mut boundary = 0;
    for y in 0..=h as i64 {
        for x in 0..=w as i64 {
            for e in [((x, y), (x + 1, y)), ((x, y), (x, y + 1))] {
                let [a, b] = sides(e);
                if floor_at(&floor, a) != floor_at(&floor, b) {
                    boundary += 1;
                    assert_eq!(
                        walled.get(&e),
                        Some(&1),
                        "edge {e:?} between floor and rock walled once"
                    );
                }
            }
        }
    }
    assert_eq!(walled.len(), boundary);
    // Doors: with a door's portals shut (and the other doors open), the start reaches exactly
    // what it reaches with the door's cell taken away: what lies behind is closed off, and
    // nothing else is.
    let doors: Vec<Pos> = map
        .stocking
        .placements
        .iter()
        .filter(|p| matches!(p.feature, Feature::Door(_)))
        .map(|p| map.cell(p.node))
        .collect();
    let start = map.grid.start();
    let start = (i64::from(start.0), i64::from(start.1));
    let mut used = 0;
    for &(x, y) in &doors {
        let (fx, fy) = (f64::from(x), f64::from(y));
        let door = (i64::from(x), i64::from(y));
        let mine: Vec<Segment> = file
            .doors
            .iter()
            .filter(|((x1, y1, x2, y2), _)| {
                x1.min(*x2) >= fx
                    && x1.max(*x2) <= fx + 1.0
                    && y1.min(*y2) >= fy
                    && y1.max(*y2) <= fy + 1.0
            })
            .map(|(s, closed)| {
                assert!(closed, "door at ({x}, {y}) closed");
                *s
            })
            .collect();
        assert!(!mine.is_empty(), "a portal at the door at ({x}, {y})");
        used += mine.len();
        // A portal through the cell's middle shuts the cell; one on its side shuts that side.
        let middle = mine
            .iter()
            .any(|s| s.0.fract() == 0.5 || s.1.fract() == 0.5);
        let shut: Vec<_> = mine
            .iter()
            .filter(|s| s.0.fract() == 0.0 && s.1.fract() == 0.0)
            .flat_map(|&s| unit_edges(s))
            .collect();
        let without_cell = reach(&floor, start, |_, to| to != door);
        let with_portals = reach(&floor, start, |from, to| {
            if middle && to == door {
                return false;
            }
            let edge = if from.0 == to.0 {
                let y = from.1.max(to.1);
                ((from.0, y), (from.0 + 1, y))
            } else {
                let x = from.0.max(to.0);
                ((x, from.1), (x, from.1 + 1))
            };
            !shut.contains(&edge)
        });
        let behind: Vec<_> = (0..h as i64)
            .flat_map(|y| (0..w as i64).map(move |x| (x, y)))
            .filter(|&c| c != door && floor_at(&floor, c) && !without_cell.contains(&c))
            .collect();
        for c in &behind {
            assert!(
                !with_portals.contains(c),
                "{c:?} is behind the door at ({x}, {y}) but reached"
            );
        }
        for c in &without_cell {
            assert!(
                with_portals.contains(c),
                "{c:?} is before the door at ({x}, {y}) but shut off"
            );
        }
    }
    assert_eq!(used, file.doors.len(), "every portal belongs to a door");
    // Lights: on every reward and the goal, all within the map.
    let rewards = map
        .stocking
        .placements
        .iter()
        .filter(|p| matches!(p.feature, Feature::Reward(_)))
        .count();
    assert_eq!(file.lights.len(), rewards + 1);
    let goal = map.grid.goal();
    assert!(
        file.lights
            .iter()
            .any(|l| (l.0, l.1) == (f64::from(goal.0) + 0.5, f64::from(goal.1) + 0.5))
    );
    assert!(
        file.lights
            .iter()
            .all(|l| l.2.len() == 7 && l.2.starts_with('#'))
    );
    // The picture: a PNG of map_size × pixels_per_grid pixels.
    assert!(file.image.starts_with(b"\x89PNG"));
    let decoder = png::Decoder::new(std::io::Cursor::new(&file.image));
    let reader = decoder.read_info().expect("a PNG");
    let info = reader.info();
    assert_eq!((info.width, info.height), (w as u32 * ppg, h as u32 * ppg));
    (file.walls.len(), boundary)
}

fn stocked(kind: Kind, width: usize, height: usize, seed: u64) -> StockedMap {
    let grid: Grid = generate(kind, width, height, &mut stream(seed, 0, 0)).expect("a map");
    stock_map(grid, &Settings::default(), None, &Themes::built_in(), seed).expect("stocked")
}

/// The README's rooms example, 80×40: walls as long runs, far fewer than one per cell edge.
#[test]
fn a_stocked_rooms_map_reads_as_the_importer_reads_it() {
    let map = stocked(Kind::Rooms, 80, 40, 1);
    let (segments, edges) = check(&map, 20);
    println!("{segments} wall segments for {edges} cell edges");
    assert!(
        segments * 3 < edges,
        "{segments} wall segments for {edges} cell edges"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Caves and rooms of any size and seed: every wall on the floor's edge, every edge walled
    /// once, every door closed by a portal, the lights and the picture as read.
    #[test]
    fn generated_maps_read_as_the_importer_reads_them(
        caves in any::<bool>(),
        width in 24usize..64,
        height in 16usize..40,
        seed in 0u64..1_000,
    ) {
        let kind = if caves { Kind::Caves } else { Kind::Rooms };
        if let Ok(grid) = generate(kind, width, height, &mut stream(seed, 0, 0)) {
            let map = stock_map(grid, &Settings::default(), None, &Themes::built_in(), seed);
            let map = map.expect("a generated map stocks");
            check(&map, 8);
        }
    }
}

/// Writes the README example's file and its picture for a look (`LUDOFORGE_UVTT_OUT=dir`).
#[test]
fn the_example_file_for_a_look() {
    let Some(dir) = std::env::var_os("LUDOFORGE_UVTT_OUT") else {
        return;
    };
    let map = stocked(Kind::Rooms, 80, 40, 1);
    let ppg = 12;
    let text = uvtt(&map, ppg).expect("drawn");
    let file = read(&text);
    let dir = std::path::PathBuf::from(dir);
    std::fs::write(dir.join("rooms.dd2vtt"), &text).expect("written");
    std::fs::write(dir.join("rooms-players.png"), &file.image).expect("written");
    // The players' picture (as the file holds it, drawn again as SVG) with the walls (red) and
    // doors (blue) as the importer makes them.
    let players = ludoforge_stocking::render::players_svg(&map, ppg as f32);
    let mut svg = players.trim_end().trim_end_matches("</svg>").to_string();
    let p = f64::from(ppg);
    for &(x1, y1, x2, y2) in &file.walls {
        svg.push_str(&format!(
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#e53935\" stroke-width=\"2\"/>",
            x1 * p,
            y1 * p,
            x2 * p,
            y2 * p
        ));
    }
    for &((x1, y1, x2, y2), _) in &file.doors {
        svg.push_str(&format!(
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#1e88e5\" stroke-width=\"4\"/>",
            x1 * p,
            y1 * p,
            x2 * p,
            y2 * p
        ));
    }
    svg.push_str("</svg>");
    let png = ludoforge_draw::svg_to_png(&svg, 1.0).expect("drawn");
    std::fs::write(dir.join("rooms-as-imported.png"), png).expect("written");
}
