//! Whole matches played by a person who types a fixed round of commands (good ones and
//! nonsense), read back screen by screen: everything fits 80 × 24 with the prompt last, and
//! the troops to place add up.

use ludoforge_evolve::rng::stream;
use ludoforge_risk::agent::{RandomAgent, RuleAgent};
use ludoforge_risk::game::play_match_told;
use ludoforge_risk::map::RiskMap;
use ludoforge_risk::rules::{Distribution, Rules};

use super::*;

/// A round of commands for `map`: every territory's number, a placement of all, every
/// border as an attack (chosen, then blitzed) and as a move of two, Enter, `done`, a trade,
/// the board and help, and nonsense; `rounds` times over.
fn script(map: &RiskMap, rounds: usize) -> String {
    let n = map.territories() as u32;
    let mut round: Vec<String> = (0..n).map(|t| t.to_string()).collect();
    round.push("xyzzy".into());
    for t in 0..n {
        round.push(format!("{t} all"));
        for &u in map.neighbours(t) {
            round.push(format!("{t} {u}"));
            round.push(String::new());
            round.push(format!("blitz {t} {u}"));
            round.push(format!("{t} {u} 2"));
        }
        if t % 5 == 0 {
            round.extend(["done", "", "1 2 3", "b", "help", "1 2"].map(String::from));
        }
    }
    round.push("done".into());
    let mut text = String::new();
    for _ in 0..rounds {
        for line in &round {
            text.push_str(line);
            text.push('\n');
        }
    }
    text
}

/// The screens between prompts: each ends with its prompt (`[...] ...>`).
fn screens(out: &str) -> Vec<Vec<String>> {
    let mut screens = vec![Vec::new()];
    for line in out.lines() {
        let mut rest = line;
        while rest.starts_with('[')
            && let Some(end) = rest.find("> ")
        {
            screens.last_mut().unwrap().push(rest[..=end].to_string());
            screens.push(Vec::new());
            rest = &rest[end + 2..];
        }
        if !rest.is_empty() || line.is_empty() {
            screens.last_mut().unwrap().push(rest.to_string());
        }
    }
    screens
}

/// Plays a match with the person in seat `me` typing `input`; the text written.
fn play(map: &RiskMap, rules: Rules, me: u8, input: &str, seed: u64) -> String {
    let mut out = Vec::new();
    let mut human = Human::new(input.as_bytes(), &mut out);
    let mut rule = RuleAgent::new();
    let mut random = RandomAgent;
    let opponent: &mut dyn Agent = if seed.is_multiple_of(2) {
        &mut rule
    } else {
        &mut random
    };
    let agents: [&mut dyn Agent; 2] = if me == 0 {
        [&mut human, opponent]
    } else {
        [opponent, &mut human]
    };
    play_match_told(map, rules, agents, &mut stream(seed, 0, 0));
    human.finish(map, rules, me);
    String::from_utf8(out).unwrap()
}

/// The number after `key` in `text`.
fn number_after(text: &str, key: &str) -> Option<u32> {
    let rest = &text[text.find(key)? + key.len()..];
    rest.split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

fn check(out: &str) {
    let screens = screens(out);
    assert!(screens.len() > 50, "only {} prompts:\n{out}", screens.len());
    for screen in &screens {
        let shown = screen.join("\n");
        assert!(screen.len() <= 20, "{} lines:\n{shown}", screen.len());
        for line in screen {
            assert!(line.chars().count() <= 79, "too wide: {line:?}");
        }
    }
    // In each turn, the troops left to place never grow, and the first count is the
    // header's (and a trade's, when one came first).
    let mut header: Option<u32> = None;
    let mut traded = 0;
    let mut last: Option<(String, u32)> = None;
    for screen in &screens {
        let text = screen.join("\n");
        if let Some(n) = number_after(&text, "your turn: Place ") {
            header = Some(n);
            traded = 0;
        }
        if let Some(at) = text.find("You traded ")
            && let Some(n) = number_after(&text[at..], " for ")
        {
            traded = n;
        }
        let Some(prompt) = screen.last().filter(|l| l.starts_with('[')) else {
            continue;
        };
        let (Some(turn), Some(left)) = (
            number_after(prompt, "[Turn "),
            number_after(prompt, "Place: "),
        ) else {
            continue;
        };
        let key = turn.to_string();
        match &last {
            Some((t, before)) if *t == key => assert!(left <= *before, "{text}"),
            _ => {
                let expected = header.expect("a header before the first placement") + traded;
                assert_eq!(left, expected, "{text}");
            }
        }
        last = Some((key, left));
    }
}

#[test]
fn every_screen_fits_80_by_24_on_the_classic_map() {
    let map = RiskMap::embedded("classic").unwrap();
    let out = play(&map, Rules::classic(), 0, &script(&map, 3), 2);
    check(&out);
    assert!(out.contains("== Turn 1/48, your turn: Place"), "{out}");
    assert!(out.contains("your turn: Attack"));
    assert!(out.contains("Best chances: "));
    assert!(out.contains("blitz wins"));
    assert!(out.contains("your turn: Fortify"));
    assert!(out.contains("Their turn 2/48: "));
    assert!(out.contains("input ended"));
}

#[test]
fn every_screen_fits_on_a_small_map_played_second() {
    let map = RiskMap::embedded("map8").unwrap();
    let mut rules = Rules::classic();
    rules.distribution = Distribution::Random;
    for seed in [1, 4, 7] {
        let out = play(&map, rules, 1, &script(&map, 12), seed);
        check(&out);
        // Dealt at random, the first turn shows the whole board after the opponent's.
        assert!(
            out.starts_with("The territories were shared out: you took 5"),
            "{out}"
        );
        let first = out.find("Their turn 1/48").unwrap();
        assert!(out[first..].find("Board: ").unwrap() < out.find("your turn: Place").unwrap());
    }
}
