//! One match between two agents, from the first pick to a win or the turn limit, with the
//! per-turn records the quality criteria read.

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::below;

use crate::agent::Agent;
use crate::dice::roll;
use crate::map::{RiskMap, TerritoryId};
use crate::record::{MatchRecord, TurnRecord};
use crate::rules::{Compat, ConquestMove, Distribution, Rules};
use crate::state::{NEUTRAL, State};

/// Attacks, fortifying moves or placements one turn may take before it is cut short (a
/// guard against agents that never stop).
const ACTION_LIMIT: usize = 100_000;

/// The phase a player is in after an action (for the published per-action move counts).
#[derive(Clone, Copy)]
enum Phase {
    Add,
    Attack,
    Move,
    Done,
}

/// Plays one match. Player 0 makes the first pick; the first conflict turn belongs to the
/// player who did not make the last pick.
///
/// Under [`Compat::Standard`] the winning turn is a player-turn like any other: it is counted
/// in [`MatchRecord::player_turns`] and has its entry. Under [`Compat::Rossato2023`] it is
/// neither, as in the published code, which counts a turn only when play passes to the other
/// player; a match won in the first player's third turn then lasts 4 player-turns, not 5.
///
/// # Panics
/// Panics if the rules are out of range (check them with [`Rules::validate`]).
///
/// ```
/// use ludoforge_evolve::rng::stream;
/// use ludoforge_risk::agent::RuleAgent;
/// use ludoforge_risk::game::play_match;
/// use ludoforge_risk::map::RiskMap;
/// use ludoforge_risk::rules::Rules;
/// let map = RiskMap::embedded("map8").unwrap();
/// let record = play_match(&map, Rules::classic(), [&mut RuleAgent::new(), &mut RuleAgent::new()], &mut stream(1, 0, 0));
/// assert!(record.player_turns <= 48);
/// assert_eq!(record.turns.len() as u32, record.player_turns + 1);
/// ```
pub fn play_match(
    map: &RiskMap,
    rules: Rules,
    agents: [&mut dyn Agent; 2],
    rng: &mut Stream,
) -> MatchRecord {
    rules.validate().expect("valid rules");
    let n = map.territories();
    let mut s = State::new(map, rules);
    let per_action = rules.compat == Compat::Rossato2023;

    // The initial share-out: one troop on each territory.
    let mut picker = 0u8;
    for _ in 0..n {
        let free = s.neutral();
        let t = match rules.distribution {
            Distribution::Random => free[below(rng, free.len())],
            Distribution::Pick => {
                let t = agents[picker as usize].pick(&s, picker, rng);
                if s.owner[t as usize] == NEUTRAL {
                    t
                } else {
                    free[below(rng, free.len())]
                }
            }
        };
        s.owner[t as usize] = picker;
        s.troops[t as usize] = 1;
        picker = 1 - picker;
    }

    let mut deck: Vec<TerritoryId> = (0..n as TerritoryId).collect();
    let mut current = (n % 2) as u8;
    let mut turns = Vec::new();
    let mut winner = None;
    while s.player_turns < rules.max_player_turns {
        let me = current;
        let agent = &mut *agents[me as usize];
        let mut moves = 0.0;
        let count = |s: &State, phase: Phase| -> f64 {
            match phase {
                Phase::Add => {
                    let terr = s.territory_count(me);
                    f64::from(terr * terr.div_ceil(rules.troop_factor).max(3))
                }
                Phase::Attack => s.attack_moves(me),
                Phase::Move => s.fortify_moves(me),
                Phase::Done => 0.0,
            }
        };

        // Reinforcements, a trade, continent bonuses.
        let mut troops = rules.reinforcements(s.territory_count(me));
        let hand = s.hands[me as usize].len();
        if hand >= 3 {
            let chosen = agent
                .trade(&s, me, rng)
                .or((hand >= 5).then_some([0, 1, 2]));
            if let Some(mut cards) = chosen.filter(|c| valid_trade(c, hand)) {
                troops += rules.trade_value(s.trades);
                s.trades += 1;
                cards.sort_unstable_by(|a, b| b.cmp(a));
                let traded: Vec<TerritoryId> = cards
                    .iter()
                    .map(|&i| s.hands[me as usize].remove(i))
                    .collect();
                if rules.compat == Compat::Standard
                    && let Some(&t) = traded.iter().find(|&&t| s.owner[t as usize] == me)
                {
                    s.troops[t as usize] += 2;
                }
                deck.extend(traded);
            }
        }
        let bonuses = continent_bonus_targets(&s, me);
        let bonus_total: u32 = bonuses.iter().map(|&(_, b)| b).sum();
        if !per_action {
            moves += f64::from((troops + bonus_total) * s.territory_count(me));
        }
        for (continent, bonus) in bonuses {
            for k in 0..bonus {
                let t = s.map.continents()[continent]
                    .territories
                    .iter()
                    .copied()
                    .filter(|&t| rules.compat == Compat::Rossato2023 || s.owner[t as usize] == me)
                    .min_by_key(|&t| (s.troops[t as usize], t))
                    .expect("a continent has territories");
                s.troops[t as usize] += 1;
                if per_action {
                    let last = k + 1 == bonus && troops == 0;
                    moves += count(&s, if last { Phase::Attack } else { Phase::Add });
                }
            }
        }
        for k in 0..troops {
            let mut t = agent.place(&s, me, rng);
            if s.owner[t as usize] != me {
                t = s.owned(me).next().expect("the player owns a territory");
            }
            s.troops[t as usize] += 1;
            if per_action {
                moves += count(
                    &s,
                    if k + 1 == troops {
                        Phase::Attack
                    } else {
                        Phase::Add
                    },
                );
            }
        }

        // Attacks.
        if !per_action {
            moves += s.attack_moves(me);
        }
        let mut conquered = false;
        for _ in 0..ACTION_LIMIT {
            let Some((from, to)) = agent.attack(&s, me, rng) else {
                break;
            };
            let legal = s.owner[from as usize] == me
                && s.troops[from as usize] >= 2
                && s.owner[to as usize] == 1 - me
                && s.map.neighbours(from).contains(&to);
            if !legal {
                break;
            }
            let attack_dice = (s.troops[from as usize] - 1).min(3) as usize;
            let defence_dice = (s.troops[to as usize] as usize).min(rules.defence_dice);
            let (att_loss, def_loss) = if defence_dice == 0 {
                (0, 0)
            } else {
                roll(rng, attack_dice, defence_dice, rules.ties())
            };
            s.troops[from as usize] -= att_loss;
            s.troops[to as usize] = s.troops[to as usize].saturating_sub(def_loss);
            if s.troops[to as usize] == 0 {
                s.owner[to as usize] = me;
                let spare = s.troops[from as usize] - 1;
                let moved = match (rules.compat, rules.conquest_move) {
                    (Compat::Standard, ConquestMove::Min) => (attack_dice as u32).min(spare),
                    (Compat::Standard, ConquestMove::Max) => spare,
                    (Compat::Rossato2023, ConquestMove::Min) => def_loss.min(spare),
                    (Compat::Rossato2023, ConquestMove::Max) => {
                        // The published code empties the attacker down to one troop and
                        // moves nothing: the army disappears.
                        s.troops[from as usize] = 1;
                        0
                    }
                };
                if !(rules.compat == Compat::Rossato2023
                    && rules.conquest_move == ConquestMove::Max)
                {
                    s.troops[from as usize] -= moved;
                }
                s.troops[to as usize] = moved;
                if !conquered && !deck.is_empty() {
                    let card = deck.swap_remove(below(rng, deck.len()));
                    s.hands[me as usize].push(card);
                }
                conquered = true;
                if s.territory_count(1 - me) == 0 {
                    winner = Some(me);
                    break;
                }
            }
            if per_action {
                moves += count(&s, Phase::Attack);
            }
        }
        if per_action && winner.is_none() {
            moves += count(&s, Phase::Move);
        }

        // Fortifying.
        if winner.is_none() {
            if !per_action {
                moves += s.fortify_moves(me);
            }
            let mut moved_from = vec![false; n];
            for _ in 0..ACTION_LIMIT {
                let Some((from, to)) = agent.fortify(&s, me, &moved_from, rng) else {
                    break;
                };
                let legal = s.owner[from as usize] == me
                    && s.owner[to as usize] == me
                    && s.troops[from as usize] >= 2
                    && !moved_from[to as usize]
                    && s.map.neighbours(from).contains(&to);
                if !legal {
                    break;
                }
                s.troops[from as usize] -= 1;
                s.troops[to as usize] += 1;
                moved_from[from as usize] = true;
                if per_action {
                    moves += count(&s, Phase::Move);
                }
            }
            if per_action {
                moves += count(&s, Phase::Done);
            }
        }

        // The published code counts a turn, and records its entry, only when the turn passes
        // to the other player: the winning turn never does, so it is neither counted nor
        // recorded (its move counts are lost, and the final entry follows at once).
        if winner.is_some() && rules.compat == Compat::Rossato2023 {
            break;
        }
        s.player_turns += 1;
        let mut m = [0.0; 2];
        m[me as usize] = moves;
        turns.push(TurnRecord {
            h: s.evaluations(),
            moves: m,
            player: me,
        });
        if winner.is_some() {
            break;
        }
        current = 1 - current;
    }
    turns.push(TurnRecord {
        h: s.evaluations(),
        moves: [0.0; 2],
        player: current,
    });
    MatchRecord {
        turns,
        winner,
        player_turns: s.player_turns,
        first: 0,
    }
}

