use proptest::prelude::*;

use super::engine::{Action, Event, Level};
use super::search::{Frontier, solve};
use super::*;

fn room(art: &str) -> Grid {
    Grid::from_digits(art, 8).unwrap()
}

/// 8×12: the player at (0, 0), the exit at (7, 0), a goblin at (3, 5), floor elsewhere.
const CORRIDOR: &str = "
    21111113
    11111111
    11111111
    11111111
    11111111
    11161111
    11111111
    11111111
    11111111
    11111111
    11111111
    11111111
";

#[test]
fn the_variants_parameters() {
    let v0 = MiniDungeons::v0();
    assert_eq!(
        (v0.width, v0.height, v0.enemies, v0.solver),
        (8, 12, 8, 5000)
    );
    assert_eq!(
        v0.controls(),
        vec![
            ControlDim {
                name: "col_treasures",
                low: 0,
                high: 20
            },
            ControlDim {
                name: "solution_length",
                low: 16,
                high: 48
            }
        ]
    );
    assert_eq!(v0.cerror(), (4.0, 4.0));
    assert_eq!(MiniDungeons::enemies().controls()[1].low, 32);
    let large = MiniDungeons::large();
    assert_eq!(large.solver, 10000);
    assert_eq!(large.cerror(), (8.0, 8.0));
    assert_eq!(large.controls()[1].high, 192);
}

#[test]
fn a_corridor_worked_by_hand() {
    let problem = MiniDungeons::v0();
    let info = problem.info(&room(CORRIDOR));
    assert_eq!((info.regions, info.players, info.exits), (1, 1, 1));
    assert_eq!((info.layout, info.enemies), (93, 1));
    assert_eq!(info.enemies_loc, vec![(3, 5)]);
    assert_eq!(info.heuristic, 0);
    // A* weighing the depth 1 keeps heuristic + depth at 7 + 140 going right, and more
    // elsewhere: the straight line, in padded coordinates, ending on the exit with {0, 0}.
    let right = Action { x: 1, y: 0 };
    let mut want: Vec<Location> = (1..8)
        .map(|x| Location {
            x,
            y: 1,
            action: right,
        })
        .collect();
    want.push(Location {
        x: 8,
        y: 1,
        action: Action { x: 0, y: 0 },
    });
    assert_eq!(info.solution, want);
    assert_eq!(info.solution_length, 8);
    assert_eq!(info.sequence, "", "nothing collected");
    let stats = info.stats.clone().unwrap();
    assert_eq!((stats.status, stats.health), ("win", 5));
    let json = serde_json::to_value(&info).unwrap();
    assert_eq!(json["status"], "win");
    assert_eq!(json["col_treasures"], 0);
    assert_eq!(json["enemies_loc"], serde_json::json!([[3, 5]]));
    assert_eq!(
        json["solution"][7],
        serde_json::json!({"x": 8, "y": 1, "action": {"x": 0, "y": 0}})
    );
    assert!(json.get("sequence").is_none() && json.get("stats").is_none());

    // One enemy of the 8 asked: 1 / (8 + 1e-8); 93 solid or empty tiles lie on [48, 96].
    let stats = (1.0 + 1.0 + 1.0 + 1.0 / (8.0 + 0.000_000_01) + 1.0) / 5.0;
    // Heuristic 0; 8 locations below the 10 asked.
    let solution = (1.0 + 8.0 / (10.0 + 0.000_000_01)) / 2.0;
    // The goblin at padded (4, 6) is 5 from the solution's (4, 1); at most 8 · 20.
    let near = (160.0 - 5.0) / (160.0 + 0.000_000_01);
    assert_eq!(problem.quality(&info), (stats + solution + near) / 3.0);
    assert_eq!(problem.diversity(&info, &info), 0.0);
    assert_eq!(
        problem.controllability(&info, &[0, 8]),
        1.0,
        "0 treasures within 4 of 0, 8 locations within 4 of 8"
    );
    // Asked 12 treasures: 0 is at the bottom of the ramp from 0 to 8.
    assert_eq!(problem.controllability(&info, &[12, 8]), 0.5);
}

#[test]
fn unplayable_contents_skip_the_solvers() {
    let problem = MiniDungeons::v0();
    let two_players = CORRIDOR.replacen("11111111", "11211111", 1);
    let info = problem.info(&room(&two_players));
    assert_eq!((info.players, info.heuristic), (2, -1));
    assert!(info.stats.is_none() && info.solution.is_empty());
    let json = serde_json::to_value(&info).unwrap();
    assert!(json.get("status").is_none());
    assert_eq!(problem.controllability(&info, &[0, 16]), 0.0);
}

#[test]
fn walled_in_exits_leave_the_best_node() {
    let problem = MiniDungeons::v0();
    // The exit's region is cut off by a wall row, so two regions: the solvers do not run.
    let cut = CORRIDOR.replacen("11111111", "00000000", 1);
    assert_eq!(problem.info(&room(&cut)).heuristic, -1);
    // Ogres on every way to the exit: each costs 2 of 5 health, so the third kills.
    let level = room(
        "
        27777773
        77777777
        00000000
        00000000
        00000000
        00000000
        00000000
        00000000
        00000000
        00000000
        00000000
        00000000
    ",
    );
    let info = problem.info(&level);
    assert_eq!(info.solution, Vec::new());
    let stats = info.stats.unwrap();
    assert_eq!(stats.status, "running");
    // Every way crosses six ogres and the third kills. Each ogre taken costs 8 of heuristic
    // (4 per health point) for at most 1 of distance, so the best node is the start: 7 from the
    // exit, on a padded 10 × 14 level.
    assert_eq!(info.heuristic, 7 + 140, "{stats:?}");
    assert_eq!(stats.health, 5);
}

