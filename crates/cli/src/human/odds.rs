//! The odds a person sees before rolling: of one throw, and of taking the territory by
//! attacking until it falls or the attacker is down to one troop.

use ludoforge_risk::dice::{Ties, conquest_chance, roll_outcomes};
use ludoforge_risk::map::TerritoryId;
use ludoforge_risk::state::State;

/// A chance as a whole percentage; never "0%" or "100%" for what may or may not happen.
#[must_use]
pub fn percent(p: f64) -> String {
    if p <= 0.0 {
        "0%".into()
    } else if p >= 1.0 {
        "100%".into()
    } else if p < 0.005 {
        "<1%".into()
    } else if p > 0.995 {
        ">99%".into()
    } else {
        format!("{:.0}%", p * 100.0)
    }
}

/// The odds of one throw of `attack` dice against `defence` dice, from the attacker's side:
/// "win both 37%, one each 34%, lose both 29%" when two dice are compared, "win 42%, lose
/// 58%" when one is.
#[must_use]
pub fn throw_odds(attack: usize, defence: usize, ties: Ties) -> String {
    let outcomes = roll_outcomes(attack, defence, ties);
    let total: u64 = outcomes.iter().map(|&(_, _, ways)| ways).sum();
    let chance = |att_loss: u32, def_loss: u32| {
        let ways = outcomes
            .iter()
            .find(|&&(a, d, _)| (a, d) == (att_loss, def_loss))
            .map_or(0, |&(_, _, ways)| ways);
        percent(ways as f64 / total as f64)
    };
    if attack.min(defence) >= 2 {
        format!(
            "win both {}, one each {}, lose both {}",
            chance(0, 2),
            chance(1, 1),
            chance(2, 0)
        )
    } else {
        format!("win {}, lose {}", chance(0, 1), chance(1, 0))
    }
}

/// The dice each side rolls when `from` attacks `to`: (attacker's, defender's).
#[must_use]
pub fn dice(state: &State, from: TerritoryId, to: TerritoryId) -> (usize, usize) {
    let attack = (state.troops[from as usize].saturating_sub(1)).min(3) as usize;
    let defence = (state.troops[to as usize] as usize).min(state.rules.defence_dice);
    (attack, defence)
}

/// The chance that `from` takes `to` by attacking until it falls or `from` is down to one.
#[must_use]
pub fn taking(state: &State, from: TerritoryId, to: TerritoryId) -> f64 {
    conquest_chance(
        state.troops[from as usize],
        state.troops[to as usize],
        state.rules.defence_dice,
        state.rules.ties(),
    )
}

/// The odds of the next throw of `from` at `to`: "3 dice vs 2: win both 37%, one each 34%,
/// lose both 29%; blitz wins 87%" (blitz: attacking until it falls or `from` is down to one).
#[must_use]
pub fn next_throw(state: &State, from: TerritoryId, to: TerritoryId) -> String {
    let (attack, defence) = dice(state, from, to);
    if defence == 0 {
        return "It is empty: attacking takes it.".into();
    }
    format!(
        "{attack} {} vs {defence}: {}; blitz wins {}",
        if attack == 1 { "die" } else { "dice" },
        throw_odds(attack, defence, state.rules.ties()),
        percent(taking(state, from, to))
    )
}

/// What the person sees on choosing an attack, before any throw: both armies, then the odds
/// of the first throw and of a blitz.
#[must_use]
pub fn before_attack(state: &State, from: TerritoryId, to: TerritoryId) -> Vec<String> {
    let troops = |t: TerritoryId| {
        let n = state.troops[t as usize];
        format!(
            "{} {n} troop{}",
            state.map.territory_name(t),
            if n == 1 { "" } else { "s" }
        )
    };
    let mut lines = super::screen::wrap(&format!("{} vs {}.", troops(from), troops(to)), 2);
    lines.extend(super::screen::wrap(&next_throw(state, from, to), 2));
    lines
}

