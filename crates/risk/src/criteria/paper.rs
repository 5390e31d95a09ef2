//! The criteria as the paper's Appendix A defines them.
//!
//! Notation. `J` is the number of matches. For match `j`, `T_j` is
//! [`MatchRecord::player_turns`] (player-turns, so the 24 of Eq. 4 means 12 turns each), and the
//! turn `t_n`, `n = 0 … T_j − 1`, is the record `turns[n]`: the position after the `n`-th
//! completed player-turn. The record's extra final entry (`turns[T_j]`, the last position again
//! with no moves) is not a turn and is left out of every turn metric; Eqs. 9, 11 and 12 index
//! the turns `0 … T_j − 1` and Eq. 12 says only non-final turns are considered. A record with
//! fewer than `T_j` turn entries is read as if it had only the ones it has.
//!
//! Every function returns 0 for an empty slice of matches, and never NaN for records holding
//! finite numbers.

use crate::record::{MatchRecord, TurnRecord};

use super::{completion_share, duration_distance, log_scale, mean, side, winner};

/// The turns `t_0 … t_{T_j−1}` of a match (the final duplicate entry left out).
fn turns(m: &MatchRecord) -> &[TurnRecord] {
    let n = (m.player_turns as usize).min(m.turns.len());
    &m.turns[..n]
}

/// Completion, Eq. 3: `(wins_1 + wins_2) / J`, the share of matches with a winner.
#[must_use]
pub fn completion(matches: &[MatchRecord]) -> f64 {
    completion_share(matches)
}

/// Duration, Eq. 4: `(1/J) Σ_j |D_pref − D_j| / D_pref` with `D_pref` = 24 player-turns and
/// `D_j` = [`MatchRecord::player_turns`].
///
/// A draw at a 48-player-turn limit scores 1, and a longer limit can score above 1: the
/// paper's "ranges from 0 to 1" holds only for matches of at most 48 player-turns.
#[must_use]
pub fn duration(matches: &[MatchRecord]) -> f64 {
    duration_distance(matches)
}

/// Advantage, Eq. 5: `|wins_1 − (wins_1 + wins_2)/2| / ((wins_1 + wins_2)/2)`, which is
/// `|wins_1 − wins_2| / (wins_1 + wins_2)`.
///
/// * "Player 1" is the first player, [`MatchRecord::first`] (the one who made the first
///   allocation); `wins_2` counts the other player's wins. Draws count for neither, so the
///   value measures the balance of the *decided* matches only (draws are completion's
///   business).
/// * With no decided match the numerator `|wins_1 − wins_2|` is 0: no imbalance has been seen,
///   and the value is defined as **0** (not 0/0).
/// * The best value is 0 (Table 1). The paper's sentence "C_adv = 0.5 means a balanced game"
///   describes the win rate `wins_1 / (wins_1 + wins_2)`, not Eq. 5; Eq. 5 and Table 1 are
///   followed.
#[must_use]
pub fn advantage(matches: &[MatchRecord]) -> f64 {
    let (mut first, mut second) = (0u32, 0u32);
    for m in matches {
        match winner(m) {
            Some(w) if w == side(m.first) => first += 1,
            Some(_) => second += 1,
            None => {}
        }
    }
    let decided = first + second;
    if decided == 0 {
        return 0.0;
    }
    let half = f64::from(decided) / 2.0;
    (f64::from(first) - half).abs() / half
}

/// Branching factor, Eq. 9:
/// `(1/J) Σ_j min(1, log10(Σ_{n=0}^{T_j−1} M(t_n) / T_j + 1) / 2)`.
///
/// * `M(t_n)` is the sum of both entries of `turns[n].moves` (only the mover's is non-zero).
/// * The printed parenthesis puts `/ 2` outside the `min`, which would cap the criterion at
///   0.5. The text says "the log10 component is divided by 2 to set a limit of nearly 100
///   moves" and Table 4 reports 1 for Risk, so the division belongs to the log:
///   `min(1, log10(x + 1) / 2)` reaches 1 at 99 moves per turn. On this scale the ideal 0.5
///   is 9 moves per turn on average; the paper's "0.5, meaning 50 moves per turn" reads the
///   scale as linear and is not followed.
/// * A match with no turns contributes 0.
#[must_use]
pub fn branching_factor(matches: &[MatchRecord]) -> f64 {
    mean(matches, |m| {
        let t = turns(m);
        if t.is_empty() {
            return 0.0;
        }
        let sum: f64 = t.iter().map(|r| r.moves[0] + r.moves[1]).sum();
        log_scale(sum / t.len() as f64)
    })
}

