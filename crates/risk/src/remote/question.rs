//! What the engine asks a person, the legal choices that go with it, and the answers,
//! checked before they reach the engine (which would quietly replace an illegal one).

use serde::Serialize;

use crate::dice::Odds;
use crate::map::TerritoryId;
use crate::state::{NEUTRAL, State};

/// One decision the engine waits for, with its legal choices.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Question {
    /// Take a free territory in the share-out.
    Pick {
        /// The free territories.
        free: Vec<TerritoryId>,
    },
    /// Trade three cards for troops, or keep them.
    Trade {
        /// The territories the cards in hand show, by position in the hand.
        hand: Vec<TerritoryId>,
        /// Five or more cards: a set must be traded.
        must: bool,
        /// Troops the next set is worth.
        worth: u32,
    },
    /// Place one troop (or several on one territory) of this turn's reinforcements.
    Place {
        /// Troops still to place, this one included.
        left: u32,
        /// Where: the player's territories.
        territories: Vec<TerritoryId>,
    },
    /// Place a continent's bonus troop in that continent.
    Bonus {
        /// The continent's number.
        continent: usize,
        /// Bonus troops of this continent still to place, this one included.
        left: u32,
        /// Where: the player's territories in the continent.
        territories: Vec<TerritoryId>,
    },
    /// Attack, or stop attacking this turn.
    Attack {
        /// The legal attacks with their dice and odds.
        attacks: Vec<AttackChoice>,
    },
    /// Move troops between neighbouring territories, or end the turn.
    Fortify {
        /// The legal moves.
        moves: Vec<MoveChoice>,
    },
}

/// One legal attack.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct AttackChoice {
    /// The attacking territory.
    pub from: TerritoryId,
    /// The enemy neighbour.
    pub to: TerritoryId,
    /// Dice the attacker rolls now.
    pub attack_dice: u8,
    /// Dice the defender rolls now.
    pub defence_dice: u8,
    /// The chance of taking the territory attacking until it falls or the attacker is down
    /// to one troop (a blitz).
    pub conquest: f64,
}

/// One legal fortifying move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MoveChoice {
    /// From where.
    pub from: TerritoryId,
    /// To where.
    pub to: TerritoryId,
    /// The most troops that may go (all but one).
    pub most: u32,
}

/// An answer to a [`Question`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// Take this free territory.
    Pick(TerritoryId),
    /// Trade these three cards (positions in the hand), or keep the hand (`None`).
    Trade(Option<[usize; 3]>),
    /// Place `count` troops on `territory` (for [`Question::Place`] and [`Question::Bonus`]).
    Place {
        /// Where.
        territory: TerritoryId,
        /// How many, at least 1 and at most those left.
        count: u32,
    },
    /// Attack (`blitz`: throw again until the territory falls or the attacker is down to one
    /// troop), or stop attacking (`None`).
    Attack(Option<(TerritoryId, TerritoryId, bool)>),
    /// Move `count` troops (`from`, `to`, `count`), or end the turn (`None`).
    Fortify(Option<(TerritoryId, TerritoryId, u32)>),
}

