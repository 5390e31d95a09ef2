//! Virtual Gloomhaven Board scenario files: export of a scenario so the board (and its
//! Creator) can load it, and import of a board file back into a scenario.
//!
//! The board keeps every tile in its own frame of odd-row offset cells; a scenario file is a
//! tree of tiles joined by doors, each door given by its cell in the parent's and in the
//! child's frame, with every token and monster in the frame of the tile it stands on. A tile
//! may appear more than once in the tree: the board keys a tile's pieces by its reference, so
//! the copies are one tile joined through several doors (a wide opening of corridors), and
//! only one copy carries the pieces. A door from a tile to itself lays a corridor on that
//! tile. The per-tile transforms between our cube tile frames and the board's frames, and the
//! tiles' grid sizes, come from Virtual Gloomhaven Board, Purple Kingdom Games (CC BY 4.0,
//! <https://creativecommons.org/licenses/by/4.0/>, source
//! <https://github.com/PurpleKingdomGames/virtual-gloomhaven-board>), restated here as a
//! table per tile letter.

mod creator;
mod export;
mod import;

pub use creator::{
    CREATOR_LIMIT, CreatorChange, board_size, creator_change, creator_file_change, creator_keeps,
    creator_turn, fits_creator,
};
pub use export::{EXIT_COLOUR, export};
pub use import::{Import, import};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::hex::Hex;

/// The board's rotation `k` and translation `t` for a tile side, with its grid size.
fn frame(side: &str) -> Option<(u8, Hex, (i32, i32))> {
    let h = |x, y, z| Hex::new(x, y, z).expect("a cube hex");
    let letter = side.chars().next()?.to_ascii_uppercase();
    let b_side = side.ends_with(['b', 'B']);
    Some(match letter {
        'A' => (0, h(0, 1, -1), (5, 4)),
        'B' => (0, h(0, 0, 0), (4, 4)),
        'C' => (0, h(1, 0, -1), (4, 4)),
        'D' => (0, h(1, 0, -1), (5, 5)),
        'E' if b_side => (3, h(2, 4, -6), (5, 5)),
        'E' => (0, h(1, 0, -1), (5, 5)),
        'F' => (0, h(0, 0, 0), (3, 9)),
        'G' => (0, h(0, 0, 0), (8, 3)),
        'H' => (0, h(1, 0, -1), (7, 7)),
        'I' => (0, h(0, 0, 0), (6, 5)),
        'J' if b_side => (3, h(3, 6, -9), (8, 7)),
        'J' => (5, h(-2, 4, -2), (8, 7)),
        'K' => (0, h(2, 0, -2), (8, 6)),
        'L' => (0, h(0, 0, 0), (5, 7)),
        'M' => (0, h(1, 0, -1), (6, 7)),
        'N' => (0, h(0, 0, 0), (8, 7)),
        _ => return None,
    })
}

/// The board's offset cell of a cube hex.
#[must_use]
pub fn offset(h: Hex) -> (i32, i32) {
    (h.x + h.y.div_euclid(2), h.y)
}

/// The cube hex of a board offset cell.
#[must_use]
pub fn cube((x, y): (i32, i32)) -> Hex {
    Hex::axial(x - y.div_euclid(2), y)
}

/// The board's grid of a tile side, (columns, rows), blank cells included.
///
/// ```
/// use ludoforge_gloomhaven::vgb::grid_size;
/// assert_eq!(grid_size("L1a"), Some((5, 7)));
/// ```
#[must_use]
pub fn grid_size(side: &str) -> Option<(i32, i32)> {
    frame(side).map(|f| f.2)
}

/// The board's local cell of a hex of tile side `side` in the side's own frame.
///
/// ```
/// use ludoforge_gloomhaven::hex::Hex;
/// use ludoforge_gloomhaven::vgb::local_cell;
/// // A1a's exit at [4, 0, -4] is the board's a1a cell (4, 1).
/// assert_eq!(local_cell("A1a", Hex::new(4, 0, -4).unwrap()), Some((4, 1)));
/// ```
#[must_use]
pub fn local_cell(side: &str, h: Hex) -> Option<(i32, i32)> {
    let (k, t, _) = frame(side)?;
    Some(offset(h.rotate(k) + t))
}

/// The board's id of a catalog monster: its name in lower case with hyphens (Vicious Drake,
/// renamed in the second printing, is the board's `rending-drake`).
#[must_use]
pub fn monster_id(name: &str) -> String {
    if name == "Vicious Drake" {
        return "rending-drake".into();
    }
    name.to_lowercase().replace(' ', "-")
}

/// A board file that cannot be read, or a scenario that cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum VgbError {
    /// Not a board scenario file.
    #[error(
        "not a Virtual Gloomhaven Board scenario ({0}); give a file saved by the board's \
         Creator (Export) or written by ludoforge"
    )]
    Json(String),
    /// A tile the catalog does not have.
    #[error(
        "unknown tile {0:?}: the box has the map tiles a1a … n1b (the board's one-cell 'empty' \
         tile and the partial j1ba/j1bb pieces are not tiles of the box)"
    )]
    UnknownTile(String),
    /// A monster the catalog does not have.
    #[error(
        "unknown monster {0:?}: the catalog has the base game's monsters and bosses; replace \
         it on the board and export again"
    )]
    UnknownMonster(String),
    /// An overlay type or subtype the board does not know.
    #[error("unknown overlay {0:?}: it is not one of the board's overlay types")]
    UnknownOverlay(String),
    /// A door or piece that does not stand where the file says.
    #[error("{0}")]
    Layout(String),
}

