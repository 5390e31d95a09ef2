//! Arguments of `ludoforge stock`.

use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::{Args, ValueEnum};
use ludoforge_stocking::stock::{Mix, Settings};

/// `stock`: stock a grid map by solving its pointless areas.
#[derive(Debug, Args)]
pub struct StockArgs {
    /// A map in the text convention (# wall, . floor, < start, > goal) or as JSON
    /// {"rows": [...]}. Without it, a map is generated (see --generate).
    pub map: Option<PathBuf>,
    /// Generate the map: rooms and corridors, or cellular-automaton caves [default: rooms].
    #[arg(long, value_enum)]
    pub generate: Option<GenerateKind>,
    /// Width of a generated map, in cells.
    #[arg(long, default_value_t = 80, allow_negative_numbers = true)]
    pub width: i64,
    /// Height of a generated map, in cells.
    #[arg(long, default_value_t = 40, allow_negative_numbers = true)]
    pub height: i64,
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
    /// Write the stocked map (JSON) here.
    #[arg(long, value_name = "FILE")]
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

/// Largest accepted threshold.
pub const MAX_THRESHOLD: i64 = 10_000_000;

impl StockArgs {
    /// The checked stocking settings.
    pub fn settings(&self) -> Result<Settings> {
        if !(1..=MAX_THRESHOLD).contains(&self.threshold) {
            bail!(
                "--threshold {}: give a number of cells between 1 and {MAX_THRESHOLD}",
                self.threshold
            );
        }
        let mix = match &self.mix {
            Some(text) => Mix::parse(text)?,
            None => Mix::default(),
        };
        Ok(Settings {
            threshold: self.threshold as usize,
            mix,
        })
    }

    /// The checked size of a generated map.
    pub fn size(&self) -> Result<(usize, usize)> {
        let limit = ludoforge_stocking::grid::MAX_SIDE as i64;
        for (flag, value) in [("--width", self.width), ("--height", self.height)] {
            if !(1..=limit).contains(&value) {
                bail!("{flag} {value}: give a number of cells between 1 and {limit}");
            }
        }
        Ok((self.width as usize, self.height as usize))
    }
}
