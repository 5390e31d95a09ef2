//! Maps written as Domination `.map` files and as TAG's Risk map JSON read back as the same
//! maps: generated maps (any size, names with spaces, continents, borders, one-way arcs,
//! positions), the classic board and every embedded published map; and TAG's own classic
//! board loads with the right counts.

use std::collections::BTreeSet;

use ludoforge_risk::formats::{self, Format, PLANE, domination, tag};
use ludoforge_risk::layout::layout;
use ludoforge_risk::map::{Continent, EMBEDDED, MapFile, RiskMap, Territory, TerritoryId};
use ludoforge_risk::render::LAYOUT_SEED;
use proptest::prelude::*;

/// The map with the order of what carries no order fixed: borders as (smaller, larger) in
/// increasing order, one-way arcs and each continent's territories in increasing order.
fn canonical(file: &MapFile) -> MapFile {
    let mut file = file.clone();
    for b in &mut file.borders {
        b.sort_unstable();
    }
    file.borders.sort_unstable();
    file.one_way.sort_unstable();
    for c in &mut file.continents {
        c.territories.sort_unstable();
    }
    file
}

/// Both formats' text for `map`.
fn written(map: &RiskMap) -> [(Format, String); 2] {
    [
        (Format::Domination, domination::write(map, LAYOUT_SEED)),
        (Format::Tag, tag::write(map, LAYOUT_SEED)),
    ]
}

/// `names` with a clash resolved by appending the item's number.
fn distinct(names: Vec<String>) -> Vec<String> {
    let mut seen = BTreeSet::new();
    names
        .into_iter()
        .enumerate()
        .map(|(i, mut n)| {
            while !seen.insert(n.clone()) {
                n = format!("{n} {i}");
            }
            n
        })
        .collect()
}

/// The pieces a map is built from, as drawn.
type Drawn = (
    (Vec<String>, Vec<(i32, i32)>, Vec<usize>),
    (Vec<String>, Vec<u32>, usize, Vec<usize>),
    (Vec<(usize, usize)>, Vec<(usize, usize)>),
    (String, Vec<String>),
);

/// A connected map of `n` territories built from what was drawn: a spanning tree of borders
/// (territory `i` joined to an earlier one), extra borders, one-way arcs between territories
/// that share no border, every continent holding at least one territory.
fn build(n: usize, drawn: Drawn) -> MapFile {
    let (
        (names, places, parents),
        (continent_names, bonuses, k, homes),
        (extra, arcs),
        (name, about),
    ) = drawn;
    let k = k.min(n);
    let names = distinct(names);
    let continent_names = distinct(continent_names);
    let territories = (0..n)
        .map(|i| Territory {
            id: i as TerritoryId,
            name: names[i].clone(),
            position: Some([f64::from(places[i].0), f64::from(places[i].1)]),
        })
        .collect();
    let mut continents: Vec<Continent> = (0..k)
        .map(|c| Continent {
            name: continent_names[c].clone(),
            bonus: bonuses[c],
            territories: Vec::new(),
        })
        .collect();
    for (t, home) in homes.iter().enumerate().take(n) {
        let c = if t < k { t } else { home % k };
        continents[c].territories.push(t as TerritoryId);
    }
    let mut borders = BTreeSet::new();
    for (i, parent) in parents.iter().enumerate().take(n).skip(1) {
        borders.insert([(parent % i) as TerritoryId, i as TerritoryId]);
    }
    for (a, b) in extra {
        let (a, b) = (a % n, b % n);
        if a != b {
            borders.insert([a.min(b) as TerritoryId, a.max(b) as TerritoryId]);
        }
    }
    let mut one_way = BTreeSet::new();
    for (a, b) in arcs {
        let (a, b) = ((a % n) as TerritoryId, (b % n) as TerritoryId);
        let free = a != b && !borders.contains(&[a.min(b), a.max(b)]) && !one_way.contains(&[b, a]);
        if free {
            one_way.insert([a, b]);
        }
    }
    MapFile {
        name,
        about: about.join("\n"),
        territories,
        continents,
        borders: borders.into_iter().collect(),
        one_way: one_way.into_iter().collect(),
    }
}

