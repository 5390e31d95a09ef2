//! Arguments of `ludoforge gloomhaven`.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand, ValueEnum};
use ludoforge_gloomhaven::evolution::Settings;
use ludoforge_gloomhaven::fitness::Fitness;
use ludoforge_gloomhaven::scenario::Goal;
use ludoforge_gloomhaven::scenario::Players;
use ludoforge_gloomhaven::table::Table;

/// `gloomhaven`: evolve scenarios from the official ones.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct GloomhavenArgs {
    /// Convert scenario files instead of evolving.
    #[command(subcommand)]
    pub command: Option<VgbCommand>,
    /// Cycles of the search (each breeds one child, kept if valid: about 1.3 KB of memory per
    /// kept scenario, so a million cycles take about 1.3 GB).
    #[arg(long, default_value_t = 200, allow_negative_numbers = true)]
    pub cycles: i64,
    /// Players (2, 3 or 4): the set-up the search scores and the pictures and pages show, and
    /// the ideal difficulty of the paper's fitness [default: 4; the published code's preset is
    /// for 2].
    #[arg(long, allow_negative_numbers = true)]
    pub players: Option<i64>,
    /// The search: the paper's (the book's scenarios, weights 1, out of 5) or the published
    /// code's (its nine scenarios, two players, out of 10).
    #[arg(long, value_enum, default_value_t = Preset::Paper)]
    pub preset: Preset,
    /// Weights of difficulty, size, complexity, theme and layout, e.g. 1,1,1,1,1.
    #[arg(long, value_name = "W1,W2,W3,W4,W5", allow_hyphen_values = true)]
    pub weights: Option<String>,
    /// The scenarios' goal.
    #[arg(long, value_enum, default_value_t = GoalArg::KillAll)]
    pub goal: GoalArg,
    /// Mutation probability of each gene group, e.g. rules=0.75,map=0.5 (others stay 0.75).
    #[arg(long)]
    pub mutation: Option<String>,
    /// Reject maps that do not fit on a table of this size in centimetres, e.g. 120x80.
    #[arg(long, value_name = "WxH")]
    pub max_table: Option<String>,
    /// A catalog file to use instead of the built-in one.
    #[arg(long, value_name = "FILE")]
    pub catalog: Option<PathBuf>,
    /// Write the N best scenarios to --out (the pictures and pages show the best).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    pub top: i64,
    /// Master seed [default: a fresh random seed, printed with the result].
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Write the best scenarios (JSON) here.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write the best scenario's book page (Markdown) here.
    #[arg(long, value_name = "FILE")]
    pub book: Option<PathBuf>,
    /// Write the best scenario's book page (plain text) here.
    #[arg(long, value_name = "FILE")]
    pub text: Option<PathBuf>,
    /// Write the best scenario's map (SVG) here.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write the best scenario's map (PNG) here.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Write the best scenario for Virtual Gloomhaven Board here (its Creator's Import, or
    /// the board's Custom scenario); maps are kept inside the Creator's 40 × 40 grid.
    #[arg(long, value_name = "FILE")]
    pub vgb: Option<PathBuf>,
    /// A scenario file (ludoforge's or Virtual Gloomhaven Board's) whose scenarios join the
    /// official ones in the starting population; repeat for more files.
    #[arg(long, value_name = "FILE")]
    pub from: Vec<PathBuf>,
}

/// Conversions to and from Virtual Gloomhaven Board's scenario files.
#[derive(Debug, Subcommand)]
pub enum VgbCommand {
    /// Write a saved ludoforge scenario as a Virtual Gloomhaven Board file.
    ExportVgb(ExportVgbArgs),
    /// Read a Virtual Gloomhaven Board file into a ludoforge scenario file.
    ImportVgb(ImportVgbArgs),
}

/// `gloomhaven export-vgb`.
#[derive(Debug, Args)]
pub struct ExportVgbArgs {
    /// A ludoforge scenario file (written by `ludoforge gloomhaven --out`).
    #[arg(required_unless_present = "official", conflicts_with = "official")]
    pub scenario: Option<PathBuf>,
    /// Write official scenario N of the scenario book instead, as the catalog sets it up.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub official: Option<i64>,
    /// Which scenario of the file, counting from 1.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    pub index: i64,
    /// Turn the whole map by this many 60° steps clockwise [default: as it is, when the
    /// Creator's grid holds it and its Import and Export keep it; else the best turn that does].
    #[arg(long, allow_negative_numbers = true)]
    pub turn: Option<i64>,
    /// A catalog file to use instead of the built-in one.
    #[arg(long, value_name = "FILE")]
    pub catalog: Option<PathBuf>,
    /// The board file to write.
    #[arg(short, long, value_name = "FILE")]
    pub out: PathBuf,
}

/// `gloomhaven import-vgb`.
#[derive(Debug, Args)]
pub struct ImportVgbArgs {
    /// A Virtual Gloomhaven Board scenario file.
    pub board: PathBuf,
    /// Players (2, 3 or 4) for the score (the paper's fitness) and the picture.
    #[arg(long, default_value_t = 4, allow_negative_numbers = true)]
    pub players: i64,
    /// A catalog file to use instead of the built-in one.
    #[arg(long, value_name = "FILE")]
    pub catalog: Option<PathBuf>,
    /// The ludoforge scenario file to write.
    #[arg(short, long, value_name = "FILE")]
    pub out: PathBuf,
    /// Also draw the map (SVG) here.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Also draw the map (PNG) here.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
}

