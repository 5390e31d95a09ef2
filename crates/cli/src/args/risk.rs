//! Arguments of `ludoforge risk`.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand, ValueEnum};
use ludoforge_risk::criteria::{Criterion, Formulas};
use ludoforge_risk::rules::{ConquestMove, Distribution, Rules};

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
    /// An embedded map (classic, map1 … map10, warmap) or a map file (JSON).
    #[arg(long, default_value = "classic")]
    pub map: String,
    /// A variant file written by `risk design --out` (its map and parameters replace --map
    /// and the rule flags).
    #[arg(long, value_name = "FILE")]
    pub variant: Option<PathBuf>,
    /// Read one-way arcs of a map in the published generator's format instead of refusing them.
    #[arg(long)]
    pub allow_one_way: bool,
    /// How the territories are shared out.
    #[arg(long, value_enum, default_value_t = DistributionArg::Pick)]
    pub distribution: DistributionArg,
    /// Reinforcements are territories divided by this factor (1 to 4).
    #[arg(long, default_value_t = 3, allow_negative_numbers = true)]
    pub troop_factor: i64,
    /// Dice the defender may roll (2 or 3).
    #[arg(long, default_value_t = 2, allow_negative_numbers = true)]
    pub defence_dice: i64,
    /// Troops moved into a conquered territory.
    #[arg(long, value_enum, default_value_t = ConquestArg::Max)]
    pub conquest_move: ConquestArg,
    /// Player-turns before a match is a draw [default: 48; 49 with --rules rossato2023].
    #[arg(long, allow_negative_numbers = true)]
    pub turn_limit: Option<i64>,
    /// The rules of Risk, or the published code's behaviour (with its criteria formulas).
    #[arg(long, value_enum, default_value_t = RulesArg::Standard)]
    pub rules: RulesArg,
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

impl VariantArgs {
    /// The checked rules.
    pub fn rules(&self) -> Result<Rules> {
        if !(1..=4).contains(&self.troop_factor) {
            bail!("--troop-factor {}: give 1, 2, 3 or 4", self.troop_factor);
        }
        if !(2..=3).contains(&self.defence_dice) {
            bail!("--defence-dice {}: give 2 or 3", self.defence_dice);
        }
        let mut rules = Rules {
            distribution: match self.distribution {
                DistributionArg::Random => Distribution::Random,
                DistributionArg::Pick => Distribution::Pick,
            },
            troop_factor: self.troop_factor as u32,
            defence_dice: self.defence_dice as usize,
            conquest_move: match self.conquest_move {
                ConquestArg::Min => ConquestMove::Min,
                ConquestArg::Max => ConquestMove::Max,
            },
            ..Rules::classic()
        };
        if self.rules == RulesArg::Rossato2023 {
            rules = rules.rossato2023();
        }
        if let Some(limit) = self.turn_limit {
            if !(2..=100_000).contains(&limit) {
                bail!("--turn-limit {limit}: give between 2 and 100000 player-turns");
            }
            rules.max_player_turns = limit as u32;
        }
        Ok(rules)
    }

    /// The formulas that go with the rules.
    pub fn formulas(&self) -> Formulas {
        match self.rules {
            RulesArg::Standard => Formulas::Paper,
            RulesArg::Rossato2023 => Formulas::Rossato2023,
        }
    }
}

/// `risk playtest`.
#[derive(Debug, Args)]
pub struct PlaytestArgs {
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Matches to play.
    #[arg(long, default_value_t = 100, allow_negative_numbers = true)]
    pub matches: i64,
    /// The criteria the fitness adds up, comma-separated [default: all seven].
    #[arg(long)]
    pub criteria: Option<String>,
    /// Their weights, comma-separated, one per criterion used [default: 1 each].
    #[arg(long, allow_hyphen_values = true)]
    pub weights: Option<String>,
    /// Master seed [default: a fresh random seed, printed with the result].
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Write every match's turn records here (JSON lines).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// Largest accepted number of matches.
pub const MAX_MATCHES: i64 = 1_000_000;

impl PlaytestArgs {
    /// The checked criteria and weights.
    pub fn scoring(&self) -> Result<(Vec<Criterion>, Option<Vec<f64>>)> {
        if !(1..=MAX_MATCHES).contains(&self.matches) {
            bail!(
                "--matches {}: give between 1 and {MAX_MATCHES}",
                self.matches
            );
        }
        parse_scoring(self.criteria.as_deref(), self.weights.as_deref())
    }
}

/// Reads `--criteria` and `--weights`.
pub fn parse_scoring(
    criteria: Option<&str>,
    weights: Option<&str>,
) -> Result<(Vec<Criterion>, Option<Vec<f64>>)> {
    let used: Vec<Criterion> = match criteria {
        None => Criterion::ALL.to_vec(),
        Some(text) => text
            .split(',')
            .map(|c| c.trim().parse::<Criterion>())
            .collect::<Result<_, _>>()
            .with_context(|| {
                format!(
                    "--criteria {text:?}: name criteria among completion, duration, advantage, branching_factor, drama, killer_moves, lead_change"
                )
            })?,
    };
    let weights = match weights {
        None => None,
        Some(text) => Some(
            text.split(',')
                .map(|w| w.trim().parse::<f64>())
                .collect::<Result<Vec<_>, _>>()
                .ok()
                .filter(|w| w.len() == used.len())
                .with_context(|| {
                    format!(
                        "--weights {text:?}: give {} numbers, one per criterion used",
                        used.len()
                    )
                })?,
        ),
    };
    Ok((used, weights))
}

/// `risk play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The opponent.
    #[arg(long, value_enum, default_value_t = OpponentArg::Rule)]
    pub opponent: OpponentArg,
    /// Play second (the opponent makes the first pick).
    #[arg(long)]
    pub second: bool,
    /// Master seed [default: a fresh random seed].
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
}

/// The opponent at the table.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum OpponentArg {
    /// The paper's rule-based agent.
    Rule,
    /// A random player.
    Random,
}

/// `risk map`.
#[derive(Debug, Args)]
pub struct MapArgs {
    /// An embedded map (classic, map1 … map10, warmap) or a map file (JSON).
    #[arg(long, default_value = "classic")]
    pub map: String,
    /// Read one-way arcs of a map in the published generator's format instead of refusing them.
    #[arg(long)]
    pub allow_one_way: bool,
    /// Write the picture (SVG) here.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write the picture (PNG) here.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Write territory names beside the nodes.
    #[arg(long)]
    pub names: bool,
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
    /// Master seed [default: a fresh random seed, printed with the result].
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Write the best variant (JSON; `risk playtest --variant` and `risk play --variant` read it).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write the final population (JSON).
    #[arg(long, value_name = "FILE")]
    pub population: Option<PathBuf>,
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
}
