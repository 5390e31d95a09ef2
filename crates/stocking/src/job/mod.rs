//! The `stock` job: stock a grid map, given or generated, by solving its pointless areas.
//!
//! It makes the stocked map (`result`, JSON, streamed as it is written: a 2000 × 2000 map's
//! file is larger than the map), and when asked its listing (`text`), pictures (`svg`,
//! `png`), a Tiled map (`tiled`) with its tileset image (`tileset`), and a Universal VTT map
//! for virtual tabletops (`uvtt`, see [`crate::uvtt`]).

mod check;
mod explore;
mod params;

pub use check::check;
pub use explore::{ExploreJob, ExploreParams, explore_descriptors, locked_cells};
pub use params::{Generator, StockParams};

use std::sync::Arc;

use ludoforge_evolve::rng::stream;
use ludoforge_job::engine::pictures;
use ludoforge_job::{Artifact, Context, File, Job, JobError, Spec, media};

use crate::graph::Graph;
use crate::grid::{Grid, MAX_SIDE};
use crate::mapgen::{Kind, generate};
use crate::stock::{Mix, Settings, StockError};
use crate::stocked::{StockMapError, StockedMap, stock_map_until};
use crate::themes::Themes;
use crate::{render, text, tiled, uvtt};

/// Largest accepted threshold.
pub const MAX_THRESHOLD: i64 = 10_000_000;

/// A map given in the parameters larger than this (in characters) is left out of the
/// summary's copy of the parameters, which is one line on a terminal.
const SUMMARY_MAP_LIMIT: usize = 65_536;

/// What this generator makes, for galleries.
pub const ABOUT: ludoforge_job::registry::About = ludoforge_job::registry::About {
    title: "Stocked dungeon maps",
    sentence: "Grid maps where every area is worth a visit: pointless areas get rewards, keys and locked doors, traps and red herrings, then a theme moves in.",
};

/// This generator's jobs, for a front end's registry.
///
/// ```
/// let ids: Vec<_> = ludoforge_stocking::job::jobs().iter().map(|j| j.id()).collect();
/// assert_eq!(ids, ["stock", "stock-explore"]);
/// ```
#[must_use]
pub fn jobs() -> Vec<Box<dyn Job>> {
    vec![Box::new(StockJob), Box::new(ExploreJob)]
}

/// `stock`: stock a grid map by solving its pointless areas.
pub struct StockJob;

/// Where the map comes from, checked.
pub enum Source {
    /// A map given whole.
    Given(Grid),
    /// A map to generate.
    Generated {
        /// The generator.
        kind: Generator,
        /// Width in cells.
        width: usize,
        /// Height in cells.
        height: usize,
    },
}

/// The checked parameters.
pub struct Checked {
    source: Source,
    settings: Settings,
    themes: Themes,
}

