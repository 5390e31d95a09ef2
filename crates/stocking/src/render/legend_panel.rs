//! The legend beside (or below) the map: the theme, the measures, the symbols used, and the
//! doors with their keys.

use super::*;

/// What a legend line shows before its text.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Sample {
    Title,
    Heading,
    Note,
    Wall,
    Floor,
    Route,
    Start,
    Goal,
    Door,
    Key,
    Pair(u32),
    Reward(RewardSize),
    Trap,
    Herring,
    Creature(Role),
}

impl Sample {
    /// Where the text starts, from the legend's left edge.
    fn indent(self) -> f32 {
        match self {
            Sample::Title | Sample::Heading | Sample::Note => 10.0,
            Sample::Pair(_) => 56.0,
            _ => 34.0,
        }
    }
}

pub(super) struct LegendLine {
    sample: Sample,
    text: String,
}

/// The most characters a legend line shows.
const LONGEST_LINE: usize = 48;

impl LegendLine {
    /// The width the line takes, sample included.
    fn width(&self) -> f32 {
        let size = if self.sample == Sample::Title {
            15.0
        } else {
            TEXT
        };
        text_width(&self.text, size) + self.sample.indent()
    }
}

/// The legend's lines: the theme, the measures, the symbols used, the doors with their keys.
pub(super) fn legend_lines(map: &StockedMap, view: &View) -> Vec<LegendLine> {
    // A line longer than the legend is meant to be (a theme's long title) is cut with an
    // ellipsis, so the picture keeps the map's size whatever the text.
    let line = |sample, text: String| LegendLine {
        sample,
        text: ludoforge_draw::shorten(&text, LONGEST_LINE),
    };
    let fun = &map.fun;
    let mut lines = vec![
        line(Sample::Title, map.theme.title.clone()),
        line(
            Sample::Note,
            format!(
                "{}×{} cells · seed {}",
                map.grid.width(),
                map.grid.height(),
                map.seed
            ),
        ),
        line(
            Sample::Note,
            format!(
                "Fun: {:.0}% before → {:.0}% after",
                100.0 * fun.fun_before,
                100.0 * fun.fun_after
            ),
        ),
        line(
            Sample::Note,
            format!(
                "Route: {} of {} cells (shortest path {})",
                fun.route_after, fun.reachable, fun.path_before
            ),
        ),
        line(
            Sample::Note,
            format!(
                "Keys {} · rewards {} small, {} medium, {} large",
                fun.keys, fun.rewards.small, fun.rewards.medium, fun.rewards.large
            ),
        ),
        line(
            Sample::Note,
            format!(
                "Traps {} · red herrings {} · solved areas {}",
                fun.traps, fun.red_herrings, fun.solved_areas
            ),
        ),
        line(
            Sample::Note,
            format!(
                "Largest pointless area left: {} cells",
                fun.largest_area_left
            ),
        ),
        line(Sample::Heading, "Symbols".into()),
        line(
            Sample::Start,
            format!("Start {}", cell_text(map.grid.start())),
        ),
        line(Sample::Goal, format!("Goal {}", cell_text(map.grid.goal()))),
        line(Sample::Wall, "Wall".into()),
        line(Sample::Floor, "Floor".into()),
    ];
    if view.route {
        lines.push(line(Sample::Route, "Required route".into()));
    }
    let has = |f: &dyn Fn(Feature) -> bool| map.stocking.placements.iter().any(|p| f(p.feature));
    if has(&|f| matches!(f, Feature::Door(_))) {
        lines.push(line(Sample::Door, "Door (opened by its own key)".into()));
        lines.push(line(Sample::Key, "Key (same colour and number)".into()));
    }
    for size in [RewardSize::Small, RewardSize::Medium, RewardSize::Large] {
        if has(&|f| f == Feature::Reward(size)) {
            lines.push(line(
                Sample::Reward(size),
                format!("{} reward", size_name(size, true)),
            ));
        }
    }
    if has(&|f| f == Feature::Trap) {
        lines.push(line(Sample::Trap, "Trap".into()));
    }
    if has(&|f| f == Feature::RedHerring) {
        lines.push(line(Sample::Herring, "Red herring".into()));
    }
    for (role, names) in inhabitants(map) {
        let count: usize = names.iter().map(|(_, cells)| cells.len()).sum();
        let mut text: String = role_plural(role).into();
        text[..1].make_ascii_uppercase();
        let mut names: Vec<String> = names.iter().map(|(n, _)| n.clone()).collect();
        if names.len() > 3 {
            names.truncate(3);
            names.push("…".into());
        }
        lines.push(line(
            Sample::Creature(role),
            format!("{text} ({count}): {}", names.join(", ")),
        ));
    }
    let pairs = pairs(map);
    if !pairs.is_empty() {
        lines.push(line(Sample::Heading, "Doors and their keys".into()));
        let at = |p: Option<Pos>| p.map_or_else(|| "nowhere".to_string(), cell_text);
        for &(id, door, key) in pairs.iter().take(MAX_PAIRS) {
            lines.push(line(
                Sample::Pair(id),
                format!("{}: door {}, key {}", id + 1, at(door), at(key)),
            ));
        }
        if pairs.len() > MAX_PAIRS {
            lines.push(line(
                Sample::Note,
                format!("… and {} more pairs", pairs.len() - MAX_PAIRS),
            ));
        }
    }
    lines
}

