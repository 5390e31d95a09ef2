//! SVG pictures of scenarios: the map as the scenario book shows it, with a legend.
//!
//! Hexes are pointy-top (corners at 30° + 60°k), laid out by [`Hex::centre`]. Each tile's hexes
//! are filled in the colour of its theme ([`theme_color`]: Dungeon stone grey, Cave brown,
//! Building wood tan, Forest green) with thin hex outlines; each tile's outer edge is drawn
//! thick and the tile is labelled (e.g. `L1a`) on the free hex nearest its centre. Doors are
//! dark hexes between the tiles they join, each with a wooden door facing across the join.
//! Start hexes are light blue with a boot. Monsters are discs with the monster's initials,
//! white for normal and gold for elite standees (the placements list is group by group,
//! normals first), on a hex split in three as in the scenario book: the upper-left part for
//! two players, upper-right for three, the bottom for four, each white, gold or black (not
//! set up) by [`levels`]. Obstacles are dark boulders, traps red spiked jaws, hazardous terrain an
//! orange hex with a flame, difficult terrain an olive hex with tufts, coins small gold discs
//! and chests brown chests with a number. A legend beside the map (below a wide one) names the
//! scenario, the tiles by theme, the symbols with their counts and the monsters with their
//! initials and standees.
//!
//! Hexes are 26 px from centre to corner on small maps and shrink on larger ones (never below
//! 12). Every piece is an SVG group whose title (a tooltip in browsers) says what and where it
//! is. Pictures are deterministic and rasterise with [`ludoforge_draw::svg_to_png`].
//!
//! ```
//! use ludoforge_gloomhaven::catalog::Catalog;
//! use ludoforge_gloomhaven::render::{View, svg};
//! use ludoforge_gloomhaven::scenario::Scenario;
//! let catalog = Catalog::built_in();
//! let barrow = Scenario::official(&catalog, "Black Barrow").unwrap();
//! let view = View { caption: Some("Scenario 1".into()), ..View::default() };
//! let picture = svg(&catalog, &barrow, &view);
//! assert!(picture.contains("<title>Tile L1a (turned 180°)"));
//! assert!(picture.contains("<title>Elite Living Bones at"));
//! assert!(ludoforge_draw::svg_to_png(&picture, 1.0).is_ok());
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::f32::consts::PI;

use ludoforge_draw::legend::Columns;
use ludoforge_draw::{Color, Stroke, Style, Svg, TextStyle, text_width};

use crate::book::{Level, PLAYERS, levels, turned};
use crate::catalog::Catalog;
use crate::hex::{Hex, NEIGHBOURS};
use crate::scenario::Scenario;

/// What a picture shows besides the map itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// A line of text under the picture, e.g. "Overgrown Ruin · seed 7 · score 9.41 of 10".
    pub caption: Option<String>,
    /// Draw the legend panel.
    pub legend: bool,
}

impl Default for View {
    /// No caption; the legend shown.
    fn default() -> View {
        View {
            caption: None,
            legend: true,
        }
    }
}

/// The fill of a tile's hexes by its theme: Dungeon stone grey, Cave brown, Building wood tan,
/// Forest green, and a pale stone for any other theme.
///
/// ```
/// use ludoforge_draw::Color;
/// use ludoforge_gloomhaven::render::theme_color;
/// assert_ne!(theme_color("Dungeon"), theme_color("Forest"));
/// assert_eq!(theme_color("Moon"), theme_color("Sky"));
/// ```
#[must_use]
pub fn theme_color(theme: &str) -> Color {
    match theme {
        "Dungeon" => Color::hex(0xa9a59d),
        "Cave" => Color::hex(0xa47f5a),
        "Building" => Color::hex(0xd9b98c),
        "Forest" => Color::hex(0x87a862),
        _ => Color::hex(0xcfc8b8),
    }
}

/// Normal monsters.
pub const NORMAL: Color = Color::WHITE;
/// Elite monsters.
pub const ELITE: Color = Color::hex(0xf2b90f);

/// Outlines and tile edges.
const INK: Color = Color::hex(0x221d19);
/// Doors.
const DOOR_HEX: Color = Color::hex(0x3b2a1c);
const DOOR_WOOD: Color = Color::hex(0xa8683a);
const DOOR_DARK: Color = Color::hex(0x5a3518);
/// Start hexes.
const START_FILL: Color = Color::hex(0xdcecfb);
const START_INK: Color = Color::hex(0x1a5fb4);
/// The exit.
const EXIT_FILL: Color = Color::hex(0xd8f0d0);
const EXIT_INK: Color = Color::hex(0x2e7d32);
/// Obstacles.
const ROCK: Color = Color::hex(0x5c5650);
const ROCK_LIGHT: Color = Color::hex(0x827b73);
const ROCK_INK: Color = Color::hex(0x2a2623);
/// Traps.
const TRAP: Color = Color::hex(0xd32f2f);
const TRAP_INK: Color = Color::hex(0x5f0d0d);
/// Hazardous terrain.
const HAZARD: Color = Color::hex(0xe8590c);
const FLAME: Color = Color::hex(0xffb300);
const FLAME_CORE: Color = Color::hex(0xfff176);
/// Difficult terrain.
const ROUGH: Color = Color::hex(0x8f8a4e);
const ROUGH_INK: Color = Color::hex(0x46431f);
/// Coins and chests.
const COIN: Color = Color::hex(0xffd54f);
const COIN_INK: Color = Color::hex(0x8a6100);
const WOOD: Color = Color::hex(0x8b5a2b);
const WOOD_DARK: Color = Color::hex(0x5d3a1a);
/// Captions and legend text.
const LABEL: Color = Color::hex(0x333333);

