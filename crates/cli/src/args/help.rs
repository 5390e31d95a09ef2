//! What each command's help shows beyond its own flags: the shared flags only where they
//! apply (`--threads` where there is work to share, the checkpoint flags on commands that run
//! a job), and a few example lines.
//!
//! The shared flags are clap's global arguments, so they parse before or after the
//! subcommand; here they are hidden from the help of the commands that do not take them.

use clap::{Command, CommandFactory};

use super::Cli;

/// Example lines of each command, by its path of subcommand names. Every line is parsed by a
/// test, so none shows a flag that is not there.
pub const EXAMPLES: &[(&[&str], &[&str])] = &[
    (
        &["puzzle", "chess"],
        &[
            "ludoforge puzzle chess --out maze.json --svg maze.svg",
            "ludoforge puzzle chess --agent knight --pieces 3B,2R --size 9 --seed 4 --png maze.png",
            "ludoforge puzzle chess --target 30 --reveal --svg solved.svg",
        ],
    ),
    (
        &["puzzle", "chromatic"],
        &[
            "ludoforge puzzle chromatic --out maze.json --svg maze.svg",
            "ludoforge puzzle chromatic --width 15 --height 9 --seed 2 --png maze.png",
        ],
    ),
    (
        &["puzzle", "solve"],
        &[
            "ludoforge puzzle solve maze.json",
            "ludoforge puzzle solve maze.json --solution --svg solved.svg",
        ],
    ),
    (
        &["check"],
        &[
            "ludoforge check maze.json",
            "ludoforge check edited.json --out checked.json --png checked.png",
        ],
    ),
    (
        &["suggest"],
        &[
            "ludoforge suggest maze.json --lock a1:c3 --out shelf.json --png shelf.png",
            "ludoforge suggest maze.json --lock a1,b2 --descriptors min_moves,dead_ends --evaluations 5000",
        ],
    ),
    (
        &["puzzle", "study"],
        &[
            "ludoforge puzzle study --replicates 5 --seed 1",
            "ludoforge puzzle study --only chromatic --csv study.csv --out study.json",
        ],
    ),
    (
        &["portals", "generate"],
        &[
            "ludoforge portals generate --out dungeon.json --svg dungeon.svg --handout dungeon.md",
            "ludoforge portals generate --min-path 12 --seed 3 --png dungeon.png",
        ],
    ),
    (
        &["portals", "show"],
        &[
            "ludoforge portals show dungeon.json --svg dungeon.svg",
            "ludoforge portals show dungeon.json --handout rooms.md --dot dungeon.dot",
        ],
    ),
    (
        &["portals", "study"],
        &[
            "ludoforge portals study --seed 1",
            "ludoforge portals study --graphs 5 --out study.json --svg study.svg",
        ],
    ),
    (
        &["stock"],
        &[
            "ludoforge stock --generate rooms --text stocked.txt --svg stocked.svg",
            "ludoforge stock --generate caves --width 60 --height 30 --tiled cave.tmj --uvtt cave.dd2vtt",
            "ludoforge stock my-map.txt --out stocked.json --png stocked.png",
        ],
    ),
    (
        &["gloomhaven"],
        &[
            "ludoforge gloomhaven --book scenario.md --svg scenario.svg --vgb scenario.vgb.json",
            "ludoforge gloomhaven --players 3 --goal reach-exit --top 5 --secretariat edition.json",
            "ludoforge gloomhaven --creator --seed 5 --vgb board.vgb.json",
        ],
    ),
    (
        &["gloomhaven", "export-vgb"],
        &[
            "ludoforge gloomhaven export-vgb best.json --index 2 -o second.vgb.json",
            "ludoforge gloomhaven export-vgb --official 1 -o black-barrow.vgb.json",
        ],
    ),
    (
        &["gloomhaven", "import-vgb"],
        &[
            "ludoforge gloomhaven import-vgb community.vgb.json -o community.json",
            "ludoforge gloomhaven import-vgb community.vgb.json -o community.json --png map.png",
        ],
    ),
    (
        &["risk", "playtest"],
        &[
            "ludoforge risk playtest --matches 200 --seed 1",
            "ludoforge risk playtest --map map3 --agents rule,mc --out playtest.json",
        ],
    ),
    (
        &["risk", "play"],
        &[
            "ludoforge risk play --map classic",
            "ludoforge risk play --map map2 --opponent mc --second",
        ],
    ),
    (
        &["risk", "map"],
        &[
            "ludoforge risk map --map classic --svg classic.svg",
            "ludoforge risk map --map map4 --export map4.map --png map4.png",
        ],
    ),
    (
        &["risk", "design"],
        &[
            "ludoforge risk design --seed 1 --out variant.json --svg variant.svg",
            "ludoforge risk design --generations 190 --checkpoint run.ckpt",
            "ludoforge risk design --generations 190 --resume run.ckpt",
        ],
    ),
    (
        &["list"],
        &["ludoforge list", "ludoforge list | grep explore"],
    ),
    (
        &["describe"],
        &[
            "ludoforge describe puzzle-chess",
            "ludoforge describe gloomhaven > gloomhaven.schema.json",
        ],
    ),
    (
        &["run"],
        &[
            "ludoforge run puzzle-chess --set search.population=200 --seed 3 -o maze.json",
            "ludoforge run gloomhaven --params p.json --file book=scenario.md",
        ],
    ),
    (
        &["explore"],
        &[
            "ludoforge explore chromatic -o shelf.json --svg shelf.svg",
            "ludoforge explore gloomhaven --descriptors difficulty,size --seed 1 -o shelf.json",
            "ludoforge explore --archive shelf.json --elite min_moves=42,decision_points=17 -o maze.json",
        ],
    ),
    (
        &["serve"],
        &[
            "ludoforge serve --open",
            "ludoforge serve --port 8090 --jobs 2 --wall-time 600",
        ],
    ),
    (
        &["library"],
        &[
            "ludoforge library add maze.json --file svg=maze.svg",
            "ludoforge library query --job puzzle-chess --where min_moves=30..40",
            "ludoforge library export --sort fitness:desc --limit 10 best/",
        ],
    ),
    (
        &["library", "add"],
        &[
            "ludoforge library add maze.json --file svg=maze.svg",
            "ludoforge library add shelf.json maze.json",
        ],
    ),
    (
        &["library", "list"],
        &[
            "ludoforge library list",
            "ludoforge library list --job gloomhaven --json",
        ],
    ),
    (
        &["library", "query"],
        &[
            "ludoforge library query --job puzzle-chess --where min_moves=30..40",
            "ludoforge library query --where 'decision_points>=10' --sort fitness:desc --limit 5",
        ],
    ),
    (
        &["library", "show"],
        &[
            "ludoforge library show 12",
            "ludoforge library show 12 --json",
        ],
    ),
    (
        &["library", "export"],
        &[
            "ludoforge library export best/",
            "ludoforge library export --job puzzle-chromatic --png mazes/",
        ],
    ),
    (
        &["library", "remove"],
        &[
            "ludoforge library remove 12",
            "ludoforge library remove 3 4 5",
        ],
    ),
    (
        &["sweep", "list"],
        &[
            "ludoforge sweep list sweeps/rossato2023-reduced.toml",
            "ludoforge sweep list sweeps/rossato2023.toml --shard 0/100 --json",
        ],
    ),
    (
        &["sweep", "run"],
        &[
            "ludoforge sweep run sweeps/rossato2023-reduced.toml --results grid",
            "ludoforge sweep run sweeps/rossato2023.toml --results grid --shard 3/100",
        ],
    ),
    (
        &["sweep", "merge"],
        &[
            "ludoforge sweep merge grid -o grid.csv",
            "ludoforge sweep merge grid -o grid.csv --keep",
        ],
    ),
    (
        &["sweep", "emit"],
        &[
            "ludoforge sweep emit slurm sweeps/rossato2023.toml --results /scratch/grid --tasks 100 -o grid.sbatch",
            "ludoforge sweep emit k8s sweeps/rossato2023.toml --results /results -o grid.yaml",
        ],
    ),
];

