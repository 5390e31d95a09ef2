//! `ludoforge library`: results and archives made by the binary kept, found by their numbers,
//! exported unchanged; refusals that leave everything as it was. Every test names its own
//! library file (`--library`), or its own data folder, never the user's.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;
use tempfile::TempDir;

use super::{Outcome, as_a_user, listing, read_json, refuses, run_in, with};

/// A chromatic puzzle (with its picture) and an archive of an exploration, made by the binary
/// in `d`: `m.json`, `m.svg`, `shelf.json`.
fn make_results(d: &Path) {
    run_in(
        d,
        &[
            "puzzle",
            "chromatic",
            "--size",
            "7",
            "--population",
            "40",
            "--generations",
            "20",
            "--seed",
            "3",
            "--out",
            "m.json",
            "--svg",
            "m.svg",
        ],
    )
    .expect_ok();
    run_in(
        d,
        &[
            "run",
            "puzzle-chromatic-explore",
            "--set",
            "explore.evaluations=2000",
            "--set",
            "board.width=7",
            "--set",
            "board.height=7",
            "--seed",
            "1",
            "-o",
            "shelf.json",
        ],
    )
    .expect_ok();
}

/// Runs `ludoforge --library lib.sqlite library ARGS` in `d`.
fn library(d: &Path, args: &[&str]) -> Outcome {
    run_in(d, &with(&["--library", "lib.sqlite", "library"], args))
}

/// The rows a `--json` command printed.
fn rows(outcome: &Outcome) -> Vec<Value> {
    let value: Value = serde_json::from_str(outcome.stdout.trim()).unwrap_or_else(|e| {
        panic!("stdout is not JSON ({e}): {}", outcome.stdout);
    });
    value.as_array().expect("an array of rows").clone()
}

fn ids(rows: &[Value]) -> Vec<i64> {
    rows.iter().map(|r| r["id"].as_i64().unwrap()).collect()
}

