//! Stocking by solving pointless areas (the document's algorithm).
//!
//! 1. Connect the start to the goal by a shortest path: its nodes are *path nodes*, the rest
//!    reachable from the start are *pointless*. Pointless nodes that reach each other without
//!    crossing a path node form a *pointless area*.
//! 2. While the largest area has at least `threshold` nodes: take it, find its node farthest
//!    from any path node, and solve it by one of the [`Action`]s; the route then makes an
//!    excursion to that node (see [`Route`]), which turns the excursion's nodes into path nodes
//!    and splits the area.
//!
//! A door goes on a route node that borders the area and that the route first reaches after
//! the node its excursion to the key leaves from, so the key can always be fetched before the
//! door (the checker in [`crate::check`] verifies this independently). The document asks the
//! door to "block the path", so only nodes every way to the goal must pass are used (see
//! [`separators`]), never two doors side by side; an area with no such node on its border
//! gets a reward instead.

mod areas;
mod cut;
mod mix;
#[cfg(test)]
mod reference;
mod route;
mod seeds;
mod separators;
#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicBool, Ordering};

use ludoforge_evolve::Stream;
use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use mix::{Action, Mix, MixError};
use route::Chains;
pub use route::{Excursion, Order, Route};

use areas::Areas;
pub use separators::separators;

use crate::graph::{Graph, NONE, Node, bfs, shortest_path};

/// How far a stocking has come: nodes no longer in an area still to be solved, of all the
/// nodes the start reaches. Solving takes roughly the same time for each node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Nodes on the route, solved, or in areas below the threshold.
    pub done: u64,
    /// Nodes the start reaches.
    pub total: u64,
}

/// How big a reward is, from the size of the area it solves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RewardSize {
    /// Areas below 4 × threshold nodes.
    Small,
    /// Areas below 16 × threshold nodes.
    Medium,
    /// Larger areas.
    Large,
}

/// Something placed on a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "id")]
pub enum Feature {
    /// A reward.
    Reward(RewardSize),
    /// The key of door `id`.
    Key(u32),
    /// Door `id`, opened by key `id`.
    Door(u32),
    /// A nasty trap.
    Trap,
    /// A red herring.
    RedHerring,
}

/// A feature and where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    /// The node.
    pub node: Node,
    /// What is there.
    pub feature: Feature,
}

/// One solved area.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// The area's size in nodes.
    pub area: usize,
    /// Its node farthest from the route.
    pub far: Node,
    /// That node's distance from the route.
    pub distance: u32,
    /// What was done.
    pub action: Action,
    /// The door's node, for [`Action::Door`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub door: Option<Node>,
}

/// The stocking's settings.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// Stop when the largest pointless area has fewer nodes than this.
    pub threshold: usize,
    /// How often each action is chosen.
    pub mix: Mix,
}

impl Default for Settings {
    /// Threshold 10 and the default [`Mix`].
    fn default() -> Settings {
        Settings {
            threshold: 10,
            mix: Mix::default(),
        }
    }
}

/// Why a map cannot be stocked.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum StockError {
    /// The goal cannot be reached from the start.
    #[error("the goal cannot be reached from the start")]
    Unreachable,
    /// The threshold is 0.
    #[error("the threshold must be at least 1 node")]
    Threshold,
    /// The start or goal is not a node, or they are the same node.
    #[error("the start and goal must be two different nodes of the map")]
    Ends,
    /// The run was cancelled before the stocking was done.
    #[error("cancelled before the map was stocked")]
    Cancelled,
}

/// A stocked map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stocking {
    /// The start node.
    pub start: Node,
    /// The goal node.
    pub goal: Node,
    /// The features placed, in the order they were placed.
    pub placements: Vec<Placement>,
    /// The shortest start-to-goal path before stocking.
    pub shortest: Vec<Node>,
    /// The required route after stocking.
    pub route: Route,
    /// The areas solved, in order.
    pub steps: Vec<Step>,
    /// Nodes of small areas marked solved without anything placed, area by area, each area
    /// in a breadth-first order.
    pub settled: Vec<Node>,
    /// Nodes the start reaches (doors ignored).
    pub reachable: usize,
    /// The largest pointless area left.
    pub largest_left: usize,
}

impl Stocking {
    /// The number of doors (and keys).
    #[must_use]
    pub fn doors(&self) -> usize {
        self.placements
            .iter()
            .filter(|p| matches!(p.feature, Feature::Door(_)))
            .count()
    }
}

