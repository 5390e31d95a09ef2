//! A person playing Risk at an 80 × 24 terminal. Each turn opens with a header (turn, phase,
//! troops to place and where they come from) after the opponent's turn told in a few lines
//! and the territories that changed; the person places every troop, bonuses included, sees
//! the odds before each throw and the dice after, and moves many troops in one command. The
//! whole board (12 lines for the classic map) only when asked. Nonsense is re-asked with what
//! to type instead, never a crash. When the input ends, the rule agent plays on quietly.

mod attacking;
mod board;
mod command;
mod legal;
mod news;
mod odds;
mod placing;
mod screen;
#[cfg(test)]
mod tests;

use std::io::{BufRead, Write};

use ludoforge_evolve::Stream;
use ludoforge_risk::agent::{Agent, RuleAgent};
use ludoforge_risk::event::Event;
use ludoforge_risk::map::{RiskMap, TerritoryId};
use ludoforge_risk::rules::{Compat, Rules};
use ludoforge_risk::state::{NEUTRAL, State};

use self::attacking::Attack;
use self::board::Seen;
use self::command::Word;
use self::legal::{can_move, move_problem};
pub use self::screen::Paint;

/// The commands, as `help` lists them.
const HELP: [&str; 12] = [
    "Territories: a number (12), a name (peru) or the start of each word (w eu).",
    "  Place     12 3       3 troops on 12 (12: one, 12 all: the rest)",
    "  Attack    11 10      choose: see both armies, their dice and the odds",
    "            Enter      roll (again); blitz: roll until taken or down to 1",
    "            blitz 11 10  choose and blitz at once; done: stop attacking",
    "  Fortify   11 10 3    move 3 troops from 11 to 10 (all: all but one)",
    "            Enter      end your turn (troops never enter a territory",
    "                       that troops left this turn)",
    "  Cards     1 2 3      trade three cards when asked (Enter keeps them)",
    "  Any time  b          the whole board     log   their last turn in full",
    "            help       this list           quit  the rule agent plays on",
    "Marks: Y yours, E theirs, . free; NAm+5: North America, bonus 5.",
];

/// Lines a screen may hold, its prompt included: what a person needs stays on an 80 × 24
/// terminal with room to spare.
const SCREEN: usize = 20;

/// Lines the opponent's turn takes at most (`log` tells all of it).
const NEWS: usize = 10;

/// The phases of a turn, for its headers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Pick,
    Place,
    Attack,
    Fortify,
}

/// The person's current turn, as heard.
#[derive(Debug, Clone, Default)]
struct Turn {
    /// The player-turn's number, from 1.
    number: u32,
    /// Troops for the territories held.
    share: u32,
    /// Troops for cards traded.
    traded: u32,
    /// The phase whose header was shown.
    phase: Option<Phase>,
    /// The continent whose bonus was announced.
    bonus_told: Option<usize>,
}

/// A person at the terminal.
pub struct Human<R, W> {
    input: R,
    output: W,
    paint: Paint,
    fallback: RuleAgent,
    ended: bool,
    /// Events heard since the last prompt.
    heard: Vec<Event>,
    /// The opponent's last turn, for `log`.
    last_theirs: Vec<Event>,
    /// The board as the person last looked at it.
    seen: Option<Seen>,
    /// The board after the last event heard.
    latest: Option<Seen>,
    turn: Turn,
    turns_begun: u32,
    /// Troops still to place on one territory (`12 3` places 3 on 12, one a call).
    placing: Option<(TerritoryId, u32)>,
    /// Troops still to move between two territories, one a call.
    moving: Option<(TerritoryId, TerritoryId, u32)>,
    /// The attack chosen, repeated by Enter.
    battle: Option<(TerritoryId, TerritoryId)>,
    /// Whether the chosen attack rolls on without asking.
    blitz: bool,
}

