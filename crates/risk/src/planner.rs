//! The judgement the Monte Carlo agent plays by between its searches, and the policy its
//! rollouts play itself with: attacks weighed by their exact odds and what the territory is
//! worth, reinforcements massed on one territory, spare troops marched to the front.

use ludoforge_evolve::Stream;

use crate::agent::{Agent, RuleAgent};
use crate::dice::Odds;
use crate::map::TerritoryId;
use crate::rules::{Compat, ConquestMove};
use crate::state::State;

/// Whether a conquest costs the whole army: under the published code's reading of "max"
/// the attacker is left with one troop and nothing moves in. Massing troops to attack then
/// throws them away, and the planner plays as the rule agent.
fn conquest_empties(state: &State) -> bool {
    state.rules.compat == Compat::Rossato2023 && state.rules.conquest_move == ConquestMove::Max
}

/// Attacks whose chance of taking the territory is below this are not made, unless a turn's
/// plan says otherwise.
pub const ATTACK_ODDS: f64 = 0.6;

/// A territory's worth to `me` if taken: one, plus the bonus of a continent it would complete
/// (counted twice: the bonus comes every turn), plus the bonus of the enemy's continent it
/// would break.
pub(crate) fn worth(state: &State, me: u8, t: TerritoryId) -> f64 {
    let c = state.map.continent_of(t);
    let continent = &state.map.continents()[c];
    let owner = state.owner[t as usize];
    let others_mine = continent
        .territories
        .iter()
        .all(|&u| u == t || state.owner[u as usize] == me);
    let theirs = continent
        .territories
        .iter()
        .all(|&u| state.owner[u as usize] == owner);
    let mut w = 1.0;
    if others_mine {
        w += 2.0 * f64::from(continent.bonus);
    }
    if theirs && owner != me {
        w += f64::from(continent.bonus);
    }
    w
}

/// The best attack for `me` by chance of conquest times worth, if its chance is at least
/// `least`.
pub(crate) fn best_attack(
    state: &State,
    me: u8,
    odds: &Odds,
    least: f64,
) -> Option<(TerritoryId, TerritoryId)> {
    let mut best: Option<((TerritoryId, TerritoryId), f64)> = None;
    for from in state.owned(me) {
        let troops = state.troops[from as usize];
        if troops < 2 {
            continue;
        }
        for &to in state.map.neighbours(from) {
            if state.owner[to as usize] != 1 - me {
                continue;
            }
            let p = odds.conquest(troops, state.troops[to as usize]);
            if p < least {
                continue;
            }
            let score = p * worth(state, me, to);
            if best.is_none_or(|(_, s)| score > s) {
                best = Some(((from, to), score));
            }
        }
    }
    best.map(|(m, _)| m)
}

/// `me`'s border territories ranked as places to mass `troops` more: by the best attack
/// they would then open (chance times worth), and, where no attack is likely, by how
/// outnumbered they are. Best first.
pub(crate) fn staging(state: &State, me: u8, troops: u32, odds: &Odds) -> Vec<TerritoryId> {
    let mut scored: Vec<(TerritoryId, f64)> = state
        .owned(me)
        .filter(|&t| state.is_frontier(t))
        .map(|t| {
            let mine = state.troops[t as usize] + troops;
            let mut attack = 0.0f64;
            let mut threat = 0u32;
            for &u in state.map.neighbours(t) {
                if state.owner[u as usize] == 1 - me {
                    let p = odds.conquest(mine, state.troops[u as usize]);
                    attack = attack.max(p * worth(state, me, u));
                    threat = threat.max(state.troops[u as usize]);
                }
            }
            let defence = f64::from(threat) / f64::from(state.troops[t as usize].max(1));
            (t, attack + 0.01 * defence)
        })
        .collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    scored.into_iter().map(|(t, _)| t).collect()
}

/// Steps from each territory `me` owns to the nearest border territory, through owned ones
/// (`u32::MAX` for the others and for owned territories cut off from any border).
fn front_distance(state: &State, me: u8) -> Vec<u32> {
    let n = state.owner.len();
    let mut distance = vec![u32::MAX; n];
    let mut queue: std::collections::VecDeque<TerritoryId> =
        state.owned(me).filter(|&t| state.is_frontier(t)).collect();
    for &t in &queue {
        distance[t as usize] = 0;
    }
    while let Some(t) = queue.pop_front() {
        for &u in state.map.neighbours(t) {
            if state.owner[u as usize] == me && distance[u as usize] == u32::MAX {
                distance[u as usize] = distance[t as usize] + 1;
                queue.push_back(u);
            }
        }
    }
    distance
}

