//! The seven game-quality criteria of Rossato et al., "Procedural generation of Risk variants"
//! (section 4.3.3, Table 1, Appendix A "Evaluation metrics' equations"), computed from the
//! [`MatchRecord`]s of a playtest, and the distance fitness of their Eq. 1.
//!
//! Two formula sets are offered ([`Formulas`]):
//! * [`Formulas::Paper`]: the equations of Appendix A as the paper defines them ([`paper`]);
//! * [`Formulas::Rossato2023`]: the formulas of the published Python code, quirks included, so
//!   that the paper's reported numbers can be reproduced ([`rossato2023`]).
//!
//! Completion, duration and advantage are *endgame* metrics; branching factor, drama, killer
//! moves and lead change are *turn* metrics. Every criterion is an average over the matches;
//! an empty slice of matches gives 0 for all seven, and no input that holds finite numbers
//! makes a criterion panic or become NaN.
//!
//! ```
//! use ludoforge_risk::criteria::{Criterion, Formulas, Ideals, criteria, fitness};
//! use ludoforge_risk::record::{MatchRecord, TurnRecord};
//!
//! // Player 0 wins in 2 player-turns; each turn offered 9 moves.
//! let turn = |h0: f64, player: u8, moves: f64| {
//!     let mut m = [0.0; 2];
//!     m[usize::from(player)] = moves;
//!     TurnRecord { h: [h0, 1.0 - h0], moves: m, player }
//! };
//! let won = MatchRecord {
//!     turns: vec![turn(0.75, 0, 9.0), turn(1.0, 1, 9.0), turn(1.0, 1, 0.0)],
//!     winner: Some(0),
//!     player_turns: 2,
//!     first: 0,
//! };
//! let c = criteria(&[won], Formulas::Paper);
//! assert_eq!(c.completion, 1.0);
//! assert_eq!(c.duration, 22.0 / 24.0);
//! assert!((c.branching_factor - 0.5).abs() < 1e-12); // log10(9 + 1) / 2
//! let f = fitness(&c, &[Criterion::Completion, Criterion::Duration], None, &Ideals::default())
//!     .unwrap();
//! assert_eq!(f, 22.0 / 24.0);
//! ```

mod fitness;
pub mod interval;
pub mod paper;
pub mod rossato2023;

use std::fmt;
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::record::MatchRecord;

pub use self::fitness::{Ideals, fitness};

/// The preferred duration of a match, `D_pref` of Eq. 4: 24 player-turns (12 per player).
pub const PREFERRED_DURATION: f64 = 24.0;

/// One of the seven criteria (Browne's names, as used by the paper).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Criterion {
    /// How often a match ends with a winner rather than at the turn limit (best 1).
    Completion,
    /// How far matches are from the preferred 24 player-turns (best 0).
    Duration,
    /// How unbalanced the wins are in favour of the first player (best 0).
    Advantage,
    /// How many moves a turn offers, on a log scale (best 0.5).
    BranchingFactor,
    /// How far behind the eventual winner was (best 0.5).
    Drama,
    /// The largest swing in one turn (best 0.5).
    KillerMoves,
    /// How often the lead passes from one player to the other (best 0.5).
    LeadChange,
}

impl Criterion {
    /// All seven, in the order used throughout (and by [`Criteria::values`]).
    pub const ALL: [Criterion; 7] = [
        Criterion::Completion,
        Criterion::Duration,
        Criterion::Advantage,
        Criterion::BranchingFactor,
        Criterion::Drama,
        Criterion::KillerMoves,
        Criterion::LeadChange,
    ];

