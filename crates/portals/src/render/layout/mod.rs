//! The layered (Sugiyama-style) layout behind [`svg`](fn@super::svg).
//!
//! 1. **Rows.** Each room goes on the row of its longest distance from the origin
//!    ([`Routes::layer`](crate::paths::Routes::layer)), so every portal points down; the origin
//!    is alone on the top row and the exit alone on the bottom one.
//! 2. **Bends.** A portal that spans several rows gets a bend point on every row it passes,
//!    ordered along with the rooms, so that a long portal winds between the rooms instead of
//!    running through them.
//! 3. **Order.** Within each row the rooms and bends are sorted by the barycenter heuristic —
//!    the mean position of their neighbours on the row above (down sweeps) or below (up
//!    sweeps) — for a number of sweeps, each followed by swapping neighbours while that removes
//!    crossings; then every node in turn is moved to the place in its row where it crosses
//!    fewest portals (sifting). This runs from three first orders (two depth-first searches
//!    from the origin and a breadth-first one) and keeps the order with the fewest crossings.
//!    Ties go to the lower room number, so the same dungeon always gets the same picture.
//! 4. **Positions.** Every row is placed as near as the spacing allows to the mean position of
//!    its neighbours, row after row, down and up: each such step is a weighted isotonic
//!    regression solved exactly by pooling adjacent violators. Bends weigh more than rooms, which
//!    keeps long portals straight. Rows are moved apart when the picture would otherwise be
//!    more than twice as wide as it is tall, so that portals do not run almost level.
//!
//! Broken dungeons are laid out too: with a cycle the rows are the breadth-first distances from
//! the origin (rooms it cannot reach on a last row), and portals that do not point down are
//! drawn straight, without bends.
//!
//! Steps 1 and 2 live in the `rows` submodule, step 3 in `ordering` and step 4 in `placement`.

mod ordering;
mod placement;
mod rows;
#[cfg(test)]
mod tests;

use crate::dungeon::{Dungeon, RoomId};
use rows::{Graph, rows_of};

/// The distances of a layout, in pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spacing {
    /// Radius of a room's circle.
    pub radius: f32,
    /// Vertical distance between the centres of two neighbouring rows. A layout of wide rows
    /// stretches it (up to three times) so that the picture is at most about twice as wide as
    /// it is tall and portals do not run almost level.
    pub row_gap: f32,
    /// Least free space between two rooms of a row (between their circles).
    pub room_gap: f32,
    /// Least distance between two bends of a row, and between a bend and a room's circle.
    pub bend_gap: f32,
}

impl Spacing {
    /// The spacing of labelled pictures: rooms of radius 12 on rows 56 pixels apart.
    pub const NORMAL: Spacing = Spacing {
        radius: 12.0,
        row_gap: 56.0,
        room_gap: 30.0,
        bend_gap: 10.0,
    };

    /// The spacing of very large dungeons, drawn without labels.
    pub const COMPACT: Spacing = Spacing {
        radius: 4.0,
        row_gap: 40.0,
        room_gap: 7.0,
        bend_gap: 3.0,
    };

    /// The rooms above which [`Spacing::for_rooms`] switches to [`Spacing::COMPACT`].
    pub const COMPACT_ABOVE: usize = 1500;

    /// [`Spacing::NORMAL`] up to [`Spacing::COMPACT_ABOVE`] rooms, [`Spacing::COMPACT`] beyond.
    #[must_use]
    pub fn for_rooms(rooms: usize) -> Spacing {
        if rooms > Spacing::COMPACT_ABOVE {
            Spacing::COMPACT
        } else {
            Spacing::NORMAL
        }
    }
}

/// One place in a row of a [`Layout`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    /// A room.
    Room(RoomId),
    /// A bend of the portal with this index in [`Layout::portals`].
    Bend(usize),
}

/// How one portal is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct PortalPath {
    /// The room the portal leaves.
    pub from: RoomId,
    /// The room it leads to.
    pub to: RoomId,
    /// The centre of `from`, the bends on the rows in between (top to bottom), the centre of
    /// `to`.
    pub points: Vec<(f32, f32)>,
}

/// Where every room and portal of a dungeon goes in a layered drawing.
///
/// Coordinates are pixels in `0..width` × `0..height`, y growing downwards; the circles of the
/// rooms touch the edges of that box.
///
/// ```
/// use ludoforge_portals::Dungeon;
/// use ludoforge_portals::render::layout::{Layout, Slot, Spacing};
///
/// // 0 → 1 → 2 → 3 with a shortcut 0 → 3, which bends on the rows of rooms 1 and 2.
/// let dungeon = Dungeon::from_portals(vec![vec![1, 3], vec![2], vec![3], vec![]], 3);
/// let layout = Layout::new(&dungeon, Spacing::NORMAL);
/// assert_eq!(layout.row, vec![0, 1, 2, 3]);
/// assert_eq!(layout.rows[0], vec![Slot::Room(0)]);
/// assert_eq!(layout.rows[1].len(), 2); // room 1 and a bend
/// let shortcut = &layout.portals[1];
/// assert_eq!((shortcut.from, shortcut.to, shortcut.points.len()), (0, 3, 4));
/// assert_eq!(layout.crossings, 0);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// The spacing used.
    pub spacing: Spacing,
    /// The row of each room, 0 at the top.
    pub row: Vec<u32>,
    /// The rooms and bends of each row, left to right.
    pub rows: Vec<Vec<Slot>>,
    /// The centre of each room.
    pub centre: Vec<(f32, f32)>,
    /// Every portal, in the order of [`Dungeon::arcs`].
    pub portals: Vec<PortalPath>,
    /// Crossings between the portal segments of neighbouring rows in the chosen order.
    pub crossings: usize,
    /// Width of the drawing.
    pub width: f32,
    /// Height of the drawing.
    pub height: f32,
}

/// Above this many rooms and bends the sweeps are cut short, to keep huge dungeons quick.
const LARGE: usize = 50_000;

impl Layout {
    /// Lays a dungeon out.
    ///
    /// A bounded number of sweeps, each about O((rooms + bends) · log); sifting (quadratic in
    /// the row widths) only up to a few thousand rooms and bends, so that even very large
    /// dungeons are laid out in seconds.
    #[must_use]
    pub fn new(dungeon: &Dungeon, spacing: Spacing) -> Layout {
        let row = rows_of(dungeon);
        let mut graph = Graph::new(dungeon, &row);
        graph.order(dungeon);
        let x = graph.place(spacing);
        graph.finish(dungeon, row, &x, spacing)
    }
}
