//! A person playing Risk at the terminal: what changed since the last decision (the
//! opponent's moves, the outcome of one's own attacks), the board, plain prompts, and nonsense
//! re-asked, never a crash. When the input ends, the rule agent plays on quietly.

use std::io::{BufRead, Write};

use ludoforge_evolve::Stream;
use ludoforge_risk::agent::{Agent, RuleAgent};
use ludoforge_risk::map::TerritoryId;
use ludoforge_risk::state::{NEUTRAL, State};

/// A person at the terminal.
pub struct Human<R, W> {
    input: R,
    output: W,
    fallback: RuleAgent,
    ended: bool,
    /// Troops still to place on one territory ("12 3" puts 3 troops on 12).
    pending: Option<(TerritoryId, u32)>,
    /// Owners and troops when the board was last shown.
    seen: Option<(Vec<u8>, Vec<u32>)>,
}

impl<R: BufRead, W: Write> Human<R, W> {
    /// A person reading `input` and writing prompts to `output`.
    pub fn new(input: R, output: W) -> Self {
        Human {
            input,
            output,
            fallback: RuleAgent::new(),
            ended: false,
            pending: None,
            seen: None,
        }
    }

    fn say(&mut self, text: &str) {
        let _ = writeln!(self.output, "{text}");
    }

    /// One line of input, trimmed; `None` once the input has ended.
    fn ask(&mut self, prompt: &str) -> Option<String> {
        if self.ended {
            return None;
        }
        let _ = write!(self.output, "{prompt} ");
        let _ = self.output.flush();
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(0) | Err(_) => {
                self.ended = true;
                self.say("\n(input ended: the rule agent plays on for you)");
                None
            }
            Ok(_) => Some(line.trim().to_string()),
        }
    }

    /// The territories whose owner or troops changed since the board was last shown.
    fn changes(&self, state: &State, me: u8) -> Vec<String> {
        let Some((owner, troops)) = &self.seen else {
            return Vec::new();
        };
        let side = |o: u8, n: u32| match o {
            NEUTRAL => "free".to_string(),
            o if o == me => format!("yours {n}"),
            _ => format!("theirs {n}"),
        };
        (0..state.owner.len())
            .filter(|&t| owner[t] != state.owner[t] || troops[t] != state.troops[t])
            .map(|t| {
                let (before, after) = (owner[t], state.owner[t]);
                let taken = match (before, after) {
                    (b, a) if b == a || b == NEUTRAL => "",
                    (_, a) if a == me => " (you took it)",
                    _ => " (they took it)",
                };
                format!(
                    "  {:>3} {}: {} -> {}{taken}",
                    t,
                    state.map.territory_name(t as TerritoryId),
                    side(before, troops[t]),
                    side(after, state.troops[t])
                )
            })
            .collect()
    }

    fn board(&mut self, state: &State, me: u8) {
        if self.ended {
            return;
        }
        let changes = self.changes(state, me);
        self.seen = Some((state.owner.clone(), state.troops.clone()));
        if !changes.is_empty() {
            self.say(&format!("\nSince you last looked:\n{}", changes.join("\n")));
        }
        let map = state.map;
        let who = |o: u8| match o {
            NEUTRAL => "free".to_string(),
            o if o == me => "YOU".to_string(),
            _ => "them".to_string(),
        };
        let mut text = String::from("\n");
        for continent in map.continents() {
            text.push_str(&format!(
                "{} (bonus {}):\n",
                continent.name, continent.bonus
            ));
            for &t in &continent.territories {
                let o = state.owner[t as usize];
                let neighbours: Vec<String> =
                    map.neighbours(t).iter().map(|n| n.to_string()).collect();
                text.push_str(&format!(
                    "  {:>3} {:<22} {:>4} {:>3}   borders {}\n",
                    t,
                    map.territory_name(t),
                    who(o),
                    if o == NEUTRAL {
                        String::new()
                    } else {
                        state.troops[t as usize].to_string()
                    },
                    neighbours.join(" ")
                ));
            }
        }
        let hand: Vec<String> = state.hands[me as usize]
            .iter()
            .enumerate()
            .map(|(i, &t)| format!("{}:{}", i + 1, map.territory_name(t)))
            .collect();
        text.push_str(&format!(
            "You hold {} territories and {} cards{}{}",
            state.territory_count(me),
            hand.len(),
            if hand.is_empty() { "" } else { ": " },
            hand.join(", ")
        ));
        self.say(&text);
    }

    fn numbers(line: &str) -> Option<Vec<u32>> {
        line.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse::<u32>().ok())
            .collect()
    }
}

impl<R: BufRead, W: Write> Agent for Human<R, W> {
    fn pick(&mut self, state: &State, me: u8, rng: &mut Stream) -> TerritoryId {
        self.board(state, me);
        loop {
            let Some(line) = self.ask("Pick a free territory (its number):") else {
                return self.fallback.pick(state, me, rng);
            };
            match Self::numbers(&line).as_deref() {
                Some([t])
                    if (*t as usize) < state.owner.len() && state.owner[*t as usize] == NEUTRAL =>
                {
                    return *t;
                }
                _ => self.say("That is not the number of a free territory; try again."),
            }
        }
    }

