//! The Gloomhaven jobs: `gloomhaven`, `gloomhaven-export-vgb`, `gloomhaven-import-vgb` and
//! `gloomhaven-explore` (see `ludoforge-job`).
//!
//! Each front end (the command line, the web studio, sweeps) runs them through these, so the
//! same parameters and seed give the same files whichever asks. Files the person names (a
//! catalog, scenario files, a board file) come in the parameters as their content
//! ([`FileContent`]): jobs read no files.
//!
//! [`ScenarioContent`] offers the `gloomhaven` job's scenarios, from its parameters, to the
//! ask and tell search ([`ludoforge_job::search`]).
//!
//! ```
//! use ludoforge_job::Context;
//! let jobs = ludoforge_gloomhaven::job::jobs();
//! let export = jobs.iter().find(|j| j.id() == "gloomhaven-export-vgb").unwrap();
//! let artifact = export
//!     .run(&serde_json::json!({"official": 1}), 0, &Context::quiet())
//!     .unwrap();
//! assert_eq!(artifact.summary["name"], "Black Barrow");
//! assert_eq!(artifact.summary["standees"], serde_json::json!([10, 14, 20]));
//! let board: serde_json::Value =
//!     serde_json::from_slice(&artifact.file("result").unwrap().bytes).unwrap();
//! assert_eq!(board["title"], "Black Barrow");
//! ```

mod check;
mod evolve;
mod explore;
mod files;
mod params;
mod search;
mod suggest;
#[cfg(test)]
mod tests;
mod vgb;

pub use check::check;
pub use evolve::{CheckedSearch, GloomhavenJob};
pub use explore::{GloomhavenExploreJob, GloomhavenExploreParams, explore_descriptors};
pub use files::{BoardFile, board_file, catalog, check_valid, ranges, read_scenarios};
pub use params::{
    ExportVgbParams, FileContent, GENE_GROUPS, GloomhavenParams, GoalParam, ImportVgbParams,
    MAX_CYCLES, MAX_TOP, MutationParams, Preset, TableParams,
};
pub use search::{ScenarioContent, ScenarioProblem};
pub use suggest::Locks;
pub use vgb::{CheckedExport, CheckedImport, ExportVgbJob, ImportVgbJob};

use ludoforge_job::Job;

/// What this generator makes, for galleries.
pub const ABOUT: ludoforge_job::registry::About = ludoforge_job::registry::About {
    title: "Gloomhaven scenarios",
    sentence: "New scenarios built only from the map tiles, overlays and standees in the box, evolved from the book's and ready for Virtual Gloomhaven Board (after Tijben and Gerhold).",
};

/// This generator's jobs, for a front end's registry.
///
/// ```
/// let ids: Vec<_> = ludoforge_gloomhaven::job::jobs().iter().map(|j| j.id()).collect();
/// assert_eq!(ids, ["gloomhaven", "gloomhaven-export-vgb", "gloomhaven-import-vgb",
///     "gloomhaven-explore"]);
/// ```
#[must_use]
pub fn jobs() -> Vec<Box<dyn Job>> {
    vec![
        Box::new(GloomhavenJob),
        Box::new(ExportVgbJob),
        Box::new(ImportVgbJob),
        Box::new(GloomhavenExploreJob),
    ]
}
