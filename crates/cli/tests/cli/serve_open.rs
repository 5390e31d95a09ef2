//! `serve --open` on a machine where no browser opens: it says how to open the address
//! instead, and leaves no opener behind.

use std::io::{BufRead, BufReader};
use std::os::unix::fs::PermissionsExt as _;
use std::process::{Command, Stdio};
use std::time::Duration;

use tempfile::TempDir;

/// The studio's standard error lines until one contains `phrase` (or ten seconds pass).
fn said_with_path(path: &std::path::Path, phrase: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludoforge"))
        .args(["serve", "--port", "0", "--open"])
        .env("PATH", path)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ludoforge serve starts");
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            let _ = tx.send(line);
        }
    });
    let mut lines = Vec::new();
    while let Ok(line) = rx.recv_timeout(Duration::from_secs(10)) {
        let done = line.contains(phrase);
        lines.push(line);
        if done {
            break;
        }
    }
    // The opener was waited for before the studio spoke: no child is left, defunct or not.
    let children =
        std::fs::read_to_string(format!("/proc/{}/task/{}/children", child.id(), child.id()))
            .unwrap_or_default();
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(children.trim(), "", "{lines:?}");
    lines
}

#[test]
fn serve_open_without_a_browser_says_how_to_open_the_address() {
    let dir = TempDir::new().unwrap();
    // An opener that finds no browser, as xdg-open does on a machine without one.
    let opener = dir.path().join("xdg-open");
    std::fs::write(&opener, "#!/bin/sh\nexit 3\n").unwrap();
    std::fs::set_permissions(&opener, std::fs::Permissions::from_mode(0o755)).unwrap();
    let lines = said_with_path(dir.path(), "could not open a browser");
    let text = lines.join("\n");
    let url = lines[0]
        .split("ludoforge studio at ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        text.contains(&format!(
            "could not open a browser (xdg-open found no browser, exit status 3): open {url} in \
             a browser yourself"
        )),
        "{text}"
    );
    // No opener at all.
    let empty = TempDir::new().unwrap();
    let text = said_with_path(empty.path(), "could not open a browser").join("\n");
    assert!(
        text.contains("could not open a browser (xdg-open is not installed): open http://"),
        "{text}"
    );
}
