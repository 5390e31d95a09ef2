//! Speed of filling an archive: `portals-explore` with its defaults (M = 9, 1,000 walks per
//! dungeon, rooms × mean walk, 20,000 evaluations), by MAP-Elites and by random sampling, on
//! one thread and on every core, through the job as every front end runs it.
//!
//! `cargo bench -p ludoforge-portals --bench explore`

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use ludoforge_job::{Context, Job};
use ludoforge_portals::job::ExploreJob;
use serde_json::json;

fn explore(c: &mut Criterion) {
    let mut group = c.benchmark_group("explore portals M=9, 20000 evaluations");
    // A MAP-Elites run takes about 3.4 s on one thread, so ten of them need two minutes rather
    // than criterion's default five seconds.
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(120));
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    for method in ["map-elites", "random"] {
        let params = json!({"explore": {"method": method}});
        for threads in [1, cores] {
            let context = Context::quiet().with_threads(Some(threads));
            group.bench_function(format!("{method}, {threads} thread(s)"), |b| {
                b.iter(|| {
                    let artifact = ExploreJob.run(&params, 1, &context).expect("a run");
                    assert!(!artifact.files.is_empty());
                });
            });
        }
    }
    group.finish();
}

criterion_group!(benches, explore);
criterion_main!(benches);
