//! The symbols a picture draws: tiles, doors, start hexes, the exit, every kind of overlay
//! tile, coins, chests and monster standees, each drawn the same way on the map and in the
//! legend.

use std::f32::consts::PI;

use ludoforge_draw::{Color, Stroke, Style, Svg, TextStyle};

use super::looks::{Look, draw_look};
use super::palette::*;
use crate::scenario::Level;

/// The six corners of a pointy-top hex of size `r` centred on (`cx`, `cy`): corner k at
/// 60k − 30 degrees (screen angles, y down), so edge k (corners k and k + 1) faces
/// [`crate::hex::NEIGHBOURS`]`[k]`.
pub(super) fn corners(cx: f32, cy: f32, r: f32) -> [(f32, f32); 6] {
    std::array::from_fn(|k| {
        let a = (60.0 * k as f32 - 30.0) * PI / 180.0;
        (cx + r * a.cos(), cy + r * a.sin())
    })
}

/// What a symbol shows: every piece of the map, drawn the same way on the map and in the
/// legend.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Symbol {
    /// A door, its "up" turned `angle` radians clockwise from north.
    Door(f32),
    /// A corridor piece.
    Corridor,
    /// A start hex; `true` when it shares its hex with terrain drawn beneath it, so only its
    /// outline and a small boot show.
    Start(bool),
    Exit,
    /// An overlay tile of one kind.
    Piece(Look),
    Coin,
    Chest(Option<usize>),
    Monster {
        initials: String,
        /// The standee's level for the party the picture shows.
        level: Level,
        /// With 2, 3 and 4 players, drawn as the book's three-part hex behind the disc.
        levels: Option<[Level; 3]>,
    },
    /// A standee's set-up with 2, 3 and 4 players, on its own (the legend's key).
    Setup([Level; 3]),
    Tile(Color),
}

/// Points given relative to a centre, in units of `s`, turned `angle` clockwise.
pub(super) fn place(
    cx: f32,
    cy: f32,
    s: f32,
    angle: f32,
    points: &[(f32, f32)],
) -> Vec<(f32, f32)> {
    let (sin, cos) = angle.sin_cos();
    points
        .iter()
        .map(|&(x, y)| (cx + s * (x * cos - y * sin), cy + s * (x * sin + y * cos)))
        .collect()
}

/// Stroke width of outlines at hex size `s`.
pub(super) fn ink(s: f32) -> f32 {
    (0.06 * s).max(0.8)
}

/// Draws `symbol` on a hex of size `s` centred on (`cx`, `cy`).
pub(super) fn draw_symbol(svg: &mut Svg, symbol: &Symbol, cx: f32, cy: f32, s: f32) {
    let w = ink(s);
    match symbol {
        Symbol::Setup(levels) => {
            // As the book: the upper-left third for 2 players, upper-right for 3, the bottom
            // for 4; black where the standee is left off.
            let c = corners(cx, cy, 0.94 * s);
            let parts = [[c[3], c[4], c[5]], [c[5], c[0], c[1]], [c[1], c[2], c[3]]];
            for (part, level) in parts.iter().zip(levels) {
                let fill = match level {
                    Level::None => INK,
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
        Symbol::Piece(look) => draw_look(svg, *look, cx, cy, s),
        Symbol::Corridor => {
            svg.polygon(
                &corners(cx, cy, s),
                Style::fill(CORRIDOR).with_stroke(Stroke::new(CORRIDOR_INK, w)),
            );
            for y in [-0.3, 0.0, 0.3] {
                svg.polyline(
                    &place(cx, cy, s, 0.0, &[(-0.6, y), (0.6, y)]),
                    Stroke::new(CORRIDOR_INK, w * 0.5),
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
            level,
            levels,
        } => {
            if let Some(levels) = levels {
                draw_symbol(svg, &Symbol::Setup(*levels), cx, cy, s);
            }
            let (fill, text) = match level {
                Level::Elite => (ELITE, INK),
                Level::Normal => (NORMAL, INK),
                Level::None => (ABSENT, ABSENT_INK),
            };
            let outline = if *level == Level::None {
                Stroke::new(ABSENT_INK, w * 1.1).dashed(0.18 * s, 0.1 * s)
            } else {
                Stroke::new(INK, w * 1.3)
            };
            svg.circle(cx, cy, 0.66 * s, Style::fill(fill).with_stroke(outline));
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
                TextStyle::new(size).color(text).bold().centered(),
            );
        }
    }
}

/// A gold coin of radius `r`.
pub(super) fn coin(svg: &mut Svg, cx: f32, cy: f32, r: f32, w: f32) {
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
