//! Suggestions around a designer's scenario: `gloomhaven-explore` started from a scenario
//! (`start`) with parts of it locked (`lock`).
//!
//! A lock names what every suggestion keeps of the start exactly: `tiles` (every map tile,
//! where it lies and how it is turned), `tile:NAME` (one tile, `tile:M1a`), `monsters` (every
//! standee, where it stands and how it is set up for each party size) or `overlays` (every
//! overlay tile). The search's own mutation and crossover make each suggestion, made again
//! when they would change a locked part ([`ludoforge_job::explore::Locked`]).

use ludoforge_job::JobError;

use super::files::read_scenarios;
use super::params::FileContent;
use crate::catalog::Catalog;
use crate::scenario::Scenario;

/// What a suggestion keeps of its start.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Locks {
    tiles: bool,
    monsters: bool,
    overlays: bool,
    /// Single tiles, by their index in the catalog.
    named: Vec<usize>,
}

impl Locks {
    /// The locks `lock` names, checked against the start's tiles.
    ///
    /// # Errors
    /// [`JobError::Parameters`] naming a lock that is not one of the kinds, or a tile the
    /// start does not use.
    pub fn read(catalog: &Catalog, start: &Scenario, lock: &[String]) -> Result<Locks, JobError> {
        let mut locks = Locks::default();
        for entry in lock.iter().flat_map(|l| l.split(',')).map(str::trim) {
            match entry {
                "" => {}
                "tiles" => locks.tiles = true,
                "monsters" => locks.monsters = true,
                "overlays" => locks.overlays = true,
                other => {
                    let Some(name) = other.strip_prefix("tile:") else {
                        return Err(JobError::parameters(format!(
                            "lock {other:?}: lock tiles, tile:NAME (tile:M1a), monsters or \
                             overlays"
                        )));
                    };
                    let Some(placed) = start
                        .map
                        .tiles
                        .iter()
                        .find(|t| catalog.tiles[t.tile].id == name.trim())
                    else {
                        let used: Vec<&str> = start
                            .map
                            .tiles
                            .iter()
                            .map(|t| catalog.tiles[t.tile].id.as_str())
                            .collect();
                        return Err(JobError::parameters(format!(
                            "lock {other:?}: the start has no tile {name}; its tiles are {}",
                            used.join(", ")
                        )));
                    };
                    locks.named.push(placed.tile);
                }
            }
        }
        Ok(locks)
    }

    /// Whether `s` keeps what these locks keep of `start`.
    #[must_use]
    pub fn kept(&self, start: &Scenario, s: &Scenario) -> bool {
        (!self.tiles || s.map.tiles == start.map.tiles)
            && (!self.monsters || s.monsters == start.monsters)
            && (!self.overlays || s.overlays == start.overlays)
            && self.named.iter().all(|&tile| {
                let placed = |x: &Scenario| x.map.tiles.iter().find(|t| t.tile == tile).copied();
                placed(s) == placed(start)
            })
    }
}

/// The scenario a search starts from: the first of a scenario file (ludoforge's, or Virtual
/// Gloomhaven Board's).
///
/// # Errors
/// [`JobError`] for a file that holds no scenario the catalog can make.
pub(super) fn start_scenario(catalog: &Catalog, file: &FileContent) -> Result<Scenario, JobError> {
    let (scenarios, _) = read_scenarios(catalog, file, "the start")?;
    scenarios
        .into_iter()
        .next()
        .ok_or_else(|| JobError::input("the start holds no scenario"))
}

#[cfg(test)]
mod tests {
    use ludoforge_job::{Context, Job};
    use serde_json::{Value, json};

    use super::super::{GloomhavenExploreJob, GloomhavenJob};
    use super::*;
    use crate::validity::check;

    /// A scenario the search made, as its result file's text.
    fn made() -> String {
        let params = json!({"cycles": 40, "preset": "gloomdungeons"});
        let artifact = GloomhavenJob.run(&params, 5, &Context::quiet()).unwrap();
        String::from_utf8(artifact.file("result").unwrap().bytes.clone()).unwrap()
    }

    #[test]
    fn every_suggestion_keeps_the_locked_tiles_and_monsters_and_is_valid() {
        let text = made();
        let catalog = Catalog::shared();
        let start = start_scenario(catalog, &FileContent::text_named("start", &text)).unwrap();
        let params = json!({
            "preset": "gloomdungeons",
            "start": {"content": text, "name": "start.json"},
            "lock": ["tiles", "monsters"],
            "explore": {"evaluations": 400, "initial": 40, "batch": 40},
        });
        let artifact = GloomhavenExploreJob
            .run(&params, 2, &Context::quiet())
            .unwrap();
        let shelf: Value = serde_json::from_slice(&artifact.file("result").unwrap().bytes).unwrap();
        let elites = shelf["elites"].as_array().unwrap();
        assert!(!elites.is_empty());
        let mut changed = 0;
        for elite in elites {
            let file = FileContent::text_named("elite", &elite["result"].to_string());
            let (scenarios, _) = read_scenarios(catalog, &file, "elite").unwrap();
            let s = &scenarios[0];
            assert_eq!(s.map.tiles, start.map.tiles, "a locked tile moved");
            assert_eq!(s.monsters, start.monsters, "a locked monster moved");
            assert_eq!(check(catalog, s), Ok(()));
            changed += usize::from(s.overlays != start.overlays || s.rules != start.rules);
        }
        // Suggestions, not copies: what is not locked varies.
        assert!(changed > 0, "every suggestion is the start");
    }

    #[test]
    fn locks_need_a_start_and_name_its_tiles() {
        let refused = |params: Value| GloomhavenExploreJob.check(&params).unwrap_err().to_string();
        assert!(refused(json!({"lock": ["tiles"]})).contains("give the scenario as `start` too"));
        let text = made();
        let start = json!({"content": text, "name": "start.json"});
        let said = refused(json!({"start": start, "lock": ["tile:Z9z"]}));
        assert!(
            said.contains("the start has no tile Z9z; its tiles are"),
            "{said}"
        );
        let said = refused(json!({"start": start, "lock": ["walls"]}));
        assert!(said.contains("lock tiles, tile:NAME"), "{said}");
    }
}
