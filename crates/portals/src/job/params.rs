//! The portal jobs' parameters, with their JSON Schema, and the checks that turn them into the
//! library's settings.
//!
//! Whole numbers are signed, as on the command line, so that a negative value is refused with
//! the same words as any other out-of-range one (`min_path -3: give ...`).

use std::ops::RangeInclusive;

use ludoforge_job::JobError;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::choose::Targets;
use crate::params::{ATTEMPT_LIMIT, MIN_PATH_LIMIT, PORTAL_LIMIT, Params, ParamsError, ROOM_LIMIT};
use crate::walk::Memory;

/// Largest accepted number of walks per dungeon.
pub const MAX_WALKS: i64 = 10_000_000;

/// Largest accepted number of candidates.
pub const MAX_CANDIDATES: i64 = 1_000_000;

/// Smallest accepted evolving population (a tournament draws four).
pub const MIN_POPULATION: usize = 4;

/// Largest accepted evolving population: the engine's limit. The memory the population would
/// take is checked too (see [`super::MemoryLimit`]).
pub const MAX_POPULATION: i64 = 10_000_000;

/// Largest accepted number of matings.
pub const MAX_MATINGS: i64 = 100_000_000;

/// Largest accepted number of dungeons per value of M in the study.
pub const MAX_GRAPHS: i64 = 100_000;

/// The population evolved when `population` is not given.
pub const DEFAULT_POPULATION: usize = 40;

/// The matings made when `matings` is not given.
pub const DEFAULT_MATINGS: u64 = 2000;

/// The dungeon asked for and how it is walked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct DungeonParams {
    /// M: the minimum number of portals on any route from the origin to the exit, 1 to 1000.
    #[schemars(range(min = 1, max = 1000))]
    pub min_path: i64,
    /// The most portals leaving one room, 1 to 8.
    #[schemars(range(min = 1, max = 8))]
    pub max_portals: i64,
    /// Keep only dungeons with this many rooms: `MIN..MAX` (both included) or one number, at
    /// most 200000 (default: M+1..10000).
    pub rooms: Option<String>,
    /// Dungeons generated per candidate before giving up on `rooms`, 1 to 1000000.
    #[schemars(range(min = 1, max = 1_000_000))]
    pub attempts: i64,
    /// Simulated walks per dungeon, 1 to 10000000.
    #[schemars(range(min = 1, max = 10_000_000))]
    pub walks: i64,
    /// What simulated players remember: `walk` (the document: each walk starts afresh) or
    /// `party` (portals taken in earlier walks count as taken).
    pub memory: Memory,
}

impl Default for DungeonParams {
    fn default() -> Self {
        DungeonParams {
            min_path: 9,
            max_portals: 2,
            rooms: None,
            attempts: 1000,
            walks: 1000,
            memory: Memory::Walk,
        }
    }
}

/// What the dungeon's walks should look like. Every target is optional.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct TargetParams {
    /// Target mean walk length, in portals (at least 1).
    #[schemars(range(min = 1.0, max = 1e6))]
    pub mean_walk: Option<f64>,
    /// How far from `mean_walk` still counts as met, in portals.
    #[schemars(range(min = 0.0))]
    pub tolerance: f64,
    /// The longest route may take at most this many portals.
    #[schemars(range(min = 1))]
    pub max_longest: Option<i64>,
    /// At least this many rooms where the players choose.
    #[schemars(range(min = 1))]
    pub min_decisions: Option<i64>,
    /// At least this many distinct routes from the origin to the exit.
    #[schemars(range(min = 1))]
    pub min_routes: Option<i64>,
}

impl Default for TargetParams {
    fn default() -> Self {
        TargetParams {
            mean_walk: None,
            tolerance: 0.5,
            max_longest: None,
            min_decisions: None,
            min_routes: None,
        }
    }
}

