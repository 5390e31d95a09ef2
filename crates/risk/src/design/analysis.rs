//! What a run reports besides its best variant: the paper's analyses of the final population
//! (sections 5.2 and 5.3: maps like the initial ones, the rule values that prevail) and the
//! fitness per generation as a plot (its Figure 3).

use serde::Serialize;

use super::{Design, Generation, Member};
use crate::rules::{ConquestMove, Distribution};

/// Tallies of each parameter value in a population.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Tallies {
    /// Troop factor 1, 2, 3, 4.
    pub troop_factor: [u32; 4],
    /// Defence dice 2, 3.
    pub defence_dice: [u32; 2],
    /// Distribution random, pick.
    pub distribution: [u32; 2],
    /// Conquest move min, max.
    pub conquest_move: [u32; 2],
}

/// The paper's analyses of the final population.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Analysis {
    /// Final maps isomorphic (VF2) to one of the initial maps.
    pub isomorphic_to_initial: usize,
    /// The territory counts of the final population, best first.
    pub territories: Vec<usize>,
    /// Parameter values in the final population.
    pub tallies: Tallies,
}

pub(super) fn tallies(population: &[Member]) -> Tallies {
    let mut t = Tallies::default();
    for m in population {
        let r = &m.variant.rules;
        t.troop_factor[(r.troop_factor - 1) as usize] += 1;
        t.defence_dice[r.defence_dice - 2] += 1;
        t.distribution[usize::from(r.distribution == Distribution::Pick)] += 1;
        t.conquest_move[usize::from(r.conquest_move == ConquestMove::Max)] += 1;
    }
    t
}

/// The minimum and mean fitness per generation (the paper's Figure 3) as an SVG document.
#[must_use]
pub fn plot(design: &Design, title: &str) -> String {
    use ludoforge_draw::{Color, LineChart, Series};
    let points = |f: &dyn Fn(&Generation) -> f64| {
        design
            .history
            .iter()
            .map(|g| (f64::from(g.generation), f(g)))
            .collect::<Vec<_>>()
    };
    LineChart::new(title)
        .x_label("generation")
        .y_label("fitness (distance to the ideals, lower is better)")
        .series(Series::new(
            "mean",
            Color::hex(0x1f5fbf),
            points(&|g| g.mean),
        ))
        .series(Series::new(
            "minimum",
            Color::hex(0xd62728),
            points(&|g| g.min),
        ))
        .to_svg(800.0, 480.0)
}
