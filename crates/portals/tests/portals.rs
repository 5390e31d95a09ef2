//! The portals crate's tests from outside, one module per concern (in `portals/`), built as one
//! binary.

#[path = "portals/explore.rs"]
mod explore;
#[path = "portals/properties.rs"]
mod properties;
#[path = "portals/study.rs"]
mod study;
#[path = "portals/suggest.rs"]
mod suggest;
#[path = "portals/variation.rs"]
mod variation;
