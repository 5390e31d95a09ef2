//! The pieces of a scenario as marks on the map: each with its symbol, tooltip and hexes.

use std::collections::BTreeSet;
use std::f32::consts::PI;

use ludoforge_draw::Color;

use super::glyphs::Symbol;
use super::initials;
use super::looks::{Look, bond, look};
use crate::catalog::{Catalog, Category};
use crate::hex::Hex;
use crate::map::DoorKind;
use crate::scenario::{Label, Level, Players, Scenario};

/// The angle (radians clockwise from north) a door's front faces: across the join, from the
/// tile with the most hexes next to the door towards the next.
pub(super) fn door_angle(catalog: &Catalog, s: &Scenario, door: Hex, size: f32) -> f32 {
    let mut touching: Vec<(usize, Vec<(f32, f32)>)> = s
        .map
        .tiles
        .iter()
        .map(|t| {
            let near: Vec<(f32, f32)> = t
                .hexes(catalog)
                .filter(|h| h.is_adjacent(door))
                .map(|h| h.centre(size))
                .collect();
            (near.len(), near)
        })
        .filter(|(n, _)| *n > 0)
        .collect();
    touching.sort_by_key(|(n, _)| std::cmp::Reverse(*n));
    let mean = |points: &[(f32, f32)]| {
        let n = points.len() as f32;
        (
            points.iter().map(|p| p.0).sum::<f32>() / n,
            points.iter().map(|p| p.1).sum::<f32>() / n,
        )
    };
    let (dx, dy) = match touching.as_slice() {
        [(_, a), (_, b), ..] => {
            let (a, b) = (mean(a), mean(b));
            (b.0 - a.0, b.1 - a.1)
        }
        [(_, a)] => {
            let (a, d) = (mean(a), door.centre(size));
            (d.0 - a.0, d.1 - a.1)
        }
        [] => (0.0, -1.0),
    };
    // Clockwise from north, snapped to 30°; a door never stands upside down.
    let step = PI / 6.0;
    let mut angle = (dx.atan2(-dy) / step).round() * step;
    if angle > PI / 2.0 + 0.01 {
        angle -= PI;
    } else if angle < -PI / 2.0 - 0.01 {
        angle += PI;
    }
    angle
}

/// One piece on the map: its symbol, tooltip and hexes (two or three for the larger overlay
/// tiles, tied together in the `bond` colour).
pub(super) struct Mark {
    pub(super) symbol: Symbol,
    pub(super) title: String,
    pub(super) hexes: Vec<Hex>,
    pub(super) bond: Option<Color>,
}

/// "2 players normal, 3 players elite, 4 players elite".
pub(super) fn parties(levels: [Level; 3]) -> String {
    levels
        .iter()
        .zip(Players::ALL)
        .map(|(l, p)| format!("{} players {}", p.count(), l.name()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every piece of the scenario in drawing order: doors, terrain, obstacles, traps, start
/// hexes, the exit, chests, monsters (their discs for the party `players`), coins.
pub(super) fn marks(catalog: &Catalog, s: &Scenario, size: f32, players: Players) -> Vec<Mark> {
    let beneath: BTreeSet<Hex> = s.overlays.iter().flat_map(|o| o.cells(catalog)).collect();
    let mut out = Vec::new();
    let mut add = |symbol: Symbol, title: String, hexes: Vec<Hex>, bond: Option<Color>| {
        out.push(Mark {
            symbol,
            title,
            hexes,
            bond,
        });
    };
    for d in &s.map.doors {
        let (symbol, word) = match d.kind {
            DoorKind::Corridor(..) => (Symbol::Corridor, "Corridor"),
            _ => (Symbol::Door(door_angle(catalog, s, d.at, size)), "Door"),
        };
        add(
            symbol,
            format!("{word} at {} ({})", d.at, d.kind.name()),
            vec![d.at],
            None,
        );
    }
    // Terrain first, then obstacles and traps over it.
    let order = [
        Category::HazardousTerrain,
        Category::DifficultTerrain,
        Category::Obstacle,
        Category::Trap,
    ];
    for category in order {
        for o in &s.overlays {
            let kind = &catalog.overlays[usize::from(o.kind)];
            if kind.category != category {
                continue;
            }
            let cells: Vec<Hex> = o.cells(catalog).collect();
            let shown: Look = look(&kind.id, kind.category);
            let place = cells
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            add(
                Symbol::Piece(shown),
                format!("{} at {place}", kind.name),
                cells.clone(),
                (cells.len() > 1).then(|| bond(shown)),
            );
        }
    }
    for &h in &s.start {
        add(
            Symbol::Start(beneath.contains(&h)),
            format!("Start hex at {h}"),
            vec![h],
            None,
        );
    }
    if let Some(h) = s.exit {
        add(Symbol::Exit, format!("Exit at {h}"), vec![h], None);
    }
    for (i, c) in s.chests.iter().enumerate() {
        let content = c
            .content
            .map_or("random", |k| catalog.chests[usize::from(k)].as_str());
        let label = match c.label {
            Label::Goal => " (goal)".to_string(),
            Label::Number(n) => format!(" (treasure {n})"),
            Label::Locked => " (locked)".to_string(),
            Label::None => String::new(),
        };
        add(
            Symbol::Chest(Some(i + 1)),
            format!("Chest {}{label} at {}: {content}", i + 1, c.at),
            vec![c.at],
            None,
        );
    }
    let letters = initials(catalog, s);
    let mut order: Vec<u16> = Vec::new();
    for m in &s.monsters {
        if !order.contains(&m.monster) {
            order.push(m.monster);
        }
    }
    for m in &s.monsters {
        let name = &catalog.monsters[usize::from(m.monster)].name;
        let level = m.level(players);
        let rank = match level {
            Level::Normal => "Normal",
            Level::Elite => "Elite",
            Level::None => "Absent",
        };
        let i = order.iter().position(|&o| o == m.monster).unwrap_or(0);
        add(
            Symbol::Monster {
                initials: letters.get(i).cloned().unwrap_or_default(),
                level,
                levels: Some(m.levels),
            },
            format!("{rank} {name} at {} ({})", m.at, parties(m.levels)),
            vec![m.at],
            None,
        );
    }
    for c in &s.coins {
        let what = if c.amount == 1 {
            "Coin".to_string()
        } else {
            format!("Coin pile of {}", c.amount)
        };
        add(
            Symbol::Coin,
            format!("{what} at {}", c.at),
            vec![c.at],
            None,
        );
    }
    out
}
