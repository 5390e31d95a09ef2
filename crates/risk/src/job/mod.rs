//! The Risk jobs: `risk-playtest`, `risk-design`, `risk-map` and `risk-explore` (see
//! `ludoforge-job`).
//!
//! Each front end (the command line, the web studio, sweeps) runs Risk through these, so the
//! same parameters and seed give the same files whichever asks. Jobs read no files: a map or
//! variant file is given by its content.
//!
//! | job | files (role: media type) |
//! |---|---|
//! | `risk-playtest` | `result` (JSON: the criteria and fitness with their 95% intervals, wins, draws; how far `auto` went), `text` (the same as a table for a person), `record` (JSON lines: every match's turn records) |
//! | `risk-design` | `result` (JSON: the variant chosen, which `risk-playtest` reads as `variant`, with the rule of the second look and every candidate's fitness in the run and re-played), `population` (JSON), `plot` (SVG: the fitness per generation), `plot-png` (PNG), `svg` and `png` (the chosen variant's map) |
//! | `risk-map` | `result` (JSON: the map in the project's format, positioned as drawn), `svg`, `png` |
//! | `risk-explore` | `result` (JSON: the archive, every elite's `result` a variant file as `risk-design` writes it), `svg` and `png` (the heatmap), `plot` and `plot-png` (coverage and QD score over the evaluations) |

mod check;
mod design;
mod explore;
mod map;
mod params;
mod playtest;
mod search;
mod suggest;

pub use check::check;
pub use design::{DesignJob, DesignParams};
pub use explore::{ExploreJob, ExploreParams, explore_descriptors};
pub use map::{MapJob, MapParams};
pub use params::{MapFileParams, RuleSet};
pub use playtest::{Checked as PlaytestChecked, Game, MAX_MATCHES, PlaytestJob, PlaytestParams};
pub use search::VariantContent;
pub use suggest::{Locks, start_variant};

use ludoforge_job::Job;

/// What this generator makes, for galleries.
pub const ABOUT: ludoforge_job::registry::About = ludoforge_job::registry::About {
    title: "Risk variants",
    sentence: "Rules and planar maps for two-player Risk, playtested by agents and scored on seven quality criteria, evolved by a genetic algorithm (after Rossato et al.).",
};

/// The Risk jobs, for a front end's registry.
///
/// ```
/// let ids: Vec<_> = ludoforge_risk::job::jobs().iter().map(|j| j.id()).collect();
/// assert_eq!(ids, ["risk-playtest", "risk-design", "risk-map", "risk-explore"]);
/// ```
#[must_use]
pub fn jobs() -> Vec<Box<dyn Job>> {
    vec![
        Box::new(PlaytestJob),
        Box::new(DesignJob),
        Box::new(MapJob),
        Box::new(ExploreJob),
    ]
}

#[cfg(test)]
mod tests {
    use ludoforge_job::Context;
    use serde_json::{Value, json};

    use super::*;

