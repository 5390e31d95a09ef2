//! Arguments of `ludoforge portals`.

use std::ops::RangeInclusive;
use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::{Args, Subcommand, ValueEnum};
use ludoforge_portals::Params;
use ludoforge_portals::choose::Targets;
use ludoforge_portals::walk::Memory;

/// What to do with portal dungeons.
#[derive(Debug, Subcommand)]
pub enum PortalsCommand {
    /// Generate a dungeon (the best of --candidates against the targets).
    Generate(GenerateArgs),
    /// Re-measure and redraw a saved dungeon file.
    Show(ShowArgs),
    /// The document's study: walk lengths and room counts for a range of minimum path lengths.
    Study(PortalStudyArgs),
}

/// The generator's settings.
#[derive(Debug, Args)]
pub struct DungeonArgs {
    /// M: the minimum number of portals on any route from the origin to the exit (1 to 1000).
    #[arg(long, default_value_t = 9, allow_negative_numbers = true)]
    pub min_path: i64,
    /// The most portals leaving one room (1 to 8).
    #[arg(long, default_value_t = 2, allow_negative_numbers = true)]
    pub max_portals: i64,
    /// Keep only dungeons with this many rooms, as MIN..MAX [default: M+1..10000].
    #[arg(long, value_name = "MIN..MAX")]
    pub rooms: Option<String>,
    /// Dungeons generated per candidate before giving up on --rooms.
    #[arg(long, default_value_t = 1000, allow_negative_numbers = true)]
    pub attempts: i64,
    /// Simulated walks per dungeon.
    #[arg(long, default_value_t = 1000, allow_negative_numbers = true)]
    pub walks: i64,
    /// What simulated players remember: `walk` (the document: each walk starts afresh) or
    /// `party` (portals taken in earlier walks count as taken).
    #[arg(long, value_enum, default_value_t = MemoryArg::Walk)]
    pub memory: MemoryArg,
}

/// What simulated players remember.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum MemoryArg {
    /// Each walk starts with no portal taken (the document).
    Walk,
    /// Portals taken in earlier walks count as taken.
    Party,
}

impl MemoryArg {
    /// The library's value.
    pub fn memory(self) -> Memory {
        match self {
            MemoryArg::Walk => Memory::Walk,
            MemoryArg::Party => Memory::Party,
        }
    }
}

/// Largest accepted number of walks per dungeon.
pub const MAX_WALKS: i64 = 10_000_000;

impl DungeonArgs {
    /// The checked generator parameters for minimum path length `min_path`.
    pub fn params(&self, min_path: i64) -> Result<Params> {
        let limit = i64::from(ludoforge_portals::params::MIN_PATH_LIMIT);
        if !(1..=limit).contains(&min_path) {
            bail!("--min-path {min_path}: give a number of portals between 1 and {limit}");
        }
        let portal_limit = ludoforge_portals::params::PORTAL_LIMIT as i64;
        if !(1..=portal_limit).contains(&self.max_portals) {
            bail!(
                "--max-portals {}: give between 1 and {portal_limit}",
                self.max_portals
            );
        }
        let attempt_limit = i64::from(ludoforge_portals::params::ATTEMPT_LIMIT);
        if !(1..=attempt_limit).contains(&self.attempts) {
            bail!(
                "--attempts {}: give between 1 and {attempt_limit}",
                self.attempts
            );
        }
        let mut params = Params::new(min_path as u32)
            .max_portals(self.max_portals as usize)
            .attempts(self.attempts as u32);
        if let Some(text) = &self.rooms {
            let range = parse_range(text, "--rooms")?;
            let limit = ludoforge_portals::params::ROOM_LIMIT as u64;
            if *range.end() > limit {
                bail!("--rooms {text}: at most {limit} rooms");
            }
            params = params.rooms(*range.start() as usize, *range.end() as usize);
        }
        params
            .validate()
            .map_err(|e| anyhow::anyhow!("{e}{}", flag_hint(&e)))?;
        Ok(params)
    }

    /// The checked number of walks.
    pub fn walks(&self) -> Result<u32> {
        check_walks(self.walks)
    }
}

