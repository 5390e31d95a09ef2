//! `ludoforge serve` stops within two seconds of Ctrl-C (SIGINT) or SIGTERM, with a long run
//! working and a page watching its events.

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::server::Server;

/// The longest the server may take to exit once told.
const BOUND: Duration = Duration::from_secs(2);

/// Starts a run no machine finishes and watches its events; signals the server with `signal`
/// (`INT` or `TERM`) and measures how long it takes to exit.
async fn stops_on(signal: &str) {
    let mut server = Server::start();
    let client = reqwest::Client::new();
    let base = server.base.clone();
    let asked = json!({"job": "puzzle-chromatic", "params": {"search": {"matings": 1_000_000_000}}, "seed": 1});
    let answer = client
        .post(format!("{base}/api/runs"))
        .json(&asked)
        .send()
        .await
        .expect("the run is accepted");
    assert_eq!(answer.status().as_u16(), 201, "{:?}", answer.text().await);
    let id = answer.json::<Value>().await.expect("JSON")["id"]
        .as_str()
        .expect("an id")
        .to_string();
    let events = client
        .get(format!("{base}/api/runs/{id}/events"))
        .send()
        .await
        .expect("the events");
    assert_eq!(events.status().as_u16(), 200);
    let mut events = events;
    let first = tokio::time::timeout(Duration::from_secs(60), events.chunk())
        .await
        .expect("a first event within a minute");
    assert!(
        first.is_ok_and(|c| c.is_some()),
        "the stream broke off at once"
    );

    let told = Instant::now();
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &server.child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill -{signal} failed");
    let status = loop {
        if let Some(status) = server.child.try_wait().expect("the server's state") {
            break status;
        }
        assert!(
            told.elapsed() < Duration::from_secs(20),
            "SIG{signal}: still running after 20 s; its stderr:\n{}",
            server.stderr()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    let took = told.elapsed();
    eprintln!(
        "serve_load: SIG{signal} with a run going and its events watched: exited {status} in {:.0} ms",
        took.as_secs_f64() * 1000.0
    );
    assert!(
        took < BOUND,
        "SIG{signal}: the server took {took:?} to exit; its stderr:\n{}",
        server.stderr()
    );
    assert!(status.success(), "SIG{signal}: it exited {status}");
    // The stream was ended, not left open.
    let rest = tokio::time::timeout(Duration::from_secs(5), async {
        while let Ok(Some(_)) = events.chunk().await {}
    })
    .await;
    assert!(rest.is_ok(), "SIG{signal}: the event stream stayed open");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_stops_within_two_seconds_of_sigint() {
    stops_on("INT").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_stops_within_two_seconds_of_sigterm() {
    stops_on("TERM").await;
}
