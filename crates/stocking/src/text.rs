//! A stocked map as text, in the roguelike convention: one character per cell, then a legend.
//!
//! | Symbol | Meaning | Symbol | Meaning |
//! |---|---|---|---|
//! | `#` | wall | `.` | floor |
//! | `<` | start | `>` | goal |
//! | `+` | door | `k` | key |
//! | `$` | small reward | `*` | medium reward |
//! | `&` | large reward | `^` | trap |
//! | `?` | red herring | `:` | required route ([`route_text`] only) |
//! | `L` | leader | `G` | guard |
//! | `O` | owner | `P` | pet |
//! | `v` | vermin | | |
//!
//! The start and goal are shown over anything else on their cells; a creature never stands on
//! an item. The legend lists the symbols used, every door with its key, the inhabitants by
//! role, the theme, the measures and the seed. Cells are written `(x, y)`: column and row
//! counted from 0 at the top left, as in the JSON file; doors and keys are numbered from 1.
//!
//! ```
//! use ludoforge_stocking::grid::Grid;
//! use ludoforge_stocking::stock::Settings;
//! use ludoforge_stocking::stocked::stock_map;
//! use ludoforge_stocking::text::{route_text, stocked_text};
//! use ludoforge_stocking::themes::Themes;
//!
//! let rows = [
//!     "###########",
//!     "#<........#",
//!     "#.###.###.#",
//!     "#...#...#.#",
//!     "#.#.#.#.#>#",
//!     "###########",
//! ];
//! let grid = Grid::parse(&rows.join("\n")).unwrap();
//! let settings = Settings { threshold: 3, ..Settings::default() };
//! let map = stock_map(grid, &settings, Some("kobold-grotto"), &Themes::built_in(), 1).unwrap();
//! let text = stocked_text(&map);
//! assert!(text.starts_with("###########\n#<"));
//! assert!(text.contains("Theme: Kobold Grotto"));
//! assert!(text.contains("Seed: 1"));
//! assert!(route_text(&map).contains(':'));
//! ```

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::grid::{Pos, Tile};
use crate::stock::{Feature, RewardSize};
use crate::stocked::StockedMap;
use crate::themes::Role;

/// The character of a feature.
pub(crate) fn feature_symbol(feature: Feature) -> char {
    match feature {
        Feature::Door(_) => '+',
        Feature::Key(_) => 'k',
        Feature::Reward(RewardSize::Small) => '$',
        Feature::Reward(RewardSize::Medium) => '*',
        Feature::Reward(RewardSize::Large) => '&',
        Feature::Trap => '^',
        Feature::RedHerring => '?',
    }
}

/// The character of a creature's role.
pub(crate) fn role_symbol(role: Role) -> char {
    match role {
        Role::Leader => 'L',
        Role::Guard => 'G',
        Role::Owner => 'O',
        Role::Pet => 'P',
        Role::Vermin => 'v',
    }
}

/// What each symbol means, in the order the legend lists them.
const MEANINGS: [(char, &str); 17] = [
    ('#', "wall"),
    ('.', "floor"),
    (':', "floor on the required route"),
    ('<', "start"),
    ('>', "goal"),
    ('+', "door (opened by the key of the same number)"),
    ('k', "key"),
    ('$', "small reward"),
    ('*', "medium reward"),
    ('&', "large reward"),
    ('^', "trap"),
    ('?', "red herring"),
    ('L', "leader"),
    ('G', "guard"),
    ('O', "owner"),
    ('P', "pet"),
    ('v', "vermin"),
];

/// The stocked map in the text convention followed by its legend (see the [module
/// notes](self)).
#[must_use]
pub fn stocked_text(map: &StockedMap) -> String {
    listing(map, false)
}