/// Drama, Eq. 10: for each match, the mean of `sqrt(H_p(t_n) − H_g(t_n))` over the turns where
/// the winner `g` trailed the loser `p` (`H_g(t_n) < H_p(t_n)`); then the mean over all `J`
/// matches.
///
/// * The sum is over all `J` matches and divided by `J`, as Eq. 10's `1/J Σ_j` says. A draw
///   has no winner, so it contributes **0** (it is counted in `J`, not skipped).
/// * A match whose winner never trailed has an empty count; it contributes 0 (no drama), not
///   0/0.
#[must_use]
pub fn drama(matches: &[MatchRecord]) -> f64 {
    mean(matches, |m| {
        let Some(g) = winner(m) else {
            return 0.0;
        };
        let p = 1 - g;
        let (mut sum, mut count) = (0.0, 0u32);
        for r in turns(m) {
            if r.h[g] < r.h[p] {
                sum += (r.h[p] - r.h[g]).sqrt();
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

/// Killer moves, Eq. 11:
/// `(1/J) Σ_j max_{1 ≤ n ≤ T_j − 1} ([H_a(t_n) − H_o(t_n)] − [H_a(t_{n−1}) − H_o(t_{n−1})])`.
///
/// * `a` is the player who made turn `t_n` ([`TurnRecord::player`]) and `o` the opponent: a
///   killer move is one that swings the evaluation in its maker's favour, so each turn is
///   measured from its mover's view, and both players' moves count. (Since `H_0 + H_1 = 1`
///   the swing is twice the mover's gain in `H`.)
/// * The maximum is signed, as written: it is not an absolute value. The first turn has no
///   earlier turn to compare with (`n` starts at 1), and a match with fewer than 2 turns
///   contributes 0. All `J` matches count, draws included.
#[must_use]
pub fn killer_moves(matches: &[MatchRecord]) -> f64 {
    mean(matches, |m| {
        let t = turns(m);
        if t.len() < 2 {
            return 0.0;
        }
        t.windows(2)
            .map(|w| {
                let a = side(w[1].player);
                let o = 1 - a;
                (w[1].h[a] - w[1].h[o]) - (w[0].h[a] - w[0].h[o])
            })
            .fold(f64::NEG_INFINITY, f64::max)
    })
}

/// Lead change, Eq. 12:
/// `(1/J) Σ_j count(leader(t_n) ≠ leader(t_{n−1})) / (T_j − 1)`, over the `T_j − 1` pairs of
/// consecutive turns `t_0 … t_{T_j−1}`.
///
/// * The leader is the player with the strictly higher `H`. On an exact tie the lead stays
///   where it was, so A → tie → A is no change and A → tie → B is one.
/// * If `t_0` is a tie nobody leads yet, and the first player to move ahead takes the lead
///   without it counting as a change (there was no leader to lose it).
/// * A match with fewer than 2 turns contributes 0.
#[must_use]
pub fn lead_change(matches: &[MatchRecord]) -> f64 {
    mean(matches, |m| {
        let t = turns(m);
        if t.len() < 2 {
            return 0.0;
        }
        let ahead = |r: &TurnRecord| {
            if r.h[0] > r.h[1] {
                Some(0)
            } else if r.h[1] > r.h[0] {
                Some(1)
            } else {
                None
            }
        };
        let mut leader = ahead(&t[0]);
        let mut changes = 0u32;
        for r in &t[1..] {
            if let Some(now) = ahead(r) {
                if leader.is_some_and(|before| before != now) {
                    changes += 1;
                }
                leader = Some(now);
            }
        }
        f64::from(changes) / (t.len() - 1) as f64
    })
}
