//! A grid map stocked end to end: the stocking, the theme's inhabitants, the measure of fun
//! and the fairness proof, with the cells of everything for the outputs.

use std::sync::atomic::AtomicBool;

use ludoforge_evolve::rng::{below, stream};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::check::{Counterexample, Proof, check};
use crate::grid::{CellGraph, Grid, MapError, Pos};
use crate::inhabit::{Creature, inhabit};
use crate::measures::Fun;
use crate::stock::{
    Action, Feature, Placement, Progress, RewardSize, Settings, StockError, Stocking, stock_until,
};
use crate::themes::{Role, Theme, ThemeError, Themes};

/// A stocked grid map.
#[derive(Debug, Clone)]
pub struct StockedMap {
    /// The map.
    pub grid: Grid,
    /// Its floor as a graph.
    pub cells: CellGraph,
    /// The stocking.
    pub stocking: Stocking,
    /// The theme.
    pub theme: Theme,
    /// The inhabitants.
    pub creatures: Vec<Creature>,
    /// The measure of fun.
    pub fun: Fun,
    /// How the stocked map is played.
    pub proof: Proof,
    /// The master seed.
    pub seed: u64,
    /// The settings used.
    pub settings: Settings,
}

/// Why a map could not be stocked.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum StockMapError {
    /// The map is unusable.
    #[error(transparent)]
    Map(#[from] MapError),
    /// The stocking's settings or the map's ends are unusable.
    #[error(transparent)]
    Stock(#[from] StockError),
    /// No such theme.
    #[error(transparent)]
    Theme(#[from] ThemeError),
    /// The fairness checker found a flaw (a bug: the stocking is fair by construction).
    #[error("the stocked map is not fair: {0}")]
    Unfair(Counterexample),
}

/// Stocks `grid`: the stocking draws from stream `(seed, 1, 0)`, the theme (when `theme` is
/// `None`) from `(seed, 2, 0)`, the inhabitants from `(seed, 3, 0)`.
///
/// # Errors
/// [`StockMapError`] when the goal is out of reach, the threshold is 0 or the theme unknown.
///
/// ```
/// use ludoforge_stocking::grid::Grid;
/// use ludoforge_stocking::stock::Settings;
/// use ludoforge_stocking::stocked::stock_map;
/// use ludoforge_stocking::themes::Themes;
/// let rows = ["#########", "#<......#", "#.......#", "#......>#", "#########"];
/// let grid = Grid::parse(&rows.join("\n")).unwrap();
/// let map = stock_map(grid, &Settings { threshold: 3, ..Settings::default() }, Some("graveyard"), &Themes::built_in(), 5).unwrap();
/// assert_eq!(map.theme.title, "Graveyard");
/// assert!(map.creatures.iter().any(|c| c.name.contains("Wight") || c.name == "Necromancer"));
/// ```
pub fn stock_map(
    grid: Grid,
    settings: &Settings,
    theme: Option<&str>,
    themes: &Themes,
    seed: u64,
) -> Result<StockedMap, StockMapError> {
    stock_map_with_progress(grid, settings, theme, themes, seed, |_| {})
}

/// [`stock_map`], telling `progress` how far the stocking has come as
/// [`stock_with_progress`](crate::stock::stock_with_progress) does; the map is the same whatever `progress` does.
///
/// # Errors
/// As [`stock_map`].
pub fn stock_map_with_progress(
    grid: Grid,
    settings: &Settings,
    theme: Option<&str>,
    themes: &Themes,
    seed: u64,
    progress: impl FnMut(Progress),
) -> Result<StockedMap, StockMapError> {
    stock_map_until(grid, settings, theme, themes, seed, progress, None)
}

/// [`stock_map_with_progress`], giving up once `cancel` is set (see [`stock_until`]).
///
/// # Errors
/// As [`stock_map`], and [`StockError::Cancelled`] once cancelled.
pub fn stock_map_until(
    grid: Grid,
    settings: &Settings,
    theme: Option<&str>,
    themes: &Themes,
    seed: u64,
    progress: impl FnMut(Progress),
    cancel: Option<&AtomicBool>,
) -> Result<StockedMap, StockMapError> {
    let theme = match theme {
        Some(name) => themes.get(name)?.clone(),
        None => themes.themes[below(&mut stream(seed, 2, 0), themes.themes.len())].clone(),
    };
    let cells = grid.graph();
    let start = cells.node(grid.start()).expect("the start is floor");
    let goal = cells.node(grid.goal()).expect("the goal is floor");
    let mut rng = stream(seed, 1, 0);
    let stocking = match stock_until(
        &cells.graph,
        start,
        goal,
        settings,
        &mut rng,
        progress,
        cancel,
    ) {
        Err(StockError::Unreachable) => {
            return Err(MapError::Unreachable {
                start: grid.start(),
                goal: grid.goal(),
            }
            .into());
        }
        other => other?,
    };
    let proof =
        check(&cells.graph, start, goal, &stocking.placements).map_err(StockMapError::Unfair)?;
    let creatures = inhabit(&cells.graph, &stocking, &theme, &mut stream(seed, 3, 0));
    let fun = Fun::of(&stocking);
    Ok(StockedMap {
        grid,
        cells,
        stocking,
        theme,
        creatures,
        fun,
        proof,
        seed,
        settings: *settings,
    })
}

/// An item of the file: a feature at a cell.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemEntry {
    /// Column.
    pub x: u32,
    /// Row.
    pub y: u32,
    /// `reward`, `key`, `door`, `trap` or `red_herring`.
    pub kind: String,
    /// The door and key number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<u32>,
    /// The reward's size.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<RewardSize>,
}

/// A creature of the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CreatureEntry {
    /// Column.
    pub x: u32,
    /// Row.
    pub y: u32,
    /// Its category.
    pub role: Role,
    /// What it is.
    pub name: String,
}

