//! What a match leaves behind for the quality criteria: one entry per player-turn.

use serde::{Deserialize, Serialize};

/// The state after one player-turn.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TurnRecord {
    /// Each player's evaluation `H_p = 0.8 · territories / all + 0.2 · troops / all troops`.
    pub h: [f64; 2],
    /// The moves the player who just played could choose from during the turn (the paper's
    /// M = M_add + M_attack + M_fort); 0 for the other player.
    pub moves: [f64; 2],
    /// Which player played this turn (0 or 1).
    pub player: u8,
}

/// One match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatchRecord {
    /// One entry per completed player-turn of the conflict phase, in order; then, as the
    /// published code does, one final entry with the last evaluations and no moves. The
    /// winning turn has an entry under the standard reading of the rules, and none under the
    /// published code's (`rossato2023`), where the final entry follows the last turn that
    /// passed play to the other player.
    pub turns: Vec<TurnRecord>,
    /// The winner (0 or 1), or `None` for a draw at the turn limit.
    pub winner: Option<u8>,
    /// Completed player-turns of the conflict phase: under the standard reading the winning
    /// turn included, under the published code's (`rossato2023`) only the turns that passed
    /// play to the other player, so the winning turn is left out.
    pub player_turns: u32,
    /// The player who made the first allocation (player 0, "player 1" of the criteria).
    pub first: u8,
}
