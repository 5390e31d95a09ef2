//! SVG pictures of stocked maps: the map seen from above as a roguelike player knows it, with
//! a legend.
//!
//! Walls are dark and floor is light (with a faint tile grid when cells are large enough). The
//! required route is a translucent orange band through the centres of the cells it walks. The
//! start is a green `<` and the goal a red `>`, both labelled. Each door is a bar across its
//! cell with a keyhole, and its key a key glyph, both in the same colour
//! ([`Color::categorical`] of the pair's index) and, on large enough cells, with the pair's
//! number. Rewards are gold: one coin (small), a pile of coins (medium), a chest (large). Traps
//! are red spikes, red herrings a `?`, and the inhabitants small discs with their role's letter
//! (`L`eader, `G`uard, `O`wner, `P`et, `v`ermin). A legend on the right (below, for wide maps)
//! names the theme and the measures, the symbols used, and the doors with their keys (the
//! first 30; all of them are in the tooltips and in [`crate::text`]).
//!
//! Cells are 18 px on small maps and shrink with the map (see [`cell_size`]) down to 1 px from
//! 551 cells a side; items never shrink below 7 px so they stay visible (on tiny cells they
//! cover their neighbours), and the start and goal are ringed when cells are small. Walls are drawn as rectangles merged along rows (and across rows where the
//! runs repeat), so even a 400 × 400 cave stays small. Every item, creature and end is an SVG
//! group whose title (a tooltip in browsers) says what and where it is. Pictures are
//! deterministic and rasterise with [`ludoforge_draw::svg_to_png`].
//!
//! ```
//! use ludoforge_stocking::grid::Grid;
//! use ludoforge_stocking::render::{View, svg};
//! use ludoforge_stocking::stock::Settings;
//! use ludoforge_stocking::stocked::stock_map;
//! use ludoforge_stocking::themes::Themes;
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
//! let picture = svg(&map, &View { caption: Some("a small cave".into()), ..View::default() });
//! assert!(picture.contains("<title>Start at (1, 1)</title>"));
//! assert!(picture.contains("<title>Required route"));
//! assert!(ludoforge_draw::svg_to_png(&picture, 1.0).is_ok());
//! let players = svg(&map, &View { route: false, ..View::default() });
//! assert!(!players.contains("<title>Required route"));
//! ```

use std::collections::BTreeMap;

use ludoforge_draw::legend::{self, Columns};
use ludoforge_draw::text_width;
use ludoforge_draw::{Color, Stroke, Style, Svg, TextStyle};

use crate::grid::{Pos, Tile};
use crate::stock::{Feature, RewardSize};
use crate::stocked::StockedMap;
use crate::text::{inhabitants, pairs, role_plural, role_symbol};
use crate::themes::Role;

/// What a picture shows besides the map itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// A line of text under the picture, e.g. "Kobold Grotto · caves 60×30 · seed 7".
    pub caption: Option<String>,
    /// Draw the required route (a map for the game master); `false` gives the players' map.
    pub route: bool,
}

impl Default for View {
    /// No caption; the route shown.
    fn default() -> View {
        View {
            caption: None,
            route: true,
        }
    }
}

/// Solid rock.
pub(crate) const WALL: Color = Color::hex(0x35302c);
/// Floor, and its tile grid.
pub(crate) const FLOOR: Color = Color::hex(0xf1eadb);
pub(crate) const FLOOR_GRID: Color = Color::hex(0xdcd2bd);
/// The required route.
pub(crate) const ROUTE: Color = Color::hex(0xe8710a);
pub(crate) const ROUTE_OPACITY: f32 = 0.5;
/// The start and the goal.
pub(crate) const START: Color = Color::hex(0x2e7d32);
pub(crate) const GOAL: Color = Color::hex(0xc62828);
/// Coins and chests.
const GOLD: Color = Color::hex(0xf4c430);
const GOLD_INK: Color = Color::hex(0x8a6100);
const WOOD: Color = Color::hex(0x8b5a2b);
const WOOD_DARK: Color = Color::hex(0x5d3a1a);
/// Traps.
const TRAP: Color = Color::hex(0xd32f2f);
const TRAP_INK: Color = Color::hex(0x6d0f0f);
/// Red herrings.
const HERRING: Color = Color::hex(0x00838f);
const HERRING_FILL: Color = Color::hex(0xe0f7fa);
/// Keyholes and outlines.
const INK: Color = Color::hex(0x1c1917);
/// Captions and legend text.
const LABEL: Color = Color::hex(0x333333);

/// Space around the picture.
const MARGIN: f32 = 16.0;
/// Gap between the map and the legend.
const GAP: f32 = 24.0;
/// Legend and label text.
const TEXT: f32 = 12.0;
const CAPTION: f32 = 13.0;
const LINE: f32 = 20.0;
/// The size of the legend's samples.
const SAMPLE: f32 = 16.0;
/// The largest and smallest cell, and the longest side drawn at full size.
const MAX_CELL: usize = 18;
const BUDGET: usize = 1_100;
/// Items never shrink below this; the start and goal below the second.
const MIN_GLYPH: f32 = 7.0;
const MIN_END: f32 = 12.0;
/// The size of the start and goal labels.
const LABEL_TEXT: f32 = 11.0;
/// Pair numbers are written on glyphs at least this big.
const NUMBERED: f32 = 10.0;
/// Doors and keys listed in the legend (the rest are summed up).
const MAX_PAIRS: usize = 30;
/// A legend beside the map may be this tall even when the map is smaller.
const MIN_LEGEND_HEIGHT: f32 = 640.0;
/// Lines per column of a legend below the map.
const LEGEND_ROWS_BELOW: usize = 16;

