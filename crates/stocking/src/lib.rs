//! # ludoforge-stocking: measurably fun dungeons
//!
//! "Creating Measurably Fun Maps" (RogueBasin, after David Adams' thesis): a level is no fun
//! if the player can reach the end without exploring it. Connect the start to the goal, call
//! every cell off that path *pointless*, and solve the largest pointless areas one by one with
//! rewards, keys and doors, traps and red herrings, until the player must (or wants to) visit
//! most of the map. The share of the floor on the required route is the measure of fun; an
//! independent checker proves that every key can be fetched before its door.
//!
//! The stocking works on any undirected [`graph::Graph`]; grid maps are one kind of graph.
//!
//! ```
//! use ludoforge_evolve::rng::stream;
//! use ludoforge_stocking::{check::check, grid::Grid, measures::Fun, stock::{Settings, stock}};
//!
//! let rows = [
//!     "############",
//!     "#<.........#",
//!     "#.###.####.#",
//!     "#...#......#",
//!     "#.#.#.####.#",
//!     "#.#......#>#",
//!     "############",
//! ];
//! let grid = Grid::parse(&rows.join("\n")).unwrap();
//! let cells = grid.graph();
//! let (start, goal) = (cells.node(grid.start()).unwrap(), cells.node(grid.goal()).unwrap());
//! let stocked = stock(&cells.graph, start, goal, &Settings { threshold: 4, ..Settings::default() }, &mut stream(7, 0, 0)).unwrap();
//! assert!(check(&cells.graph, start, goal, &stocked.placements).is_ok());
//! let fun = Fun::of(&stocked);
//! assert!(fun.fun_after > fun.fun_before);
//! ```

pub mod check;
#[cfg(test)]
mod fixtures;
pub mod graph;
pub mod grid;
pub mod inhabit;
pub mod job;
pub mod mapgen;
pub mod measures;
pub mod print;
pub mod render;
pub mod stock;
pub mod stocked;
pub mod text;
pub mod themes;
pub mod tiled;
pub mod uvtt;
