//! `risk-playtest`: many matches between rule-based agents on a variant, the quality criteria
//! and the fitness.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use ludoforge_job::{Artifact, Context, Ending, File, JobError, Spec, media};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::params::{MapFileParams, RuleSet, check_scoring, content_text, load_map};
use crate::criteria::interval::{Intervals, intervals};
use crate::criteria::{Criterion, Formulas};
use crate::map::{MapFile, RiskMap};
use crate::playtest::{Playtest, Scoring, playtest_until};
use crate::rules::{ConquestMove, Distribution, Rules};
use crate::seats::Seats;
use crate::stats::{Interval, Method, RESAMPLES};
use crate::steady::{BATCH, FIRST_LOOK, Matches, Steady, Stop, playtest_steady};

/// Largest number of matches a playtest plays.
pub const MAX_MATCHES: u32 = 1_000_000;

/// A playtest: a variant (an embedded map or a map file and the rules, or a variant file) and
/// how it is scored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct PlaytestParams {
    /// An embedded map: classic, map1 … map10 or warmap (classic when neither this, map_file
    /// nor variant is given).
    #[schemars(schema_with = "super::params::embedded_map")]
    pub map: Option<String>,
    /// A map file's content instead of an embedded map.
    pub map_file: Option<MapFileParams>,
    /// A variant file written by `risk design --out` (as a JSON object or as the text of the
    /// file): its map and rules are played, so it goes with none of map, map_file,
    /// allow_one_way, distribution, troop_factor, defence_dice, conquest_move and turn_limit.
    /// The reading of the rules it was designed under (its rules' `compat`) is played and picks
    /// the criteria formulas unless rules is given; a file without one is read as standard.
    pub variant: Option<Value>,
    /// Read one-way arcs of a map file in the published generator's format instead of
    /// refusing them.
    pub allow_one_way: bool,
    /// How territories are shared out (pick when not given).
    pub distribution: Option<Distribution>,
    /// Reinforcements are territories divided by this factor: 1 to 4 (3 when not given).
    #[schemars(range(min = 1, max = 4))]
    pub troop_factor: Option<u32>,
    /// Dice the defender may roll: 2 or 3 (2 when not given).
    #[schemars(range(min = 2, max = 3))]
    pub defence_dice: Option<usize>,
    /// Troops moved into a conquered territory (max when not given).
    pub conquest_move: Option<ConquestMove>,
    /// Player-turns before a match is a draw: 2 to 100,000 (48 when not given; 49 with rules
    /// rossato2023).
    #[schemars(range(min = 2, max = 100_000))]
    pub turn_limit: Option<u32>,
    /// The rules of Risk scored with the paper's formulas, or the published code's rules and
    /// formulas (standard when not given; a variant's own when variant is given, which this
    /// replaces).
    pub rules: Option<RuleSet>,
    /// Matches to play: 1 to 1,000,000; or auto, to play until the fitness's 95% interval is
    /// narrower than ± 0.05 (auto:ε for another half-width ε), in batches of 50 from 100
    /// matches on, at most 5,000.
    pub matches: Matches,
    /// The criteria the fitness adds up.
    pub criteria: Vec<Criterion>,
    /// Their weights, one per criterion in the same order, each at least 0 (1 each when not
    /// given).
    pub weights: Option<Vec<f64>>,
    /// Who plays: the first player's agent and the second's, each rule, random, mc
    /// or mc:BUDGET (two rule-based agents, as in the paper, when not given).
    // Left out of results when default (results written before there was a choice read the
    // same); the schema still names the default, for forms.
    #[serde(skip_serializing_if = "Seats::is_default")]
    #[schemars(extend("default" = ["rule", "rule"]))]
    pub agents: Seats,
}

impl Default for PlaytestParams {
    fn default() -> Self {
        PlaytestParams {
            map: None,
            map_file: None,
            variant: None,
            allow_one_way: false,
            distribution: None,
            troop_factor: None,
            defence_dice: None,
            conquest_move: None,
            turn_limit: None,
            rules: None,
            matches: Matches::Count(100),
            criteria: Criterion::ALL.to_vec(),
            weights: None,
            agents: Seats::default(),
        }
    }
}

