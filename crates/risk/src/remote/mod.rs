//! A person playing from a distance (the studio's play page): the match runs on a thread of
//! its own with a remote agent in the person's seat, which publishes each decision as a
//! [`Question`] with its legal choices and the board, then waits for the [`Answer`].
//!
//! Answers are checked ([`Question::check`]) before the engine sees them. A person who does
//! not answer within the game's patience has left: both seats then play passively (no
//! attacks, no moves) so the match runs out at once and its thread ends. The match is
//! [`play_match_told`] on `stream(seed, 0, 0)`, as `risk play` plays it, so the same seed and
//! the same answers make the same game.
//!
//! ```
//! use std::time::Duration;
//! use ludoforge_risk::map::RiskMap;
//! use ludoforge_risk::remote::{Answer, Game, Question, Status};
//! use ludoforge_risk::rules::Rules;
//! use ludoforge_risk::seats::AgentSpec;
//!
//! let map = RiskMap::embedded("map8").unwrap();
//! let game = Game::start(map, Rules::classic(), AgentSpec::Rule, 0, 7, Duration::from_secs(60)).unwrap();
//! let view = game.wait(0, Duration::from_secs(10));
//! let asked = view.question.clone().unwrap();
//! let Question::Pick { free } = &asked.question else { panic!("the share-out comes first") };
//! assert!(game.answer(Some(asked.number), Answer::Pick(free[0])).is_ok());
//! assert!(game.answer(None, Answer::Pick(99)).is_err());
//! game.abandon();
//! assert_eq!(game.wait(u64::MAX, Duration::from_secs(10)).status, Status::Over);
//! ```

mod agent;
mod question;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use ludoforge_evolve::rng::stream;
use serde::Serialize;

use crate::event::Event;
use crate::game::play_match_told;
use crate::map::{RiskMap, TerritoryId};
use crate::rules::Rules;
use crate::seats::AgentSpec;
use crate::state::{NEUTRAL, State};

pub use question::{Answer, AttackChoice, MoveChoice, Question};

use agent::{Quitting, Remote};

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A question waits for the person's answer.
    Asking,
    /// The engine or the other agent is at work.
    Thinking,
    /// The match has ended (won, drawn at the turn limit, or left).
    Over,
}

/// The board as the person sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Board {
    /// Each territory's owner: 0, 1, or 2 for nobody yet.
    pub owner: Vec<u8>,
    /// Each territory's troops.
    pub troops: Vec<u32>,
    /// How many cards each player holds.
    pub cards: [usize; 2],
    /// The territories the person's cards show.
    pub hand: Vec<TerritoryId>,
    /// The player-turn under way, from 1 (0 during the share-out).
    pub turn: u32,
    /// Sets of cards traded so far.
    pub trades: u32,
}

impl Board {
    fn of(state: &State, me: u8) -> Board {
        let sharing = state.owner.contains(&NEUTRAL);
        Board {
            owner: state.owner.clone(),
            troops: state.troops.clone(),
            cards: [state.hands[0].len(), state.hands[1].len()],
            hand: state.hands[me as usize].clone(),
            turn: if sharing { 0 } else { state.player_turns + 1 },
            trades: state.trades,
        }
    }
}

/// A question with its number (from 1, one more for each question asked).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Asked {
    /// Its number.
    pub number: u64,
    /// The question.
    #[serde(flatten)]
    pub question: Question,
}

/// How a match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The winner (0 or 1), or `None` for a draw at the turn limit.
    pub winner: Option<u8>,
    /// Player-turns played.
    pub player_turns: u32,
    /// The person left (stopped answering or resigned) and the match was run out.
    pub left: bool,
    /// The match stopped on an error in the engine or the other agent.
    pub broken: bool,
}

/// What a page shows: the question (if any), the board, and the events from `first_event`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    /// Where the game stands.
    pub status: Status,
    /// The person's seat: 0 picks first, 1 second.
    pub me: u8,
    /// The question waiting, when asking.
    pub question: Option<Asked>,
    /// The board as of the last event.
    pub board: Board,
    /// The number of the first event in `events`.
    pub first_event: usize,
    /// Events from `first_event` on.
    pub events: Vec<Event>,
    /// Events so far.
    pub events_total: usize,
    /// How it ended, once over.
    pub outcome: Option<Outcome>,
}

/// Why an answer was not taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Refusal {
    /// The match has ended.
    #[error("the game is over: start another")]
    Over,
    /// No question waits: the other agent is playing.
    #[error(
        "no question waits for an answer: the other player is at work; wait for the next question"
    )]
    NotAsked,
    /// The answer names a question already answered.
    #[error("question {given} was answered already; question {asked} waits now")]
    Stale {
        /// The question the answer names.
        given: u64,
        /// The question waiting.
        asked: u64,
    },
    /// The answer is not legal.
    #[error("{0}")]
    Illegal(String),
}

