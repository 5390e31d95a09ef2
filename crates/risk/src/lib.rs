//! # ludoforge-risk: Risk variants, playtested
//!
//! The two-player Risk of Rossato et al., "Procedural generation of Risk variants": maps with
//! continents and bonuses (and the Domination and TAG map formats), the rules a variant can
//! change, dice with their exact odds, the paper's rule-based agent and a stronger Monte Carlo
//! agent, playtests with the seven game-quality criteria and their confidence intervals, the
//! genetic algorithm that designs variants, and a seat for a person playing from afar.
//!
//! ```
//! use ludoforge_risk::map::RiskMap;
//! let classic = RiskMap::embedded("classic").unwrap();
//! assert_eq!(classic.territory_name(0), "Alaska");
//! assert!(classic.neighbours(0).contains(&1));
//! ```

pub mod agent;
pub mod criteria;
pub mod design;
pub mod dice;
pub mod event;
pub mod formats;
pub mod game;
pub mod graphs;
pub mod job;
pub mod layout;
pub mod map;
pub mod planner;
pub mod playtest;
pub mod print;
pub mod record;
pub mod remote;
pub mod render;
pub mod rules;
pub mod search;
pub mod seats;
pub mod state;
pub mod stats;
pub mod steady;
