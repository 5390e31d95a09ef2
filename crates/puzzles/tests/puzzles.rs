//! The puzzles crate's tests from outside, one module per concern (in `puzzles/`), built as one
//! binary.

#[path = "puzzles/explore.rs"]
mod explore;
#[path = "puzzles/paper.rs"]
mod paper;
#[path = "puzzles/properties.rs"]
mod properties;
#[path = "puzzles/suggest.rs"]
mod suggest;
