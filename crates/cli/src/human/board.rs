//! The board in a few lines: each continent a row (or a few) of `id name mark troops` cells,
//! the classic 42 territories in 12 lines of at most 79 characters, and the same cells for
//! the territories that changed since the person last looked.

use ludoforge_risk::map::{RiskMap, TerritoryId};
use ludoforge_risk::state::{NEUTRAL, State};

use super::screen::{Paint, WIDTH};

/// The widest short name a cell shows.
const NAME: usize = 9;

/// The owners and troops the person last saw.
pub type Seen = (Vec<u8>, Vec<u32>);

/// A name cut to at most `width` characters: kept whole when it fits, else every word but the
/// last cut to its initial ("Western Europe" → "W.Europe"), and that cut short with a dot when
/// still too long ("Western Australia" → "W.Austra.").
#[must_use]
pub fn short_name(name: &str, width: usize) -> String {
    if name.chars().count() <= width {
        return name.to_string();
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    let mut short = String::new();
    if let Some((last, first)) = words.split_last() {
        for w in first {
            short.extend(w.chars().next());
            short.push('.');
        }
        short.push_str(last);
    }
    if short.chars().count() <= width {
        return short;
    }
    let mut cut: String = short.chars().take(width.saturating_sub(1)).collect();
    cut.push('.');
    cut
}

/// A continent's label: the first three letters of a one-word name ("Europe" → "Eur"), else
/// the initials of the words but the last and the last's first two letters ("North America"
/// → "NAm", "Continent 2" → "C2"), then its bonus ("NAm+5").
#[must_use]
pub fn continent_label(name: &str, bonus: u32) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    let mut label = String::new();
    match words.split_last() {
        None => label.push('?'),
        Some((only, [])) => label.extend(only.chars().take(3)),
        Some((last, first)) => {
            for w in first {
                label.extend(w.chars().next());
            }
            label.extend(last.chars().take(2));
        }
    }
    format!("{label}+{bonus}")
}

/// The widths of a map's cells and how many fit on a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// The continent labels' column.
    pub label: usize,
    /// A territory number.
    pub id: usize,
    /// A short name.
    pub name: usize,
    /// Cells on one line.
    pub per_row: usize,
}

impl Layout {
    /// The layout for `map`: names as wide as its longest short name (at most 9).
    #[must_use]
    pub fn of(map: &RiskMap) -> Layout {
        let n = map.territories();
        let id = (n.saturating_sub(1)).to_string().len();
        let name = (0..n as TerritoryId)
            .map(|t| short_name(map.territory_name(t), NAME).chars().count())
            .max()
            .unwrap_or(1);
        let label = map
            .continents()
            .iter()
            .map(|c| continent_label(&c.name, c.bonus).chars().count())
            .max()
            .unwrap_or(0)
            .max(3);
        let mut layout = Layout {
            label,
            id,
            name,
            per_row: 1,
        };
        // A cell and the space before it.
        let step = layout.cell() + 1;
        layout.per_row = ((WIDTH - label) / step).max(1);
        layout
    }

    /// A cell's width: number, space, name, space, owner mark, troops (3 wide).
    #[must_use]
    pub fn cell(&self) -> usize {
        self.id + 1 + self.name + 1 + 1 + 3
    }
}

/// The mark for a territory's owner, as `me` sees it: `Y` yours, `E` the enemy's, `.` free.
#[must_use]
pub fn mark(owner: u8, me: u8) -> char {
    match owner {
        NEUTRAL => '.',
        o if o == me => 'Y',
        _ => 'E',
    }
}

/// One territory's cell, padded to the layout's width (the colour codes aside).
#[must_use]
pub fn cell(state: &State, me: u8, t: TerritoryId, layout: &Layout, paint: Paint) -> String {
    let owner = state.owner[t as usize];
    let troops = if owner == NEUTRAL {
        String::new()
    } else {
        state.troops[t as usize].to_string()
    };
    let text = format!(
        "{t:>id$} {name:<nw$} {m}{troops:<3}",
        id = layout.id,
        name = short_name(state.map.territory_name(t), layout.name),
        nw = layout.name,
        m = mark(owner, me),
    );
    match owner {
        NEUTRAL => paint.free(&text),
        o if o == me => paint.mine(&text),
        _ => paint.theirs(&text),
    }
}

/// Rows of cells, the first row of each group starting with its label.
fn rows(
    state: &State,
    me: u8,
    label: &str,
    territories: &[TerritoryId],
    layout: &Layout,
    paint: Paint,
) -> Vec<String> {
    territories
        .chunks(layout.per_row)
        .enumerate()
        .map(|(i, chunk)| {
            let head = if i == 0 { label } else { "" };
            let cells: Vec<String> = chunk
                .iter()
                .map(|&t| cell(state, me, t, layout, paint))
                .collect();
            let line = format!("{head:<w$} {}", cells.join(" "), w = layout.label);
            line.trim_end().to_string()
        })
        .collect()
}

