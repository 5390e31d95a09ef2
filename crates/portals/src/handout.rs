//! A printable game-master handout for running a dungeon at the table, in Markdown.
//!
//! The handout opens with the dungeon's facts (seed, rooms, portals, the shortest and longest
//! routes) and a few lines on running it, then has one section per room in number order. Each
//! section names the room's portals by colour — "The **blue** portal leads to room 12." — from
//! a fixed palette of [`PORTAL_COLOURS`], never two alike in one room, says from which rooms it
//! can be entered and how far the exit is, and for the rooms of the shortest route adds a GM
//! note naming the portal that keeps to it.

use std::fmt::Write as _;

use crate::dungeon::{Dungeon, RoomId, Stage};
use crate::paths::Routes;
use crate::render::routes_of;

/// The colour words that name the portals of a room, enough for the most portals a room may
/// have ([`PORTAL_LIMIT`](crate::params::PORTAL_LIMIT)).
pub const PORTAL_COLOURS: [&str; 8] = [
    "blue", "red", "green", "gold", "violet", "silver", "black", "white",
];

/// The colour word of portal `index` of `room`.
///
/// The palette is rotated by the room number, so that the players do not learn that "blue"
/// always comes first; within a room all names differ (beyond eight portals, which no valid
/// dungeon has, the words repeat with a number: "blue 2").
///
/// ```
/// use ludoforge_portals::handout::portal_colour;
/// assert_eq!(portal_colour(0, 0), "blue");
/// assert_eq!(portal_colour(0, 1), "red");
/// assert_eq!(portal_colour(3, 0), "gold");
/// assert_eq!(portal_colour(0, 8), "blue 2");
/// ```
#[must_use]
pub fn portal_colour(room: RoomId, index: usize) -> String {
    let n = PORTAL_COLOURS.len();
    let word = PORTAL_COLOURS[(room as usize + index) % n];
    if index < n {
        word.to_string()
    } else {
        format!("{word} {}", index / n + 1)
    }
}

/// The handout for `dungeon`, titled `title`, noting the `seed` it was generated from.
///
/// Works on any dungeon; where the routes are not defined (a cycle, an exit the entrance cannot
/// reach) the handout says so and leaves out the route notes.
///
/// ```
/// use ludoforge_portals::{Dungeon, handout::markdown};
///
/// // 0 → 1 → 3 and 0 → 2 → 3.
/// let dungeon = Dungeon::from_portals(vec![vec![1, 2], vec![3], vec![3], vec![]], 3);
/// let text = markdown(&dungeon, "The twin halls", 7);
/// assert!(text.starts_with("# The twin halls\n"));
/// assert!(text.contains("## Room 0 (entrance)"));
/// assert!(text.contains("- The **blue** portal leads to room 1."));
/// assert!(text.contains("## Room 3 (exit)"));
/// assert_eq!(text.matches(" portal leads to room ").count(), 4);
/// ```
#[must_use]
pub fn markdown(dungeon: &Dungeon, title: &str, seed: u64) -> String {
    let n = dungeon.rooms();
    let routes = routes_of(dungeon);
    let to_exit = routes.as_ref().map(|_| exit_distances(dungeon));
    let preds = predecessors(dungeon);
    let origin = dungeon.origin();
    let exit = dungeon.exit();
    let mut out = String::new();

    let title = title.trim();
    let _ = writeln!(
        out,
        "# {}\n",
        if title.is_empty() {
            "Portal dungeon"
        } else {
            title
        }
    );
    out.push_str("*Game-master handout: keep it behind the screen.*\n\n");
    let decisions = (0..n as RoomId)
        .filter(|&r| dungeon.portals(r).len() >= 2)
        .count();
    let passages = (0..n as RoomId)
        .filter(|&r| dungeon.stage(r) == Stage::Passage)
        .count();
    let _ = writeln!(out, "- **Seed:** {seed}");
    let _ = writeln!(
        out,
        "- **Rooms:** {n} ({decisions} with a choice of portals, {passages} passage rooms)"
    );
    let _ = writeln!(out, "- **Portals:** {}", dungeon.arc_count());
    let _ = writeln!(out, "- **Entrance:** room {origin}; **exit:** room {exit}");
    match &routes {
        Some(r) => {
            let _ = writeln!(
                out,
                "- **Shortest route:** {} portals: {}",
                r.shortest,
                route_text(&r.shortest_route)
            );
            let _ = writeln!(out, "- **Longest route:** {} portals", r.longest);
            let _ = writeln!(out, "- **Different routes to the exit:** {}", r.count);
        }
        None => out.push_str(
            "- **Routes:** not defined: the portals form a cycle or the exit cannot be reached\n",
        ),
    }
    out.push_str("\n## Running the dungeon\n\n");
    let _ = writeln!(
        out,
        "The players start in room {origin}. In each room, describe it and name its portals by \
         colour. A portal works one way only: once through, there is no going back. They escape \
         when they step into room {exit}. Ticking off the rooms they pass keeps track of the \
         journey; the route notes below tell you how far they are from the way out."
    );

    let on_route = |room: RoomId| {
        routes
            .as_ref()
            .and_then(|r| r.shortest_route.iter().position(|&x| x == room))
    };
    for room in 0..n as RoomId {
        out.push('\n');
        let tag = if room == origin {
            " (entrance)"
        } else if room == exit {
            " (exit)"
        } else if dungeon.stage(room) == Stage::Passage {
            " (passage)"
        } else {
            ""
        };
        let _ = writeln!(out, "## Room {room}{tag}\n");
        let portals = dungeon.portals(room);
        if room == exit {
            out.push_str("The way out: the players have escaped the dungeon.\n");
        }
        if portals.is_empty() && room != exit {
            out.push_str("No portal leaves this room.\n");
        }
        for (i, &to) in portals.iter().enumerate() {
            let mark = if to == exit { " (the exit)" } else { "" };
            let _ = writeln!(
                out,
                "- The **{}** portal leads to room {to}{mark}.",
                portal_colour(room, i)
            );
        }
        let mut facts = Vec::new();
        if room != origin {
            let from = &preds[room as usize];
            if from.is_empty() {
                facts.push("No portal leads here.".to_string());
            } else {
                facts.push(format!(
                    "Entered from {} {}.",
                    if from.len() == 1 { "room" } else { "rooms" },
                    list(from)
                ));
            }
        }
        if let Some(distances) = &to_exit
            && room != exit
            && let Some((short, long)) = distances[room as usize]
        {
            facts.push(if short == long {
                format!("The exit is {} away.", portals_text(short))
            } else {
                format!("The exit is {short} to {} away.", portals_text(long))
            });
        }
        if !facts.is_empty() {
            let _ = writeln!(out, "\n*{}*", facts.join(" "));
        }
        if let (Some(step), Some(r)) = (on_route(room), &routes) {
            let _ = writeln!(
                out,
                "\n> **GM note:** {}",
                route_note(dungeon, r, room, step)
            );
        }
    }
    out
}