#[test]
fn the_game_rules() {
    let content = room(
        "
        24567311
        11111111
        11111111
        11111111
        11111111
        11111111
        11111111
        11111111
        11111111
        11111111
        11111111
        11111111
    ",
    );
    let (level, mut state) = Level::parse(&content).unwrap();
    assert_eq!(state.update(&level, 1, 1), Event::Nothing, "no diagonals");
    assert_eq!(state.update(&level, 0, -1), Event::Nothing, "a wall above");
    assert_eq!((state.x, state.y), (1, 1));
    assert_eq!(
        state.update(&level, 3, 0),
        Event::Potion,
        "any length is one step"
    );
    assert_eq!((state.health, state.potions), (5, 1), "never above 5");
    assert_eq!(state.update(&level, 1, 0), Event::Treasure);
    assert_eq!(state.update(&level, 1, 0), Event::Enemy(1));
    assert_eq!(state.update(&level, 1, 0), Event::Enemy(2));
    assert_eq!((state.health, state.enemies, state.treasures), (2, 2, 1));
    assert_eq!(state.heuristic(&level), 1 + 4 * 3 - 2 + 140);
    assert_eq!(state.update(&level, -1, 0), Event::Nothing, "taken already");
    assert_eq!(state.update(&level, 1, 0), Event::Nothing);
    assert_eq!(state.update(&level, 1, 0), Event::Nothing);
    assert!(state.won(&level));
    assert_eq!(state.update(&level, 1, 0), Event::Nothing, "over");
    assert_eq!((state.x, state.y), (6, 1));
    assert_eq!(state.status(&level).status, "win");
}

fn content() -> impl Strategy<Value = Grid> {
    let tile = prop_oneof![10 => Just(1u8), 2 => Just(0u8), 3 => 4u8..8];
    (
        prop::collection::vec(tile, 96),
        0usize..96,
        0usize..96,
        any::<bool>(),
    )
        .prop_map(|(mut cells, player, exit, extra)| {
            cells[player] = tile::PLAYER;
            cells[exit] = tile::EXIT;
            if extra {
                cells[(player + 37) % 96] = tile::PLAYER;
            }
            Grid::from_cells(8, 12, cells).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn solutions_replay_to_the_exit(grid in content()) {
        let problem = MiniDungeons::new("mdungeons-test", 8, 12, 8, 800);
        let info = problem.info(&grid);
        let ran = info.regions == 1 && info.players == 1 && info.exits == 1;
        prop_assert_eq!(info.heuristic == -1, !ran);
        prop_assert_eq!(info.stats.is_some(), ran);
        prop_assert_eq!(info.solution_length, info.solution.len());
        if !info.solution.is_empty() {
            prop_assert_eq!(info.heuristic, 0);
            let (level, mut state) = Level::parse(&grid).unwrap();
            let mut sequence = String::new();
            for l in &info.solution {
                prop_assert_eq!((l.x, l.y), (i64::from(state.x), i64::from(state.y)));
                let stop = Action { x: 0, y: 0 };
                prop_assert!(!state.won(&level) || l.action == stop);
                sequence.push_str(
                    state.update(&level, i64::from(l.action.x), i64::from(l.action.y)).text(),
                );
            }
            prop_assert!(state.won(&level) && !state.lost());
            prop_assert_eq!(&state.status(&level), info.stats.as_ref().unwrap());
            prop_assert_eq!(sequence, info.sequence.clone());
        } else if ran {
            prop_assert!(info.heuristic > 0);
            prop_assert_ne!(info.stats.as_ref().unwrap().status, "win");
        }
    }

    #[test]
    fn scores_lie_in_the_unit_interval(a in content(), b in content(), t in 0i64..20, s in 16i64..48) {
        let problem = MiniDungeons::new("mdungeons-test", 8, 12, 8, 500);
        let (a, b) = (problem.info(&a), problem.info(&b));
        for value in [
            problem.quality(&a),
            problem.quality(&b),
            problem.diversity(&a, &b),
            problem.controllability(&a, &[t, s]),
        ] {
            prop_assert!((0.0..=1.0).contains(&value), "{value}");
        }
        prop_assert_eq!(problem.diversity(&a, &b), problem.diversity(&b, &a));
        prop_assert_eq!(problem.diversity(&a, &a), 0.0);
    }

    #[test]
    fn searches_return_what_they_reached(grid in content()) {
        let Some((level, start)) = Level::parse(&grid) else { return Ok(()) };
        for frontier in [Frontier::AStar(1.0), Frontier::AStar(0.5), Frontier::AStar(0.0), Frontier::Breadth] {
            let found = solve(&level, &start, frontier, 300);
            prop_assert!(found.iterations <= 300);
            let mut state = start.clone();
            for l in &found.locations {
                state.update(&level, i64::from(l.action.x), i64::from(l.action.y));
            }
            prop_assert_eq!(&state, &found.state);
        }
    }
}
