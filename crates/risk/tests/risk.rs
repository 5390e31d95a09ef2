//! The Risk crate's tests from outside, one module per concern (in `risk/`), built as one
//! binary.

mod common;

#[path = "risk/agents.rs"]
mod agents;
#[path = "risk/criteria.rs"]
mod criteria;
#[path = "risk/design.rs"]
mod design;
#[path = "risk/explore.rs"]
mod explore;
#[path = "risk/formats.rs"]
mod formats;
#[path = "risk/game.rs"]
mod game;
#[path = "risk/intervals.rs"]
mod intervals;
#[path = "risk/maps_and_dice.rs"]
mod maps_and_dice;
#[path = "risk/playtest.rs"]
mod playtest;
#[path = "risk/suggest.rs"]
mod suggest;
#[path = "risk/table4.rs"]
mod table4;
#[path = "risk/told.rs"]
mod told;
