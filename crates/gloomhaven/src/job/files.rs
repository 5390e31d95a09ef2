//! What the jobs read from the files they are given: the catalog, scenario files and board
//! files, and the board file they write.

use std::borrow::Cow;

use ludoforge_job::JobError;
use serde_json::Value;

use super::params::FileContent;
use crate::catalog::Catalog;
use crate::record::ScenarioRecord;
use crate::scenario::Scenario;
use crate::validity::check;
use crate::vgb::{self, CREATOR_LIMIT};

/// The catalog given, or the built-in one (shared by every run in the process: see
/// [`Catalog::shared`]).
///
/// ```
/// use ludoforge_gloomhaven::job::{FileContent, catalog};
/// assert_eq!(catalog(None).unwrap().tiles.len(), 60);
/// let bad = catalog(Some(&FileContent::text_named("c.json", "{\"tiles\": []}"))).unwrap_err();
/// assert!(bad.to_string().starts_with("cannot use the catalog c.json: "), "{bad}");
/// ```
///
/// # Errors
/// [`JobError::Parameters`] for a catalog without content, [`JobError::Input`] for one that
/// is not a usable catalog.
pub fn catalog(given: Option<&FileContent>) -> Result<Cow<'static, Catalog>, JobError> {
    let Some(file) = given else {
        return Ok(Cow::Borrowed(Catalog::shared()));
    };
    let Some(text) = file.text() else {
        return Err(JobError::parameters(
            "catalog: no content given; give the catalog's text or JSON as its content, or \
             leave catalog out for the built-in one",
        ));
    };
    let name = file
        .name
        .as_deref()
        .map(|n| format!(" {n}"))
        .unwrap_or_default();
    Catalog::parse(&text)
        .map(Cow::Owned)
        .map_err(|e| JobError::input(format!("cannot use the catalog{name}: {e}")))
}

/// The scenarios of a file, shown in messages as `shown`: a ludoforge scenario file (the
/// `gloomhaven` job's result, or one scenario on its own) or a Virtual Gloomhaven Board file;
/// with a warning for what a board file's scenario does not keep.
///
/// # Errors
/// [`JobError::Parameters`] for a file without content, [`JobError::Input`] for one that is
/// not a scenario file or holds a scenario the catalog cannot make.
pub fn read_scenarios(
    catalog: &Catalog,
    file: &FileContent,
    shown: &str,
) -> Result<(Vec<Scenario>, Option<String>), JobError> {
    let bad = |message: String| Err(JobError::input(message));
    let Some(text) = file.text() else {
        return Err(JobError::parameters(format!(
            "{shown}: no content given; give the scenario file's text or JSON as its content"
        )));
    };
    let Ok(value) = serde_json::from_str::<Value>(&text) else {
        return bad(format!(
            "{shown} is not JSON; give a ludoforge scenario file or a Virtual Gloomhaven Board file"
        ));
    };
    if value.get("mapTileData").is_some() {
        let read = vgb::import(catalog, &text)
            .map_err(|e| JobError::input(format!("cannot read {shown}: {e}")))?;
        return Ok((vec![read.scenario], dropped_warning(shown, &read.dropped)));
    }
    let entries: Vec<Value> = match value.get("scenarios") {
        Some(Value::Array(list)) => list.clone(),
        Some(_) => return bad(format!("{shown}: \"scenarios\" is not a list")),
        None if value.get("tiles").is_some() => vec![value],
        None => {
            return bad(format!(
                "{shown} is not a scenario file: it has no \"scenarios\" list (ludoforge \
                 gloomhaven --out writes one) and no \"mapTileData\" (a Virtual Gloomhaven Board \
                 file)"
            ));
        }
    };
    if entries.is_empty() {
        return bad(format!("{shown} holds no scenario"));
    }
    let scenarios = entries
        .into_iter()
        .enumerate()
        .map(|(i, entry)| {
            if entry.get("placements").is_some() {
                return Err(JobError::input(format!(
                    "{shown}: scenario {} was written by an earlier ludoforge (its monsters are \
                     groups with a \"placements\" list, not standees with their set-ups for 2, 3 \
                     and 4 players); run the search again, or import its board file \
                     (export-vgb from the earlier version) with import-vgb",
                    i + 1
                )));
            }
            let record: ScenarioRecord = serde_json::from_value(entry).map_err(|e| {
                JobError::input(format!("{shown}: scenario {} is not one: {e}", i + 1))
            })?;
            record
                .to_scenario(catalog)
                .map_err(|e| JobError::input(format!("{shown}: scenario {}: {e}", i + 1)))
        })
        .collect::<Result<_, _>>()?;
    Ok((scenarios, None))
}

