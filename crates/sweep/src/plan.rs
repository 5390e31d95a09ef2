//! A sweep plan read from TOML, and the runs it makes.

use std::collections::BTreeMap;

use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::SweepError;
use crate::expression;

/// The most runs a plan may make.
pub const MAX_RUNS: usize = 10_000_000;

/// How one parameter varies.
#[derive(Debug, Clone, PartialEq)]
pub enum Vary {
    /// These values, in this order.
    List(Vec<Value>),
    /// From `from` to `to` (both included) by `step`; a bound is a number or an expression
    /// over another parameter (`"offspring / 2"`).
    Range {
        /// The first value.
        from: Value,
        /// The last value, or the bound no value passes.
        to: Value,
        /// The step (1 when not given).
        step: f64,
    },
}

/// The seeds every configuration is run with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replicates {
    /// The seeds, in order.
    pub seeds: Vec<u64>,
}

impl Default for Replicates {
    fn default() -> Self {
        Replicates { seeds: vec![1] }
    }
}

/// How `sweep merge` ranks the runs and which curve it draws for the best: the plan's
/// `[report]` section. Values are named by their dotted path in a run's summary
/// (`best.fitness`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The summary value runs are ranked by (none: no ranking, no best runs).
    pub rank: Option<String>,
    /// Lowest first (a distance, a cost) rather than highest first.
    pub lowest_first: bool,
    /// How many best runs to list.
    pub top: usize,
    /// A list in each run's summary with one entry per generation, drawn for the best runs.
    pub curve: Option<String>,
    /// The entry's field along x.
    pub x: String,
    /// The entry's fields drawn as lines.
    pub y: Vec<String>,
    /// How many best runs get their curve drawn.
    pub curves: usize,
}

impl Default for Report {
    fn default() -> Self {
        Report {
            rank: None,
            lowest_first: false,
            top: 10,
            curve: None,
            x: "generation".into(),
            y: Vec::new(),
            curves: 2,
        }
    }
}

/// A sweep plan: a job, its fixed parameters, the parameters to vary and the replicates.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// The job's id.
    pub job: String,
    /// Parameters every run has.
    pub fixed: Map<String, Value>,
    /// Parameters that vary, by name (dotted for a nested one: `search.population`).
    pub vary: BTreeMap<String, Vary>,
    /// The seeds.
    pub replicates: Replicates,
    /// How `sweep merge` ranks and draws the runs.
    pub report: Report,
}

/// One run of a plan.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// Its place in the plan's run list, from 0.
    pub index: usize,
    /// A name that depends only on its parameters and seed: 16 hexadecimal digits.
    pub id: String,
    /// The seed.
    pub seed: u64,
    /// The varied parameters' values.
    pub varied: BTreeMap<String, Value>,
    /// Every parameter: the fixed ones with the varied ones set.
    pub params: Value,
}

fn plan_error(message: impl Into<String>) -> SweepError {
    SweepError::Plan(message.into())
}

fn to_json(value: &toml::Value) -> Result<Value, SweepError> {
    if let toml::Value::Datetime(d) = value {
        return Err(plan_error(format!(
            "{d} is a date: give parameters as numbers, text, true/false, lists or tables"
        )));
    }
    serde_json::to_value(value).map_err(|e| plan_error(e.to_string()))
}

fn whole(value: f64) -> bool {
    value.fract() == 0.0 && value.abs() < 9.0e15
}

