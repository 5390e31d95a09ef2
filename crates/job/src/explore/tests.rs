use std::collections::BTreeMap;

use ludoforge_evolve::rng::below;
use ludoforge_evolve::{Evaluation, Outcome, Problem, Stream};
use serde_json::json;

use super::*;

/// Three digits: described by the first two and their sum, scored by the third; a genome
/// with first digit 9 is rejected.
struct Digits;

impl Problem for Digits {
    type Genome = [u8; 3];
    fn random_genome(&self, rng: &mut Stream) -> [u8; 3] {
        [
            below(rng, 10) as u8,
            below(rng, 10) as u8,
            below(rng, 10) as u8,
        ]
    }
    fn evaluate(&self, g: &[u8; 3]) -> Outcome {
        if g[0] == 9 {
            return Outcome::rejected("nine");
        }
        Outcome::Evaluated(Evaluation {
            fitness: f64::from(g[2]),
            components: vec![],
            descriptors: vec![f64::from(g[0]), f64::from(g[1]), f64::from(g[0] + g[1])],
        })
    }
}

impl Mutate for Digits {
    fn mutate(&self, g: &mut [u8; 3], rng: &mut Stream) {
        g[below(rng, 3)] = below(rng, 10) as u8;
    }
}

impl Crossover for Digits {
    fn crossover(&self, a: &[u8; 3], b: &[u8; 3], _: &mut Stream) -> ([u8; 3], [u8; 3]) {
        ([a[0], b[1], a[2]], [b[0], a[1], b[2]])
    }
}

const OFFERED: [Descriptor; 3] = [
    Descriptor {
        name: "first",
        unit: "",
        low: 0.0,
        high: 10.0,
        cells: 10,
        help: "The first digit.",
    },
    Descriptor {
        name: "second",
        unit: "",
        low: 0.0,
        high: 10.0,
        cells: 10,
        help: "The second digit.",
    },
    Descriptor {
        name: "sum",
        unit: "pips",
        low: 0.0,
        high: 20.0,
        cells: 20,
        help: "The first two added.",
    },
];

fn settings(evaluations: u64) -> ExploreSettings {
    ExploreSettings {
        evaluations,
        initial: 20,
        batch: 30,
        ..ExploreSettings::default()
    }
}

fn error(settings: &ExploreSettings) -> String {
    settings.plan(&OFFERED).unwrap_err().to_string()
}

#[test]
fn settings_default_to_the_first_two_descriptors_and_their_cells() {
    let plan = settings(100).plan(&OFFERED).unwrap();
    assert_eq!(plan.picks, [0, 1]);
    assert_eq!(plan.axes[1].name, "second");
    assert_eq!(plan.axes[1].cells, 10);
    let mut chosen = settings(100);
    chosen.descriptors = vec!["sum".into(), "first".into()];
    chosen.cells = vec![4];
    chosen.ranges.insert("sum".into(), [2.0, 6.0]);
    let plan = chosen.plan(&OFFERED).unwrap();
    assert_eq!(plan.picks, [2, 0]);
    assert_eq!(
        (plan.axes[0].low, plan.axes[0].high, plan.axes[0].cells),
        (2.0, 6.0, 4)
    );
    assert_eq!(plan.axes[0].unit, "pips");
    assert_eq!(plan.axes[1].cells, 4);
}

#[test]
fn bad_settings_are_refused_in_words() {
    let with = |f: &dyn Fn(&mut ExploreSettings)| {
        let mut s = settings(100);
        f(&mut s);
        error(&s)
    };
    assert!(
        with(&|s| s.descriptors = vec!["colour".into(), "first".into()])
            .contains("no descriptor `colour` here: choose from first, second, sum")
    );
    assert!(
        with(&|s| s.descriptors = vec!["first".into(), "first".into()]).contains("named twice")
    );
    assert!(
        with(&|s| s.descriptors = vec![
            "first".into(),
            "second".into(),
            "sum".into(),
            "first".into()
        ])
        .contains("4 descriptors")
    );
    assert!(
        with(&|s| s.cells = vec![3, 4, 5]).contains("3 cell counts are given for 2 descriptors")
    );
    assert!(with(&|s| s.cells = vec![0]).contains("0 cells along `first`"));
    assert!(
        with(&|s| s.cells = vec![5000])
            .contains("5000 × 5000 = 25000000 cells: an archive holds at most 1000000")
    );
    assert!(
        with(&|s| {
            s.ranges.insert("first".into(), [3.0, 3.0]);
        })
        .contains("low below high")
    );
    assert!(
        with(&|s| {
            s.ranges.insert("sum".into(), [0.0, 3.0]);
        })
        .contains("not one of the descriptors explored (first, second)")
    );
    assert!(with(&|s| s.evaluations = 0).contains("evaluations 0"));
    assert!(with(&|s| s.batch = 0).contains("batch 0"));
    assert!(with(&|s| s.crossover = 1.5).contains("crossover 1.5"));
    assert!(with(&|s| s.max_mutations = 0).contains("max_mutations 0"));
}

