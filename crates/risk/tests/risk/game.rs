//! Matches: they end, their records are consistent, and the same seed replays the same match.

use ludoforge_evolve::rng::stream;
use ludoforge_risk::agent::{RandomAgent, RuleAgent};
use ludoforge_risk::game::play_match;
use ludoforge_risk::map::{Continent, EMBEDDED, MapFile, RiskMap, Territory};
use ludoforge_risk::rules::{ConquestMove, Distribution, Rules};
use proptest::prelude::*;

fn rules(distribution: bool, factor: u32, dice: usize, max: bool, published: bool) -> Rules {
    let r = Rules {
        distribution: if distribution {
            Distribution::Pick
        } else {
            Distribution::Random
        },
        troop_factor: factor,
        defence_dice: dice,
        conquest_move: if max {
            ConquestMove::Max
        } else {
            ConquestMove::Min
        },
        ..Rules::classic()
    };
    if published { r.rossato2023() } else { r }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn records_are_consistent_on_every_map_and_rule_set(
        seed in any::<u64>(),
        map in 0usize..EMBEDDED.len(),
        pick in any::<bool>(),
        factor in 1u32..=4,
        dice in 2usize..=3,
        max in any::<bool>(),
        published in any::<bool>(),
    ) {
        let map = RiskMap::embedded(EMBEDDED[map].0).unwrap();
        let rules = rules(pick, factor, dice, max, published);
        let record = play_match(&map, rules, [&mut RuleAgent::new(), &mut RuleAgent::new()], &mut stream(seed, 0, 0));
        prop_assert!(record.player_turns <= rules.max_player_turns);
        prop_assert_eq!(record.turns.len() as u32, record.player_turns + 1);
        for (i, t) in record.turns.iter().enumerate() {
            // After the share-out nobody is neutral: the evaluations add up to 1.
            prop_assert!((t.h[0] + t.h[1] - 1.0).abs() < 1e-9, "turn {}: {:?}", i, t.h);
            // Only the player who moved has moves.
            prop_assert_eq!(t.moves[1 - t.player as usize], 0.0);
        }
        match record.winner {
            Some(w) => {
                let last = record.turns.last().unwrap();
                prop_assert!((last.h[w as usize] - 1.0).abs() < 1e-9);
            }
            None => prop_assert_eq!(record.player_turns, rules.max_player_turns),
        }
        // Turns alternate.
        for pair in record.turns[..record.turns.len() - 1].windows(2) {
            prop_assert_ne!(pair[0].player, pair[1].player);
        }
    }
}

#[test]
fn the_same_seed_replays_the_same_match() {
    let map = RiskMap::embedded("classic").unwrap();
    let play = || {
        play_match(
            &map,
            Rules::classic(),
            [&mut RuleAgent::new(), &mut RandomAgent],
            &mut stream(5, 0, 0),
        )
    };
    assert_eq!(play(), play());
}

#[test]
fn the_rule_agent_beats_the_random_agent() {
    // The rule agent spreads its troops along the border and attacks only with the upper hand,
    // so against a random player that happens to stack its troops it often stalls into a
    // draw; it almost never loses.
    let map = RiskMap::embedded("map9").unwrap();
    let (mut rule_wins, mut random_wins) = (0, 0);
    for i in 0..100 {
        // The rule agent plays first in half the matches.
        let r = if i % 2 == 0 {
            play_match(
                &map,
                Rules::classic(),
                [&mut RuleAgent::new(), &mut RandomAgent],
                &mut stream(i, 0, 0),
            )
        } else {
            play_match(
                &map,
                Rules::classic(),
                [&mut RandomAgent, &mut RuleAgent::new()],
                &mut stream(i, 0, 0),
            )
        };
        match r.winner {
            Some(w) if w == (i % 2) as u8 => rule_wins += 1,
            Some(_) => random_wins += 1,
            None => {}
        }
    }
    assert!(
        rule_wins >= 20 && random_wins <= 2,
        "{rule_wins} against {random_wins}"
    );
}

/// A map of `n` territories with the given borders (pairs of territories, self-borders and
/// repeats included as a user might write them) and one-way arcs, in one or two continents.
fn tiny_map(n: usize, borders: &[(u32, u32)], one_way: &[(u32, u32)], split: bool) -> MapFile {
    let continents = if split && n >= 2 {
        vec![
            Continent {
                name: "West".into(),
                bonus: 1,
                territories: vec![0],
            },
            Continent {
                name: "East".into(),
                bonus: 2,
                territories: (1..n as u32).collect(),
            },
        ]
    } else {
        vec![Continent {
            name: "All".into(),
            bonus: 3,
            territories: (0..n as u32).collect(),
        }]
    };
    MapFile {
        name: "tiny".into(),
        about: String::new(),
        territories: (0..n as u32)
            .map(|id| Territory {
                id,
                name: format!("T{id}"),
                position: None,
            })
            .collect(),
        continents,
        borders: borders.iter().map(|&(a, b)| [a, b]).collect(),
        one_way: one_way.iter().map(|&(a, b)| [a, b]).collect(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Maps of one to three territories with any borders: the map is refused with a reason,
    /// or every kind of match on it ends without a panic and with a consistent record.
    #[test]
    fn tiny_maps_are_refused_in_words_or_played_to_the_end(
        n in 1usize..=3,
        borders in proptest::collection::vec((0u32..4, 0u32..4), 0..5),
        one_way in proptest::collection::vec((0u32..4, 0u32..4), 0..2),
        split in any::<bool>(),
        seed in any::<u64>(),
        pick in any::<bool>(),
        factor in 1u32..=4,
        dice in 2usize..=3,
        max in any::<bool>(),
        published in any::<bool>(),
    ) {
        let file = tiny_map(n, &borders, &one_way, split);
        let map = match RiskMap::new(file) {
            Ok(map) => map,
            Err(error) => {
                let text = error.to_string();
                prop_assert!(!text.is_empty() && !text.contains("Some("), "{}", text);
                if n == 1 {
                    prop_assert!(text.contains("at least two"), "{}", text);
                }
                return Ok(());
            }
        };
        prop_assert!(n >= 2);
        let rules = rules(pick, factor, dice, max, published);
        let rule_agents = play_match(&map, rules, [&mut RuleAgent::new(), &mut RuleAgent::new()], &mut stream(seed, 0, 0));
        let random_agents = play_match(&map, rules, [&mut RandomAgent, &mut RandomAgent], &mut stream(seed, 1, 0));
        for record in [rule_agents, random_agents] {
            prop_assert!(record.player_turns <= rules.max_player_turns);
            prop_assert_eq!(record.turns.len() as u32, record.player_turns + 1);
        }
    }
}