/// The same as [`stocked_text`], with the floor cells of the required route shown as `:`
/// (items, creatures, the start and the goal are still shown on their cells).
///
/// ```
/// use ludoforge_stocking::grid::Grid;
/// use ludoforge_stocking::stock::Settings;
/// use ludoforge_stocking::stocked::stock_map;
/// use ludoforge_stocking::text::route_text;
/// use ludoforge_stocking::themes::Themes;
///
/// // A corridor: the route runs along it; the goal's guards stand at its far end.
/// let grid = Grid::parse("############\n#<........>#\n############").unwrap();
/// let map = stock_map(grid, &Settings::default(), Some("graveyard"), &Themes::built_in(), 3).unwrap();
/// let text = route_text(&map);
/// let corridor = text.lines().nth(1).unwrap();
/// assert!(corridor.starts_with("#<:::") && corridor.ends_with(">#"));
/// assert!(corridor[2..10].chars().all(|c| c == ':' || "LGOPv".contains(c)));
/// ```
#[must_use]
pub fn route_text(map: &StockedMap) -> String {
    listing(map, true)
}

/// The map's rows, one character per cell; `route` marks the route's plain floor with `:`.
pub(crate) fn rows(map: &StockedMap, route: bool) -> Vec<Vec<char>> {
    let grid = &map.grid;
    let mut rows: Vec<Vec<char>> = (0..grid.height())
        .map(|y| {
            (0..grid.width())
                .map(|x| match grid.tile((x as u32, y as u32)) {
                    Tile::Wall => '#',
                    Tile::Floor => '.',
                })
                .collect()
        })
        .collect();
    let mut put = |(x, y): Pos, c: char| rows[y as usize][x as usize] = c;
    if route {
        for &node in map.stocking.route.walk() {
            put(map.cell(node), ':');
        }
    }
    for creature in &map.creatures {
        put(map.cell(creature.node), role_symbol(creature.role));
    }
    for p in &map.stocking.placements {
        put(map.cell(p.node), feature_symbol(p.feature));
    }
    put(grid.start(), '<');
    put(grid.goal(), '>');
    rows
}

/// `(x, y)`.
fn cell(pos: Pos) -> String {
    format!("({}, {})", pos.0, pos.1)
}

/// The doors with their keys by number: (id, door cell, key cell).
pub(crate) fn pairs(map: &StockedMap) -> Vec<(u32, Option<Pos>, Option<Pos>)> {
    let mut pairs: BTreeMap<u32, (Option<Pos>, Option<Pos>)> = BTreeMap::new();
    for p in &map.stocking.placements {
        match p.feature {
            Feature::Door(id) => pairs.entry(id).or_default().0 = Some(map.cell(p.node)),
            Feature::Key(id) => pairs.entry(id).or_default().1 = Some(map.cell(p.node)),
            _ => {}
        }
    }
    pairs
        .into_iter()
        .map(|(id, (door, key))| (id, door, key))
        .collect()
}

/// The creatures of one role by name: (name, cells).
pub(crate) type Names = Vec<(String, Vec<Pos>)>;

/// The creatures by role, and within a role by name.
pub(crate) fn inhabitants(map: &StockedMap) -> Vec<(Role, Names)> {
    Role::ALL
        .iter()
        .filter_map(|&role| {
            let mut names: Names = Vec::new();
            for c in map.creatures.iter().filter(|c| c.role == role) {
                let pos = map.cell(c.node);
                match names.iter_mut().find(|(n, _)| *n == c.name) {
                    Some((_, cells)) => cells.push(pos),
                    None => names.push((c.name.clone(), vec![pos])),
                }
            }
            (!names.is_empty()).then_some((role, names))
        })
        .collect()
}

/// The plural of a role's name.
pub(crate) fn role_plural(role: Role) -> &'static str {
    match role {
        Role::Leader => "leaders",
        Role::Owner => "owners",
        Role::Guard => "guards",
        Role::Pet => "pets",
        Role::Vermin => "vermin",
    }
}

fn listing(map: &StockedMap, route: bool) -> String {
    let rows = rows(map, route);
    let mut out = String::with_capacity(rows.len() * (map.grid.width() + 1) + 2048);
    for row in &rows {
        out.extend(row.iter());
        out.push('\n');
    }
    out.push('\n');
    legend(map, &rows, &mut out);
    out
}

