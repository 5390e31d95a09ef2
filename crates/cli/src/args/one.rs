//! The command tree a run is read with. A run names its command first (`ludoforge gloomhaven
//! ...`): its tree then holds that command alone, with the shared flags. The whole tree has
//! hundreds of flags, and building it, reading a line with it and taking it apart again cost
//! every run nearly a million instructions and a few hundred kilobytes of fresh memory; one
//! command's tree costs a tenth of that. It reads every line as the whole tree does: the same
//! values, and the same errors word for word (the tests below hold them together). Help, and
//! any line that does not start with one of these commands, get the whole tree.

use std::ffi::OsString;

use clap::{Args as _, Command, CommandFactory as _, Subcommand as _};

use super::{Cli, PuzzleCommand, Shared, gloomhaven, portals, risk, stock};

/// The tree to read `args` (the whole command line, the program first) with.
#[must_use]
pub fn command(args: &[OsString]) -> Command {
    // A command that takes flags, and one whose subcommand must follow (as clap's derive makes
    // them). Without that subcommand clap shows the command's help, with its description: the
    // whole tree has it.
    let named = args
        .get(2)
        .and_then(|a| a.to_str())
        .is_some_and(|a| !a.starts_with('-'));
    let leaf = |name: &'static str, augment: fn(Command) -> Command| augment(Command::new(name));
    let parent = |name: &'static str, augment: fn(Command) -> Command| {
        augment(Command::new(name))
            .subcommand_required(true)
            .arg_required_else_help(true)
    };
    let one = match args.get(1).and_then(|a| a.to_str()) {
        Some("gloomhaven") => leaf("gloomhaven", gloomhaven::GloomhavenArgs::augment_args),
        Some("stock") => leaf("stock", stock::StockArgs::augment_args),
        Some("run") => leaf("run", crate::jobs::RunArgs::augment_args),
        Some("check") => leaf("check", crate::check::CheckArgs::augment_args),
        Some("suggest") => leaf("suggest", crate::suggest::SuggestArgs::augment_args),
        Some("explore") => leaf("explore", crate::explore::ExploreArgs::augment_args),
        Some("puzzle") if named => parent("puzzle", PuzzleCommand::augment_subcommands),
        Some("portals") if named => parent("portals", portals::PortalsCommand::augment_subcommands),
        Some("risk") if named => parent("risk", risk::RiskCommand::augment_subcommands),
        _ => return Cli::command(),
    };
    Shared::augment_args(Command::new("ludoforge"))
        .version(env!("CARGO_PKG_VERSION"))
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand(one)
}

#[cfg(test)]
mod tests {
    use clap::FromArgMatches as _;

    use super::*;

    /// What a tree makes of a line: the values read, or the error as printed.
    fn read(tree: Command, line: &[&str]) -> String {
        match tree.try_get_matches_from(line) {
            Ok(matches) => match Cli::from_arg_matches(&matches) {
                Ok(cli) => format!("{cli:?}"),
                Err(e) => format!("{:?}: {}", e.kind(), e.render()),
            },
            Err(e) => format!("{:?}: {}", e.kind(), e.render()),
        }
    }

    /// Every example line of the help, and lines with flags in every place and of every kind
    /// of mistake, read alike by one command's tree and the whole tree.
    #[test]
    fn one_command_reads_every_line_as_the_whole_tree() {
        let mut lines: Vec<Vec<String>> = super::super::help::EXAMPLES
            .iter()
            .flat_map(|(_, lines)| lines.iter())
            .map(|l| {
                let l = l.split(" |").next().unwrap().split(" >").next().unwrap();
                l.split_whitespace()
                    .map(|w| w.trim_matches('\'').to_string())
                    .collect()
            })
            .collect();
        for extra in [
            "ludoforge gloomhaven --preset gloomdungeons --cycles 200 --seed 3 -o /dev/null",
            "ludoforge gloomhaven --threads 2 --checkpoint c.json --paper letter",
            "ludoforge gloomhaven --library l.sqlite",
            "ludoforge gloomhaven --cycles many",
            "ludoforge gloomhaven --cycle 3",
            "ludoforge gloomhaven --bogus",
            "ludoforge gloomhaven export-vgb",
            "ludoforge gloomhaven export-vgb r.json --preset paper",
            "ludoforge gloomhaven --version",
            "ludoforge stock --width",
            "ludoforge run",
            "ludoforge run nothing --params",
            "ludoforge explore gloomhaven --evaluations -3",
            "ludoforge puzzle",
            "ludoforge puzzle chess --threads 0",
            "ludoforge puzzle chess extra",
            "ludoforge puzzle chezz",
            "ludoforge portals",
            "ludoforge risk map --thread 2",
            "ludoforge risk",
        ] {
            lines.push(extra.split_whitespace().map(String::from).collect());
        }
        let mut ones = 0;
        for line in &lines {
            let words: Vec<&str> = line.iter().map(String::as_str).collect();
            let os: Vec<OsString> = line.iter().map(OsString::from).collect();
            let tree = command(&os);
            ones += usize::from(tree.get_subcommands().count() == 1);
            assert_eq!(read(tree, &words), read(Cli::command(), &words), "{line:?}");
        }
        // The lines above mostly go the quick way.
        assert!(ones > lines.len() / 2, "{ones} of {}", lines.len());
    }

    /// Any other line gets the whole tree.
    #[test]
    fn other_lines_get_the_whole_tree() {
        let whole = Cli::command().get_subcommands().count();
        for line in [
            &["ludoforge"][..],
            &["ludoforge", "--threads", "2", "gloomhaven"],
            &["ludoforge", "list"],
            &["ludoforge", "serve"],
            &["ludoforge", "gloomhavn"],
            &["ludoforge", "puzzle"],
            &["ludoforge", "risk", "--threads", "2", "map"],
        ] {
            let os: Vec<OsString> = line.iter().map(OsString::from).collect();
            assert_eq!(command(&os).get_subcommands().count(), whole, "{line:?}");
        }
    }
}
