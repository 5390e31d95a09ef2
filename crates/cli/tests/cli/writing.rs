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

/// Every command that writes a result takes `-o` for `--out`, as the synopses in docs/ show;
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

/// An output in a folder the user cannot write is refused before any work, naming the flag and
/// the folder, for every command that writes files; nothing is left behind.
#[test]
fn an_unwritable_output_is_refused_before_any_work() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    fs::set_permissions(d, fs::Permissions::from_mode(0o755)).unwrap();
    fs::create_dir(d.join("ro")).unwrap();
    fs::set_permissions(d.join("ro"), fs::Permissions::from_mode(0o555)).unwrap();
    let commands: [&[&str]; 14] = [
        &["puzzle", "chess", "--svg", "ro/x.svg"],
        &["puzzle", "chromatic", "-o", "ro/x.json"],
        &["puzzle", "study", "--csv", "ro/x.csv"],
        &["portals", "generate", "--handout", "ro/x.md"],
        &["portals", "study", "-o", "ro/x.json"],
        &["stock", "--svg", "ro/x.svg"],
        &["gloomhaven", "--png", "ro/x.png"],
        &["risk", "playtest", "--record", "ro/x.jsonl"],
        &["risk", "design", "--svg", "ro/x.svg"],
        &["risk", "map", "-o", "ro/x.json"],
        &["explore", "puzzle-chromatic", "--svg", "ro/x.svg"],
        &["run", "puzzle-chess", "-o", "ro/x.json"],
        &[
            "gloomhaven",
            "export-vgb",
            "--official",
            "1",
            "-o",
            "ro/x.json",
        ],
        &["portals", "generate", "-o", "ro/x.json"],
    ];
    for command in commands {
        let Some(outcome) = super::as_a_user(d, command) else {
            eprintln!("skipped: running as root without setpriv to run as another user");
            return;
        };
        let flag = match command[command.len() - 2] {
            "-o" => "--out",
            flag => flag,
        };
        let wanted = format!(
            "{flag} {}: cannot write in the folder {} (permission denied)",
            command[command.len() - 1],
            d.join("ro").canonicalize().unwrap().display()
        );
        assert_eq!(outcome.code, 1, "{command:?}: {}", outcome.describe());
        assert!(
            outcome.stderr.contains(&wanted),
            "{command:?}: {}",
            outcome.describe()
        );
        assert!(
            outcome.stdout.is_empty(),
            "{command:?}: {}",
            outcome.describe()
        );
    }
    assert_eq!(fs::read_dir(d.join("ro")).unwrap().count(), 0);
}

/// A picture flag given a name of the other format is refused before any work, with the way
/// out; a name without a picture extension is the user's choice.
#[test]
fn a_picture_flag_refuses_the_other_formats_extension() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["puzzle", "chess", "--svg", "pic.png"],
            "--svg pic.png: --svg writes an SVG picture, and the name ends in .png; name it \
             .svg, or use --png for a .png file",
        ),
        (
            &["portals", "generate", "--png", "pic.SVG"],
            "--png pic.SVG: --png writes a PNG picture, and the name ends in .svg; name it \
             .png, or use --svg for a .svg file",
        ),
        (&["gloomhaven", "--svg", "map.jpg"], "--svg map.jpg: "),
        (&["risk", "map", "--png", "board.svg"], "--png board.svg: "),
        (&["run", "stock", "--svg", "m.png"], "--svg m.png: "),
    ];
    for (args, phrase) in cases {
        super::refuses(args, 1, phrase, &[]);
    }
    let dir = TempDir::new().unwrap();
    run_in(dir.path(), &["risk", "map", "--svg", "board.picture"]).expect_ok();
    assert!(dir.path().join("board.picture").exists());
}
