//! How each kind of overlay tile is drawn: a family of drawings and its colours.

use std::f32::consts::PI;

use ludoforge_draw::{Color, Stroke, Style, Svg};

use super::glyphs::{corners, ink, place};
use super::palette::*;

/// How an overlay kind looks: a family of drawings and its colours.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Look {
    /// A rough boulder.
    Boulder,
    /// A round column seen from above.
    Column(Color),
    /// Pointed cones (stalagmites, crystals).
    Cones(Color),
    /// A round canopy of leaves.
    Canopy(Color),
    /// A cut stump with rings.
    Stump,
    /// Furniture or a stone slab; `lines` marks shelves, boards or a lid.
    Slab(Color, Detail),
    /// A barrel with hoops.
    Barrel,
    /// A dark pit.
    Pit,
    /// A section of brick wall.
    Wall,
    /// A carved post.
    Totem,
    /// A nest with eggs.
    Nest,
    /// A stone basin of water.
    Fountain,
    /// A silver mirror.
    Mirror,
    /// Spiked jaws (bear trap; green for poison).
    Jaws(Color),
    /// A plate of spikes.
    Spikes,
    /// Flames on a hot hex.
    Flames,
    /// A thorny hex.
    Thorns,
    /// Waves on a water hex.
    Water,
    /// Scattered stones.
    Rubble,
    /// Steps.
    Stairs(bool),
    /// A fallen log.
    Log,
}

/// The detail drawn on a [`Look::Slab`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Detail {
    /// Plain.
    Plain,
    /// Horizontal shelves or boards.
    Shelves,
    /// Crossed boards (a crate).
    Cross,
    /// A lid with a cross (a sarcophagus).
    Lid,
    /// A candle on top (an altar).
    Candle,
}

/// The look of the overlay kind `id` (the board's word), by its category for kinds it does
/// not know.
#[must_use]
pub(super) fn look(id: &str, category: crate::catalog::Category) -> Look {
    use crate::catalog::Category;
    match id {
        "boulder-1" | "boulder-2" | "boulder-3" => Look::Boulder,
        "pillar" => Look::Column(Color::hex(0xc9c3b6)),
        "rock-column" => Look::Column(Color::hex(0x8d7b68)),
        "stalagmites" => Look::Cones(Color::hex(0x9c7a55)),
        "crystal" => Look::Cones(Color::hex(0x7fd3e6)),
        "bush" => Look::Canopy(Color::hex(0x5f9e3a)),
        "tree-3" => Look::Canopy(Color::hex(0x2f6b2a)),
        "stump" => Look::Stump,
        "table" => Look::Slab(WOOD, Detail::Plain),
        "bookcase" => Look::Slab(WOOD_DARK, Detail::Shelves),
        "shelf" => Look::Slab(WOOD, Detail::Shelves),
        "cabinet" => Look::Slab(Color::hex(0x7a4f2a), Detail::Shelves),
        "crate" => Look::Slab(Color::hex(0xb98a4e), Detail::Cross),
        "sarcophagus" => Look::Slab(Color::hex(0x9e9a90), Detail::Lid),
        "altar" => Look::Slab(Color::hex(0xd8d2c4), Detail::Candle),
        "barrel" => Look::Barrel,
        "dark-pit" => Look::Pit,
        "wall-section" => Look::Wall,
        "totem" => Look::Totem,
        "nest" => Look::Nest,
        "fountain" => Look::Fountain,
        "mirror" => Look::Mirror,
        "bear" => Look::Jaws(TRAP),
        "poison" => Look::Jaws(Color::hex(0x43a047)),
        "spike" => Look::Spikes,
        "hot-coals" => Look::Flames,
        "thorns" => Look::Thorns,
        "water" => Look::Water,
        "rubble" => Look::Rubble,
        "stairs" => Look::Stairs(false),
        "stairs-vert" => Look::Stairs(true),
        "log" => Look::Log,
        _ => match category {
            Category::Obstacle => Look::Boulder,
            Category::Trap => Look::Jaws(TRAP),
            Category::HazardousTerrain => Look::Flames,
            Category::DifficultTerrain => Look::Rubble,
        },
    }
}

