//! `ludoforge stock`: the stocked map's files, determinism, themes and bad input.

use super::*;

const SIDE_ROOM: &str = "#########\n#<.....>#\n###.#####\n###.#####\n#.......#\n#########\n";

#[test]
fn a_generated_map_with_every_output() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let args = [
        "stock",
        "--generate",
        "caves",
        "--width",
        "60",
        "--height",
        "30",
        "--seed",
        "4",
        "--out",
        "m.json",
        "--text",
        "m.txt",
        "--svg",
        "m.svg",
        "--png",
        "m.png",
        "--tiled",
        "m.tmj",
        "--uvtt",
        "m.dd2vtt",
    ];
    let summary = run_in(d, &args).expect_ok().summary();
    assert_eq!(summary["seed"], 4);
    assert_eq!(summary["fair"], true);
    let file = read_json(&d.join("m.json"));
    assert_eq!(file["generator"], "stocking");
    let rows = strings(&file["map"]["rows"]);
    assert_eq!(rows.len(), 30);
    assert!(rows.iter().all(|r| r.chars().count() == 60));
    // The route runs from the start to the goal through orthogonal steps.
    let route: Vec<(i64, i64)> = file["route"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_i64().unwrap(), p[1].as_i64().unwrap()))
        .collect();
    let at = |v: &Value| (v[0].as_i64().unwrap(), v[1].as_i64().unwrap());
    assert_eq!(route[0], at(&file["start"]));
    assert_eq!(*route.last().unwrap(), at(&file["goal"]));
    for pair in route.windows(2) {
        assert_eq!(
            (pair[0].0 - pair[1].0).abs() + (pair[0].1 - pair[1].1).abs(),
            1
        );
    }
    // Every item is on the route and on floor.
    for item in file["items"].as_array().unwrap() {
        let cell = (item["x"].as_i64().unwrap(), item["y"].as_i64().unwrap());
        assert!(route.contains(&cell), "{item}");
        assert_eq!(rows[cell.1 as usize].as_bytes()[cell.0 as usize], b'.');
    }
    let m = &file["measures"];
    assert!(m["fun_after"].as_f64().unwrap() > m["fun_before"].as_f64().unwrap());
    assert!(m["largest_area_left"].as_u64().unwrap() < 10);
    assert!(!file["creatures"].as_array().unwrap().is_empty());
    let text = fs::read_to_string(d.join("m.txt")).unwrap();
    assert!(text.lines().take(30).all(|l| l.chars().count() == 60));
    assert!(is_svg(&fs::read_to_string(d.join("m.svg")).unwrap()));
    assert!(fs::read(d.join("m.png")).unwrap().starts_with(b"\x89PNG"));
    let tiled = read_json(&d.join("m.tmj"));
    assert_eq!(tiled["width"], 60);
    assert_eq!(tiled["layers"].as_array().unwrap().len(), 2);
    assert!(
        fs::read(d.join("m-tiles.png"))
            .unwrap()
            .starts_with(b"\x89PNG")
    );

    // The Universal VTT map: its grid the map's, its picture 100 pixels a cell (the file's
    // reading as the tabletops read it is checked in the stocking crate's tests/uvtt.rs).
    let uvtt = read_json(&d.join("m.dd2vtt"));
    assert_eq!(
        uvtt["resolution"]["map_size"],
        serde_json::json!({"x": 60.0, "y": 30.0})
    );
    assert_eq!(uvtt["resolution"]["pixels_per_grid"], 100);
    assert!(!uvtt["line_of_sight"].as_array().unwrap().is_empty());
    let doors = file["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["kind"] == "door")
        .count();
    assert!(uvtt["portals"].as_array().unwrap().len() >= doors);
    let png = base64_decode(uvtt["image"].as_str().unwrap());
    assert!(png.starts_with(b"\x89PNG"));
    let size = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    assert_eq!((size(16), size(20)), (6000, 3000));

    // Same seed, same bytes, on one thread too, and whatever else is written.
    let again: Vec<&str> = with(&["--threads", "1"], &args[..9])
        .into_iter()
        .chain(["--out", "n.json", "--uvtt", "n.dd2vtt"])
        .collect();
    run_in(d, &again).expect_ok();
    assert_eq!(
        fs::read(d.join("m.json")).unwrap(),
        fs::read(d.join("n.json")).unwrap()
    );
    assert_eq!(
        fs::read(d.join("m.dd2vtt")).unwrap(),
        fs::read(d.join("n.dd2vtt")).unwrap()
    );
}