/// The GM note of a room on the shortest route, `step` portals from the entrance.
fn route_note(dungeon: &Dungeon, routes: &Routes, room: RoomId, step: usize) -> String {
    let total = routes.shortest;
    if room == dungeon.exit() {
        return format!(
            "the shortest route ends here, after {}.",
            portals_text(total)
        );
    }
    let next = routes.shortest_route[step + 1];
    let index = dungeon
        .portals(room)
        .iter()
        .position(|&to| to == next)
        .unwrap_or(0);
    let left = total as usize - step;
    let lead = if step == 0 {
        format!(
            "the shortest route starts here ({} in all).",
            portals_text(total)
        )
    } else {
        format!("on the shortest route, {step} of {total} portals in.")
    };
    let colour = portal_colour(room, index);
    if left == 1 {
        format!("{lead} The **{colour}** portal keeps to it: it leads straight to the exit.")
    } else {
        format!(
            "{lead} The **{colour}** portal keeps to it: room {next}, then {} to the exit.",
            portals_text(left as u32 - 1)
        )
    }
}

/// "1 portal", "5 portals".
fn portals_text(count: u32) -> String {
    if count == 1 {
        "1 portal".to_string()
    } else {
        format!("{count} portals")
    }
}

/// "0 → 3 → 4".
fn route_text(route: &[RoomId]) -> String {
    route
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" → ")
}

