//! Designing together from the command line. `ludoforge check`: content read back and judged
//! by its generator's own rules, agreeing with the generator's own figures for everything it
//! made, and naming the problem of an edit that breaks a rule. `ludoforge suggest`: a shelf
//! around a designer's maze, every suggestion keeping the locked squares, the same bytes as
//! the exploration job run with the same start and locks.

use std::fs;

use serde_json::Value;
use tempfile::TempDir;

use super::{PNG_SIGNATURE, QUICK, is_svg, read_json, run_in, write};

/// The measures `check` reports for a maze, as the puzzle jobs' result files hold them.
fn agrees(checked: &Value, result: &Value, what: &str) {
    assert_eq!(checked["generator"], "ludoforge check", "{what}");
    assert_eq!(checked["valid"], true, "{what}: {checked}");
    let m = &checked["measures"];
    assert_eq!(m["min_moves"], result["min_moves"], "{what}");
    for name in [
        "decision_points",
        "dead_ends",
        "reachable",
        "shortest_solutions",
    ] {
        assert_eq!(m[name], result["measures"][name], "{what}: {name}");
    }
    assert_eq!(checked["content"], result["puzzle"], "{what}");
    assert_eq!(
        checked["descriptors"],
        serde_json::json!(["min_moves", "decision_points", "dead_ends", "reachable"]),
        "{what}"
    );
}

#[test]
fn every_maze_the_generator_makes_checks_valid_with_its_own_figures() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    for kind in ["chess", "chromatic"] {
        for seed in ["1", "2", "3"] {
            let mut args = vec![
                "puzzle", kind, "--size", "8", "--seed", seed, "-o", "r.json",
            ];
            args.extend(QUICK);
            let made = run_in(d, &args);
            assert!([0, 3].contains(&made.code), "{}", made.describe());
            let result = read_json(&d.join("r.json"));
            let out = run_in(d, &["check", "r.json", "-o", "c.json"]).expect_ok();
            let summary = out.summary();
            assert_eq!(summary["of"], format!("puzzle-{kind}"));
            assert_eq!(summary["min_moves"], result["min_moves"]);
            let checked = read_json(&d.join("c.json"));
            agrees(&checked, &result, &format!("{kind} seed {seed}"));
            // A checked file checks again to the same bytes.
            run_in(d, &["check", "c.json", "-o", "again.json"]).expect_ok();
            assert_eq!(
                fs::read(d.join("c.json")).unwrap(),
                fs::read(d.join("again.json")).unwrap()
            );
        }
    }
}

/// Every elite of an exploration checks valid, and its measures are the descriptors the
/// archive placed it by.
#[test]
fn every_elite_checks_with_the_descriptors_it_was_placed_by() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let args = [
        "explore",
        "chess",
        "--set",
        "board.width=7",
        "--set",
        "board.height=7",
        "--evaluations",
        "1500",
        "--seed",
        "2",
        "-o",
        "shelf.json",
    ];
    run_in(d, &args).expect_ok();
    let shelf = read_json(&d.join("shelf.json"));
    let elites = shelf["elites"].as_array().unwrap();
    assert!(elites.len() > 5, "{}", elites.len());
    for (i, elite) in elites.iter().enumerate() {
        write(d, "elite.json", &elite["result"].to_string());
        run_in(d, &["check", "elite.json", "-o", "c.json"]).expect_ok();
        let checked = read_json(&d.join("c.json"));
        agrees(&checked, &elite["result"], &format!("elite {i}"));
        for (name, value) in elite["descriptors"].as_object().unwrap() {
            assert_eq!(
                checked["measures"][name].as_f64(),
                value.as_f64(),
                "elite {i}: {name}"
            );
        }
    }
}

#[test]
fn an_edit_that_cuts_the_route_is_named_and_marked() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    // Worked out by hand: red everywhere but an orange b2 is 4 moves across (round the
    // edge) and reaches all nine squares.
    write(
        d,
        "open.json",
        r#"{"kind": "chromatic", "rows": ["RRR", "ROR", "RRR"]}"#,
    );
    let out = run_in(d, &["check", "open.json"]).expect_ok();
    let summary = out.summary();
    assert_eq!(
        (&summary["min_moves"], &summary["reachable"]),
        (&Value::from(4), &Value::from(9))
    );
    assert!(
        out.stderr.starts_with("valid: chromatic maze 3×3\n"),
        "{}",
        out.stderr
    );
    // Painting a2 and b1 green (opposite red on the wheel) walls the entrance in.
    write(
        d,
        "cut.json",
        r#"{"kind": "chromatic", "rows": ["RRR", "GOR", "RGR"]}"#,
    );
    let out = run_in(
        d,
        &["check", "cut.json", "--svg", "cut.svg", "--png", "cut.png"],
    );
    assert_eq!(out.code, 4, "{}", out.describe());
    let summary = out.summary();
    assert_eq!(summary["valid"], false);
    assert_eq!(summary["problem"]["at"], serde_json::json!(["c3"]));
    assert!(
        summary["problem"]["reason"].as_str().unwrap().contains(
            "the exit c3 cannot be reached from the entrance a1: the agent reaches 1 of 9"
        ),
        "{summary}"
    );
    let svg = fs::read_to_string(d.join("cut.svg")).unwrap();
    assert!(is_svg(&svg) && svg.contains("<title>problem at c3</title>"));
    assert!(
        fs::read(d.join("cut.png"))
            .unwrap()
            .starts_with(&PNG_SIGNATURE)
    );
    // A chess piece on the exit breaks the rules of a position.
    write(
        d,
        "onexit.json",
        r#"{"kind": "chess", "width": 6, "height": 6, "agent": "king",
            "pieces": [{"piece": "P", "square": "f6"}]}"#,
    );
    let out = run_in(d, &["check", "onexit.json"]);
    assert_eq!(out.code, 4, "{}", out.describe());
    assert!(
        out.stderr
            .contains("the pawn on f6 stands on the exit: move it (at f6)"),
        "{}",
        out.stderr
    );
}

