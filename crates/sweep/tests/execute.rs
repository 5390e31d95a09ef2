//! Running shards into a results folder and merging it, with a small job of our own whose
//! every answer is worked out by hand: `walk` takes `steps` steps, each adding `a` and the
//! step's number to a total that starts at the seed, keeping a checkpoint after every step.

use std::sync::atomic::{AtomicBool, Ordering};

use ludoforge_job::{Artifact, Context, Ending, Event, File, JobError, Spec};
use ludoforge_sweep::execute::{Options, Told, run_shard};
use ludoforge_sweep::merge::merge;
use ludoforge_sweep::{Plan, Results, Shard};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The walk.
struct Walk;

#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
struct WalkParams {
    /// Added at every step.
    a: u64,
    /// Steps.
    steps: u64,
}

impl Default for WalkParams {
    fn default() -> Self {
        WalkParams { a: 1, steps: 5 }
    }
}

#[derive(Serialize, Deserialize)]
struct WalkState {
    step: u64,
    total: u64,
}

impl Spec for Walk {
    type Params = WalkParams;
    type Checked = ();
    fn id(&self) -> &'static str {
        "walk"
    }
    fn title(&self) -> &'static str {
        "Walk"
    }
    fn help(&self) -> &'static str {
        "Adds a and the step's number at every step."
    }
    fn checkpoints(&self) -> bool {
        true
    }
    fn validate(&self, p: &WalkParams) -> Result<(), JobError> {
        if p.a == 13 {
            return Err(JobError::parameters("a 13: unlucky"));
        }
        Ok(())
    }
    fn execute(
        &self,
        (): (),
        p: &WalkParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        let mut state = context.resumed::<WalkState>()?.unwrap_or(WalkState {
            step: 0,
            total: seed,
        });
        let mut artifact = Artifact::new("walk", "1", seed, p);
        while state.step < p.steps {
            if context.cancelled() {
                artifact.ending = Ending::Interrupted;
                break;
            }
            state.step += 1;
            state.total += p.a + state.step;
            context.advance(state.step, None);
            context.checkpoint(state.step, || &state)?;
        }
        if p.a == 7 {
            return Err(JobError::failed("a 7 walks into a wall"));
        }
        artifact.report("total", state.total);
        artifact.report(
            "path",
            (1..=state.step)
                .map(|s| json!({"step": s, "left": p.steps - s}))
                .collect::<Vec<_>>(),
        );
        let result = json!({"generator": "walk", "seed": seed, "total": state.total});
        artifact.files.push(File::json("result", &result));
        Ok(artifact)
    }
}

const PLAN: &str = r#"
job = "walk"
[fixed]
steps = 5
[vary]
a = [1, 2, 3]
[replicates]
seeds = [10, 20]
[report]
rank = "total"
order = "highest"
top = 2
curve = "path"
x = "step"
y = ["left"]
"#;

fn quiet(_: &Event) {}

/// Runs `shard` of the plan into `dir`, returning what it told.
fn run(
    dir: &std::path::Path,
    shard: Shard,
    cancel: &AtomicBool,
) -> (ludoforge_sweep::execute::Tally, Vec<Told>) {
    let plan = Plan::parse(PLAN).unwrap();
    let runs = plan.runs().unwrap();
    let results = Results::create(dir, &plan, PLAN, &runs).unwrap();
    let mut told = Vec::new();
    let tally = run_shard(
        &Walk,
        &shard.runs(&runs),
        &results,
        Options::default(),
        cancel,
        &quiet,
        &mut |t| told.push(t),
    )
    .unwrap();
    (tally, told)
}

fn file(dir: &std::path::Path, name: &str) -> Vec<u8> {
    std::fs::read(dir.join(name)).unwrap()
}

#[test]
fn shards_make_the_records_and_table_of_one_process() {
    let never = AtomicBool::new(false);
    let whole = tempfile::tempdir().unwrap();
    let (tally, _) = run(whole.path(), Shard::ALL, &never);
    assert_eq!((tally.ran, tally.skipped, tally.failed), (6, 0, 0));
    let split = tempfile::tempdir().unwrap();
    for index in 0..4 {
        run(split.path(), Shard { index, count: 4 }, &never);
    }
    let plan = Plan::parse(PLAN).unwrap();
    for r in plan.runs().unwrap() {
        let name = format!("runs/{}.json", r.id);
        assert_eq!(
            file(whole.path(), &name),
            file(split.path(), &name),
            "run {}",
            r.index
        );
        assert!(
            !whole
                .path()
                .join(format!("runs/{}.checkpoint", r.id))
                .exists()
        );
    }
    let a = merge(&Results::open(whole.path()).unwrap()).unwrap();
    let b = merge(&Results::open(split.path()).unwrap()).unwrap();
    assert_eq!(a.csv(false), b.csv(false));
    assert_eq!(a.json(false), b.json(false));
    // By hand: total = seed + 5a + (1+2+3+4+5); runs in order a=1,2,3 × seeds 10, 20.
    let csv = a.csv(false);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "index,id,seed,a,error,total");
    let totals: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.rsplit(',').next().unwrap())
        .collect();
    assert_eq!(totals, ["30", "40", "35", "45", "40", "50"]);
    // Ranked highest first: a=3 seed 20 (50), then a=2 seed 20 (45).
    let best = a.best_table();
    let rows: Vec<&str> = best.lines().skip(2).collect();
    assert_eq!(rows.len(), 2);
    assert!(rows[0].starts_with("| 1 | 50.000 | 3 | 20 |"), "{best}");
    assert!(rows[1].starts_with("| 2 | 45.000 | 2 | 20 |"), "{best}");
    let svg = a.curves_svg().expect("the plan names a curve");
    assert!(svg.contains("(a) a 3") && svg.contains("(b) a 2"), "{svg}");
    // With times, one more column, filled.
    let timed = a.csv(true);
    assert!(timed.lines().next().unwrap().ends_with(",seconds"));
    assert!(
        timed
            .lines()
            .nth(1)
            .unwrap()
            .rsplit(',')
            .next()
            .unwrap()
            .parse::<f64>()
            .is_ok()
    );
}