    /// The snake_case name: "completion", "duration", "advantage", "branching_factor", "drama",
    /// "killer_moves" or "lead_change".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Criterion::Completion => "completion",
            Criterion::Duration => "duration",
            Criterion::Advantage => "advantage",
            Criterion::BranchingFactor => "branching_factor",
            Criterion::Drama => "drama",
            Criterion::KillerMoves => "killer_moves",
            Criterion::LeadChange => "lead_change",
        }
    }

    /// Its position in [`Criterion::ALL`].
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Criterion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Lower case with `_`, `-` and spaces removed, so that "branching_factor", "branchingFactor"
/// (the published code's spelling) and "Branching factor" are the same name.
fn squash(text: &str) -> String {
    text.trim()
        .chars()
        .filter(|c| !matches!(c, '_' | '-' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}

impl FromStr for Criterion {
    type Err = CriteriaError;

    /// Reads a name, ignoring case, `_`, `-` and spaces: "lead_change", "leadChange" and
    /// "Lead change" all give [`Criterion::LeadChange`].
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let wanted = squash(text);
        Criterion::ALL
            .into_iter()
            .find(|c| squash(c.name()) == wanted)
            .ok_or_else(|| CriteriaError::UnknownCriterion {
                name: text.to_string(),
            })
    }
}

/// Which formulas compute the criteria.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Formulas {
    /// The paper's Appendix A (Eqs. 3, 4, 5, 9, 10, 11, 12) implemented as written. Where the
    /// equations leave a choice open, the choice is documented on the function in [`paper`]:
    ///
    /// * the turns `t_0 … t_{T_j−1}` of match `j` are its first `T_j = player_turns` records;
    ///   the extra final record (a copy of the last position, with no moves) is left out;
    /// * advantage counts the wins of [`MatchRecord::first`] against the other player's over
    ///   the decided matches only, and is 0 when no match was decided;
    /// * branching factor reads Eq. 9 as `min(1, log10(mean M + 1) / 2)`, the only reading
    ///   consistent with "a limit of nearly 100 moves" and with Table 4's value of 1;
    /// * drama averages over all `J` matches, with a draw (no winner) and a match whose winner
    ///   never trailed contributing 0;
    /// * killer moves measures each turn's swing from the view of the player who made it
    ///   (`H_a` = the mover, `H_o` = the opponent);
    /// * lead change follows the player with the strictly higher `H`; an exact tie keeps the
    ///   lead where it was.
    #[default]
    Paper,
    /// The published code (lanabr/Risk-Generation, `CalculateCriteria.py`) as the reference
    /// notes give it, quirks included: ties count as non-wins for advantage, drama reads a
    /// draw's "winner" as the last element of the record (P2's move count), lead change and
    /// drama include the final duplicate record, killer moves wrap around at the first record
    /// and take the signed maximum from player 0's view, and the branching factor is computed
    /// per player over all but the last completed turn. See [`rossato2023`].
    Rossato2023,
}

impl Formulas {
    /// Both formula sets.
    pub const ALL: [Formulas; 2] = [Formulas::Paper, Formulas::Rossato2023];

    /// "paper" or "rossato2023".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Formulas::Paper => "paper",
            Formulas::Rossato2023 => "rossato2023",
        }
    }
}

impl fmt::Display for Formulas {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Formulas {
    type Err = CriteriaError;

    /// Reads "paper" or "rossato2023" (case, `_`, `-` and spaces ignored).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let wanted = squash(text);
        Formulas::ALL
            .into_iter()
            .find(|f| f.name() == wanted)
            .ok_or_else(|| CriteriaError::UnknownFormulas {
                name: text.to_string(),
            })
    }
}

/// The seven criteria of one playtest.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Criteria {
    /// [`Criterion::Completion`].
    pub completion: f64,
    /// [`Criterion::Duration`].
    pub duration: f64,
    /// [`Criterion::Advantage`].
    pub advantage: f64,
    /// [`Criterion::BranchingFactor`].
    pub branching_factor: f64,
    /// [`Criterion::Drama`].
    pub drama: f64,
    /// [`Criterion::KillerMoves`].
    pub killer_moves: f64,
    /// [`Criterion::LeadChange`].
    pub lead_change: f64,
}

impl Criteria {
    /// The values in [`Criterion::ALL`] order.
    #[must_use]
    pub fn from_values(values: [f64; 7]) -> Self {
        let [
            completion,
            duration,
            advantage,
            branching_factor,
            drama,
            killer_moves,
            lead_change,
        ] = values;
        Criteria {
            completion,
            duration,
            advantage,
            branching_factor,
            drama,
            killer_moves,
            lead_change,
        }
    }

    /// The values in [`Criterion::ALL`] order.
    #[must_use]
    pub fn values(&self) -> [f64; 7] {
        Criterion::ALL.map(|c| self.get(c))
    }

    /// One criterion's value.
    #[must_use]
    pub fn get(&self, which: Criterion) -> f64 {
        match which {
            Criterion::Completion => self.completion,
            Criterion::Duration => self.duration,
            Criterion::Advantage => self.advantage,
            Criterion::BranchingFactor => self.branching_factor,
            Criterion::Drama => self.drama,
            Criterion::KillerMoves => self.killer_moves,
            Criterion::LeadChange => self.lead_change,
        }
    }

    /// Each criterion with its value, in [`Criterion::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = (Criterion, f64)> + '_ {
        Criterion::ALL.into_iter().map(|c| (c, self.get(c)))
    }
}