    fn trade(&mut self, state: &State, me: u8, rng: &mut Stream) -> Option<[usize; 3]> {
        let hand = state.hands[me as usize].len();
        if hand < 3 {
            return None;
        }
        self.board(state, me);
        let forced = hand >= 5;
        loop {
            let prompt = if forced {
                "You must trade: which three cards (e.g. 1 2 3)?"
            } else {
                "Trade three cards for troops? Their numbers (e.g. 1 2 3), or Enter to keep them:"
            };
            let Some(line) = self.ask(prompt) else {
                return self.fallback.trade(state, me, rng);
            };
            if line.is_empty() && !forced {
                return None;
            }
            match Self::numbers(&line).as_deref() {
                Some(&[a, b, c])
                    if [a, b, c].iter().all(|&i| (1..=hand as u32).contains(&i))
                        && a != b
                        && b != c
                        && a != c =>
                {
                    return Some([a as usize - 1, b as usize - 1, c as usize - 1]);
                }
                _ => self.say("Give three different card numbers from your hand."),
            }
        }
    }

    fn place(&mut self, state: &State, me: u8, left: u32, rng: &mut Stream) -> TerritoryId {
        if let Some((t, n)) = self.pending {
            self.pending = (n > 1).then_some((t, n - 1));
            return t;
        }
        self.board(state, me);
        loop {
            let Some(line) =
                self.ask("Place a troop: a territory of yours (or 'territory count', e.g. 12 3):")
            else {
                return self.fallback.place(state, me, left, rng);
            };
            match Self::numbers(&line).as_deref() {
                Some([t])
                    if (*t as usize) < state.owner.len() && state.owner[*t as usize] == me =>
                {
                    return *t;
                }
                Some([t, n])
                    if (*t as usize) < state.owner.len()
                        && state.owner[*t as usize] == me
                        && *n >= 1 =>
                {
                    self.pending = (*n > 1).then_some((*t, n - 1));
                    return *t;
                }
                _ => self.say("That is not one of your territories; try again."),
            }
        }
    }

    fn attack(
        &mut self,
        state: &State,
        me: u8,
        rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        self.pending = None;
        self.board(state, me);
        loop {
            let Some(line) = self.ask("Attack: FROM TO (e.g. 4 7), or Enter to stop attacking:")
            else {
                return self.fallback.attack(state, me, rng);
            };
            if line.is_empty() {
                return None;
            }
            match Self::numbers(&line).as_deref() {
                Some(&[from, to])
                    if (from as usize) < state.owner.len()
                        && (to as usize) < state.owner.len()
                        && state.owner[from as usize] == me
                        && state.troops[from as usize] >= 2
                        && state.owner[to as usize] == 1 - me
                        && state.map.neighbours(from).contains(&to) =>
                {
                    return Some((from, to));
                }
                _ => self.say(
                    "Attack from one of your territories with at least 2 troops to an enemy territory it borders.",
                ),
            }
        }
    }

    fn fortify(
        &mut self,
        state: &State,
        me: u8,
        moved_from: &[bool],
        rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        self.board(state, me);
        loop {
            let Some(line) = self.ask("Move one troop: FROM TO, or Enter to end your turn:") else {
                return self.fallback.fortify(state, me, moved_from, rng);
            };
            if line.is_empty() {
                return None;
            }
            match Self::numbers(&line).as_deref() {
                Some(&[from, to])
                    if (from as usize) < state.owner.len()
                        && (to as usize) < state.owner.len()
                        && state.owner[from as usize] == me
                        && state.owner[to as usize] == me
                        && state.troops[from as usize] >= 2
                        && !moved_from[to as usize]
                        && state.map.neighbours(from).contains(&to) =>
                {
                    return Some((from, to));
                }
                _ => self.say(
                    "Move from one of your territories with at least 2 troops to one of yours it borders (not back where troops left).",
                ),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludoforge_risk::map::RiskMap;
    use ludoforge_risk::rules::Rules;

    /// What the person is shown when the board changes between two decisions.
    fn shown(before: &State, after: &State) -> String {
        let mut out = Vec::new();
        let mut human = Human::new(std::io::Cursor::new(Vec::new()), &mut out);
        human.board(before, 0);
        human.board(after, 0);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_changes_since_the_last_look_are_told() {
        let map = RiskMap::embedded("map8").unwrap();
        let mut before = State::new(&map, Rules::classic());
        for t in 0..before.owner.len() {
            before.owner[t] = (t % 2) as u8;
            before.troops[t] = 3;
        }
        let mut after = before.clone();
        after.owner[0] = 1; // taken from us
        after.troops[0] = 2;
        after.owner[1] = 0; // taken by us
        after.troops[1] = 1;
        after.troops[2] = 7; // reinforced
        let text = shown(&before, &after);
        let told = text.split("Since you last looked:").nth(1).unwrap();
        let told = told.split("\n\n").next().unwrap();
        let lines: Vec<&str> = told.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(lines.len(), 3, "{told}");
        assert!(
            lines[0].ends_with("T0: yours 3 -> theirs 2 (they took it)"),
            "{told}"
        );
        assert!(
            lines[1].ends_with("T1: theirs 3 -> yours 1 (you took it)"),
            "{told}"
        );
        assert!(lines[2].ends_with("T2: yours 3 -> yours 7"), "{told}");
        // Nothing changed: nothing told.
        assert!(!shown(&before, &before).contains("Since you last looked"));
    }
}