fn document(settings: &ExploreSettings, seed: u64, threads: usize) -> Value {
    let plan = settings.plan(&OFFERED).unwrap();
    let context = Context::quiet().with_threads(Some(threads));
    let explored = explore(&Digits, &plan, Goal::Maximise, 0.0, seed, &context).unwrap();
    let file = archive_file(
        &context,
        "digits",
        "0",
        seed,
        &json!({}),
        &plan,
        &explored,
        |e| json!({"digits": e.genome}),
    )
    .unwrap();
    serde_json::from_slice(&file.bytes).unwrap()
}

use serde_json::Value;

#[test]
fn the_archive_is_the_same_on_any_number_of_threads() {
    let one = document(&settings(3_000), 11, 1);
    let two = document(&settings(3_000), 11, 2);
    assert_eq!(one, two);
    assert_ne!(
        one,
        document(&settings(3_000), 12, 2),
        "another seed, another archive"
    );
}

#[test]
fn map_elites_fills_what_can_be_filled_and_keeps_the_best() {
    let doc = document(&settings(3_000), 5, 2);
    // First digit 9 is rejected: 90 of the 100 cells can be filled, each best with a 9.
    assert_eq!(doc["filled"], 90);
    assert_eq!(doc["coverage"], 0.9);
    assert_eq!(doc["qd_score"], 810.0);
    assert_eq!(doc["evaluations"], 3_000);
    for elite in doc["elites"].as_array().unwrap() {
        let digits = &elite["result"]["digits"];
        assert_eq!(elite["descriptors"]["first"], digits[0].as_f64().unwrap());
        assert_eq!(elite["coordinates"][0], digits[0]);
        assert_eq!(elite["fitness"], 9.0);
    }
    // Coverage and QD score never fall, and the last point is the end.
    let history = doc["history"].as_array().unwrap();
    for pair in history.windows(2) {
        assert!(pair[0]["coverage"].as_f64() <= pair[1]["coverage"].as_f64());
        assert!(pair[0]["qd_score"].as_f64() <= pair[1]["qd_score"].as_f64());
        assert!(pair[0]["evaluations"].as_u64() < pair[1]["evaluations"].as_u64());
    }
    assert_eq!(history.last().unwrap()["evaluations"], 3_000);
    assert_eq!(history.first().unwrap()["evaluations"], 20);
}

#[test]
fn random_sampling_counts_the_same_evaluations_and_does_worse_here() {
    let mut random = settings(600);
    random.method = Method::Random;
    let by_chance = document(&random, 5, 2);
    let elites = document(&settings(600), 5, 2);
    assert_eq!(by_chance["evaluations"], 600);
    assert_eq!(by_chance["method"], "random");
    // Random genomes: an elite's third digit is whatever was drawn, rarely 9 in every cell.
    assert!(by_chance["qd_score"].as_f64() < elites["qd_score"].as_f64());
}

#[test]
fn an_exploration_cancelled_after_its_first_batch_keeps_its_archive() {
    let cancel = std::sync::atomic::AtomicBool::new(false);
    // The first progress reported comes after the first batch.
    let events = |event: &Event| {
        if matches!(event, Event::Advance { .. }) {
            cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    };
    let context = Context::new(&events, &cancel);
    let plan = settings(10_000).plan(&OFFERED).unwrap();
    let explored = explore(&Digits, &plan, Goal::Maximise, 0.0, 1, &context).unwrap();
    assert!(explored.interrupted);
    assert_eq!(explored.evaluations, 20, "only the first batch");
    assert!(!explored.archive.is_empty());
}

/// [`Digits`] raising the cancel flag at its fifth evaluation.
struct CancelAtFive<'a> {
    cancel: &'a std::sync::atomic::AtomicBool,
    evaluated: std::sync::atomic::AtomicUsize,
}

