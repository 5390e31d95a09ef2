//! Attacking, one throw at a time as the engine asks: choose an attack and see both armies,
//! their dice and the odds; Enter rolls (again); `blitz` rolls on without asking until the
//! territory falls or the attacker is down to one troop; `done` moves on to fortifying.

use std::io::{BufRead, Write};

use ludoforge_risk::map::TerritoryId;
use ludoforge_risk::state::State;

use super::legal::{attack_problem, can_attack};
use super::{Human, Phase, command, odds};

/// What the person asked for at the attack prompt.
pub(super) enum Attack {
    /// Throw the dice of this attack.
    Throw(TerritoryId, TerritoryId),
    /// Stop attacking.
    Done,
    /// The person has left.
    Left,
}

impl<R: BufRead, W: Write> Human<R, W> {
    /// The next throw, or the end of the attacks.
    pub(super) fn ask_attack(&mut self, state: &State, me: u8) -> Attack {
        let chosen = self
            .battle
            .filter(|&(f, t)| attack_problem(state, me, f, t).is_none());
        if self.blitz
            && let Some((f, t)) = chosen
        {
            return Attack::Throw(f, t);
        }
        self.blitz = false;
        let battle_over = self.battle.is_some() && chosen.is_none();
        self.battle = chosen;
        let opening = self.turn.phase != Some(Phase::Attack);
        self.begin(state, me, Phase::Attack);
        if !can_attack(state, me) {
            self.tell(
                "No attack is possible now: no territory of yours with 2 troops borders an enemy.",
            );
            self.battle = None;
            return Attack::Done;
        }
        if opening || battle_over {
            let best = odds::best_attacks(state, me, 3);
            self.tell(&format!("Best chances: {}.", best.join(", ")));
        }
        // After a throw, its outcome has just told both armies: the odds of the next follow.
        let mut show_odds = true;
        let mut chosen_now = false;
        loop {
            if let Some((f, t)) = self.battle
                && show_odds
            {
                if chosen_now {
                    let lines = odds::before_attack(state, f, t);
                    self.say_lines(&lines);
                } else {
                    let line = odds::next_throw(state, f, t);
                    self.tell(&line);
                }
                show_odds = false;
            }
            let prompt = if self.battle.is_some() {
                self.tag(state, "Attack") + "Enter rolls, blitz, FROM TO, or done"
            } else {
                self.tag(state, "Attack") + "FROM TO (e.g. 11 10), or done"
            };
            let Some(line) = self.answer(&prompt, state, me) else {
                return Attack::Left;
            };
            match line.to_lowercase().as_str() {
                "" | "again" | "a" | "roll" | "r" | "blitz" => {
                    if let Some((f, t)) = self.battle {
                        self.blitz = line.eq_ignore_ascii_case("blitz");
                        return Attack::Throw(f, t);
                    }
                    self.tell("Choose an attack first: FROM TO (e.g. 11 10), or done to stop.");
                    continue;
                }
                "done" | "d" | "end" | "stop" | "fortify" | "f" => {
                    self.battle = None;
                    return Attack::Done;
                }
                _ => {}
            }
            let mine = |t: TerritoryId| state.owner[t as usize] == me;
            let theirs = |t: TerritoryId| state.owner[t as usize] == 1 - me;
            match command::attack(state.map, &line, [&mine, &theirs]) {
                Err(e) => self.tell(&e),
                Ok((f, t, blitz)) => match attack_problem(state, me, f, t) {
                    Some(problem) => self.tell(&problem),
                    None => {
                        self.battle = Some((f, t));
                        show_odds = true;
                        chosen_now = true;
                        if blitz {
                            let lines = odds::before_attack(state, f, t);
                            self.say_lines(&lines);
                            self.blitz = true;
                            return Attack::Throw(f, t);
                        }
                    }
                },
            }
        }
    }
}
