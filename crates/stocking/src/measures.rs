//! The document's measure of fun: the share of the reachable floor the player must (or wants
//! to) visit before the level can be beaten, before and after stocking.

use serde::{Deserialize, Serialize};

use crate::stock::{Action, Feature, RewardSize, Stocking};

/// What a stocking achieved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fun {
    /// Floor cells (nodes) the start reaches.
    pub reachable: usize,
    /// Cells on the shortest start-to-goal path.
    pub path_before: usize,
    /// Distinct cells on the required route after stocking.
    pub route_after: usize,
    /// `path_before / reachable`: the share visited before stocking.
    pub fun_before: f64,
    /// `route_after / reachable`: the share the player must or wants to visit after.
    pub fun_after: f64,
    /// Steps of the required route (cells may repeat).
    pub route_steps: usize,
    /// Doors, each with its key.
    pub keys: usize,
    /// Rewards by size.
    pub rewards: Rewards,
    /// Traps.
    pub traps: usize,
    /// Red herrings.
    pub red_herrings: usize,
    /// Small areas marked solved with nothing placed.
    pub solved_areas: usize,
    /// The largest pointless area left (below the threshold).
    pub largest_area_left: usize,
}

/// Rewards by size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Rewards {
    /// Small rewards.
    pub small: usize,
    /// Medium rewards.
    pub medium: usize,
    /// Large rewards.
    pub large: usize,
}

impl Fun {
    /// Measures a stocking.
    #[must_use]
    pub fn of(stocking: &Stocking) -> Fun {
        let mut rewards = Rewards::default();
        let (mut keys, mut traps, mut herrings) = (0, 0, 0);
        for p in &stocking.placements {
            match p.feature {
                Feature::Reward(RewardSize::Small) => rewards.small += 1,
                Feature::Reward(RewardSize::Medium) => rewards.medium += 1,
                Feature::Reward(RewardSize::Large) => rewards.large += 1,
                Feature::Key(_) => keys += 1,
                Feature::Trap => traps += 1,
                Feature::RedHerring => herrings += 1,
                Feature::Door(_) => {}
            }
        }
        let reachable = stocking.reachable.max(1);
        Fun {
            reachable: stocking.reachable,
            path_before: stocking.shortest.len(),
            route_after: stocking.route.distinct(),
            fun_before: stocking.shortest.len() as f64 / reachable as f64,
            fun_after: stocking.route.distinct() as f64 / reachable as f64,
            route_steps: stocking.route.walk().len().saturating_sub(1),
            keys,
            rewards,
            traps,
            red_herrings: herrings,
            solved_areas: stocking
                .steps
                .iter()
                .filter(|s| s.action == Action::Solved)
                .count(),
            largest_area_left: stocking.largest_left,
        }
    }
}
