//! A scenario-book page: everything a party needs to set up a scenario from the box, as plain
//! text ([`text`]) or Markdown ([`markdown`]).
//!
//! A page holds the title, the goal, the special rules, the map tiles to take from the box
//! (each with how far it is turned, e.g. "L1a (turned 180°)"), the doors, the monsters for 2, 3
//! and 4 players (see [`standees`]), the treasure, the overlay pieces and the scenario's score
//! under a fitness, with the seed that made it.
//!
//! ```
//! use ludoforge_gloomhaven::book::{markdown, text};
//! use ludoforge_gloomhaven::catalog::Catalog;
//! use ludoforge_gloomhaven::fitness::Fitness;
//! use ludoforge_gloomhaven::scenario::Scenario;
//! let catalog = Catalog::built_in();
//! let barrow = Scenario::official(&catalog, "Black Barrow").unwrap();
//! let page = text(&catalog, &barrow, "Black Barrow", &Fitness::gloomdungeons(), 1);
//! assert!(page.contains("L1a (turned 180°)"));
//! assert!(page.contains("Bandit Guard"));
//! let md = markdown(&catalog, &barrow, "Black Barrow", &Fitness::gloomdungeons(), 1);
//! assert!(md.starts_with("# Black Barrow"));
//! ```

use std::fmt::Write as _;

use crate::catalog::Catalog;
use crate::fitness::{COMPONENTS, Fitness};
use crate::scenario::Scenario;

/// The player counts a page lists, in order.
pub const PLAYERS: [u32; 3] = [2, 3, 4];

/// The standees of a monster group for `players` players (clamped to 2–4), given its
/// `normal` and `elite` standees for four: each rank keeps `round(count × players / 4)`
/// standees (halves round up), and a group that would lose every standee keeps one of its
/// normals (or, without normals, one elite).
///
/// So no rank ever has more standees than for four players, each rank grows with the party
/// (2 ≤ 3 ≤ 4), and every group of the scenario still appears, as in the scenario book where
/// smaller parties meet the same monster types in smaller numbers.
///
/// ```
/// use ludoforge_gloomhaven::book::standees;
/// assert_eq!(standees(4, 1, 4), (4, 1));
/// assert_eq!(standees(4, 1, 3), (3, 1));
/// assert_eq!(standees(4, 1, 2), (2, 1));
/// assert_eq!(standees(5, 0, 2), (3, 0)); // 2.5 rounds up
/// assert_eq!(standees(0, 2, 2), (0, 1));
/// assert_eq!(standees(0, 0, 2), (0, 0));
/// ```
#[must_use]
pub fn standees(normal: u32, elite: u32, players: u32) -> (u32, u32) {
    let p = players.clamp(2, 4);
    let scale = |count: u32| (count * p + 2) / 4;
    let (mut n, mut e) = (scale(normal), scale(elite));
    if n + e == 0 && normal + elite > 0 {
        if normal > 0 {
            n = 1;
        } else {
            e = 1;
        }
    }
    (n, e)
}

/// How one standee is set up for a party size, as the scenario book marks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// Not on the map.
    Absent,
    /// A normal monster.
    Normal,
    /// An elite monster.
    Elite,
}

impl Level {
    /// The word Virtual Gloomhaven Board uses: `none`, `normal`, `elite`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Absent => "none",
            Level::Normal => "normal",
            Level::Elite => "elite",
        }
    }
}