/// The legend laid out in columns.
type Legend = Columns<LegendLine>;

/// Lays out the legend's lines in columns of at most `rows`.
pub(super) fn legend_columns(lines: Vec<LegendLine>, rows: usize) -> Legend {
    Columns::new(lines, rows, LINE, LegendLine::width, |l| {
        matches!(l.sample, Sample::Heading)
    })
}

/// One line of the legend, its sample's left edge at `x + 10`, centred on `cy`.
pub(super) fn legend_line(g: &mut Svg, line: &LegendLine, x: f32, cy: f32) {
    let sx = x + 10.0 + SAMPLE / 2.0;
    let s = SAMPLE;
    let tile = |g: &mut Svg, left: f32, color: Color| {
        g.rect(
            left,
            cy - s / 2.0,
            s,
            s,
            Style::fill(color).with_stroke(Stroke::new(legend::EDGE, 0.8)),
        );
    };
    let left = sx - s / 2.0;
    match line.sample {
        Sample::Title | Sample::Heading | Sample::Note => {}
        Sample::Wall => tile(g, left, WALL),
        Sample::Floor => tile(g, left, FLOOR),
        Sample::Route => {
            g.line(
                left - 2.0,
                cy,
                left + s + 2.0,
                cy,
                Stroke::new(ROUTE, 0.42 * MAX_CELL as f32).opacity(ROUTE_OPACITY),
            );
        }
        Sample::Start => stairs(g, sx, cy, s, START, true),
        Sample::Goal => stairs(g, sx, cy, s, GOAL, false),
        Sample::Door => {
            tile(g, left, FLOOR);
            door(g, sx, cy, s, 0, true);
        }
        Sample::Key => {
            tile(g, left, FLOOR);
            key(g, sx, cy, s, 0);
        }
        Sample::Pair(id) => {
            tile(g, left, FLOOR);
            door(g, sx, cy, s, id, true);
            tile(g, left + s + 4.0, FLOOR);
            key(g, sx + s + 4.0, cy, s, id);
        }
        Sample::Reward(size) => reward(g, sx, cy, s, size),
        Sample::Trap => trap(g, sx, cy, s),
        Sample::Herring => herring(g, sx, cy, s),
        Sample::Creature(role) => creature(g, sx, cy, s, role),
    }
    let style = match line.sample {
        Sample::Title => TextStyle::new(15.0).color(LABEL).bold().middle(),
        Sample::Heading => TextStyle::new(TEXT).color(LABEL).bold().middle(),
        _ => TextStyle::new(TEXT).color(LABEL).middle(),
    };
    g.text(x + line.sample.indent(), cy, &line.text, style);
}
