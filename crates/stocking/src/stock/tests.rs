//! The stocking against the first version ([`super::reference`]): the same choices, draw for
//! draw, on maps with one big room as well as caves and rooms, and many equal-sized areas.

use ludoforge_evolve::rng::stream;
use proptest::prelude::*;

use super::{Mix, Settings, Stocking, reference, stock};
use crate::grid::Grid;
use crate::mapgen::{Kind, generate};

/// Both stockings of `grid`, with the settled nodes of each area sorted (the first version
/// listed them from a seed the new one may not know).
fn both(grid: &Grid, settings: &Settings, seed: u64) -> (Stocking, Stocking) {
    let cells = grid.graph();
    let (start, goal) = (
        cells.node(grid.start()).unwrap(),
        cells.node(grid.goal()).unwrap(),
    );
    let new = stock(&cells.graph, start, goal, settings, &mut stream(seed, 1, 0)).unwrap();
    let old =
        reference::stock(&cells.graph, start, goal, settings, &mut stream(seed, 1, 0)).unwrap();
    (sorted(new), sorted(old))
}

fn sorted(mut s: Stocking) -> Stocking {
    s.settled.sort_unstable();
    s
}

/// An open room `w` × `h` with the start and goal in opposite corners, and some pillars.
fn room(w: usize, h: usize, pillars: &[(usize, usize)]) -> Grid {
    let mut rows = vec!["#".repeat(w + 2)];
    for y in 0..h {
        let mut row: Vec<char> = format!("#{}#", ".".repeat(w)).chars().collect();
        for &(px, py) in pillars {
            if py % h == y && (px % w) + 1 < w {
                row[px % w + 1] = '#';
            }
        }
        if y == 0 {
            row[1] = '<';
        }
        if y == h - 1 {
            row[w] = '>';
        }
        rows.push(row.into_iter().collect());
    }
    rows.push("#".repeat(w + 2));
    Grid::parse(&rows.join("\n")).unwrap()
}

#[test]
fn open_rooms_are_stocked_as_before() {
    for (side, threshold) in [(20, 10), (40, 10), (40, 3), (60, 10), (31, 1)] {
        let grid = room(side, side, &[]);
        let settings = Settings {
            threshold,
            ..Settings::default()
        };
        for seed in 1..4 {
            let (new, old) = both(&grid, &settings, seed);
            assert_eq!(new, old, "room {side} threshold {threshold} seed {seed}");
        }
    }
}

#[test]
fn a_settled_area_is_listed_as_before_when_its_seed_is_known() {
    let grid = room(30, 30, &[]);
    let settings = Settings {
        threshold: 6,
        mix: Mix::parse("solved=1").unwrap(),
    };
    let cells = grid.graph();
    let (start, goal) = (
        cells.node(grid.start()).unwrap(),
        cells.node(grid.goal()).unwrap(),
    );
    let new = stock(&cells.graph, start, goal, &settings, &mut stream(1, 1, 0)).unwrap();
    let old = reference::stock(&cells.graph, start, goal, &settings, &mut stream(1, 1, 0)).unwrap();
    assert_eq!(new, old);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn caves_and_rooms_are_stocked_as_before(
        seed in any::<u64>(),
        w in 10usize..60,
        h in 10usize..40,
        t in 1usize..16,
        caves in any::<bool>(),
    ) {
        let kind = if caves { Kind::Caves } else { Kind::Rooms };
        let grid = generate(kind, w.max(24), h.max(16), &mut stream(seed, 0, 0)).unwrap();
        let (new, old) = both(&grid, &Settings { threshold: t, ..Settings::default() }, seed);
        prop_assert_eq!(new, old);
    }

    #[test]
    fn rooms_with_pillars_are_stocked_as_before(
        seed in any::<u64>(),
        w in 2usize..40,
        h in 2usize..40,
        pillars in proptest::collection::vec((0usize..40, 0usize..40), 0..60),
        t in 1usize..12,
        mix in 0usize..4,
    ) {
        let grid = room(w, h, &pillars);
        let cells = grid.graph();
        let (start, goal) = (
            cells.node(grid.start()).unwrap(),
            cells.node(grid.goal()).unwrap(),
        );
        prop_assume!(
            crate::graph::shortest_path(&cells.graph, start, goal, |_| false).is_some()
        );
        let mix = Mix::parse(["reward=4,door=3,solved=2,trap=2,herring=1", "door=1", "solved=1", "solved=1,trap=1"][mix]).unwrap();
        let (new, old) = both(&grid, &Settings { threshold: t, mix }, seed);
        prop_assert_eq!(new, old);
    }
}