/// A variant ready to play: its map, its rules and the formulas that score it.
#[derive(Debug, Clone)]
pub struct Game {
    /// The map.
    pub map: RiskMap,
    /// The rules.
    pub rules: Rules,
    /// The criteria formulas.
    pub formulas: Formulas,
    /// For a variant file, which reading of the rules is played and why (its own, the one
    /// given instead, or the standard one for a file that names none).
    pub reading: Option<String>,
}

impl PlaytestParams {
    /// The variant these parameters describe, checked: the map and rules of a variant file,
    /// or the map named or given and the rule parameters.
    ///
    /// ```
    /// use ludoforge_risk::job::PlaytestParams;
    /// let params = PlaytestParams { map: Some("map8".into()), troop_factor: Some(1), ..Default::default() };
    /// let game = params.game().unwrap();
    /// assert_eq!((game.map.territories(), game.rules.troop_factor), (10, 1));
    /// let bad = PlaytestParams { troop_factor: Some(5), ..Default::default() };
    /// assert!(bad.game().unwrap_err().to_string().starts_with("troop_factor 5: give 1, 2, 3 or 4"));
    /// ```
    ///
    /// # Errors
    /// [`JobError`] naming the parameter at fault: a value out of range, a variant file with
    /// map or rule parameters beside it, a map or variant that cannot be used.
    pub fn game(&self) -> Result<Game, JobError> {
        let bad = |m: String| Err(JobError::parameters(m));
        if let Some(f) = self.troop_factor
            && !(1..=4).contains(&f)
        {
            return bad(format!("troop_factor {f}: give 1, 2, 3 or 4"));
        }
        if let Some(d) = self.defence_dice
            && !(2..=3).contains(&d)
        {
            return bad(format!("defence_dice {d}: give 2 or 3"));
        }
        if let Some(t) = self.turn_limit
            && !(2..=100_000).contains(&t)
        {
            return bad(format!(
                "turn_limit {t}: give between 2 and 100000 player-turns"
            ));
        }
        match &self.variant {
            Some(variant) => self.variant_game(variant),
            None => {
                let map = load_map(
                    self.map.as_deref(),
                    self.map_file.as_ref(),
                    self.allow_one_way,
                )?;
                let set = self.rules.unwrap_or_default();
                let mut rules = Rules::classic();
                if let Some(d) = self.distribution {
                    rules.distribution = d;
                }
                if let Some(f) = self.troop_factor {
                    rules.troop_factor = f;
                }
                if let Some(d) = self.defence_dice {
                    rules.defence_dice = d;
                }
                if let Some(c) = self.conquest_move {
                    rules.conquest_move = c;
                }
                if set == RuleSet::Rossato2023 {
                    rules = rules.rossato2023();
                }
                if let Some(t) = self.turn_limit {
                    rules.max_player_turns = t;
                }
                Ok(Game {
                    map,
                    rules,
                    formulas: set.formulas(),
                    reading: None,
                })
            }
        }
    }

