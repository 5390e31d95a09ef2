//! The portal-dungeon jobs: `portals`, `portals-show`, `portals-study` and `portals-explore`
//! (see `ludoforge-job`).
//!
//! Each front end (the command line, the web studio, sweeps) runs portal dungeons through
//! these, so the same parameters and seed give the same files whichever asks. Jobs read no
//! file and no machine setting: `portals-show` is given the dungeon file's content, and
//! `portals` is given the memory an evolving population may take ([`MemoryLimit`]).

mod check;
mod explore;
mod files;
mod generate;
mod memory;
pub mod params;
mod search;
mod show;
mod study;

#[cfg(test)]
mod tests;

pub use check::check;
pub use explore::{
    ExploreJob, ExploreParams, ExplorePlan, SURVEY, descriptors, explore_descriptors, log_routes,
    nearness,
};
pub use generate::{GenerateJob, Plan};
pub use memory::{FALLBACK_MEMORY_LIMIT, MEMORY_SHARE, MemoryLimit, check_population};
pub use params::{
    DungeonParams, GenerateParams, SearchParams, ShowParams, StudyParams, TargetParams,
};
pub use search::DungeonContent;
pub use show::ShowJob;
pub use study::StudyJob;

use ludoforge_job::Job;

/// What this generator makes, for galleries.
pub const ABOUT: ludoforge_job::registry::About = ludoforge_job::registry::About {
    title: "Portal dungeons",
    sentence: "Rooms joined by one-way portals, judged by simulated players that remember their way, evolved toward the routes and decisions wanted (after Bush).",
};

/// The portal jobs, for a front end's registry. `portals` refuses an evolving population of
/// more than [`FALLBACK_MEMORY_LIMIT`] bytes here; a front end that knows the machine's memory
/// uses [`jobs_within`].
///
/// ```
/// let ids: Vec<_> = ludoforge_portals::job::jobs().iter().map(|j| j.id()).collect();
/// assert_eq!(ids, ["portals", "portals-show", "portals-study", "portals-explore"]);
/// ```
#[must_use]
pub fn jobs() -> Vec<Box<dyn Job>> {
    jobs_within(MemoryLimit::default())
}

/// The portal jobs, `portals` refusing an evolving population beyond `memory`.
#[must_use]
pub fn jobs_within(memory: MemoryLimit) -> Vec<Box<dyn Job>> {
    vec![
        Box::new(GenerateJob::new(memory)),
        Box::new(ShowJob),
        Box::new(StudyJob),
        Box::new(ExploreJob),
    ]
}
