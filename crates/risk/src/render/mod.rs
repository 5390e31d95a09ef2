//! SVG pictures of a map and, optionally, a board on it, in the style of Figure 1 of Rossato et
//! al.: circles are territories and grey lines join neighbours; each node is numbered with its
//! id, or "id(troops)" on a board; the thick ring round a node is its continent's colour and its
//! fill is its owner's (player 1 blue, player 2 red, neutral white). One-way arcs are arrows.
//! A legend lists the continents with their colour, bonus and size, on a board each owner's
//! colour with its territories and troops, and the borders and arcs; it goes under the map in
//! columns or beside it, whichever makes the picture nearer 3:2. Territory names can be written
//! beside the nodes ([`View::names`]), each where it covers the fewest nodes, names and lines.
//!
//! Territories sit where [`layout`] puts them (with [`View::layout_seed`]), scaled so that no two nodes
//! touch (for maps up to 3,000 pixels across; about 900 for 42 territories without names).
//! Every border, arc and territory is a group with a tooltip. Pictures are deterministic and
//! rasterise with [`ludoforge_draw::svg_to_png`].
//!
//! ```
//! use ludoforge_risk::map::RiskMap;
//! use ludoforge_risk::render::{View, svg};
//!
//! let map = RiskMap::embedded("map8").unwrap();
//! let owner = [0, 0, 1, 1, 2, 0, 1, 1, 0, 2];
//! let troops = [3, 1, 2, 5, 1, 1, 4, 2, 2, 1];
//! let view = View::default().with_caption("map8, mid-game");
//! let picture = svg(&map, Some(&owner), Some(&troops), &view);
//! assert_eq!(picture.matches("<title>Territory ").count(), 10);
//! assert!(picture.contains(">3(5)</text>"));
//! assert!(ludoforge_draw::svg_to_png(&picture, 1.0).is_ok());
//! ```

use ludoforge_draw::legend;
use ludoforge_draw::{Anchor, Color, Stroke, Style, Svg, TextStyle, text_width};

use crate::layout::layout;
use crate::map::{RiskMap, TerritoryId};

mod key;
mod names;
#[cfg(test)]
mod tests;

use key::{Legend, legend_lines};
use names::{clip, place_names, segments};

/// What a picture shows besides the map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// A line of text under the picture.
    pub caption: Option<String>,
    /// Write each territory's name beside its node.
    pub names: bool,
    /// The seed of the layout of a map without positions ([`LAYOUT_SEED`] by default).
    pub layout_seed: u64,
}

impl Default for View {
    fn default() -> Self {
        View {
            caption: None,
            names: false,
            layout_seed: LAYOUT_SEED,
        }
    }
}

impl View {
    /// The same view with a caption line.
    #[must_use]
    pub fn with_caption(mut self, text: impl Into<String>) -> View {
        self.caption = Some(text.into());
        self
    }

    /// The same view with territory names.
    #[must_use]
    pub fn with_names(mut self) -> View {
        self.names = true;
        self
    }
}

/// The seed of the layout pictures use unless their [`View`] says otherwise.
pub const LAYOUT_SEED: u64 = 1;

/// Fills of player 1's and player 2's territories.
const PLAYER: [Color; 2] = [Color::hex(0x1d3f8f), Color::hex(0xa50f15)];
/// Fill of neutral territories and of nodes on a bare map.
const NEUTRAL_FILL: Color = Color::WHITE;
/// Borders and one-way arcs.
const BORDER: Color = Color::hex(0x9e9e9e);
const ARC: Color = Color::hex(0x5f6b73);
/// Numbers on white nodes, names, legend and caption text.
const INK: Color = Color::hex(0x263238);
const LABEL: Color = Color::hex(0x333333);

