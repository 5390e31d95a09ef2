//! Every route and status code of the studio, against two small jobs defined here: `count`
//! (quick, or slow with a pause per step) and `broken` (always fails).

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use ludoforge_job::{Artifact, Context, Ending, File, Job, JobError, Registry, Spec, media};
use ludoforge_web::{Limits, Settings, router};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tower::ServiceExt;

#[path = "api/inbox.rs"]
mod inbox;

/// Counts up, one step at a time.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
struct CountParams {
    /// How far to count: 1 to 1000.
    #[schemars(range(min = 1, max = 1000))]
    up_to: u32,
    /// Milliseconds to wait at each step.
    #[schemars(range(max = 10000))]
    pause_ms: u64,
}

impl Default for CountParams {
    fn default() -> Self {
        CountParams {
            up_to: 10,
            pause_ms: 0,
        }
    }
}

struct Count;

impl Spec for Count {
    type Params = CountParams;
    type Checked = ();
    fn id(&self) -> &'static str {
        "count"
    }
    fn title(&self) -> &'static str {
        "Count"
    }
    fn help(&self) -> &'static str {
        "Counts up to a number: a test job."
    }
    fn validate(&self, p: &CountParams) -> Result<(), JobError> {
        if !(1..=1000).contains(&p.up_to) {
            return Err(JobError::parameters(format!(
                "up_to {}: give between 1 and 1000",
                p.up_to
            )));
        }
        Ok(())
    }
    fn execute(
        &self,
        (): (),
        p: &CountParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        context.stage("counting", Some(u64::from(p.up_to)), "steps");
        let mut counted = 0;
        for step in 1..=p.up_to {
            if context.cancelled() {
                break;
            }
            std::thread::sleep(Duration::from_millis(p.pause_ms));
            counted = step;
            context.advance(u64::from(step), Some(f64::from(step)));
        }
        let mut artifact = Artifact::new("count", "0.1.0", seed, p);
        artifact.report("counted", counted);
        artifact.files.push(File::json(
            "result",
            &json!({"counted": counted, "seed": seed}),
        ));
        if context.wants("svg") {
            artifact.files.push(
                File::new(
                    "svg",
                    media::SVG,
                    b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>".to_vec(),
                )
                .named("counted pic.svg"),
            );
        }
        if counted < p.up_to {
            artifact.ending = Ending::Interrupted;
        }
        Ok(artifact)
    }
    fn sample(&self) -> Option<CountParams> {
        Some(CountParams::default())
    }
}

/// Always fails.
struct Broken;

impl Spec for Broken {
    type Params = CountParams;
    type Checked = ();
    fn id(&self) -> &'static str {
        "broken"
    }
    fn title(&self) -> &'static str {
        "Broken"
    }
    fn help(&self) -> &'static str {
        "Fails: a test job."
    }
    fn validate(&self, _: &CountParams) -> Result<(), JobError> {
        Ok(())
    }
    fn execute(&self, (): (), _: &CountParams, _: u64, _: &Context) -> Result<Artifact, JobError> {
        Err(JobError::input("the input could not be used"))
    }
}

fn app_with(limits: Limits) -> axum::Router {
    let mut registry = Registry::default();
    let about = ludoforge_job::registry::About {
        title: "Counting",
        sentence: "Counts things, slowly if asked.",
    };
    registry.generator(about, vec![Box::new(Count) as Box<dyn ludoforge_job::Job>]);
    registry.add(Box::new(Broken));
    registry.add(Box::new(Drawn));
    registry.add(Box::new(inbox::Digits));
    registry.add(Box::new(ludoforge_job::check::CheckJob::new(
        vec![tally],
        "tallies",
        json!({"tally": 2}),
    )));
    let settings = Settings {
        limits,
        body_limit: 64 << 10,
        ..Settings::default()
    };
    router(Arc::new(registry), &settings)
}