/// The colour that ties the hexes of a two- or three-hex piece together.
#[must_use]
pub(super) fn bond(look: Look) -> Color {
    match look {
        Look::Boulder | Look::Wall => ROCK,
        Look::Column(c) | Look::Cones(c) | Look::Canopy(c) | Look::Slab(c, _) => c,
        Look::Pit => INK,
        Look::Log | Look::Stump | Look::Barrel | Look::Totem | Look::Nest => WOOD,
        Look::Water | Look::Fountain | Look::Mirror => Color::hex(0x4f8fd6),
        Look::Jaws(c) => c,
        Look::Spikes | Look::Rubble | Look::Stairs(_) => ROCK_LIGHT,
        Look::Flames => HAZARD,
        Look::Thorns => Color::hex(0x5f7f2a),
    }
}

/// A closed ring of `n` points at radius `r` (x stretched by `sx`, y by `sy`), in units of
/// the hex size.
fn ring(n: usize, r: f32, sx: f32, sy: f32) -> Vec<(f32, f32)> {
    (0..n)
        .map(|k| {
            let a = 2.0 * PI * k as f32 / n as f32;
            (sx * r * a.cos(), sy * r * a.sin())
        })
        .collect()
}

/// A hex of ground under a piece of terrain.
fn ground(svg: &mut Svg, cx: f32, cy: f32, s: f32, fill: Color, edge: Color) {
    svg.polygon(
        &corners(cx, cy, s * 0.94),
        Style::fill(fill).with_stroke(Stroke::new(edge, ink(s))),
    );
}

