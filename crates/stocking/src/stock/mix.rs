//! The ways to solve a pointless area and how often each is chosen.

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::unit;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A way to solve a pointless area (the document's actions i to iv).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// i. A reward sized by the area at its far node.
    Reward,
    /// ii. A door on a route node bordering the area, its key at the far node.
    Door,
    /// iii. Small areas may simply be marked solved.
    Solved,
    /// iv. A nasty trap at the far node.
    Trap,
    /// iv. A red herring at the far node: something that looks worth a visit.
    RedHerring,
}

impl Action {
    /// Every action, in the order of [`Mix`]'s weights.
    pub const ALL: [Action; 5] = [
        Action::Reward,
        Action::Door,
        Action::Solved,
        Action::Trap,
        Action::RedHerring,
    ];

    /// The name used in `--mix` and in files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Action::Reward => "reward",
            Action::Door => "door",
            Action::Solved => "solved",
            Action::Trap => "trap",
            Action::RedHerring => "herring",
        }
    }
}

/// Relative weights of the actions (need not sum to 1).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Mix {
    /// Weight of [`Action::Reward`].
    pub reward: f64,
    /// Weight of [`Action::Door`].
    pub door: f64,
    /// Weight of [`Action::Solved`] (used only for small areas).
    pub solved: f64,
    /// Weight of [`Action::Trap`].
    pub trap: f64,
    /// Weight of [`Action::RedHerring`].
    pub herring: f64,
}

impl Default for Mix {
    /// Rewards most often, then doors, then traps; small areas are sometimes left alone and a
    /// red herring is rare: `reward=4,door=3,solved=2,trap=2,herring=1`.
    fn default() -> Mix {
        Mix {
            reward: 4.0,
            door: 3.0,
            solved: 2.0,
            trap: 2.0,
            herring: 1.0,
        }
    }
}

/// A `--mix` that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "--mix {text:?}: {problem}; write weights like reward=4,door=3,solved=2,trap=2,herring=1 (any subset; the rest are 0)"
)]
pub struct MixError {
    text: String,
    problem: String,
}

impl Mix {
    fn weights(&self) -> [f64; 5] {
        [self.reward, self.door, self.solved, self.trap, self.herring]
    }

    /// Reads `name=weight` pairs separated by commas; names not given get weight 0.
    ///
    /// # Errors
    /// A [`MixError`] for an unknown name, a weight that is negative or not a number, a name
    /// given twice, or all weights 0.
    ///
    /// ```
    /// use ludoforge_stocking::stock::Mix;
    /// let mix = Mix::parse("door=1, reward=2").unwrap();
    /// assert_eq!((mix.door, mix.reward, mix.trap), (1.0, 2.0, 0.0));
    /// assert!(Mix::parse("gold=1").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Mix, MixError> {
        let fail = |problem: String| MixError {
            text: text.to_string(),
            problem,
        };
        let mut weights = [None::<f64>; 5];
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) = part
                .split_once('=')
                .ok_or_else(|| fail(format!("{part:?} has no '='")))?;
            let index = Action::ALL
                .iter()
                .position(|a| a.name() == name.trim())
                .ok_or_else(|| {
                    fail(format!(
                        "{:?} is not an action (reward, door, solved, trap, herring)",
                        name.trim()
                    ))
                })?;
            let weight: f64 = value
                .trim()
                .parse()
                .ok()
                .filter(|w: &f64| w.is_finite() && *w >= 0.0 && *w <= 1e9)
                .ok_or_else(|| {
                    fail(format!(
                        "the weight {:?} is not a number between 0 and 1000000000",
                        value.trim()
                    ))
                })?;
            if weights[index].replace(weight).is_some() {
                return Err(fail(format!("{} is given twice", name.trim())));
            }
        }
        let w = weights.map(|w| w.unwrap_or(0.0));
        if w.iter().all(|&x| x == 0.0) {
            return Err(fail("every weight is 0".into()));
        }
        Ok(Mix {
            reward: w[0],
            door: w[1],
            solved: w[2],
            trap: w[3],
            herring: w[4],
        })
    }

    /// Draws an action among those `allowed`, in proportion to the weights; `None` when every
    /// allowed action has weight 0.
    pub fn draw(&self, allowed: impl Fn(Action) -> bool, rng: &mut Stream) -> Option<Action> {
        let weights = self.weights();
        let total: f64 = Action::ALL
            .iter()
            .zip(weights)
            .filter(|(a, _)| allowed(**a))
            .map(|(_, w)| w)
            .sum();
        if total <= 0.0 {
            return None;
        }
        let mut pick = unit(rng) * total;
        let mut last = None;
        for (action, weight) in Action::ALL.into_iter().zip(weights) {
            if !allowed(action) || weight <= 0.0 {
                continue;
            }
            last = Some(action);
            if pick < weight {
                return Some(action);
            }
            pick -= weight;
        }
        last
    }
}