/// Each monster placement's level with 2, 3 and 4 players, in the placements' order (group by
/// group, normals then elites): the first [`standees`] of each rank are set up, the rest left
/// off the map.
///
/// ```
/// use ludoforge_gloomhaven::book::{Level, levels};
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::scenario::Scenario;
/// let catalog = Catalog::built_in();
/// let barrow = Scenario::official(&catalog, "Black Barrow").unwrap();
/// let all = levels(&barrow);
/// assert_eq!(all.len(), barrow.placements.monsters.len());
/// // Four players meet every standee, at its own rank.
/// assert!(all.iter().all(|l| l[2] != Level::Absent));
/// ```
#[must_use]
pub fn levels(s: &Scenario) -> Vec<[Level; 3]> {
    let mut out = Vec::with_capacity(s.placements.monsters.len());
    for group in &s.monsters {
        let counts = PLAYERS.map(|p| standees(group.normal, group.elite, p));
        for (rank, count) in [(Level::Normal, group.normal), (Level::Elite, group.elite)] {
            for k in 0..count {
                out.push(counts.map(|(n, e)| {
                    let present = if rank == Level::Normal { n } else { e };
                    if k < present { rank } else { Level::Absent }
                }));
            }
        }
    }
    out.truncate(s.placements.monsters.len());
    out
}

/// A tile to take from the box, with how it is turned: `"L1a"`, `"L1a (turned 180°)"`,
/// `"G1b (turned 60° clockwise)"`.
///
/// ```
/// use ludoforge_gloomhaven::book::turned;
/// assert_eq!(turned("L1a", 3), "L1a (turned 180°)");
/// assert_eq!(turned("G1b", 0), "G1b");
/// assert_eq!(turned("I1a", 5), "I1a (turned 300° clockwise)");
/// ```
#[must_use]
pub fn turned(id: &str, rotation: u8) -> String {
    match rotation % 6 {
        0 => id.to_string(),
        3 => format!("{id} (turned 180°)"),
        r => format!("{id} (turned {}° clockwise)", u32::from(r) * 60),
    }
}

/// One monster group's row: its name and (normal, elite) for 2, 3 and 4 players.
struct MonsterRow {
    name: String,
    counts: [(u32, u32); 3],
}

/// Everything on a page, gathered once for both formats.
struct Page {
    title: String,
    about: String,
    goal: &'static str,
    rules: Vec<String>,
    tiles: Vec<String>,
    doors: usize,
    starts: usize,
    monsters: Vec<MonsterRow>,
    difficulty: [u32; 3],
    coins: u32,
    chests: Vec<String>,
    overlays: [(&'static str, u32); 4],
    components: [f64; 5],
    weights: [f64; 5],
    total: f64,
    maximum: f64,
    seed: u64,
}

impl Page {
    fn new(catalog: &Catalog, s: &Scenario, name: &str, fitness: &Fitness, seed: u64) -> Page {
        let monsters: Vec<MonsterRow> = s
            .monsters
            .iter()
            .map(|g| MonsterRow {
                name: catalog.monsters[g.monster].name.clone(),
                counts: PLAYERS.map(|p| standees(g.normal, g.elite, p)),
            })
            .collect();
        let difficulty = [0, 1, 2].map(|i| {
            s.monsters
                .iter()
                .zip(&monsters)
                .map(|(g, row)| {
                    let (n, e) = row.counts[i];
                    catalog.monsters[g.monster].difficulty * (n + 2 * e)
                })
                .sum()
        });
        let components = fitness.components(catalog, s);
        let themes = match (
            crate::names::monster_theme(catalog, s),
            crate::names::tile_theme(catalog, s),
        ) {
            (Some(m), Some(t)) => format!("{m} monsters in a {t} setting"),
            (None, Some(t)) => format!("a {t} setting"),
            (Some(m), None) => format!("{m} monsters"),
            (None, None) => "no theme".into(),
        };
        Page {
            title: name.to_string(),
            about: format!(
                "{} tile hexes · {} · seed {seed}",
                s.map.size(catalog),
                themes
            ),
            goal: s.goal.words(),
            rules: s.rules.clone(),
            tiles: s
                .map
                .tiles
                .iter()
                .map(|t| turned(&catalog.tiles[t.tile].id, t.rotation))
                .collect(),
            doors: s.map.doors.len(),
            starts: s.placements.start.len(),
            monsters,
            difficulty,
            coins: s.coins,
            chests: s.chests.clone(),
            overlays: [
                ("Obstacles", s.overlays.obstacles),
                ("Traps", s.overlays.traps),
                ("Hazardous terrain", s.overlays.hazardous_terrain),
                ("Difficult terrain", s.overlays.difficult_terrain),
            ],
            components,
            weights: fitness.weights,
            total: components
                .iter()
                .zip(fitness.weights)
                .map(|(c, w)| c * w)
                .sum(),
            maximum: fitness.maximum(),
            seed,
        }
    }

    /// Each chest's line: `"Chest 1: 15 Gold"`.
    fn chest_lines(&self) -> Vec<String> {
        self.chests
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let content = if c == "random" {
                    "a random treasure, drawn when opened"
                } else {
                    c.as_str()
                };
                format!("Chest {}: {content}", i + 1)
            })
            .collect()
    }

