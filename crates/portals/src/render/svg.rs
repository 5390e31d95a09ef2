//! Drawing a laid-out dungeon.

use std::collections::HashSet;

use ludoforge_draw::legend;
use ludoforge_draw::text_width;
use ludoforge_draw::{Anchor, Color, Stroke, Style, Svg, TextStyle};

use super::layout::{Layout, Spacing};
use super::{View, routes_of};
use crate::dungeon::{Dungeon, RoomId, Stage};

/// Fill of the entrance.
const ENTRANCE: Color = Color::hex(0x2e7d32);
/// Fill of the exit.
const EXIT: Color = Color::hex(0xc62828);
/// The shortest route.
const ROUTE: Color = Color::hex(0xef6c00);
/// Ordinary portals.
const PORTAL: Color = Color::hex(0x8193a0);
/// Outlines and numbers of ordinary rooms.
const INK: Color = Color::hex(0x263238);
/// Fill and outline of decision rooms.
const DECISION_FILL: Color = Color::hex(0xc9ddf2);
const DECISION_INK: Color = Color::hex(0x1f4e79);
/// Fill of rooms with one portal (or none).
const CORRIDOR_FILL: Color = Color::WHITE;
/// Captions and legend text.
const LABEL: Color = Color::hex(0x333333);

/// Space around the picture.
const MARGIN: f32 = 16.0;
/// Gap between the map and the legend.
const LEGEND_GAP: f32 = 28.0;
/// Size of legend and caption text.
const TEXT: f32 = 12.0;
const CAPTION: f32 = 13.0;
/// Passage rooms are this much smaller than the others.
const PASSAGE_SCALE: f32 = 0.85;

/// An SVG picture of a dungeon (see the [module notes](super)).
///
/// Works on any dungeon, even one that breaks the invariants of [`Dungeon::check`]: then rooms
/// are placed as well as they can be and nothing is highlighted where there is no route.
///
/// ```
/// use ludoforge_portals::Dungeon;
/// use ludoforge_portals::render::{View, svg};
///
/// // 0 → 1 → 2 → 4, 0 → 3 → 4, 1 → 3: the shortest route is 0 → 3 → 4.
/// let dungeon = Dungeon::from_portals(vec![vec![1, 3], vec![2, 3], vec![4], vec![4], vec![]], 4);
/// let picture = svg(&dungeon, &View::default().with_caption("a small dungeon"));
/// assert_eq!(picture.matches("marker-end").count(), 6); // one arrow per portal
/// assert!(picture.contains("<title>Portal 0 → 3 (shortest route)</title>"));
/// assert!(picture.contains("a small dungeon"));
/// ```
#[must_use]
pub fn svg(dungeon: &Dungeon, view: &View) -> String {
    let n = dungeon.rooms();
    let spacing = Spacing::for_rooms(n);
    let layout = Layout::new(dungeon, spacing);
    let routes = routes_of(dungeon);
    let highlight: Vec<RoomId> = match &routes {
        Some(r) if view.highlight_shortest && r.shortest_route.len() > 1 => {
            r.shortest_route.clone()
        }
        _ => Vec::new(),
    };
    let picture = Picture {
        dungeon,
        layout: &layout,
        labels: n <= Spacing::COMPACT_ABOVE,
        route_rooms: highlight.iter().copied().collect(),
        route_portals: highlight.windows(2).map(|w| (w[0], w[1])).collect(),
    };

    // The map's extent, with the entrance and exit labels beside their rooms.
    let r = spacing.radius;
    let origin = dungeon.origin() as usize;
    let exit = dungeon.exit() as usize;
    let (mut lo, mut hi) = (0.0f32, layout.width);
    if let Some(&(x, _)) = layout.centre.get(origin) {
        lo = lo.min(x - r - 6.0 - text_width("Entrance", TEXT));
    }
    if let Some(&(x, _)) = layout.centre.get(exit).filter(|_| exit != origin) {
        hi = hi.max(x + r + 6.0 + text_width("Exit", TEXT));
    }
    let left = MARGIN - lo;
    let top = MARGIN;
    let legend = picture.legend_lines(routes.as_ref());
    let legend_width = legend
        .iter()
        .map(|line| text_width(&line.text, TEXT) + if line.sample { 34.0 } else { 0.0 })
        .fold(0.0, f32::max)
        + 20.0;
    let legend_height = legend.len() as f32 * LEGEND_LINE + 14.0;
    let legend_left = left + hi + LEGEND_GAP;
    let body_height = layout.height.max(legend_height);
    let caption_width = view
        .caption
        .as_deref()
        .map_or(0.0, |c| text_width(c, CAPTION));
    let width = (legend_left + legend_width + MARGIN).max(caption_width + 2.0 * MARGIN);
    let height = top
        + body_height
        + if view.caption.is_some() {
            CAPTION * 2.2
        } else {
            0.0
        }
        + MARGIN;

    let mut svg = Svg::new(width.ceil(), height.ceil());
    svg.background(Color::WHITE);
    picture.draw_portals(&mut svg, left, top);
    picture.draw_rooms(&mut svg, left, top);
    picture.draw_legend(&mut svg, &legend, legend_left, top, legend_width);
    if let Some(caption) = &view.caption {
        svg.text(
            MARGIN,
            top + body_height + CAPTION * 1.6,
            caption,
            TextStyle::new(CAPTION).color(LABEL),
        );
    }
    svg.finish()
}

