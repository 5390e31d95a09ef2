//! The jobs over the benchmark's problems: `pcg-evolve` breeds a set of contents with the
//! engine's genetic algorithm as the benchmark's own baselines do (each content with a control
//! drawn from the problem's control space); `pcg-explore` fills a MAP-Elites archive over the
//! measures the controls ask for, so one run answers every control target, and picks a set from
//! it for controls drawn the same way. Both write the set as the benchmark reads it (2-D integer
//! arrays and control dictionaries, ready for `env.evaluate(contents, controls)`) with the
//! benchmark's three scores computed natively.

mod adapter;
mod document;
mod evolve;
mod explore;
mod picture;

pub use adapter::{
    Contents, Fitness, Genome, INTERRUPTED, LINEAGES, Prior, corridor, corridor_walk,
};
pub use document::{GENERATOR, SET_KIND, SetDocument, SetScores, score_set};
pub use evolve::{EvolveJob, EvolveParams, MAX_EVALUATIONS, MAX_SIZE};
pub use explore::{
    CONTENT_KIND, ExploreJob, ExploreParams, PICK_CANDIDATES, default_exploration, offered,
    pick_set,
};
pub use picture::set_svg;

use ludoforge_job::Job;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What this generator makes, for galleries.
pub const ABOUT: ludoforge_job::registry::About = ludoforge_job::registry::About {
    title: "PCG Benchmark problems",
    sentence: "The public PCG Benchmark's binary mazes, zelda rooms, sokoban levels and mini dungeons, scored natively with the benchmark's own quality, controllability and diversity.",
};

/// This generator's jobs, for a front end's registry.
///
/// ```
/// let ids: Vec<_> = ludoforge_pcgbench::job::jobs().iter().map(|j| j.id()).collect();
/// assert_eq!(ids, ["pcg-evolve", "pcg-explore"]);
/// ```
#[must_use]
pub fn jobs() -> Vec<Box<dyn Job>> {
    vec![Box::new(EvolveJob), Box::new(ExploreJob)]
}

/// A problem of the benchmark by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub enum Name {
    /// `binary-v0`: a 14×14 maze, one region, a long path.
    #[default]
    #[serde(rename = "binary-v0")]
    BinaryV0,
    /// `binary-wide-v0`: 28×14.
    #[serde(rename = "binary-wide-v0")]
    BinaryWideV0,
    /// `binary-large-v0`: 28×28.
    #[serde(rename = "binary-large-v0")]
    BinaryLargeV0,
    /// `zelda-v0`: an 11×7 room with a player, a key, a door and 3 enemies.
    #[serde(rename = "zelda-v0")]
    ZeldaV0,
    /// `zelda-enemies-v0`: 11×7 with 12 enemies.
    #[serde(rename = "zelda-enemies-v0")]
    ZeldaEnemiesV0,
    /// `zelda-large-v0`: 18×12 with 8 enemies.
    #[serde(rename = "zelda-large-v0")]
    ZeldaLargeV0,
    /// `sokoban-v0`: a 5×5 room, crates pushed onto targets, a solution of 10 moves or more.
    #[serde(rename = "sokoban-v0")]
    SokobanV0,
    /// `sokoban-complex-v0`: 5×5, a solution of 40 moves or more.
    #[serde(rename = "sokoban-complex-v0")]
    SokobanComplexV0,
    /// `sokoban-large-v0`: 8×8, a solution of 48 moves or more.
    #[serde(rename = "sokoban-large-v0")]
    SokobanLargeV0,
    /// `mdungeons-v0`: an 8×12 dungeon with a player, an exit and 8 enemies the solution meets.
    #[serde(rename = "mdungeons-v0")]
    MdungeonsV0,
    /// `mdungeons-enemies-v0`: 8×12 with 16 enemies.
    #[serde(rename = "mdungeons-enemies-v0")]
    MdungeonsEnemiesV0,
    /// `mdungeons-large-v0`: 16×24 with 16 enemies and a search budget twice as large.
    #[serde(rename = "mdungeons-large-v0")]
    MdungeonsLargeV0,
}