    fn refusal(job: &dyn Job, params: Value) -> String {
        match job.check(&params) {
            Ok(_) => panic!("{} accepted {params}", job.id()),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn a_variant_file_goes_with_no_map_or_rule_parameter() {
        let variant = json!({"rules": {"distribution": "pick", "troop_factor": 3, "defence_dice": 2,
            "conquest_move": "max", "max_player_turns": 48, "compat": "standard"},
            "map": embedded_map_json("map8")});
        assert!(PlaytestJob.check(&json!({"variant": variant})).is_ok());
        // The issue's case: --variant v.json --map classic --troop-factor 1.
        let both = refusal(
            &PlaytestJob,
            json!({"variant": variant, "map": "classic", "troop_factor": 1}),
        );
        assert!(
            both.starts_with("variant and map classic, troop_factor 1 contradict each other"),
            "{both}"
        );
        let turns = refusal(&PlaytestJob, json!({"variant": variant, "turn_limit": 30}));
        assert!(turns.contains("variant and turn_limit 30"), "{turns}");
        // Its own reading of the rules may be repeated.
        assert!(
            PlaytestJob
                .check(&json!({"variant": variant, "rules": "standard"}))
                .is_ok()
        );
        let broken = refusal(&PlaytestJob, json!({"variant": "{\"rules\": 1}"}));
        assert!(broken.contains("not a variant file"), "{broken}");
    }

    #[test]
    fn a_variant_file_is_played_under_its_reading_of_the_rules_unless_rules_says_otherwise() {
        use crate::criteria::Formulas;
        use crate::rules::{Compat, Rules};
        let game = |params: Value| {
            ludoforge_job::params::typed::<PlaytestParams>(&params)
                .unwrap()
                .game()
                .unwrap()
        };
        let designed = json!({"rules": Rules::classic().rossato2023(),
            "map": embedded_map_json("map8")});
        let own = game(json!({"variant": designed}));
        assert_eq!(own.rules.compat, Compat::Rossato2023);
        assert_eq!(own.formulas, Formulas::Rossato2023);
        assert!(
            own.reading
                .unwrap()
                .starts_with("rules reading rossato2023: the variant's own")
        );
        // rules replaces it, with the turn limit of the reading given.
        let standard = game(json!({"variant": designed, "rules": "standard"}));
        assert_eq!(
            (standard.rules.compat, standard.rules.max_player_turns),
            (Compat::Standard, 48)
        );
        assert_eq!(standard.formulas, Formulas::Paper);
        assert!(
            standard
                .reading
                .unwrap()
                .contains("given by rules, instead of the variant's own (rossato2023)")
        );
        // A file that names no reading keeps the standard one, and says so.
        let mut old = designed.clone();
        old["rules"].as_object_mut().unwrap().remove("compat");
        old["rules"]["max_player_turns"] = json!(48);
        let unnamed = game(json!({"variant": old}));
        assert_eq!(unnamed.rules.compat, Compat::Standard);
        assert_eq!(unnamed.formulas, Formulas::Paper);
        assert!(unnamed.reading.unwrap().contains("names none"));
        let published = game(json!({"variant": old, "rules": "rossato2023"}));
        assert_eq!(
            (published.rules.compat, published.rules.max_player_turns),
            (Compat::Rossato2023, 49)
        );
        assert_eq!(published.formulas, Formulas::Rossato2023);
    }

    fn embedded_map_json(name: &str) -> Value {
        serde_json::to_value(crate::map::RiskMap::embedded(name).unwrap().file()).unwrap()
    }

    #[test]
    fn out_of_range_values_are_named_with_the_way_out() {
        for (params, message) in [
            (
                json!({"matches": 0}),
                "matches 0: give between 1 and 1000000, or auto",
            ),
            (
                json!({"troop_factor": 5}),
                "troop_factor 5: give 1, 2, 3 or 4",
            ),
            (json!({"defence_dice": 1}), "defence_dice 1: give 2 or 3"),
            (
                json!({"turn_limit": 1}),
                "turn_limit 1: give between 2 and 100000",
            ),
            (json!({"weights": [1, 2]}), "one per criterion"),
            (json!({"criteria": ["fun"]}), "unknown choice `fun`"),
            (
                json!({"map": "atlantis"}),
                "map atlantis: not an embedded map",
            ),
        ] {
            let refused = refusal(&PlaytestJob, params);
            assert!(refused.contains(message), "{refused}");
        }
        for (params, message) in [
            (
                json!({"mutation": 2.0}),
                "mutation 2: give a probability between 0 and 1",
            ),
            (
                json!({"offspring": 1}),
                "offspring 1: give between 2 and 10000",
            ),
            (json!({"generations": 10_001}), "generations 10001"),
            (json!({"population": 50}), "unknown parameter `population`"),
        ] {
            let refused = refusal(&DesignJob, params);
            assert!(refused.contains(message), "{refused}");
        }
        let both = refusal(
            &MapJob,
            json!({"map": "map8", "map_file": {"name": "x", "content": "{}"}}),
        );
        assert!(both.contains("keep one of them"), "{both}");
    }

    #[test]
    fn a_stopped_design_keeps_the_population_it_reached() {
        let params = json!({"generations": 3, "offspring": 4, "tournament": 2, "matches": 2});
        let stop = std::sync::atomic::AtomicBool::new(false);
        // Stopped once the four variants of the initial population are played.
        let events = |event: &ludoforge_job::Event| {
            if let ludoforge_job::Event::Advance { done: 4, .. } = event {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        };
        let context = Context::new(&events, &stop);
        let artifact = DesignJob.run(&params, 1, &context).unwrap();
        assert_eq!(artifact.ending, ludoforge_job::Ending::Interrupted);
        assert_eq!(artifact.summary["history"].as_array().unwrap().len(), 1);
        assert!(artifact.file("result").is_some());
        assert!(artifact.notes[0].contains("best variant found so far was kept"));
    }

    #[test]
    fn a_design_stopped_before_it_plays_a_match_says_nothing_was_made() {
        let params = json!({"generations": 3, "offspring": 4, "tournament": 2, "matches": 2});
        let stop = std::sync::atomic::AtomicBool::new(true);
        let context = Context::new(&|_| {}, &stop);
        let refused = DesignJob.run(&params, 1, &context).unwrap_err().to_string();
        assert!(refused.contains("nothing was made yet"), "{refused}");
    }

    #[test]
    fn matches_are_a_number_or_auto_and_nonsense_is_refused_in_words() {
        for (given, message) in [
            ("auto:-1", "auto:-1: ε must be above 0"),
            ("auto:0", "auto:0: ε must be above 0"),
            ("auto:abc", "auto:abc: \"abc\" is not a number"),
            ("many", "many: give a whole number of matches, or auto"),
        ] {
            let refused = refusal(&PlaytestJob, json!({"matches": given}));
            assert!(
                refused.starts_with(&format!("parameter `matches`: {message}")),
                "{refused}"
            );
        }
        let negative = refusal(&PlaytestJob, json!({"matches": -1}));
        assert!(
            negative.contains("-1: give a whole number of matches"),
            "{negative}"
        );
        // Old files give a number, and it is written back as one.
        for (given, echoed) in [
            (json!(30), json!(30)),
            (json!("30"), json!(30)),
            (json!("auto"), json!("auto")),
            (json!("auto:0.1"), json!("auto:0.1")),
        ] {
            let params: PlaytestParams =
                ludoforge_job::params::typed(&json!({"matches": given})).unwrap();
            assert_eq!(serde_json::to_value(&params).unwrap()["matches"], echoed);
            assert!(PlaytestJob.check(&json!({"matches": given})).is_ok());
        }
    }

    #[test]
    fn an_automatic_playtest_reports_how_far_it_went() {
        let stop = std::sync::atomic::AtomicBool::new(false);
        let context = Context::new(&|_| {}, &stop);
        let artifact = PlaytestJob
            .run(&json!({"map": "map8", "matches": "auto:0.15"}), 3, &context)
            .unwrap();
        let s = &artifact.summary;
        assert_eq!(s["auto"]["stop"], "reached");
        assert_eq!(s["auto"]["epsilon"], 0.15);
        assert!(s["auto"]["half_width"].as_f64().unwrap() < 0.15);
        assert_eq!(s["parameters"]["matches"], "auto:0.15");
        let played = s["matches"].as_u64().unwrap();
        assert!(played >= 100 && played.is_multiple_of(50), "{played}");
        let fitness = &s["intervals"]["fitness"];
        assert!(fitness["low"].as_f64().unwrap() <= s["fitness"].as_f64().unwrap());
        assert!(artifact.notes.iter().any(|n| n.starts_with("auto: ")));
        // The same as a playtest of as many matches, intervals and all.
        let fixed = PlaytestJob
            .run(&json!({"map": "map8", "matches": played}), 3, &context)
            .unwrap();
        for key in ["fitness", "criteria", "intervals", "wins"] {
            assert_eq!(fixed.summary[key], s[key], "{key}");
        }
        let capped = PlaytestJob
            .run(
                &json!({"map": "map8", "matches": "auto:0.000001"}),
                3,
                &context,
            )
            .unwrap();
        assert_eq!(capped.summary["auto"]["stop"], "cap");
        assert_eq!(capped.summary["matches"], 5_000);
        assert!(
            capped
                .notes
                .iter()
                .any(|n| n.contains("the cap of 5000 matches was reached")),
            "{:?}",
            capped.notes
        );
    }

    #[test]
    fn the_designer_chooses_the_best_of_its_top_candidates_replayed() {
        let stop = std::sync::atomic::AtomicBool::new(false);
        let context = Context::new(&|_| {}, &stop);
        let params = json!({"generations": 1, "offspring": 6, "tournament": 3, "matches": 8});
        let artifact = DesignJob.run(&params, 2, &context).unwrap();
        let s = &artifact.summary;
        let choice = &s["reevaluation"];
        assert_eq!(
            choice["rule"],
            "the best of the top 5 re-played with 32 fresh matches each"
        );
        let candidates = choice["candidates"].as_array().unwrap();
        assert_eq!(candidates.len(), 5);
        let replayed = |c: &Value| c["reevaluated_fitness"].as_f64().unwrap();
        let lowest = candidates
            .iter()
            .map(replayed)
            .fold(f64::INFINITY, f64::min);
        assert_eq!(choice["fitness"].as_f64().unwrap(), lowest);
        let rank = choice["chosen_rank"].as_u64().unwrap();
        let chosen = &candidates[rank as usize - 1];
        assert_eq!(replayed(chosen), lowest);
        // The run's fitness of the chosen one, both with their intervals, in the summary.
        assert_eq!(s["best"]["fitness"], chosen["fitness"]);
        assert_eq!(
            s["best"]["reevaluated_fitness"],
            chosen["reevaluated_fitness"]
        );
        assert!(s["best"]["fitness_interval"]["low"].is_number());
        assert!(s["best"]["reevaluated_interval"]["high"].is_number());
        // The run's order is kept: by the run's fitness.
        let runs: Vec<f64> = candidates
            .iter()
            .map(|c| c["fitness"].as_f64().unwrap())
            .collect();
        assert!(runs.windows(2).all(|w| w[0] <= w[1]), "{runs:?}");
        assert!(
            artifact
                .notes
                .iter()
                .any(|n| n.starts_with("chosen: the best of the top 5"))
        );
        // Without the second look, the run's best, and no choice to report.
        let plain = DesignJob
            .run(
                &json!({"generations": 1, "offspring": 6, "tournament": 3, "matches": 8,
                        "reevaluate": 0}),
                2,
                &context,
            )
            .unwrap();
        assert!(plain.summary.get("reevaluation").is_none());
        assert_eq!(s["history"], plain.summary["history"]);
        assert_eq!(plain.summary["best"]["fitness"], candidates[0]["fitness"]);
        for (params, message) in [
            (
                json!({"reevaluate_matches": 0}),
                "reevaluate_matches 0: give between 1",
            ),
            (
                json!({"reevaluate_matches": "auto:-1"}),
                "auto:-1: ε must be above 0",
            ),
            (
                json!({"reevaluate": 10_001}),
                "reevaluate 10001: give between 0 and 10000",
            ),
        ] {
            let refused = refusal(&DesignJob, params);
            assert!(refused.contains(message), "{refused}");
        }
    }

    #[test]
    fn a_stopped_playtest_says_how_many_matches_it_played() {
        let stop = std::sync::atomic::AtomicBool::new(true);
        let context = Context::new(&|_| {}, &stop);
        let artifact = PlaytestJob
            .run(&json!({"map": "map8", "matches": 20}), 1, &context)
            .unwrap();
        assert_eq!(artifact.ending, ludoforge_job::Ending::Interrupted);
        assert_eq!(artifact.summary["matches"], 0);
        assert!(artifact.notes[0].contains("0 matches played of 20"));
    }
}
