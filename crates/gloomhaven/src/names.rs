//! Evocative names for generated scenarios, like the paper's "Overgrown Ruin" and "Drake
//! Kennels": a word of the dominant monster theme (an adjective or a noun used as one) before a
//! place noun of the dominant tile theme.
//!
//! The dominant monster theme is the one with the most standees (normal and elite alike; ties
//! go to the theme of the earlier group), the dominant tile theme the one covering the most
//! hexes (ties go to the earlier tile). Themes without a word list of their own, and scenarios
//! without monsters or tiles, draw from generic lists. The draw is deterministic in the seed and
//! never puts two equal (or same-stemmed, like "Wild Wilds") words side by side.
//!
//! ```
//! use ludoforge_gloomhaven::catalog::Catalog;
//! use ludoforge_gloomhaven::names::{monster_words, place_words, scenario_name};
//! use ludoforge_gloomhaven::scenario::Scenario;
//! let catalog = Catalog::built_in();
//! let barrow = Scenario::official(&catalog, 1).unwrap();
//! let name = scenario_name(&catalog, &barrow, 7);
//! assert_eq!(name, scenario_name(&catalog, &barrow, 7));
//! // Bandits in a dungeon.
//! let (first, second) = name.split_once(' ').unwrap();
//! assert!(monster_words("Outlaw").contains(&first));
//! assert!(place_words("Dungeon").contains(&second));
//! ```

use ludoforge_evolve::rng::{below, stream};

use crate::catalog::Catalog;
use crate::scenario::Scenario;

/// The stream coordinate of names ("name" in ASCII), apart from every other draw of a seed.
const NAME_STREAM: u64 = 0x6e61_6d65;

/// Words for a monster theme, used before the place noun.
///
/// ```
/// use ludoforge_gloomhaven::names::monster_words;
/// assert!(monster_words("Drake").contains(&"Scorched"));
/// assert!(monster_words("Undead").contains(&"Restless"));
/// assert!(monster_words("Mimic").contains(&"Forsaken")); // generic words for unknown themes
/// ```
#[must_use]
pub fn monster_words(theme: &str) -> &'static [&'static str] {
    match theme {
        "Drake" => &["Drake", "Scorched", "Wyrm", "Cinder", "Ashen", "Dragon"],
        "Undead" => &[
            "Bone",
            "Restless",
            "Grave",
            "Wailing",
            "Deathless",
            "Haunted",
        ],
        "Outlaw" => &[
            "Bandit",
            "Cutthroat",
            "Brigand",
            "Smugglers'",
            "Thieves'",
            "Outlaw",
        ],
        "Demon" => &[
            "Infernal",
            "Burning",
            "Fiend",
            "Hellfire",
            "Unholy",
            "Elemental",
        ],
        "Inox" => &["Inox", "Horned", "Savage", "Warband", "Antlered", "Tribal"],
        "Vermling" => &[
            "Vermling",
            "Gnawed",
            "Verminous",
            "Scurrying",
            "Rat",
            "Filthy",
        ],
        "Poison" => &[
            "Overgrown",
            "Venomous",
            "Festering",
            "Toxic",
            "Serpent",
            "Blighted",
        ],
        "Wild" => &["Feral", "Howling", "Beast", "Hunters'", "Untamed", "Wild"],
        "Machine" => &["Clockwork", "Iron", "Rune", "Golem", "Ancient", "Cogwork"],
        "Corruption" => &[
            "Corrupted",
            "Drowned",
            "Tainted",
            "Abyssal",
            "Sunken",
            "Writhing",
        ],
        "City" => &[
            "Guarded",
            "Watchmen's",
            "Gilded",
            "Merchant",
            "Sealed",
            "Garrison",
        ],
        _ => &[
            "Forsaken", "Shadowed", "Silent", "Lost", "Cursed", "Hidden", "Black",
        ],
    }
}