/// How the dungeon is found: the best of `candidates` generated ones, or evolved toward the
/// targets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SearchParams {
    /// Generate this many dungeons and keep the one that best meets the targets, 1 to 1000000.
    #[schemars(range(min = 1, max = 1_000_000))]
    pub candidates: i64,
    /// Evolve a population toward the targets instead of choosing among candidates.
    pub evolve: bool,
    /// Dungeons in the evolving population (with `evolve`), 4 to 10000000; default 40. Each
    /// takes about 0.4 KB at M = 9 and 2.3 KB at M = 15; a population too large for the memory
    /// a run may use is refused before it starts, with the largest that fits.
    #[schemars(range(min = 4, max = 10_000_000))]
    pub population: Option<i64>,
    /// Matings, each making two children (with `evolve`), 1 to 100000000; default 2000.
    #[schemars(range(min = 1, max = 100_000_000))]
    pub matings: Option<i64>,
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams {
            candidates: 1,
            evolve: false,
            population: None,
            matings: None,
        }
    }
}

/// A portal dungeon to generate.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct GenerateParams {
    /// The dungeon and its walks.
    pub dungeon: DungeonParams,
    /// What the walks should look like.
    pub targets: TargetParams,
    /// Choosing or evolving.
    pub search: SearchParams,
}

/// A saved dungeon to measure and draw again.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ShowParams {
    /// The dungeon file written by the `portals` job (its `result`), as JSON or as the text of
    /// the file.
    pub dungeon: serde_json::Value,
}

/// The document's study: walk lengths and room counts for a range of minimum path lengths.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct StudyParams {
    /// The values of M: `MIN..MAX` (both included) or one number, between 1 and 1000.
    pub min_path: String,
    /// Dungeons generated per value of M, 1 to 100000.
    #[schemars(range(min = 1, max = 100_000))]
    pub graphs: i64,
    /// Simulated walks per dungeon, 1 to 10000000.
    #[schemars(range(min = 1, max = 10_000_000))]
    pub walks: i64,
    /// The most portals leaving one room, 1 to 8.
    #[schemars(range(min = 1, max = 8))]
    pub max_portals: i64,
    /// The most rooms a dungeon may have, 2 to 200000.
    #[schemars(range(min = 2, max = 200_000))]
    pub max_rooms: i64,
    /// What simulated players remember.
    pub memory: Memory,
}

impl Default for StudyParams {
    fn default() -> Self {
        StudyParams {
            min_path: "3..15".into(),
            graphs: 10,
            walks: 1000,
            max_portals: 2,
            max_rooms: 10_000,
            memory: Memory::Walk,
        }
    }
}

fn refuse<T>(message: String) -> Result<T, JobError> {
    Err(JobError::parameters(message))
}

/// `value` checked to lie in `range`, or a message naming the parameter, the value and `way`.
fn within(name: &str, value: i64, range: RangeInclusive<i64>, way: &str) -> Result<i64, JobError> {
    if range.contains(&value) {
        Ok(value)
    } else {
        refuse(format!("{name} {value}: {way}"))
    }
}

/// Reads `A..B` (both included), `A..=B` or a single number `A`, for the parameter `name`.
///
/// ```
/// use ludoforge_portals::job::params::parse_range;
/// assert_eq!(parse_range("3..15", "rooms").unwrap(), 3..=15);
/// assert_eq!(parse_range("7", "rooms").unwrap(), 7..=7);
/// let reversed = parse_range("15..3", "rooms").unwrap_err().to_string();
/// assert_eq!(reversed, "rooms 15..3: write the smaller bound first, as 3..15");
/// assert!(parse_range("3-15", "rooms").unwrap_err().to_string().contains("write a range"));
/// ```
///
/// # Errors
/// [`JobError::Parameters`] for text that is not a range, or a range written backwards.
pub fn parse_range(text: &str, name: &str) -> Result<RangeInclusive<u64>, JobError> {
    let wrong = || {
        JobError::parameters(format!(
            "{name} {text:?}: write a range as two whole numbers like 3..15 (both included), or \
             one number"
        ))
    };
    let number = |s: &str| s.trim().parse::<u64>().map_err(|_| wrong());
    let (low, high) = match text.split_once("..") {
        Some((low, high)) => {
            let high = high.strip_prefix('=').unwrap_or(high);
            (number(low)?, number(high)?)
        }
        None => {
            let n = number(text)?;
            (n, n)
        }
    };
    if low > high {
        return refuse(format!(
            "{name} {text}: write the smaller bound first, as {high}..{low}"
        ));
    }
    Ok(low..=high)
}

