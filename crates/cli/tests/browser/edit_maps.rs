//! The editor on content that is not a grid of squares to paint alone: a stocked dungeon's
//! map (walls painted round the goal cut it off; suggestions around it keep the cells locked
//! round the goal), the classic Risk board (the border into
//! Australia removed cuts it off; a bonus raised), a portal dungeon (a portal removed and
//! put back; suggestions around it keep the rooms ticked) and a Gloomhaven scenario (its tiles locked, suggestions around it, one taken).

use anyhow::{Context as _, Result, ensure};
use fantoccini::Locator;
use serde_json::{Value, json};

use super::super::{Studio, wait_in_page};
use super::{CHECKED, finished_run, problem_shown, shot_at, solver, suggestions, take};

/// A stocked 80×40 dungeon: walls painted round the goal cut the way, the page names the
/// problem and rings the goal; undone, the map is stocked again as it was.
pub(super) async fn dungeon(studio: &Studio) -> Result<()> {
    let made = finished_run(
        studio,
        json!({"job": "stock", "params": {"width": 80, "height": 40}, "seed": 3}),
    )
    .await?;
    let id = made["id"].as_str().context("no run id")?.to_string();
    let stocked = studio
        .json(&format!("/api/runs/{id}/files/result.json"))
        .await?;
    let reset = r#"document.querySelector(".editpage").dataset.checked = "";"#;
    studio.client.execute(reset, vec![]).await?;
    studio.open(&format!("/edit?run={id}")).await?;
    let opened = wait_in_page(&studio.client, "the dungeon opened", CHECKED).await?;
    ensure!(
        opened["verdict"]
            .as_str()
            .is_some_and(|v| v.starts_with("Valid: dungeon map 80×40")),
        "{opened}"
    );
    let fun = studio
        .client
        .execute(
            r#"return document.querySelector('#measures tr[data-measure="fun_after"] td').textContent;"#,
            vec![],
        )
        .await?;
    ensure!(
        fun.as_str().and_then(|f| f.parse::<f64>().ok())
            == stocked["measures"]["fun_after"].as_f64(),
        "the page's fun {fun}, the stocked file's {}",
        stocked["measures"]["fun_after"]
    );
    // Wall in the goal: every floor cell next to it, one stroke each.
    let rows: Vec<Vec<u8>> = stocked["map"]["rows"]
        .as_array()
        .context("no rows")?
        .iter()
        .map(|r| r.as_str().unwrap_or("").bytes().collect())
        .collect();
    let (gx, gy) = (
        stocked["goal"][0].as_u64().context("no goal")? as i64,
        stocked["goal"][1].as_u64().context("no goal")? as i64,
    );
    studio.click_css(".tool[data-tool=\"#\"]").await?;
    let mut timings = Vec::new();
    let mut strokes = 0;
    for (dx, dy) in [
        (-1, -1),
        (0, -1),
        (1, -1),
        (-1, 0),
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
    ] {
        let (x, y) = (gx + dx, gy + dy);
        if rows[y as usize][x as usize] != b'.' {
            continue;
        }
        studio.client.execute(reset, vec![]).await?;
        studio
            .click_css(&format!(".square[data-square=\"{x},{y}\"]"))
            .await?;
        let now = wait_in_page(&studio.client, "the wall checked", CHECKED).await?;
        if let Some(ms) = now["ms"].as_str() {
            timings.push(ms.parse::<f64>()?);
        }
        strokes += 1;
    }
    eprintln!(
        "edit: an edit of an 80×40 stocked dungeon to its measures on the page: {timings:?} ms"
    );
    let (reason, ringed) = problem_shown(studio, "the cut map checked").await?;
    ensure!(
        reason.contains("cannot be reached from the start"),
        "{reason}"
    );
    ensure!(
        ringed
            .as_array()
            .is_some_and(|r| r.contains(&json!(format!("{gx},{gy}")))),
        "ringed: {ringed}"
    );
    shot_at(studio, "edit-dungeon", "#tools").await?;
    for _ in 0..strokes {
        studio.client.execute(reset, vec![]).await?;
        studio.click("undo").await?;
        wait_in_page(&studio.client, "an undo", CHECKED).await?;
    }
    let again = wait_in_page(&studio.client, "the map undone", CHECKED).await?;
    ensure!(
        again["verdict"]
            .as_str()
            .is_some_and(|v| v.starts_with("Valid")),
        "{again}"
    );
    dungeon_suggestions(studio, &rows, (gx, gy)).await
}