/// Checks `{"tally": N}`: valid when N is even, measured by N itself.
fn tally(
    document: &Value,
    context: &Context,
) -> Option<Result<ludoforge_job::check::Checked, JobError>> {
    use ludoforge_job::check::{Checked, Measure, Problem};
    let n = document.get("tally")?;
    let Some(n) = n.as_u64() else {
        return Some(Err(JobError::input("a tally is a whole number")));
    };
    let mut files = Vec::new();
    if context.wants("svg") {
        files.push(File::new(
            "svg",
            media::SVG,
            format!("<svg xmlns=\"http://www.w3.org/2000/svg\"><text>{n}</text></svg>")
                .into_bytes(),
        ));
    }
    Some(Ok(Checked {
        of: "count",
        suggest: None,
        kind: format!("tally of {n}"),
        problem: (n % 2 == 1).then(|| Problem {
            reason: format!("{n} is odd: add one"),
            at: vec!["n".into()],
        }),
        measures: vec![Measure::descriptor("tally", n)],
        content: json!({"tally": n}),
        files,
    }))
}

fn app() -> axum::Router {
    app_with(Limits {
        jobs: 2,
        queue: 4,
        threads: 1,
        ..Limits::default()
    })
}

struct Answer {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    fn error(&self) -> String {
        self.json()["error"]
            .as_str()
            .expect("an error message")
            .to_string()
    }
}

async fn send(app: &axum::Router, request: Request<Body>) -> Answer {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = response
        .into_body()
        .collect()
        .await
        .unwrap()
        .to_bytes()
        .to_vec();
    Answer {
        status,
        headers,
        body,
    }
}

async fn get(app: &axum::Router, uri: &str) -> Answer {
    send(app, Request::get(uri).body(Body::empty()).unwrap()).await
}

async fn post(app: &axum::Router, body: &str) -> Answer {
    send(
        app,
        Request::post("/api/runs")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap(),
    )
    .await
}

async fn delete(app: &axum::Router, uri: &str) -> Answer {
    // As the pages send it: every change is JSON (see the security tests).
    let request = Request::delete(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::empty())
        .unwrap();
    send(app, request).await
}