impl Plan {
    /// Reads a plan.
    ///
    /// ```toml
    /// job = "risk-design"            # a job of `ludoforge list`
    /// [fixed]                        # parameters every run has
    /// matches = 100
    /// [vary]                         # lists, ranges, and ranges bound by another parameter
    /// generations = { from = 10, to = 190, step = 20 }
    /// tournament = { from = 2, to = "offspring / 2", step = 2 }
    /// mutation = [0.1, 0.2, 0.4, 0.6, 0.8]
    /// [replicates]                   # seeds = [1, 2, 3], or count = 3 and first_seed = 1
    /// count = 1
    /// ```
    ///
    /// # Errors
    /// [`SweepError::Plan`] naming what cannot be read and how to write it.
    pub fn parse(text: &str) -> Result<Plan, SweepError> {
        let table: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| plan_error(e.message().to_string()))?;
        for key in table.keys() {
            if !["job", "fixed", "vary", "replicates", "report"].contains(&key.as_str()) {
                return Err(plan_error(format!(
                    "it has a key {key:?}; a plan has job, [fixed], [vary], [replicates] and \
                     [report]"
                )));
            }
        }
        let job = match table.get("job") {
            Some(toml::Value::String(job)) if !job.trim().is_empty() => job.trim().to_string(),
            _ => {
                return Err(plan_error(
                    "it names no job: write job = \"risk-design\" (`ludoforge list` lists them)",
                ));
            }
        };
        let fixed = match table.get("fixed") {
            None => Map::new(),
            Some(toml::Value::Table(t)) => match to_json(&toml::Value::Table(t.clone()))? {
                Value::Object(map) => map,
                _ => unreachable!("a table is an object"),
            },
            Some(_) => return Err(plan_error("[fixed] must be a table of parameters")),
        };
        let mut vary = BTreeMap::new();
        match table.get("vary") {
            None => {}
            Some(toml::Value::Table(t)) => {
                for (name, how) in t {
                    vary.insert(name.clone(), Self::vary_of(name, how)?);
                }
            }
            Some(_) => return Err(plan_error("[vary] must be a table of parameters")),
        }
        let replicates = match table.get("replicates") {
            None => Replicates::default(),
            Some(toml::Value::Table(t)) => Self::replicates_of(t)?,
            Some(_) => return Err(plan_error("[replicates] must be a table")),
        };
        for name in vary.keys() {
            if get(&fixed, name).is_some() {
                return Err(SweepError::Vary {
                    name: name.clone(),
                    problem: "it is both fixed and varied: keep it in one of [fixed] and [vary]"
                        .into(),
                });
            }
        }
        let report = match table.get("report") {
            None => Report::default(),
            Some(toml::Value::Table(t)) => Self::report_of(t)?,
            Some(_) => return Err(plan_error("[report] must be a table")),
        };
        Ok(Plan {
            job,
            fixed,
            vary,
            replicates,
            report,
        })
    }

    fn report_of(t: &toml::Table) -> Result<Report, SweepError> {
        let bad = |m: String| plan_error(format!("[report]: {m}"));
        let mut report = Report::default();
        let text = |key: &str| -> Result<Option<String>, SweepError> {
            match t.get(key) {
                None => Ok(None),
                Some(toml::Value::String(v)) if !v.trim().is_empty() => Ok(Some(v.trim().into())),
                Some(_) => Err(bad(format!(
                    "{key} must be a name, such as \"best.fitness\""
                ))),
            }
        };
        let count = |key: &str, default: usize| -> Result<usize, SweepError> {
            match t.get(key) {
                None => Ok(default),
                Some(toml::Value::Integer(n)) if (1..=1000).contains(n) => Ok(*n as usize),
                Some(_) => Err(bad(format!("{key} must be a whole number from 1 to 1000"))),
            }
        };
        for key in t.keys() {
            if !["rank", "order", "top", "curve", "x", "y", "curves"].contains(&key.as_str()) {
                return Err(bad(format!(
                    "it has {key:?}; [report] has rank, order (\"lowest\" or \"highest\" \
                     first), top, curve, x, y and curves"
                )));
            }
        }
        report.rank = text("rank")?;
        report.lowest_first = match text("order")?.as_deref() {
            None | Some("highest") => false,
            Some("lowest") => true,
            Some(other) => {
                return Err(bad(format!(
                    "order {other:?}: write \"lowest\" (lowest first) or \"highest\""
                )));
            }
        };
        report.top = count("top", report.top)?;
        report.curves = count("curves", report.curves)?;
        report.curve = text("curve")?;
        if let Some(x) = text("x")? {
            report.x = x;
        }
        report.y = match t.get("y") {
            None => Vec::new(),
            Some(toml::Value::Array(items)) => items
                .iter()
                .map(|v| match v {
                    toml::Value::String(s) => Ok(s.clone()),
                    _ => Err(bad(
                        "y must be a list of names, such as [\"min\", \"mean\"]".into(),
                    )),
                })
                .collect::<Result<_, _>>()?,
            Some(_) => {
                return Err(bad(
                    "y must be a list of names, such as [\"min\", \"mean\"]".into(),
                ));
            }
        };
        if report.curve.is_some() && report.y.is_empty() {
            return Err(bad(
                "a curve needs y: the fields to draw, such as [\"min\", \"mean\"]".into(),
            ));
        }
        Ok(report)
    }

    fn vary_of(name: &str, how: &toml::Value) -> Result<Vary, SweepError> {
        let bad = |problem: String| SweepError::Vary {
            name: name.to_string(),
            problem,
        };
        match how {
            toml::Value::Array(values) if !values.is_empty() => Ok(Vary::List(
                values.iter().map(to_json).collect::<Result<_, _>>()?,
            )),
            toml::Value::Array(_) => Err(bad("its list is empty: give at least one value".into())),
            toml::Value::Table(t) => {
                for key in t.keys() {
                    if !["from", "to", "step"].contains(&key.as_str()) {
                        return Err(bad(format!("a range has from, to and step, not {key:?}")));
                    }
                }
                let bound = |key: &str| -> Result<Value, SweepError> {
                    match t.get(key) {
                        Some(v @ (toml::Value::Integer(_) | toml::Value::Float(_))) => to_json(v),
                        Some(toml::Value::String(text)) => {
                            expression::parse(text).map_err(&bad)?;
                            Ok(Value::String(text.clone()))
                        }
                        _ => Err(bad(format!(
                            "a range needs `{key}`: a number, or another parameter's name with \
                             + - * / and a number (`offspring / 2`)"
                        ))),
                    }
                };
                let step = match t.get("step") {
                    None => 1.0,
                    Some(toml::Value::Integer(n)) => *n as f64,
                    Some(toml::Value::Float(x)) => *x,
                    Some(_) => return Err(bad("its step must be a number".into())),
                };
                if !(step.is_finite() && step > 0.0) {
                    return Err(bad(format!("its step is {step}: give a number above 0")));
                }
                Ok(Vary::Range {
                    from: bound("from")?,
                    to: bound("to")?,
                    step,
                })
            }
            _ => Err(bad(
                "give a list of values ([0.1, 0.2]) or a range ({ from = 2, to = 10, step = 2 })"
                    .into(),
            )),
        }
    }

    fn replicates_of(t: &toml::Table) -> Result<Replicates, SweepError> {
        let number = |key: &str| -> Result<Option<u64>, SweepError> {
            match t.get(key) {
                None => Ok(None),
                Some(toml::Value::Integer(n)) if *n >= 0 => Ok(Some(*n as u64)),
                Some(_) => Err(plan_error(format!(
                    "replicates' {key} must be a whole number from 0 up"
                ))),
            }
        };
        for key in t.keys() {
            if !["seeds", "count", "first_seed"].contains(&key.as_str()) {
                return Err(plan_error(format!(
                    "[replicates] has seeds = [...], or count and first_seed; not {key:?}"
                )));
            }
        }
        let seeds = match (t.get("seeds"), number("count")?, number("first_seed")?) {
            (Some(toml::Value::Array(seeds)), None, None) => seeds
                .iter()
                .map(|s| match s {
                    toml::Value::Integer(n) if *n >= 0 => Ok(*n as u64),
                    _ => Err(plan_error(
                        "replicates' seeds must be whole numbers from 0 up",
                    )),
                })
                .collect::<Result<Vec<_>, _>>()?,
            (Some(_), _, _) => {
                return Err(plan_error(
                    "give replicates as seeds = [1, 2, 3], or as count and first_seed, not both",
                ));
            }
            (None, count, first) => {
                let count = count.unwrap_or(1);
                let first = first.unwrap_or(1);
                if count > 1_000_000 {
                    return Err(plan_error(format!(
                        "{count} replicates: give at most 1,000,000"
                    )));
                }
                (0..count).map(|i| first.saturating_add(i)).collect()
            }
        };
        if seeds.is_empty() {
            return Err(plan_error(
                "no seeds: give at least one (count = 1, or seeds = [1])",
            ));
        }
        Ok(Replicates { seeds })
    }

    /// The varied parameters in the order they are expanded: each after the parameters its
    /// range reads, and otherwise by name.
    ///
    /// # Errors
    /// [`SweepError::Vary`] for a range that reads a parameter that is not varied, or ranges
    /// that read each other in a circle.
    pub fn order(&self) -> Result<Vec<&str>, SweepError> {
        let reads = |how: &Vary| -> Vec<String> {
            match how {
                Vary::List(_) => Vec::new(),
                Vary::Range { from, to, .. } => [from, to]
                    .into_iter()
                    .filter_map(Value::as_str)
                    .filter_map(|t| expression::parse(t).ok())
                    .map(|(name, _)| name)
                    .collect(),
            }
        };
        for (name, how) in &self.vary {
            for read in reads(how) {
                if !self.vary.contains_key(&read) {
                    return Err(SweepError::Vary {
                        name: name.clone(),
                        problem: format!(
                            "its range reads `{read}`, which is not varied: vary it too, or write \
                             a number"
                        ),
                    });
                }
            }
        }
        let mut order: Vec<&str> = Vec::new();
        while order.len() < self.vary.len() {
            let ready = self.vary.iter().find(|(name, how)| {
                !order.contains(&name.as_str())
                    && reads(how).iter().all(|r| order.contains(&r.as_str()))
            });
            match ready {
                Some((name, _)) => order.push(name),
                None => {
                    let left: Vec<&str> = self
                        .vary
                        .keys()
                        .map(String::as_str)
                        .filter(|n| !order.contains(n))
                        .collect();
                    return Err(SweepError::Vary {
                        name: left.join(", "),
                        problem: "their ranges read each other in a circle: bound one by numbers"
                            .into(),
                    });
                }
            }
        }
        Ok(order)
    }

    /// Every run of the plan: each configuration (the varied parameters' values, expanded in
    /// [`Plan::order`], the first fastest-changing last) with every seed, numbered from 0.
    ///
    /// # Errors
    /// [`SweepError::Vary`] for a range that cannot be worked out; [`SweepError::Plan`] for a
    /// plan of more than [`MAX_RUNS`] runs.
    pub fn runs(&self) -> Result<Vec<Run>, SweepError> {
        let order = self.order()?;
        let mut configurations: Vec<BTreeMap<String, Value>> = vec![BTreeMap::new()];
        for name in order {
            let mut next = Vec::new();
            for chosen in &configurations {
                for value in self.values(name, chosen)? {
                    let mut more = chosen.clone();
                    more.insert(name.to_string(), value);
                    next.push(more);
                    if next.len() * self.replicates.seeds.len() > MAX_RUNS {
                        return Err(plan_error(format!(
                            "it makes more than {MAX_RUNS} runs: vary fewer values"
                        )));
                    }
                }
            }
            configurations = next;
        }
        let mut runs = Vec::with_capacity(configurations.len() * self.replicates.seeds.len());
        for varied in configurations {
            let mut params = Value::Object(self.fixed.clone());
            for (name, value) in &varied {
                set(&mut params, name, value.clone());
            }
            for &seed in &self.replicates.seeds {
                runs.push(Run {
                    index: runs.len(),
                    id: run_id(&self.job, &params, seed),
                    seed,
                    varied: varied.clone(),
                    params: params.clone(),
                });
            }
        }
        Ok(runs)
    }

    /// The values `name` takes, given the values chosen so far.
    fn values(
        &self,
        name: &str,
        chosen: &BTreeMap<String, Value>,
    ) -> Result<Vec<Value>, SweepError> {
        let bad = |problem: String| SweepError::Vary {
            name: name.to_string(),
            problem,
        };
        let (from, to, step) = match &self.vary[name] {
            Vary::List(values) => return Ok(values.clone()),
            Vary::Range { from, to, step } => (from, to, *step),
        };
        let bound = |b: &Value| -> Result<(f64, bool), SweepError> {
            match b {
                Value::String(text) => {
                    let (read, operation) = expression::parse(text).map_err(&bad)?;
                    let value = expression::value(&read, operation, chosen).ok_or_else(|| {
                        bad(format!(
                            "{text:?} reads `{read}`, which is not a number here"
                        ))
                    })?;
                    Ok((value, whole(value)))
                }
                other => {
                    let value = other.as_f64().unwrap_or(f64::NAN);
                    Ok((value, other.is_i64() || other.is_u64()))
                }
            }
        };
        let (low, low_whole) = bound(from)?;
        let (high, _) = bound(to)?;
        let integers = low_whole && whole(step);
        let count = ((high - low) / step + 1e-9).floor();
        if !(count.is_finite() && count < MAX_RUNS as f64) {
            return Err(bad(format!(
                "from {low} to {high} by {step} makes too many values"
            )));
        }
        // A bound below the start (offspring 3 with tournament up to offspring / 2 = 1) gives
        // no value, and that configuration no run.
        let count = if count < 0.0 { 0 } else { count as usize + 1 };
        Ok((0..count)
            .map(|k| {
                let x = low + k as f64 * step;
                if integers {
                    Value::from(x as i64)
                } else {
                    // Twelve decimals: 0.1 + 2 × 0.1 is 0.3, not 0.30000000000000004.
                    let rounded: f64 = format!("{x:.12}").parse().unwrap_or(x);
                    Value::from(rounded)
                }
            })
            .collect())
    }
}