impl<R: BufRead, W: Write> Human<R, W> {
    /// A person reading `input` and writing to `output`, without colour.
    pub fn new(input: R, output: W) -> Self {
        Human {
            input,
            output,
            paint: Paint::PLAIN,
            fallback: RuleAgent::new(),
            ended: false,
            heard: Vec::new(),
            last_theirs: Vec::new(),
            seen: None,
            latest: None,
            turn: Turn::default(),
            turns_begun: 0,
            placing: None,
            moving: None,
            battle: None,
            blitz: false,
        }
    }

    /// The same person, with text coloured by `paint`.
    #[must_use]
    pub fn with_paint(mut self, paint: Paint) -> Self {
        self.paint = paint;
        self
    }

    fn say(&mut self, text: &str) {
        let _ = writeln!(self.output, "{text}");
    }

    fn say_lines(&mut self, lines: &[String]) {
        for line in lines {
            self.say(line);
        }
    }

    /// Says `text` wrapped to the terminal's width.
    pub fn tell(&mut self, text: &str) {
        self.say_lines(&screen::wrap(text, 2));
    }

    /// One line of input, trimmed; `None` once the input has ended.
    fn ask(&mut self, prompt: &str) -> Option<String> {
        if self.ended {
            return None;
        }
        let prompt = self.paint.strong(prompt);
        let _ = write!(self.output, "{prompt}> ");
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

    /// The next line that is not a word for any time (those are answered here); `None` once
    /// the person has left or the input has ended.
    fn answer(&mut self, prompt: &str, state: &State, me: u8) -> Option<String> {
        loop {
            let line = self.ask(prompt)?;
            if !self.any_time(&line, state, me) {
                return Some(line);
            }
            if self.ended {
                return None;
            }
        }
    }

    /// "[Turn 5/48 Attack]" and the like.
    fn tag(&self, state: &State, what: &str) -> String {
        format!(
            "[Turn {}/{} {what}] ",
            self.turn.number, state.rules.max_player_turns
        )
    }

    /// Handles a word that works at any prompt; true if the line was one.
    fn any_time(&mut self, line: &str, state: &State, me: u8) -> bool {
        let Some(word) = command::word(line) else {
            return false;
        };
        match word {
            Word::Help => self.say_lines(&HELP.map(String::from)),
            Word::Board => {
                self.say_lines(&board::board(state, me, self.paint));
                self.seen = Some(snapshot(state));
            }
            Word::Log => {
                if self.last_theirs.is_empty() {
                    self.say("They have not played a turn yet.");
                } else {
                    let events = self.last_theirs.clone();
                    self.say_lines(&news::tell(&events, state, me, usize::MAX));
                }
            }
            Word::Quit => {
                self.ended = true;
                self.say("You leave the table; the rule agent plays on for you.");
            }
        }
        true
    }

    /// Before a decision: what happened since the last one, the turn's header when it has
    /// just begun, and the phase's when it has just changed.
    fn begin(&mut self, state: &State, me: u8, phase: Phase) {
        let events = std::mem::take(&mut self.heard);
        for e in &events {
            match *e {
                Event::TurnBegan {
                    player,
                    turn,
                    troops,
                } if player == me => {
                    self.turn = Turn {
                        number: turn,
                        share: troops,
                        ..Turn::default()
                    };
                }
                Event::Traded { player, troops, .. } if player == me => self.turn.traded += troops,
                _ => {}
            }
        }
        let theirs = |e: &Event| matches!(e, Event::TurnBegan { player, .. } if *player != me);
        if let Some(start) = events.iter().rposition(theirs) {
            let end = events[start..]
                .iter()
                .position(|e| *e == Event::TurnEnded { player: 1 - me })
                .map_or(events.len(), |k| start + k + 1);
            self.last_theirs = events[start..end].to_vec();
        }
        let mine = |e: &Event| matches!(e, Event::TurnBegan { player, .. } if *player == me);
        let began = events.iter().position(mine);
        let (before, after) = events.split_at(began.unwrap_or(events.len()));
        // What follows the news: at the turn's start, the board or what changed and the
        // header; at the first pick, the board.
        let mut follow = Vec::new();
        if began.is_some() {
            follow = self.open_turn(state, me);
        }
        if phase == Phase::Pick && self.seen.is_none() {
            follow.extend(board::board(state, me, self.paint));
            follow.extend(screen::wrap(
                "Take turns picking the free territories (marked .); each starts with one troop.",
                2,
            ));
        }
        // The news gets what room is left, a line or two (a bonus, the cards) and the prompt
        // aside.
        let room = SCREEN.saturating_sub(follow.len() + 3).clamp(2, NEWS);
        self.say_lines(&news::tell(before, state, me, room));
        self.say_lines(&follow);
        self.say_lines(&news::tell(after, state, me, room));
        if phase != Phase::Pick && self.turn.phase != Some(phase) {
            self.turn.phase = Some(phase);
            let header = match phase {
                Phase::Attack => self.header(state, "Attack"),
                Phase::Fortify => self.header(state, "Fortify"),
                Phase::Place | Phase::Pick => Vec::new(),
            };
            self.say_lines(&header);
        }
        self.seen = Some(snapshot(state));
    }

    /// "== Turn 5/48, your turn: `text`", emphasised.
    fn header(&self, state: &State, text: &str) -> Vec<String> {
        let line = format!(
            "== Turn {}/{}, your turn: {text}",
            self.turn.number, state.rules.max_player_turns
        );
        screen::wrap(&line, 3)
            .iter()
            .map(|l| self.paint.strong(l))
            .collect()
    }

    /// The start of the person's turn: the board (the first time) or what changed, then the
    /// header with the troops to place and where they come from.
    fn open_turn(&mut self, state: &State, me: u8) -> Vec<String> {
        self.turns_begun += 1;
        let mut lines = match &self.seen {
            Some(seen) if self.turns_begun > 1 => board::changed(state, me, seen, 3, self.paint),
            _ => board::board(state, me, self.paint),
        };
        let mut parts = vec![format!(
            "{} for {} territories",
            self.turn.share,
            state.territory_count(me)
        )];
        let mut total = self.turn.share;
        for c in state.owned_continents(me) {
            let continent = &state.map.continents()[c];
            parts.push(format!("{} {}", continent.bonus, continent.name));
            total += continent.bonus;
        }
        self.turn.phase = Some(Phase::Place);
        lines.extend(self.header(
            state,
            &format!("Place {total} troops: {}", parts.join(" + ")),
        ));
        if parts.len() > 1 && state.rules.compat == Compat::Rossato2023 {
            lines.push("  (The published code's rules place the bonus troops for you.)".into());
        }
        lines
    }

    /// The board and the news up to now, told once the match is over.
    pub fn finish(&mut self, map: &RiskMap, rules: Rules, me: u8) {
        if self.ended {
            return;
        }
        let Some((owner, troops)) = self.latest.clone() else {
            return;
        };
        let mut state = State::new(map, rules);
        state.owner = owner;
        state.troops = troops;
        let events = std::mem::take(&mut self.heard);
        self.say_lines(&news::tell(&events, &state, me, NEWS));
        if let Some(seen) = &self.seen {
            let lines = board::changed(&state, me, seen, 3, self.paint);
            self.say_lines(&lines);
        }
    }
}

/// The board's owners and troops.
fn snapshot(state: &State) -> Seen {
    (state.owner.clone(), state.troops.clone())
}

impl<R: BufRead, W: Write> Agent for Human<R, W> {
    fn pick(&mut self, state: &State, me: u8, rng: &mut Stream) -> TerritoryId {
        if !self.ended {
            self.begin(state, me, Phase::Pick);
        }
        let prompt = format!("[Pick: {} free] territory", state.neutral().len());
        while let Some(line) = self.answer(&prompt, state, me) {
            let free = |t: TerritoryId| state.owner[t as usize] == NEUTRAL;
            let problem = match command::territory(state.map, &line, &free) {
                Ok(t) if free(t) => return t,
                Ok(t) => format!(
                    "{} is taken: pick a free territory (marked . on the board).",
                    state.map.territory_name(t)
                ),
                Err(e) => e,
            };
            self.tell(&problem);
        }
        self.fallback.pick(state, me, rng)
    }