    /// The game of a variant file, refusing the parameters it replaces.
    fn variant_game(&self, variant: &Value) -> Result<Game, JobError> {
        let mut given: Vec<String> = Vec::new();
        if let Some(map) = &self.map {
            given.push(format!("map {map}"));
        }
        if let Some(file) = &self.map_file {
            given.push(format!("map_file {:?}", file.name));
        }
        if self.allow_one_way {
            given.push("allow_one_way".into());
        }
        if let Some(d) = self.distribution {
            given.push(format!("distribution {}", name_of(&d)));
        }
        if let Some(f) = self.troop_factor {
            given.push(format!("troop_factor {f}"));
        }
        if let Some(d) = self.defence_dice {
            given.push(format!("defence_dice {d}"));
        }
        if let Some(c) = self.conquest_move {
            given.push(format!("conquest_move {}", name_of(&c)));
        }
        if let Some(t) = self.turn_limit {
            given.push(format!("turn_limit {t}"));
        }
        if !given.is_empty() {
            let names: Vec<&str> = given
                .iter()
                .map(|g| g.split(' ').next().unwrap_or(g))
                .collect();
            let drop = match names.split_last() {
                Some((last, [])) => (*last).to_string(),
                Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
                None => String::new(),
            };
            return Err(JobError::parameters(format!(
                "variant and {} contradict each other: a variant file brings its own map and \
                 rules; drop {drop}, or drop variant",
                given.join(", ")
            )));
        }
        #[derive(Deserialize)]
        struct VariantFile {
            rules: Rules,
            map: MapFile,
        }
        let text = content_text("variant", variant)?;
        let not_variant = |e: String| {
            JobError::input(format!(
                "variant: not a variant file (one written by `risk design --out`): {e}"
            ))
        };
        let value: Value = ludoforge_job::params::json_file(&text).map_err(not_variant)?;
        let named = value
            .get("rules")
            .is_some_and(|r| r.get("compat").is_some());
        let file: VariantFile = ludoforge_job::params::json_file(&text).map_err(not_variant)?;
        file.rules
            .validate()
            .map_err(|e| JobError::input(format!("variant: its rules are out of range: {e}")))?;
        let map = RiskMap::new(file.map)
            .map_err(|e| JobError::input(format!("variant: its map cannot be used: {e}")))?;
        let own = RuleSet::of(file.rules.compat);
        let (set, reading) = match self.rules {
            Some(set) if set != own || !named => (
                set,
                format!(
                    "rules reading {}: given by rules, instead of the variant's own ({})",
                    set.name(),
                    if named {
                        own.name()
                    } else {
                        "none named, read as standard"
                    }
                ),
            ),
            _ if named => (
                own,
                format!(
                    "rules reading {}: the variant's own, the one it was designed under",
                    own.name()
                ),
            ),
            _ => (
                own,
                "rules reading standard: the variant file names none (it was written before \
                 variant files recorded the reading they were designed under), so the rules \
                 of Risk and the paper's formulas are used; give rules rossato2023 for a \
                 variant designed under the published code's"
                    .to_string(),
            ),
        };
        Ok(Game {
            map,
            rules: reread(file.rules, set),
            formulas: set.formulas(),
            reading: Some(reading),
        })
    }
}

/// `rules` under the reading `set`: the other reading's rules are changed, and its default turn
/// limit (48, or 49 for the published code's) becomes the new reading's; another limit is kept.
fn reread(rules: Rules, set: RuleSet) -> Rules {
    if RuleSet::of(rules.compat) == set {
        return rules;
    }
    let standard = Rules::classic().max_player_turns;
    let published = Rules::classic().rossato2023().max_player_turns;
    let (from, to) = match set {
        RuleSet::Standard => (published, standard),
        RuleSet::Rossato2023 => (standard, published),
    };
    Rules {
        compat: set.compat(),
        max_player_turns: if rules.max_player_turns == from {
            to
        } else {
            rules.max_player_turns
        },
        ..rules
    }
}

/// A choice's name as the parameters spell it.
fn name_of(value: &impl Serialize) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(s)) => s,
        other => format!("{other:?}"),
    }
}

/// The checked playtest.
pub struct Checked {
    game: Game,
    scoring: Scoring,
}

/// `risk-playtest`: play a variant many times and score it.
pub struct PlaytestJob;

impl Spec for PlaytestJob {
    type Params = PlaytestParams;
    type Checked = Checked;

