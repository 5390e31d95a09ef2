//! Two agents play each other on a map, half the matches in each seat: the first agent's
//! share of the wins with its 95% interval, its wins from each seat, and the time a match
//! takes (wall-clock over the threads used: compare agents in the same session, or run with
//! `RAYON_NUM_THREADS=1` under `time` for processor time).
//!
//! `cargo run --release -p ludoforge-risk --example duel -- mc:8,rule 500 classic 1`
//! (agents, matches in each seat, map, seed), and optionally variations of the classic rules
//! separated by commas: `published` (the published code's reading), `random` (territories
//! dealt at random instead of picked), `min` (as few troops move into a conquered territory
//! as the rules allow).

use std::time::Instant;

use ludoforge_evolve::rng::stream;
use ludoforge_risk::game::play_match;
use ludoforge_risk::map::RiskMap;
use ludoforge_risk::rules::{ConquestMove, Distribution, Rules};
use ludoforge_risk::seats::Seats;
use rayon::prelude::*;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seats: Seats = args
        .first()
        .map_or("mc,rule", String::as_str)
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let per_seat: u32 = args.get(1).map_or(500, |n| n.parse().expect("matches"));
    let map = RiskMap::embedded(args.get(2).map_or("classic", String::as_str)).expect("a map");
    let seed: u64 = args.get(3).map_or(1, |n| n.parse().expect("seed"));
    let mut rules = Rules::classic();
    for variation in args.get(4).map_or("", String::as_str).split(',') {
        match variation.trim() {
            "" => {}
            "published" => rules = rules.rossato2023(),
            "random" => rules.distribution = Distribution::Random,
            "min" => rules.conquest_move = ConquestMove::Min,
            other => panic!("no such variation {other:?}: published, random or min"),
        }
    }
    let [a, b] = seats.0;
    let started = Instant::now();
    // Match i: the first agent sits first when i is even; both seats see the same dice
    // streams.
    let results: Vec<(Option<bool>, u32)> = (0..2 * per_seat)
        .into_par_iter()
        .with_max_len(1)
        .map(|i| {
            let first = i % 2 == 0;
            let (mut x, mut y) = (a.build(), b.build());
            let agents: [&mut dyn ludoforge_risk::agent::Agent; 2] = if first {
                [&mut *x, &mut *y]
            } else {
                [&mut *y, &mut *x]
            };
            let r = play_match(&map, rules, agents, &mut stream(seed, u64::from(i / 2), 0));
            let a_won = r.winner.map(|w| (w == 0) == first);
            (a_won, r.player_turns)
        })
        .collect();
    let seconds = started.elapsed().as_secs_f64();
    let n = results.len() as f64;
    let wins = results.iter().filter(|r| r.0 == Some(true)).count() as f64;
    let draws = results.iter().filter(|r| r.0.is_none()).count();
    // The first agent's wins when it sits first (even matches) and second (odd ones).
    let seat_wins = |parity: usize| {
        results
            .iter()
            .enumerate()
            .filter(|&(i, r)| i % 2 == parity && r.0 == Some(true))
            .count()
    };
    let turns: f64 = results.iter().map(|r| f64::from(r.1)).sum::<f64>() / n;
    // Wilson's interval for a proportion.
    let (p, z) = (wins / n, 1.959_964);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    println!(
        "{a} against {b} on {} ({rules:?}) over {} matches ({per_seat} in each seat, seed {seed}): {a} won {:.1}% (95% interval {:.1}-{:.1}%), {draws} draws, {:.1} player-turns a match, {:.3} ms a match on {} threads; {a} won {} of {per_seat} seated first, {} seated second",
        map.name(),
        n,
        100.0 * p,
        100.0 * (centre - half),
        100.0 * (centre + half),
        turns,
        1000.0 * seconds / n,
        rayon::current_num_threads(),
        seat_wins(0),
        seat_wins(1)
    );
}