/// Stocks a map given as a graph: see the module notes.
///
/// A round costs about what it changes rather than the size of the area it solves: the
/// distances from the route, the farthest node of each area and the areas themselves are kept
/// up to date as excursions cut them (see `areas`), and the order of first visits with
/// gapped labels. A map that is one open room of a million nodes takes seconds.
///
/// # Errors
/// [`StockError`] for a goal out of reach, a threshold of 0, or bad ends.
///
/// ```
/// use ludoforge_evolve::rng::stream;
/// use ludoforge_stocking::grid::Grid;
/// use ludoforge_stocking::stock::{Settings, stock};
///
/// let rows = [
///     "##########",
///     "#<.......#",
///     "#........#",
///     "#.......>#",
///     "##########",
/// ];
/// let grid = Grid::parse(&rows.join("\n")).unwrap();
/// let cells = grid.graph();
/// let start = cells.node(grid.start()).unwrap();
/// let goal = cells.node(grid.goal()).unwrap();
/// let stocked = stock(&cells.graph, start, goal, &Settings::default(), &mut stream(1, 0, 0)).unwrap();
/// // The route now visits more than the shortest path's 10 cells.
/// assert!(stocked.route.distinct() > stocked.shortest.len());
/// assert!(stocked.largest_left < 10);
/// ```
pub fn stock(
    graph: &Graph,
    start: Node,
    goal: Node,
    settings: &Settings,
    rng: &mut Stream,
) -> Result<Stocking, StockError> {
    stock_with_progress(graph, start, goal, settings, rng, |_| {})
}

/// [`stock`], telling `progress` how far it has come: once before the first area is solved,
/// then every [`PROGRESS_ROUNDS`] areas solved or every thousandth of the nodes done,
/// whichever comes first, and once at the end. The stocking is the same whatever `progress`
/// does.
///
/// # Errors
/// As [`stock`].
///
/// ```
/// use ludoforge_evolve::rng::stream;
/// use ludoforge_stocking::grid::Grid;
/// use ludoforge_stocking::stock::{Settings, stock, stock_with_progress};
///
/// let grid = Grid::parse("#######\n#<....#\n#.....#\n#....>#\n#######").unwrap();
/// let cells = grid.graph();
/// let (start, goal) = (cells.node(grid.start()).unwrap(), cells.node(grid.goal()).unwrap());
/// let settings = Settings { threshold: 2, ..Settings::default() };
/// let mut last = None;
/// let stocked = stock_with_progress(&cells.graph, start, goal, &settings, &mut stream(1, 0, 0), |p| last = Some(p)).unwrap();
/// let last = last.unwrap();
/// assert_eq!((last.done, last.total), (15, 15));
/// assert_eq!(stocked, stock(&cells.graph, start, goal, &settings, &mut stream(1, 0, 0)).unwrap());
/// ```
pub fn stock_with_progress(
    graph: &Graph,
    start: Node,
    goal: Node,
    settings: &Settings,
    rng: &mut Stream,
    progress: impl FnMut(Progress),
) -> Result<Stocking, StockError> {
    stock_until(graph, start, goal, settings, rng, progress, None)
}

