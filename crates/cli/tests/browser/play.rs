//! The play page: a game of Risk on map8 against the rule agent, played by clicking
//! territories and buttons; the dice and the agent's moves must show.

use std::path::Path;

use anyhow::{Context as _, Result, bail, ensure};
use fantoccini::Locator;
use serde_json::{Value, json};

use super::{Studio, wait_in_page};

/// The page's game once its board is drawn for the question numbered above `after`:
/// `{id, number, kind}`.
async fn settled(studio: &Studio, after: u64) -> Result<Value> {
    let script = format!(
        r#"const g = document.getElementById("game");
           const p = document.getElementById("problem").textContent;
           if (p) return {{failed: p}};
           const n = Number(g.dataset.number || 0);
           const drawn = (g.dataset.drawn || "").split(":")[0];
           if (g.hidden || (n <= {after} && g.dataset.kind !== "over") || drawn !== String(n)) return null;
           return {{id: g.dataset.id, number: n, kind: g.dataset.kind}};"#
    );
    wait_in_page(&studio.client, "the next question", &script).await
}

/// Clicks territory `t` on the board as a person does (`shift`: with the shift key, sent as
/// the page's own click event, since WebDriver's plain click has no modifier).
async fn territory(studio: &Studio, t: u64, shift: bool) -> Result<()> {
    let css = format!("#board g[data-t=\"{t}\"] circle");
    if !shift {
        let node = studio.client.find(Locator::Css(&css)).await?;
        if node.click().await.is_ok() {
            return Ok(());
        }
    }
    let script = format!(
        r#"document.querySelector('{css}').dispatchEvent(
             new MouseEvent("click", {{bubbles: true, shiftKey: {shift}}}));"#
    );
    studio.client.execute(&script, vec![]).await?;
    Ok(())
}

pub(super) async fn play(studio: &Studio) -> Result<()> {
    studio.open("/").await?;
    studio
        .click("play")
        .await
        .context("the home page links to /play")?;
    studio.set_text("#seed", "4").await?;
    studio.click("start").await?;
    let mut state = settled(studio, 0).await?;
    let id = state["id"].as_str().context("the game's id")?.to_string();
    let mut threw = false;
    let mut placed_one = false;
    for _ in 0..200 {
        let number = state["number"].as_u64().unwrap_or(0);
        let game = studio.json(&format!("/api/play/{id}")).await?;
        let question = &game["question"];
        match state["kind"].as_str().unwrap_or_default() {
            "pick" => {
                let t = question["free"][0].as_u64().context("a free territory")?;
                territory(studio, t, false).await?;
            }
            "place" | "bonus" => {
                let t = question["territories"][0].as_u64().context("a territory")?;
                // One troop by a click, the rest by a shift-click.
                territory(studio, t, placed_one).await?;
                placed_one = !placed_one;
            }
            "trade" => {
                if question["must"] == true {
                    for k in 0..3 {
                        let check = format!("#controls label.card:nth-of-type({}) input", k + 1);
                        studio
                            .client
                            .find(Locator::Css(&check))
                            .await?
                            .click()
                            .await?;
                    }
                    studio.click("trade").await?;
                } else {
                    studio.click("keep").await?;
                }
            }
            "attack" => {
                let best = question["attacks"].as_array().and_then(|a| {
                    a.iter().max_by(|x, y| {
                        x["conquest"]
                            .as_f64()
                            .partial_cmp(&y["conquest"].as_f64())
                            .unwrap()
                    })
                });
                match best {
                    Some(attack) if !threw => {
                        territory(studio, attack["from"].as_u64().unwrap(), false).await?;
                        territory(studio, attack["to"].as_u64().unwrap(), false).await?;
                        let odds = wait_in_page(
                            &studio.client,
                            "the odds before attacking",
                            r#"const p = document.getElementById("prompt").textContent;
                               return p.includes("a blitz takes it") ? p : null;"#,
                        )
                        .await?;
                        ensure!(odds.as_str().is_some_and(|p| p.contains('%')), "{odds}");
                        studio.click("blitz").await?;
                        threw = true;
                    }
                    _ => studio.click("stop").await?,
                }
            }
            "fortify" => studio.click("end").await?,
            "over" => break,
            other => bail!("the page is at {other}"),
        }
        state = settled(studio, number).await?;
        if threw && state["kind"] != "attack" {
            let shown = studio
                .client
                .execute(
                    r##"return {dice: document.querySelectorAll("#dice .die").length,
                               moves: document.querySelectorAll("#moves li").length};"##,
                    vec![],
                )
                .await?;
            if shown["dice"].as_u64() > Some(1) && shown["moves"].as_u64() > Some(3) {
                break;
            }
        }
    }
    let shown = studio
        .client
        .execute(
            r##"return {dice: document.querySelectorAll("#dice .die").length,
                       moves: Array.from(document.querySelectorAll("#moves li")).map((l) => l.textContent),
                       header: document.getElementById("header").textContent};"##,
            vec![],
        )
        .await?;
    ensure!(shown["dice"].as_u64() > Some(1), "no dice shown: {shown}");
    let moves = shown["moves"].as_array().context("the moves")?;
    ensure!(
        moves
            .iter()
            .any(|m| m.as_str().is_some_and(|m| m.starts_with("took "))),
        "the agent's picks are not listed: {shown}"
    );
    ensure!(
        shown["header"].as_str().is_some_and(|h| h.contains("Turn")),
        "the header: {shown}"
    );
    studio
        .client
        .execute("window.scrollTo(0, 0);", vec![])
        .await?;
    let png = studio.client.screenshot().await?;
    std::fs::write(Path::new("/tmp/studio-play.png"), &png)?;
    studio.screenshot("risk-play").await?;
    let over = studio
        .http
        .delete(format!("{}/api/play/{id}", studio.base))
        // Every change is sent as JSON, a body or not.
        .header("content-type", "application/json")
        .send()
        .await?
        .json::<Value>()
        .await?;
    ensure!(over["status"] == json!("over"), "resigning: {over}");
    Ok(())
}