/// The colour of door and key `id` (0-based, as in [`Feature::Door`]).
///
/// ```
/// use ludoforge_draw::Color;
/// assert_eq!(ludoforge_stocking::render::pair_color(0), Color::categorical(0));
/// ```
#[must_use]
pub fn pair_color(id: u32) -> Color {
    Color::categorical(id as usize)
}

/// The colour of a role's discs.
#[must_use]
pub fn role_color(role: Role) -> Color {
    match role {
        Role::Leader => Color::hex(0x8e24aa),
        Role::Guard => Color::hex(0x455a64),
        Role::Owner => Color::hex(0x1e63b5),
        Role::Pet => Color::hex(0x8d6e63),
        Role::Vermin => Color::hex(0x6b9b37),
    }
}

/// The side of a cell, in pixels, for a map of `width` × `height` cells: 18 for maps up to 61
/// cells a side, then smaller (7 at 150, 2 at 400, 1 from 551).
///
/// ```
/// use ludoforge_stocking::render::cell_size;
/// assert_eq!(cell_size(60, 30), 18);
/// assert_eq!(cell_size(400, 400), 2);
/// assert_eq!(cell_size(2000, 10), 1);
/// ```
#[must_use]
pub fn cell_size(width: usize, height: usize) -> usize {
    (BUDGET / width.max(height).max(1)).clamp(1, MAX_CELL)
}

/// An SVG picture of a stocked map (see the [module notes](self)).
#[must_use]
pub fn svg(map: &StockedMap, view: &View) -> String {
    let (w, h) = (map.grid.width(), map.grid.height());
    let cs = cell_size(w, h) as f32;
    let (map_w, map_h) = (w as f32 * cs, h as f32 * cs);
    let lines = legend_lines(map, view);
    // Beside the map unless the map is wide; in columns no taller than the map (or a
    // reasonable minimum).
    let beside = map_w <= 2.0 * map_h.max(1.0);
    let rows = if beside {
        (((map_h.max(MIN_LEGEND_HEIGHT) - 14.0) / LINE) as usize).max(1)
    } else {
        LEGEND_ROWS_BELOW
    };
    let legend = legend_columns(lines, rows);
    let (legend_x, legend_y) = if beside {
        (MARGIN + map_w + GAP, MARGIN)
    } else {
        (MARGIN, MARGIN + map_h + GAP)
    };
    let body_w = (legend_x + legend.width - MARGIN).max(map_w);
    let body_h = if beside {
        map_h.max(legend.height)
    } else {
        legend_y + legend.height - MARGIN
    };
    let caption_w = view
        .caption
        .as_deref()
        .map_or(0.0, |c| text_width(c, CAPTION));
    let width = (body_w.max(caption_w) + 2.0 * MARGIN).ceil();
    let height = (MARGIN
        + body_h
        + if view.caption.is_some() {
            CAPTION * 2.2
        } else {
            0.0
        }
        + MARGIN)
        .ceil();

    let mut svg = Svg::new(width, height);
    svg.background(Color::WHITE);
    let picture = Picture {
        map,
        left: MARGIN,
        top: MARGIN,
        cs,
    };
    picture.draw_ground(&mut svg);
    if view.route {
        picture.draw_route(&mut svg);
    }
    picture.draw_items(&mut svg);
    picture.draw_creatures(&mut svg);
    picture.draw_ends(&mut svg);
    legend.draw(&mut svg, legend_x, legend_y, legend_line);
    if let Some(caption) = &view.caption {
        svg.text(
            MARGIN,
            MARGIN + body_h + CAPTION * 1.6,
            caption,
            TextStyle::new(CAPTION).color(LABEL),
        );
    }
    svg.finish()
}

/// A map placed on the canvas.
struct Picture<'a> {
    map: &'a StockedMap,
    left: f32,
    top: f32,
    cs: f32,
}