/// The attacks open to `me` with the best chances of taking their target, best first (at
/// most `n`), as "Brazil>Peru 87%".
#[must_use]
pub fn best_attacks(state: &State, me: u8, n: usize) -> Vec<String> {
    let mut options: Vec<(f64, TerritoryId, TerritoryId)> = state
        .owned(me)
        .filter(|&t| state.troops[t as usize] >= 2)
        .flat_map(|from| {
            state
                .map
                .neighbours(from)
                .iter()
                .filter(|&&to| state.owner[to as usize] == 1 - me)
                .map(move |&to| (from, to))
        })
        .map(|(from, to)| (taking(state, from, to), from, to))
        .collect();
    options.sort_by(|a, b| b.0.total_cmp(&a.0).then((a.1, a.2).cmp(&(b.1, b.2))));
    options
        .into_iter()
        .take(n)
        .map(|(p, from, to)| {
            format!(
                "{}>{} {}",
                state.map.territory_name(from),
                state.map.territory_name(to),
                percent(p)
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludoforge_risk::map::RiskMap;
    use ludoforge_risk::rules::Rules;

    #[test]
    fn three_dice_against_two_as_worked_by_hand() {
        // 2890, 2611 and 2275 of the 7776 throws: 37.2%, 33.6%, 29.3%.
        assert_eq!(
            throw_odds(3, 2, Ties::Defender),
            "win both 37%, one each 34%, lose both 29%"
        );
    }

    #[test]
    fn one_die_each_and_two_against_two() {
        // One die each: the attacker must roll higher, 15 of 36.
        assert_eq!(throw_odds(1, 1, Ties::Defender), "win 42%, lose 58%");
        // Ties to the attacker: 21 of 36.
        assert_eq!(throw_odds(1, 1, Ties::Attacker), "win 58%, lose 42%");
        // Two against two: 295, 420 and 581 of 1296.
        assert_eq!(
            throw_odds(2, 2, Ties::Defender),
            "win both 23%, one each 32%, lose both 45%"
        );
        // Three against one: 855 of 1296.
        assert_eq!(throw_odds(3, 1, Ties::Defender), "win 66%, lose 34%");
    }

    #[test]
    fn percentages_never_round_to_certainty() {
        assert_eq!(percent(0.0), "0%");
        assert_eq!(percent(1.0), "100%");
        assert_eq!(percent(0.001), "<1%");
        assert_eq!(percent(0.999), ">99%");
        assert_eq!(percent(0.5), "50%");
    }

    #[test]
    fn the_odds_before_a_throw_name_armies_dice_and_chances() {
        let map = RiskMap::embedded("classic").unwrap();
        let mut s = State::new(&map, Rules::classic());
        s.owner.iter_mut().for_each(|o| *o = 1);
        s.owner[11] = 0;
        s.troops.iter_mut().for_each(|n| *n = 1);
        s.troops[11] = 2; // Brazil: one die
        let lines = before_attack(&s, 11, 10);
        // Two against one, one die each: 15/36 for the throw and for the territory.
        assert_eq!(
            lines,
            [
                "Brazil 2 troops vs Peru 1 troop.",
                "1 die vs 1: win 42%, lose 58%; blitz wins 42%"
            ]
        );
        let best = best_attacks(&s, 0, 5);
        assert_eq!(best.len(), 4, "Brazil borders four enemies: {best:?}");
        assert!(
            best.iter()
                .all(|b| b.starts_with("Brazil>") && b.ends_with("42%"))
        );
        // Three against one: two dice win at once 125/216; else one die each, 15/36:
        // 125/216 + 91/216 × 15/36 = 75.4%.
        s.troops[11] = 3;
        assert_eq!(
            next_throw(&s, 11, 10),
            "2 dice vs 1: win 58%, lose 42%; blitz wins 75%"
        );
        s.troops[11] = 9;
        s.troops[10] = 3;
        assert!(next_throw(&s, 11, 10).starts_with("3 dice vs 2: win both 37%"));
    }
}
