//! A bounded load test of `ludoforge serve` on loopback, against the real binary.
//!
//! One server (`--jobs 2 --queue 16`) takes, in order: a warm-up run; 400 small runs from 16
//! concurrent clients (each keeping up to two runs in flight, so the 18 places fill and the
//! server answers 429, which the clients wait out and retry); 1,000 malformed requests, each of
//! which must be answered 4xx; then one more normal run. The server's memory (VmRSS, Linux only)
//! is read before, during and after the load.
//!
//! Speed is measured and printed (`cargo test --test serve_load -- --nocapture`), never
//! asserted: the test checks answers, results and memory bounds only. Beside it, `stop`
//! checks the server exits within two seconds of SIGINT or SIGTERM with a run going.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::{Client, Response};

#[path = "serve_load/malformed.rs"]
mod malformed;
#[path = "serve_load/server.rs"]
mod server;
#[cfg(unix)]
#[path = "serve_load/stop.rs"]
mod stop;

use malformed::{large_body, malformed};
use serde_json::{Value, json};
use server::{Server, mib, proc_status, rss_kib};

/// Concurrent clients in the load.
const CLIENTS: usize = 16;
/// Runs submitted in the load, in all.
const RUNS: usize = 400;
/// Distinct seeds: every seed is run `RUNS / SEEDS` times, and those results must be equal.
const SEEDS: u64 = 200;
/// Malformed requests.
const MALFORMED: usize = 1000;
/// Over-large bodies among them (each 9 MiB, over the 8 MiB limit).
const LARGE: usize = 4;
/// Concurrent senders of the malformed requests.
const SENDERS: usize = 8;
/// The longest a client waits before asking again after a 429, whatever `Retry-After` says
/// (the server says 30 s with the default wall time, which would make the test far too slow).
const MAX_BACKOFF: Duration = Duration::from_millis(250);
/// Runs the server keeps once they end (`Limits::keep`).
const KEPT: u64 = 100;
/// What the allocator may keep of the load's working memory, in KiB (see the memory check).
const SLACK: u64 = 96 * 1024;

/// The parameters of every run: a small, quick chess maze.
fn params() -> Value {
    json!({"search": {"population": 20, "matings": 200}})
}

/// What the load measured.
#[derive(Default)]
struct Tally {
    requests: AtomicU64,
    busy: AtomicU64,
    post: Mutex<Vec<Duration>>,
    to_done: Mutex<Vec<Duration>>,
}

impl Tally {
    fn count(&self) {
        self.requests.fetch_add(1, Ordering::Relaxed);
    }
}

/// A run's result.json, with its seed.
struct Made {
    seed: u64,
    id: String,
    bytes: Vec<u8>,
    files: u64,
}

/// Sends a request and reads its status, failing on a dropped connection or any status not in
/// `allowed`.
async fn send(request: reqwest::RequestBuilder, what: &str, allowed: &[u16]) -> Response {
    let response = request
        .send()
        .await
        .unwrap_or_else(|e| panic!("{what}: no answer ({e})"));
    let status = response.status().as_u16();
    if !allowed.contains(&status) {
        let body = response.text().await.unwrap_or_default();
        panic!("{what}: answered {status}, expected one of {allowed:?}: {body}");
    }
    response
}

/// POSTs a run, waiting out 429s; returns its id and when the accepted POST was sent.
async fn submit(client: &Client, base: &str, seed: u64, tally: &Tally) -> (String, Instant) {
    let body = json!({"job": "puzzle-chess", "params": params(), "seed": seed});
    let mut backoff = Duration::from_millis(10);
    loop {
        let sent = Instant::now();
        let response = send(
            client.post(format!("{base}/api/runs")).json(&body),
            &format!("POST /api/runs (seed {seed})"),
            &[201, 429],
        )
        .await;
        let took = sent.elapsed();
        tally.count();
        if response.status().as_u16() == 429 {
            tally.busy.fetch_add(1, Ordering::Relaxed);
            let seconds: u64 = response
                .headers()
                .get("retry-after")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse().ok())
                .expect("a 429 says when to try again (Retry-After, whole seconds)");
            assert!(seconds >= 1, "Retry-After {seconds}");
            tokio::time::sleep(backoff.min(Duration::from_secs(seconds))).await;
            backoff = (backoff * 2).min(MAX_BACKOFF);
            continue;
        }
        tally.post.lock().expect("latencies").push(took);
        let answer: Value = response.json().await.expect("a 201 is JSON");
        assert_eq!(answer["seed"], seed, "the 201 names the seed: {answer}");
        let id = answer["id"].as_str().expect("a 201 has the id").to_string();
        return (id, sent);
    }
}