/// Space around the picture.
const MARGIN: f32 = 16.0;
/// Gap between the map and the legend.
const GAP: f32 = 24.0;
/// Legend text, caption and line height.
const TEXT: f32 = 12.0;
const CAPTION: f32 = 13.0;
const LINE: f32 = 22.0;
/// The hex size of the legend's samples.
const SAMPLE: f32 = 10.0;
/// The largest and smallest hex size, and the longest side of the map at full size.
const MAX_HEX: f32 = 26.0;
const MIN_HEX: f32 = 12.0;
const BUDGET: f32 = 1_000.0;
/// Legend lines per column below a wide map.
const LEGEND_ROWS_BELOW: usize = 12;

/// The hex size (centre to corner, in pixels) for a map whose hexes are `hexes`: 26 while the
/// map's longer side stays within 1000 px, smaller beyond, never below 12.
///
/// ```
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::render::hex_size;
/// use ludoforge_gloomhaven::scenario::Scenario;
/// let catalog = Catalog::built_in();
/// let barrow = Scenario::official(&catalog, "Black Barrow").unwrap();
/// assert_eq!(hex_size(&barrow.map.tile_hexes(&catalog)), 26.0);
/// ```
#[must_use]
pub fn hex_size(hexes: &[Hex]) -> f32 {
    let (w, h) = extent(hexes, 1.0);
    (BUDGET / w.max(h).max(1.0)).clamp(MIN_HEX, MAX_HEX)
}

/// The width and height of the hexes' picture at hex size `size`.
fn extent(hexes: &[Hex], size: f32) -> (f32, f32) {
    let Some((x0, y0, x1, y1)) = bounds(hexes, size) else {
        return (0.0, 0.0);
    };
    (x1 - x0, y1 - y0)
}

/// The bounding box (left, top, right, bottom) of the hexes' picture, corners included.
fn bounds(hexes: &[Hex], size: f32) -> Option<(f32, f32, f32, f32)> {
    let half = size * 3f32.sqrt() / 2.0;
    hexes
        .iter()
        .map(|h| h.centre(size))
        .fold(None, |b, (x, y)| {
            let (x0, y0, x1, y1) = b.unwrap_or((f32::MAX, f32::MAX, f32::MIN, f32::MIN));
            Some((
                x0.min(x - half),
                y0.min(y - size),
                x1.max(x + half),
                y1.max(y + size),
            ))
        })
}

/// The six corners of a pointy-top hex of size `r` centred on (`cx`, `cy`): corner k at
/// 60k − 30 degrees (screen angles, y down), so edge k (corners k and k + 1) faces
/// [`NEIGHBOURS`]`[k]`.
fn corners(cx: f32, cy: f32, r: f32) -> [(f32, f32); 6] {
    std::array::from_fn(|k| {
        let a = (60.0 * k as f32 - 30.0) * PI / 180.0;
        (cx + r * a.cos(), cy + r * a.sin())
    })
}

/// The monster groups' initials as drawn on their standees: the first letter of each word
/// ("Bandit Guard" → `BG`), the first two of a one-word name ("Ooze" → `Oo`); groups whose
/// initials clash in the scenario take a second letter of their first word (`FlD`, `FrD`),
/// then their group number.
///
/// ```
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::render::initials;
/// use ludoforge_gloomhaven::scenario::Scenario;
/// let catalog = Catalog::built_in();
/// let barrow = Scenario::official(&catalog, "Black Barrow").unwrap();
/// assert_eq!(initials(&catalog, &barrow), ["BG", "BA", "LB"]);
/// ```
#[must_use]
pub fn initials(catalog: &Catalog, s: &Scenario) -> Vec<String> {
    let names: Vec<&str> = s
        .monsters
        .iter()
        .map(|g| catalog.monsters[g.monster].name.as_str())
        .collect();
    let short = |name: &str, letters: usize| -> String {
        let words: Vec<&str> = name.split_whitespace().collect();
        let Some(first) = words.first() else {
            return "?".into();
        };
        let letters = if words.len() == 1 {
            letters + 1
        } else {
            letters
        };
        let mut out: String = first.chars().take(letters).collect();
        for w in &words[1..] {
            out.extend(w.chars().next().map(|c| c.to_ascii_uppercase()));
        }
        out
    };
    let mut out: Vec<String> = names.iter().map(|n| short(n, 1)).collect();
    let clashes = |out: &[String], i: usize| out.iter().filter(|o| **o == out[i]).count() > 1;
    let longer: Vec<bool> = (0..out.len()).map(|i| clashes(&out, i)).collect();
    for (i, name) in names.iter().enumerate() {
        if longer[i] {
            out[i] = short(name, 2);
        }
    }
    let numbered: Vec<bool> = (0..out.len()).map(|i| clashes(&out, i)).collect();
    for (i, o) in out.iter_mut().enumerate() {
        if numbered[i] {
            o.push_str(&(i + 1).to_string());
        }
    }
    out
}

/// What a symbol shows: every piece of the map, drawn the same way on the map and in the
/// legend.
#[derive(Debug, Clone, PartialEq)]
enum Symbol {
    /// A door, its "up" turned `angle` radians clockwise from north.
    Door(f32),
    /// A start hex; `true` when it shares its hex with terrain drawn beneath it, so only its
    /// outline and a small boot show.
    Start(bool),
    Exit,
    Obstacle,
    Trap,
    Hazard,
    Difficult,
    Coin,
    Chest(Option<usize>),
    Monster {
        initials: String,
        elite: bool,
        /// With 2, 3 and 4 players, drawn as the book's three-part hex behind the disc.
        levels: Option<[Level; 3]>,
    },
    /// A standee's set-up with 2, 3 and 4 players, on its own (the legend's key).
    Setup([Level; 3]),
    Tile(Color),
}

