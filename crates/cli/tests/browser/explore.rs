//! The explore page: the archive fills in live, and once the run ends any cell's elite can be
//! seen and downloaded as a normal result file.

use anyhow::{Result, ensure};
use serde_json::Value;

use super::{Studio, wait_in_page};

/// Waits for the live heatmap to show filled cells while the run works.
const FILLING: &str = r#"
    const $ = (id) => document.getElementById(id);
    if (!$("failed").hidden) return {failed: $("failed").textContent};
    if ($("problem").textContent) return {failed: $("problem").textContent};
    if (!$("done").hidden) return {failed: "it ended before the archive was seen filling"};
    const map = $("heat").heatmap;
    if ($("live").hidden || !map || map.values.size < 10) return null;
    return {filled: map.values.size, said: $("filled").textContent};
"#;

/// Waits for the shelf (the finished archive) and says what it holds.
const SHELF: &str = r#"
    const $ = (id) => document.getElementById(id);
    if (!$("failed").hidden) return {failed: $("failed").textContent};
    const map = $("shelfmap").heatmap;
    if ($("shelf").hidden || !map || map.values.size === 0) return null;
    return {cells: [...map.values.keys()], count: $("shelfcount").textContent};
"#;

/// Clicks the middle of a cell of the shelf, as a person would.
fn click(cell: u64) -> String {
    format!(
        r#"const canvas = document.getElementById("shelfmap");
           const map = canvas.heatmap;
           const l = map.layout();
           const at = map.coordinates({cell});
           const [ox, oy] = map.origin(l, at.length > 2 ? at[2] : 0);
           const r = canvas.getBoundingClientRect();
           const x = r.left + ox + (at[0] + 0.5) * l.cw;
           const y = r.top + oy + (map.axes[1].cells - 1 - at[1] + 0.5) * l.ch;
           canvas.dispatchEvent(new MouseEvent("click", {{clientX: x, clientY: y, bubbles: true}}));
           return true;"#
    )
}

/// Waits for the chosen elite's panel, its picture loaded.
const ELITE: &str = r#"
    const $ = (id) => document.getElementById(id);
    const picture = $("elitepicture");
    if ($("elite").hidden || !picture.complete || picture.naturalWidth === 0) return null;
    return {title: $("elitetitle").textContent, href: $("elitedownload").href};
"#;

/// Explores chromatic mazes: watches the heatmap fill, stops the run, picks a cell and checks
/// the download is that cell's elite in the archive file. Returns the run and its archive.
pub async fn explore(studio: &Studio) -> Result<(String, Value)> {
    studio.open("/jobs/puzzle-chromatic-explore").await?;
    studio.set("board.width", "9").await?;
    studio.set("board.height", "9").await?;
    // More than the check needs: it is stopped once the heatmap is seen filling.
    studio.set("explore.evaluations", "100000000").await?;
    studio.set("seed", "4").await?;
    studio.click("run").await?;
    let filling = wait_in_page(&studio.client, "the archive filling", FILLING).await?;
    ensure!(
        filling["said"].as_str().is_some_and(|s| s.contains(" of ")),
        "{filling}"
    );
    let id = studio.run_id().await?;
    studio.screenshot("explore-running").await?;
    studio.click("cancel").await?;
    let shelf = wait_in_page(&studio.client, "the shelf", SHELF).await?;
    let archive: Value = studio
        .json(&format!("/api/runs/{id}/files/result.json"))
        .await?;
    let elites = archive["elites"].as_array().cloned().unwrap_or_default();
    let shown = shelf["cells"].as_array().map_or(0, Vec::len);
    ensure!(
        shown == elites.len(),
        "the shelf shows {shown} cells, the archive holds {}",
        elites.len()
    );
    // The worst elite: not the one the page shows first (the best).
    let chosen = elites
        .iter()
        .min_by(|a, b| {
            a["fitness"]
                .as_f64()
                .partial_cmp(&b["fitness"].as_f64())
                .unwrap()
        })
        .cloned()
        .unwrap_or_default();
    let cell = chosen["cell"].as_u64().unwrap_or_default();
    studio.client.execute(&click(cell), vec![]).await?;
    let elite = wait_in_page(&studio.client, "the chosen elite", ELITE).await?;
    ensure!(
        elite["title"]
            .as_str()
            .is_some_and(|t| t.starts_with(&format!("Cell {cell}:"))),
        "{elite}"
    );
    let href = elite["href"].as_str().unwrap_or_default();
    let downloaded: Value = studio.get(href).await?.json().await?;
    ensure!(
        downloaded == chosen["result"],
        "the download is not cell {cell}'s elite"
    );
    ensure!(
        downloaded["min_moves"].as_f64() == chosen["descriptors"]["min_moves"].as_f64(),
        "the elite's moves are not its descriptor"
    );
    studio.screenshot("explore-shelf").await?;
    refusals(studio, &id, &archive).await?;
    Ok((id, archive))
}

/// Questions about elites that have no answer get a 4xx with a message in words.
async fn refusals(studio: &Studio, id: &str, archive: &Value) -> Result<()> {
    let filled: Vec<u64> = archive["elites"]
        .as_array()
        .map(|e| e.iter().filter_map(|e| e["cell"].as_u64()).collect())
        .unwrap_or_default();
    let empty = (0..).find(|c| !filled.contains(c)).unwrap_or_default();
    let runs = studio.json("/api/runs").await?;
    let not_explore = runs
        .as_array()
        .and_then(|runs| runs.iter().find(|r| r["job"] == "puzzle-chess"))
        .and_then(|r| r["id"].as_str())
        .unwrap_or("r1")
        .to_string();
    for (path, status, said) in [
        (
            format!("/api/runs/{id}/elites/twelve"),
            400,
            "not a cell number",
        ),
        (
            format!("/api/runs/{id}/elites/{empty}"),
            404,
            "holds no elite",
        ),
        (
            format!("/api/runs/{id}/elites/{empty}/picture"),
            404,
            "holds no elite",
        ),
        (
            format!("/api/runs/{not_explore}/elites"),
            404,
            "not an exploration",
        ),
        ("/api/runs/r999/elites/1".to_string(), 404, "no run"),
    ] {
        let answer = studio
            .http
            .get(format!("{}{path}", studio.base))
            .send()
            .await?;
        ensure!(
            answer.status().as_u16() == status,
            "{path}: {}",
            answer.status()
        );
        let body: Value = answer.json().await?;
        ensure!(
            body["error"].as_str().is_some_and(|e| e.contains(said)),
            "{path}: {body}"
        );
    }
    Ok(())
}
