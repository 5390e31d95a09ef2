//! What an exploration is asked for: the descriptors a generator offers, the settings a
//! person chooses ([`ExploreSettings`]) and the [`Plan`] they are checked into.

use std::collections::BTreeMap;

use ludoforge_evolve::archive::Axis;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::JobError;

/// A descriptor a generator offers: what it measures, in which unit, over which natural range
/// and in how many cells by default.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Descriptor {
    /// Its name, as the user writes it: lower case words joined by `_`.
    pub name: &'static str,
    /// Its unit ("moves", "squares"; empty for a pure number).
    pub unit: &'static str,
    /// The low end of its natural range.
    pub low: f64,
    /// The high end of its natural range.
    pub high: f64,
    /// Cells along its axis unless the user says otherwise.
    pub cells: usize,
    /// What it measures, in a sentence.
    pub help: &'static str,
}

/// How the archive is filled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// MAP-Elites: children of elites chosen uniformly, made by the generator's own crossover
    /// and mutation.
    #[default]
    MapElites,
    /// Random sampling: every candidate a fresh random one from the generator, for
    /// comparison at the same number of evaluations.
    Random,
}

impl Method {
    /// Its name in a caption: "MAP-Elites" or "random sampling".
    ///
    /// ```
    /// assert_eq!(ludoforge_job::explore::Method::Random.title(), "random sampling");
    /// ```
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Method::MapElites => "MAP-Elites",
            Method::Random => "random sampling",
        }
    }
}

/// How to explore, as the user writes it: which descriptors, how fine, how far, how long.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ExploreSettings {
    /// The descriptors the archive spreads over: two or three of those the generator offers
    /// (default: its first two).
    pub descriptors: Vec<String>,
    /// Cells per axis: one number for every axis, or one per descriptor (default: each
    /// descriptor's own).
    #[schemars(length(max = 3))]
    pub cells: Vec<usize>,
    /// Ranges that replace descriptors' natural ones, as `name: [low, high]`; values outside
    /// a range go to its edge cells.
    pub ranges: BTreeMap<String, [f64; 2]>,
    /// Candidates evaluated in all, the random first batch included: 1 to 100,000,000.
    #[schemars(range(min = 1, max = 100_000_000))]
    pub evaluations: u64,
    /// Random candidates in the first batch: 1 to 100,000.
    #[schemars(range(min = 1, max = 100_000))]
    pub initial: usize,
    /// Candidates in every later batch: 1 to 100,000.
    #[schemars(range(min = 1, max = 100_000))]
    pub batch: usize,
    /// The chance that a child crosses two elites rather than copying one (MAP-Elites only):
    /// 0 to 1.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub crossover: f64,
    /// The most mutations a child gets (MAP-Elites only; it gets 1 to this many): 1 to 100.
    #[schemars(range(min = 1, max = 100))]
    pub max_mutations: usize,
    /// How the archive is filled.
    pub method: Method,
}

impl Default for ExploreSettings {
    fn default() -> Self {
        ExploreSettings {
            descriptors: Vec::new(),
            cells: Vec::new(),
            ranges: BTreeMap::new(),
            evaluations: 20_000,
            initial: 200,
            batch: 100,
            crossover: 0.25,
            max_mutations: 2,
            method: Method::MapElites,
        }
    }
}

