//! The Monte Carlo agent: flat Monte Carlo search over where to mass a turn's troops, with
//! determinized rollouts.
//!
//! A turn's strength in two-player Risk is mostly in one choice: which border territory gets
//! the reinforcements, which decides every attack that follows. At the first troop of each
//! turn the agent takes the [`CANDIDATES`] border territories the planner ranks best and
//! plays `budget` rollouts shared among them (successive halving: after each round the worse
//! half is dropped, so the budget goes to the close calls). A rollout fixes the dice by its
//! own random stream (a determinization), masses the troops on the candidate, plays the rest
//! of the turn by the planner's judgement, then the opponent's whole next turn by the rule
//! agent's (the model of the opponent), and scores the board left for the agent ([`value`]).
//! Everything else is the planner's ([`Planner`]). With budget 0 it is the planner alone.

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::stream;
use rand_core::Rng;

use crate::agent::{Agent, RuleAgent};
use crate::dice::Odds;
use crate::game::Table;
use crate::map::TerritoryId;
use crate::planner::{ATTACK_ODDS, Planner, staging};
use crate::state::State;

/// Border territories the search weighs each turn.
pub const CANDIDATES: usize = 3;

/// The least chances of conquest a turn's attacks may ask for: bold, the planner's own,
/// careful.
pub const BOLDNESS: [f64; 3] = [0.45, ATTACK_ODDS, 0.8];

/// Rounds a rollout plays after the turn searched.
const ROUNDS: u32 = 1;

/// The budget when none is given: rollouts per turn.
pub const DEFAULT_BUDGET: u32 = 24;

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

/// The Monte Carlo agent with `budget` rollouts per turn.
#[derive(Debug, Clone)]
pub struct MonteCarlo {
    planner: Planner,
    budget: u32,
}

impl MonteCarlo {
    /// An agent that plays `budget` rollouts a turn (0: the planner alone).
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

    /// The candidate territories' mean rollout values after the search, best first, and the
    /// one chosen: the search for a turn's `troops` troops.
    fn choose(
        &self,
        state: &State,
        me: u8,
        troops: u32,
        rng: &mut Stream,
    ) -> Option<(TerritoryId, f64)> {
        let odds = Odds::get(state.rules.defence_dice, state.rules.ties());
        let places = staging(state, me, troops, odds);
        let first = *places.first()?;
        if self.budget == 0 {
            return Some((first, ATTACK_ODDS));
        }
        let mut alive: Vec<((TerritoryId, f64), f64, u32)> = places
            .into_iter()
            .take(CANDIDATES)
            .flat_map(|t| BOLDNESS.map(|b| ((t, b), 0.0, 0)))
            .collect();
        // Successive halving: rounds of equal shares, the worse half dropped after each.
        let rounds = (alive.len() as f64).log2().ceil() as u32;
        let mut left = self.budget;
        for round in 0..rounds {
            let share = (left / (rounds - round) / alive.len() as u32).max(1);
            // Common random numbers: every candidate meets the same dice, so the comparison
            // is of the choices, not of the luck.
            let seeds: Vec<u64> = (0..share).map(|_| rng.next_u64()).collect();
            for candidate in &mut alive {
                for &seed in &seeds {
                    candidate.1 += rollout(state, me, candidate.0, troops, seed);
                    candidate.2 += 1;
                }
                left = left.saturating_sub(share);
            }
            alive.sort_by(|a, b| {
                let (ma, mb) = (a.1 / f64::from(a.2), b.1 / f64::from(b.2));
                mb.total_cmp(&ma)
            });
            alive.truncate(alive.len().div_ceil(2));
        }
        alive.first().map(|c| c.0)
    }
}

/// One rollout: `troops` massed on `at`, the rest of the turn by the planner, the opponent's
/// next turn by the rule agent, and the value of the board left.
fn rollout(state: &State, me: u8, (at, least): (TerritoryId, f64), troops: u32, seed: u64) -> f64 {
    let mut rng = stream(seed, 0, 0);
    let mut table = Table::at(state.clone());
    table.state.troops[at as usize] += troops;
    let mut planner = Planner::new();
    planner.plan(state.player_turns, at, least);
    let (_, won) = table.attacks(me, &mut planner, &mut rng);
    if won {
        return value(&table.state, me);
    }
    table.fortify(me, &mut planner, &mut rng);
    let mut rule = RuleAgent::new();
    for k in 0..ROUNDS {
        if k > 0 {
            table.state.player_turns += 1;
            if table.turn(me, &mut planner, &mut rng).1 {
                break;
            }
        }
        table.state.player_turns += 1;
        if table.turn(1 - me, &mut rule, &mut rng).1 {
            break;
        }
    }
    value(&table.state, me)
}

impl Agent for MonteCarlo {
    fn pick(&mut self, state: &State, me: u8, rng: &mut Stream) -> TerritoryId {
        self.planner.pick(state, me, rng)
    }

    fn trade(&mut self, state: &State, me: u8, rng: &mut Stream) -> Option<[usize; 3]> {
        self.planner.trade(state, me, rng)
    }

    fn place(&mut self, state: &State, me: u8, left: u32, rng: &mut Stream) -> TerritoryId {
        let turn = state.player_turns;
        if self.planner.staged(turn).is_none()
            && let Some((t, least)) = self.choose(state, me, left, rng)
        {
            self.planner.plan(turn, t, least);
        }
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
