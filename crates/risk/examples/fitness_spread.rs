//! How much a variant's fitness moves from one playtest to the next: for one variant, the
//! fitness over 20 seeds with 100 matches each, against `--matches auto` (and `auto:0.02`).
//!
//! `cargo run --release -p ludoforge-risk --example fitness_spread`
//!
//! Two variants: the classic board under the standard rules (the paper's formulas), and the
//! published map3 under the published code's rules and formulas (`--rules rossato2023`). For
//! each way of playing, over seeds 1 to 20: the fitness's mean, standard deviation and range,
//! the mean half-width of its 95% interval (a 95% interval's half-width is about 1.96
//! standard deviations, so the two columns check each other), and the mean number of matches
//! played. Prints a Markdown table.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use ludoforge_risk::criteria::Formulas;
use ludoforge_risk::criteria::interval::intervals;
use ludoforge_risk::map::RiskMap;
use ludoforge_risk::playtest::{Scoring, playtest};
use ludoforge_risk::rules::Rules;
use ludoforge_risk::steady::{Auto, DEFAULT_CAP, Matches, playtest_steady};

/// Seeds 1 to this.
const SEEDS: u64 = 20;

/// One playtest: its fitness, its interval's half-width and the matches played.
fn measure(
    map: &RiskMap,
    rules: Rules,
    scoring: &Scoring,
    matches: Matches,
    seed: u64,
) -> [f64; 3] {
    let never = AtomicBool::new(false);
    match matches {
        Matches::Count(n) => {
            let p = playtest(map, rules, n, seed, scoring).expect("the scoring fits");
            let found = intervals(&p.records, scoring, seed).expect("the scoring fits");
            [
                p.fitness,
                found.fitness.map_or(f64::NAN, |f| f.half_width()),
                f64::from(n),
            ]
        }
        Matches::Auto(auto) => {
            let s = playtest_steady(map, rules, auto, seed, scoring, &|| {}, &never)
                .expect("the scoring fits");
            [
                s.playtest.fitness,
                s.intervals.fitness.map_or(f64::NAN, |f| f.half_width()),
                s.playtest.records.len() as f64,
            ]
        }
    }
}

fn main() {
    let variants = [
        (
            "classic, standard rules",
            "classic",
            Rules::classic(),
            Formulas::Paper,
        ),
        (
            "map3, rossato2023",
            "map3",
            Rules::classic().rossato2023(),
            Formulas::Rossato2023,
        ),
    ];
    let ways = [
        Matches::Count(100),
        Matches::Auto(Auto {
            epsilon: None,
            cap: DEFAULT_CAP,
        }),
        Matches::Auto(Auto {
            epsilon: Some(0.02),
            cap: DEFAULT_CAP,
        }),
    ];
    println!(
        "| variant | --matches | fitness mean | sd | min – max | mean ± (95% half-width) | \
         mean matches | at the cap | seconds |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (label, name, rules, formulas) in variants {
        let map = RiskMap::embedded(name).expect("an embedded map");
        let scoring = Scoring::all(formulas);
        for matches in ways {
            let started = Instant::now();
            let runs: Vec<[f64; 3]> = (1..=SEEDS)
                .map(|seed| measure(&map, rules, &scoring, matches, seed))
                .collect();
            let seconds = started.elapsed().as_secs_f64();
            let n = runs.len() as f64;
            let column = |k: usize| runs.iter().map(move |r| r[k]);
            let mean = column(0).sum::<f64>() / n;
            let sd = (column(0).map(|f| (f - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
            let min = column(0).fold(f64::INFINITY, f64::min);
            let max = column(0).fold(f64::NEG_INFINITY, f64::max);
            let half = column(1).sum::<f64>() / n;
            let played = column(2).sum::<f64>() / n;
            let capped = column(2).filter(|&m| m >= f64::from(DEFAULT_CAP)).count();
            println!(
                "| {label} | {matches} | {mean:.3} | {sd:.3} | {min:.3} – {max:.3} | {half:.3} | \
                 {played:.0} | {capped} of {SEEDS} | {seconds:.1} |"
            );
        }
    }
}
