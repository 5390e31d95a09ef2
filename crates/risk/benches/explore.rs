//! Speed of filling a Risk archive: `risk-explore` over (territories, match length), 1,000
//! evaluations of 20 matches, by MAP-Elites and by random sampling at the same number of
//! evaluations, on every core, through the job as every front end runs it. Each method's
//! coverage and QD score are printed once before it is timed.
//!
//! `cargo bench -p ludoforge-risk --bench explore`

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use ludoforge_job::{Context, Job};
use ludoforge_risk::job::ExploreJob;
use serde_json::json;

fn explore(c: &mut Criterion) {
    let mut group = c.benchmark_group("explore risk, 1000 evaluations of 20 matches");
    // Ten runs of a few seconds each: time enough that criterion need not warn.
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(40));
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let context = Context::quiet().with_threads(Some(cores));
    for method in ["map-elites", "random"] {
        let params = json!({"explore": {"evaluations": 1_000, "method": method}});
        let artifact = ExploreJob.run(&params, 1, &context).expect("a run");
        let s = &artifact.summary;
        eprintln!(
            "{method}: {} of {} cells filled, coverage {:.3}, QD score {:.1}, best fitness {:.3}",
            s["filled"],
            s["cells"],
            s["coverage"].as_f64().unwrap_or(0.0),
            s["qd_score"].as_f64().unwrap_or(0.0),
            s["best"].as_f64().unwrap_or(0.0)
        );
        group.bench_function(format!("{method}, {cores} thread(s)"), |b| {
            b.iter(|| {
                let artifact = ExploreJob.run(&params, 1, &context).expect("a run");
                assert!(!artifact.files.is_empty());
            });
        });
    }
    group.finish();
}

criterion_group!(benches, explore);
criterion_main!(benches);
