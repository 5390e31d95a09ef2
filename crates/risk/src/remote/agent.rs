//! The two seats of a remote game: the person's ([`Remote`], which asks and waits) and the
//! other agent's ([`Quitting`], which stops playing once the person has left).

use std::sync::Arc;
use std::time::Instant;

use ludoforge_evolve::Stream;

use super::question::{self, Answer, Question};
use super::{Asked, Board, Shared};
use crate::agent::Agent;
use crate::event::Event;
use crate::map::TerritoryId;
use crate::state::State;

/// Answers given once that cover the next decisions too: several troops on one territory,
/// an attack thrown until it is decided, several troops moved.
#[derive(Debug, Clone, Copy)]
enum Plan {
    /// `left` more troops on `territory` (bonus troops of `continent`, if given).
    Place {
        territory: TerritoryId,
        continent: Option<usize>,
        left: u32,
    },
    /// Attack again while the attack is possible.
    Blitz { from: TerritoryId, to: TerritoryId },
    /// `left` more troops from `from` to `to`.
    Move {
        from: TerritoryId,
        to: TerritoryId,
        left: u32,
    },
}

/// The person's seat: asks each decision through the shared state and waits for the answer.
pub(super) struct Remote {
    shared: Arc<Shared>,
    me: u8,
    plan: Option<Plan>,
}

impl Remote {
    pub(super) fn new(shared: Arc<Shared>, me: u8) -> Remote {
        Remote {
            shared,
            me,
            plan: None,
        }
    }

    /// Publishes `question` and waits for its answer; `None` once the person has left.
    fn ask(&mut self, state: &State, question: Question) -> Option<Answer> {
        self.plan = None;
        let shared = &self.shared;
        if shared.gone() {
            return None;
        }
        let mut inner = shared.lock();
        inner.questions += 1;
        let number = inner.questions;
        inner.board = Board::of(state, self.me);
        inner.since = inner.mark;
        inner.mark = inner.events.len();
        inner.asked = Some(Asked { number, question });
        inner.answer = None;
        inner.touched = Instant::now();
        shared.changed.notify_all();
        loop {
            if let Some(answer) = inner.answer.take() {
                return Some(answer);
            }
            if shared.gone() {
                return None;
            }
            let idle = inner.touched.elapsed();
            if idle >= shared.patience {
                shared.leave(&mut inner);
                return None;
            }
            inner = shared
                .changed
                .wait_timeout(inner, shared.patience - idle)
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .0;
        }
    }

    /// The territory for the next troop: from a standing plan, or asked.
    fn placement(
        &mut self,
        state: &State,
        continent: Option<usize>,
        question: impl FnOnce() -> Question,
    ) -> Option<TerritoryId> {
        if let Some(Plan::Place {
            territory,
            continent: c,
            left,
        }) = self.plan
            && left > 0
            && c == continent
            && state.owner[territory as usize] == self.me
        {
            self.plan = Some(Plan::Place {
                territory,
                continent,
                left: left - 1,
            });
            return Some(territory);
        }
        match self.ask(state, question()) {
            Some(Answer::Place { territory, count }) => {
                self.plan = Some(Plan::Place {
                    territory,
                    continent,
                    left: count - 1,
                });
                Some(territory)
            }
            _ => None,
        }
    }
}

/// The first of the player's territories (where a passive player puts troops).
fn first_owned(state: &State, me: u8) -> TerritoryId {
    state.owned(me).next().unwrap_or(0)
}

/// The first of the player's territories in `continent`.
fn first_in(state: &State, me: u8, continent: usize) -> TerritoryId {
    state.map.continents()[continent]
        .territories
        .iter()
        .copied()
        .find(|&t| state.owner[t as usize] == me)
        .unwrap_or_else(|| first_owned(state, me))
}

impl Agent for Remote {
    fn pick(&mut self, state: &State, _me: u8, _rng: &mut Stream) -> TerritoryId {
        match self.ask(state, question::pick(state)) {
            Some(Answer::Pick(t)) => t,
            _ => question::first_free(state),
        }
    }

    fn trade(&mut self, state: &State, me: u8, _rng: &mut Stream) -> Option<[usize; 3]> {
        match self.ask(state, question::trade(state, me)) {
            Some(Answer::Trade(cards)) => cards,
            _ => None,
        }
    }