impl Picture<'_> {
    /// The centre of a cell.
    fn centre(&self, (x, y): Pos) -> (f32, f32) {
        (
            self.left + (x as f32 + 0.5) * self.cs,
            self.top + (y as f32 + 0.5) * self.cs,
        )
    }

    /// The size items are drawn at.
    fn glyph(&self) -> f32 {
        self.cs.max(MIN_GLYPH)
    }

    fn floor(&self, x: i64, y: i64) -> bool {
        let grid = &self.map.grid;
        x >= 0
            && y >= 0
            && (x as usize) < grid.width()
            && (y as usize) < grid.height()
            && grid.tile((x as u32, y as u32)) == Tile::Floor
    }

    /// The floor, its grid, and the walls as merged rectangles.
    fn draw_ground(&self, svg: &mut Svg) {
        let grid = &self.map.grid;
        let (w, h, cs) = (grid.width(), grid.height(), self.cs);
        let (map_w, map_h) = (w as f32 * cs, h as f32 * cs);
        svg.rect(self.left, self.top, map_w, map_h, Style::fill(FLOOR));
        if cs >= 8.0 {
            svg.group("Floor tiles", |g| {
                let stroke = Stroke::new(FLOOR_GRID, 0.6);
                for x in 1..w {
                    let px = self.left + x as f32 * cs;
                    g.line(px, self.top, px, self.top + map_h, stroke);
                }
                for y in 1..h {
                    let py = self.top + y as f32 * cs;
                    g.line(self.left, py, self.left + map_w, py, stroke);
                }
            });
        }
        let rects = wall_rects(self.map);
        svg.group(&format!("Walls: {} rectangles", rects.len()), |g| {
            for (x, y, rw, rh) in rects {
                g.rect(
                    self.left + x as f32 * cs,
                    self.top + y as f32 * cs,
                    rw as f32 * cs,
                    rh as f32 * cs,
                    Style::fill(WALL),
                );
            }
        });
    }

    /// The required route as a translucent band through the cells it walks.
    fn draw_route(&self, svg: &mut Svg) {
        let walk = self.map.stocking.route.walk();
        let cells: Vec<Pos> = walk.iter().map(|&n| self.map.cell(n)).collect();
        let points: Vec<(f32, f32)> = corners(&cells)
            .into_iter()
            .map(|p| self.centre(p))
            .collect();
        let title = format!(
            "Required route: {} cells, {} steps",
            self.map.fun.route_after, self.map.fun.route_steps
        );
        let width = (0.42 * self.cs).max(1.5);
        svg.group(&title, |g| {
            g.polyline(&points, Stroke::new(ROUTE, width).opacity(ROUTE_OPACITY));
        });
    }

    fn draw_items(&self, svg: &mut Svg) {
        let g = self.glyph();
        let pairs = pairs(self.map);
        let key_of = |id: u32| pairs.iter().find(|p| p.0 == id).and_then(|p| p.2);
        let door_of = |id: u32| pairs.iter().find(|p| p.0 == id).and_then(|p| p.1);
        let at = |p: Option<Pos>| p.map_or_else(|| "nowhere".to_string(), cell_text);
        // Doors first: on tiny cells the other glyphs go over them.
        let mut placements = self.map.stocking.placements.clone();
        placements.sort_by_key(|p| !matches!(p.feature, Feature::Door(_)));
        for p in &placements {
            let pos = self.map.cell(p.node);
            let (cx, cy) = self.centre(pos);
            let here = cell_text(pos);
            match p.feature {
                Feature::Door(id) => {
                    let title = format!(
                        "Door {n} at {here}, opened by key {n} at {}",
                        at(key_of(id)),
                        n = id + 1
                    );
                    // Upright across a passage running left to right, flat across one
                    // running up and down.
                    let (x, y) = (i64::from(pos.0), i64::from(pos.1));
                    let (l, r) = (self.floor(x - 1, y), self.floor(x + 1, y));
                    let (u, d) = (self.floor(x, y - 1), self.floor(x, y + 1));
                    let vertical = if (l && r) == (u && d) { l || r } else { l && r };
                    svg.group(&title, |s| {
                        door(s, cx, cy, g, id, vertical);
                        if g >= NUMBERED {
                            badge(s, cx + 0.5 * g, cy - 0.5 * g, g, id);
                        }
                    });
                }
                Feature::Key(id) => {
                    let title = format!(
                        "Key {n} at {here}, opens door {n} at {}",
                        at(door_of(id)),
                        n = id + 1
                    );
                    svg.group(&title, |s| {
                        key(s, cx, cy, g, id);
                        if g >= NUMBERED {
                            badge(s, cx + 0.5 * g, cy - 0.5 * g, g, id);
                        }
                    });
                }
                Feature::Reward(size) => {
                    let title = format!("{} reward at {here}", size_name(size, true));
                    svg.group(&title, |s| reward(s, cx, cy, g, size));
                }
                Feature::Trap => {
                    svg.group(&format!("Trap at {here}"), |s| trap(s, cx, cy, g));
                }
                Feature::RedHerring => {
                    svg.group(&format!("Red herring at {here}"), |s| {
                        herring(s, cx, cy, g);
                    });
                }
            }
        }
    }

    fn draw_creatures(&self, svg: &mut Svg) {
        let g = self.glyph();
        for c in &self.map.creatures {
            let pos = self.map.cell(c.node);
            let (cx, cy) = self.centre(pos);
            let title = format!("{} ({}) at {}", c.name, c.role.name(), cell_text(pos));
            svg.group(&title, |s| creature(s, cx, cy, g, c.role));
        }
    }

    /// The start and goal, with labels beside them.
    fn draw_ends(&self, svg: &mut Svg) {
        let g = self.cs.max(MIN_END);
        let ends = [
            (self.map.grid.start(), "Start", START, true),
            (self.map.grid.goal(), "Goal", GOAL, false),
        ];
        for (pos, name, color, up) in ends {
            let (cx, cy) = self.centre(pos);
            svg.group(&format!("{name} at {}", cell_text(pos)), |s| {
                if self.cs < MIN_END {
                    // A ring makes the small square easy to find on a big map.
                    s.circle(
                        cx,
                        cy,
                        0.95 * g,
                        Style::outline(Stroke::new(Color::WHITE, 3.5)),
                    );
                    s.circle(cx, cy, 0.95 * g, Style::outline(Stroke::new(color, 2.0)));
                }
                stairs(s, cx, cy, g, color, up);
                let (w, h) = (text_width(name, LABEL_TEXT) * 1.05 + 8.0, LABEL_TEXT + 5.0);
                let (bx, by) = self.label_box(pos, g, w, h);
                s.rounded_rect(
                    bx,
                    by,
                    w,
                    h,
                    3.0,
                    Style::fill(Color::WHITE)
                        .with_stroke(Stroke::new(color, 1.0))
                        .with_opacity(0.92),
                );
                s.text(
                    bx + 4.0,
                    by + h / 2.0,
                    name,
                    TextStyle::new(LABEL_TEXT).color(color).bold().middle(),
                );
            });
        }
    }

    /// The top-left corner of a `w` × `h` label for the end at `pos` drawn at size `g`: right
    /// of it, left, above or below, wherever it hides the fewest floor cells and things on
    /// them and stays on the canvas.
    fn label_box(&self, pos: Pos, g: f32, w: f32, h: f32) -> (f32, f32) {
        let (cx, cy) = self.centre(pos);
        let reach = 0.5 * g + 3.0;
        let candidates = [
            (cx + reach, cy - h / 2.0),
            (cx - reach - w, cy - h / 2.0),
            (cx - w / 2.0, cy - reach - h),
            (cx - w / 2.0, cy + reach),
        ];
        let map = self.map;
        let mut occupied: Vec<Pos> = map
            .stocking
            .placements
            .iter()
            .map(|p| map.cell(p.node))
            .chain(map.creatures.iter().map(|c| map.cell(c.node)))
            .chain([map.grid.start(), map.grid.goal()])
            .collect();
        occupied.sort_unstable();
        let (map_w, map_h) = (
            map.grid.width() as f32 * self.cs,
            map.grid.height() as f32 * self.cs,
        );
        let cost = |&(bx, by): &(f32, f32)| {
            let (x0, y0) = (bx - self.left, by - self.top);
            let slack = MARGIN - 2.0;
            if x0 < -slack || y0 < -slack || x0 + w > map_w + slack || y0 + h > map_h + slack {
                return usize::MAX;
            }
            let cells = |from: f32, to: f32| {
                let first = (from / self.cs).floor() as i64;
                let last = ((to / self.cs).ceil() as i64 - 1).max(first);
                first..=last
            };
            let mut cost = 0;
            for y in cells(y0, y0 + h) {
                for x in cells(x0, x0 + w) {
                    cost += if !self.floor(x, y) {
                        0
                    } else if occupied.binary_search(&(x as u32, y as u32)).is_ok() {
                        6
                    } else {
                        1
                    };
                }
            }
            cost
        };
        candidates
            .iter()
            .min_by_key(|c| cost(c))
            .copied()
            .expect("four candidates")
    }
}