/// Height of a legend line.
const LEGEND_LINE: f32 = 20.0;

/// One line of the legend: a sample (by its kind) and a text.
struct LegendLine {
    kind: Sample,
    sample: bool,
    text: String,
}

#[derive(Clone, Copy, PartialEq)]
enum Sample {
    Entrance,
    Exit,
    Decision,
    Corridor,
    Passage,
    Portal,
    Route,
    Note,
}

/// A dungeon with its layout and what to highlight.
struct Picture<'a> {
    dungeon: &'a Dungeon,
    layout: &'a Layout,
    labels: bool,
    route_rooms: HashSet<RoomId>,
    route_portals: HashSet<(RoomId, RoomId)>,
}

impl Picture<'_> {
    fn radius(&self, room: RoomId) -> f32 {
        let r = self.layout.spacing.radius;
        if self.is_passage(room) {
            r * PASSAGE_SCALE
        } else {
            r
        }
    }

    fn is_passage(&self, room: RoomId) -> bool {
        room != self.dungeon.origin()
            && room != self.dungeon.exit()
            && self.dungeon.stage(room) == Stage::Passage
    }

    /// Stroke width of ordinary and highlighted portals.
    fn portal_width(&self, on_route: bool) -> f32 {
        let scale = self.layout.spacing.radius / Spacing::NORMAL.radius;
        if on_route {
            (3.2 * scale).max(1.6)
        } else {
            (1.3 * scale).max(0.6)
        }
    }

    /// Every portal as an arrow from its room's edge to the next room's edge, through its
    /// bends; the shortest route last, on top.
    fn draw_portals(&self, svg: &mut Svg, left: f32, top: f32) {
        for on_route in [false, true] {
            for path in &self.layout.portals {
                if self.route_portals.contains(&(path.from, path.to)) != on_route {
                    continue;
                }
                let width = self.portal_width(on_route);
                let color = if on_route { ROUTE } else { PORTAL };
                let to_radius = if (path.to as usize) < self.dungeon.rooms() {
                    self.radius(path.to)
                } else {
                    0.0
                };
                let points: Vec<(f32, f32)> = path
                    .points
                    .iter()
                    .map(|&(x, y)| (x + left, y + top))
                    .collect();
                let points = clip(
                    &points,
                    self.radius(path.from),
                    to_radius + 1.2 * width + 0.5,
                );
                let title = if on_route {
                    format!("Portal {} → {} (shortest route)", path.from, path.to)
                } else {
                    format!("Portal {} → {}", path.from, path.to)
                };
                svg.group(&title, |g| {
                    g.arrow(&points, Stroke::new(color, width));
                });
            }
        }
    }

    fn draw_rooms(&self, svg: &mut Svg, left: f32, top: f32) {
        let d = self.dungeon;
        let scale = self.layout.spacing.radius / Spacing::NORMAL.radius;
        for room in 0..d.rooms() as RoomId {
            let (x, y) = self.layout.centre[room as usize];
            let (x, y) = (x + left, y + top);
            let r = self.radius(room);
            let portals = d.portals(room).len();
            let passage = self.is_passage(room);
            let on_route = self.route_rooms.contains(&room);
            let (fill, ink, text) = if room == d.origin() {
                (ENTRANCE, ENTRANCE.mix(Color::BLACK, 0.35), Color::WHITE)
            } else if room == d.exit() {
                (EXIT, EXIT.mix(Color::BLACK, 0.35), Color::WHITE)
            } else if portals >= 2 {
                (DECISION_FILL, DECISION_INK, DECISION_INK)
            } else {
                (CORRIDOR_FILL, INK, INK)
            };
            let mut stroke = if on_route {
                Stroke::new(ROUTE, 3.0 * scale)
            } else {
                Stroke::new(ink, 1.3 * scale)
            };
            if passage {
                stroke = stroke.dashed(3.0 * scale, 2.0 * scale);
            }
            let mut title = format!("Room {room}");
            if room == d.origin() {
                title.push_str(" (entrance)");
            } else if room == d.exit() {
                title.push_str(" (exit)");
            } else if passage {
                title.push_str(" (passage)");
            }
            let exits: Vec<String> = d.portals(room).iter().map(ToString::to_string).collect();
            if !exits.is_empty() {
                title.push_str(": portals to ");
                title.push_str(&exits.join(", "));
            }
            svg.group(&title, |g| {
                g.circle(x, y, r, Style::fill(fill).with_stroke(stroke));
                if self.labels {
                    let label = room.to_string();
                    let digits = label.len() as f32;
                    let size = (2.0 * r * 0.82 / (digits * 0.62)).min(11.0);
                    let mut style = TextStyle::new(size).color(text).centered();
                    if room == d.origin() || room == d.exit() {
                        style = style.bold();
                    }
                    g.text(x, y, &label, style);
                }
            });
            if room == d.origin() {
                svg.text(
                    x - r - 6.0,
                    y,
                    "Entrance",
                    TextStyle::new(TEXT)
                        .color(ENTRANCE)
                        .bold()
                        .anchor(Anchor::End)
                        .middle(),
                );
            } else if room == d.exit() {
                svg.text(
                    x + r + 6.0,
                    y,
                    "Exit",
                    TextStyle::new(TEXT).color(EXIT).bold().middle(),
                );
            }
        }
    }

    fn legend_lines(&self, routes: Option<&crate::paths::Routes>) -> Vec<LegendLine> {
        let d = self.dungeon;
        let line = |kind, text: String| LegendLine {
            kind,
            sample: kind != Sample::Note,
            text,
        };
        let mut lines = vec![
            line(Sample::Entrance, format!("Entrance (room {})", d.origin())),
            line(Sample::Exit, format!("Exit (room {})", d.exit())),
            line(Sample::Decision, "Decision room (2+ portals)".to_string()),
            line(Sample::Corridor, "Room with one portal".to_string()),
            line(Sample::Passage, "Passage room (stage 2)".to_string()),
            line(Sample::Portal, "Portal (one way)".to_string()),
        ];
        if let Some(r) = routes
            && !self.route_portals.is_empty()
        {
            lines.push(line(
                Sample::Route,
                format!("Shortest route: {} portals", r.shortest),
            ));
        }
        lines.push(line(
            Sample::Note,
            format!("{} rooms, {} portals", d.rooms(), d.arc_count()),
        ));
        if let Some(r) = routes {
            lines.push(line(
                Sample::Note,
                format!("Routes {} to {} portals long", r.shortest, r.longest),
            ));
            lines.push(line(Sample::Note, format!("{} routes in all", r.count)));
        }
        lines
    }

    fn draw_legend(&self, svg: &mut Svg, lines: &[LegendLine], x: f32, y: f32, width: f32) {
        let height = lines.len() as f32 * LEGEND_LINE + 14.0;
        svg.group("Legend", |g| {
            legend::panel(g, x, y, width, height);
            let r = 7.0;
            for (i, line) in lines.iter().enumerate() {
                let cy = y + 7.0 + (i as f32 + 0.5) * LEGEND_LINE;
                let sx = x + 10.0 + r;
                let ring =
                    |fill: Color, ink: Color| Style::fill(fill).with_stroke(Stroke::new(ink, 1.2));
                match line.kind {
                    Sample::Entrance => {
                        g.circle(sx, cy, r, ring(ENTRANCE, ENTRANCE.mix(Color::BLACK, 0.35)));
                    }
                    Sample::Exit => {
                        g.circle(sx, cy, r, ring(EXIT, EXIT.mix(Color::BLACK, 0.35)));
                    }
                    Sample::Decision => {
                        g.circle(sx, cy, r, ring(DECISION_FILL, DECISION_INK));
                    }
                    Sample::Corridor => {
                        g.circle(sx, cy, r, ring(CORRIDOR_FILL, INK));
                    }
                    Sample::Passage => {
                        g.circle(
                            sx,
                            cy,
                            r * PASSAGE_SCALE,
                            Style::fill(CORRIDOR_FILL)
                                .with_stroke(Stroke::new(INK, 1.2).dashed(2.5, 1.5)),
                        );
                    }
                    Sample::Portal | Sample::Route => {
                        let (color, w) = if line.kind == Sample::Route {
                            (ROUTE, 3.2)
                        } else {
                            (PORTAL, 1.3)
                        };
                        let (x0, x1) = (x + 8.0, x + 26.0);
                        let head = 2.0 + 2.0 * w;
                        g.line(x0, cy, x1 - head, cy, Stroke::new(color, w));
                        g.polygon(
                            &[
                                (x1, cy),
                                (x1 - head, cy - head / 2.0),
                                (x1 - head, cy + head / 2.0),
                            ],
                            Style::fill(color),
                        );
                    }
                    Sample::Note => {}
                }
                let tx = if line.sample { x + 34.0 } else { x + 10.0 };
                g.text(
                    tx,
                    cy,
                    &line.text,
                    TextStyle::new(TEXT).color(LABEL).middle(),
                );
            }
        });
    }
}

