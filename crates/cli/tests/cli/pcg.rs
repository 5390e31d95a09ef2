//! The PCG Benchmark jobs from the command line: the same set and archive on any thread count
//! for every family of problems, and one exploration setting changed leaving the job's others.

use super::*;

#[test]
fn a_pcg_set_is_the_same_on_any_thread_count() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let runs: [(&str, &[&str]); 3] = [
        (
            "explore-mdungeons",
            &[
                "run",
                "pcg-explore",
                "--set",
                "problem=mdungeons-v0",
                "--set",
                "size=20",
                "--set",
                "explore.evaluations=600",
                "--set",
                "explore.initial=300",
            ],
        ),
        (
            "explore-sokoban",
            &[
                "run",
                "pcg-explore",
                "--set",
                "problem=sokoban-v0",
                "--set",
                "size=20",
                "--set",
                "explore.evaluations=600",
            ],
        ),
        (
            "evolve-zelda",
            &[
                "run",
                "pcg-evolve",
                "--set",
                "problem=zelda-v0",
                "--set",
                "size=20",
                "--set",
                "evaluations=600",
            ],
        ),
    ];
    for (name, args) in runs {
        let mut made = Vec::new();
        for threads in ["1", "2"] {
            let out = format!("{name}-{threads}.json");
            let mut full = vec!["--threads", threads];
            full.extend(args.iter().copied());
            full.extend(["--seed", "5", "-o", &out]);
            let explore = name.starts_with("explore");
            let set = format!("{name}-{threads}-set.json");
            let set_flag = format!("set={set}");
            if explore {
                full.extend(["--file", &set_flag]);
            }
            let outcome = run_in(d, &full).expect_ok();
            assert_eq!(outcome.summary()["seed"], 5, "{name}");
            let mut bytes = fs::read(d.join(&out)).unwrap();
            if explore {
                bytes.extend(fs::read(d.join(&set)).unwrap());
            }
            made.push(bytes);
        }
        assert!(made[0] == made[1], "{name}: one thread and two differ");
    }
}

#[test]
fn one_exploration_setting_changed_keeps_the_jobs_other_defaults() {
    let dir = TempDir::new().unwrap();
    let outcome = run_in(
        dir.path(),
        &[
            "run",
            "pcg-explore",
            "--set",
            "problem=mdungeons-v0",
            "--set",
            "explore.initial=200",
            "--set",
            "explore.evaluations=400",
            "--seed",
            "2",
        ],
    )
    .expect_ok();
    let summary = outcome.summary();
    let explore = &summary["parameters"]["explore"];
    assert_eq!(explore["initial"], 200);
    assert_eq!(explore["crossover"], 0.0, "pcg-explore's own crossover");
    assert_eq!(explore["batch"], 100, "pcg-explore's own batch");
    assert_eq!(summary["evaluations"], 400);
}
