//! Names for designed maps: a child map gets a name of its own, and territory names and
//! continent names unique within it. A territory keeps the name it had on its parent's map unless an earlier
//! territory of the child already holds it; then it gets a new one.
//!
//! New names are pronounceable words (two or three syllables, `Valdor`, `Nimesta`) drawn from
//! a stream of their own, seeded by a hash of the map's content (FNV-1a over its JSON). They
//! never draw from the designer's stream, so the designer makes the same variants (rules,
//! borders, continents) as it would without them, and the same child always gets the same
//! names.
//!
//! ```
//! use ludoforge_risk::design::naming::name_map;
//! use ludoforge_risk::map::RiskMap;
//!
//! let mut map = RiskMap::embedded("map8").unwrap().file().clone();
//! map.name = "child".into();
//! map.territories[7].name = map.territories[3].name.clone(); // "T3" twice
//! let before = map.clone();
//! name_map(&mut map);
//! assert_ne!(map.name, "child");
//! assert_eq!(map.territories[3].name, "T3");
//! assert_ne!(map.territories[7].name, "T3");
//! // Two continents of one name: the second gets another.
//! let mut twice = RiskMap::embedded("classic").unwrap().file().clone();
//! twice.continents[4].name = twice.continents[2].name.clone();
//! name_map(&mut twice);
//! assert_ne!(twice.continents[4].name, twice.continents[2].name);
//! // Only names change.
//! assert_eq!((&map.borders, &map.continents), (&before.borders, &before.continents));
//! ```

use std::collections::BTreeSet;

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::{below, stream};

use crate::map::MapFile;

/// Sounds a syllable starts with.
const ONSETS: [&str; 22] = [
    "b", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "dr", "gr",
    "kr", "st", "th", "tr",
];
/// Its vowel.
const VOWELS: [&str; 9] = ["a", "e", "i", "o", "u", "a", "e", "ia", "ou"];
/// How it may end (often openly).
const CODAS: [&str; 9] = ["", "", "", "n", "r", "s", "l", "m", "th"];

/// Gives `map` a new name and makes its territory names unique, as the [module notes](self)
/// say.
pub fn name_map(map: &mut MapFile) {
    let bytes = serde_json::to_vec(&*map).expect("a map serialises");
    let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    rename(map, &mut stream(hash, 0x6e61_6d65, 0));
}

/// [`name_map`] with the words drawn from `rng`.
fn rename(map: &mut MapFile, rng: &mut Stream) {
    map.name = word(rng, 3);
    unique(map.territories.iter_mut().map(|t| &mut t.name), rng);
    // Then the continents (two of a child's can come from parents that named theirs alike).
    unique(map.continents.iter_mut().map(|c| &mut c.name), rng);
}

/// Makes `names` unique: a name an earlier one already holds is replaced by a new word that
/// none of them holds (the names given stay reserved for the first that holds each).
fn unique<'a>(names: impl Iterator<Item = &'a mut String>, rng: &mut Stream) {
    let names: Vec<&mut String> = names.collect();
    let given: BTreeSet<String> = names.iter().map(|n| (**n).clone()).collect();
    let mut taken: BTreeSet<String> = BTreeSet::new();
    for name in names {
        if taken.contains(name.as_str()) {
            let mut attempts = 0;
            *name = loop {
                attempts += 1;
                // Longer words once short ones keep clashing.
                let w = word(rng, 2 + attempts / 8);
                if !taken.contains(&w) && !given.contains(&w) {
                    break w;
                }
            };
        }
        taken.insert(name.clone());
    }
}

/// A capitalised word of two to `most` syllables (at least two).
fn word(rng: &mut Stream, most: usize) -> String {
    let syllables = 2 + below(rng, most.max(2) - 1);
    let mut w = String::new();
    for i in 0..syllables {
        w.push_str(ONSETS[below(rng, ONSETS.len())]);
        w.push_str(VOWELS[below(rng, VOWELS.len())]);
        // Only the last syllable may close on a consonant pair like "th".
        let coda = CODAS[below(rng, CODAS.len())];
        if i + 1 == syllables || coda.len() == 1 {
            w.push_str(coda);
        }
    }
    let mut chars = w.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::RiskMap;

    #[test]
    fn the_same_map_gets_the_same_names_and_another_map_others() {
        let map = |name: &str| {
            let mut m = RiskMap::embedded(name).unwrap().file().clone();
            for t in &mut m.territories {
                t.name = "Same".into();
            }
            m
        };
        let (mut a, mut again, mut b) = (map("map8"), map("map8"), map("map9"));
        name_map(&mut a);
        name_map(&mut again);
        name_map(&mut b);
        assert_eq!(a, again);
        assert_ne!(a.name, b.name);
        // Every territory but the first was renamed, each differently.
        let names: BTreeSet<&String> = a.territories.iter().map(|t| &t.name).collect();
        assert_eq!(names.len(), a.territories.len());
        assert_eq!(a.territories[0].name, "Same");
        for t in &a.territories {
            assert!(t.name.chars().next().unwrap().is_uppercase(), "{}", t.name);
            assert!(
                t.name.chars().all(|c| c.is_ascii_alphabetic()),
                "{}",
                t.name
            );
        }
    }

    #[test]
    fn a_new_name_never_takes_one_a_later_territory_holds() {
        let mut m = RiskMap::embedded("map10").unwrap().file().clone();
        let n = m.territories.len();
        m.territories[1].name = m.territories[0].name.clone();
        // The word the stream gives territory 1 ...
        let mut probe = m.clone();
        rename(&mut probe, &mut stream(7, 0, 0));
        let first = probe.territories[1].name.clone();
        assert_ne!(first, m.territories[0].name);
        // ... is not given it when the last territory already holds it.
        m.territories[n - 1].name = first.clone();
        rename(&mut m, &mut stream(7, 0, 0));
        assert_eq!(m.territories[n - 1].name, first);
        assert_ne!(m.territories[1].name, first);
        let names: BTreeSet<&String> = m.territories.iter().map(|t| &t.name).collect();
        assert_eq!(names.len(), n);
    }
}
