//! Dungeons as Graphviz `dot` graphs, for drawing with Graphviz's own layered layout
//! (`dot -Tsvg dungeon.dot > dungeon.svg`).
//!
//! The styling follows [`render`](crate::render): the entrance a green double circle, the exit
//! a red double octagon, decision rooms (two or more portals) tinted blue, passage rooms
//! dashed, and the portals of the shortest route bold and orange.

use std::fmt::Write as _;

use crate::dungeon::{Dungeon, RoomId, Stage};
use crate::render::routes_of;

/// A Graphviz digraph of a dungeon, top to bottom from the entrance, titled `title`.
///
/// Rooms are nodes named by their numbers, portals are edges `from -> to` in the order of
/// [`Dungeon::arcs`]. The title may hold any text; it is escaped.
///
/// ```
/// use ludoforge_portals::{Dungeon, dot::to_dot};
///
/// // 0 → 1 → 3 and 0 → 2 → 3.
/// let dungeon = Dungeon::from_portals(vec![vec![1, 2], vec![3], vec![3], vec![]], 3);
/// let dot = to_dot(&dungeon, "The \"twin\" halls");
/// assert!(dot.starts_with("digraph \"The \\\"twin\\\" halls\" {"));
/// assert!(dot.contains("  0 -> 1 [color=\"#ef6c00\", penwidth=3];"));
/// assert!(dot.contains("  0 -> 2;"));
/// assert!(dot.contains("rankdir=TB"));
/// ```
#[must_use]
pub fn to_dot(dungeon: &Dungeon, title: &str) -> String {
    let title = quoted(title);
    let routes = routes_of(dungeon);
    let route: Vec<RoomId> = routes
        .as_ref()
        .map(|r| r.shortest_route.clone())
        .unwrap_or_default();
    let on_route = |from: RoomId, to: RoomId| route.windows(2).any(|w| w[0] == from && w[1] == to);
    let mut out = String::new();
    let _ = writeln!(out, "digraph {title} {{");
    // The escaped title without its quotes.
    let mut label = title[1..title.len() - 1].to_string();
    if let Some(r) = &routes {
        let _ = write!(
            label,
            "\\n{} rooms, {} portals; routes of {} to {} portals",
            dungeon.rooms(),
            dungeon.arc_count(),
            r.shortest,
            r.longest
        );
    }
    let _ = writeln!(
        out,
        "  graph [rankdir=TB, label=\"{label}\", labelloc=t, fontname=\"DejaVu Sans\", nodesep=0.3, ranksep=0.5];"
    );
    out.push_str(
        "  node [shape=circle, style=filled, fillcolor=\"#ffffff\", color=\"#263238\", \
         fontname=\"DejaVu Sans\", fontsize=10, width=0.4, fixedsize=true];\n",
    );
    out.push_str("  edge [color=\"#8193a0\", arrowsize=0.7];\n");
    let origin = dungeon.origin();
    let exit = dungeon.exit();
    for room in 0..dungeon.rooms() as RoomId {
        let mut attrs = Attrs::default();
        if room == origin {
            attrs.set("label", format!("\"{room}\\nEntrance\""));
            attrs.set("shape", "doublecircle");
            attrs.set("width", "0.75");
            attrs.set("fillcolor", "\"#2e7d32\"");
            attrs.set("fontcolor", "\"#ffffff\"");
        } else if room == exit {
            attrs.set("label", format!("\"{room}\\nExit\""));
            attrs.set("shape", "doubleoctagon");
            attrs.set("width", "0.75");
            attrs.set("fillcolor", "\"#c62828\"");
            attrs.set("fontcolor", "\"#ffffff\"");
        } else {
            if dungeon.portals(room).len() >= 2 {
                attrs.set("fillcolor", "\"#c9ddf2\"");
                attrs.set("color", "\"#1f4e79\"");
            }
            if dungeon.stage(room) == Stage::Passage {
                attrs.set("style", "\"filled,dashed\"");
                attrs.set("width", "0.34");
                attrs.set("fontsize", "9");
            }
        }
        if route.contains(&room) {
            attrs.set("color", "\"#ef6c00\"");
            attrs.set("penwidth", "2.5");
        }
        if attrs.0.is_empty() {
            let _ = writeln!(out, "  {room};");
        } else {
            let _ = writeln!(out, "  {room} [{}];", attrs.joined());
        }
    }
    for (from, to) in dungeon.arcs() {
        if on_route(from, to) {
            let _ = writeln!(out, "  {from} -> {to} [color=\"#ef6c00\", penwidth=3];");
        } else {
            let _ = writeln!(out, "  {from} -> {to};");
        }
    }
    if (origin as usize) < dungeon.rooms() {
        let _ = writeln!(out, "  {{ rank=source; {origin}; }}");
    }
    if (exit as usize) < dungeon.rooms() && exit != origin {
        let _ = writeln!(out, "  {{ rank=sink; {exit}; }}");
    }
    out.push_str("}\n");
    out
}

