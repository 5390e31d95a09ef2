//! Playtests: matches are shared out between threads one at a time, and neither the number of
//! threads nor the order in which matches end changes the result.

use std::sync::atomic::{AtomicU32, Ordering};

use ludoforge_risk::criteria::{Criterion, Formulas};
use ludoforge_risk::map::RiskMap;
use ludoforge_risk::playtest::{Playtest, Scoring, playtest, playtest_observed};
use ludoforge_risk::rules::Rules;

use crate::common::on_threads;

#[test]
fn a_playtest_is_the_same_on_any_thread_count() {
    let classic = RiskMap::embedded("classic").unwrap();
    let map1 = RiskMap::embedded("map1").unwrap();
    let cases = [
        (&classic, Rules::classic(), Formulas::Paper, 97),
        (
            &map1,
            Rules::classic().rossato2023(),
            Formulas::Rossato2023,
            41,
        ),
    ];
    for (map, rules, formulas, matches) in cases {
        let scoring = Scoring::all(formulas);
        let one: Playtest = on_threads(1, || playtest(map, rules, matches, 9, &scoring).unwrap());
        assert_eq!(one.records.len(), matches as usize);
        for threads in [2, 3, 5] {
            let seen = AtomicU32::new(0);
            let many = on_threads(threads, || {
                playtest_observed(map, rules, matches, 9, &scoring, &|| {
                    seen.fetch_add(1, Ordering::Relaxed);
                })
                .unwrap()
            });
            assert_eq!(many, one, "{} on {threads} threads", map.name());
            assert_eq!(seen.into_inner(), matches, "one report per match");
        }
    }
}

#[test]
fn a_playtest_reports_bad_weights_after_playing_the_same_on_any_thread_count() {
    let map = RiskMap::embedded("map8").unwrap();
    let scoring = Scoring {
        seats: Default::default(),
        weights: Some(vec![1.0]),
        used: vec![Criterion::Drama, Criterion::Completion],
        ..Scoring::all(Formulas::Paper)
    };
    let one = on_threads(1, || {
        playtest(&map, Rules::classic(), 5, 1, &scoring).unwrap_err()
    });
    let two = on_threads(2, || {
        playtest(&map, Rules::classic(), 5, 1, &scoring).unwrap_err()
    });
    assert_eq!(one, two);
}