/// A fortifying move for `me`: a spare troop of a territory away from the front, one step
/// closer to it (never into a territory troops left this turn), by the territories'
/// `distance` to the front ([`front_distance`]).
fn march(
    state: &State,
    me: u8,
    moved_from: &[bool],
    distance: &[u32],
) -> Option<(TerritoryId, TerritoryId)> {
    for from in state.owned(me) {
        let d = distance[from as usize];
        if d == 0 || d == u32::MAX || state.troops[from as usize] < 2 {
            continue;
        }
        let step = state.map.neighbours(from).iter().copied().find(|&u| {
            state.owner[u as usize] == me && distance[u as usize] < d && !moved_from[u as usize]
        });
        if let Some(to) = step {
            return Some((from, to));
        }
    }
    None
}

/// The planner on its own: it picks and trades as the rule agent does, masses every troop of
/// a turn on the border territory that would then open the best attack (chance of conquest
/// times the territory's worth), attacks while some attack's chance is at least
/// [`ATTACK_ODDS`] (the best by chance times worth), and marches spare troops to the front.
/// Under the published code's reading of "max", where a conquest leaves the attacker one
/// troop and moves none in, massing throws the army away: there it places, attacks and
/// fortifies as the rule agent does.
#[derive(Debug, Clone, Default)]
pub struct Planner {
    rule: RuleAgent,
    /// The turn (player-turns completed when it began), the territory reinforcements go to
    /// and the least chance of conquest an attack needs that turn.
    plan: Option<(u32, TerritoryId, f64)>,
    /// The turn whose fortifying moves are being made and the territories' distances to the
    /// front then: no territory changes hands while fortifying, so they are worked out once
    /// a turn.
    front: Option<(u32, Vec<u32>)>,
}

impl Planner {
    /// A fresh planner.
    #[must_use]
    pub fn new() -> Planner {
        Planner::default()
    }

    /// Sets this turn's plan: where its troops go and the least chance an attack needs.
    pub(crate) fn plan(&mut self, turn: u32, t: TerritoryId, least: f64) {
        self.plan = Some((turn, t, least));
    }

    /// Where this turn's troops go, if chosen already.
    pub(crate) fn staged(&self, turn: u32) -> Option<TerritoryId> {
        self.plan.filter(|&(k, _, _)| k == turn).map(|(_, t, _)| t)
    }

    /// The least chance of conquest an attack needs this turn.
    fn least(&self, turn: u32) -> f64 {
        self.plan
            .filter(|&(k, _, _)| k == turn)
            .map_or(ATTACK_ODDS, |(_, _, p)| p)
    }
}

impl Agent for Planner {
    fn pick(&mut self, state: &State, me: u8, rng: &mut Stream) -> TerritoryId {
        self.rule.pick(state, me, rng)
    }

    fn trade(&mut self, state: &State, me: u8, rng: &mut Stream) -> Option<[usize; 3]> {
        (state.hands[me as usize].len() >= 3).then_some(())?;
        self.rule.trade(state, me, rng).or(Some([0, 1, 2]))
    }

    fn place(&mut self, state: &State, me: u8, left: u32, rng: &mut Stream) -> TerritoryId {
        if conquest_empties(state) {
            return self.rule.place(state, me, left, rng);
        }
        if let Some(t) = self.staged(state.player_turns)
            && state.owner[t as usize] == me
        {
            return t;
        }
        let odds = Odds::get(state.rules.defence_dice, state.rules.ties());
        match staging(state, me, left, odds).first() {
            Some(&t) => {
                self.plan(state.player_turns, t, ATTACK_ODDS);
                t
            }
            None => self.rule.place(state, me, left, rng),
        }
    }

    fn attack(
        &mut self,
        state: &State,
        me: u8,
        rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        if conquest_empties(state) {
            return self.rule.attack(state, me, rng);
        }
        let odds = Odds::get(state.rules.defence_dice, state.rules.ties());
        best_attack(state, me, odds, self.least(state.player_turns))
    }

    fn fortify(
        &mut self,
        state: &State,
        me: u8,
        moved_from: &[bool],
        rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        if conquest_empties(state) {
            return self.rule.fortify(state, me, moved_from, rng);
        }
        let turn = state.player_turns;
        if self.front.as_ref().is_none_or(|(k, _)| *k != turn) {
            self.front = Some((turn, front_distance(state, me)));
        }
        let (_, distance) = self.front.as_ref().expect("worked out above");
        march(state, me, moved_from, distance)
    }
}
