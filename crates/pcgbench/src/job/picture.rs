//! A picture of a set: each content drawn tile by tile in the problem's colours, those of
//! quality 1 framed, with a legend of the tiles and the scores beneath.

use ludoforge_draw::{Color, Stroke, Style, Svg, TextStyle};

use crate::Grid;

/// Tile names and colours of a problem's family, by tile value.
fn palette(problem: &str) -> Vec<(&'static str, Color)> {
    let solid = ("solid", Color::hex(0x3d3a36));
    let empty = ("empty", Color::hex(0xe9e4d8));
    if problem.starts_with("zelda") {
        vec![
            solid,
            empty,
            ("player", Color::hex(0x2f6fd6)),
            ("key", Color::hex(0xe0b21b)),
            ("door", Color::hex(0x8a4b1c)),
            ("enemy", Color::hex(0xcf2e2e)),
        ]
    } else if problem.starts_with("sokoban") {
        vec![
            solid,
            empty,
            ("player", Color::hex(0x2f6fd6)),
            ("crate", Color::hex(0xc9822b)),
            ("target", Color::hex(0x3aa655)),
        ]
    } else if problem.starts_with("mdungeons") {
        vec![
            solid,
            empty,
            ("player", Color::hex(0x2f6fd6)),
            ("exit", Color::hex(0x7b3fb5)),
            ("potion", Color::hex(0xe05fa8)),
            ("treasure", Color::hex(0xe0b21b)),
            ("goblin", Color::hex(0x3aa655)),
            ("ogre", Color::hex(0xcf2e2e)),
        ]
    } else {
        vec![solid, empty]
    }
}

const MARGIN: f32 = 16.0;
const GAP: f32 = 10.0;
const TEXT: f32 = 13.0;

/// The set's contents (at most `most`), `columns` to a row, each framed green when `good[i]`;
/// `title` above and `caption` below.
#[must_use]
pub fn set_svg(
    problem: &str,
    contents: &[Grid],
    good: &[bool],
    title: &str,
    caption: &str,
    most: usize,
) -> String {
    let shown = &contents[..contents.len().min(most)];
    let Some(first) = shown.first() else {
        let mut svg = Svg::new(320.0, 60.0);
        svg.background(Color::WHITE);
        svg.text(MARGIN, 34.0, "no contents", TextStyle::new(TEXT));
        return svg.finish();
    };
    let (w, h) = (first.width() as f32, first.height() as f32);
    let tile = (96.0 / w.max(h)).clamp(3.0, 14.0);
    let columns = ((900.0 / (w * tile + GAP)).floor() as usize)
        .clamp(1, 10)
        .min(shown.len());
    let rows = shown.len().div_ceil(columns);
    let (cw, ch) = (w * tile, h * tile);
    let palette = palette(problem);
    let body_w = columns as f32 * (cw + GAP) - GAP;
    let legend_w: f32 = palette
        .iter()
        .map(|(name, _)| 22.0 + name.len() as f32 * 7.0)
        .sum();
    let width = (body_w.max(legend_w).max(360.0) + 2.0 * MARGIN).ceil();
    let top = MARGIN + TEXT * 1.6;
    let body_h = rows as f32 * (ch + GAP) - GAP;
    let height = (top + body_h + GAP + TEXT * 1.6 * 2.0 + MARGIN).ceil();
    let mut svg = Svg::new(width, height);
    svg.background(Color::WHITE);
    svg.text(MARGIN, MARGIN + TEXT, title, TextStyle::new(TEXT).bold());
    for (i, content) in shown.iter().enumerate() {
        let x0 = MARGIN + (i % columns) as f32 * (cw + GAP);
        let y0 = top + (i / columns) as f32 * (ch + GAP);
        svg.crisp_group(&format!("content {i}"), |svg| {
            for y in 0..content.height() {
                for x in 0..content.width() {
                    let color = palette
                        .get(usize::from(content.get(x, y)))
                        .map_or(Color::GRAY, |p| p.1);
                    svg.rect(
                        x0 + x as f32 * tile,
                        y0 + y as f32 * tile,
                        tile,
                        tile,
                        Style::fill(color),
                    );
                }
            }
        });
        let frame = if good.get(i).copied().unwrap_or(false) {
            Stroke::new(Color::hex(0x2e9d4f), 2.0)
        } else {
            Stroke::new(Color::hex(0xb8b2a6), 1.0)
        };
        svg.rect(
            x0 - 1.0,
            y0 - 1.0,
            cw + 2.0,
            ch + 2.0,
            Style::outline(frame),
        );
    }
    let mut x = MARGIN;
    let legend_y = top + body_h + GAP + TEXT;
    for (name, color) in &palette {
        svg.rect(
            x,
            legend_y - TEXT * 0.8,
            TEXT * 0.9,
            TEXT * 0.9,
            Style::fill(*color).with_stroke(Stroke::new(Color::hex(0x888888), 0.5)),
        );
        svg.text(x + TEXT * 1.2, legend_y, name, TextStyle::new(TEXT * 0.9));
        x += 22.0 + name.len() as f32 * 7.0;
    }
    let mut note = caption.to_string();
    if contents.len() > shown.len() {
        note.push_str(&format!(" · {} of {} shown", shown.len(), contents.len()));
    }
    svg.text(
        MARGIN,
        legend_y + TEXT * 1.6,
        &note,
        TextStyle::new(TEXT * 0.9).color(Color::hex(0x555555)),
    );
    svg.finish()
}
