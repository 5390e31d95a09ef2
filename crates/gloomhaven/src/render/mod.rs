//! SVG pictures of scenarios: the map as the scenario book shows it, with a legend.
//!
//! Hexes are pointy-top (corners at 30° + 60°k), laid out by [`Hex::centre`]. Each tile's hexes
//! are filled in the colour of its theme ([`theme_color`]: Dungeon stone grey, Cave brown,
//! Building wood tan, Forest green) with thin hex outlines; each tile's outer edge is drawn
//! thick and the tile is labelled (e.g. `L1a`) on the free hex nearest its centre. Doors are
//! dark hexes between the tiles they join, each with a wooden door facing across the join;
//! corridors are boarded hexes. Start hexes are light blue with a boot. Monsters are discs with
//! the monster's initials, white for normal and gold for elite standees of the party the
//! picture shows ([`View::players`]; grey and dashed when not set up for it), on a hex split in
//! three as in the scenario book: the upper-left part for two players, upper-right for three,
//! the bottom for four, each white, gold or black (not set up). Every kind of overlay tile has
//! its own drawing (boulders, pillars, trees, tables, barrels, bear traps, spike plates, hot
//! coals, thorns, water, rubble, stairs, logs, ...); the hexes of a two- or three-hex piece are
//! tied by a band of its colour. Coins are small gold discs and chests brown chests with a
//! number. A legend beside the map (below a wide one) names the scenario, the tiles by theme,
//! every symbol and kind used with its count and the monsters with their initials and set-ups.
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
//! let barrow = Scenario::official(&catalog, 1).unwrap();
//! let view = View { caption: Some("Scenario 1".into()), ..View::default() };
//! let picture = svg(&catalog, &barrow, &view);
//! assert!(picture.contains("<title>Tile L1a"));
//! assert!(picture.contains("<title>Elite Bandit Guard at"));
//! assert!(ludoforge_draw::svg_to_png(&picture, 1.0).is_ok());
//! ```

mod glyphs;
mod legend;
mod looks;
mod marks;
mod palette;

use std::collections::{BTreeMap, BTreeSet};

use ludoforge_draw::{Color, Stroke, Style, Svg, TextStyle, text_width};

use crate::book::turned;
use crate::catalog::Catalog;
use crate::hex::{Hex, NEIGHBOURS};
use crate::scenario::{Players, Scenario};
use glyphs::{Symbol, coin, corners, draw_symbol, ink};
use legend::{legend_columns, legend_line, legend_lines};
use marks::marks;
pub use palette::{ELITE, NORMAL};
use palette::{INK, LABEL};

/// What a picture shows besides the map itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// A line of text under the picture, e.g. "Overgrown Ruin · seed 7 · score 9.41 of 10".
    pub caption: Option<String>,
    /// Draw the legend panel.
    pub legend: bool,
    /// The party whose set-up the monster discs show (white normal, gold elite, grey not set
    /// up); every standee's hex also shows its set-up for all three party sizes.
    pub players: Players,
}

