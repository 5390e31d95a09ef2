//! The stocking: answers worked out by hand, and its invariants and fairness over hundreds of
//! generated maps.

use ludoforge_evolve::rng::stream;
use ludoforge_stocking::check::{Counterexample, check};
use ludoforge_stocking::graph::{Node, shortest_path};
use ludoforge_stocking::grid::{Grid, Pos};
use ludoforge_stocking::mapgen::{Kind, generate};
use ludoforge_stocking::measures::Fun;
use ludoforge_stocking::stock::{Action, Feature, Mix, Placement, RewardSize, Settings, stock};
use proptest::prelude::*;

fn grid(rows: &[&str]) -> Grid {
    Grid::parse(&rows.join("\n")).unwrap()
}

fn only(action: &str) -> Settings {
    Settings {
        threshold: 5,
        mix: Mix::parse(&format!("{action}=1")).unwrap(),
    }
}

/// A corridor from the start to the goal with a side passage down to a room.
const SIDE_ROOM: [&str; 6] = [
    "#########",
    "#<.....>#",
    "###.#####",
    "###.#####",
    "#.......#",
    "#########",
];

#[test]
fn a_side_room_gets_a_reward_at_its_far_end() {
    let g = grid(&SIDE_ROOM);
    let cells = g.graph();
    let node = |p: Pos| cells.node(p).unwrap();
    let stocked = stock(
        &cells.graph,
        node(g.start()),
        node(g.goal()),
        &only("reward"),
        &mut stream(1, 0, 0),
    )
    .unwrap();
    // One area of 9 cells (the passage and the room); its far node is the room's right end,
    // 7 steps from the corridor.
    assert_eq!(stocked.steps.len(), 1);
    let step = &stocked.steps[0];
    assert_eq!((step.area, step.distance), (9, 7));
    assert_eq!(cells.cell(step.far), (7, 4));
    assert_eq!(
        stocked.placements,
        vec![Placement {
            node: node((7, 4)),
            feature: Feature::Reward(RewardSize::Small),
        }]
    );
    // The room's left end (2 cells) is left pointless, below the threshold of 5.
    assert_eq!(stocked.largest_left, 2);
    let fun = Fun::of(&stocked);
    assert_eq!(
        (fun.reachable, fun.path_before, fun.route_after),
        (16, 7, 14)
    );
    // The route goes down and back: 6 corridor steps + 2 × 7.
    assert_eq!(fun.route_steps, 6 + 14);
}

/// A corridor with a loop below it that touches it twice.
const LOOP: [&str; 5] = [
    "###########",
    "#<.......>#",
    "###.###.###",
    "###.....###",
    "###########",
];

#[test]
fn a_door_after_the_loop_with_its_key_inside() {
    let g = grid(&LOOP);
    let cells = g.graph();
    let node = |p: Pos| cells.node(p).unwrap();
    let (start, goal) = (node(g.start()), node(g.goal()));
    let stocked = stock(
        &cells.graph,
        start,
        goal,
        &only("door"),
        &mut stream(1, 0, 0),
    )
    .unwrap();
    assert_eq!(stocked.steps.len(), 1);
    assert_eq!(stocked.steps[0].action, Action::Door);
    // The key lies at the loop's bottom middle, 4 steps from the corridor; the door on the
    // corridor where the loop rejoins it, so the key is fetched through the first junction.
    let placed: Vec<(Pos, Feature)> = stocked
        .placements
        .iter()
        .map(|p| (cells.cell(p.node), p.feature))
        .collect();
    assert_eq!(
        placed,
        vec![((7, 1), Feature::Door(0)), ((5, 3), Feature::Key(0))]
    );
    let proof = check(&cells.graph, start, goal, &stocked.placements).unwrap();
    assert_eq!(proof.key_order, vec![0]);
    // With the door at the first junction instead, the key is behind it.
    let unfair = [
        Placement {
            node: node((3, 1)),
            feature: Feature::Door(0),
        },
        Placement {
            node: node((5, 3)),
            feature: Feature::Key(0),
        },
    ];
    assert!(matches!(
        check(&cells.graph, start, goal, &unfair),
        Err(Counterexample::GoalUnreachable { .. })
    ));
}

#[test]
fn the_checker_finds_a_key_behind_its_own_door() {
    // 0-1-2-3 corridor, goal 3, with a closet 4 off node 2: door on 2, key in the closet.
    let g = ludoforge_stocking::graph::Graph::from_edges(5, [(0, 1), (1, 2), (2, 3), (2, 4)]);
    let placements = [
        Placement {
            node: 2,
            feature: Feature::Door(0),
        },
        Placement {
            node: 4,
            feature: Feature::Key(0),
        },
    ];
    assert!(matches!(
        check(&g, 0, 3, &placements),
        Err(Counterexample::GoalUnreachable { .. })
    ));
    // A second way round the door to the goal: the goal is reachable, the key still is not
    // reachable without passing its door.
    let g = ludoforge_stocking::graph::Graph::from_edges(
        7,
        [(0, 1), (1, 2), (2, 3), (2, 4), (1, 5), (5, 3)],
    );
    assert_eq!(
        check(&g, 0, 3, &placements),
        Err(Counterexample::KeyBehindOwnDoor {
            id: 0,
            key: 4,
            door: 2
        })
    );
    // A key on a cell nothing leads to.
    let stranded = [
        placements[0],
        Placement {
            node: 6,
            feature: Feature::Key(0),
        },
    ];
    assert_eq!(
        check(&g, 0, 3, &stranded),
        Err(Counterexample::KeyUnreachable { id: 0, key: 6 })
    );
    let unpaired = [placements[0]];
    assert!(matches!(
        check(&g, 0, 3, &unpaired),
        Err(Counterexample::Unpaired {
            id: 0,
            doors: 1,
            keys: 0
        })
    ));
}

