//! `stock-explore`: suggestions around a designer's dungeon map. MAP-Elites over maps made
//! from the designer's by painting wall and floor (never the start and goal, never a locked
//! cell), each stocked as `stock` stocks it (the start file's seed, settings and theme), placed
//! by two of the stocking's measures and scored by its fun (the share of the reachable floor
//! the player must or wants to visit).
//!
//! A map whose goal cannot be reached is rejected. Every elite of the archive is its map as
//! the editor writes one (`{"kind": "dungeon", "rows", "seed", "settings", "theme"}`): `check`
//! stocks it to the measures it was placed by, the editor opens it, and another search can
//! start from it. (Writing the stocked files would stock every elite again when the archive is
//! written: seconds for large maps, after a Ctrl-C too.)

use ludoforge_evolve::rng::{below, stream};
use ludoforge_evolve::{Crossover, Evaluation, Goal, Mutate, Outcome, Problem, Stream};
use ludoforge_job::explore::{
    self, Descriptor, Designed, ExploreSettings, Explored, Locked, Plan, archive_file,
};
use ludoforge_job::{Artifact, Context, File, JobError, Spec};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::atomic::AtomicBool;

use super::check::{Dungeon, read_dungeon};
use crate::grid::{Grid, Pos, Tile};
use crate::measures::Fun;
use crate::stock::{Settings, StockError, stock_until};

/// `stock-explore`: a shelf of dungeon maps around a designer's map.
pub struct ExploreJob;

/// The parameters of `stock-explore`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ExploreParams {
    /// The map to start from: a stocked file (a result of `stock`, an elite, a checked file)
    /// or a bare map `{"kind": "dungeon", "rows": [...]}`, as itself or as a file given by
    /// content. Its seed, settings and theme stock every suggestion.
    pub start: Value,
    /// Cells of the start map no suggestion changes (a wall stays wall, a floor stays floor):
    /// cells `x,y` and rectangles `x,y:x,y` (column and row from the top left, from 0), one
    /// to an entry. The start and the goal never move.
    pub lock: Option<Vec<String>>,
    /// The exploration: descriptors (`fun_after`, `rewards`, `reachable`, `keys`, `traps`),
    /// cells, ranges, evaluations, batch, crossover, method.
    pub explore: ExploreSettings,
}

impl Default for ExploreParams {
    fn default() -> Self {
        ExploreParams {
            start: Value::Null,
            lock: None,
            explore: ExploreSettings::default(),
        }
    }
}

/// The descriptors a dungeon map of `cells` cells offers, with ranges fitted to its size:
/// counts up to what a map of its size holds (rewards about one for every 40 cells of the
/// map, traps one for every 120, keys one for every 400, reachable floor half the map, each
/// at least a small map's), cut into cells of whole numbers.
///
/// ```
/// let offered = ludoforge_stocking::job::explore_descriptors(80 * 40);
/// let names: Vec<_> = offered.iter().map(|d| d.name).collect();
/// assert_eq!(names, ["fun_after", "rewards", "reachable", "keys", "traps"]);
/// assert_eq!((offered[1].high, offered[1].cells), (80.0, 20));
/// assert_eq!((offered[2].high, offered[2].cells), (1600.0, 25));
/// let small = ludoforge_stocking::job::explore_descriptors(24 * 12);
/// assert_eq!((small[1].high, small[1].cells), (24.0, 12));
/// ```
#[must_use]
pub fn explore_descriptors(cells: usize) -> Vec<Descriptor> {
    // Up to `high` (at least `least`), in cells `width` wide.
    let count = |name, share: usize, least: usize, width: usize, help| {
        let high = (cells / share).max(least).div_ceil(width) * width;
        Descriptor {
            name,
            unit: "",
            low: 0.0,
            high: high as f64,
            cells: high / width,
            help,
        }
    };
    let rewards = count(
        "rewards",
        40,
        24,
        if cells > 1_000 { 4 } else { 2 },
        "Rewards of every size.",
    );
    let reach_high = (cells / 2).max(25).div_ceil(25) * 25;
    vec![
        Descriptor {
            name: "fun_after",
            unit: "share",
            low: 0.0,
            high: 1.0,
            cells: 20,
            help: "The share of the reachable floor the player must or wants to visit once \
                   stocked: the paper's measure of fun.",
        },
        rewards,
        Descriptor {
            name: "reachable",
            unit: "cells",
            low: 0.0,
            high: reach_high as f64,
            cells: 25,
            help: "Floor cells the start reaches: how much of the map is in play.",
        },
        count("keys", 400, 8, 1, "Locked doors, each with its key."),
        count("traps", 120, 12, 2, "Traps."),
    ]
}

