//! Chess mazes (Ashlock, section II-A): an agent moving as a chess piece must cross a board
//! without entering a square that an opposing piece occupies or covers.

pub mod maze;
pub mod piece;
pub mod problem;
pub mod rules;

pub use maze::ChessMaze;
pub use piece::PieceKind;
pub use problem::ChessProblem;
