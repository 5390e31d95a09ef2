//! Suggestions around a designer's portal dungeon: `portals-explore` started from a dungeon
//! file (`start`) with rooms locked (`lock`).
//!
//! A locked room keeps its number and its portals, each to the same room: a child of the
//! dungeon's own variation (relink, regrow, graft) that renumbers it or changes its portals is
//! made again ([`ludoforge_job::explore::Locked`]), so the rooms a designer fixed, and where
//! they lead, are in every suggestion. The start's settings (minimum path, portals a room,
//! room bounds, walks, memory) and targets are the exploration's.

use ludoforge_job::JobError;
use serde_json::Value;

use crate::dungeon::{Dungeon, RoomId};
use crate::format::{DungeonFile, GENERATOR};
use crate::packed::PackedDungeon;

/// A start dungeon and its locked rooms, checked.
#[derive(Debug, Clone)]
pub struct Start {
    /// The start's file (its settings and targets are the exploration's).
    pub file: DungeonFile,
    /// The dungeon, as its rooms' portal lists make it.
    pub dungeon: Dungeon,
    /// The locked rooms, each once, in order.
    pub rooms: Vec<RoomId>,
}

/// The dungeon a document holds (a portals file, as itself or as a file given by content),
/// as its rooms' portal lists make it, held to the generator's invariants.
///
/// # Errors
/// A message for a document that is not a portals file, or a dungeon that breaks a rule.
pub fn sent_dungeon(document: &Value) -> Result<(DungeonFile, Dungeon), String> {
    let document = ludoforge_job::check::given(document)
        .map_err(|e| format!("the start dungeon is not JSON: {e}"))?;
    if document.get("generator").and_then(Value::as_str) != Some(GENERATOR) {
        return Err(
            "it is not a portal dungeon: give a result of `portals`, an elite of \
             `portals-explore` or a checked dungeon"
                .into(),
        );
    }
    let mut file: DungeonFile = serde_json::from_value(document.clone())
        .map_err(|e| format!("it is not a ludoforge portals file: {e}"))?;
    let params = file.settings.params;
    params
        .validate()
        .map_err(|e| format!("its settings are impossible: {e}"))?;
    let dungeon = super::super::check::rebuilt(&mut file.dungeon);
    dungeon
        .check(params.min_path, params.max_portals)
        .map_err(|v| format!("it breaks a rule of portal dungeons: {v}"))?;
    Ok((file, dungeon))
}

impl Start {
    /// The start of `start` and `lock`, or `None` without a start (then `lock` must be empty).
    ///
    /// # Errors
    /// [`JobError`] for a start that is not a valid portal dungeon, or a lock that names no
    /// room of it.
    pub fn read(start: &Value, lock: &[String]) -> Result<Option<Start>, JobError> {
        if start.is_null() {
            if let Some(first) = lock.first() {
                return Err(JobError::parameters(format!(
                    "lock {first:?}: locks are rooms of a dungeon to start from; give the \
                     dungeon as `start` too"
                )));
            }
            return Ok(None);
        }
        let (file, dungeon) = sent_dungeon(start).map_err(|why| {
            JobError::input(format!(
                "the start cannot be used: {why} (fix it in the editor first)"
            ))
        })?;
        let rooms = locked_rooms(dungeon.rooms(), lock)?;
        Ok(Some(Start {
            file,
            dungeon,
            rooms,
        }))
    }

    /// The start as a genome.
    #[must_use]
    pub fn packed(&self) -> PackedDungeon {
        PackedDungeon::pack(&self.dungeon)
    }

    /// Whether a dungeon keeps every locked room: its number, and its portals to the same
    /// rooms.
    pub fn keeps(&self) -> impl Fn(&PackedDungeon) -> bool + Sync + use<> {
        let wanted: Vec<(RoomId, Vec<RoomId>)> = self
            .rooms
            .iter()
            .map(|&r| (r, self.dungeon.portals(r).to_vec()))
            .collect();
        move |packed: &PackedDungeon| {
            if wanted.is_empty() {
                return true;
            }
            let dungeon = packed.unpack();
            wanted.iter().all(|(r, portals)| {
                (*r as usize) < dungeon.rooms() && dungeon.portals(*r) == portals
            })
        }
    }
}

/// The rooms `lock` names among `rooms` rooms: `3`, `room 3` or `0-5`, each once, in order.
///
/// # Errors
/// [`JobError::Parameters`] naming an entry that is not a room of the dungeon.
pub fn locked_rooms(rooms: usize, lock: &[String]) -> Result<Vec<RoomId>, JobError> {
    let mut locked = vec![false; rooms];
    for entry in lock.iter().flat_map(|l| l.split(',')).map(str::trim) {
        if entry.is_empty() {
            continue;
        }
        let bad = || {
            JobError::parameters(format!(
                "lock {entry:?}: lock rooms of this dungeon of {rooms} rooms (room 0 to room \
                 {}), like 3, room 3 or 0-5",
                rooms.saturating_sub(1)
            ))
        };
        let number = |text: &str| -> Result<usize, JobError> {
            let text = text.trim();
            let text = text.strip_prefix("room").unwrap_or(text).trim();
            let n: usize = text.parse().map_err(|_| bad())?;
            if n < rooms { Ok(n) } else { Err(bad()) }
        };
        let (a, b) = match entry.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => {
                let n = number(entry)?;
                (n, n)
            }
        };
        locked[a.min(b)..=a.max(b)].fill(true);
    }
    Ok((0..rooms)
        .filter(|&r| locked[r])
        .map(|r| r as RoomId)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locks_read_rooms_and_ranges() {
        let rooms = locked_rooms(8, &["room 5".into(), "0-2, 2".into()]).unwrap();
        assert_eq!(rooms, [0, 1, 2, 5]);
        let error = locked_rooms(8, &["9".into()]).unwrap_err().to_string();
        assert!(
            error.contains("lock \"9\": lock rooms of this dungeon of 8 rooms (room 0 to room 7)"),
            "{error}"
        );
        assert!(locked_rooms(8, &["a1".into()]).is_err());
    }
}
