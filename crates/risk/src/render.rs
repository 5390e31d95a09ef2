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

/// A border or a one-way arc, between nodes.
struct Segment {
    from: usize,
    to: usize,
    one_way: bool,
    /// A one-way arc whose reverse is an arc too.
    paired: bool,
}

/// The borders, then the one-way arcs, of the map.
fn segments(map: &RiskMap) -> Vec<Segment> {
    let file = map.file();
    file.borders
        .iter()
        .map(|&[a, b]| Segment {
            from: a as usize,
            to: b as usize,
            one_way: false,
            paired: false,
        })
        .chain(file.one_way.iter().map(|&[a, b]| Segment {
            from: a as usize,
            to: b as usize,
            one_way: true,
            paired: file.one_way.contains(&[b, a]),
        }))
        .collect()
}

/// An axis-aligned box.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Rect {
    x: f32,
    y: f32,
    w: f32,
    h: f32,
}

impl Rect {
    fn overlap(&self, other: &Rect) -> f32 {
        let w = (self.x + self.w).min(other.x + other.w) - self.x.max(other.x);
        let h = (self.y + self.h).min(other.y + other.h) - self.y.max(other.y);
        if w > 0.0 && h > 0.0 { w * h } else { 0.0 }
    }

    /// The distance from `p` to the box (0 inside).
    fn distance(&self, p: (f32, f32)) -> f32 {
        let dx = (self.x - p.0).max(p.0 - self.x - self.w).max(0.0);
        let dy = (self.y - p.1).max(p.1 - self.y - self.h).max(0.0);
        dx.hypot(dy)
    }

    /// Whether the segment `a`–`b` passes through the box.
    fn cut_by(&self, a: (f32, f32), b: (f32, f32)) -> bool {
        // Liang–Barsky clipping.
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let mut t0 = 0.0f32;
        let mut t1 = 1.0f32;
        for (p, q) in [
            (-dx, a.0 - self.x),
            (dx, self.x + self.w - a.0),
            (-dy, a.1 - self.y),
            (dy, self.y + self.h - a.1),
        ] {
            if p == 0.0 {
                if q < 0.0 {
                    return false;
                }
            } else {
                let r = q / p;
                if p < 0.0 {
                    t0 = t0.max(r);
                } else {
                    t1 = t1.min(r);
                }
            }
        }
        t0 <= t1
    }
}

/// A box for each territory's name beside its node, chosen greedily among twelve spots round
/// the node for the fewest nodes, names and lines covered and the fewest other nodes nearby.
fn place_names(map: &RiskMap, centre: &[(f32, f32)], segments: &[Segment]) -> Vec<Rect> {
    let h = NAME * 1.3;
    let pad = 3.0;
    let mut placed: Vec<Rect> = Vec::with_capacity(centre.len());
    for (t, &(x, y)) in centre.iter().enumerate() {
        let w = text_width(map.territory_name(t as TerritoryId), NAME) + 2.0 * pad;
        let side = OUTER + 2.0;
        let corner = OUTER * 0.72;
        let rect = |x, y| Rect { x, y, w, h };
        let (above, below) = (y - side - h + 1.0, y + side - 1.0);
        let candidates = [
            rect(x + side, y - h / 2.0),
            rect(x - side - w, y - h / 2.0),
            rect(x - w / 2.0, below),
            rect(x - w / 2.0, above),
            rect(x + corner, y + corner),
            rect(x + corner, y - corner - h),
            rect(x - corner - w, y + corner),
            rect(x - corner - w, y - corner - h),
            // Above and below, flush with either side of the node.
            rect(x - OUTER, below),
            rect(x + OUTER - w, below),
            rect(x - OUTER, above),
            rect(x + OUTER - w, above),
        ];
        let cost = |r: &Rect| {
            let (mut nodes, mut near) = (0, 0);
            for (u, &c) in centre.iter().enumerate() {
                let d = r.distance(c);
                if u != t && d < OUTER + 1.0 {
                    nodes += 1;
                } else if u != t && d < OUTER + 14.0 {
                    near += 1;
                }
            }
            let names: f32 = placed.iter().map(|p| r.overlap(p)).sum();
            let lines = segments
                .iter()
                .filter(|s| s.from != t && s.to != t)
                .filter(|s| r.cut_by(centre[s.from], centre[s.to]))
                .count();
            let own_lines = segments
                .iter()
                .filter(|s| s.from == t || s.to == t)
                .filter(|s| r.cut_by(centre[s.from], centre[s.to]))
                .count();
            100.0 * nodes as f32
                + 25.0 * near as f32
                + 2.0 * names
                + 4.0 * lines as f32
                + 2.0 * own_lines as f32
        };
        let mut best = candidates[0];
        let mut best_cost = f32::INFINITY;
        for (i, r) in candidates.iter().enumerate() {
            let c = cost(r) + 0.1 * i as f32;
            if c < best_cost {
                best = *r;
                best_cost = c;
            }
        }
        placed.push(best);
    }
    placed
}