/// Points given relative to a centre, in units of `s`, turned `angle` clockwise.
fn place(cx: f32, cy: f32, s: f32, angle: f32, points: &[(f32, f32)]) -> Vec<(f32, f32)> {
    let (sin, cos) = angle.sin_cos();
    points
        .iter()
        .map(|&(x, y)| (cx + s * (x * cos - y * sin), cy + s * (x * sin + y * cos)))
        .collect()
}

/// Stroke width of outlines at hex size `s`.
fn ink(s: f32) -> f32 {
    (0.06 * s).max(0.8)
}

/// Draws `symbol` on a hex of size `s` centred on (`cx`, `cy`).
fn draw_symbol(svg: &mut Svg, symbol: &Symbol, cx: f32, cy: f32, s: f32) {
    let w = ink(s);
    match symbol {
        Symbol::Setup(levels) => {
            // As the book: the upper-left third for 2 players, upper-right for 3, the bottom
            // for 4; black where the standee is left off.
            let c = corners(cx, cy, 0.94 * s);
            let parts = [[c[3], c[4], c[5]], [c[5], c[0], c[1]], [c[1], c[2], c[3]]];
            for (part, level) in parts.iter().zip(levels) {
                let fill = match level {
                    Level::Absent => INK,
                    Level::Normal => NORMAL,
                    Level::Elite => ELITE,
                };
                let mut points = vec![(cx, cy)];
                points.extend(part);
                svg.polygon(
                    &points,
                    Style::fill(fill).with_stroke(Stroke::new(INK, w * 0.6)),
                );
            }
        }
        Symbol::Tile(color) => {
            svg.polygon(
                &corners(cx, cy, s),
                Style::fill(*color).with_stroke(Stroke::new(color.mix(INK, 0.25), w * 0.6)),
            );
        }
        Symbol::Door(angle) => {
            svg.polygon(
                &corners(cx, cy, s),
                Style::fill(DOOR_HEX).with_stroke(Stroke::new(INK, w)),
            );
            // A wooden door seen from the front, its width along the join: planks under an
            // arch, a ring handle.
            let mut outline = vec![(-0.42, 0.5), (-0.42, -0.12)];
            for k in 0..=8 {
                let a = PI * (1.0 - k as f32 / 8.0);
                outline.push((0.42 * a.cos(), -0.12 - 0.42 * a.sin()));
            }
            outline.push((0.42, 0.5));
            svg.polygon(
                &place(cx, cy, s, *angle, &outline),
                Style::fill(DOOR_WOOD).with_stroke(Stroke::new(DOOR_DARK, w)),
            );
            for x in [-0.14, 0.14] {
                let top = -0.12 - (0.42f32 * 0.42 - x * x).sqrt();
                svg.polyline(
                    &place(cx, cy, s, *angle, &[(x, top + 0.04), (x, 0.48)]),
                    Stroke::new(DOOR_DARK, w * 0.8),
                );
            }
            let knob = place(cx, cy, s, *angle, &[(0.26, 0.14)])[0];
            svg.circle(
                knob.0,
                knob.1,
                0.07 * s,
                Style::fill(COIN).with_stroke(Stroke::new(COIN_INK, w * 0.5)),
            );
        }
        Symbol::Start(shared) => {
            let fill = if *shared {
                Style::outline(Stroke::new(START_INK, w * 2.2))
            } else {
                Style::fill(START_FILL).with_stroke(Stroke::new(START_INK, w * 1.6))
            };
            svg.polygon(&corners(cx, cy, s * 0.9), fill);
            let (cx, cy, s) = if *shared {
                (cx - 0.42 * s, cy - 0.3 * s, 0.5 * s)
            } else {
                (cx, cy, s)
            };
            if *shared {
                svg.circle(
                    cx + 0.08 * s,
                    cy - 0.05 * s,
                    0.62 * s,
                    Style::fill(START_FILL).with_stroke(Stroke::new(START_INK, w * 0.8)),
                );
            }
            let boot = [
                (-0.26, -0.46),
                (0.06, -0.46),
                (0.06, 0.02),
                (0.34, 0.12),
                (0.42, 0.24),
                (0.4, 0.36),
                (-0.26, 0.36),
            ];
            svg.polygon(&place(cx, cy, s, 0.0, &boot), Style::fill(START_INK));
            svg.polyline(
                &place(cx, cy, s, 0.0, &[(-0.3, -0.34), (0.1, -0.34)]),
                Stroke::new(START_FILL, w * 0.9),
            );
        }
        Symbol::Exit => {
            svg.polygon(
                &corners(cx, cy, s * 0.9),
                Style::fill(EXIT_FILL).with_stroke(Stroke::new(EXIT_INK, w * 1.6)),
            );
            svg.text(
                cx,
                cy,
                "EXIT",
                TextStyle::new(0.42 * s).color(EXIT_INK).bold().centered(),
            );
        }
        Symbol::Obstacle => {
            let radii = [0.66, 0.74, 0.6, 0.7, 0.64, 0.56, 0.72, 0.62, 0.68, 0.58];
            let n = radii.len();
            let boulder: Vec<(f32, f32)> = radii
                .iter()
                .enumerate()
                .map(|(k, r)| {
                    let a = 2.0 * PI * k as f32 / n as f32;
                    (r * a.cos(), 0.92 * r * a.sin())
                })
                .collect();
            svg.polygon(
                &place(cx, cy, s, 0.0, &boulder),
                Style::fill(ROCK).with_stroke(Stroke::new(ROCK_INK, w * 1.2)),
            );
            let shine = [(-0.36, -0.2), (-0.16, -0.44), (0.12, -0.46), (-0.1, -0.3)];
            svg.polygon(&place(cx, cy, s, 0.0, &shine), Style::fill(ROCK_LIGHT));
            svg.polyline(
                &place(cx, cy, s, 0.0, &[(0.1, 0.05), (0.3, 0.22), (0.26, 0.44)]),
                Stroke::new(ROCK_INK, w * 0.8),
            );
        }
        Symbol::Trap => {
            let spikes = 10;
            let jaw: Vec<(f32, f32)> = (0..2 * spikes)
                .map(|k| {
                    let a = PI * k as f32 / spikes as f32;
                    let r = if k % 2 == 0 { 0.68 } else { 0.4 };
                    (r * a.cos(), r * a.sin())
                })
                .collect();
            svg.polygon(
                &place(cx, cy, s, 0.0, &jaw),
                Style::fill(TRAP).with_stroke(Stroke::new(TRAP_INK, w)),
            );
            svg.circle(
                cx,
                cy,
                0.24 * s,
                Style::fill(TRAP_INK).with_stroke(Stroke::new(TRAP, w * 0.8)),
            );
        }
        Symbol::Hazard => {
            svg.polygon(
                &corners(cx, cy, s * 0.94),
                Style::fill(HAZARD).with_stroke(Stroke::new(TRAP_INK, w)),
            );
            let flame = [
                (0.0, -0.62),
                (0.18, -0.3),
                (0.36, -0.08),
                (0.38, 0.2),
                (0.24, 0.42),
                (0.0, 0.5),
                (-0.24, 0.42),
                (-0.38, 0.2),
                (-0.34, -0.04),
                (-0.2, 0.06),
                (-0.16, -0.26),
            ];
            svg.polygon(
                &place(cx, cy, s, 0.0, &flame),
                Style::fill(FLAME).with_stroke(Stroke::new(TRAP_INK, w * 0.7)),
            );
            let core = [
                (0.02, -0.12),
                (0.16, 0.1),
                (0.18, 0.3),
                (0.0, 0.42),
                (-0.18, 0.3),
                (-0.14, 0.1),
            ];
            svg.polygon(&place(cx, cy, s, 0.0, &core), Style::fill(FLAME_CORE));
        }
        Symbol::Difficult => {
            svg.polygon(
                &corners(cx, cy, s * 0.94),
                Style::fill(ROUGH).with_stroke(Stroke::new(ROUGH_INK, w)),
            );
            for (x, y) in [
                (-0.36, -0.3),
                (0.22, -0.38),
                (0.0, 0.02),
                (-0.34, 0.38),
                (0.36, 0.3),
            ] {
                let tuft = [
                    (x - 0.16, y + 0.08),
                    (x - 0.06, y - 0.1),
                    (x, y + 0.06),
                    (x + 0.08, y - 0.12),
                    (x + 0.16, y + 0.08),
                ];
                svg.polyline(
                    &place(cx, cy, s, 0.0, &tuft),
                    Stroke::new(ROUGH_INK, w * 1.1),
                );
            }
        }
        Symbol::Coin => coin(svg, cx, cy, 0.3 * s, w),
        Symbol::Chest(number) => {
            let (x0, width) = (cx - 0.52 * s, 1.04 * s);
            let outline = Stroke::new(WOOD_DARK.mix(INK, 0.5), w);
            svg.rect(
                x0,
                cy - 0.12 * s,
                width,
                0.5 * s,
                Style::fill(WOOD).with_stroke(outline),
            );
            svg.rounded_rect(
                x0,
                cy - 0.4 * s,
                width,
                0.3 * s,
                0.12 * s,
                Style::fill(WOOD_DARK).with_stroke(outline),
            );
            svg.rect(
                cx - 0.12 * s,
                cy - 0.2 * s,
                0.24 * s,
                0.2 * s,
                Style::fill(COIN).with_stroke(Stroke::new(COIN_INK, w * 0.7)),
            );
            if let Some(n) = number {
                svg.text(
                    cx,
                    cy + 0.2 * s,
                    &n.to_string(),
                    TextStyle::new(0.36 * s)
                        .color(Color::WHITE)
                        .bold()
                        .centered(),
                );
            }
        }
        Symbol::Monster {
            initials,
            elite,
            levels,
        } => {
            if let Some(levels) = levels {
                draw_symbol(svg, &Symbol::Setup(*levels), cx, cy, s);
            }
            let fill = if *elite { ELITE } else { NORMAL };
            svg.circle(
                cx,
                cy,
                0.66 * s,
                Style::fill(fill).with_stroke(Stroke::new(INK, w * 1.3)),
            );
            let size = 0.62
                * s
                * if initials.chars().count() > 2 {
                    0.78
                } else {
                    1.0
                };
            svg.text(
                cx,
                cy,
                initials,
                TextStyle::new(size).color(INK).bold().centered(),
            );
        }
    }
}

