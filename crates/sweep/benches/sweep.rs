//! What a sweep costs besides its runs: expanding the paper's 3,250-run grid, running a shard
//! of quick runs into a results folder (a record written whole per run), saving a checkpoint at
//! every step, and merging 3,250 records into the table.
//!
//! `cargo bench -p ludoforge-sweep --bench sweep`

use std::sync::atomic::AtomicBool;

use criterion::{Criterion, criterion_group, criterion_main};
use ludoforge_job::checkpoint::Every;
use ludoforge_job::{Artifact, Context, File, JobError, Spec};
use ludoforge_sweep::execute::{Options, run_shard};
use ludoforge_sweep::merge::merge;
use ludoforge_sweep::{Plan, Results};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

const GRID: &str = include_str!("../../../sweeps/rossato2023.toml");

/// A job as quick as a job can be, with a state of 1,000 numbers saved at each of its steps.
struct Quick;

#[derive(Serialize, Deserialize, JsonSchema, Default)]
#[serde(default)]
struct QuickParams {
    generations: u32,
    offspring: u32,
    tournament: u32,
    mutation: f64,
    matches: u32,
}

impl Spec for Quick {
    type Params = QuickParams;
    type Checked = ();
    fn id(&self) -> &'static str {
        "quick"
    }
    fn title(&self) -> &'static str {
        "Quick"
    }
    fn help(&self) -> &'static str {
        "Ten steps of nothing much."
    }
    fn checkpoints(&self) -> bool {
        true
    }
    fn validate(&self, _: &QuickParams) -> Result<(), JobError> {
        Ok(())
    }
    fn execute(
        &self,
        (): (),
        p: &QuickParams,
        seed: u64,
        c: &Context,
    ) -> Result<Artifact, JobError> {
        let mut state: Vec<f64> = (0..1000)
            .map(|i| f64::from(i) * 0.1 + seed as f64)
            .collect();
        for step in 1..=10u64 {
            state.iter_mut().for_each(|x| *x = (*x * 1.000_1).sin());
            c.checkpoint(step, || &state)?;
        }
        let mut artifact = Artifact::new("quick", "1", seed, p);
        artifact.report("best", json!({"fitness": state[0], "size": p.offspring}));
        artifact.report(
            "history",
            (0..=p.generations)
                .map(|g| json!({"generation": g, "min": state[g as usize % 1000]}))
                .collect::<Vec<_>>(),
        );
        artifact.files.push(File::json(
            "result",
            &json!({"generator": "quick", "seed": seed}),
        ));
        Ok(artifact)
    }
}

fn benches(c: &mut Criterion) {
    let plan = Plan::parse(&GRID.replace("risk-design", "quick")).unwrap();
    c.bench_function("expand the paper's grid (3,250 runs)", |b| {
        b.iter(|| plan.runs().unwrap().len());
    });
    let runs = plan.runs().unwrap();
    let never = AtomicBool::new(false);
    let quiet = |_: &ludoforge_job::Event| {};
    let mut group = c.benchmark_group("run 100 quick runs into a results folder");
    group.sample_size(10);
    for (name, every) in [
        ("checkpoint every 30 s", Every::default()),
        ("checkpoint every step", Every::Generations(1)),
    ] {
        group.bench_function(name, |b| {
            b.iter_with_setup(
                || tempfile::tempdir().unwrap(),
                |dir| {
                    let results = Results::create(dir.path(), &plan, GRID, &runs).unwrap();
                    let options = Options {
                        every,
                        threads: None,
                    };
                    run_shard(
                        &Quick,
                        &runs[..100],
                        &results,
                        options,
                        &never,
                        &quiet,
                        &mut |_| {},
                    )
                    .unwrap()
                },
            );
        });
    }
    group.finish();
    let dir = tempfile::tempdir().unwrap();
    let results = Results::create(dir.path(), &plan, GRID, &runs).unwrap();
    run_shard(
        &Quick,
        &runs,
        &results,
        Options::default(),
        &never,
        &quiet,
        &mut |_| {},
    )
    .unwrap();
    let mut group = c.benchmark_group("merge 3,250 records");
    group.sample_size(10);
    group.bench_function("read, table as CSV and JSON, best runs, curves", |b| {
        b.iter(|| {
            let merged = merge(&results).unwrap();
            (
                merged.csv(true).len(),
                merged.json(true).to_string().len(),
                merged.best_table().len(),
                merged.curves_svg().map(|s| s.len()),
            )
        });
    });
    group.finish();
}

criterion_group!(sweep, benches);
criterion_main!(sweep);
