//! Universal VTT (`.dd2vtt`): one JSON file holding the players' map picture and its walls,
//! doors and lights, which virtual tabletops import without walling the map by hand.
//!
//! The format is what its readers read. Foundry VTT's Universal Battlemap Importer
//! (moo-man/FVTT-DD-Import, `ddimport.js` at commit 36dcf5a4) takes
//! `resolution.map_origin`, `map_size` and `pixels_per_grid`; `line_of_sight` (and
//! `objects_line_of_sight`) as polylines of `{x, y}` points, a wall between each two neighbours
//! (`GetWalls`, `makeWall`); `portals` with two `bounds` points, a door when `closed`
//! (`GetDoors`); `lights` with `position`, `range`, `intensity` and `color` as `AARRGGBB`
//! (`GetLights`: `"#" + color.substring(2)`), kept only when within the map (`isWithinMap`);
//! and the picture as base64 in `image`, its type told by its first bytes (`getImageType`).
//! Owlbear Rodeo's importer (Eppinguin/uvtt-importer, `src/vttTypes.ts` and
//! `src/importVTT.ts` at commit 2d9334ae) also needs a numeric `format` and both wall lists.
//! Coordinates are grid cells, the origin the map's top-left corner.
//!
//! Walls are the outline of the floor, traced as closed loops with the floor on their right
//! and every straight run one segment, so a tabletop's vision and movement follow the rock and
//! the file stays small. Every door is closed portals: one across the middle of its cell in a
//! straight passage, or, where it stands at a corner, a fork or a room's edge, one on each side
//! of its cell that opens onto what lies behind it; keys keep their door's colour in the
//! picture. A small warm light stands on each reward and on the goal.

use base64::Engine as _;
use ludoforge_draw::{DrawError, svg_to_png};
use serde_json::{Value, json};

use crate::grid::{Pos, Tile};
use crate::render::players_svg;
use crate::stock::Feature;
use crate::stocked::StockedMap;

/// The picture's pixels per grid cell on maps small enough for it.
pub const PIXELS_PER_GRID: u32 = 100;

/// The most pixels a picture has (about 144 MB while drawn): the README's 80×40 map keeps
/// [`PIXELS_PER_GRID`].
const MAX_PIXELS: f64 = 36e6;

/// The pixels per grid cell of a `width` × `height` map's picture: [`PIXELS_PER_GRID`], or
/// fewer where that would make the picture larger than 36 megapixels or wider than a picture
/// can be drawn (the tabletop scales it to its grid either way).
///
/// ```
/// use ludoforge_stocking::uvtt::pixels_per_grid;
/// assert_eq!(pixels_per_grid(80, 40), 100);
/// assert_eq!(pixels_per_grid(200, 200), 30);
/// assert_eq!(pixels_per_grid(2000, 2000), 3);
/// assert_eq!(pixels_per_grid(2000, 1), 8);
/// ```
#[must_use]
pub fn pixels_per_grid(width: usize, height: usize) -> u32 {
    let (w, h) = (width.max(1) as f64, height.max(1) as f64);
    let by_area = (MAX_PIXELS / (w * h)).sqrt().floor();
    let by_side = (f64::from(ludoforge_draw::MAX_RASTER_SIDE) / w.max(h)).floor();
    by_area.min(by_side).clamp(1.0, f64::from(PIXELS_PER_GRID)) as u32
}

/// The format version written (Dungeondraft's current one).
pub const FORMAT: f64 = 0.3;

/// A light's reach, in cells.
const LIGHT_RANGE: f64 = 1.5;

/// A point on the grid's lines: (x, y) in cells.
pub type Point = (u32, u32);