/// Reads a run's events until `done` (returning its data) or `error` (failing).
async fn wait_done(client: &Client, base: &str, id: &str) -> Value {
    let what = format!("GET /api/runs/{id}/events");
    let mut response = send(
        client.get(format!("{base}/api/runs/{id}/events")),
        &what,
        &[200],
    )
    .await;
    let mut buffer: Vec<u8> = Vec::new();
    loop {
        let chunk = response
            .chunk()
            .await
            .unwrap_or_else(|e| panic!("{what}: the stream broke ({e})"));
        let Some(chunk) = chunk else {
            panic!("{what}: the stream ended without done or error")
        };
        buffer.extend_from_slice(&chunk);
        while let Some(end) = buffer.windows(2).position(|w| w == b"\n\n") {
            let block =
                String::from_utf8(buffer.drain(..end + 2).collect()).expect("events are UTF-8");
            let mut event = "message";
            let mut data = String::new();
            for line in block.lines() {
                if let Some(name) = line.strip_prefix("event:") {
                    event = name.trim();
                } else if let Some(more) = line.strip_prefix("data:") {
                    if !data.is_empty() {
                        data.push('\n');
                    }
                    data.push_str(more.strip_prefix(' ').unwrap_or(more));
                }
            }
            match event {
                "done" => return serde_json::from_str(&data).expect("done carries the run"),
                "error" => panic!("{what}: the run failed: {data}"),
                _ => {}
            }
        }
    }
}

/// Waits for a submitted run to end, checks it, and fetches its result.json.
async fn finish(
    client: Client,
    base: String,
    id: String,
    seed: u64,
    sent: Instant,
    tally: Arc<Tally>,
) -> Made {
    let done = wait_done(&client, &base, &id).await;
    tally
        .to_done
        .lock()
        .expect("latencies")
        .push(sent.elapsed());
    tally.count();
    assert_eq!(done["status"], "done", "{done}");
    let run: Value = send(
        client.get(format!("{base}/api/runs/{id}")),
        &format!("GET /api/runs/{id}"),
        &[200],
    )
    .await
    .json()
    .await
    .expect("a run is JSON");
    tally.count();
    assert_eq!(run["status"], "done", "{run}");
    assert_eq!(run["seed"], seed, "{run}");
    let files = run["files"].as_array().expect("a done run lists its files");
    assert!(
        files.iter().any(|f| f["name"] == "result.json"),
        "run {id} has no result.json: {run}"
    );
    let size: u64 = files.iter().filter_map(|f| f["size"].as_u64()).sum();
    let bytes = send(
        client.get(format!("{base}/api/runs/{id}/files/result.json")),
        &format!("GET /api/runs/{id}/files/result.json"),
        &[200],
    )
    .await
    .bytes()
    .await
    .expect("result.json is read")
    .to_vec();
    tally.count();
    let result: Value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("run {id}: result.json is not JSON ({e})"));
    assert_eq!(
        result["seed"], seed,
        "run {id}: result.json has the run's seed"
    );
    Made {
        seed,
        id,
        bytes,
        files: size,
    }
}

/// One client: submits its seeds in order, keeping at most two runs in flight.
async fn client_load(
    client: Client,
    base: String,
    seeds: Vec<u64>,
    tally: Arc<Tally>,
) -> Vec<Made> {
    let mut made = Vec::new();
    let mut pending: Option<tokio::task::JoinHandle<Made>> = None;
    for seed in seeds {
        let (id, sent) = submit(&client, &base, seed, &tally).await;
        if let Some(previous) = pending.take() {
            made.push(previous.await.expect("a run's client"));
        }
        pending = Some(tokio::spawn(finish(
            client.clone(),
            base.clone(),
            id,
            seed,
            sent,
            Arc::clone(&tally),
        )));
    }
    if let Some(previous) = pending {
        made.push(previous.await.expect("a run's client"));
    }
    made
}