/// A node's radius (to the middle of its ring) and its ring's width.
const RADIUS: f32 = 23.0;
const RING: f32 = 6.0;
/// The outer edge of a node.
const OUTER: f32 = RADIUS + RING / 2.0;
/// The inside of a node, where its label goes.
const INNER: f32 = RADIUS - RING / 2.0;
/// The least gap between two nodes.
const NODE_GAP: f32 = 14.0;
/// Border and arc widths.
const BORDER_WIDTH: f32 = 1.6;
const ARC_WIDTH: f32 = 2.0;
/// Largest size of a node's label.
const NUMBER: f32 = 12.5;
/// Size of territory names.
const NAME: f32 = 10.5;
/// Space around the picture, between the map and the legend, and legend and caption sizes.
const MARGIN: f32 = 16.0;
const LEGEND_GAP: f32 = 24.0;
const TEXT: f32 = 12.0;
const CAPTION: f32 = 13.0;
const LEGEND_LINE: f32 = 21.0;
/// Inner padding of the legend, the gap between its columns and the room for a sample.
const LEGEND_PAD: f32 = 12.0;
const COLUMN_GAP: f32 = 28.0;
const SAMPLE: f32 = 26.0;
/// Widest map drawn, in pixels.
const MAX_SIDE: f32 = 3000.0;

