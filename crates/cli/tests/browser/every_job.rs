//! Every job page and every preset link on it, run with the form untouched, as a new user
//! would: each must end with a picture or a result file. Study jobs (long experiments) must
//! start and stop when cancelled.

use anyhow::{Context as _, Result, bail, ensure};
use fantoccini::Locator;
use serde_json::Value;

use super::{Studio, wait_in_page};

/// Waits for the run the page started to end; says how it ended and what it shows.
const ENDED: &str = r#"
    const $ = (id) => document.getElementById(id);
    if (!$("failed").hidden) return {failed: $("failed").textContent};
    if ($("problem").textContent) return {failed: $("problem").textContent};
    if ($("done").hidden) return null;
    const picture = $("picture");
    const pictured = !$("figure").hidden;
    if (pictured && (!picture.complete || picture.naturalWidth === 0)) return null;
    const result = document.querySelector("a.download[data-role=result]");
    const pdf = document.querySelector("a.download[data-role=pdf]");
    return {ending: $("ending").textContent, picture: pictured, result: result ? result.href : null,
            pdf: pdf ? pdf.href : null,
            scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth};
"#;

/// Waits for the form's problem (a run refused), and says it.
const MISSING: &str = r#"
    const $ = (id) => document.getElementById(id);
    if (!$("done").hidden) return {failed: "it ran: " + $("ending").textContent};
    const said = $("problem").textContent;
    return said ? said : null;
"#;

/// Waits for a run to have made something (its bar moved), or to have ended already: a study
/// cancelled then keeps what it made.
const WORKING: &str = r#"
    const $ = (id) => document.getElementById(id);
    if (!$("failed").hidden) return {failed: $("failed").textContent};
    if ($("problem").textContent) return {failed: $("problem").textContent};
    if (!$("done").hidden) return "ended";
    const moved = parseFloat($("fill").style.width) > 0;
    return !$("progress").hidden && moved ? "working" : null;
"#;

/// The jobs that make content to print: each offers its pages (`pdf`) to download.
const PRINTED: [&str; 7] = [
    "puzzle-chess",
    "puzzle-chromatic",
    "stock",
    "portals",
    "gloomhaven",
    "risk-map",
    "risk-design",
];

/// The printed pages a run with the defaults offers, fetched: a PDF document.
async fn printed(studio: &Studio, id: &str, shown: &Value) -> Result<()> {
    let href = shown["pdf"]
        .as_str()
        .with_context(|| format!("{id} offers no printed pages (pdf) to download"))?;
    let bytes = studio.get(href).await?.bytes().await?;
    ensure!(
        bytes.starts_with(b"%PDF-"),
        "{id}'s printed pages are not a PDF: {:?}",
        String::from_utf8_lossy(&bytes[..bytes.len().min(60)])
    );
    Ok(())
}

/// The preset links a job page offers (the defaults, a quick try, a sample file).
async fn presets(studio: &Studio) -> Result<Vec<(String, String)>> {
    let links = studio.client.find_all(Locator::Css(".presets a")).await?;
    let mut out = Vec::new();
    for link in links {
        let name = link.text().await?;
        let href = link
            .prop("href")
            .await?
            .context("a preset link's address")?;
        out.push((name, href));
    }
    Ok(out)
}

/// Presses Run on the page as it is and waits for the run to end (a study job is cancelled
/// once it works); returns what the page shows.
async fn run_as_is(studio: &Studio, id: &str, what: &str) -> Result<Value> {
    studio.click("run").await?;
    if id.ends_with("-study") {
        let state = wait_in_page(&studio.client, "a study to start", WORKING).await?;
        if state == "working" {
            studio.click("cancel").await?;
        }
    }
    let shown = wait_in_page(&studio.client, "a job run with its defaults", ENDED)
        .await
        .with_context(|| format!("{id}, {what}"))?;
    if shown["picture"] != true && shown["result"].is_null() {
        bail!("{id}, {what}: neither a picture nor a result file: {shown}");
    }
    Ok(shown)
}

/// A picture of the whole result page, in `CARGO_TARGET_TMPDIR/studio-pages/{job}.png`, to
/// look at.
async fn page_shot(studio: &Studio, id: &str) -> Result<()> {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("studio-pages");
    std::fs::create_dir_all(&dir)?;
    let png = studio.client.screenshot().await?;
    std::fs::write(dir.join(format!("{id}.png")), png)?;
    Ok(())
}

/// Opens every job's page, runs its defaults and each preset link, and keeps a picture of
/// each result page (see [`page_shot`]).
pub async fn every_job(studio: &Studio) -> Result<()> {
    let jobs = studio.json("/api/jobs").await?;
    let jobs = jobs.as_array().context("GET /api/jobs is a list")?;
    let mut failures = Vec::new();
    for job in jobs {
        let id = job["id"].as_str().context("a job's id")?;
        studio.open(&format!("/jobs/{id}")).await?;
        let links = presets(studio).await?;
        ensure!(
            !links.is_empty(),
            "{id}'s page offers no settings to start from"
        );
        if let Some(file) = job["input"].as_str() {
            // A job that works on the user's file says so, refuses to run without it in
            // words, and runs on its sample.
            let said = studio
                .client
                .find(Locator::Css(".needs"))
                .await
                .with_context(|| format!("{id}'s page does not say it needs {file}"))?
                .text()
                .await?;
            ensure!(said.contains(file), "{id}'s page says {said:?}");
            studio.click("run").await?;
            let refused = wait_in_page(&studio.client, "the missing file refused", MISSING)
                .await
                .with_context(|| format!("{id} without its file"))?;
            let refused = refused.as_str().unwrap_or_default();
            if !(refused.starts_with("no ") && refused.contains(" given")) {
                failures.push(format!("{id} without its file says {refused:?}"));
            }
            let sample = links.iter().find(|(_, href)| href.contains("params="));
            let Some((name, href)) = sample else {
                failures.push(format!("{id} offers no sample file to try"));
                continue;
            };
            studio.client.goto(href).await?;
            match run_as_is(studio, id, &format!("preset “{name}”")).await {
                Ok(shown) => {
                    eprintln!("  {id} (its sample): {}", shown["ending"]);
                    page_shot(studio, id).await?;
                }
                Err(e) => failures.push(format!("{e:#}")),
            }
            continue;
        }
        match run_as_is(studio, id, "the form as it opens").await {
            Ok(shown) => {
                eprintln!("  {id}: {}", shown["ending"]);
                if shown["scroll"].as_i64().is_some_and(|s| s > 0) {
                    failures.push(format!(
                        "{id}: the result page scrolls sideways by {} px",
                        shown["scroll"]
                    ));
                }
                page_shot(studio, id).await?;
                if PRINTED.contains(&id)
                    && let Err(e) = printed(studio, id, &shown).await
                {
                    failures.push(format!("{e:#}"));
                }
            }
            Err(e) => failures.push(format!("{e:#}")),
        }
        for (name, href) in links {
            studio.client.goto(&href).await?;
            if let Err(e) = run_as_is(studio, id, &format!("preset “{name}”")).await {
                failures.push(format!("{e:#}"));
            }
        }
    }
    ensure!(
        failures.is_empty(),
        "{} of the job pages failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    Ok(())
}