/// The segment `a`–`b` shortened by `start` at `a` and `end` at `b` (never past its middle).
fn clip(a: (f32, f32), b: (f32, f32), start: f32, end: f32) -> [(f32, f32); 2] {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = dx.hypot(dy);
    if length <= f32::EPSILON {
        return [a, b];
    }
    let (s, e) = ((start / length).min(0.45), (end / length).min(0.45));
    [(a.0 + dx * s, a.1 + dy * s), (b.0 - dx * e, b.1 - dy * e)]
}

/// What a legend line shows before its text.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Sample {
    /// The map's name, in bold.
    Title,
    /// A continent's ring.
    Continent(usize),
    /// An owner's fill (0, 1 or neutral).
    Owner(u8),
    /// A border line.
    Border,
    /// A one-way arrow.
    Arc,
    /// Text only.
    Note,
}

#[derive(Clone)]
struct LegendLine {
    kind: Sample,
    text: String,
}

impl LegendLine {
    fn sample(&self) -> bool {
        !matches!(self.kind, Sample::Title | Sample::Note)
    }
}

fn legend_lines(map: &RiskMap, owner: Option<&[u8]>, troops: Option<&[u32]>) -> Vec<LegendLine> {
    let line = |kind, text: String| LegendLine { kind, text };
    let n = map.territories();
    let mut lines = vec![line(Sample::Title, map.name().to_string())];
    for (c, continent) in map.continents().iter().enumerate() {
        let size = continent.territories.len();
        lines.push(line(
            Sample::Continent(c),
            format!(
                "{}: bonus {}, {size} {}",
                continent.name,
                continent.bonus,
                if size == 1 {
                    "territory"
                } else {
                    "territories"
                }
            ),
        ));
    }
    if let Some(owner) = owner {
        let who = |t: usize| match owner.get(t) {
            Some(&p) if p < 2 => p,
            _ => 2,
        };
        for p in 0..3u8 {
            let held: Vec<usize> = (0..n).filter(|&t| who(t) == p).collect();
            if p == 2 && held.is_empty() {
                continue;
            }
            let mut text = match p {
                0 | 1 => format!("Player {}: {}", p + 1, held.len()),
                _ => format!("Neutral: {}", held.len()),
            };
            text.push_str(if held.len() == 1 {
                " territory"
            } else {
                " territories"
            });
            if let Some(troops) = troops {
                let sum: u64 = held
                    .iter()
                    .map(|&t| u64::from(troops.get(t).copied().unwrap_or(0)))
                    .sum();
                text.push_str(&format!(", {sum} troops"));
            }
            lines.push(line(Sample::Owner(p), text));
        }
    }
    lines.push(line(
        Sample::Border,
        format!("Border ({})", map.border_count()),
    ));
    let arcs = map.file().one_way.len();
    if arcs > 0 {
        lines.push(line(Sample::Arc, format!("One-way arc ({arcs})")));
    }
    lines.push(line(
        Sample::Note,
        format!("{n} territories, {} continents", map.continents().len()),
    ));
    lines
}

