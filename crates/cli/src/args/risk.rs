//! Arguments of `ludoforge risk`.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

/// What to do with Risk variants.
#[derive(Debug, Subcommand)]
pub enum RiskCommand {
    /// Playtest a variant: many matches between rule-based agents, the quality criteria and
    /// the fitness as JSON.
    Playtest(PlaytestArgs),
    /// Play a whole match against an agent at the terminal.
    Play(PlayArgs),
    /// Draw a map (SVG, PNG).
    Map(MapArgs),
    /// Design variants with the genetic algorithm over rules and planar maps.
    Design(DesignArgs),
}

/// A variant: a map and four parameters.
#[derive(Debug, Args)]
pub struct VariantArgs {
    /// An embedded map (classic, map1 … map10, warmap) or a map file: the project's JSON, the
    /// published generator's, TAG's Risk map JSON or a Domination .map file [default: classic].
    #[arg(long)]
    pub map: Option<String>,
    /// A variant file written by `risk design --out`: its map and rules are played, so it goes
    /// with none of --map, --allow-one-way and the rule flags; its reading of the rules too,
    /// unless --rules is given (a file that names none is read as standard).
    #[arg(long, value_name = "FILE")]
    pub variant: Option<PathBuf>,
    /// Read one-way arcs of a map in the published generator's format or Domination's (a
    /// neighbour that does not list the territory back) instead of refusing them.
    #[arg(long)]
    pub allow_one_way: bool,
    /// How the territories are shared out [default: pick].
    #[arg(long, value_enum)]
    pub distribution: Option<DistributionArg>,
    /// Reinforcements are territories divided by this factor (1 to 4) [default: 3].
    #[arg(long, allow_negative_numbers = true)]
    pub troop_factor: Option<i64>,
    /// Dice the defender may roll (2 or 3) [default: 2].
    #[arg(long, allow_negative_numbers = true)]
    pub defence_dice: Option<i64>,
    /// Troops moved into a conquered territory [default: max].
    #[arg(long, value_enum)]
    pub conquest_move: Option<ConquestArg>,
    /// Player-turns before a match is a draw [default: 48; 49 with --rules rossato2023].
    #[arg(long, allow_negative_numbers = true)]
    pub turn_limit: Option<i64>,
    /// The rules of Risk, or the published code's behaviour (with its criteria formulas)
    /// [default: standard; a variant file's own with --variant, which this replaces].
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
}

/// How territories are shared out.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum DistributionArg {
    /// Dealt at random.
    Random,
    /// Picked in turn.
    Pick,
}

/// Troops moved into a conquered territory.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ConquestArg {
    /// As many as dice just rolled.
    Min,
    /// All but one.
    Max,
}

/// Which reading of the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// The rules of Risk, scored with the paper's formulas.
    Standard,
    /// The published code's rules and formulas.
    Rossato2023,
}

/// `risk playtest`.
#[derive(Debug, Args)]
pub struct PlaytestArgs {
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Matches to play, or auto to play until the fitness's 95% interval is narrower than
    /// ± 0.05 (auto:ε for another half-width; at most 5,000 matches).
    #[arg(
        long,
        default_value = "100",
        allow_hyphen_values = true,
        value_name = "N|auto[:ε]"
    )]
    pub matches: String,
    /// The criteria the fitness adds up, comma-separated [default: all seven].
    #[arg(long)]
    pub criteria: Option<String>,
    /// Their weights, comma-separated, one per criterion used [default: 1 each].
    #[arg(long, allow_hyphen_values = true)]
    pub weights: Option<String>,
    /// Who plays: FIRST,SECOND, each rule, random, mc or mc:BUDGET (the Monte Carlo agent,
    /// BUDGET rollouts a pick) [default: rule,rule].
    #[arg(long, value_name = "FIRST,SECOND")]
    pub agents: Option<String>,
    /// Master seed [default: a fresh random seed, printed with the result].
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Write the result (JSON: the criteria and fitness with their 95% intervals, wins and
    /// draws) here; - for standard output.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write every match's turn records here (JSON lines).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// `risk play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The opponent: rule, random, mc or mc:BUDGET (the Monte Carlo agent) [default: rule].
    #[arg(long, value_name = "AGENT")]
    pub opponent: Option<String>,
    /// Play second (the opponent makes the first pick).
    #[arg(long)]
    pub second: bool,
    /// Both seats at once, FIRST,SECOND, one of them `you` (for example you,mc or mc:8,you);
    /// instead of --opponent and --second.
    #[arg(long, value_name = "FIRST,SECOND")]
    pub agents: Option<String>,
    /// Master seed [default: a fresh random seed].
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
}