impl Default for View {
    /// No caption; the legend shown; four players.
    fn default() -> View {
        View {
            caption: None,
            legend: true,
            players: Players::FOUR,
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
/// let barrow = Scenario::official(&catalog, 1).unwrap();
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

/// The monster types' initials (in the order of their first standee) as drawn on their standees: the first letter of each word
/// ("Bandit Guard" → `BG`), the first two of a one-word name ("Ooze" → `Oo`); groups whose
/// initials clash in the scenario take a second letter of their last word (`VSc`, `VSh`), or
/// else of their first word (`FlD`, `FrD`), or else their group number.
///
/// ```
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::render::initials;
/// use ludoforge_gloomhaven::scenario::Scenario;
/// let catalog = Catalog::built_in();
/// let barrow = Scenario::official(&catalog, 1).unwrap();
/// assert_eq!(initials(&catalog, &barrow), ["BG", "BA", "LB"]);
/// ```
#[must_use]
pub fn initials(catalog: &Catalog, s: &Scenario) -> Vec<String> {
    let mut types: Vec<u16> = Vec::new();
    for m in &s.monsters {
        if !types.contains(&m.monster) {
            types.push(m.monster);
        }
    }
    let names: Vec<&str> = types
        .iter()
        .map(|&m| catalog.monsters[usize::from(m)].name.as_str())
        .collect();
    // `first` letters of the first word, `last` of the last (one word: one more letter).
    let short = |name: &str, first: usize, last: usize| -> String {
        let words: Vec<&str> = name.split_whitespace().collect();
        let Some(head) = words.first() else {
            return "?".into();
        };
        if words.len() == 1 {
            return head.chars().take(first + 1).collect();
        }
        let mut out: String = head.chars().take(first).collect();
        for (k, w) in words[1..].iter().enumerate() {
            let take = if k + 2 == words.len() { last } else { 1 };
            let mut letters = w.chars().take(take);
            out.extend(letters.next().map(|c| c.to_ascii_uppercase()));
            out.extend(letters);
        }
        out
    };
    let mut out: Vec<String> = names.iter().map(|n| short(n, 1, 1)).collect();
    let clashes = |out: &[String], i: usize| out.iter().filter(|o| **o == out[i]).count() > 1;
    // Clashing names take a second letter of their last word (Vermling Scout and Shaman:
    // VSc, VSh), else of their first (Flame and Frost Demon: FlD, FrD), else their number.
    let clashing: Vec<usize> = (0..out.len()).filter(|&i| clashes(&out, i)).collect();
    for (first, last) in [(1, 2), (2, 1)] {
        let mut trial = out.clone();
        for &i in &clashing {
            trial[i] = short(names[i], first, last);
        }
        if clashing.iter().all(|&i| !clashes(&trial, i)) {
            return trial;
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

/// An SVG picture of a scenario's map (see the [module notes](self)).
#[must_use]
pub fn svg(catalog: &Catalog, s: &Scenario, view: &View) -> String {
    let tile_hexes = s.map.tile_hexes(catalog);
    let size = hex_size(&tile_hexes);
    let marks = marks(catalog, s, size, view.players);
    let mut all: Vec<Hex> = tile_hexes;
    all.extend(marks.iter().flat_map(|m| m.hexes.iter().copied()));
    let (x0, y0, x1, y1) = bounds(&all, size).unwrap_or((0.0, 0.0, 1.0, 1.0));
    let (map_w, map_h) = (x1 - x0, y1 - y0);
    let left = MARGIN - x0;
    let top = MARGIN - y0;
    let at = |h: Hex| {
        let (x, y) = h.centre(size);
        (left + x, top + y)
    };

    let legend = view.legend.then(|| {
        let lines = legend_lines(catalog, s, view.players);
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

    let occupied: BTreeSet<Hex> = marks.iter().flat_map(|m| m.hexes.iter().copied()).collect();

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
        for &h in &m.hexes {
            *count.entry(h).or_default() += 1;
        }
    }
    for m in &marks {
        svg.group(&m.title, |g| {
            if let Some(color) = m.bond {
                let points: Vec<(f32, f32)> = m.hexes.iter().map(|&h| at(h)).collect();
                let mut ring = points.clone();
                if points.len() > 2 {
                    ring.push(points[0]);
                }
                g.polyline(&ring, Stroke::new(color, 0.9 * size).opacity(0.85));
            }
            for &h in &m.hexes {
                let (x, y) = at(h);
                if m.symbol == Symbol::Coin && count[&h] > 1 {
                    coin(g, x + 0.5 * size, y + 0.42 * size, 0.24 * size, ink(size));
                } else {
                    draw_symbol(g, &m.symbol, x, y, size);
                }
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
    use crate::evolution::test_scenarios;
    use crate::scenario::Level;
    use ludoforge_draw::svg_to_rgba;

    fn scenarios(catalog: &Catalog) -> Vec<Scenario> {
        test_scenarios(catalog)
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
                assert_eq!(tiles, 1, "{id} in {}", s.title());
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
    fn a_symbol_per_piece_and_its_kind_named() {
        let catalog = Catalog::built_in();
        for s in scenarios(&catalog) {
            let picture = svg(&catalog, &s, &View::default());
            let groups = groups(&picture);
            let count = |prefix: &str| groups.iter().filter(|(t, _)| t.starts_with(prefix)).count();
            assert_eq!(count("Start hex at"), s.start.len());
            assert_eq!(count("Door at") + count("Corridor at"), s.map.doors.len());
            assert_eq!(count("Chest "), s.chests.len());
            assert_eq!(count("Coin"), s.coins.len());
            assert_eq!(
                count("Normal ") + count("Elite ") + count("Absent "),
                s.monsters.len()
            );
            for o in &s.overlays {
                let kind = &catalog.overlays[usize::from(o.kind)];
                let title = format!("{} at {}", kind.name, o.at);
                assert!(
                    groups.iter().any(|(t, _)| t.starts_with(&title)),
                    "{title} in {}",
                    s.title()
                );
            }
            // Each monster's group sits on its standee's hex, in the list's order.
            let monsters: Vec<&str> = groups
                .iter()
                .map(|(t, _)| *t)
                .filter(|t| {
                    t.starts_with("Normal ") || t.starts_with("Elite ") || t.starts_with("Absent ")
                })
                .collect();
            for (title, m) in monsters.iter().zip(&s.monsters) {
                assert!(
                    title.contains(&format!(" at {} (2 players ", m.at)),
                    "{title}"
                );
            }
        }
    }

    #[test]
    fn discs_show_the_chosen_party() {
        let catalog = Catalog::built_in();
        for s in scenarios(&catalog) {
            for players in Players::ALL {
                let view = View {
                    caption: None,
                    legend: false,
                    players,
                };
                let picture = svg(&catalog, &s, &view);
                let gold = format!("fill=\"{ELITE}\"");
                let elite = s
                    .present(players)
                    .filter(|m| m.level(players) == Level::Elite)
                    .count();
                let gold_discs = picture
                    .split("<circle")
                    .skip(1)
                    .filter(|c| c.split('>').next().unwrap().contains(&gold))
                    .count();
                assert_eq!(gold_discs, elite, "{} for {}", s.title(), players.count());
                assert!(!picture.contains("<title>Legend"));
            }
        }
    }

    #[test]
    fn each_monster_shows_its_set_up_for_two_three_and_four_players() {
        let catalog = Catalog::built_in();
        for s in scenarios(&catalog) {
            let picture = svg(&catalog, &s, &View::default());
            let fill = |level: Level| {
                let color = match level {
                    Level::None => INK,
                    Level::Normal => NORMAL,
                    Level::Elite => ELITE,
                };
                format!("fill=\"{color}\"")
            };
            let monsters = groups(&picture).into_iter().filter(|(t, _)| {
                t.starts_with("Normal ") || t.starts_with("Elite ") || t.starts_with("Absent ")
            });
            for ((title, body), m) in monsters.zip(&s.monsters) {
                let parts: Vec<&str> = body
                    .split("<polygon")
                    .skip(1)
                    .take(3)
                    .map(|p| p.split('>').next().unwrap())
                    .collect();
                for (i, (part, level)) in parts.iter().zip(m.levels).enumerate() {
                    assert!(part.contains(&fill(level)), "{title}: part {i}");
                }
            }
        }
    }

    #[test]
    fn legend_names_the_monsters_kinds_and_tiles() {
        let catalog = Catalog::built_in();
        let barrow = Scenario::official(&catalog, 1).unwrap();
        let picture = svg(&catalog, &barrow, &View::default());
        let (_, legend) = groups(&picture)
            .into_iter()
            .find(|(t, _)| *t == "Legend")
            .unwrap();
        for text in [
            "Black Barrow",
            "Bandit Guard: ",
            ">BG<",
            ">LB<",
            "Dungeon: L1a",
        ] {
            assert!(legend.contains(text), "{text}");
        }
        for o in &barrow.overlays {
            let name = &catalog.overlays[usize::from(o.kind)].name;
            assert!(legend.contains(name.as_str()), "{name}");
        }
    }

    #[test]
    fn clashing_initials_get_longer() {
        let catalog = Catalog::built_in();
        let s = Scenario::official(&catalog, 1).unwrap();
        let index = |name: &str| catalog.monster_index(name).unwrap();
        let mut types: Vec<u16> = Vec::new();
        for m in &s.monsters {
            if !types.contains(&m.monster) {
                types.push(m.monster);
            }
        }
        assert_eq!(types.len(), 3);
        let renamed = |names: [&str; 3]| {
            let mut t = s.clone();
            for m in &mut t.monsters {
                let i = types.iter().position(|&t| t == m.monster).unwrap();
                m.monster = index(names[i]);
            }
            t
        };
        let demons = renamed(["Flame Demon", "Frost Demon", "Ooze"]);
        assert_eq!(initials(&catalog, &demons), ["FlD", "FrD", "Oo"]);
        let vermlings = renamed(["Vermling Scout", "Vermling Shaman", "Ooze"]);
        assert_eq!(initials(&catalog, &vermlings), ["VSc", "VSh", "Oo"]);
        let twins = renamed(["Flame Demon", "Flame Demon", "Ooze"]);
        assert_eq!(initials(&catalog, &twins), ["FD", "Oo"]);
    }

    #[test]
    fn rasterises_with_ink_and_adapts_its_size() {
        let catalog = Catalog::built_in();
        for s in scenarios(&catalog).into_iter().step_by(7) {
            for view in [
                View::default(),
                View {
                    caption: Some("a caption".into()),
                    legend: false,
                    players: Players::TWO,
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
                assert!(share > 0.1, "{} {share}", s.title());
            }
        }
        // A map of a single tile is smaller than Black Barrow's.
        let barrow = Scenario::official(&catalog, 1).unwrap();
        let mut one = Scenario::default();
        one.map.tiles.push(barrow.map.tiles[0]);
        let size = |s: &Scenario| {
            let picture = svg(
                &catalog,
                s,
                &View {
                    caption: None,
                    legend: false,
                    players: Players::FOUR,
                },
            );
            let image = svg_to_rgba(&picture, 1.0).unwrap();
            image.width * image.height
        };
        assert!(size(&one) < size(&barrow));
    }
}