fn maps() -> impl Strategy<Value = MapFile> {
    // Names start with a letter and may hold spaces (trailing ones too), apostrophes, dots
    // and hyphens; about lines start and end with something other than a space.
    let name = "[A-Za-z][A-Za-z0-9 '.-]{0,14}";
    let line = "[A-Za-z0-9]([A-Za-z0-9 ,.;_'()-]{0,28}[A-Za-z0-9.)])?";
    (2usize..=30).prop_flat_map(move |n| {
        let territories = (
            prop::collection::vec(name, n),
            prop::collection::vec((-2000i32..5000, -2000i32..5000), n),
            prop::collection::vec(any::<usize>(), n),
        );
        let continents = (
            prop::collection::vec(name, 6),
            prop::collection::vec(0u32..=12, 6),
            1usize..=6,
            prop::collection::vec(any::<usize>(), n),
        );
        let edges = (
            prop::collection::vec((any::<usize>(), any::<usize>()), 0..2 * n),
            prop::collection::vec((any::<usize>(), any::<usize>()), 0..4),
        );
        let text = (
            "[A-Za-z][A-Za-z0-9 ,'-]{0,20}",
            prop::collection::vec(line, 0..4),
        );
        (territories, continents, edges, text).prop_map(move |drawn| build(n, drawn))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_map_written_and_read_back_is_the_same_map(file in maps()) {
        let map = RiskMap::new(file.clone()).expect("the generator builds valid maps");
        for (format, text) in written(&map) {
            prop_assert_eq!(formats::detect(&text), Some(format));
            let back = formats::read(&text, "not used: the file names the map", true);
            let back = back.map_err(|e| TestCaseError::fail(format!("{format:?}: {e}\n{text}")))?;
            prop_assert_eq!(canonical(back.file()), canonical(&file), "{:?}:\n{}", format, text);
        }
        // Domination's one-way arcs are neighbours listed one way, read only when allowed.
        let domination = domination::write(&map, LAYOUT_SEED);
        prop_assert_eq!(domination::read(&domination, "x", false).is_ok(), file.one_way.is_empty());
    }
}

/// `map`'s file with the positions the formats write for a map without its own.
fn laid_out(map: &RiskMap) -> MapFile {
    let mut file = map.file().clone();
    if file.territories.iter().any(|t| t.position.is_none()) {
        for (t, (x, y)) in file.territories.iter_mut().zip(layout(map, LAYOUT_SEED)) {
            t.position = Some([(x * PLANE).round(), (y * PLANE).round()]);
        }
    }
    file
}

#[test]
fn the_classic_board_and_the_published_maps_round_trip_through_both_formats() {
    for (name, _) in EMBEDDED {
        let map = RiskMap::embedded(name).unwrap();
        let expected = canonical(&laid_out(&map));
        for (format, text) in written(&map) {
            let back = formats::read(&text, "x", true)
                .unwrap_or_else(|e| panic!("{name} as {format:?}: {e}\n{text}"));
            assert_eq!(canonical(back.file()), expected, "{name} as {format:?}");
            // The same map: the same adjacency, territory by territory.
            for t in 0..map.territories() as TerritoryId {
                assert_eq!(back.neighbours(t), map.neighbours(t), "{name} {t}");
            }
        }
    }
}

#[test]
fn a_map_without_positions_is_written_where_its_picture_puts_it() {
    let map9 = RiskMap::embedded("map9").unwrap();
    assert!(map9.file().territories.iter().all(|t| t.position.is_none()));
    let back = formats::read(&domination::write(&map9, LAYOUT_SEED), "x", false).unwrap();
    let span = |axis: usize| {
        let v: Vec<f64> = back
            .file()
            .territories
            .iter()
            .map(|t| t.position.unwrap()[axis])
            .collect();
        v.iter().copied().fold(f64::MIN, f64::max) - v.iter().copied().fold(f64::MAX, f64::min)
    };
    // The layout fills the unit square's longer side, scaled to the plane.
    assert_eq!(span(0).max(span(1)), PLANE);
    // Another layout seed, other places.
    let other = formats::read(&domination::write(&map9, 2), "x", false).unwrap();
    assert_ne!(other.file(), back.file());
}

/// TAG's own classic board, `data/risk/worldMap.json` of GAIGResearch/TabletopGames (MIT
/// licence: see `data/tag/LICENSE-TAG.txt`).
const TAG_WORLD: &str = include_str!("../data/tag/worldMap.json");

#[test]
fn tags_world_map_loads_as_the_classic_board() {
    assert_eq!(formats::detect(TAG_WORLD), Some(Format::Tag));
    let world = formats::read(TAG_WORLD, "x", false).unwrap();
    assert_eq!(world.name(), "Classic world map");
    assert_eq!(world.territories(), 42);
    assert_eq!(world.border_count(), 83);
    let bonuses: Vec<u32> = world.continents().iter().map(|c| c.bonus).collect();
    assert_eq!(bonuses, [5, 2, 5, 3, 7, 2]);
    // The same board as ours, matched by name: territories, continents and borders.
    let classic = RiskMap::embedded("classic").unwrap();
    let ours = |name: &str| -> TerritoryId {
        (0..42)
            .find(|&t| classic.territory_name(t) == name)
            .unwrap_or_else(|| panic!("{name} is not on our classic board"))
    };
    let edges = |m: &RiskMap, id: &dyn Fn(&str) -> TerritoryId| -> BTreeSet<[TerritoryId; 2]> {
        m.file()
            .borders
            .iter()
            .map(|&[a, b]| {
                let (a, b) = (id(m.territory_name(a)), id(m.territory_name(b)));
                [a.min(b), a.max(b)]
            })
            .collect()
    };
    assert_eq!(edges(&world, &ours), edges(&classic, &ours));
    for t in 0..42 {
        let c = &world.continents()[world.continent_of(t)].name;
        let mine = &classic.continents()[classic.continent_of(ours(world.territory_name(t)))].name;
        assert_eq!(c, mine, "{}", world.territory_name(t));
    }
    // TAG's positions are read; written back, the file reads as the same map again.
    assert_eq!(world.file().territories[0].position, Some([55.0, 95.0]));
    let again = formats::read(&tag::write(&world, LAYOUT_SEED), "x", false).unwrap();
    assert_eq!(again.file(), world.file());
}