/// The outline of the floor: closed loops (the first point again at the end) along the edges
/// between floor and rock (or the map's border), the floor on the right of each step, every
/// straight run one segment.
///
/// ```
/// use ludoforge_stocking::grid::Grid;
/// use ludoforge_stocking::uvtt::walls;
/// // A 3×2 room inside rock: one loop of four segments.
/// let grid = Grid::parse("#####\n#<..#\n#..>#\n#####").unwrap();
/// assert_eq!(walls(&grid.floor_map()), vec![vec![(1, 1), (4, 1), (4, 3), (1, 3), (1, 1)]]);
/// ```
#[must_use]
pub fn walls(floor: &FloorMap) -> Vec<Vec<Point>> {
    let (w, h) = (floor.width, floor.height);
    let is_floor = |x: i64, y: i64| floor.is_floor(x, y);
    // Directed unit edges, the floor on the right: east along a top edge, south along a right
    // edge, west along a bottom edge, north along a left edge. Outgoing edges by their start.
    let stride = w + 1;
    let mut out: Vec<Vec<u8>> = vec![Vec::new(); stride * (h + 1)];
    let vertex = |x: u32, y: u32| y as usize * stride + x as usize;
    let mut left = 0usize;
    for y in 0..h as i64 {
        for x in 0..w as i64 {
            if !is_floor(x, y) {
                continue;
            }
            let (ux, uy) = (x as u32, y as u32);
            if !is_floor(x, y - 1) {
                out[vertex(ux, uy)].push(EAST);
                left += 1;
            }
            if !is_floor(x + 1, y) {
                out[vertex(ux + 1, uy)].push(SOUTH);
                left += 1;
            }
            if !is_floor(x, y + 1) {
                out[vertex(ux + 1, uy + 1)].push(WEST);
                left += 1;
            }
            if !is_floor(x - 1, y) {
                out[vertex(ux, uy + 1)].push(NORTH);
                left += 1;
            }
        }
    }
    let mut loops = Vec::new();
    // Loops in reading order of their first corner.
    for start in 0..out.len() {
        while let Some(&first) = out[start].first() {
            let (sx, sy) = ((start % stride) as u32, (start / stride) as u32);
            let mut points = vec![(sx, sy)];
            let (mut x, mut y, mut dir) = (sx, sy, first);
            out[start].retain(|&d| d != first);
            left -= 1;
            loop {
                (x, y) = step((x, y), dir);
                let here = &mut out[vertex(x, y)];
                if here.is_empty() {
                    break; // back at the loop's first corner
                }
                // Where two floor cells touch at a corner only, turn right: each keeps its
                // own outline, and no wall runs between them.
                let next = [right(dir), dir, left_of(dir)]
                    .into_iter()
                    .find(|d| here.contains(d))
                    .expect("an outline edge leaves every corner it reaches");
                here.retain(|&d| d != next);
                left -= 1;
                if next != dir {
                    points.push((x, y));
                }
                dir = next;
            }
            points.push((sx, sy));
            // The first corner may lie within a straight run.
            if points.len() > 3 && straight(points[points.len() - 2], points[0], points[1]) {
                points.remove(0);
                let last = points.len() - 1;
                points[last] = points[0];
            }
            loops.push(points);
        }
    }
    debug_assert_eq!(left, 0);
    loops
}

const EAST: u8 = 0;
const SOUTH: u8 = 1;
const WEST: u8 = 2;
const NORTH: u8 = 3;

fn right(d: u8) -> u8 {
    (d + 1) % 4
}

fn left_of(d: u8) -> u8 {
    (d + 3) % 4
}

fn step((x, y): Point, d: u8) -> Point {
    match d {
        EAST => (x + 1, y),
        SOUTH => (x, y + 1),
        WEST => (x - 1, y),
        _ => (x, y - 1),
    }
}

/// Whether `b` lies on the straight line from `a` to `c` (axis-aligned points).
fn straight(a: Point, b: Point, c: Point) -> bool {
    (a.0 == b.0 && b.0 == c.0) || (a.1 == b.1 && b.1 == c.1)
}

/// Which cells are floor, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FloorMap {
    /// Cells across.
    pub width: usize,
    /// Cells down.
    pub height: usize,
    /// Floor or not, row by row.
    pub cells: Vec<bool>,
}

impl FloorMap {
    /// The index of cell (x, y) in `cells`, if it is on the map.
    #[must_use]
    pub fn index(&self, x: i64, y: i64) -> Option<usize> {
        (x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height)
            .then(|| y as usize * self.width + x as usize)
    }

    /// Whether cell (x, y) is floor (off the map is not).
    #[must_use]
    pub fn is_floor(&self, x: i64, y: i64) -> bool {
        self.index(x, y).is_some_and(|i| self.cells[i])
    }
}

impl crate::grid::Grid {
    /// Its floor cells (every cell that is not rock).
    #[must_use]
    pub fn floor_map(&self) -> FloorMap {
        let (width, height) = (self.width(), self.height());
        let mut cells = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                cells.push(self.tile((x as u32, y as u32)) != Tile::Wall);
            }
        }
        FloorMap {
            width,
            height,
            cells,
        }
    }
}