/// `risk map`.
#[derive(Debug, Args)]
pub struct MapArgs {
    /// An embedded map (classic, map1 … map10, warmap) or a map file: the project's JSON, the
    /// published generator's, TAG's Risk map JSON or a Domination .map file [default: classic].
    #[arg(long)]
    pub map: Option<String>,
    /// Read one-way arcs of a map in the published generator's format or Domination's (a
    /// neighbour that does not list the territory back) instead of refusing them.
    #[arg(long)]
    pub allow_one_way: bool,
    /// Write the picture (SVG) here.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write the picture (PNG) here.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Write the map to print and play on (PDF) here: a landscape page, every territory named.
    #[arg(long, value_name = "FILE")]
    pub pdf: Option<PathBuf>,
    /// Write territory names beside the nodes.
    #[arg(long)]
    pub names: bool,
    /// Seed of the layout of a map without positions [default: 1].
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Write the map in the project's format, positioned as drawn (JSON) here; - for
    /// standard output.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write the map for another program: a Domination map for a name ending in .map, TAG's
    /// Risk map JSON for one ending in .json (with the map's own positions, else the
    /// picture's).
    #[arg(long, value_name = "FILE")]
    pub export: Option<PathBuf>,
}

/// `risk design`.
#[derive(Debug, Args)]
pub struct DesignArgs {
    /// Generations after the initial population.
    #[arg(long, default_value_t = 10, allow_negative_numbers = true)]
    pub generations: i64,
    /// Variants per generation.
    #[arg(long, default_value_t = 50, allow_negative_numbers = true)]
    pub offspring: i64,
    /// Tournament size (drawn with replacement; the two best become parents).
    #[arg(long, default_value_t = 22, allow_negative_numbers = true)]
    pub tournament: i64,
    /// Probability of each mutation operator.
    #[arg(long, default_value_t = 0.6, allow_negative_numbers = true)]
    pub mutation: f64,
    /// Matches per playtest.
    #[arg(long, default_value_t = 100, allow_negative_numbers = true)]
    pub matches: i64,
    /// Before choosing, play the best K of the final population again with fresh matches and
    /// choose the best of them then (0: the run's best, without a second look).
    #[arg(
        long,
        default_value_t = 5,
        allow_negative_numbers = true,
        value_name = "K"
    )]
    pub reevaluate: i64,
    /// Matches of each such re-play, or auto (auto:ε) to play each until its fitness's 95%
    /// interval is narrower than ± ε [default: 4 × --matches].
    #[arg(long, allow_hyphen_values = true, value_name = "N|auto[:ε]")]
    pub reevaluate_matches: Option<String>,
    /// Refuse children with fewer territories (0: no bound).
    #[arg(long, default_value_t = 9, allow_negative_numbers = true)]
    pub min_territories: i64,
    /// The rules of Risk (scored with the paper's formulas) or the published code's.
    #[arg(long, value_enum, default_value_t = RulesArg::Standard)]
    pub rules: RulesArg,
    /// The criteria the fitness adds up, comma-separated [default: all seven].
    #[arg(long)]
    pub criteria: Option<String>,
    /// Their weights, comma-separated, one per criterion used [default: 1 each].
    #[arg(long, allow_hyphen_values = true)]
    pub weights: Option<String>,
    /// Who playtests: FIRST,SECOND, each rule, random, mc or mc:BUDGET [default: rule,rule].
    #[arg(long, value_name = "FIRST,SECOND")]
    pub agents: Option<String>,
    /// Master seed [default: a fresh random seed, printed with the result].
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Write the best variant (JSON; `risk playtest --variant` and `risk play --variant` read
    /// it); - for standard output.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write the final population (JSON). `--population FILE`, its old name, still works.
    #[arg(long = "population-out", alias = "population", value_name = "FILE")]
    pub population_out: Option<PathBuf>,
    /// Write the minimum and mean fitness per generation (SVG).
    #[arg(long, value_name = "FILE")]
    pub plot: Option<PathBuf>,
    /// Write the same plot (PNG).
    #[arg(long, value_name = "FILE")]
    pub plot_png: Option<PathBuf>,
    /// Write the best variant's map (SVG).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write the best variant's map (PNG).
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Write print-and-play pages (PDF) here: the best variant's map to play on, every
    /// territory named, and a rules card with its rules in words.
    #[arg(long, value_name = "FILE")]
    pub pdf: Option<PathBuf>,
}