/// An SVG picture of `map` (see the [module notes](self)).
///
/// Without `owner` every node is white and numbered with its id; with it, nodes are filled by
/// owner (0 is player 1, 1 is player 2, anything else neutral). With `troops`, nodes are
/// numbered "id(troops)". Entries missing from a short slice count as neutral and unlabelled.
#[must_use]
pub fn svg(map: &RiskMap, owner: Option<&[u8]>, troops: Option<&[u32]>, view: &View) -> String {
    let at = layout(map, view.layout_seed);
    let scale = pixel_scale(&at, view.names);
    let centre: Vec<(f32, f32)> = at
        .iter()
        .map(|&(x, y)| ((x * scale) as f32, (y * scale) as f32))
        .collect();
    let segments = segments(map);
    let names = if view.names {
        place_names(map, &centre, &segments)
    } else {
        Vec::new()
    };

    // The map's extent: nodes and names.
    let mut lo = (f32::INFINITY, f32::INFINITY);
    let mut hi = (f32::NEG_INFINITY, f32::NEG_INFINITY);
    for &(x, y) in &centre {
        lo = (lo.0.min(x - OUTER), lo.1.min(y - OUTER));
        hi = (hi.0.max(x + OUTER), hi.1.max(y + OUTER));
    }
    for r in &names {
        lo = (lo.0.min(r.x), lo.1.min(r.y));
        hi = (hi.0.max(r.x + r.w), hi.1.max(r.y + r.h));
    }
    let (left, top) = (MARGIN - lo.0, MARGIN - lo.1);
    let (map_width, map_height) = (hi.0 - lo.0, hi.1 - lo.1);

    // The legend goes under the map (in columns) or beside it (in one), whichever gives a
    // picture nearer 3:2.
    let lines = legend_lines(map, owner, troops);
    let caption_width = view
        .caption
        .as_deref()
        .map_or(0.0, |c| text_width(c, CAPTION));
    let caption_height = if view.caption.is_some() {
        CAPTION * 2.2
    } else {
        0.0
    };
    let size = |legend: &Legend, beside: bool| {
        let (w, h) = if beside {
            (
                map_width + LEGEND_GAP + legend.width,
                map_height.max(legend.height),
            )
        } else {
            (
                map_width.max(legend.width),
                map_height + LEGEND_GAP + legend.height,
            )
        };
        (
            w.max(caption_width) + 2.0 * MARGIN,
            h + caption_height + 2.0 * MARGIN,
        )
    };
    let under = Legend::new(lines.clone(), map_width);
    let beside = Legend::new(lines, 0.0);
    let off = |(w, h): (f32, f32)| (w / h / 1.5).ln().abs();
    let (legend, on_right) = if off(size(&beside, true)) < off(size(&under, false)) {
        (beside, true)
    } else {
        (under, false)
    };
    let (width, height) = size(&legend, on_right);
    let (legend_left, legend_top) = if on_right {
        (MARGIN + map_width + LEGEND_GAP, MARGIN)
    } else {
        (MARGIN, MARGIN + map_height + LEGEND_GAP)
    };
    let caption_top = height - MARGIN - caption_height;

    let mut svg = Svg::new(width.ceil(), height.ceil());
    svg.background(Color::WHITE);
    let shift = |(x, y): (f32, f32)| (x + left, y + top);
    for s in &segments {
        let (a, b) = (shift(centre[s.from]), shift(centre[s.to]));
        let (from, to) = (
            map.territory_name(s.from as TerritoryId),
            map.territory_name(s.to as TerritoryId),
        );
        if s.one_way {
            let title = format!("One-way arc {} → {}: {from} → {to}", s.from, s.to);
            let [mut p, mut q] = clip(a, b, OUTER + 1.0, OUTER + 1.2 * ARC_WIDTH + 1.0);
            if s.paired {
                // Arcs both ways: each keeps to its own side.
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                let length = dx.hypot(dy).max(f32::EPSILON);
                let (ox, oy) = (-dy / length * 3.0, dx / length * 3.0);
                p = (p.0 + ox, p.1 + oy);
                q = (q.0 + ox, q.1 + oy);
            }
            let points = [p, q];
            svg.group(&title, |g| {
                g.arrow(&points, Stroke::new(ARC, ARC_WIDTH));
            });
        } else {
            let title = format!("Border {} – {}: {from} – {to}", s.from, s.to);
            svg.group(&title, |g| {
                g.line(a.0, a.1, b.0, b.1, Stroke::new(BORDER, BORDER_WIDTH));
            });
        }
    }
    for (t, r) in names.iter().enumerate() {
        let (x, y) = shift((r.x, r.y));
        svg.rounded_rect(
            x,
            y,
            r.w,
            r.h,
            3.0,
            Style::fill(Color::WHITE).with_opacity(0.85),
        );
        svg.text(
            x + r.w / 2.0,
            y + r.h / 2.0,
            map.territory_name(t as TerritoryId),
            TextStyle::new(NAME).color(LABEL).centered(),
        );
    }
    for (t, &c) in centre.iter().enumerate() {
        let (x, y) = shift(c);
        let id = t as TerritoryId;
        let continent = map.continent_of(id);
        let who = owner.and_then(|o| o.get(t)).copied();
        let count = troops.and_then(|o| o.get(t)).copied();
        let fill = match who {
            Some(p @ (0 | 1)) => PLAYER[p as usize],
            _ => NEUTRAL_FILL,
        };
        let ink = if fill == NEUTRAL_FILL {
            INK
        } else {
            Color::WHITE
        };
        let label = match count {
            Some(c) => format!("{t}({c})"),
            None => t.to_string(),
        };
        let mut title = format!(
            "Territory {t}: {} ({})",
            map.territory_name(id),
            map.continents()[continent].name
        );
        match who {
            Some(p @ (0 | 1)) => title.push_str(&format!(", player {}", p + 1)),
            Some(_) => title.push_str(", neutral"),
            None => {}
        }
        if let Some(c) = count {
            title.push_str(&format!(", {c} troops"));
        }
        svg.group(&title, |g| {
            g.circle(
                x,
                y,
                RADIUS,
                Style::fill(fill).with_stroke(Stroke::new(Color::categorical(continent), RING)),
            );
            let size = (2.0 * INNER * 0.9 / text_width(&label, 1.0)).min(NUMBER);
            g.text(
                x,
                y,
                &label,
                TextStyle::new(size).color(ink).bold().centered(),
            );
        });
    }
    legend.draw(&mut svg, legend_left, legend_top);
    if let Some(caption) = &view.caption {
        svg.text(
            MARGIN,
            caption_top + CAPTION * 1.6,
            caption,
            TextStyle::new(CAPTION).color(LABEL),
        );
    }
    svg.finish()
}

/// Pixels per layout unit: enough for the map's size (more with names), and enough that the
/// two nearest nodes keep [`NODE_GAP`] between them.
fn pixel_scale(at: &[(f64, f64)], names: bool) -> f64 {
    let n = at.len() as f64;
    let base = (125.0 * n.sqrt()).clamp(300.0, 2000.0) * if names { 1.15 } else { 1.0 };
    let mut nearest = f64::INFINITY;
    for (i, &a) in at.iter().enumerate() {
        for &b in &at[i + 1..] {
            nearest = nearest.min((a.0 - b.0).hypot(a.1 - b.1));
        }
    }
    let needed = f64::from(2.0 * OUTER + NODE_GAP) / nearest;
    base.max(if needed.is_finite() { needed } else { 0.0 })
        .min(f64::from(MAX_SIDE))
}