/// A gold coin of radius `r`.
fn coin(svg: &mut Svg, cx: f32, cy: f32, r: f32, w: f32) {
    svg.circle(
        cx,
        cy,
        r,
        Style::fill(COIN).with_stroke(Stroke::new(COIN_INK, w)),
    );
    svg.circle(
        cx,
        cy,
        r * 0.58,
        Style::outline(Stroke::new(COIN_INK, w * 0.6)),
    );
}

/// The angle (radians clockwise from north) a door's front faces: across the join, from the
/// tile with the most hexes next to the door towards the next.
fn door_angle(catalog: &Catalog, s: &Scenario, door: Hex, size: f32) -> f32 {
    let mut touching: Vec<(usize, Vec<(f32, f32)>)> = s
        .map
        .tiles
        .iter()
        .map(|t| {
            let near: Vec<(f32, f32)> = t
                .hexes(catalog)
                .filter(|h| h.is_adjacent(door))
                .map(|h| h.centre(size))
                .collect();
            (near.len(), near)
        })
        .filter(|(n, _)| *n > 0)
        .collect();
    touching.sort_by_key(|(n, _)| std::cmp::Reverse(*n));
    let mean = |points: &[(f32, f32)]| {
        let n = points.len() as f32;
        (
            points.iter().map(|p| p.0).sum::<f32>() / n,
            points.iter().map(|p| p.1).sum::<f32>() / n,
        )
    };
    let (dx, dy) = match touching.as_slice() {
        [(_, a), (_, b), ..] => {
            let (a, b) = (mean(a), mean(b));
            (b.0 - a.0, b.1 - a.1)
        }
        [(_, a)] => {
            let (a, d) = (mean(a), door.centre(size));
            (d.0 - a.0, d.1 - a.1)
        }
        [] => (0.0, -1.0),
    };
    // Clockwise from north, snapped to 30°; a door never stands upside down.
    let step = PI / 6.0;
    let mut angle = (dx.atan2(-dy) / step).round() * step;
    if angle > PI / 2.0 + 0.01 {
        angle -= PI;
    } else if angle < -PI / 2.0 - 0.01 {
        angle += PI;
    }
    angle
}

