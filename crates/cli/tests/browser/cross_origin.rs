//! Another site's page cannot drive the studio: a page served on another loopback port (and
//! another name: `localhost`, where the studio is at `127.0.0.1`) tries every change through
//! `fetch` (`no-cors` with a text body, `cors` with a text body and with JSON) and through
//! plain auto-submitted forms (`enctype=text/plain` shaped into JSON); afterwards no run was
//! started or cancelled, nothing kept in the library, no game started or answered. And a
//! request addressed to another name (DNS rebinding) is refused.

use std::io::{Read, Write};
use std::net::TcpListener;

use anyhow::{Context as _, Result, ensure};
use serde_json::{Value, json};

use super::{Studio, wait_in_page};

/// Serves `page` to every request on a free loopback port, on a thread of its own (it ends
/// with the test's process); returns the port.
fn other_site(page: String) -> Result<u16> {
    let listener = TcpListener::bind("127.0.0.1:0")?;
    let port = listener.local_addr()?.port();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut seen = Vec::new();
            let mut buffer = [0u8; 1024];
            while !seen.windows(4).any(|w| w == b"\r\n\r\n") {
                match stream.read(&mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => seen.extend_from_slice(&buffer[..n]),
                }
            }
            let answer = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\
                 Content-Length: {}\r\nConnection: close\r\n\r\n{page}",
                page.len()
            );
            let _ = stream.write_all(answer.as_bytes());
        }
    });
    Ok(port)
}

/// The other site's page: every change the studio answers, by fetch and by form.
fn hostile_page(base: &str, run: &str, game: &str) -> String {
    let changes = [
        (
            "POST",
            "/api/runs".to_string(),
            json!({"job": "puzzle-chess", "params": {"search": {"population": 20, "matings": 200}}, "seed": 7}),
        ),
        ("POST", "/api/library".to_string(), json!({"run": run})),
        ("POST", "/api/play".to_string(), json!({"map": "map8"})),
        (
            "POST",
            format!("/api/play/{game}"),
            json!({"pick": 0, "question": 1}),
        ),
        ("DELETE", format!("/api/runs/{run}"), Value::Null),
        ("DELETE", format!("/api/play/{game}"), Value::Null),
    ];
    let mut forms = String::new();
    for (at, (method, path, body)) in changes.iter().enumerate() {
        if *method != "POST" {
            continue;
        }
        // A text/plain form sends `name=value`: the name opens a JSON string the value closes.
        let text = body.to_string();
        let name = format!("{},\"pad\":\"", &text[..text.len() - 1]);
        forms.push_str(&format!(
            "<iframe name=\"sink{at}\"></iframe>\
             <form method=\"post\" enctype=\"text/plain\" action=\"{base}{path}\" target=\"sink{at}\">\
             <input name='{}' value='\"}}'></form>\n",
            name.replace('\'', "&#39;")
        ));
    }
    let attempts: Vec<Value> = changes
        .iter()
        .map(|(method, path, body)| {
            json!([
                method,
                path,
                if body.is_null() {
                    String::new()
                } else {
                    body.to_string()
                }
            ])
        })
        .collect();
    format!(
        r#"<!doctype html><html><head><title>another site</title></head><body>
{forms}
<script>
(async () => {{
  const base = {base};
  const attempts = {attempts};
  const said = [];
  for (const [method, path, body] of attempts) {{
    for (const [mode, kind] of [["no-cors", "text/plain"], ["cors", "text/plain"], ["cors", "application/json"]]) {{
      try {{
        const options = {{ method, mode, headers: {{ "Content-Type": kind }} }};
        if (body) options.body = body;
        const r = await fetch(base + path, options);
        said.push(`${{mode}} ${{kind}} ${{method}} ${{path}}: answered (${{r.type}} ${{r.status}})`);
      }} catch (e) {{
        said.push(`${{mode}} ${{kind}} ${{method}} ${{path}}: ${{e.message}}`);
      }}
    }}
  }}
  const sinks = [...document.querySelectorAll("iframe")].map((f) =>
    new Promise((done) => {{ f.onload = done; setTimeout(done, 5000); }}));
  for (const form of document.querySelectorAll("form")) form.submit();
  await Promise.all(sinks);
  window.__said = said;
}})();
</script></body></html>"#,
        base = Value::from(base),
        attempts = Value::from(attempts),
    )
}

/// What the other site's page could have changed.
async fn state(studio: &Studio, run: &str, game: &str) -> Result<Value> {
    let runs = studio.json("/api/runs").await?;
    let ids: Vec<Value> = runs
        .as_array()
        .context("the runs")?
        .iter()
        .map(|r| r["id"].clone())
        .collect();
    let ours = studio.json(&format!("/api/runs/{run}")).await?;
    let kept = studio.json("/api/library").await?["count"].clone();
    let view = studio.json(&format!("/api/play/{game}")).await?;
    Ok(json!({
        "runs": ids,
        "cancelled": !matches!(ours["status"].as_str(), Some("queued" | "running")),
        "kept": kept,
        "game": [view["status"], view["question"]],
    }))
}

/// Starts what the page will attack, lets it try, and checks nothing changed.
pub async fn cross_origin(studio: &Studio) -> Result<()> {
    let http = &studio.http;
    let long = json!({"job": "puzzle-chromatic", "params": {"search": {"matings": 1_000_000_000}}, "seed": 2});
    let started: Value = http
        .post(format!("{}/api/runs", studio.base))
        .json(&long)
        .send()
        .await?
        .json()
        .await?;
    let run = started["id"].as_str().context("a run's id")?.to_string();
    let play = |settings: Value| async move {
        let game: Value = http
            .post(format!("{}/api/play", studio.base))
            .json(&settings)
            .send()
            .await?
            .json()
            .await?;
        let id = game["id"].as_str().context("a game's id")?;
        id.strip_prefix('g')
            .and_then(|n| n.parse::<u64>().ok())
            .context("a game's number")
    };
    let game = format!("g{}", play(json!({"map": "map8", "seed": 3})).await?);
    let before = state(studio, &run, &game).await?;

    let port = other_site(hostile_page(&studio.base, &run, &game))?;
    studio
        .client
        .goto(&format!("http://localhost:{port}/"))
        .await?;
    let said = wait_in_page(
        &studio.client,
        "the other site's attempts",
        "return window.__said || null;",
    )
    .await?;
    eprintln!("another site's page tried, and saw: {said}");
    let after = state(studio, &run, &game).await?;
    ensure!(
        before == after,
        "another site's page changed the studio: {before} became {after}; the page saw {said}"
    );
    let next = play(json!({"map": "map8", "seed": 4})).await?;
    ensure!(
        format!("g{}", next - 1) == game,
        "games were started between {game} and g{next}; the page saw {said}"
    );

    // A name of another site, pointed at this machine.
    let rebound = http
        .get(format!("{}/api/runs", studio.base))
        .header("host", "evil.example")
        .send()
        .await?;
    let status = rebound.status().as_u16();
    let body: Value = rebound.json().await?;
    ensure!(
        status == 403
            && body["error"]
                .as_str()
                .is_some_and(|e| e.contains("--allow-host evil.example")),
        "Host: evil.example was answered {status}: {body}"
    );

    // Leave the studio as it was found.
    for path in [
        format!("/api/runs/{run}"),
        format!("/api/play/{game}"),
        format!("/api/play/g{next}"),
    ] {
        http.delete(format!("{}{path}", studio.base))
            .header("content-type", "application/json")
            .send()
            .await?;
    }
    Ok(())
}
