//! Dice: one roll of an attack, its exact odds, and the exact odds of a whole battle (a Markov
//! chain over the two armies).
//!
//! Both sides sort their dice from high to low and compare them pairwise; each comparison
//! costs the loser one troop. In Risk the defender wins ties; the published generator's code
//! gives ties to the attacker ([`Ties::Attacker`]).

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::below;
use serde::{Deserialize, Serialize};

/// Who wins a tie between two dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ties {
    /// The defender (the rules of Risk).
    #[default]
    Defender,
    /// The attacker (the published generator's code).
    Attacker,
}

/// Compares sorted dice: (attacker losses, defender losses).
fn compare(att: &mut [u8], def: &mut [u8], ties: Ties) -> (u32, u32) {
    att.sort_unstable_by(|a, b| b.cmp(a));
    def.sort_unstable_by(|a, b| b.cmp(a));
    let (mut a_loss, mut d_loss) = (0, 0);
    for (a, d) in att.iter().zip(def.iter()) {
        let attacker_wins = match ties {
            Ties::Defender => a > d,
            Ties::Attacker => a >= d,
        };
        if attacker_wins {
            d_loss += 1;
        } else {
            a_loss += 1;
        }
    }
    (a_loss, d_loss)
}

/// One throw of the dice in an attack: the faces each side rolled, high to low, and what the
/// comparison cost each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Throw {
    /// The attacker's dice, high to low (1 to 3 of them).
    pub attack: [u8; 3],
    /// How many dice the attacker rolled.
    pub attack_dice: u8,
    /// The defender's dice, high to low (1 to 3 of them).
    pub defence: [u8; 3],
    /// How many dice the defender rolled.
    pub defence_dice: u8,
    /// Troops the attacker lost.
    pub attacker_losses: u32,
    /// Troops the defender lost.
    pub defender_losses: u32,
}

impl Throw {
    /// The attacker's faces rolled, high to low.
    #[must_use]
    pub fn attacker(&self) -> &[u8] {
        &self.attack[..self.attack_dice as usize]
    }

    /// The defender's faces rolled, high to low.
    #[must_use]
    pub fn defender(&self) -> &[u8] {
        &self.defence[..self.defence_dice as usize]
    }
}

/// Rolls `attack` dice against `defence` dice: (attacker losses, defender losses).
///
/// # Panics
/// Panics if either side rolls no die or more than 3.
pub fn roll(rng: &mut Stream, attack: usize, defence: usize, ties: Ties) -> (u32, u32) {
    let t = throw(rng, attack, defence, ties);
    (t.attacker_losses, t.defender_losses)
}

/// Rolls `attack` dice against `defence` dice and keeps the faces (the same draws as
/// [`roll`]).
///
/// ```
/// use ludoforge_evolve::rng::stream;
/// use ludoforge_risk::dice::{Ties, throw};
/// let t = throw(&mut stream(7, 0, 0), 3, 2, Ties::Defender);
/// assert_eq!(t.attacker().len(), 3);
/// assert!(t.attacker().windows(2).all(|w| w[0] >= w[1]));
/// assert_eq!(t.attacker_losses + t.defender_losses, 2);
/// ```
///
/// # Panics
/// Panics if either side rolls no die or more than 3.
pub fn throw(rng: &mut Stream, attack: usize, defence: usize, ties: Ties) -> Throw {
    assert!(
        (1..=3).contains(&attack) && (1..=3).contains(&defence),
        "1 to 3 dice a side"
    );
    let mut att = [0u8; 3];
    let mut def = [0u8; 3];
    for d in &mut att[..attack] {
        *d = below(rng, 6) as u8 + 1;
    }
    for d in &mut def[..defence] {
        *d = below(rng, 6) as u8 + 1;
    }
    let (a, d) = compare(&mut att[..attack], &mut def[..defence], ties);
    Throw {
        attack: att,
        attack_dice: attack as u8,
        defence: def,
        defence_dice: defence as u8,
        attacker_losses: a,
        defender_losses: d,
    }
}

/// The exact outcomes of one roll: `(attacker losses, defender losses, ways)` out of
/// `6^(attack + defence)` equally likely throws, by enumerating every throw.
///
/// ```
/// use ludoforge_risk::dice::{Ties, roll_outcomes};
/// // Three dice against two, the defender winning ties (the rules of Risk).
/// let outcomes = roll_outcomes(3, 2, Ties::Defender);
/// assert!(outcomes.contains(&(0, 2, 2890)));
/// assert!(outcomes.contains(&(1, 1, 2611)));
/// assert!(outcomes.contains(&(2, 0, 2275)));
/// ```
#[must_use]
pub fn roll_outcomes(attack: usize, defence: usize, ties: Ties) -> Vec<(u32, u32, u64)> {
    let dice = attack + defence;
    let total = 6usize.pow(dice as u32);
    let mut counts = std::collections::BTreeMap::new();
    for throw in 0..total {
        let mut n = throw;
        let mut faces = [0u8; 6];
        for f in faces.iter_mut().take(dice) {
            *f = (n % 6) as u8 + 1;
            n /= 6;
        }
        let (att, def) = faces.split_at_mut(attack);
        let outcome = compare(att, &mut def[..defence], ties);
        *counts.entry(outcome).or_insert(0u64) += 1;
    }
    counts.into_iter().map(|((a, d), c)| (a, d, c)).collect()
}