    fn id(&self) -> &'static str {
        "risk-playtest"
    }

    fn title(&self) -> &'static str {
        "Risk playtest"
    }

    fn help(&self) -> &'static str {
        "Playtest a two-player Risk variant (a map and four rule parameters, or a variant file \
         the designer wrote): rule-based agents play many matches in parallel, and the seven \
         game-quality criteria of Rossato et al. and the fitness (the distance to their ideals) \
         are measured. The same seed gives the same result on any number of threads."
    }

    fn validate(&self, p: &PlaytestParams) -> Result<Checked, JobError> {
        if let Matches::Count(n) = p.matches
            && !(1..=MAX_MATCHES).contains(&n)
        {
            return Err(JobError::parameters(format!(
                "matches {n}: give between 1 and {MAX_MATCHES}, or auto"
            )));
        }
        check_scoring(&p.criteria, p.weights.as_deref())?;
        let game = p.game()?;
        let scoring = Scoring {
            seats: p.agents,
            formulas: game.formulas,
            used: p.criteria.clone(),
            weights: p.weights.clone(),
            ideals: Default::default(),
        };
        Ok(Checked { game, scoring })
    }

    fn execute(
        &self,
        Checked { game, scoring }: Checked,
        p: &PlaytestParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        let finished = AtomicU64::new(0);
        let (result, found, steady, asked) = match p.matches {
            Matches::Count(asked) => {
                let total = u64::from(asked);
                context.stage("playing matches", Some(total), "matches");
                let step = (total / 1000).max(1);
                let on_match = || {
                    let n = finished.fetch_add(1, Ordering::Relaxed) + 1;
                    if n.is_multiple_of(step) || n == total {
                        context.advance(n, None);
                    }
                };
                let result = context
                    .install(|| {
                        playtest_until(
                            &game.map,
                            game.rules,
                            asked,
                            seed,
                            &scoring,
                            &on_match,
                            context.cancel_flag(),
                        )
                    })?
                    .map_err(|e| JobError::failed(e.to_string()))?;
                let found = context
                    .install(|| intervals(&result.records, &scoring, seed))?
                    .map_err(|e| JobError::failed(e.to_string()))?;
                (result, found, None, Some(asked))
            }
            Matches::Auto(auto) => {
                context.stage(
                    "playing matches until the fitness is steady",
                    None,
                    "matches",
                );
                let on_match = || {
                    let n = finished.fetch_add(1, Ordering::Relaxed) + 1;
                    if n.is_multiple_of(10) {
                        context.advance(n, None);
                    }
                };
                let steady = context
                    .install(|| {
                        playtest_steady(
                            &game.map,
                            game.rules,
                            auto,
                            seed,
                            &scoring,
                            &on_match,
                            context.cancel_flag(),
                        )
                    })?
                    .map_err(|e| JobError::failed(e.to_string()))?;
                let Steady {
                    playtest,
                    intervals,
                    epsilon,
                    stop,
                } = steady;
                let half_width = intervals.fitness.map(|f| f.half_width());
                let report = json!({
                    "epsilon": epsilon,
                    "cap": auto.cap,
                    "first_look": FIRST_LOOK,
                    "batch": BATCH,
                    "stop": stop,
                    "reached": stop == Stop::Reached,
                    "half_width": half_width,
                });
                (
                    playtest,
                    intervals,
                    Some((report, stop, epsilon, auto.cap)),
                    None,
                )
            }
        };
        let played = result.records.len();
        let mut artifact = Artifact::new(self.id(), env!("CARGO_PKG_VERSION"), seed, p);
        let report = json!({
            "generator": "risk",
            "map": game.map.name(),
            "territories": game.map.territories(),
            "rules": game.rules,
            "formulas": scoring.formulas,
            "matches": played,
            "agents": p.agents,
            "criteria": result.criteria,
            "criteria_used": scoring.used,
            "fitness": result.fitness,
            "wins": result.wins,
            "draws": result.draws,
            "mean_player_turns": result.mean_player_turns,
            "intervals": found,
        });
        let mut report = report;
        if let Some((auto, ..)) = &steady {
            report["auto"] = auto.clone();
        }
        for (key, value) in report.as_object().expect("an object") {
            artifact.report(key, value);
        }
        artifact.files.push(File::json("result", &report));
        if context.wants("text") {
            let text = human_summary(&game, &scoring, &result, &found);
            artifact
                .files
                .push(File::new("text", media::TEXT, text.into_bytes()));
        }
        if let Some(reading) = &game.reading {
            artifact.notes.push(reading.clone());
        }
        if !p.agents.is_default() {
            let [first, second] = p.agents.0;
            artifact.notes.push(format!(
                "played by {} as the first player and {} as the second",
                first.describe(),
                second.describe()
            ));
        }
        if context.wants("record") {
            // One line per match, in match order, made as the file is written: the records of
            // many long matches are more than should be held twice.
            let records = Arc::new(result.records);
            artifact
                .files
                .push(File::streamed("record", media::JSON_LINES, move |out| {
                    for (i, r) in records.iter().enumerate() {
                        serde_json::to_writer(&mut *out, &json!({"match": i, "record": r}))
                            .map_err(std::io::Error::other)?;
                        out.write_all(b"\n")?;
                    }
                    Ok(())
                }));
        }
        if let Some(asked) = asked
            && played < asked as usize
        {
            artifact.ending = Ending::Interrupted;
            artifact.notes.push(format!(
                "interrupted: the criteria and fitness kept are those of the {played} matches \
                 played of {asked} asked for"
            ));
        }
        if let Some((_, stop, epsilon, cap)) = steady {
            let half = found
                .fitness
                .map_or("unknown".to_string(), |f| format!("{:.4}", f.half_width()));
            let note = match stop {
                Stop::Reached => format!(
                    "auto: the fitness's 95% interval is ± {half}, below ± {epsilon}, after \
                     {played} matches"
                ),
                Stop::Cap => format!(
                    "auto: the cap of {cap} matches was reached with the fitness's 95% \
                     interval at ± {half}, not yet below ± {epsilon}; ask for a larger ε \
                     (auto:0.1), or a number of matches"
                ),
                Stop::Cancelled => {
                    artifact.ending = Ending::Interrupted;
                    format!(
                        "interrupted: the criteria and fitness kept are those of the {played} \
                         matches played, with the fitness's 95% interval at ± {half}, not yet \
                         below ± {epsilon}"
                    )
                }
            };
            artifact.notes.push(note);
        }
        Ok(artifact)
    }
}

