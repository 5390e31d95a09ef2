//! The descriptors `portals-explore` offers, with natural ranges fitted to the generator's
//! parameters by a survey of dungeons it makes.
//!
//! Walks and routes are measured in portals, and none is shorter than M, so their axes run
//! from M to a multiple of M. A dungeon's size, its decision rooms and its routes grow about
//! exponentially with M and depend on the portals per room (Bush, section 5 and figure 3), so
//! no formula gives their ranges for every setting: a few dungeons are generated with the
//! run's parameters, always from the same streams, and each range reaches well past the
//! largest seen (evolution goes further than the generator by itself). Every axis is cut into
//! cells of a round width.

use ludoforge_evolve::rng::stream;
use ludoforge_job::JobError;
use ludoforge_job::explore::Descriptor;

use std::sync::atomic::AtomicBool;

use crate::generate::{GenerateError, generate_until};
use crate::params::Params;
use crate::paths::routes;

/// Dungeons generated to fit the ranges.
pub const SURVEY: u64 = 32;

/// The master seed of the survey's streams: the same dungeons for every run, so the ranges
/// depend on the parameters alone.
const SURVEY_SEED: u64 = u64::from_be_bytes(*b"surveyed");

/// Attempts per surveyed dungeon at most: enough to meet room bounds a run can meet.
const SURVEY_ATTEMPTS: u32 = 50;

/// The most cells an axis gets by default.
const MAX_CELLS: usize = 24;

/// The largest measures the survey saw.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Seen {
    rooms: usize,
    log_routes: f64,
    decisions: usize,
}

/// Generates the survey's dungeons and notes the largest of their measures (no walk is
/// simulated).
///
/// # Errors
/// [`JobError::Parameters`] when no dungeon within the room bounds comes out, with the
/// generator's account of why.
///
/// Once `cancel` is set it stops between two attempts: [`JobError::Failed`], nothing made.
fn survey(params: &Params, cancel: Option<&AtomicBool>) -> Result<Seen, JobError> {
    let params = params.attempts(params.attempts.min(SURVEY_ATTEMPTS));
    let mut seen: Option<Seen> = None;
    let mut failure = None;
    for i in 0..SURVEY {
        let dungeon = match generate_until(&params, &mut stream(SURVEY_SEED, 0, i), cancel) {
            Ok(dungeon) => dungeon,
            Err(GenerateError::Cancelled) => {
                return Err(JobError::cancelled(
                    "cancelled while surveying the dungeons the archive is fitted to, before \
                     any was explored: nothing was made yet",
                ));
            }
            Err(error) => {
                failure.get_or_insert(error);
                continue;
            }
        };
        let r = routes(&dungeon).expect("a generated dungeon is acyclic and walkable");
        let decisions = (0..dungeon.rooms() as u32)
            .filter(|&room| dungeon.portals(room).len() >= 2)
            .count();
        let now = Seen {
            rooms: dungeon.rooms(),
            log_routes: log_routes(r.count),
            decisions,
        };
        seen = Some(match seen {
            None => now,
            Some(s) => Seen {
                rooms: s.rooms.max(now.rooms),
                log_routes: s.log_routes.max(now.log_routes),
                decisions: s.decisions.max(now.decisions),
            },
        });
    }
    seen.ok_or_else(|| {
        let why = failure.map_or_else(String::new, |e| format!(": {e}"));
        JobError::parameters(format!(
            "the archive is fitted to dungeons made with these parameters, and none could be \
             made{why}"
        ))
    })
}

/// The number of routes on the `routes` axis: its base-2 logarithm (a count beyond what an
/// `f64` holds exactly is rounded first, which moves the logarithm by far less than a cell).
///
/// ```
/// use ludoforge_portals::job::log_routes;
/// assert_eq!(log_routes(1), 0.0);
/// assert_eq!(log_routes(32), 5.0);
/// assert_eq!(log_routes(u128::MAX), 128.0);
/// ```
#[must_use]
pub fn log_routes(count: u128) -> f64 {
    (count.max(1) as f64).log2()
}

/// An axis of whole numbers from `low` that holds at least `high`: cells of a round width
/// (1, 2, 5, 10, 20, ...) such that there are at most [`MAX_CELLS`]: `(low, high, cells)`.
fn whole_axis(low: u64, high: u64) -> (f64, f64, usize) {
    let span = high.saturating_sub(low) + 1;
    let mut width = 1u64;
    let mut steps = [2, 5, 10].into_iter().cycle();
    let mut decade = 1u64;
    while span.div_ceil(width) > MAX_CELLS as u64 {
        let step = steps.next().expect("the steps cycle");
        width = decade * step;
        if step == 10 {
            decade *= 10;
        }
    }
    let cells = span.div_ceil(width);
    (
        low as f64,
        (low + cells * width) as f64,
        usize::try_from(cells).expect("at most MAX_CELLS"),
    )
}

/// An axis of real numbers from `low` that reaches `high`: cells of a round width (0.1, 0.2,
/// 0.25, 0.5, 1, 2, 2.5, 5, 10, ...) such that there are at most [`MAX_CELLS`].
fn real_axis(low: f64, high: f64) -> (f64, f64, usize) {
    let span = (high - low).max(f64::MIN_POSITIVE);
    // Widths in hundredths, so that the cell edges come out as people write them.
    let mut decade = 1u64;
    loop {
        for step in [10, 20, 25, 50] {
            let hundredths = (decade * step) as f64;
            let cells = (span * 100.0 / hundredths - 1e-9).ceil().max(1.0);
            if cells <= MAX_CELLS as f64 {
                let high = low + cells * hundredths / 100.0;
                return (low, (high * 1e6).round() / 1e6, cells as usize);
            }
        }
        decade *= 10;
    }
}

