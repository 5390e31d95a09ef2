//! The studio end to end in a real browser: `ludoforge serve` driven through WebDriver
//! (chromedriver and headless Chromium) with fantoccini, the way a person uses it.
//!
//! Without chromedriver or Chromium the test says how to get them (`scripts/test` installs
//! them) and passes. With `LUDOFORGE_SCREENSHOTS` set it also saves pictures of the pages in
//! `docs/screenshots/`; with `LUDOFORGE_BROWSER_ONLY` set to names of checks separated by
//! commas (`play`, `home`, `chess`, `stock`, `problem`, `cancel`, `explore`, `jobs`, `edit`,
//! `upload`, `cross-origin`) it runs only those.
#![cfg(unix)]

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, anyhow, bail, ensure};
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

#[path = "browser/cross_origin.rs"]
mod cross_origin;
#[path = "browser/edit.rs"]
mod edit;
#[path = "browser/every_job.rs"]
mod every_job;
#[path = "browser/explore.rs"]
mod explore;
#[path = "browser/library.rs"]
mod library;
#[path = "browser/play.rs"]
mod play;
#[path = "browser/upload.rs"]
mod upload;

/// The longest anything is waited for: generous, since the machines that run this are slow.
const PATIENCE: Duration = Duration::from_secs(60);

/// A process killed with the processes it started when dropped, also when a check panics.
struct Guard {
    child: Child,
    reaped: bool,
}

impl Guard {
    /// Starts `command` leading its own process group, so the browsers chromedriver starts go
    /// with it.
    fn spawn(command: &mut Command) -> Result<Guard> {
        let child = command
            .process_group(0)
            .spawn()
            .with_context(|| format!("cannot start {command:?}"))?;
        Ok(Guard {
            child,
            reaped: false,
        })
    }