#[test]
fn results_and_archives_are_kept_found_and_exported_unchanged() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    make_results(d);
    let puzzle = read_json(&d.join("m.json"));
    let shelf = read_json(&d.join("shelf.json"));
    let elites = shelf["elites"].as_array().unwrap();
    assert!(elites.len() > 10, "{}", elites.len());

    let added = library(d, &["add", "m.json", "--file", "svg=m.svg"]).expect_ok();
    assert_eq!(added.stdout, "m.json: 1 added, 0 already there (row 1)\n");
    // A result written by `puzzle chromatic --out` names its job, and is found by it.
    assert_eq!(puzzle["job"], "puzzle-chromatic");
    let found = library(d, &["query", "--job", "puzzle-chromatic", "--json"]).expect_ok();
    assert_eq!(ids(&rows(&found)), [1]);
    let added = library(d, &["add", "shelf.json", "m.json", "--json"]).expect_ok();
    let added: Value = serde_json::from_str(&added.stdout).unwrap();
    assert_eq!(added["files"][0]["added"], elites.len());
    assert_eq!(added["files"][1]["added"], 0);
    assert_eq!(added["files"][1]["already"], 1);
    assert_eq!(added["files"][1]["ids"][0], 1);

    // Every elite and the puzzle with at least 8 decision points and 16 to 22 moves, by
    // brute force over the files, against the library's answer.
    let mut wanted: Vec<i64> = Vec::new();
    let in_range = |moves: f64, points: f64| (16.0..=22.0).contains(&moves) && points >= 8.0;
    let p = &puzzle;
    if in_range(
        p["min_moves"].as_f64().unwrap(),
        p["measures"]["decision_points"].as_f64().unwrap(),
    ) {
        wanted.push(1);
    }
    for (at, elite) in elites.iter().enumerate() {
        let d = &elite["descriptors"];
        if in_range(
            d["min_moves"].as_f64().unwrap(),
            d["decision_points"].as_f64().unwrap(),
        ) {
            wanted.push(at as i64 + 2);
        }
    }
    wanted.reverse();
    assert!(!wanted.is_empty(), "the ranges find something");
    let found = library(
        d,
        &[
            "query",
            "--where",
            "min_moves=16..22",
            "--where",
            "decision_points>=8",
            "--json",
        ],
    )
    .expect_ok();
    assert_eq!(ids(&rows(&found)), wanted);

    // Sorted by a descriptor, limited, for one job.
    let sorted = library(
        d,
        &[
            "query",
            "--job",
            "puzzle-chromatic-explore",
            "--sort",
            "descriptors.decision_points:desc",
            "--limit",
            "3",
            "--json",
        ],
    )
    .expect_ok();
    let sorted = rows(&sorted);
    let most = elites
        .iter()
        .map(|e| e["descriptors"]["decision_points"].as_f64().unwrap())
        .fold(f64::MIN, f64::max);
    assert_eq!(sorted.len(), 3);
    assert_eq!(sorted[0]["numbers"]["descriptors.decision_points"], most);
    assert!(
        sorted
            .iter()
            .all(|r| r["job"] == "puzzle-chromatic-explore")
    );

    // The table for people names the ranges' numbers.
    let table = library(d, &["query", "--where", "decision_points>=8"]).expect_ok();
    let header = table.stdout.lines().next().unwrap();
    for column in ["ID", "ADDED", "JOB", "SEED", "decision_points"] {
        assert!(header.contains(column), "{}", table.stdout);
    }

    // Exported: the documents as they were added, and the picture beside the puzzle.
    let exported = library(
        d,
        &[
            "export",
            "--where",
            "min_moves=16..22",
            "--where",
            "decision_points>=8",
            "out",
        ],
    )
    .expect_ok();
    assert!(
        exported
            .stdout
            .starts_with(&format!("exported {} ", wanted.len())),
        "{}",
        exported.stdout
    );
    let names = listing(&d.join("out"));
    for id in &wanted {
        let name = if *id == 1 {
            format!("puzzle-chromatic-3-{id}.json")
        } else {
            format!("puzzle-chromatic-explore-1-{id}.json")
        };
        assert!(names.contains(&name), "{name} in {names:?}");
        let document = read_json(&d.join("out").join(&name));
        let original = if *id == 1 {
            &puzzle
        } else {
            &elites[*id as usize - 2]["result"]
        };
        assert_eq!(&document, original, "{name}");
    }
    let everything = library(d, &["export", "all"]).expect_ok();
    assert!(
        everything
            .stdout
            .contains(&format!("({} files)", 2 * elites.len() + 2)),
        "{}",
        everything.stdout
    );
    assert_eq!(
        read_json(&d.join("all").join("puzzle-chromatic-3-1.json")),
        puzzle
    );
    assert_eq!(
        fs::read(d.join("all").join("puzzle-chromatic-3-1.svg")).unwrap(),
        fs::read(d.join("m.svg")).unwrap()
    );
    // Elites are kept without pictures: the export draws each as its job does.
    let drawn = fs::read_to_string(d.join("all").join("puzzle-chromatic-explore-1-2.svg"))
        .expect("an elite's picture");
    let moves = elites[0]["result"]["min_moves"].as_u64().unwrap();
    assert!(drawn.starts_with("<?xml") && drawn.contains(&format!("· {moves} moves")));
    // An exported elite is a puzzle result `puzzle solve` reads.
    let solved = run_in(
        d,
        &["puzzle", "solve", "all/puzzle-chromatic-explore-1-2.json"],
    )
    .expect_ok();
    assert!(solved.stdout.contains("min_moves"), "{}", solved.stdout);
}