impl Name {
    /// Every problem, in the benchmark's order.
    pub const ALL: [Name; 12] = [
        Name::BinaryV0,
        Name::BinaryWideV0,
        Name::BinaryLargeV0,
        Name::ZeldaV0,
        Name::ZeldaEnemiesV0,
        Name::ZeldaLargeV0,
        Name::SokobanV0,
        Name::SokobanComplexV0,
        Name::SokobanLargeV0,
        Name::MdungeonsV0,
        Name::MdungeonsEnemiesV0,
        Name::MdungeonsLargeV0,
    ];

    /// The benchmark's name (`"zelda-v0"`).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Name::BinaryV0 => "binary-v0",
            Name::BinaryWideV0 => "binary-wide-v0",
            Name::BinaryLargeV0 => "binary-large-v0",
            Name::ZeldaV0 => "zelda-v0",
            Name::ZeldaEnemiesV0 => "zelda-enemies-v0",
            Name::ZeldaLargeV0 => "zelda-large-v0",
            Name::SokobanV0 => "sokoban-v0",
            Name::SokobanComplexV0 => "sokoban-complex-v0",
            Name::SokobanLargeV0 => "sokoban-large-v0",
            Name::MdungeonsV0 => "mdungeons-v0",
            Name::MdungeonsEnemiesV0 => "mdungeons-enemies-v0",
            Name::MdungeonsLargeV0 => "mdungeons-large-v0",
        }
    }

    /// The problem of a benchmark name, if it is one of these.
    #[must_use]
    pub fn parse(text: &str) -> Option<Name> {
        Name::ALL.into_iter().find(|n| n.as_str() == text)
    }
}

