//! What the Risk jobs share: the map a job is given, the reading of the rules, and the
//! criteria the fitness adds up.

use ludoforge_job::JobError;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::criteria::{Criterion, Formulas};
use crate::formats;
use crate::map::{EMBEDDED, RiskMap};
use crate::rules::Compat;

/// Which reading of the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RuleSet {
    /// The rules of Risk, scored with the paper's formulas.
    #[default]
    Standard,
    /// The published code's rules and criteria formulas, quirks included.
    Rossato2023,
}

impl RuleSet {
    /// The reading of the rules variants are played under.
    #[must_use]
    pub fn compat(self) -> Compat {
        match self {
            RuleSet::Standard => Compat::Standard,
            RuleSet::Rossato2023 => Compat::Rossato2023,
        }
    }

    /// The criteria formulas that go with it.
    #[must_use]
    pub fn formulas(self) -> Formulas {
        match self {
            RuleSet::Standard => Formulas::Paper,
            RuleSet::Rossato2023 => Formulas::Rossato2023,
        }
    }

    /// The rule set a reading of the rules belongs to.
    #[must_use]
    pub fn of(compat: Compat) -> RuleSet {
        match compat {
            Compat::Standard => RuleSet::Standard,
            Compat::Rossato2023 => RuleSet::Rossato2023,
        }
    }

    /// Its name in the parameters.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Standard => "standard",
            RuleSet::Rossato2023 => "rossato2023",
        }
    }
}

/// A map file's content, given instead of an embedded map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct MapFileParams {
    /// The name of a map whose file gives none: the published generator's format never does,
    /// Domination's and TAG's may not (a map in the project's format names itself). The
    /// command line gives the file's name without its extension.
    pub name: String,
    /// The file's content, as a JSON object or as the text of the file: a map in the project's
    /// format, the published generator's (`territories`, `connections`, `continents`,
    /// `continentsValue`), TAG's Risk map JSON (`nodes`, `continents`) or a Domination `.map`
    /// file (`[continents]`, `[countries]`, `[borders]`), told apart by what it holds.
    pub content: Value,
}

impl Default for MapFileParams {
    fn default() -> Self {
        MapFileParams {
            name: "map".into(),
            content: Value::Null,
        }
    }
}

/// The names of the embedded maps, for messages.
pub(super) fn embedded_names() -> String {
    let names: Vec<&str> = EMBEDDED.iter().map(|(n, _)| *n).collect();
    names.join(", ")
}

/// A file's content given as JSON or as its text, as text.
pub(super) fn content_text(what: &str, content: &Value) -> Result<String, JobError> {
    match content {
        Value::String(text) => Ok(text.clone()),
        Value::Object(_) => Ok(content.to_string()),
        Value::Null => Err(JobError::parameters(format!(
            "{what}: give the file's content, as a JSON object or as its text"
        ))),
        _ => Err(JobError::parameters(format!(
            "{what}: give the file's content as a JSON object or as its text, not {content}"
        ))),
    }
}

/// The map of `map` (an embedded map's name, classic when not given) or `map_file`.
pub(super) fn load_map(
    map: Option<&str>,
    map_file: Option<&MapFileParams>,
    allow_one_way: bool,
) -> Result<RiskMap, JobError> {
    match (map, map_file) {
        (Some(name), Some(file)) => Err(JobError::parameters(format!(
            "map {name} and map_file {:?} both give the map; keep one of them",
            file.name
        ))),
        (name, None) => {
            let name = name.unwrap_or("classic");
            RiskMap::embedded(name).ok_or_else(|| {
                JobError::parameters(format!(
                    "map {name}: not an embedded map; give one of {}, or a map file's \
                     content as map_file",
                    embedded_names()
                ))
            })
        }
        (None, Some(file)) => {
            let text = content_text("map_file.content", &file.content)?;
            formats::read(&text, &file.name, allow_one_way)
                .map_err(|e| JobError::input(format!("the map file {:?}: {e}", file.name)))
        }
    }
}

