//! Properties of the map generators: connected floor, walled border, far-apart ends,
//! determinism, a sensible floor share, and clear errors for sizes out of range.

use ludoforge_evolve::rng::stream;
use ludoforge_stocking::graph::{NONE, bfs, components};
use ludoforge_stocking::grid::{Grid, MAX_SIDE, Tile};
use ludoforge_stocking::mapgen::{Kind, MapGenError, generate, place_ends};
use proptest::prelude::*;

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![Just(Kind::Rooms), Just(Kind::Caves)]
}

/// The share of the whole map that is floor.
fn floor_share(grid: &Grid) -> f64 {
    grid.floor_count() as f64 / (grid.width() * grid.height()) as f64
}

/// Checks every guarantee a generated map makes, except the floor share.
fn assert_guarantees(grid: &Grid, width: usize, height: usize) {
    let text = grid.to_text();
    assert_eq!((grid.width(), grid.height()), (width, height));
    // Walls all around the border.
    for x in 0..width as u32 {
        for y in [0, height as u32 - 1] {
            assert_eq!(
                grid.tile((x, y)),
                Tile::Wall,
                "border at ({x}, {y})\n{text}"
            );
        }
    }
    for y in 0..height as u32 {
        for x in [0, width as u32 - 1] {
            assert_eq!(
                grid.tile((x, y)),
                Tile::Wall,
                "border at ({x}, {y})\n{text}"
            );
        }
    }
    // Start and goal on distinct floor cells.
    assert_ne!(grid.start(), grid.goal(), "\n{text}");
    let cells = grid.graph();
    let start = cells.node(grid.start()).expect("the start is floor");
    let goal = cells.node(grid.goal()).expect("the goal is floor");
    // All floor in one region.
    let sizes = components(&cells.graph, |_| true, &mut Vec::new());
    assert_eq!(sizes.len(), 1, "floor regions of sizes {sizes:?}\n{text}");
    // The goal is reachable, and is the first (in reading order) of the cells farthest from
    // the start.
    let (mut dist, mut parent) = (Vec::new(), Vec::new());
    bfs(&cells.graph, &[start], |_| false, &mut dist, &mut parent);
    assert_ne!(dist[goal as usize], NONE, "\n{text}");
    let farthest = *dist.iter().max().expect("some floor");
    assert_eq!(dist[goal as usize], farthest, "\n{text}");
    let first_farthest = dist
        .iter()
        .position(|&d| d == farthest)
        .expect("max exists");
    assert_eq!(
        first_farthest, goal as usize,
        "ties go to the smallest (y, x)\n{text}"
    );
    // The start is itself farthest from the first floor cell (the first sweep).
    bfs(&cells.graph, &[0], |_| false, &mut dist, &mut parent);
    assert_eq!(
        Some(&dist[start as usize]),
        dist.iter().max(),
        "the first sweep\n{text}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn generated_maps_keep_their_guarantees(
        kind in kind(),
        width in 20usize..80,
        height in 20usize..80,
        seed in any::<u64>(),
    ) {
        let grid = generate(kind, width, height, &mut stream(seed, 0, 0)).unwrap();
        assert_guarantees(&grid, width, height);
        let share = floor_share(&grid);
        let range = match kind {
            Kind::Caves => 0.30..=0.70,
            Kind::Rooms => 0.15..=0.60,
        };
        prop_assert!(range.contains(&share), "{kind} floor share {share:.3}\n{}", grid.to_text());
    }

    #[test]
    fn the_smallest_maps_keep_their_guarantees(
        kind in kind(),
        extra_w in 0usize..6,
        extra_h in 0usize..6,
        seed in any::<u64>(),
    ) {
        let (width, height) = (kind.min_side() + extra_w, kind.min_side() + extra_h);
        let grid = generate(kind, width, height, &mut stream(seed, 0, 0)).unwrap();
        assert_guarantees(&grid, width, height);
    }

    #[test]
    fn the_same_stream_gives_the_same_map(
        kind in kind(),
        width in 20usize..80,
        height in 20usize..80,
        seed in any::<u64>(),
    ) {
        let one = generate(kind, width, height, &mut stream(seed, 1, 2)).unwrap();
        let two = generate(kind, width, height, &mut stream(seed, 1, 2)).unwrap();
        prop_assert_eq!(one, two);
    }

    #[test]
    fn sizes_out_of_range_are_refused(
        kind in kind(),
        short in 0usize..8,
        long in 20usize..3 * MAX_SIDE,
        seed in any::<u64>(),
    ) {
        let short = short.min(kind.min_side() - 1);
        for (width, height) in [(short, 30), (30, short), (short, short)] {
            let err = generate(kind, width, height, &mut stream(seed, 0, 0)).unwrap_err();
            prop_assert_eq!(&err, &MapGenError::TooSmall { kind, width, height });
            let message = err.to_string();
            prop_assert!(message.contains(&format!("{width}×{height}")), "{}", message);
            prop_assert!(message.contains(&format!("at least {} cells", kind.min_side())), "{}", message);
        }
        if long > MAX_SIDE {
            for (width, height) in [(long, 30), (30, long), (short, long)] {
                let err = generate(kind, width, height, &mut stream(seed, 0, 0)).unwrap_err();
                prop_assert_eq!(&err, &MapGenError::TooLarge { kind, width, height });
                prop_assert!(err.to_string().contains(&format!("at most {MAX_SIDE} cells")), "{}", err);
            }
        }
    }
}

