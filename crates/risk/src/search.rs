//! The Monte Carlo agent: flat Monte Carlo search over the territories it picks at the start,
//! with rollouts through the rest of the share-out and the first turns of play; the planner's
//! judgement for everything else.
//!
//! Where the search pays. Between two players that mass their troops and attack by the
//! odds, the conflict is nearly decided before it starts: on the classic board the planner
//! ([`Planner`]) wins 99% of its matches against itself from the first seat, and about 75%
//! from the second against the rule agent. An earlier version of this agent searched each
//! turn's plan (where to mass the troops, how boldly to attack) by rollouts of the turn and
//! the opponent's reply; with up to 200 rollouts a turn it won 50% against the planner alone
//! and no more than it against the rule agent: the plans the planner does not choose are
//! about as good as the one it does. The share-out is different: how the territories are
//! split decides who can sweep whom. With territories chosen by a pick phase
//! ([`Distribution::Pick`], as in classic Risk), each pick is searched.
//!
//! The search, at each pick: the candidates are the territory the planner would take (the
//! rule agent's continent-by-continent choice) and up to [`CANDIDATES`] − 1 other free
//! territories drawn at random. The budget's rollouts are dealt to them in turn; rollout `j`
//! of each candidate uses the `j`-th seed (common random numbers: the candidates are
//! compared on the same luck). A rollout takes the candidate, finishes the share-out with
//! both players picking as the rule agent does, plays the first [`HORIZON`] player-turns of
//! the conflict (the agent by the planner, its opponent by the rule agent: the model of the
//! opponent), and scores the board for the agent by [`value`]. The candidate with the best
//! mean is taken (the planner's on ties). Budget 0 or 1 is the planner alone: a search needs
//! two candidates and a rollout for each.
//!
//! The budget is rollouts per pick: a match on the classic board has 21 picks a player, so
//! `budget` × 21 rollouts, each about two turns of play. Measured on the classic board
//! (`examples/duel.rs`: win share with Wilson's 95% interval; against the rule agent 500
//! matches in each seat, seed 11; against the planner alone 250 in each seat, seed 12; time
//! as processor time per match against the rule agent, over the rule agent's against itself,
//! 0.07 ms):
//!
//! | budget | against the rule agent | against budget 0 | time |
//! |---|---|---|---|
//! | 0 (the planner) | 86.0% (83.7–88.0) | — | 1.1× |
//! | 2 | 87.9% (85.7–89.8) | 50.4% (46.0–54.8) | 5.4× |
//! | 4 | 91.8% (89.9–93.3) | 56.8% (52.4–61.1) | 9.2× |
//! | 6 | 95.4% (93.9–96.5) | 63.6% (59.3–67.7) | 12× |
//! | 8 (default) | 96.6% (95.3–97.6) | 59.6% (55.2–63.8) | 15× |
//! | 12 | 97.9% (96.8–98.6) | 64.6% (60.3–68.7) | 22× |
//! | 16 | 98.5% (97.5–99.1) | 68.4% (64.2–72.3) | 27× |
//!
//! The gain is almost all in the second seat: against the rule agent the planner wins every
//! match from the first seat and 72% from the second, budget 8 93%. Under the other readings
//! with picks, budget 8 against the rule agent (500 matches in each seat): with the fewest
//! troops moving into a conquest, 96.9% (the planner 79.5%); under the published code's
//! reading, 82.1% (the planner, which there plays as the rule agent, 22.6%: most matches
//! between rule agents are drawn), and 98.4% with its "min" (the planner 56.5%). Under
//! [`Distribution::Random`] nobody picks, and the agent is the planner.
//!
//! [`Distribution::Pick`]: crate::rules::Distribution::Pick
//! [`Distribution::Random`]: crate::rules::Distribution::Random

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::{below, stream};
use rand_core::Rng;

use crate::agent::{Agent, RuleAgent, open_continent};
use crate::game::Table;
use crate::map::TerritoryId;
use crate::planner::Planner;
use crate::state::{NEUTRAL, State};

