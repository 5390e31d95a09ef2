//! The criteria as the published Python code computes them (lanabr/Risk-Generation,
//! `CalculateCriteria.py`), following the reference notes on that code (their §1.4 table):
//! the formulas that reproduce the paper's Table 4, quirks included.
//!
//! Notation. `G` is the number of matches. A match's records `e_0 … e_{L−1}` are its
//! [`MatchRecord::turns`], each read as the code's 4-tuple `(h1, h2, c1, c2)` =
//! `(h[0], h[1], moves[0], moves[1])`; for a well-formed record `L = T_g + 1`, one per
//! completed player-turn and the final entry. `T_g` is [`MatchRecord::player_turns`], the turn
//! count the code's file parser stores. Player 1 of the code is player 0 here.
//!
//! Where the code iterates over the records (drama, lead change, killer moves), `L` is used, as
//! the code does; where it uses the stored turn count (duration, branching factor), `T_g` is.
//! The two agree for well-formed records. An empty slice gives 0 for every criterion (the
//! code would divide by zero), and a match with no records contributes 0 to the turn metrics
//! (the code would fail on `gameTurns[0]`).

use crate::record::{MatchRecord, TurnRecord};

use super::{completion_share, duration_distance, log_scale, mean};

/// The code's tuple `(h1, h2, c1, c2)`.
fn tuple(r: &TurnRecord) -> [f64; 4] {
    [r.h[0], r.h[1], r.moves[0], r.moves[1]]
}

/// Completion: `#(winner ∈ {0, 1}) / G`.
#[must_use]
pub fn completion(matches: &[MatchRecord]) -> f64 {
    completion_share(matches)
}

/// Duration: `(1/G) Σ_g |24 − T_g| / 24`. With the code's 48-player-turn cap a draw has
/// `T_g` = 49 and scores 25/24, so the value can exceed 1.
#[must_use]
pub fn duration(matches: &[MatchRecord]) -> f64 {
    duration_distance(matches)
}

/// Advantage: `|W_1 − G/2| / (G/2)`, where `W_1` is the number of wins of player 0 (the code's
/// "Player1", always the first to allocate; [`MatchRecord::first`] is not read) and `G`
/// counts every match, so draws count as non-wins of player 0: a set of draws scores 1.
#[must_use]
pub fn advantage(matches: &[MatchRecord]) -> f64 {
    if matches.is_empty() {
        return 0.0;
    }
    let wins = matches.iter().filter(|m| m.winner == Some(0)).count() as f64;
    let half = matches.len() as f64 / 2.0;
    (wins - half).abs() / half
}

/// Branching factor: per match and player `p`, `S_p = Σ_{i=0}^{T_g−2} c_p(e_i)` (the code sums
/// `range(T_g − 1)`, so the last completed turn is left out) and
/// `b_p = min(1, log10(S_p / (T_g + 1) + 1) / 2)`; then
/// `BF = ½ (mean_g b_1 + mean_g b_2)`.
///
/// `c_p` is the move count of [`TurnRecord::moves`]. A match with `T_g ≤ 1` has `S_p = 0` and
/// contributes 0.
#[must_use]
pub fn branching_factor(matches: &[MatchRecord]) -> f64 {
    mean(matches, |m| {
        let summed = (m.player_turns as usize).saturating_sub(1);
        let (mut s0, mut s1) = (0.0, 0.0);
        for r in m.turns.iter().take(summed) {
            s0 += r.moves[0];
            s1 += r.moves[1];
        }
        let per = f64::from(m.player_turns) + 1.0;
        (log_scale(s0 / per) + log_scale(s1 / per)) / 2.0
    })
}

/// Drama: per match, `w` = the winner and `l` = the loser, with the code's rule "`l` = 1 if
/// `w` = 0, else 0"; `S = {i : e_i[w] < e_i[l]}` over all records (the final one included);
/// `d_g = mean_{i ∈ S} sqrt(e_i[l] − e_i[w])`, 0 if `S` is empty; `Drama = (1/G) Σ_g d_g`.
///
/// For a draw the code's winner is −1, so `l` = 0 and `e_i[w]` is `e_i[-1]`, Python's last
/// element of the tuple: `c2`, player 1's move count. Every record where `c2 < h1` (each
/// player-0 turn and the final entry, where `c2` = 0) then adds `sqrt(h1 − c2)`. This is
/// reproduced: a draw reads index 3 of `(h[0], h[1], moves[0], moves[1])`. A malformed winner
/// ≥ 2 is read as a draw.
#[must_use]
pub fn drama(matches: &[MatchRecord]) -> f64 {
    mean(matches, |m| {
        let (w, l) = match m.winner {
            Some(0) => (0, 1),
            Some(1) => (1, 0),
            _ => (3, 0),
        };
        let (mut sum, mut count) = (0.0, 0u32);
        for e in m.turns.iter().map(tuple) {
            if e[w] < e[l] {
                sum += (e[l] - e[w]).sqrt();
                count += 1;
            }
        }
        if count == 0 {
            0.0
        } else {
            sum / f64::from(count)
        }
    })
}

/// Lead change: the leader starts as `λ` = 0 if `e_0[0] > e_0[1]`, else 1 (a tie goes to
/// player 1); for every record `i = 0 … L − 1`, the final duplicate included, if
/// `e_i[λ] < e_i[1 − λ]` the count goes up by one and `λ` flips; the match scores
/// `count / max(L − 1, 1)` (`L − 1 = T_g` for a well-formed record) and `LC` is the mean.
#[must_use]
pub fn lead_change(matches: &[MatchRecord]) -> f64 {
    mean(matches, |m| {
        let Some(first) = m.turns.first() else {
            return 0.0;
        };
        let mut leader = if first.h[0] > first.h[1] { 0 } else { 1 };
        let mut count = 0u32;
        for r in &m.turns {
            if r.h[leader] < r.h[1 - leader] {
                count += 1;
                leader = 1 - leader;
            }
        }
        f64::from(count) / (m.turns.len() - 1).max(1) as f64
    })
}

/// Killer moves: with `d_i = e_i[0] − e_i[1]` (player 0's lead),
/// `δ_i = d_i − d_{i−1}` for `i = 0 … L − 2`, where `d_{−1}` wraps around to the final record
/// `d_{L−1}` (Python's `e[-1]`); `k_g = max_i δ_i`, signed, from player 0's view only;
/// `KM = (1/G) Σ_g k_g`. A match with fewer than 2 records has no `δ` and contributes 0. The
/// wrap-around adds about +1 when player 1 wins (its final lead of −1 precedes `e_0`), and the
/// value can exceed 1.
#[must_use]
pub fn killer_moves(matches: &[MatchRecord]) -> f64 {
    mean(matches, |m| {
        let lead: Vec<f64> = m.turns.iter().map(|r| r.h[0] - r.h[1]).collect();
        let n = lead.len();
        if n < 2 {
            return 0.0;
        }
        (0..n - 1)
            .map(|i| lead[i] - lead[(i + n - 1) % n])
            .fold(f64::NEG_INFINITY, f64::max)
    })
}