/// Standard base64, as the file's `image` is written.
fn base64_decode(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::new();
    let (mut bits, mut count) = (0u32, 0);
    for c in text.bytes().filter(|&c| c != b'=') {
        let v = ALPHABET
            .iter()
            .position(|&a| a == c)
            .expect("a base64 digit") as u32;
        bits = (bits << 6) | v;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
        }
    }
    out
}

#[test]
fn a_map_file_in_text_or_json_with_a_chosen_theme() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(d, "side.txt", SIDE_ROOM);
    let rows: Vec<&str> = SIDE_ROOM.lines().collect();
    write(
        d,
        "side.json",
        &serde_json::json!({ "rows": rows }).to_string(),
    );
    for map in ["side.txt", "side.json"] {
        let out = format!("{map}.out.json");
        run_in(
            d,
            &[
                "stock",
                map,
                "--threshold",
                "5",
                "--mix",
                "reward=1",
                "--theme",
                "graveyard",
                "--seed",
                "1",
                "--out",
                &out,
            ],
        )
        .expect_ok();
        let file = read_json(&d.join(&out));
        assert_eq!(file["theme"]["name"], "graveyard");
        // The side room's far end gets the reward (worked out in the library's tests).
        let items = file["items"].as_array().unwrap();
        assert_eq!(items.len(), 1);
        assert_eq!(
            (items[0]["x"].as_u64(), items[0]["y"].as_u64()),
            (Some(7), Some(4))
        );
        assert_eq!(file["measures"]["route_after"], 14);
    }
    // A stocked map's file reads back as a map: stocking it again gives the same file.
    run_in(
        d,
        &[
            "stock",
            "side.txt.out.json",
            "--threshold",
            "5",
            "--mix",
            "reward=1",
            "--theme",
            "graveyard",
            "--seed",
            "1",
            "--out",
            "again.json",
        ],
    )
    .expect_ok();
    assert_eq!(
        fs::read(d.join("side.txt.out.json")).unwrap(),
        fs::read(d.join("again.json")).unwrap()
    );
    // Without --out or --text the stocked map is drawn on the terminal.
    let shown = run_in(d, &["stock", "side.txt", "--threshold", "5", "--seed", "1"]).expect_ok();
    assert!(shown.stderr.contains("#<"), "{}", shown.stderr);
}

#[test]
fn themes_can_be_listed_and_added() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let listed = run_in(d, &["stock", "--list-themes"]).expect_ok();
    assert!(listed.stdout.lines().count() >= 8);
    assert!(listed.stdout.contains("kobold-grotto"));
    let extra = r#"{"themes": [{"name": "bee-hive", "title": "Bee Hive", "leader": ["Queen Bee"],
        "owners": ["Worker Bee"], "guards": ["Soldier Bee"], "pets": ["Larva"], "vermin": ["Wax Moth"]}]}"#;
    write(d, "bees.json", extra);
    run_in(
        d,
        &[
            "stock",
            "--themes",
            "bees.json",
            "--theme",
            "bee-hive",
            "--seed",
            "2",
            "--out",
            "b.json",
        ],
    )
    .expect_ok();
    let file = read_json(&d.join("b.json"));
    let leaders: Vec<&Value> = file["creatures"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["role"] == "leader")
        .collect();
    assert_eq!(leaders.len(), 1);
    assert_eq!(leaders[0]["name"], "Queen Bee");
}