/// Place nouns for a tile theme, used last.
///
/// ```
/// use ludoforge_gloomhaven::names::place_words;
/// assert!(place_words("Cave").contains(&"Kennels"));
/// assert!(place_words("Building").contains(&"Ruin"));
/// assert!(place_words("Moon").contains(&"Depths")); // generic places for unknown themes
/// ```
#[must_use]
pub fn place_words(theme: &str) -> &'static [&'static str] {
    match theme {
        "Dungeon" => &[
            "Crypt",
            "Vault",
            "Barrow",
            "Catacombs",
            "Tomb",
            "Oubliette",
            "Cells",
        ],
        "Cave" => &[
            "Hollow", "Grotto", "Kennels", "Caverns", "Den", "Lair", "Warren",
        ],
        "Building" => &[
            "Hall", "Ruin", "Manor", "Temple", "Keep", "Sanctum", "Chapel",
        ],
        "Forest" => &[
            "Grove", "Thicket", "Glade", "Wilds", "Copse", "Clearing", "Woods",
        ],
        _ => &["Depths", "Chambers", "Passages", "Reaches", "Halls"],
    }
}

/// The theme of the most monster standees, normal and elite alike (ties: the earlier group's).
///
/// ```
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::names::monster_theme;
/// use ludoforge_gloomhaven::scenario::Scenario;
/// let catalog = Catalog::built_in();
/// let barrow = Scenario::official(&catalog, 1).unwrap();
/// assert_eq!(monster_theme(&catalog, &barrow), Some("Outlaw"));
/// ```
#[must_use]
pub fn monster_theme<'a>(catalog: &'a Catalog, s: &Scenario) -> Option<&'a str> {
    dominant(
        s.monsters
            .iter()
            .map(|m| (catalog.monsters[usize::from(m.monster)].theme.as_str(), 1)),
    )
}

/// The theme of the most tile hexes (ties: the earlier tile's).
///
/// ```
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::names::tile_theme;
/// use ludoforge_gloomhaven::scenario::Scenario;
/// let catalog = Catalog::built_in();
/// let barrow = Scenario::official(&catalog, 1).unwrap();
/// assert_eq!(tile_theme(&catalog, &barrow), Some("Dungeon"));
/// ```
#[must_use]
pub fn tile_theme<'a>(catalog: &'a Catalog, s: &Scenario) -> Option<&'a str> {
    dominant(s.map.tiles.iter().map(|t| {
        let tile = &catalog.tiles[t.tile];
        (tile.theme.as_str(), tile.hexes.len())
    }))
}

/// The key with the largest total weight; ties go to the key seen first.
fn dominant<'a>(items: impl Iterator<Item = (&'a str, usize)>) -> Option<&'a str> {
    // A handful of keys: a short list beats a map. Each key's first index is its own, so
    // the largest is the same in any order.
    let mut totals: Vec<(&str, usize, usize)> = Vec::with_capacity(8);
    for (i, (key, weight)) in items.enumerate() {
        match totals.iter_mut().find(|(k, ..)| *k == key) {
            Some(entry) => entry.1 += weight,
            None => totals.push((key, weight, i)),
        }
    }
    totals
        .into_iter()
        .max_by_key(|&(_, weight, first)| (weight, std::cmp::Reverse(first)))
        .map(|(key, ..)| key)
}

/// Whether two words read as the same: equal, or sharing their first four letters.
fn same_stem(a: &str, b: &str) -> bool {
    let stem = |w: &str| -> String { w.to_lowercase().chars().take(4).collect() };
    a.eq_ignore_ascii_case(b) || stem(a) == stem(b)
}