/// The warning for the pieces of a board file a scenario does not keep, if any.
pub(super) fn dropped_warning(shown: &str, dropped: &[String]) -> Option<String> {
    (!dropped.is_empty()).then(|| {
        format!(
            "warning: {shown}: ludoforge keeps no walls, rifts, tokens or highlights (other than \
             an exit's); left out: {}",
            dropped.join(", ")
        )
    })
}

/// Checks that a scenario read from the file shown as `shown` is one the search can start
/// from.
///
/// # Errors
/// [`JobError::Input`] naming the file, the scenario and why it is not valid.
pub fn check_valid(catalog: &Catalog, s: &Scenario, shown: &str) -> Result<(), JobError> {
    check(catalog, s).map_err(|e| {
        JobError::input(format!(
            "{shown}: the scenario {:?} is not valid ({e}); fix it or leave the file out",
            s.title()
        ))
    })
}

/// A board file made for a scenario.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardFile {
    /// The file's bytes: pretty JSON with a final newline.
    pub bytes: Vec<u8>,
    /// The turn of the map, in 60° steps clockwise.
    pub turn: u8,
    /// Why the board's Creator would not keep the map, if it would not.
    pub warning: Option<String>,
}

/// A board file for `s` turned by `turn` (or the turn the Creator holds and keeps: see
/// [`vgb::creator_turn`]), with a warning when the Creator would not keep the map.
///
/// ```
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::job::board_file;
/// use ludoforge_gloomhaven::scenario::Scenario;
/// let catalog = Catalog::built_in();
/// let barrow = Scenario::official(&catalog, 1).unwrap();
/// let file = board_file(&catalog, &barrow, None).unwrap();
/// assert_eq!((file.turn, file.warning), (0, None));
/// assert!(file.bytes.ends_with(b"}\n"));
/// ```
///
/// # Errors
/// [`JobError::Input`] when the scenario cannot be laid out on the board.
pub fn board_file(
    catalog: &Catalog,
    s: &Scenario,
    turn: Option<u8>,
) -> Result<BoardFile, JobError> {
    let chosen = turn.or_else(|| vgb::creator_turn(catalog, s));
    let g = chosen.unwrap_or(0);
    let (w, h) = vgb::board_size(catalog, s, g);
    let warning = if w > CREATOR_LIMIT || h > CREATOR_LIMIT {
        Some(format!(
            "the map takes {w} x {h} cells turned {}°, more than the Creator's {CREATOR_LIMIT} x \
             {CREATOR_LIMIT}: it loads on the board (Change scenario, Custom) but the Creator's \
             Import would pull its tiles apart",
            u32::from(g) * 60
        ))
    } else if !vgb::creator_keeps(catalog, s, g) {
        Some(format!(
            "turned {}°, the board's Creator would change this map on Import and Export (it \
             loads on the board itself unchanged){}",
            u32::from(g) * 60,
            if turn.is_some() {
                "; leave out turn to let ludoforge choose a turn it keeps"
            } else {
                ""
            }
        ))
    } else {
        None
    };
    let file = vgb::export(catalog, s, s.title(), g).map_err(|e| JobError::input(e.to_string()))?;
    let mut bytes = serde_json::to_vec_pretty(&file).expect("a board file serialises");
    bytes.push(b'\n');
    Ok(BoardFile {
        bytes,
        turn: g,
        warning,
    })
}

