//! Arguments of `ludoforge gloomhaven`.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

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
    /// the ideal difficulty of the paper's fitness [default: 4; not with --preset
    /// gloomdungeons, which scores two players].
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
    /// Reject maps too large for Virtual Gloomhaven Board's Creator (40 × 40 cells in its
    /// best turn), so that the --vgb file also opens in the Creator's Import. A search
    /// setting: the same seed gives another scenario with it than without.
    #[arg(long)]
    pub creator: bool,
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
    #[arg(short = 'o', long, value_name = "FILE")]
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
    /// Write the best scenario for Virtual Gloomhaven Board here (the board's Custom
    /// scenario, or its Creator's Import when the map fits the Creator: see --creator).
    #[arg(long, value_name = "FILE")]
    pub vgb: Option<PathBuf>,
    /// Write the scenarios found (all of --top) as a custom edition for Gloomhaven Secretariat
    /// here (JSON): serve it at an address and give that address as the app's Edition Data URL.
    #[arg(long, value_name = "FILE")]
    pub secretariat: Option<PathBuf>,
    /// Write print-and-play pages (PDF) here: a scenario-book page for each scenario found
    /// (all of --top), with its map, goal, monsters for 2, 3 and 4 players, rules and loot.
    #[arg(long, value_name = "FILE")]
    pub pdf: Option<PathBuf>,
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
    /// Also print the scenario as a scenario-book page (PDF) here.
    #[arg(long, value_name = "FILE")]
    pub pdf: Option<PathBuf>,
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