/// One solved area in the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepEntry {
    /// The area's size in cells.
    pub area: usize,
    /// Its cell farthest from the route.
    pub far: Pos,
    /// That cell's distance from the route.
    pub distance: u32,
    /// What was done.
    pub action: Action,
    /// The door's cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub door: Option<Pos>,
}

/// The stocked map's file: one JSON document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StockedFile {
    /// Always "stocking".
    pub generator: String,
    /// The version of ludoforge.
    pub version: String,
    /// The master seed.
    pub seed: u64,
    /// The stocking's settings.
    pub settings: Settings,
    /// The theme's name and title.
    pub theme: ThemeEntry,
    /// The map's rows in the text convention.
    pub map: crate::grid::GridJson,
    /// The start cell.
    pub start: Pos,
    /// The goal cell.
    pub goal: Pos,
    /// Everything placed.
    pub items: Vec<ItemEntry>,
    /// The inhabitants.
    pub creatures: Vec<CreatureEntry>,
    /// The required route, start to goal (cells may repeat).
    pub route: Vec<Pos>,
    /// The shortest path before stocking.
    pub shortest: Vec<Pos>,
    /// The areas solved, in order.
    pub steps: Vec<StepEntry>,
    /// The measure of fun and the counts.
    pub measures: Fun,
    /// The keys in an order in which they can be collected.
    pub key_order: Vec<u32>,
}

/// A theme as named in the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThemeEntry {
    /// Its name.
    pub name: String,
    /// Its title.
    pub title: String,
}

impl StockedMap {
    /// The cell of a node.
    #[must_use]
    pub fn cell(&self, node: u32) -> Pos {
        self.cells.cell(node)
    }

    /// The items with their cells.
    #[must_use]
    pub fn items(&self) -> Vec<ItemEntry> {
        self.stocking
            .placements
            .iter()
            .map(|p| self.item(p))
            .collect()
    }

    /// The item of a placement.
    fn item(&self, p: &Placement) -> ItemEntry {
        let (x, y) = self.cell(p.node);
        let (kind, id, size) = match p.feature {
            Feature::Reward(size) => ("reward", None, Some(size)),
            Feature::Key(id) => ("key", Some(id), None),
            Feature::Door(id) => ("door", Some(id), None),
            Feature::Trap => ("trap", None, None),
            Feature::RedHerring => ("red_herring", None, None),
        };
        ItemEntry {
            x,
            y,
            kind: kind.into(),
            id,
            size,
        }
    }

    /// The creature entry of a creature.
    fn creature(&self, c: &Creature) -> CreatureEntry {
        let (x, y) = self.cell(c.node);
        CreatureEntry {
            x,
            y,
            role: c.role,
            name: c.name.clone(),
        }
    }

    /// The step entry of a step.
    fn step(&self, s: &crate::stock::Step) -> StepEntry {
        StepEntry {
            area: s.area,
            far: self.cell(s.far),
            distance: s.distance,
            action: s.action,
            door: s.door.map(|d| self.cell(d)),
        }
    }