#[test]
fn suggestions_keep_the_locked_squares_and_come_out_checked() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let mut args = vec![
        "puzzle",
        "chromatic",
        "--size",
        "9",
        "--seed",
        "4",
        "-o",
        "mine.json",
    ];
    args.extend(QUICK);
    let made = run_in(d, &args);
    assert!([0, 3].contains(&made.code), "{}", made.describe());
    let mine = read_json(&d.join("mine.json"));
    let suggest = [
        "suggest",
        "mine.json",
        "--lock",
        "a1:c3",
        "--lock",
        "i9",
        "--evaluations",
        "1500",
        "--seed",
        "6",
        "-o",
        "shelf.json",
        "--png",
        "shelf.png",
    ];
    let summary = run_in(d, &suggest).expect_ok().summary();
    assert_eq!(summary["job"], "puzzle-chromatic-explore");
    assert!(
        fs::read(d.join("shelf.png"))
            .unwrap()
            .starts_with(&PNG_SIGNATURE)
    );
    // The same shelf as the exploration job given the same start and locks.
    let params = serde_json::json!({
        "start": {"content": fs::read_to_string(d.join("mine.json")).unwrap(), "name": "mine.json"},
        "lock": ["a1:c3", "i9"],
        "explore": {"evaluations": 1500},
    });
    write(d, "p.json", &params.to_string());
    let run = [
        "run",
        "puzzle-chromatic-explore",
        "--params",
        "p.json",
        "--seed",
        "6",
        "-o",
        "by-run.json",
    ];
    run_in(d, &run).expect_ok();
    assert_eq!(
        fs::read(d.join("shelf.json")).unwrap(),
        fs::read(d.join("by-run.json")).unwrap()
    );
    // Rows are written top rank first: a1:c3 is the first three letters of the last three
    // rows, i9 the last letter of the first.
    let rows = |v: &Value| -> Vec<String> {
        v["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().to_string())
            .collect()
    };
    let before = rows(&mine["puzzle"]);
    let shelf = read_json(&d.join("shelf.json"));
    let elites = shelf["elites"].as_array().unwrap();
    assert!(elites.len() > 10, "{}", elites.len());
    for elite in elites {
        let after = rows(&elite["result"]["puzzle"]);
        for r in 6..9 {
            assert_eq!(after[r][..3], before[r][..3], "{elite}");
        }
        assert_eq!(after[0][8..], before[0][8..]);
    }
    // Any suggestion taken out checks valid with the descriptors it was shelved by.
    let elite = &elites[elites.len() / 2];
    let at = format!(
        "min_moves={},decision_points={}",
        elite["descriptors"]["min_moves"], elite["descriptors"]["decision_points"]
    );
    let take = [
        "explore",
        "--archive",
        "shelf.json",
        "--elite",
        &at,
        "-o",
        "taken.json",
    ];
    run_in(d, &take).expect_ok();
    run_in(d, &["check", "taken.json", "-o", "c.json"]).expect_ok();
    agrees(&read_json(&d.join("c.json")), &elite["result"], "taken out");
}

#[test]
fn a_stocked_dungeon_checks_to_its_own_stocking_and_a_cut_map_is_named() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    run_in(
        d,
        &[
            "stock", "--width", "40", "--height", "24", "--seed", "5", "-o", "s.json",
        ],
    )
    .expect_ok();
    let stocked = read_json(&d.join("s.json"));
    run_in(d, &["check", "s.json", "-o", "c.json", "--png", "c.png"]).expect_ok();
    let checked = read_json(&d.join("c.json"));
    assert_eq!(checked["of"], "stock");
    assert_eq!(checked["valid"], true);
    // Stocked again with the file's seed, settings and theme: the same stocking.
    assert_eq!(checked["content"], stocked);
    for name in [
        "fun_before",
        "fun_after",
        "keys",
        "traps",
        "largest_area_left",
    ] {
        assert_eq!(
            checked["measures"][name], stocked["measures"][name],
            "{name}"
        );
    }
    assert!(
        fs::read(d.join("c.png"))
            .unwrap()
            .starts_with(&PNG_SIGNATURE)
    );
    // A wall across a corridor: worked out by hand, the goal is cut off.
    write(
        d,
        "cut.json",
        &serde_json::json!({"kind": "dungeon", "rows": ["#########", "#<..#..>#", "#########"]})
            .to_string(),
    );
    let out = run_in(d, &["check", "cut.json"]);
    assert_eq!(out.code, 4, "{}", out.describe());
    let summary = out.summary();
    assert_eq!(summary["problem"]["at"], serde_json::json!(["7,1", "1,1"]));
    assert!(summary["problem"]["reason"].as_str().unwrap().contains(
        "the goal at line 2, column 8 cannot be reached from the start at line 2, column 2"
    ));
}

