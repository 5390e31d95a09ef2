//! The symbols drawn on the map and in the legend: doors, keys, rewards, traps, herrings,
//! creatures and their badges.

use super::*;

/// Stroke width of outlines at glyph size `g`.
pub(super) fn ink(g: f32) -> f32 {
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
pub(super) fn badge(svg: &mut Svg, cx: f32, cy: f32, g: f32, id: u32) {
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
pub(super) fn coin(svg: &mut Svg, cx: f32, cy: f32, r: f32, g: f32) {
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
