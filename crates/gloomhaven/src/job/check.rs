//! Gloomhaven scenarios checked as the `check` job asks ([`ludoforge_job::check`]): the first
//! (best) scenario of a result file of the `gloomhaven` jobs, read with the built-in catalog,
//! held to the generator's validity rules and scored with the file's own fitness settings.
//!
//! A scenario is valid when it passes every rule the search holds its scenarios to: no two
//! tiles over one hex, no tile used twice, no more pieces than the box holds, no two figures
//! on one hex, every monster (and chest, and the exit, as the goal asks) reachable. Places are
//! hexes, named `(x, y, z)` as the rules name them. Its measures: the score and its five
//! components as the file's settings weigh them, and the exploration's descriptors.

use ludoforge_job::check::{Checked, Measure, Problem};
use ludoforge_job::{Context, JobError};
use serde_json::Value;

use super::explore::measures;
use super::files::{catalog, fitness_of, read_scenarios};
use super::params::FileContent;
use crate::scenario::Players;
use crate::validity::{Invalid, check as valid};

/// What the result files say made them.
const GENERATOR: &str = "gloomhaven";

/// The first scenario of `document` checked, when the document is a result of the
/// `gloomhaven` jobs.
#[must_use]
pub fn check(document: &Value, context: &Context) -> Option<Result<Checked, JobError>> {
    (document.get("generator").and_then(Value::as_str) == Some(GENERATOR))
        .then(|| checked(document, context))
}

fn checked(document: &Value, context: &Context) -> Result<Checked, JobError> {
    let catalog = catalog(None)?;
    let file = FileContent::text_named("the content", &document.to_string());
    let (scenarios, _) = read_scenarios(&catalog, &file, "the content")?;
    let first = scenarios
        .first()
        .ok_or_else(|| JobError::input("the content holds no scenario"))?;
    let players = document["settings"]["players"]
        .as_u64()
        .and_then(|n| u32::try_from(n).ok())
        .and_then(|n| Players::try_from(n).ok())
        .unwrap_or(crate::render::View::default().players);
    let name = document["scenarios"][0]["name"]
        .as_str()
        .map_or_else(|| first.title().to_string(), str::to_string);
    let kind = if scenarios.len() > 1 {
        format!(
            "Gloomhaven scenario {name} (the first of {})",
            scenarios.len()
        )
    } else {
        format!("Gloomhaven scenario {name}")
    };
    let [difficulty, size, themes] = <[f64; 3]>::try_from(measures(&catalog, first, players))
        .map_err(|_| JobError::failed("a scenario has three measures"))?;
    let descriptors = vec![
        Measure::descriptor("difficulty", difficulty),
        Measure::descriptor("size", size),
        Measure::descriptor("monster_themes", themes),
    ];
    if let Err(invalid) = valid(&catalog, first) {
        let at = match &invalid {
            Invalid::Overlap(h)
            | Invalid::OffMap(h)
            | Invalid::MonsterUnreachable(h)
            | Invalid::ChestUnreachable(h)
            | Invalid::ExitCovered(h)
            | Invalid::Crowded { at: h, .. } => vec![h.to_string()],
            _ => Vec::new(),
        };
        return Ok(Checked {
            of: "gloomhaven",
            suggest: Some("gloomhaven-explore"),
            kind,
            problem: Some(Problem {
                reason: invalid.to_string(),
                at,
            }),
            measures: descriptors,
            content: document.clone(),
            files: Vec::new(),
        });
    }
    let fitness = fitness_of(&document["settings"], players);
    let components = fitness.components(&catalog, first);
    let mut measured = vec![Measure::plain("score", fitness.weighted(&components))];
    for (name, value) in [
        "difficulty_fit",
        "size_fit",
        "complexity_fit",
        "theme_fit",
        "layout_fit",
    ]
    .into_iter()
    .zip(components)
    {
        measured.push(Measure::plain(name, value));
    }
    measured.extend(descriptors);
    let files = match super::files::draw(document, context) {
        Some(drawn) => drawn?,
        None => Vec::new(),
    };
    Ok(Checked {
        of: "gloomhaven",
        suggest: Some("gloomhaven-explore"),
        kind,
        problem: None,
        measures: measured,
        content: document.clone(),
        files,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_checks_to_its_own_score_and_an_overlap_is_named() {
        let params = serde_json::json!({"cycles": 30, "preset": "gloomdungeons"});
        let artifact =
            ludoforge_job::Job::run(&super::super::GloomhavenJob, &params, 3, &Context::quiet())
                .unwrap();
        let file: Value = serde_json::from_slice(&artifact.file("result").unwrap().bytes).unwrap();
        let checked = check(&file, &Context::quiet().want("svg"))
            .unwrap()
            .unwrap();
        assert!(checked.problem.is_none(), "{:?}", checked.problem);
        let score = checked.measures.iter().find(|m| m.name == "score").unwrap();
        assert_eq!(score.value.as_f64(), file["scenarios"][0]["score"].as_f64());
        assert!(checked.files.iter().any(|f| f.role == "svg"));
        // The second tile laid over the first: two tiles cover the first tile's hexes.
        let mut overlapping = file.clone();
        let tiles = overlapping["scenarios"][0]["tiles"].as_array_mut().unwrap();
        if tiles.len() > 1 {
            let first_offset = tiles[0]["offset"].clone();
            let first_rotation = tiles[0]["rotation"].clone();
            tiles[1]["offset"] = first_offset;
            tiles[1]["rotation"] = first_rotation;
            let checked = check(&overlapping, &Context::quiet()).unwrap();
            match checked {
                Ok(c) => {
                    let problem = c.problem.expect("invalid");
                    assert!(
                        problem.reason.contains("two tiles cover hex"),
                        "{}",
                        problem.reason
                    );
                    assert_eq!(problem.at.len(), 1);
                }
                // Read back, a scenario whose tiles overlap may not even be made.
                Err(e) => assert!(e.to_string().contains("scenario 1"), "{e}"),
            }
        }
    }
}