/// `(x, y)`.
fn cell_text(pos: Pos) -> String {
    format!("({}, {})", pos.0, pos.1)
}

fn size_name(size: RewardSize, capital: bool) -> &'static str {
    match (size, capital) {
        (RewardSize::Small, true) => "Small",
        (RewardSize::Medium, true) => "Medium",
        (RewardSize::Large, true) => "Large",
        (RewardSize::Small, false) => "small",
        (RewardSize::Medium, false) => "medium",
        (RewardSize::Large, false) => "large",
    }
}

/// The walls as rectangles `(x, y, width, height)` in cells: each row's runs of wall, a run
/// extended down while the rows below have exactly the same run.
fn wall_rects(map: &StockedMap) -> Vec<(usize, usize, usize, usize)> {
    let grid = &map.grid;
    let (w, h) = (grid.width(), grid.height());
    let mut open: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    let mut rects = Vec::new();
    let mut runs = Vec::new();
    for y in 0..=h {
        runs.clear();
        if y < h {
            let mut x = 0;
            while x < w {
                if grid.tile((x as u32, y as u32)) == Tile::Wall {
                    let x0 = x;
                    while x < w && grid.tile((x as u32, y as u32)) == Tile::Wall {
                        x += 1;
                    }
                    runs.push((x0, x));
                } else {
                    x += 1;
                }
            }
        }
        open.retain(|&(x0, x1), &mut y0| {
            let goes_on = runs.binary_search(&(x0, x1)).is_ok();
            if !goes_on {
                rects.push((x0, y0, x1 - x0, y - y0));
            }
            goes_on
        });
        for &run in &runs {
            open.entry(run).or_insert(y);
        }
    }
    rects.sort_unstable_by_key(|&(x, y, _, _)| (y, x));
    rects
}

/// The walk's cells without the ones in the middle of straight stretches.
fn corners(cells: &[Pos]) -> Vec<Pos> {
    let mut out: Vec<Pos> = Vec::with_capacity(cells.len());
    let step = |a: Pos, b: Pos| {
        (
            i64::from(b.0) - i64::from(a.0),
            i64::from(b.1) - i64::from(a.1),
        )
    };
    for &c in cells {
        if out.last() == Some(&c) {
            continue;
        }
        if out.len() >= 2 {
            let (a, b) = (out[out.len() - 2], out[out.len() - 1]);
            if step(a, b) == step(b, c) {
                out.pop();
            }
        }
        out.push(c);
    }
    out
}

/// Stroke width of outlines at glyph size `g`.
fn ink(g: f32) -> f32 {
    (0.07 * g).max(0.6)
}

/// A door: a bar across the cell (upright when `vertical`) with a keyhole.
pub(crate) fn door(svg: &mut Svg, cx: f32, cy: f32, g: f32, id: u32, vertical: bool) {
    let color = pair_color(id);
    let (long, thick) = (g, 0.5 * g);
    let (w, h) = if vertical {
        (thick, long)
    } else {
        (long, thick)
    };
    svg.rect(
        cx - w / 2.0,
        cy - h / 2.0,
        w,
        h,
        Style::fill(color).with_stroke(Stroke::new(INK, ink(g))),
    );
    svg.circle(cx, cy - 0.05 * g, 0.08 * g, Style::fill(INK));
    svg.polygon(
        &[
            (cx, cy - 0.04 * g),
            (cx - 0.07 * g, cy + 0.17 * g),
            (cx + 0.07 * g, cy + 0.17 * g),
        ],
        Style::fill(INK),
    );
}