impl ExploreSettings {
    /// Reads settings over `defaults`: the settings given replace theirs and the others stay
    /// as `defaults` has them. A job whose exploration has its own defaults reads its
    /// `explore` parameter with this (through `#[serde(deserialize_with = ...)]`), so that
    /// changing one setting does not bring back [`ExploreSettings::default`]'s others.
    ///
    /// ```
    /// use ludoforge_job::explore::ExploreSettings;
    /// let defaults = ExploreSettings { evaluations: 500, crossover: 0.0, ..ExploreSettings::default() };
    /// let read = ExploreSettings::over(serde_json::json!({"initial": 50}), defaults).unwrap();
    /// assert_eq!((read.initial, read.evaluations, read.crossover), (50, 500, 0.0));
    /// let bad = ExploreSettings::over(serde_json::json!([1]), ExploreSettings::default());
    /// assert!(bad.unwrap_err().to_string().contains("a group of settings"));
    /// ```
    ///
    /// # Errors
    /// When `reader` holds no object, or a setting that is not one or of the wrong kind.
    pub fn over<'de, D: serde::Deserializer<'de>>(
        reader: D,
        defaults: ExploreSettings,
    ) -> Result<ExploreSettings, D::Error> {
        use serde::de::Error;
        let serde_json::Value::Object(given) = serde_json::Value::deserialize(reader)? else {
            return Err(D::Error::custom(
                "expected a group of settings (`{\"evaluations\": 1000, ...}`)",
            ));
        };
        let mut merged = serde_json::to_value(defaults).expect("settings serialise");
        for (key, value) in given {
            merged[key] = value;
        }
        ExploreSettings::deserialize(merged).map_err(D::Error::custom)
    }
}

/// The most cells an archive may have.
pub const MAX_CELLS: usize = 1_000_000;

/// Checked settings: the axes, which offered descriptor each one reads, and the search's
/// settings.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// The archive's axes, in the order chosen.
    pub axes: Vec<Axis>,
    /// For every axis, the index of its descriptor among those offered.
    pub picks: Vec<usize>,
    /// The settings the plan was made from.
    pub settings: ExploreSettings,
}

impl Plan {
    /// Refuses, before any work, an exploration whose archive would not fit in memory: at
    /// most one elite a cell and one an evaluation, each about `each` bytes (the generator's
    /// estimate for its content at these settings), beside `fixed` bytes.
    ///
    /// ```
    /// use ludoforge_job::explore::{Descriptor, ExploreSettings};
    /// let offered = [
    ///     Descriptor { name: "a", unit: "", low: 0.0, high: 1.0, cells: 1000, help: "" },
    ///     Descriptor { name: "b", unit: "", low: 0.0, high: 1.0, cells: 1000, help: "" },
    /// ];
    /// let settings = ExploreSettings { evaluations: 100_000_000, initial: 100, batch: 100, ..ExploreSettings::default() };
    /// let plan = settings.plan(&offered).unwrap();
    /// assert!(plan.check_memory(0, 1_000).is_ok());
    /// // A million elites of a terabyte each fit nowhere; the message names the way out.
    /// let refused = plan.check_memory(0, 1_000_000_000_000).unwrap_err().to_string();
    /// assert!(refused.contains("give explore.evaluations 0 or less"), "{refused}");
    /// ```
    ///
    /// # Errors
    /// [`JobError::Parameters`] with the estimate, the limit and the most evaluations that fit.
    pub fn check_memory(&self, fixed: u64, each: u64) -> Result<(), JobError> {
        let cells: u64 = self.axes.iter().map(|a| a.cells as u64).product();
        let elites = cells.min(self.settings.evaluations);
        let limit = crate::MemoryLimit::machine();
        let need = fixed.saturating_add(elites.saturating_mul(each));
        if need <= limit.bytes {
            return Ok(());
        }
        let most = limit.bytes.saturating_sub(fixed) / each.max(1);
        let bytes = crate::memory::bytes;
        Err(JobError::parameters(format!(
            "an archive of up to {elites} elites (one a cell, at most one an evaluation) would \
             need about {} of memory ({} each), more than the {} a run may use here ({}): give \
             explore.evaluations {most} or less, or fewer cells (explore.cells)",
            bytes(need),
            bytes(each),
            bytes(limit.bytes),
            limit.whence,
        )))
    }
}

