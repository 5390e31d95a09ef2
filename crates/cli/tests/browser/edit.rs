//! The editor as a designer uses it: a generated 21×21 chromatic maze opened from its run,
//! three squares painted (the fewest moves the page shows is the solver's figure for the
//! maze painted), a corner locked, suggestions asked for and one taken, and the maze the page
//! would download keeps the locked squares and solves as the page says; undo brings back the
//! maze before the suggestion. The time from an edit to its measures and to the first
//! suggestions is printed.

use std::time::Duration;

use anyhow::{Context as _, Result, bail, ensure};
use fantoccini::Locator;
use serde_json::{Value, json};

use super::{Studio, wait_in_page};

#[path = "edit_live.rs"]
mod live;
#[path = "edit_maps.rs"]
mod maps;

/// Waits for the check of the latest edit and says what the page shows.
pub(super) const CHECKED: &str = r#"
    const page = document.querySelector(".editpage");
    if (document.getElementById("problem").textContent)
        return {failed: document.getElementById("problem").textContent};
    if (!page.dataset.checked) return null;
    const cell = (name) => {
        const row = document.querySelector(`#measures tr[data-measure="${name}"] td`);
        return row ? row.textContent : null;
    };
    return {verdict: document.getElementById("verdict").textContent,
            min_moves: cell("min_moves"), content: page.dataset.content,
            locks: page.dataset.locks, ms: page.dataset.editMs || null};
"#;

/// The studio's own check of `content` (the solver's figures).
pub(super) async fn solver(studio: &Studio, content: &Value) -> Result<Value> {
    let response = studio
        .http
        .post(format!("{}/api/check", studio.base))
        .json(&json!({ "content": content }))
        .send()
        .await?;
    ensure!(
        response.status().is_success(),
        "check: {}",
        response.status()
    );
    Ok(response.json::<Value>().await?["result"].clone())
}

/// A run of the studio's, asked for through the API (`{"job", "params", "seed"}`) and waited
/// for: the API's answer (`id`, `address`).
pub(super) async fn finished_run(studio: &Studio, request: Value) -> Result<Value> {
    let made = studio
        .http
        .post(format!("{}/api/runs", studio.base))
        .json(&request)
        .send()
        .await?
        .json::<Value>()
        .await?;
    let id = made["id"].as_str().context("no run id")?.to_string();
    for _ in 0..600 {
        let run = studio.json(&format!("/api/runs/{id}")).await?;
        if run["status"] == "done" {
            return Ok(made);
        }
        ensure!(
            run["status"] != "failed",
            "the run of {request} failed: {run}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    bail!("the run of {request} did not end in a minute")
}

/// Waits for the check of an edit that breaks a rule: the problem the page names, and the
/// squares its board rings.
pub(super) async fn problem_shown(studio: &Studio, what: &'static str) -> Result<(String, Value)> {
    let checked = wait_in_page(&studio.client, what, CHECKED).await?;
    ensure!(
        checked["verdict"]
            .as_str()
            .is_some_and(|v| v.starts_with("Invalid")),
        "{checked}"
    );
    let reason = studio
        .client
        .find(Locator::Id("reason"))
        .await?
        .text()
        .await?;
    let ringed = studio
        .client
        .execute(
            r#"return [...document.querySelectorAll(".square.marked")].map((s) => s.dataset.square);"#,
            vec![],
        )
        .await?;
    Ok((reason, ringed))
}

/// Presses Suggest with `evaluations` (and the two descriptors `across`, when given) and waits
/// for the shelf: how many were filled and shown, how long it took, what the page said.
pub(super) async fn suggestions(
    studio: &Studio,
    across: Option<[&str; 2]>,
    evaluations: u64,
) -> Result<Value> {
    let [first, second] = across.unwrap_or(["", ""]);
    let script = format!(
        r#"if ({first:?}) {{
               document.getElementById("across").value = {first:?};
               document.getElementById("down").value = {second:?};
           }}
           document.querySelector(".editpage").dataset.suggested = "";"#
    );
    studio.client.execute(&script, vec![]).await?;
    studio
        .set_text("#evaluations", &evaluations.to_string())
        .await?;
    studio.click("suggest").await?;
    wait_in_page(
        &studio.client,
        "the suggestions",
        r#"const page = document.querySelector(".editpage");
           if (!page.dataset.suggested) return null;
           return {filled: page.dataset.suggested, ms: page.dataset.suggestMs,
                   cards: document.querySelectorAll(".suggestion").length,
                   said: document.getElementById("suggeststatus").textContent};"#,
    )
    .await
}

