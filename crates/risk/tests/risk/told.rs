//! A told match: the same match as an untold one, and its events tell the whole story (the
//! board rebuilt from them alone is the board the match ended with).

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::stream;
use ludoforge_risk::agent::{Agent, RandomAgent, RuleAgent};
use ludoforge_risk::event::Event;
use ludoforge_risk::game::{play_match, play_match_told};
use ludoforge_risk::map::{EMBEDDED, RiskMap, TerritoryId};
use ludoforge_risk::rules::{Compat, ConquestMove, Rules};
use ludoforge_risk::state::{NEUTRAL, State};
use proptest::prelude::*;

/// An agent that plays as `inner` and keeps what it hears and the last board it saw.
struct Listener<A> {
    inner: A,
    heard: Vec<Event>,
    last: Option<(Vec<u8>, Vec<u32>)>,
}

impl<A: Agent> Listener<A> {
    fn new(inner: A) -> Self {
        Listener {
            inner,
            heard: Vec::new(),
            last: None,
        }
    }
}

impl<A: Agent> Agent for Listener<A> {
    fn pick(&mut self, state: &State, me: u8, rng: &mut Stream) -> TerritoryId {
        self.inner.pick(state, me, rng)
    }
    fn trade(&mut self, state: &State, me: u8, rng: &mut Stream) -> Option<[usize; 3]> {
        self.inner.trade(state, me, rng)
    }
    fn place(&mut self, state: &State, me: u8, left: u32, rng: &mut Stream) -> TerritoryId {
        self.inner.place(state, me, left, rng)
    }
    fn attack(
        &mut self,
        state: &State,
        me: u8,
        rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        self.inner.attack(state, me, rng)
    }
    fn fortify(
        &mut self,
        state: &State,
        me: u8,
        moved_from: &[bool],
        rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        self.inner.fortify(state, me, moved_from, rng)
    }
    fn observe(&mut self, state: &State, event: &Event) {
        self.heard.push(event.clone());
        self.last = Some((state.owner.clone(), state.troops.clone()));
    }
}

/// The board the events describe, from an empty one.
fn rebuild(n: usize, events: &[Event], rules: Rules) -> (Vec<u8>, Vec<u32>) {
    let mut owner = vec![NEUTRAL; n];
    let mut troops = vec![0u32; n];
    for event in events {
        match *event {
            Event::Picked { player, territory } => {
                owner[territory as usize] = player;
                troops[territory as usize] = 1;
            }
            Event::Placed { territory, .. } => troops[territory as usize] += 1,
            Event::Traded { extra: Some(t), .. } => troops[t as usize] += 2,
            Event::Attacked {
                player,
                from,
                to,
                throw,
                conquered,
            } => {
                troops[from as usize] -= throw.attacker_losses;
                troops[to as usize] = troops[to as usize].saturating_sub(throw.defender_losses);
                if let Some(moved) = conquered {
                    owner[to as usize] = player;
                    troops[to as usize] = moved;
                    if rules.compat == Compat::Rossato2023
                        && rules.conquest_move == ConquestMove::Max
                    {
                        troops[from as usize] = 1;
                    } else {
                        troops[from as usize] -= moved;
                    }
                }
            }
            Event::Fortified { from, to, .. } => {
                troops[from as usize] -= 1;
                troops[to as usize] += 1;
            }
            _ => {}
        }
    }
    (owner, troops)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn events_rebuild_the_final_board_and_telling_changes_nothing(
        seed in any::<u64>(),
        map in 0usize..EMBEDDED.len(),
        published in any::<bool>(),
        max in any::<bool>(),
        random_second in any::<bool>(),
    ) {
        let map = RiskMap::embedded(EMBEDDED[map].0).unwrap();
        let mut rules = Rules::classic();
        rules.conquest_move = if max { ConquestMove::Max } else { ConquestMove::Min };
        if published {
            rules = rules.rossato2023();
        }
        let untold = if random_second {
            play_match(&map, rules, [&mut RuleAgent::new(), &mut RandomAgent], &mut stream(seed, 0, 0))
        } else {
            play_match(&map, rules, [&mut RuleAgent::new(), &mut RuleAgent::new()], &mut stream(seed, 0, 0))
        };
        let mut first = Listener::new(RuleAgent::new());
        let (told, second_heard, second_last) = if random_second {
            let mut second = Listener::new(RandomAgent);
            let record = play_match_told(&map, rules, [&mut first, &mut second], &mut stream(seed, 0, 0));
            (record, second.heard, second.last)
        } else {
            let mut second = Listener::new(RuleAgent::new());
            let record = play_match_told(&map, rules, [&mut first, &mut second], &mut stream(seed, 0, 0));
            (record, second.heard, second.last)
        };
        prop_assert_eq!(&told, &untold);
        // Both players end up hearing every event, in the same order within each player's
        // own actions.
        prop_assert_eq!(first.heard.len(), second_heard.len());
        let mine = |heard: &[Event], p: u8| -> Vec<Event> {
            heard.iter().filter(|e| e.player() == p).cloned().collect()
        };
        for p in 0..2 {
            prop_assert_eq!(mine(&first.heard, p), mine(&second_heard, p));
        }
        let (owner, troops) = rebuild(map.territories(), &first.heard, rules);
        prop_assert_eq!(Some((owner.clone(), troops.clone())), first.last);
        prop_assert_eq!(Some((owner, troops)), second_last);
        let turns = first.heard.iter().filter(|e| matches!(e, Event::TurnBegan { .. })).count();
        let won_uncounted = told.winner.is_some() && published;
        prop_assert_eq!(turns as u32, told.player_turns + u32::from(won_uncounted));
    }
}