/// Checks a number of walks per dungeon.
pub fn check_walks(walks: i64) -> Result<u32> {
    if !(1..=MAX_WALKS).contains(&walks) {
        bail!("--walks {walks}: give between 1 and {MAX_WALKS}");
    }
    Ok(walks as u32)
}

/// Names the flag behind a parameter error.
fn flag_hint(error: &ludoforge_portals::ParamsError) -> &'static str {
    use ludoforge_portals::ParamsError as E;
    match error {
        E::TooFewRooms { .. } | E::RoomRange { .. } | E::SingleCorridor { .. } => {
            " (see --rooms, --min-path, --max-portals)"
        }
        _ => "",
    }
}

/// Parses `A..B` (both included), `A..=B` or a single number `A`.
pub fn parse_range(text: &str, flag: &str) -> Result<RangeInclusive<u64>> {
    let wrong = || {
        anyhow::anyhow!(
            "{flag} {text:?}: write a range as two whole numbers like 3..15 (both included), or one number"
        )
    };
    let number = |s: &str| s.trim().parse::<u64>().map_err(|_| wrong());
    let (low, high) = match text.split_once("..") {
        Some((low, high)) => {
            let high = high.strip_prefix('=').unwrap_or(high);
            (number(low)?, number(high)?)
        }
        None => {
            let n = number(text)?;
            (n, n)
        }
    };
    if low > high {
        bail!("{flag} {text}: write the smaller bound first, as {high}..{low}");
    }
    Ok(low..=high)
}

/// What the dungeon's walks should look like.
#[derive(Debug, Args)]
pub struct TargetArgs {
    /// Generate this many dungeons and keep the one that best meets the targets.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    pub candidates: i64,
    /// Target mean walk length, in portals.
    #[arg(long, allow_negative_numbers = true)]
    pub mean_walk: Option<f64>,
    /// How far from --mean-walk still counts as met.
    #[arg(long, default_value_t = 0.5, allow_negative_numbers = true)]
    pub tolerance: f64,
    /// The longest route may take at most this many portals.
    #[arg(long, allow_negative_numbers = true)]
    pub max_longest: Option<i64>,
    /// At least this many rooms where the players choose.
    #[arg(long, allow_negative_numbers = true)]
    pub min_decisions: Option<i64>,
    /// At least this many distinct routes from the origin to the exit.
    #[arg(long, allow_negative_numbers = true)]
    pub min_routes: Option<i64>,
}

/// Largest accepted number of candidates.
pub const MAX_CANDIDATES: i64 = 1_000_000;

impl TargetArgs {
    /// The checked number of candidates and targets.
    pub fn targets(&self) -> Result<(usize, Targets)> {
        if !(1..=MAX_CANDIDATES).contains(&self.candidates) {
            bail!(
                "--candidates {}: give between 1 and {MAX_CANDIDATES}",
                self.candidates
            );
        }
        if let Some(mean) = self.mean_walk
            && !(1.0..=1e6).contains(&mean)
        {
            bail!("--mean-walk {mean}: give a number of portals of at least 1");
        }
        if !(self.tolerance.is_finite() && self.tolerance >= 0.0) {
            bail!(
                "--tolerance {}: give a number of portals of 0 or more",
                self.tolerance
            );
        }
        let positive = |flag: &str, value: Option<i64>| -> Result<Option<u64>> {
            match value {
                Some(v) if v < 1 => bail!("{flag} {v}: give a whole number of at least 1"),
                other => Ok(other.map(|v| v as u64)),
            }
        };
        Ok((
            self.candidates as usize,
            Targets {
                mean_walk: self.mean_walk,
                tolerance: self.tolerance,
                max_longest: positive("--max-longest", self.max_longest)?
                    .map(|v| v.min(u64::from(u32::MAX)) as u32),
                min_decisions: positive("--min-decisions", self.min_decisions)?.map(|v| v as usize),
                min_routes: positive("--min-routes", self.min_routes)?.map(u128::from),
            },
        ))
    }
}

