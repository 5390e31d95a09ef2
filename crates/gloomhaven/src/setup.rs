//! Set-ups per party size: how the standees of one monster type are set up for two, three and
//! four players, derived from the set-up of the party size the search works on.
//!
//! The scenario book marks each standee's hex with its level for 2, 3 and 4 players. In the
//! base game's scenarios a standee almost always grows with the party (absent, then normal,
//! then elite: 94% of the 1,819 standees of the board's files for scenarios 1–95), and the
//! monster difficulty of the whole scenario for two and three players is, in the median,
//! exactly ½ and ¾ of the four-player one. When the search gives a scenario new monsters for
//! one party size P, the other sizes are derived from it by this rule, for each monster type:
//!
//! 1. Its weight W (normals + 2 × elites) for p players is `round(W_P × p / P)`, halves up, and
//!    its elites `round(E_P × p / P)`; the rest of the weight is normals.
//! 2. Going outwards from P, a smaller party never has more elites or more standees than the
//!    next larger one, and a larger party never fewer: elites are traded for normals (or the
//!    other way) at equal weight until this holds, so that every standee's level grows with
//!    the party, as in the book.
//! 3. A larger party never needs more standees than the box holds: pairs of normals become
//!    elites at equal weight (the weight is capped only when every standee is elite).
//!
//! P's own set-up is never changed, every type set up for P is set up for every party size,
//! and the standees of a type are then ordered so that standee i is elite for p players when
//! i < E_p and set up when i < N_p + E_p ([`levels`]).

use crate::scenario::{Level, Players};

/// The (normal, elite) standees of one monster type for 2, 3 and 4 players.
pub type Counts = [(u32, u32); 3];

/// `round(x × p / q)` with halves rounded up, in integers.
fn scale(x: u32, p: u32, q: u32) -> u32 {
    (2 * x * p + q) / (2 * q)
}

/// The set-ups of one monster type for every party size, given its `normal` and `elite`
/// standees for `players` and the `standees` of that type in the box (see the
/// [module notes](self)).
///
/// ```
/// use ludoforge_gloomhaven::scenario::Players;
/// use ludoforge_gloomhaven::setup::derive;
/// // Four normal and two elite guards for four players: weight 8, so 6 for three, 4 for two.
/// assert_eq!(derive(4, 2, Players::FOUR, 6), [(2, 1), (2, 2), (4, 2)]);
/// // From two players up: weight 4 doubles to 8 for four, within the box's 6 standees.
/// assert_eq!(derive(2, 1, Players::TWO, 6), [(2, 1), (2, 2), (4, 2)]);
/// // Six normal bones for two players: twelve normals for four would need more standees
/// // than the box's six, so they become six elites.
/// assert_eq!(derive(6, 0, Players::TWO, 6)[2], (0, 6));
/// ```
#[must_use]
pub fn derive(normal: u32, elite: u32, players: Players, standees: u32) -> Counts {
    let big_p = players.count();
    let (w_big, e_big) = (normal + 2 * elite, elite);
    let mut out: Counts = [(0, 0); 3];
    out[players.index()] = (normal, elite);
    // Downwards: fewer players than P.
    for p in (2..big_p).rev() {
        let (nq, eq) = out[(p + 1 - 2) as usize];
        let tq = nq + eq;
        let w = scale(w_big, p, big_p);
        let mut e = scale(e_big, p, big_p).min(eq).min(w / 2);
        if w - e > tq {
            // Too many standees: more elites at equal weight (never more than the larger party's).
            e = (w - tq).min(eq);
        }
        let n = w.saturating_sub(2 * e).min(tq - e);
        out[(p - 2) as usize] = (n, e);
    }
    // Upwards: more players than P.
    for p in big_p + 1..=4 {
        let (nq, eq) = out[(p - 1 - 2) as usize];
        let tq = nq + eq;
        let w = scale(w_big, p, big_p);
        let mut e = scale(e_big, p, big_p).max(eq).min(w / 2).max(eq);
        if w.saturating_sub(e) < tq {
            // Too few standees: fewer elites at equal weight (never fewer than the smaller party's).
            e = w.saturating_sub(tq).max(eq);
        }
        let mut n = w.saturating_sub(2 * e).max(tq.saturating_sub(e));
        if n + e > standees {
            // The box: pairs of normals become elites.
            e = (w.saturating_sub(standees)).max(e).min(standees);
            n = w
                .saturating_sub(2 * e)
                .min(standees - e)
                .max(tq.saturating_sub(e));
        }
        out[(p - 2) as usize] = (n, e);
    }
    out
}