/// The playtest in words, for a person: the fitness and each criterion with its 95% interval
/// and how that was made, then the wins, draws and mean length.
fn human_summary(game: &Game, scoring: &Scoring, result: &Playtest, found: &Intervals) -> String {
    let n = result.records.len();
    let shown = |i: Option<Interval>| match i {
        Some(i) => format!("{:.3} to {:.3}", i.low, i.high),
        None => "(too few matches)".to_string(),
    };
    let method = |i: Option<Interval>| match i.map(|i| i.method) {
        Some(Method::StudentT) => "Student's t over the per-match values".to_string(),
        Some(Method::Wilson) => "Wilson's interval of a share of matches".to_string(),
        Some(Method::FoldedWilson) => "Wilson's interval of a share p, as |2p - 1|".to_string(),
        Some(Method::BootstrapPercentile) => {
            format!("percentile bootstrap, {RESAMPLES} resamples of the {n} matches")
        }
        Some(Method::MeanOfPlaytests) => "mean of playtests".to_string(),
        None => String::new(),
    };
    let mut out = format!(
        "{} ({} territories), {} formulas, {n} matches\n\n{:<18}{:>8}   {:<22}{}\n",
        game.map.name(),
        game.map.territories(),
        scoring.formulas,
        "",
        "value",
        "95% interval",
        "method"
    );
    out.push_str(&format!(
        "{:<18}{:>8.3}   {:<22}{}\n",
        "fitness",
        result.fitness,
        shown(found.fitness),
        method(found.fitness)
    ));
    for (c, value) in result.criteria.iter() {
        let interval = found.criterion(c);
        let unused = if scoring.used.contains(&c) {
            ""
        } else {
            " (not in the fitness)"
        };
        out.push_str(&format!(
            "{:<18}{value:>8.3}   {:<22}{}{unused}\n",
            c.name(),
            shown(interval),
            method(interval)
        ));
    }
    out.push_str(&format!(
        "\nwins {} and {}, draws {}, {:.1} player-turns on average\n",
        result.wins[0], result.wins[1], result.draws, result.mean_player_turns
    ));
    out
}