    /// The monster table's body rows, the totals last.
    fn monster_rows(&self) -> Vec<Vec<String>> {
        let mut rows: Vec<Vec<String>> = self
            .monsters
            .iter()
            .map(|m| {
                let mut row = vec![m.name.clone()];
                for (n, e) in m.counts {
                    row.push(n.to_string());
                    row.push(e.to_string());
                }
                row
            })
            .collect();
        let mut total = vec!["Total".to_string()];
        for i in 0..3 {
            let (n, e) = self
                .monsters
                .iter()
                .fold((0, 0), |(n, e), m| (n + m.counts[i].0, e + m.counts[i].1));
            total.push(n.to_string());
            total.push(e.to_string());
        }
        rows.push(total);
        rows
    }

    fn difficulty_line(&self) -> String {
        format!(
            "Monster difficulty: {} for 2 players, {} for 3, {} for 4.",
            self.difficulty[0], self.difficulty[1], self.difficulty[2]
        )
    }

    fn score_rows(&self) -> Vec<[String; 4]> {
        COMPONENTS
            .iter()
            .zip(self.components)
            .zip(self.weights)
            .map(|((name, c), w)| {
                let mut name = (*name).to_string();
                name[..1].make_ascii_uppercase();
                [
                    name,
                    format!("{c:.3}"),
                    format!("{w}"),
                    format!("{:.2}", c * w),
                ]
            })
            .collect()
    }
}

/// The page as plain text.
///
/// ```
/// use ludoforge_gloomhaven::book::text;
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::fitness::Fitness;
/// use ludoforge_gloomhaven::scenario::Scenario;
/// let catalog = Catalog::built_in();
/// let pit = Scenario::official(&catalog, "Magma Pit").unwrap();
/// let page = text(&catalog, &pit, "Magma Pit", &Fitness::gloomdungeons(), 3);
/// assert!(page.starts_with("MAGMA PIT\n========="));
/// assert!(page.contains("All characters start with WOUND"));
/// ```
#[must_use]
pub fn text(catalog: &Catalog, s: &Scenario, name: &str, fitness: &Fitness, seed: u64) -> String {
    let page = Page::new(catalog, s, name, fitness, seed);
    let mut out = String::new();
    let title = page.title.to_uppercase();
    let _ = writeln!(out, "{title}\n{}", "=".repeat(title.chars().count()));
    let _ = writeln!(out, "{}\n", page.about);

    let _ = writeln!(out, "Goal: {}\n", page.goal);

    let _ = writeln!(out, "Special rules");
    if page.rules.is_empty() {
        let _ = writeln!(out, "  None.");
    }
    for r in &page.rules {
        let _ = writeln!(out, "  - {r}");
    }

    let _ = writeln!(out, "\nMap tiles ({})", page.tiles.len());
    for t in &page.tiles {
        let _ = writeln!(out, "  - {t}");
    }
    let _ = writeln!(out, "Doors: {} · start hexes: {}", page.doors, page.starts);

    let _ = writeln!(out, "\nMonsters (normal and elite standees)");
    let groups: Vec<(String, usize)> = PLAYERS.map(|p| (format!("{p} players"), 2)).into();
    let mut header = vec!["Monster".to_string()];
    for _ in PLAYERS {
        header.extend(["normal".to_string(), "elite".to_string()]);
    }
    out.push_str(&text_table(&groups, &header, &page.monster_rows()));
    let _ = writeln!(out, "{}", page.difficulty_line());

    let _ = writeln!(out, "\nTreasure");
    let _ = writeln!(out, "  - Coins: {}", page.coins);
    if page.chests.is_empty() {
        let _ = writeln!(out, "  - No chests.");
    }
    for c in page.chest_lines() {
        let _ = writeln!(out, "  - {c}");
    }

    let _ = writeln!(out, "\nOverlay pieces");
    for (piece, count) in page.overlays {
        let _ = writeln!(out, "  - {piece}: {count}");
    }

    let _ = writeln!(
        out,
        "\nScore: {:.2} of {} (seed {})",
        page.total, page.maximum, page.seed
    );
    let header = ["Component", "score", "weight", "points"].map(String::from);
    let rows: Vec<Vec<String>> = page.score_rows().into_iter().map(Vec::from).collect();
    out.push_str(&text_table(&[], &header, &rows));
    out
}

