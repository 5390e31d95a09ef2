//! The board during a match: who owns each territory, the troops on it, the cards in hand.

use crate::map::{RiskMap, TerritoryId};
use crate::rules::Rules;

/// No player owns the territory yet.
pub const NEUTRAL: u8 = 2;

/// The board as the agents see it.
#[derive(Debug, Clone)]
pub struct State<'m> {
    /// The map.
    pub map: &'m RiskMap,
    /// The rules.
    pub rules: Rules,
    /// Each territory's owner (0, 1 or [`NEUTRAL`]).
    pub owner: Vec<u8>,
    /// Each territory's troops.
    pub troops: Vec<u32>,
    /// Each player's cards (each card shows a territory).
    pub hands: [Vec<TerritoryId>; 2],
    /// Sets traded so far (one count for both players).
    pub trades: u32,
    /// Completed player-turns of the conflict phase.
    pub player_turns: u32,
}

impl<'m> State<'m> {
    /// An empty board: every territory neutral.
    #[must_use]
    pub fn new(map: &'m RiskMap, rules: Rules) -> State<'m> {
        let n = map.territories();
        State {
            map,
            rules,
            owner: vec![NEUTRAL; n],
            troops: vec![0; n],
            hands: [Vec::new(), Vec::new()],
            trades: 0,
            player_turns: 0,
        }
    }

    /// The territories `player` owns, in id order.
    pub fn owned(&self, player: u8) -> impl Iterator<Item = TerritoryId> + '_ {
        (0..self.owner.len() as TerritoryId).filter(move |&t| self.owner[t as usize] == player)
    }

    /// How many territories `player` owns.
    #[must_use]
    pub fn territory_count(&self, player: u8) -> u32 {
        self.owner.iter().filter(|&&o| o == player).count() as u32
    }

    /// Whether `t` has a neighbour (that it can reach) owned by the other player.
    #[must_use]
    pub fn is_frontier(&self, t: TerritoryId) -> bool {
        let me = self.owner[t as usize];
        self.map
            .neighbours(t)
            .iter()
            .any(|&u| self.owner[u as usize] != me && self.owner[u as usize] != NEUTRAL)
    }

    /// The free territories.
    #[must_use]
    pub fn neutral(&self) -> Vec<TerritoryId> {
        (0..self.owner.len() as TerritoryId)
            .filter(|&t| self.owner[t as usize] == NEUTRAL)
            .collect()
    }

    /// Each player's evaluation: 0.8 × share of territories + 0.2 × share of troops.
    #[must_use]
    pub fn evaluations(&self) -> [f64; 2] {
        let n = self.owner.len() as f64;
        let total: u32 = self.troops.iter().sum();
        let mut h = [0.0; 2];
        for p in 0..2u8 {
            let terr = f64::from(self.territory_count(p));
            let troops: u32 = self.owned(p).map(|t| self.troops[t as usize]).sum();
            h[p as usize] = 0.8 * terr / n
                + if total > 0 {
                    0.2 * f64::from(troops) / f64::from(total)
                } else {
                    0.0
                };
        }
        h
    }

    /// The paper's M_attack: Σ over owned territories of enemy neighbours × min(3, troops − 1).
    #[must_use]
    pub fn attack_moves(&self, player: u8) -> f64 {
        self.owned(player)
            .filter(|&t| self.troops[t as usize] > 1)
            .map(|t| {
                let enemies = self
                    .map
                    .neighbours(t)
                    .iter()
                    .filter(|&&u| self.owner[u as usize] == 1 - player)
                    .count();
                (enemies as u32 * (self.troops[t as usize] - 1).min(3)) as f64
            })
            .sum()
    }

    /// The paper's M_fort: Σ over owned territories of friendly neighbours × (troops − 1).
    #[must_use]
    pub fn fortify_moves(&self, player: u8) -> f64 {
        self.owned(player)
            .filter(|&t| self.troops[t as usize] > 1)
            .map(|t| {
                let friends = self
                    .map
                    .neighbours(t)
                    .iter()
                    .filter(|&&u| self.owner[u as usize] == player)
                    .count();
                (friends as u32 * (self.troops[t as usize] - 1)) as f64
            })
            .sum()
    }

    /// Which continents `player` owns whole.
    #[must_use]
    pub fn owned_continents(&self, player: u8) -> Vec<usize> {
        self.map
            .continents()
            .iter()
            .enumerate()
            .filter(|(_, c)| {
                c.territories
                    .iter()
                    .all(|&t| self.owner[t as usize] == player)
            })
            .map(|(i, _)| i)
            .collect()
    }
}