    /// Waits for the process to end by itself.
    fn wait(mut self) -> std::io::Result<std::process::ExitStatus> {
        let status = self.child.wait();
        self.reaped = status.is_ok();
        status
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        if self.reaped {
            return;
        }
        let group = format!("kill -KILL -- -{} 2>/dev/null", self.child.id());
        let _ = Command::new("sh").args(["-c", &group]).status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A program on the `PATH`.
fn on_path(name: &str) -> Option<PathBuf> {
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// Chromium, where Debian puts it or on the `PATH`.
fn chromium() -> Option<PathBuf> {
    let debian = PathBuf::from("/usr/bin/chromium");
    if debian.is_file() {
        return Some(debian);
    }
    [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ]
    .into_iter()
    .find_map(on_path)
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port on the loopback")
        .port()
}

/// A bounded wait: [`PATIENCE`] at most, looking again every 100 ms.
struct Deadline {
    start: Instant,
    what: &'static str,
}

impl Deadline {
    fn new(what: &'static str) -> Deadline {
        Deadline {
            start: Instant::now(),
            what,
        }
    }

    /// Waits a little before looking again; fails once the time is up.
    async fn tick(&self) -> Result<()> {
        if self.start.elapsed() > PATIENCE {
            bail!(
                "gave up after {} s waiting for {}",
                PATIENCE.as_secs(),
                self.what
            );
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        Ok(())
    }
}

/// Runs `script` (a function body) in the page until it returns something other than `null`;
/// `{"failed": message}` fails at once.
async fn wait_in_page(client: &Client, what: &'static str, script: &str) -> Result<Value> {
    let deadline = Deadline::new(what);
    loop {
        let value = client.execute(script, vec![]).await?;
        if let Some(message) = value.get("failed") {
            bail!("{what}: the page says {message}");
        }
        if !value.is_null() {
            return Ok(value);
        }
        if let Err(late) = deadline.tick().await {
            let shown = client.execute(STATE, vec![]).await.unwrap_or_default();
            return Err(late.context(format!("the page shows {shown}")));
        }
    }
}

/// What a page shows, to say where it stood when a wait ran out.
const STATE: &str = r#"
    const text = (id) => {
        const e = document.getElementById(id);
        return e ? (e.hidden ? "(hidden)" : e.textContent.trim().slice(0, 300)) : "(none)";
    };
    return {at: location.href, stage: text("stage"), best: text("best"),
            problem: text("problem"), failed: text("failed"), ending: text("ending")};
"#;

/// Waits for the job page to show a finished run, its picture loaded; returns the ending said.
const DONE: &str = r#"
    const $ = (id) => document.getElementById(id);
    if (!$("failed").hidden) return {failed: $("failed").textContent};
    if ($("problem").textContent) return {failed: $("problem").textContent};
    if ($("done").hidden) return null;
    const picture = $("picture");
    if ($("figure").hidden) return {failed: "no picture"};
    if (!picture.complete || picture.naturalWidth === 0) return null;
    return {ending: $("ending").textContent, width: picture.naturalWidth};
"#;

/// The studio, the browser and what the checks share.
struct Studio {
    base: String,
    client: Client,
    http: reqwest::Client,
    shots: Option<PathBuf>,
}

impl Studio {
    async fn open(&self, path: &str) -> Result<()> {
        self.client
            .goto(&format!("{}{path}", self.base))
            .await
            .with_context(|| format!("cannot open {path}"))
    }

    async fn get(&self, path: &str) -> Result<reqwest::Response> {
        let url = if path.starts_with("http") {
            path.to_string()
        } else {
            format!("{}{path}", self.base)
        };
        let response = self.http.get(&url).send().await?;
        ensure!(
            response.status().is_success(),
            "GET {url}: {}",
            response.status()
        );
        Ok(response)
    }

    async fn json(&self, path: &str) -> Result<Value> {
        Ok(self.get(path).await?.json().await?)
    }

    /// Types `value` into the form's field for the parameter at `path` (`seed`: the seed).
    async fn set(&self, path: &str, value: &str) -> Result<()> {
        let selector = if path == "seed" {
            "#seed".to_string()
        } else {
            format!("[data-path=\"{path}\"]")
        };
        let field = self
            .client
            .find(Locator::Css(&selector))
            .await
            .with_context(|| format!("no field {path}"))?;
        field.clear().await?;
        field.send_keys(value).await?;
        Ok(())
    }

    /// Replaces the text of the field `css` selects.
    async fn set_text(&self, css: &str, value: &str) -> Result<()> {
        let field = self
            .client
            .find(Locator::Css(css))
            .await
            .with_context(|| format!("no field {css}"))?;
        field.clear().await?;
        field.send_keys(value).await?;
        Ok(())
    }

    async fn click(&self, id: &str) -> Result<()> {
        let button = self.client.find(Locator::Id(id)).await?;
        Ok(button.click().await?)
    }

    /// Clicks the element `css` selects.
    async fn click_css(&self, css: &str) -> Result<()> {
        let element = self.client.find(Locator::Css(css)).await?;
        Ok(element.click().await?)
    }

    /// An element's property (`href` as the browser resolved it).
    async fn prop(&self, css: &str, name: &str) -> Result<String> {
        let element = self.client.find(Locator::Css(css)).await?;
        element
            .prop(name)
            .await?
            .ok_or_else(|| anyhow!("{css} has no {name}"))
    }

    /// The run the page shows (its address names it as `run=ID`, beside its job, settings
    /// and seed, once a run started).
    async fn run_id(&self) -> Result<String> {
        let url = self.client.current_url().await?;
        url.query_pairs()
            .find(|(k, v)| k == "run" && v != "1")
            .map(|(_, v)| v.into_owned())
            .ok_or_else(|| anyhow!("the page is at {url}, not a run's address"))
    }

    /// The bytes of the result the page offers for download.
    async fn result_bytes(&self) -> Result<(String, Vec<u8>)> {
        let href = self.prop("a.download[data-role=result]", "href").await?;
        let bytes = self.get(&href).await?.bytes().await?.to_vec();
        Ok((href, bytes))
    }

    async fn screenshot(&self, name: &str) -> Result<()> {
        if let Some(dir) = &self.shots {
            self.client
                .execute("window.scrollTo(0, 0);", vec![])
                .await?;
            let png = self.client.screenshot().await?;
            std::fs::write(dir.join(format!("{name}.png")), png)?;
        }
        Ok(())
    }
}

/// The home page lists every job under its generator, and every sample picture loads.
async fn home(studio: &Studio) -> Result<()> {
    let jobs = studio.json("/api/jobs").await?;
    let jobs = jobs.as_array().context("GET /api/jobs is a list")?;
    studio.open("/").await?;
    for job in jobs {
        let id = job["id"].as_str().context("a job's id")?;
        let link = format!(".card a[href=\"/jobs/{id}\"]");
        studio
            .client
            .find(Locator::Css(&link))
            .await
            .with_context(|| format!("the home page has no link to {id}"))?;
    }
    let cards = studio.client.find_all(Locator::Css(".card")).await?;
    let pictures = studio.client.find_all(Locator::Css(".card img")).await?;
    ensure!(
        !cards.is_empty() && pictures.len() == cards.len(),
        "{} generators but {} sample pictures",
        cards.len(),
        pictures.len()
    );
    // The pictures load lazily: each waiting one is scrolled into view in turn.
    let loaded = r#"
        const waiting = Array.from(document.querySelectorAll(".card img"))
            .filter((i) => !(i.complete && i.naturalWidth > 0));
        if (waiting.length === 0) return true;
        waiting[0].scrollIntoView({block: "center"});
        return null;
    "#;
    wait_in_page(&studio.client, "the sample pictures", loaded).await?;
    studio.screenshot("home").await
}

/// Runs the chess maze from the form, compares its result with the command line's, then runs
/// it again from the permalink.
async fn chess(studio: &Studio, cli_result: &Path) -> Result<()> {
    studio.open("/jobs/puzzle-chess").await?;
    studio.set("search.population", "60").await?;
    studio.set("search.matings", "1500").await?;
    studio.set("seed", "5").await?;
    studio.click("run").await?;
    let shown = wait_in_page(&studio.client, "the chess maze", DONE).await?;
    ensure!(
        shown["ending"]
            .as_str()
            .is_some_and(|e| e.contains("Seed 5")),
        "{shown}"
    );
    let (first, bytes) = studio.result_bytes().await?;
    let cli = std::fs::read(cli_result)?;
    ensure!(
        bytes == cli,
        "the studio's result.json differs from the command line's:\n{}\n---\n{}",
        String::from_utf8_lossy(&bytes),
        String::from_utf8_lossy(&cli)
    );
    studio.screenshot("chess-result").await?;

    // The run's address holds its job, settings and seed: opened again it shows the same run,
    // and with the id of a run this studio does not have (a bookmark from before a restart)
    // it makes the same content again.
    let address = studio.client.current_url().await?;
    let id = studio.run_id().await?;
    let query: String = address.query().unwrap_or_default().to_string();
    ensure!(
        address.path() == "/jobs/puzzle-chess"
            && query.contains("seed=5")
            && query.contains("params="),
        "the run's address is {address}"
    );
    studio.client.goto(address.as_str()).await?;
    wait_in_page(&studio.client, "the same run", DONE).await?;
    ensure!(
        studio.result_bytes().await?.0 == first,
        "the address showed another run"
    );
    let stale = address.as_str().replace(&id, "r1-000000");
    studio.client.goto(&stale).await?;
    wait_in_page(&studio.client, "the run made again", DONE).await?;
    let (remade, bytes) = studio.result_bytes().await?;
    ensure!(remade != first, "a stale address showed a run: {remade}");
    ensure!(bytes == cli, "a stale address made a different result");

    // Kept in the library, the single result is found under its job.
    studio.click("keep").await?;
    wait_in_page(
        &studio.client,
        "the result kept",
        r#"const k = document.getElementById("kept").textContent; return k.startsWith("Kept") ? k : null;"#,
    )
    .await?;
    let found = studio.json("/api/library?job=puzzle-chess").await?;
    ensure!(
        found["count"].as_u64().is_some_and(|c| c >= 1),
        "the kept chess maze is not found under its job: {found}"
    );

    let permalink = studio.prop("#permalink", "href").await?;
    studio.client.goto(&permalink).await?;
    wait_in_page(&studio.client, "the chess maze again", DONE).await?;
    let (again, bytes) = studio.result_bytes().await?;
    ensure!(again != first, "the permalink showed the same run: {again}");
    ensure!(bytes == cli, "the permalink made a different result");
    Ok(())
}

/// Stocks a small dungeon map.
async fn stock(studio: &Studio) -> Result<()> {
    studio.open("/jobs/stock").await?;
    studio.set("width", "40").await?;
    studio.set("height", "24").await?;
    studio.click("run").await?;
    wait_in_page(&studio.client, "the stocked map", DONE).await?;
    let (_, bytes) = studio.result_bytes().await?;
    let result: Value = serde_json::from_slice(&bytes)?;
    ensure!(result.is_object(), "the stock result is not a JSON object");
    // The Universal VTT map downloads under a name virtual tabletops take (Foundry's importer
    // accepts .dd2vtt, .df2vtt and .uvtt files only), drawn when it is fetched.
    let name = studio
        .prop("a.download[data-role=uvtt]", "download")
        .await?;
    ensure!(
        name.ends_with(".dd2vtt"),
        "the Universal VTT map downloads as {name}"
    );
    let href = studio.prop("a.download[data-role=uvtt]", "href").await?;
    let uvtt: Value = studio.get(&href).await?.json().await?;
    ensure!(
        uvtt["format"].is_number()
            && uvtt["resolution"]["map_size"]["x"] == 40.0
            && uvtt["image"]
                .as_str()
                .is_some_and(|i| i.starts_with("iVBORw0KGgo")),
        "the Universal VTT download is not the map's: {}",
        uvtt["resolution"]
    );
    studio.screenshot("stock-result").await
}

/// A Gloomhaven run offers its scenarios as a Gloomhaven Secretariat edition to download.
async fn secretariat(studio: &Studio) -> Result<()> {
    studio.open("/jobs/gloomhaven").await?;
    studio.set("cycles", "20").await?;
    studio.click("run").await?;
    wait_in_page(&studio.client, "the Gloomhaven scenario", DONE).await?;
    let name = studio
        .prop("a.download[data-role=secretariat]", "download")
        .await?;
    ensure!(name.ends_with(".json"), "the edition downloads as {name}");
    let href = studio
        .prop("a.download[data-role=secretariat]", "href")
        .await?;
    let edition: Value = studio.get(&href).await?.json().await?;
    ensure!(
        edition["edition"] == "ludoforge" && edition["scenarios"][0]["rooms"][0]["initial"] == true,
        "the Secretariat download is not an edition of the scenario: {edition}"
    );
    Ok(())
}

/// A value out of bounds is refused with a message and starts no run.
async fn problem(studio: &Studio) -> Result<()> {
    let before = studio.json("/api/runs").await?;
    studio.open("/jobs/puzzle-chess").await?;
    studio.set("search.population", "1").await?;
    studio.click("run").await?;
    let said = wait_in_page(
        &studio.client,
        "the form's problem",
        r#"const p = document.getElementById("problem").textContent;
           return p ? p : null;"#,
    )
    .await?;
    let said = said.as_str().unwrap_or_default().to_lowercase();
    ensure!(said.contains("population"), "the problem said: {said}");
    let after = studio.json("/api/runs").await?;
    ensure!(before == after, "a run started: {after}");
    let idle = studio
        .client
        .execute(
            r#"const $ = (id) => document.getElementById(id);
               return $("progress").hidden && $("done").hidden && !$("run").disabled;"#,
            vec![],
        )
        .await?;
    ensure!(idle == json!(true), "the page does not look idle");
    Ok(())
}

/// A long run shows its progress and chart, and stops when cancelled with the best found.
async fn cancel(studio: &Studio) -> Result<()> {
    studio.open("/jobs/puzzle-chromatic").await?;
    // A budget no machine gets through before the click: it can only end by being cancelled.
    studio.set("search.matings", "1000000000").await?;
    studio.click("run").await?;
    let running = r#"
        const $ = (id) => document.getElementById(id);
        if (!$("failed").hidden) return {failed: $("failed").textContent};
        if ($("problem").textContent) return {failed: $("problem").textContent};
        if (!$("done").hidden) return {failed: "it ended: " + $("ending").textContent};
        const drawn = $("chart").querySelector("polyline");
        return !$("progress").hidden && drawn && $("best").textContent !== "–" ? true : null;
    "#;
    wait_in_page(&studio.client, "progress and a chart", running).await?;
    let id = studio.run_id().await?;
    studio.screenshot("running").await?;
    studio.click("cancel").await?;
    let stopped = r#"
        const $ = (id) => document.getElementById(id);
        if (!$("failed").hidden) return {failed: $("failed").textContent};
        return $("done").hidden ? null : $("ending").textContent;
    "#;
    let ending = wait_in_page(&studio.client, "the run to stop", stopped).await?;
    ensure!(
        ending.as_str().is_some_and(|e| e.starts_with("Stopped")),
        "the page said {ending}"
    );
    let run = studio.json(&format!("/api/runs/{id}")).await?;
    ensure!(
        run["status"] == "done" && run["ending"] == "interrupted",
        "the run is {} / {}",
        run["status"],
        run["ending"]
    );
    ensure!(
        run["notes"][0]
            .as_str()
            .is_some_and(|n| n.contains("cancelled")),
        "the run's notes: {}",
        run["notes"]
    );
    Ok(())
}

/// Starts chromedriver on a free port and waits until it answers.
async fn chromedriver(driver: &Path, http: &reqwest::Client) -> Result<(Guard, String)> {
    let port = free_port();
    let mut guard = Guard::spawn(
        Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null()),
    )?;
    let url = format!("http://127.0.0.1:{port}");
    let deadline = Deadline::new("chromedriver to answer");
    loop {
        if let Some(status) = guard.child.try_wait()? {
            bail!("chromedriver ended at once ({status})");
        }
        if let Ok(answer) = http.get(format!("{url}/status")).send().await
            && let Ok(status) = answer.json::<Value>().await
            && status["value"]["ready"] == true
        {
            break;
        }
        deadline.tick().await?;
    }
    Ok((guard, url))
}

/// Starts `ludoforge serve --port 0` on the library `library` and reads its address from what it says on stderr.
fn serve(library: &Path) -> Result<(Guard, String)> {
    let mut guard = Guard::spawn(
        Command::new(env!("CARGO_BIN_EXE_ludoforge"))
            .args(["serve", "--port", "0", "--library"])
            .arg(library)
            .stdout(Stdio::null())
            .stderr(Stdio::piped()),
    )?;
    let stderr = guard.child.stderr.take().context("the studio's stderr")?;
    let (tell, heard) = mpsc::channel();
    std::thread::spawn(move || {
        // Reads on to the end, so the studio never blocks on a full pipe.
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(rest) = line.strip_prefix("ludoforge studio at ") {
                let url = rest.split_whitespace().next().unwrap_or_default();
                let _ = tell.send(url.trim_end_matches('/').to_string());
            }
        }
    });
    let url = heard
        .recv_timeout(PATIENCE)
        .context("the studio did not say its address")?;
    Ok((guard, url))
}

/// Whether the check `name` runs: all do unless `LUDOFORGE_BROWSER_ONLY` names some.
fn wanted(name: &str) -> bool {
    std::env::var("LUDOFORGE_BROWSER_ONLY")
        .map_or(true, |only| only.split(',').any(|n| n.trim() == name))
}

async fn browse(chromium: &Path, driver: &Path) -> Result<()> {
    let out = tempfile::tempdir()?;
    let cli_result = out.path().join("chess.json");
    let cli = Guard::spawn(
        Command::new(env!("CARGO_BIN_EXE_ludoforge"))
            .args(["puzzle", "chess", "--population", "60", "--matings", "1500"])
            .args(["--seed", "5", "--out"])
            .arg(&cli_result)
            .stdout(Stdio::null())
            .stderr(Stdio::null()),
    )?;
    let http = reqwest::Client::new();
    let (_driver, driver_url) = chromedriver(driver, &http).await?;
    // A library of its own: the user's is never touched.
    let library_file = out.path().join("library.sqlite");
    let (_studio, base) = serve(&library_file)?;

    let capabilities = json!({
        "goog:chromeOptions": {
            "binary": chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1366,1000"],
        }
    });
    let Value::Object(capabilities) = capabilities else {
        unreachable!("an object")
    };
    // chromedriver is on this machine: plain HTTP, no TLS stack to build or certificates to read.
    let client = ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&driver_url)
        .await
        .context("chromedriver could not start Chromium")?;
    let shots = std::env::var_os("LUDOFORGE_SCREENSHOTS")
        .map(|_| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/screenshots"));
    if let Some(dir) = &shots {
        std::fs::create_dir_all(dir)?;
    }
    let studio = Studio {
        base,
        client,
        http,
        shots,
    };
    let checks = async {
        let cli_status = tokio::task::spawn_blocking(move || cli.wait()).await??;
        ensure!(cli_status.success(), "ludoforge puzzle chess failed");
        if wanted("play") {
            play::play(&studio).await.context("the play page")?;
        }
        if wanted("home") {
            home(&studio).await.context("the home page")?;
        }
        if wanted("chess") {
            chess(&studio, &cli_result)
                .await
                .context("the chess maze")?;
        }
        if wanted("stock") {
            stock(&studio).await.context("the stocked map")?;
            secretariat(&studio)
                .await
                .context("the Gloomhaven Secretariat download")?;
        }
        if wanted("problem") {
            problem(&studio).await.context("a value out of bounds")?;
        }
        if wanted("cancel") {
            cancel(&studio).await.context("cancelling a long run")?;
        }
        if wanted("explore") {
            let (run, archive) = explore::explore(&studio)
                .await
                .context("the explore page")?;
            library::library(&studio, &run, &archive, &library_file)
                .await
                .context("the library page")?;
        }
        if wanted("jobs") {
            every_job::every_job(&studio)
                .await
                .context("every job with its defaults")?;
        }
        if wanted("edit") {
            edit::edit(&studio).await.context("the editor")?;
        }
        if wanted("upload") {
            upload::upload(&studio, out.path())
                .await
                .context("a Latin-1 map uploaded")?;
        }
        if wanted("cross-origin") {
            cross_origin::cross_origin(&studio)
                .await
                .context("another site's page")?;
        }
        Ok::<_, anyhow::Error>(())
    };
    let checked = checks.await;
    let _ = studio.client.close().await;
    checked
}

#[test]
fn the_studio_in_a_browser() {
    let (Some(driver), Some(chromium)) = (on_path("chromedriver"), chromium()) else {
        eprintln!(
            "the browser test is skipped: chromedriver or Chromium is missing; run scripts/test, \
             which installs them (apt-get install chromium chromium-driver)"
        );
        return;
    };
    let started = Instant::now();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    if let Err(e) = runtime.block_on(browse(&chromium, &driver)) {
        panic!("{e:#}");
    }
    eprintln!(
        "the browser test took {:.1} s",
        started.elapsed().as_secs_f64()
    );
}
