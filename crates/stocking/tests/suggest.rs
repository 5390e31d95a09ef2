//! Suggestions around a designer's dungeon map (`stock-explore`): whatever the map, the
//! locked cells and the seed, no suggestion changes a locked cell or moves the start or the
//! goal, every suggestion passes the generator's own check with the measures it was placed by,
//! the designer's map is on the shelf (or a map at least as fun in its cell), and the same run
//! gives the same shelf on any number of threads.

use ludoforge_evolve::rng::stream;
use ludoforge_job::{Context, Job};
use ludoforge_stocking::grid::Grid;
use ludoforge_stocking::job::{ExploreJob, check, locked_cells};
use ludoforge_stocking::mapgen::{Kind, generate};
use proptest::prelude::*;
use serde_json::{Value, json};

fn shelf(params: &Value, seed: u64, threads: usize) -> Value {
    let context = Context::quiet().with_threads(Some(threads));
    let artifact = ExploreJob.run(params, seed, &context).unwrap();
    serde_json::from_slice(&artifact.file("result").unwrap().bytes).unwrap()
}

fn rows_of(document: &Value) -> Vec<String> {
    document
        .pointer("/map/rows")
        .or_else(|| document.get("rows"))
        .and_then(Value::as_array)
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect()
}

/// Runs suggestions around `start` with `lock` and checks every elite.
fn suggest_and_check(start: &Value, lock: &[String], seed: u64) -> Value {
    let params = json!({"start": start, "lock": lock,
        "explore": {"evaluations": 300, "initial": 30, "batch": 30}});
    let archive = shelf(&params, seed, 2);
    let first = rows_of(start);
    let (width, height) = (first[0].len(), first.len());
    let locked = locked_cells(width, height, lock).unwrap();
    let cell = |rows: &[String], i: usize| rows[i / width].as_bytes()[i % width];
    let elites = archive["elites"].as_array().unwrap();
    assert!(!elites.is_empty());
    let listen = |_: &ludoforge_job::Event| {};
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let context = Context::new(&listen, &cancel);
    for elite in elites {
        let result = &elite["result"];
        let rows = rows_of(result);
        for &i in &locked {
            // A locked cell keeps wall or floor (the start and goal are floor, and stay).
            let wall = |b: u8| b == b'#';
            assert_eq!(
                wall(cell(&rows, i)),
                wall(cell(&first, i)),
                "locked cell {},{} changed",
                i % width,
                i / width
            );
        }
        let ends = |rows: &[String]| {
            let grid = Grid::parse(&rows.join("\n")).unwrap();
            (grid.start(), grid.goal())
        };
        assert_eq!(ends(&rows), ends(&first), "the ends moved");
        let checked = check(result, &context).unwrap().unwrap();
        assert!(checked.problem.is_none(), "{:?}", checked.problem);
        // Stocked as the start is: the check's stocked file is of the elite's map.
        assert_eq!(
            rows_of(&checked.content),
            rows,
            "an elite checks to its own map"
        );
        for m in checked.measures.iter().filter(|m| m.descriptor) {
            if let Some(d) = elite["descriptors"].get(m.name) {
                assert_eq!(d.as_f64(), m.value.as_f64(), "{}", m.name);
            }
        }
    }
    let measured = check(start, &context).unwrap().unwrap();
    if measured.problem.is_none() {
        let value = |name: &str| {
            measured
                .measures
                .iter()
                .find(|m| m.name == name)
                .and_then(|m| m.value.as_f64())
                .unwrap()
        };
        let axes: Vec<ludoforge_evolve::archive::Axis> =
            serde_json::from_value(archive["axes"].clone()).unwrap();
        let at: Vec<usize> = axes.iter().map(|a| a.index(value(&a.name))).collect();
        assert!(
            elites.iter().any(|e| e["coordinates"] == json!(at)
                && e["fitness"].as_f64().unwrap() >= value("fun_after")),
            "the start's cell {at:?} is empty"
        );
    }
    archive
}

/// A generated map of the given size, as a bare map document.
fn generated(width: usize, height: usize, seed: u64) -> Value {
    let grid = generate(Kind::Rooms, width, height, &mut stream(seed, 0, 0)).unwrap();
    json!({"kind": "dungeon", "rows": grid.rows(), "seed": seed})
}

#[test]
fn the_sample_keeps_its_locked_corner_and_is_the_same_on_any_threads() {
    let sample = ExploreJob.sample().unwrap();
    let start = sample["start"].clone();
    let lock: Vec<String> = serde_json::from_value(sample["lock"].clone()).unwrap();
    let archive = suggest_and_check(&start, &lock, 4);
    let params = json!({"start": start, "lock": lock,
        "explore": {"evaluations": 300, "initial": 30, "batch": 30}});
    assert_eq!(archive, shelf(&params, 4, 1));
    // Suggestions do differ from the start.
    let first = rows_of(&start);
    assert!(
        archive["elites"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| rows_of(&e["result"]) != first)
    );
}

#[test]
fn a_stocked_file_is_a_start_and_its_seed_stocks_the_suggestions() {
    let artifact = ludoforge_stocking::job::StockJob
        .run(&json!({"width": 30, "height": 16}), 6, &Context::quiet())
        .unwrap();
    let file: Value =
        serde_json::from_slice(&artifact.file("result").unwrap().to_bytes().unwrap()).unwrap();
    let archive = suggest_and_check(&file, &["0,0:9,15".to_string()], 2);
    for elite in archive["elites"].as_array().unwrap() {
        assert_eq!(elite["result"]["seed"], file["seed"]);
        assert_eq!(elite["result"]["theme"], file["theme"]["name"]);
    }
}

#[test]
fn bad_starts_and_locks_are_refused_in_words() {
    let said = |params: Value| ExploreJob.check(&params).unwrap_err().to_string();
    assert!(said(json!({})).contains("no start map given"));
    let start = json!({"kind": "dungeon", "rows": ["#####", "#<.>#", "#####"]});
    let off = said(json!({"start": start, "lock": ["0,0:5,1"]}));
    assert!(
        off.contains("\"5,1\" is not a cell of this 5×3 map (0,0 to 4,2)"),
        "{off}"
    );
    let word = said(json!({"start": start, "lock": ["a1"]}));
    assert!(word.contains("lock cells like 3,4"), "{word}");
    let maze = said(json!({"start": {"kind": "chromatic", "rows": ["RR"]}}));
    assert!(
        maze.contains("the start is not a dungeon map (it is \"chromatic\")"),
        "{maze}"
    );
    let bare = said(json!({"start": {"rows": [1]}}));
    assert!(bare.contains("every row of a map is text"), "{bare}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Any generated map, any rectangle locked, any seed: no suggestion changes a locked
    /// cell and every one passes the generator's check.
    #[test]
    fn no_suggestion_changes_a_locked_cell(
        map_seed in 1u64..1000,
        corners in (0usize..24, 0usize..12, 0usize..24, 0usize..12),
        seed in 0u64..1000,
    ) {
        let start = generated(24, 12, map_seed);
        let lock = vec![format!("{},{}:{},{}", corners.0, corners.1, corners.2, corners.3)];
        suggest_and_check(&start, &lock, seed);
    }
}