/// A key: a ring with a stem and two teeth.
pub(crate) fn key(svg: &mut Svg, cx: f32, cy: f32, g: f32, id: u32) {
    let color = pair_color(id);
    let stem = [
        (cx - 0.06 * g, cy),
        (cx + 0.42 * g, cy),
        (cx + 0.42 * g, cy + 0.2 * g),
    ];
    let tooth = [(cx + 0.26 * g, cy), (cx + 0.26 * g, cy + 0.16 * g)];
    let (bx, r) = (cx - 0.24 * g, 0.18 * g);
    let width = 0.13 * g;
    let outline = Stroke::new(INK, width + 2.0 * ink(g) * 0.8);
    svg.polyline(&stem, outline);
    svg.polyline(&tooth, outline);
    svg.circle(bx, cy, r, Style::outline(outline));
    let fill = Stroke::new(color, width);
    svg.polyline(&stem, fill);
    svg.polyline(&tooth, fill);
    svg.circle(bx, cy, r, Style::fill(FLOOR).with_stroke(fill));
}

/// A pair's number in a small white disc ringed in the pair's colour.
fn badge(svg: &mut Svg, cx: f32, cy: f32, g: f32, id: u32) {
    let label = (id + 1).to_string();
    let r = (0.3 * g).max(5.0) * if label.len() > 1 { 1.2 } else { 1.0 };
    svg.circle(
        cx,
        cy,
        r,
        Style::fill(Color::WHITE).with_stroke(Stroke::new(pair_color(id).mix(INK, 0.3), 1.0)),
    );
    let size = (r * 1.5 / (0.2 + 0.62 * label.len() as f32)).min(r * 1.3);
    svg.text(
        cx,
        cy,
        &label,
        TextStyle::new(size).color(INK).bold().centered(),
    );
}

/// A gold coin.
fn coin(svg: &mut Svg, cx: f32, cy: f32, r: f32, g: f32) {
    svg.circle(
        cx,
        cy,
        r,
        Style::fill(GOLD).with_stroke(Stroke::new(GOLD_INK, ink(g) * 0.9)),
    );
    svg.circle(
        cx,
        cy,
        r * 0.55,
        Style::outline(Stroke::new(GOLD_INK, ink(g) * 0.5)),
    );
}

/// A coin, a pile of coins or a chest.
pub(crate) fn reward(svg: &mut Svg, cx: f32, cy: f32, g: f32, size: RewardSize) {
    match size {
        RewardSize::Small => coin(svg, cx, cy, 0.26 * g, g),
        RewardSize::Medium => {
            let r = 0.22 * g;
            coin(svg, cx - 0.2 * g, cy + 0.14 * g, r, g);
            coin(svg, cx + 0.2 * g, cy + 0.14 * g, r, g);
            coin(svg, cx, cy - 0.18 * g, r, g);
        }
        RewardSize::Large => {
            let g = 1.2 * g;
            let (x0, w) = (cx - 0.45 * g, 0.9 * g);
            let outline = Stroke::new(WOOD_DARK.mix(INK, 0.4), ink(g));
            svg.rect(
                x0,
                cy - 0.12 * g,
                w,
                0.45 * g,
                Style::fill(WOOD).with_stroke(outline),
            );
            svg.rounded_rect(
                x0,
                cy - 0.36 * g,
                w,
                0.26 * g,
                0.1 * g,
                Style::fill(WOOD_DARK).with_stroke(outline),
            );
            svg.rect(
                cx - 0.06 * g,
                cy - 0.36 * g,
                0.12 * g,
                0.69 * g,
                Style::fill(GOLD),
            );
            svg.rect(
                cx - 0.1 * g,
                cy - 0.16 * g,
                0.2 * g,
                0.16 * g,
                Style::fill(GOLD).with_stroke(Stroke::new(GOLD_INK, ink(g) * 0.7)),
            );
        }
    }
}

/// Red spikes.
pub(crate) fn trap(svg: &mut Svg, cx: f32, cy: f32, g: f32) {
    let (base, tip) = (cy + 0.32 * g, cy - 0.36 * g);
    let xs = [-0.42, -0.14, 0.14, 0.42].map(|f| cx + f * g);
    let points = [
        (xs[0], base),
        ((xs[0] + xs[1]) / 2.0, tip + 0.1 * g),
        (xs[1], base),
        ((xs[1] + xs[2]) / 2.0, tip),
        (xs[2], base),
        ((xs[2] + xs[3]) / 2.0, tip + 0.1 * g),
        (xs[3], base),
    ];
    svg.polygon(
        &points,
        Style::fill(TRAP).with_stroke(Stroke::new(TRAP_INK, ink(g))),
    );
}

/// A question mark in a disc.
pub(crate) fn herring(svg: &mut Svg, cx: f32, cy: f32, g: f32) {
    svg.circle(
        cx,
        cy,
        0.38 * g,
        Style::fill(HERRING_FILL).with_stroke(Stroke::new(HERRING, ink(g) * 1.2)),
    );
    svg.text(
        cx,
        cy,
        "?",
        TextStyle::new(0.62 * g).color(HERRING).bold().centered(),
    );
}

/// A disc in the role's colour with its letter.
pub(crate) fn creature(svg: &mut Svg, cx: f32, cy: f32, g: f32, role: Role) {
    svg.circle(
        cx,
        cy,
        0.4 * g,
        Style::fill(role_color(role)).with_stroke(Stroke::new(Color::WHITE, ink(g))),
    );
    if g >= 8.0 {
        svg.text(
            cx,
            cy,
            &role_symbol(role).to_string(),
            TextStyle::new(0.55 * g)
                .color(Color::WHITE)
                .bold()
                .centered(),
        );
    }
}

