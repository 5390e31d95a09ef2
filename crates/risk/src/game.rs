//! One match between two agents, from the first pick to a win or the turn limit, with the
//! per-turn records the quality criteria read.

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::below;

use crate::agent::Agent;
use crate::dice::{Throw, throw};
use crate::event::Event;
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
    play(map, rules, agents, rng, false)
}

/// [`play_match`], telling both agents what happens ([`Agent::observe`]): each hears its own
/// actions as they happen and the other's before its next decision, and both hear the rest
/// when the match ends. The match is the same as [`play_match`]'s with the same seed.
///
/// # Panics
/// Panics if the rules are out of range (check them with [`Rules::validate`]).
pub fn play_match_told(
    map: &RiskMap,
    rules: Rules,
    agents: [&mut dyn Agent; 2],
    rng: &mut Stream,
) -> MatchRecord {
    play(map, rules, agents, rng, true)
}

fn play(
    map: &RiskMap,
    rules: Rules,
    mut agents: [&mut dyn Agent; 2],
    rng: &mut Stream,
    told: bool,
) -> MatchRecord {
    rules.validate().expect("valid rules");
    let n = map.territories();
    let mut s = State::new(map, rules);

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
        if told {
            let event = Event::Picked {
                player: picker,
                territory: t,
            };
            for agent in &mut agents {
                agent.observe(&s, &event);
            }
        }
        picker = 1 - picker;
    }

    let mut table = Table {
        deck: (0..n as TerritoryId).collect(),
        state: s,
        told: told.then(Default::default),
    };
    let mut current = (n % 2) as u8;
    let mut turns = Vec::new();
    let mut winner = None;
    while table.state.player_turns < rules.max_player_turns {
        let me = current;
        let (moves, won) = table.turn(me, &mut *agents[me as usize], rng);
        if won {
            winner = Some(me);
        }

        // The published code counts a turn, and records its entry, only when the turn passes
        // to the other player: the winning turn never does, so it is neither counted nor
        // recorded (its move counts are lost, and the final entry follows at once).
        if won && rules.compat == Compat::Rossato2023 {
            break;
        }
        table.state.player_turns += 1;
        let mut m = [0.0; 2];
        m[me as usize] = moves;
        turns.push(TurnRecord {
            h: table.state.evaluations(),
            moves: m,
            player: me,
        });
        if won {
            break;
        }
        current = 1 - current;
    }
    for (p, agent) in agents.iter_mut().enumerate() {
        table.hear(&mut **agent, p as u8);
    }
    turns.push(TurnRecord {
        h: table.state.evaluations(),
        moves: [0.0; 2],
        player: current,
    });
    MatchRecord {
        turns,
        winner,
        player_turns: table.state.player_turns,
        first: 0,
    }
}

/// The board and the deck of cards between and during turns: what a turn changes. Agents
/// that look ahead play turns (or their rest) on a copy.
#[derive(Debug, Clone)]
pub struct Table<'m> {
    /// The board.
    pub state: State<'m>,
    /// The cards nobody holds.
    pub deck: Vec<TerritoryId>,
    /// Events not yet told to each player, when the match is told.
    told: Option<[Vec<Event>; 2]>,
}

