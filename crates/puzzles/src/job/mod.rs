//! The puzzle jobs: `puzzle-chess`, `puzzle-chromatic`, `puzzle-solve` and `puzzle-study`.
//!
//! Each front end (the command line, the web studio, sweeps) runs puzzles through these, so
//! the same parameters and seed give the same files whichever asks.

mod check;
mod draw;
mod evolve;
mod explore;
mod params;
mod search;
mod shelf;
mod solve;
mod study;
mod suggest;

pub use check::check;
pub use evolve::{ChessJob, ChromaticJob};
pub use explore::{
    ChessExploreJob, ChessExploreParams, ChromaticExploreJob, ChromaticExploreParams,
    explore_descriptors,
};
pub use params::{
    BoardParams, ChessParams, ChromaticParams, PictureParams, SearchParams, SolveParams, Strategy,
    StudyParams,
};
pub use search::{ChessContent, ChromaticContent};
pub use solve::SolveJob;
pub use study::StudyJob;
pub use suggest::Start;

use ludoforge_job::{Job, JobError};

use crate::PuzzleError;

/// What this generator makes, for galleries.
pub const ABOUT: ludoforge_job::registry::About = ludoforge_job::registry::About {
    title: "Chess and chromatic mazes",
    sentence: "Puzzles a player solves by moving across a board, evolved until the fewest moves across are as many as wanted, with a solver that proves it (after Ashlock).",
};

/// The puzzle jobs, for a front end's registry.
///
/// ```
/// let ids: Vec<_> = ludoforge_puzzles::job::jobs().iter().map(|j| j.id()).collect();
/// assert_eq!(ids, ["puzzle-chess", "puzzle-chromatic", "puzzle-solve", "puzzle-study",
///     "puzzle-chess-explore", "puzzle-chromatic-explore"]);
/// ```
#[must_use]
pub fn jobs() -> Vec<Box<dyn Job>> {
    vec![
        Box::new(ChessJob),
        Box::new(ChromaticJob),
        Box::new(SolveJob),
        Box::new(StudyJob),
        Box::new(ChessExploreJob),
        Box::new(ChromaticExploreJob),
    ]
}

impl From<PuzzleError> for JobError {
    fn from(error: PuzzleError) -> Self {
        match error {
            PuzzleError::Evolve(ludoforge_evolve::EvolveError::Cancelled) => {
                JobError::cancelled(error.to_string())
            }
            PuzzleError::Evolve(_) => JobError::failed(error.to_string()),
            PuzzleError::BadFile { .. }
            | PuzzleError::Unsolvable { .. }
            | PuzzleError::BadColours { .. }
            | PuzzleError::IllegalPosition { .. } => JobError::input(error.to_string()),
            _ => JobError::parameters(error.to_string()),
        }
    }
}