/// Suggestions around the dungeon: the cells around the goal locked, a suggestion taken keeps
/// them (wall or floor) and the ends, and is valid.
async fn dungeon_suggestions(
    studio: &Studio,
    rows: &[Vec<u8>],
    (gx, gy): (i64, i64),
) -> Result<()> {
    studio.click_css(".tool[data-tool=\"lock\"]").await?;
    let mut locked = Vec::new();
    for dy in -2..=2 {
        for dx in -2..=2 {
            let (x, y) = (gx + dx, gy + dy);
            if x < 0 || y < 0 || y as usize >= rows.len() || x as usize >= rows[0].len() {
                continue;
            }
            studio
                .click_css(&format!(".square[data-square=\"{x},{y}\"]"))
                .await?;
            locked.push((x as usize, y as usize));
        }
    }
    let shelf = suggestions(studio, Some(["fun_after", "rewards"]), 400).await?;
    ensure!(shelf["cards"].as_u64().unwrap_or(0) > 1, "{shelf}");
    eprintln!("edit: suggestions around the dungeon: {shelf}");
    let taken = take(studio, "the dungeon suggestion taken", |n| n - 1).await?;
    ensure!(
        taken["verdict"]
            .as_str()
            .is_some_and(|v| v.starts_with("Valid: dungeon map 80×40")),
        "{taken}"
    );
    let content: Value = serde_json::from_str(taken["content"].as_str().unwrap_or("{}"))?;
    let after: Vec<Vec<u8>> = content["rows"]
        .as_array()
        .context("no rows")?
        .iter()
        .map(|r| r.as_str().unwrap_or("").bytes().collect())
        .collect();
    let wall = |b: u8| b == b'#';
    for &(x, y) in &locked {
        ensure!(
            wall(after[y][x]) == wall(rows[y][x]),
            "the taken suggestion changed the locked cell {x},{y}"
        );
    }
    ensure!(after[gy as usize][gx as usize] == b'>', "the goal moved");
    shot_at(studio, "edit-dungeon-suggestions", ".suggest").await?;
    Ok(())
}

/// A portal dungeon: a portal of the origin removed, the page's verdict and measures are the
/// check's of the dungeon it shows; added back, the dungeon measures as it was made.
pub(super) async fn portals(studio: &Studio) -> Result<()> {
    let made = finished_run(studio, json!({"job": "portals", "params": {}, "seed": 2})).await?;
    let id = made["id"].as_str().context("no run id")?.to_string();
    let made = studio
        .json(&format!("/api/runs/{id}/files/result.json"))
        .await?;
    let reset = r#"document.querySelector(".editpage").dataset.checked = "";"#;
    studio.client.execute(reset, vec![]).await?;
    studio.open(&format!("/edit?run={id}")).await?;
    let opened = wait_in_page(&studio.client, "the portal dungeon", CHECKED).await?;
    ensure!(
        opened["verdict"]
            .as_str()
            .is_some_and(|v| v.starts_with("Valid: portal dungeon")),
        "{opened}"
    );
    let first = made["dungeon"]["rooms"][0]["portals"][0]
        .as_u64()
        .context("the origin has no portal")?;
    studio.client.execute(reset, vec![]).await?;
    studio
        .click_css(&format!("[data-portal=\"0-{first}\"] .remove"))
        .await?;
    let removed = wait_in_page(&studio.client, "the portal removed", CHECKED).await?;
    let shown: Value = serde_json::from_str(removed["content"].as_str().unwrap_or("{}"))?;
    let checked = solver(studio, &shown).await?;
    let verdict = if checked["valid"] == true {
        "Valid"
    } else {
        "Invalid"
    };
    ensure!(
        removed["verdict"]
            .as_str()
            .is_some_and(|v| v.starts_with(verdict)),
        "the page says {removed}, the check {checked}"
    );
    shot_at(studio, "edit-portals", "#editor").await?;
    // Added back: the dungeon as made, measured as it was.
    studio
        .client
        .execute(
            &format!(
                r#"document.getElementById("portalfrom").value = "0";
                   document.getElementById("portalto").value = "{first}";
                   document.querySelector(".editpage").dataset.checked = "";"#
            ),
            vec![],
        )
        .await?;
    studio.click("addportal").await?;
    let back = wait_in_page(&studio.client, "the portal back", CHECKED).await?;
    let again: Value = serde_json::from_str(back["content"].as_str().unwrap_or("{}"))?;
    let measured = solver(studio, &again).await?;
    // The portal is last in the room's list now, so the simulated walks draw otherwise; what
    // the portals alone decide is as it was.
    for name in [
        "rooms",
        "portals",
        "routes",
        "shortest_route",
        "longest_route",
        "expected_walk",
    ] {
        ensure!(
            measured["valid"] == true
                && measured["content"]["measures"][name] == made["measures"][name],
            "added back, the dungeon's {name} is {}, not {}",
            measured["content"]["measures"][name],
            made["measures"][name]
        );
    }
    // Undone twice: the dungeon as made, walked as it was.
    for _ in 0..2 {
        studio.client.execute(reset, vec![]).await?;
        studio.click("undo").await?;
        wait_in_page(&studio.client, "an undo", CHECKED).await?;
    }
    let undone = wait_in_page(&studio.client, "the dungeon as made", CHECKED).await?;
    let content: Value = serde_json::from_str(undone["content"].as_str().unwrap_or("{}"))?;
    let measured = solver(studio, &content).await?;
    ensure!(
        measured["content"]["measures"] == made["measures"],
        "undone, the dungeon measures {}, not {}",
        measured["content"]["measures"],
        made["measures"]
    );
    portal_suggestions(studio, &content).await
}

