//! A scenario as ludoforge writes it: its [`ScenarioRecord`] with its score for one party size
//! and its monster difficulty for every party size.

use serde::{Deserialize, Serialize};

use crate::catalog::Catalog;
use crate::fitness::{COMPONENTS, Fitness};
use crate::record::ScenarioRecord;
use crate::scenario::{Players, Scenario};

/// A scenario in a file, with its score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScenarioEntry {
    /// The scenario.
    #[serde(flatten)]
    pub scenario: ScenarioRecord,
    /// The party size the score is for.
    pub players: Players,
    /// The total score.
    pub score: f64,
    /// The best possible score.
    pub maximum: f64,
    /// Each component (0..1) by name.
    pub components: Vec<(String, f64)>,
    /// The monster difficulty for 2, 3 and 4 players, on Isaac Childres' scale.
    pub difficulty: [f64; 3],
}

impl ScenarioEntry {
    /// The entry for a scenario scored by `fitness`, under `name`.
    #[must_use]
    pub fn of(catalog: &Catalog, s: &Scenario, name: &str, fitness: &Fitness) -> ScenarioEntry {
        let components = fitness.components(catalog, s);
        let mut scenario = ScenarioRecord::of(catalog, s);
        scenario.name = name.to_string();
        ScenarioEntry {
            scenario,
            players: fitness.players,
            score: fitness.weighted(&components),
            maximum: fitness.maximum(),
            components: COMPONENTS
                .iter()
                .zip(components)
                .map(|(n, c)| ((*n).to_string(), c))
                .collect(),
            difficulty: Players::ALL.map(|p| s.difficulty(catalog, p)),
        }
    }
}