/// A board scenario file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VgbScenario {
    /// The book's scenario number; 0 for custom scenarios (read as 0 when left out).
    #[serde(default)]
    pub id: u32,
    /// The title.
    pub title: String,
    /// The root tile.
    pub map_tile_data: TileData,
    /// Unused by the board; 0.
    #[serde(default)]
    pub angle: f64,
    /// Monster types available without being placed.
    #[serde(default)]
    pub additional_monsters: Vec<String>,
}

/// One tile of the tree.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TileData {
    /// The tile reference, e.g. `l1a`.
    #[serde(rename = "ref")]
    pub tile: String,
    /// Doors to child tiles.
    pub doors: Vec<Door>,
    /// Tokens on this tile, in its frame.
    pub overlays: Vec<Overlay>,
    /// Monsters on this tile, in its frame.
    pub monsters: Vec<MonsterEntry>,
    /// 60° clockwise turns relative to the map.
    pub turns: i32,
}

/// A door from a tile to a child tile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Door {
    /// The door's kind (`stone`, `wooden`, `corridor`, …).
    pub sub_type: String,
    /// A corridor's material.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub material: Option<String>,
    /// A corridor's size (1 or 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u8>,
    /// The picture's orientation.
    pub direction: String,
    /// The door cell in the parent's frame.
    #[serde(rename = "room1X")]
    pub room1_x: i32,
    /// The door cell in the parent's frame.
    #[serde(rename = "room1Y")]
    pub room1_y: i32,
    /// The door cell in the child's frame.
    #[serde(rename = "room2X")]
    pub room2_x: i32,
    /// The door cell in the child's frame.
    #[serde(rename = "room2Y")]
    pub room2_y: i32,
    /// The child tile.
    pub map_tile_data: TileData,
}

/// A token.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Overlay {
    /// What it is.
    #[serde(rename = "ref")]
    pub kind: OverlayRef,
    /// A running number.
    #[serde(default)]
    pub id: u32,
    /// The picture's orientation.
    pub direction: String,
    /// The cells it covers, the first one anchoring it.
    pub cells: Vec<[i32; 2]>,
}

/// A token's type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OverlayRef {
    /// `starting-location`, `obstacle`, `trap`, `hazard`, `difficult-terrain`, `treasure`,
    /// `door`, `highlight`, …
    #[serde(rename = "type")]
    pub kind: String,
    /// The subtype where the type has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sub_type: Option<String>,
    /// A chest's number, `goal` or `locked` (treasure chests).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// A coin pile's amount.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<u32>,
    /// The two tiles a door overlay joins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub links: Option<Vec<String>>,
    /// A corridor door overlay's material.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub material: Option<String>,
    /// A corridor door overlay's size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u8>,
    /// A highlight's colour (`#rrggbb`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    /// A token's letter or number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

impl OverlayRef {
    /// A piece of `kind` with an optional subtype and nothing else.
    #[must_use]
    pub fn simple(kind: &str, sub_type: Option<&str>) -> OverlayRef {
        OverlayRef {
            kind: kind.into(),
            sub_type: sub_type.map(str::to_string),
            id: None,
            amount: None,
            links: None,
            material: None,
            size: None,
            colour: None,
            value: None,
        }
    }
}

/// A monster standee.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MonsterEntry {
    /// The board's monster id.
    pub monster: String,
    /// Its cell in the tile's frame.
    pub initial_x: i32,
    /// Its cell in the tile's frame.
    pub initial_y: i32,
    /// `none`, `normal` or `elite` with two players.
    pub two_player: String,
    /// With three players.
    pub three_player: String,
    /// With four players.
    pub four_player: String,
}

/// The board's category word for an overlay category.
fn category_word(c: crate::catalog::Category) -> &'static str {
    match c {
        crate::catalog::Category::Obstacle => "obstacle",
        crate::catalog::Category::Trap => "trap",
        crate::catalog::Category::HazardousTerrain => "hazard",
        crate::catalog::Category::DifficultTerrain => "difficult-terrain",
    }
}

/// The board's material word of a corridor material.
fn material_word(m: crate::map::Material) -> &'static str {
    use crate::map::Material;
    match m {
        Material::Dark => "dark",
        Material::Earth => "earth",
        Material::ManmadeStone => "manmade-stone",
        Material::NaturalStone => "natural-stone",
        Material::PressurePlate => "pressure-plate",
        Material::Wood => "wood",
    }
}

/// The corridor material the board calls `word`.
fn material_of(word: &str) -> Option<crate::map::Material> {
    use crate::map::Material;
    Some(match word {
        "dark" => Material::Dark,
        "earth" => Material::Earth,
        "manmade-stone" => Material::ManmadeStone,
        "natural-stone" => Material::NaturalStone,
        "pressure-plate" => Material::PressurePlate,
        "wood" => Material::Wood,
        _ => return None,
    })
}

/// The direction the board calls `word`.
fn direction_of(word: &str) -> Option<crate::scenario::Direction> {
    crate::scenario::Direction::ALL
        .into_iter()
        .find(|d| d.name() == word)
}
