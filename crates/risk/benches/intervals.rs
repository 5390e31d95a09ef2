//! Cost of the 95% intervals of a playtest (the criteria's, and the fitness's bootstrap of 999
//! resamples), beside the cost of the matches they describe.
//!
//! `cargo bench -p ludoforge-risk --bench intervals`
//!
//! Both run in a one-thread pool, like the `risk` bench's "100-match playtest, classic
//! board", so the times compare directly.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ludoforge_risk::criteria::Formulas;
use ludoforge_risk::criteria::interval::intervals;
use ludoforge_risk::map::RiskMap;
use ludoforge_risk::playtest::{Scoring, playtest};
use ludoforge_risk::rules::Rules;
use rayon::ThreadPoolBuilder;

/// The intervals of a classic-board playtest of 100 and of 1,000 matches, and the 100-match
/// playtest itself.
fn intervals_of_playtests(c: &mut Criterion) {
    let classic = RiskMap::embedded("classic").unwrap();
    let scoring = Scoring::all(Formulas::Paper);
    let one = ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let mut group = c.benchmark_group("95% intervals, classic board, 1 thread");
    for matches in [100, 1_000] {
        let played =
            one.install(|| playtest(&classic, Rules::classic(), matches, 1, &scoring).unwrap());
        group.bench_function(format!("intervals of {matches} matches"), |b| {
            b.iter(|| one.install(|| black_box(intervals(&played.records, &scoring, 1).unwrap())))
        });
    }
    group.bench_function("the 100 matches themselves (playtest)", |b| {
        b.iter(|| {
            one.install(|| {
                black_box(playtest(&classic, Rules::classic(), 100, 1, &scoring).unwrap())
            })
        })
    });
    group.finish();
}

criterion_group!(benches, intervals_of_playtests);
criterion_main!(benches);