#[test]
fn list_show_and_remove() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    make_results(d);
    library(d, &["add", "m.json", "shelf.json"]).expect_ok();
    let count = read_json(&d.join("shelf.json"))["elites"]
        .as_array()
        .unwrap()
        .len() as i64
        + 1;

    let listed = library(d, &["list", "--limit", "2"]).expect_ok();
    let lines: Vec<&str> = listed.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", listed.stdout);
    assert!(
        lines[1].trim_start().starts_with(&count.to_string()),
        "newest first: {}",
        listed.stdout
    );
    assert_eq!(
        lines[3],
        format!("(2 of {count}; --limit {count} shows them all)")
    );
    let listed = library(d, &["list", "--job", "puzzle-chromatic-explore", "--json"]).expect_ok();
    assert_eq!(rows(&listed).len(), 20);

    let shown = library(d, &["show", "1"]).expect_ok();
    assert!(
        shown.stdout.contains("generator  ludoforge puzzle"),
        "{}",
        shown.stdout
    );
    assert!(
        shown.stdout.contains("measures.decision_points"),
        "{}",
        shown.stdout
    );
    let shown = library(d, &["show", "1", "--json"]).expect_ok().summary();
    assert_eq!(shown["document"], read_json(&d.join("m.json")));
    assert_eq!(shown["seed"], 3);

    let removed = library(d, &["remove", "1", "2"]).expect_ok();
    assert_eq!(removed.stdout, "removed 2 results\n");
    let all = library(d, &["list", "--limit", "1000", "--json"]).expect_ok();
    assert_eq!(rows(&all).len() as i64, count - 2);
    let gone = library(d, &["show", "1"]);
    assert_eq!(gone.code, 1, "{}", gone.describe());
    assert!(
        gone.stderr.contains("the library has no row 1"),
        "{}",
        gone.describe()
    );
}

#[test]
fn the_library_flag_goes_before_or_after_the_command_and_defaults_to_the_data_folder() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    make_results(d);
    run_in(
        d,
        &["library", "add", "m.json", "--library", "after.sqlite"],
    )
    .expect_ok();
    run_in(d, &["library", "--library", "after.sqlite", "list"]).expect_ok();
    run_in(
        d,
        &["--library", "before.sqlite", "library", "add", "m.json"],
    )
    .expect_ok();
    assert!(d.join("after.sqlite").is_file() && d.join("before.sqlite").is_file());
    let twice = run_in(d, &["--library", "a", "library", "--library", "b", "list"]);
    assert_eq!(twice.code, 1, "{}", twice.describe());
    assert!(
        twice.stderr.contains("--library is given twice"),
        "{}",
        twice.describe()
    );

    // Without the flag: the data folder, here a temporary one.
    let data = d.join("data");
    let output = Command::new(env!("CARGO_BIN_EXE_ludoforge"))
        .args(["library", "add", "m.json"])
        .current_dir(d)
        .env("XDG_DATA_HOME", &data)
        .env("HOME", d.join("home"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(data.join("ludoforge").join("library.sqlite").is_file());
    assert!(!d.join("home").exists());
}

#[test]
fn a_result_on_standard_input_is_kept() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    make_results(d);
    let text = fs::read(d.join("m.json")).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludoforge"))
        .args(["--library", "lib.sqlite", "library", "add", "-"])
        .current_dir(d)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write as _;
    child.stdin.take().unwrap().write_all(&text).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "-: 1 added, 0 already there (row 1)\n"
    );
}

const RESULT: &str = r#"{"generator": "g", "seed": 1, "version": "1", "score": 3}"#;

