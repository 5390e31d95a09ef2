//! Agents: the decisions a player makes. One trait, so stronger players can be added: the
//! paper's rule-based agent, a random agent, and (in the command line) a person.

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::below;

use crate::event::Event;
use crate::map::TerritoryId;
use crate::rules::Compat;
use crate::state::{NEUTRAL, State};

/// A player's decisions. Each call sees the whole board; `me` is 0 or 1.
pub trait Agent {
    /// Chooses a free territory during the initial pick.
    fn pick(&mut self, state: &State, me: u8, rng: &mut Stream) -> TerritoryId;

    /// Chooses three cards (indices into `state.hands[me]`) to trade, or `None` to keep them.
    /// With five or more cards a trade is forced: `None` then trades the first three.
    fn trade(&mut self, state: &State, me: u8, rng: &mut Stream) -> Option<[usize; 3]>;

    /// Chooses an owned territory for one more troop; `left` troops (this one included)
    /// are still to place this turn.
    fn place(&mut self, state: &State, me: u8, left: u32, rng: &mut Stream) -> TerritoryId;

    /// Chooses where one bonus troop of `continent` goes: one of the player's territories in
    /// that continent (under the rules of Risk; the published code's reading places bonuses
    /// itself). `left` bonus troops of this continent (this one included) are still to place.
    /// By default, the continent's territory with the fewest troops (lowest id on ties).
    fn place_bonus(
        &mut self,
        state: &State,
        me: u8,
        continent: usize,
        left: u32,
        rng: &mut Stream,
    ) -> TerritoryId {
        let _ = (left, rng);
        weakest(
            state,
            state.map.continents()[continent]
                .territories
                .iter()
                .copied()
                .filter(|&t| state.owner[t as usize] == me),
        )
        .expect("a player with a continent's bonus owns its territories")
    }

    /// Hears what happened at the table, when the match is played told
    /// ([`crate::game::play_match_told`]): its own actions as they happen, the other
    /// player's before its next decision. By default, nothing.
    fn observe(&mut self, state: &State, event: &Event) {
        let _ = (state, event);
    }

    /// Chooses an attack (from an owned territory with at least 2 troops to a neighbouring
    /// enemy), or `None` to stop attacking this turn.
    fn attack(
        &mut self,
        state: &State,
        me: u8,
        rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)>;

    /// Chooses to move one troop between neighbouring owned territories (leaving at least one
    /// behind, and never into a territory marked in `moved_from`: one that troops already
    /// left this turn), or `None` to end the turn.
    fn fortify(
        &mut self,
        state: &State,
        me: u8,
        moved_from: &[bool],
        rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)>;
}

/// The paper's rule-based agent (section 4.3.2), as the published code plays it.
///
/// - **Picking**: it aims at a continent: among the continents where nobody owns a territory,
///   the one with the best bonus per territory; it takes random free territories there until
///   it has taken the last one (or the opponent has), then aims again. With no such
///   continent, a random free territory.
/// - **Trading**: with 3 or 4 cards, only if one of them shows a territory it owns; with 5,
///   always (a card of its own territory first).
/// - **Placing**: one troop at a time on its border territory with the fewest troops (the
///   lowest id on ties); with no border, on its weakest territory.
/// - **Attacking**: the first border territory (by id) with at least 3 troops attacks its
///   weakest enemy neighbour, as long as it has more troops than that neighbour (under
///   [`Compat::Rossato2023`], whatever the neighbour holds); it stops when no territory
///   qualifies.
/// - **Fortifying**: one troop at a time from an owned territory with troops to spare (by id)
///   to a friendly neighbour on the border, taking the first such neighbour that comes before
///   any enemy one in the neighbour list.
#[derive(Debug, Clone, Default)]
pub struct RuleAgent {
    target: Option<usize>,
}

impl RuleAgent {
    /// A fresh agent.
    #[must_use]
    pub fn new() -> RuleAgent {
        RuleAgent::default()
    }
}

/// The continent nobody has started with the best bonus per territory (the first of equals),
/// which the rule agent aims its picks at; `None` when every continent has an owner.
pub(crate) fn open_continent(state: &State) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for (c, continent) in state.map.continents().iter().enumerate() {
        let empty = continent
            .territories
            .iter()
            .all(|&t| state.owner[t as usize] == NEUTRAL);
        let value = f64::from(continent.bonus) / continent.territories.len() as f64;
        if empty && value > best.map_or(0.0, |(_, v)| v) {
            best = Some((c, value));
        }
    }
    best.map(|(c, _)| c)
}

/// The owned territory with the fewest troops among `candidates` (lowest id on ties).
fn weakest(state: &State, candidates: impl Iterator<Item = TerritoryId>) -> Option<TerritoryId> {
    candidates.min_by_key(|&t| (state.troops[t as usize], t))
}

