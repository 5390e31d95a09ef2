//! The `stock` job's parameters, with their JSON Schema.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A map generator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Generator {
    /// Rectangular rooms joined by corridors.
    Rooms,
    /// Cellular-automaton caves.
    Caves,
}

/// What to stock and how.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct StockParams {
    /// The map to stock, as text (`#` wall, `.` floor, `<` start, `>` goal, a line a row) or
    /// as JSON `{"rows": [...]}`. Without it, a map is generated.
    #[schemars(extend("x-multiline" = true))]
    pub map: Option<String>,
    /// The generator of the map when none is given (default: rooms).
    pub generate: Option<Generator>,
    /// Width of a generated map, in cells (default 80).
    #[schemars(range(min = 1, max = 2000))]
    pub width: Option<i64>,
    /// Height of a generated map, in cells (default 40).
    #[schemars(range(min = 1, max = 2000))]
    pub height: Option<i64>,
    /// Stop when the largest pointless area has fewer cells than this.
    #[schemars(range(min = 1, max = 10_000_000))]
    pub threshold: i64,
    /// How often each way of solving an area is chosen, as weights:
    /// `reward=4,door=3,solved=2,trap=2,herring=1` (any subset; the rest are 0).
    pub mix: Option<String>,
    /// The theme of the inhabitants (default: drawn with the seed).
    pub theme: Option<String>,
    /// Themes adding to or replacing the built-in ones: a themes document (JSON), or its text.
    pub themes: Option<serde_json::Value>,
    /// Draw the required route on the pictures.
    pub route: bool,
    /// The file name the Tiled map gives its tileset image.
    pub tileset_image: String,
}

impl Default for StockParams {
    fn default() -> Self {
        StockParams {
            map: None,
            generate: None,
            width: None,
            height: None,
            threshold: 10,
            mix: None,
            theme: None,
            themes: None,
            route: true,
            tileset_image: "map-tiles.png".into(),
        }
    }
}