/// [`stock_with_progress`], giving up once `cancel` is set (a relaxed load every round): a
/// map of millions of cells takes many seconds. Uncancelled, the same stocking.
///
/// # Errors
/// As [`stock`], and [`StockError::Cancelled`] once cancelled.
pub fn stock_until(
    graph: &Graph,
    start: Node,
    goal: Node,
    settings: &Settings,
    rng: &mut Stream,
    mut progress: impl FnMut(Progress),
    cancel: Option<&AtomicBool>,
) -> Result<Stocking, StockError> {
    let cancelled = || cancel.is_some_and(|flag| flag.load(Ordering::Relaxed));
    let n = graph.nodes();
    if start as usize >= n || goal as usize >= n || start == goal {
        return Err(StockError::Ends);
    }
    if settings.threshold == 0 {
        return Err(StockError::Threshold);
    }
    let shortest = shortest_path(graph, start, goal, |_| false).ok_or(StockError::Unreachable)?;
    let (mut dist, mut parent) = (Vec::new(), Vec::new());
    bfs(graph, &[start], |_| false, &mut dist, &mut parent);
    drop(parent);
    let reachable: Vec<bool> = dist.iter().map(|&d| d != NONE).collect();
    drop(dist);
    let reachable_count = reachable.iter().filter(|&&r| r).count();
    let chokepoint = separators(graph, start, goal);
    // The only nodes a door may stand on, while some may still be wanted.
    let mut doorways: Vec<Node> = (0..n as Node).filter(|&v| chokepoint[v as usize]).collect();

    let mut order = Order::new(&shortest, n);
    let mut areas = Areas::new(graph, &reachable, |v| order.contains(v), settings.threshold);
    drop(reachable);
    let mut excursions = Chains::default();
    let mut occupied = vec![false; n];
    let mut door_at = vec![false; n];
    occupied[start as usize] = true;
    occupied[goal as usize] = true;
    let mut settled_nodes = Vec::new();
    let mut placements = Vec::new();
    let mut steps = Vec::new();
    let mut doors = 0u32;
    let small_area = 2 * settings.threshold;
    let total = reachable_count as u64;
    let report = |areas: &Areas| Progress {
        done: total - areas.open(),
        total,
    };
    let mut round = 0u32;
    let (step, mut reported) = ((total / 1000).max(1), 0);

    let largest_left = loop {
        if cancelled() {
            return Err(StockError::Cancelled);
        }
        round += 1;
        let now = report(&areas);
        if round == 1 || round.is_multiple_of(PROGRESS_ROUNDS) || now.done >= reported + step {
            reported = now.done;
            progress(now);
        }
        let Some(area) = areas.largest() else {
            break areas.largest_small();
        };
        let size = area.size;
        let (far, distance, chain) = areas.farthest(graph, area);
        let anchor = *chain.last().expect("a chain ends on the route");

        let action = settings
            .mix
            .draw(|a| a != Action::Solved || size < small_area, rng)
            .or_else(|| settings.mix.draw(|a| a == Action::Solved, rng))
            .unwrap_or(Action::Reward);
        let mut step = Step {
            area: size,
            far,
            distance,
            action,
            door: None,
        };
        if action == Action::Solved {
            settled_nodes.extend(areas.remove(graph, area, round));
        } else {
            let door = (action == Action::Door)
                .then(|| {
                    let border = areas.border_among(graph, area, &mut doorways, |d| {
                        chokepoint[d as usize] && !occupied[d as usize]
                    });
                    choose_door(
                        graph,
                        &border,
                        anchor,
                        &order,
                        &occupied,
                        &door_at,
                        &chokepoint,
                    )
                })
                .flatten();
            let feature = match (action, door) {
                (Action::Door, Some(door)) => {
                    placements.push(Placement {
                        node: door,
                        feature: Feature::Door(doors),
                    });
                    occupied[door as usize] = true;
                    door_at[door as usize] = true;
                    step.door = Some(door);
                    doors += 1;
                    Feature::Key(doors - 1)
                }
                (Action::Trap, _) => Feature::Trap,
                (Action::RedHerring, _) => Feature::RedHerring,
                // A reward, or a door with no room for one on this area's border.
                _ => {
                    step.action = Action::Reward;
                    Feature::Reward(reward_size(size, settings.threshold))
                }
            };
            placements.push(Placement { node: far, feature });
            occupied[far as usize] = true;
            let out: Vec<Node> = chain[..chain.len() - 1].iter().rev().copied().collect();
            order.insert_after(anchor, &out);
            areas.split(graph, area, &out, round);
            excursions.push(&chain);
        }
        steps.push(step);
    };
    progress(report(&areas));
    drop(areas);
    drop(order);
    Ok(Stocking {
        start,
        goal,
        placements,
        route: Route::build_from(&shortest, &excursions, n),
        shortest,
        steps,
        settled: settled_nodes,
        reachable: reachable_count,
        largest_left,
    })
}

/// At most how many rounds (areas solved) pass between two reports of
/// [`stock_with_progress`].
pub const PROGRESS_ROUNDS: u32 = 1024;

/// The reward for an area of `size` nodes.
#[must_use]
pub fn reward_size(size: usize, threshold: usize) -> RewardSize {
    if size < 4 * threshold {
        RewardSize::Small
    } else if size < 16 * threshold {
        RewardSize::Medium
    } else {
        RewardSize::Large
    }
}

/// A door for an area: a free route node on its `border` (or as many of its border nodes as
/// may hold a door) that every way from the start to the
/// goal passes (so the door truly blocks the path), that the route first reaches after
/// `anchor` (where the excursion to the key leaves the route), and that has no door next to
/// it. Of those, the one the route reaches last. `None` when the border has no such node.
fn choose_door(
    graph: &Graph,
    border: &[Node],
    anchor: Node,
    order: &Order,
    occupied: &[bool],
    door_at: &[bool],
    chokepoint: &[bool],
) -> Option<Node> {
    border
        .iter()
        .copied()
        .filter(|&d| {
            chokepoint[d as usize]
                && !occupied[d as usize]
                && order.before(anchor, d)
                && !graph.neighbours(d).iter().any(|&w| door_at[w as usize])
        })
        .max_by_key(|&d| order.rank(d))
}
