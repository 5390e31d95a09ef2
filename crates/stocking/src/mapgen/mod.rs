//! Map generators: caves by cellular automaton and rooms joined by corridors, each returning a
//! [`Grid`] ready to stock.
//!
//! In the manner of the `mapgen` crate, every step lives in its own file and takes the random
//! stream it draws from: [`Kind::Caves`] fills, smooths and culls; [`Kind::Rooms`] places
//! rooms and digs corridors; [`ends`] puts the start and the goal far apart. The same stream
//! state always gives the same map.
//!
//! Every generated map has walls all around its border, all its floor in one orthogonally
//! connected region, and a start and a goal on different cells, the goal being a floor cell
//! farthest from the start.

mod caves;
pub mod ends;
mod rooms;

use std::fmt;

use ludoforge_evolve::Stream;
use thiserror::Error;

pub use ends::place_ends;

use crate::grid::{Grid, MAX_SIDE, Pos, Tile};

/// Which generator to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Rectangular rooms with a wall between any two, joined by L-shaped corridors along a
    /// nearest-neighbour spanning tree plus a few extra corridors that make loops.
    Rooms,
    /// Organic caves: random fill, smoothed by the 4-5 cellular automaton rule, keeping only
    /// the largest connected cave.
    Caves,
}

impl Kind {
    /// The shortest side, in cells, the generator accepts (12 for rooms, 8 for caves).
    #[must_use]
    pub const fn min_side(self) -> usize {
        match self {
            Kind::Rooms => rooms::MIN_SIDE,
            Kind::Caves => caves::MIN_SIDE,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Rooms => "rooms",
            Kind::Caves => "caves",
        })
    }
}

/// A map size a generator cannot work with.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MapGenError {
    /// A side shorter than [`Kind::min_side`].
    #[error(
        "the map size {width}×{height} is too small for {kind}: each side needs at least {min} cells (and at most {MAX_SIDE})",
        min = kind.min_side()
    )]
    TooSmall {
        /// The generator asked for.
        kind: Kind,
        /// Columns asked for.
        width: usize,
        /// Rows asked for.
        height: usize,
    },
    /// A side longer than [`MAX_SIDE`].
    #[error(
        "the map size {width}×{height} is too large for {kind}: each side may have at most {MAX_SIDE} cells (and at least {min})",
        min = kind.min_side()
    )]
    TooLarge {
        /// The generator asked for.
        kind: Kind,
        /// Columns asked for.
        width: usize,
        /// Rows asked for.
        height: usize,
    },
}

/// Generates a `width` × `height` map of the given kind, drawing only from `rng`, with its
/// start and goal placed far apart by [`place_ends`].
///
/// Time grows with the area: about 35 ms for a 1000 × 1000 map of either kind in a release
/// build, a few tenths of a second at the largest size.
///
/// # Errors
/// [`MapGenError::TooSmall`] when a side is shorter than [`Kind::min_side`],
/// [`MapGenError::TooLarge`] when one is longer than [`MAX_SIDE`].
///
/// ```
/// use ludoforge_evolve::rng::stream;
/// use ludoforge_stocking::graph::components;
/// use ludoforge_stocking::mapgen::{Kind, generate};
///
/// let grid = generate(Kind::Caves, 60, 24, &mut stream(7, 0, 0)).unwrap();
/// assert_ne!(grid.start(), grid.goal());
/// // All the floor is one connected region.
/// let cells = grid.graph();
/// assert_eq!(components(&cells.graph, |_| true, &mut Vec::new()).len(), 1);
/// // The same stream gives the same map.
/// assert_eq!(generate(Kind::Caves, 60, 24, &mut stream(7, 0, 0)).unwrap(), grid);
/// println!("{}", grid.to_text());
///
/// let rooms = generate(Kind::Rooms, 80, 30, &mut stream(7, 0, 1)).unwrap();
/// assert!(rooms.floor_count() > 80 * 30 / 5);
/// assert!(generate(Kind::Rooms, 10, 40, &mut stream(7, 0, 2)).is_err());
/// ```
pub fn generate(
    kind: Kind,
    width: usize,
    height: usize,
    rng: &mut Stream,
) -> Result<Grid, MapGenError> {
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(MapGenError::TooLarge {
            kind,
            width,
            height,
        });
    }
    if width < kind.min_side() || height < kind.min_side() {
        return Err(MapGenError::TooSmall {
            kind,
            width,
            height,
        });
    }
    let walls = match kind {
        Kind::Rooms => rooms::rooms(width, height, rng),
        Kind::Caves => caves::caves(width, height, rng),
    };
    Ok(finish(width, height, &walls))
}

/// Turns a wall mask (1 = wall, 0 = floor, row after row) into a grid with far-apart ends.
fn finish(width: usize, height: usize, walls: &[u8]) -> Grid {
    let tiles: Vec<Tile> = walls
        .iter()
        .map(|&w| if w == 0 { Tile::Floor } else { Tile::Wall })
        .collect();
    let first = walls
        .iter()
        .position(|&w| w == 0)
        .expect("every generator leaves some floor");
    let first: Pos = ((first % width) as u32, (first / width) as u32);
    let mut grid =
        Grid::new(width, height, tiles, first, first).expect("the size was checked above");
    place_ends(&mut grid);
    grid
}
