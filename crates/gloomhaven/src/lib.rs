//! # ludoforge-gloomhaven: scenarios from the physical game pieces
//!
//! Tijben and Gerhold, "Evolving Gloomhaven scenarios": scenarios built only from the map
//! tiles, overlays and monster standees in the box, joined like jigsaw pieces, checked for
//! validity (no overlapping tiles, every monster reachable, nothing beyond the box's
//! inventory) and scored on difficulty, size, complexity, layout and theme.
//!
//! ```
//! use ludoforge_gloomhaven::catalog::Catalog;
//! use ludoforge_gloomhaven::scenario::Scenario;
//! let catalog = Catalog::built_in();
//! let barrow = Scenario::official(&catalog, "Black Barrow").unwrap();
//! assert_eq!(barrow.map.size(&catalog), 83);
//! assert!(barrow.map.overlap(&catalog).is_none());
//! ```

pub mod book;
pub mod build;
pub mod catalog;
pub mod evolution;
pub mod export;
pub mod fitness;
pub mod hex;
pub mod hexset;
pub mod map;
pub mod mutation;
pub mod names;
pub mod place;
pub mod render;
pub mod scenario;
pub mod validity;
pub mod vgb;