/// The start (`up`, a `<`) or the goal (a `>`) on a coloured square.
pub(crate) fn stairs(svg: &mut Svg, cx: f32, cy: f32, g: f32, color: Color, up: bool) {
    let s = 0.92 * g;
    svg.rounded_rect(
        cx - s / 2.0,
        cy - s / 2.0,
        s,
        s,
        0.18 * g,
        Style::fill(color).with_stroke(Stroke::new(Color::WHITE, ink(g))),
    );
    let (d, e) = (0.18 * g, 0.24 * g);
    let points = if up {
        [(cx + d, cy - e), (cx - d, cy), (cx + d, cy + e)]
    } else {
        [(cx - d, cy - e), (cx + d, cy), (cx - d, cy + e)]
    };
    svg.polyline(&points, Stroke::new(Color::WHITE, (0.13 * g).max(1.2)));
}

/// What a legend line shows before its text.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Sample {
    Title,
    Heading,
    Note,
    Wall,
    Floor,
    Route,
    Start,
    Goal,
    Door,
    Key,
    Pair(u32),
    Reward(RewardSize),
    Trap,
    Herring,
    Creature(Role),
}

impl Sample {
    /// Where the text starts, from the legend's left edge.
    fn indent(self) -> f32 {
        match self {
            Sample::Title | Sample::Heading | Sample::Note => 10.0,
            Sample::Pair(_) => 56.0,
            _ => 34.0,
        }
    }
}

struct LegendLine {
    sample: Sample,
    text: String,
}

impl LegendLine {
    /// The width the line takes, sample included.
    fn width(&self) -> f32 {
        let size = if self.sample == Sample::Title {
            15.0
        } else {
            TEXT
        };
        text_width(&self.text, size) + self.sample.indent()
    }
}

/// The legend's lines: the theme, the measures, the symbols used, the doors with their keys.
fn legend_lines(map: &StockedMap, view: &View) -> Vec<LegendLine> {
    let line = |sample, text: String| LegendLine { sample, text };
    let fun = &map.fun;
    let mut lines = vec![
        line(Sample::Title, map.theme.title.clone()),
        line(
            Sample::Note,
            format!(
                "{}×{} cells · seed {}",
                map.grid.width(),
                map.grid.height(),
                map.seed
            ),
        ),
        line(
            Sample::Note,
            format!(
                "Fun: {:.0}% before → {:.0}% after",
                100.0 * fun.fun_before,
                100.0 * fun.fun_after
            ),
        ),
        line(
            Sample::Note,
            format!(
                "Route: {} of {} cells (shortest path {})",
                fun.route_after, fun.reachable, fun.path_before
            ),
        ),
        line(
            Sample::Note,
            format!(
                "Keys {} · rewards {} small, {} medium, {} large",
                fun.keys, fun.rewards.small, fun.rewards.medium, fun.rewards.large
            ),
        ),
        line(
            Sample::Note,
            format!(
                "Traps {} · red herrings {} · solved areas {}",
                fun.traps, fun.red_herrings, fun.solved_areas
            ),
        ),
        line(
            Sample::Note,
            format!(
                "Largest pointless area left: {} cells",
                fun.largest_area_left
            ),
        ),
        line(Sample::Heading, "Symbols".into()),
        line(
            Sample::Start,
            format!("Start {}", cell_text(map.grid.start())),
        ),
        line(Sample::Goal, format!("Goal {}", cell_text(map.grid.goal()))),
        line(Sample::Wall, "Wall".into()),
        line(Sample::Floor, "Floor".into()),
    ];
    if view.route {
        lines.push(line(Sample::Route, "Required route".into()));
    }
    let has = |f: &dyn Fn(Feature) -> bool| map.stocking.placements.iter().any(|p| f(p.feature));
    if has(&|f| matches!(f, Feature::Door(_))) {
        lines.push(line(Sample::Door, "Door (opened by its own key)".into()));
        lines.push(line(Sample::Key, "Key (same colour and number)".into()));
    }
    for size in [RewardSize::Small, RewardSize::Medium, RewardSize::Large] {
        if has(&|f| f == Feature::Reward(size)) {
            lines.push(line(
                Sample::Reward(size),
                format!("{} reward", size_name(size, true)),
            ));
        }
    }
    if has(&|f| f == Feature::Trap) {
        lines.push(line(Sample::Trap, "Trap".into()));
    }
    if has(&|f| f == Feature::RedHerring) {
        lines.push(line(Sample::Herring, "Red herring".into()));
    }
    for (role, names) in inhabitants(map) {
        let count: usize = names.iter().map(|(_, cells)| cells.len()).sum();
        let mut text: String = role_plural(role).into();
        text[..1].make_ascii_uppercase();
        let mut names: Vec<String> = names.iter().map(|(n, _)| n.clone()).collect();
        if names.len() > 3 {
            names.truncate(3);
            names.push("…".into());
        }
        lines.push(line(
            Sample::Creature(role),
            format!("{text} ({count}): {}", names.join(", ")),
        ));
    }
    let pairs = pairs(map);
    if !pairs.is_empty() {
        lines.push(line(Sample::Heading, "Doors and their keys".into()));
        let at = |p: Option<Pos>| p.map_or_else(|| "nowhere".to_string(), cell_text);
        for &(id, door, key) in pairs.iter().take(MAX_PAIRS) {
            lines.push(line(
                Sample::Pair(id),
                format!("{}: door {}, key {}", id + 1, at(door), at(key)),
            ));
        }
        if pairs.len() > MAX_PAIRS {
            lines.push(line(
                Sample::Note,
                format!("… and {} more pairs", pairs.len() - MAX_PAIRS),
            ));
        }
    }
    lines
}

