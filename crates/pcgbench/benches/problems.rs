//! Native speed of the benchmark's measures: `info` and quality of one content, over the first
//! 1,000 contents of each agreement fixture (half uniform, half sparse, as
//! `scripts/pcg-fixtures.py` draws them), on one thread. `scripts/pcg-speed.sh` runs this beside
//! the benchmark's Python on the same contents.
//!
//! `cargo bench -p ludoforge-pcgbench --bench problems`

use std::hint::black_box;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use flate2::read::GzDecoder;
use ludoforge_pcgbench::binary::Binary;
use ludoforge_pcgbench::mdungeons::MiniDungeons;
use ludoforge_pcgbench::sokoban::Sokoban;
use ludoforge_pcgbench::zelda::Zelda;
use ludoforge_pcgbench::{Grid, Problem};

/// How many contents of a fixture a measurement goes through.
const CONTENTS: usize = 1_000;

fn contents<P: Problem>(problem: &P) -> Vec<Grid> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(format!("{}.jsonl.gz", problem.name()));
    let file = std::fs::File::open(&path).expect("the fixture");
    BufReader::new(GzDecoder::new(file))
        .lines()
        .skip(1)
        .map(|line| {
            serde_json::from_str::<serde_json::Value>(&line.expect("a line")).expect("JSON")
        })
        .filter_map(|row| {
            row.get("content")
                .and_then(|c| c.as_str())
                .map(str::to_owned)
        })
        .take(CONTENTS)
        .map(|digits| {
            let cells = digits.bytes().map(|b| b - b'0').collect();
            Grid::from_cells(problem.width(), problem.height(), cells).expect("a content")
        })
        .collect()
}

fn measure<P: Problem>(c: &mut Criterion, problem: &P) {
    let contents = contents(problem);
    let mut group = c.benchmark_group("info and quality");
    group.throughput(Throughput::Elements(contents.len() as u64));
    group.bench_function(problem.name(), |b| {
        b.iter(|| {
            let mut total = 0.0;
            for content in &contents {
                total += problem.quality(&problem.info(black_box(content)));
            }
            total
        });
    });
    group.finish();
}

fn problems(c: &mut Criterion) {
    measure(c, &Binary::v0());
    measure(c, &Zelda::v0());
    measure(c, &Sokoban::v0());
    measure(c, &MiniDungeons::v0());
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = problems
}
criterion_main!(benches);
