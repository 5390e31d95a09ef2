//! Command-line arguments, parsed by clap and then checked into typed settings.

pub mod gloomhaven;
pub mod help;
pub mod library;
pub mod one;
pub mod portals;
pub mod risk;
pub mod stock;

use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::{Args, Parser, Subcommand, ValueEnum};

/// ludoforge designs game content by evolution.
#[derive(Debug, Parser)]
#[command(name = "ludoforge", version, about, long_about = None)]
pub struct Cli {
    /// The flags every command takes.
    #[command(flatten)]
    pub shared: Shared,
    #[command(subcommand)]
    pub command: Command,
}

/// The flags every command takes (before or after its name).
#[derive(Debug, Args)]
pub struct Shared {
    /// Worker threads (default: one per core). Results are the same on any number.
    #[arg(long, global = true, value_name = "N", allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// The paper of printed pages (`--pdf`): a4 (the default) or letter. `serve` offers it as
    /// the studio's default.
    #[arg(long, global = true, value_name = "SIZE")]
    pub paper: Option<ludoforge_draw::Paper>,
    /// The content library file, for `ludoforge library` (also accepted after `library`).
    #[arg(long = "library", value_name = "FILE")]
    pub library: Option<PathBuf>,
    /// Checkpoints of the run (for commands that run a job).
    #[command(flatten)]
    pub checkpoint: crate::checkpoint::CheckpointArgs,
}

/// The generators.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Chess mazes and chromatic mazes evolved to a chosen difficulty.
    #[command(subcommand)]
    Puzzle(PuzzleCommand),
    /// Portal dungeons: one-way room graphs judged by simulated players.
    #[command(subcommand)]
    Portals(portals::PortalsCommand),
    /// Measurably fun dungeons: stock a grid map by solving its pointless areas.
    Stock(stock::StockArgs),
    /// Gloomhaven scenarios evolved from the official ones, built from the pieces in the box.
    Gloomhaven(gloomhaven::GloomhavenArgs),
    /// Risk variants: playtest one, play one at the terminal, draw a map.
    #[command(subcommand)]
    Risk(risk::RiskCommand),
    /// Check content by its generator's own rules: valid or not (and where), and every
    /// measure and descriptor, with its picture.
    Check(crate::check::CheckArgs),
    /// Suggestions around your own content: a shelf made by the generator's exploration
    /// started from it, every suggestion keeping the parts you lock.
    Suggest(crate::suggest::SuggestArgs),
    /// The jobs every front end can run, one line each.
    List,
    /// A job's parameters, as a JSON Schema with defaults and bounds.
    Describe {
        /// The job (see `ludoforge list`).
        job: String,
    },
    /// Run any job from a parameters file: `ludoforge run puzzle-chess --params p.json`.
    Run(crate::jobs::RunArgs),
    /// A shelf of varied content: MAP-Elites over descriptors, a heatmap, and any elite taken
    /// out as a result file.
    Explore(crate::explore::ExploreArgs),
    /// The studio in a browser: every job with a form, live progress, pictures and files.
    Serve(crate::serve::ServeArgs),
    /// The content library: keep results, find them by any score or descriptor, export them.
    Library(library::LibraryArgs),
    /// Sweeps: many runs of one job from a plan, split for a cluster's array tasks.
    #[command(subcommand)]
    Sweep(crate::sweep::SweepCommand),
}

/// What to do with puzzles.
#[derive(Debug, Subcommand)]
pub enum PuzzleCommand {
    /// Evolve a chess maze: an agent crossing a board past the squares opposing pieces cover.
    Chess(ChessArgs),
    /// Evolve a chromatic maze: squares coloured from the colour wheel.
    Chromatic(ChromaticArgs),
    /// Solve a puzzle file (hand-made or generated): minimum moves and a shortest solution.
    Solve(SolveArgs),
    /// Re-run the source paper's experiments over replicates and compare with its figures.
    Study(StudyArgs),
}

