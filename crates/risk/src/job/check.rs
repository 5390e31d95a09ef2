//! Risk variants checked as the `check` job asks ([`ludoforge_job::check`]): a variant read
//! back from a `risk-design` document (a result's best, an elite) or given as an embedded map
//! and rules, held to the designer's rules and playtested as the designer playtests it.
//!
//! A variant is valid when its rules are within range and its map is one the designer plays:
//! every continent holds a territory, at least two territories, every territory reachable
//! from every other, and the borders drawable without crossing (planar). Its measures are the
//! map's counts and the designer's playtest (its matches seeded by the document's seed and the
//! variant itself, as the designer seeds them): the fitness, the seven criteria and the
//! exploration's descriptors. Places are territories, named as the map names them.

use ludoforge_job::check::{Checked, Measure, Problem};
use ludoforge_job::engine::pictures;
use ludoforge_job::params::typed;
use ludoforge_job::{Context, JobError};
use serde_json::{Value, json};

use super::design::{DesignParams, unplayed_document};
use crate::design::{Variant, VariantProblem, check as designer_check, measures};
use crate::map::{MapFile, RiskMap};
use crate::render::{self, View};
use crate::rules::Rules;

/// What the designer's documents say made them.
const GENERATOR: &str = "risk-design";

/// The variant in `document` checked, when the document is one: a `risk-design` document, or
/// `{"kind": "risk", "map": "classic"}` (an embedded map by name, or a map object; `rules`
/// and `seed` optional: the classic rules and seed 1).
#[must_use]
pub fn check(document: &Value, context: &Context) -> Option<Result<Checked, JobError>> {
    let ours = document.get("generator").and_then(Value::as_str) == Some(GENERATOR);
    let bare = document.get("kind").and_then(Value::as_str) == Some("risk");
    (ours || bare).then(|| checked(document, context))
}