/// A game in play (see the [module notes](self)). Dropping it does not end the match:
/// [`Game::abandon`] does, or the person's patience running out.
#[derive(Debug, Clone)]
pub struct Game {
    shared: Arc<Shared>,
    me: u8,
}

#[derive(Debug)]
struct Shared {
    inner: Mutex<Inner>,
    changed: Condvar,
    /// Set once the person has left; read by both seats at every decision.
    left: AtomicBool,
    patience: Duration,
}

#[derive(Debug)]
struct Inner {
    asked: Option<Asked>,
    questions: u64,
    answer: Option<Answer>,
    events: Vec<Event>,
    board: Board,
    /// Events when the previous question and the current one were asked.
    since: usize,
    mark: usize,
    outcome: Option<Outcome>,
    touched: Instant,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The person has left: both seats play passively from now on.
    fn leave(&self, inner: &mut Inner) {
        self.left.store(true, Ordering::SeqCst);
        inner.asked = None;
        self.changed.notify_all();
    }

    fn gone(&self) -> bool {
        self.left.load(Ordering::SeqCst)
    }
}

/// Marks the game over when its thread ends, also by a panic in an agent.
struct Ending(Arc<Shared>);

impl Drop for Ending {
    fn drop(&mut self) {
        let mut inner = self.0.lock();
        if inner.outcome.is_none() {
            let player_turns = inner.board.turn;
            inner.outcome = Some(Outcome {
                winner: None,
                player_turns,
                left: self.0.gone(),
                broken: true,
            });
        }
        inner.asked = None;
        self.0.changed.notify_all();
    }
}

impl Game {
    /// Starts a match on `map` under `rules` between the person in seat `me` (0 picks first)
    /// and `opponent`, on a thread of its own. `patience`: how long a question may wait
    /// before the person is taken to have left.
    ///
    /// # Errors
    /// When the thread cannot be started.
    ///
    /// # Panics
    /// Panics if `me` is not 0 or 1 or the rules are out of range (check them with
    /// [`Rules::validate`]).
    pub fn start(
        map: RiskMap,
        rules: Rules,
        opponent: AgentSpec,
        me: u8,
        seed: u64,
        patience: Duration,
    ) -> std::io::Result<Game> {
        assert!(me < 2, "seat 0 or 1");
        rules.validate().expect("valid rules");
        let empty = State::new(&map, rules);
        let shared = Arc::new(Shared {
            inner: Mutex::new(Inner {
                asked: None,
                questions: 0,
                answer: None,
                events: Vec::new(),
                board: Board::of(&empty, me),
                since: 0,
                mark: 0,
                outcome: None,
                touched: Instant::now(),
            }),
            changed: Condvar::new(),
            left: AtomicBool::new(false),
            patience,
        });
        let ending = Ending(Arc::clone(&shared));
        std::thread::Builder::new()
            .name("risk-game".into())
            .spawn(move || {
                let shared = Arc::clone(&ending.0);
                let mut person = Remote::new(Arc::clone(&shared), me);
                let mut other = Quitting::new(opponent.build(), Arc::clone(&shared));
                let agents: [&mut dyn crate::agent::Agent; 2] = if me == 0 {
                    [&mut person, &mut other]
                } else {
                    [&mut other, &mut person]
                };
                let record = play_match_told(&map, rules, agents, &mut stream(seed, 0, 0));
                let mut inner = shared.lock();
                inner.outcome = Some(Outcome {
                    winner: record.winner,
                    player_turns: record.player_turns,
                    left: shared.gone(),
                    broken: false,
                });
                drop(inner);
                drop(ending);
            })?;
        Ok(Game { shared, me })
    }

    /// The person's seat.
    #[must_use]
    pub fn me(&self) -> u8 {
        self.me
    }

    /// The game now, with the events from `since` (by default those since the previous
    /// question was asked, or since the last one once no question waits).
    #[must_use]
    pub fn view(&self, since: Option<usize>) -> View {
        let inner = self.shared.lock();
        self.view_of(&inner, since)
    }

    fn view_of(&self, inner: &Inner, since: Option<usize>) -> View {
        let status = if inner.outcome.is_some() {
            Status::Over
        } else if inner.asked.is_some() {
            Status::Asking
        } else {
            Status::Thinking
        };
        let default = if status == Status::Asking {
            inner.since
        } else {
            inner.mark
        };
        let first = since.unwrap_or(default).min(inner.events.len());
        View {
            status,
            me: self.me,
            question: inner.asked.clone(),
            board: inner.board.clone(),
            first_event: first,
            events: inner.events[first..].to_vec(),
            events_total: inner.events.len(),
            outcome: inner.outcome,
        }
    }

    /// Waits until a question numbered above `after` is asked or the game is over, for at
    /// most `timeout`, and returns the game then (with the events since the previous
    /// question).
    #[must_use]
    pub fn wait(&self, after: u64, timeout: Duration) -> View {
        self.wait_since(after, timeout, None)
    }

