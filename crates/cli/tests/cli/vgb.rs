//! `ludoforge gloomhaven --vgb`, `export-vgb`, `import-vgb` and `--from`: board files that
//! come back the same, and bad files refused.

use super::*;

/// The cells of a board file's tiles and pieces, for comparing two files.
fn board_pieces(file: &Value) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut stack = vec![(&file["mapTileData"], String::from("root"))];
    while let Some((tile, from)) = stack.pop() {
        let name = tile["ref"].as_str().unwrap().to_string();
        out.insert(format!("{name} turns {} from {from}", tile["turns"]));
        for o in tile["overlays"].as_array().unwrap() {
            out.insert(format!("{name} {} {}", o["ref"], o["cells"]));
        }
        for m in tile["monsters"].as_array().unwrap() {
            out.insert(format!(
                "{name} {} {} {} {} {} {}",
                m["monster"],
                m["initialX"],
                m["initialY"],
                m["twoPlayer"],
                m["threePlayer"],
                m["fourPlayer"]
            ));
        }
        for d in tile["doors"].as_array().unwrap() {
            let at = format!(
                "{name} ({},{}) ({},{}) {}",
                d["room1X"], d["room1Y"], d["room2X"], d["room2Y"], d["direction"]
            );
            stack.push((&d["mapTileData"], at));
        }
    }
    out
}

#[test]
fn a_generated_scenario_goes_to_the_board_and_back() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let args = [
        "gloomhaven",
        "--seed",
        "5",
        "--top",
        "2",
        "--out",
        "g.json",
        "--vgb",
        "g.vgb.json",
        "--creator",
    ];
    let summary = run_in(d, &args).expect_ok().summary();
    assert_eq!(summary["seed"], 5);
    assert_eq!(summary["parameters"]["creator"], true);
    let board = read_json(&d.join("g.vgb.json"));
    let ours = read_json(&d.join("g.json"));
    let first = &ours["scenarios"][0];
    assert_eq!(board["title"], first["name"]);
    assert_eq!(board["id"], 0);
    assert_eq!(board["additionalMonsters"], serde_json::json!([]));
    // export-vgb from the saved file writes the same board file.
    let out = run_in(d, &["gloomhaven", "export-vgb", "g.json", "-o", "e.json"]).expect_ok();
    assert_eq!(out.summary()["fits_creator"], true);
    assert_eq!(
        fs::read(d.join("e.json")).unwrap(),
        fs::read(d.join("g.vgb.json")).unwrap()
    );
    // Back into ludoforge: the same map, placements and monsters.
    run_in(
        d,
        &[
            "gloomhaven",
            "import-vgb",
            "e.json",
            "-o",
            "back.json",
            "--svg",
            "b.svg",
        ],
    )
    .expect_ok();
    assert!(is_svg(&fs::read_to_string(d.join("b.svg")).unwrap()));
    let back = &read_json(&d.join("back.json"))["scenarios"][0];
    assert_eq!(back["tiles"], first["tiles"]);
    let set = |v: &Value| {
        v.as_array()
            .unwrap()
            .iter()
            .map(Value::to_string)
            .collect::<BTreeSet<_>>()
    };
    // The same doors, standees with their set-ups, overlay tiles by kind, start hexes and
    // treasure (the board lists them tile by tile, so the order may differ).
    for key in ["monsters", "overlays", "start", "coins"] {
        assert_eq!(set(&back[key]), set(&first[key]), "{key}");
    }
    // A door joins two tiles either way round (the board's file lists a door that closes a
    // loop from the tile it reaches first).
    let doors = |v: &Value| {
        v.as_array()
            .unwrap()
            .iter()
            .map(|d| {
                let mut d = d.clone();
                d["joins"]
                    .as_array_mut()
                    .unwrap()
                    .sort_by_key(Value::to_string);
                d.to_string()
            })
            .collect::<BTreeSet<_>>()
    };
    assert_eq!(doors(&back["doors"]), doors(&first["doors"]));
    let hexes = |v: &Value| {
        v.as_array()
            .unwrap()
            .iter()
            .map(|c| c["at"].to_string())
            .collect::<BTreeSet<_>>()
    };
    assert_eq!(hexes(&back["chests"]), hexes(&first["chests"]));
    // ... and to the board again: the same board file, piece for piece.
    run_in(
        d,
        &["gloomhaven", "export-vgb", "back.json", "-o", "again.json"],
    )
    .expect_ok();
    assert_eq!(
        board_pieces(&read_json(&d.join("again.json"))),
        board_pieces(&board)
    );
    // The second scenario of the file, turned by hand.
    let out = run_in(
        d,
        &[
            "gloomhaven",
            "export-vgb",
            "g.json",
            "--index",
            "2",
            "--turn",
            "3",
            "-o",
            "s.json",
        ],
    )
    .expect_ok();
    assert_eq!(out.summary()["turn"], 3);
    assert_eq!(
        read_json(&d.join("s.json"))["title"],
        ours["scenarios"][1]["name"]
    );
}

