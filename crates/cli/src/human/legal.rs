//! The engine's rules for attacks and moves, checked before a command is sent so that the
//! person hears why one is refused (the engine would end the phase on an illegal choice).

use ludoforge_risk::map::TerritoryId;
use ludoforge_risk::state::State;

/// Why `from` cannot attack `to` now, if it cannot.
#[must_use]
pub fn attack_problem(state: &State, me: u8, from: TerritoryId, to: TerritoryId) -> Option<String> {
    let name = |t: TerritoryId| state.map.territory_name(t);
    let (f, t) = (from as usize, to as usize);
    Some(if state.owner[f] != me {
        format!(
            "{} is not yours: attack from one of your territories.",
            name(from)
        )
    } else if state.owner[t] != 1 - me {
        format!("{} is yours: attack an enemy territory (E).", name(to))
    } else if !state.map.neighbours(from).contains(&to) {
        format!(
            "{} cannot reach {}: attack a neighbour.",
            name(from),
            name(to)
        )
    } else if state.troops[f] < 2 {
        format!(
            "{} has only 1 troop: an attack needs at least 2.",
            name(from)
        )
    } else {
        return None;
    })
}

/// Why `n` troops cannot move from `from` to `to`, if they cannot: both must be the
/// person's and neighbours, one troop stays behind, and none enters a territory that troops
/// left this turn (`moved_from`).
#[must_use]
pub fn move_problem(
    state: &State,
    me: u8,
    moved_from: &[bool],
    from: TerritoryId,
    to: TerritoryId,
    n: u32,
) -> Option<String> {
    let name = |t: TerritoryId| state.map.territory_name(t);
    let (f, t) = (from as usize, to as usize);
    let spare = state.troops[f].saturating_sub(1);
    Some(if state.owner[f] != me || state.owner[t] != me {
        "Move troops between two of your own territories (Y).".to_string()
    } else if !state.map.neighbours(from).contains(&to) {
        format!("{} does not border {}.", name(from), name(to))
    } else if moved_from[t] {
        format!(
            "Troops left {} this turn: none may enter it now (no back and forth).",
            name(to)
        )
    } else if spare == 0 {
        format!("{} has 1 troop, and one must stay.", name(from))
    } else if n > spare {
        format!("{} can spare {spare} (one must stay).", name(from))
    } else {
        return None;
    })
}

/// Whether `me` can attack at all.
#[must_use]
pub fn can_attack(state: &State, me: u8) -> bool {
    state.owned(me).any(|f| {
        state.troops[f as usize] >= 2
            && state
                .map
                .neighbours(f)
                .iter()
                .any(|&t| state.owner[t as usize] == 1 - me)
    })
}

/// Whether `me` can move any troop.
#[must_use]
pub fn can_move(state: &State, me: u8, moved_from: &[bool]) -> bool {
    state.owned(me).any(|f| {
        state.troops[f as usize] >= 2
            && state
                .map
                .neighbours(f)
                .iter()
                .any(|&t| state.owner[t as usize] == me && !moved_from[t as usize])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludoforge_risk::map::RiskMap;
    use ludoforge_risk::rules::Rules;

    /// South America ours (Venezuela 1, Peru 3, Brazil 5, Argentina 1), the rest theirs.
    fn south_america(map: &RiskMap) -> State<'_> {
        let mut s = State::new(map, Rules::classic());
        s.owner.iter_mut().for_each(|o| *o = 1);
        s.troops.iter_mut().for_each(|n| *n = 2);
        for (t, n) in [(9, 1), (10, 3), (11, 5), (12, 1)] {
            s.owner[t] = 0;
            s.troops[t] = n;
        }
        s
    }

    #[test]
    fn attacks_need_two_troops_a_neighbour_and_an_enemy() {
        let map = RiskMap::embedded("classic").unwrap();
        let s = south_america(&map);
        assert_eq!(attack_problem(&s, 0, 11, 20), None);
        let why = |f, t| attack_problem(&s, 0, f, t).unwrap();
        assert!(why(20, 11).contains("North Africa is not yours"));
        assert!(why(11, 10).contains("Peru is yours"));
        assert!(why(11, 21).contains("Brazil cannot reach Egypt"));
        assert!(why(9, 8).contains("Venezuela has only 1 troop"));
        assert!(can_attack(&s, 0));
    }

    #[test]
    fn moves_leave_one_and_never_go_back() {
        let map = RiskMap::embedded("classic").unwrap();
        let s = south_america(&map);
        let mut moved_from = vec![false; 42];
        assert_eq!(move_problem(&s, 0, &moved_from, 11, 10, 4), None);
        let why = |moved: &[bool], f, t, n| move_problem(&s, 0, moved, f, t, n).unwrap();
        assert!(why(&moved_from, 11, 10, 5).contains("Brazil can spare 4"));
        assert!(why(&moved_from, 12, 10, 1).contains("Argentina has 1 troop"));
        assert!(why(&moved_from, 10, 20, 1).contains("your own"));
        assert!(why(&moved_from, 9, 12, 1).contains("does not border"));
        moved_from[10] = true;
        assert!(why(&moved_from, 11, 10, 1).contains("Troops left Peru"));
        assert!(can_move(&s, 0, &moved_from));
        let stuck = vec![true; 42];
        assert!(!can_move(&s, 0, &stuck));
    }
}