/// Territories each pick weighs: the planner's choice and up to this many less one others.
pub const CANDIDATES: usize = 8;

/// Player-turns of the conflict a rollout plays after the share-out.
pub const HORIZON: u32 = 2;

/// The budget when none is given: rollouts per pick.
pub const DEFAULT_BUDGET: u32 = 8;

/// How good a board is for `me`: the difference in troops each side will receive next turn
/// (territories and continent bonuses), plus a quarter of the difference in troops on the
/// board; a side with no territory left is lost, worth ∓1,000.
#[must_use]
pub fn value(state: &State, me: u8) -> f64 {
    let income = |p: u8| {
        let held = state.territory_count(p);
        if held == 0 {
            return None;
        }
        let bonus: u32 = state
            .owned_continents(p)
            .iter()
            .map(|&c| state.map.continents()[c].bonus)
            .sum();
        Some(f64::from(state.rules.reinforcements(held) + bonus))
    };
    let troops = |p: u8| -> f64 {
        state
            .owned(p)
            .map(|t| f64::from(state.troops[t as usize]))
            .sum()
    };
    match (income(me), income(1 - me)) {
        (None, _) => -1000.0,
        (_, None) => 1000.0,
        (Some(a), Some(b)) => a - b + 0.25 * (troops(me) - troops(1 - me)),
    }
}

/// The Monte Carlo agent with `budget` rollouts per pick (see the module's documentation).
#[derive(Debug, Clone)]
pub struct MonteCarlo {
    planner: Planner,
    budget: u32,
}

impl MonteCarlo {
    /// An agent that plays at most `budget` rollouts for each territory it picks: exactly
    /// `budget` when it is at least 2 and at least two territories are free, none otherwise
    /// (0 and 1: the planner alone).
    ///
    /// ```
    /// use ludoforge_evolve::rng::stream;
    /// use ludoforge_risk::agent::RuleAgent;
    /// use ludoforge_risk::game::play_match;
    /// use ludoforge_risk::map::RiskMap;
    /// use ludoforge_risk::rules::Rules;
    /// use ludoforge_risk::search::MonteCarlo;
    /// let map = RiskMap::embedded("classic").unwrap();
    /// let record = play_match(&map, Rules::classic(), [&mut MonteCarlo::new(8), &mut RuleAgent::new()], &mut stream(1, 0, 0));
    /// assert!(record.player_turns <= 48);
    /// ```
    #[must_use]
    pub fn new(budget: u32) -> MonteCarlo {
        MonteCarlo {
            planner: Planner::new(),
            budget,
        }
    }

    /// The budget: rollouts per pick.
    #[must_use]
    pub fn budget(&self) -> u32 {
        self.budget
    }
}

/// The candidates' mean values after `budget` rollouts dealt in turn (each candidate's
/// `j`-th rollout on the `j`-th seed), and the index of the best (the first on ties).
fn search(
    state: &State,
    me: u8,
    candidates: &[TerritoryId],
    budget: u32,
    rng: &mut Stream,
) -> usize {
    let k = candidates.len();
    let seeds: Vec<u64> = (0..(budget as usize).div_ceil(k))
        .map(|_| rng.next_u64())
        .collect();
    let mut total = vec![(0.0f64, 0u32); k];
    for j in 0..budget as usize {
        let (c, round) = (j % k, j / k);
        total[c].0 += rollout(state, me, candidates[c], seeds[round]);
        total[c].1 += 1;
    }
    let mean = |c: usize| total[c].0 / f64::from(total[c].1);
    (1..k).fold(0, |best, c| if mean(c) > mean(best) { c } else { best })
}

