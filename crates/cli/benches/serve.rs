//! A small puzzle run two ways, side by side: the whole `ludoforge puzzle chess` process, and
//! the same run through the studio's HTTP API (POST, wait for `done` on the events stream, GET
//! result.json) against a `ludoforge serve` started once.
//!
//! The studio makes every file a run can make so a page can offer them (the SVG picture, the
//! log), but draws the PNG only when it is first asked for; `--out` alone makes the result
//! only. Two more figures compare like with like: the process asked for every file (`--svg
//! --png --log`) and the HTTP run followed by a GET of its PNG.
//!
//! `cargo bench -p ludoforge --bench serve`

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::{Value, json};

const EXE: &str = env!("CARGO_BIN_EXE_ludoforge");
const SEED: u64 = 5;

/// A studio on a free loopback port, killed when dropped.
struct Server {
    child: Child,
    base: String,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(EXE)
            .args(["serve", "--port", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("ludoforge serve starts");
        let stderr = child.stderr.take().expect("stderr is piped");
        let (address, said) = std::sync::mpsc::channel();
        // Reads stderr to its end, so the server never blocks on a full pipe.
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(rest) = line.split("ludoforge studio at ").nth(1) {
                    let url = rest.split_whitespace().next().unwrap_or_default();
                    let _ = address.send(url.trim_end_matches('/').to_string());
                }
            }
        });
        let mut server = Server {
            child,
            base: String::new(),
        };
        server.base = said
            .recv_timeout(Duration::from_secs(60))
            .expect("the server says where it listens");
        server
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The run as a process: `ludoforge puzzle chess ... --out <out>`, returning the file; with
/// `every_file`, the pictures and log too, next to it.
fn cli_run(out: &std::path::Path, every_file: bool) -> Vec<u8> {
    let mut command = Command::new(EXE);
    command
        .args(["puzzle", "chess", "--population", "60", "--matings", "1500"])
        .args(["--seed", &SEED.to_string(), "--out"])
        .arg(out);
    if every_file {
        for (option, extension) in [("--svg", "svg"), ("--png", "png"), ("--log", "jsonl")] {
            command.arg(option).arg(out.with_extension(extension));
        }
    }
    let status = command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("ludoforge runs");
    assert!(status.success(), "ludoforge puzzle chess failed");
    std::fs::read(out).expect("the result file")
}

/// The run through HTTP: POST, the events until `done`, then result.json (and with
/// `png`, the picture too).
async fn http_run(client: &reqwest::Client, base: &str, png: bool) -> Vec<u8> {
    let request = json!({
        "job": "puzzle-chess",
        "params": {"search": {"population": 60, "matings": 1500}},
        "seed": SEED,
    });
    let response = client
        .post(format!("{base}/api/runs"))
        .json(&request)
        .send()
        .await
        .expect("POST /api/runs");
    assert_eq!(response.status().as_u16(), 201, "POST /api/runs");
    let answer: Value = response.json().await.expect("a 201 is JSON");
    let id = answer["id"].as_str().expect("an id").to_string();
    let mut events = client
        .get(format!("{base}/api/runs/{id}/events"))
        .send()
        .await
        .expect("the events");
    let mut seen: Vec<u8> = Vec::new();
    loop {
        let chunk = events
            .chunk()
            .await
            .expect("the events stream")
            .expect("the events end with done or error");
        seen.extend_from_slice(&chunk);
        // Only the last event ends the stream; a run's progress never names these.
        if seen.windows(12).any(|w| w == b"event: error") {
            panic!("the run failed: {}", String::from_utf8_lossy(&seen));
        }
        if seen.windows(11).any(|w| w == b"event: done") {
            break;
        }
        // Keep the tail only, where an event name may be cut in two.
        if seen.len() > 64 {
            seen.drain(..seen.len() - 16);
        }
    }
    drop(events);
    let file = client
        .get(format!("{base}/api/runs/{id}/files/result.json"))
        .send()
        .await
        .expect("GET result.json");
    assert_eq!(file.status().as_u16(), 200, "GET result.json");
    let result = file.bytes().await.expect("result.json").to_vec();
    if png {
        let picture = client
            .get(format!("{base}/api/runs/{id}/files/picture.png"))
            .send()
            .await
            .expect("GET picture.png");
        assert_eq!(picture.status().as_u16(), 200, "GET picture.png");
        assert!(!picture.bytes().await.expect("picture.png").is_empty());
    }
    result
}

fn serve(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let out = dir.path().join("maze.json");
    let server = Server::start();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let client = reqwest::Client::new();

    // The two ways make the same bytes.
    let by_cli = cli_run(&out, false);
    let by_http = runtime.block_on(http_run(&client, &server.base, false));
    assert!(
        by_cli == by_http,
        "the CLI and the studio made different result.json for seed {SEED}"
    );

    let mut group = c.benchmark_group("puzzle-chess-60x1500");
    group.sample_size(30);
    group.measurement_time(Duration::from_secs(15));
    group.bench_function("cli-process", |b| b.iter(|| cli_run(&out, false)));
    group.bench_function("http-serve", |b| {
        b.iter(|| runtime.block_on(http_run(&client, &server.base, false)));
    });
    group.bench_function("cli-process-every-file", |b| {
        b.iter(|| cli_run(&out, true));
    });
    group.bench_function("http-serve-and-png", |b| {
        b.iter(|| runtime.block_on(http_run(&client, &server.base, true)));
    });
    group.finish();
}

criterion_group!(benches, serve);
criterion_main!(benches);