/// Clears the page's mark of the last check, so that the next wait is for the next check.
pub(super) async fn unchecked(studio: &Studio) -> Result<()> {
    studio
        .client
        .execute(
            r#"document.querySelector(".editpage").dataset.checked = "";"#,
            vec![],
        )
        .await?;
    Ok(())
}

/// Takes suggestion `pick(count)` of the shelf shown into the editor and waits for its check:
/// what the page shows then.
pub(super) async fn take(
    studio: &Studio,
    what: &'static str,
    pick: impl Fn(usize) -> usize,
) -> Result<Value> {
    unchecked(studio).await?;
    let takes = studio
        .client
        .find_all(Locator::Css(".suggestion .take"))
        .await?;
    ensure!(!takes.is_empty(), "no suggestion to take");
    takes[pick(takes.len())].click().await?;
    wait_in_page(&studio.client, what, CHECKED).await
}

/// Rows of a chromatic maze, top rank first.
pub(super) fn rows(content: &Value) -> Vec<Vec<u8>> {
    content["rows"]
        .as_array()
        .map(|r| {
            r.iter()
                .map(|row| row.as_str().unwrap_or("").bytes().collect())
                .collect()
        })
        .unwrap_or_default()
}

/// The colour at `square` (`c4`) of a chromatic maze's rows.
pub(super) fn colour_at(rows: &[Vec<u8>], file: usize, rank: usize) -> u8 {
    rows[rows.len() - 1 - rank][file]
}

/// The chromatic maze `content` with `squares` (`c4`) painted `colour`.
pub(super) fn painted(content: &Value, squares: &[impl AsRef<str>], colour: char) -> Result<Value> {
    let mut edited = rows(content);
    for name in squares {
        let name = name.as_ref();
        let file = usize::from(name.as_bytes()[0] - b'a');
        let rank: usize = name[1..].parse::<usize>()? - 1;
        let at = edited.len() - 1 - rank;
        edited[at][file] = colour as u8;
    }
    let mut maze = content.clone();
    maze["rows"] = json!(
        edited
            .iter()
            .map(|r| String::from_utf8_lossy(r).into_owned())
            .collect::<Vec<_>>()
    );
    Ok(maze)
}

/// Three squares of the solution and a colour that, painted there, leave the maze valid with
/// another fewest-moves count: found by asking the solver, as a designer would try edits.
async fn an_edit_that_changes_the_route(
    studio: &Studio,
    content: &Value,
    checked: &Value,
) -> Result<(Vec<String>, char, u64)> {
    let path: Vec<String> = checked["measures"]["solution"]
        .as_array()
        .context("no solution")?
        .iter()
        .filter_map(|s| s.as_str().map(String::from))
        .collect();
    let before = checked["measures"]["min_moves"]
        .as_u64()
        .context("no min_moves")?;
    for start in (2..path.len().saturating_sub(4)).step_by(3) {
        let squares = &path[start..start + 3];
        for colour in ['R', 'O', 'Y', 'G', 'B', 'V'] {
            let maze = painted(content, squares, colour)?;
            let result = solver(studio, &maze).await?;
            if let Some(moves) = result["measures"]["min_moves"].as_u64()
                && result["valid"] == true
                && moves != before
            {
                return Ok((squares.to_vec(), colour, moves));
            }
        }
    }
    bail!("no three squares of the solution change the route")
}