/// Suggestions around the portal dungeon: the origin and room 1 kept (ticked), a suggestion
/// taken keeps their portals and is valid.
async fn portal_suggestions(studio: &Studio, dungeon: &Value) -> Result<()> {
    for room in ["room 0", "room 1"] {
        studio
            .click_css(&format!(".keeproom[value=\"{room}\"]"))
            .await?;
    }
    let shelf = suggestions(studio, Some(["rooms", "mean_walk"]), 300).await?;
    ensure!(shelf["cards"].as_u64().unwrap_or(0) > 1, "{shelf}");
    eprintln!("edit: suggestions around the portal dungeon: {shelf}");
    shot_at(studio, "edit-portals-suggestions", ".suggest").await?;
    let taken = take(studio, "the portal suggestion taken", |n| n - 1).await?;
    ensure!(
        taken["verdict"]
            .as_str()
            .is_some_and(|v| v.starts_with("Valid: portal dungeon")),
        "{taken}"
    );
    let content: Value = serde_json::from_str(taken["content"].as_str().unwrap_or("{}"))?;
    for room in [0, 1] {
        ensure!(
            content["dungeon"]["rooms"][room]["portals"]
                == dungeon["dungeon"]["rooms"][room]["portals"],
            "the taken suggestion changed room {room}"
        );
    }
    Ok(())
}

