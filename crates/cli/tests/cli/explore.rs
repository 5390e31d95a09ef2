//! `ludoforge explore`: an archive, its heatmap and plot, the same bytes as `run`, and an
//! elite taken out that `puzzle solve` agrees with.

use std::fs;

use tempfile::TempDir;

use super::{PNG_SIGNATURE, is_svg, read_json, refuses, run_in};

const SMALL: [&str; 8] = [
    "--set",
    "board.width=7",
    "--set",
    "board.height=7",
    "--evaluations",
    "2000",
    "--seed",
    "4",
];

#[test]
fn explore_writes_the_archive_and_its_pictures_and_an_elite_comes_out() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let mut args = vec!["explore", "chromatic", "--cells", "10x8"];
    args.extend(SMALL);
    args.extend(["-o", "shelf.json", "--svg", "heat.svg", "--png", "heat.png"]);
    args.extend(["--plot", "progress.svg", "--plot-png", "progress.png"]);
    let summary = run_in(d, &args).expect_ok().summary();
    assert_eq!(summary["seed"], 4);
    let shelf = read_json(&d.join("shelf.json"));
    assert_eq!(shelf["generator"], "ludoforge explore");
    assert_eq!(shelf["job"], "puzzle-chromatic-explore");
    assert_eq!(shelf["cells"], 80);
    assert_eq!(summary["filled"], shelf["filled"]);
    assert!(is_svg(&fs::read_to_string(d.join("heat.svg")).unwrap()));
    assert!(
        fs::read_to_string(d.join("progress.svg"))
            .unwrap()
            .contains("QD score")
    );
    for png in ["heat.png", "progress.png"] {
        assert!(
            fs::read(d.join(png)).unwrap().starts_with(&PNG_SIGNATURE),
            "{png}"
        );
    }

    // The same archive through `run` with the same parameters and seed.
    fs::write(
        d.join("p.json"),
        r#"{"board": {"width": 7, "height": 7}, "explore": {"evaluations": 2000, "cells": [10, 8]}}"#,
    )
    .unwrap();
    let run = [
        "run",
        "puzzle-chromatic-explore",
        "--params",
        "p.json",
        "--seed",
        "4",
        "-o",
        "by-run.json",
    ];
    run_in(d, &run).expect_ok();
    assert_eq!(
        fs::read(d.join("shelf.json")).unwrap(),
        fs::read(d.join("by-run.json")).unwrap()
    );

    // Take out the elite of the first filled cell, by its descriptors.
    let elite = &shelf["elites"][0];
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
        "maze.json",
    ];
    run_in(d, &take).expect_ok();
    assert_eq!(read_json(&d.join("maze.json")), elite["result"]);
    let solved = run_in(d, &["puzzle", "solve", "maze.json", "--out", "solved.json"]).expect_ok();
    assert_eq!(solved.summary()["min_moves"], elite["result"]["min_moves"]);
    assert_eq!(
        solved.summary()["measures"]["decision_points"],
        elite["descriptors"]["decision_points"].as_f64().unwrap() as u64
    );
}

#[test]
fn explore_refuses_what_it_cannot_do() {
    let archive = r#"{"generator": "ludoforge explore", "axes": [{"name": "a", "unit": "", "low": 0, "high": 4, "cells": 4}], "elites": [{"coordinates": [1], "descriptors": {"a": 1.5}, "result": {}}]}"#;
    let cases: &[(&[&str], &str)] = &[
        (
            &["explore", "dragons"],
            "nothing named \"dragons\" can be explored; these can: puzzle-chess, puzzle-chromatic, portals, stock, gloomhaven, risk",
        ),
        (&["explore"], "say what to explore"),
        (
            &["explore", "chromatic", "--cells", "3x"],
            "--cells 3x: write one count",
        ),
        (
            &["explore", "chromatic", "--range", "min_moves=9"],
            "write NAME=LOW..HIGH",
        ),
        (
            &[
                "explore",
                "chromatic",
                "--range",
                "min_moves=9..3",
                "-o",
                "a.json",
            ],
            "low below high",
        ),
        (
            &[
                "explore",
                "chromatic",
                "--descriptors",
                "min_moves",
                "-o",
                "a.json",
            ],
            "name two or three",
        ),
        (
            &["explore", "chromatic", "--elite", "a=1"],
            "give the archive with --archive",
        ),
        (
            &["explore", "--archive", "shelf.json", "-o", "m.json"],
            "needs --elite",
        ),
        (
            &[
                "explore",
                "--archive",
                "shelf.json",
                "--elite",
                "a=3.5",
                "-o",
                "m.json",
            ],
            "the cell a 3 to 4 holds no elite; the nearest filled cells: (a 1 to 2)",
        ),
        (
            &[
                "explore",
                "--archive",
                "shelf.json",
                "--elite",
                "b=1",
                "-o",
                "m.json",
            ],
            "say where along `a` too",
        ),
        (
            &[
                "explore",
                "--archive",
                "nothing.json",
                "--elite",
                "a=1",
                "-o",
                "m.json",
            ],
            "nothing.json",
        ),
    ];
    for (args, phrase) in cases {
        refuses(args, 1, phrase, &[("shelf.json", Some(archive))]);
    }
}