/// One rollout: `me` takes `t`, both players pick the rest as the rule agent does, then the
/// first [`HORIZON`] player-turns of the conflict are played (`me` by the planner, the
/// opponent by the rule agent), and the board is scored for `me`.
fn rollout(state: &State, me: u8, t: TerritoryId, seed: u64) -> f64 {
    let mut rng = stream(seed, 0, 0);
    let mut s = state.clone();
    s.owner[t as usize] = me;
    s.troops[t as usize] = 1;
    let mut pickers = [Picker::default(), Picker::default()];
    let mut free = s.owner.iter().filter(|&&o| o == NEUTRAL).count();
    let mut p = 1 - me;
    while free > 0 {
        let u = pickers[p as usize].pick(&s, free, &mut rng);
        s.owner[u as usize] = p;
        s.troops[u as usize] = 1;
        free -= 1;
        p = 1 - p;
    }
    // As in a match: the first turn belongs to the player who did not make the last pick.
    let mut current = (s.owner.len() % 2) as u8;
    let mut table = Table::at(s);
    let (mut mine, mut theirs) = (Planner::new(), RuleAgent::new());
    for _ in 0..HORIZON {
        if table.state.player_turns >= table.state.rules.max_player_turns {
            break;
        }
        let agent: &mut dyn Agent = if current == me {
            &mut mine
        } else {
            &mut theirs
        };
        let (_, won) = table.turn(current, agent, &mut rng);
        table.state.player_turns += 1;
        if won {
            break;
        }
        current = 1 - current;
    }
    value(&table.state, me)
}

/// The rule agent's picking ([`RuleAgent`]), as its own code does it (the same choices for
/// the same random stream) but without building lists: rollouts pick dozens of territories
/// each.
#[derive(Debug, Default)]
struct Picker {
    /// The continent aimed at.
    target: Option<usize>,
}

impl Picker {
    /// A free territory, `free` of them being left.
    fn pick(&mut self, state: &State, free: usize, rng: &mut Stream) -> TerritoryId {
        let map = state.map;
        let neutral = |t: &TerritoryId| state.owner[*t as usize] == NEUTRAL;
        let anywhere = |rng: &mut Stream| {
            let k = below(rng, free);
            (0..state.owner.len() as TerritoryId)
                .filter(neutral)
                .nth(k)
                .expect("a free territory")
        };
        if self.target.is_none() {
            match open_continent(state) {
                Some(c) => self.target = Some(c),
                None => return anywhere(rng),
            }
        }
        let territories = &map.continents()[self.target.expect("a target")].territories;
        let count = territories.iter().filter(|t| neutral(t)).count();
        if count == 0 {
            self.target = None;
            return anywhere(rng);
        }
        if count <= 1 {
            self.target = None;
        }
        let k = below(rng, count);
        *territories
            .iter()
            .filter(|t| neutral(t))
            .nth(k)
            .expect("a free territory")
    }
}

impl Agent for MonteCarlo {
    fn pick(&mut self, state: &State, me: u8, rng: &mut Stream) -> TerritoryId {
        let chosen = self.planner.pick(state, me, rng);
        let mut free = state.neutral();
        let k = CANDIDATES.min(free.len()).min(self.budget as usize);
        if k < 2 || state.owner[chosen as usize] != NEUTRAL {
            return chosen;
        }
        let mut candidates = vec![chosen];
        free.retain(|&t| t != chosen);
        while candidates.len() < k {
            candidates.push(free.swap_remove(below(rng, free.len())));
        }
        candidates[search(state, me, &candidates, self.budget, rng)]
    }

    fn trade(&mut self, state: &State, me: u8, rng: &mut Stream) -> Option<[usize; 3]> {
        self.planner.trade(state, me, rng)
    }

    fn place(&mut self, state: &State, me: u8, left: u32, rng: &mut Stream) -> TerritoryId {
        self.planner.place(state, me, left, rng)
    }

    fn attack(
        &mut self,
        state: &State,
        me: u8,
        rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        self.planner.attack(state, me, rng)
    }

    fn fortify(
        &mut self,
        state: &State,
        me: u8,
        moved_from: &[bool],
        rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        self.planner.fortify(state, me, moved_from, rng)
    }
}