#[test]
fn started_again_it_skips_finished_runs_and_resumes_the_interrupted_one() {
    let never = AtomicBool::new(false);
    let whole = tempfile::tempdir().unwrap();
    run(whole.path(), Shard::ALL, &never);

    let dir = tempfile::tempdir().unwrap();
    let plan = Plan::parse(PLAN).unwrap();
    let runs = plan.runs().unwrap();
    let results = Results::create(dir.path(), &plan, PLAN, &runs).unwrap();
    // Cancelled at the third step of the second run.
    let cancel = AtomicBool::new(false);
    let runs_seen = std::sync::atomic::AtomicUsize::new(0);
    let stop = |e: &Event| {
        if let Event::Advance { done: 1, .. } = e {
            runs_seen.fetch_add(1, Ordering::Relaxed);
        }
        if let Event::Advance { done: 3, .. } = e
            && runs_seen.load(Ordering::Relaxed) == 2
        {
            cancel.store(true, Ordering::Relaxed);
        }
    };
    let options = Options {
        every: ludoforge_job::checkpoint::Every::Generations(1),
        threads: None,
    };
    let tally = run_shard(&Walk, &runs, &results, options, &cancel, &stop, &mut |_| {}).unwrap();
    assert!(tally.interrupted);
    assert_eq!(tally.ran, 1);
    let second = &runs[1].id;
    assert!(results.record(second).unwrap().is_none());
    let saved: serde_json::Value =
        serde_json::from_slice(&file(dir.path(), &format!("runs/{second}.checkpoint"))).unwrap();
    assert_eq!(saved["reached"], 3);
    // seed 20, then a = 1 and the step (1, 2, 3) added at each of three steps.
    assert_eq!(saved["state"], json!({"step": 3, "total": 20 + 3 + 6}));

    let (tally, told) = run(dir.path(), Shard::ALL, &never);
    assert_eq!((tally.ran, tally.skipped), (5, 1));
    assert!(
        told.iter()
            .any(|t| matches!(t, Told::Starting { run, resumed: Some(3) } if &run.id == second))
    );
    for r in &runs {
        let name = format!("runs/{}.json", r.id);
        assert_eq!(
            file(whole.path(), &name),
            file(dir.path(), &name),
            "run {}",
            r.index
        );
    }
}

#[test]
fn a_run_another_task_holds_is_left_to_it() {
    let never = AtomicBool::new(false);
    let dir = tempfile::tempdir().unwrap();
    let plan = Plan::parse(PLAN).unwrap();
    let runs = plan.runs().unwrap();
    Results::create(dir.path(), &plan, PLAN, &runs).unwrap();
    let held = std::fs::File::create(dir.path().join(format!("runs/{}.lock", runs[2].id))).unwrap();
    held.lock().unwrap();
    let (tally, told) = run(dir.path(), Shard::ALL, &never);
    assert_eq!((tally.ran, tally.busy), (5, 1));
    assert!(
        told.iter()
            .any(|t| matches!(t, Told::Busy(r) if r.index == 2))
    );
    drop(held);
    let (tally, _) = run(dir.path(), Shard::ALL, &never);
    assert_eq!((tally.ran, tally.skipped), (1, 5));
}

#[test]
fn failed_runs_are_recorded_with_their_reason_and_another_plan_is_refused() {
    let never = AtomicBool::new(false);
    let dir = tempfile::tempdir().unwrap();
    let text = PLAN.replace("a = [1, 2, 3]", "a = [1, 7]");
    let plan = Plan::parse(&text).unwrap();
    let runs = plan.runs().unwrap();
    let results = Results::create(dir.path(), &plan, &text, &runs).unwrap();
    let tally = run_shard(
        &Walk,
        &runs,
        &results,
        Options::default(),
        &never,
        &quiet,
        &mut |_| {},
    )
    .unwrap();
    assert_eq!((tally.ran, tally.failed), (4, 2));
    let merged = merge(&results).unwrap();
    assert!(merged.csv(false).contains("a 7 walks into a wall"));
    assert_eq!(merged.ranked().len(), 2, "failed runs have no rank");
    let other = Plan::parse(PLAN).unwrap();
    let e = Results::create(dir.path(), &other, PLAN, &other.runs().unwrap()).unwrap_err();
    assert!(
        e.to_string().contains("holds the results of another plan"),
        "{e}"
    );
    assert!(Results::open(&dir.path().join("runs")).is_err());
}
