//! The variant designer: its operators keep maps valid or say why not, and a small run is
//! deterministic and improves on its start.

use std::collections::BTreeSet;

use ludoforge_evolve::rng::stream;
use ludoforge_risk::criteria::Formulas;
use ludoforge_risk::design::{
    Reject, Settings, Variant, check, cross_maps, cross_rules, design, mutate,
};
use ludoforge_risk::map::RiskMap;
use ludoforge_risk::playtest::Scoring;
use ludoforge_risk::rules::Rules;
use proptest::prelude::*;

use crate::common::on_threads;

fn map(name: &str) -> ludoforge_risk::map::MapFile {
    RiskMap::embedded(name).unwrap().file().clone()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn crossed_maps_are_connected_with_every_territory_in_one_continent(
        seed in any::<u64>(), a in 1usize..=10, b in 1usize..=10,
    ) {
        let (ma, mb) = (map(&format!("map{a}")), map(&format!("map{b}")));
        let child = cross_maps(&ma, &mb, &mut stream(seed, 0, 0));
        // Crossover alone never leaves a piece apart nor a territory outside a continent.
        let loaded = RiskMap::new(child.clone());
        prop_assert!(loaded.is_ok(), "{:?}", loaded.err());
        // The child's continents come whole from the parents, bonuses included (a name two
        // of them would share is replaced), and no two share a name.
        for c in &child.continents {
            let whole = |p: &ludoforge_risk::map::Continent| p.bonus == c.bonus && p.territories.len() == c.territories.len();
            let from_a = ma.continents.iter().any(whole);
            let from_b = mb.continents.iter().any(whole);
            prop_assert!(from_a || from_b);
        }
        let names: BTreeSet<&String> = child.continents.iter().map(|c| &c.name).collect();
        prop_assert_eq!(names.len(), child.continents.len());
    }

    #[test]
    fn a_checked_child_is_planar_connected_and_large_enough(seed in any::<u64>(), rate in 0.0f64..1.0) {
        let mut child = Variant { rules: Rules::classic(), map: cross_maps(&map("map9"), &map("map6"), &mut stream(seed, 0, 0)) };
        mutate(&mut child, rate, &mut stream(seed, 1, 0));
        match check(&child.map, 9) {
            Ok(()) => {
                prop_assert!(ludoforge_risk::graphs::is_planar(&child.map));
                prop_assert!(RiskMap::new(child.map.clone()).is_ok());
                prop_assert!(child.map.territories.len() >= 9);
            }
            Err(Reject::TooSmall) => prop_assert!(child.map.territories.len() < 9),
            Err(Reject::NotPlanar) => prop_assert!(!ludoforge_risk::graphs::is_planar(&child.map)),
            Err(_) => {}
        }
        // Mutation never produces parameters out of range.
        prop_assert!(child.rules.validate().is_ok());
    }

    #[test]
    fn rule_crossover_gives_each_child_two_genes_from_each_parent(seed in any::<u64>()) {
        let a = Rules::classic();
        let b = Rules {
            troop_factor: 1,
            defence_dice: 3,
            distribution: ludoforge_risk::rules::Distribution::Random,
            conquest_move: ludoforge_risk::rules::ConquestMove::Min,
            ..a
        };
        let (c, d) = cross_rules(&a, &b, &mut stream(seed, 0, 0));
        let from_a = |r: &Rules| [r.troop_factor == 3, r.defence_dice == 2, r.distribution == a.distribution, r.conquest_move == a.conquest_move].iter().filter(|&&x| x).count();
        prop_assert_eq!(from_a(&c), 2);
        prop_assert_eq!(from_a(&d), 2);
    }

    #[test]
    fn every_designed_child_has_a_name_and_territory_names_of_its_own(
        seed in any::<u64>(), a in 1usize..=10, b in 1usize..=10, rate in 0.0f64..1.0,
    ) {
        // A child of a child, as in later generations, whose parents' names already repeat.
        let (ma, mb) = (map(&format!("map{a}")), map(&format!("map{b}")));
        let parent = cross_maps(&ma, &mb, &mut stream(seed, 2, 0));
        let mut child = Variant { rules: Rules::classic(), map: cross_maps(&parent, &ma, &mut stream(seed, 0, 0)) };
        mutate(&mut child, rate, &mut stream(seed, 1, 0));
        let m = &child.map;
        prop_assert!(!m.name.trim().is_empty() && m.name != "child", "{:?}", m.name);
        let names: BTreeSet<&str> = m.territories.iter().map(|t| t.name.as_str()).collect();
        prop_assert_eq!(names.len(), m.territories.len(), "{:?}", m.territories);
        prop_assert!(names.iter().all(|n| !n.trim().is_empty()));
    }
}