pub async fn edit(studio: &Studio) -> Result<()> {
    // A 21×21 chromatic maze made by the studio, opened from its run.
    let made = finished_run(
        studio,
        json!({"job": "puzzle-chromatic",
                      "params": {"board": {"width": 21, "height": 21},
                                 "search": {"population": 60, "generations": 40}},
                      "seed": 3}),
    )
    .await?;
    // From the run's page, as a person does: Edit this result.
    studio
        .open(made["address"].as_str().context("no address")?)
        .await?;
    wait_in_page(&studio.client, "the maze made", super::DONE).await?;
    studio.click("edit").await?;
    let opened = wait_in_page(&studio.client, "the maze opened", CHECKED).await?;
    ensure!(opened.get("failed").is_none(), "{opened}");
    ensure!(
        opened["verdict"]
            .as_str()
            .is_some_and(|v| v.starts_with("Valid: chromatic maze 21×21")),
        "{opened}"
    );
    let content: Value = serde_json::from_str(opened["content"].as_str().unwrap_or("{}"))?;
    let checked = solver(studio, &content).await?;
    ensure!(
        opened["min_moves"].as_str() == Some(&checked["measures"]["min_moves"].to_string()),
        "the page shows {opened}, the solver {checked}"
    );

    // Paint three squares of the route; the page's count becomes the solver's.
    let (squares, colour, moves) =
        an_edit_that_changes_the_route(studio, &content, &checked).await?;
    studio
        .click_css(&format!(".tool[data-tool=\"{colour}\"]"))
        .await?;
    let mut timings = Vec::new();
    let original = rows(&content);
    for name in &squares {
        let file = usize::from(name.as_bytes()[0] - b'a');
        let rank: usize = name[1..].parse::<usize>()? - 1;
        if colour_at(&original, file, rank) == colour as u8 {
            // Already that colour: the click changes nothing and nothing is checked again.
            continue;
        }
        unchecked(studio).await?;
        studio
            .click_css(&format!(".square[data-square=\"{name}\"]"))
            .await?;
        let now = wait_in_page(&studio.client, "the edit checked", CHECKED).await?;
        if let Some(ms) = now["ms"].as_str() {
            timings.push(ms.parse::<f64>()?);
        }
    }
    let painted = wait_in_page(&studio.client, "the painted maze checked", CHECKED).await?;
    let shown: Value = serde_json::from_str(painted["content"].as_str().unwrap_or("{}"))?;
    let figure = solver(studio, &shown).await?;
    ensure!(
        figure["measures"]["min_moves"] == moves
            && painted["min_moves"].as_str() == Some(&moves.to_string()),
        "after painting {squares:?} {colour}: the page shows {painted}, the solver {figure}, \
         expected {moves}"
    );
    eprintln!(
        "edit: an edit of a 21×21 chromatic maze to its measures on the page: {timings:?} ms"
    );

    // Lock the bottom-left 3×3 corner, square by square.
    studio.click_css(".tool[data-tool=\"lock\"]").await?;
    for rank in 1..=3 {
        for file in ['a', 'b', 'c'] {
            studio
                .click_css(&format!(".square[data-square=\"{file}{rank}\"]"))
                .await?;
        }
    }
    let locked = wait_in_page(&studio.client, "the locks", CHECKED).await?;
    let locks: Vec<String> = serde_json::from_str(locked["locks"].as_str().unwrap_or("[]"))?;
    ensure!(locks.len() == 9, "locks: {locks:?}");
    studio.screenshot("edit-chromatic").await?;
    // Suggestions around the painted maze; take one.
    let shelf = suggestions(studio, None, 2000).await?;
    ensure!(shelf["cards"].as_u64().unwrap_or(0) > 3, "{shelf}");
    eprintln!("edit: suggestions around the maze: {shelf}");
    shot_at(studio, "edit-suggestions", ".suggest").await?;
    let taken = take(studio, "the suggestion taken", |n| n / 2).await?;
    let downloaded: Value = serde_json::from_str(taken["content"].as_str().unwrap_or("{}"))?;
    let (before, after) = (rows(&shown), rows(&downloaded));
    for rank in 0..3 {
        for file in 0..3 {
            ensure!(
                colour_at(&before, file, rank) == colour_at(&after, file, rank),
                "the taken suggestion changed the locked square {}{}",
                char::from(b'a' + file as u8),
                rank + 1
            );
        }
    }
    let solved = solver(studio, &downloaded).await?;
    ensure!(
        solved["valid"] == true
            && taken["min_moves"].as_str() == Some(&solved["measures"]["min_moves"].to_string()),
        "the taken suggestion: the page shows {taken}, the solver {solved}"
    );

    // Undo brings back the painted maze.
    unchecked(studio).await?;
    studio.click("undo").await?;
    let undone = wait_in_page(&studio.client, "the undo", CHECKED).await?;
    let back: Value = serde_json::from_str(undone["content"].as_str().unwrap_or("{}"))?;
    ensure!(back == shown, "undo gave {back}, not {shown}");
    live::edits_go_into_the_search(studio, &shown).await?;
    chess(studio).await?;
    maps::dungeon(studio).await?;
    maps::risk(studio).await?;
    maps::portals(studio).await?;
    maps::scenario(studio).await
}

