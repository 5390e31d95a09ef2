//! Plans: the paper's grid has the paper's size, values come out as written, every run lands
//! in exactly one shard, and the run list does not depend on the order of the plan's keys.

use std::collections::BTreeSet;
use std::path::Path;

use ludoforge_sweep::{Plan, Shard, SweepError};
use proptest::prelude::*;
use serde_json::{Value, json};

fn plan(name: &str) -> Plan {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../sweeps")
        .join(name);
    Plan::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn the_papers_grid_has_its_3250_runs() {
    let runs = plan("rossato2023.toml").runs().unwrap();
    assert_eq!(runs.len(), 3250);
    // Worked out by hand: offspring o allows tournaments 2, 4, ... up to o / 2 rounded down.
    for (offspring, tournaments) in [(5, 1), (10, 2), (15, 3), (20, 5), (25, 6), (50, 12)] {
        let sizes: BTreeSet<u64> = runs
            .iter()
            .filter(|r| r.params["offspring"] == offspring)
            .map(|r| r.params["tournament"].as_u64().unwrap())
            .collect();
        assert_eq!(sizes.len(), tournaments, "offspring {offspring}");
        assert!(sizes.iter().all(|t| t % 2 == 0 && *t <= offspring / 2));
    }
    let generations: BTreeSet<u64> = runs
        .iter()
        .map(|r| r.params["generations"].as_u64().unwrap())
        .collect();
    assert_eq!(generations, (10..=190).step_by(20).collect());
    let mutations: BTreeSet<String> = runs
        .iter()
        .map(|r| r.params["mutation"].to_string())
        .collect();
    assert_eq!(mutations.len(), 5);
    assert!(
        runs.iter()
            .all(|r| r.params["matches"] == 100 && r.seed == 1)
    );
    // The paper's best configuration is one of them.
    assert!(runs.iter().any(|r| {
        r.varied
            == [
                ("generations".to_string(), json!(10)),
                ("mutation".to_string(), json!(0.6)),
                ("offspring".to_string(), json!(50)),
                ("tournament".to_string(), json!(22)),
            ]
            .into_iter()
            .collect()
    }));
    // Every run its own id.
    let ids: BTreeSet<&str> = runs.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids.len(), runs.len());
}

#[test]
fn the_reduced_plan_has_the_same_shape() {
    let runs = plan("rossato2023-reduced.toml").runs().unwrap();
    // offspring 5: tournament 2; offspring 10: 2 and 4; × 2 generations × 2 mutations.
    assert_eq!(runs.len(), (1 + 2) * 2 * 2);
    let full = plan("rossato2023.toml");
    let reduced = plan("rossato2023-reduced.toml");
    assert_eq!(full.job, reduced.job);
    assert_eq!(
        full.vary.keys().collect::<Vec<_>>(),
        reduced.vary.keys().collect::<Vec<_>>()
    );
}

#[test]
fn values_come_out_as_written() {
    let runs = Plan::parse(
        r#"
        job = "x"
        [fixed]
        search = { population = 60 }
        [vary]
        rate = { from = 0.1, to = 0.5, step = 0.1 }
        "search.matings" = [100, 200]
        [replicates]
        count = 2
        first_seed = 7
        "#,
    )
    .unwrap()
    .runs()
    .unwrap();
    assert_eq!(runs.len(), 5 * 2 * 2);
    let rates: Vec<Value> = runs
        .iter()
        .step_by(4)
        .map(|r| r.params["rate"].clone())
        .collect();
    assert_eq!(
        rates,
        [json!(0.1), json!(0.2), json!(0.3), json!(0.4), json!(0.5)]
    );
    assert_eq!(
        runs[0].params,
        json!({"rate": 0.1, "search": {"population": 60, "matings": 100}})
    );
    assert_eq!((runs[0].seed, runs[1].seed), (7, 8));
    assert_eq!(
        runs.iter().map(|r| r.index).collect::<Vec<_>>(),
        (0..20).collect::<Vec<_>>()
    );
}

