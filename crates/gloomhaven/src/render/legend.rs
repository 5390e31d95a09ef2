//! The legend beside (or below) the map: the scenario, its tiles by theme, the symbols used
//! with their counts, every overlay kind, and the monsters with their initials and set-ups.

use ludoforge_draw::legend::Columns;
use ludoforge_draw::{Svg, TextStyle, text_width};

use super::glyphs::{Symbol, draw_symbol};
use super::looks::look;
use super::palette::LABEL;
use super::{LINE, SAMPLE, TEXT, initials, theme_color};
use crate::catalog::{Catalog, Category};
use crate::map::DoorKind;
use crate::scenario::{Level, Players, Scenario};

/// What a legend line shows before its text.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Sample {
    Title,
    Heading,
    Note,
    Symbol(Symbol),
}

/// One line of the legend.
pub(super) struct LegendLine {
    pub(super) sample: Sample,
    pub(super) text: String,
}

impl LegendLine {
    fn indent(&self) -> f32 {
        match self.sample {
            Sample::Symbol(_) => 34.0,
            _ => 10.0,
        }
    }

    fn width(&self) -> f32 {
        let size = if self.sample == Sample::Title {
            15.0
        } else {
            TEXT
        };
        text_width(&self.text, size) + self.indent()
    }
}