/// Files a dungeon can be written to.
#[derive(Debug, Args)]
pub struct DungeonOutputArgs {
    /// Write the dungeon (JSON) here.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write a Graphviz DOT graph here.
    #[arg(long, value_name = "FILE")]
    pub dot: Option<PathBuf>,
    /// Write a picture (SVG) here.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write a picture (PNG) here.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Write a game master's room handout (Markdown) here.
    #[arg(long, value_name = "FILE")]
    pub handout: Option<PathBuf>,
}

/// `portals generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    pub dungeon: DungeonArgs,
    #[command(flatten)]
    pub targets: TargetArgs,
    /// Evolve a population toward the targets instead of choosing among candidates.
    #[arg(long)]
    pub evolve: bool,
    /// Dungeons in the evolving population (with --evolve). Each takes about 0.4 KB at the
    /// default --min-path 9 (about 50 rooms) and about 2.3 KB at --min-path 15 (about 450
    /// rooms); a population the machine's available memory cannot hold is refused before the
    /// run starts, with the largest that fits.
    #[arg(long, default_value_t = 40, allow_negative_numbers = true)]
    pub population: i64,
    /// Matings, each making two children (with --evolve).
    #[arg(long, default_value_t = 2000, allow_negative_numbers = true)]
    pub matings: i64,
    #[command(flatten)]
    pub output: DungeonOutputArgs,
    /// Master seed [default: a fresh random seed, printed with the result].
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
}

/// Smallest accepted evolving population (a tournament draws four).
pub const MIN_POPULATION: usize = 4;

/// Largest accepted evolving population: the engine's limit. The memory the population would
/// take is checked too, against what the machine has available.
pub const MAX_POPULATION: i64 = 10_000_000;

/// Largest accepted number of matings.
pub const MAX_MATINGS: i64 = 100_000_000;

impl GenerateArgs {
    /// The checked evolution settings, or `None` when choosing among candidates.
    pub fn evolution(&self, targets: &Targets, candidates: usize) -> Result<Option<(usize, u64)>> {
        if !self.evolve {
            return Ok(None);
        }
        if candidates > 1 {
            bail!("give --candidates or --evolve, not both");
        }
        if targets.is_empty() {
            bail!(
                "--evolve needs something to evolve toward: give --mean-walk, --max-longest, \
                 --min-decisions or --min-routes"
            );
        }
        if !(MIN_POPULATION as i64..=MAX_POPULATION).contains(&self.population) {
            bail!(
                "--population {}: give between {MIN_POPULATION} and {MAX_POPULATION}",
                self.population
            );
        }
        if !(1..=MAX_MATINGS).contains(&self.matings) {
            bail!(
                "--matings {}: give between 1 and {MAX_MATINGS}",
                self.matings
            );
        }
        Ok(Some((self.population as usize, self.matings as u64)))
    }
}

/// `portals show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// A dungeon file written by `portals generate --out`.
    pub file: PathBuf,
    #[command(flatten)]
    pub output: DungeonOutputArgs,
}

/// `portals study`.
#[derive(Debug, Args)]
pub struct PortalStudyArgs {
    /// The values of M, as MIN..MAX (both included).
    #[arg(long, default_value = "3..15", value_name = "MIN..MAX")]
    pub min_path: String,
    /// Dungeons generated per value of M.
    #[arg(long, default_value_t = 10, allow_negative_numbers = true)]
    pub graphs: i64,
    /// Walks per dungeon.
    #[arg(long, default_value_t = 1000, allow_negative_numbers = true)]
    pub walks: i64,
    /// The most portals leaving one room (1 to 8).
    #[arg(long, default_value_t = 2, allow_negative_numbers = true)]
    pub max_portals: i64,
    /// The most rooms a dungeon may have.
    #[arg(long, default_value_t = 10_000, allow_negative_numbers = true)]
    pub max_rooms: i64,
    /// What simulated players remember.
    #[arg(long, value_enum, default_value_t = MemoryArg::Walk)]
    pub memory: MemoryArg,
    /// Master seed.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    pub seed: u64,
    /// Write the table as CSV here.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Write the plot (SVG) here.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write the plot (PNG) here.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Write the whole study (JSON) here.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Largest accepted number of graphs per value of M in the study.
pub const MAX_GRAPHS: i64 = 100_000;