fn theme_text(themes: &serde_json::Value) -> String {
    match themes {
        serde_json::Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

impl Spec for StockJob {
    type Params = StockParams;
    type Checked = Checked;

    fn id(&self) -> &'static str {
        "stock"
    }

    fn title(&self) -> &'static str {
        "Stock a dungeon map"
    }

    fn help(&self) -> &'static str {
        "Stock a grid map so every part of it is worth visiting: the areas off the way from \
         start to goal are given rewards, keys and locked doors, traps and red herrings until \
         no pointless area is left above the threshold; then the inhabitants of a theme move in."
    }

    fn sample(&self) -> Option<Self::Params> {
        // A quick run whose picture shows what the job makes.
        Some(serde_json::from_str(r#"{"width": 40, "height": 24}"#).expect("sample parameters"))
    }

    fn validate(&self, p: &StockParams) -> Result<Checked, JobError> {
        let bad = |m: String| Err(JobError::parameters(m));
        if !(1..=MAX_THRESHOLD).contains(&p.threshold) {
            return bad(format!(
                "threshold {}: give a number of cells between 1 and {MAX_THRESHOLD}",
                p.threshold
            ));
        }
        let mix = match &p.mix {
            Some(text) => Mix::parse(text).map_err(|e| JobError::parameters(e.to_string()))?,
            None => Mix::default(),
        };
        let mut themes = Themes::built_in();
        if let Some(extra) = &p.themes {
            let extra = Themes::parse(&theme_text(extra))
                .map_err(|e| JobError::input(format!("the themes cannot be used: {e}")))?;
            themes = themes.with(extra);
        }
        if let Some(name) = &p.theme {
            themes
                .get(name)
                .map_err(|e| JobError::parameters(e.to_string()))?;
        }
        let source = match &p.map {
            Some(text) => {
                if let Some(kind) = p.generate {
                    return bad(format!(
                        "give a map or generate {}, not both",
                        serde_json::to_value(kind).expect("a name")
                    ));
                }
                for (name, value) in [("width", p.width), ("height", p.height)] {
                    if let Some(value) = value {
                        return bad(format!(
                            "{name} {value} is for a generated map: a map given whole has its \
                             own size; drop {name} or the map"
                        ));
                    }
                }
                let grid = if text.trim_start().starts_with('{') {
                    Grid::from_json(text)
                } else {
                    Grid::parse(text)
                }
                .map_err(|e| JobError::input(format!("the map cannot be used: {e}")))?;
                Source::Given(grid)
            }
            None => {
                let limit = MAX_SIDE as i64;
                let (width, height) = (p.width.unwrap_or(80), p.height.unwrap_or(40));
                for (name, value) in [("width", width), ("height", height)] {
                    if !(1..=limit).contains(&value) {
                        return bad(format!(
                            "{name} {value}: give a number of cells between 1 and {limit}"
                        ));
                    }
                }
                Source::Generated {
                    kind: p.generate.unwrap_or(Generator::Rooms),
                    width: width as usize,
                    height: height as usize,
                }
            }
        };
        Ok(Checked {
            source,
            settings: Settings {
                threshold: p.threshold as usize,
                mix,
            },
            themes,
        })
    }

    fn execute(
        &self,
        checked: Checked,
        p: &StockParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        let (grid, source) = match checked.source {
            Source::Given(grid) => (grid, "file"),
            Source::Generated {
                kind,
                width,
                height,
            } => {
                let (kind, name) = match kind {
                    Generator::Rooms => (Kind::Rooms, "rooms"),
                    Generator::Caves => (Kind::Caves, "caves"),
                };
                let grid = generate(kind, width, height, &mut stream(seed, 0, 0))
                    .map_err(|e| JobError::parameters(e.to_string()))?;
                (grid, name)
            }
        };
        // Progress in cells: floor cells no longer in an area still to be solved, of all the
        // floor cells the start reaches (a round's cost follows the cells it settles, not the
        // rounds). The first cells cost more (the first excursions are the longest), so the
        // bar, and with it an estimate of the time left, starts only at 2%, timed from there.
        context.stage("stocking cells", None, "cells");
        let mut counting = false;
        let stocked = context.install(|| {
            stock_map_until(
                grid,
                &checked.settings,
                p.theme.as_deref(),
                &checked.themes,
                seed,
                |progress| {
                    if !counting && progress.done * 50 >= progress.total {
                        counting = true;
                        context.stage("stocking cells", Some(progress.total), "cells");
                    }
                    if counting {
                        context.advance(progress.done, None);
                    }
                },
                Some(context.cancel_flag()),
            )
        })?;
        let mut map = stocked.map_err(|e| match e {
            StockMapError::Stock(StockError::Cancelled) => JobError::cancelled(e.to_string()),
            e => JobError::failed(e.to_string()),
        })?;
        context.stage("writing", None, "files");
        // The files never look at the floor's graph: free it before the JSON, which for a big
        // map is the largest thing held.
        map.cells.graph = Graph::from_edges(0, []);
        let map = Arc::new(map);

        let mut artifact = Artifact::new(Spec::id(self), env!("CARGO_PKG_VERSION"), seed, p);
        if p.map.as_ref().is_some_and(|m| m.len() > SUMMARY_MAP_LIMIT) {
            let length = p.map.as_ref().map_or(0, String::len);
            artifact.summary["parameters"]["map"] = serde_json::Value::Null;
            artifact.report(
                "parameters_note",
                format!(
                    "the map given ({length} characters) is left out of these parameters; give \
                     it again as map"
                ),
            );
        }
        let fun = &map.fun;
        artifact.report("generator", "stocking");
        artifact.report("map", source);
        artifact.report("width", map.grid.width());
        artifact.report("height", map.grid.height());
        artifact.report("theme", &map.theme.name);
        artifact.report("fun_before", fun.fun_before);
        artifact.report("fun_after", fun.fun_after);
        artifact.report("keys", fun.keys);
        artifact.report("rewards", fun.rewards);
        artifact.report("traps", fun.traps);
        artifact.report("red_herrings", fun.red_herrings);
        artifact.report("solved_areas", fun.solved_areas);
        artifact.report("largest_area_left", fun.largest_area_left);
        artifact.report("fair", true);

        let streamed = Arc::clone(&map);
        artifact
            .files
            .push(File::streamed("result", media::JSON, move |out| {
                streamed.write_file_json(out)?;
                out.write_all(b"\n")
            }));
        if context.wants("text") {
            artifact.files.push(File::new(
                "text",
                media::TEXT,
                text::stocked_text(&map).into_bytes(),
            ));
        }
        let scale = if map.grid.width().max(map.grid.height()) <= 200 {
            2.0
        } else {
            1.0
        };
        pictures(context, &mut artifact.files, scale, || {
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
                route: p.route,
            };
            render::svg(&map, &view)
        })?;
        if context.wants("tiled") {
            artifact.files.push(File::new(
                "tiled",
                media::JSON,
                tiled::tiled(&map, &p.tileset_image).into_bytes(),
            ));
        }
        if context.wants("uvtt") {
            artifact.files.push(uvtt_file(context, &map)?);
        }
        if context.wants("pdf") {
            let title = format!("{} · seed {seed}", map.theme.title);
            let pdf = ludoforge_job::engine::pdf_file(context, &title, |paper| {
                crate::print::pages(&map, paper)
            })?;
            artifact.files.push(pdf);
        }
        if context.wants("tileset") {
            artifact.files.push(
                File::new("tileset", media::PNG, tiled::tileset_png()).named(&p.tileset_image),
            );
        }
        Ok(artifact)
    }
}

