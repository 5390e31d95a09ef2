//! `ludoforge risk` with maps in other programs' formats: the classic board exported as a
//! Domination `.map` file and as TAG's Risk map JSON reads back as the same map, both are
//! drawn and played, and malformed files or export names are refused with the way out.

use super::*;

/// `risk map --map MAP --out -`: the map in the project's format, positioned as drawn.
fn as_drawn(d: &Path, map: &str) -> Value {
    let outcome = run_in(d, &["risk", "map", "--map", map, "--out", "-"]).expect_ok();
    serde_json::from_str(&outcome.stdout)
        .unwrap_or_else(|e| panic!("--out - is not JSON ({e}): {}", outcome.stdout))
}

#[test]
fn the_classic_board_exported_reads_back_as_the_same_map() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let original = as_drawn(d, "classic");
    assert_eq!(original["territories"].as_array().unwrap().len(), 42);
    for file in ["classic.map", "classic.json"] {
        run_in(d, &["risk", "map", "--map", "classic", "--export", file]).expect_ok();
        let text = fs::read_to_string(d.join(file)).unwrap();
        assert_eq!(
            file.ends_with(".map"),
            text.contains("[borders]"),
            "{file} is in the wrong format:\n{text}"
        );
        assert_eq!(as_drawn(d, file), original, "{file}");
    }
    // The Domination map names its cards file, written beside it (and only for a .map).
    run_in(d, &["risk", "map", "--map", "classic", "--export", "e.map"]).expect_ok();
    let text = fs::read_to_string(d.join("e.map")).unwrap();
    assert!(text.lines().any(|l| l == "crd e.cards"), "{text}");
    let cards = fs::read_to_string(d.join("e.cards")).unwrap();
    assert!(cards.contains("[cards]\nInfantry 1\n"), "{cards}");
    assert_eq!(cards.lines().filter(|l| *l == "wildcard").count(), 2);
    // One cards file a .map, none for TAG's JSON.
    let mut cards_files: Vec<String> = fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".cards"))
        .collect();
    cards_files.sort();
    assert_eq!(cards_files, ["classic.cards", "e.cards"]);
    // TAG's JSON names territories and continents as the board does.
    let tag = read_json(&d.join("classic.json"));
    assert_eq!(
        tag["nodes"][29]["name"],
        serde_json::json!(["String", "Kamchatka"])
    );
    assert_eq!(tag["continents"][4]["bonus"], 7);
    // Drawn and played from either file.
    run_in(
        d,
        &[
            "risk",
            "map",
            "--map",
            "classic.map",
            "--names",
            "--png",
            "c.png",
        ],
    )
    .expect_ok();
    assert!(
        fs::read(d.join("c.png"))
            .unwrap()
            .starts_with(&PNG_SIGNATURE)
    );
    let summary = run_in(
        d,
        &[
            "risk",
            "playtest",
            "--map",
            "classic.json",
            "--matches",
            "4",
            "--seed",
            "1",
        ],
    )
    .expect_ok()
    .summary();
    assert_eq!(summary["map"], "classic");
}

#[test]
fn a_map_without_positions_is_exported_where_its_picture_puts_it() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let args = [
        "risk", "map", "--map", "map9", "--seed", "3", "--export", "m.map",
    ];
    run_in(d, &args).expect_ok();
    let drawn = run_in(
        d,
        &["risk", "map", "--map", "map9", "--seed", "3", "--out", "-"],
    )
    .expect_ok()
    .stdout;
    let drawn: Value = serde_json::from_str(&drawn).unwrap();
    // The export holds the picture's places on a 1000-unit plane; read back, they are drawn
    // where the picture of the map drew them.
    let back = as_drawn(d, "m.map");
    for (a, b) in back["territories"]
        .as_array()
        .unwrap()
        .iter()
        .zip(drawn["territories"].as_array().unwrap())
    {
        assert_eq!(a["name"], b["name"]);
        for k in 0..2 {
            let (x, y) = (
                a["position"][k].as_f64().unwrap(),
                b["position"][k].as_f64().unwrap(),
            );
            assert!((x - y).abs() < 2e-3, "{a} against {b}");
        }
    }
    assert_eq!(back["borders"], drawn["borders"]);
}