/// A fitness preset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Preset {
    /// The paper: the book's scenarios start it, weights 1, ideals by players, a perfect
    /// scenario scores 5.
    Paper,
    /// The published code: its nine scenarios, two players, weights 4,1,1,2,2, difficulty 14,
    /// a perfect scenario scores 10.
    Gloomdungeons,
}

/// The scenarios' goal.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum GoalArg {
    /// Kill all enemies: every monster reachable.
    KillAll,
    /// Loot all treasure: every chest reachable too.
    LootAll,
    /// Reach the exit hex.
    ReachExit,
}

/// Largest accepted number of cycles.
pub const MAX_CYCLES: i64 = 10_000_000;

/// The party size `players` names, or a message in the user's words.
pub fn players(players: i64) -> Result<Players> {
    u32::try_from(players)
        .ok()
        .and_then(Players::new)
        .with_context(|| format!("--players {players}: Gloomhaven is played by 2, 3 or 4 players"))
}

impl GloomhavenArgs {
    /// The party size: `--players`, or the preset's (4 for the paper's, 2 for the published
    /// code's, which scores two-player set-ups only).
    pub fn players(&self) -> Result<Players> {
        match (self.preset, self.players) {
            (Preset::Paper, None) => Ok(Players::FOUR),
            (Preset::Gloomdungeons, None | Some(2)) => Ok(Players::TWO),
            (Preset::Gloomdungeons, Some(p)) => bail!(
                "--players {p} with --preset gloomdungeons: the published code scores two-player \
                 set-ups only; leave out --players, or use --preset paper for {p} players"
            ),
            (Preset::Paper, Some(p)) => players(p),
        }
    }

    /// The checked settings and cycles.
    pub fn settings(&self) -> Result<(Settings, u64)> {
        if !(1..=MAX_CYCLES).contains(&self.cycles) {
            bail!("--cycles {}: give between 1 and {MAX_CYCLES}", self.cycles);
        }
        let players = self.players()?;
        let mut base = match self.preset {
            Preset::Paper => Settings::new(Fitness::paper(players)),
            Preset::Gloomdungeons => Settings::gloomdungeons(),
        };
        let mut fitness = base.fitness;
        if let Some(text) = &self.weights {
            let weights: Vec<f64> = text
                .split(',')
                .map(|w| w.trim().parse::<f64>())
                .collect::<Result<_, _>>()
                .ok()
                .filter(|w: &Vec<f64>| w.len() == 5)
                .with_context(|| {
                    format!(
                        "--weights {text:?}: give five numbers separated by commas, e.g. 1,1,1,1,1"
                    )
                })?;
            fitness = fitness
                .with_weights([weights[0], weights[1], weights[2], weights[3], weights[4]])
                .map_err(|e| anyhow::anyhow!("--weights {text}: {e}"))?;
        }
        base.fitness = fitness;
        let mut settings = base;
        settings.goal = match self.goal {
            GoalArg::KillAll => Goal::KillAll,
            GoalArg::LootAll => Goal::LootAll,
            GoalArg::ReachExit => Goal::ReachExit,
        };
        if let Some(text) = &self.mutation {
            let names = ["rules", "map", "monsters", "overlays", "treasure"];
            for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                let (name, value) = part.split_once('=').with_context(|| {
                    format!("--mutation {text:?}: write group=probability pairs, e.g. rules=0.75,map=0.5")
                })?;
                let index = names.iter().position(|n| *n == name.trim()).with_context(|| {
                    format!(
                        "--mutation: {:?} is not a gene group (rules, map, monsters, overlays, treasure)",
                        name.trim()
                    )
                })?;
                let p: f64 = value
                    .trim()
                    .parse()
                    .ok()
                    .filter(|p: &f64| (0.0..=1.0).contains(p))
                    .with_context(|| {
                        format!("--mutation {name}={value}: give a probability between 0 and 1")
                    })?;
                settings.mutation[index] = p;
            }
        }
        if let Some(text) = &self.max_table {
            let (w, h) = text
                .split_once(['x', 'X', '×'])
                .and_then(|(w, h)| {
                    Some((w.trim().parse::<f64>().ok()?, h.trim().parse::<f64>().ok()?))
                })
                .filter(|(w, h)| {
                    w.is_finite() && h.is_finite() && *w > 0.0 && *h > 0.0 && *w <= 1e5 && *h <= 1e5
                })
                .with_context(|| {
                    format!(
                        "--max-table {text:?}: give the table's size in centimetres, e.g. 120x80"
                    )
                })?;
            settings.table = Some(Table {
                width: w,
                height: h,
            });
        }
        if !(1..=1000).contains(&self.top) {
            bail!("--top {}: give between 1 and 1000", self.top);
        }
        Ok((settings, self.cycles as u64))
    }
}