/// The Universal VTT file (`uvtt`): drawn now, or, when the context draws later, when its
/// bytes are first read (its picture is the costly part).
fn uvtt_file(context: &Context, map: &StockedMap) -> Result<File, JobError> {
    let draw = |map: &StockedMap| {
        let ppg = uvtt::pixels_per_grid(map.grid.width(), map.grid.height());
        uvtt::uvtt(map, ppg)
            .map_err(|e| format!("cannot draw the Universal VTT map's picture: {e}"))
    };
    if context.draws_later() {
        let shared = Arc::new(map.clone());
        Ok(File::streamed("uvtt", media::UVTT, move |out| {
            out.write_all(draw(&shared).map_err(std::io::Error::other)?.as_bytes())
        }))
    } else {
        Ok(File::new(
            "uvtt",
            media::UVTT,
            draw(map).map_err(JobError::failed)?.into_bytes(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn refusal(params: serde_json::Value) -> String {
        StockJob.check(&params).expect_err("refused").to_string()
    }

    #[test]
    fn contradictions_and_ranges_are_refused_before_any_work() {
        let map = "#####\n#<.>#\n#####\n";
        assert!(refusal(json!({"map": map, "generate": "caves"})).contains("not both"));
        assert!(
            refusal(json!({"map": map, "width": 50})).contains("width 50 is for a generated map")
        );
        assert!(
            refusal(json!({"width": 0}))
                .contains("width 0: give a number of cells between 1 and 2000")
        );
        assert!(refusal(json!({"height": 2001})).contains("height 2001"));
        assert!(refusal(json!({"threshold": 0})).contains("threshold 0"));
        assert!(refusal(json!({"theme": "moon-base"})).contains("moon-base"));
        assert!(refusal(json!({"map": "#####\n#<x>#\n#####\n"})).contains("line 2, column 3"));
        assert!(refusal(json!({"themes": {"themes": 3}})).contains("the themes cannot be used"));
        assert!(refusal(json!({"mix": "gold=2"})).contains("is not an action"));
    }

    #[test]
    fn the_result_is_the_same_streamed_or_not_and_names_the_seed() {
        let ctx = Context::quiet();
        let params = json!({"map": "#######\n#<...>#\n#.....#\n#######\n", "threshold": 1});
        let a = StockJob.run(&params, 4, &ctx).unwrap();
        let b = StockJob.run(&params, 4, &ctx).unwrap();
        let result = a.file("result").unwrap();
        assert!(result.is_streamed());
        let bytes = result.to_bytes().unwrap();
        assert_eq!(bytes, b.file("result").unwrap().to_bytes().unwrap());
        let value: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(value["seed"], 4);
        assert_eq!(a.summary["seed"], 4);
        // Only the result is made when nothing else is asked for.
        assert_eq!(a.files.len(), 1);
    }
}
