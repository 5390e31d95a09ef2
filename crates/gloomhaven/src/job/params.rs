//! The Gloomhaven jobs' parameters, with their JSON Schema.

use std::borrow::Cow;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The gene groups the search mutates, in the order of [`MutationParams`] and of the result
/// file's `mutation` list.
pub const GENE_GROUPS: [&str; 5] = ["rules", "map", "monsters", "overlays", "treasure"];

/// Largest number of cycles accepted.
pub const MAX_CYCLES: u64 = 10_000_000;

/// Largest number of scenarios `top` keeps.
pub const MAX_TOP: u32 = 1000;

/// A file given by its content: what a front end read, and the name it had. Jobs read no
/// files; the command line reads them and passes their text here.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct FileContent {
    /// The file's name, for messages (and, for a board file, the record of where the
    /// scenario came from).
    pub name: Option<String>,
    /// The file's content: its text, or the JSON it holds.
    pub content: Value,
}

impl FileContent {
    /// A file's text under its name.
    ///
    /// ```
    /// use ludoforge_gloomhaven::job::FileContent;
    /// let file = FileContent::text_named("a.json", "{\"x\": 1}");
    /// assert_eq!(file.text().as_deref(), Some("{\"x\": 1}"));
    /// ```
    #[must_use]
    pub fn text_named(name: &str, text: &str) -> FileContent {
        FileContent {
            name: Some(name.to_string()),
            content: Value::String(text.to_string()),
        }
    }

    /// The content as text: the text given, or the JSON given written out; `None` when no
    /// content was given.
    ///
    /// ```
    /// use ludoforge_gloomhaven::job::FileContent;
    /// let file = FileContent { name: None, content: serde_json::json!({"x": 1}) };
    /// assert_eq!(file.text().as_deref(), Some("{\"x\":1}"));
    /// assert_eq!(FileContent::default().text(), None);
    /// ```
    #[must_use]
    pub fn text(&self) -> Option<Cow<'_, str>> {
        match &self.content {
            Value::Null => None,
            Value::String(text) => Some(Cow::Borrowed(text)),
            other => Some(Cow::Owned(other.to_string())),
        }
    }

    /// The file's name, or `fallback` when it has none.
    #[must_use]
    pub fn shown(&self, fallback: &str) -> String {
        self.name.clone().unwrap_or_else(|| fallback.to_string())
    }
}

/// Which search: the paper's or the published code's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    /// The paper: the book's scenarios start it, weights 1, ideals by players, a perfect
    /// scenario scores 5.
    #[default]
    Paper,
    /// The published code: its nine scenarios, two players, weights 4,1,1,2,2, difficulty 14,
    /// a perfect scenario scores 10.
    Gloomdungeons,
}

/// What the players must do to win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GoalParam {
    /// Kill all enemies: every monster reachable.
    #[default]
    KillAll,
    /// Loot all treasure: every chest reachable too.
    LootAll,
    /// Reach the exit hex.
    ReachExit,
}

/// The probability that a child's gene group mutates, each between 0 and 1.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct MutationParams {
    /// The special rules (probability, 0 to 1).
    #[schemars(range(min = 0.0, max = 1.0))]
    pub rules: f64,
    /// The map: a new one built tile by tile (probability, 0 to 1).
    #[schemars(range(min = 0.0, max = 1.0))]
    pub map: f64,
    /// The monsters (probability, 0 to 1).
    #[schemars(range(min = 0.0, max = 1.0))]
    pub monsters: f64,
    /// The overlay tiles (probability, 0 to 1).
    #[schemars(range(min = 0.0, max = 1.0))]
    pub overlays: f64,
    /// The treasure: coins and chests (probability, 0 to 1).
    #[schemars(range(min = 0.0, max = 1.0))]
    pub treasure: f64,
}

impl Default for MutationParams {
    fn default() -> Self {
        MutationParams {
            rules: 0.75,
            map: 0.75,
            monsters: 0.75,
            overlays: 0.75,
            treasure: 0.75,
        }
    }
}

impl MutationParams {
    /// The probabilities in the order of [`GENE_GROUPS`].
    #[must_use]
    pub fn list(&self) -> [f64; 5] {
        [
            self.rules,
            self.map,
            self.monsters,
            self.overlays,
            self.treasure,
        ]
    }
}

