//! Reinforcing: trading cards, then placing every troop (each continent's bonus inside that
//! continent first), several at once with a count, the troops left always in the prompt.

use std::io::{BufRead, Write};

use ludoforge_risk::map::TerritoryId;
use ludoforge_risk::state::State;

use super::{Human, Phase, command};

impl<R: BufRead, W: Write> Human<R, W> {
    /// Asks which three cards to trade, if any (`None`: keep them, or the person has left).
    pub(super) fn ask_trade(&mut self, state: &State, me: u8) -> Option<Option<[usize; 3]>> {
        let hand = state.hands[me as usize].clone();
        self.begin(state, me, Phase::Place);
        let cards: Vec<String> = hand
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                let own = if state.owner[t as usize] == me {
                    " (yours: +2 there)"
                } else {
                    ""
                };
                format!("{} {}{own}", i + 1, state.map.territory_name(t))
            })
            .collect();
        self.tell(&format!(
            "Your cards: {}. Any three trade for {} troops now.",
            cards.join(", "),
            state.rules.trade_value(state.trades)
        ));
        let forced = hand.len() >= 5;
        let prompt = if forced {
            self.tag(state, "Place") + "5 cards: you must trade three, e.g. 1 2 3"
        } else {
            self.tag(state, "Place") + "trade three (e.g. 1 2 3), or Enter keeps them"
        };
        loop {
            let line = self.answer(&prompt, state, me)?;
            if line.is_empty() && !forced {
                return Some(None);
            }
            let numbers: Option<Vec<usize>> = command::tokens(&line)
                .iter()
                .map(|s| s.parse::<usize>().ok())
                .collect();
            match numbers.as_deref() {
                Some(&[a, b, c])
                    if [a, b, c].iter().all(|&i| (1..=hand.len()).contains(&i))
                        && a != b
                        && b != c
                        && a != c =>
                {
                    return Some(Some([a - 1, b - 1, c - 1]));
                }
                _ => self.tell(&format!(
                    "Give three different card numbers, 1 to {}, e.g. 1 2 3.",
                    hand.len()
                )),
            }
        }
    }

    /// Asks where `continent`'s bonus troops go, `left` of them still to place (`None`: the
    /// person has left).
    pub(super) fn ask_bonus(
        &mut self,
        state: &State,
        me: u8,
        continent: usize,
        left: u32,
    ) -> Option<TerritoryId> {
        self.begin(state, me, Phase::Place);
        let c = &state.map.continents()[continent];
        if self.turn.bonus_told != Some(continent) {
            self.turn.bonus_told = Some(continent);
            let troops = if c.bonus == 1 {
                "bonus troop goes".to_string()
            } else {
                format!("{} bonus troops go", c.bonus)
            };
            self.tell(&format!("You hold all of {}: its {troops} there.", c.name));
        }
        // Bonuses come continent by continent, then the troops for territories and cards.
        let later: u32 = state
            .owned_continents(me)
            .into_iter()
            .filter(|&d| d > continent)
            .map(|d| state.map.continents()[d].bonus)
            .sum();
        let total = left + later + self.turn.share + self.turn.traded;
        let prompt =
            self.tag(state, &format!("Place: {total} left, {left} in {}", c.name)) + "where";
        self.ask_placement(state, me, &prompt, left, Some(continent))
    }

    /// Asks where the next of `left` troops go (`None`: the person has left).
    pub(super) fn ask_place(&mut self, state: &State, me: u8, left: u32) -> Option<TerritoryId> {
        self.begin(state, me, Phase::Place);
        let prompt = self.tag(state, &format!("Place: {left} left")) + "where (and how many)";
        self.ask_placement(state, me, &prompt, left, None)
    }

    /// Asks until the person names one of their territories (in `continent`, for a bonus)
    /// and at most `left` troops; the first goes now, the rest wait in `placing`.
    fn ask_placement(
        &mut self,
        state: &State,
        me: u8,
        prompt: &str,
        left: u32,
        continent: Option<usize>,
    ) -> Option<TerritoryId> {
        loop {
            let line = self.answer(prompt, state, me)?;
            let fits = |t: TerritoryId| {
                state.owner[t as usize] == me
                    && continent.is_none_or(|c| state.map.continent_of(t) == c)
            };
            let problem = match command::placement(state.map, &line, &fits) {
                Err(e) => e,
                Ok((t, count)) => {
                    let n = count.of(left);
                    let name = state.map.territory_name(t);
                    if state.owner[t as usize] != me {
                        format!("{name} is not yours: place troops on your own territories (Y).")
                    } else if let Some(c) = continent
                        && state.map.continent_of(t) != c
                    {
                        let c = &state.map.continents()[c].name;
                        format!("{name} is not in {c}: {c}'s bonus troops go there.")
                    } else if n > left {
                        match continent {
                            Some(c) => format!(
                                "Only {left} {} bonus troops are left; the rest come next.",
                                state.map.continents()[c].name
                            ),
                            None => format!("You have {left} troops left to place."),
                        }
                    } else {
                        self.placing = (n > 1).then_some((t, n - 1));
                        return Some(t);
                    }
                }
            };
            self.tell(&problem);
        }
    }

    /// The next troop of a placement of several, if one is waiting and still fits.
    pub(super) fn placing_next(
        &mut self,
        state: &State,
        me: u8,
        continent: Option<usize>,
    ) -> Option<TerritoryId> {
        let (t, n) = self.placing.take()?;
        let fits = state.owner[t as usize] == me
            && continent.is_none_or(|c| state.map.continent_of(t) == c);
        if !fits {
            return None;
        }
        self.placing = (n > 1).then_some((t, n - 1));
        Some(t)
    }
}