#[test]
fn malformed_map_files_and_export_names_are_refused() {
    let draw = |map: &'static str| -> Vec<&'static str> {
        vec![
            "risk", "map", "--map", map, "--svg", "m.svg", "--out", "m.json",
        ]
    };
    refuses(
        &draw("bad.map"),
        1,
        "line 4 of the Domination map: a country is `NUMBER NAME CONTINENT X Y` (five fields)",
        &[(
            "bad.map",
            Some("[continents]\nNorth 2 red\n[countries]\n1 Alaska 1 0\n"),
        )],
    );
    refuses(
        &draw("one-way.map"),
        1,
        "country 1 lists 2 as a neighbour but 2 does not list 1",
        &[(
            "one-way.map",
            Some("[continents]\nN 1 red\n[countries]\n1 A 1 0 0\n2 B 1 9 9\n[borders]\n1 2\n"),
        )],
    );
    refuses(
        &draw("notes.txt"),
        1,
        "not a map in a format read here",
        &[("notes.txt", Some("Alaska borders Kamchatka."))],
    );
    refuses(
        &draw("tag.json"),
        1,
        "the TAG map: node 1 (\"A\") is in unknown continent \"South\"",
        &[(
            "tag.json",
            Some(
                r#"{"continents": [{"name": "North", "bonus": 1}], "nodes": [
                {"name": ["String", "A"], "continent": ["String", "South"]}]}"#,
            ),
        )],
    );
    for name in ["classic.txt", "-"] {
        refuses(
            &[
                "risk", "map", "--map", "classic", "--export", name, "--svg", "m.svg",
            ],
            1,
            "name a file ending in .map (a Domination map) or .json (TAG's Risk map JSON)",
            &[],
        );
    }
    // One-way arcs are read when allowed.
    let dir = TempDir::new().unwrap();
    write(
        dir.path(),
        "w.map",
        "[continents]\nN 1 red\n[countries]\n1 A 1 0 0\n2 B 1 9 9\n[borders]\n1 2\n",
    );
    let outcome = run_in(
        dir.path(),
        &[
            "risk",
            "map",
            "--map",
            "w.map",
            "--allow-one-way",
            "--out",
            "-",
        ],
    );
    let map: Value = serde_json::from_str(&outcome.expect_ok().stdout).unwrap();
    assert_eq!(map["one_way"], serde_json::json!([[0, 1]]));
    assert_eq!(map["name"], "w");
}

/// Names Domination would take for comments or not read as text, and the largest bonus: a map
/// exported to both formats reads back the same; a Latin-1 Domination map (read as the game
/// reads one without a byte-order mark) is read; a bonus beyond what Domination and TAG read is
/// refused.
#[test]
fn hostile_names_and_the_largest_bonus_survive_both_formats() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let map = serde_json::json!({
        "name": "Édition #2",
        "territories": [{"id": 0, "name": "; Alpha"}, {"id": 1, "name": "#Beta"},
                        {"id": 2, "name": "Gamma Ωmega"}],
        "continents": [{"name": ";North", "bonus": 2_147_483_647u32, "territories": [0, 1]},
                       {"name": "#South é", "bonus": 0, "territories": [2]}],
        "borders": [[0, 1], [1, 2]],
    });
    fs::write(d.join("hostile.json"), map.to_string()).unwrap();
    let original = as_drawn(d, "hostile.json");
    for file in ["h.map", "h-tag.json"] {
        run_in(
            d,
            &["risk", "map", "--map", "hostile.json", "--export", file],
        )
        .expect_ok();
        let back = as_drawn(d, file);
        assert_eq!(back["continents"], original["continents"], "{file}");
        let names = |v: &Value| -> Vec<Value> {
            v["territories"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t["name"].clone())
                .collect()
        };
        assert_eq!(names(&back), names(&original), "{file}");
        assert_eq!(back["borders"], original["borders"], "{file}");
    }
    let text = fs::read_to_string(d.join("h.map")).unwrap();
    assert!(
        text.lines().any(|l| l == "_;North 2147483647 yellow"),
        "{text}"
    );
    // ISO-8859-1, as a map made on an older system would be.
    let latin1: Vec<u8> =
        b"[continents]\nCaf\xe9 3 red\n[countries]\n1 R\xe9gion 1 0 0\n2 B 1 9 9\n\
                            [borders]\n1 2\n2 1\n"
            .to_vec();
    fs::write(d.join("latin1.map"), latin1).unwrap();
    let read = as_drawn(d, "latin1.map");
    assert_eq!(read["continents"][0]["name"], "Café");
    assert_eq!(read["territories"][0]["name"], "Région");
    // One more troop than an int holds.
    let mut too_big = map.clone();
    too_big["continents"][0]["bonus"] = serde_json::json!(2_147_483_648u64);
    fs::write(d.join("big.json"), too_big.to_string()).unwrap();
    let refused = run_in(d, &["risk", "map", "--map", "big.json", "-o", "x.json"]);
    assert_eq!(refused.code, 1, "{}", refused.describe());
    assert!(
        refused.stderr.contains("give at most 2147483647"),
        "{}",
        refused.describe()
    );
}

/// A variant file written by `risk design --out` is drawn and exported as its map.
#[test]
fn a_variant_file_is_read_as_its_map() {
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
            "--tournament",
            "2",
            "--matches",
            "4",
            "--seed",
            "2",
            "-o",
            "v.json",
        ],
    )
    .expect_ok();
    let variant = read_json(&d.join("v.json"));
    let drawn = as_drawn(d, "v.json");
    assert_eq!(drawn["name"], variant["map"]["name"]);
    assert_eq!(drawn["continents"], variant["map"]["continents"]);
    assert_eq!(drawn["borders"], variant["map"]["borders"]);
    run_in(d, &["risk", "map", "--map", "v.json", "--export", "v.map"]).expect_ok();
    // A designed map may have one-way arcs, which Domination's map test refuses.
    let back = run_in(
        d,
        &[
            "risk",
            "map",
            "--map",
            "v.map",
            "--allow-one-way",
            "--out",
            "-",
        ],
    )
    .expect_ok();
    let back: Value = serde_json::from_str(&back.stdout).unwrap();
    assert_eq!(back["continents"], variant["map"]["continents"]);
}
