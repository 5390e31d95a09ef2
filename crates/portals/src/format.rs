//! The dungeon file: one JSON document with the generator, version, seed, parameters, targets,
//! the dungeon itself (rooms, portals, origin, exit) and its measures.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::choose::{Choice, Targets, Verdict};
use crate::dungeon::{Dungeon, RoomId, Stage, Violation};
use crate::measures::Measures;
use crate::params::{Params, ParamsError};
use crate::paths::routes;
use crate::walk::Memory;

/// The generator's name in every file.
pub const GENERATOR: &str = "portals";

/// How a dungeon was made and walked.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// The generator's parameters.
    #[serde(flatten)]
    pub params: Params,
    /// Candidates generated to choose from.
    pub candidates: usize,
    /// Simulated walks per candidate.
    pub walks: u32,
    /// What the simulated players remember.
    pub memory: Memory,
    /// Set when the dungeon was evolved rather than chosen among candidates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evolution: Option<Evolution>,
    /// Set when the dungeon is an elite of an exploration (`portals-explore`) rather than
    /// chosen among candidates or evolved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exploration: Option<Exploration>,
}

/// How an explored dungeon was found: the exploration whose archive holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exploration {
    /// How the archive was filled: `map-elites` or `random`.
    pub method: ludoforge_job::explore::Method,
    /// Candidates evaluated by the whole exploration.
    pub evaluations: u64,
}

/// How an evolved dungeon was evolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Evolution {
    /// Dungeons in the population.
    pub population: usize,
    /// Matings (each makes two children).
    pub matings: u64,
}

impl Settings {
    /// The stream a dungeon of this file was walked with: candidate `i` of a choice used
    /// `(seed, 2, i)`; an evolved or explored dungeon uses `(seed, 3, its fingerprint)`.
    #[must_use]
    pub fn walk_stream(
        &self,
        seed: u64,
        candidate: usize,
        dungeon: &Dungeon,
    ) -> ludoforge_evolve::Stream {
        if self.evolution.is_none() && self.exploration.is_none() {
            ludoforge_evolve::rng::stream(seed, 2, candidate as u64)
        } else {
            crate::evolve::walk_stream(seed, dungeon)
        }
    }
}

/// One room as written in the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomEntry {
    /// Its number.
    pub id: RoomId,
    /// The stage that made it.
    pub stage: Stage,
    /// The room through whose portal it was made (none for the origin).
    pub parent: Option<RoomId>,
    /// The rooms its portals lead to.
    pub portals: Vec<RoomId>,
}

/// The dungeon as written in the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DungeonEntry {
    /// The origin (always 0).
    pub origin: RoomId,
    /// The exit.
    pub exit: RoomId,
    /// Every room in number order.
    pub rooms: Vec<RoomEntry>,
    /// Every portal as `[from, to]`, room by room (the same portals as in `rooms`).
    pub portals: Vec<[RoomId; 2]>,
    /// One shortest route from the origin to the exit.
    pub shortest_route: Vec<RoomId>,
}

/// A whole dungeon file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DungeonFile {
    /// Always "portals".
    pub generator: String,
    /// The version of ludoforge that wrote it.
    pub version: String,
    /// The master seed.
    pub seed: u64,
    /// How it was made.
    pub settings: Settings,
    /// What was asked of it.
    pub targets: Targets,
    /// How it fares against each target.
    pub verdicts: Vec<Verdict>,
    /// The sum of the target misses (0 when all are met exactly).
    pub score: f64,
    /// Which candidate was kept (0-based).
    pub candidate: usize,
    /// The dungeon.
    pub dungeon: DungeonEntry,
    /// Its measures.
    pub measures: Measures,
}

/// A dungeon file that cannot be used.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum FormatError {
    /// Not JSON, or not this shape.
    #[error("not a ludoforge portals file: {0}")]
    Json(serde_json::Error),
    /// Another generator's file.
    #[error("this file was written by the \"{0}\" generator, not \"portals\"")]
    Generator(String),
    /// The room list is not numbered 0, 1, 2, ... or disagrees with the portal list.
    #[error("the dungeon's room list is inconsistent: {0}")]
    Rooms(String),
    /// The settings are impossible.
    #[error("the file's settings are impossible: {0}")]
    Settings(ParamsError),
    /// The dungeon breaks an invariant.
    #[error("the dungeon is not a valid portal dungeon: {0}")]
    Invalid(Violation),
}

// The causes are written into the messages, so they are not also given as sources (a
// report of the whole chain would say them twice).
impl From<serde_json::Error> for FormatError {
    fn from(e: serde_json::Error) -> FormatError {
        FormatError::Json(e)
    }
}