/// Runs `$body` with `$p` bound to the problem `$name` names (each a different type).
macro_rules! with_problem {
    ($name:expr, |$p:ident| $body:expr) => {
        match $name {
            $crate::job::Name::BinaryV0 => {
                let $p = $crate::binary::Binary::v0();
                $body
            }
            $crate::job::Name::BinaryWideV0 => {
                let $p = $crate::binary::Binary::wide();
                $body
            }
            $crate::job::Name::BinaryLargeV0 => {
                let $p = $crate::binary::Binary::large();
                $body
            }
            $crate::job::Name::ZeldaV0 => {
                let $p = $crate::zelda::Zelda::v0();
                $body
            }
            $crate::job::Name::ZeldaEnemiesV0 => {
                let $p = $crate::zelda::Zelda::enemies();
                $body
            }
            $crate::job::Name::ZeldaLargeV0 => {
                let $p = $crate::zelda::Zelda::large();
                $body
            }
            $crate::job::Name::SokobanV0 => {
                let $p = $crate::sokoban::Sokoban::v0();
                $body
            }
            $crate::job::Name::SokobanComplexV0 => {
                let $p = $crate::sokoban::Sokoban::complex();
                $body
            }
            $crate::job::Name::SokobanLargeV0 => {
                let $p = $crate::sokoban::Sokoban::large();
                $body
            }
            $crate::job::Name::MdungeonsV0 => {
                let $p = $crate::mdungeons::MiniDungeons::v0();
                $body
            }
            $crate::job::Name::MdungeonsEnemiesV0 => {
                let $p = $crate::mdungeons::MiniDungeons::enemies();
                $body
            }
            $crate::job::Name::MdungeonsLargeV0 => {
                let $p = $crate::mdungeons::MiniDungeons::large();
                $body
            }
        }
    };
}
pub(crate) use with_problem;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::binary::Binary;
    use crate::{Grid, Problem, evaluate};
    use ludoforge_job::Context;
    use serde_json::{Value, json};

    fn set_of(job: &dyn Job, params: &Value, seed: u64, role: &str) -> SetDocument {
        let context = Context::quiet();
        let artifact = job.run(params, seed, &context).expect("runs");
        let bytes = artifact.file(role).expect("a set").to_bytes().unwrap();
        serde_json::from_slice(&bytes).expect("a set document")
    }

    #[test]
    fn a_set_is_scored_as_the_benchmark_scores_it_and_made_again_by_its_seed() {
        for (job, params, role) in [
            (
                &EvolveJob as &dyn Job,
                json!({"problem": "zelda-v0", "size": 12, "evaluations": 600}),
                "result",
            ),
            (
                &ExploreJob as &dyn Job,
                json!({"problem": "binary-v0", "size": 12, "explore": {"evaluations": 600}}),
                "set",
            ),
        ] {
            let set = set_of(job, &params, 3, role);
            assert_eq!(
                set,
                set_of(job, &params, 3, role),
                "{}: same seed, same set",
                job.id()
            );
            assert_eq!(set.contents.len(), 12);
            let name = Name::parse(&set.problem).unwrap();
            with_problem!(name, |p| {
                let infos: Vec<_> = set.contents.iter().map(|c| p.info(c)).collect();
                let controls: Vec<Vec<i64>> = set
                    .controls
                    .iter()
                    .map(|c| p.controls().iter().map(|d| c[d.name]).collect())
                    .collect();
                for c in &controls {
                    for (v, d) in c.iter().zip(p.controls()) {
                        assert!(
                            (d.low..d.high).contains(v),
                            "{}: control {v} outside {d:?}",
                            job.id()
                        );
                    }
                }
                let scores = evaluate(&p, &infos, Some(&controls));
                assert_eq!(
                    (scores.quality, scores.controllability, scores.diversity),
                    (
                        set.scores.quality,
                        set.scores.controllability,
                        set.scores.diversity
                    )
                );
            });
        }
    }

    #[test]
    fn picks_meet_their_controls_with_distinct_contents() {
        // Two one-region mazes with paths 40 and 60 (worked by hand: serpentines cut short).
        let problem = Binary::v0();
        let corridor = |length: usize| {
            let mut grid = Grid::filled(14, 14, 0);
            let mut placed = 0;
            'rows: for y in (0..14).step_by(2) {
                let xs: Vec<usize> = if y % 4 == 0 {
                    (0..14).collect()
                } else {
                    (0..14).rev().collect()
                };
                for x in xs {
                    if placed == length + 1 {
                        break 'rows;
                    }
                    grid.set(x, y, 1);
                    placed += 1;
                }
                if placed < length + 1 && y + 1 < 14 {
                    grid.set(if y % 4 == 0 { 13 } else { 0 }, y + 1, 1);
                    placed += 1;
                }
            }
            grid
        };
        let infos: Vec<_> = [corridor(40), corridor(60), corridor(40)]
            .iter()
            .map(|g| problem.info(g))
            .collect();
        assert_eq!((infos[0].path, infos[1].path), (40, 60));
        let picked = explore::pick_set(
            &problem,
            &infos,
            &[vec![60], vec![40], vec![40], vec![40]],
            None,
        );
        assert_eq!(picked[0], 1, "the path of 60 answers 60");
        assert_eq!(picked[1], 0, "the first of the two 40s");
        assert_eq!(picked[2], 2, "then the other one");
        assert!(picked[3] == 0 || picked[3] == 2, "all taken: one again");
    }

    #[test]
    fn one_exploration_setting_given_leaves_the_others_at_this_jobs_defaults() {
        let checked = ExploreJob
            .check(&json!({"problem": "mdungeons-v0", "explore": {"initial": 500}}))
            .unwrap();
        let mut expected = serde_json::to_value(default_exploration()).unwrap();
        expected["initial"] = json!(500);
        assert_eq!(checked["explore"], expected);
        assert_eq!(checked["explore"]["evaluations"], json!(10_100));
        let refused = ExploreJob
            .check(&json!({"explore": {"initial": "many"}}))
            .unwrap_err()
            .to_string();
        assert!(refused.contains("explore"), "{refused}");
    }

    #[test]
    fn explorations_refuse_another_problems_descriptors() {
        let refused = ExploreJob
            .check(&json!({"problem": "zelda-v0", "explore": {"descriptors": ["path", "lineage"]}}))
            .unwrap_err()
            .to_string();
        assert!(
            refused.contains("there is no descriptor `path` here"),
            "{refused}"
        );
        assert!(ExploreJob.check(&json!({"problem": "binary-large-v0", "explore": {"descriptors": ["path", "empty"]}})).is_ok());
    }
}
