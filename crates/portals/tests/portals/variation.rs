//! The variation operators keep every invariant, and they do vary.

use ludoforge_evolve::rng::stream;
use ludoforge_portals::choose::Targets;
use ludoforge_portals::evolve::{PortalProblem, Watch, evolve};
use ludoforge_portals::generate::generate;
use ludoforge_portals::variation::{graft, regrow, relink};
use ludoforge_portals::walk::Memory;
use ludoforge_portals::{Dungeon, Params};
use proptest::prelude::*;

fn dungeon(m: u32, d: usize, seed: u64) -> Dungeon {
    generate(&Params::new(m).max_portals(d), &mut stream(seed, 0, 0)).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn mutations_keep_every_invariant(seed in any::<u64>(), m in 2u32..=11, d in 2usize..=3) {
        let params = Params::new(m).max_portals(d);
        let mut current = dungeon(m, d, seed);
        let mut rng = stream(seed, 1, 0);
        for step in 0..12 {
            if step % 2 == 0 {
                relink(&mut current, &params, &mut rng);
            } else {
                regrow(&mut current, &params, &mut rng);
            }
            prop_assert_eq!(current.check(m, d), Ok(()), "after step {}", step);
        }
    }

    #[test]
    fn grafts_keep_every_invariant(seed in any::<u64>(), m in 2u32..=11) {
        let params = Params::new(m);
        let a = dungeon(m, 2, seed);
        let b = dungeon(m, 2, seed.wrapping_add(1));
        let mut rng = stream(seed, 1, 0);
        for _ in 0..4 {
            let child = graft(&a, &b, &params, &mut rng);
            prop_assert_eq!(child.check(m, 2), Ok(()));
            prop_assert!(child.rooms() <= params.max_rooms);
        }
    }
}

#[test]
fn the_operators_change_dungeons() {
    let params = Params::new(9);
    let (mut relinked, mut regrown, mut grafted) = (0, 0, 0);
    for seed in 0..100 {
        let original = dungeon(9, 2, seed);
        let mut rng = stream(seed, 1, 0);
        let mut a = original.clone();
        relink(&mut a, &params, &mut rng);
        relinked += usize::from(a != original);
        let mut b = original.clone();
        regrow(&mut b, &params, &mut rng);
        regrown += usize::from(b != original);
        let donor = dungeon(9, 2, seed + 1000);
        grafted += usize::from(graft(&original, &donor, &params, &mut rng) != original);
    }
    assert!(relinked >= 90, "relink changed {relinked} of 100");
    assert!(regrown >= 90, "regrow changed {regrown} of 100");
    assert!(grafted >= 90, "graft changed {grafted} of 100");
}

#[test]
fn a_child_outgrowing_the_room_bound_leaves_the_dungeon_unchanged() {
    let original = dungeon(9, 2, 4);
    // An upper bound at today's size: growth can only fail, shrinking may succeed.
    let params = Params::new(9).rooms(10, original.rooms());
    let mut rng = stream(4, 1, 0);
    for _ in 0..30 {
        let mut child = original.clone();
        regrow(&mut child, &params, &mut rng);
        assert!(child.rooms() <= original.rooms());
        assert_eq!(child.check(9, 2), Ok(()));
    }
}

#[test]
fn evolution_moves_the_mean_walk_toward_the_target() {
    // Generated M = 9 dungeons walk about 9.5 portals on average; ask for 13.
    let targets = Targets {
        mean_walk: Some(13.0),
        tolerance: 0.25,
        ..Targets::none()
    };
    let params = Params::new(9);
    let problem = PortalProblem {
        params,
        targets,
        walks: 300,
        memory: Memory::Walk,
        seed: 5,
    };
    let (evolved, _) = evolve(&problem, 30, 1500, Watch::default()).unwrap();
    assert_eq!(evolved.dungeon.check(9, 2), Ok(()));
    let (again, _) = evolve(&problem, 30, 1500, Watch::default()).unwrap();
    assert_eq!(evolved.dungeon, again.dungeon, "same seed, same dungeon");
    // Against the best of as many plain candidates as evolution evaluated (30 + 2 per
    // mating), evolution comes closer.
    let chosen =
        ludoforge_portals::choose::choose(&params, &targets, 3030, 300, Memory::Walk, 5, &|| {})
            .unwrap();
    println!(
        "evolved {} ({}), chosen {} ({})",
        evolved.score, evolved.measures.walks.mean, chosen.score, chosen.measures.walks.mean
    );
    assert!(
        evolved.score < chosen.score,
        "{} vs {}",
        evolved.score,
        chosen.score
    );
    assert!(evolved.verdicts[0].met, "{:?}", evolved.verdicts);
}
