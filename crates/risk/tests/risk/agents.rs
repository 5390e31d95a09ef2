//! The planner and the Monte Carlo agent: only legal moves, on every embedded map under both
//! readings of the rules; the same seed plays the same match; budget 0 is the planner.

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::stream;
use ludoforge_risk::agent::{Agent, RuleAgent};
use ludoforge_risk::game::play_match;
use ludoforge_risk::map::{EMBEDDED, RiskMap, TerritoryId};
use ludoforge_risk::planner::Planner;
use ludoforge_risk::rules::{Compat, ConquestMove, Distribution, Rules};
use ludoforge_risk::search::MonteCarlo;
use ludoforge_risk::state::{NEUTRAL, State};
use proptest::prelude::*;

/// An agent that checks each move its inner agent makes is legal before passing it on (the
/// table would otherwise end the phase quietly on an illegal one).
struct Checked<A>(A);

impl<A: Agent> Agent for Checked<A> {
    fn pick(&mut self, state: &State, me: u8, rng: &mut Stream) -> TerritoryId {
        let t = self.0.pick(state, me, rng);
        assert_eq!(state.owner[t as usize], NEUTRAL, "picked a taken territory");
        t
    }

    fn trade(&mut self, state: &State, me: u8, rng: &mut Stream) -> Option<[usize; 3]> {
        let cards = self.0.trade(state, me, rng);
        if let Some(c) = cards {
            let hand = state.hands[me as usize].len();
            assert!(c.iter().all(|&i| i < hand), "a card not in hand: {c:?}");
            assert!(c[0] != c[1] && c[1] != c[2] && c[0] != c[2], "a card twice");
        }
        cards
    }

    fn place(&mut self, state: &State, me: u8, left: u32, rng: &mut Stream) -> TerritoryId {
        assert!(left > 0);
        let t = self.0.place(state, me, left, rng);
        assert_eq!(
            state.owner[t as usize], me,
            "placed on a territory not owned"
        );
        t
    }

    fn place_bonus(
        &mut self,
        state: &State,
        me: u8,
        continent: usize,
        left: u32,
        rng: &mut Stream,
    ) -> TerritoryId {
        let t = self.0.place_bonus(state, me, continent, left, rng);
        assert_eq!(state.owner[t as usize], me);
        assert_eq!(state.map.continent_of(t), continent);
        t
    }

    fn attack(
        &mut self,
        state: &State,
        me: u8,
        rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        let m = self.0.attack(state, me, rng);
        if let Some((from, to)) = m {
            assert_eq!(state.owner[from as usize], me, "attack from {from}");
            assert!(state.troops[from as usize] >= 2, "attack from one troop");
            assert_eq!(state.owner[to as usize], 1 - me, "attack on {to}");
            assert!(state.map.neighbours(from).contains(&to), "attack afar");
        }
        m
    }

    fn fortify(
        &mut self,
        state: &State,
        me: u8,
        moved_from: &[bool],
        rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        let m = self.0.fortify(state, me, moved_from, rng);
        if let Some((from, to)) = m {
            assert_eq!(state.owner[from as usize], me, "fortify from {from}");
            assert_eq!(state.owner[to as usize], me, "fortify into {to}");
            assert!(state.troops[from as usize] >= 2, "fortify from one troop");
            assert!(!moved_from[to as usize], "fortify back");
            assert!(state.map.neighbours(from).contains(&to), "fortify afar");
        }
        m
    }
}

fn reading(rules: Rules, published: bool) -> Rules {
    if published {
        rules.rossato2023()
    } else {
        rules
    }
}

#[test]
fn every_embedded_map_under_both_readings_sees_only_legal_moves() {
    for (name, _) in EMBEDDED {
        let map = RiskMap::embedded(name).expect("an embedded map");
        for published in [false, true] {
            let rules = reading(Rules::classic(), published);
            let mut a = Checked(MonteCarlo::new(2));
            let mut b = Checked(Planner::new());
            let record = play_match(&map, rules, [&mut a, &mut b], &mut stream(7, 0, 0));
            assert!(record.player_turns <= rules.max_player_turns, "{name}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn planner_and_monte_carlo_make_only_legal_moves(
        seed in 0u64..1_000,
        map in 0usize..EMBEDDED.len(),
        published in any::<bool>(),
        pick in any::<bool>(),
        factor in 1u32..=4,
        dice in 2usize..=3,
        max in any::<bool>(),
        budget in 0u32..4,
        against_rule in any::<bool>(),
    ) {
        let map = RiskMap::embedded(EMBEDDED[map].0).expect("an embedded map");
        let rules = reading(
            Rules {
                distribution: if pick { Distribution::Pick } else { Distribution::Random },
                troop_factor: factor,
                defence_dice: dice,
                conquest_move: if max { ConquestMove::Max } else { ConquestMove::Min },
                ..Rules::classic()
            },
            published,
        );
        prop_assert_eq!(rules.compat == Compat::Rossato2023, published);
        let mut a = Checked(MonteCarlo::new(budget));
        let mut planner = Checked(Planner::new());
        let mut rule = RuleAgent::new();
        let b: &mut dyn Agent = if against_rule { &mut rule } else { &mut planner };
        let record = play_match(&map, rules, [&mut a, b], &mut stream(seed, 0, 0));
        prop_assert!(record.player_turns <= rules.max_player_turns);
    }
}

#[test]
fn the_same_seed_plays_the_same_match() {
    let map = RiskMap::embedded("classic").expect("classic");
    for seed in 0..3 {
        let play = || {
            play_match(
                &map,
                Rules::classic(),
                [&mut MonteCarlo::new(4), &mut RuleAgent::new()],
                &mut stream(seed, 1, 0),
            )
        };
        assert_eq!(play(), play());
    }
}

#[test]
fn budgets_below_two_play_as_the_planner() {
    for name in ["classic", "map3"] {
        let map = RiskMap::embedded(name).expect("an embedded map");
        for seed in 0..4 {
            for first in [false, true] {
                let play = |agent: &mut dyn Agent| {
                    let mut rule = RuleAgent::new();
                    let agents: [&mut dyn Agent; 2] = if first {
                        [agent, &mut rule]
                    } else {
                        [&mut rule, agent]
                    };
                    play_match(&map, Rules::classic(), agents, &mut stream(seed, 2, 0))
                };
                let planner = play(&mut Planner::new());
                assert_eq!(play(&mut MonteCarlo::new(0)), planner);
                assert_eq!(play(&mut MonteCarlo::new(1)), planner);
            }
        }
    }
}

#[test]
fn the_search_changes_picks() {
    // A search that never departs from the planner would buy nothing: over a few matches
    // with 8 rollouts a pick, some match must differ from the planner's.
    let map = RiskMap::embedded("classic").expect("classic");
    let differs = (0..4).any(|seed| {
        let play = |agent: &mut dyn Agent| {
            play_match(
                &map,
                Rules::classic(),
                [agent, &mut RuleAgent::new()],
                &mut stream(seed, 3, 0),
            )
        };
        play(&mut MonteCarlo::new(8)) != play(&mut Planner::new())
    });
    assert!(differs);
}
