use proptest::prelude::*;

use super::engine::{Level, Step};
use super::*;

fn room(art: &str) -> Grid {
    let rows: Vec<Vec<i64>> = art
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| l.bytes().map(|b| i64::from(b - b'0')).collect())
        .collect();
    Grid::from_rows(&rows, 5).unwrap()
}

const fn step(x: i8, y: i8) -> Step {
    Step { x, y }
}

#[test]
fn the_variants_parameters() {
    let v0 = Sokoban::v0();
    assert_eq!(
        (v0.width, v0.height, v0.difficulty, v0.solver),
        (5, 5, 1, 5000)
    );
    assert_eq!(
        v0.controls(),
        vec![ControlDim {
            name: "crates",
            low: 1,
            high: 6
        }]
    );
    assert_eq!(Sokoban::complex().solver, 20000);
    assert_eq!(Sokoban::large().controls()[0].high, 9);
}

#[test]
fn a_one_push_room_worked_by_hand() {
    let problem = Sokoban::v0();
    let info = problem.info(&room(
        "
        23411
        11111
        11111
        11111
        11111
    ",
    ));
    assert_eq!((info.players, info.crates, info.targets), (1, 1, 1));
    assert_eq!(info.heuristic, 0);
    assert_eq!(info.solution, vec![step(1, 0)]);
    assert_eq!(info.letters, "e", "one push to the right");
    let json = serde_json::to_value(&info).unwrap();
    assert_eq!(json["solution"], serde_json::json!([{"x": 1, "y": 0}]));
    assert!(json.get("letters").is_none());
    // Stats all 1; heuristic 0 gives 1; a solution of 1 below the asked 10: 1 / (10 + 1e-8).
    let added = (1.0 + 1.0 / (10.0 + 0.000_000_01)) / 2.0;
    assert_eq!(problem.quality(&info), (1.0 + added) / 2.0);
    assert_eq!(problem.diversity(&info, &info), 0.0, "the same solution");
    assert_eq!(problem.controllability(&info, &[1]), 1.0);
    assert_eq!(problem.controllability(&info, &[2]), 1.0, "within 1 of 2");
    // Asked 3: the plateau starts at 2, (1 − 0) / (2 + 1e-8).
    assert_eq!(
        problem.controllability(&info, &[3]),
        1.0 / (2.0 + 0.000_000_01)
    );
}

#[test]
fn an_unplayable_room_does_not_run_the_solvers() {
    let problem = Sokoban::v0();
    let info = problem.info(&room(
        "
        23441
        11111
        11111
        11111
        11112
    ",
    ));
    assert_eq!((info.players, info.crates, info.targets), (2, 1, 2));
    assert_eq!((info.heuristic, info.solution.len()), (-1, 0));
    // Two players: (25 − 2) / (25 − 1 + 1e-8); crates in range; one crate short of the targets:
    // (25 − 1) / (25 − 0 + 1e-8); nothing added.
    let player = 23.0 / (24.0 + 0.000_000_01);
    let gap = 24.0 / (25.0 + 0.000_000_01);
    assert_eq!(
        problem.quality(&info),
        ((player + 1.0 + gap) / 3.0 + 0.0) / 2.0
    );
}

#[test]
fn solution_letters_turn_and_flip_the_moves() {
    let content = room(
        "
        11111
        11111
        11211
        11111
        34111
    ",
    );
    // Up then left: turned (x ↔ y) to left, up; mirrored to right, up; flipped to right, down.
    assert_eq!(
        solution_letters(&content, &[step(0, -1), step(-1, 0)]),
        "rd"
    );
    // Left, left, down, right: mirrored on x; the first vertical move already goes down.
    assert_eq!(
        solution_letters(
            &content,
            &[step(-1, 0), step(-1, 0), step(0, 1), step(1, 0)]
        ),
        "rdl",
        "repeated letters merge"
    );
    assert_eq!(solution_letters(&content, &[]), "");
}

#[test]
fn diversity_of_different_solutions() {
    let problem = Sokoban::v0();
    let a = problem.info(&room(
        "
        23411
        11111
        11111
        11111
        11111
    ",
    ));
    let b = problem.info(&room(
        "
        21111
        13111
        11111
        14111
        11111
    ",
    ));
    assert_eq!(b.heuristic, 0);
    assert!(!b.solution.is_empty());
    let r = crate::difflib::ratio(a.letters.as_bytes(), b.letters.as_bytes());
    let want = range_reward(1.0 - r, 0.0, 0.5, Some(1.0), None);
    assert_eq!(problem.diversity(&a, &b), want);
    assert_eq!(problem.diversity(&a, &b), problem.diversity(&b, &a));
}

/// A room with one player, `k` crates and `k` targets (or a stray extra crate or player) on a
/// floor with some walls: the contents the solvers run on.
fn playable() -> impl Strategy<Value = Grid> {
    (
        proptest::collection::vec(prop_oneof![3 => Just(1u8), 1 => Just(0u8)], 25),
        proptest::sample::subsequence((0..25usize).collect::<Vec<_>>(), 3..=7),
        1..=3usize,
        any::<bool>(),
    )
        .prop_map(|(mut cells, spots, k, stray)| {
            let k = k.min((spots.len() - 1) / 2);
            cells[spots[0]] = tile::PLAYER;
            for i in 0..k {
                cells[spots[1 + i]] = tile::CRATE;
                cells[spots[1 + k + i]] = tile::TARGET;
            }
            if stray && 1 + 2 * k < spots.len() {
                cells[spots[1 + 2 * k]] = tile::PLAYER;
            }
            Grid::from_cells(5, 5, cells).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_solution_replayed_from_the_start_wins(content in playable()) {
        let problem = Sokoban::v0();
        let info = problem.info(&content);
        let runs = info.players == 1 && info.crates > 0 && info.crates == info.targets;
        prop_assert_eq!(info.heuristic == -1, !runs);
        if !info.solution.is_empty() {
            prop_assert_eq!(info.heuristic, 0);
            let (level, mut state) = Level::parse(&content).unwrap();
            for (i, s) in info.solution.iter().enumerate() {
                prop_assert!(!state.won(&level), "won before the end, at move {}", i);
                prop_assert!(state.update(&level, s.x, s.y).is_some());
            }
            prop_assert!(state.won(&level));
            prop_assert!(!info.letters.is_empty());
        } else {
            prop_assert!(info.letters.is_empty());
            prop_assert!(info.heuristic != 0, "0 only when solved");
        }
    }

    #[test]
    fn scores_lie_in_the_unit_interval(
        a in playable(),
        b in proptest::collection::vec(0u8..5, 25),
        asked in 1i64..6,
    ) {
        let problem = Sokoban::v0();
        let a = problem.info(&a);
        let b = problem.info(&Grid::from_cells(5, 5, b).unwrap());
        for info in [&a, &b] {
            let q = problem.quality(info);
            prop_assert!((0.0..=1.0).contains(&q), "quality {}", q);
            let c = problem.controllability(info, &[asked]);
            prop_assert!((0.0..=1.0).contains(&c), "controllability {}", c);
        }
        let d = problem.diversity(&a, &b);
        prop_assert!((0.0..=1.0).contains(&d), "diversity {}", d);
        prop_assert_eq!(problem.diversity(&a, &a), 0.0);
    }
}