fn checked(document: &Value, context: &Context) -> Result<Checked, JobError> {
    let map: MapFile = match document.get("map") {
        Some(Value::String(name)) => RiskMap::embedded(name)
            .ok_or_else(|| {
                JobError::input(format!(
                    "there is no embedded map {name:?}: name one of {}",
                    crate::map::EMBEDDED
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })?
            .file()
            .clone(),
        Some(map) => serde_json::from_value(map.clone())
            .map_err(|e| JobError::input(format!("the variant's map cannot be read: {e}")))?,
        None => return Err(JobError::input("a variant without a map: give map")),
    };
    let rules: Rules = match document.get("rules") {
        None | Some(Value::Null) => Rules::classic(),
        Some(r) => serde_json::from_value(r.clone())
            .map_err(|e| JobError::input(format!("the variant's rules cannot be read: {e}")))?,
    };
    let seed = document.get("seed").and_then(Value::as_u64).unwrap_or(1);
    let variant = Variant { rules, map };
    let content = unplayed_document(seed, &variant);
    let kind = format!(
        "Risk variant of {} territories",
        variant.map.territories.len()
    );
    let counts = counts(&variant.map);
    let problem = |reason: String, at: Vec<String>| Checked {
        of: "risk-design",
        suggest: Some("risk-explore"),
        kind: kind.clone(),
        problem: Some(Problem { reason, at }),
        measures: counts.clone(),
        content: content.clone(),
        files: Vec::new(),
    };
    if let Err(e) = variant.rules.validate() {
        return Ok(problem(
            format!("the rules are out of range: {e}"),
            Vec::new(),
        ));
    }
    if let Some(empty) = variant
        .map
        .continents
        .iter()
        .find(|c| c.territories.is_empty())
    {
        return Ok(problem(
            format!(
                "the continent {} has no territory: give it one or remove it",
                empty.name
            ),
            vec![empty.name.clone()],
        ));
    }
    let map = match RiskMap::new(variant.map.clone()) {
        Ok(map) => map,
        Err(e) => {
            let cut = cut_off(&variant.map);
            let reason = if cut.is_empty() {
                format!("the map cannot be played: {e}")
            } else {
                format!(
                    "the map is not connected: {} cannot be reached from the rest; add a \
                     border",
                    cut.join(", ")
                )
            };
            return Ok(problem(reason, cut));
        }
    };
    if let Err(reject) = designer_check(&variant.map, 2) {
        return Ok(problem(
            format!(
                "{reject}: the designer plays only maps whose borders can be drawn without crossing"
            ),
            Vec::new(),
        ));
    }
    let params: DesignParams = typed(&json!({}))?;
    let designer = VariantProblem::new(params.settings()?, seed)
        .map_err(|e| JobError::failed(e.to_string()))?;
    let playtest = designer
        .playtest_until(&variant, context.cancel_flag())
        .map_err(|e| match e {
            crate::design::DesignError::Cancelled => {
                JobError::cancelled("cancelled during the playtest: nothing was measured")
            }
            other => JobError::failed(format!("the playtest could not be played: {other}")),
        })?;
    let mut measured = counts;
    let [_, match_length, advantage] = measures(&variant, &playtest);
    measured.push(Measure::plain("fitness", playtest.fitness));
    let criteria = serde_json::to_value(playtest.criteria).expect("criteria serialise");
    for name in CRITERIA {
        if let Some(value) = criteria.get(name) {
            measured.push(Measure::plain(name, value.clone()));
        }
    }
    measured.retain(|m| m.name != "territories");
    measured.insert(
        0,
        Measure::descriptor("territories", variant.map.territories.len()),
    );
    measured.push(Measure::descriptor("match_length", match_length));
    measured.push(Measure::descriptor("first_player_advantage", advantage));
    measured.push(Measure::plain(
        "matches",
        playtest.wins[0] + playtest.wins[1] + playtest.draws,
    ));
    let mut played = content;
    played["fitness"] = json!(playtest.fitness);
    played["criteria"] = json!(playtest.criteria);
    played["playtests"] = json!(playtest.wins[0] + playtest.wins[1] + playtest.draws);
    let mut files = Vec::new();
    pictures(context, &mut files, 1.5, || {
        let view = View {
            caption: Some(format!(
                "variant · fitness {:.3} · {} territories · seed {seed}",
                playtest.fitness,
                map.territories()
            )),
            ..View::default()
        };
        render::svg(&map, None, None, &view)
    })?;
    Ok(Checked {
        of: "risk-design",
        suggest: Some("risk-explore"),
        kind,
        problem: None,
        measures: measured,
        content: played,
        files,
    })
}

/// The seven criteria, in the paper's order.
const CRITERIA: [&str; 7] = [
    "completion",
    "duration",
    "advantage",
    "branching_factor",
    "drama",
    "killer_moves",
    "lead_change",
];

/// The map's counts: territories, borders, continents and the bonus of them all.
fn counts(map: &MapFile) -> Vec<Measure> {
    vec![
        Measure::plain("territories", map.territories.len()),
        Measure::plain("borders", map.borders.len()),
        Measure::plain("continents", map.continents.len()),
        Measure::plain(
            "bonus",
            map.continents
                .iter()
                .map(|c| u64::from(c.bonus))
                .sum::<u64>(),
        ),
    ]
}

/// The territories outside the largest group that reach one another, by name: what a map
/// that is not connected has cut off.
fn cut_off(map: &MapFile) -> Vec<String> {
    let n = map.territories.len();
    let mut next = vec![Vec::new(); n];
    for &[a, b] in &map.borders {
        let (a, b) = (a as usize, b as usize);
        if a < n && b < n {
            next[a].push(b);
            next[b].push(a);
        }
    }
    let mut group = vec![usize::MAX; n];
    let mut sizes = Vec::new();
    for first in 0..n {
        if group[first] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        let mut stack = vec![first];
        group[first] = id;
        let mut size = 0;
        while let Some(t) = stack.pop() {
            size += 1;
            for &u in &next[t] {
                if group[u] == usize::MAX {
                    group[u] = id;
                    stack.push(u);
                }
            }
        }
        sizes.push(size);
    }
    if sizes.len() < 2 {
        return Vec::new();
    }
    let largest = (0..sizes.len())
        .max_by_key(|&g| (sizes[g], usize::MAX - g))
        .unwrap_or(0);
    (0..n)
        .filter(|&t| group[t] != largest)
        .map(|t| map.territories[t].name.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(document: &Value) -> Checked {
        check(document, &Context::quiet().want("svg"))
            .expect("a variant")
            .expect("readable")
    }

    #[test]
    fn the_classic_board_plays_and_removing_a_border_may_cut_it() {
        let classic = run(&json!({"kind": "risk", "map": "classic"}));
        assert!(classic.problem.is_none(), "{:?}", classic.problem);
        let value = |c: &Checked, name: &str| {
            c.measures
                .iter()
                .find(|m| m.name == name)
                .map(|m| m.value.clone())
        };
        assert_eq!(value(&classic, "territories"), Some(json!(42)));
        assert_eq!(value(&classic, "borders"), Some(json!(83)));
        // The playtest is the designer's own evaluation, seeded by the document's seed.
        let again = run(&classic.content);
        assert_eq!(value(&again, "fitness"), value(&classic, "fitness"));
        let variant: Variant = serde_json::from_value(classic.content.clone()).unwrap();
        let content = crate::job::VariantContent::new(&json!({}))
            .unwrap()
            .with_seed(1);
        let ludoforge_evolve::Outcome::Evaluated(own) =
            ludoforge_job::search::Content::evaluate(&content, &variant)
        else {
            panic!("the designer rejects the classic board")
        };
        assert_eq!(value(&classic, "fitness"), Some(json!(own.fitness)));
        assert_eq!(
            value(&classic, "match_length"),
            Some(json!(own.descriptors[1]))
        );
        // Every border of one territory taken away leaves it alone.
        let mut cut = classic.content.clone();
        let map = &mut cut["map"];
        let first_name = map["territories"][0]["name"].as_str().unwrap().to_string();
        let borders: Vec<Value> = map["borders"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|b| b[0] != 0 && b[1] != 0)
            .cloned()
            .collect();
        map["borders"] = json!(borders);
        let checked = run(&cut);
        let problem = checked.problem.expect("invalid");
        assert_eq!(problem.at, [first_name]);
        assert!(
            problem.reason.contains("not connected"),
            "{}",
            problem.reason
        );
    }
}