/// A library error about the generator's settings, with the parameters to change.
fn params_error(error: &ParamsError) -> JobError {
    let hint = match error {
        ParamsError::TooFewRooms { .. }
        | ParamsError::RoomRange { .. }
        | ParamsError::SingleCorridor { .. } => " (see rooms, min_path, max_portals)",
        _ => "",
    };
    JobError::parameters(format!("{error}{hint}"))
}

/// Checks a number of walks per dungeon.
fn walks(walks: i64) -> Result<u32, JobError> {
    Ok(within(
        "walks",
        walks,
        1..=MAX_WALKS,
        &format!("give between 1 and {MAX_WALKS}"),
    )? as u32)
}

/// Checks a number of portals per room.
fn max_portals(value: i64) -> Result<usize, JobError> {
    let limit = PORTAL_LIMIT as i64;
    Ok(within(
        "max_portals",
        value,
        1..=limit,
        &format!("give between 1 and {limit}"),
    )? as usize)
}

impl DungeonParams {
    /// The checked generator parameters, walks and memory.
    ///
    /// # Errors
    /// [`JobError::Parameters`] naming the parameter, its value and what it should be.
    pub fn settings(&self) -> Result<(Params, u32, Memory), JobError> {
        let limit = i64::from(MIN_PATH_LIMIT);
        let min_path = within(
            "min_path",
            self.min_path,
            1..=limit,
            &format!("give a number of portals between 1 and {limit}"),
        )?;
        let max_portals = max_portals(self.max_portals)?;
        let attempt_limit = i64::from(ATTEMPT_LIMIT);
        let attempts = within(
            "attempts",
            self.attempts,
            1..=attempt_limit,
            &format!("give between 1 and {attempt_limit}"),
        )?;
        let mut params = Params::new(min_path as u32)
            .max_portals(max_portals)
            .attempts(attempts as u32);
        if let Some(text) = &self.rooms {
            let range = parse_range(text, "rooms")?;
            if *range.end() > ROOM_LIMIT as u64 {
                return refuse(format!("rooms {text}: at most {ROOM_LIMIT} rooms"));
            }
            params = params.rooms(*range.start() as usize, *range.end() as usize);
        }
        params.validate().map_err(|e| params_error(&e))?;
        Ok((params, walks(self.walks)?, self.memory))
    }
}

/// Checks a target mean walk: a number of portals from 1 to 1000000 (not a number is refused
/// too, so a front end can use this for values JSON cannot carry).
///
/// ```
/// use ludoforge_portals::job::params::check_mean_walk;
/// assert!(check_mean_walk(12.5).is_ok());
/// assert_eq!(
///     check_mean_walk(f64::NAN).unwrap_err().to_string(),
///     "mean_walk NaN: give a number of portals of at least 1"
/// );
/// ```
///
/// # Errors
/// [`JobError::Parameters`] naming the value.
pub fn check_mean_walk(mean: f64) -> Result<f64, JobError> {
    if (1.0..=1e6).contains(&mean) {
        Ok(mean)
    } else {
        refuse(format!(
            "mean_walk {mean}: give a number of portals of at least 1"
        ))
    }
}

/// Checks a tolerance on the mean walk: a number of portals of 0 or more (infinity and not a
/// number are refused).
///
/// # Errors
/// [`JobError::Parameters`] naming the value.
pub fn check_tolerance(tolerance: f64) -> Result<f64, JobError> {
    if tolerance.is_finite() && tolerance >= 0.0 {
        Ok(tolerance)
    } else {
        refuse(format!(
            "tolerance {tolerance}: give a number of portals of 0 or more"
        ))
    }
}