/// A dotted path's value in an object.
fn get<'a>(map: &'a Map<String, Value>, path: &str) -> Option<&'a Value> {
    let mut parts = path.split('.');
    let mut at = map.get(parts.next()?)?;
    for part in parts {
        at = at.get(part)?;
    }
    Some(at)
}

/// Sets a dotted path in an object, making the objects on the way.
fn set(target: &mut Value, path: &str, value: Value) {
    let mut at = target;
    let parts: Vec<&str> = path.split('.').collect();
    for part in &parts[..parts.len() - 1] {
        if !at.get(*part).is_some_and(Value::is_object) {
            at[*part] = Value::Object(Map::new());
        }
        at = &mut at[*part];
    }
    at[parts[parts.len() - 1]] = value;
}

/// 16 hexadecimal digits of the SHA-256 of the job, the parameters (keys sorted) and the seed.
fn run_id(job: &str, params: &Value, seed: u64) -> String {
    let text = format!("{job}\n{}\n{seed}", canonical(params));
    let digest = Sha256::digest(text.as_bytes());
    digest[..8].iter().map(|b| format!("{b:02x}")).collect()
}

/// JSON with every object's keys sorted.
fn canonical(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let inner: Vec<String> = keys
                .into_iter()
                .map(|k| format!("{}:{}", Value::from(k.as_str()), canonical(&map[k])))
                .collect();
            format!("{{{}}}", inner.join(","))
        }
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(canonical).collect::<Vec<_>>().join(",")
        ),
        other => other.to_string(),
    }
}
