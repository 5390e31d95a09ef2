//! The 95% intervals of real playtests: they hold what they measure, narrow as 1/√n, cover
//! the truth about 95% of the time, and are the same on any number of threads; playtests that
//! play until the fitness is steady stop where they should.

use std::sync::atomic::AtomicBool;

use ludoforge_risk::criteria::interval::{Intervals, intervals};
use ludoforge_risk::criteria::{Criterion, Formulas};
use ludoforge_risk::map::RiskMap;
use ludoforge_risk::playtest::{Playtest, Scoring, playtest};
use ludoforge_risk::rules::Rules;
use ludoforge_risk::stats::Method;
use ludoforge_risk::steady::{Auto, Stop, playtest_steady};

use crate::common::on_threads;

fn played(map: &str, rules: Rules, formulas: Formulas, matches: u32, seed: u64) -> Playtest {
    let map = RiskMap::embedded(map).unwrap();
    playtest(&map, rules, matches, seed, &Scoring::all(formulas)).unwrap()
}

fn of(p: &Playtest, formulas: Formulas, seed: u64) -> Intervals {
    intervals(&p.records, &Scoring::all(formulas), seed).unwrap()
}

#[test]
fn every_interval_holds_what_the_playtest_measured() {
    for (map, rules, formulas) in [
        ("classic", Rules::classic(), Formulas::Paper),
        ("map8", Rules::classic(), Formulas::Paper),
        (
            "map1",
            Rules::classic().rossato2023(),
            Formulas::Rossato2023,
        ),
    ] {
        let p = played(map, rules, formulas, 200, 5);
        let found = of(&p, formulas, 5);
        let fitness = found.fitness.unwrap();
        assert_eq!(fitness.method, Method::BootstrapPercentile);
        // Strictly inside: the percentile ends themselves bracket the estimate, without the
        // stretch a kink would call for (these variants are far from the ideals).
        assert!(
            fitness.low < p.fitness && p.fitness < fitness.high,
            "{map}: {} not strictly inside {fitness:?}",
            p.fitness
        );
        for c in Criterion::ALL {
            let i = found.criterion(c).unwrap();
            assert!(
                i.contains(p.criteria.get(c)),
                "{map} {c}: {} outside {i:?}",
                p.criteria.get(c)
            );
        }
    }
}

#[test]
fn the_fitness_interval_narrows_as_one_over_root_n() {
    // 16 times the matches: a quarter of the half-width, up to the noise of the two
    // estimates of the spread (each within about 10% at these sizes).
    for (map, rules, formulas) in [
        ("classic", Rules::classic(), Formulas::Paper),
        (
            "map1",
            Rules::classic().rossato2023(),
            Formulas::Rossato2023,
        ),
    ] {
        let small = played(map, rules, formulas, 100, 2);
        let large = played(map, rules, formulas, 1_600, 2);
        let (h100, h1600) = (
            of(&small, formulas, 2).fitness.unwrap().half_width(),
            of(&large, formulas, 2).fitness.unwrap().half_width(),
        );
        let ratio = h100 / h1600;
        assert!(
            (3.0..=5.3).contains(&ratio),
            "{map}: ± {h100} at 100 matches, ± {h1600} at 1600: ratio {ratio}"
        );
    }
}

#[test]
fn intervals_are_the_same_on_any_thread_count_and_every_run() {
    let p = played("map8", Rules::classic(), Formulas::Paper, 150, 7);
    let one = on_threads(1, || of(&p, Formulas::Paper, 7));
    for threads in [2, 3] {
        assert_eq!(on_threads(threads, || of(&p, Formulas::Paper, 7)), one);
    }
    assert_eq!(of(&p, Formulas::Paper, 7), one);
    // Another seed resamples other matches.
    assert_ne!(of(&p, Formulas::Paper, 8).fitness, one.fitness);
}

