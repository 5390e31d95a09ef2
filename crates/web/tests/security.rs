//! The guard over every route: foreign hosts refused, changes only as JSON from the studio's
//! own pages, the security headers on every answer, no folder of the machine in any answer;
//! and the server itself: slow or idle connections closed, and a stop that ends event
//! streams and runs at once.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use ludoforge_job::{Artifact, Context, File, JobError, Registry, Spec};
use ludoforge_web::{Settings, router};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tower::ServiceExt;

/// How many steps, and how long each takes.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
struct TickParams {
    /// Steps to take.
    steps: u32,
    /// Milliseconds a step takes.
    pause_ms: u64,
}

/// Takes steps, stopping when cancelled.
struct Tick;

impl Spec for Tick {
    type Params = TickParams;
    type Checked = ();
    fn id(&self) -> &'static str {
        "tick"
    }
    fn title(&self) -> &'static str {
        "Tick"
    }
    fn help(&self) -> &'static str {
        "Takes steps: a test job."
    }
    fn validate(&self, _: &TickParams) -> Result<(), JobError> {
        Ok(())
    }
    fn execute(
        &self,
        (): (),
        p: &TickParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        context.stage("ticking", Some(u64::from(p.steps)), "steps");
        for step in 1..=p.steps {
            if context.cancelled() {
                break;
            }
            std::thread::sleep(Duration::from_millis(p.pause_ms));
            context.advance(u64::from(step), Some(f64::from(step)));
        }
        let mut artifact = Artifact::new("tick", "0.1.0", seed, p);
        artifact.files.push(File::json(
            "result",
            &json!({"generator": "tick", "seed": seed, "steps": p.steps}),
        ));
        Ok(artifact)
    }
}

/// A library file of the test's own, removed when dropped.
struct TempLibrary(PathBuf);

impl TempLibrary {
    fn new(name: &str) -> TempLibrary {
        let path = std::env::temp_dir().join(format!(
            "ludoforge-security-{}-{name}.sqlite",
            std::process::id()
        ));
        let library = TempLibrary(path);
        library.remove();
        library
    }

    fn remove(&self) {
        for end in ["", "-wal", "-shm"] {
            let mut file = self.0.clone().into_os_string();
            file.push(end);
            let _ = std::fs::remove_file(file);
        }
    }
}

impl Drop for TempLibrary {
    fn drop(&mut self) {
        self.remove();
    }
}

fn registry() -> Arc<Registry> {
    let mut registry = Registry::default();
    registry.add(Box::new(Tick));
    Arc::new(registry)
}

fn settings(library: &TempLibrary) -> Settings {
    Settings {
        library: Some(library.0.clone()),
        ..Settings::default()
    }
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
}

async fn send(app: &axum::Router, request: Request<Body>) -> Answer {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    Answer {
        status,
        headers,
        body: body.to_vec(),
    }
}

/// A request as the studio's own page at 127.0.0.1:8080 sends it, with `headers` over it.
fn request(method: &str, uri: &str, body: &str, headers: &[(&str, &str)]) -> Request<Body> {
    let mut builder = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::HOST, "127.0.0.1:8080");
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    builder.body(Body::from(body.to_string())).unwrap()
}

const JSON: (&str, &str) = ("content-type", "application/json");

async fn get(app: &axum::Router, uri: &str) -> Answer {
    send(app, request("GET", uri, "", &[])).await
}

