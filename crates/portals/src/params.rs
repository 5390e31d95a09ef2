//! The parameters of the generator and their checks.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The most rooms a dungeon may be asked to have: far beyond any table, small enough that a
/// run of attempts finishes in seconds.
pub const ROOM_LIMIT: usize = 200_000;

/// The largest minimum path length accepted.
pub const MIN_PATH_LIMIT: u32 = 1_000;

/// The largest number of portals per room accepted.
pub const PORTAL_LIMIT: usize = 8;

/// The largest number of attempts accepted.
pub const ATTEMPT_LIMIT: u32 = 1_000_000;

/// What the generator is asked for (Bush, section 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {
    /// M: the desired minimum number of portals on any origin-to-exit route.
    pub min_path: u32,
    /// The most portals leaving one room (the document fixes 2).
    pub max_portals: usize,
    /// The fewest rooms a kept dungeon may have.
    pub min_rooms: usize,
    /// The most rooms a kept dungeon may have.
    pub max_rooms: usize,
    /// How many dungeons to generate before giving up on the room bounds.
    pub attempts: u32,
}

impl Default for Params {
    /// The document's settings: M = 9, two portals per room, any size up to 10,000 rooms.
    fn default() -> Self {
        Params::new(9)
    }
}

impl Params {
    /// The document's settings for a minimum path length `min_path`: two portals per room,
    /// rooms from M + 1 up to 10,000, 1,000 attempts.
    #[must_use]
    pub fn new(min_path: u32) -> Params {
        Params {
            min_path,
            max_portals: 2,
            min_rooms: min_path as usize + 1,
            max_rooms: 10_000,
            attempts: 1_000,
        }
    }

    /// The same parameters with room bounds.
    #[must_use]
    pub fn rooms(mut self, min: usize, max: usize) -> Params {
        self.min_rooms = min;
        self.max_rooms = max;
        self
    }

    /// The same parameters with a maximum number of portals per room.
    #[must_use]
    pub fn max_portals(mut self, max: usize) -> Params {
        self.max_portals = max;
        self
    }

    /// The same parameters with a number of attempts.
    #[must_use]
    pub fn attempts(mut self, attempts: u32) -> Params {
        self.attempts = attempts;
        self
    }

    /// Checks that the parameters can describe a dungeon at all.
    ///
    /// # Errors
    /// A [`ParamsError`] naming the parameter and the accepted values.
    ///
    /// ```
    /// use ludoforge_portals::Params;
    /// assert!(Params::new(9).validate().is_ok());
    /// assert!(Params::new(0).validate().is_err());
    /// // M = 9 needs at least 10 rooms.
    /// assert!(Params::new(9).rooms(2, 8).validate().is_err());
    /// ```
    pub fn validate(&self) -> Result<(), ParamsError> {
        if self.min_path == 0 || self.min_path > MIN_PATH_LIMIT {
            return Err(ParamsError::MinPath(self.min_path));
        }
        if self.max_portals == 0 || self.max_portals > PORTAL_LIMIT {
            return Err(ParamsError::MaxPortals(self.max_portals));
        }
        if self.attempts == 0 || self.attempts > ATTEMPT_LIMIT {
            return Err(ParamsError::Attempts(self.attempts));
        }
        if self.min_rooms > self.max_rooms || self.max_rooms > ROOM_LIMIT {
            return Err(ParamsError::RoomRange {
                min: self.min_rooms,
                max: self.max_rooms,
            });
        }
        let fewest = self.min_path as usize + 1;
        if self.max_rooms < fewest {
            return Err(ParamsError::TooFewRooms {
                max: self.max_rooms,
                min_path: self.min_path,
                fewest,
            });
        }
        if self.max_portals == 1 && self.min_rooms > fewest {
            return Err(ParamsError::SingleCorridor {
                min: self.min_rooms,
                rooms: fewest,
            });
        }
        Ok(())
    }
}

/// Parameters that cannot describe a dungeon.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParamsError {
    /// M out of range.
    #[error("the minimum path length must be between 1 and {MIN_PATH_LIMIT}, not {0}")]
    MinPath(u32),
    /// Out-degree out of range.
    #[error("the number of portals per room must be between 1 and {PORTAL_LIMIT}, not {0}")]
    MaxPortals(usize),
    /// Attempts out of range.
    #[error("the number of attempts must be between 1 and {ATTEMPT_LIMIT}, not {0}")]
    Attempts(u32),
    /// The room bounds are reversed or absurd.
    #[error(
        "the room bounds {min}..{max} are not a range of sizes between 2 and {ROOM_LIMIT}: write the smaller bound first"
    )]
    RoomRange {
        /// Lower bound.
        min: usize,
        /// Upper bound.
        max: usize,
    },
    /// The upper bound is below the M + 1 rooms every route needs.
    #[error(
        "at most {max} rooms cannot hold a route of {min_path} portals, which passes {fewest} rooms: raise the room bound to at least {fewest} or lower the minimum path length"
    )]
    TooFewRooms {
        /// Upper room bound.
        max: usize,
        /// M.
        min_path: u32,
        /// M + 1.
        fewest: usize,
    },
    /// One portal per room makes a single corridor of exactly M + 1 rooms.
    #[error(
        "with one portal per room a dungeon is a single corridor of {rooms} rooms, so it cannot have at least {min}: allow two portals per room or lower the room bound"
    )]
    SingleCorridor {
        /// Lower room bound.
        min: usize,
        /// The corridor's size.
        rooms: usize,
    },
}
