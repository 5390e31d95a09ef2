//! # ludoforge-puzzles: chess mazes and chromatic mazes
//!
//! The puzzles of Ashlock, "Automatic Generation of Game Elements via Evolution": implicit
//! mazes whose walls are chess pieces' lines of attack or the colour wheel, evolved so that the
//! minimum number of moves to cross them (computed exactly by breadth-first search) is as large
//! as possible or close to a target.
//!
//! ```
//! use ludoforge_puzzles::board::Board;
//! use ludoforge_puzzles::chess::{ChessProblem, PieceKind, piece::parse_pieces};
//! use ludoforge_evolve::{Budget, Run, SteadyState};
//!
//! let board = Board::new(8, 8).unwrap();
//! let problem = ChessProblem::new(board, PieceKind::Rook, 0, 63, parse_pieces("3N").unwrap()).unwrap();
//! let report = Run::new(&problem, SteadyState::new(100))
//!     .budget(Budget::matings(2_000))
//!     .seed(1)
//!     .execute()
//!     .unwrap();
//! // With no pieces a rook needs 2 moves; three knights force a longer way round.
//! assert!(report.best.fitness() > 2.0);
//! ```

pub mod ascii;
pub mod board;
pub mod chess;
pub mod chromatic;
pub mod error;
pub mod format;
pub mod generate;
pub mod job;
pub mod print;
pub mod render;
pub mod settings;
pub mod solve;
pub mod study;

pub use error::PuzzleError;