/// The portals that close a door's cell: one across its middle when it stands in a straight
/// passage (rock on both other sides); otherwise one on each side of the cell that opens onto
/// what lies behind the door (the floor the start no longer reaches when the door's cell is
/// taken away), so that the party reaches the door freely and passes it only by opening it.
/// Where nothing lies behind (a door that can be walked around), every side opening onto floor.
fn door_portals(floor: &FloorMap, (x, y): Pos, start: Pos) -> Vec<[(f64, f64); 2]> {
    let at = |cx: i64, cy: i64| floor.index(cx, cy);
    let is_floor = |cx: i64, cy: i64| floor.is_floor(cx, cy);
    let (cx, cy) = (i64::from(x), i64::from(y));
    let (fx, fy) = (f64::from(x), f64::from(y));
    let (l, r, u, d) = (
        is_floor(cx - 1, cy),
        is_floor(cx + 1, cy),
        is_floor(cx, cy - 1),
        is_floor(cx, cy + 1),
    );
    match (l, r, u, d) {
        (true, true, false, false) => return vec![[(fx + 0.5, fy), (fx + 0.5, fy + 1.0)]],
        (false, false, true, true) => return vec![[(fx, fy + 0.5), (fx + 1.0, fy + 0.5)]],
        _ => {}
    }
    // What the start reaches with the door's cell taken away.
    let mut reached = vec![false; floor.cells.len()];
    let door = at(cx, cy).expect("the door is on the map");
    let mut stack = Vec::new();
    if let Some(i) = at(i64::from(start.0), i64::from(start.1))
        && i != door
    {
        reached[i] = true;
        stack.push((i64::from(start.0), i64::from(start.1)));
    }
    while let Some((px, py)) = stack.pop() {
        for (nx, ny) in [(px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)] {
            if let Some(i) = at(nx, ny)
                && floor.cells[i]
                && i != door
                && !reached[i]
            {
                reached[i] = true;
                stack.push((nx, ny));
            }
        }
    }
    let behind = |nx: i64, ny: i64| at(nx, ny).is_some_and(|i| floor.cells[i] && !reached[i]);
    let sides = [
        ((cx, cy - 1), [(fx, fy), (fx + 1.0, fy)]),
        ((cx + 1, cy), [(fx + 1.0, fy), (fx + 1.0, fy + 1.0)]),
        ((cx, cy + 1), [(fx, fy + 1.0), (fx + 1.0, fy + 1.0)]),
        ((cx - 1, cy), [(fx, fy), (fx, fy + 1.0)]),
    ];
    let closing: Vec<_> = sides
        .iter()
        .filter(|((nx, ny), _)| behind(*nx, *ny))
        .map(|(_, edge)| *edge)
        .collect();
    if closing.is_empty() {
        sides
            .iter()
            .filter(|((nx, ny), _)| is_floor(*nx, *ny))
            .map(|(_, edge)| *edge)
            .collect()
    } else {
        closing
    }
}

/// `{x, y}`.
fn point(x: f64, y: f64) -> Value {
    json!({"x": x, "y": y})
}

/// The stocked map as a Universal VTT file, its picture `pixels_per_grid` pixels a cell.
///
/// # Errors
/// [`DrawError`] when the picture cannot be drawn (too large, say).
pub fn uvtt(map: &StockedMap, pixels_per_grid: u32) -> Result<String, DrawError> {
    let floor = map.grid.floor_map();
    let walls: Vec<Value> = walls(&floor)
        .into_iter()
        .map(|run| {
            Value::Array(
                run.into_iter()
                    .map(|(x, y)| point(f64::from(x), f64::from(y)))
                    .collect(),
            )
        })
        .collect();
    let mut portals = Vec::new();
    let mut lights = Vec::new();
    let light = |pos: Pos| {
        json!({
            "position": point(f64::from(pos.0) + 0.5, f64::from(pos.1) + 0.5),
            "range": LIGHT_RANGE,
            "intensity": 1.0,
            "color": "ffffd9a0",
            "shadows": true,
        })
    };
    for p in &map.stocking.placements {
        let pos = map.cell(p.node);
        match p.feature {
            Feature::Door(_) => {
                for [a, b] in door_portals(&floor, pos, map.grid.start()) {
                    let upright = a.0 == b.0;
                    portals.push(json!({
                        "position": point((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0),
                        "bounds": [point(a.0, a.1), point(b.0, b.1)],
                        "rotation": if upright { std::f64::consts::FRAC_PI_2 } else { 0.0 },
                        "closed": true,
                        "freestanding": false,
                    }));
                }
            }
            Feature::Reward(_) => lights.push(light(pos)),
            _ => {}
        }
    }
    lights.push(light(map.grid.goal()));
    let png = svg_to_png(&players_svg(map, pixels_per_grid as f32), 1.0)?;
    let doc = json!({
        "format": FORMAT,
        "resolution": {
            "map_origin": point(0.0, 0.0),
            "map_size": point(floor.width as f64, floor.height as f64),
            "pixels_per_grid": pixels_per_grid,
        },
        "line_of_sight": walls,
        "objects_line_of_sight": [],
        "portals": portals,
        "environment": {"baked_lighting": false, "ambient_light": "ff404040"},
        "lights": lights,
        "image": base64::engine::general_purpose::STANDARD.encode(png),
    });
    Ok(serde_json::to_string(&doc).expect("a JSON value always prints"))
}
