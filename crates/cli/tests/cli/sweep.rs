//! `ludoforge sweep list`: the runs of a plan, checked against its job, and a shard of them.

use std::path::Path;

use tempfile::TempDir;

use super::{run_in, write};

/// The repository's reduced plan of the paper's grid.
fn reduced() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../sweeps/rossato2023-reduced.toml")
        .display()
        .to_string()
}

#[test]
fn list_prints_every_run_and_a_shard_of_them() {
    let dir = TempDir::new().unwrap();
    let plan = reduced();
    let all = run_in(dir.path(), &["sweep", "list", &plan]).expect_ok();
    let lines: Vec<&str> = all.stdout.lines().collect();
    assert_eq!(
        lines[0], "12 runs of risk-design: 12 configurations × 1 seeds",
        "{}",
        all.stdout
    );
    assert_eq!(lines.len(), 2 + 12);
    let shard = run_in(dir.path(), &["sweep", "list", &plan, "--shard", "1/4"]).expect_ok();
    let mine: Vec<&str> = shard.stdout.lines().skip(2).collect();
    assert_eq!(mine.len(), 3);
    // Shard 1 of 4 holds runs 1, 5 and 9, the same lines as the whole list.
    assert_eq!(mine, [lines[3], lines[7], lines[11]]);
    let json = run_in(dir.path(), &["sweep", "list", &plan, "--json"]).expect_ok();
    let value: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(value["runs"], 12);
    assert_eq!(value["listed"][0]["params"]["matches"], 10);
}

#[test]
fn plans_a_job_would_refuse_are_refused_before_any_run() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(d, "nojob.toml", "job = \"dragons\"\n");
    write(
        d,
        "bad.toml",
        "job = \"risk-design\"\n[vary]\nmutation = [0.5, 2.0]\n",
    );
    write(
        d,
        "broken.toml",
        "job = \"risk-design\"\n[vary]\na = { from = 1 }\n",
    );
    let plan = reduced();
    for (args, said) in [
        (
            vec!["sweep", "list", "nojob.toml"],
            "there is no job \"dragons\"",
        ),
        (
            vec!["sweep", "list", "bad.toml"],
            "run 1 (mutation=2.0) would be refused by risk-design",
        ),
        (vec!["sweep", "list", "broken.toml"], "a range needs `to`"),
        (
            vec!["sweep", "list", "missing.toml"],
            "cannot read the plan missing.toml",
        ),
        (
            vec!["sweep", "list", &plan, "--shard", "2/2"],
            "I counts from 0 and must be below N",
        ),
    ] {
        let out = run_in(d, &args);
        assert_eq!(out.code, 1, "{args:?}: {}", out.describe());
        assert!(out.stderr.contains(said), "{args:?}: {}", out.describe());
        assert!(!out.stderr.contains("panicked"));
    }
}
