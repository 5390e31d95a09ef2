//! Invariants of generated dungeons and known answers of the measures.

use ludoforge_evolve::rng::stream;
use ludoforge_portals::generate::{complete, generate, stage_one};
use ludoforge_portals::paths::{distances_from, distances_to, routes};
use ludoforge_portals::walk::{Memory, expected_length, simulate};
use ludoforge_portals::{Dungeon, GenerateError, Params, ParamsError, RoomId, Stage};
use proptest::prelude::*;

/// Every origin-to-exit route by depth-first enumeration (small dungeons only).
fn all_route_lengths(dungeon: &Dungeon) -> Vec<u32> {
    fn visit(d: &Dungeon, room: RoomId, depth: u32, out: &mut Vec<u32>) {
        if room == d.exit() {
            out.push(depth);
            return;
        }
        for &to in d.portals(room) {
            visit(d, to, depth + 1, out);
        }
    }
    let mut out = Vec::new();
    visit(dungeon, dungeon.origin(), 0, &mut out);
    out
}

/// Checks each invariant on its own, not through `Dungeon::check`.
fn assert_invariants(dungeon: &Dungeon, min_path: u32, max_portals: usize) {
    let n = dungeon.rooms();
    // Out-degree within the maximum, and the exit is a dead end of the graph.
    for room in 0..n as RoomId {
        assert!(dungeon.portals(room).len() <= max_portals, "room {room}");
    }
    assert!(dungeon.portals(dungeon.exit()).is_empty());
    // Acyclic: a topological order exists and every portal goes forward in it.
    let order = dungeon.topological_order().expect("acyclic");
    let mut position = vec![0; n];
    for (i, &room) in order.iter().enumerate() {
        position[room as usize] = i;
    }
    for (from, to) in dungeon.arcs() {
        assert!(position[from as usize] < position[to as usize]);
    }
    // Every room reachable from the origin and every room reaches the exit.
    assert!(distances_from(dungeon, 0).iter().all(Option::is_some));
    assert!(
        distances_to(dungeon, dungeon.exit())
            .iter()
            .all(Option::is_some)
    );
    // No route shorter than M; the stage-1 tree path makes the shortest exactly M.
    assert_eq!(
        distances_from(dungeon, 0)[dungeon.exit() as usize],
        Some(min_path)
    );
    assert!(dungeon.check(min_path, max_portals).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn generated_dungeons_keep_every_invariant(seed in any::<u64>(), m in 1u32..=13, d in 1usize..=3) {
        let params = Params::new(m).max_portals(d);
        let dungeon = generate(&params, &mut stream(seed, 0, 0)).unwrap();
        assert_invariants(&dungeon, m, d);
        prop_assert!(dungeon.rooms() > m as usize);
        if d == 1 {
            prop_assert_eq!(dungeon.rooms(), m as usize + 1);
        }
    }

    #[test]
    fn stage_one_is_a_tree_with_the_exit_alone_at_depth_m(seed in any::<u64>(), m in 1u32..=14) {
        let params = Params::new(m);
        let tree = stage_one(&params, &mut stream(seed, 0, 0)).unwrap();
        let preds = tree.predecessors();
        prop_assert!(preds[0].is_empty());
        prop_assert!(preds[1..].iter().all(|p| p.len() == 1));
        prop_assert_eq!(tree.portals(0).len(), 2, "the origin starts with two children");
        let depth = distances_from(&tree, 0);
        prop_assert_eq!(depth[tree.exit() as usize], Some(m));
        let deepest = depth.iter().flatten().filter(|&&d| d >= m).count();
        // Only the exit reaches depth M, except for M = 1 where both first children do.
        prop_assert_eq!(deepest, if m == 1 { 2 } else { 1 });
        // Bush, section 3: at most 2^M rooms (for M = 1 the origin's two children make 3).
        prop_assert!(tree.rooms() <= (1usize << m).max(3));
    }

    #[test]
    fn kept_dungeons_respect_the_room_bounds(seed in any::<u64>(), low in 20usize..60, span in 0usize..60) {
        let params = Params::new(8).rooms(low, low + span).attempts(10_000);
        let dungeon = generate(&params, &mut stream(seed, 0, 0)).unwrap();
        prop_assert!((low..=low + span).contains(&dungeon.rooms()));
        assert_invariants(&dungeon, 8, 2);
    }

    #[test]
    fn walks_stay_within_the_exact_route_bounds(seed in any::<u64>(), m in 2u32..=10) {
        let dungeon = generate(&Params::new(m), &mut stream(seed, 0, 0)).unwrap();
        let r = routes(&dungeon).unwrap();
        let stats = simulate(&dungeon, 200, Memory::Walk, &mut stream(seed, 1, 0));
        prop_assert!(stats.min >= r.shortest && stats.max <= r.longest);
        prop_assert_eq!(stats.histogram.iter().sum::<u32>(), 200);
        let party = simulate(&dungeon, 200, Memory::Party, &mut stream(seed, 1, 0));
        prop_assert!(party.min >= r.shortest && party.max <= r.longest);
    }

    #[test]
    fn routes_agree_with_enumeration(seed in any::<u64>(), m in 1u32..=7) {
        let dungeon = generate(&Params::new(m), &mut stream(seed, 0, 0)).unwrap();
        let lengths = all_route_lengths(&dungeon);
        let r = routes(&dungeon).unwrap();
        prop_assert_eq!(r.count, lengths.len() as u128);
        prop_assert_eq!(r.shortest, *lengths.iter().min().unwrap());
        prop_assert_eq!(r.longest, *lengths.iter().max().unwrap());
        prop_assert_eq!(r.shortest_route.len() as u32, r.shortest + 1);
        for pair in r.shortest_route.windows(2) {
            prop_assert!(dungeon.portals(pair[0]).contains(&pair[1]));
        }
    }

    #[test]
    fn generation_is_deterministic(seed in any::<u64>(), m in 1u32..=12) {
        let params = Params::new(m);
        let a = generate(&params, &mut stream(seed, 0, 0)).unwrap();
        let b = generate(&params, &mut stream(seed, 0, 0)).unwrap();
        prop_assert_eq!(a, b);
    }
}

/// A finish below the start would close a cycle. Here start `s` (room 4) is at depth 2 by way
/// of room 2, and room 3 (depth 2, a way on to the exit) also leads to it; depth alone would let
/// stage 2 pick room 3 as the finish.
#[test]
fn finish_above_the_start_is_never_chosen() {
    // 0 → 1 → 3 → 5 (exit); 3 → 4; 0 → 2 → 4.
    let portals = vec![vec![1, 2], vec![3], vec![4], vec![5, 4], vec![], vec![]];
    for seed in 0..300 {
        let mut dungeon = Dungeon::from_portals(portals.clone(), 5);
        complete(&mut dungeon, &Params::new(3), &mut stream(seed, 0, 0)).unwrap();
        assert_invariants(&dungeon, 3, 2);
    }
}

#[test]
fn passage_rooms_lengthen_routes_that_would_be_too_short() {
    // M = 6 and a leaf at depth 1 next to the origin: any portal from it to a finish at depth d
    // with distance e to the exit needs 1 + k + 1 + e >= 6 passage rooms in between.
    for seed in 0..200 {
        let dungeon = generate(&Params::new(6), &mut stream(seed, 0, 0)).unwrap();
        assert_invariants(&dungeon, 6, 2);
        for room in 0..dungeon.rooms() as RoomId {
            if dungeon.stage(room) == Stage::Passage {
                // A passage room has one portal and was made through its parent's portal.
                assert_eq!(dungeon.portals(room).len(), 1);
                let parent = dungeon.parent(room).unwrap();
                assert!(dungeon.portals(parent).contains(&room));
            }
        }
    }
}

#[test]
fn expected_walk_agrees_with_simulation() {
    for seed in 0..5 {
        let dungeon = generate(&Params::new(10), &mut stream(seed, 0, 0)).unwrap();
        let exact = expected_length(&dungeon).unwrap();
        let stats = simulate(&dungeon, 20_000, Memory::Walk, &mut stream(seed, 1, 0));
        // The walk's spread is a few portals; 20,000 walks put the mean within ~0.05.
        assert!(
            (stats.mean - exact).abs() < 0.15,
            "{} vs {exact}",
            stats.mean
        );
    }
}

#[test]
fn a_party_remembers_the_portals_it_took() {
    // 0 → 1 → 3 (exit) and 0 → 2 → 4 → 3: the second walk must take the other portal.
    let dungeon = Dungeon::from_portals(vec![vec![1, 2], vec![3], vec![4], vec![], vec![3]], 3);
    for seed in 0..50 {
        let party = simulate(&dungeon, 2, Memory::Party, &mut stream(seed, 0, 0));
        assert_eq!((party.histogram[2], party.histogram[3]), (1, 1));
    }
}

#[test]
fn expected_walk_by_hand() {
    // From the origin: half the time 0-1-3 (2 portals), half 0-2-4-3 (3): 2.5.
    let dungeon = Dungeon::from_portals(vec![vec![1, 2], vec![3], vec![4], vec![], vec![3]], 3);
    assert_eq!(expected_length(&dungeon).unwrap(), 2.5);
    let r = routes(&dungeon).unwrap();
    assert_eq!((r.shortest, r.longest, r.count), (2, 3, 2));
    assert_eq!(r.layer, vec![0, 1, 1, 3, 2]);
}

#[test]
fn check_names_each_broken_invariant() {
    use ludoforge_portals::Violation;
    let cycle = Dungeon::from_portals(vec![vec![1], vec![2], vec![1, 3], vec![]], 3);
    assert!(matches!(cycle.check(1, 2), Err(Violation::Cycle(_))));
    let orphan = Dungeon::from_portals(vec![vec![1], vec![3], vec![3], vec![]], 3);
    assert_eq!(orphan.check(1, 2), Err(Violation::Unreachable(2)));
    let dead = Dungeon::from_portals(vec![vec![1, 2], vec![3], vec![], vec![]], 3);
    assert_eq!(dead.check(1, 2), Err(Violation::DeadEnd(2)));
    let wide = Dungeon::from_portals(vec![vec![1, 2, 3], vec![3], vec![3], vec![]], 3);
    assert!(matches!(
        wide.check(1, 2),
        Err(Violation::OutDegree { room: 0, .. })
    ));
    let short = Dungeon::from_portals(vec![vec![1, 2], vec![2], vec![]], 2);
    assert_eq!(
        short.check(2, 2),
        Err(Violation::ShortRoute { length: 1, min: 2 })
    );
    let message = short.check(2, 2).unwrap_err().to_string();
    assert!(message.contains("fewer than the minimum 2"), "{message}");
}

#[test]
fn impossible_parameters_are_refused_with_the_reason() {
    assert_eq!(Params::new(0).validate(), Err(ParamsError::MinPath(0)));
    assert_eq!(
        Params::new(5).max_portals(0).validate(),
        Err(ParamsError::MaxPortals(0))
    );
    assert!(matches!(
        Params::new(9).rooms(3, 9).validate(),
        Err(ParamsError::TooFewRooms { fewest: 10, .. })
    ));
    assert!(matches!(
        Params::new(9).rooms(40, 20).validate(),
        Err(ParamsError::RoomRange { .. })
    ));
    assert!(matches!(
        Params::new(4).max_portals(1).rooms(8, 20).validate(),
        Err(ParamsError::SingleCorridor { rooms: 5, .. })
    ));
}

#[test]
fn unmeetable_room_bounds_end_with_the_bounds_named() {
    // M = 14 dungeons have hundreds of rooms; 15 to 16 rooms is (almost) never met.
    let params = Params::new(14).rooms(15, 16).attempts(20);
    let err = generate(&params, &mut stream(1, 0, 0)).unwrap_err();
    assert!(matches!(
        err,
        GenerateError::RoomBounds {
            min_rooms: 15,
            max_rooms: 16,
            ..
        }
    ));
    let message = err.to_string();
    assert!(message.contains("between 15 and 16 rooms"), "{message}");
    assert!(message.contains("widen the room bounds"), "{message}");
}