#[test]
fn a_small_run_is_deterministic_and_never_worse_than_its_start() {
    let settings = Settings {
        generations: 3,
        offspring: 10,
        tournament: 4,
        matches: 20,
        ..Settings::paper(Scoring::all(Formulas::Paper))
    };
    let a = design(&settings, 7, &|_| {}).unwrap();
    let b = design(&settings, 7, &|_| {}).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.history.len(), 4);
    assert_eq!(a.population.len(), 10);
    // Elitism: the best is carried (and re-played), so the best of the run stays close to
    // the start's best even through the noise of re-playing.
    assert!(
        a.history.last().unwrap().min <= a.history[0].min + 0.3,
        "{:?}",
        a.history
    );
    for m in &a.population[1..] {
        assert!(m.variant.map.territories.len() >= 9);
    }
    // Every map of the run, designed or initial, is named and names its territories once.
    for m in &a.population {
        let map = &m.variant.map;
        assert_ne!(map.name, "child");
        let names: BTreeSet<&str> = map.territories.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names.len(), map.territories.len(), "{}", map.name);
    }
    let t = &a.analysis.tallies;
    assert_eq!(t.troop_factor.iter().sum::<u32>(), 10);
    assert_eq!(t.defence_dice.iter().sum::<u32>(), 10);
}

#[test]
fn an_impossible_bound_ends_with_the_reason() {
    let settings = Settings {
        generations: 1,
        offspring: 4,
        tournament: 2,
        matches: 2,
        min_territories: 500,
        max_attempts: 50,
        ..Settings::paper(Scoring::all(Formulas::Paper))
    };
    let err = design(&settings, 1, &|_| {}).unwrap_err();
    assert!(err.to_string().contains("could not be filled"), "{err}");
}

#[test]
fn a_design_is_the_same_on_any_thread_count() {
    // Variants are played in parallel while the next children are made; neither the order in
    // which playtests end nor the number of threads may change a thing.
    let settings = Settings {
        generations: 3,
        offspring: 9,
        tournament: 4,
        matches: 12,
        min_territories: 12,
        compat: ludoforge_risk::rules::Compat::Rossato2023,
        ..Settings::paper(Scoring::all(Formulas::Rossato2023))
    };
    let played = std::sync::atomic::AtomicU32::new(0);
    let one = on_threads(1, || design(&settings, 11, &|_| {}).unwrap());
    for threads in [2, 3, 4] {
        let many = on_threads(threads, || {
            design(&settings, 11, &|_| {
                played.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            })
            .unwrap()
        });
        assert_eq!(many, one, "{threads} threads");
    }
    // Every generation plays `offspring` variants (the initial one, then the elite and its
    // children): what a progress bar counts.
    assert_eq!(played.into_inner(), 3 * 4 * 9);
    assert!(one.rejected.values().sum::<u32>() > 0, "{:?}", one.rejected);
}

#[test]
fn a_generation_that_cannot_be_filled_fails_the_same_on_any_thread_count() {
    let settings = Settings {
        generations: 2,
        offspring: 6,
        tournament: 3,
        matches: 3,
        min_territories: 40,
        max_attempts: 40,
        ..Settings::paper(Scoring::all(Formulas::Paper))
    };
    let one = on_threads(1, || design(&settings, 5, &|_| {}).unwrap_err().to_string());
    assert!(
        one.contains("could not be filled: of 41 children made,"),
        "{one}"
    );
    for threads in [2, 3] {
        let many = on_threads(threads, || {
            design(&settings, 5, &|_| {}).unwrap_err().to_string()
        });
        assert_eq!(many, one);
    }
}

/// A design whose matches would not fit in memory is refused before any work, naming the
/// most matches that fit; that many pass the check and one more does not.
#[test]
fn a_design_too_large_for_memory_is_refused_with_the_most_that_fits() {
    use ludoforge_job::Spec;
    use ludoforge_risk::job::{DesignJob, DesignParams};
    let with = |matches| DesignParams {
        generations: 10_000,
        offspring: 10_000,
        tournament: 10_000,
        matches,
        ..DesignParams::default()
    };
    let refused = DesignJob.validate(&with(100_000)).unwrap_err().to_string();
    assert!(
        refused.starts_with("matches 100000 would need about"),
        "{refused}"
    );
    assert!(refused.ends_with("or fewer offspring"), "{refused}");
    let most: u32 = refused
        .split("give matches ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no number of matches named: {refused}"));
    assert!(most > 0 && most < 100_000, "{refused}");
    assert!(DesignJob.validate(&with(most)).is_ok());
    assert!(DesignJob.validate(&with(most + 1)).is_err());
}