#[test]
fn an_unreachable_goal_is_refused() {
    let g = grid(&["#######", "#<.#.>#", "#######"]);
    let cells = g.graph();
    let (s, t) = (
        cells.node(g.start()).unwrap(),
        cells.node(g.goal()).unwrap(),
    );
    assert!(
        stock(
            &cells.graph,
            s,
            t,
            &Settings::default(),
            &mut stream(1, 0, 0)
        )
        .is_err()
    );
}

/// Checks everything that must hold of a stocked map.
fn assert_sound(g: &Grid, settings: &Settings, seed: u64) {
    let cells = g.graph();
    let (start, goal) = (
        cells.node(g.start()).unwrap(),
        cells.node(g.goal()).unwrap(),
    );
    let stocked = stock(&cells.graph, start, goal, settings, &mut stream(seed, 1, 0)).unwrap();
    // Fair, by an independent search.
    check(&cells.graph, start, goal, &stocked.placements)
        .unwrap_or_else(|c| panic!("unfair: {c}\n{}", g.to_text()));
    // The route is a walk from the start to the goal.
    let walk = stocked.route.walk();
    assert_eq!((walk[0], *walk.last().unwrap()), (start, goal));
    for pair in walk.windows(2) {
        assert!(cells.graph.neighbours(pair[0]).contains(&pair[1]));
    }
    // Every placement is on the route, on its own cell, off the start and goal; each key is
    // reached before its door.
    let mut used: Vec<Node> = stocked.placements.iter().map(|p| p.node).collect();
    used.sort_unstable();
    let before = used.len();
    used.dedup();
    assert_eq!(before, used.len(), "two features on one cell");
    for p in &stocked.placements {
        assert!(p.node != start && p.node != goal);
        assert!(stocked.route.contains(p.node));
        if let Feature::Door(id) = p.feature {
            // A door blocks the path: without passing it the goal is out of reach, and no
            // other door stands next to it.
            assert!(shortest_path(&cells.graph, start, goal, |v| v == p.node).is_none());
            assert!(stocked.placements.iter().all(|q| {
                !matches!(q.feature, Feature::Door(_))
                    || !cells.graph.neighbours(p.node).contains(&q.node)
            }));
            let key = stocked
                .placements
                .iter()
                .find(|k| k.feature == Feature::Key(id))
                .unwrap();
            assert!(stocked.route.first_visit(key.node) < stocked.route.first_visit(p.node));
        }
    }
    // The loop ran to the threshold, and stocking never makes the level less fun.
    assert!(stocked.largest_left < settings.threshold);
    let fun = Fun::of(&stocked);
    assert!(fun.fun_after >= fun.fun_before);
    assert!(fun.fun_after <= 1.0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn stocked_caves_are_sound(seed in any::<u64>(), w in 20usize..70, h in 16usize..50, t in 2usize..20) {
        let g = generate(Kind::Caves, w, h, &mut stream(seed, 0, 0)).unwrap();
        assert_sound(&g, &Settings { threshold: t, ..Settings::default() }, seed);
    }

    #[test]
    fn stocked_rooms_are_sound(seed in any::<u64>(), w in 24usize..70, h in 16usize..50, t in 2usize..20) {
        let g = generate(Kind::Rooms, w, h, &mut stream(seed, 0, 0)).unwrap();
        assert_sound(&g, &Settings { threshold: t, ..Settings::default() }, seed);
    }

    #[test]
    fn doors_only_is_still_fair(seed in any::<u64>(), t in 2usize..12, caves in any::<bool>()) {
        let kind = if caves { Kind::Caves } else { Kind::Rooms };
        let g = generate(kind, 48, 32, &mut stream(seed, 0, 0)).unwrap();
        assert_sound(&g, &Settings { threshold: t, mix: Mix::parse("door=1").unwrap() }, seed);
    }
}

#[test]
fn stocking_is_deterministic() {
    let g = generate(Kind::Caves, 60, 40, &mut stream(3, 0, 0)).unwrap();
    let cells = g.graph();
    let (s, t) = (
        cells.node(g.start()).unwrap(),
        cells.node(g.goal()).unwrap(),
    );
    let a = stock(
        &cells.graph,
        s,
        t,
        &Settings::default(),
        &mut stream(9, 1, 0),
    )
    .unwrap();
    let b = stock(
        &cells.graph,
        s,
        t,
        &Settings::default(),
        &mut stream(9, 1, 0),
    )
    .unwrap();
    assert_eq!(a, b);
}