/// Checks the criteria the fitness adds up and their weights, before any match is played.
pub(super) fn check_scoring(
    criteria: &[Criterion],
    weights: Option<&[f64]>,
) -> Result<(), JobError> {
    let bad = |m: String| Err(JobError::parameters(m));
    let names = || {
        criteria
            .iter()
            .map(|c| c.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if criteria.is_empty() {
        return bad(format!(
            "criteria []: name at least one criterion among {}",
            Criterion::ALL.map(Criterion::name).join(", ")
        ));
    }
    for (i, c) in criteria.iter().enumerate() {
        if criteria[..i].contains(c) {
            return bad(format!(
                "criteria {}: {c} is listed twice; list each criterion once",
                names()
            ));
        }
    }
    if let Some(weights) = weights {
        if weights.len() != criteria.len() {
            let given: Vec<String> = weights.iter().map(f64::to_string).collect();
            return bad(format!(
                "weights {}: give {} numbers, one per criterion used ({}), in the same order",
                given.join(","),
                criteria.len(),
                names()
            ));
        }
        for (c, w) in criteria.iter().zip(weights) {
            if !(w.is_finite() && *w >= 0.0) {
                return bad(format!(
                    "weights: the weight of {c} is {w}; give each weight as a number of at \
                     least 0"
                ));
            }
        }
    }
    Ok(())
}

/// The schema of a parameter naming an embedded map: one of their names, or none (the
/// classic map), so a form offers them as a list to pick from.
pub(crate) fn embedded_map(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let names: Vec<&str> = crate::map::EMBEDDED.iter().map(|(name, _)| *name).collect();
    schemars::json_schema!({
        "anyOf": [{"type": "string", "enum": names}, {"type": "null"}]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_is_named_or_given_but_not_both() {
        assert_eq!(load_map(None, None, false).unwrap().name(), "classic");
        assert_eq!(
            load_map(Some("map8"), None, false).unwrap().territories(),
            10
        );
        let unknown = load_map(Some("atlantis"), None, false).unwrap_err();
        assert!(
            unknown
                .to_string()
                .contains("map atlantis: not an embedded map")
        );
        assert!(unknown.to_string().contains("warmap"), "{unknown}");
        let file = MapFileParams {
            name: "tiny".into(),
            content: serde_json::json!({"territories": [0, 1], "connections": {"0": [1], "1": [0]},
                "continents": {"0": [0, 1]}, "continentsValue": {"0": 2}}),
        };
        let both = load_map(Some("classic"), Some(&file), false).unwrap_err();
        assert!(
            both.to_string().contains("map classic and map_file"),
            "{both}"
        );
        // A published map takes the name given, as text or as JSON.
        assert_eq!(load_map(None, Some(&file), false).unwrap().name(), "tiny");
        let text = MapFileParams {
            content: Value::String(file.content.to_string()),
            ..file.clone()
        };
        assert_eq!(load_map(None, Some(&text), false).unwrap().territories(), 2);
        let empty = load_map(None, Some(&MapFileParams::default()), false).unwrap_err();
        assert!(empty.to_string().contains("map_file.content"), "{empty}");
    }

    #[test]
    fn domination_and_tag_maps_are_read_beside_the_projects() {
        let classic = RiskMap::embedded("classic").unwrap();
        let given = |content: Value| MapFileParams {
            name: "stem".into(),
            content,
        };
        let text = formats::domination::write(&classic, 1);
        let map = load_map(None, Some(&given(Value::String(text))), false).unwrap();
        assert_eq!(map.file(), classic.file());
        // TAG's JSON as the command line passes a JSON file: an object.
        let json: Value = serde_json::from_str(&formats::tag::write(&classic, 1)).unwrap();
        let map = load_map(None, Some(&given(json)), false).unwrap();
        assert_eq!(map.file(), classic.file());
        // A file in none of the formats names those it could have been in.
        let prose = given(Value::String("Alaska borders Kamchatka".into()));
        let refused = load_map(None, Some(&prose), false).unwrap_err().to_string();
        assert!(refused.contains("the map file \"stem\": not a map in a format read here"));
        assert!(refused.contains("TAG's Risk map JSON") && refused.contains("Domination"));
        // A malformed Domination map names its line.
        let bad = given(Value::String("[countries]\n1 Alaska 1 0\n".into()));
        let refused = load_map(None, Some(&bad), false).unwrap_err().to_string();
        assert!(
            refused.contains("line 2 of the Domination map"),
            "{refused}"
        );
    }

    #[test]
    fn one_way_arcs_are_refused_unless_allowed() {
        let file = MapFileParams {
            name: "w".into(),
            content: serde_json::json!({"territories": [0, 1, 2],
                "connections": {"0": [1], "1": [0, 2], "2": []},
                "continents": {"0": [0, 1, 2]}, "continentsValue": {"0": 2}}),
        };
        let refused = load_map(None, Some(&file), false).unwrap_err();
        assert!(
            refused
                .to_string()
                .contains("territory 1 lists 2 as a neighbour but 2 does not list 1"),
            "{refused}"
        );
        assert_eq!(load_map(None, Some(&file), true).unwrap().territories(), 3);
    }

    #[test]
    fn the_scoring_is_checked_before_any_match() {
        use Criterion::{Completion, Drama};
        assert!(check_scoring(&[Completion, Drama], Some(&[2.0, 0.0])).is_ok());
        let count = check_scoring(&[Completion, Drama], Some(&[1.0])).unwrap_err();
        assert!(count.to_string().contains("one per criterion"), "{count}");
        let negative = check_scoring(&[Completion, Drama], Some(&[1.0, -1.0])).unwrap_err();
        assert!(negative.to_string().contains("drama is -1"), "{negative}");
        let twice = check_scoring(&[Drama, Drama], None).unwrap_err();
        assert!(twice.to_string().contains("listed twice"), "{twice}");
        assert!(check_scoring(&[], None).is_err());
    }
}
