//! The library page: a finished exploration kept from its page, found again by job and
//! ranges, shown as cards with thumbnails, and downloaded as it was made; and a result whose
//! number names are markup, shown as text.

use std::path::Path;
use std::process::Command;

use anyhow::{Context as _, Result, ensure};
use serde_json::{Value, json};

use super::{Studio, wait_in_page};

/// Waits for the library page's answer: the sentence and the cards.
const FOUND: &str = r##"
    const $ = (id) => document.getElementById(id);
    if ($("problem").textContent) return {problem: $("problem").textContent};
    if (!$("found").textContent) return null;
    const cards = [...document.querySelectorAll("#shelf article.item")];
    const first = cards.length ? cards[0].querySelector("img") : null;
    if (first && (!first.complete || first.naturalWidth === 0)) return null;
    return {found: $("found").textContent, ids: cards.map((c) => Number(c.dataset.id)),
            href: cards.length ? cards[0].querySelector("a.download").href : null};
"##;

/// Keeps the run `id` (an exploration whose archive is `archive`) from its page, then finds
/// its elites of at least `low` fewest moves on the library page; then adds a hostile result
/// to the studio's library file `file` (see [`hostile`]).
pub async fn library(studio: &Studio, id: &str, archive: &Value, file: &Path) -> Result<()> {
    studio.open(&format!("/runs/{id}")).await?;
    wait_in_page(
        &studio.client,
        "the run's page",
        r#"return document.getElementById("done").hidden ? null : true;"#,
    )
    .await?;
    studio.click("keep").await?;
    let kept = wait_in_page(
        &studio.client,
        "the run kept",
        r#"const k = document.getElementById("kept").textContent;
           return k ? k : null;"#,
    )
    .await?;
    let elites = archive["elites"].as_array().cloned().unwrap_or_default();
    ensure!(
        kept.as_str()
            .is_some_and(|k| k.starts_with(&format!("Kept: {} new", elites.len()))),
        "the page said {kept}"
    );

    // The elites of at least `low` moves, the longest first.
    let moves = |e: &Value| e["descriptors"]["min_moves"].as_f64().unwrap_or_default();
    let mut all: Vec<f64> = elites.iter().map(moves).collect();
    all.sort_by(f64::total_cmp);
    let low = all[all.len() / 2];
    let wanted = elites.iter().filter(|e| moves(e) >= low).count();
    studio
        .open("/library?job=puzzle-chromatic-explore&where=min_moves%3E%3D0&sort=fitness:desc")
        .await?;
    // The page's own first answer (every elite), before asking again: the search clears the
    // sentence, so the next answer seen is the new one.
    let first = wait_in_page(&studio.client, "the library's first answer", FOUND).await?;
    ensure!(
        first["found"]
            .as_str()
            .is_some_and(|f| f.starts_with(&format!("{} result", elites.len()))),
        "{first}"
    );
    studio
        .set_text("#where", &format!("min_moves>={low}"))
        .await?;
    studio.click("find").await?;
    let found = wait_in_page(&studio.client, "the library's answer", FOUND).await?;
    ensure!(found.get("problem").is_none(), "{found}");
    ensure!(
        found["found"]
            .as_str()
            .is_some_and(|f| f.starts_with(&format!("{wanted} result"))),
        "{wanted} elites have at least {low} moves; the page says {found}"
    );
    let href = found["href"].as_str().unwrap_or_default();
    let downloaded: Value = studio.get(href).await?.json().await?;
    let longest = elites
        .iter()
        .max_by(|a, b| {
            a["fitness"]
                .as_f64()
                .partial_cmp(&b["fitness"].as_f64())
                .unwrap()
        })
        .map(moves)
        .unwrap_or_default();
    ensure!(
        downloaded["min_moves"].as_f64() == Some(longest),
        "the first card is not the longest maze"
    );
    ensure!(
        elites.iter().any(|e| e["result"] == downloaded),
        "the download is not one of the archive's elites"
    );
    studio.screenshot("library").await?;

    // The first card's Edit opens its maze in the editor, checked.
    let edit = studio
        .prop("#shelf article.item a.edit", "href")
        .await
        .context("a puzzle elite's card offers no Edit")?;
    studio.client.goto(&edit).await?;
    let opened = wait_in_page(
        &studio.client,
        "the kept maze in the editor",
        r#"const page = document.querySelector(".editpage");
           if (document.getElementById("problem").textContent)
               return {failed: document.getElementById("problem").textContent};
           if (!page.dataset.checked) return null;
           return {verdict: document.getElementById("verdict").textContent,
                   content: JSON.parse(page.dataset.content)};"#,
    )
    .await?;
    ensure!(
        opened["verdict"]
            .as_str()
            .is_some_and(|v| v.starts_with("Valid: chromatic maze")),
        "{opened}"
    );
    ensure!(
        opened["content"]["rows"] == downloaded["puzzle"]["rows"],
        "the editor opened {opened}, not the kept maze"
    );
    studio
        .open("/library?job=puzzle-chromatic-explore&where=min_moves%3E%3D0&sort=fitness:desc")
        .await?;
    wait_in_page(&studio.client, "the library again", FOUND).await?;

    // A range that cannot be read is said on the page, in words.
    studio.set_text("#where", "min_moves=lots").await?;
    studio.click("find").await?;
    let said = wait_in_page(&studio.client, "the library's refusal", FOUND).await?;
    ensure!(
        said["problem"]
            .as_str()
            .is_some_and(|p| p.contains("min_moves=lots")),
        "{said}"
    );
    hostile(studio, file).await
}

/// A number name that is markup, which would run script if it reached the page as HTML.
const HOSTILE: &str = "\"><img src=x onerror=window.__pwned=1>";

/// Adds a result whose number is named [`HOSTILE`] with `ludoforge library add`, opens the
/// library page, and checks the name shows as text and no script ran.
async fn hostile(studio: &Studio, file: &Path) -> Result<()> {
    let dir = tempfile::tempdir()?;
    let document = dir.path().join("hostile.json");
    std::fs::write(
        &document,
        json!({"generator": "hostile", "seed": 1, HOSTILE: 5}).to_string(),
    )?;
    let added = Command::new(env!("CARGO_BIN_EXE_ludoforge"))
        .arg("--library")
        .arg(file)
        .args(["library", "add"])
        .arg(&document)
        .output()
        .context("ludoforge library add")?;
    ensure!(
        added.status.success(),
        "ludoforge library add failed: {}",
        String::from_utf8_lossy(&added.stderr)
    );
    studio.open("/library").await?;
    let shown = wait_in_page(
        &studio.client,
        "the hostile result's names",
        r##"
        const options = [...document.querySelectorAll("#keylist option")].map((o) => o.value);
        const cards = document.querySelectorAll("#shelf article.item");
        if (!options.length || !cards.length) return null;
        return {pwned: window.__pwned === undefined ? null : window.__pwned, options,
                keys: document.getElementById("keys").textContent,
                card: cards[0].querySelector("table").textContent,
                images: document.querySelectorAll("img[src='x'], #keylist *:not(option)").length};
        "##,
    )
    .await?;
    ensure!(shown["pwned"].is_null(), "the name ran as script: {shown}");
    ensure!(shown["images"] == 0, "the name became markup: {shown}");
    ensure!(
        shown["options"]
            .as_array()
            .is_some_and(|o| o.iter().any(|v| v == HOSTILE)),
        "the name is not a sort choice as written: {shown}"
    );
    ensure!(
        shown["keys"].as_str().is_some_and(|k| k.contains(HOSTILE)),
        "the name is not shown as text: {shown}"
    );
    Ok(())
}