/// The exact chance that an attack of `attackers` troops on `defenders` troops, rolling until
/// it wins or is down to one troop, conquers the territory. The attacker rolls
/// min(attackers − 1, 3) dice and the defender min(defenders, `defence_dice`).
///
/// ```
/// use ludoforge_risk::dice::{Ties, conquest_chance};
/// // Two troops against one: one die each, the attacker must roll higher: 15/36.
/// assert!((conquest_chance(2, 1, 2, Ties::Defender) - 15.0 / 36.0).abs() < 1e-12);
/// ```
#[must_use]
pub fn conquest_chance(attackers: u32, defenders: u32, defence_dice: usize, ties: Ties) -> f64 {
    // win[a][d]: chance of conquering from a attackers and d defenders.
    let (a_max, d_max) = (attackers as usize, defenders as usize);
    let mut table: Vec<Vec<f64>> = vec![vec![0.0; d_max + 1]; a_max + 1];
    let mut outcomes = std::collections::HashMap::new();
    for a in 0..=a_max {
        for d in 0..=d_max {
            table[a][d] = if d == 0 {
                1.0
            } else if a <= 1 {
                0.0
            } else {
                let (ad, dd) = ((a - 1).min(3), d.min(defence_dice));
                let rolls = outcomes
                    .entry((ad, dd))
                    .or_insert_with(|| roll_outcomes(ad, dd, ties));
                let total = 6f64.powi((ad + dd) as i32);
                rolls
                    .iter()
                    .map(|&(al, dl, ways)| {
                        ways as f64 / total
                            * table[a.saturating_sub(al as usize)][d.saturating_sub(dl as usize)]
                    })
                    .sum()
            };
        }
    }
    table[a_max][d_max]
}

/// Sides of the tables [`Odds`] keeps: armies up to this many troops are looked up exactly.
const ODDS_SIDE: usize = 96;

/// The chances of conquest ([`conquest_chance`]) for every pair of armies up to 96 troops,
/// worked out once per rule set: agents that weigh many attacks look them up instead.
#[derive(Debug)]
pub struct Odds {
    table: Vec<f64>,
}

impl Odds {
    fn build(defence_dice: usize, ties: Ties) -> Odds {
        let n = ODDS_SIDE + 1;
        let mut table = vec![0.0; n * n];
        let rolls: Vec<Vec<(u32, u32, f64)>> = (0..9)
            .map(|k| {
                let (ad, dd) = (k / 3 + 1, k % 3 + 1);
                let total = 6f64.powi((ad + dd) as i32);
                roll_outcomes(ad, dd, ties)
                    .into_iter()
                    .map(|(a, d, w)| (a, d, w as f64 / total))
                    .collect()
            })
            .collect();
        for a in 0..n {
            for d in 0..n {
                table[a * n + d] = if d == 0 {
                    1.0
                } else if a <= 1 {
                    0.0
                } else {
                    let (ad, dd) = ((a - 1).min(3), d.min(defence_dice));
                    rolls[(ad - 1) * 3 + dd - 1]
                        .iter()
                        .map(|&(al, dl, p)| {
                            p * table
                                [a.saturating_sub(al as usize) * n + d.saturating_sub(dl as usize)]
                        })
                        .sum()
                };
            }
        }
        Odds { table }
    }

    /// The tables for `defence_dice` (2 or 3) and `ties`, built on first use.
    ///
    /// ```
    /// use ludoforge_risk::dice::{Odds, Ties, conquest_chance};
    /// let odds = Odds::get(2, Ties::Defender);
    /// assert!((odds.conquest(7, 4) - conquest_chance(7, 4, 2, Ties::Defender)).abs() < 1e-12);
    /// ```
    #[must_use]
    pub fn get(defence_dice: usize, ties: Ties) -> &'static Odds {
        use std::sync::OnceLock;
        static TABLES: [OnceLock<Odds>; 4] = [const { OnceLock::new() }; 4];
        let dice = defence_dice.clamp(2, 3);
        let k = (dice - 2) * 2 + usize::from(ties == Ties::Attacker);
        TABLES[k].get_or_init(|| Odds::build(dice, ties))
    }

    /// The chance that `attackers` troops attacking until they win or are down to one take a
    /// territory held by `defenders`. Armies larger than the tables are scaled down together
    /// (an estimate: the chance depends mostly on their ratio at that size).
    #[must_use]
    pub fn conquest(&self, attackers: u32, defenders: u32) -> f64 {
        let (mut a, mut d) = (attackers as usize, defenders as usize);
        let largest = a.max(d);
        if largest > ODDS_SIDE {
            a = a * ODDS_SIDE / largest;
            d = (d * ODDS_SIDE).div_ceil(largest);
        }
        self.table[a * (ODDS_SIDE + 1) + d]
    }
}