#[test]
fn bad_maps_and_settings_are_refused() {
    let outs = [
        "--out", "o.json", "--svg", "o.svg", "--text", "o.txt", "--tiled", "o.tmj",
    ];
    let map = |name: &'static str| with(&["stock", name], &outs);
    let cases: [(&str, &str, &str); 8] = [
        ("nostart.txt", "#####\n#..>#\n#####\n", "no start"),
        (
            "twogoals.txt",
            "######\n#<>.>#\n######\n",
            "more than one goal",
        ),
        ("ragged.txt", "#####\n#<.>#\n####\n", "line 3 has 4 cells"),
        ("odd.txt", "#####\n#<x>#\n#####\n", "line 2, column 3"),
        (
            "apart.txt",
            "#######\n#<.#.>#\n#######\n",
            "cannot be reached",
        ),
        ("empty.txt", "\n\n", "the map is empty"),
        ("bad.json", "{\"rows\": 5}", "not a map in JSON"),
        (
            "wide.txt",
            &format!("{}\n", "#".repeat(2001)),
            "at most 2000",
        ),
    ];
    for (name, text, phrase) in cases {
        refuses(&map(name), 1, phrase, &[(name, Some(text))]);
    }
    refuses(&map("absent.txt"), 1, "cannot read absent.txt", &[]);
    let generate = |extra: &[&'static str]| with(&with(&["stock"], extra), &outs);
    refuses(&generate(&["--width", "5000"]), 1, "width 5000", &[]);
    refuses(
        &generate(&["--generate", "rooms", "--width", "6"]),
        1,
        "too small for rooms",
        &[],
    );
    refuses(
        &generate(&["--theme", "moon-base"]),
        1,
        "there is no theme \"moon-base\"",
        &[],
    );
    refuses(&generate(&["--mix", "gold=2"]), 1, "is not an action", &[]);
    refuses(&generate(&["--mix", "door=0"]), 1, "every weight is 0", &[]);
    refuses(&generate(&["--threshold", "0"]), 1, "threshold 0", &[]);
    refuses(
        &with(&["stock", "m.txt", "--generate", "caves"], &outs),
        1,
        "not both",
        &[("m.txt", Some(SIDE_ROOM))],
    );
    refuses(
        &with(&["stock", "--themes", "t.json"], &outs),
        1,
        "not a themes file",
        &[("t.json", Some("{\"themes\": 3}"))],
    );
    refuses(&generate(&["--generate", "mazes"]), 2, "invalid value", &[]);
}

/// `run stock --params` writes the same files as `stock` with the same settings, for a map
/// given whole and for a generated one.
#[test]
fn the_stock_job_writes_the_same_bytes_as_the_command() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(d, "m.txt", SIDE_ROOM);
    let cases: [(Vec<&str>, serde_json::Value); 2] = [
        (
            vec![
                "stock",
                "m.txt",
                "--threshold",
                "2",
                "--theme",
                "kobold-grotto",
            ],
            serde_json::json!({"map": SIDE_ROOM, "threshold": 2, "theme": "kobold-grotto",
                               "tileset_image": "b-tiles.png"}),
        ),
        (
            vec![
                "stock",
                "--generate",
                "caves",
                "--width",
                "50",
                "--height",
                "24",
                "--no-route",
            ],
            serde_json::json!({"generate": "caves", "width": 50, "height": 24, "route": false,
                               "tileset_image": "b-tiles.png"}),
        ),
    ];
    for (command, params) in cases {
        let mut args = command.clone();
        args.extend([
            "--seed", "5", "-o", "b.json", "--svg", "b.svg", "--tiled", "b.tmj", "--uvtt",
            "b.dd2vtt",
        ]);
        let by_command = run_in(d, &args).expect_ok().summary();
        write(d, "p.json", &params.to_string());
        let by_run = run_in(
            d,
            &[
                "run",
                "stock",
                "--params",
                "p.json",
                "--seed",
                "5",
                "-o",
                "a.json",
                "--svg",
                "a.svg",
                "--file",
                "tiled=a.tmj",
                "--file",
                "tileset=a-tiles.png",
                "--file",
                "uvtt=a.dd2vtt",
            ],
        )
        .expect_ok()
        .summary();
        for (a, b) in [
            ("a.json", "b.json"),
            ("a.svg", "b.svg"),
            ("a.tmj", "b.tmj"),
            ("a-tiles.png", "b-tiles.png"),
            ("a.dd2vtt", "b.dd2vtt"),
        ] {
            let (x, y) = (fs::read(d.join(a)).unwrap(), fs::read(d.join(b)).unwrap());
            assert!(!x.is_empty());
            assert_eq!(x, y, "{command:?}: {a} and {b} differ");
        }
        assert_eq!(by_run["fun_after"], by_command["fun_after"]);
        assert_eq!(
            by_run["parameters"], by_command["parameters"],
            "{command:?}"
        );
    }
}

#[test]
fn contradictions_are_refused_naming_both() {
    refuses(
        &["stock", "m.txt", "--width", "50", "--out", "o.json"],
        1,
        "width 50 is for a generated map",
        &[("m.txt", Some(SIDE_ROOM))],
    );
    refuses(
        &[
            "run",
            "stock",
            "--set",
            "map=#<>#",
            "--set",
            "generate=caves",
            "-o",
            "o.json",
        ],
        1,
        "give a map or generate \"caves\", not both",
        &[],
    );
    refuses(
        &["run", "stock", "--set", "thresold=3", "-o", "o.json"],
        1,
        "unknown parameter `thresold`",
        &[],
    );
}