/// Whether `--threads` means something to the command at `path`: not to those that only
/// list, describe, keep or play at the terminal.
fn takes_threads(path: &[&str]) -> bool {
    !matches!(
        path,
        ["list"] | ["describe"] | ["library", ..] | ["risk", "play"] | ["sweep", "list"]
    )
}

/// Whether the checkpoint flags mean something to the command at `path`: those that run one
/// job (and `sweep run` and `sweep emit`, which take only `--checkpoint-every`).
fn takes_checkpoints(path: &[&str]) -> (bool, bool) {
    match path {
        ["run"] | ["explore"] | ["stock"] | ["gloomhaven"] => (true, true),
        ["puzzle", "chess" | "chromatic"] => (true, true),
        ["portals", "generate"] => (true, true),
        ["risk", "design" | "playtest"] => (true, true),
        ["sweep", "run" | "emit"] => (false, true),
        _ => (false, false),
    }
}

/// The command line with each command's help as described above. (Built first, so that the
/// shared flags are in every subcommand; then changed in place, which keeps clap's order.)
#[must_use]
pub fn command() -> Command {
    let mut cli = Cli::command();
    cli.build();
    cli.mut_subcommands(|c| {
        let name = c.get_name().to_string();
        shape(c, &[name.as_str()])
    })
}