/// The classic Risk board: the one border into Australia removed cuts it off, and the page
/// names its four territories; undone, the designer's playtest gives the first fitness again;
/// a continent's bonus raised shows in the measures.
pub(super) async fn risk(studio: &Studio) -> Result<()> {
    let reset = r#"document.querySelector(".editpage").dataset.checked = "";"#;
    let measure = |name: &str| {
        format!(
            r#"const td = document.querySelector('#measures tr[data-measure="{name}"] td');
               return td ? td.textContent : null;"#
        )
    };
    studio.client.execute(reset, vec![]).await?;
    studio.click_css("#newkind option[value=risk]").await?;
    studio.click("new").await?;
    let opened = wait_in_page(&studio.client, "the classic board", CHECKED).await?;
    ensure!(
        opened["verdict"]
            .as_str()
            .is_some_and(|v| v.starts_with("Valid: Risk variant of 42 territories")),
        "{opened}"
    );
    let fitness = studio.client.execute(&measure("fitness"), vec![]).await?;
    let classic = solver(studio, &json!({"kind": "risk", "map": "classic"})).await?;
    ensure!(
        fitness.as_str().and_then(|f| f.parse::<f64>().ok())
            == classic["measures"]["fitness"].as_f64(),
        "the page's fitness {fitness}, the designer's {}",
        classic["measures"]["fitness"]
    );
    // The border from Siam (37) to Indonesia (38) is Australia's only one.
    let names: Vec<String> = (38..42)
        .map(|i| {
            classic["content"]["map"]["territories"][i]["name"]
                .as_str()
                .unwrap_or("")
                .to_string()
        })
        .collect();
    studio.client.execute(reset, vec![]).await?;
    studio
        .client
        .find(Locator::Css("[data-border=\"37-38\"] .remove"))
        .await
        .context("no border 37-38 to remove")?
        .click()
        .await?;
    let cut = wait_in_page(&studio.client, "the border removed", CHECKED).await?;
    let reason = studio
        .client
        .find(Locator::Id("reason"))
        .await?
        .text()
        .await?;
    ensure!(
        cut["verdict"]
            .as_str()
            .is_some_and(|v| v.starts_with("Invalid")),
        "{cut}"
    );
    ensure!(
        reason.contains("not connected") && names.iter().all(|n| reason.contains(n.as_str())),
        "{reason} should name {names:?}"
    );
    let marked = studio
        .client
        .execute(
            r##"return [...document.querySelectorAll("#riskterritories tr.marked")].map((r) => r.dataset.territory);"##,
            vec![],
        )
        .await?;
    ensure!(marked == json!(names), "marked: {marked}");
    eprintln!(
        "edit: a border removed from the classic Risk board to its verdict: {} ms",
        cut["ms"]
    );
    shot_at(studio, "edit-risk", "#editor").await?;
    studio.client.execute(reset, vec![]).await?;
    studio.click("undo").await?;
    let back = wait_in_page(&studio.client, "the border back", CHECKED).await?;
    let again = studio.client.execute(&measure("fitness"), vec![]).await?;
    ensure!(
        back["verdict"]
            .as_str()
            .is_some_and(|v| v.starts_with("Valid"))
            && again == fitness,
        "{back}: fitness {again}, first {fitness}"
    );
    eprintln!(
        "edit: the classic board played again after the undo: {} ms",
        back["ms"]
    );
    // North America's bonus from 5 to 9: the map's bonus grows by 4.
    studio.client.execute(reset, vec![]).await?;
    // As a person types a number and leaves the field: one change event.
    studio
        .client
        .execute(
            r#"const input = document.querySelector('input[data-bonus="0"]');
               input.value = "9";
               input.dispatchEvent(new Event("change", {bubbles: true}));"#,
            vec![],
        )
        .await?;
    wait_in_page(&studio.client, "the bonus raised", CHECKED).await?;
    let total = studio.client.execute(&measure("bonus"), vec![]).await?;
    ensure!(
        total == json!("28"),
        "the map's bonus is {total}, not 24 + 4"
    );
    // Suggestions around the variant with its map locked (ticked by default): every one
    // plays on this very map, with other rules.
    let before: Value = serde_json::from_str(
        studio
            .client
            .execute(
                r#"return document.querySelector(".editpage").dataset.content;"#,
                vec![],
            )
            .await?
            .as_str()
            .unwrap_or("{}"),
    )?;
    let shelf = suggestions(studio, Some(["match_length", "first_player_advantage"]), 40).await?;
    ensure!(
        shelf["cards"].as_u64().unwrap_or(0) > 0
            && shelf["said"]
                .as_str()
                .is_some_and(|s| s.contains("keeping map")),
        "{shelf}"
    );
    let taken = take(studio, "the variant taken", |_| 0).await?;
    let content: Value = serde_json::from_str(taken["content"].as_str().unwrap_or("{}"))?;
    ensure!(
        taken["verdict"]
            .as_str()
            .is_some_and(|v| v.starts_with("Valid"))
            && content["map"] == before["map"],
        "the suggestion taken is not on the locked map: {taken}"
    );
    Ok(())
}

/// A Gloomhaven scenario: checked and shown, its tiles locked, suggestions spread over
/// difficulty and monster themes, and the one taken keeps every tile where it was.
pub(super) async fn scenario(studio: &Studio) -> Result<()> {
    let made = finished_run(
        studio,
        json!({"job": "gloomhaven", "params": {"cycles": 40, "preset": "gloomdungeons"},
               "seed": 3}),
    )
    .await?;
    let id = made["id"].as_str().context("no run id")?.to_string();
    let result = studio
        .json(&format!("/api/runs/{id}/files/result.json"))
        .await?;
    let reset = r#"document.querySelector(".editpage").dataset.checked = "";"#;
    studio.client.execute(reset, vec![]).await?;
    studio.open(&format!("/edit?run={id}")).await?;
    let opened = wait_in_page(&studio.client, "the scenario", CHECKED).await?;
    ensure!(
        opened["verdict"]
            .as_str()
            .is_some_and(|v| v.starts_with("Valid: Gloomhaven scenario")),
        "{opened}"
    );
    let shelf = suggestions(studio, Some(["difficulty", "monster_themes"]), 300).await?;
    ensure!(
        shelf["cards"].as_u64().unwrap_or(0) > 0
            && shelf["said"]
                .as_str()
                .is_some_and(|s| s.contains("keeping tiles")),
        "{shelf}"
    );
    shot_at(studio, "edit-gloomhaven", ".suggest").await?;
    let taken = take(studio, "the scenario taken", |n| n - 1).await?;
    let content: Value = serde_json::from_str(taken["content"].as_str().unwrap_or("{}"))?;
    ensure!(
        taken["verdict"]
            .as_str()
            .is_some_and(|v| v.starts_with("Valid")),
        "{taken}"
    );
    ensure!(
        content["scenarios"][0]["tiles"] == result["scenarios"][0]["tiles"],
        "the suggestion taken moved a locked tile: {} against {}",
        content["scenarios"][0]["tiles"],
        result["scenarios"][0]["tiles"]
    );
    Ok(())
}