#[test]
fn the_fitness_interval_covers_the_truth_about_95_times_in_100() {
    // The "true" fitness of map8 under the standard rules, from 20,000 matches (its own
    // error is about a fourteenth of a 100-match interval's half-width); then 100 playtests
    // of 100 matches with other seeds, each with its interval. A 95% interval misses about
    // 5 times; 12 or more misses would have a chance below 1 in 1,000.
    let map = RiskMap::embedded("map8").unwrap();
    let scoring = Scoring::all(Formulas::Paper);
    let truth = playtest(&map, Rules::classic(), 20_000, 1_000, &scoring)
        .unwrap()
        .fitness;
    let missed = (0..100)
        .filter(|&seed| {
            let p = playtest(&map, Rules::classic(), 100, seed, &scoring).unwrap();
            let i = intervals(&p.records, &scoring, seed).unwrap();
            !i.fitness.unwrap().contains(truth)
        })
        .count();
    assert!(missed < 12, "{missed} of 100 intervals missed {truth}");
}

#[test]
fn an_automatic_playtest_stops_once_steady_the_same_on_any_thread_count() {
    let map = RiskMap::embedded("classic").unwrap();
    let scoring = Scoring::all(Formulas::Paper);
    let auto = Auto {
        epsilon: Some(0.06),
        cap: 5_000,
    };
    let run = || {
        playtest_steady(
            &map,
            Rules::classic(),
            auto,
            4,
            &scoring,
            &|| {},
            &AtomicBool::new(false),
        )
        .unwrap()
    };
    let one = on_threads(1, run);
    assert_eq!(one.stop, Stop::Reached);
    let n = one.playtest.records.len() as u32;
    // Looks after 100 matches, then every 50.
    assert!(n >= 100 && n.is_multiple_of(50), "{n}");
    assert!(one.intervals.fitness.unwrap().half_width() < 0.06);
    // One batch fewer was not yet steady.
    if n > 100 {
        let before = playtest(&map, Rules::classic(), n - 50, 4, &scoring).unwrap();
        let h = intervals(&before.records, &scoring, 4)
            .unwrap()
            .fitness
            .unwrap();
        assert!(h.half_width() >= 0.06, "{h:?} after {} matches", n - 50);
    }
    // The result is that of a playtest of as many matches.
    let fixed = playtest(&map, Rules::classic(), n, 4, &scoring).unwrap();
    assert_eq!(one.playtest, fixed);
    assert_eq!(
        one.intervals,
        intervals(&fixed.records, &scoring, 4).unwrap()
    );
    assert_eq!(on_threads(2, run), one);
}

#[test]
fn an_automatic_playtest_says_when_the_cap_came_first() {
    let map = RiskMap::embedded("map8").unwrap();
    let scoring = Scoring::all(Formulas::Paper);
    let auto = Auto {
        epsilon: Some(1e-6),
        cap: 230,
    };
    let stop = AtomicBool::new(false);
    let capped = playtest_steady(&map, Rules::classic(), auto, 1, &scoring, &|| {}, &stop).unwrap();
    assert_eq!(capped.stop, Stop::Cap);
    assert_eq!(capped.playtest.records.len(), 230);
    let cancelled = playtest_steady(
        &map,
        Rules::classic(),
        auto,
        1,
        &scoring,
        &|| {},
        &AtomicBool::new(true),
    )
    .unwrap();
    assert_eq!(cancelled.stop, Stop::Cancelled);
    assert!(cancelled.playtest.records.is_empty());
}

#[test]
fn an_automatic_playtest_seats_the_agents_asked_for() {
    // A random first player against the rule agent: the matches are those a playtest with the
    // same seats plays, not the rule agents'.
    let map = RiskMap::embedded("map8").unwrap();
    let scoring = Scoring {
        seats: "random,rule".parse().unwrap(),
        ..Scoring::all(Formulas::Paper)
    };
    let auto = Auto {
        epsilon: Some(0.3),
        cap: 1_000,
    };
    let stop = AtomicBool::new(false);
    let steady = playtest_steady(&map, Rules::classic(), auto, 6, &scoring, &|| {}, &stop).unwrap();
    let n = steady.playtest.records.len() as u32;
    let seated = playtest(&map, Rules::classic(), n, 6, &scoring).unwrap();
    assert_eq!(steady.playtest, seated);
    let rules_only =
        playtest(&map, Rules::classic(), n, 6, &Scoring::all(Formulas::Paper)).unwrap();
    assert_ne!(steady.playtest, rules_only);
}