/// The whole board: a line of totals, the continents' rows, and a key with the person's
/// cards.
#[must_use]
pub fn board(state: &State, me: u8, paint: Paint) -> Vec<String> {
    let layout = Layout::of(state.map);
    let troops = |p: u8| -> u32 { state.owned(p).map(|t| state.troops[t as usize]).sum() };
    let free = state.neutral().len();
    let mut lines = vec![paint.strong(&if free > 0 {
        format!(
            "Board: {free} free; you hold {}, they hold {}",
            state.territory_count(me),
            state.territory_count(1 - me)
        )
    } else {
        format!(
            "Board: you hold {} territories, {} troops; they hold {}, {} troops",
            state.territory_count(me),
            troops(me),
            state.territory_count(1 - me),
            troops(1 - me)
        )
    })];
    for c in state.map.continents() {
        let label = continent_label(&c.name, c.bonus);
        lines.extend(rows(state, me, &label, &c.territories, &layout, paint));
    }
    let cards: Vec<&str> = state.hands[me as usize]
        .iter()
        .map(|&t| state.map.territory_name(t))
        .collect();
    let example = state
        .map
        .continents()
        .first()
        .map_or(String::new(), |c| continent_label(&c.name, c.bonus));
    let key = format!(
        "Y yours, E theirs, . free; {example}: a continent and its bonus. Cards: {}",
        if cards.is_empty() {
            "none".to_string()
        } else {
            cards.join(", ")
        }
    );
    lines.extend(super::screen::wrap(&key, 2));
    lines
}

/// The territories whose owner or troops changed since `seen`, as cells on at most
/// `max_rows` lines (the first labelled "Now"), the last a note of how many more there are
/// when not all fit.
#[must_use]
pub fn changed(state: &State, me: u8, seen: &Seen, max_rows: usize, paint: Paint) -> Vec<String> {
    let (owner, troops) = seen;
    let changed: Vec<TerritoryId> = (0..state.owner.len())
        .filter(|&t| owner[t] != state.owner[t] || troops[t] != state.troops[t])
        .map(|t| t as TerritoryId)
        .collect();
    let layout = Layout::of(state.map);
    let shown = if changed.len() <= max_rows * layout.per_row {
        changed.len()
    } else {
        max_rows.saturating_sub(1) * layout.per_row
    };
    let mut lines = rows(state, me, "Now", &changed[..shown], &layout, paint);
    if shown < changed.len() {
        lines.push(format!(
            "    ... and {} more changed (b shows the whole board)",
            changed.len() - shown
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludoforge_risk::rules::Rules;

    /// The classic board mid-match: every territory owned, some with big armies.
    fn classic_state(map: &RiskMap) -> State<'_> {
        let mut s = State::new(map, Rules::classic());
        for t in 0..s.owner.len() {
            s.owner[t] = (t % 3 == 0) as u8;
            s.troops[t] = [1, 7, 23, 112][t % 4];
        }
        s.hands[0] = vec![10, 11, 38, 27, 40];
        s
    }

    #[test]
    fn the_classic_board_fits_80_by_24() {
        let map = RiskMap::embedded("classic").unwrap();
        let s = classic_state(&map);
        let lines = board(&s, 0, Paint::PLAIN);
        // A line of totals, 12 rows of territories, the key.
        let is_cell =
            |w: &str| (w.starts_with('Y') || w.starts_with('E')) && w[1..].parse::<u32>().is_ok();
        let territory_rows = lines.iter().filter(|l| l.split_whitespace().any(is_cell));
        assert_eq!(territory_rows.count(), 12, "{lines:#?}");
        assert!(lines.len() <= 15, "{}", lines.join("\n"));
        for line in &lines {
            assert!(line.chars().count() <= WIDTH, "too wide: {line:?}");
        }
        // Every territory is on it once, with its troops.
        let text = lines.join("\n");
        for t in 0..42u32 {
            let short = short_name(map.territory_name(t), NAME);
            assert_eq!(text.matches(&format!(" {short} ")).count(), 1, "{short}");
        }
        assert!(text.contains("Y112") || text.contains("E112"));
        assert!(text.contains("NAm+5") && text.contains("Asi+7"));
    }

    #[test]
    fn small_maps_pack_more_cells_on_a_line() {
        let map = RiskMap::embedded("map8").unwrap();
        let layout = Layout::of(&map);
        assert!(layout.per_row >= 6, "{layout:?}");
        let classic = Layout::of(&RiskMap::embedded("classic").unwrap());
        assert_eq!(classic.per_row, 4, "{classic:?}");
    }

    #[test]
    fn names_are_cut_to_their_initials_then_short() {
        assert_eq!(short_name("Peru", 9), "Peru");
        assert_eq!(short_name("Western Europe", 9), "W.Europe");
        assert_eq!(short_name("Western United States", 9), "W.U.Stat.");
        assert_eq!(short_name("Madagascar", 9), "Madagasc.");
        assert_eq!(continent_label("North America", 5), "NAm+5");
        assert_eq!(continent_label("Europe", 5), "Eur+5");
        assert_eq!(continent_label("Continent 2", 1), "C2+1");
    }

    #[test]
    fn only_what_changed_is_shown() {
        let map = RiskMap::embedded("classic").unwrap();
        let before = classic_state(&map);
        let seen = (before.owner.clone(), before.troops.clone());
        let mut after = before.clone();
        after.owner[10] = 1 - after.owner[10];
        after.troops[10] = 4;
        after.troops[11] += 3;
        let lines = changed(&after, 0, &seen, 3, Paint::PLAIN);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(lines[0].starts_with("Now"), "{lines:?}");
        assert!(lines[0].contains("10 Peru      E4"), "{lines:?}");
        assert!(lines[0].contains("11 Brazil"), "{lines:?}");
        assert!(changed(&before, 0, &seen, 3, Paint::PLAIN).is_empty());
        // Many changes: the rest are counted, not shown.
        let mut all = before.clone();
        all.troops.iter_mut().for_each(|n| *n += 1);
        let lines = changed(&all, 0, &seen, 3, Paint::PLAIN);
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(lines[2].contains("34 more"), "{lines:?}");
    }
}
