//! A map file chosen with the form's upload button: a Domination map written in ISO-8859-1
//! (as Domination writes them) is read as the command line reads it, each byte its Latin-1
//! character, and drawn with its names intact.

use std::path::Path;

use anyhow::{Context as _, Result, ensure};
use fantoccini::Locator;
use serde_json::Value;

use super::{DONE, Studio, wait_in_page};

pub async fn upload(studio: &Studio, dir: &Path) -> Result<()> {
    let file = dir.join("latin1.map");
    std::fs::write(
        &file,
        b"[continents]\nCaf\xe9 3 red\n[countries]\n1 R\xe9gion 1 0 0\n2 B 1 9 9\n[borders]\n1 2\n2 1\n",
    )?;
    studio.open("/jobs/risk-map").await?;
    // The upload button of the map file's field.
    let target = studio
        .client
        .execute(
            r#"const field = document.querySelector('[data-path="map_file"]');
               return field ? field.id : null;"#,
            vec![],
        )
        .await?;
    let target = target
        .as_str()
        .context("the risk-map form has no map_file field")?
        .to_string();
    let button = studio
        .client
        .find(Locator::Css(&format!(
            "input.upload[data-for=\"{target}\"]"
        )))
        .await
        .context("no upload button for the map file")?;
    button.send_keys(&file.display().to_string()).await?;
    let script = format!(
        r#"const field = document.getElementById("{target}");
           return field.value.includes("Café") && field.value.includes("Région")
               ? field.value : null;"#
    );
    wait_in_page(&studio.client, "the uploaded map's text", &script).await?;
    studio.click("run").await?;
    wait_in_page(&studio.client, "the uploaded map drawn", DONE).await?;
    let (_, bytes) = studio.result_bytes().await?;
    let result: Value = serde_json::from_slice(&bytes)?;
    let text = result.to_string();
    ensure!(
        text.contains("\"Café\"") && text.contains("\"Région\""),
        "the drawn map lost its names: {text:.400}"
    );
    Ok(())
}