/// The polyline with its first segment shortened by `start` and its last by `end` (never past
/// the segment's own length).
fn clip(points: &[(f32, f32)], start: f32, end: f32) -> Vec<(f32, f32)> {
    let mut out = points.to_vec();
    let n = out.len();
    if n < 2 {
        return out;
    }
    let towards = |from: (f32, f32), to: (f32, f32), by: f32| {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let length = (dx * dx + dy * dy).sqrt();
        if length <= f32::EPSILON {
            return from;
        }
        let t = (by / length).min(0.45);
        (from.0 + dx * t, from.1 + dy * t)
    };
    out[0] = towards(points[0], points[1], start);
    out[n - 1] = towards(points[n - 1], points[n - 2], end);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Params, generate::generate};
    use ludoforge_draw::svg_to_rgba;
    use ludoforge_evolve::rng::stream;

    fn generated(min_path: u32, seed: u64) -> Dungeon {
        generate(&Params::new(min_path), &mut stream(seed, 0, 0)).unwrap()
    }

    /// The (from, to) of every portal group in the picture, route ones flagged.
    fn drawn_portals(svg: &str) -> Vec<(RoomId, RoomId, bool)> {
        svg.lines()
            .filter_map(|l| l.strip_prefix("<title>Portal "))
            .map(|rest| {
                let rest = rest.trim_end_matches("</title>");
                let route = rest.ends_with("(shortest route)");
                let mut parts = rest.split(' ');
                let from = parts.next().unwrap().parse().unwrap();
                parts.next();
                let to = parts.next().unwrap().parse().unwrap();
                (from, to, route)
            })
            .collect()
    }

    fn check_picture(dungeon: &Dungeon) -> String {
        let picture = svg(dungeon, &View::default().with_caption("a caption"));
        let legend_circles = 5;
        // Every room once, every portal once.
        assert_eq!(picture.matches("<title>Room ").count(), dungeon.rooms());
        assert_eq!(
            picture.matches("<circle").count(),
            dungeon.rooms() + legend_circles
        );
        assert_eq!(picture.matches("marker-end").count(), dungeon.arc_count());
        let mut drawn = drawn_portals(&picture);
        assert_eq!(drawn.len(), dungeon.arc_count());
        // Highlighted portals are exactly the shortest route.
        let route = routes_of(dungeon).unwrap().shortest_route;
        let mut highlighted: Vec<(RoomId, RoomId)> =
            drawn.iter().filter(|p| p.2).map(|p| (p.0, p.1)).collect();
        let mut expected: Vec<(RoomId, RoomId)> = route.windows(2).map(|w| (w[0], w[1])).collect();
        highlighted.sort_unstable();
        expected.sort_unstable();
        assert_eq!(highlighted, expected);
        assert_eq!(
            picture.matches(&format!("stroke=\"{ROUTE}\"")).count(),
            2 * expected.len() + 2, // route arrows, ringed rooms (one more), the legend's line
        );
        let mut arcs: Vec<(RoomId, RoomId, bool)> =
            dungeon.arcs().map(|(a, b)| (a, b, false)).collect();
        drawn.iter_mut().for_each(|p| p.2 = false);
        drawn.sort_unstable();
        arcs.sort_unstable();
        assert_eq!(drawn, arcs);
        // Rasterises with ink on it.
        let image = svg_to_rgba(&picture, 1.0).unwrap();
        let inked = image
            .pixels
            .chunks(4)
            .filter(|p| p[3] > 0 && (p[0] < 200 || p[1] < 200 || p[2] < 200))
            .count();
        assert!(inked > 100);
        picture
    }

    #[test]
    fn hand_built() {
        let diamond =
            Dungeon::from_portals(vec![vec![1, 3], vec![2, 3], vec![4], vec![4], vec![]], 4);
        let picture = check_picture(&diamond);
        assert!(picture.contains(">Entrance</text>"));
        assert!(picture.contains(">Exit</text>"));
        assert!(picture.contains("a caption"));
        let chain = Dungeon::from_portals(vec![vec![1], vec![]], 1);
        check_picture(&chain);
    }

    #[test]
    fn generated_pictures() {
        for seed in 0..6 {
            let dungeon = generated(9, seed);
            let picture = check_picture(&dungeon);
            assert!(ludoforge_draw::svg_to_png(&picture, 1.0).is_ok());
        }
        check_picture(&generated(12, 1));
    }

    #[test]
    fn without_highlight() {
        let dungeon = generated(9, 1);
        let picture = svg(&dungeon, &View::default().without_highlight());
        assert!(!picture.contains(&ROUTE.to_string()));
        assert!(!picture.contains("(shortest route)"));
        assert_eq!(picture, svg(&dungeon, &View::default().without_highlight()));
    }

    #[test]
    fn passage_rooms_are_dashed() {
        let dungeon = (0..20)
            .map(|seed| generated(9, seed))
            .find(|d| (0..d.rooms() as RoomId).any(|r| d.stage(r) == Stage::Passage))
            .expect("some dungeon has passage rooms");
        let picture = svg(&dungeon, &View::default());
        let passages = (0..dungeon.rooms() as RoomId)
            .filter(|&r| r != dungeon.exit() && dungeon.stage(r) == Stage::Passage)
            .count();
        let dashed_circles = picture
            .lines()
            .filter(|l| l.starts_with("<circle") && l.contains("stroke-dasharray"))
            .count();
        assert_eq!(dashed_circles, passages + 1); // and the legend's sample
    }

    #[test]
    fn large_dungeons_drop_labels() {
        // A ladder of 1,600 rooms: 0 → 1 → … with shortcuts two rows down.
        let n = 1600u32;
        let portals: Vec<Vec<RoomId>> = (0..n)
            .map(|r| {
                let mut p = Vec::new();
                if r + 1 < n {
                    p.push(r + 1);
                }
                if r % 3 == 0 && r + 2 < n {
                    p.push(r + 2);
                }
                p
            })
            .collect();
        let dungeon = Dungeon::from_portals(portals, n - 1);
        dungeon.check(1, 2).unwrap();
        let picture = svg(&dungeon, &View::default());
        assert_eq!(picture.matches("<title>Room ").count(), n as usize);
        // No room numbers: the only texts are the two labels and the legend.
        assert!(picture.matches("<text").count() < 20);
        assert_eq!(picture.matches("marker-end").count(), dungeon.arc_count());
    }

    #[test]
    fn broken_dungeons_are_drawn() {
        let cyclic = Dungeon::from_portals(vec![vec![1], vec![2], vec![1, 3], vec![]], 3);
        let picture = svg(&cyclic, &View::default());
        assert_eq!(picture.matches("marker-end").count(), cyclic.arc_count());
        assert!(!picture.contains("(shortest route)"));
        assert!(ludoforge_draw::svg_to_png(&picture, 1.0).is_ok());
        let empty = Dungeon::from_portals(vec![], 0);
        assert!(ludoforge_draw::svg_to_png(&svg(&empty, &View::default()), 1.0).is_ok());
    }

    #[test]
    fn clip_shortens_the_ends() {
        let points = clip(&[(0.0, 0.0), (0.0, 100.0)], 10.0, 20.0);
        assert_eq!(points, vec![(0.0, 10.0), (0.0, 80.0)]);
    }

    /// Writes sample pictures (and the handout and Graphviz file of the first) to /tmp for a
    /// person to look at: `cargo test -p ludoforge-portals render_samples -- --ignored`.
    #[test]
    #[ignore = "writes PNG files to /tmp for inspection"]
    fn render_samples() {
        let samples = [
            ("m9-s1", 9, 1, 9_999),
            ("m12-s1", 12, 1, 9_999),
            ("m17-s1", 17, 1, 1_000),
            ("m20-s1", 20, 1, 5_000),
        ];
        let small =
            Dungeon::from_portals(vec![vec![1, 3], vec![2, 3], vec![4], vec![4], vec![]], 4);
        let picture = svg(&small, &View::default().with_caption("five rooms, by hand"));
        let png = ludoforge_draw::svg_to_png(&picture, 1.0).unwrap();
        std::fs::write("/tmp/portals-small.png", png).unwrap();
        for (name, min_path, seed, max_rooms) in samples {
            let params = Params::new(min_path).rooms(2, max_rooms);
            let dungeon = generate(&params, &mut stream(seed, 0, 0)).unwrap();
            let caption = format!("M = {min_path} · seed {seed}");
            let picture = svg(&dungeon, &View::default().with_caption(caption));
            let file = format!("/tmp/portals-{name}.png");
            std::fs::write(&file, ludoforge_draw::svg_to_png(&picture, 1.0).unwrap()).unwrap();
            std::fs::write(file.replace(".png", ".svg"), picture).unwrap();
            if name == "m9-s1" {
                let handout = crate::handout::markdown(&dungeon, "The M = 9 dungeon", seed);
                std::fs::write("/tmp/portals-m9-s1.md", handout).unwrap();
                let dot = crate::dot::to_dot(&dungeon, "The M = 9 dungeon");
                std::fs::write("/tmp/portals-m9-s1.dot", dot).unwrap();
            }
            let layout = Layout::new(&dungeon, Spacing::for_rooms(dungeon.rooms()));
            println!(
                "{name}: {} rooms, {} portals, {} rows, {} crossings, {} x {}",
                dungeon.rooms(),
                dungeon.arc_count(),
                layout.rows.len(),
                layout.crossings,
                layout.width,
                layout.height
            );
        }
    }
}
