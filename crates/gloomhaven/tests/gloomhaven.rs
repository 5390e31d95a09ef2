//! The gloomhaven crate's tests from outside, one module per concern (in `gloomhaven/`), built as one
//! binary.

#[path = "gloomhaven/creator.rs"]
mod creator;
#[path = "gloomhaven/creator_oracle.rs"]
mod creator_oracle;
#[path = "gloomhaven/evolution.rs"]
mod evolution;
#[path = "gloomhaven/explore.rs"]
mod explore;
#[path = "gloomhaven/reference.rs"]
mod reference;
#[path = "gloomhaven/rules.rs"]
mod rules;
#[path = "gloomhaven/secretariat.rs"]
mod secretariat;
#[path = "gloomhaven/suggest.rs"]
mod suggest;
#[path = "gloomhaven/vgb.rs"]
mod vgb;