/// The legend's lines: the scenario, its tiles by theme, the symbols used, the monsters (with
/// their set-up for the party `players`).
pub(super) fn legend_lines(catalog: &Catalog, s: &Scenario, players: Players) -> Vec<LegendLine> {
    let line = |sample, text: String| LegendLine { sample, text };
    let symbol = |symbol, text: String| LegendLine {
        sample: Sample::Symbol(symbol),
        text,
    };
    let difficulty = Players::ALL
        .map(|p| s.difficulty(catalog, p).to_string())
        .join(" / ");
    let mut lines = vec![
        line(Sample::Title, s.title().to_string()),
        line(Sample::Note, format!("Goal: {}", s.goal.words())),
        line(
            Sample::Note,
            format!(
                "{} tile hexes · difficulty {difficulty} (2/3/4 players)",
                s.map.size(catalog),
            ),
        ),
    ];
    for &r in &s.rules {
        lines.push(line(
            Sample::Note,
            format!("Rule: {}", catalog.rules[usize::from(r)]),
        ));
    }
    lines.push(line(Sample::Heading, "Map tiles".into()));
    let mut themes: Vec<(&str, Vec<&str>)> = Vec::new();
    for t in &s.map.tiles {
        let tile = &catalog.tiles[t.tile];
        match themes.iter_mut().find(|(theme, _)| *theme == tile.theme) {
            Some((_, ids)) => ids.push(&tile.id),
            None => themes.push((&tile.theme, vec![&tile.id])),
        }
    }
    for (theme, ids) in themes {
        lines.push(symbol(
            Symbol::Tile(theme_color(theme)),
            format!("{theme}: {}", ids.join(", ")),
        ));
    }
    lines.push(line(Sample::Heading, "Symbols".into()));
    let doors = s.map.doors.iter().filter(|d| d.kind.is_door()).count();
    let corridors = s
        .map
        .doors
        .iter()
        .filter(|d| matches!(d.kind, DoorKind::Corridor(..)))
        .count();
    let counted = [
        (Symbol::Start(false), "Start hex", s.start.len()),
        (Symbol::Door(0.0), "Door", doors),
        (Symbol::Corridor, "Corridor", corridors),
        (Symbol::Exit, "Exit", usize::from(s.exit.is_some())),
    ];
    for (sym, name, count) in counted {
        if count > 0 {
            lines.push(symbol(sym, format!("{name} ({count})")));
        }
    }
    for category in Category::ALL {
        for (i, kind) in catalog.overlays.iter().enumerate() {
            let n = s
                .overlays
                .iter()
                .filter(|o| usize::from(o.kind) == i)
                .count();
            if kind.category == category && n > 0 {
                let what = match category {
                    Category::Obstacle => "obstacle",
                    Category::Trap => "trap",
                    Category::HazardousTerrain => "hazardous",
                    Category::DifficultTerrain => "difficult",
                };
                lines.push(symbol(
                    Symbol::Piece(look(&kind.id, kind.category)),
                    format!("{} ({what}, {n})", kind.name),
                ));
            }
        }
    }
    for (sym, name, count) in [
        (Symbol::Coin, "Coin", s.coins.len()),
        (Symbol::Chest(None), "Treasure chest", s.chests.len()),
    ] {
        if count > 0 {
            lines.push(symbol(sym, format!("{name} ({count})")));
        }
    }
    let set_up = |level: Level| {
        s.present(players)
            .filter(|m| m.level(players) == level)
            .count()
    };
    let monster = |level| Symbol::Monster {
        initials: String::new(),
        level,
        levels: None,
    };
    let p = players.count();
    lines.push(symbol(
        monster(Level::Normal),
        format!("Normal monster, {p} players ({})", set_up(Level::Normal)),
    ));
    lines.push(symbol(
        monster(Level::Elite),
        format!("Elite monster, {p} players ({})", set_up(Level::Elite)),
    ));
    let absent = s.monsters.len() - s.standees(players);
    if absent > 0 {
        lines.push(symbol(
            monster(Level::None),
            format!("Not set up for {p} players ({absent})"),
        ));
    }
    if !s.monsters.is_empty() {
        lines.push(symbol(
            Symbol::Setup([Level::None, Level::Normal, Level::Elite]),
            "Players: 2 upper left, 3 upper right, 4 below; black: none".into(),
        ));
        lines.push(line(
            Sample::Heading,
            "Monsters (normal, elite: 2 / 3 / 4 players)".into(),
        ));
    }
    let groups = Players::ALL.map(|p| s.groups(p));
    let mut order: Vec<u16> = Vec::new();
    for m in &s.monsters {
        if !order.contains(&m.monster) {
            order.push(m.monster);
        }
    }
    for (monster, initials) in order.iter().zip(initials(catalog, s)) {
        let counts = groups.each_ref().map(|g| {
            g.iter()
                .find(|g| g.0 == *monster)
                .map_or((0, 0), |g| (g.1, g.2))
        });
        let shown = counts[players.index()];
        lines.push(symbol(
            Symbol::Monster {
                initials,
                level: if shown.0 == 0 && shown.1 > 0 {
                    Level::Elite
                } else if shown.0 + shown.1 == 0 {
                    Level::None
                } else {
                    Level::Normal
                },
                levels: None,
            },
            format!(
                "{}: {}",
                catalog.monsters[usize::from(*monster)].name,
                counts.map(|(n, e)| format!("{n}, {e}")).join(" / ")
            ),
        ));
    }
    lines
}

/// The legend laid out in columns.
pub(super) type Legend = Columns<LegendLine>;

/// Lays out the legend's lines in columns of at most `rows`.
pub(super) fn legend_columns(lines: Vec<LegendLine>, rows: usize) -> Legend {
    Columns::new(lines, rows, LINE, LegendLine::width, |l| {
        l.sample == Sample::Heading
    })
}

/// Draws one legend line in the column whose left edge is `left`, centred on `cy`.
pub(super) fn legend_line(g: &mut Svg, line: &LegendLine, left: f32, cy: f32) {
    if let Sample::Symbol(symbol) = &line.sample {
        let scale = match symbol {
            Symbol::Coin => 1.6,
            Symbol::Monster { .. } => 1.35,
            Symbol::Chest(_) => 1.15,
            _ => 1.0,
        };
        draw_symbol(g, symbol, left + 10.0 + SAMPLE, cy, SAMPLE * scale);
    }
    let style = match line.sample {
        Sample::Title => TextStyle::new(15.0).color(LABEL).bold().middle(),
        Sample::Heading => TextStyle::new(TEXT).color(LABEL).bold().middle(),
        _ => TextStyle::new(TEXT).color(LABEL).middle(),
    };
    g.text(left + line.indent(), cy, &line.text, style);
}
