//! # ludoforge-gloomhaven: scenarios from the physical game pieces
//!
//! Tijben and Gerhold, "Computer Aided Content Generation – A Gloomhaven Case Study":
//! scenarios built only from the map tiles, overlay tiles and monster standees in the box,
//! joined like jigsaw pieces, checked for validity (no overlapping tiles, every monster
//! reachable, nothing beyond the box's inventory) and scored on difficulty, size, complexity,
//! layout and theme. Every standee carries its set-up for two, three and four players, as the
//! scenario book marks it; the search scores one party's set-up and derives the others.
//!
//! ```
//! use ludoforge_gloomhaven::catalog::Catalog;
//! use ludoforge_gloomhaven::scenario::{Players, Scenario};
//! let catalog = Catalog::built_in();
//! let barrow = Scenario::official(&catalog, 1).unwrap();
//! assert_eq!(barrow.map.size(&catalog), 83);
//! assert!(barrow.map.overlap(&catalog).is_none());
//! assert!(barrow.standees(Players::FOUR) > barrow.standees(Players::TWO));
//! ```

pub mod book;
pub mod build;
pub mod catalog;
pub mod evolution;
pub mod export;
pub mod fitness;
pub mod hex;
pub mod hexset;
pub mod job;
pub mod json;
pub mod map;
pub mod mutation;
pub mod names;
pub mod official;
pub mod place;
pub mod print;
pub mod record;
pub mod render;
mod rows;
pub mod scenario;
pub mod secretariat;
pub mod setup;
pub mod table;
pub mod validity;
pub mod vgb;