/// The page as Markdown: a level-1 title, level-2 sections and tables for the monsters and
/// the score.
///
/// ```
/// use ludoforge_gloomhaven::book::markdown;
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::fitness::Fitness;
/// use ludoforge_gloomhaven::scenario::Scenario;
/// let catalog = Catalog::built_in();
/// let barrow = Scenario::official(&catalog, "Black Barrow").unwrap();
/// let md = markdown(&catalog, &barrow, "Black Barrow", &Fitness::gloomdungeons(), 1);
/// assert!(md.contains("| Monster | 2 players: normal | elite |"));
/// assert!(md.contains("| Bandit Guard | 2 | 1 | 3 | 1 | 4 | 1 |"));
/// ```
#[must_use]
pub fn markdown(
    catalog: &Catalog,
    s: &Scenario,
    name: &str,
    fitness: &Fitness,
    seed: u64,
) -> String {
    let page = Page::new(catalog, s, name, fitness, seed);
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n", md_escape(&page.title));
    let _ = writeln!(out, "*{}*\n", page.about);
    let _ = writeln!(out, "**Goal:** {}\n", page.goal);

    let _ = writeln!(out, "## Special rules\n");
    if page.rules.is_empty() {
        let _ = writeln!(out, "None.");
    }
    for r in &page.rules {
        let _ = writeln!(out, "- {}", md_escape(r));
    }

    let _ = writeln!(out, "\n## Map tiles\n");
    for t in &page.tiles {
        let _ = writeln!(out, "- {t}");
    }
    let _ = writeln!(
        out,
        "\n**Doors:** {} · **start hexes:** {}",
        page.doors, page.starts
    );

    let _ = writeln!(out, "\n## Monsters\n");
    let mut header = "| Monster |".to_string();
    for p in PLAYERS {
        let _ = write!(header, " {p} players: normal | elite |");
    }
    let _ = writeln!(out, "{header}");
    let _ = writeln!(out, "|---|{}", "--:|".repeat(2 * PLAYERS.len()));
    let rows = page.monster_rows();
    let last = rows.len() - 1;
    for (i, row) in rows.iter().enumerate() {
        let cells: Vec<String> = if i == last {
            row.iter().map(|c| format!("**{c}**")).collect()
        } else {
            row.clone()
        };
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
    let _ = writeln!(out, "\n{}", page.difficulty_line());

    let _ = writeln!(out, "\n## Treasure\n");
    let _ = writeln!(out, "- Coins: {}", page.coins);
    if page.chests.is_empty() {
        let _ = writeln!(out, "- No chests.");
    }
    for c in page.chest_lines() {
        let _ = writeln!(out, "- {c}");
    }

    let _ = writeln!(out, "\n## Overlay pieces\n");
    let _ = writeln!(out, "| Piece | Count |\n|---|--:|");
    for (piece, count) in page.overlays {
        let _ = writeln!(out, "| {piece} | {count} |");
    }

    let _ = writeln!(out, "\n## Score\n");
    let _ = writeln!(
        out,
        "**{:.2}** of {} (seed {})\n",
        page.total, page.maximum, page.seed
    );
    let _ = writeln!(
        out,
        "| Component | Score | Weight | Points |\n|---|--:|--:|--:|"
    );
    for row in page.score_rows() {
        let _ = writeln!(out, "| {} |", row.join(" | "));
    }
    out
}

/// Escapes the characters that would start Markdown emphasis, code or a table cell.
fn md_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '*' | '_' | '`' | '|' | '[' | ']' | '#' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A plain-text table: the first column left-aligned, the others right-aligned, two spaces
/// between columns and an indent of two. `groups` (a label and how many columns it spans,
/// after the first column) adds a line of centred labels above the header.
fn text_table(groups: &[(String, usize)], header: &[String], rows: &[Vec<String>]) -> String {
    let columns = std::iter::once(header)
        .chain(rows.iter().map(Vec::as_slice))
        .map(<[String]>::len)
        .max()
        .unwrap_or(0);
    let mut widths = vec![0; columns];
    for row in std::iter::once(header).chain(rows.iter().map(Vec::as_slice)) {
        for (i, cell) in row.iter().enumerate() {
            widths[i] = widths[i].max(cell.chars().count());
        }
    }
    // Widen a group's last column until its label fits over the group.
    let mut first = 1;
    for (label, span) in groups {
        let end = (first + span).min(columns);
        if first >= end {
            break;
        }
        let inner: usize = widths[first..end].iter().sum::<usize>() + 2 * (end - first - 1);
        widths[end - 1] += label.chars().count().saturating_sub(inner);
        first = end;
    }
    let mut out = String::new();
    if !groups.is_empty() {
        let mut line = format!("  {}", " ".repeat(widths.first().copied().unwrap_or(0)));
        let mut first = 1;
        for (label, span) in groups {
            let end = (first + span).min(columns);
            if first >= end {
                break;
            }
            let w: usize = widths[first..end].iter().sum::<usize>() + 2 * (end - first - 1);
            let _ = write!(line, "  {label:^w$}");
            first = end;
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    for row in std::iter::once(header).chain(rows.iter().map(Vec::as_slice)) {
        let mut line = String::from(" ");
        for (i, &w) in widths.iter().enumerate() {
            let cell = row.get(i).map_or("", String::as_str);
            if i == 0 {
                let _ = write!(line, " {cell:<w$}");
            } else {
                let _ = write!(line, "  {cell:>w$}");
            }
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evolution::generated;

    fn scenarios(catalog: &Catalog) -> Vec<Scenario> {
        let mut all = Scenario::all_official(catalog);
        all.push(generated(catalog, 5));
        all
    }

    #[test]
    fn every_tile_monster_and_rule_appears() {
        let catalog = Catalog::built_in();
        let fitness = Fitness::gloomdungeons();
        for s in scenarios(&catalog) {
            for page in [
                text(&catalog, &s, "Test Page", &fitness, 9),
                markdown(&catalog, &s, "Test Page", &fitness, 9),
            ] {
                for t in &s.map.tiles {
                    let entry = turned(&catalog.tiles[t.tile].id, t.rotation);
                    assert!(page.contains(&entry), "{entry} missing:\n{page}");
                }
                for g in &s.monsters {
                    assert!(page.contains(&catalog.monsters[g.monster].name));
                }
                for r in &s.rules {
                    assert!(page.contains(r.as_str()), "{r} missing:\n{page}");
                }
                assert!(page.contains(s.goal.words()));
                assert!(page.contains(&format!("Coins: {}", s.coins)));
                assert!(
                    page.contains(&format!("Obstacles: {}", s.overlays.obstacles))
                        || page.contains(&format!("| Obstacles | {} |", s.overlays.obstacles))
                );
                assert!(page.contains("seed 9"));
                for (i, c) in s.chests.iter().enumerate() {
                    let chest = format!("Chest {}: ", i + 1);
                    assert!(page.contains(&chest));
                    if c != "random" {
                        assert!(page.contains(&format!("{chest}{c}")));
                    }
                }
            }
        }
    }

    #[test]
    fn player_counts_grow_with_the_party() {
        for normal in 0..=10 {
            for elite in 0..=10 {
                let counts = PLAYERS.map(|p| standees(normal, elite, p));
                assert_eq!(counts[2], (normal, elite));
                for w in counts.windows(2) {
                    assert!(w[0].0 <= w[1].0 && w[0].1 <= w[1].1, "{counts:?}");
                }
                if normal + elite > 0 {
                    assert!(counts[0].0 + counts[0].1 >= 1);
                }
            }
        }
    }

    #[test]
    fn the_pages_tables_are_monotone_and_total_right() {
        let catalog = Catalog::built_in();
        for s in scenarios(&catalog) {
            let page = Page::new(&catalog, &s, "x", &Fitness::gloomdungeons(), 0);
            let rows = page.monster_rows();
            let total = rows.last().unwrap();
            let four: u32 = s.monsters.iter().map(|g| g.normal + g.elite).sum();
            let numbers: Vec<u32> = total[1..].iter().map(|c| c.parse().unwrap()).collect();
            assert_eq!(numbers[4] + numbers[5], four);
            assert!(numbers[0] + numbers[1] <= numbers[2] + numbers[3]);
            assert!(numbers[2] + numbers[3] <= four);
            for row in &rows {
                let n: Vec<u32> = row[1..].iter().map(|c| c.parse().unwrap()).collect();
                assert!(n[0] <= n[2] && n[2] <= n[4], "{row:?}");
                assert!(n[1] <= n[3] && n[3] <= n[5], "{row:?}");
            }
            assert!(page.difficulty[0] <= page.difficulty[1]);
            assert!(page.difficulty[1] <= page.difficulty[2]);
            assert_eq!(page.difficulty[2], s.difficulty(&catalog));
        }
    }

    #[test]
    fn markdown_has_the_tables() {
        let catalog = Catalog::built_in();
        let barrow = Scenario::official(&catalog, "Black Barrow").unwrap();
        let fitness = Fitness::gloomdungeons();
        let md = markdown(&catalog, &barrow, "Black Barrow", &fitness, 1);
        assert!(md.contains(
            "| Monster | 2 players: normal | elite | 3 players: normal | elite | 4 players: normal | elite |\n|---|--:|--:|--:|--:|--:|--:|\n"
        ));
        assert!(md.contains("| Living Bones | 0 | 1 | 0 | 2 | 0 | 2 |"));
        assert!(md.contains("| Component | Score | Weight | Points |"));
        assert!(md.contains("## Map tiles\n\n- L1a (turned 180°)\n- G1b\n- I1a (turned 180°)\n"));
        let total = fitness.total(&catalog, &barrow);
        assert!(md.contains(&format!("**{total:.2}** of 10")));
        for c in COMPONENTS {
            let mut name = c.to_string();
            name[..1].make_ascii_uppercase();
            assert!(md.contains(&format!("| {name} |")));
        }
    }

    #[test]
    fn text_aligns_its_tables() {
        let catalog = Catalog::built_in();
        let barrow = Scenario::official(&catalog, "Black Barrow").unwrap();
        let page = text(
            &catalog,
            &barrow,
            "Black Barrow",
            &Fitness::gloomdungeons(),
            1,
        );
        assert!(page.starts_with("BLACK BARROW\n============\n"));
        assert!(page.contains("Special rules\n  None.\n"));
        assert!(page.contains("Doors: 2"));
        assert!(page.contains("Chest 1: a random treasure"));
        let lines: Vec<&str> = page
            .lines()
            .skip_while(|l| !l.starts_with("Monsters"))
            .skip(1)
            .take(6)
            .collect();
        // Two header lines, three groups, the totals: the numbers end in the same column.
        assert!(lines[1].trim_start().starts_with("Monster"));
        let end = lines[2].len();
        assert!(lines[2..].iter().all(|l| l.len() == end), "{lines:#?}");
        assert!(lines[5].trim_start().starts_with("Total"));
    }
}
