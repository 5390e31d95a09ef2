//! Speed of filling an archive: `gloomhaven-explore` with its defaults (four players, over
//! difficulty and size, 20,000 evaluations), by MAP-Elites and by random sampling, on one
//! thread and on every core, through the job as every front end runs it.
//!
//! `cargo bench -p ludoforge-gloomhaven --bench explore`

use std::time::Duration;

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use ludoforge_gloomhaven::job::GloomhavenExploreJob;
use ludoforge_job::{Context, Job};
use serde_json::json;

fn explore(c: &mut Criterion) {
    let mut group = c.benchmark_group("explore gloomhaven, 20000 evaluations");
    // Ten runs of one to three seconds each.
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(30));
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    for method in ["map-elites", "random"] {
        let params = json!({"explore": {"evaluations": 20_000, "method": method}});
        for threads in [1, cores] {
            let context = Context::quiet().with_threads(Some(threads));
            group.bench_function(format!("{method}, {threads} thread(s)"), |b| {
                b.iter(|| {
                    let artifact = GloomhavenExploreJob
                        .run(&params, 1, &context)
                        .expect("a run");
                    assert!(!artifact.files.is_empty());
                });
            });
        }
    }
    group.finish();
}

criterion_group!(benches, explore);
criterion_main!(benches);
