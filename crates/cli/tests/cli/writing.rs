//! Writing result files: what each kind of path gets, and all or nothing.

use std::fs;
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, symlink};
use std::path::Path;
use std::process::Command;

use tempfile::TempDir;

use super::{listing, run_in, write};

/// A quick portal dungeon whose outputs are named by `outputs`.
fn generate<'a>(outputs: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["portals", "generate", "--min-path", "5", "--seed", "3"];
    args.extend_from_slice(outputs);
    args
}

fn is_result(text: &str) -> bool {
    text.starts_with('{') && text.contains("\"generator\"")
}

#[test]
fn a_symbolic_link_has_its_target_written_and_stays_a_link() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(d, "real.json", "old");
    symlink("real.json", d.join("link.json")).unwrap();
    // A link to a file that does not exist yet: the file is made where it points.
    symlink("later.json", d.join("dangling.json")).unwrap();
    run_in(
        d,
        &generate(&["--out", "link.json", "--dot", "dangling.json"]),
    )
    .expect_ok();
    assert!(
        fs::symlink_metadata(d.join("link.json"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(is_result(&fs::read_to_string(d.join("real.json")).unwrap()));
    assert!(
        fs::symlink_metadata(d.join("dangling.json"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        fs::read_to_string(d.join("later.json"))
            .unwrap()
            .starts_with("digraph")
    );
    let names: Vec<String> = listing(d).into_iter().collect();
    assert_eq!(
        names,
        ["dangling.json", "later.json", "link.json", "real.json"]
    );
}

#[test]
fn a_fifo_is_written_through_and_stays_a_fifo() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let pipe = d.join("pipe.json");
    let made = Command::new("mkfifo")
        .arg(&pipe)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let reader = {
        let pipe = pipe.clone();
        std::thread::spawn(move || {
            let mut text = String::new();
            fs::File::open(pipe)
                .unwrap()
                .read_to_string(&mut text)
                .unwrap();
            text
        })
    };
    run_in(d, &generate(&["--out", "pipe.json"])).expect_ok();
    assert!(is_result(&reader.join().unwrap()));
    assert!(fs::symlink_metadata(&pipe).unwrap().file_type().is_fifo());
    assert_eq!(listing(d).len(), 1, "{:?}", listing(d));
}

#[test]
fn devices_are_written_through_not_replaced() {
    let dir = TempDir::new().unwrap();
    let outcome = run_in(
        dir.path(),
        &generate(&[
            "--out",
            "/dev/null",
            "--png",
            "/dev/null",
            "--svg",
            "/dev/stdout",
        ]),
    )
    .expect_ok();
    assert!(
        fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    // The picture went to standard output, before the summary line.
    assert!(
        outcome.stdout.starts_with("<?xml"),
        "{}",
        outcome.describe()
    );
    assert!(outcome.stdout.contains("</svg>"), "{}", outcome.describe());
    assert!(listing(dir.path()).is_empty());
}

#[test]
fn a_folder_and_two_names_for_one_file_are_refused_before_any_work() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    fs::create_dir(d.join("folder")).unwrap();
    let outcome = run_in(d, &generate(&["--out", "folder"]));
    assert_eq!(outcome.code, 1, "{}", outcome.describe());
    assert!(outcome.stderr.contains("folder"), "{}", outcome.describe());
    write(d, "a.json", "old");
    symlink("a.json", d.join("b.json")).unwrap();
    let before = listing(d);
    let outcome = run_in(d, &generate(&["--out", "a.json", "--dot", "b.json"]));
    assert_eq!(outcome.code, 1, "{}", outcome.describe());
    assert!(
        outcome.stderr.contains("--out and --dot both name"),
        "{}",
        outcome.describe()
    );
    assert_eq!(listing(d), before);
    assert_eq!(fs::read_to_string(d.join("a.json")).unwrap(), "old");
}

#[test]
fn a_failure_midway_leaves_every_file_as_it_was() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(d, "out.json", "old result");
    let before = listing(d);
    // /dev/full refuses every write: the run fails after the other files were made.
    let outcome = run_in(
        d,
        &generate(&[
            "--out",
            "out.json",
            "--dot",
            "new.dot",
            "--svg",
            "/dev/full",
        ]),
    );
    assert_eq!(outcome.code, 1, "{}", outcome.describe());
    assert!(
        outcome.stderr.contains("/dev/full"),
        "{}",
        outcome.describe()
    );
    assert!(
        !outcome.stderr.contains("panicked"),
        "{}",
        outcome.describe()
    );
    assert_eq!(
        listing(d),
        before,
        "no new file and no temporary file is left"
    );
    assert_eq!(
        fs::read_to_string(d.join("out.json")).unwrap(),
        "old result"
    );
}

#[test]
fn the_tilesets_implied_name_is_checked_for_clashes_before_any_work() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(d, "m-tiles.png", "a picture of the user's");
    let outcome = run_in(
        d,
        &[
            "stock",
            "--seed",
            "1",
            "--tiled",
            "m.json",
            "--png",
            "m-tiles.png",
        ],
    );
    assert_eq!(outcome.code, 1, "{}", outcome.describe());
    assert!(
        outcome
            .stderr
            .contains("--png and --tiled's tileset image both name"),
        "{}",
        outcome.describe()
    );
    let names: Vec<String> = listing(d).into_iter().collect();
    assert_eq!(names, ["m-tiles.png"]);
    assert_eq!(
        fs::read_to_string(d.join("m-tiles.png")).unwrap(),
        "a picture of the user's"
    );
}

/// Every command that writes a result takes `-o` for `--out`, as the README's synopses show;
/// the quick ones are run with it and write their result there.
#[test]
fn every_command_that_writes_a_result_takes_dash_o() {
    let commands: [&[&str]; 13] = [
        &["run", "puzzle-chess"],
        &["explore", "puzzle-chess"],
        &["puzzle", "chess"],
        &["puzzle", "chromatic"],
        &["puzzle", "study"],
        &["portals", "generate"],
        &["portals", "study"],
        &["risk", "playtest"],
        &["risk", "design"],
        &["risk", "map"],
        &["gloomhaven"],
        &["stock"],
        &["sweep", "merge"],
    ];
    for command in commands {
        let help = run_in(Path::new("."), &super::with(command, &["--help"])).expect_ok();
        assert!(
            help.stdout.contains("-o, --out"),
            "{command:?} --help:\n{}",
            help.stdout
        );
    }
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let quick: [&[&str]; 5] = [
        &["portals", "generate", "--min-path", "5"],
        &["risk", "map"],
        &["risk", "playtest", "--matches", "2"],
        &["gloomhaven", "--cycles", "50"],
        &["stock", "--width", "20", "--height", "20"],
    ];
    for (at, command) in quick.into_iter().enumerate() {
        let out = format!("r{at}.json");
        run_in(d, &super::with(command, &["-o", &out])).expect_ok();
        let text = fs::read_to_string(d.join(&out)).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert!(value.is_object(), "{command:?}: {text:.200}");
    }
}