#[test]
fn different_streams_give_different_maps() {
    for kind in [Kind::Rooms, Kind::Caves] {
        let maps: Vec<Grid> = (0..4)
            .map(|b| generate(kind, 40, 30, &mut stream(5, 0, b)).unwrap())
            .collect();
        for (i, a) in maps.iter().enumerate() {
            for b in &maps[i + 1..] {
                assert_ne!(a, b, "{kind}");
            }
        }
    }
}

#[test]
fn the_largest_sizes_are_accepted_and_the_smallest_too() {
    for kind in [Kind::Rooms, Kind::Caves] {
        let side = kind.min_side();
        assert!(generate(kind, side, side, &mut stream(1, 0, 0)).is_ok());
        let grid = generate(kind, MAX_SIDE, 9.max(side), &mut stream(1, 0, 0)).unwrap();
        assert_guarantees(&grid, MAX_SIDE, 9.max(side));
    }
}

#[test]
fn errors_read_well() {
    let err = generate(Kind::Rooms, 10, 40, &mut stream(1, 0, 0)).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "the map size 10×40 is too small for rooms: each side needs at least 12 cells (and at most {MAX_SIDE})"
        )
    );
    let err = generate(Kind::Caves, 8, MAX_SIDE + 1, &mut stream(1, 0, 0)).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "the map size 8×{} is too large for caves: each side may have at most {MAX_SIDE} cells (and at least 8)",
            MAX_SIDE + 1
        )
    );
}

#[test]
fn ends_break_ties_by_smallest_row_then_column() {
    // A plus: every arm's tip is 4 steps from the others.
    let rows = [
        "#######", "###<###", "###.###", "#.....#", "###.###", "###>###", "#######",
    ];
    let mut grid = Grid::parse(&rows.join("\n")).unwrap();
    place_ends(&mut grid);
    // From (3, 1) the farthest tips are (1, 3), (5, 3) and (3, 5): the first is (1, 3). From
    // there, (3, 1), (5, 3) and (3, 5) tie: the goal is (3, 1).
    assert_eq!((grid.start(), grid.goal()), ((1, 3), (3, 1)));
}

#[test]
fn ends_on_a_single_cell_share_it() {
    let mut tiles = vec![Tile::Wall; 9];
    tiles[4] = Tile::Floor;
    let mut grid = Grid::new(3, 3, tiles, (1, 1), (1, 1)).unwrap();
    place_ends(&mut grid);
    assert_eq!((grid.start(), grid.goal()), ((1, 1), (1, 1)));
}

#[test]
fn ends_search_only_the_first_region() {
    let rows = ["########", "#<.#...#", "#..#..>#", "########"];
    let mut grid = Grid::parse(&rows.join("\n")).unwrap();
    place_ends(&mut grid);
    assert_eq!((grid.start(), grid.goal()), ((2, 2), (1, 1)));
}

/// A long thin cave map whose first twenty draws all broke into pockets (found by the
/// property above: 28% floor): later draws start with fewer walls.
#[test]
fn a_long_thin_cave_map_keeps_its_floor_share() {
    let grid = generate(
        Kind::Caves,
        24,
        76,
        &mut stream(9_853_147_436_606_854_508, 0, 0),
    )
    .unwrap();
    assert_guarantees(&grid, 24, 76);
    let share = floor_share(&grid);
    assert!(
        (0.30..=0.70).contains(&share),
        "floor share {share:.3}\n{}",
        grid.to_text()
    );
}