/// Attributes of a node, each key once (a later value replaces an earlier one).
#[derive(Default)]
struct Attrs(Vec<(&'static str, String)>);

impl Attrs {
    fn set(&mut self, key: &'static str, value: impl Into<String>) {
        let value = value.into();
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = value,
            None => self.0.push((key, value)),
        }
    }

    fn joined(&self) -> String {
        self.0
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// `text` as a DOT double-quoted string: quotes and backslashes escaped, line breaks as `\n`,
/// other control characters dropped.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Params, generate::generate};
    use ludoforge_evolve::rng::stream;

    /// The (from, to) of every edge line.
    fn edges(dot: &str) -> Vec<(RoomId, RoomId)> {
        dot.lines()
            .filter_map(|l| {
                let l = l.trim().trim_end_matches(';');
                let (from, rest) = l.split_once(" -> ")?;
                let to = rest.split(' ').next()?;
                Some((from.parse().ok()?, to.parse().ok()?))
            })
            .collect()
    }

    fn balanced(dot: &str) -> bool {
        // Braces outside quoted strings.
        let mut depth = 0i64;
        let mut in_string = false;
        let mut escaped = false;
        for c in dot.chars() {
            if in_string {
                match (escaped, c) {
                    (true, _) => escaped = false,
                    (false, '\\') => escaped = true,
                    (false, '"') => in_string = false,
                    _ => {}
                }
                continue;
            }
            match c {
                '"' => in_string = true,
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth < 0 {
                        return false;
                    }
                }
                _ => {}
            }
        }
        depth == 0 && !in_string
    }

    #[test]
    fn every_portal_once() {
        for seed in 0..5 {
            let dungeon = generate(&Params::new(9), &mut stream(seed, 0, 0)).unwrap();
            let dot = to_dot(&dungeon, "dungeon");
            let mut found = edges(&dot);
            let mut arcs: Vec<_> = dungeon.arcs().collect();
            found.sort_unstable();
            arcs.sort_unstable();
            assert_eq!(found, arcs);
            assert!(balanced(&dot));
            assert!(dot.starts_with("digraph \"dungeon\" {"));
            assert!(dot.ends_with("}\n"));
            // The route's portals are the bold ones.
            let route = crate::paths::routes(&dungeon).unwrap().shortest_route;
            assert_eq!(dot.matches("penwidth=3").count(), route.len() - 1);
            // Every room declared once.
            for room in 0..dungeon.rooms() {
                let declared = dot
                    .lines()
                    .filter(|l| {
                        let l = l.trim();
                        l == format!("{room};") || l.starts_with(&format!("{room} ["))
                    })
                    .count();
                assert_eq!(declared, 1, "room {room}");
            }
        }
    }

    #[test]
    fn titles_are_escaped() {
        let dungeon = Dungeon::from_portals(vec![vec![1], vec![]], 1);
        let dot = to_dot(&dungeon, "a \"quoted\" {title} \\ with\nbreak \"");
        assert!(dot.starts_with(r#"digraph "a \"quoted\" {title} \\ with\nbreak \"" {"#));
        assert!(dot.contains(r#"label="a \"quoted\" {title} \\ with\nbreak \"\n2 rooms"#));
        assert!(balanced(&dot));
        assert_eq!(edges(&dot), vec![(0, 1)]);
        assert!(dot.contains("Entrance") && dot.contains("Exit"));
        assert!(dot.contains("rank=source; 0;") && dot.contains("rank=sink; 1;"));
    }

    #[test]
    fn broken_dungeons() {
        let cyclic = Dungeon::from_portals(vec![vec![1], vec![2], vec![1, 3], vec![]], 3);
        let dot = to_dot(&cyclic, "cycle");
        assert_eq!(edges(&dot).len(), 4);
        assert!(!dot.contains("penwidth=3"));
        assert!(balanced(&dot));
    }
}
