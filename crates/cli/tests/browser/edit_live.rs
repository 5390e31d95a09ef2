//! Edits go into a search under way (interactive constrained MAP-Elites): with a long
//! suggestion run going, a square painted is taken into its archive, a locked square painted
//! is refused, and Stop shows the shelf, whose archive holds the painted maze (or a longer one)
//! in the painted maze's cell.

use anyhow::{Context as _, Result, bail, ensure};
use serde_json::{Value, json};

use super::super::{Studio, wait_in_page};
use super::{CHECKED, colour_at, painted, rows, solver, unchecked};

/// A square off the locked corner and a colour that, painted there, leave the maze valid.
async fn a_valid_edit(studio: &Studio, content: &Value) -> Result<(String, char, Value)> {
    let now = rows(content);
    for square in ["k11", "j12", "l10", "m14", "h9", "p16"] {
        let file = usize::from(square.as_bytes()[0] - b'a');
        let rank: usize = square[1..].parse::<usize>()? - 1;
        for colour in ['R', 'O', 'Y', 'G', 'B', 'V'] {
            if colour_at(&now, file, rank) == colour as u8 {
                continue;
            }
            let maze = painted(content, &[square], colour)?;
            let checked = solver(studio, &maze).await?;
            if checked["valid"] == true {
                return Ok((square.to_string(), colour, checked));
            }
        }
    }
    bail!("no square painted leaves the maze valid")
}

async fn paint(studio: &Studio, square: &str, colour: char) -> Result<()> {
    for css in [
        format!(".tool[data-tool=\"{colour}\"]"),
        format!(".square[data-square=\"{square}\"]"),
    ] {
        studio.click_css(&css).await?;
    }
    Ok(())
}

/// Waits until the page says `key` of the search's edits is `count`.
async fn edits(studio: &Studio, what: &'static str, key: &str, count: u64) -> Result<Value> {
    let script = format!(
        r#"const page = document.querySelector(".editpage");
           if (page.dataset.{key} !== "{count}") return null;
           return {{said: document.getElementById("suggeststatus").textContent}};"#
    );
    wait_in_page(&studio.client, what, &script).await
}

pub async fn edits_go_into_the_search(studio: &Studio, shown: &Value) -> Result<()> {
    let reset = r#"document.querySelector(".editpage").dataset.suggested = "";"#;
    studio.client.execute(reset, vec![]).await?;
    // A search far longer than the test: it runs until Stop.
    studio.set_text("#evaluations", "50000000").await?;
    studio.click("suggest").await?;
    let open = wait_in_page(
        &studio.client,
        "the search taking edits",
        r#"const page = document.querySelector(".editpage");
           return page.dataset.searchOpen === "true" ? {run: page.dataset.searchRun} : null;"#,
    )
    .await?;
    let run = open["run"].as_str().context("no run")?.to_string();

    // A square painted while it searches is taken into the search.
    let (square, colour, measured) = a_valid_edit(studio, shown).await?;
    unchecked(studio).await?;
    paint(studio, &square, colour).await?;
    let checked = wait_in_page(&studio.client, "the live edit checked", CHECKED).await?;
    let sent: Value = serde_json::from_str(checked["content"].as_str().unwrap_or("{}"))?;
    ensure!(
        sent == painted(shown, &[&square], colour)?,
        "the page holds {sent}"
    );
    let taken = edits(studio, "the edit taken into the search", "editsTaken", 1).await?;
    ensure!(
        taken["said"]
            .as_str()
            .is_some_and(|s| s.contains("1 of your edits taken into the search")),
        "{taken}"
    );
    // A locked square painted: the search refuses it, and the page says why.
    let a1 = colour_at(&rows(&sent), 0, 0);
    let other = ['R', 'O', 'Y', 'G', 'B', 'V']
        .into_iter()
        .find(|&c| c as u8 != a1)
        .context("a colour")?;
    paint(studio, "a1", other).await?;
    let refused = edits(studio, "the locked edit refused", "editsRefused", 1).await?;
    ensure!(
        refused["said"]
            .as_str()
            .is_some_and(|s| s.contains("it changes a locked square")),
        "{refused}"
    );
    super::shot_at(studio, "edit-live", ".suggest").await?;

    // Stop: the shelf is shown, and the archive holds the painted maze or a longer one in its
    // cell.
    studio.click("stopsuggest").await?;
    let shelf = wait_in_page(
        &studio.client,
        "the shelf after Stop",
        r#"const page = document.querySelector(".editpage");
           return page.dataset.suggested ? {filled: page.dataset.suggested} : null;"#,
    )
    .await?;
    let described = studio.json(&format!("/api/runs/{run}")).await?;
    let url = described["files"]
        .as_array()
        .and_then(|f| f.iter().find(|f| f["role"] == "result"))
        .and_then(|f| f["url"].as_str())
        .context("no result file")?
        .to_string();
    let archive = studio.json(&url).await?;
    ensure!(
        archive["edits"]["taken"] == 1 && archive["interrupted"] == true,
        "{}",
        archive["edits"]
    );
    let cell: Vec<u64> = archive["axes"]
        .as_array()
        .context("no axes")?
        .iter()
        .map(|axis| {
            let value = measured["measures"][axis["name"].as_str().unwrap_or("")]
                .as_f64()
                .unwrap_or(f64::NAN);
            let (low, high) = (
                axis["low"].as_f64().unwrap(),
                axis["high"].as_f64().unwrap(),
            );
            let cells = axis["cells"].as_u64().unwrap();
            let at = (cells as f64 * (value - low) / (high - low) + 1e-9).floor();
            at.clamp(0.0, cells as f64 - 1.0) as u64
        })
        .collect();
    let moves = measured["measures"]["min_moves"]
        .as_f64()
        .context("moves")?;
    ensure!(
        archive["elites"].as_array().is_some_and(|elites| elites
            .iter()
            .any(|e| e["coordinates"] == json!(cell)
                && e["fitness"].as_f64().is_some_and(|f| f >= moves))),
        "the painted maze's cell {cell:?} holds nothing as long as it ({moves} moves)"
    );
    eprintln!("edit: edits into a running search: {taken} then {refused}; shelf {shelf}");
    Ok(())
}