/// The legend under the map: its lines in as many columns as fit the map's width.
struct Legend {
    lines: Vec<LegendLine>,
    rows: usize,
    columns: Vec<f32>,
    width: f32,
    height: f32,
}

impl Legend {
    fn new(lines: Vec<LegendLine>, room: f32) -> Legend {
        let widths: Vec<f32> = lines
            .iter()
            .map(|line| {
                let text = if line.kind == Sample::Title {
                    text_width(&line.text, TEXT + 1.0)
                } else {
                    text_width(&line.text, TEXT)
                };
                text + if line.sample() { SAMPLE } else { 0.0 }
            })
            .collect();
        let layout = |rows: usize| {
            let columns: Vec<f32> = widths
                .chunks(rows)
                .map(|c| c.iter().copied().fold(0.0, f32::max))
                .collect();
            let width = columns.iter().sum::<f32>()
                + COLUMN_GAP * (columns.len() - 1) as f32
                + 2.0 * LEGEND_PAD;
            (columns, width)
        };
        let n = lines.len().max(1);
        let rows = (1..=n).find(|&rows| layout(rows).1 <= room).unwrap_or(n);
        let (columns, width) = layout(rows);
        Legend {
            height: rows as f32 * LEGEND_LINE + 14.0,
            lines,
            rows,
            columns,
            width,
        }
    }