#[test]
fn board_scenarios_join_the_starting_population() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    run_in(
        d,
        &[
            "gloomhaven",
            "--seed",
            "8",
            "--cycles",
            "20",
            "--vgb",
            "a.json",
        ],
    )
    .expect_ok();
    let args = [
        "gloomhaven",
        "--seed",
        "9",
        "--cycles",
        "60",
        "--from",
        "a.json",
        "--out",
        "b.json",
    ];
    let first = run_in(d, &args).expect_ok().summary();
    let again = run_in(d, &args).expect_ok().summary();
    assert_eq!(first, again);
    let without = run_in(
        d,
        &[
            "gloomhaven",
            "--seed",
            "9",
            "--cycles",
            "60",
            "--out",
            "c.json",
        ],
    )
    .expect_ok()
    .summary();
    // One more scenario to breed from changes the search.
    assert_ne!(
        read_json(&d.join("b.json"))["scenarios"],
        read_json(&d.join("c.json"))["scenarios"],
        "{without}"
    );
}

#[test]
fn bad_board_and_scenario_files_are_refused() {
    let board = r#"{"id":0,"title":"T","angle":0,"additionalMonsters":[],
        "mapTileData":{"ref":"l1a","turns":0,"doors":[],"overlays":[],
        "monsters":[{"monster":"bandit-guard","initialX":1,"initialY":1,
        "twoPlayer":"normal","threePlayer":"normal","fourPlayer":"normal"}]}}"#;
    let import = ["gloomhaven", "import-vgb", "in.json", "-o", "out.json"];
    let export = ["gloomhaven", "export-vgb", "in.json", "-o", "out.json"];
    let cases: [(&[&str], &str, String); 10] = [
        (&import, "not a Virtual Gloomhaven Board scenario", "{\"x\": 1}".into()),
        (&import, "not a Virtual Gloomhaven Board scenario", "[1, 2".into()),
        (&import, "unknown tile \"z9z\"", board.replace("l1a", "z9z")),
        (&import, "unknown monster \"human-commander\"", board.replace("bandit-guard", "human-commander")),
        (&import, "unknown overlay", board.replace(r#""overlays":[]"#, r#""overlays":[{"ref":{"type":"lava"},"direction":"default","cells":[[1,1]]}]"#)),
        (&export, "is not a scenario file", "{\"x\": 1}".into()),
        (&export, "is not JSON", "not json".into()),
        (&export, "unknown tile \"Q1a\"", r#"{"scenarios":[{"name":"x","tiles":[{"tile":"Q1a","rotation":0,"offset":[0,0,0]}]}]}"#.into()),
        (&["gloomhaven", "--from", "in.json", "--cycles", "5"], "unknown monster", board.replace("bandit-guard", "dragon")),
        (&export, "written by an earlier ludoforge", r#"{"scenarios":[{"name":"x","tiles":[],"monsters":[{"name":"Ooze","normal":1,"elite":0}],"placements":{}}]}"#.into()),
    ];
    for (args, phrase, text) in &cases {
        refuses(args, 1, phrase, &[("in.json", Some(text))]);
    }
    // Coordinates far out of any board, in either kind of file.
    let far = board.replace(r#""initialX":1"#, r#""initialX":2147483647"#);
    refuses(
        &import,
        1,
        "more than 1000 cells out",
        &[("in.json", Some(&far))],
    );
    let chain = board.replace(
        r#""doors":[]"#,
        r#""doors":[{"subType":"stone","direction":"default","room1X":1000,"room1Y":0,"room2X":-1000,"room2Y":0,"mapTileData":{"ref":"g1b","turns":0,"doors":[],"overlays":[],"monsters":[]}}]"#,
    );
    refuses(
        &import,
        1,
        "more than 1000 hexes out",
        &[("in.json", Some(&chain))],
    );
    let entry = |offset: &str| {
        format!(r#"{{"name":"x","tiles":[{{"tile":"L1a","rotation":0,"offset":{offset}}}]}}"#)
    };
    refuses(
        &export,
        1,
        "move the map nearer",
        &[("in.json", Some(&entry("[100000,-100000,0]")))],
    );
    refuses(
        &export,
        1,
        "is not one",
        &[("in.json", Some(&entry("[2147483647,2147483647,2]")))],
    );
    let empty = entry("[0,0,0]").replace(r#"{"tile":"L1a","rotation":0,"offset":[0,0,0]}"#, "");
    refuses(
        &export,
        1,
        "the scenario has no tiles",
        &[("in.json", Some(&empty))],
    );
    // A board map that is not a valid scenario cannot join the population.
    refuses(
        &["gloomhaven", "--from", "in.json", "--cycles", "5"],
        1,
        "is not valid",
        &[("in.json", Some(board))],
    );
    refuses(
        &with(&export, &["--index", "2"]),
        1,
        "index 2: in.json holds 1 scenario(s)",
        &[("in.json", Some(board))],
    );
    refuses(
        &with(&export, &["--turn", "6"]),
        1,
        "turn 6: give 0 to 5",
        &[("in.json", Some(board))],
    );
    refuses(
        &["gloomhaven", "--vgb", "d", "--cycles", "5"],
        1,
        "that is a folder",
        &[("d", None)],
    );
}

#[test]
fn official_scenarios_go_to_the_board_as_the_book_sets_them_up() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let out = run_in(
        d,
        &[
            "gloomhaven",
            "export-vgb",
            "--official",
            "1",
            "-o",
            "one.json",
        ],
    )
    .expect_ok()
    .summary();
    // Black Barrow: 10, 14 and 20 standees for 2, 3 and 4 players.
    assert_eq!(out["standees"], serde_json::json!([10, 14, 20]));
    assert_eq!(out["turn"], 0);
    let file = read_json(&d.join("one.json"));
    assert_eq!(file["id"], 1);
    assert_eq!(file["title"], "Black Barrow");
    refuses(
        &[
            "gloomhaven",
            "export-vgb",
            "--official",
            "82",
            "-o",
            "x.json",
        ],
        1,
        "no official scenario 82; it has 1–54, 56–81, 83–95",
        &[],
    );
    refuses(
        &[
            "gloomhaven",
            "export-vgb",
            "--official",
            "-3",
            "-o",
            "x.json",
        ],
        1,
        "official -3: the catalog has no official scenario -3",
        &[],
    );
    refuses(
        &[
            "gloomhaven",
            "export-vgb",
            "g.json",
            "--official",
            "3",
            "-o",
            "x.json",
        ],
        2,
        "cannot be used with",
        &[],
    );
}

/// `run gloomhaven-export-vgb` and `run gloomhaven-import-vgb` write the same files as
/// `gloomhaven export-vgb` and `gloomhaven import-vgb` with the same settings.
#[test]
fn the_board_jobs_write_the_same_bytes_as_the_commands() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let exported = run_in(
        d,
        &[
            "gloomhaven",
            "export-vgb",
            "--official",
            "5",
            "--turn",
            "1",
            "-o",
            "b.json",
        ],
    )
    .expect_ok()
    .summary();
    write(d, "p.json", r#"{"official": 5, "turn": 1}"#);
    let by_run = run_in(
        d,
        &[
            "run",
            "gloomhaven-export-vgb",
            "--params",
            "p.json",
            "--seed",
            "5",
            "-o",
            "a.json",
        ],
    )
    .expect_ok()
    .summary();
    assert_eq!(
        fs::read(d.join("a.json")).unwrap(),
        fs::read(d.join("b.json")).unwrap()
    );
    assert_eq!(by_run["turn"], exported["turn"]);
    assert_eq!(by_run["parameters"], exported["parameters"]);

    let board = fs::read_to_string(d.join("b.json")).unwrap();
    run_in(
        d,
        &[
            "gloomhaven",
            "import-vgb",
            "b.json",
            "--players",
            "3",
            "-o",
            "d.json",
            "--svg",
            "d.svg",
        ],
    )
    .expect_ok();
    let params = serde_json::json!({"board": {"name": "b.json", "content": board}, "players": 3});
    write(d, "p.json", &params.to_string());
    run_in(
        d,
        &[
            "run",
            "gloomhaven-import-vgb",
            "--params",
            "p.json",
            "--seed",
            "5",
            "-o",
            "c.json",
            "--svg",
            "c.svg",
        ],
    )
    .expect_ok();
    for (a, b) in [("c.json", "d.json"), ("c.svg", "d.svg")] {
        assert_eq!(
            fs::read(d.join(a)).unwrap(),
            fs::read(d.join(b)).unwrap(),
            "{a} and {b} differ"
        );
    }
}

#[test]
fn bad_board_job_parameters_through_run_are_refused() {
    let cases: [(&str, &[&str], &str); 6] = [
        (
            "gloomhaven-export-vgb",
            &["official=3", "scenario.content=x"],
            "scenario and official 3: give a scenario file or an official scenario's number, not both",
        ),
        ("gloomhaven-export-vgb", &[], "no scenario given"),
        (
            "gloomhaven-export-vgb",
            &["official=1", "turn=6"],
            "turn 6: give 0 to 5",
        ),
        (
            "gloomhaven-export-vgb",
            &["official=1", "index=2"],
            "index 2 with official 1",
        ),
        (
            "gloomhaven-import-vgb",
            &["players=5"],
            "players 5: Gloomhaven is played by 2, 3 or 4",
        ),
        (
            "gloomhaven-import-vgb",
            &["board.text=x"],
            "unknown parameter `text`",
        ),
    ];
    for (job, sets, phrase) in cases {
        let mut args = vec!["run", job];
        for set in sets {
            args.extend(["--set", set]);
        }
        args.extend(["-o", "o.json"]);
        refuses(&args, 1, phrase, &[]);
    }
}
