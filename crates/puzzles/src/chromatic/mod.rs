//! Chromatic mazes (Ashlock, section II-B): squares coloured from the colour wheel; a safe
//! step goes to an orthogonal neighbour of the same colour or a neighbouring one on the wheel.

pub mod colour;
pub mod fast;
pub mod maze;
pub mod problem;
pub mod sample;

pub use colour::Colour;
pub use maze::ChromaticMaze;
pub use problem::ChromaticProblem;
pub use sample::Sampling;
