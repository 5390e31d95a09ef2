//! Reading the agreement fixtures made by `scripts/pcg-fixtures.py` with the benchmark's own
//! Python, and checking a native problem gives the same numbers, bit for bit.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;

use flate2::read::GzDecoder;
use ludoforge_pcgbench::{BENCHMARK_COMMIT, Grid, Problem, evaluate};
use serde_json::{Map, Value};

/// One fixture: its header, its contents with the benchmark's answers, and its scored sets.
pub struct Fixture {
    /// The first line: problem, commit, versions.
    pub head: Map<String, Value>,
    /// One object per content.
    pub rows: Vec<Map<String, Value>>,
    /// One object per set scored with `env.evaluate`.
    pub sets: Vec<Map<String, Value>>,
}

/// Reads `tests/fixtures/<name>.jsonl.gz`.
pub fn fixture(name: &str) -> Fixture {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(format!("{name}.jsonl.gz"));
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = BufReader::new(GzDecoder::new(file)).lines();
    let head = object(&lines.next().expect("a header line").expect("readable"));
    let (mut rows, mut sets) = (Vec::new(), Vec::new());
    for line in lines {
        let line = object(&line.expect("readable"));
        if line.contains_key("set") {
            sets.push(line)
        } else {
            rows.push(line)
        }
    }
    Fixture { head, rows, sets }
}

fn object(line: &str) -> Map<String, Value> {
    match serde_json::from_str(line) {
        Ok(Value::Object(map)) => map,
        other => panic!("not a JSON object line: {other:?}"),
    }
}

/// The content of a row: its digits, row-major, at the problem's size.
pub fn content<P: Problem>(problem: &P, row: &Map<String, Value>) -> Grid {
    let digits = row["content"].as_str().expect("content digits");
    let cells: Vec<u8> = digits.bytes().map(|b| b - b'0').collect();
    Grid::from_cells(problem.width(), problem.height(), cells)
        .expect("a content of the problem's size")
}

fn float(value: &Value) -> f64 {
    value
        .as_f64()
        .unwrap_or_else(|| panic!("not a number: {value}"))
}

/// The control of a row in the order of [`Problem::controls`].
pub fn control<P: Problem>(problem: &P, control: &Value) -> Vec<i64> {
    problem
        .controls()
        .iter()
        .map(|dim| control[dim.name].as_i64().expect("an integer control"))
        .collect()
}

/// Checks every row and set of the fixture `name` (`PROBLEM`, or `PROBLEM-ludoforge` for the
/// contents of ludoforge's own sets) against `problem`; `skip` names info keys the fixture leaves
/// out (they repeat the content). Returns how many contents agreed.
pub fn agree<P: Problem>(problem: &P, name: &str, skip: &[&str]) -> usize {
    let fixture = fixture(name);
    assert_eq!(
        fixture.head["problem"],
        problem.name(),
        "{name} is a fixture of another problem"
    );
    assert_eq!(
        fixture.head["commit"], BENCHMARK_COMMIT,
        "the fixture was made at another commit"
    );
    let contents: Vec<Grid> = fixture
        .rows
        .iter()
        .map(|row| content(problem, row))
        .collect();
    let infos: Vec<P::Info> = contents.iter().map(|c| problem.info(c)).collect();
    for (i, (row, info)) in fixture.rows.iter().zip(&infos).enumerate() {
        let mut ours = serde_json::to_value(info).expect("info serialises");
        if let Value::Object(map) = &mut ours {
            for key in skip {
                map.remove(*key);
            }
        }
        assert_eq!(
            ours, row["info"],
            "{name} content {i} ({}): info differs",
            row["content"]
        );
        let q = problem.quality(info);
        assert_eq!(
            q.to_bits(),
            float(&row["quality"]).to_bits(),
            "{name} content {i}: quality {q} vs {}",
            row["quality"]
        );
        let c = problem.controllability(info, &control(problem, &row["control"]));
        assert_eq!(
            c.to_bits(),
            float(&row["controllability"]).to_bits(),
            "{name} content {i}: controllability {c} vs {} for {}",
            row["controllability"],
            row["control"]
        );
        let next = &infos[(i + 1) % infos.len()];
        let d = problem.diversity(info, next);
        assert_eq!(
            d.to_bits(),
            float(&row["diversity_next"]).to_bits(),
            "{name} content {i}: diversity {d} vs {}",
            row["diversity_next"]
        );
    }
    for (s, set) in fixture.sets.iter().enumerate() {
        let members: Vec<usize> = set["set"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as usize)
            .collect();
        let chosen: Vec<P::Info> = members.iter().map(|&m| infos[m].clone()).collect();
        let controls: Vec<Vec<i64>> = set["controls"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| control(problem, c))
            .collect();
        let scores = evaluate(problem, &chosen, Some(&controls));
        let want: Vec<f64> = set["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(float)
            .collect();
        assert_eq!(
            [scores.quality, scores.diversity, scores.controllability].map(f64::to_bits),
            [want[0], want[1], want[2]].map(f64::to_bits),
            "{name} set {s}: scores {:?} vs {want:?}",
            (scores.quality, scores.diversity, scores.controllability)
        );
        let details = &set["details"];
        for (key, ours) in [
            ("quality", &scores.details.quality),
            ("diversity", &scores.details.diversity),
            ("controlability", &scores.details.controllability),
        ] {
            let theirs: Vec<f64> = details[key].as_array().unwrap().iter().map(float).collect();
            assert_eq!(
                ours.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
                theirs.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
                "{name} set {s}: {key} details differ"
            );
        }
    }
    contents.len()
}