/// One piece on the map: its symbol, tooltip and hex.
struct Mark {
    symbol: Symbol,
    title: String,
    hex: Hex,
}

/// Every piece of the scenario in drawing order: doors, terrain, obstacles, traps, start
/// hexes, the exit, chests, monsters, coins.
fn marks(catalog: &Catalog, s: &Scenario, size: f32) -> Vec<Mark> {
    let p = &s.placements;
    let beneath: BTreeSet<Hex> = [
        &p.hazardous_terrain,
        &p.difficult_terrain,
        &p.obstacles,
        &p.traps,
    ]
    .into_iter()
    .flatten()
    .copied()
    .collect();
    let mut out = Vec::new();
    let mut add = |symbol: Symbol, title: String, hex: Hex| out.push(Mark { symbol, title, hex });
    for &d in &s.map.doors {
        add(
            Symbol::Door(door_angle(catalog, s, d, size)),
            format!("Door at {d}"),
            d,
        );
    }
    for &h in &p.hazardous_terrain {
        add(Symbol::Hazard, format!("Hazardous terrain at {h}"), h);
    }
    for &h in &p.difficult_terrain {
        add(Symbol::Difficult, format!("Difficult terrain at {h}"), h);
    }
    for &h in &p.obstacles {
        add(Symbol::Obstacle, format!("Obstacle at {h}"), h);
    }
    for &h in &p.traps {
        add(Symbol::Trap, format!("Trap at {h}"), h);
    }
    for &h in &p.start {
        add(
            Symbol::Start(beneath.contains(&h)),
            format!("Start hex at {h}"),
            h,
        );
    }
    if let Some(h) = s.exit {
        add(Symbol::Exit, format!("Exit at {h}"), h);
    }
    for (i, &h) in p.chests.iter().enumerate() {
        let content = s.chests.get(i).map_or("random", String::as_str);
        add(
            Symbol::Chest(Some(i + 1)),
            format!("Chest {} at {h}: {content}", i + 1),
            h,
        );
    }
    let letters = initials(catalog, s);
    let mut hexes = p.monsters.iter();
    let mut setups = levels(s).into_iter();
    for (g, initials) in s.monsters.iter().zip(letters) {
        let name = &catalog.monsters[g.monster].name;
        for (rank, count, elite) in [("Normal", g.normal, false), ("Elite", g.elite, true)] {
            for (&h, setup) in hexes.by_ref().zip(setups.by_ref()).take(count as usize) {
                let parties = setup
                    .iter()
                    .zip(PLAYERS)
                    .map(|(l, p)| format!("{p} players {}", l.name()))
                    .collect::<Vec<_>>()
                    .join(", ");
                add(
                    Symbol::Monster {
                        initials: initials.clone(),
                        elite,
                        levels: Some(setup),
                    },
                    format!("{rank} {name} at {h} ({parties})"),
                    h,
                );
            }
        }
    }
    for &h in &p.coins {
        add(Symbol::Coin, format!("Coin at {h}"), h);
    }
    out
}

/// What a legend line shows before its text.
#[derive(Debug, Clone, PartialEq)]
enum Sample {
    Title,
    Heading,
    Note,
    Symbol(Symbol),
}

struct LegendLine {
    sample: Sample,
    text: String,
}

impl LegendLine {
    fn indent(&self) -> f32 {
        match self.sample {
            Sample::Symbol(_) => 34.0,
            _ => 10.0,
        }
    }

    fn width(&self) -> f32 {
        let size = if self.sample == Sample::Title {
            15.0
        } else {
            TEXT
        };
        text_width(&self.text, size) + self.indent()
    }
}