impl From<ParamsError> for FormatError {
    fn from(e: ParamsError) -> FormatError {
        FormatError::Settings(e)
    }
}

impl From<Violation> for FormatError {
    fn from(e: Violation) -> FormatError {
        FormatError::Invalid(e)
    }
}

impl DungeonFile {
    /// The file for a chosen dungeon.
    #[must_use]
    pub fn new(choice: &Choice, settings: Settings, targets: Targets, seed: u64) -> DungeonFile {
        DungeonFile {
            generator: GENERATOR.into(),
            version: env!("CARGO_PKG_VERSION").into(),
            seed,
            settings,
            targets,
            verdicts: choice.verdicts.clone(),
            score: choice.score,
            candidate: choice.candidate,
            dungeon: DungeonEntry::of(&choice.dungeon),
            measures: choice.measures.clone(),
        }
    }

    /// The file as pretty JSON with a final newline.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("a dungeon file serialises");
        text.push('\n');
        text
    }

    /// Reads a file and rebuilds its dungeon, checking every invariant.
    ///
    /// # Errors
    /// A [`FormatError`] naming what is wrong.
    pub fn parse(text: &str) -> Result<(DungeonFile, Dungeon), FormatError> {
        let file: DungeonFile = serde_json::from_str(text)?;
        if file.generator != GENERATOR {
            return Err(FormatError::Generator(file.generator));
        }
        file.settings.params.validate()?;
        let dungeon = file.dungeon.to_dungeon()?;
        dungeon.check(
            file.settings.params.min_path,
            file.settings.params.max_portals,
        )?;
        Ok((file, dungeon))
    }
}

impl DungeonEntry {
    /// The entry for a dungeon.
    #[must_use]
    pub fn of(dungeon: &Dungeon) -> DungeonEntry {
        let rooms = (0..dungeon.rooms() as RoomId)
            .map(|id| RoomEntry {
                id,
                stage: dungeon.stage(id),
                parent: dungeon.parent(id),
                portals: dungeon.portals(id).to_vec(),
            })
            .collect();
        DungeonEntry {
            origin: dungeon.origin(),
            exit: dungeon.exit(),
            rooms,
            portals: dungeon.arcs().map(|(a, b)| [a, b]).collect(),
            shortest_route: routes(dungeon)
                .map(|r| r.shortest_route)
                .unwrap_or_default(),
        }
    }

    /// The dungeon this entry describes (invariants not checked).
    ///
    /// # Errors
    /// [`FormatError::Rooms`] when the rooms are not numbered in order, the origin is not 0,
    /// or the portal list disagrees with the rooms' portals.
    pub fn to_dungeon(&self) -> Result<Dungeon, FormatError> {
        if self.origin != 0 {
            return Err(FormatError::Rooms(format!(
                "the origin must be room 0, not {}",
                self.origin
            )));
        }
        if let Some((i, room)) = self
            .rooms
            .iter()
            .enumerate()
            .find(|(i, room)| room.id as usize != *i)
        {
            return Err(FormatError::Rooms(format!(
                "room number {} is listed in position {i}; rooms must be numbered 0, 1, 2, ... in order",
                room.id
            )));
        }
        let listed: Vec<[RoomId; 2]> = self
            .rooms
            .iter()
            .flat_map(|room| room.portals.iter().map(move |&to| [room.id, to]))
            .collect();
        if listed != self.portals {
            return Err(FormatError::Rooms(
                "the \"portals\" list does not match the portals listed with the rooms".into(),
            ));
        }
        for room in &self.rooms {
            let fine = match room.parent {
                None => room.id == 0,
                Some(p) => self
                    .rooms
                    .get(p as usize)
                    .is_some_and(|parent| parent.portals.contains(&room.id)),
            };
            if !fine {
                let why = match room.parent {
                    None => format!(
                        "room {} has no parent, but only the origin (room 0) may have none",
                        room.id
                    ),
                    Some(p) if p as usize >= self.rooms.len() => format!(
                        "room {} names room {p} as its parent, but there is no room {p}",
                        room.id
                    ),
                    Some(p) => format!(
                        "room {} names room {p} as its parent, but room {p} has no portal to it: \
                         a room's parent must lead to it",
                        room.id
                    ),
                };
                return Err(FormatError::Rooms(why));
            }
        }
        Dungeon::with_history(
            self.rooms.iter().map(|r| r.portals.clone()).collect(),
            self.rooms.iter().map(|r| r.parent).collect(),
            self.rooms.iter().map(|r| r.stage).collect(),
            self.exit,
        )
        .ok_or_else(|| FormatError::Rooms("room lists of different lengths".into()))
    }
}
