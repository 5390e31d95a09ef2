//! SVG pictures of dungeons: a layered map from the entrance at the top to the exit at the
//! bottom.
//!
//! Every room is a numbered circle on the row of its longest distance from the origin, so
//! every portal points down the page; portals that skip rows bend between the rooms of the rows
//! they pass. The entrance is green, the exit red; rooms where the players choose (two or more
//! portals) are tinted blue, and the passage rooms the generator added in stage 2 are smaller
//! with a dashed outline. The shortest route is drawn thick and orange on top, its rooms ringed
//! in orange. A legend on the right names all of this and the dungeon's sizes. See
//! [`layout`] for how the rooms are placed.
//!
//! Pictures are deterministic (the same dungeon and view give the same bytes) and can be
//! rasterised with [`ludoforge_draw::svg_to_png`]. Up to 1,500 rooms every room carries its
//! number; beyond that the picture is drawn smaller and without numbers.
//!
//! ```
//! use ludoforge_evolve::rng::stream;
//! use ludoforge_portals::render::{View, svg};
//! use ludoforge_portals::{Params, generate::generate};
//!
//! let dungeon = generate(&Params::new(9), &mut stream(1, 0, 0)).unwrap();
//! let picture = svg(&dungeon, &View::default().with_caption("M = 9 · seed 1"));
//! assert_eq!(picture.matches("<title>Room ").count(), dungeon.rooms());
//! assert!(ludoforge_draw::svg_to_png(&picture, 1.0).is_ok());
//! ```

pub mod layout;
mod svg;

pub use svg::svg;

use crate::dungeon::Dungeon;
use crate::paths::{Routes, routes};

/// What a picture shows besides the dungeon itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// A line of text under the picture, e.g. "M = 9 · seed 1".
    pub caption: Option<String>,
    /// Draw the shortest route thick and orange, and ring its rooms.
    pub highlight_shortest: bool,
}

impl Default for View {
    /// No caption; the shortest route highlighted.
    fn default() -> View {
        View {
            caption: None,
            highlight_shortest: true,
        }
    }
}

impl View {
    /// The same view with a caption line.
    #[must_use]
    pub fn with_caption(mut self, text: impl Into<String>) -> View {
        self.caption = Some(text.into());
        self
    }

    /// The same view without the shortest route highlighted (a map for the players).
    #[must_use]
    pub fn without_highlight(mut self) -> View {
        self.highlight_shortest = false;
        self
    }
}

/// The routes of a dungeon, or `None` where they are not defined: no rooms, an exit or a portal
/// naming a room that does not exist, a cycle, or an exit the origin cannot reach.
pub(crate) fn routes_of(dungeon: &Dungeon) -> Option<Routes> {
    let n = dungeon.rooms();
    if n == 0 || dungeon.exit() as usize >= n || dungeon.arcs().any(|(_, to)| to as usize >= n) {
        return None;
    }
    routes(dungeon).ok()
}