impl ExploreSettings {
    /// Checks the settings against the descriptors a generator `offered`.
    ///
    /// # Errors
    /// [`JobError::Parameters`] naming the problem and the way out: an unknown or repeated
    /// descriptor, fewer than two or more than three, a cell count or range that cannot be used, more
    /// than [`MAX_CELLS`] cells, a batch larger than the evaluations.
    pub fn plan(&self, offered: &[Descriptor]) -> Result<Plan, JobError> {
        let names: Vec<&str> = offered.iter().map(|d| d.name).collect();
        let list = names.join(", ");
        let chosen: Vec<&str> = if self.descriptors.is_empty() {
            names.iter().take(2).copied().collect()
        } else {
            self.descriptors.iter().map(String::as_str).collect()
        };
        if !(2..=3).contains(&chosen.len()) {
            return Err(JobError::parameters(format!(
                "{} descriptors were named: name two or three of {list}",
                chosen.len()
            )));
        }
        let mut picks = Vec::new();
        for name in &chosen {
            let Some(index) = names.iter().position(|n| n == name) else {
                return Err(JobError::parameters(format!(
                    "there is no descriptor `{name}` here: choose from {list}"
                )));
            };
            if picks.contains(&index) {
                return Err(JobError::parameters(format!(
                    "the descriptor `{name}` is named twice: name each once"
                )));
            }
            picks.push(index);
        }
        for name in self.ranges.keys() {
            if !chosen.contains(&name.as_str()) {
                return Err(JobError::parameters(format!(
                    "a range is given for `{name}`, which is not one of the descriptors explored \
                     ({}): add it to the descriptors or drop its range",
                    chosen.join(", ")
                )));
            }
        }
        let cells: Vec<usize> = match self.cells.len() {
            0 => picks.iter().map(|&i| offered[i].cells).collect(),
            1 => vec![self.cells[0]; picks.len()],
            n if n == picks.len() => self.cells.clone(),
            n => {
                return Err(JobError::parameters(format!(
                    "{n} cell counts are given for {} descriptors: give one for all or one each",
                    picks.len()
                )));
            }
        };
        let mut axes = Vec::new();
        for (&index, &count) in picks.iter().zip(&cells) {
            let d = &offered[index];
            if !(1..=10_000).contains(&count) {
                return Err(JobError::parameters(format!(
                    "{count} cells along `{}`: give 1 to 10,000",
                    d.name
                )));
            }
            let [low, high] = self.ranges.get(d.name).copied().unwrap_or([d.low, d.high]);
            if !(low.is_finite() && high.is_finite() && low < high) {
                return Err(JobError::parameters(format!(
                    "the range of `{}` must be two finite numbers, low below high (it is {low}..{high})",
                    d.name
                )));
            }
            axes.push(Axis::new(d.name, d.unit, low, high, count));
        }
        let total = cells.iter().try_fold(1usize, |all, &c| all.checked_mul(c));
        if total.is_none_or(|t| t > MAX_CELLS) {
            let product = cells
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" × ");
            let count = total.map_or("more than can be counted".to_string(), |t| t.to_string());
            return Err(JobError::parameters(format!(
                "{product} = {count} cells: an archive holds at most {MAX_CELLS}; use fewer \
                 cells per axis"
            )));
        }
        if !(1..=100_000_000).contains(&self.evaluations) {
            return Err(JobError::parameters(format!(
                "evaluations {}: give 1 to 100,000,000",
                self.evaluations
            )));
        }
        for (what, value) in [("initial", self.initial), ("batch", self.batch)] {
            if !(1..=100_000).contains(&value) {
                return Err(JobError::parameters(format!(
                    "{what} {value}: give 1 to 100,000"
                )));
            }
        }
        if !(0.0..=1.0).contains(&self.crossover) {
            return Err(JobError::parameters(format!(
                "crossover {}: give a chance from 0 to 1",
                self.crossover
            )));
        }
        if !(1..=100).contains(&self.max_mutations) {
            return Err(JobError::parameters(format!(
                "max_mutations {}: give 1 to 100",
                self.max_mutations
            )));
        }
        Ok(Plan {
            axes,
            picks,
            settings: self.clone(),
        })
    }
}