/// A portal dungeon and a Gloomhaven scenario check to the figures their jobs wrote.
#[test]
fn portal_dungeons_and_scenarios_check_to_their_own_figures() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    run_in(d, &["portals", "generate", "--seed", "4", "-o", "p.json"]).expect_ok();
    let dungeon = read_json(&d.join("p.json"));
    run_in(d, &["check", "p.json", "-o", "pc.json"]).expect_ok();
    let checked = read_json(&d.join("pc.json"));
    assert_eq!(
        (&checked["of"], &checked["valid"]),
        (&Value::from("portals"), &Value::from(true))
    );
    assert_eq!(checked["content"]["measures"], dungeon["measures"]);
    assert_eq!(checked["measures"]["rooms"], dungeon["measures"]["rooms"]);
    run_in(
        d,
        &[
            "gloomhaven",
            "--preset",
            "gloomdungeons",
            "--cycles",
            "40",
            "--seed",
            "2",
            "-o",
            "g.json",
        ],
    )
    .expect_ok();
    let scenarios = read_json(&d.join("g.json"));
    run_in(d, &["check", "g.json", "-o", "gc.json"]).expect_ok();
    let checked = read_json(&d.join("gc.json"));
    assert_eq!(checked["of"], "gloomhaven");
    assert_eq!(
        checked["measures"]["score"].as_f64(),
        scenarios["scenarios"][0]["score"].as_f64()
    );
    assert_eq!(
        checked["descriptors"],
        serde_json::json!(["difficulty", "size", "monster_themes"])
    );
}

/// `suggest` finds the exploration of any content: a maze's, a scenario's, a portal
/// dungeon's, each keeping what is locked.
#[test]
fn suggest_runs_the_contents_own_exploration() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    run_in(
        d,
        &[
            "risk",
            "design",
            "--generations",
            "1",
            "--offspring",
            "4",
            "--seed",
            "2",
            "-o",
            "v.json",
        ],
    )
    .expect_ok();
    let variant = read_json(&d.join("v.json"));
    let args = [
        "suggest",
        "v.json",
        "--lock",
        "map",
        "--evaluations",
        "30",
        "--set",
        "matches=4",
        "--seed",
        "1",
        "-o",
        "vs.json",
    ];
    let summary = run_in(d, &args).expect_ok().summary();
    assert_eq!(summary["job"], "risk-explore");
    for elite in read_json(&d.join("vs.json"))["elites"].as_array().unwrap() {
        assert_eq!(elite["result"]["map"], variant["map"]);
    }
    run_in(
        d,
        &[
            "gloomhaven",
            "--preset",
            "gloomdungeons",
            "--cycles",
            "30",
            "--seed",
            "2",
            "-o",
            "g.json",
        ],
    )
    .expect_ok();
    let scenario = read_json(&d.join("g.json"));
    let args = [
        "suggest",
        "g.json",
        "--lock",
        "tiles",
        "--evaluations",
        "100",
        "--seed",
        "1",
        "-o",
        "gs.json",
    ];
    let summary = run_in(d, &args).expect_ok().summary();
    assert_eq!(summary["job"], "gloomhaven-explore");
    for elite in read_json(&d.join("gs.json"))["elites"].as_array().unwrap() {
        assert_eq!(
            elite["result"]["scenarios"][0]["tiles"],
            scenario["scenarios"][0]["tiles"]
        );
    }
    run_in(d, &["portals", "generate", "--seed", "1", "-o", "p.json"]).expect_ok();
    let dungeon = read_json(&d.join("p.json"));
    let args = [
        "suggest",
        "p.json",
        "--lock",
        "0-2",
        "--evaluations",
        "200",
        "--seed",
        "1",
        "-o",
        "ps.json",
    ];
    let summary = run_in(d, &args).expect_ok().summary();
    assert_eq!(summary["job"], "portals-explore");
    for elite in read_json(&d.join("ps.json"))["elites"].as_array().unwrap() {
        for room in 0..3 {
            assert_eq!(
                elite["result"]["dungeon"]["rooms"][room]["portals"],
                dungeon["dungeon"]["rooms"][room]["portals"]
            );
        }
    }
}