#[test]
fn refusals_change_nothing() {
    let lib = ["--library", "lib.sqlite", "library"];
    // Not a library: the file is left as it was (refuses checks that no file appeared).
    refuses(
        &with(&lib, &["list"]),
        1,
        "lib.sqlite is not a ludoforge library: it is not an SQLite database",
        &[("lib.sqlite", Some("my notes, not a database"))],
    );
    // Files that are not results, or missing: nothing is made.
    refuses(
        &with(&lib, &["add", "r.json", "notes.txt"]),
        1,
        "notes.txt is not a JSON result file",
        &[("r.json", Some(RESULT)), ("notes.txt", Some("hello"))],
    );
    refuses(
        &with(&lib, &["add", "maze.json"]),
        1,
        "maze.json: nothing was added: not a result document: it does not name its `generator`",
        &[("maze.json", Some(r#"{"maze": [1, 2]}"#))],
    );
    // Commands that only read, or remove, make no library where there is none.
    for command in [
        &["list"][..],
        &["query", "--sort", "score"],
        &["show", "1"],
        &["export", "out"],
        &["remove", "1"],
    ] {
        refuses(
            &with(&lib, command),
            1,
            "there is no library at lib.sqlite; `ludoforge library add RESULT.json` makes one",
            &[],
        );
    }
    refuses(
        &with(&lib, &["add", "missing.json"]),
        1,
        "cannot read missing.json: there is no such file",
        &[],
    );
    refuses(
        &with(&lib, &["add", "r.json", "s.json", "--file", "svg=r.json"]),
        1,
        "--file goes with one result",
        &[("r.json", Some(RESULT)), ("s.json", Some(RESULT))],
    );
    refuses(
        &with(&lib, &["add", "r.json", "--file", "svg"]),
        1,
        "--file svg: write ROLE=FILE",
        &[("r.json", Some(RESULT))],
    );
    // Ranges the library cannot read are usage errors.
    refuses(
        &with(&lib, &["query", "--where", "moves 38..42"]),
        2,
        "write KEY=LOW..HIGH (both ends included)",
        &[],
    );
    refuses(
        &with(&lib, &["query", "--sort", "fitness:down"]),
        2,
        "KEY:desc",
        &[],
    );
}

#[test]
fn a_refused_add_keeps_the_library_as_it_was() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    fs::write(d.join("r.json"), RESULT).unwrap();
    fs::write(d.join("bad.json"), r#"{"seed": 2}"#).unwrap();
    library(d, &["add", "r.json"]).expect_ok();
    let before = fs::read(d.join("lib.sqlite")).unwrap();
    let refused = library(d, &["add", "r.json", "bad.json"]);
    assert_eq!(refused.code, 1, "{}", refused.describe());
    assert!(
        refused
            .stderr
            .contains("bad.json: nothing was added: not a result document"),
        "{}",
        refused.describe()
    );
    assert_eq!(fs::read(d.join("lib.sqlite")).unwrap(), before);
    let all = library(d, &["list", "--json"]).expect_ok();
    assert_eq!(rows(&all).len(), 1);
    // An unknown number is named with those the library has.
    let unknown = library(d, &["query", "--where", "moves>3"]);
    assert_eq!(unknown.code, 1);
    assert!(
        unknown
            .stderr
            .contains("no number is called \"moves\"; the library has these: score, seed"),
        "{}",
        unknown.describe()
    );
    // An export over a file of the user's writes nothing.
    fs::create_dir(d.join("out")).unwrap();
    fs::write(d.join("out").join("g-1-1.json"), "mine").unwrap();
    let export = library(d, &["export", "out"]);
    assert_eq!(export.code, 1);
    assert!(
        export
            .stderr
            .contains("already exists, so nothing was exported"),
        "{}",
        export.describe()
    );
    assert_eq!(
        fs::read_to_string(d.join("out").join("g-1-1.json")).unwrap(),
        "mine"
    );
    assert_eq!(listing(&d.join("out")).len(), 1);
    let missing = library(d, &["remove", "1", "7"]);
    assert_eq!(missing.code, 1);
    assert!(
        missing.stderr.contains("the library has no row 7"),
        "{}",
        missing.describe()
    );
    assert_eq!(rows(&library(d, &["list", "--json"]).expect_ok()).len(), 1);
}

/// Eight `library add` processes started together on a library that does not exist yet, ten
/// times over: every process succeeds, every result is kept, and the folder holds the library
/// and nothing else (no half-made library is ever seen, no stray copy is left).
#[test]
fn eight_processes_making_one_library_at_once_keep_every_result() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    make_results(d);
    let base = read_json(&d.join("m.json"));
    let names: Vec<String> = (0..40)
        .map(|i| {
            let mut result = base.clone();
            result["seed"] = Value::from(1_000 + i);
            let name = format!("r{i}.json");
            fs::write(d.join(&name), result.to_string()).unwrap();
            name
        })
        .collect();
    for round in 0..10 {
        let folder = d.join(format!("round{round}"));
        fs::create_dir(&folder).unwrap();
        let library = folder.join("lib.sqlite");
        let children: Vec<_> = names
            .chunks(5)
            .map(|chunk| {
                Command::new(env!("CARGO_BIN_EXE_ludoforge"))
                    .current_dir(d)
                    .arg("--library")
                    .arg(&library)
                    .args(["library", "add"])
                    .args(chunk)
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for child in children {
            let out = child.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "round {round}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let listed = run_in(
            d,
            &[
                "--library",
                library.to_str().unwrap(),
                "library",
                "list",
                "--limit",
                "100",
                "--json",
            ],
        )
        .expect_ok();
        assert_eq!(rows(&listed).len(), 40, "round {round}");
        let left: Vec<String> = fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(left, ["lib.sqlite"], "round {round}");
    }
}

/// The names in a folder, sorted.
fn names(d: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A read-only library file, and a library in a folder the user cannot write: each is read
/// as it is, with no file left beside it, and adding to it is refused with its own message,
/// the bytes unchanged.
#[test]
fn a_read_only_library_is_read_and_its_refusals_say_why() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = TempDir::new().unwrap();
    let top = dir.path();
    fs::set_permissions(top, fs::Permissions::from_mode(0o755)).unwrap();
    for case in ["file", "folder"] {
        let d = top.join(case);
        fs::create_dir(&d).unwrap();
        fs::write(d.join("r.json"), RESULT).unwrap();
        fs::write(
            d.join("s.json"),
            RESULT.replace("\"seed\": 1", "\"seed\": 2"),
        )
        .unwrap();
        library(&d, &["add", "r.json"]).expect_ok();
        let (folder_mode, file_mode) = match case {
            // Anyone may write the folder: the file alone keeps SQLite from writing; then
            // anyone may write the file, but not the folder where its log would go.
            "file" => (0o777, 0o444),
            _ => (0o755, 0o666),
        };
        fs::set_permissions(d.join("lib.sqlite"), fs::Permissions::from_mode(file_mode)).unwrap();
        fs::set_permissions(&d, fs::Permissions::from_mode(folder_mode)).unwrap();
        let before = fs::read(d.join("lib.sqlite")).unwrap();
        let listed = names(&d);
        let Some(outcome) = as_a_user(&d, &["--library", "lib.sqlite", "library", "list"]) else {
            eprintln!("skipped: running as root without setpriv to run as another user");
            return;
        };
        assert_eq!(outcome.code, 0, "{case}: {}", outcome.stderr);
        assert!(
            outcome.stdout.contains("  g "),
            "{case}: {}",
            outcome.stdout
        );
        let outcome = as_a_user(
            &d,
            &[
                "--library",
                "lib.sqlite",
                "library",
                "query",
                "--json",
                "--sort",
                "score",
            ],
        )
        .unwrap();
        assert_eq!(outcome.code, 0, "{case}: {}", outcome.stderr);
        assert_eq!(rows(&outcome).len(), 1, "{case}");
        assert_eq!(
            names(&d),
            listed,
            "{case}: files were left beside the library"
        );
        let outcome =
            as_a_user(&d, &["--library", "lib.sqlite", "library", "add", "s.json"]).unwrap();
        assert_eq!(outcome.code, 1, "{case}: {}", outcome.stderr);
        let why = match case {
            "file" => "cannot write the library lib.sqlite: the file is read-only; make it \
                       writable, or give another file with --library"
                .to_string(),
            _ => format!(
                "cannot write the library lib.sqlite: its folder {} cannot be written",
                "."
            ),
        };
        assert!(outcome.stderr.contains(&why), "{case}: {}", outcome.stderr);
        assert!(
            !outcome.stderr.contains("damaged"),
            "{case}: {}",
            outcome.stderr
        );
        assert_eq!(fs::read(d.join("lib.sqlite")).unwrap(), before, "{case}");
        assert_eq!(
            names(&d),
            listed,
            "{case}: files were left beside the library"
        );
        fs::set_permissions(&d, fs::Permissions::from_mode(0o755)).unwrap();
    }
}