/// The legend laid out in columns.
type Legend = Columns<LegendLine>;

/// Lays out the legend's lines in columns of at most `rows`.
fn legend_columns(lines: Vec<LegendLine>, rows: usize) -> Legend {
    Columns::new(lines, rows, LINE, LegendLine::width, |l| {
        matches!(l.sample, Sample::Heading)
    })
}

/// One line of the legend, its sample's left edge at `x + 10`, centred on `cy`.
fn legend_line(g: &mut Svg, line: &LegendLine, x: f32, cy: f32) {
    let sx = x + 10.0 + SAMPLE / 2.0;
    let s = SAMPLE;
    let tile = |g: &mut Svg, left: f32, color: Color| {
        g.rect(
            left,
            cy - s / 2.0,
            s,
            s,
            Style::fill(color).with_stroke(Stroke::new(legend::EDGE, 0.8)),
        );
    };
    let left = sx - s / 2.0;
    match line.sample {
        Sample::Title | Sample::Heading | Sample::Note => {}
        Sample::Wall => tile(g, left, WALL),
        Sample::Floor => tile(g, left, FLOOR),
        Sample::Route => {
            g.line(
                left - 2.0,
                cy,
                left + s + 2.0,
                cy,
                Stroke::new(ROUTE, 0.42 * MAX_CELL as f32).opacity(ROUTE_OPACITY),
            );
        }
        Sample::Start => stairs(g, sx, cy, s, START, true),
        Sample::Goal => stairs(g, sx, cy, s, GOAL, false),
        Sample::Door => {
            tile(g, left, FLOOR);
            door(g, sx, cy, s, 0, true);
        }
        Sample::Key => {
            tile(g, left, FLOOR);
            key(g, sx, cy, s, 0);
        }
        Sample::Pair(id) => {
            tile(g, left, FLOOR);
            door(g, sx, cy, s, id, true);
            tile(g, left + s + 4.0, FLOOR);
            key(g, sx + s + 4.0, cy, s, id);
        }
        Sample::Reward(size) => reward(g, sx, cy, s, size),
        Sample::Trap => trap(g, sx, cy, s),
        Sample::Herring => herring(g, sx, cy, s),
        Sample::Creature(role) => creature(g, sx, cy, s, role),
    }
    let style = match line.sample {
        Sample::Title => TextStyle::new(15.0).color(LABEL).bold().middle(),
        Sample::Heading => TextStyle::new(TEXT).color(LABEL).bold().middle(),
        _ => TextStyle::new(TEXT).color(LABEL).middle(),
    };
    g.text(x + line.sample.indent(), cy, &line.text, style);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, Tile};
    use crate::mapgen::{Kind, generate};
    use crate::stock::Settings;
    use crate::stocked::stock_map;
    use crate::themes::Themes;
    use ludoforge_draw::{svg_to_png, svg_to_rgba};
    use ludoforge_evolve::rng::stream;

    /// A generated cave.
    fn cave(width: usize, height: usize, seed: u64) -> Grid {
        generate(Kind::Caves, width, height, &mut stream(seed, 0, 0)).unwrap()
    }

    fn stocked(grid: Grid, seed: u64) -> StockedMap {
        crate::fixtures::stocked(grid, "kobold-grotto", seed)
    }

    /// The groups of the picture: (title, body).
    fn groups(svg: &str) -> Vec<(&str, &str)> {
        svg.split("<g>\n<title>")
            .skip(1)
            .map(|chunk| {
                let (title, body) = chunk.split_once("</title>\n").unwrap();
                (title, body.split("</g>").next().unwrap())
            })
            .collect()
    }

    #[test]
    fn doors_and_keys_share_their_colour() {
        let mut seen = 0;
        // Doors stand only where every way to the goal passes: rooms and corridors have them.
        for seed in 0..6 {
            let rooms = generate(Kind::Rooms, 60, 30, &mut stream(seed, 0, 0)).unwrap();
            let map = stocked(rooms, seed);
            let picture = svg(&map, &View::default());
            let groups = groups(&picture);
            for (id, _, _) in pairs(&map) {
                let color = format!("fill=\"{}\"", pair_color(id));
                for what in ["Door", "Key"] {
                    let prefix = format!("{what} {} at ", id + 1);
                    let found: Vec<_> =
                        groups.iter().filter(|g| g.0.starts_with(&prefix)).collect();
                    assert_eq!(found.len(), 1, "{prefix}");
                    let body = found[0].1;
                    let stroke = format!("stroke=\"{}\"", pair_color(id));
                    assert!(
                        body.contains(&color) || body.contains(&stroke),
                        "{prefix} is not in {color}"
                    );
                    // The first shape drawn in colour is in this pair's colour.
                    let first = body
                        .split(['"'])
                        .find(|s| s.starts_with('#') && CATEGORY.contains(s))
                        .unwrap();
                    assert_eq!(first, pair_color(id).to_string(), "{prefix}");
                }
                seen += 1;
            }
            assert_eq!(
                groups.iter().filter(|g| g.0.starts_with("Door ")).count(),
                map.fun.keys
            );
        }
        assert!(seen >= 3, "only {seen} doors in the sample");
    }

    const CATEGORY: [&str; 10] = [
        "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
        "#9c755f", "#bab0ac",
    ];

    #[test]
    fn every_item_creature_and_end_is_drawn() {
        let map = stocked(cave(60, 30, 3), 3);
        let picture = svg(&map, &View::default());
        let titles: Vec<&str> = groups(&picture).into_iter().map(|g| g.0).collect();
        let items = map.stocking.placements.len();
        let drawn_items = titles
            .iter()
            .filter(|t| {
                [
                    "Door ",
                    "Key ",
                    "Small reward",
                    "Medium reward",
                    "Large reward",
                    "Trap ",
                    "Red herring",
                ]
                .iter()
                .any(|p| t.starts_with(p))
            })
            .count();
        assert_eq!(drawn_items, items);
        for c in &map.creatures {
            let t = format!(
                "{} ({}) at {}",
                c.name,
                c.role.name(),
                cell_text(map.cell(c.node))
            );
            assert!(titles.contains(&t.as_str()), "{t}");
        }
        assert!(titles.iter().any(|t| t.starts_with("Start at ")));
        assert!(titles.iter().any(|t| t.starts_with("Goal at ")));
        assert!(picture.contains(&map.theme.title));
        assert!(picture.contains(&format!("{:.0}% before", 100.0 * map.fun.fun_before)));
    }

    #[test]
    fn rasterises_with_ink() {
        let map = stocked(cave(60, 30, 1), 1);
        let picture = svg(
            &map,
            &View {
                caption: Some("a cave · seed 1".into()),
                route: true,
            },
        );
        assert!(picture.contains("a cave · seed 1"));
        let png = svg_to_png(&picture, 1.0).unwrap();
        assert!(png.starts_with(&ludoforge_draw::PNG_SIGNATURE));
        let image = svg_to_rgba(&picture, 1.0).unwrap();
        let inked = image
            .pixels
            .chunks(4)
            .filter(|p| p[3] > 0 && (p[0] < 200 || p[1] < 200 || p[2] < 200))
            .count();
        assert!(inked > 10_000, "{inked} inked pixels");
        // The wall in the top-left corner of the map is dark.
        let corner = image.pixel(MARGIN as u32 + 2, MARGIN as u32 + 2).unwrap();
        assert!(corner[0] < 80 && corner[1] < 80, "{corner:?}");
        assert_eq!(
            picture,
            svg(
                &map,
                &View {
                    caption: Some("a cave · seed 1".into()),
                    route: true
                }
            )
        );
    }

    #[test]
    fn route_only_when_asked() {
        let map = stocked(cave(40, 24, 2), 2);
        let with = svg(&map, &View::default());
        let without = svg(
            &map,
            &View {
                route: false,
                ..View::default()
            },
        );
        let route_groups = |s: &str| {
            groups(s)
                .into_iter()
                .filter(|g| g.0.starts_with("Required route"))
                .map(|g| g.1.matches("<polyline").count())
                .sum::<usize>()
        };
        assert_eq!(route_groups(&with), 1);
        assert_eq!(route_groups(&without), 0);
        assert!(with.contains(&format!("stroke=\"{ROUTE}\"")));
        assert!(!without.contains(&format!("stroke=\"{ROUTE}\"")));
        assert!(!without.contains("Required route"));
    }

    #[test]
    fn walls_merge_into_runs() {
        let map = stocked(cave(80, 50, 4), 4);
        let rects = wall_rects(&map);
        let wall_cells = map.grid.width() * map.grid.height() - map.grid.floor_count();
        assert!(
            rects.len() * 3 < wall_cells,
            "{} rects for {wall_cells} walls",
            rects.len()
        );
        // The rectangles cover exactly the walls, once each.
        let mut covered = vec![0u8; map.grid.width() * map.grid.height()];
        for &(x, y, w, h) in &rects {
            for yy in y..y + h {
                for xx in x..x + w {
                    covered[yy * map.grid.width() + xx] += 1;
                }
            }
        }
        for (i, &c) in covered.iter().enumerate() {
            let pos = ((i % map.grid.width()) as u32, (i / map.grid.width()) as u32);
            assert_eq!(c == 1, map.grid.tile(pos) == Tile::Wall, "{pos:?}");
            assert!(c <= 1);
        }
        let picture = svg(&map, &View::default());
        let walls = groups(&picture)
            .into_iter()
            .find(|g| g.0.starts_with("Walls"))
            .unwrap();
        assert_eq!(walls.1.matches("<rect").count(), rects.len());
    }

    #[test]
    fn corners_drop_straight_stretches_only() {
        let cells = [
            (0, 0),
            (1, 0),
            (2, 0),
            (2, 1),
            (2, 2),
            (2, 1),
            (2, 0),
            (3, 0),
        ];
        assert_eq!(
            corners(&cells),
            vec![(0, 0), (2, 0), (2, 2), (2, 0), (3, 0)]
        );
    }

    #[test]
    fn cell_sizes_shrink_with_the_map() {
        assert_eq!(cell_size(20, 10), 18);
        assert_eq!(cell_size(100, 100), 11);
        assert_eq!(cell_size(400, 400), 2);
        assert_eq!(cell_size(1000, 1000), 1);
        assert_eq!(cell_size(2000, 2000), 1);
    }

    #[test]
    fn large_maps_stay_small_and_valid() {
        // A high threshold keeps the stocking quick; the walls are what matter here.
        let settings = Settings {
            threshold: 400,
            ..Settings::default()
        };
        let grid = cave(400, 400, 5);
        let map = stock_map(grid, &settings, None, &Themes::built_in(), 5).unwrap();
        let picture = svg(&map, &View::default());
        let wall_cells = map.grid.width() * map.grid.height() - map.grid.floor_count();
        assert!(picture.matches("<rect").count() * 4 < wall_cells);
        assert!(picture.len() < 1_000_000, "{} bytes", picture.len());
        let image = svg_to_rgba(&picture, 1.0).unwrap();
        assert!(image.width > 800 && image.height >= 800);
    }
}