/// Hides the shared flags that do not apply to the command at `path` and its subcommands, and
/// adds its examples.
fn shape(command: Command, path: &[&str]) -> Command {
    let mut any = false;
    let mut command = command.mut_subcommands(|c| {
        any = true;
        let name = c.get_name().to_string();
        let mut deeper = path.to_vec();
        deeper.push(name.as_str());
        shape(c, &deeper)
    });
    let (all, every) = takes_checkpoints(path);
    // A command with subcommands of its own (`risk`, `sweep`) shows them, not the flags.
    let parent = any && !matches!(path, ["gloomhaven"] | ["library"]);
    let threads = takes_threads(path);
    command = command.mut_args(|a| {
        let shown = match a.get_id().as_str() {
            "threads" => threads,
            "checkpoint" | "resume" => all,
            "checkpoint_every" => every,
            _ => return a,
        };
        a.hide(!shown || parent)
    });
    if let Some((_, lines)) = EXAMPLES.iter().find(|(p, _)| *p == path) {
        let text = lines
            .iter()
            .map(|l| format!("  {l}"))
            .collect::<Vec<_>>()
            .join("\n");
        command = command.after_help(format!("Examples:\n{text}"));
    }
    command
}

#[cfg(test)]
mod tests {
    use clap::FromArgMatches as _;

    use super::*;

    /// Every command's path, and whether it has subcommands of its own.
    fn paths(command: &Command, path: Vec<String>, out: &mut Vec<(Vec<String>, bool)>) {
        let mut any = false;
        for c in command.get_subcommands() {
            if c.get_name() == "help" {
                continue;
            }
            any = true;
            let mut deeper = path.clone();
            deeper.push(c.get_name().to_string());
            paths(c, deeper, out);
        }
        if !path.is_empty() {
            out.push((path, any));
        }
    }

    fn help(path: &[String]) -> String {
        let mut args = vec!["ludoforge".to_string()];
        args.extend(path.iter().cloned());
        args.push("--help".into());
        let error = command().try_get_matches_from(args).unwrap_err();
        error.render().to_string()
    }

    #[test]
    fn every_example_line_parses() {
        for (path, lines) in EXAMPLES {
            assert!(
                (2..=3).contains(&lines.len()),
                "{path:?} has {} examples",
                lines.len()
            );
            for line in *lines {
                let line = line.split(" |").next().unwrap().split(" >").next().unwrap();
                let args: Vec<String> = line
                    .split_whitespace()
                    .map(|w| w.trim_matches('\'').to_string())
                    .collect();
                assert!(
                    args[1..].starts_with(&path.iter().map(|s| s.to_string()).collect::<Vec<_>>()),
                    "{line}"
                );
                let matches = command()
                    .try_get_matches_from(&args)
                    .unwrap_or_else(|e| panic!("{line}: {e}"));
                Cli::from_arg_matches(&matches).unwrap_or_else(|e| panic!("{line}: {e}"));
            }
        }
    }

    #[test]
    fn every_command_has_examples_and_only_the_flags_that_apply() {
        let mut all = Vec::new();
        paths(&command(), Vec::new(), &mut all);
        for (path, parent) in all {
            let text = help(&path);
            let words: Vec<&str> = path.iter().map(String::as_str).collect();
            let (checkpoints, every) = takes_checkpoints(&words);
            let shown = |flag: &str| text.contains(&format!("--{flag} "));
            if parent && !matches!(words[..], ["gloomhaven"] | ["library"]) {
                assert!(
                    !shown("threads") && !shown("checkpoint"),
                    "{path:?}:\n{text}"
                );
                continue;
            }
            assert!(
                text.contains("Examples:\n  ludoforge "),
                "{path:?}:\n{text}"
            );
            assert_eq!(shown("threads"), takes_threads(&words), "{path:?}:\n{text}");
            assert_eq!(shown("checkpoint"), checkpoints, "{path:?}:\n{text}");
            assert_eq!(shown("resume"), checkpoints, "{path:?}:\n{text}");
            assert_eq!(shown("checkpoint-every"), every, "{path:?}:\n{text}");
        }
        for refused in [
            &["serve"][..],
            &["library"],
            &["library", "list"],
            &["list"],
        ] {
            let path: Vec<String> = refused.iter().map(|s| s.to_string()).collect();
            assert!(!help(&path).contains("--checkpoint"), "{refused:?}");
        }
    }
}