    /// [`Game::wait`], with the events from `since`.
    #[must_use]
    pub fn wait_since(&self, after: u64, timeout: Duration, since: Option<usize>) -> View {
        let deadline = Instant::now() + timeout;
        let mut inner = self.shared.lock();
        loop {
            let ready =
                inner.outcome.is_some() || inner.asked.as_ref().is_some_and(|a| a.number > after);
            let now = Instant::now();
            if ready || now >= deadline {
                return self.view_of(&inner, since);
            }
            inner = self
                .shared
                .changed
                .wait_timeout(inner, deadline - now)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    /// Hands `answer` to the waiting question (numbered `number`, if given), once checked.
    /// Returns the number of the question answered.
    ///
    /// # Errors
    /// [`Refusal`]: the game is over, no question waits, the number names another question,
    /// or the answer is not legal.
    pub fn answer(&self, number: Option<u64>, answer: Answer) -> Result<u64, Refusal> {
        let mut inner = self.shared.lock();
        if inner.outcome.is_some() || self.shared.gone() {
            return Err(Refusal::Over);
        }
        let Some(asked) = &inner.asked else {
            return Err(Refusal::NotAsked);
        };
        if let Some(given) = number
            && given != asked.number
        {
            return Err(Refusal::Stale {
                given,
                asked: asked.number,
            });
        }
        asked.question.check(&answer).map_err(Refusal::Illegal)?;
        let answered = asked.number;
        inner.answer = Some(answer);
        inner.asked = None;
        inner.touched = Instant::now();
        self.shared.changed.notify_all();
        Ok(answered)
    }

    /// The person leaves: the match is run out at once (passively) and ends.
    pub fn abandon(&self) {
        let mut inner = self.shared.lock();
        self.shared.leave(&mut inner);
    }

    /// Whether the match has ended.
    #[must_use]
    pub fn over(&self) -> bool {
        self.shared.lock().outcome.is_some()
    }

    /// How long since the person last answered (or the game began).
    #[must_use]
    pub fn idle(&self) -> Duration {
        self.shared.lock().touched.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game left at its first question ends at once, even with the longest turn limit: both
    /// seats play passively, so the match runs out without a fight.
    #[test]
    fn a_game_left_runs_out_quickly() {
        let map = RiskMap::embedded("classic").expect("embedded");
        let mut rules = Rules::classic();
        rules.max_player_turns = 100_000;
        let game = Game::start(map, rules, AgentSpec::Rule, 1, 3, Duration::from_secs(60))
            .expect("a thread");
        assert_eq!(game.wait(0, Duration::from_secs(10)).status, Status::Asking);
        let started = Instant::now();
        game.abandon();
        let view = game.wait(u64::MAX, Duration::from_secs(30));
        assert_eq!(view.status, Status::Over, "{:?}", started.elapsed());
        let outcome = view.outcome.expect("an outcome");
        assert!(outcome.left && !outcome.broken);
        assert!(started.elapsed() < Duration::from_secs(20));
    }

    /// A person who does not answer within the game's patience has left.
    #[test]
    fn patience_runs_out() {
        let map = RiskMap::embedded("map8").expect("embedded");
        let game = Game::start(
            map,
            Rules::classic(),
            AgentSpec::Random,
            0,
            1,
            Duration::from_millis(50),
        )
        .expect("a thread");
        let view = game.wait(u64::MAX, Duration::from_secs(10));
        assert_eq!(view.status, Status::Over);
        assert!(view.outcome.expect("an outcome").left);
        assert_eq!(game.answer(None, Answer::Pick(0)), Err(Refusal::Over));
    }

    /// Several troops in one answer are placed one by one without another question.
    #[test]
    fn several_troops_in_one_answer() {
        let map = RiskMap::embedded("map8").expect("embedded");
        let game = Game::start(
            map,
            Rules::classic(),
            AgentSpec::Rule,
            0,
            2,
            Duration::from_secs(60),
        )
        .expect("a thread");
        let mut view = game.wait(0, Duration::from_secs(10));
        loop {
            let asked = view.question.clone().expect("a question");
            let answer = match &asked.question {
                Question::Pick { free } => Answer::Pick(free[0]),
                Question::Bonus {
                    left, territories, ..
                } => Answer::Place {
                    territory: territories[0],
                    count: *left,
                },
                Question::Place { left, territories } => {
                    let before = view.board.troops[territories[0] as usize];
                    let number = game
                        .answer(
                            Some(asked.number),
                            Answer::Place {
                                territory: territories[0],
                                count: *left,
                            },
                        )
                        .expect("legal");
                    let next = game.wait(number, Duration::from_secs(10));
                    assert_eq!(next.board.troops[territories[0] as usize], before + left);
                    assert!(!matches!(
                        next.question.expect("asked").question,
                        Question::Place { .. }
                    ));
                    break;
                }
                other => panic!("unexpected {other:?}"),
            };
            let number = game.answer(Some(asked.number), answer).expect("legal");
            view = game.wait(number, Duration::from_secs(10));
        }
        game.abandon();
    }
}