    fn draw(&self, svg: &mut Svg, x: f32, y: f32) {
        svg.group("Legend", |g| {
            legend::panel(g, x, y, self.width, self.height);
            let r = 6.5;
            for (i, line) in self.lines.iter().enumerate() {
                let column = i / self.rows;
                let left = x
                    + LEGEND_PAD
                    + self.columns[..column].iter().sum::<f32>()
                    + COLUMN_GAP * column as f32;
                let cy = y + 7.0 + ((i % self.rows) as f32 + 0.5) * LEGEND_LINE;
                let sx = left + r;
                let (x0, x1) = (left - 2.0, left + 18.0);
                match line.kind {
                    Sample::Continent(c) => {
                        g.circle(
                            sx,
                            cy,
                            r,
                            Style::fill(NEUTRAL_FILL)
                                .with_stroke(Stroke::new(Color::categorical(c), 4.0)),
                        );
                    }
                    Sample::Owner(p) => {
                        let fill = PLAYER.get(usize::from(p)).copied().unwrap_or(NEUTRAL_FILL);
                        g.circle(
                            sx,
                            cy,
                            r,
                            Style::fill(fill).with_stroke(Stroke::new(INK, 1.0)),
                        );
                    }
                    Sample::Border => {
                        g.line(x0, cy, x1, cy, Stroke::new(BORDER, BORDER_WIDTH));
                    }
                    Sample::Arc => {
                        g.arrow(&[(x0, cy), (x1 - 4.0, cy)], Stroke::new(ARC, ARC_WIDTH));
                    }
                    Sample::Title | Sample::Note => {}
                }
                let tx = if line.sample() { left + SAMPLE } else { left };
                let style = if line.kind == Sample::Title {
                    TextStyle::new(TEXT + 1.0).color(INK).bold().middle()
                } else {
                    TextStyle::new(TEXT).color(LABEL).middle()
                };
                g.text(tx, cy, &line.text, style.anchor(Anchor::Start));
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::EMBEDDED;
    use ludoforge_draw::svg_to_rgba;

    /// Circles the legend draws: one per continent, one per owner shown.
    fn legend_circles(map: &RiskMap, owner: Option<&[u8]>) -> usize {
        let owners = owner.map_or(0, |o| {
            2 + usize::from((0..map.territories()).any(|t| o.get(t).is_none_or(|&p| p > 1)))
        });
        map.continents().len() + owners
    }

    fn check(map: &RiskMap, owner: Option<&[u8]>, troops: Option<&[u32]>, view: &View) -> String {
        let picture = svg(map, owner, troops, view);
        let n = map.territories();
        let arcs = map.file().one_way.len();
        assert!(picture.starts_with("<?xml") && picture.trim_end().ends_with("</svg>"));
        assert_eq!(picture.matches("<title>Territory ").count(), n);
        assert_eq!(
            picture.matches("<circle").count(),
            n + legend_circles(map, owner),
            "{}",
            map.name()
        );
        assert_eq!(
            picture.matches("<title>Border ").count(),
            map.border_count()
        );
        assert_eq!(picture.matches("<line").count(), map.border_count() + 1);
        assert_eq!(picture.matches("<title>One-way arc ").count(), arcs);
        assert_eq!(
            picture.matches("marker-end").count(),
            arcs + usize::from(arcs > 0)
        );
        for t in 0..n {
            let label = match troops {
                Some(tr) => format!(">{t}({})</text>", tr[t]),
                None => format!(">{t}</text>"),
            };
            assert!(picture.contains(&label), "{}: no {label}", map.name());
            let name = format!(">{}</text>", map.territory_name(t as TerritoryId));
            assert_eq!(picture.contains(&name), view.names, "{name}");
        }
        for continent in map.continents() {
            assert!(picture.contains(&format!(">{}: bonus {}", continent.name, continent.bonus)));
        }
        if let Some(caption) = &view.caption {
            assert!(picture.contains(caption.as_str()));
        }
        let image = svg_to_rgba(&picture, 0.5).unwrap();
        let inked = image
            .pixels
            .chunks(4)
            .filter(|p| p[3] > 0 && (p[0] < 200 || p[1] < 200 || p[2] < 200))
            .count();
        assert!(inked > 1000, "{}: {inked} dark pixels", map.name());
        picture
    }

    #[test]
    fn every_embedded_map() {
        for (name, _) in EMBEDDED {
            let map = RiskMap::embedded(name).unwrap();
            let n = map.territories();
            check(&map, None, None, &View::default());
            let owner: Vec<u8> = (0..n).map(|t| (t % 3) as u8).collect();
            let troops: Vec<u32> = (0..n).map(|t| 1 + (t as u32 * 7) % 13).collect();
            let view = View::default()
                .with_names()
                .with_caption(format!("{name} board"));
            let picture = check(&map, Some(&owner), Some(&troops), &view);
            assert_eq!(picture, svg(&map, Some(&owner), Some(&troops), &view));
        }
    }

    #[test]
    fn owners_fill_the_nodes() {
        let map = RiskMap::embedded("map8").unwrap();
        let owner = [0, 1, 2, 0, 1, 2, 0, 1, 2, 0];
        let picture = check(&map, Some(&owner), None, &View::default());
        let fills = |color: Color| {
            picture
                .lines()
                .filter(|l| l.starts_with("<circle") && l.contains(&format!("fill=\"{color}\"")))
                .count()
        };
        // Nodes plus the legend's sample.
        assert_eq!(fills(PLAYER[0]), 4 + 1);
        assert_eq!(fills(PLAYER[1]), 3 + 1);
        assert!(picture.contains(">Player 1: 4 territories</text>"));
        assert!(picture.contains(">Neutral: 3 territories</text>"));
        // A bare map: white nodes, no owners in the legend.
        let bare = check(&map, None, None, &View::default());
        assert!(!bare.contains(&PLAYER[0].to_string()));
        assert!(!bare.contains("Player 1"));
    }

    #[test]
    fn nodes_do_not_touch() {
        for (name, _) in EMBEDDED {
            let map = RiskMap::embedded(name).unwrap();
            let picture = svg(&map, None, None, &View::default());
            let centres: Vec<(f32, f32)> = picture
                .lines()
                .filter(|l| l.starts_with("<circle") && l.contains(&format!("r=\"{RADIUS}\"")))
                .map(|l| {
                    let num = |key: &str| {
                        let rest = &l[l.find(key).unwrap() + key.len()..];
                        rest[..rest.find('"').unwrap()].parse::<f32>().unwrap()
                    };
                    (num(" cx=\""), num(" cy=\""))
                })
                .collect();
            assert_eq!(centres.len(), map.territories());
            for (i, a) in centres.iter().enumerate() {
                for b in &centres[i + 1..] {
                    let d = (a.0 - b.0).hypot(a.1 - b.1);
                    assert!(d >= 2.0 * OUTER + NODE_GAP - 0.1, "{name}: {d}");
                }
            }
        }
    }

    #[test]
    fn short_slices_and_big_numbers() {
        let map = RiskMap::embedded("map8").unwrap();
        let picture = svg(&map, Some(&[0, 1]), Some(&[1000, 2, 3]), &View::default());
        assert!(picture.contains(">0(1000)</text>"));
        assert!(picture.contains(">9</text>"));
        assert!(picture.contains(">Player 1: 1 territory, 1000 troops</text>"));
        assert!(picture.contains(">Neutral: 8 territories, 3 troops</text>"));
    }

    #[test]
    fn maps_with_positions() {
        let text = r#"{"name": "line", "territories": [
            {"id": 0, "name": "West", "position": [0, 0]},
            {"id": 1, "name": "Middle", "position": [1, 0]},
            {"id": 2, "name": "East", "position": [2, 0]}],
          "continents": [{"name": "A", "bonus": 1, "territories": [0, 1]},
                         {"name": "B", "bonus": 2, "territories": [2]}],
          "borders": [[0, 1], [1, 2]], "one_way": [[0, 2], [2, 0]]}"#;
        let map = RiskMap::parse(text).unwrap();
        let picture = check(
            &map,
            Some(&[0, 1, 0]),
            Some(&[1, 2, 3]),
            &View::default().with_names(),
        );
        assert!(picture.contains(">B: bonus 2, 1 territory</text>"));
        assert!(picture.contains("<title>One-way arc 2 → 0: East → West</title>"));
    }

    #[test]
    fn boxes_and_clipping() {
        let r = Rect {
            x: 0.0,
            y: 0.0,
            w: 10.0,
            h: 4.0,
        };
        assert!(r.cut_by((-5.0, 2.0), (15.0, 2.0)));
        assert!(r.cut_by((5.0, -5.0), (5.0, 1.0)));
        assert!(!r.cut_by((-5.0, 6.0), (15.0, 5.0)));
        assert_eq!(r.distance((13.0, 8.0)), 5.0);
        assert_eq!(
            r.overlap(&Rect {
                x: 8.0,
                y: 2.0,
                w: 10.0,
                h: 10.0
            }),
            4.0
        );
        assert_eq!(
            clip((0.0, 0.0), (100.0, 0.0), 10.0, 20.0),
            [(10.0, 0.0), (80.0, 0.0)]
        );
    }

    /// Writes a board on the classic map (with names) and on map8, and every embedded map bare,
    /// to /tmp for a person to look at: `cargo test -p ludoforge-risk render_samples -- --ignored`.
    #[test]
    #[ignore = "writes PNG files to /tmp for inspection"]
    fn render_samples() {
        for (name, names) in [("classic", true), ("map8", false)] {
            let map = RiskMap::embedded(name).unwrap();
            let n = map.territories();
            let owner: Vec<u8> = (0..n).map(|t| ((t * 5 + 1) % 7 % 3) as u8).collect();
            let troops: Vec<u32> = (0..n).map(|t| 1 + (t as u32 * 7) % 13).collect();
            let view = View {
                caption: Some(format!("{name}: a board")),
                names,
                ..View::default()
            };
            let picture = svg(&map, Some(&owner), Some(&troops), &view);
            let png = ludoforge_draw::svg_to_png(&picture, 1.0).unwrap();
            std::fs::write(format!("/tmp/risk-{name}-board.png"), png).unwrap();
        }
        for (name, _) in EMBEDDED {
            let map = RiskMap::embedded(name).unwrap();
            let picture = svg(&map, None, None, &View::default().with_names());
            let png = ludoforge_draw::svg_to_png(&picture, 1.0).unwrap();
            std::fs::write(format!("/tmp/risk-{name}.png"), png).unwrap();
        }
    }
}