/// A chess maze to evolve.
#[derive(Debug, Args)]
pub struct ChessArgs {
    /// The agent: king, queen, rook, bishop, knight or pawn.
    #[arg(long, default_value = "rook")]
    pub agent: String,
    /// The opposing pieces, as counts and letters K Q R B N P: 5N, 7P, R,N,3P.
    #[arg(long, default_value = "5N")]
    pub pieces: String,
    #[command(flatten)]
    pub board: BoardArgs,
    #[command(flatten)]
    pub evolve: EvolveArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// A chromatic maze to evolve.
#[derive(Debug, Args)]
pub struct ChromaticArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    #[command(flatten)]
    pub evolve: EvolveArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// The board.
#[derive(Debug, Args)]
pub struct BoardArgs {
    /// Squares a side (3 to 64) [default: 11].
    #[arg(long, allow_negative_numbers = true)]
    pub size: Option<usize>,
    /// Files (columns), if different from --size.
    #[arg(long, allow_negative_numbers = true)]
    pub width: Option<usize>,
    /// Ranks (rows), if different from --size.
    #[arg(long, allow_negative_numbers = true)]
    pub height: Option<usize>,
    /// Entrance square [default: a1].
    #[arg(long)]
    pub entrance: Option<String>,
    /// Exit square [default: the corner opposite a1].
    #[arg(long)]
    pub exit: Option<String>,
}

impl BoardArgs {
    /// Files and ranks.
    ///
    /// # Errors
    /// `--size` given with both `--width` and `--height`, which leave it nothing to size.
    pub fn dimensions(&self) -> Result<(usize, usize)> {
        if let (Some(size), Some(width), Some(height)) = (self.size, self.width, self.height) {
            bail!(
                "--size {size} contradicts --width {width} and --height {height}: give --size \
                 for a square board, or --width and --height"
            );
        }
        let size = self.size.unwrap_or(11);
        Ok((self.width.unwrap_or(size), self.height.unwrap_or(size)))
    }
}

/// The search.
#[derive(Debug, Args)]
pub struct EvolveArgs {
    /// Evolve to this minimum number of moves instead of maximising.
    #[arg(long, allow_negative_numbers = true)]
    pub target: Option<u32>,
    /// Population size.
    #[arg(long, default_value_t = 1200, allow_negative_numbers = true)]
    pub population: usize,
    /// Mating events [default: 40000 when no other limit is given].
    #[arg(long, allow_negative_numbers = true)]
    pub matings: Option<u64>,
    /// Generations (steady state: one generation = population/2 matings).
    #[arg(long, allow_negative_numbers = true)]
    pub generations: Option<u64>,
    /// Evaluations.
    #[arg(long, allow_negative_numbers = true)]
    pub evaluations: Option<u64>,
    /// Wall-clock limit in seconds (a run cut by time is not reproducible).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub time: Option<f64>,
    /// Maximum mutations per child; each child gets 1 to this many.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    pub max_mutations: usize,
    /// Tournament size.
    #[arg(long, default_value_t = 7, allow_negative_numbers = true)]
    pub tournament: usize,
    /// The evolutionary strategy.
    #[arg(long, value_enum, default_value_t = StrategyArg::SteadyState)]
    pub strategy: StrategyArg,
    /// Members kept unchanged each generation (generational strategy).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    pub elite: usize,
    /// Independent runs in parallel; reports each, the best, and how many are distinct.
    #[arg(long, allow_negative_numbers = true)]
    pub replicates: Option<usize>,
    /// Master seed [default: a fresh random seed, printed with the result].
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
}

/// The evolutionary strategy.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum StrategyArg {
    /// Ashlock's steady-state tournament: the two best of a tournament breed, their children
    /// replace the two worst.
    SteadyState,
    /// Generational, with tournament selection and elitism.
    Generational,
}

/// Where results go.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Write the result (JSON) here; - for standard output. Without it, the board is drawn
    /// on the terminal.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub picture: PictureArgs,
    /// Write the run's history as JSON lines here (one line per generation).
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
}

/// Pictures of a puzzle.
#[derive(Debug, Args)]
pub struct PictureArgs {
    /// Write a picture (SVG) here.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write a picture (PNG) here.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Write print-and-play pages (PDF) here: the puzzle with its rules, and the answer.
    #[arg(long, value_name = "FILE")]
    pub pdf: Option<PathBuf>,
    /// Shade the covered squares (chess) or the unreachable ones (chromatic) in pictures.
    #[arg(long)]
    pub reveal: bool,
    /// Draw the shortest solution on pictures.
    #[arg(long)]
    pub solution: bool,
}

/// A puzzle file to solve.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The puzzle: a puzzle object, a generated result or a replicate set (JSON).
    pub file: PathBuf,
    /// Write the answer (JSON: kind, fewest moves, a solution, measures) here; - for
    /// standard output.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub picture: PictureArgs,
}

/// The paper's experiments.
#[derive(Debug, Args)]
pub struct StudyArgs {
    /// Replicates per experiment [default: the paper's 30].
    #[arg(long, allow_negative_numbers = true)]
    pub replicates: Option<usize>,
    /// Run only the experiments whose names contain this text (e.g. chromatic).
    #[arg(long)]
    pub only: Option<String>,
    /// Master seed.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    pub seed: u64,
    /// Also write the table as CSV here.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Also write every replicate's result (JSON) here.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}
