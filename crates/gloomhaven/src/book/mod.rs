//! A scenario-book page: everything a party needs to set up a scenario from the box, as plain
//! text ([`text`]) or Markdown ([`markdown`]).
//!
//! A page holds the title, the goal, the special rules, the map tiles to take from the box
//! (each with how far it is turned, e.g. "L1a (turned 180°)"), the doors and corridors, the
//! monsters for 2, 3 and 4 players as the scenario sets them up, the monster difficulty for
//! each party, the treasure, the overlay tiles by kind and the scenario's score under a
//! fitness (for its party size), with the seed that made it.
//!
//! ```
//! use ludoforge_gloomhaven::book::{markdown, text};
//! use ludoforge_gloomhaven::catalog::Catalog;
//! use ludoforge_gloomhaven::fitness::Fitness;
//! use ludoforge_gloomhaven::scenario::{Players, Scenario};
//! let catalog = Catalog::built_in();
//! let barrow = Scenario::official(&catalog, 1).unwrap();
//! let fitness = Fitness::paper(Players::FOUR);
//! let page = text(&catalog, &barrow, "Black Barrow", &fitness, 1);
//! assert!(page.contains("Bandit Guard"));
//! let md = markdown(&catalog, &barrow, "Black Barrow", &fitness, 1);
//! assert!(md.starts_with("# Black Barrow"));
//! ```

mod table;

use std::fmt::Write as _;

use crate::catalog::{Catalog, Category};
use crate::fitness::{COMPONENTS, Fitness};
use crate::map::DoorKind;
use crate::scenario::{Label, Players, Scenario};
use table::{md_escape, text_table};

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

/// One monster type's row: its name and (normal, elite) for 2, 3 and 4 players.
struct MonsterRow {
    name: String,
    counts: [(u32, u32); 3],
}

/// The monster rows of a scenario: every type with a standee, in the order of its first
/// standee, with its set-up for each party size.
fn monster_rows(catalog: &Catalog, s: &Scenario) -> Vec<MonsterRow> {
    let mut order: Vec<u16> = Vec::new();
    for m in &s.monsters {
        if !order.contains(&m.monster) {
            order.push(m.monster);
        }
    }
    let groups = Players::ALL.map(|p| s.groups(p));
    order
        .into_iter()
        .map(|monster| MonsterRow {
            name: catalog.monsters[usize::from(monster)].name.clone(),
            counts: std::array::from_fn(|i| {
                groups[i]
                    .iter()
                    .find(|g| g.0 == monster)
                    .map_or((0, 0), |g| (g.1, g.2))
            }),
        })
        .collect()
}