impl<'m> Table<'m> {
    /// A table at `state`, its deck every card no player holds (as in a match: the deck
    /// starts with one card per territory and traded cards go back to it).
    #[must_use]
    pub fn at(state: State<'m>) -> Table<'m> {
        let mut held = vec![false; state.owner.len()];
        for &c in state.hands.iter().flatten() {
            held[c as usize] = true;
        }
        let deck = (0..state.owner.len() as TerritoryId)
            .filter(|&c| !held[c as usize])
            .collect();
        Table {
            state,
            deck,
            told: None,
        }
    }

    /// Tells `agent` (the one acting) what just happened, and keeps it for the other player.
    fn tell(&mut self, agent: &mut dyn Agent, event: Event) {
        if let Some(queue) = &mut self.told {
            agent.observe(&self.state, &event);
            queue[1 - event.player() as usize].push(event);
        }
    }

    /// Tells player `me` what happened since it last acted.
    fn hear(&mut self, agent: &mut dyn Agent, me: u8) {
        if let Some(queue) = &mut self.told {
            for event in std::mem::take(&mut queue[me as usize]) {
                agent.observe(&self.state, &event);
            }
        }
    }

    /// The moves `me` may make in `phase`, as the published code counts them per action.
    fn count(&self, me: u8, phase: Phase) -> f64 {
        let s = &self.state;
        match phase {
            Phase::Add => {
                let terr = s.territory_count(me);
                f64::from(terr * terr.div_ceil(s.rules.troop_factor).max(3))
            }
            Phase::Attack => s.attack_moves(me),
            Phase::Move => s.fortify_moves(me),
            Phase::Done => 0.0,
        }
    }

    /// One whole turn of `me`: reinforcements (a trade, continent bonuses, the troops the
    /// agent places), attacks, fortifying. Returns the moves counted for the paper's
    /// criteria and whether `me` took the last enemy territory. The turn is not counted in
    /// [`State::player_turns`]: the caller does that.
    pub fn turn(&mut self, me: u8, agent: &mut dyn Agent, rng: &mut Stream) -> (f64, bool) {
        self.hear(agent, me);
        let mut moves = self.reinforce(me, agent, rng);
        let (attack_moves, won) = self.attacks(me, agent, rng);
        moves += attack_moves;
        if !won {
            moves += self.fortify(me, agent, rng);
        }
        self.tell(agent, Event::TurnEnded { player: me });
        (moves, won)
    }

    /// Reinforcements: a trade, continent bonuses, then each troop where the agent places
    /// it. Returns the moves counted.
    pub fn reinforce(&mut self, me: u8, agent: &mut dyn Agent, rng: &mut Stream) -> f64 {
        let rules = self.state.rules;
        let per_action = rules.compat == Compat::Rossato2023;
        let mut moves = 0.0;
        let s = &mut self.state;
        let mut troops = rules.reinforcements(s.territory_count(me));
        let turn = s.player_turns + 1;
        self.tell(
            agent,
            Event::TurnBegan {
                player: me,
                turn,
                troops,
            },
        );
        let s = &mut self.state;
        let hand = s.hands[me as usize].len();
        if hand >= 3 {
            let chosen = agent.trade(s, me, rng).or((hand >= 5).then_some([0, 1, 2]));
            if let Some(mut cards) = chosen.filter(|c| valid_trade(c, hand)) {
                let value = rules.trade_value(s.trades);
                troops += value;
                s.trades += 1;
                cards.sort_unstable_by(|a, b| b.cmp(a));
                let traded: Vec<TerritoryId> = cards
                    .iter()
                    .map(|&i| s.hands[me as usize].remove(i))
                    .collect();
                let mut extra = None;
                if rules.compat == Compat::Standard
                    && let Some(&t) = traded.iter().find(|&&t| s.owner[t as usize] == me)
                {
                    s.troops[t as usize] += 2;
                    extra = Some(t);
                }
                let event = Event::Traded {
                    player: me,
                    cards: [traded[0], traded[1], traded[2]],
                    troops: value,
                    extra,
                };
                self.deck.extend(traded);
                self.tell(agent, event);
            }
        }
        let bonuses = continent_bonus_targets(&self.state, me);
        let bonus_total: u32 = bonuses.iter().map(|&(_, b)| b).sum();
        if !per_action {
            moves += f64::from((troops + bonus_total) * self.state.territory_count(me));
        }
        for (continent, bonus) in bonuses {
            self.tell(
                agent,
                Event::Bonus {
                    player: me,
                    continent,
                    troops: bonus,
                },
            );
            for k in 0..bonus {
                let s = &self.state;
                let t = if rules.compat == Compat::Standard {
                    let t = agent.place_bonus(s, me, continent, bonus - k, rng);
                    let fits = s.owner[t as usize] == me && s.map.continent_of(t) == continent;
                    if fits { Some(t) } else { None }
                } else {
                    None
                };
                let t = t.unwrap_or_else(|| {
                    s.map.continents()[continent]
                        .territories
                        .iter()
                        .copied()
                        .filter(|&t| {
                            rules.compat == Compat::Rossato2023 || s.owner[t as usize] == me
                        })
                        .min_by_key(|&t| (s.troops[t as usize], t))
                        .expect("a continent has territories")
                });
                self.state.troops[t as usize] += 1;
                self.tell(
                    agent,
                    Event::Placed {
                        player: me,
                        territory: t,
                    },
                );
                if per_action {
                    let last = k + 1 == bonus && troops == 0;
                    moves += self.count(me, if last { Phase::Attack } else { Phase::Add });
                }
            }
        }
        for k in 0..troops {
            let s = &self.state;
            let mut t = agent.place(s, me, troops - k, rng);
            if s.owner[t as usize] != me {
                t = s.owned(me).next().expect("the player owns a territory");
            }
            self.state.troops[t as usize] += 1;
            self.tell(
                agent,
                Event::Placed {
                    player: me,
                    territory: t,
                },
            );
            if per_action {
                let phase = if k + 1 == troops {
                    Phase::Attack
                } else {
                    Phase::Add
                };
                moves += self.count(me, phase);
            }
        }
        moves
    }

    /// Attacks until the agent stops (or makes an illegal choice). Returns the moves counted
    /// and whether `me` took the last enemy territory.
    pub fn attacks(&mut self, me: u8, agent: &mut dyn Agent, rng: &mut Stream) -> (f64, bool) {
        let rules = self.state.rules;
        let per_action = rules.compat == Compat::Rossato2023;
        let mut moves = 0.0;
        if !per_action {
            moves += self.state.attack_moves(me);
        }
        let mut conquered = false;
        for _ in 0..ACTION_LIMIT {
            let Some((from, to)) = agent.attack(&self.state, me, rng) else {
                break;
            };
            let s = &mut self.state;
            let legal = s.owner[from as usize] == me
                && s.troops[from as usize] >= 2
                && s.owner[to as usize] == 1 - me
                && s.map.neighbours(from).contains(&to);
            if !legal {
                break;
            }
            let attack_dice = (s.troops[from as usize] - 1).min(3) as usize;
            let defence_dice = (s.troops[to as usize] as usize).min(rules.defence_dice);
            // Under the published code's reading a territory can be taken with no troop moved
            // in: attacking it throws no dice.
            let dice = if defence_dice == 0 {
                Throw {
                    attack: [0; 3],
                    attack_dice: 0,
                    defence: [0; 3],
                    defence_dice: 0,
                    attacker_losses: 0,
                    defender_losses: 0,
                }
            } else {
                throw(rng, attack_dice, defence_dice, rules.ties())
            };
            let (att_loss, def_loss) = (dice.attacker_losses, dice.defender_losses);
            s.troops[from as usize] -= att_loss;
            s.troops[to as usize] = s.troops[to as usize].saturating_sub(def_loss);
            let mut taken = None;
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
                if !conquered && !self.deck.is_empty() {
                    let card = self.deck.swap_remove(below(rng, self.deck.len()));
                    s.hands[me as usize].push(card);
                }
                conquered = true;
                taken = Some(moved);
            }
            let won = taken.is_some() && self.state.territory_count(1 - me) == 0;
            self.tell(
                agent,
                Event::Attacked {
                    player: me,
                    from,
                    to,
                    throw: dice,
                    conquered: taken,
                },
            );
            if won {
                return (moves, true);
            }
            if per_action {
                moves += self.count(me, Phase::Attack);
            }
        }
        if per_action {
            moves += self.count(me, Phase::Move);
        }
        (moves, false)
    }

    /// Fortifying moves until the agent ends the turn (or makes an illegal choice). Returns
    /// the moves counted.
    pub fn fortify(&mut self, me: u8, agent: &mut dyn Agent, rng: &mut Stream) -> f64 {
        let per_action = self.state.rules.compat == Compat::Rossato2023;
        let mut moves = 0.0;
        if !per_action {
            moves += self.state.fortify_moves(me);
        }
        let mut moved_from = vec![false; self.state.owner.len()];
        for _ in 0..ACTION_LIMIT {
            let s = &mut self.state;
            let Some((from, to)) = agent.fortify(s, me, &moved_from, rng) else {
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
            self.tell(
                agent,
                Event::Fortified {
                    player: me,
                    from,
                    to,
                },
            );
            if per_action {
                moves += self.count(me, Phase::Move);
            }
        }
        if per_action {
            moves += self.count(me, Phase::Done);
        }
        moves
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
