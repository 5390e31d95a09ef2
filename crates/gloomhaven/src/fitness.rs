//! The fitness (the paper's section 4.5): five components, each scored by its closeness to an
//! ideal value, weighted and summed.
//!
//! A fitness scores the set-up of one party size (its [`Fitness::players`]):
//!
//! - **difficulty**: Σ monster rating × (normals + 2 × elites) over the standees set up for
//!   that party, on Isaac Childres' scale (see [`Scenario::difficulty`]);
//! - **size**: the number of tile hexes;
//! - **complexity**: the number of special rules;
//! - **theme**: 1 − a penalty for each extra monster or tile theme: with m monster themes (of
//!   the standees set up) and r tile themes, t = m! + r! − 2 and the score is 1 − t/20 (0
//!   beyond 20);
//! - **layout**: occupied hexes (start hexes, the standees set up, every hex an overlay tile
//!   covers, chests and coins) per tile hex.
//!
//! `closeness(x, ideal) = max(0, 1 − |ideal − x| / ideal)`.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::catalog::Catalog;
use crate::scenario::{Players, Scenario};

/// Weights and ideal values of the five components.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Fitness {
    /// Weights of difficulty, size, complexity, theme, layout.
    pub weights: [f64; 5],
    /// The party size whose set-up is scored.
    pub players: Players,
    /// The ideal difficulty, on Isaac Childres' scale.
    pub difficulty: f64,
    /// The ideal size in tile hexes.
    pub size: f64,
    /// The ideal number of rules.
    pub complexity: f64,
    /// The ideal share of occupied hexes.
    pub layout: f64,
}

/// The components' names, in the order of [`Fitness::weights`].
pub const COMPONENTS: [&str; 5] = ["difficulty", "size", "complexity", "theme", "layout"];

/// A fitness setting that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FitnessError {
    /// A negative or non-finite weight, or all weights zero.
    #[error("weights must be finite numbers of at least 0, not all 0 (got {0})")]
    Weights(String),
}

/// How many monster themes (Undead, Vermling, ...) the standees set up for `players` mix: the
/// paper's m of the theme score.
///
/// ```
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::fitness::monster_themes;
/// use ludoforge_gloomhaven::scenario::{Players, Scenario};
/// let catalog = Catalog::built_in();
/// let barrow = Scenario::official(&catalog, 1).unwrap();
/// assert_eq!(monster_themes(&catalog, &barrow, Players::FOUR), 2);
/// ```
#[must_use]
pub fn monster_themes(catalog: &Catalog, s: &Scenario, players: Players) -> usize {
    distinct(
        s.present(players)
            .map(|m| catalog.monsters[usize::from(m.monster)].theme.as_str()),
    )
}

/// How many different names there are (a handful of themes: a short list beats a set).
fn distinct<'a>(names: impl Iterator<Item = &'a str>) -> usize {
    let mut seen: Vec<&str> = Vec::with_capacity(8);
    for name in names {
        if !seen.contains(&name) {
            seen.push(name);
        }
    }
    seen.len()
}

/// How close `x` is to `ideal`, from 1 (equal) down to 0.
///
/// ```
/// use ludoforge_gloomhaven::fitness::closeness;
/// assert_eq!(closeness(28.0, 28.0), 1.0);
/// assert_eq!(closeness(21.0, 28.0), 0.75);
/// assert_eq!(closeness(60.0, 28.0), 0.0);
/// ```
#[must_use]
pub fn closeness(x: f64, ideal: f64) -> f64 {
    (1.0 - (ideal - x).abs() / ideal).max(0.0)
}

/// The theme score for `m` monster themes and `r` tile themes.
#[must_use]
pub fn theme_score(m: usize, r: usize) -> f64 {
    let factorial = |n: usize| (1..=n).map(|k| k as f64).product::<f64>();
    let t = factorial(m) + factorial(r) - 2.0;
    if t > 20.0 { 0.0 } else { 1.0 - t / 20.0 }
}

impl Fitness {
    /// The paper's fitness for a party of `players`: every weight 1 (a perfect scenario
    /// scores 5), size 90, one rule, layout 0.344, and the difficulty Isaac Childres recommends
    /// for the party: 33 for four players (the middle of 30–36), 16.5 for two (the middle of
    /// the halved range, 15–18), and 24.75 for three, in between.
    ///
    /// ```
    /// use ludoforge_gloomhaven::fitness::Fitness;
    /// use ludoforge_gloomhaven::scenario::Players;
    /// assert_eq!(Fitness::paper(Players::FOUR).difficulty, 33.0);
    /// assert_eq!(Fitness::paper(Players::TWO).difficulty, 16.5);
    /// ```
    #[must_use]
    pub fn paper(players: Players) -> Fitness {
        Fitness {
            weights: [1.0; 5],
            players,
            difficulty: 8.25 * f64::from(players.count()),
            size: 90.0,
            complexity: 1.0,
            layout: 0.344,
        }
    }

    /// The published code's fitness: weights 4, 1, 1, 2, 2 (a perfect scenario scores 10),
    /// two players, and difficulty 14 (the code's 28 in its doubled units).
    #[must_use]
    pub fn gloomdungeons() -> Fitness {
        Fitness {
            weights: [4.0, 1.0, 1.0, 2.0, 2.0],
            players: Players::TWO,
            difficulty: 14.0,
            size: 90.0,
            complexity: 1.0,
            layout: 0.344,
        }
    }

    /// The same fitness with other weights.
    ///
    /// # Errors
    /// [`FitnessError::Weights`] for a negative or non-finite weight, or all zero.
    pub fn with_weights(mut self, weights: [f64; 5]) -> Result<Fitness, FitnessError> {
        if weights.iter().any(|w| !w.is_finite() || *w < 0.0) || weights.iter().all(|&w| w == 0.0) {
            return Err(FitnessError::Weights(format!("{weights:?}")));
        }
        self.weights = weights;
        Ok(self)
    }

    /// The best possible total.
    #[must_use]
    pub fn maximum(&self) -> f64 {
        self.weights.iter().sum()
    }

    /// The five component scores (each 0..1), in the order of [`COMPONENTS`].
    #[must_use]
    pub fn components(&self, catalog: &Catalog, s: &Scenario) -> [f64; 5] {
        let size = s.map.size(catalog) as f64;
        let players = self.players;
        let tile_themes = distinct(
            s.map
                .tiles
                .iter()
                .map(|t| catalog.tiles[t.tile].theme.as_str()),
        );
        let overlay_hexes: usize = s
            .overlays
            .iter()
            .map(|o| usize::from(catalog.overlays[usize::from(o.kind)].hexes))
            .sum();
        let occupied =
            s.start.len() + s.standees(players) + overlay_hexes + s.chests.len() + s.coins.len();
        [
            closeness(s.difficulty(catalog, players), self.difficulty),
            closeness(size, self.size),
            closeness(s.rules.len() as f64, self.complexity),
            theme_score(monster_themes(catalog, s, players), tile_themes),
            closeness(occupied as f64 / size.max(1.0), self.layout),
        ]
    }

    /// The weighted total.
    #[must_use]
    pub fn total(&self, catalog: &Catalog, s: &Scenario) -> f64 {
        self.weighted(&self.components(catalog, s))
    }

    /// The weighted total of [`components`](Fitness::components) already worked out.
    #[must_use]
    pub fn weighted(&self, components: &[f64; 5]) -> f64 {
        components
            .iter()
            .zip(self.weights)
            .map(|(c, w)| c * w)
            .sum()
    }
}
