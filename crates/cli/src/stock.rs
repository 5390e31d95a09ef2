//! `ludoforge stock`: stock a grid map by solving its pointless areas.

use anyhow::{Context, Result, bail};
use indicatif::ProgressStyle;
use ludoforge_evolve::rng::stream;
use ludoforge_stocking::graph::Graph;
use ludoforge_stocking::grid::Grid;
use ludoforge_stocking::mapgen::{Kind, generate};
use ludoforge_stocking::stocked::stock_map_with_progress;
use ludoforge_stocking::themes::Themes;
use ludoforge_stocking::{render, text, tiled};
use serde_json::json;

use crate::args::stock::{GenerateKind, StockArgs};
use crate::output::{Outputs, read_text};
use crate::puzzle::{Ending, fresh_seed};

/// `stock`.
pub fn stock(args: &StockArgs) -> Result<Ending> {
    let mut themes = Themes::built_in();
    if let Some(path) = &args.themes {
        let extra = Themes::parse(&read_text(path)?)
            .with_context(|| format!("cannot use {}", path.display()))?;
        themes = themes.with(extra);
    }
    if args.list_themes {
        for theme in &themes.themes {
            println!(
                "{:<16} {} (leader: {}; owners: {}; guards: {}; pets: {}; vermin: {})",
                theme.name,
                theme.title,
                theme.leader.join(", "),
                theme.owners.join(", "),
                theme.guards.join(", "),
                theme.pets.join(", "),
                theme.vermin.join(", ")
            );
        }
        return Ok(Ending::Done);
    }
    let settings = args.settings()?;
    if let Some(name) = &args.theme {
        themes.get(name)?;
    }
    let tileset = args.tiled.as_deref().map(tileset_path);
    crate::output::check_outputs(&[
        ("--out", args.out.as_deref()),
        ("--text", args.text.as_deref()),
        ("--svg", args.svg.as_deref()),
        ("--png", args.png.as_deref()),
        ("--tiled", args.tiled.as_deref()),
        ("--tiled's tileset image", tileset.as_deref()),
    ])?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let (grid, source) = match (&args.map, args.generate) {
        (Some(_), Some(_)) => bail!("give a MAP file or --generate, not both"),
        (Some(path), None) => {
            let text = read_text(path)?;
            let grid = if text.trim_start().starts_with('{') {
                Grid::from_json(&text)
            } else {
                Grid::parse(&text)
            }
            .with_context(|| format!("cannot use the map {}", path.display()))?;
            (grid, "file")
        }
        (None, kind) => {
            let (width, height) = args.size()?;
            let (kind, name) = match kind.unwrap_or(GenerateKind::Rooms) {
                GenerateKind::Rooms => (Kind::Rooms, "rooms"),
                GenerateKind::Caves => (Kind::Caves, "caves"),
            };
            (
                generate(kind, width, height, &mut stream(seed, 0, 0))?,
                name,
            )
        }
    };
    // Progress in cells: floor cells no longer in an area still to be solved, of all the floor
    // cells the start reaches (a round's cost follows the cells it settles, not the rounds).
    // The first cells cost more (the first excursions are the longest), so the estimate of the
    // time left is shown only from 2% on, measured from there.
    let bar = crate::progress::bar(0, "stocking cells");
    let shown = bar.style();
    bar.set_style(
        ProgressStyle::with_template("{spinner} stocking cells [{bar:30}] {pos}/{len} ({elapsed})")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    let mut estimating = false;
    let mut map =
        stock_map_with_progress(grid, &settings, args.theme.as_deref(), &themes, seed, |p| {
            bar.set_length(p.total);
            bar.set_position(p.done);
            if !estimating && p.done * 50 >= p.total {
                estimating = true;
                bar.set_style(shown.clone());
                bar.reset_eta();
            }
        })?;
    bar.finish_and_clear();
    let spinner = crate::progress::spinner("writing");
    // The outputs never look at the floor's graph: free it before the JSON, which for a big
    // map is the largest thing held.
    map.cells.graph = Graph::from_edges(0, []);

    let mut outputs = Outputs::default();
    if let Some(path) = &args.out {
        // Streamed: a big map's file is larger than the map itself.
        let map = &map;
        outputs.add_streamed(path, move |out| {
            map.write_file_json(out)?;
            out.write_all(b"\n")
        });
    }
    // The listing is as big as the map: made only when it is written or shown.
    let show = args.out.is_none() && args.text.is_none();
    let listing = (show || args.text.is_some()).then(|| text::stocked_text(&map));
    if let (Some(path), Some(listing)) = (&args.text, &listing) {
        outputs.add(path, listing.clone().into_bytes());
    }
    if args.svg.is_some() || args.png.is_some() {
        let view = render::View {
            caption: Some(format!(
                "{} · {} {}×{} · seed {} · fun {:.0}% → {:.0}%",
                map.theme.title,
                source,
                map.grid.width(),
                map.grid.height(),
                seed,
                100.0 * map.fun.fun_before,
                100.0 * map.fun.fun_after
            )),
            route: !args.no_route,
        };
        let picture = render::svg(&map, &view);
        let scale = if map.grid.width().max(map.grid.height()) <= 200 {
            2.0
        } else {
            1.0
        };
        outputs.picture(picture, args.svg.as_deref(), args.png.as_deref(), scale)?;
    }
    if let Some(path) = &args.tiled {
        let tileset = tileset_path(path);
        let image = tileset
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        outputs.add(path, tiled::tiled(&map, &image).into_bytes());
        outputs.add(&tileset, tiled::tileset_png());
    }
    spinner.finish_and_clear();
    outputs.write_all()?;

    if let (true, Some(listing)) = (show, &listing) {
        eprint!("{listing}");
    }
    let fun = &map.fun;
    println!(
        "{}",
        json!({
            "generator": "stocking",
            "seed": seed,
            "map": source,
            "width": map.grid.width(),
            "height": map.grid.height(),
            "theme": map.theme.name,
            "fun_before": fun.fun_before,
            "fun_after": fun.fun_after,
            "keys": fun.keys,
            "rewards": fun.rewards,
            "traps": fun.traps,
            "red_herrings": fun.red_herrings,
            "solved_areas": fun.solved_areas,
            "largest_area_left": fun.largest_area_left,
            "fair": true,
            "out": args.out,
        })
    );
    Ok(Ending::Done)
}

/// The tileset image written beside a Tiled map: `F-tiles.png` for `F.json`.
fn tileset_path(tiled: &std::path::Path) -> std::path::PathBuf {
    let stem = tiled
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "map".into());
    tiled.with_file_name(format!("{stem}-tiles.png"))
}
