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

mod glyphs;
mod legend_panel;
#[cfg(test)]
mod tests;
mod walls;

pub(crate) use glyphs::*;
use legend_panel::*;
use walls::*;

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
        slack: MARGIN - 2.0,
    };
    picture.draw_ground(&mut svg);
    if view.route {
        picture.draw_route(&mut svg);
    }
    picture.draw_features(&mut svg, true);
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

/// The players' map alone, as a virtual tabletop shows it under its grid: `cell` units a cell
/// and nothing around the map; no route, traps, inhabitants, legend or caption (they would
/// spoil the game), but doors and keys in their pair's colours, rewards, red herrings, the start
/// and the goal as on the game master's map.
#[must_use]
pub fn players_svg(map: &StockedMap, cell: f32) -> String {
    let (w, h) = (map.grid.width() as f32, map.grid.height() as f32);
    let mut svg = Svg::new(w * cell, h * cell);
    let picture = Picture {
        map,
        left: 0.0,
        top: 0.0,
        cs: cell,
        slack: 0.0,
    };
    picture.draw_ground(&mut svg);
    picture.draw_features(&mut svg, false);
    picture.draw_ends(&mut svg);
    svg.finish()
}

/// A map placed on the canvas.
struct Picture<'a> {
    map: &'a StockedMap,
    left: f32,
    top: f32,
    cs: f32,
    /// How far a label may reach beyond the map (into the picture's margin).
    slack: f32,
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
        // Crisp edges: anti-aliased, rectangles that meet edge to edge leave light seams.
        svg.crisp_group(&format!("Walls: {} rectangles", rects.len()), |g| {
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

    /// Doors, keys, rewards, red herrings and (for the game master) traps.
    fn draw_features(&self, svg: &mut Svg, traps: bool) {
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
                Feature::Trap if traps => {
                    svg.group(&format!("Trap at {here}"), |s| trap(s, cx, cy, g));
                }
                Feature::Trap => {}
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
            let slack = self.slack;
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
