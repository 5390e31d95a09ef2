//! The time a classic-board match takes with each agent against the rule agent: what a
//! stronger playtester costs. Each iteration plays the next seed, the agent under test in
//! the first seat on even seeds and the second on odd ones, as the win rates are measured.
//!
//! `cargo bench -p ludoforge-risk --bench agents`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ludoforge_evolve::rng::stream;
use ludoforge_risk::game::play_match;
use ludoforge_risk::map::RiskMap;
use ludoforge_risk::rules::Rules;
use ludoforge_risk::search::DEFAULT_BUDGET;
use ludoforge_risk::seats::AgentSpec;

fn against_rule(c: &mut Criterion) {
    let classic = RiskMap::embedded("classic").unwrap();
    let mut group = c.benchmark_group("one classic match against the rule agent");
    for spec in [
        AgentSpec::Rule,
        AgentSpec::MonteCarlo(0),
        AgentSpec::MonteCarlo(DEFAULT_BUDGET),
    ] {
        let mut i = 0u64;
        group.bench_function(spec.to_string(), |b| {
            b.iter(|| {
                i += 1;
                let (mut agent, mut rule) = (spec.build(), AgentSpec::Rule.build());
                let seats: [&mut dyn ludoforge_risk::agent::Agent; 2] = if i.is_multiple_of(2) {
                    [&mut *agent, &mut *rule]
                } else {
                    [&mut *rule, &mut *agent]
                };
                black_box(play_match(
                    &classic,
                    Rules::classic(),
                    seats,
                    &mut stream(1, i / 2, 0),
                ))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, against_rule);
criterion_main!(benches);