impl TargetParams {
    /// The checked targets.
    ///
    /// # Errors
    /// [`JobError::Parameters`] naming the parameter, its value and what it should be.
    pub fn targets(&self) -> Result<Targets, JobError> {
        let mean_walk = self.mean_walk.map(check_mean_walk).transpose()?;
        let tolerance = check_tolerance(self.tolerance)?;
        let positive = |name: &str, value: Option<i64>| -> Result<Option<u64>, JobError> {
            match value {
                Some(v) if v < 1 => {
                    refuse(format!("{name} {v}: give a whole number of at least 1"))
                }
                other => Ok(other.map(|v| v as u64)),
            }
        };
        Ok(Targets {
            mean_walk,
            tolerance,
            max_longest: positive("max_longest", self.max_longest)?
                .map(|v| v.min(u64::from(u32::MAX)) as u32),
            min_decisions: positive("min_decisions", self.min_decisions)?.map(|v| v as usize),
            min_routes: positive("min_routes", self.min_routes)?.map(u128::from),
        })
    }
}

impl SearchParams {
    /// The checked number of candidates, and the population and matings when evolving.
    /// `targets` are what an evolving population is judged by: evolving needs at least one.
    ///
    /// # Errors
    /// [`JobError::Parameters`] for a value out of range or two that contradict each other,
    /// naming both.
    pub fn search(&self, targets: &Targets) -> Result<(usize, Option<(usize, u64)>), JobError> {
        let candidates = within(
            "candidates",
            self.candidates,
            1..=MAX_CANDIDATES,
            &format!("give between 1 and {MAX_CANDIDATES}"),
        )? as usize;
        if !self.evolve {
            for (name, value) in [("population", self.population), ("matings", self.matings)] {
                if let Some(value) = value {
                    return refuse(format!(
                        "{name} {value} is for evolving, and evolve is not set: set evolve as \
                         well, or leave {name} out to choose among candidates"
                    ));
                }
            }
            return Ok((candidates, None));
        }
        if candidates > 1 {
            return refuse(format!(
                "candidates {candidates} and evolve contradict each other: choose among \
                 candidates or evolve, not both"
            ));
        }
        if targets.is_empty() {
            return refuse(
                "evolve needs something to evolve toward: give mean_walk, max_longest, \
                 min_decisions or min_routes"
                    .into(),
            );
        }
        let population = match self.population {
            None => DEFAULT_POPULATION,
            Some(n) => within(
                "population",
                n,
                MIN_POPULATION as i64..=MAX_POPULATION,
                &format!("give between {MIN_POPULATION} and {MAX_POPULATION}"),
            )? as usize,
        };
        let matings = match self.matings {
            None => DEFAULT_MATINGS,
            Some(n) => within(
                "matings",
                n,
                1..=MAX_MATINGS,
                &format!("give between 1 and {MAX_MATINGS}"),
            )? as u64,
        };
        Ok((candidates, Some((population, matings))))
    }
}

impl StudyParams {
    /// The values of M, dungeons per M, walks per dungeon, memory and the generator settings
    /// other than M, every value of M checked against them.
    ///
    /// # Errors
    /// [`JobError::Parameters`] naming the parameter, its value and what it should be.
    pub fn spec(&self) -> Result<crate::study::StudySpec, JobError> {
        let range = parse_range(&self.min_path, "min_path")?;
        let limit = u64::from(MIN_PATH_LIMIT);
        if *range.start() < 1 || *range.end() > limit {
            return refuse(format!(
                "min_path {}: give values of M between 1 and {limit}",
                self.min_path
            ));
        }
        let graphs = within(
            "graphs",
            self.graphs,
            1..=MAX_GRAPHS,
            &format!("give between 1 and {MAX_GRAPHS}"),
        )?;
        let walks = walks(self.walks)?;
        let max_portals = max_portals(self.max_portals)?;
        let room_limit = ROOM_LIMIT as i64;
        let max_rooms = within(
            "max_rooms",
            self.max_rooms,
            2..=room_limit,
            &format!("give between 2 and {room_limit}"),
        )?;
        let spec = crate::study::StudySpec {
            min_paths: range.map(|m| m as u32).collect(),
            graphs: graphs as u32,
            walks,
            memory: self.memory,
            base: Params::new(1)
                .max_portals(max_portals)
                .rooms(2, max_rooms as usize),
        };
        for &m in &spec.min_paths {
            spec.params_for(m).validate().map_err(|e| {
                JobError::parameters(format!("M = {m}: {e} (see max_rooms, min_path)"))
            })?;
        }
        Ok(spec)
    }
}