impl Problem for CancelAtFive<'_> {
    type Genome = [u8; 3];
    fn random_genome(&self, rng: &mut Stream) -> [u8; 3] {
        Digits.random_genome(rng)
    }
    fn evaluate(&self, g: &[u8; 3]) -> Outcome {
        let outcome = Digits.evaluate(g);
        let order = std::sync::atomic::Ordering::Relaxed;
        if self.evaluated.fetch_add(1, order) + 1 == 5 {
            self.cancel.store(true, order);
        }
        outcome
    }
}

impl Mutate for CancelAtFive<'_> {
    fn mutate(&self, g: &mut [u8; 3], rng: &mut Stream) {
        Digits.mutate(g, rng);
    }
}

impl Crossover for CancelAtFive<'_> {
    fn crossover(&self, a: &[u8; 3], b: &[u8; 3], rng: &mut Stream) -> ([u8; 3], [u8; 3]) {
        Digits.crossover(a, b, rng)
    }
}

#[test]
fn a_first_batch_cut_short_keeps_what_was_evaluated() {
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let problem = CancelAtFive {
        cancel: &cancel,
        evaluated: Default::default(),
    };
    let context = Context::new(&|_| {}, &cancel);
    let plan = settings(10_000).plan(&OFFERED).unwrap();
    let explored = explore(&problem, &plan, Goal::Maximise, 0.0, 1, &context).unwrap();
    assert!(explored.interrupted);
    // The fifth evaluation ends after the cancel: left out, as one cut short would be.
    assert!(
        (1..5).contains(&explored.evaluations),
        "{} of the first batch of 20 kept",
        explored.evaluations
    );
    assert!(!explored.archive.is_empty());
}

#[test]
fn an_exploration_cancelled_before_it_evaluates_anything_says_so() {
    let cancel = std::sync::atomic::AtomicBool::new(true);
    let context = Context::new(&|_| {}, &cancel);
    let plan = settings(10_000).plan(&OFFERED).unwrap();
    let refused = explore(&Digits, &plan, Goal::Maximise, 0.0, 1, &context).unwrap_err();
    assert!(
        refused.to_string().contains("no archive to keep"),
        "{refused}"
    );
}

#[test]
fn an_elite_is_taken_out_by_its_descriptors() {
    let doc = document(&settings(3_000), 5, 2);
    let elite = elite_at(&doc, &[("first".into(), 3.2), ("second".into(), 7.0)]).unwrap();
    assert_eq!(elite["result"]["digits"][0], 3);
    assert_eq!(elite["result"]["digits"][1], 7);
    let empty = elite_at(&doc, &[("first".into(), 9.5), ("second".into(), 7.0)]).unwrap_err();
    assert!(
        empty
            .to_string()
            .contains("the cell first 9 to 10, second 7 to 8 holds no elite; the nearest filled cells: (first 8 to 9, second 7 to 8)"),
        "{empty}"
    );
    let missing = elite_at(&doc, &[("first".into(), 1.0)]).unwrap_err();
    assert!(missing.to_string().contains("say where along `second` too"));
    let unknown = elite_at(
        &doc,
        &[
            ("first".into(), 1.0),
            ("second".into(), 1.0),
            ("third".into(), 1.0),
        ],
    )
    .unwrap_err();
    assert!(unknown.to_string().contains("no descriptor `third`"));
    let foreign = elite_at(&json!({"generator": "ludoforge puzzle"}), &[]).unwrap_err();
    assert!(foreign.to_string().contains("not an archive file"));
}

