//! End-to-end tests of the `ludoforge` binary, one module per command or concern (in `cli/`),
//! with the helpers they share here.
//!
//! Runs use small populations and budgets so the whole suite stays fast.

use std::collections::{BTreeSet, HashSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;
use tempfile::TempDir;

#[path = "cli/agents.rs"]
mod agents;
#[path = "cli/checkpoint.rs"]
mod checkpoint;
#[path = "cli/corpus.rs"]
mod corpus;
#[path = "cli/design.rs"]
mod design;
#[path = "cli/explore.rs"]
mod explore;
#[path = "cli/gloomhaven.rs"]
mod gloomhaven;
#[path = "cli/jobs.rs"]
mod jobs;
#[path = "cli/library.rs"]
mod library;
#[path = "cli/pcg.rs"]
mod pcg;
#[path = "cli/portals.rs"]
mod portals;
#[path = "cli/print.rs"]
mod print;
#[path = "cli/puzzle_input.rs"]
mod puzzle_input;
#[path = "cli/puzzle_output.rs"]
mod puzzle_output;
#[path = "cli/puzzles.rs"]
mod puzzles;
#[path = "cli/risk.rs"]
mod risk;
#[path = "cli/risk_formats.rs"]
mod risk_formats;
#[path = "cli/risk_steady.rs"]
mod risk_steady;
#[path = "cli/risk_terminal.rs"]
mod risk_terminal;
#[cfg(target_os = "linux")]
#[path = "cli/serve_open.rs"]
mod serve_open;
#[path = "cli/stock.rs"]
mod stock;
#[path = "cli/sweep.rs"]
mod sweep;
#[path = "cli/vgb.rs"]
mod vgb;
#[path = "cli/writing.rs"]
mod writing;

/// A small, quick search.
const QUICK: [&str; 4] = ["--population", "60", "--matings", "1500"];

/// What a run of the binary did.
struct Outcome {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Outcome {
    /// The single JSON line on stdout.
    fn summary(&self) -> Value {
        let lines: Vec<&str> = self.stdout.lines().collect();
        assert_eq!(lines.len(), 1, "stdout is not one line: {:?}", self.stdout);
        let value: Value = serde_json::from_str(lines[0])
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", lines[0]));
        assert!(value.is_object(), "{value}");
        value
    }

    fn describe(&self) -> String {
        format!(
            "exit {}\n--- stdout\n{}\n--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }

    fn expect_ok(self) -> Self {
        assert_eq!(self.code, 0, "{}", self.describe());
        assert!(!self.stderr.contains("panicked"), "{}", self.describe());
        self
    }
}

/// Runs `ludoforge ARGS` in `d` as a user without root's right to write anything: as the
/// user `nobody` (through `setpriv`) when the tests run as root, else as the user running
/// them. `None` when running as root without `setpriv`.
fn as_a_user(d: &Path, args: &[&str]) -> Option<Outcome> {
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0");
    let mut command = if root {
        let mut c = Command::new("setpriv");
        c.args(["--reuid", "65534", "--regid", "65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_ludoforge"));
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_ludoforge"))
    };
    let output = command
        .args(args)
        .current_dir(d)
        .stdin(Stdio::null())
        .output()
        .ok()?;
    Some(Outcome {
        code: output.status.code()?,
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    })
}

/// Runs the binary in `dir` with `args`.
fn run_in(dir: &Path, args: &[&str]) -> Outcome {
    let output = Command::new(env!("CARGO_BIN_EXE_ludoforge"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    Outcome {
        code: output
            .status
            .code()
            .expect("exited normally, not by a signal"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// `args` followed by `extra`.
fn with<'a>(args: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    args.iter().chain(extra).copied().collect()
}

fn read_json(path: &Path) -> Value {
    let text =
        fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, text).expect("write a fixture");
    path
}

/// The names in a folder.
fn listing(dir: &Path) -> BTreeSet<String> {
    fs::read_dir(dir)
        .expect("list the folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

/// Square name to (file, rank), both from 0.
fn square(name: &str) -> (i64, i64) {
    let mut chars = name.chars();
    let file = chars.next().expect("a file letter");
    assert!(file.is_ascii_lowercase(), "{name}");
    let rank: i64 = chars.as_str().parse().expect("a rank number");
    (i64::from(file as u8 - b'a'), rank - 1)
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {value}"))
        .iter()
        .map(|v| v.as_str().expect("a string").to_string())
        .collect()
}

fn int(value: &Value) -> u64 {
    value
        .as_u64()
        .unwrap_or_else(|| panic!("not a whole number: {value}"))
}

/// Runs a failing command in a fresh folder holding only `fixtures`, with every output flag
/// given, and checks the exit code, the message, and that no output file appeared.
fn refuses(args: &[&str], code: i32, phrase: &str, fixtures: &[(&str, Option<&str>)]) {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    for (name, text) in fixtures {
        match text {
            Some(text) => {
                write(d, name, text);
            }
            None => fs::create_dir(d.join(name)).unwrap(),
        }
    }
    let before = listing(d);
    let outcome = run_in(d, args);
    let shown = format!("{args:?}\n{}", outcome.describe());
    assert_eq!(outcome.code, code, "{shown}");
    assert!(
        outcome.stderr.contains(phrase),
        "wanted {phrase:?}: {shown}"
    );
    assert!(outcome.stderr.contains("error: "), "{shown}");
    assert!(!outcome.stderr.contains("panicked"), "{shown}");
    assert!(outcome.stdout.is_empty(), "{shown}");
    // A cause is said once: no part of the message repeats.
    for line in outcome.stderr.lines() {
        let parts: Vec<&str> = line.split(": ").filter(|p| p.len() > 12).collect();
        let distinct: BTreeSet<&str> = parts.iter().copied().collect();
        assert_eq!(distinct.len(), parts.len(), "a repeated message: {shown}");
    }
    let after = listing(d);
    assert_eq!(before, after, "files appeared: {shown}");
    if let Some((adir, None)) = fixtures.first() {
        assert!(
            listing(&d.join(adir)).is_empty(),
            "files appeared in {adir}: {shown}"
        );
    }
}

const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];

fn is_svg(text: &str) -> bool {
    let start = text.trim_start();
    (start.starts_with("<?xml") || start.starts_with("<svg"))
        && text.contains("<svg")
        && text.trim_end().ends_with("</svg>")
}
