//! Suggestions around a designer's variant: `risk-explore` started from a variant (`start`)
//! with parts of it locked (`lock`): `rules` (every rule as it is), `map` (the whole map:
//! territories, borders, continents) or `bonuses` (the continents, each with its bonus).
//! The designer's own mutation and crossover make each suggestion, made again when they would
//! change a locked part ([`ludoforge_job::explore::Locked`]).

use ludoforge_job::JobError;
use serde_json::Value;

use crate::design::Variant;

/// What a suggestion keeps of its start.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Locks {
    rules: bool,
    map: bool,
    bonuses: bool,
}

impl Locks {
    /// The locks `lock` names.
    ///
    /// # Errors
    /// [`JobError::Parameters`] naming a lock that is not one of the kinds.
    pub fn read(lock: &[String]) -> Result<Locks, JobError> {
        let mut locks = Locks::default();
        for entry in lock.iter().flat_map(|l| l.split(',')).map(str::trim) {
            match entry {
                "" => {}
                "rules" => locks.rules = true,
                "map" => locks.map = true,
                "bonuses" => locks.bonuses = true,
                other => {
                    return Err(JobError::parameters(format!(
                        "lock {other:?}: lock rules, map or bonuses"
                    )));
                }
            }
        }
        Ok(locks)
    }

    /// Whether `v` keeps what these locks keep of `start`.
    #[must_use]
    pub fn kept(&self, start: &Variant, v: &Variant) -> bool {
        self.changed(start, v).is_none()
    }

    /// The first locked part `v` changes of `start` (`rules`, `map`, `bonuses`), if any.
    #[must_use]
    pub fn changed(&self, start: &Variant, v: &Variant) -> Option<&'static str> {
        fn bonuses(x: &Variant) -> Vec<(&str, u32)> {
            let mut b: Vec<(&str, u32)> = x
                .map
                .continents
                .iter()
                .map(|c| (c.name.as_str(), c.bonus))
                .collect();
            b.sort_unstable();
            b
        }
        if self.rules && v.rules != start.rules {
            Some("rules")
        } else if self.map && v.map != start.map {
            Some("map")
        } else if self.bonuses && bonuses(v) != bonuses(start) {
            Some("bonuses")
        } else {
            None
        }
    }
}

/// The variant a search starts from: a `risk-design` document (a result's best, an elite, a
/// checked file), as itself or as a file given by content (`{"content": ..., "name": ...}`).
///
/// # Errors
/// [`JobError::Input`] for a start that is not a variant.
pub fn start_variant(start: &Value) -> Result<Variant, JobError> {
    let document = ludoforge_job::check::given(start)
        .map_err(|e| JobError::input(format!("the start is not JSON: {e}")))?;
    serde_json::from_value(document.clone()).map_err(|e| {
        JobError::input(format!(
            "the start is not a Risk variant ({e}): give a risk-design result, an elite of \
             risk-explore or a checked variant"
        ))
    })
}

#[cfg(test)]
mod tests {
    use ludoforge_job::{Context, Job};
    use serde_json::json;

    use super::*;
    use crate::job::ExploreJob;
    use crate::map::RiskMap;
    use crate::rules::Rules;

    fn start() -> Variant {
        Variant {
            rules: Rules::classic(),
            map: RiskMap::embedded("map8").unwrap().file().clone(),
        }
    }

    fn shelf(lock: &[&str]) -> Vec<Variant> {
        let document = json!({"generator": "risk-design", "seed": 1,
                              "rules": start().rules, "map": start().map});
        let params = json!({
            "matches": 4,
            "start": {"content": document.to_string(), "name": "start.json"},
            "lock": lock,
            "explore": {"evaluations": 80, "initial": 16, "batch": 16},
        });
        let artifact = ExploreJob.run(&params, 3, &Context::quiet()).unwrap();
        let archive: Value =
            serde_json::from_slice(&artifact.file("result").unwrap().bytes).unwrap();
        archive["elites"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| serde_json::from_value(e["result"].clone()).unwrap())
            .collect()
    }

    #[test]
    fn suggestions_keep_the_map_or_the_rules_and_bonuses_locked() {
        let start = start();
        let kept_map = shelf(&["map"]);
        assert!(!kept_map.is_empty());
        assert!(kept_map.iter().all(|v| v.map == start.map));
        assert!(
            kept_map.iter().any(|v| v.rules != start.rules),
            "no rule varied"
        );
        let kept_rules = shelf(&["rules", "bonuses"]);
        let locks = Locks::read(&["rules".into(), "bonuses".into()]).unwrap();
        assert!(kept_rules.iter().all(|v| locks.kept(&start, v)));
        assert!(kept_rules.iter().all(|v| v.rules == start.rules));
    }

    #[test]
    fn variants_sent_while_it_runs_are_taken_unless_they_change_a_locked_part() {
        let start = start();
        let document =
            |v: &Variant| json!({"kind": "risk", "seed": 1, "rules": v.rules, "map": v.map});
        let mut other_rules = start.clone();
        other_rules.rules.defence_dice = 1;
        let mut other_bonus = start.clone();
        other_bonus.map.continents[0].bonus += 3;
        let params = json!({
            "matches": 4,
            "start": {"content": document(&start).to_string(), "name": "start.json"},
            "lock": ["rules"],
            "explore": {"evaluations": 48, "initial": 16, "batch": 16},
        });
        let inbox = ludoforge_job::inbox::Inbox::default();
        inbox.open();
        inbox.post(document(&other_bonus)).unwrap();
        inbox.post(document(&other_rules)).unwrap();
        let context = Context::quiet().with_inbox(&inbox);
        let artifact = ExploreJob.run(&params, 3, &context).unwrap();
        let archive: Value =
            serde_json::from_slice(&artifact.file("result").unwrap().bytes).unwrap();
        let counts = inbox.counts();
        assert_eq!((counts.taken, counts.refused), (1, 1), "{counts:?}");
        assert_eq!(
            counts.refusal.as_deref(),
            Some(
                "it changes the rules, locked when the search began: untick rules and suggest \
                 again to send such a variant"
            )
        );
        assert_eq!(archive["edits"]["taken"], 1);
        let locks = Locks::read(&["rules".into()]).unwrap();
        assert_eq!(locks.changed(&start, &other_rules), Some("rules"));
        assert_eq!(locks.changed(&start, &other_bonus), None);
    }

    #[test]
    fn locks_are_named_and_need_a_start() {
        assert!(
            Locks::read(&["walls".into()])
                .unwrap_err()
                .to_string()
                .contains("lock rules, map or bonuses")
        );
        let said = ExploreJob
            .check(&json!({"lock": ["map"]}))
            .unwrap_err()
            .to_string();
        assert!(said.contains("give the variant as `start` too"), "{said}");
        let said = start_variant(&json!({"content": "{\"kind\": \"chess\"}"})).unwrap_err();
        assert!(
            said.to_string().contains("the start is not a Risk variant"),
            "{said}"
        );
    }
}
