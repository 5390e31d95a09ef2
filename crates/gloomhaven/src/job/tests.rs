//! The jobs' refusals: every check happens before any work, in the person's words, naming
//! the parameter, its value and the way out.

use ludoforge_job::{Context, Ending, Job, JobError, Spec};
use serde_json::{Value, json};

use super::*;

fn gloomhaven(params: Value) -> Result<CheckedSearch, JobError> {
    GloomhavenJob.validate(&serde_json::from_value(params).unwrap())
}

fn refused(result: Result<impl Sized, JobError>) -> String {
    match result {
        Ok(_) => panic!("accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn the_defaults_and_a_three_player_paper_search_are_accepted() {
    assert!(gloomhaven(json!({})).is_ok());
    let checked = gloomhaven(json!({"players": 3, "goal": "loot-all"})).unwrap();
    assert_eq!(checked.settings.fitness.players.count(), 3);
    let checked = gloomhaven(json!({"preset": "gloomdungeons"})).unwrap();
    assert_eq!(checked.settings.fitness.players.count(), 2);
    assert_eq!(checked.settings.fitness.maximum(), 10.0);
}

#[test]
fn the_published_code_preset_takes_no_player_count() {
    for n in [2, 3, 4] {
        let e = refused(gloomhaven(json!({"preset": "gloomdungeons", "players": n})));
        assert!(
            e.starts_with(&format!("players {n} with preset gloomdungeons: ")),
            "{e}"
        );
        assert!(e.contains("scores two-player set-ups only"), "{e}");
        assert!(
            e.contains("leave out players, or choose preset paper"),
            "{e}"
        );
    }
}

#[test]
fn numbers_out_of_range_are_refused_by_name() {
    let cases = [
        (
            json!({"players": 5}),
            "players 5: Gloomhaven is played by 2, 3 or 4 players",
        ),
        (json!({"players": 1}), "players 1: "),
        (
            json!({"cycles": 0}),
            "cycles 0: give between 1 and 10000000",
        ),
        (json!({"cycles": 10_000_001}), "cycles 10000001: "),
        (json!({"top": 0}), "top 0: give between 1 and 1000"),
        (json!({"top": 1001}), "top 1001: "),
        (json!({"weights": [1, 1]}), "weights 1,1: give five numbers"),
        (json!({"weights": [-1, 1, 1, 1, 1]}), "weights -1,1,1,1,1: "),
        (json!({"weights": [0, 0, 0, 0, 0]}), "weights 0,0,0,0,0: "),
        (
            json!({"mutation": {"map": 2}}),
            "mutation.map 2: give a probability between 0 and 1",
        ),
        (
            json!({"mutation": {"treasure": -0.5}}),
            "mutation.treasure -0.5: ",
        ),
        (
            json!({"max_table": {"width": 0, "height": 80}}),
            "max_table 0x80: ",
        ),
        (
            json!({"max_table": {"width": 120, "height": 1e6}}),
            "max_table 120x1000000: ",
        ),
    ];
    for (params, start) in cases {
        let e = refused(gloomhaven(params.clone()));
        assert!(e.starts_with(start), "{params}: {e}");
    }
    let e = refused(gloomhaven(json!({"weights": [-1, 1, 1, 1, 1]})));
    assert!(e.contains("at least 0"), "{e}");
}

#[test]
fn a_table_too_small_for_any_starting_map_is_refused_before_the_search() {
    let e = refused(gloomhaven(
        json!({"max_table": {"width": 20, "height": 10}}),
    ));
    assert!(e.contains("no starting scenario is valid"), "{e}");
    assert!(e.contains("give a larger table with max_table"), "{e}");
    // Large enough for the book's maps.
    assert!(gloomhaven(json!({"max_table": {"width": 150, "height": 100}})).is_ok());
}

#[test]
fn unknown_parameters_and_files_without_content_are_refused() {
    let e = GloomhavenJob.check(&json!({"cycle": 5})).unwrap_err();
    assert!(e.to_string().contains("unknown parameter `cycle`"), "{e}");
    let e = refused(gloomhaven(json!({"catalog": {"name": "c.json"}})));
    assert!(e.starts_with("catalog: no content given"), "{e}");
    let e = refused(gloomhaven(json!({"from": [{"content": "[1, 2"}]})));
    assert!(e.starts_with("from 1 is not JSON"), "{e}");
    let e = refused(gloomhaven(
        json!({"from": [{"name": "a.json", "content": {"x": 1}}]}),
    ));
    assert!(e.starts_with("a.json is not a scenario file"), "{e}");
}

#[test]
fn a_starting_scenario_that_is_not_valid_is_refused() {
    // Black Barrow with its first monster moved off the map.
    let catalog = crate::catalog::Catalog::built_in();
    let barrow = crate::scenario::Scenario::official(&catalog, 1).unwrap();
    let mut record =
        serde_json::to_value(crate::record::ScenarioRecord::of(&catalog, &barrow)).unwrap();
    record["monsters"][0]["at"] = json!([40, -20, -20]);
    let e = refused(gloomhaven(
        json!({"from": [{"name": "b.json", "content": record}]}),
    ));
    assert!(e.starts_with("b.json: "), "{e}");
}

#[test]
fn export_needs_exactly_one_scenario() {
    let export = |p: Value| ExportVgbJob.validate(&serde_json::from_value(p).unwrap());
    let file = json!({"name": "g.json", "content": "{}"});
    let e = refused(export(json!({"scenario": file, "official": 3})));
    assert!(e.starts_with("scenario and official 3: "), "{e}");
    let e = refused(export(json!({})));
    assert!(e.starts_with("no scenario given"), "{e}");
    let e = refused(export(json!({"official": 3, "index": 2})));
    assert!(e.starts_with("index 2 with official 3: "), "{e}");
    let e = refused(export(json!({"official": 82})));
    assert!(
        e.contains("no official scenario 82; it has 1–54, 56–81, 83–95"),
        "{e}"
    );
    let e = refused(export(json!({"official": -3})));
    assert!(e.starts_with("official -3: "), "{e}");
    let e = refused(export(json!({"official": 1, "turn": 6})));
    assert!(e.starts_with("turn 6: give 0 to 5"), "{e}");
    let e = refused(export(json!({"official": 1, "index": 0})));
    assert!(e.starts_with("index 0: "), "{e}");
    let one = json!({"name": "one.json", "content": {"name": "x", "tiles": [
        {"tile": "L1a", "rotation": 0, "offset": [0, 0, 0]}]}});
    assert!(export(json!({"scenario": one})).is_ok());
    let e = refused(export(json!({"scenario": one, "index": 2})));
    assert_eq!(e, "index 2: one.json holds 1 scenario(s); give 1 to 1");
}

#[test]
fn import_refuses_a_party_or_a_board_it_cannot_use() {
    let import = |p: Value| ImportVgbJob.validate(&serde_json::from_value(p).unwrap());
    let board = json!({"id": 0, "title": "T", "angle": 0, "additionalMonsters": [],
        "mapTileData": {"ref": "l1a", "turns": 0, "doors": [], "overlays": [], "monsters": []}});
    assert!(import(json!({"board": {"content": board}})).is_ok());
    let e = refused(import(json!({"board": {"content": board}, "players": 5})));
    assert!(e.starts_with("players 5: "), "{e}");
    let e = refused(import(json!({})));
    assert!(e.starts_with("no board file given"), "{e}");
    let mut unknown = board.clone();
    unknown["mapTileData"]["ref"] = json!("z9z");
    let e = refused(import(
        json!({"board": {"name": "b.json", "content": unknown}}),
    ));
    assert!(
        e.starts_with("cannot read b.json: unknown tile \"z9z\""),
        "{e}"
    );
}

#[test]
fn a_short_search_makes_the_files_asked_for_and_stops_when_cancelled() {
    let params = json!({"preset": "gloomdungeons", "cycles": 30, "top": 2});
    let quiet = Context::quiet().want("vgb");
    let artifact = GloomhavenJob.run(&params, 4, &quiet).unwrap();
    let roles: Vec<&str> = artifact.files.iter().map(|f| f.role.as_str()).collect();
    assert_eq!(roles, ["result", "text", "vgb"]);
    assert_eq!(artifact.summary["cycles"], 30);
    assert_eq!(artifact.ending, Ending::Done);
    let cancel = std::sync::atomic::AtomicBool::new(true);
    let events = std::sync::Mutex::new(Vec::new());
    let listen = |e: &ludoforge_job::Event| events.lock().unwrap().push(e.clone());
    let context = Context::new(&listen, &cancel);
    let stopped = GloomhavenJob.run(&params, 4, &context).unwrap();
    assert_eq!(stopped.ending, Ending::Interrupted);
    assert_eq!(stopped.summary["cycles"], 0);
    assert!(
        stopped
            .notes
            .iter()
            .any(|n| n.contains("best scenarios found so far"))
    );
    let events = events.into_inner().unwrap();
    assert!(
        matches!(&events[0], ludoforge_job::Event::Stage { name, total: Some(30), unit }
            if name == "cycles" && unit == "cycles"),
        "{events:?}"
    );
}