/// The descriptors `portals-explore` offers for dungeons made with `params`, in this order:
/// `rooms`, `mean_walk`, `routes`, `decision_rooms`, `longest_route`. Their ranges come from
/// a survey of [`SURVEY`] dungeons generated with `params` (the same for every seed):
///
/// * `rooms` from the fewest allowed (M + 1 unless bounded) to twice the survey's largest,
///   within the upper room bound;
/// * `mean_walk` from M (no walk is shorter) to 2M, and `longest_route` from M to 3M;
/// * `routes` (log₂ of the count) from 0 (one route) to 1.75 times the survey's largest,
///   rounded up, and at least 4, in whole doublings while there are at most 24;
/// * `decision_rooms` from 0 to twice the survey's largest.
///
/// Each axis is cut into at most 24 cells of a round width (1, 2, 5, 10, ... for counts; 0.1,
/// 0.2, 0.25, 0.5, 1, ... for the mean walk).
///
/// # Errors
/// [`JobError::Parameters`] when the generator makes no dungeon within the room bounds.
///
/// ```
/// use ludoforge_portals::Params;
/// let offered = ludoforge_portals::job::explore_descriptors(&Params::new(9)).unwrap();
/// let names: Vec<_> = offered.iter().map(|d| d.name).collect();
/// assert_eq!(names, ["rooms", "mean_walk", "routes", "decision_rooms", "longest_route"]);
/// assert_eq!((offered[0].low, offered[1].low), (10.0, 9.0));
/// assert_eq!((offered[1].high, offered[4].high), (18.0, 28.0));
/// assert!(offered.iter().all(|d| d.low < d.high && (1..=24).contains(&d.cells)));
/// ```
pub fn explore_descriptors(params: &Params) -> Result<Vec<Descriptor>, JobError> {
    explore_descriptors_until(params, None)
}

/// [`explore_descriptors`], its survey stopped once `cancel` is set.
///
/// # Errors
/// As [`explore_descriptors`]; once cancelled, [`JobError::Cancelled`] saying nothing was made.
pub fn explore_descriptors_until(
    params: &Params,
    cancel: Option<&AtomicBool>,
) -> Result<Vec<Descriptor>, JobError> {
    let seen = survey(params, cancel)?;
    let m = params.min_path;
    let rooms = {
        let wanted = (2 * seen.rooms).min(params.max_rooms);
        whole_axis(params.min_rooms as u64, wanted as u64)
    };
    let mean_walk = real_axis(f64::from(m), f64::from(2 * m));
    let routes = whole_axis(0, (1.75 * seen.log_routes).ceil().max(4.0) as u64 - 1);
    let decisions = whole_axis(0, (2 * seen.decisions).max(1) as u64);
    let longest = whole_axis(u64::from(m), u64::from(3 * m));
    Ok(offered([rooms, mean_walk, routes, decisions, longest]))
}

/// The descriptors with a placeholder range each, to check settings against their names
/// before the survey.
pub(super) fn unfitted() -> Vec<Descriptor> {
    offered([(0.0, 1.0, 1); 5])
}

/// The descriptors with their ranges, `(low, high, cells)` each, in the offered order.
fn offered(ranges: [(f64, f64, usize); 5]) -> Vec<Descriptor> {
    let [rooms, mean_walk, routes, decisions, longest] = ranges;
    let descriptor = |name, unit, (low, high, cells): (f64, f64, usize), help| Descriptor {
        name,
        unit,
        low,
        high,
        cells,
        help,
    };
    vec![
        descriptor(
            "rooms",
            "rooms",
            rooms,
            "Rooms in the dungeon, origin and exit included: how vast it feels.",
        ),
        descriptor(
            "mean_walk",
            "portals",
            mean_walk,
            "The mean length of the simulated players' walks from the origin to the exit, in \
             portals taken (rooms visited less one): how long a playthrough lasts.",
        ),
        descriptor(
            "routes",
            "log₂",
            routes,
            "The distinct routes from the origin to the exit, on a log₂ scale because the \
             count grows exponentially with the dungeon: 5 is 32 routes, each whole step a \
             doubling. How many ways the players' choices can lead.",
        ),
        descriptor(
            "decision_rooms",
            "rooms",
            decisions,
            "Rooms with two or more portals, where the players choose.",
        ),
        descriptor(
            "longest_route",
            "portals",
            longest,
            "Portals on the longest route from the origin to the exit: the hardest \
             playthrough (the shortest is at least M).",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_axes_take_round_widths() {
        assert_eq!(whole_axis(10, 20), (10.0, 21.0, 11));
        assert_eq!(whole_axis(10, 33), (10.0, 34.0, 24));
        assert_eq!(whole_axis(10, 34), (10.0, 36.0, 13));
        assert_eq!(whole_axis(10, 139), (10.0, 140.0, 13));
        assert_eq!(whole_axis(0, 1000), (0.0, 1050.0, 21));
    }

    #[test]
    fn real_axes_take_round_widths() {
        assert_eq!(real_axis(9.0, 11.0), (9.0, 11.0, 20));
        assert_eq!(real_axis(9.0, 12.4), (9.0, 12.4, 17));
        assert_eq!(real_axis(9.0, 18.0), (9.0, 18.0, 18));
        assert_eq!(real_axis(0.0, 12.1), (0.0, 13.0, 13));
    }
}