/// Computes all seven criteria over a playtest's matches.
///
/// Costs one pass over every record per criterion: O(total records).
#[must_use]
pub fn criteria(matches: &[MatchRecord], formulas: Formulas) -> Criteria {
    Criteria::from_values(Criterion::ALL.map(|c| criterion(matches, c, formulas)))
}

/// Computes one criterion over a playtest's matches.
#[must_use]
pub fn criterion(matches: &[MatchRecord], which: Criterion, formulas: Formulas) -> f64 {
    use Criterion as C;
    match formulas {
        Formulas::Paper => match which {
            C::Completion => paper::completion(matches),
            C::Duration => paper::duration(matches),
            C::Advantage => paper::advantage(matches),
            C::BranchingFactor => paper::branching_factor(matches),
            C::Drama => paper::drama(matches),
            C::KillerMoves => paper::killer_moves(matches),
            C::LeadChange => paper::lead_change(matches),
        },
        Formulas::Rossato2023 => match which {
            C::Completion => rossato2023::completion(matches),
            C::Duration => rossato2023::duration(matches),
            C::Advantage => rossato2023::advantage(matches),
            C::BranchingFactor => rossato2023::branching_factor(matches),
            C::Drama => rossato2023::drama(matches),
            C::KillerMoves => rossato2023::killer_moves(matches),
            C::LeadChange => rossato2023::lead_change(matches),
        },
    }
}

/// A criterion name, formula set or fitness setting that cannot be used.
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum CriteriaError {
    /// Not one of the seven names.
    #[error(
        "unknown criterion {name:?} (expected completion, duration, advantage, \
         branching_factor, drama, killer_moves or lead_change)"
    )]
    UnknownCriterion {
        /// The name given.
        name: String,
    },
    /// Not "paper" or "rossato2023".
    #[error("unknown formula set {name:?} (expected paper or rossato2023)")]
    UnknownFormulas {
        /// The name given.
        name: String,
    },
    /// Weights given, but not one per criterion used.
    #[error("{weights} weights for {criteria} criteria")]
    WeightCount {
        /// How many weights.
        weights: usize,
        /// How many criteria.
        criteria: usize,
    },
    /// A negative, infinite or NaN weight.
    #[error("the weight of {criterion} must be a finite number of at least 0, not {weight}")]
    BadWeight {
        /// Whose weight.
        criterion: Criterion,
        /// The weight.
        weight: f64,
    },
    /// The same criterion listed twice.
    #[error("{0} is listed twice")]
    Duplicate(Criterion),
    /// An infinite or NaN ideal value.
    #[error("the ideal value of {criterion} must be finite, not {ideal}")]
    BadIdeal {
        /// Whose ideal.
        criterion: Criterion,
        /// The ideal.
        ideal: f64,
    },
    /// An infinite or NaN criterion value (only possible from records holding such numbers).
    #[error("the value of {criterion} is {value}")]
    BadValue {
        /// Which criterion.
        criterion: Criterion,
        /// Its value.
        value: f64,
    },
}

/// The winner as 0 or 1; `None` for a draw (and, defensively, for a malformed winner ≥ 2).
fn winner(m: &MatchRecord) -> Option<usize> {
    match m.winner {
        Some(w @ (0 | 1)) => Some(usize::from(w)),
        _ => None,
    }
}

/// A player number as an index: 0 is player 0, anything else is read as player 1.
fn side(player: u8) -> usize {
    usize::from(player != 0)
}

/// The mean of `per_match` over the matches; 0 for none.
fn mean(matches: &[MatchRecord], per_match: impl Fn(&MatchRecord) -> f64) -> f64 {
    if matches.is_empty() {
        return 0.0;
    }
    matches.iter().map(per_match).sum::<f64>() / matches.len() as f64
}

/// The share of matches with a winner (Eq. 3; the same in both formula sets).
fn completion_share(matches: &[MatchRecord]) -> f64 {
    mean(matches, |m| if winner(m).is_some() { 1.0 } else { 0.0 })
}

/// Eq. 4 with `D_pref` = 24 and `D_j` = the completed player-turns (the same in both sets).
fn duration_distance(matches: &[MatchRecord]) -> f64 {
    mean(matches, |m| {
        (PREFERRED_DURATION - f64::from(m.player_turns)).abs() / PREFERRED_DURATION
    })
}

/// `min(1, log10(x + 1) / 2)`: 0 moves give 0, 9 give 0.5, 99 or more give 1. A negative or
/// NaN `x` (only from malformed records) is read as 0.
fn log_scale(x: f64) -> f64 {
    ((x.max(0.0) + 1.0).log10() / 2.0).min(1.0)
}
