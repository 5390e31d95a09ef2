//! Stocked dungeons checked as the `check` job asks ([`ludoforge_job::check`]): the map read
//! back from a stocked file (or a bare map), stocked again with the file's seed, settings and
//! theme, and measured.
//!
//! A map is valid when it has one start and one goal and the goal can be reached: then it is
//! stocked at once, as `stock` stocks it (the same seed and settings give the same stocking),
//! and its measures are the stocking's. An edited map is a new map: what the old file placed
//! on it is dropped and the stocking is made again. Places are named `x,y` (the column and
//! the row from the top, from 0), as the stocked file writes positions.

use std::collections::BTreeMap;

use ludoforge_job::check::{Checked, Measure, Problem};
use ludoforge_job::engine::pictures;
use ludoforge_job::{Context, JobError};
use serde_json::{Value, json};

use crate::grid::{Grid, MapError};
use crate::render;
use crate::stock::Settings;
use crate::stocked::{StockMapError, stock_map_until};
use crate::themes::Themes;

/// What the stocked files say made them.
const GENERATOR: &str = "stocking";

/// The stocked map in `document` checked, when the document is a dungeon: a stocked file of
/// `stock`, or a bare map `{"kind": "dungeon", "rows": [...]}` (with `seed`, `settings` and
/// `theme` when wanted).
#[must_use]
pub fn check(document: &Value, context: &Context) -> Option<Result<Checked, JobError>> {
    let ours = document.get("generator").and_then(Value::as_str) == Some(GENERATOR);
    let bare = document.get("kind").and_then(Value::as_str) == Some("dungeon");
    (ours || bare).then(|| checked(document, context))
}

/// A dungeon map read from a document, with what stocks it.
pub(super) struct Dungeon {
    /// The map.
    pub grid: Grid,
    /// The stocking's seed (1 when the document gives none).
    pub seed: u64,
    /// The stocking's settings.
    pub settings: Settings,
    /// The theme, when the document names a built-in one.
    pub theme: Option<String>,
}

/// The map of a stocked file (or a bare map) and the seed, settings and theme that stock it.
///
/// # Errors
/// [`JobError::Input`] for a document without rows, a map that cannot be used, or settings
/// that cannot be read.
pub(super) fn read_dungeon(document: &Value) -> Result<Dungeon, JobError> {
    let rows = document
        .pointer("/map/rows")
        .or_else(|| document.get("rows"))
        .and_then(Value::as_array)
        .ok_or_else(|| {
            JobError::input(
                "a dungeon without rows: a stocked file has its map under map.rows, a bare map \
                 its rows under rows (# wall, . floor, < start, > goal)",
            )
        })?;
    let rows: Vec<&str> = rows
        .iter()
        .map(|r| {
            r.as_str()
                .ok_or_else(|| JobError::input("every row of a map is text"))
        })
        .collect::<Result<_, _>>()?;
    let grid = Grid::parse(&rows.join("\n"))
        .map_err(|e| JobError::input(format!("the map cannot be used: {e}")))?;
    let seed = document.get("seed").and_then(Value::as_u64).unwrap_or(1);
    let settings: Settings = match document.get("settings") {
        Some(s) => serde_json::from_value(s.clone()).map_err(|e| {
            JobError::input(format!(
                "the stocking's settings cannot be read ({e}): give threshold and mix as a \
                 stocked file writes them, or leave them out"
            ))
        })?,
        None => Settings::default(),
    };
    if settings.threshold == 0 {
        return Err(JobError::input(
            "a threshold of 0: give a number of cells of at least 1",
        ));
    }
    let themes = Themes::built_in();
    let theme = document
        .pointer("/theme/name")
        .or_else(|| document.get("theme"))
        .and_then(Value::as_str)
        .filter(|name| themes.get(name).is_ok())
        .map(String::from);
    Ok(Dungeon {
        grid,
        seed,
        settings,
        theme,
    })
}

