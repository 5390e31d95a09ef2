//! `ludoforge stock`: stock a grid map by solving its pointless areas, through the `stock` job.

use anyhow::{Context, Result};
use ludoforge_job::Job;
use ludoforge_stocking::job::StockJob;
use ludoforge_stocking::themes::Themes;
use serde_json::json;

use crate::args::stock::{GenerateKind, StockArgs};
use crate::output::read_text;
use crate::present::{Destination, present};
use crate::puzzle::{Ending, fresh_seed};

/// `stock`.
pub fn stock(args: &StockArgs) -> Result<Ending> {
    let themes_text = match &args.themes {
        Some(path) => Some(read_text(path)?),
        None => None,
    };
    if args.list_themes {
        let mut themes = Themes::built_in();
        if let (Some(text), Some(path)) = (&themes_text, &args.themes) {
            let extra =
                Themes::parse(text).with_context(|| format!("cannot use {}", path.display()))?;
            themes = themes.with(extra);
        }
        for theme in &themes.themes {
            crate::say(&format!(
                "{:<16} {} (leader: {}; owners: {}; guards: {}; pets: {}; vermin: {})",
                theme.name,
                theme.title,
                theme.leader.join(", "),
                theme.owners.join(", "),
                theme.guards.join(", "),
                theme.pets.join(", "),
                theme.vermin.join(", ")
            ));
        }
        return Ok(Ending::Done);
    }
    let map = match &args.map {
        Some(path) => Some(read_text(path)?),
        None => None,
    };
    let tileset = args.tiled.as_deref().map(tileset_path);
    let tileset_image = tileset.as_deref().and_then(|t| t.file_name()).map_or_else(
        || "map-tiles.png".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    let params = json!({
        "map": map,
        "generate": args.generate.map(|g| match g {
            GenerateKind::Rooms => "rooms",
            GenerateKind::Caves => "caves",
        }),
        "width": args.width,
        "height": args.height,
        "threshold": args.threshold,
        "mix": args.mix,
        "theme": args.theme,
        "themes": themes_text,
        "route": !args.no_route,
        "tileset_image": tileset_image,
    });
    let destinations: [Destination; 8] = [
        ("--out", "result", args.out.as_deref()),
        ("--text", "text", args.text.as_deref()),
        ("--svg", "svg", args.svg.as_deref()),
        ("--png", "png", args.png.as_deref()),
        ("--tiled", "tiled", args.tiled.as_deref()),
        ("--uvtt", "uvtt", args.uvtt.as_deref()),
        ("--pdf", "pdf", args.pdf.as_deref()),
        ("--tiled's tileset image", "tileset", tileset.as_deref()),
    ];
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let job: &dyn Job = &StockJob;
    present(job, &params, seed, &destinations, true)
}

/// The tileset image written beside a Tiled map: `F-tiles.png` for `F.json`.
fn tileset_path(tiled: &std::path::Path) -> std::path::PathBuf {
    let stem = tiled
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "map".into());
    tiled.with_file_name(format!("{stem}-tiles.png"))
}