    /// The file for this map.
    #[must_use]
    pub fn file(&self) -> StockedFile {
        let cells = |nodes: &[u32]| nodes.iter().map(|&n| self.cell(n)).collect::<Vec<_>>();
        StockedFile {
            generator: "stocking".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            seed: self.seed,
            settings: self.settings,
            theme: ThemeEntry {
                name: self.theme.name.clone(),
                title: self.theme.title.clone(),
            },
            map: crate::grid::GridJson {
                rows: self.grid.rows(),
            },
            start: self.grid.start(),
            goal: self.grid.goal(),
            items: self.items(),
            creatures: self.creatures.iter().map(|c| self.creature(c)).collect(),
            route: cells(self.stocking.route.walk()),
            shortest: cells(&self.stocking.shortest),
            steps: self.stocking.steps.iter().map(|s| self.step(s)).collect(),
            measures: self.fun.clone(),
            key_order: self.proof.key_order.clone(),
        }
    }

    /// The file for this map as pretty-printed JSON: the bytes of
    /// `serde_json::to_string_pretty(&self.file())`, written without building the file first
    /// (for a big map the route alone holds millions of cells).
    ///
    /// ```
    /// use ludoforge_stocking::grid::Grid;
    /// use ludoforge_stocking::stock::Settings;
    /// use ludoforge_stocking::stocked::stock_map;
    /// use ludoforge_stocking::themes::Themes;
    /// let grid = Grid::parse("########\n#<.....#\n#.....>#\n########").unwrap();
    /// let map = stock_map(grid, &Settings { threshold: 2, ..Settings::default() }, None, &Themes::built_in(), 3).unwrap();
    /// assert_eq!(map.file_json(), serde_json::to_string_pretty(&map.file()).unwrap().into_bytes());
    /// ```
    #[must_use]
    pub fn file_json(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        self.write_file_json(&mut bytes)
            .expect("the file serialises into memory");
        bytes
    }

    /// Writes [`StockedMap::file_json`]'s bytes to `out` as they are made, without holding the
    /// whole file in memory (a 2000 × 2000 map's file is some 750 MB).
    ///
    /// # Errors
    /// The writer's error.
    pub fn write_file_json(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        let view = FileView {
            generator: "stocking",
            version: env!("CARGO_PKG_VERSION"),
            seed: self.seed,
            settings: &self.settings,
            theme: ThemeEntry {
                name: self.theme.name.clone(),
                title: self.theme.title.clone(),
            },
            map: crate::grid::GridJson {
                rows: self.grid.rows(),
            },
            start: self.grid.start(),
            goal: self.grid.goal(),
            items: Seq(|| self.stocking.placements.iter().map(|p| self.item(p))),
            creatures: Seq(|| self.creatures.iter().map(|c| self.creature(c))),
            route: Seq(|| self.stocking.route.walk().iter().map(|&n| self.cell(n))),
            shortest: Seq(|| self.stocking.shortest.iter().map(|&n| self.cell(n))),
            steps: Seq(|| self.stocking.steps.iter().map(|s| self.step(s))),
            measures: &self.fun,
            key_order: &self.proof.key_order,
        };
        serde_json::to_writer_pretty(out, &view).map_err(std::io::Error::other)
    }
}

/// [`StockedFile`] borrowed, its long lists made as they are written.
#[derive(Serialize)]
#[serde(bound(
    serialize = "Seq<I>: Serialize, Seq<C>: Serialize, Seq<R>: Serialize, Seq<S>: Serialize, Seq<T>: Serialize"
))]
struct FileView<'a, I, C, R, S, T> {
    generator: &'static str,
    version: &'static str,
    seed: u64,
    settings: &'a Settings,
    theme: ThemeEntry,
    map: crate::grid::GridJson,
    start: Pos,
    goal: Pos,
    items: Seq<I>,
    creatures: Seq<C>,
    route: Seq<R>,
    shortest: Seq<S>,
    steps: Seq<T>,
    measures: &'a Fun,
    key_order: &'a [u32],
}

/// A list written from an iterator made afresh by the function.
struct Seq<F>(F);

impl<F, I> Serialize for Seq<F>
where
    F: Fn() -> I,
    I: Iterator,
    I::Item: Serialize,
{
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((self.0)())
    }
}