/// Starts a run as the page does and waits for it to end; returns its id.
async fn finished_run(app: &axum::Router) -> String {
    let body = json!({"job": "tick", "params": {"steps": 2}, "seed": 1}).to_string();
    let answer = send(app, request("POST", "/api/runs", &body, &[JSON])).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text());
    let id = answer.json()["id"].as_str().unwrap().to_string();
    for _ in 0..500 {
        if get(app, &format!("/api/runs/{id}")).await.json()["status"] == "done" {
            return id;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("run {id} did not end");
}

/// The security headers, on any answer.
fn assert_protected(answer: &Answer, what: &str) {
    let policy = answer.headers[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .unwrap();
    for part in [
        "default-src 'self'",
        "script-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "object-src 'none'",
    ] {
        assert!(policy.contains(part), "{what}: {policy}");
    }
    assert!(!policy.contains("unsafe-inline"), "{what}: {policy}");
    assert_eq!(
        answer.headers[header::X_CONTENT_TYPE_OPTIONS],
        "nosniff",
        "{what}"
    );
    assert_eq!(
        answer.headers[header::REFERRER_POLICY],
        "same-origin",
        "{what}"
    );
}

#[tokio::test]
async fn a_foreign_host_is_refused_on_every_kind_of_route() {
    let library = TempLibrary::new("host");
    let app = router(registry(), &settings(&library));
    let run = finished_run(&app).await;
    let foreign = [("host", "evil.example")];
    for (method, uri, body) in [
        ("GET", "/", ""),
        ("GET", "/library", ""),
        ("GET", "/assets/studio.js", ""),
        ("GET", "/api/runs", ""),
        ("GET", "/api/library", ""),
        (
            "GET",
            &format!("/api/runs/{run}/files/result.json") as &str,
            "",
        ),
        (
            "POST",
            "/api/runs",
            r#"{"job": "tick", "params": {}, "seed": 2}"#,
        ),
        (
            "POST",
            "/api/library",
            &format!(r#"{{"run": "{run}"}}"#) as &str,
        ),
        ("POST", "/api/play", r#"{"map": "map8"}"#),
        (
            "POST",
            "/api/check",
            r#"{"content": {"kind": "chromatic", "rows": ["RRR"]}}"#,
        ),
        ("GET", "/edit", ""),
        (
            "POST",
            &format!("/api/runs/{run}/inbox") as &str,
            r#"{"content": {"kind": "chromatic", "rows": ["RRR"]}}"#,
        ),
        ("DELETE", &format!("/api/runs/{run}") as &str, ""),
    ] {
        let mut request = request(method, uri, body, &[JSON]);
        request
            .headers_mut()
            .insert(header::HOST, foreign[0].1.parse().unwrap());
        let answer = send(&app, request).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{method} {uri}");
        let said = if uri.starts_with("/api/") {
            answer.json()["error"].as_str().unwrap().to_string()
        } else {
            answer.text()
        };
        assert!(
            said.contains("this studio serves 127.0.0.1:8080, not \"evil.example\"")
                && said.contains("--allow-host evil.example"),
            "{method} {uri}: {said}"
        );
        assert_protected(&answer, uri);
    }
    // The other names of this machine, with the port served, are welcome.
    for host in ["localhost:8080", "[::1]:8080", "127.0.0.1:8080"] {
        let mut asked = request("GET", "/api/runs", "", &[]);
        asked
            .headers_mut()
            .insert(header::HOST, host.parse().unwrap());
        assert_eq!(send(&app, asked).await.status, StatusCode::OK, "{host}");
    }
    let mut other_port = request("GET", "/", "", &[]);
    other_port
        .headers_mut()
        .insert(header::HOST, "localhost:9999".parse().unwrap());
    assert_eq!(send(&app, other_port).await.status, StatusCode::FORBIDDEN);
    // Only the one run made above.
    assert_eq!(
        get(&app, "/api/runs")
            .await
            .json()
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(get(&app, "/api/library").await.json()["count"], 0);
}

#[tokio::test]
async fn a_name_allowed_is_served() {
    let library = TempLibrary::new("allowed");
    let settings = Settings {
        allowed_hosts: vec!["studio.example".into()],
        ..settings(&library)
    };
    let app = router(registry(), &settings);
    let mut asked = request("GET", "/api/runs", "", &[]);
    asked
        .headers_mut()
        .insert(header::HOST, "studio.example".parse().unwrap());
    assert_eq!(send(&app, asked).await.status, StatusCode::OK);
}

#[tokio::test]
async fn changes_only_as_json_from_the_studios_own_pages() {
    let library = TempLibrary::new("changes");
    let app = router(registry(), &settings(&library));
    let run = finished_run(&app).await;
    let game = send(
        &app,
        request(
            "POST",
            "/api/play",
            r#"{"map": "map8", "seed": 4}"#,
            &[JSON],
        ),
    )
    .await;
    assert_eq!(game.status, StatusCode::CREATED, "{}", game.text());
    let game = game.json();
    let game_id = game["id"].as_str().unwrap().to_string();
    let first_pick = game["question"]["free"][0].clone();
    let changes = [
        (
            "POST",
            "/api/runs".to_string(),
            json!({"job": "tick", "params": {}, "seed": 9}).to_string(),
        ),
        ("DELETE", format!("/api/runs/{run}"), String::new()),
        (
            "POST",
            "/api/library".to_string(),
            json!({"run": run}).to_string(),
        ),
        (
            "POST",
            "/api/play".to_string(),
            json!({"map": "map8"}).to_string(),
        ),
        (
            "POST",
            "/api/check".to_string(),
            json!({"content": {"kind": "chromatic", "rows": ["RRR"]}}).to_string(),
        ),
        (
            "POST",
            format!("/api/runs/{run}/inbox"),
            json!({"content": {"kind": "chromatic", "rows": ["RRR"]}}).to_string(),
        ),
        (
            "POST",
            format!("/api/play/{game_id}"),
            json!({"pick": first_pick}).to_string(),
        ),
        ("DELETE", format!("/api/play/{game_id}"), String::new()),
    ];
    let wrong_kinds: [&[(&str, &str)]; 5] = [
        &[],
        &[("content-type", "text/plain")],
        &[("content-type", "text/plain;charset=UTF-8")],
        &[("content-type", "application/x-www-form-urlencoded")],
        &[("content-type", "multipart/form-data; boundary=x")],
    ];
    for (method, uri, body) in &changes {
        for kind in wrong_kinds {
            let answer = send(&app, request(method, uri, body, kind)).await;
            assert_eq!(
                answer.status,
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "{method} {uri} {kind:?}: {}",
                answer.text()
            );
            let said = answer.json()["error"].as_str().unwrap().to_string();
            assert!(
                said.contains("Content-Type: application/json"),
                "{method} {uri}: {said}"
            );
            assert_protected(&answer, uri);
        }
        // JSON, but from another site's page.
        for headers in [
            &[JSON, ("origin", "http://evil.example")][..],
            &[JSON, ("origin", "http://localhost:8080")],
            &[JSON, ("origin", "http://127.0.0.1:9999")],
            &[JSON, ("origin", "null")],
            &[JSON, ("sec-fetch-site", "cross-site")],
        ] {
            let answer = send(&app, request(method, uri, body, headers)).await;
            assert_eq!(
                answer.status,
                StatusCode::FORBIDDEN,
                "{method} {uri} {headers:?}: {}",
                answer.text()
            );
            let said = answer.json()["error"].as_str().unwrap().to_string();
            assert!(said.contains("only the studio's own pages"), "{said}");
        }
    }
    // Nothing changed: no run but the first, which is not cancelled; nothing kept; the game
    // still asks its first question and no other game was started.
    let runs = get(&app, "/api/runs").await.json();
    assert_eq!(runs.as_array().unwrap().len(), 1, "{runs}");
    assert_eq!(runs[0]["status"], "done");
    assert_eq!(get(&app, "/api/library").await.json()["count"], 0);
    let now = get(&app, &format!("/api/play/{game_id}")).await.json();
    assert_eq!(now["status"], game["status"]);
    assert_eq!(now["question"], game["question"]);
    let next = send(
        &app,
        request("POST", "/api/play", r#"{"map": "map8"}"#, &[JSON]),
    )
    .await;
    assert_eq!(
        next.json()["id"],
        "g2",
        "a game was started by a refused request"
    );

    // The same requests from the studio's own page are served.
    let own = [
        JSON,
        ("origin", "http://127.0.0.1:8080"),
        ("sec-fetch-site", "same-origin"),
    ];
    let kept = send(
        &app,
        request(
            "POST",
            "/api/library",
            &json!({"run": run}).to_string(),
            &own,
        ),
    )
    .await;
    assert_eq!(kept.status, StatusCode::CREATED, "{}", kept.text());
    let answer = send(
        &app,
        request(
            "POST",
            &format!("/api/play/{game_id}"),
            &json!({"pick": first_pick, "question": game["question"]["number"]}).to_string(),
            &own,
        ),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    let resigned = send(
        &app,
        request("DELETE", &format!("/api/play/{game_id}"), "", &own),
    )
    .await;
    assert_eq!(resigned.status, StatusCode::ACCEPTED, "{}", resigned.text());
    let started = send(
        &app,
        request(
            "POST",
            "/api/runs",
            &json!({"job": "tick", "seed": 3}).to_string(),
            &own,
        ),
    )
    .await;
    assert_eq!(started.status, StatusCode::CREATED, "{}", started.text());
}

#[tokio::test]
async fn every_answer_is_protected_and_names_no_folder() {
    let library = TempLibrary::new("headers");
    let app = router(registry(), &settings(&library));
    let run = finished_run(&app).await;
    let kept = send(
        &app,
        request(
            "POST",
            "/api/library",
            &json!({"run": run}).to_string(),
            &[JSON],
        ),
    )
    .await;
    assert_eq!(kept.status, StatusCode::CREATED, "{}", kept.text());
    let folder = library.0.parent().unwrap().display().to_string();
    for uri in [
        "/",
        "/jobs/tick",
        "/library",
        "/play",
        "/assets/studio.js",
        "/assets/studio.css",
        "/assets/library.js",
        "/api/jobs",
        "/api/runs",
        &format!("/api/runs/{run}") as &str,
        &format!("/api/runs/{run}/files/result.json") as &str,
        "/api/library",
        "/api/library/keys",
        "/api/library/1",
        "/api/library/1/picture",
        "/api/library?where=nothing=1..2",
        "/api/library?sort=nothing",
        "/api/library/99",
        "/api/nothing",
        "/nothing",
    ] {
        let answer = get(&app, uri).await;
        assert_protected(&answer, uri);
        assert!(
            !answer.text().contains(&folder),
            "{uri} names the folder {folder}: {}",
            answer.text()
        );
    }
    let rows = get(&app, "/api/library").await.json();
    let name = library.0.file_name().unwrap().to_str().unwrap();
    assert_eq!(rows["library"], name, "{rows}");
    assert!(get(&app, "/library").await.text().contains(name));
    // A library that cannot be opened: the error names the file alone.
    let broken = TempLibrary::new("broken");
    std::fs::write(&broken.0, b"not a database at all, not even close").unwrap();
    let app = router(registry(), &settings(&broken));
    let answer = get(&app, "/api/library").await;
    assert!(answer.status.is_client_error(), "{}", answer.text());
    let said = answer.json()["error"].as_str().unwrap().to_string();
    let name = broken.0.file_name().unwrap().to_str().unwrap();
    assert!(said.contains(name) && !said.contains(&folder), "{said}");
}

/// A studio served on a free loopback port until the returned sender is used.
async fn served(
    settings: Settings,
) -> (
    std::net::SocketAddr,
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<()>,
) {
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let (tell, address) = tokio::sync::oneshot::channel();
    let settings = Settings {
        address: "127.0.0.1:0".parse().unwrap(),
        ..settings
    };
    let server = tokio::spawn(async move {
        ludoforge_web::serve_until(
            registry(),
            &settings,
            |a| {
                let _ = tell.send(a);
            },
            async {
                let _ = stopped.await;
            },
        )
        .await
        .unwrap();
    });
    (address.await.unwrap(), stop, server)
}

/// Reads a connection until it is closed; how long that took.
fn until_closed(mut tcp: std::net::TcpStream) -> Duration {
    let start = Instant::now();
    tcp.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut buffer = [0u8; 4096];
    loop {
        match tcp.read(&mut buffer) {
            Ok(0) => return start.elapsed(),
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return start.elapsed(),
            Err(e) => panic!("the connection stayed open ({e})"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_and_idle_connections_are_closed() {
    let library = TempLibrary::new("timeout");
    let settings = Settings {
        header_timeout: Duration::from_millis(300),
        ..settings(&library)
    };
    let (address, stop, server) = served(settings).await;
    let closed = tokio::task::spawn_blocking(move || {
        // Half a request's headers, then nothing.
        let mut half = std::net::TcpStream::connect(address).unwrap();
        half.write_all(b"GET /api/runs HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            .unwrap();
        let half = until_closed(half);
        // Nothing at all.
        let idle = until_closed(std::net::TcpStream::connect(address).unwrap());
        // A whole request answered, then nothing more on the kept-alive connection.
        let mut kept = std::net::TcpStream::connect(address).unwrap();
        let host = format!("GET /api/runs HTTP/1.1\r\nHost: {address}\r\n\r\n");
        kept.write_all(host.as_bytes()).unwrap();
        let kept = until_closed(kept);
        (half, idle, kept)
    })
    .await
    .unwrap();
    // Closed after the 0.3 s allowed, well before the 30 s the reads would wait.
    for (what, took) in ["half-sent", "idle", "kept alive"]
        .iter()
        .zip([closed.0, closed.1, closed.2])
    {
        assert!(took < Duration::from_secs(10), "{what}: {took:?}");
    }
    let _ = stop.send(());
    server.await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_ends_event_streams_at_once() {
    let library = TempLibrary::new("stop");
    let (address, stop, server) = served(settings(&library)).await;
    let started = tokio::task::spawn_blocking(move || {
        let mut tcp = std::net::TcpStream::connect(address).unwrap();
        let body =
            json!({"job": "tick", "params": {"steps": 1_000_000, "pause_ms": 10}, "seed": 1})
                .to_string();
        let asked = format!(
            "POST /api/runs HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        tcp.write_all(asked.as_bytes()).unwrap();
        let mut answer = String::new();
        tcp.read_to_string(&mut answer).unwrap();
        let id = answer
            .split("\"id\":\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .to_string();
        // Watch its events: the stream stays open while the run goes.
        let mut events = std::net::TcpStream::connect(address).unwrap();
        let asked = format!("GET /api/runs/{id}/events HTTP/1.1\r\nHost: {address}\r\n\r\n");
        events.write_all(asked.as_bytes()).unwrap();
        let mut first = [0u8; 64];
        let read = events.read(&mut first).unwrap();
        assert!(String::from_utf8_lossy(&first[..read]).starts_with("HTTP/1.1 200"));
        events
    })
    .await
    .unwrap();
    let asked = Instant::now();
    let _ = stop.send(());
    server.await.unwrap();
    let stopped = asked.elapsed();
    assert!(
        stopped < Duration::from_secs(2),
        "the stop took {stopped:?}"
    );
    // The stream was ended (not left hanging until the process ends).
    let closed = tokio::task::spawn_blocking(move || until_closed(started))
        .await
        .unwrap();
    assert!(
        closed < Duration::from_secs(2),
        "the stream stayed open {closed:?}"
    );
}