    fn trade(&mut self, state: &State, me: u8, rng: &mut Stream) -> Option<[usize; 3]> {
        if self.ended || state.hands[me as usize].len() < 3 {
            return self.fallback.trade(state, me, rng);
        }
        match self.ask_trade(state, me) {
            Some(choice) => choice,
            None => self.fallback.trade(state, me, rng),
        }
    }

    fn place_bonus(
        &mut self,
        state: &State,
        me: u8,
        continent: usize,
        left: u32,
        rng: &mut Stream,
    ) -> TerritoryId {
        if let Some(t) = self.placing_next(state, me, Some(continent)) {
            return t;
        }
        if !self.ended
            && let Some(t) = self.ask_bonus(state, me, continent, left)
        {
            return t;
        }
        self.fallback.place_bonus(state, me, continent, left, rng)
    }

    fn place(&mut self, state: &State, me: u8, left: u32, rng: &mut Stream) -> TerritoryId {
        if let Some(t) = self.placing_next(state, me, None) {
            return t;
        }
        if !self.ended
            && let Some(t) = self.ask_place(state, me, left)
        {
            return t;
        }
        self.fallback.place(state, me, left, rng)
    }

    fn observe(&mut self, state: &State, event: &Event) {
        if self.ended {
            return;
        }
        self.latest = Some(snapshot(state));
        self.heard.push(event.clone());
    }