#[test]
fn bad_plans_are_refused_in_words() {
    let refuse = |text: &str| match Plan::parse(text).and_then(|p| p.runs()) {
        Err(e) => e.to_string(),
        Ok(runs) => panic!("{text} made {} runs", runs.len()),
    };
    for (text, said) in [
        ("job = 3", "it names no job"),
        (
            "job = \"x\"\nwho = 1",
            "a plan has job, [fixed], [vary], [replicates] and [report]",
        ),
        ("job = \"x\"\n[vary]\na = []", "`a`: its list is empty"),
        (
            "job = \"x\"\n[vary]\na = { from = 1, to = 3, step = 0 }",
            "give a number above 0",
        ),
        (
            "job = \"x\"\n[vary]\na = { from = 1, to = \"b / 2\" }",
            "reads `b`, which is not varied",
        ),
        (
            "job = \"x\"\n[vary]\na = { from = 1, to = \"b\" }\nb = { from = 1, to = \"a\" }",
            "read each other in a circle",
        ),
        (
            "job = \"x\"\n[vary]\na = { from = 1, upto = 3 }",
            "not \"upto\"",
        ),
        (
            "job = \"x\"\n[fixed]\na = 1\n[vary]\na = [1, 2]",
            "both fixed and varied",
        ),
        ("job = \"x\"\n[replicates]\nseeds = []", "no seeds"),
        (
            "job = \"x\"\n[vary]\na = { from = 1, to = 1e12 }",
            "makes too many values",
        ),
        ("job = \"x\"\n[vary", "the plan cannot be read"),
    ] {
        let message = refuse(text);
        assert!(message.contains(said), "{text}: {message}");
    }
    for (given, said) in [
        ("4/4", "below N"),
        ("1", "write I/N"),
        ("a/2", "whole numbers"),
    ] {
        let e: SweepError = given.parse::<Shard>().unwrap_err();
        assert!(e.to_string().contains(said), "{given}: {e}");
    }
}

/// A plan's text with its varied parameters in the order given, and its fixed ones in one
/// order or the other.
fn text(order: &[usize]) -> String {
    let vary = [
        "generations = { from = 1, to = 9, step = 4 }",
        "offspring = { from = 4, to = 12, step = 4 }",
        "tournament = { from = 2, to = \"offspring / 2\", step = 1 }",
        "mutation = [0.5, 0.1]",
    ];
    let vary: Vec<&str> = order.iter().map(|&i| vary[i]).collect();
    let fixed = if order[0].is_multiple_of(2) {
        "matches = 5\nrules = \"standard\""
    } else {
        "rules = \"standard\"\nmatches = 5"
    };
    format!(
        "job = \"risk-design\"\n[vary]\n{}\n[fixed]\n{fixed}\n[replicates]\nseeds = [3, 1]\n",
        vary.join("\n")
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_run_lands_in_exactly_one_shard(count in 1usize..40, shape in 0usize..3) {
        let plan = match shape {
            0 => plan("rossato2023-reduced.toml"),
            1 => Plan::parse(&text(&[0, 1, 2, 3])).unwrap(),
            _ => plan("rossato2023.toml"),
        };
        let runs = plan.runs().unwrap();
        let mut seen = vec![0u32; runs.len()];
        for index in 0..count {
            for run in (Shard { index, count }).runs(&runs) {
                seen[run.index] += 1;
            }
        }
        prop_assert!(seen.iter().all(|&n| n == 1));
        // Shards differ in size by one at most.
        let sizes: Vec<usize> = (0..count).map(|index| Shard { index, count }.runs(&runs).len()).collect();
        prop_assert!(sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1);
    }

    #[test]
    fn the_run_list_does_not_depend_on_the_order_of_the_keys(
        order in Just(vec![0usize, 1, 2, 3]).prop_shuffle()
    ) {
        let reference = Plan::parse(&text(&[0, 1, 2, 3])).unwrap().runs().unwrap();
        let shuffled = Plan::parse(&text(&order)).unwrap().runs().unwrap();
        prop_assert_eq!(reference, shuffled);
    }
}