/// Each standee's level for 2, 3 and 4 players, for a type set up as `counts`: standee i is
/// elite for p players when i < E_p, normal when i < N_p + E_p, and absent otherwise. There
/// are as many standees as the largest set-up needs.
///
/// ```
/// use ludoforge_gloomhaven::scenario::Level::{Elite, None, Normal};
/// use ludoforge_gloomhaven::setup::levels;
/// assert_eq!(
///     levels(&[(1, 0), (1, 1), (2, 1)]),
///     [[Normal, Elite, Elite], [None, Normal, Normal], [None, None, Normal]]
/// );
/// ```
#[must_use]
pub fn levels(counts: &Counts) -> Vec<[Level; 3]> {
    let total = counts.iter().map(|(n, e)| n + e).max().unwrap_or(0);
    (0..total)
        .map(|i| {
            counts.map(|(n, e)| {
                if i < e {
                    Level::Elite
                } else if i < n + e {
                    Level::Normal
                } else {
                    Level::None
                }
            })
        })
        .collect()
}

/// Whether a type's set-ups can be given by standees whose levels grow with the party: no
/// smaller party has more elites, or more standees, than a larger one.
#[must_use]
pub fn grows(counts: &Counts) -> bool {
    counts
        .windows(2)
        .all(|w| w[0].1 <= w[1].1 && w[0].0 + w[0].1 <= w[1].0 + w[1].1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn weight((n, e): (u32, u32)) -> u32 {
        n + 2 * e
    }

    #[test]
    fn the_book_halves_and_three_quarters() {
        // Two normal and one elite for four players: weight 4 → 3 for three, 2 for two.
        let c = derive(2, 1, Players::FOUR, 6);
        assert_eq!(c.map(weight), [2, 3, 4]);
        assert!(grows(&c));
        // One normal standee stays one standee for every party.
        assert_eq!(derive(1, 0, Players::FOUR, 6), [(1, 0), (1, 0), (1, 0)]);
        assert_eq!(derive(0, 1, Players::FOUR, 6), [(1, 0), (0, 1), (0, 1)]);
    }

    proptest! {
        #[test]
        fn derived_setups_keep_p_grow_with_the_party_and_fit_the_box(
            normal in 0u32..12, elite in 0u32..8, p in 2u32..=4, extra in 0u32..6,
        ) {
            prop_assume!(normal + elite > 0);
            let players = Players::new(p).unwrap();
            let standees = normal + elite + extra;
            let c = derive(normal, elite, players, standees);
            prop_assert_eq!(c[players.index()], (normal, elite));
            prop_assert!(grows(&c), "{:?}", c);
            for (i, &(n, e)) in c.iter().enumerate() {
                prop_assert!(n + e <= standees, "{:?}", c);
                prop_assert!(n + e >= 1, "every type stays: {:?}", c);
                let q = i as u32 + 2;
                let want = scale(normal + 2 * elite, q, p);
                if q < p {
                    prop_assert_eq!(weight((n, e)), want, "{:?}", c);
                } else if want <= 2 * standees {
                    // Upwards the weight is kept unless the box is full of elites.
                    prop_assert!(weight((n, e)) >= want, "{:?}", c);
                    prop_assert!(weight((n, e)) <= want + 1, "{:?}", c);
                }
            }
            // Every standee's level grows with the party.
            for l in levels(&c) {
                prop_assert!(l[0] <= l[1] && l[1] <= l[2], "{:?}", l);
            }
        }
    }
}