/// A name for the scenario: a word of its dominant monster theme, then a place noun of its
/// dominant tile theme (see the [module notes](self)). The same scenario and seed always give
/// the same name; the two words always differ.
///
/// ```
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::names::scenario_name;
/// use ludoforge_gloomhaven::scenario::Scenario;
/// let catalog = Catalog::built_in();
/// let lagoon = Scenario::official(&catalog, 64).unwrap();
/// let name = scenario_name(&catalog, &lagoon, 1);
/// assert_eq!(name.split(' ').count(), 2);
/// ```
#[must_use]
pub fn scenario_name(catalog: &Catalog, s: &Scenario, seed: u64) -> String {
    let monsters = monster_words(monster_theme(catalog, s).unwrap_or(""));
    let places = place_words(tile_theme(catalog, s).unwrap_or(""));
    let mut rng = stream(seed, NAME_STREAM, 0);
    let place = places[below(&mut rng, places.len())];
    let fitting: Vec<&str> = monsters
        .iter()
        .copied()
        .filter(|w| !same_stem(w, place))
        .collect();
    let first = if fitting.is_empty() {
        // Every list holds words of several stems, so this is only a safeguard.
        "Forsaken"
    } else {
        fitting[below(&mut rng, fitting.len())]
    };
    format!("{first} {place}")
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::hex::Hex;
    use crate::scenario::{Level, Standee};

    const THEMES: [&str; 12] = [
        "Drake",
        "Undead",
        "Outlaw",
        "Demon",
        "Inox",
        "Vermling",
        "Poison",
        "Wild",
        "Machine",
        "Corruption",
        "City",
        "",
    ];

    const PLACES: [&str; 5] = ["Dungeon", "Cave", "Building", "Forest", ""];

    fn split(name: &str) -> (&str, &str) {
        name.split_once(' ').expect("two words")
    }

    #[test]
    fn deterministic_and_non_empty() {
        let catalog = Catalog::built_in();
        for r in &catalog.scenarios {
            let s = r.to_scenario(&catalog).unwrap();
            for seed in 0..20 {
                let name = scenario_name(&catalog, &s, seed);
                assert_eq!(name, scenario_name(&catalog, &s, seed));
                let (a, b) = split(&name);
                assert!(!a.is_empty() && !b.is_empty(), "{name}");
                assert!(!same_stem(a, b), "{name}");
            }
        }
    }

    #[test]
    fn seeds_give_variety() {
        let catalog = Catalog::built_in();
        let barrow = Scenario::official(&catalog, 1).unwrap();
        let names: BTreeSet<String> = (0..30)
            .map(|seed| scenario_name(&catalog, &barrow, seed))
            .collect();
        assert!(names.len() >= 8, "{names:?}");
    }

    #[test]
    fn themes_drive_the_words() {
        let catalog = Catalog::built_in();
        let mut s = Scenario::official(&catalog, 1).unwrap();
        let drake = catalog.monster_index("Vicious Drake").unwrap();
        let bones = catalog.monster_index("Living Bones").unwrap();
        // Drakes outnumber the bones; a single cave tile.
        let standee = |monster| Standee {
            monster,
            at: Hex::default(),
            levels: [Level::Normal; 3],
        };
        s.monsters = vec![
            standee(bones),
            standee(bones),
            standee(drake),
            standee(drake),
            standee(drake),
        ];
        s.map.tiles.truncate(1);
        s.map.tiles[0].tile = catalog.tile_index("A2b").unwrap(); // a Cave side
        assert_eq!(monster_theme(&catalog, &s), Some("Drake"));
        assert_eq!(tile_theme(&catalog, &s), Some("Cave"));
        let mut words = BTreeSet::new();
        for seed in 0..40 {
            let name = scenario_name(&catalog, &s, seed);
            let (a, b) = split(&name);
            assert!(monster_words("Drake").contains(&a), "{name}");
            assert!(place_words("Cave").contains(&b), "{name}");
            words.insert(a.to_string());
        }
        assert!(words.len() >= 3);
        // Without monsters or tiles, the generic lists.
        s.monsters.clear();
        s.map.tiles.clear();
        let name = scenario_name(&catalog, &s, 3);
        let (a, b) = split(&name);
        assert!(monster_words("").contains(&a));
        assert!(place_words("").contains(&b));
    }

    #[test]
    fn ties_go_to_the_earlier_group() {
        let items = [("Undead", 2), ("Outlaw", 3), ("Drake", 3)];
        assert_eq!(dominant(items.into_iter()), Some("Outlaw"));
        assert_eq!(dominant(std::iter::empty()), None);
    }

    #[test]
    fn every_pair_of_lists_can_make_a_name() {
        for m in THEMES {
            for p in PLACES {
                for &place in place_words(p) {
                    let fitting = monster_words(m).iter().filter(|w| !same_stem(w, place));
                    assert!(fitting.count() >= 3, "{m} {place}");
                }
            }
        }
    }
}