/// Everything on a page, gathered once for both formats.
struct Page {
    title: String,
    about: String,
    goal: &'static str,
    rules: Vec<String>,
    tiles: Vec<String>,
    doors: String,
    monsters: Vec<MonsterRow>,
    spawns: Vec<String>,
    difficulty: [f64; 3],
    players: Players,
    coins: u32,
    chests: Vec<String>,
    overlays: Vec<(&'static str, String, u32)>,
    components: [f64; 5],
    weights: [f64; 5],
    total: f64,
    maximum: f64,
    seed: u64,
}

/// "1 stone door, 2 corridors".
fn door_words(s: &Scenario) -> String {
    let mut kinds: Vec<(&str, u32)> = Vec::new();
    for d in &s.map.doors {
        let word = match d.kind {
            DoorKind::Corridor(..) => "corridor",
            DoorKind::BreakableWall => "breakable wall",
            DoorKind::DarkFog => "dark fog door",
            DoorKind::LightFog => "light fog door",
            DoorKind::Altar => "altar door",
            DoorKind::Wooden => "wooden door",
            DoorKind::Stone => "stone door",
        };
        match kinds.iter_mut().find(|k| k.0 == word) {
            Some(k) => k.1 += 1,
            None => kinds.push((word, 1)),
        }
    }
    if kinds.is_empty() {
        return "no doors".into();
    }
    kinds
        .iter()
        .map(|(w, n)| format!("{n} {w}{}", if *n == 1 { "" } else { "s" }))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Page {
    fn new(catalog: &Catalog, s: &Scenario, name: &str, fitness: &Fitness, seed: u64) -> Page {
        let monsters = monster_rows(catalog, s);
        let difficulty = Players::ALL.map(|p| s.difficulty(catalog, p));
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
        let mut overlays: Vec<(&'static str, String, u32)> = Vec::new();
        for c in Category::ALL {
            for (i, k) in catalog.overlays.iter().enumerate() {
                let n = s
                    .overlays
                    .iter()
                    .filter(|o| usize::from(o.kind) == i)
                    .count() as u32;
                if k.category == c && n > 0 {
                    overlays.push((c.words(), k.name.clone(), n));
                }
            }
        }
        let book = s
            .number
            .map_or_else(String::new, |n| format!("scenario {n} of the book · "));
        Page {
            title: name.to_string(),
            about: format!(
                "{book}{} tile hexes · {} · seed {seed}",
                s.map.size(catalog),
                themes
            ),
            goal: s.goal.words(),
            rules: s.rule_texts(catalog).map(str::to_string).collect(),
            tiles: s
                .map
                .tiles
                .iter()
                .map(|t| turned(&catalog.tiles[t.tile].id, t.rotation))
                .collect(),
            doors: format!("{} · start hexes: {}", door_words(s), s.start.len()),
            monsters,
            spawns: s
                .spawns
                .iter()
                .map(|&m| catalog.monsters[usize::from(m)].name.clone())
                .collect(),
            difficulty,
            players: fitness.players,
            coins: s.coins.iter().map(|c| u32::from(c.amount)).sum(),
            chests: s
                .chests
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let content = c
                        .content
                        .map_or("a random treasure, drawn when opened", |k| {
                            catalog.chests[usize::from(k)].as_str()
                        });
                    match c.label {
                        Label::Goal => format!("Chest {} (the goal treasure): {content}", i + 1),
                        Label::Number(n) => format!("Chest {} (treasure {n}): {content}", i + 1),
                        Label::Locked => format!("Chest {} (locked): {content}", i + 1),
                        Label::None => format!("Chest {}: {content}", i + 1),
                    }
                })
                .collect(),
            overlays,
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
            "Monster difficulty (Isaac Childres' scale, 30–36 suits four players): {} for 2 \
             players, {} for 3, {} for 4. Scored for {} players.",
            self.difficulty[0],
            self.difficulty[1],
            self.difficulty[2],
            self.players.count()
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
/// let pit = Scenario::published(&catalog, "Magma Pit").unwrap();
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
    let _ = writeln!(out, "Doors: {}", page.doors);

    let _ = writeln!(out, "\nMonsters (normal and elite standees)");
    let groups: Vec<(String, usize)> = Players::ALL
        .map(|p| (format!("{} players", p.count()), 2))
        .into();
    let mut header = vec!["Monster".to_string()];
    for _ in Players::ALL {
        header.extend(["normal".to_string(), "elite".to_string()]);
    }
    out.push_str(&text_table(&groups, &header, &page.monster_rows()));
    let _ = writeln!(out, "{}", page.difficulty_line());
    if !page.spawns.is_empty() {
        let _ = writeln!(out, "Also needed off the map: {}.", page.spawns.join(", "));
    }

    let _ = writeln!(out, "\nTreasure");
    let _ = writeln!(out, "  - Coins: {}", page.coins);
    if page.chests.is_empty() {
        let _ = writeln!(out, "  - No chests.");
    }
    for c in &page.chests {
        let _ = writeln!(out, "  - {c}");
    }

    let _ = writeln!(out, "\nOverlay tiles");
    if page.overlays.is_empty() {
        let _ = writeln!(out, "  None.");
    }
    for (category, kind, count) in &page.overlays {
        let _ = writeln!(out, "  - {category}: {kind} × {count}");
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

/// The page as Markdown: a level-1 title, level-2 sections and tables for the monsters, the
/// overlay tiles and the score.
///
/// ```
/// use ludoforge_gloomhaven::book::markdown;
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::fitness::Fitness;
/// use ludoforge_gloomhaven::scenario::{Players, Scenario};
/// let catalog = Catalog::built_in();
/// let barrow = Scenario::official(&catalog, 1).unwrap();
/// let md = markdown(&catalog, &barrow, "Black Barrow", &Fitness::paper(Players::FOUR), 1);
/// assert!(md.contains("| Monster | 2 players: normal | elite |"));
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
    let _ = writeln!(out, "\n**Doors:** {}", page.doors);

    let _ = writeln!(out, "\n## Monsters\n");
    let mut header = "| Monster |".to_string();
    for p in Players::ALL {
        let _ = write!(header, " {} players: normal | elite |", p.count());
    }
    let _ = writeln!(out, "{header}");
    let _ = writeln!(out, "|---|{}", "--:|".repeat(2 * Players::ALL.len()));
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
    if !page.spawns.is_empty() {
        let _ = writeln!(
            out,
            "\nAlso needed off the map: {}.",
            md_escape(&page.spawns.join(", "))
        );
    }

    let _ = writeln!(out, "\n## Treasure\n");
    let _ = writeln!(out, "- Coins: {}", page.coins);
    if page.chests.is_empty() {
        let _ = writeln!(out, "- No chests.");
    }
    for c in &page.chests {
        let _ = writeln!(out, "- {}", md_escape(c));
    }

    let _ = writeln!(out, "\n## Overlay tiles\n");
    if page.overlays.is_empty() {
        let _ = writeln!(out, "None.");
    } else {
        let _ = writeln!(out, "| Piece | Kind | Count |\n|---|---|--:|");
        for (category, kind, count) in &page.overlays {
            let _ = writeln!(out, "| {category} | {} | {count} |", md_escape(kind));
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evolution::test_scenarios;

    fn scenarios(catalog: &Catalog) -> Vec<Scenario> {
        test_scenarios(catalog)
    }

    #[test]
    fn every_tile_monster_kind_and_rule_appears() {
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
                for m in &s.monsters {
                    assert!(page.contains(&catalog.monsters[usize::from(m.monster)].name));
                }
                for o in &s.overlays {
                    assert!(page.contains(&catalog.overlays[usize::from(o.kind)].name));
                }
                for &r in &s.rules {
                    let rule = &catalog.rules[usize::from(r)];
                    assert!(page.contains(rule.as_str()), "{rule} missing:\n{page}");
                }
                assert!(page.contains(s.goal.words()));
                assert!(page.contains(&format!("Coins: {}", s.coins.len())));
                assert!(page.contains("seed 9"));
                for (i, c) in s.chests.iter().enumerate() {
                    let chest = format!("Chest {}", i + 1);
                    assert!(page.contains(&chest));
                    if let Some(k) = c.content {
                        assert!(page.contains(catalog.chests[usize::from(k)].as_str()));
                    }
                }
            }
        }
    }

    #[test]
    fn the_pages_tables_total_right() {
        let catalog = Catalog::built_in();
        for s in scenarios(&catalog) {
            let page = Page::new(&catalog, &s, "x", &Fitness::gloomdungeons(), 0);
            let rows = page.monster_rows();
            let total = rows.last().unwrap();
            let numbers: Vec<u32> = total[1..].iter().map(|c| c.parse().unwrap()).collect();
            for p in Players::ALL {
                let i = p.index();
                assert_eq!(
                    (numbers[2 * i] + numbers[2 * i + 1]) as usize,
                    s.standees(p),
                    "{}",
                    s.title()
                );
                assert_eq!(page.difficulty[i], s.difficulty(&catalog, p));
            }
        }
    }

    #[test]
    fn black_barrow_sets_up_as_the_book_does() {
        let catalog = Catalog::built_in();
        let barrow = Scenario::official(&catalog, 1).unwrap();
        let fitness = Fitness::paper(Players::FOUR);
        let md = markdown(&catalog, &barrow, "Black Barrow", &fitness, 1);
        assert!(md.contains(
            "| Monster | 2 players: normal | elite | 3 players: normal | elite | 4 players: normal | elite |\n|---|--:|--:|--:|--:|--:|--:|\n"
        ));
        assert!(md.contains("| Component | Score | Weight | Points |"));
        let total = fitness.total(&catalog, &barrow);
        assert!(md.contains(&format!("**{total:.2}** of 5")));
        for c in COMPONENTS {
            let mut name = c.to_string();
            name[..1].make_ascii_uppercase();
            assert!(md.contains(&format!("| {name} |")));
        }
    }

    #[test]
    fn text_aligns_its_tables() {
        let catalog = Catalog::built_in();
        let barrow = Scenario::official(&catalog, 1).unwrap();
        let page = text(
            &catalog,
            &barrow,
            "Black Barrow",
            &Fitness::paper(Players::FOUR),
            1,
        );
        assert!(page.starts_with("BLACK BARROW\n============\n"));
        assert!(page.contains("Special rules\n  None.\n"));
        let lines: Vec<&str> = page
            .lines()
            .skip_while(|l| !l.starts_with("Monsters"))
            .skip(1)
            .take(6)
            .collect();
        // Two header lines, three monster types, the totals: the numbers end in one column.
        assert!(lines[1].trim_start().starts_with("Monster"));
        let end = lines[2].len();
        assert!(lines[2..].iter().all(|l| l.len() == end), "{lines:#?}");
        assert!(lines[5].trim_start().starts_with("Total"));
    }
}
