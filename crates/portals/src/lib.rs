//! # ludoforge-portals: portal dungeons judged by simulated players
//!
//! John Bush, "Generating optimal dungeons": rooms joined by one-way magic portals form a
//! directed acyclic graph from an origin to an exit. Every room can be reached, every room has a
//! way on to the exit, no room has more than two portals, and no route is shorter than a chosen
//! minimum M. Simulated players walk the dungeon many times to tell the good graphs from the
//! rest.
//!
//! ```
//! use ludoforge_evolve::rng::stream;
//! use ludoforge_portals::{Measures, Params, generate::generate, walk::Memory};
//!
//! let params = Params::new(9);
//! let dungeon = generate(&params, &mut stream(1, 0, 0)).unwrap();
//! dungeon.check(9, 2).unwrap();
//! let measures = Measures::of(&dungeon, 1000, Memory::Walk, &mut stream(1, 1, 0)).unwrap();
//! assert!(measures.shortest_route >= 9);
//! assert!(measures.walks.min >= measures.shortest_route);
//! assert!(measures.walks.max <= measures.longest_route);
//! ```

pub mod choose;
pub mod dot;
pub mod dungeon;
pub mod evolve;
pub mod footprint;
pub mod format;
pub mod generate;
pub mod handout;
pub mod job;
pub mod measures;
pub mod packed;
pub mod params;
pub mod paths;
pub mod print;
pub mod render;
pub mod study;
pub mod study_plot;
pub mod variation;
pub mod walk;

pub use dungeon::{Dungeon, RoomId, Stage, Violation};
pub use generate::GenerateError;
pub use measures::Measures;
pub use params::{Params, ParamsError};