/// A designer's map as the exploration sees it: which cells are floor, with the size, ends
/// and stocking of the start map.
struct Maps<'a> {
    width: usize,
    height: usize,
    start: Pos,
    goal: Pos,
    settings: Settings,
    seed: u64,
    first: Vec<bool>,
    /// Stops a stocking under way (the search throws the cut batch away).
    cancel: Option<&'a AtomicBool>,
}

impl<'a> Maps<'a> {
    fn of(dungeon: &Dungeon, cancel: Option<&'a AtomicBool>) -> Maps<'a> {
        let grid = &dungeon.grid;
        let (width, height) = (grid.width(), grid.height());
        let first = (0..height)
            .flat_map(|y| (0..width).map(move |x| (x as u32, y as u32)))
            .map(|pos| grid.tile(pos) == Tile::Floor)
            .collect();
        Maps {
            width,
            height,
            start: grid.start(),
            goal: grid.goal(),
            settings: dungeon.settings,
            seed: dungeon.seed,
            first,
            cancel,
        }
    }

    fn grid(&self, floor: &[bool]) -> Grid {
        let tiles = floor
            .iter()
            .map(|&f| if f { Tile::Floor } else { Tile::Wall })
            .collect();
        Grid::new(self.width, self.height, tiles, self.start, self.goal).expect("the start's size")
    }

    fn index(&self, (x, y): Pos) -> usize {
        y as usize * self.width + x as usize
    }

    /// Whether a cell may be painted: not the start or the goal.
    fn paintable(&self, i: usize) -> bool {
        i != self.index(self.start) && i != self.index(self.goal)
    }
}

impl Problem for Maps<'_> {
    type Genome = Vec<bool>;

    fn random_genome(&self, _: &mut Stream) -> Vec<bool> {
        self.first.clone()
    }

    fn evaluate(&self, floor: &Vec<bool>) -> Outcome {
        let grid = self.grid(floor);
        let cells = grid.graph();
        let (Some(start), Some(goal)) = (cells.node(grid.start()), cells.node(grid.goal())) else {
            return Outcome::rejected("the start or goal is not floor");
        };
        let mut rng = stream(self.seed, 1, 0);
        match stock_until(
            &cells.graph,
            start,
            goal,
            &self.settings,
            &mut rng,
            |_| {},
            self.cancel,
        ) {
            Ok(stocking) => {
                let fun = Fun::of(&stocking);
                let rewards = fun.rewards.small + fun.rewards.medium + fun.rewards.large;
                Outcome::Evaluated(Evaluation {
                    fitness: fun.fun_after,
                    components: Vec::new(),
                    descriptors: vec![
                        fun.fun_after,
                        rewards as f64,
                        fun.reachable as f64,
                        fun.keys as f64,
                        fun.traps as f64,
                    ],
                })
            }
            Err(StockError::Unreachable) => Outcome::rejected("the goal cannot be reached"),
            Err(e) => Outcome::Rejected(ludoforge_evolve::Rejection {
                reason: e.to_string().into(),
            }),
        }
    }
}

impl Mutate for Maps<'_> {
    /// Paints a block of 1×1 to 5×5 cells all wall or all floor (a wall put up, a room or a
    /// passage opened) over a floor cell: painting solid rock far from the floor changes
    /// nothing the player meets.
    fn mutate(&self, floor: &mut Vec<bool>, rng: &mut Stream) {
        let floors = floor.iter().filter(|&&f| f).count();
        let Some(anchor) = floor
            .iter()
            .enumerate()
            .filter(|&(_, &f)| f)
            .map(|(i, _)| i)
            .nth(below(rng, floors.max(1)))
        else {
            return;
        };
        let to = below(rng, 2) == 0;
        let (w, h) = (1 + below(rng, 5), 1 + below(rng, 5));
        let x = (anchor % self.width).saturating_sub(below(rng, w));
        let y = (anchor / self.width).saturating_sub(below(rng, h));
        for cy in y..(y + h).min(self.height) {
            for cx in x..(x + w).min(self.width) {
                let j = cy * self.width + cx;
                if self.paintable(j) {
                    floor[j] = to;
                }
            }
        }
    }
}

impl Crossover for Maps<'_> {
    /// Swaps a rectangle of the two maps.
    fn crossover(&self, a: &Vec<bool>, b: &Vec<bool>, rng: &mut Stream) -> (Vec<bool>, Vec<bool>) {
        let (x0, x1) = ordered(below(rng, self.width), below(rng, self.width));
        let (y0, y1) = ordered(below(rng, self.height), below(rng, self.height));
        let (mut c, mut d) = (a.clone(), b.clone());
        for y in y0..=y1 {
            for x in x0..=x1 {
                let i = y * self.width + x;
                c[i] = b[i];
                d[i] = a[i];
            }
        }
        (c, d)
    }
}