/// Draws one overlay tile of `look` on a hex of size `s` centred on (`cx`, `cy`).
#[allow(clippy::too_many_lines)]
pub(super) fn draw_look(svg: &mut Svg, look: Look, cx: f32, cy: f32, s: f32) {
    let w = ink(s);
    let at = |points: &[(f32, f32)]| place(cx, cy, s, 0.0, points);
    match look {
        Look::Boulder => {
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
                &at(&boulder),
                Style::fill(ROCK).with_stroke(Stroke::new(ROCK_INK, w * 1.2)),
            );
            let shine = [(-0.36, -0.2), (-0.16, -0.44), (0.12, -0.46), (-0.1, -0.3)];
            svg.polygon(&at(&shine), Style::fill(ROCK_LIGHT));
            svg.polyline(
                &at(&[(0.1, 0.05), (0.3, 0.22), (0.26, 0.44)]),
                Stroke::new(ROCK_INK, w * 0.8),
            );
        }
        Look::Column(c) => {
            svg.circle(
                cx,
                cy,
                0.62 * s,
                Style::fill(c.mix(INK, 0.25)).with_stroke(Stroke::new(ROCK_INK, w * 1.2)),
            );
            svg.circle(
                cx,
                cy,
                0.44 * s,
                Style::fill(c).with_stroke(Stroke::new(c.mix(INK, 0.4), w * 0.8)),
            );
            svg.circle(
                cx - 0.14 * s,
                cy - 0.14 * s,
                0.12 * s,
                Style::fill(c.mix(Color::WHITE, 0.5)),
            );
        }
        Look::Cones(c) => {
            for (x, y, r) in [(-0.3, 0.18, 0.3), (0.28, 0.22, 0.26), (0.0, -0.12, 0.36)] {
                let cone = [
                    (x - r * 0.7, y + r * 0.6),
                    (x, y - r * 1.3),
                    (x + r * 0.7, y + r * 0.6),
                ];
                svg.polygon(
                    &at(&cone),
                    Style::fill(c).with_stroke(Stroke::new(c.mix(INK, 0.6), w)),
                );
                svg.polyline(
                    &at(&[(x, y - r * 1.3), (x + r * 0.15, y + r * 0.6)]),
                    Stroke::new(c.mix(Color::WHITE, 0.5), w * 0.7),
                );
            }
        }
        Look::Canopy(c) => {
            let leaves = [
                (0.0, -0.28),
                (0.3, 0.0),
                (0.14, 0.32),
                (-0.2, 0.3),
                (-0.32, -0.02),
            ];
            for (x, y) in leaves {
                svg.circle(
                    cx + x * s,
                    cy + y * s,
                    0.34 * s,
                    Style::fill(c).with_stroke(Stroke::new(c.mix(INK, 0.5), w)),
                );
            }
            svg.circle(cx, cy, 0.3 * s, Style::fill(c));
            svg.circle(
                cx - 0.12 * s,
                cy - 0.14 * s,
                0.12 * s,
                Style::fill(c.mix(Color::WHITE, 0.35)),
            );
        }
        Look::Stump => {
            svg.circle(
                cx,
                cy,
                0.58 * s,
                Style::fill(WOOD).with_stroke(Stroke::new(WOOD_DARK, w * 1.2)),
            );
            for r in [0.4, 0.22] {
                svg.circle(
                    cx,
                    cy,
                    r * s,
                    Style::fill(Color::hex(0xc89b62)).with_stroke(Stroke::new(WOOD_DARK, w * 0.6)),
                );
            }
        }
        Look::Slab(c, detail) => {
            let (hw, hh) = (0.62, 0.42);
            let edge = Stroke::new(c.mix(INK, 0.55), w * 1.1);
            svg.rounded_rect(
                cx - hw * s,
                cy - hh * s,
                2.0 * hw * s,
                2.0 * hh * s,
                0.08 * s,
                Style::fill(c).with_stroke(edge),
            );
            let line = Stroke::new(c.mix(INK, 0.55), w * 0.7);
            match detail {
                Detail::Plain => {}
                Detail::Shelves => {
                    for y in [-0.14, 0.14] {
                        svg.polyline(&at(&[(-hw, y), (hw, y)]), line);
                    }
                }
                Detail::Cross => {
                    svg.polyline(&at(&[(-hw, -hh), (hw, hh)]), line);
                    svg.polyline(&at(&[(-hw, hh), (hw, -hh)]), line);
                }
                Detail::Lid => {
                    svg.polyline(&at(&[(0.0, -0.3), (0.0, 0.3)]), line);
                    svg.polyline(&at(&[(-0.2, -0.08), (0.2, -0.08)]), line);
                }
                Detail::Candle => {
                    svg.rect(
                        cx - 0.06 * s,
                        cy - 0.3 * s,
                        0.12 * s,
                        0.3 * s,
                        Style::fill(Color::WHITE),
                    );
                    svg.circle(cx, cy - 0.36 * s, 0.07 * s, Style::fill(FLAME));
                }
            }
        }
        Look::Barrel => {
            svg.polygon(
                &at(&ring(16, 0.56, 0.8, 1.0)),
                Style::fill(Color::hex(0xa26a3a)).with_stroke(Stroke::new(WOOD_DARK, w * 1.1)),
            );
            for y in [-0.3, 0.3] {
                svg.polyline(&at(&[(-0.4, y), (0.4, y)]), Stroke::new(ROCK_INK, w));
            }
        }
        Look::Pit => {
            svg.polygon(
                &at(&ring(18, 0.66, 1.0, 0.86)),
                Style::fill(Color::hex(0x2b2233)).with_stroke(Stroke::new(INK, w * 1.2)),
            );
            svg.polygon(
                &at(&ring(18, 0.4, 1.0, 0.8)),
                Style::fill(Color::hex(0x0d0a10)),
            );
        }
        Look::Wall => {
            svg.rect(
                cx - 0.66 * s,
                cy - 0.44 * s,
                1.32 * s,
                0.88 * s,
                Style::fill(Color::hex(0x8a8580)).with_stroke(Stroke::new(ROCK_INK, w)),
            );
            let mortar = Stroke::new(ROCK_INK, w * 0.6);
            for y in [-0.15, 0.15] {
                svg.polyline(&at(&[(-0.66, y), (0.66, y)]), mortar);
            }
            for (x, y0, y1) in [
                (-0.2, -0.44, -0.15),
                (0.3, -0.44, -0.15),
                (0.05, -0.15, 0.15),
                (-0.4, 0.15, 0.44),
                (0.35, 0.15, 0.44),
            ] {
                svg.polyline(&at(&[(x, y0), (x, y1)]), mortar);
            }
        }
        Look::Totem => {
            svg.rect(
                cx - 0.22 * s,
                cy - 0.66 * s,
                0.44 * s,
                1.32 * s,
                Style::fill(Color::hex(0x9b5d2e)).with_stroke(Stroke::new(WOOD_DARK, w)),
            );
            for y in [-0.4, 0.05] {
                svg.circle(cx - 0.08 * s, cy + y * s, 0.05 * s, Style::fill(INK));
                svg.circle(cx + 0.08 * s, cy + y * s, 0.05 * s, Style::fill(INK));
                svg.polyline(
                    &at(&[(-0.1, y + 0.16), (0.1, y + 0.16)]),
                    Stroke::new(INK, w * 0.7),
                );
            }
        }
        Look::Nest => {
            svg.circle(
                cx,
                cy,
                0.6 * s,
                Style::fill(Color::hex(0x8d6e4a)).with_stroke(Stroke::new(WOOD_DARK, w * 1.2)),
            );
            svg.circle(cx, cy, 0.38 * s, Style::fill(Color::hex(0x5d4630)));
            for (x, y) in [(-0.14, -0.06), (0.14, -0.08), (0.0, 0.14)] {
                svg.polygon(
                    &place(cx + x * s, cy + y * s, s, 0.0, &ring(10, 0.13, 0.8, 1.0)),
                    Style::fill(Color::hex(0xf3ead7)).with_stroke(Stroke::new(INK, w * 0.4)),
                );
            }
        }
        Look::Fountain => {
            svg.circle(
                cx,
                cy,
                0.62 * s,
                Style::fill(Color::hex(0xc9c3b6)).with_stroke(Stroke::new(ROCK_INK, w * 1.1)),
            );
            svg.circle(cx, cy, 0.44 * s, Style::fill(Color::hex(0x6fa8dc)));
            svg.circle(cx, cy, 0.12 * s, Style::fill(Color::WHITE));
        }
        Look::Mirror => {
            svg.polygon(
                &at(&ring(18, 0.6, 0.7, 1.0)),
                Style::fill(Color::hex(0xdfe7ee))
                    .with_stroke(Stroke::new(Color::hex(0x6b7b8c), w * 1.4)),
            );
            svg.polyline(
                &at(&[(-0.18, -0.3), (0.12, 0.2)]),
                Stroke::new(Color::WHITE, w * 1.2),
            );
        }
        Look::Jaws(c) => {
            let spikes = 10;
            let jaw: Vec<(f32, f32)> = (0..2 * spikes)
                .map(|k| {
                    let a = PI * k as f32 / spikes as f32;
                    let r = if k % 2 == 0 { 0.68 } else { 0.4 };
                    (r * a.cos(), r * a.sin())
                })
                .collect();
            let dark = c.mix(INK, 0.65);
            svg.polygon(&at(&jaw), Style::fill(c).with_stroke(Stroke::new(dark, w)));
            svg.circle(
                cx,
                cy,
                0.24 * s,
                Style::fill(dark).with_stroke(Stroke::new(c, w * 0.8)),
            );
        }
        Look::Spikes => {
            svg.polygon(
                &corners(cx, cy, s * 0.72),
                Style::fill(Color::hex(0x7a746d)).with_stroke(Stroke::new(ROCK_INK, w)),
            );
            for (x, y) in [
                (-0.25, -0.2),
                (0.25, -0.2),
                (0.0, 0.05),
                (-0.25, 0.3),
                (0.25, 0.3),
            ] {
                svg.polygon(
                    &at(&[(x - 0.12, y + 0.1), (x, y - 0.22), (x + 0.12, y + 0.1)]),
                    Style::fill(Color::hex(0xe0dcd5)).with_stroke(Stroke::new(ROCK_INK, w * 0.6)),
                );
            }
        }
        Look::Flames => {
            ground(svg, cx, cy, s, HAZARD, TRAP_INK);
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
                &at(&flame),
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
            svg.polygon(&at(&core), Style::fill(FLAME_CORE));
        }
        Look::Thorns => {
            ground(svg, cx, cy, s, Color::hex(0x9bb05a), Color::hex(0x3d4d16));
            let thorn = Stroke::new(Color::hex(0x3d4d16), w * 1.1);
            for y in [-0.3, 0.05, 0.38] {
                let zig: Vec<(f32, f32)> = (0..7)
                    .map(|k| {
                        (
                            -0.5 + k as f32 / 6.0,
                            y + if k % 2 == 0 { 0.0 } else { -0.14 },
                        )
                    })
                    .collect();
                svg.polyline(&at(&zig), thorn);
            }
        }
        Look::Water => {
            ground(svg, cx, cy, s, Color::hex(0x6fa8dc), Color::hex(0x1f4e79));
            let wave = Stroke::new(Color::hex(0xeaf4fc), w * 1.1);
            for y in [-0.28, 0.02, 0.32] {
                let points: Vec<(f32, f32)> = (0..9)
                    .map(|k| {
                        let x = -0.5 + k as f32 / 8.0;
                        (x, y + 0.07 * (x * 4.0 * PI).sin())
                    })
                    .collect();
                svg.polyline(&at(&points), wave);
            }
        }
        Look::Rubble => {
            ground(svg, cx, cy, s, ROUGH, ROUGH_INK);
            for (x, y, r) in [
                (-0.3, -0.25, 0.14),
                (0.2, -0.3, 0.11),
                (0.0, 0.04, 0.16),
                (-0.32, 0.3, 0.11),
                (0.32, 0.26, 0.14),
            ] {
                svg.polygon(
                    &place(cx + x * s, cy + y * s, s, 0.0, &ring(6, r, 1.0, 0.85)),
                    Style::fill(ROCK_LIGHT).with_stroke(Stroke::new(ROUGH_INK, w * 0.7)),
                );
            }
        }
        Look::Stairs(upright) => {
            ground(svg, cx, cy, s, Color::hex(0xcdbfa3), ROCK_INK);
            let step = Stroke::new(ROCK_INK, w * 0.9);
            for k in 0..4 {
                let v = -0.36 + 0.24 * k as f32;
                let line = if upright {
                    [(v, -0.45), (v, 0.45)]
                } else {
                    [(-0.45, v), (0.45, v)]
                };
                svg.polyline(&at(&line), step);
            }
        }
        Look::Log => {
            ground(svg, cx, cy, s, ROUGH, ROUGH_INK);
            svg.rounded_rect(
                cx - 0.6 * s,
                cy - 0.22 * s,
                1.2 * s,
                0.44 * s,
                0.22 * s,
                Style::fill(Color::hex(0x8b5a2b)).with_stroke(Stroke::new(WOOD_DARK, w)),
            );
            svg.circle(
                cx + 0.44 * s,
                cy,
                0.16 * s,
                Style::fill(Color::hex(0xc89b62)).with_stroke(Stroke::new(WOOD_DARK, w * 0.6)),
            );
        }
    }
}