fn legend(map: &StockedMap, rows: &[Vec<char>], out: &mut String) {
    let mut used = [false; 128];
    for &c in rows.iter().flatten() {
        used[c as usize & 127] = true;
    }
    // Writing to a String cannot fail.
    let _ = writeln!(out, "Legend:");
    for (c, meaning) in MEANINGS {
        if used[c as usize] {
            let _ = writeln!(out, "  {c}  {meaning}");
        }
    }
    let _ = writeln!(
        out,
        "Cells are (x, y): column and row from 0 at the top left, as in the JSON file."
    );
    let _ = writeln!(
        out,
        "Start {}, goal {}.",
        cell(map.grid.start()),
        cell(map.grid.goal())
    );

    let pairs = pairs(map);
    if !pairs.is_empty() {
        let _ = writeln!(out, "\nDoors and keys:");
        for (id, door, key) in pairs {
            let at = |p: Option<Pos>| p.map_or_else(|| "nowhere".to_string(), cell);
            let _ = writeln!(
                out,
                "  door {n} at {} is opened by key {n} at {}",
                at(door),
                at(key),
                n = id + 1
            );
        }
        if !map.proof.key_order.is_empty() {
            let order: Vec<String> = map
                .proof
                .key_order
                .iter()
                .map(|k| (k + 1).to_string())
                .collect();
            let _ = writeln!(
                out,
                "  the keys can be collected in the order {}",
                order.join(", ")
            );
        }
    }

    let inhabitants = inhabitants(map);
    if !inhabitants.is_empty() {
        let _ = writeln!(out, "\nInhabitants:");
        for (role, names) in inhabitants {
            let _ = write!(out, "  {}  {}: ", role_symbol(role), role_plural(role));
            let groups: Vec<String> = names
                .iter()
                .map(|(name, cells)| {
                    let cells: Vec<String> = cells.iter().map(|&p| cell(p)).collect();
                    format!("{name} at {}", cells.join(", "))
                })
                .collect();
            let _ = writeln!(out, "{}", groups.join("; "));
        }
    }

    let fun = &map.fun;
    let _ = writeln!(out, "\nTheme: {}", map.theme.title);
    let _ = writeln!(out, "Measures:");
    let _ = writeln!(
        out,
        "  fun: {:.0}% before → {:.0}% after (share of the reachable floor the player must or wants to visit)",
        100.0 * fun.fun_before,
        100.0 * fun.fun_after
    );
    let _ = writeln!(
        out,
        "  route: {} cells ({} steps); the shortest path was {} of {} reachable cells",
        fun.route_after, fun.route_steps, fun.path_before, fun.reachable
    );
    let _ = writeln!(out, "  keys: {}", fun.keys);
    let _ = writeln!(
        out,
        "  rewards: {} small, {} medium, {} large",
        fun.rewards.small, fun.rewards.medium, fun.rewards.large
    );
    let _ = writeln!(out, "  traps: {}", fun.traps);
    let _ = writeln!(out, "  red herrings: {}", fun.red_herrings);
    let _ = writeln!(out, "  solved areas: {}", fun.solved_areas);
    let _ = writeln!(
        out,
        "  largest pointless area left: {} cells",
        fun.largest_area_left
    );
    let _ = writeln!(out, "Seed: {}", map.seed);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::stock::Settings;
    use crate::stocked::stock_map;
    use crate::themes::Themes;

    fn stocked(seed: u64) -> StockedMap {
        crate::fixtures::stocked_cave("kobold-grotto", seed)
    }

    fn map_lines(text: &str) -> Vec<&str> {
        text.lines().take_while(|l| !l.is_empty()).collect()
    }

    #[test]
    fn every_cell_has_its_symbol() {
        for seed in 0..8 {
            let map = stocked(seed);
            let text = stocked_text(&map);
            let lines = map_lines(&text);
            assert_eq!(lines.len(), map.grid.height());
            let at = |(x, y): Pos| lines[y as usize].chars().nth(x as usize).unwrap();
            assert_eq!(at(map.grid.start()), '<');
            assert_eq!(at(map.grid.goal()), '>');
            for p in &map.stocking.placements {
                assert_eq!(at(map.cell(p.node)), feature_symbol(p.feature));
            }
            for c in &map.creatures {
                assert_eq!(at(map.cell(c.node)), role_symbol(c.role));
            }
            // Walls stay walls, and everything else is on floor.
            for (y, line) in lines.iter().enumerate() {
                assert_eq!(line.chars().count(), map.grid.width());
                for (x, ch) in line.chars().enumerate() {
                    let wall = map.grid.tile((x as u32, y as u32)) == Tile::Wall;
                    assert_eq!(ch == '#', wall, "({x}, {y}) is {ch:?}");
                }
            }
            // Counts agree with the measures.
            let count = |c: char| text.chars().filter(|&x| x == c).count();
            let map_text: String = lines.concat();
            let in_map = |c: char| map_text.chars().filter(|&x| x == c).count();
            assert_eq!(in_map('k'), map.fun.keys);
            assert_eq!(in_map('+'), map.fun.keys);
            assert_eq!(in_map('^'), map.fun.traps);
            assert_eq!(in_map('$'), map.fun.rewards.small);
            assert!(count('<') >= 1);
        }
    }

    #[test]
    fn legend_names_pairs_creatures_theme_and_measures() {
        // Doors stand only where every way to the goal passes: rooms and corridors have them.
        let map = (0..40)
            .map(|seed| {
                let grid = crate::mapgen::generate(
                    crate::mapgen::Kind::Rooms,
                    50,
                    25,
                    &mut ludoforge_evolve::rng::stream(seed, 0, 0),
                )
                .unwrap();
                let settings = Settings {
                    threshold: 3,
                    ..Settings::default()
                };
                stock_map(
                    grid,
                    &settings,
                    Some("kobold-grotto"),
                    &Themes::built_in(),
                    seed,
                )
                .unwrap()
            })
            .find(|m| m.fun.keys >= 2)
            .expect("some seed places two doors");
        let text = stocked_text(&map);
        for (id, door, key) in pairs(&map) {
            let line = format!(
                "door {n} at {} is opened by key {n} at {}",
                cell(door.unwrap()),
                cell(key.unwrap()),
                n = id + 1
            );
            assert!(text.contains(&line), "{line} missing from\n{text}");
        }
        assert!(!text.contains("door 0 "));
        assert!(text.contains("Theme: Kobold Grotto"));
        assert!(text.contains(&format!(
            "fun: {:.0}% before → {:.0}% after",
            100.0 * map.fun.fun_before,
            100.0 * map.fun.fun_after
        )));
        assert!(text.contains(&format!("Seed: {}", map.seed)));
        assert!(text.contains("  +  door"));
        assert!(text.contains("  k  key"));
        assert!(!text.contains("  :  "), "no route symbol without the route");
        for c in &map.creatures {
            assert!(text.contains(&format!("{} at ", c.name)));
            assert!(text.contains(&cell(map.cell(c.node))));
        }
        assert!(text.contains("  L  leaders: "));
    }

    #[test]
    fn legend_lists_only_symbols_used() {
        let grid = Grid::parse("#####\n#<.>#\n#####").unwrap();
        let map = stock_map(
            grid,
            &Settings::default(),
            Some("graveyard"),
            &Themes::built_in(),
            1,
        )
        .unwrap();
        let text = stocked_text(&map);
        assert!(text.starts_with("#####\n#<"));
        assert!(!text.contains("  k  key"));
        assert!(!text.contains("Doors and keys"));
        assert!(text.contains("  <  start"));
    }

    #[test]
    fn route_is_marked_on_plain_floor_only() {
        let map = stocked(5);
        let plain = stocked_text(&map);
        let route = route_text(&map);
        let (a, b) = (map_lines(&plain), map_lines(&route));
        let mut on_route = 0;
        for (la, lb) in a.iter().zip(&b) {
            for (ca, cb) in la.chars().zip(lb.chars()) {
                if ca != cb {
                    assert_eq!((ca, cb), ('.', ':'));
                    on_route += 1;
                }
            }
        }
        let mut route_cells: Vec<u32> = map.stocking.route.walk().to_vec();
        route_cells.sort_unstable();
        route_cells.dedup();
        let covered = route_cells
            .iter()
            .filter(|&&n| {
                let (x, y) = map.cell(n);
                a[y as usize].as_bytes()[x as usize] == b'.'
            })
            .count();
        assert_eq!(on_route, covered);
        assert!(on_route > 0);
        assert!(route.contains("  :  floor on the required route"));
    }
}