impl Agent for RuleAgent {
    fn pick(&mut self, state: &State, _me: u8, rng: &mut Stream) -> TerritoryId {
        let map = state.map;
        let free_in = |c: usize| -> Vec<TerritoryId> {
            map.continents()[c]
                .territories
                .iter()
                .copied()
                .filter(|&t| state.owner[t as usize] == NEUTRAL)
                .collect()
        };
        let anywhere = |rng: &mut Stream| {
            let free = state.neutral();
            free[below(rng, free.len())]
        };
        if self.target.is_none() {
            match open_continent(state) {
                Some(c) => self.target = Some(c),
                None => return anywhere(rng),
            }
        }
        let c = self.target.expect("a target");
        let free = free_in(c);
        if free.is_empty() {
            // The opponent took the rest: give up this continent.
            self.target = None;
            return anywhere(rng);
        }
        if free.len() <= 1 {
            self.target = None;
        }
        free[below(rng, free.len())]
    }

    fn trade(&mut self, state: &State, me: u8, rng: &mut Stream) -> Option<[usize; 3]> {
        let hand = &state.hands[me as usize];
        if hand.len() < 3 {
            return None;
        }
        let own = hand.iter().position(|&t| state.owner[t as usize] == me);
        if own.is_none() && hand.len() < 5 {
            return None;
        }
        let first = own.unwrap_or_else(|| below(rng, hand.len()));
        let mut rest: Vec<usize> = (0..hand.len()).filter(|&i| i != first).collect();
        let second = rest.swap_remove(below(rng, rest.len()));
        let third = rest.swap_remove(below(rng, rest.len()));
        Some([first, second, third])
    }

    fn place(&mut self, state: &State, me: u8, _left: u32, _rng: &mut Stream) -> TerritoryId {
        weakest(state, state.owned(me).filter(|&t| state.is_frontier(t)))
            .or_else(|| weakest(state, state.owned(me)))
            .expect("a player placing troops owns a territory")
    }

    fn attack(
        &mut self,
        state: &State,
        me: u8,
        _rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        let advantage_needed = state.rules.compat == Compat::Standard;
        for from in state.owned(me) {
            let troops = state.troops[from as usize];
            if troops < 3 {
                continue;
            }
            let target = state
                .map
                .neighbours(from)
                .iter()
                .copied()
                .filter(|&u| state.owner[u as usize] == 1 - me)
                .min_by_key(|&u| (state.troops[u as usize], u));
            if let Some(to) = target
                && (!advantage_needed || troops > state.troops[to as usize])
            {
                return Some((from, to));
            }
        }
        None
    }

    fn fortify(
        &mut self,
        state: &State,
        me: u8,
        moved_from: &[bool],
        _rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        for from in state.owned(me) {
            if state.troops[from as usize] <= 1 {
                continue;
            }
            for &to in state.map.neighbours(from) {
                let owner = state.owner[to as usize];
                if owner == 1 - me {
                    break;
                }
                if owner == me && !moved_from[to as usize] && state.is_frontier(to) {
                    return Some((from, to));
                }
            }
        }
        None
    }
}

/// An agent that chooses uniformly among the legal moves (and stops attacking or fortifying
/// with probability ½ at each step).
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomAgent;

impl Agent for RandomAgent {
    fn pick(&mut self, state: &State, _me: u8, rng: &mut Stream) -> TerritoryId {
        let free = state.neutral();
        free[below(rng, free.len())]
    }

    fn trade(&mut self, state: &State, me: u8, rng: &mut Stream) -> Option<[usize; 3]> {
        let n = state.hands[me as usize].len();
        if n < 3 || (n < 5 && below(rng, 2) == 0) {
            return None;
        }
        Some([0, 1, 2])
    }

    fn place(&mut self, state: &State, me: u8, _left: u32, rng: &mut Stream) -> TerritoryId {
        let owned: Vec<TerritoryId> = state.owned(me).collect();
        owned[below(rng, owned.len())]
    }

    fn attack(
        &mut self,
        state: &State,
        me: u8,
        rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        if below(rng, 2) == 0 {
            return None;
        }
        let options: Vec<(TerritoryId, TerritoryId)> = state
            .owned(me)
            .filter(|&t| state.troops[t as usize] >= 2)
            .flat_map(|t| {
                state
                    .map
                    .neighbours(t)
                    .iter()
                    .filter(|&&u| state.owner[u as usize] == 1 - me)
                    .map(move |&u| (t, u))
            })
            .collect();
        (!options.is_empty()).then(|| options[below(rng, options.len())])
    }

    fn fortify(
        &mut self,
        state: &State,
        me: u8,
        moved_from: &[bool],
        rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        if below(rng, 2) == 0 {
            return None;
        }
        let options: Vec<(TerritoryId, TerritoryId)> = state
            .owned(me)
            .filter(|&t| state.troops[t as usize] >= 2)
            .flat_map(|t| {
                state
                    .map
                    .neighbours(t)
                    .iter()
                    .filter(|&&u| state.owner[u as usize] == me && !moved_from[u as usize])
                    .map(move |&u| (t, u))
            })
            .collect();
        (!options.is_empty()).then(|| options[below(rng, options.len())])
    }
}