/// Three distinct cards of a hand of `hand` cards.
fn valid_trade(cards: &[usize; 3], hand: usize) -> bool {
    cards.iter().all(|&c| c < hand)
        && cards[0] != cards[1]
        && cards[1] != cards[2]
        && cards[0] != cards[2]
}

/// The continent each bonus troop goes to, in order. Under [`Compat::Rossato2023`] the
/// published code's list is reproduced: it starts as one zero per owned continent, each owned
/// continent's bonus is inserted at its continent's number, and troops go one at a time to the
/// continent numbered by the first non-zero position, whoever owns it.
fn continent_bonus_targets(s: &State, me: u8) -> Vec<(usize, u32)> {
    let owned = s.owned_continents(me);
    let bonus = |c: usize| s.map.continents()[c].bonus;
    match s.rules.compat {
        Compat::Standard => owned.into_iter().map(|c| (c, bonus(c))).collect(),
        Compat::Rossato2023 => {
            let mut list: Vec<u32> = vec![0; owned.len()];
            for &c in &owned {
                let at = c.min(list.len());
                list.insert(at, bonus(c));
            }
            let k = s.map.continents().len();
            list.into_iter()
                .enumerate()
                .filter(|&(_, b)| b > 0)
                .map(|(i, b)| (i % k, b))
                .collect()
        }
    }
}
