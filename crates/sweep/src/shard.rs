//! One task's share of a plan's runs.

use std::str::FromStr;

use crate::{Run, SweepError};

/// Shard `index` of `count`: the runs whose place in the list leaves remainder `index` when
/// divided by `count`. Dealt round-robin, every shard gets runs of every size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, from 0.
    pub index: usize,
    /// How many in all.
    pub count: usize,
}

impl Shard {
    /// The whole plan as one shard.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Whether run number `index` is this shard's.
    #[must_use]
    pub fn holds(self, index: usize) -> bool {
        index % self.count == self.index
    }

    /// This shard's runs, in order.
    #[must_use]
    pub fn runs(self, runs: &[Run]) -> Vec<Run> {
        runs.iter()
            .filter(|r| self.holds(r.index))
            .cloned()
            .collect()
    }
}

impl FromStr for Shard {
    type Err = SweepError;

    /// `I/N`: shard I (from 0) of N.
    fn from_str(text: &str) -> Result<Shard, SweepError> {
        let bad = |problem: &str| SweepError::Shard {
            given: text.to_string(),
            problem: problem.to_string(),
        };
        let (i, n) = text
            .split_once('/')
            .ok_or_else(|| bad("write I/N: shard I (from 0) of N, such as 0/4"))?;
        let (Ok(index), Ok(count)) = (i.trim().parse::<usize>(), n.trim().parse::<usize>()) else {
            return Err(bad("write I/N with whole numbers, such as 0/4"));
        };
        if count == 0 || index >= count {
            return Err(bad("I counts from 0 and must be below N, such as 3/4"));
        }
        Ok(Shard { index, count })
    }
}