fn checked(document: &Value, context: &Context) -> Result<Checked, JobError> {
    let Dungeon {
        grid,
        seed,
        settings,
        theme,
    } = read_dungeon(document)?;
    let themes = Themes::built_in();
    let theme = theme.as_deref();
    let kind = format!("dungeon map {}×{}", grid.width(), grid.height());
    let (start, goal) = (grid.start(), grid.goal());
    let bare = json!({
        "kind": "dungeon",
        "rows": grid.rows(),
        "seed": seed,
        "settings": settings,
    });
    match stock_map_until(grid, &settings, theme, &themes, seed, |_| {}, None) {
        Err(StockMapError::Map(e @ MapError::Unreachable { .. })) => Ok(Checked {
            of: "stock",
            suggest: Some("stock-explore"),
            kind,
            problem: Some(Problem {
                reason: e.to_string(),
                at: vec![place(goal), place(start)],
            }),
            measures: Vec::new(),
            content: bare,
            files: Vec::new(),
        }),
        Err(e) => Err(JobError::input(format!("the map cannot be stocked: {e}"))),
        Ok(map) => {
            let mut bytes = Vec::new();
            map.write_file_json(&mut bytes)
                .map_err(|e| JobError::failed(format!("the stocked map cannot be written: {e}")))?;
            let content: Value = serde_json::from_slice(&bytes)
                .map_err(|e| JobError::failed(format!("the stocked map is not JSON: {e}")))?;
            let mut files = Vec::new();
            pictures(context, &mut files, 2.0, || {
                let view = render::View {
                    caption: Some(format!(
                        "{} · {} · seed {seed} · fun {:.0}% → {:.0}%",
                        map.theme.title,
                        kind,
                        100.0 * map.fun.fun_before,
                        100.0 * map.fun.fun_after
                    )),
                    route: true,
                };
                render::svg(&map, &view)
            })?;
            Ok(Checked {
                of: "stock",
                suggest: Some("stock-explore"),
                kind,
                problem: None,
                measures: measures(&content),
                content,
                files,
            })
        }
    }
}

/// A position as the stocked file writes it: `x,y`.
fn place((x, y): crate::grid::Pos) -> String {
    format!("{x},{y}")
}

/// The stocked file's measures, a count by size (rewards) summed into one number.
fn measures(content: &Value) -> Vec<Measure> {
    let mut out = Vec::new();
    let empty = serde_json::Map::new();
    let all: BTreeMap<&String, &Value> = content
        .get("measures")
        .and_then(Value::as_object)
        .unwrap_or(&empty)
        .iter()
        .collect();
    for name in [
        "fun_before",
        "fun_after",
        "reachable",
        "path_before",
        "route_after",
        "route_steps",
        "keys",
        "rewards",
        "traps",
        "red_herrings",
        "solved_areas",
        "largest_area_left",
    ] {
        let Some(value) = all.get(&name.to_string()) else {
            continue;
        };
        let value = match value {
            Value::Object(counts) => {
                Value::from(counts.values().filter_map(Value::as_u64).sum::<u64>())
            }
            other => (*other).clone(),
        };
        // The exploration's descriptors: suggestions can be spread over them.
        if ["fun_after", "keys", "rewards", "traps", "reachable"].contains(&name) {
            out.push(Measure::descriptor(name, value));
        } else {
            out.push(Measure::plain(name, value));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(document: &Value) -> Checked {
        check(document, &Context::quiet().want("svg"))
            .expect("a dungeon")
            .expect("readable")
    }

    #[test]
    fn a_stocked_file_checks_to_its_own_stocking() {
        let params = json!({"width": 30, "height": 16});
        let artifact =
            ludoforge_job::Job::run(&super::super::StockJob, &params, 2, &Context::quiet())
                .unwrap();
        let file: Value =
            serde_json::from_slice(&artifact.file("result").unwrap().to_bytes().unwrap()).unwrap();
        let checked = run(&file);
        assert!(checked.problem.is_none());
        // The same seed, settings and theme stock the same map the same way.
        assert_eq!(checked.content, file);
        let fun = checked
            .measures
            .iter()
            .find(|m| m.name == "fun_after")
            .unwrap();
        assert_eq!(fun.value, file["measures"]["fun_after"]);
        assert!(checked.files.iter().any(|f| f.role == "svg"));
    }

    #[test]
    fn a_wall_across_the_way_is_named() {
        let map = json!({"kind": "dungeon", "rows": ["#######", "#<.#.>#", "#######"]});
        let checked = run(&map);
        let problem = checked.problem.expect("invalid");
        assert_eq!(problem.at, ["5,1", "1,1"]);
        assert!(
            problem.reason.contains("open a way between them"),
            "{}",
            problem.reason
        );
        // Opened again, it is stocked.
        let open = json!({"kind": "dungeon", "rows": ["#######", "#<...>#", "#######"]});
        assert!(run(&open).problem.is_none());
    }
}