/// The legend's lines: the scenario, its tiles by theme, the symbols used, the monsters.
fn legend_lines(catalog: &Catalog, s: &Scenario) -> Vec<LegendLine> {
    let line = |sample, text: String| LegendLine { sample, text };
    let symbol = |symbol, text: String| LegendLine {
        sample: Sample::Symbol(symbol),
        text,
    };
    let mut lines = vec![
        line(Sample::Title, s.name.clone()),
        line(Sample::Note, format!("Goal: {}", s.goal.words())),
        line(
            Sample::Note,
            format!(
                "{} tile hexes · monster difficulty {}",
                s.map.size(catalog),
                s.difficulty(catalog)
            ),
        ),
    ];
    for r in &s.rules {
        lines.push(line(Sample::Note, format!("Rule: {r}")));
    }
    lines.push(line(Sample::Heading, "Map tiles".into()));
    let mut themes: Vec<(&str, Vec<&str>)> = Vec::new();
    for t in &s.map.tiles {
        let tile = &catalog.tiles[t.tile];
        match themes.iter_mut().find(|(theme, _)| *theme == tile.theme) {
            Some((_, ids)) => ids.push(&tile.id),
            None => themes.push((&tile.theme, vec![&tile.id])),
        }
    }
    for (theme, ids) in themes {
        lines.push(symbol(
            Symbol::Tile(theme_color(theme)),
            format!("{theme}: {}", ids.join(", ")),
        ));
    }
    lines.push(line(Sample::Heading, "Symbols".into()));
    let p = &s.placements;
    let counted = [
        (Symbol::Start(false), "Start hex", p.start.len()),
        (Symbol::Door(0.0), "Door", s.map.doors.len()),
        (Symbol::Exit, "Exit", usize::from(s.exit.is_some())),
        (Symbol::Obstacle, "Obstacle", p.obstacles.len()),
        (Symbol::Trap, "Trap", p.traps.len()),
        (
            Symbol::Hazard,
            "Hazardous terrain",
            p.hazardous_terrain.len(),
        ),
        (
            Symbol::Difficult,
            "Difficult terrain",
            p.difficult_terrain.len(),
        ),
        (Symbol::Coin, "Coin", p.coins.len()),
        (Symbol::Chest(None), "Treasure chest", p.chests.len()),
    ];
    for (sym, name, count) in counted {
        if count > 0 {
            lines.push(symbol(sym, format!("{name} ({count})")));
        }
    }
    let normal: u32 = s.monsters.iter().map(|g| g.normal).sum();
    let elite: u32 = s.monsters.iter().map(|g| g.elite).sum();
    let monster = |elite| Symbol::Monster {
        initials: String::new(),
        elite,
        levels: None,
    };
    lines.push(symbol(monster(false), format!("Normal monster ({normal})")));
    lines.push(symbol(monster(true), format!("Elite monster ({elite})")));
    if !s.monsters.is_empty() {
        lines.push(symbol(
            Symbol::Setup([Level::Absent, Level::Normal, Level::Elite]),
            "Players: 2 upper left, 3 upper right, 4 below; black: none".into(),
        ));
    }
    if !s.monsters.is_empty() {
        lines.push(line(Sample::Heading, "Monsters (normal, elite)".into()));
    }
    for (g, initials) in s.monsters.iter().zip(initials(catalog, s)) {
        lines.push(symbol(
            Symbol::Monster {
                initials,
                elite: g.normal == 0,
                levels: None,
            },
            format!(
                "{}: {}, {}",
                catalog.monsters[g.monster].name, g.normal, g.elite
            ),
        ));
    }
    lines
}

/// The legend laid out in columns.
type Legend = Columns<LegendLine>;

/// Lays out the legend's lines in columns of at most `rows`.
fn legend_columns(lines: Vec<LegendLine>, rows: usize) -> Legend {
    Columns::new(lines, rows, LINE, LegendLine::width, |l| {
        l.sample == Sample::Heading
    })
}

/// Draws one legend line in the column whose left edge is `left`, centred on `cy`.
fn legend_line(g: &mut Svg, line: &LegendLine, left: f32, cy: f32) {
    if let Sample::Symbol(symbol) = &line.sample {
        let scale = match symbol {
            Symbol::Coin => 1.6,
            Symbol::Monster { .. } => 1.35,
            Symbol::Chest(_) => 1.15,
            _ => 1.0,
        };
        draw_symbol(g, symbol, left + 10.0 + SAMPLE, cy, SAMPLE * scale);
    }
    let style = match line.sample {
        Sample::Title => TextStyle::new(15.0).color(LABEL).bold().middle(),
        Sample::Heading => TextStyle::new(TEXT).color(LABEL).bold().middle(),
        _ => TextStyle::new(TEXT).color(LABEL).middle(),
    };
    g.text(left + line.indent(), cy, &line.text, style);
}