fn ordered(a: usize, b: usize) -> (usize, usize) {
    (a.min(b), a.max(b))
}

/// The cells `lock` names on a `width`×`height` map, in map order, each once.
///
/// # Errors
/// [`JobError::Parameters`] naming an entry that is not a cell or rectangle of the map.
pub fn locked_cells(width: usize, height: usize, lock: &[String]) -> Result<Vec<usize>, JobError> {
    let mut locked = vec![false; width * height];
    for entry in lock.iter().map(|e| e.trim()).filter(|e| !e.is_empty()) {
        let cell = |text: &str| -> Result<(usize, usize), JobError> {
            let bad = || {
                JobError::parameters(format!(
                    "lock {entry:?}: {text:?} is not a cell of this {width}×{height} map (0,0 \
                     to {},{}); lock cells like 3,4 (column, row from the top left) or \
                     rectangles like 0,0:5,3",
                    width - 1,
                    height - 1
                ))
            };
            let (x, y) = text.trim().split_once(',').ok_or_else(bad)?;
            let (x, y): (usize, usize) = (
                x.trim().parse().map_err(|_| bad())?,
                y.trim().parse().map_err(|_| bad())?,
            );
            if x >= width || y >= height {
                return Err(bad());
            }
            Ok((x, y))
        };
        let (a, b) = match entry.split_once(':') {
            Some((a, b)) => (cell(a)?, cell(b)?),
            None => {
                let c = cell(entry)?;
                (c, c)
            }
        };
        for y in a.1.min(b.1)..=a.1.max(b.1) {
            for x in a.0.min(b.0)..=a.0.max(b.0) {
                locked[y * width + x] = true;
            }
        }
    }
    Ok((0..locked.len()).filter(|&i| locked[i]).collect())
}

/// The start read from the parameters: a document, or a file given by content.
fn start_document(start: &Value) -> Result<Value, JobError> {
    let document = ludoforge_job::check::given(start)
        .map_err(|e| JobError::input(format!("the start map is not JSON: {e}")))?;
    let other = match (document.get("kind"), document.get("generator")) {
        (Some(kind), _) if kind != "dungeon" => Some(kind),
        (_, Some(generator)) if generator != "stocking" => Some(generator),
        _ => None,
    };
    if let Some(other) = other {
        return Err(JobError::input(format!(
            "the start is not a dungeon map (it is {other}): give a stocked file of `stock` or \
             a bare map {{\"kind\": \"dungeon\", \"rows\": [...]}}"
        )));
    }
    Ok(document)
}

/// The checked parameters: the start map, its locked cells and the plan.
pub struct Checked {
    dungeon: Dungeon,
    locked: Vec<usize>,
    plan: Plan,
}

impl Spec for ExploreJob {
    type Params = ExploreParams;
    type Checked = Checked;