    fn place(&mut self, state: &State, me: u8, left: u32, _rng: &mut Stream) -> TerritoryId {
        self.placement(state, None, || question::place(state, me, left))
            .unwrap_or_else(|| first_owned(state, me))
    }

    fn place_bonus(
        &mut self,
        state: &State,
        me: u8,
        continent: usize,
        left: u32,
        _rng: &mut Stream,
    ) -> TerritoryId {
        self.placement(state, Some(continent), || {
            question::bonus(state, me, continent, left)
        })
        .unwrap_or_else(|| first_in(state, me, continent))
    }

    fn observe(&mut self, state: &State, event: &Event) {
        if self.shared.gone() {
            return;
        }
        let mut inner = self.shared.lock();
        inner.events.push(event.clone());
        inner.board = Board::of(state, self.me);
    }

    fn attack(
        &mut self,
        state: &State,
        me: u8,
        _rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        if let Some(Plan::Blitz { from, to }) = self.plan
            && state.owner[from as usize] == me
            && state.troops[from as usize] >= 2
            && state.owner[to as usize] == 1 - me
        {
            return Some((from, to));
        }
        match self.ask(state, question::attack(state, me)) {
            Some(Answer::Attack(Some((from, to, blitz)))) => {
                if blitz {
                    self.plan = Some(Plan::Blitz { from, to });
                }
                Some((from, to))
            }
            _ => None,
        }
    }

    fn fortify(
        &mut self,
        state: &State,
        me: u8,
        moved_from: &[bool],
        _rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        if let Some(Plan::Move { from, to, left }) = self.plan
            && left > 0
            && state.troops[from as usize] >= 2
        {
            self.plan = Some(Plan::Move {
                from,
                to,
                left: left - 1,
            });
            return Some((from, to));
        }
        match self.ask(state, question::fortify(state, me, moved_from)) {
            Some(Answer::Fortify(Some((from, to, count)))) => {
                self.plan = Some(Plan::Move {
                    from,
                    to,
                    left: count - 1,
                });
                Some((from, to))
            }
            _ => None,
        }
    }
}

/// The other seat: its agent until the person leaves, then a passive player (first free
/// territory, first own territory, no attacks, no moves), so the match runs out quickly.
pub(super) struct Quitting {
    agent: Box<dyn Agent + Send>,
    shared: Arc<Shared>,
}

impl Quitting {
    pub(super) fn new(agent: Box<dyn Agent + Send>, shared: Arc<Shared>) -> Quitting {
        Quitting { agent, shared }
    }
}

impl Agent for Quitting {
    fn pick(&mut self, state: &State, me: u8, rng: &mut Stream) -> TerritoryId {
        if self.shared.gone() {
            return question::first_free(state);
        }
        self.agent.pick(state, me, rng)
    }

    fn trade(&mut self, state: &State, me: u8, rng: &mut Stream) -> Option<[usize; 3]> {
        if self.shared.gone() {
            return None;
        }
        self.agent.trade(state, me, rng)
    }

    fn place(&mut self, state: &State, me: u8, left: u32, rng: &mut Stream) -> TerritoryId {
        if self.shared.gone() {
            return first_owned(state, me);
        }
        self.agent.place(state, me, left, rng)
    }

    fn place_bonus(
        &mut self,
        state: &State,
        me: u8,
        continent: usize,
        left: u32,
        rng: &mut Stream,
    ) -> TerritoryId {
        if self.shared.gone() {
            return first_in(state, me, continent);
        }
        self.agent.place_bonus(state, me, continent, left, rng)
    }

    fn observe(&mut self, state: &State, event: &Event) {
        if !self.shared.gone() {
            self.agent.observe(state, event);
        }
    }

    fn attack(
        &mut self,
        state: &State,
        me: u8,
        rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        if self.shared.gone() {
            return None;
        }
        self.agent.attack(state, me, rng)
    }

    fn fortify(
        &mut self,
        state: &State,
        me: u8,
        moved_from: &[bool],
        rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        if self.shared.gone() {
            return None;
        }
        self.agent.fortify(state, me, moved_from, rng)
    }
}
