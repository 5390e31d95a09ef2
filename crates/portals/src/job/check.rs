//! Portal dungeons checked as the `check` job asks ([`ludoforge_job::check`]): a dungeon file
//! of the portals jobs (a result, an elite), its portals as the rooms list them, held to the
//! generator's invariants and measured again with the walks it was made with.
//!
//! Only each room's portals and the exit are read as the dungeon: an edit adds or removes a
//! portal in a room's list, and the parents, stages and the flat portal list are made again
//! from them. A dungeon is valid when it keeps every invariant `portals-show` checks (no
//! cycle, every room reachable and on a way to the exit, at most the portals a room may have,
//! every route at least the minimum path long). Places are rooms, named `room N`.

use ludoforge_job::check::{Checked, Measure, Problem};
use ludoforge_job::{Context, JobError};
use serde_json::{Value, json};

use crate::dungeon::{Dungeon, RoomId, Violation};
use crate::format::{DungeonEntry, DungeonFile, GENERATOR};
use crate::measures::Measures;

/// The dungeon in `document` checked, when it is a portals dungeon file.
#[must_use]
pub fn check(document: &Value, context: &Context) -> Option<Result<Checked, JobError>> {
    (document.get("generator").and_then(Value::as_str) == Some(GENERATOR))
        .then(|| checked(document, context))
}

fn checked(document: &Value, context: &Context) -> Result<Checked, JobError> {
    let mut file: DungeonFile = serde_json::from_value(document.clone())
        .map_err(|e| JobError::input(format!("not a ludoforge portals file: {e}")))?;
    file.settings
        .params
        .validate()
        .map_err(|e| JobError::input(format!("the file's settings are impossible: {e}")))?;
    let rooms = file.dungeon.rooms.len();
    let dungeon = rebuilt(&mut file.dungeon);
    file.dungeon = DungeonEntry::of(&dungeon);
    let kind = format!("portal dungeon of {rooms} rooms");
    let params = &file.settings.params;
    if let Err(violation) = dungeon.check(params.min_path, params.max_portals) {
        let at = match &violation {
            Violation::BadPortal { from, .. }
            | Violation::DuplicatePortal { from, .. }
            | Violation::OutDegree { room: from, .. }
            | Violation::Cycle(from)
            | Violation::Unreachable(from)
            | Violation::DeadEnd(from) => vec![format!("room {from}")],
            _ => Vec::new(),
        };
        let portal_count = dungeon_portals(&file);
        return Ok(Checked {
            of: "portals",
            suggest: None,
            kind,
            problem: Some(Problem {
                reason: violation.to_string(),
                at,
            }),
            measures: vec![
                Measure::plain("rooms", rooms),
                Measure::plain("portals", portal_count),
            ],
            content: serde_json::to_value(&file).expect("a dungeon file serialises"),
            files: Vec::new(),
        });
    }
    let settings = file.settings;
    file.measures = Measures::of(
        &dungeon,
        settings.walks.max(1),
        settings.memory,
        &mut settings.walk_stream(file.seed, file.candidate, &dungeon),
    )
    .map_err(|e| JobError::input(format!("the dungeon cannot be walked: {e}")))?;
    file.verdicts = file.targets.judge(&file.measures);
    file.score = file.verdicts.iter().map(|v| v.miss).sum();
    let content = serde_json::to_value(&file).expect("a dungeon file serialises");
    let files = match super::files::draw(&content, context) {
        Some(drawn) => drawn?,
        None => Vec::new(),
    };
    let m = &file.measures;
    // The routes on the exploration's scale (log₂) as its descriptor, the count as well.
    let routes = (m.routes as f64).log2();
    Ok(Checked {
        of: "portals",
        suggest: Some("portals-explore"),
        kind,
        problem: None,
        measures: vec![
            Measure::descriptor("rooms", m.rooms),
            Measure::descriptor("mean_walk", m.walks.mean),
            Measure::descriptor("routes", routes),
            Measure::plain("route_count", m.routes.to_string()),
            Measure::plain("portals", m.portals),
            Measure::plain("decision_rooms", m.decision_rooms),
            Measure::plain("passage_rooms", m.passage_rooms),
            Measure::plain("shortest_route", m.shortest_route),
            Measure::plain("longest_route", m.longest_route),
            Measure::plain("expected_walk", m.expected_walk),
            Measure::plain("score", file.score),
            Measure::plain("walks", json!(m.walks.walks)),
        ],
        content,
        files,
    })
}

/// The dungeon of the rooms' portal lists: the flat portal list made again from them, and a
/// room whose parent no longer leads to it given the first room that does, so that the rooms'
/// stages (and with them the passage rooms) are kept; a list that still cannot be read as a
/// history is read as portals alone.
pub(super) fn rebuilt(entry: &mut DungeonEntry) -> Dungeon {
    entry.portals = entry
        .rooms
        .iter()
        .flat_map(|room| room.portals.iter().map(move |&to| [room.id, to]))
        .collect();
    let leads: Vec<Vec<RoomId>> = entry.rooms.iter().map(|r| r.portals.clone()).collect();
    for room in &mut entry.rooms {
        if room.id == 0 {
            continue;
        }
        let fine = room
            .parent
            .and_then(|p| leads.get(p as usize))
            .is_some_and(|portals| portals.contains(&room.id));
        if !fine {
            room.parent = leads
                .iter()
                .position(|portals| portals.contains(&room.id))
                .map(|p| p as RoomId);
        }
    }
    entry
        .to_dungeon()
        .unwrap_or_else(|_| Dungeon::from_portals(leads, entry.exit))
}

/// The portals the rooms list.
fn dungeon_portals(file: &DungeonFile) -> usize {
    file.dungeon.rooms.iter().map(|r| r.portals.len()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Value {
        serde_json::from_str(include_str!("../../samples/dungeon.json")).unwrap()
    }

    fn run(document: &Value) -> Checked {
        check(document, &Context::quiet().want("svg"))
            .expect("a dungeon")
            .expect("readable")
    }

    #[test]
    fn a_dungeon_file_checks_to_its_own_measures() {
        let file = sample();
        let checked = run(&file);
        assert!(checked.problem.is_none(), "{:?}", checked.problem);
        assert_eq!(checked.content["measures"], file["measures"]);
        assert_eq!(checked.content["dungeon"], file["dungeon"]);
        assert!(checked.files.iter().any(|f| f.role == "svg"));
    }

    #[test]
    fn a_portal_removed_that_strands_a_room_is_named() {
        let mut file = sample();
        // Every portal into the room the origin's first portal leads to, taken away: that
        // room can no longer be reached.
        let target = file["dungeon"]["rooms"][0]["portals"][0].clone();
        for room in file["dungeon"]["rooms"].as_array_mut().unwrap() {
            let kept: Vec<Value> = room["portals"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| **p != target)
                .cloned()
                .collect();
            room["portals"] = json!(kept);
        }
        let checked = run(&file);
        let problem = checked.problem.expect("invalid");
        assert_eq!(problem.at, [format!("room {target}")]);
        assert!(
            problem.reason.contains("cannot be reached"),
            "{}",
            problem.reason
        );
    }
}