/// "3", "3 and 5", "3, 5 and 8".
fn list(rooms: &[RoomId]) -> String {
    match rooms {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!(
            "{} and {last}",
            rest.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The rooms with a portal into each room, in number order, ignoring portals to rooms that do
/// not exist.
fn predecessors(dungeon: &Dungeon) -> Vec<Vec<RoomId>> {
    let mut preds = vec![Vec::new(); dungeon.rooms()];
    for (from, to) in dungeon.arcs() {
        if let Some(list) = preds.get_mut(to as usize) {
            list.push(from);
        }
    }
    preds
}

/// The fewest and most portals from each room to the exit (`None` where there is no way), for
/// a dungeon whose routes are defined.
fn exit_distances(dungeon: &Dungeon) -> Vec<Option<(u32, u32)>> {
    let mut dist: Vec<Option<(u32, u32)>> = vec![None; dungeon.rooms()];
    let Ok(order) = dungeon.topological_order() else {
        return dist;
    };
    dist[dungeon.exit() as usize] = Some((0, 0));
    for &room in order.iter().rev() {
        if room == dungeon.exit() {
            continue;
        }
        for &to in dungeon.portals(room) {
            if let Some((short, long)) = dist[to as usize] {
                let (s, l) = (short + 1, long + 1);
                dist[room as usize] = Some(match dist[room as usize] {
                    Some((a, b)) => (a.min(s), b.max(l)),
                    None => (s, l),
                });
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paths::routes;
    use crate::{Params, generate::generate};
    use ludoforge_evolve::rng::stream;

    /// The text of each room's section, by the number in its heading.
    fn sections(text: &str) -> Vec<(RoomId, String)> {
        let mut out: Vec<(RoomId, String)> = Vec::new();
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("## Room ") {
                let number = rest.split(' ').next().unwrap().parse().unwrap();
                out.push((number, String::new()));
            } else if let Some((_, body)) = out.last_mut() {
                body.push_str(line);
                body.push('\n');
            }
        }
        out
    }

    #[test]
    fn every_room_and_portal_once() {
        for seed in 0..5 {
            let dungeon = generate(&Params::new(9), &mut stream(seed, 0, 0)).unwrap();
            let text = markdown(&dungeon, "Dungeon", seed);
            assert!(text.contains(&format!("**Seed:** {seed}")));
            let found = sections(&text);
            let numbers: Vec<RoomId> = found.iter().map(|s| s.0).collect();
            assert_eq!(numbers, (0..dungeon.rooms() as RoomId).collect::<Vec<_>>());
            assert_eq!(
                text.matches(" portal leads to room ").count(),
                dungeon.arc_count()
            );
            let route = routes(&dungeon).unwrap().shortest_route;
            for (room, body) in &found {
                let portals = dungeon.portals(*room);
                let mut colours = Vec::new();
                for (i, &to) in portals.iter().enumerate() {
                    let colour = portal_colour(*room, i);
                    let line = format!("- The **{colour}** portal leads to room {to}");
                    assert_eq!(body.matches(&line).count(), 1, "room {room}: {line}");
                    colours.push(colour);
                }
                colours.sort_unstable();
                colours.dedup();
                assert_eq!(colours.len(), portals.len());
                assert_eq!(
                    body.contains("**GM note:**"),
                    route.contains(room),
                    "room {room}"
                );
            }
            assert!(text.contains("## Room 0 (entrance)"));
            assert!(text.contains(&format!("## Room {} (exit)", dungeon.exit())));
        }
    }

    #[test]
    fn route_notes_follow_the_route() {
        // 0 → 1 → 2 → 4, 0 → 3 → 4, 1 → 3: the shortest route is 0 → 3 → 4.
        let dungeon =
            Dungeon::from_portals(vec![vec![1, 3], vec![2, 3], vec![4], vec![4], vec![]], 4);
        let text = markdown(&dungeon, "Shortcut", 1);
        assert!(text.contains("**Shortest route:** 2 portals: 0 → 3 → 4"));
        assert!(text.contains(
            "> **GM note:** the shortest route starts here (2 portals in all). The **red** \
             portal keeps to it: room 3, then 1 portal to the exit."
        ));
        assert!(text.contains("*Entered from rooms 0 and 1. The exit is 1 portal away.*"));
        assert!(text.contains("*Entered from room 0. The exit is 2 portals away.*"));
        assert!(text.contains("the shortest route ends here, after 2 portals."));
    }

    #[test]
    fn broken_dungeons() {
        let cyclic = Dungeon::from_portals(vec![vec![1], vec![2], vec![1, 3], vec![]], 3);
        let text = markdown(&cyclic, "", 0);
        assert!(text.starts_with("# Portal dungeon\n"));
        assert!(text.contains("**Routes:** not defined"));
        assert!(!text.contains("GM note"));
        assert_eq!(text.matches(" portal leads to room ").count(), 4);
    }

    #[test]
    fn words() {
        assert_eq!(list(&[3]), "3");
        assert_eq!(list(&[3, 5]), "3 and 5");
        assert_eq!(list(&[3, 5, 8]), "3, 5 and 8");
        assert_eq!(portals_text(1), "1 portal");
        let names: Vec<String> = (0..8).map(|i| portal_colour(5, i)).collect();
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), 8);
    }
}