    fn attack(
        &mut self,
        state: &State,
        me: u8,
        rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        if self.ended {
            return self.fallback.attack(state, me, rng);
        }
        match self.ask_attack(state, me) {
            Attack::Throw(from, to) => Some((from, to)),
            Attack::Done => None,
            Attack::Left => self.fallback.attack(state, me, rng),
        }
    }

    fn fortify(
        &mut self,
        state: &State,
        me: u8,
        moved_from: &[bool],
        rng: &mut Stream,
    ) -> Option<(TerritoryId, TerritoryId)> {
        self.battle = None;
        self.blitz = false;
        if let Some((f, t, n)) = self.moving.take()
            && move_problem(state, me, moved_from, f, t, 1).is_none()
        {
            self.moving = (n > 1).then_some((f, t, n - 1));
            return Some((f, t));
        }
        if self.ended {
            return self.fallback.fortify(state, me, moved_from, rng);
        }
        self.begin(state, me, Phase::Fortify);
        if !can_move(state, me, moved_from) {
            self.tell("No troops can move now: your turn ends.");
            return None;
        }
        let prompt = self.tag(state, "Fortify") + "FROM TO N (or all), or Enter ends turn";
        while let Some(line) = self.answer(&prompt, state, me) {
            if matches!(line.to_lowercase().as_str(), "" | "done" | "end" | "d") {
                return None;
            }
            let mine = |t: TerritoryId| state.owner[t as usize] == me;
            let problem = match command::movement(state.map, &line, [&mine, &mine]) {
                Err(e) => e,
                Ok((f, t, count)) => {
                    let n = count.of(state.troops[f as usize].saturating_sub(1));
                    match move_problem(state, me, moved_from, f, t, n) {
                        Some(problem) => problem,
                        None => {
                            self.moving = (n > 1).then_some((f, t, n - 1));
                            return Some((f, t));
                        }
                    }
                }
            };
            self.tell(&problem);
        }
        self.fallback.fortify(state, me, moved_from, rng)
    }
}
