//! Invariants of the native problems and of the jobs' variation, over random contents.

use ludoforge_evolve::rng::stream;
use ludoforge_evolve::{Mutate, Problem as Engine};
use ludoforge_pcgbench::binary::Binary;
use ludoforge_pcgbench::job::{Contents, Fitness};
use ludoforge_pcgbench::mdungeons::MiniDungeons;
use ludoforge_pcgbench::measure::number_regions;
use ludoforge_pcgbench::zelda::Zelda;
use ludoforge_pcgbench::{Grid, Problem, evaluate};
use proptest::prelude::*;

fn content(width: usize, height: usize, tiles: u8) -> impl Strategy<Value = Grid> {
    proptest::collection::vec(0..tiles, width * height)
        .prop_map(move |cells| Grid::from_cells(width, height, cells).expect("the size"))
}

fn unit(v: f64) -> bool {
    (0.0..=1.0).contains(&v)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn binary_scores_are_shares_and_quality_one_means_one_long_region(
        a in content(14, 14, 2), b in content(14, 14, 2), control in 35i64..98
    ) {
        let p = Binary::v0();
        let (ia, ib) = (p.info(&a), p.info(&b));
        prop_assert!(unit(p.quality(&ia)) && unit(p.diversity(&ia, &ib)) && unit(p.controllability(&ia, &[control])));
        prop_assert_eq!(p.diversity(&ia, &ia), 0.0, "a content is not diverse from itself");
        let empty = a.cells().iter().filter(|&&t| t == 1).count() as i32;
        prop_assert!(ia.path <= (empty - 1).max(0), "a path of {} over {} empty tiles", ia.path, empty);
        prop_assert_eq!(p.quality(&ia) >= 1.0, ia.regions == 1 && i64::from(ia.path) >= p.target());
        // Controllability 1 exactly within the allowed error of the control.
        prop_assert_eq!(p.controllability(&ia, &[control]) >= 1.0, (i64::from(ia.path) - control).abs() <= 7);
    }

    #[test]
    fn zelda_paths_are_as_long_as_their_distance(a in content(11, 7, 6), b in content(11, 7, 6)) {
        let p = Zelda::v0();
        let (ia, ib) = (p.info(&a), p.info(&b));
        prop_assert!(unit(p.quality(&ia)) && unit(p.diversity(&ia, &ib)) && unit(p.controllability(&ia, &[12, 12])));
        if ia.player_key > 0 {
            prop_assert_eq!(ia.pk_path.len() as i32, ia.player_key + 1);
            for pair in ia.pk_path.windows(2) {
                let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
                prop_assert_eq!(x0.abs_diff(x1) + y0.abs_diff(y1), 1, "steps between neighbours");
            }
        } else {
            prop_assert!(ia.pk_path.is_empty());
        }
        prop_assert!(ia.kd_path.is_empty(), "the benchmark searches key → door with the door impassable");
        if p.quality(&ia) >= 1.0 {
            prop_assert_eq!((ia.players, ia.keys, ia.doors, ia.regions), (1, 1, 1, 1));
        }
    }

    #[test]
    fn set_scores_are_shares_of_the_set(cells in proptest::collection::vec(content(11, 7, 6), 1..12)) {
        let p = Zelda::v0();
        let infos: Vec<_> = cells.iter().map(|c| p.info(c)).collect();
        let scores = evaluate(&p, &infos, Some(&[vec![12, 14]]));
        for share in [scores.quality, scores.diversity, scores.controllability] {
            prop_assert!(unit(share));
            prop_assert_eq!((share * infos.len() as f64).round(), share * infos.len() as f64);
        }
        prop_assert_eq!(scores.details.diversity.len(), infos.len());
    }

    #[test]
    fn first_contents_are_one_region_with_one_of_each_end(seed in any::<u64>()) {
        let p = Zelda::v0();
        let contents = Contents::described(&p);
        let genome = contents.random_genome(&mut stream(seed, 0, 0));
        let grid = contents.grid(&genome);
        let info = p.info(&grid);
        prop_assert_eq!(number_regions(&grid, &[1, 2, 3, 4, 5]), 1);
        prop_assert_eq!((info.players, info.keys, info.doors), (1, 1, 1));
        let binary = Binary::v0();
        let evolved = Contents::controlled(&binary, Fitness::QualityControl);
        let mut genome = evolved.random_genome(&mut stream(seed, 1, 0));
        prop_assert_eq!(number_regions(&evolved.grid(&genome), &[1]), 1);
        let control = genome.control.clone();
        prop_assert!((35..98).contains(&control[0]));
        for step in 0..20 {
            evolved.mutate(&mut genome, &mut stream(seed, 2, step));
            prop_assert_eq!(genome.cells.len(), 196);
            prop_assert!(genome.cells.iter().all(|&t| t < 2));
        }
        prop_assert_eq!(genome.control, control, "mutation keeps the control");
    }

    #[test]
    fn first_mini_dungeons_are_one_region_with_one_player_and_one_exit(seed in any::<u64>()) {
        for p in [MiniDungeons::v0(), MiniDungeons::enemies(), MiniDungeons::large()] {
            let contents = Contents::described(&p);
            let grid = contents.grid(&contents.random_genome(&mut stream(seed, 3, 0)));
            let info = p.info(&grid);
            prop_assert_eq!((info.regions, info.players, info.exits), (1, 1, 1));
            // The solvers ran: solved (0) or their best heuristic, never "did not run".
            prop_assert!(info.heuristic >= 0);
            prop_assert!(unit(p.quality(&info)));
        }
    }

    #[test]
    fn a_route_is_the_only_way_from_player_to_exit(seed in any::<u64>()) {
        // A route is a corridor with every special tile on it: when the player reaches the
        // exit, the solution's locations are every open tile of the content.
        let p = MiniDungeons::v0();
        let contents = Contents::described(&p);
        let mut routes = 0;
        for draw in 0..24 {
            let grid = contents.grid(&contents.random_genome(&mut stream(seed, 4, draw)));
            let info = p.info(&grid);
            let open = grid.cells().iter().filter(|&&t| t != 0).count();
            let neighbours = |x: usize, y: usize| {
                [(0i64, 1i64), (1, 0), (0, -1), (-1, 0)]
                    .iter()
                    .filter(|(dx, dy)| {
                        let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                        nx >= 0
                            && ny >= 0
                            && (nx as usize) < grid.width()
                            && (ny as usize) < grid.height()
                            && grid.get(nx as usize, ny as usize) != 0
                    })
                    .count()
            };
            let mut path = true;
            for y in 0..grid.height() {
                for x in 0..grid.width() {
                    let t = grid.get(x, y);
                    let ends = t == 2 || t == 3;
                    if t != 0 && (neighbours(x, y) > 2 || (ends && neighbours(x, y) != 1)) {
                        path = false;
                    }
                }
            }
            // Connected, no tile with three ways out, the player and the exit at dead ends:
            // a single path from one to the other.
            if path {
                routes += 1;
                if info.heuristic == 0 {
                    prop_assert_eq!(info.solution.len(), open, "{:?}", grid);
                }
            }
        }
        prop_assert!(routes > 0, "half the first contents are routes");
    }
}