/// Polls a run until it has ended.
async fn ended(app: &axum::Router, id: &str) -> Value {
    for _ in 0..500 {
        let run = get(app, &format!("/api/runs/{id}")).await.json();
        if !matches!(run["status"].as_str(), Some("queued" | "running")) {
            return run;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("run {id} did not end");
}

/// Polls a run until it has this status.
async fn until(app: &axum::Router, id: &str, status: &str) {
    for _ in 0..500 {
        if get(app, &format!("/api/runs/{id}")).await.json()["status"] == status {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("run {id} never was {status}");
}

async fn start(app: &axum::Router, params: Value, seed: u64) -> String {
    start_job(app, "count", params, seed).await
}

async fn start_job(app: &axum::Router, job: &str, params: Value, seed: u64) -> String {
    let answer = post(
        app,
        &json!({"job": job, "params": params, "seed": seed}).to_string(),
    )
    .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text());
    answer.json()["id"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn the_pages_are_served() {
    let app = app();
    let home = get(&app, "/").await;
    assert_eq!(home.status, StatusCode::OK);
    assert!(home.text().contains("<a href=\"/jobs/count\">Count</a>"));
    // A generator's card has its title and sentence; a job outside any has its own card.
    assert!(
        home.text()
            .contains("<h2>Counting</h2>\n<p>Counts things, slowly if asked.</p>")
    );
    assert!(home.text().contains("<h2>Broken</h2>\n<p>Fails.</p>"));
    assert!(home.text().contains("/samples/count.svg"));
    let page = get(&app, "/jobs/count").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.text()
            .contains(r#"data-path="up_to" data-kind="integer" min="1" max="1000""#)
    );
    assert!(page.text().contains("How far to count: 1 to 1000."));
    // A permalink fills the form and asks to run.
    let link = get(
        &app,
        "/jobs/count?seed=77&params=%7B%22up_to%22%3A5%7D&run=1",
    )
    .await;
    assert!(link.text().contains(r#"value="5""#));
    assert!(
        link.text()
            .contains(r#"id="seed" min="0" max="18446744073709551615" step="1" value="77""#)
    );
    assert!(link.text().contains(r#"data-autorun="true""#));
    // A link that cannot be read shows the defaults and says so, without running.
    let bad = get(&app, "/jobs/count?seed=x&params=%7B&run=1").await;
    assert_eq!(bad.status, StatusCode::OK);
    assert!(bad.text().contains("could not be read"));
    assert!(bad.text().contains(r#"data-autorun="false""#));
    for missing in ["/jobs/nothing", "/runs/r999", "/runs/x", "/nowhere"] {
        let answer = get(&app, missing).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{missing}");
        assert!(answer.text().contains("Not found"), "{missing}");
    }
    let script = get(&app, "/assets/studio.js").await;
    assert_eq!(
        script.headers[header::CONTENT_TYPE],
        "text/javascript; charset=utf-8"
    );
    let style = get(&app, "/assets/studio.css").await;
    assert_eq!(
        style.headers[header::CONTENT_TYPE],
        "text/css; charset=utf-8"
    );
    let sample = get(&app, "/samples/count.svg").await;
    assert_eq!(sample.status, StatusCode::OK);
    assert_eq!(sample.headers[header::CONTENT_TYPE], "image/svg+xml");
    assert_eq!(
        get(&app, "/samples/broken.svg").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        get(&app, "/samples/nothing.svg").await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn the_jobs_and_their_schemas() {
    let app = app();
    let jobs = get(&app, "/api/jobs").await;
    assert_eq!(jobs.status, StatusCode::OK);
    let list = jobs.json();
    let ids: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|j| j["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["count", "broken", "drawn", "digits", "check"]);
    let count = get(&app, "/api/jobs/count").await.json();
    assert_eq!(count["schema"]["properties"]["up_to"]["maximum"], 1000);
    assert_eq!(count["defaults"], json!({"up_to": 10, "pause_ms": 0}));
    assert_eq!(count["sample"], json!({"up_to": 10, "pause_ms": 0}));
    let missing = get(&app, "/api/jobs/nothing").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.error().contains("there is no job \"nothing\""));
}

/// Draws a picture: a job with a PNG.
struct Drawn;

/// The picture `drawn` draws.
const DRAWN: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="12" height="10" fill="#c33"/></svg>"##;

impl Spec for Drawn {
    type Params = CountParams;
    type Checked = ();
    fn id(&self) -> &'static str {
        "drawn"
    }
    fn title(&self) -> &'static str {
        "Drawn"
    }
    fn help(&self) -> &'static str {
        "Draws a rectangle: a test job."
    }
    fn validate(&self, _: &CountParams) -> Result<(), JobError> {
        Ok(())
    }
    fn execute(
        &self,
        (): (),
        p: &CountParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        let mut artifact = Artifact::new("drawn", "0.1.0", seed, p);
        artifact
            .files
            .push(File::json("result", &json!({"seed": seed})));
        ludoforge_job::engine::pictures(context, &mut artifact.files, 3.0, || DRAWN.to_string())?;
        Ok(artifact)
    }
}

#[tokio::test]
async fn a_png_is_drawn_when_first_asked_for_with_the_same_bytes() {
    let app = app();
    let id = start_job(&app, "drawn", json!({}), 5).await;
    let run = ended(&app, &id).await;
    let files = &run["files"];
    assert_eq!(files[1]["name"], "picture.png");
    assert_eq!(
        files[1]["size"],
        Value::Null,
        "not drawn before it is asked for"
    );
    assert_eq!(files[2]["size"], DRAWN.len());
    let png = get(&app, &format!("/api/runs/{id}/files/picture.png")).await;
    assert_eq!(png.status, StatusCode::OK);
    assert_eq!(png.headers[header::CONTENT_TYPE], "image/png");
    // The same bytes as a run that draws during the run.
    let now = Drawn
        .run(&json!({}), 5, &Context::quiet().want_all())
        .unwrap();
    assert!(!now.file("png").unwrap().is_streamed());
    assert_eq!(png.body, now.file("png").unwrap().bytes);
    assert_eq!(&png.body[1..4], b"PNG");
    // Drawn once, then kept and sized.
    let run = get(&app, &format!("/api/runs/{id}")).await.json();
    assert_eq!(run["files"][1]["size"], png.body.len());
    let again = get(&app, &format!("/api/runs/{id}/files/picture.png")).await;
    assert_eq!(again.body, png.body);
}

#[tokio::test]
async fn a_run_ends_with_its_summary_and_files() {
    let app = app();
    let answer = post(
        &app,
        r#"{"job": "count", "params": {"up_to": 7}, "seed": 42}"#,
    )
    .await;
    assert_eq!(answer.status, StatusCode::CREATED);
    let id = answer.json()["id"].as_str().unwrap().to_string();
    assert_eq!(answer.headers[header::LOCATION], format!("/api/runs/{id}"));
    let run = ended(&app, &id).await;
    assert_eq!(run["status"], "done");
    assert_eq!(run["ending"], "done");
    assert_eq!(run["seed"], 42);
    assert_eq!(run["summary"]["counted"], 7);
    assert_eq!(run["params"], json!({"up_to": 7, "pause_ms": 0}));
    assert_eq!(
        run["permalink"],
        "/jobs/count?seed=42&params=%7B%22up%5Fto%22%3A7%7D&run=1"
    );
    let names: Vec<&str> = run["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["result.json", "picture.svg"]);
    let file = get(&app, &format!("/api/runs/{id}/files/result.json")).await;
    assert_eq!(file.status, StatusCode::OK);
    assert_eq!(file.headers[header::CONTENT_TYPE], "application/json");
    assert_eq!(file.json(), json!({"counted": 7, "seed": 42}));
    assert!(
        file.headers[header::CONTENT_DISPOSITION]
            .to_str()
            .unwrap()
            .contains("count-42-result.json")
    );
    // A file the job names keeps that name (in safe characters) when saved.
    assert_eq!(run["files"][1]["save_as"], "counted pic.svg");
    let picture = get(&app, &format!("/api/runs/{id}/files/picture.svg")).await;
    assert_eq!(
        picture.headers[header::CONTENT_DISPOSITION],
        "inline; filename=\"counted_pic.svg\""
    );
    let missing = get(&app, &format!("/api/runs/{id}/files/nothing.txt")).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.error().contains("has no file \"nothing.txt\""));
    // Listed, newest first.
    let list = get(&app, "/api/runs").await.json();
    assert_eq!(list[0]["id"], id.as_str());
    // The same parameters and seed give the same bytes.
    let again = start(&app, json!({"up_to": 7}), 42).await;
    ended(&app, &again).await;
    let second = get(&app, &format!("/api/runs/{again}/files/result.json")).await;
    assert_eq!(file.body, second.body);
    // `/runs/{id}` leads on to the run's lasting address, which holds its job, settings and
    // seed and shows the run with its settings while the studio keeps it.
    let run = get(&app, &format!("/api/runs/{id}")).await.json();
    let address = run["address"].as_str().unwrap().to_string();
    assert_eq!(
        address,
        format!("/jobs/count?seed=42&params=%7B%22up%5Fto%22%3A7%7D&run={id}")
    );
    let moved = get(&app, &format!("/runs/{id}")).await;
    assert_eq!(moved.status, StatusCode::SEE_OTHER);
    assert_eq!(moved.headers[header::LOCATION], address.as_str());
    let page = get(&app, &address).await;
    assert!(page.text().contains(&format!(r#"data-run="{id}""#)));
    assert!(page.text().contains(r#"value="7""#));
    // An id this studio never gave (a bookmark from before a restart): the same settings and
    // seed, run again.
    let stale = get(&app, &address.replace(&id, "r1-000000")).await.text();
    assert!(stale.contains(r#"data-run="""#) && stale.contains(r#"data-autorun="true""#));
    assert!(stale.contains(r#"value="7""#) && stale.contains(r#"value="42""#));
}

#[tokio::test]
async fn bad_requests_get_4xx_in_words() {
    let app = app();
    let cases: &[(&str, StatusCode, &str)] = &[
        ("{", StatusCode::BAD_REQUEST, "the request is not JSON"),
        ("", StatusCode::BAD_REQUEST, "the request is not JSON"),
        ("[1, 2]", StatusCode::BAD_REQUEST, "must be a JSON object"),
        ("{}", StatusCode::BAD_REQUEST, "job is missing"),
        (
            r#"{"job": 5}"#,
            StatusCode::BAD_REQUEST,
            "job must be a job's id",
        ),
        (
            r#"{"job": "count", "colour": 1}"#,
            StatusCode::BAD_REQUEST,
            "unknown field \"colour\"",
        ),
        (
            r#"{"job": "count", "params": 3}"#,
            StatusCode::BAD_REQUEST,
            "params must be an object",
        ),
        (
            r#"{"job": "count", "seed": "x"}"#,
            StatusCode::BAD_REQUEST,
            "seed must be a whole number",
        ),
        (
            r#"{"job": "count", "seed": -1}"#,
            StatusCode::BAD_REQUEST,
            "seed must be a whole number",
        ),
        (
            r#"{"job": "count", "seed": 1.5}"#,
            StatusCode::BAD_REQUEST,
            "seed must be a whole number",
        ),
        (
            r#"{"job": "count", "params": {"up_to": 0}}"#,
            StatusCode::BAD_REQUEST,
            "up_to 0: give between 1 and 1000",
        ),
        (
            r#"{"job": "count", "params": {"up_to": "ten"}}"#,
            StatusCode::BAD_REQUEST,
            "parameter `up_to`",
        ),
        (
            r#"{"job": "count", "params": {"up_to": -3}}"#,
            StatusCode::BAD_REQUEST,
            "expected a whole number",
        ),
        (
            r#"{"job": "count", "params": {"upto": 3}}"#,
            StatusCode::BAD_REQUEST,
            "unknown parameter `upto`",
        ),
        (
            r#"{"job": "nothing"}"#,
            StatusCode::NOT_FOUND,
            "there is no job \"nothing\"",
        ),
    ];
    for (body, status, phrase) in cases {
        let answer = post(&app, body).await;
        assert_eq!(answer.status, *status, "{body}: {}", answer.text());
        assert!(
            answer.error().contains(phrase),
            "{body}: {}",
            answer.error()
        );
    }
    let plain = send(
        &app,
        Request::post("/api/runs")
            .header(header::CONTENT_TYPE, "text/plain")
            .body(Body::from("{}"))
            .unwrap(),
    )
    .await;
    assert_eq!(plain.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(plain.error().contains("Content-Type: application/json"));
    let huge = format!(
        r#"{{"job": "count", "params": {{"x": "{}"}}}}"#,
        "a".repeat(100_000)
    );
    let answer = post(&app, &huge).await;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(answer.error().contains("larger than the studio accepts"));
    assert_eq!(answer.headers[header::CONNECTION], "close");
    for uri in [
        "/api/runs/r999",
        "/api/runs/zzz",
        "/api/runs/r999/events",
        "/api/runs/r999/files/result.json",
    ] {
        let answer = get(&app, uri).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{uri}");
        assert!(answer.error().contains("there is no run"), "{uri}");
    }
    assert_eq!(
        delete(&app, "/api/runs/r999").await.status,
        StatusCode::NOT_FOUND
    );
    let wrong_method = send(
        &app,
        Request::put("/api/runs")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(wrong_method.status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(
        wrong_method
            .error()
            .contains("/api/runs does not answer PUT")
    );
    assert_eq!(wrong_method.headers[header::ALLOW], "GET,HEAD,POST");
    let no_route = get(&app, "/api/nothing/here").await;
    assert_eq!(no_route.status, StatusCode::NOT_FOUND);
    assert!(
        no_route
            .error()
            .contains("there is no /api/nothing/here in the API")
    );
    // A page address that is not there is a page, not JSON.
    let no_page = get(&app, "/nothing").await;
    assert_eq!(no_page.status, StatusCode::NOT_FOUND);
    assert!(no_page.text().contains("<html"));
    // A segment that is not UTF-8 once decoded.
    let garbled = get(&app, "/api/runs/%FF%FE").await;
    assert_eq!(garbled.status, StatusCode::BAD_REQUEST);
    assert!(
        garbled.error().contains("as they are listed"),
        "{}",
        garbled.error()
    );
    // None of these made a run.
    assert_eq!(get(&app, "/api/runs").await.json(), json!([]));
}

#[tokio::test]
async fn a_full_queue_answers_429_with_retry_after() {
    let app = app_with(Limits {
        jobs: 1,
        queue: 1,
        threads: 1,
        ..Limits::default()
    });
    let slow = json!({"up_to": 1000, "pause_ms": 5});
    let first = start(&app, slow.clone(), 1).await;
    until(&app, &first, "running").await;
    let second = start(&app, slow.clone(), 2).await;
    let third = post(
        &app,
        &json!({"job": "count", "params": slow, "seed": 3}).to_string(),
    )
    .await;
    assert_eq!(third.status, StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = third.headers[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&wait));
    assert!(third.error().contains("queue is full"));
    // The queued run is cancelled before it starts; the working one stops with its best.
    assert_eq!(
        get(&app, &format!("/api/runs/{second}")).await.json()["status"],
        "queued"
    );
    let cancelled = delete(&app, &format!("/api/runs/{second}")).await;
    assert_eq!(cancelled.status, StatusCode::ACCEPTED);
    // It leaves the queue at once: cancelled in the answer, and its place free while the
    // first still works.
    assert_eq!(cancelled.json()["status"], "cancelled");
    assert_eq!(
        get(&app, &format!("/api/runs/{first}")).await.json()["status"],
        "running"
    );
    let instead = start(&app, json!({"up_to": 2}), 5).await;
    assert_eq!(
        get(&app, &format!("/api/runs/{instead}")).await.json()["status"],
        "queued"
    );
    assert_eq!(
        delete(&app, &format!("/api/runs/{first}")).await.status,
        StatusCode::ACCEPTED
    );
    assert_eq!(ended(&app, &instead).await["status"], "done");
    let first = ended(&app, &first).await;
    assert_eq!(first["status"], "done");
    assert_eq!(first["ending"], "interrupted");
    assert_eq!(first["notes"][0], "Stopped because it was cancelled.");
    assert!(first["summary"]["counted"].as_u64().unwrap() < 1000);
    let second = ended(&app, &second).await;
    assert_eq!(second["status"], "cancelled");
    assert!(second.get("files").is_none());
    // Room again.
    let fourth = start(&app, json!({"up_to": 2}), 4).await;
    assert_eq!(ended(&app, &fourth).await["status"], "done");
}

#[tokio::test]
async fn a_failing_run_says_why() {
    let app = app();
    let answer = post(&app, r#"{"job": "broken", "seed": 1}"#).await;
    assert_eq!(answer.status, StatusCode::CREATED);
    let run = ended(&app, answer.json()["id"].as_str().unwrap()).await;
    assert_eq!(run["status"], "failed");
    assert_eq!(run["error"], "the input could not be used");
    // A request without a seed gets one, and says which.
    let fresh = post(&app, r#"{"job": "count"}"#).await.json();
    assert!(fresh["seed"].is_u64());
}

/// Reads server-sent events until the stream ends: (event, data) pairs.
async fn events(app: &axum::Router, id: &str) -> Vec<(String, Value)> {
    let response = app
        .clone()
        .oneshot(
            Request::get(format!("/api/runs/{id}/events"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(
        response.headers()[header::CONTENT_TYPE],
        "text/event-stream"
    );
    let text = String::from_utf8(
        response
            .into_body()
            .collect()
            .await
            .unwrap()
            .to_bytes()
            .to_vec(),
    )
    .unwrap();
    text.split("\n\n")
        .filter_map(|block| {
            let event = block.lines().find_map(|l| l.strip_prefix("event: "))?;
            let data = block.lines().find_map(|l| l.strip_prefix("data: "))?;
            Some((event.to_string(), serde_json::from_str(data).unwrap()))
        })
        .collect()
}

#[tokio::test]
async fn events_tell_progress_then_done_or_error() {
    let app = app();
    let id = start(&app, json!({"up_to": 30, "pause_ms": 10}), 9).await;
    let seen = events(&app, &id).await;
    let (last, rest) = seen.split_last().unwrap();
    assert_eq!(last.0, "done");
    assert_eq!(last.1["summary"]["counted"], 30);
    assert!(rest.len() >= 2, "{rest:?}");
    assert!(rest.iter().all(|(e, _)| e == "progress"));
    // Steps only go up, the chart arrives in pieces that join up, and the best is the step.
    let dones: Vec<u64> = rest
        .iter()
        .map(|(_, p)| p["done"].as_u64().unwrap())
        .collect();
    assert!(dones.windows(2).all(|w| w[0] <= w[1]), "{dones:?}");
    let mut expected_from = 0;
    for (_, p) in rest {
        assert_eq!(p["chart_from"].as_u64().unwrap(), expected_from);
        expected_from += p["chart"].as_array().unwrap().len() as u64;
        if let Some(best) = p["best"].as_f64() {
            assert_eq!(best, p["done"].as_f64().unwrap());
        }
    }
    // A failed run ends with an error event.
    let broken = post(&app, r#"{"job": "broken", "seed": 1}"#).await.json();
    let seen = events(&app, broken["id"].as_str().unwrap()).await;
    let (event, data) = seen.last().unwrap();
    assert_eq!(event, "error");
    assert_eq!(data["error"], "the input could not be used");
}

#[tokio::test]
async fn a_run_nobody_watches_any_more_is_cancelled() {
    let app = app_with(Limits {
        jobs: 1,
        queue: 2,
        threads: 1,
        grace: Duration::from_millis(100),
        ..Limits::default()
    });
    let id = start(&app, json!({"up_to": 1000, "pause_ms": 5}), 1).await;
    let response = app
        .clone()
        .oneshot(
            Request::get(format!("/api/runs/{id}/events"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    // Read one event, then close the page.
    let mut body = response.into_body();
    let frame = body.frame().await.unwrap().unwrap();
    assert!(frame.data_ref().is_some());
    drop(body);
    let run = ended(&app, &id).await;
    assert_eq!(run["ending"], "interrupted");
    assert_eq!(run["notes"][0], "Stopped because its page was closed.");
    // A run started through the API alone, never watched, goes on.
    let unwatched = start(&app, json!({"up_to": 20, "pause_ms": 10}), 2).await;
    assert_eq!(ended(&app, &unwatched).await["ending"], "done");
}

#[tokio::test]
async fn the_wall_time_cap_stops_a_run_with_its_best() {
    let app = app_with(Limits {
        jobs: 1,
        queue: 2,
        threads: 1,
        wall_time: Duration::from_millis(200),
        ..Limits::default()
    });
    let id = start(&app, json!({"up_to": 1000, "pause_ms": 5}), 1).await;
    let run = ended(&app, &id).await;
    assert_eq!(run["ending"], "interrupted");
    assert_eq!(
        run["notes"][0],
        "Stopped because it reached the studio's wall-time cap of 0.2 s."
    );
    assert!(run["summary"]["counted"].as_u64().unwrap() > 0);
}

#[tokio::test]
async fn finished_runs_are_dropped_past_the_count_kept() {
    let app = app_with(Limits {
        jobs: 1,
        queue: 8,
        threads: 1,
        keep: 2,
        ..Limits::default()
    });
    let mut ids = Vec::new();
    for seed in 0..4 {
        let id = start(&app, json!({"up_to": 1}), seed).await;
        ended(&app, &id).await;
        ids.push(id);
    }
    // The newest finished runs stay; the first ones are gone.
    let kept: Vec<String> = get(&app, "/api/runs")
        .await
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect();
    assert!(kept.len() <= 3, "{kept:?}");
    assert!(kept.contains(&ids[3]));
    assert_eq!(
        get(&app, &format!("/api/runs/{}", ids[0])).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn finished_runs_are_dropped_past_the_bytes_kept() {
    // Each run's files take about 73 bytes: room for two.
    let app = app_with(Limits {
        jobs: 1,
        queue: 8,
        threads: 1,
        keep_bytes: 150,
        ..Limits::default()
    });
    let mut ids = Vec::new();
    for seed in 0..4 {
        let id = start(&app, json!({"up_to": 1}), seed).await;
        let run = ended(&app, &id).await;
        let size: u64 = run["files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["size"].as_u64().unwrap())
            .sum();
        assert!((70..=75).contains(&size), "{size}");
        ids.push(id);
    }
    for (id, status) in ids.iter().zip([404, 404, 200, 200]) {
        let answer = get(&app, &format!("/api/runs/{id}")).await;
        assert_eq!(answer.status.as_u16(), status, "{id}");
    }
}

async fn check(app: &axum::Router, body: &str) -> Answer {
    send(
        app,
        Request::post("/api/check")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap(),
    )
    .await
}

#[tokio::test]
async fn check_answers_at_once_with_the_measures_and_a_picture() {
    let app = app();
    let even = check(&app, r#"{"content": {"tally": 4}}"#).await;
    assert_eq!(even.status, StatusCode::OK, "{}", even.text());
    let answer = even.json();
    assert_eq!(answer["result"]["valid"], true);
    assert_eq!(answer["result"]["measures"]["tally"], 4);
    assert_eq!(answer["result"]["descriptors"], json!(["tally"]));
    assert!(answer["ms"].as_f64().unwrap() >= 0.0);
    let picture = get(&app, answer["picture"].as_str().unwrap()).await;
    assert_eq!(picture.status, StatusCode::OK);
    assert_eq!(picture.headers[header::CONTENT_TYPE], media::SVG);
    assert!(picture.text().contains("<text>4</text>"));
    // Invalid content is checked, not refused: the problem and where.
    let odd = check(&app, r#"{"content": {"tally": 3}}"#).await.json();
    assert_eq!(odd["result"]["valid"], false);
    assert_eq!(
        odd["result"]["problem"],
        json!({"reason": "3 is odd: add one", "at": ["n"]})
    );
    // A check of a checked file checks its content.
    let again = check(&app, &json!({"content": odd["result"]}).to_string()).await;
    assert_eq!(again.json()["result"]["content"], json!({"tally": 3}));
    for (body, said) in [
        (r#"{"content": {"other": 1}}"#, "it checks tallies"),
        (
            r#"{"content": {"tally": "x"}}"#,
            "a tally is a whole number",
        ),
        (r#"{"content": 5}"#, "not a JSON object"),
        (r#"{"tallies": 1}"#, "content is missing"),
        ("{", "the request is not JSON"),
    ] {
        let refused = check(&app, body).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            refused.error().contains(said),
            "{body}: {}",
            refused.error()
        );
    }
    for gone in ["/api/check/999999", "/api/check/x"] {
        let answer = get(&app, gone).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{gone}");
        assert!(answer.error().contains("only the last 64 are kept"));
    }
}