impl Question {
    /// The question `kind` names in words, for messages.
    fn wants(&self) -> &'static str {
        match self {
            Question::Pick { .. } => "a territory to take: {\"pick\": T}",
            Question::Trade { .. } => {
                "cards to trade: {\"trade\": [I, J, K]} (positions in the hand) or {\"trade\": null}"
            }
            Question::Place { .. } | Question::Bonus { .. } => {
                "where to place troops: {\"place\": T, \"count\": N}"
            }
            Question::Attack { .. } => {
                "an attack: {\"attack\": [FROM, TO], \"blitz\": false} or {\"attack\": null} to stop"
            }
            Question::Fortify { .. } => {
                "a move: {\"fortify\": [FROM, TO], \"count\": N} or {\"fortify\": null} to end the turn"
            }
        }
    }

    /// Checks `answer` against the question: `Ok` if the engine may take it, otherwise what
    /// is wrong and what would do.
    ///
    /// # Errors
    /// A message naming the problem and the legal choices.
    pub fn check(&self, answer: &Answer) -> Result<(), String> {
        let list = |ts: &[TerritoryId]| -> String {
            let shown: Vec<String> = ts.iter().take(30).map(ToString::to_string).collect();
            let more = if ts.len() > 30 { ", …" } else { "" };
            format!("{}{more}", shown.join(", "))
        };
        match (self, answer) {
            (Question::Pick { free }, Answer::Pick(t)) => {
                if free.contains(t) {
                    Ok(())
                } else {
                    Err(format!(
                        "territory {t} is not free: take one of {}",
                        list(free)
                    ))
                }
            }
            (Question::Trade { must, .. }, Answer::Trade(None)) => {
                if *must {
                    Err("with five or more cards a set must be traded: give three positions in the hand".into())
                } else {
                    Ok(())
                }
            }
            (Question::Trade { hand, .. }, Answer::Trade(Some(cards))) => {
                let n = hand.len();
                if let Some(c) = cards.iter().find(|&&c| c >= n) {
                    return Err(format!(
                        "card {c} is not in the hand: give three positions from 0 to {}",
                        n - 1
                    ));
                }
                if cards[0] == cards[1] || cards[1] == cards[2] || cards[0] == cards[2] {
                    return Err("give three different cards".into());
                }
                Ok(())
            }
            (
                Question::Place { left, territories }
                | Question::Bonus {
                    left, territories, ..
                },
                Answer::Place { territory, count },
            ) => {
                if !territories.contains(territory) {
                    let whose = if matches!(self, Question::Bonus { .. }) {
                        "a bonus troop goes to one of your territories in its continent"
                    } else {
                        "place on one of your territories"
                    };
                    return Err(format!(
                        "territory {territory} is not a place for this troop: {whose}: {}",
                        list(territories)
                    ));
                }
                if *count == 0 || count > left {
                    return Err(format!(
                        "count {count}: place between 1 and {left} troops (those left)"
                    ));
                }
                Ok(())
            }
            (Question::Attack { .. }, Answer::Attack(None))
            | (Question::Fortify { .. }, Answer::Fortify(None)) => Ok(()),
            (Question::Attack { attacks }, Answer::Attack(Some((from, to, _)))) => {
                if attacks.iter().any(|a| a.from == *from && a.to == *to) {
                    Ok(())
                } else if attacks.is_empty() {
                    Err(format!(
                        "{from} cannot attack {to}: no attack is possible now; stop with {{\"attack\": null}}"
                    ))
                } else {
                    let some: Vec<String> = attacks
                        .iter()
                        .take(12)
                        .map(|a| format!("{}→{}", a.from, a.to))
                        .collect();
                    Err(format!(
                        "{from} cannot attack {to}: attack from your territory with at least 2 \
                         troops to an enemy neighbour, such as {}",
                        some.join(", ")
                    ))
                }
            }
            (Question::Fortify { moves }, Answer::Fortify(Some((from, to, count)))) => {
                let Some(m) = moves.iter().find(|m| m.from == *from && m.to == *to) else {
                    return Err(format!(
                        "troops cannot move from {from} to {to}: move from your territory with \
                         at least 2 troops to a neighbour of yours that troops have not left \
                         this turn{}",
                        if moves.is_empty() {
                            "; no move is possible now: end the turn with {\"fortify\": null}"
                                .to_string()
                        } else {
                            String::new()
                        }
                    ));
                };
                if *count == 0 || *count > m.most {
                    return Err(format!(
                        "count {count}: move between 1 and {} troops (one stays behind)",
                        m.most
                    ));
                }
                Ok(())
            }
            _ => Err(format!("the question wants {}", self.wants())),
        }
    }
}

/// The free territories.
pub(super) fn pick(state: &State) -> Question {
    Question::Pick {
        free: state.neutral(),
    }
}

/// The hand and what a set is worth.
pub(super) fn trade(state: &State, me: u8) -> Question {
    let hand = state.hands[me as usize].clone();
    Question::Trade {
        must: hand.len() >= 5,
        hand,
        worth: state.rules.trade_value(state.trades),
    }
}

/// Where the next troop may go.
pub(super) fn place(state: &State, me: u8, left: u32) -> Question {
    Question::Place {
        left,
        territories: state.owned(me).collect(),
    }
}

/// Where the next bonus troop of `continent` may go.
pub(super) fn bonus(state: &State, me: u8, continent: usize, left: u32) -> Question {
    Question::Bonus {
        continent,
        left,
        territories: state.map.continents()[continent]
            .territories
            .iter()
            .copied()
            .filter(|&t| state.owner[t as usize] == me)
            .collect(),
    }
}

/// Every legal attack, with its dice and the chance of taking the territory.
pub(super) fn attack(state: &State, me: u8) -> Question {
    let rules = state.rules;
    let odds = Odds::get(rules.defence_dice, rules.ties());
    let mut attacks = Vec::new();
    for from in state.owned(me) {
        let troops = state.troops[from as usize];
        if troops < 2 {
            continue;
        }
        for &to in state.map.neighbours(from) {
            if state.owner[to as usize] != 1 - me {
                continue;
            }
            let defenders = state.troops[to as usize];
            attacks.push(AttackChoice {
                from,
                to,
                attack_dice: (troops - 1).min(3) as u8,
                defence_dice: (defenders as usize).min(rules.defence_dice) as u8,
                conquest: odds.conquest(troops, defenders),
            });
        }
    }
    Question::Attack { attacks }
}

/// Every legal fortifying move.
pub(super) fn fortify(state: &State, me: u8, moved_from: &[bool]) -> Question {
    let mut moves = Vec::new();
    for from in state.owned(me) {
        let troops = state.troops[from as usize];
        if troops < 2 {
            continue;
        }
        for &to in state.map.neighbours(from) {
            if state.owner[to as usize] == me && !moved_from[to as usize] {
                moves.push(MoveChoice {
                    from,
                    to,
                    most: troops - 1,
                });
            }
        }
    }
    Question::Fortify { moves }
}

/// Whether `t` is free (for the passive player's pick).
pub(super) fn first_free(state: &State) -> TerritoryId {
    (0..state.owner.len() as TerritoryId)
        .find(|&t| state.owner[t as usize] == NEUTRAL)
        .unwrap_or(0)
}