/// An SVG picture of a scenario's map (see the [module notes](self)).
#[must_use]
pub fn svg(catalog: &Catalog, s: &Scenario, view: &View) -> String {
    let tile_hexes = s.map.tile_hexes(catalog);
    let size = hex_size(&tile_hexes);
    let marks = marks(catalog, s, size);
    let mut all: Vec<Hex> = tile_hexes;
    all.extend(marks.iter().map(|m| m.hex));
    let (x0, y0, x1, y1) = bounds(&all, size).unwrap_or((0.0, 0.0, 1.0, 1.0));
    let (map_w, map_h) = (x1 - x0, y1 - y0);
    let left = MARGIN - x0;
    let top = MARGIN - y0;
    let at = |h: Hex| {
        let (x, y) = h.centre(size);
        (left + x, top + y)
    };

    let legend = view.legend.then(|| {
        let lines = legend_lines(catalog, s);
        let beside = map_w <= 2.0 * map_h.max(1.0);
        let rows = if beside {
            (((map_h.max(480.0) - 14.0) / LINE) as usize).max(1)
        } else {
            LEGEND_ROWS_BELOW
        };
        (legend_columns(lines, rows), beside)
    });
    let (body_w, body_h, legend_at) = match &legend {
        None => (map_w, map_h, (0.0, 0.0)),
        Some((legend, true)) => (
            map_w + GAP + legend.width,
            map_h.max(legend.height),
            (MARGIN + map_w + GAP, MARGIN),
        ),
        Some((legend, false)) => (
            map_w.max(legend.width),
            map_h + GAP + legend.height,
            (MARGIN, MARGIN + map_h + GAP),
        ),
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

    let occupied: BTreeSet<Hex> = marks.iter().map(|m| m.hex).collect();

    // The tiles: hexes, then the thick edges (over every tile's hexes), then the labels.
    for t in &s.map.tiles {
        let tile = &catalog.tiles[t.tile];
        let color = theme_color(&tile.theme);
        let title = format!(
            "Tile {}, {}, {} hexes",
            turned(&tile.id, t.rotation),
            tile.theme,
            tile.hexes.len()
        );
        svg.group(&title, |g| {
            for h in t.hexes(catalog) {
                let (x, y) = at(h);
                draw_symbol(g, &Symbol::Tile(color), x, y, size);
            }
        });
    }
    let edge = Stroke::new(INK, (0.13 * size).max(2.0));
    svg.group("Tile edges", |g| {
        for t in &s.map.tiles {
            let own: BTreeSet<Hex> = t.hexes(catalog).collect();
            for &h in &own {
                let (x, y) = at(h);
                let c = corners(x, y, size);
                for (k, d) in NEIGHBOURS.iter().enumerate() {
                    if !own.contains(&(h + *d)) {
                        g.polyline(&[c[k], c[(k + 1) % 6]], edge);
                    }
                }
            }
        }
    });
    let label = (0.55 * size).max(9.0);
    for t in &s.map.tiles {
        let id = &catalog.tiles[t.tile].id;
        let hexes: Vec<Hex> = t.hexes(catalog).collect();
        let n = hexes.len().max(1) as f32;
        let centroid = hexes
            .iter()
            .map(|&h| at(h))
            .fold((0.0, 0.0), |a, p| (a.0 + p.0 / n, a.1 + p.1 / n));
        let distance = |h: &Hex| {
            let (x, y) = at(*h);
            (x - centroid.0).powi(2) + (y - centroid.1).powi(2)
        };
        let free = hexes
            .iter()
            .filter(|h| !occupied.contains(h))
            .min_by(|a, b| distance(a).total_cmp(&distance(b)));
        let (x, y) = free.map_or(centroid, |&h| at(h));
        let w = text_width(id, label) + 0.3 * label;
        svg.group(&format!("Tile label {id}"), |g| {
            g.rounded_rect(
                x - w / 2.0,
                y - 0.7 * label,
                w,
                1.4 * label,
                0.3 * label,
                Style::fill(Color::WHITE)
                    .with_stroke(Stroke::new(INK, 0.8))
                    .with_opacity(0.85),
            );
            g.text(x, y, id, TextStyle::new(label).color(INK).bold().centered());
        });
    }

    // The pieces; a coin sharing its hex (as a few published scenarios have it) moves aside.
    let mut count: BTreeMap<Hex, usize> = BTreeMap::new();
    for m in &marks {
        *count.entry(m.hex).or_default() += 1;
    }
    for m in &marks {
        let (x, y) = at(m.hex);
        svg.group(&m.title, |g| {
            if m.symbol == Symbol::Coin && count[&m.hex] > 1 {
                coin(g, x + 0.5 * size, y + 0.42 * size, 0.24 * size, ink(size));
            } else {
                draw_symbol(g, &m.symbol, x, y, size);
            }
        });
    }

    if let Some((legend, _)) = &legend {
        legend.draw(&mut svg, legend_at.0, legend_at.1, legend_line);
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evolution::generated;
    use ludoforge_draw::svg_to_rgba;

    fn scenarios(catalog: &Catalog) -> Vec<Scenario> {
        let mut all = Scenario::all_official(catalog);
        all.push(generated(catalog, 3));
        all.push(generated(catalog, 11));
        all
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
    fn one_labelled_tile_per_placed_tile() {
        let catalog = Catalog::built_in();
        for s in scenarios(&catalog) {
            let picture = svg(&catalog, &s, &View::default());
            let groups = groups(&picture);
            for t in &s.map.tiles {
                let id = &catalog.tiles[t.tile].id;
                let tiles = groups
                    .iter()
                    .filter(|(title, _)| title.starts_with(&format!("Tile {id}")))
                    .count();
                assert_eq!(tiles, 1, "{id} in {}", s.name);
                let (_, label) = groups
                    .iter()
                    .find(|(title, _)| *title == format!("Tile label {id}"))
                    .unwrap();
                assert!(label.contains(&format!(">{id}</text>")));
            }
            let tiles = groups
                .iter()
                .filter(|(t, _)| t.starts_with("Tile "))
                .count();
            assert_eq!(tiles, 2 * s.map.tiles.len() + 1); // hexes, labels and the edges
        }
    }

    #[test]
    fn a_symbol_per_placement() {
        let catalog = Catalog::built_in();
        for s in scenarios(&catalog) {
            let picture = svg(&catalog, &s, &View::default());
            let groups = groups(&picture);
            let count = |prefix: &str| groups.iter().filter(|(t, _)| t.starts_with(prefix)).count();
            let p = &s.placements;
            assert_eq!(count("Start hex at"), p.start.len());
            assert_eq!(count("Door at"), s.map.doors.len());
            assert_eq!(count("Obstacle at"), p.obstacles.len());
            assert_eq!(count("Trap at"), p.traps.len());
            assert_eq!(count("Hazardous terrain at"), p.hazardous_terrain.len());
            assert_eq!(count("Difficult terrain at"), p.difficult_terrain.len());
            assert_eq!(count("Chest "), p.chests.len());
            assert_eq!(count("Coin at"), p.coins.len());
            assert_eq!(count("Normal ") + count("Elite "), p.monsters.len());
            // Each monster's group sits on its placement, in the list's order.
            let monsters: Vec<&str> = groups
                .iter()
                .map(|(t, _)| *t)
                .filter(|t| t.starts_with("Normal ") || t.starts_with("Elite "))
                .collect();
            for (title, h) in monsters.iter().zip(&p.monsters) {
                assert!(
                    title.contains(&format!(" at {h} (2 players ")),
                    "{title} {h}"
                );
            }
        }
    }

    #[test]
    fn elites_are_gold_and_normals_white() {
        let catalog = Catalog::built_in();
        for s in scenarios(&catalog) {
            let picture = svg(
                &catalog,
                &s,
                &View {
                    caption: None,
                    legend: false,
                },
            );
            let gold = format!("fill=\"{ELITE}\"");
            let elite: u32 = s.monsters.iter().map(|g| g.elite).sum();
            let gold_discs = picture
                .split("<circle")
                .skip(1)
                .filter(|c| c.split('>').next().unwrap().contains(&gold))
                .count();
            assert_eq!(gold_discs, elite as usize, "{}", s.name);
            for (title, body) in groups(&picture) {
                if title.starts_with("Elite ") {
                    assert!(body.contains(&gold));
                }
                if title.starts_with("Normal ") {
                    assert!(body.contains("<circle cx"));
                    assert!(body.contains(&format!("fill=\"{NORMAL}\"")));
                    assert!(!body.contains(&gold));
                }
            }
            assert!(!picture.contains("<title>Legend"));
        }
    }

    #[test]
    fn each_monster_shows_its_set_up_for_two_three_and_four_players() {
        let catalog = Catalog::built_in();
        for s in scenarios(&catalog) {
            let picture = svg(&catalog, &s, &View::default());
            let fill = |level: Level| {
                let color = match level {
                    Level::Absent => INK,
                    Level::Normal => NORMAL,
                    Level::Elite => ELITE,
                };
                format!("fill=\"{color}\"")
            };
            // Standees set up per party size, counted from the pictures' three parts.
            let mut shown = [(0, 0); 3];
            let monsters = groups(&picture)
                .into_iter()
                .filter(|(t, _)| t.starts_with("Normal ") || t.starts_with("Elite "));
            for ((title, body), setup) in monsters.zip(levels(&s)) {
                let parts: Vec<&str> = body
                    .split("<polygon")
                    .skip(1)
                    .take(3)
                    .map(|p| p.split('>').next().unwrap())
                    .collect();
                for (i, (part, level)) in parts.iter().zip(setup).enumerate() {
                    assert!(part.contains(&fill(level)), "{title}: part {i}");
                    match level {
                        Level::Normal => shown[i].0 += 1,
                        Level::Elite => shown[i].1 += 1,
                        Level::Absent => {}
                    }
                }
            }
            for (i, players) in PLAYERS.into_iter().enumerate() {
                let expected = s.monsters.iter().fold((0, 0), |(n, e), g| {
                    let (gn, ge) = crate::book::standees(g.normal, g.elite, players);
                    (n + gn, e + ge)
                });
                assert_eq!(shown[i], expected, "{} with {players} players", s.name);
            }
        }
    }

    #[test]
    fn legend_names_the_monsters_and_tiles() {
        let catalog = Catalog::built_in();
        let barrow = Scenario::official(&catalog, "Black Barrow").unwrap();
        let picture = svg(&catalog, &barrow, &View::default());
        let (_, legend) = groups(&picture)
            .into_iter()
            .find(|(t, _)| *t == "Legend")
            .unwrap();
        for text in [
            "Black Barrow",
            "Bandit Guard: 4, 1",
            "Bandit Archer: 2, 1",
            "Living Bones: 0, 2",
            ">BG<",
            ">LB<",
            "Dungeon: L1a, G1b",
            "Building: I1a",
            "Door (2)",
            "Obstacle (4)",
            "Trap (2)",
            "Coin (5)",
            "Treasure chest (1)",
            "Start hex (7)",
            "Elite monster (4)",
        ] {
            assert!(legend.contains(text), "{text}");
        }
    }

    #[test]
    fn clashing_initials_get_longer() {
        let catalog = Catalog::built_in();
        let mut s = Scenario::official(&catalog, "Black Barrow").unwrap();
        let index = |name: &str| {
            catalog
                .monsters
                .iter()
                .position(|m| m.name == name)
                .unwrap()
        };
        for (g, name) in s
            .monsters
            .iter_mut()
            .zip(["Flame Demon", "Frost Demon", "Ooze"])
        {
            g.monster = index(name);
        }
        assert_eq!(initials(&catalog, &s), ["FlD", "FrD", "Oo"]);
        s.monsters[1].monster = index("Flame Demon");
        assert_eq!(initials(&catalog, &s), ["FlD1", "FlD2", "Oo"]);
    }

    #[test]
    fn rasterises_with_ink_and_adapts_its_size() {
        let catalog = Catalog::built_in();
        for s in scenarios(&catalog) {
            for view in [
                View::default(),
                View {
                    caption: Some("a caption".into()),
                    legend: false,
                },
            ] {
                let picture = svg(&catalog, &s, &view);
                assert_eq!(picture, svg(&catalog, &s, &view));
                let image = svg_to_rgba(&picture, 0.5).unwrap();
                let inked = image
                    .pixels
                    .chunks(4)
                    .filter(|p| p[3] > 0 && (p[0] < 200 || p[1] < 200 || p[2] < 200))
                    .count();
                let share = inked as f64 / f64::from(image.width * image.height);
                assert!(share > 0.1, "{} {share}", s.name);
            }
        }
        // A map of a single tile is smaller than Black Barrow's.
        let barrow = Scenario::official(&catalog, "Black Barrow").unwrap();
        let mut one = barrow.clone();
        one.map.tiles.truncate(1);
        one.map.doors.clear();
        one.monsters.clear();
        one.placements = crate::catalog::Placements::default();
        let size = |s: &Scenario| {
            let picture = svg(
                &catalog,
                s,
                &View {
                    caption: None,
                    legend: false,
                },
            );
            let image = svg_to_rgba(&picture, 1.0).unwrap();
            image.width * image.height
        };
        assert!(size(&one) < size(&barrow));
    }
}
