//! Arguments of `ludoforge stock`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

/// `stock`: stock a grid map by solving its pointless areas.
#[derive(Debug, Args)]
pub struct StockArgs {
    /// A map in the text convention (# wall, . floor, < start, > goal) or as JSON
    /// {"rows": [...]}. Without it, a map is generated (see --generate).
    pub map: Option<PathBuf>,
    /// Generate the map: rooms and corridors, or cellular-automaton caves [default: rooms].
    #[arg(long, value_enum)]
    pub generate: Option<GenerateKind>,
    /// Width of a generated map, in cells [default: 80].
    #[arg(long, allow_negative_numbers = true)]
    pub width: Option<i64>,
    /// Height of a generated map, in cells [default: 40].
    #[arg(long, allow_negative_numbers = true)]
    pub height: Option<i64>,
    /// Stop when the largest pointless area has fewer cells than this.
    #[arg(long, default_value_t = 10, allow_negative_numbers = true)]
    pub threshold: i64,
    /// How often each way of solving an area is chosen, as weights:
    /// reward=4,door=3,solved=2,trap=2,herring=1 (any subset; the rest are 0).
    #[arg(long)]
    pub mix: Option<String>,
    /// The theme of the inhabitants [default: drawn with the seed]; see --list-themes.
    #[arg(long)]
    pub theme: Option<String>,
    /// A themes file (JSON) adding to or replacing the built-in themes.
    #[arg(long, value_name = "FILE")]
    pub themes: Option<PathBuf>,
    /// List the themes and exit.
    #[arg(long)]
    pub list_themes: bool,
    /// Master seed [default: a fresh random seed, printed with the result].
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Write the stocked map (JSON) here; - for standard output.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write the stocked map as text with a legend here.
    #[arg(long, value_name = "FILE")]
    pub text: Option<PathBuf>,
    /// Write a picture (SVG) here.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write a picture (PNG) here.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Write a Tiled map (JSON, .tmj) here, with its tileset image beside it (NAME-tiles.png).
    #[arg(long, value_name = "FILE")]
    pub tiled: Option<PathBuf>,
    /// Write a Universal VTT map (.dd2vtt) here, for virtual tabletops: the players' picture
    /// with its walls, doors and lights (Foundry VTT, Fantasy Grounds, Roll20, Owlbear Rodeo).
    #[arg(long, value_name = "FILE")]
    pub uvtt: Option<PathBuf>,
    /// Write print-and-play pages (PDF) here: the players' map, and the game master's map
    /// with the route, the doors and keys and the inhabitants.
    #[arg(long, value_name = "FILE")]
    pub pdf: Option<PathBuf>,
    /// Leave the required route out of the pictures.
    #[arg(long)]
    pub no_route: bool,
}

/// A map generator.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum GenerateKind {
    /// Rectangular rooms joined by corridors.
    Rooms,
    /// Cellular-automaton caves.
    Caves,
}