/// "1–54, 56–81, 83–95".
///
/// ```
/// assert_eq!(ludoforge_gloomhaven::job::ranges(&[1, 2, 3, 5, 7, 8]), "1–3, 5, 7–8");
/// ```
#[must_use]
pub fn ranges(numbers: &[u16]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < numbers.len() {
        let start = numbers[i];
        let mut end = start;
        while i + 1 < numbers.len() && numbers[i + 1] == end + 1 {
            i += 1;
            end = numbers[i];
        }
        out.push(if start == end {
            start.to_string()
        } else {
            format!("{start}–{end}")
        });
        i += 1;
    }
    out.join(", ")
}

/// Pictures of a `gloomhaven` result read back (an explored elite, a library row): its first
/// scenario's map on the built-in pieces, for the party it was made for; `None` for a document
/// another generator wrote.
pub(super) fn draw(
    result: &Value,
    context: &ludoforge_job::Context,
) -> Option<Result<Vec<ludoforge_job::File>, JobError>> {
    if result.get("generator").and_then(Value::as_str) != Some("gloomhaven") {
        return None;
    }
    Some((|| {
        let catalog = catalog(None)?;
        let file = FileContent::text_named("the result", &result.to_string());
        let (scenarios, _) = read_scenarios(&catalog, &file, "the result")?;
        let first = scenarios
            .first()
            .ok_or_else(|| JobError::input("the result holds no scenario"))?;
        let players = result["settings"]["players"]
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .and_then(|n| crate::scenario::Players::try_from(n).ok())
            .unwrap_or(crate::render::View::default().players);
        let entry = &result["scenarios"][0];
        let name = entry["name"].as_str().unwrap_or("scenario");
        let score = entry["score"]
            .as_f64()
            .map_or(String::new(), |s| format!(" · score {s:.2}"));
        let seed = result["seed"]
            .as_u64()
            .map_or(String::new(), |s| format!(" · seed {s}"));
        let mut files = Vec::new();
        ludoforge_job::engine::pictures(context, &mut files, 1.5, || {
            let view = crate::render::View {
                caption: Some(format!(
                    "{name}{score} · {} players{seed}",
                    u32::from(players)
                )),
                players,
                ..crate::render::View::default()
            };
            crate::render::svg(&catalog, first, &view)
        })?;
        if context.wants("pdf") {
            let fitness = fitness_of(&result["settings"], players);
            let names: Vec<String> = (0..scenarios.len())
                .map(|i| {
                    result["scenarios"][i]["name"]
                        .as_str()
                        .map_or_else(|| scenarios[i].title().to_string(), str::to_string)
                })
                .collect();
            let named: Vec<(&crate::scenario::Scenario, &str)> = scenarios
                .iter()
                .zip(&names)
                .map(|(s, n)| (s, n.as_str()))
                .collect();
            let seed = result["seed"].as_u64().unwrap_or(0);
            files.push(ludoforge_job::engine::pdf_file(context, name, |paper| {
                crate::print::pages(&catalog, &named, &fitness, seed, paper)
            })?);
        }
        Ok(files)
    })())
}

/// The fitness a result was scored with, from its `settings` (weights and ideals), for the
/// party it was made for; the paper's where the settings do not say.
pub(super) fn fitness_of(
    settings: &Value,
    players: crate::scenario::Players,
) -> crate::fitness::Fitness {
    let mut fitness = crate::fitness::Fitness::paper(players);
    if let Some(weights) = settings["weights"].as_array()
        && let Ok(weights) = <[f64; 5]>::try_from(
            weights
                .iter()
                .filter_map(Value::as_f64)
                .collect::<Vec<f64>>(),
        )
        && let Ok(weighted) = fitness.with_weights(weights)
    {
        fitness = weighted;
    }
    let ideals = &settings["ideals"];
    for (name, slot) in [
        ("difficulty", &mut fitness.difficulty),
        ("size", &mut fitness.size),
        ("complexity", &mut fitness.complexity),
        ("layout", &mut fitness.layout),
    ] {
        if let Some(value) = ideals[name].as_f64() {
            *slot = value;
        }
    }
    fitness
}