/// One run, start to end, as a single client would make it.
async fn one_run(client: &Client, base: &str, seed: u64) -> Made {
    let tally = Arc::new(Tally::default());
    let (id, sent) = submit(client, base, seed, &tally).await;
    finish(client.clone(), base.to_string(), id, seed, sent, tally).await
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn figures(name: &str, latencies: &Mutex<Vec<Duration>>) -> String {
    let mut all = latencies.lock().expect("latencies").clone();
    all.sort();
    format!(
        "{name}: n {}, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        all.len(),
        percentile(&all, 50.0).as_secs_f64() * 1e3,
        percentile(&all, 99.0).as_secs_f64() * 1e3,
        all.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_under_load() {
    let start = Instant::now();
    let mut server = Server::start();
    let base = server.base.clone();
    let client = Client::builder()
        .timeout(Duration::from_secs(120))
        .build()
        .expect("an HTTP client");

    // Warm-up: one run, so the memory before counts a server that has worked once.
    let warm = one_run(&client, &base, 1).await;
    let linux = server.rss_kib().is_some();
    if !linux {
        eprintln!("serve_load: no /proc/<pid>/status here: the memory checks are skipped");
    }
    let before = server.rss_kib();

    // Memory through the load, sampled every 20 ms.
    let stop = Arc::new(AtomicBool::new(false));
    let sampler = {
        let stop = Arc::clone(&stop);
        let pid = server.child.id();
        tokio::spawn(async move {
            let (mut peak, mut threads) = (0, 0);
            while !stop.load(Ordering::Relaxed) {
                peak = peak.max(rss_kib(pid).unwrap_or(0));
                threads = threads.max(proc_status(pid, "Threads").unwrap_or(0));
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            (peak, threads)
        })
    };

    // The load.
    let tally = Arc::new(Tally::default());
    let loaded = Instant::now();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|c| {
            let seeds = (c..RUNS)
                .step_by(CLIENTS)
                .map(|r| r as u64 % SEEDS + 1)
                .collect();
            tokio::spawn(client_load(
                client.clone(),
                base.clone(),
                seeds,
                Arc::clone(&tally),
            ))
        })
        .collect();
    let mut made = Vec::new();
    for c in clients {
        made.extend(c.await.expect("a client"));
    }
    let load_time = loaded.elapsed();
    stop.store(true, Ordering::Relaxed);
    let (peak, threads) = sampler.await.expect("the sampler");
    assert_eq!(made.len(), RUNS);

    // Same seed, same bytes; different runs, different ids.
    let mut by_seed: BTreeMap<u64, &Made> = BTreeMap::new();
    let mut compared = 0;
    for m in &made {
        match by_seed.get(&m.seed) {
            Some(first) => {
                compared += 1;
                assert!(
                    first.bytes == m.bytes,
                    "runs {} and {} have the seed {} but different result.json",
                    first.id,
                    m.id,
                    m.seed
                );
            }
            None => {
                by_seed.insert(m.seed, m);
            }
        }
    }
    assert_eq!(
        by_seed[&1].bytes, warm.bytes,
        "the warm-up and seed 1 differ"
    );
    let mut ids: Vec<&str> = made.iter().map(|m| m.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), RUNS, "every run has its own id");

    let requests = tally.requests.load(Ordering::Relaxed);
    eprintln!(
        "serve_load: {RUNS} runs from {CLIENTS} clients in {:.2} s: {:.1} runs/s, {requests} \
         requests ({:.1} requests/s), {} answered 429; {compared} results compared by seed",
        load_time.as_secs_f64(),
        RUNS as f64 / load_time.as_secs_f64(),
        requests as f64 / load_time.as_secs_f64(),
        tally.busy.load(Ordering::Relaxed),
    );
    eprintln!("serve_load: {}", figures("POST answered 201", &tally.post));
    eprintln!("serve_load: {}", figures("POST to done", &tally.to_done));

    // The runs kept: at most `KEPT` once every run has ended, however many were made.
    let listed: Value = send(
        client.get(format!("{base}/api/runs")),
        "GET /api/runs",
        &[200],
    )
    .await
    .json()
    .await
    .expect("the runs are JSON");
    let listed = listed.as_array().expect("a list of runs").len() as u64;
    assert!(
        listed <= KEPT,
        "the server keeps {listed} runs after {} ended, more than {KEPT}",
        RUNS + 1
    );

    // Memory after: the runs kept (counted exactly above) hold their files and descriptions,
    // at most `largest` bytes of files each, counted twice for the rest of the run and the
    // allocator's rounding; the allocator also keeps, in its two arenas, much of the load's
    // working memory once freed (two runs drawing their pictures at once, some 20 threads,
    // buffers of up to 32 connections and 16 event streams): `SLACK`, about twice the peak less
    // the start measured on a 2-core machine (52-58 MiB). A server that kept every run, or a
    // share of each, would still pass below about 150 KiB a run; the count above catches it.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let after = server.rss_kib();
    let largest = made.iter().map(|m| m.files).max().unwrap_or(0);
    let bound = before.map(|before| before + 2 * KEPT * largest / 1024 + SLACK);
    if let (Some(before), Some(after), Some(bound)) = (before, after, bound) {
        eprintln!(
            "serve_load: server VmRSS before {:.1} MiB, peak {:.1} MiB, after {:.1} MiB \
             (bound {:.1} MiB; {listed} runs kept, the largest run's files {:.1} KiB; \
             at most {threads} threads)",
            mib(before),
            mib(peak),
            mib(after),
            mib(bound),
            largest as f64 / 1024.0,
        );
        assert!(
            after <= bound,
            "the server holds {after} KiB after the load, over {bound} KiB"
        );
    }

    // Malformed requests, each answered 4xx.
    let kept = made
        .iter()
        .max_by_key(|m| m.id[1..].parse::<u64>().unwrap_or(0));
    let kept = kept.expect("runs").id.clone();
    let large = Arc::new(large_body(9 << 20));
    let statuses = Arc::new(Mutex::new(BTreeMap::<u16, usize>::new()));
    let not_json = Arc::new(Mutex::new(BTreeMap::<String, usize>::new()));
    let bad_start = Instant::now();
    let senders: Vec<_> = (0..SENDERS)
        .map(|s| {
            let client = client.clone();
            let base = base.clone();
            let kept = kept.clone();
            let large = Arc::clone(&large);
            let statuses = Arc::clone(&statuses);
            let not_json = Arc::clone(&not_json);
            tokio::spawn(async move {
                for i in (s..MALFORMED).step_by(SENDERS) {
                    let bad = malformed(i, &kept, &large);
                    let mut request = client
                        .request(bad.method.clone(), format!("{base}{}", bad.path))
                        .body(bad.body);
                    if let Some(kind) = bad.content_type {
                        request = request.header("content-type", kind);
                    }
                    let response = request
                        .send()
                        .await
                        .unwrap_or_else(|e| panic!("{}: no answer ({e:?})", bad.what));
                    let status = response.status().as_u16();
                    let kind = response
                        .headers()
                        .get("content-type")
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or("")
                        .to_string();
                    let body = response
                        .bytes()
                        .await
                        .unwrap_or_else(|e| panic!("{}: the answer broke off ({e})", bad.what));
                    assert!(
                        (400..500).contains(&status),
                        "{}: answered {status}, not 4xx: {}",
                        bad.what,
                        String::from_utf8_lossy(&body)
                    );
                    *statuses.lock().expect("tally").entry(status).or_default() += 1;
                    let error = serde_json::from_slice::<Value>(&body)
                        .is_ok_and(|v| v["error"].is_string());
                    if bad.path.starts_with("/api/") && !error {
                        let key = format!("{status} {kind:?}");
                        *not_json.lock().expect("tally").entry(key).or_default() += 1;
                    }
                }
            })
        })
        .collect();
    for s in senders {
        s.await.expect("a sender of malformed requests");
    }
    eprintln!(
        "serve_load: {MALFORMED} malformed requests ({LARGE} of 9 MiB) in {:.2} s, answered {:?}",
        bad_start.elapsed().as_secs_f64(),
        statuses.lock().expect("tally"),
    );
    let not_json = not_json.lock().expect("tally").clone();
    assert!(
        not_json.is_empty(),
        "/api/ answers without an {{\"error\"}} body, by status and type: {not_json:?}"
    );
    assert_eq!(
        statuses.lock().expect("tally").values().sum::<usize>(),
        MALFORMED
    );

    // Still serving.
    let last = one_run(&client, &base, 1).await;
    assert_eq!(
        last.bytes, warm.bytes,
        "a normal run after the malformed requests"
    );
    assert!(
        server
            .child
            .try_wait()
            .expect("the server's state")
            .is_none(),
        "the server is still running"
    );
    let end = server.rss_kib();
    if let (Some(end), Some(bound)) = (end, bound) {
        assert!(
            end <= bound,
            "the server holds {end} KiB after the malformed requests, over {bound} KiB"
        );
    }
    let log = server.stderr();
    assert!(
        !log.contains("panicked"),
        "the server panicked; its stderr:\n{log}"
    );
    eprintln!(
        "serve_load: server VmRSS at the end {}; whole test {:.1} s",
        end.map_or("unknown".into(), |kib| format!("{:.1} MiB", mib(kib))),
        start.elapsed().as_secs_f64(),
    );
}