    fn id(&self) -> &'static str {
        "stock-explore"
    }

    fn title(&self) -> &'static str {
        "Suggest dungeon maps"
    }

    fn help(&self) -> &'static str {
        "Fill a shelf of dungeon maps around yours: each made from it by painting wall and \
         floor (never a cell you locked, never the start or goal), stocked as your map is \
         stocked, placed by two of the stocking's measures and the most fun found there kept."
    }

    fn input(&self) -> Option<&'static str> {
        Some("a dungeon map: a stocked file of `stock`, or a bare map of rows")
    }

    fn sample(&self) -> Option<Self::Params> {
        Some(ExploreParams {
            start: serde_json::json!({"kind": "dungeon", "rows": SAMPLE, "seed": 1}),
            lock: Some(vec!["0,0:6,3".into()]),
            explore: ExploreSettings {
                evaluations: 2_000,
                ..ExploreSettings::default()
            },
        })
    }

    fn descriptors(&self) -> Vec<Descriptor> {
        explore_descriptors(80 * 40)
    }

    fn draw(&self, result: &Value, context: &Context) -> Option<Result<Vec<File>, JobError>> {
        super::check(result, context).map(|checked| checked.map(|c| c.files))
    }

    fn validate(&self, p: &ExploreParams) -> Result<Checked, JobError> {
        if p.start.is_null() {
            return Err(JobError::parameters(
                "no start map given: give a stocked file or a bare map as `start` (`ludoforge \
                 suggest MAP.json` does; in the studio, open the map in the editor and press \
                 Suggest)",
            ));
        }
        let dungeon = read_dungeon(&start_document(&p.start)?)?;
        let (width, height) = (dungeon.grid.width(), dungeon.grid.height());
        let locked = locked_cells(width, height, p.lock.as_deref().unwrap_or_default())?;
        let plan = p.explore.plan(&explore_descriptors(width * height))?;
        // A batch's maps (a flag a cell) wait to be told; each thread stocks one at a time
        // (its graph and stocking, about 64 bytes a cell; 16 threads allowed for); an elite
        // keeps its map, and the archive file its rows.
        let cells = (width * height) as u64;
        let fixed = plan.settings.batch as u64 * cells + 16 * 64 * cells;
        plan.check_memory(fixed, 3 * cells + 1024)?;
        Ok(Checked {
            dungeon,
            locked,
            plan,
        })
    }

    fn execute(
        &self,
        Checked {
            dungeon,
            locked,
            plan,
        }: Checked,
        p: &ExploreParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        let maps = Maps::of(&dungeon, Some(context.cancel_flag()));
        let wanted: Vec<(usize, bool)> = locked.iter().map(|&i| (i, maps.first[i])).collect();
        let keeps = |floor: &Vec<bool>| wanted.iter().all(|&(i, f)| floor[i] == f);
        let spread = (maps.first.len() / 64).clamp(1, 16);
        let search = Locked::new(&maps, maps.first.clone(), keeps, spread);
        // A map the designer edits while the search runs goes into it.
        let admit = |document: &Value| -> Result<Vec<bool>, String> {
            let sent = read_dungeon(&start_document(document).map_err(|e| e.to_string())?)
                .map_err(|e| e.to_string())?;
            let other = Maps::of(&sent, None);
            if (other.width, other.height, other.start, other.goal)
                != (maps.width, maps.height, maps.start, maps.goal)
            {
                return Err(format!(
                    "it is not a map of this search: a {}×{} map with the start at {},{} and \
                     the goal at {},{} is needed",
                    maps.width, maps.height, maps.start.0, maps.start.1, maps.goal.0, maps.goal.1
                ));
            }
            if search.keeps(&other.first) {
                Ok(other.first)
            } else {
                Err("it changes a locked cell: unlock the cell to send such a map".into())
            }
        };
        let explored = explore::explore_seeded(
            &search,
            &plan,
            Goal::Maximise,
            0.0,
            seed,
            context,
            &Designed {
                seeds: std::slice::from_ref(&maps.first),
                admit: Some(&admit),
            },
        )?;
        finish(
            self.id(),
            p,
            &plan,
            &explored,
            &maps,
            &dungeon,
            seed,
            context,
        )
    }
}

/// The archive file (each elite its map as the editor writes one), its pictures, the summary.
#[allow(clippy::too_many_arguments)]
fn finish(
    id: &str,
    p: &ExploreParams,
    plan: &Plan,
    explored: &Explored<Vec<bool>>,
    maps: &Maps,
    dungeon: &Dungeon,
    seed: u64,
    context: &Context,
) -> Result<Artifact, JobError> {
    let version = env!("CARGO_PKG_VERSION");
    let mut artifact = Artifact::new(id, version, seed, p);
    let parameters = serde_json::to_value(p).expect("parameters serialise");
    let archive = archive_file(
        context,
        id,
        version,
        seed,
        &parameters,
        plan,
        explored,
        |elite| {
            serde_json::json!({
                "kind": "dungeon",
                "rows": maps.grid(&elite.genome).rows(),
                "seed": maps.seed,
                "settings": maps.settings,
                "theme": dungeon.theme,
            })
        },
    )?;
    artifact.report("generator", explore::ARCHIVE_GENERATOR);
    artifact.report("width", maps.width);
    artifact.report("height", maps.height);
    artifact.report(
        "descriptors",
        plan.axes.iter().map(|a| a.name.clone()).collect::<Vec<_>>(),
    );
    for (key, value) in explore::summary(explored) {
        artifact.report(key, value);
    }
    artifact.files.push(archive);
    let method = explored.method.title();
    let captions = [format!(
        "{method} · seed {seed} · {} evaluations · {} of {} cells filled · QD score {:.1}",
        explored.evaluations,
        explored.archive.len(),
        explored.archive.grid().cells(),
        explored.archive.qd_score()
    )];
    explore::pictures(
        context,
        &mut artifact.files,
        explored,
        &format!(
            "Suggestions around a dungeon map, {}×{}",
            maps.width, maps.height
        ),
        "fun after stocking",
        &captions,
    )?;
    explore::note_interruption(&mut artifact, explored, "elites");
    Ok(artifact)
}

/// A small map to show what the job makes: two rooms and a corridor.
const SAMPLE: [&str; 12] = [
    "########################",
    "#<.....#...............#",
    "#......#...............#",
    "#......#.......#########",
    "#..............#.......#",
    "#......#.......#.......#",
    "########.......#.......#",
    "#......#...............#",
    "#......#########.......#",
    "#......................#",
    "#......#..............>#",
    "########################",
];
