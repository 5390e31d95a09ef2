//! Arguments of `ludoforge portals`.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};
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

/// Files a dungeon can be written to.
#[derive(Debug, Args)]
pub struct DungeonOutputArgs {
    /// Write the dungeon (JSON) here.
    #[arg(short = 'o', long, value_name = "FILE")]
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
    /// Write print-and-play pages (PDF) here: the map and the game master's handout.
    #[arg(long, value_name = "FILE")]
    pub pdf: Option<PathBuf>,
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
    /// Dungeons in the evolving population (with --evolve) [default: 40]. Each takes about
    /// 0.4 KB at the default --min-path 9 (about 50 rooms) and about 2.3 KB at --min-path 15
    /// (about 450 rooms); a population the machine's available memory cannot hold is refused
    /// before the run starts, with the largest that fits.
    #[arg(long, allow_negative_numbers = true)]
    pub population: Option<i64>,
    /// Matings, each making two children (with --evolve) [default: 2000].
    #[arg(long, allow_negative_numbers = true)]
    pub matings: Option<i64>,
    #[command(flatten)]
    pub output: DungeonOutputArgs,
    /// Master seed [default: a fresh random seed, printed with the result].
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
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
    #[arg(short = 'o', long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}