/// A new chess maze: a knight put on b3 covers the entrance, and the page says so and rings
/// the knight; cleared again, the maze is valid.
async fn chess(studio: &Studio) -> Result<()> {
    let reset = r#"document.querySelector(".editpage").dataset.checked = "";"#;
    studio.client.execute(reset, vec![]).await?;
    studio.click_css("#newkind option[value=chess]").await?;
    studio.set_text("#newwidth", "8").await?;
    studio.set_text("#newheight", "8").await?;
    studio.click("new").await?;
    let fresh = wait_in_page(&studio.client, "a new chess maze", CHECKED).await?;
    ensure!(
        fresh["verdict"]
            .as_str()
            .is_some_and(|v| v.starts_with("Valid: chess maze 8×8")),
        "{fresh}"
    );
    studio.click_css(".tool[data-tool=\"N\"]").await?;
    studio.client.execute(reset, vec![]).await?;
    studio.click_css(".square[data-square=\"b3\"]").await?;
    let (reason, ringed) = problem_shown(studio, "the knight checked").await?;
    ensure!(
        reason.contains("the knight on b3 covers the entrance a1"),
        "{reason}"
    );
    ensure!(ringed == json!(["b3", "a1"]), "ringed: {ringed}");
    shot_at(studio, "edit-chess", "#tools").await?;
    studio.click_css(".tool[data-tool=\"empty\"]").await?;
    studio.client.execute(reset, vec![]).await?;
    studio.click_css(".square[data-square=\"b3\"]").await?;
    let cleared = wait_in_page(&studio.client, "the knight taken off", CHECKED).await?;
    ensure!(
        cleared["verdict"]
            .as_str()
            .is_some_and(|v| v.starts_with("Valid")),
        "{cleared}"
    );
    Ok(())
}

/// A picture of the page scrolled to what `css` selects (with `LUDOFORGE_SCREENSHOTS`).
pub(super) async fn shot_at(studio: &Studio, name: &str, css: &str) -> Result<()> {
    if let Some(dir) = &studio.shots {
        let script =
            format!("document.querySelector({css:?}).scrollIntoView({{block: \"start\"}});");
        studio.client.execute(&script, vec![]).await?;
        // The suggestions' pictures load lazily once in view.
        tokio::time::sleep(Duration::from_millis(500)).await;
        let png = studio.client.screenshot().await?;
        std::fs::write(dir.join(format!("{name}.png")), png)?;
    }
    Ok(())
}