#[test]
fn the_cells_reported_as_it_goes_add_up_to_the_archive() {
    use std::sync::Mutex;
    use std::sync::atomic::AtomicBool;
    for evaluations in [20, 500, 5_000] {
        let plan = settings(evaluations).plan(&OFFERED).unwrap();
        let seen = Mutex::new((Vec::new(), BTreeMap::new(), 0, 0));
        let on = |event: &Event| {
            let mut seen = seen.lock().unwrap();
            match event {
                Event::Grid { axes } => seen.0.clone_from(axes),
                Event::Cells { cells, filled } => {
                    for &(cell, fitness) in cells {
                        seen.1.insert(cell, fitness);
                    }
                    seen.2 = *filled;
                    seen.3 += 1;
                }
                _ => {}
            }
        };
        let cancel = AtomicBool::new(false);
        let context = Context::new(&on, &cancel);
        let explored = explore(&Digits, &plan, Goal::Maximise, 0.0, 4, &context).unwrap();
        let (axes, cells, filled, reports) = seen.into_inner().unwrap();
        assert_eq!(axes, plan.axes);
        let archive: BTreeMap<usize, f64> = explored
            .archive
            .iter()
            .map(|e| (e.cell, e.fitness))
            .collect();
        assert_eq!(cells, archive, "{evaluations} evaluations");
        assert_eq!(filled, explored.archive.len());
        assert!(reports <= 202, "{reports} reports");
    }
}

#[test]
fn edits_sent_while_it_runs_are_told_to_the_archive_and_noted() {
    let plan = settings(400).plan(&OFFERED).unwrap();
    let plain = explore(&Digits, &plan, Goal::Maximise, 0.0, 3, &Context::quiet()).unwrap();
    // A cell the run alone leaves without a 9, and an edit that puts one there.
    let (a, b) = (0..9u8)
        .flat_map(|a| (0..10u8).map(move |b| (a, b)))
        .find(|&(a, b)| {
            let cell = usize::from(a) * 10 + usize::from(b);
            plain.archive.get(cell).is_none_or(|e| e.fitness < 9.0)
        })
        .expect("400 evaluations leave some cell short of a 9");
    let inbox = crate::inbox::Inbox::default();
    // Sent before the run opens its inbox: refused (as a front end is told).
    assert_eq!(
        inbox.post(json!([a, b, 9])),
        Err(crate::inbox::Refused::NotOpen)
    );
    // Waiting when the first batch ends, as if sent during it.
    inbox.open();
    inbox.post(json!([a, b, 9])).unwrap();
    inbox.post(json!("not digits")).unwrap();
    let lines = std::sync::Mutex::new(Vec::new());
    let listen = |e: &Event| {
        if let Event::Line { text } = e {
            lines.lock().unwrap().push(text.clone());
        }
    };
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let context = Context::new(&listen, &cancel).with_inbox(&inbox);
    let admit = |document: &Value| -> Result<[u8; 3], String> {
        serde_json::from_value(document.clone()).map_err(|_| "not three digits".to_string())
    };
    let explored = explore_from(
        &Digits,
        &plan,
        Goal::Maximise,
        0.0,
        3,
        &context,
        &Value::Null,
        &memo::Nothing,
        &Designed {
            seeds: &[],
            admit: Some(&admit),
        },
    )
    .unwrap();
    let cell = usize::from(a) * 10 + usize::from(b);
    assert_eq!(explored.archive.get(cell).unwrap().fitness, 9.0);
    assert_eq!(explored.edits, 1);
    assert_eq!(
        explored.evaluations, plain.evaluations,
        "edits are not counted"
    );
    let counts = inbox.counts();
    assert_eq!((counts.posted, counts.taken, counts.refused), (2, 1, 1));
    assert_eq!(counts.refusal.as_deref(), Some("not three digits"));
    assert!(!counts.open, "the run has ended");
    assert_eq!(
        *lines.lock().unwrap(),
        [
            "an edit was refused: not three digits",
            "edit 1 taken into the archive"
        ]
    );
    // The archive file says so.
    let file = archive_file(
        &context,
        "digits",
        "0",
        3,
        &json!({}),
        &plan,
        &explored,
        |e| json!({"digits": e.genome}),
    )
    .unwrap();
    let doc: Value = serde_json::from_slice(&file.bytes).unwrap();
    assert_eq!(doc["edits"]["taken"], 1);
    assert!(document(&settings(400), 3, 1).get("edits").is_none());
}

#[test]
fn a_run_without_an_admit_leaves_the_inbox_closed() {
    let plan = settings(200).plan(&OFFERED).unwrap();
    let inbox = crate::inbox::Inbox::default();
    let context = Context::quiet().with_inbox(&inbox);
    explore(&Digits, &plan, Goal::Maximise, 0.0, 3, &context).unwrap();
    assert_eq!(
        inbox.post(json!([1, 1, 1])),
        Err(crate::inbox::Refused::NotOpen)
    );
}
