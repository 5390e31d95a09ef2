//! A variant's rules: the four parameters the paper varies, the turn limit, and which reading
//! of the rules applies (the rules of Risk, or the published code's behaviour).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::dice::Ties;

/// How the territories are shared out at the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Distribution {
    /// The players take turns drawing a random free territory.
    Random,
    /// The players take turns choosing a free territory.
    Pick,
}

/// How many troops move into a conquered territory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ConquestMove {
    /// As many as dice the attacker just rolled (the minimum Risk allows).
    Min,
    /// All but one of the attacking territory's troops.
    Max,
}

/// Which reading of the rules applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Compat {
    /// The rules of Risk, with the choices documented on [`Rules`].
    #[default]
    Standard,
    /// The published generator's code, quirks included (see docs/risk.md): ties to the
    /// attacker; reinforcements rounded up; "min" moves the defender's losses in the last
    /// roll; "max" moves nothing and leaves the conquered territory empty; continent bonuses
    /// placed by a mis-indexed continent; no +2 for a traded card's territory; trade values
    /// 2, 4, 6, …; 49 player-turns before a draw; the agent attacks from any three troops;
    /// the winning turn is neither counted nor recorded.
    Rossato2023,
}

/// A variant's rules.
///
/// Choices the paper leaves open, for [`Compat::Standard`]:
/// - every territory starts with one troop (no other initial armies);
/// - reinforcements are max(3, ⌊territories / factor⌋) plus the bonus of each whole continent
///   owned, placed in that continent;
/// - the attacker rolls min(troops − 1, 3) dice, the defender min(troops, `defence_dice`),
///   and the defender wins ties;
/// - one card after a turn with a conquest; any three cards trade for 4, 6, 8, 10, 12, 15,
///   then 5 more each time (one count for both players), plus 2 troops on a traded card's
///   territory the player owns; a hand of five must be traded;
/// - fortifying moves one troop at a time between neighbours, never into a territory troops
///   already left this turn (so troops cannot go back and forth);
/// - the first player to move in the conflict is the one who did not make the last pick;
/// - a match is a draw after `max_player_turns` player-turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// How territories are shared out.
    pub distribution: Distribution,
    /// Reinforcements are territories divided by this factor (1 to 4).
    pub troop_factor: u32,
    /// Dice the defender may roll (2 or 3).
    pub defence_dice: usize,
    /// Troops moved into a conquered territory.
    pub conquest_move: ConquestMove,
    /// Player-turns before a match is a draw.
    pub max_player_turns: u32,
    /// Which reading of the rules (standard when a file leaves it out).
    #[serde(default)]
    pub compat: Compat,
}

/// Rules out of range.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// The troop factor.
    #[error("the troop factor must be 1, 2, 3 or 4, not {0}")]
    TroopFactor(u32),
    /// Defence dice.
    #[error("the defender rolls 2 or 3 dice at most, not {0}")]
    DefenceDice(usize),
    /// The turn limit.
    #[error("the turn limit must be between 2 and 100000 player-turns, not {0}")]
    TurnLimit(u32),
}

impl Rules {
    /// Classic Risk as the paper plays it: players pick territories, factor 3, two defence
    /// dice, all troops but one move in, 48 player-turns (24 rounds).
    #[must_use]
    pub fn classic() -> Rules {
        Rules {
            distribution: Distribution::Pick,
            troop_factor: 3,
            defence_dice: 2,
            conquest_move: ConquestMove::Max,
            max_player_turns: 48,
            compat: Compat::Standard,
        }
    }

    /// The same rules read as the published code does (it plays 49 player-turns under its
    /// limit of 48).
    #[must_use]
    pub fn rossato2023(mut self) -> Rules {
        self.compat = Compat::Rossato2023;
        self.max_player_turns = 49;
        self
    }

    /// Checks the ranges.
    ///
    /// # Errors
    /// [`RulesError`] naming the parameter.
    pub fn validate(&self) -> Result<(), RulesError> {
        if !(1..=4).contains(&self.troop_factor) {
            return Err(RulesError::TroopFactor(self.troop_factor));
        }
        if !(2..=3).contains(&self.defence_dice) {
            return Err(RulesError::DefenceDice(self.defence_dice));
        }
        if !(2..=100_000).contains(&self.max_player_turns) {
            return Err(RulesError::TurnLimit(self.max_player_turns));
        }
        Ok(())
    }

    /// Who wins ties between dice.
    #[must_use]
    pub fn ties(&self) -> Ties {
        match self.compat {
            Compat::Standard => Ties::Defender,
            Compat::Rossato2023 => Ties::Attacker,
        }
    }

    /// Troops for holding `territories` territories (continent bonuses aside).
    ///
    /// ```
    /// use ludoforge_risk::rules::Rules;
    /// let rules = Rules::classic();
    /// assert_eq!(rules.reinforcements(20), 6);
    /// assert_eq!(rules.reinforcements(5), 3);
    /// assert_eq!(rules.rossato2023().reinforcements(20), 7);
    /// ```
    #[must_use]
    pub fn reinforcements(&self, territories: u32) -> u32 {
        let share = match self.compat {
            Compat::Standard => territories / self.troop_factor,
            Compat::Rossato2023 => territories.div_ceil(self.troop_factor),
        };
        share.max(3)
    }

    /// Troops for the `n`-th trade of a set of cards (0-based, one count for both players).
    #[must_use]
    pub fn trade_value(&self, n: u32) -> u32 {
        let table: &[u32] = match self.compat {
            Compat::Standard => &[4, 6, 8, 10, 12, 15],
            Compat::Rossato2023 => &[2, 4, 6, 8, 10, 12, 15],
        };
        match table.get(n as usize) {
            Some(&v) => v,
            None => table[table.len() - 1] + 5 * (n + 1 - table.len() as u32),
        }
    }
}