/// A table the map must fit on, either way round.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableParams {
    /// One side, in centimetres (greater than 0, at most 100000).
    #[schemars(range(min = 0.0, max = 100_000.0))]
    pub width: f64,
    /// The other side, in centimetres (greater than 0, at most 100000).
    #[schemars(range(min = 0.0, max = 100_000.0))]
    pub height: f64,
}

/// A Gloomhaven scenario to evolve from the official ones.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct GloomhavenParams {
    /// Cycles of the search, 1 to 10,000,000: each breeds one child, kept if valid (about
    /// 1.3 KB of memory per kept scenario, so a million cycles take about 1.3 GB).
    #[schemars(range(min = 1, max = 10_000_000))]
    pub cycles: u64,
    /// Players, 2 to 4: the set-up the search scores and the pictures and pages show, and
    /// the ideal difficulty of the paper's fitness (default 4). For preset `paper` only: the
    /// published code's preset scores two-player set-ups and takes no player count.
    #[schemars(range(min = 2, max = 4))]
    pub players: Option<u32>,
    /// The search: the paper's (the book's scenarios, weights 1, out of 5) or the published
    /// code's (its nine scenarios, two players, out of 10).
    pub preset: Preset,
    /// Weights of difficulty, size, complexity, theme and layout: five numbers of at least 0,
    /// not all 0 (default: the preset's, 1,1,1,1,1 or 4,1,1,2,2).
    #[schemars(length(min = 5, max = 5))]
    pub weights: Option<Vec<f64>>,
    /// The scenarios' goal.
    pub goal: GoalParam,
    /// Mutation probability of each gene group.
    pub mutation: MutationParams,
    /// Reject maps that do not fit on a table of this size (default: no limit).
    pub max_table: Option<TableParams>,
    /// Reject maps too large for Virtual Gloomhaven Board's Creator (40 × 40 cells in its
    /// best turn), so that the board file (role `vgb`) opens there; the command line's
    /// `--vgb` sets it.
    pub creator: bool,
    /// A catalog to use instead of the built-in one.
    pub catalog: Option<FileContent>,
    /// How many of the best scenarios the result holds, 1 to 1000 (the pictures and pages
    /// show the best).
    #[schemars(range(min = 1, max = 1000))]
    pub top: u32,
    /// Scenario files (ludoforge's or Virtual Gloomhaven Board's) whose scenarios join the
    /// official ones in the starting population.
    pub from: Vec<FileContent>,
}

impl Default for GloomhavenParams {
    fn default() -> Self {
        GloomhavenParams {
            cycles: 200,
            players: None,
            preset: Preset::Paper,
            weights: None,
            goal: GoalParam::KillAll,
            mutation: MutationParams::default(),
            max_table: None,
            creator: false,
            catalog: None,
            top: 1,
            from: Vec::new(),
        }
    }
}

/// A scenario to write as a Virtual Gloomhaven Board file: one of a scenario file, or an
/// official one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ExportVgbParams {
    /// A ludoforge scenario file (the `gloomhaven` job's result) or a board file.
    pub scenario: Option<FileContent>,
    /// Official scenario N of the scenario book instead, as the catalog sets it up.
    #[schemars(range(min = 1))]
    pub official: Option<i64>,
    /// Which scenario of the file, counting from 1.
    #[schemars(range(min = 1))]
    pub index: u64,
    /// Turn the whole map by this many 60° steps clockwise, 0 to 5 (default: as it is, when
    /// the Creator's grid holds it and its Import and Export keep it; else the best turn that
    /// does).
    #[schemars(range(min = 0, max = 5))]
    pub turn: Option<u32>,
    /// A catalog to use instead of the built-in one.
    pub catalog: Option<FileContent>,
}

impl Default for ExportVgbParams {
    fn default() -> Self {
        ExportVgbParams {
            scenario: None,
            official: None,
            index: 1,
            turn: None,
            catalog: None,
        }
    }
}

/// A Virtual Gloomhaven Board file to read into a ludoforge scenario file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ImportVgbParams {
    /// The board's scenario file (saved by its Creator's Export, or written by ludoforge).
    pub board: FileContent,
    /// Players, 2 to 4, for the score (the paper's fitness) and the picture.
    #[schemars(range(min = 2, max = 4))]
    pub players: u32,
    /// A catalog to use instead of the built-in one.
    pub catalog: Option<FileContent>,
}

impl Default for ImportVgbParams {
    fn default() -> Self {
        ImportVgbParams {
            board: FileContent::default(),
            players: 4,
            catalog: None,
        }
    }
}
