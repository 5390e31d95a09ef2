//! `ludoforge risk`: playtest a variant, play it at the terminal, draw its map.

use std::io::Write;

use anyhow::{Context, Result};
use ludoforge_evolve::rng::stream;
use ludoforge_risk::agent::{Agent, RandomAgent, RuleAgent};
use ludoforge_risk::game::play_match;
use ludoforge_risk::map::RiskMap;
use ludoforge_risk::playtest::{Scoring, playtest_observed};
use ludoforge_risk::render;
use rayon::prelude::*;
use serde_json::json;

use crate::args::risk::{
    DesignArgs, MapArgs, OpponentArg, PlayArgs, PlaytestArgs, RulesArg, VariantArgs, parse_scoring,
};
use crate::human::Human;
use crate::output::{Outputs, check_outputs, check_writable, read_text, write_atomic};
use crate::puzzle::{Ending, fresh_seed};

/// An embedded map by name, or a map file (the project's format or the published one).
fn load_map(name: &str, allow_one_way: bool) -> Result<RiskMap> {
    if let Some(map) = RiskMap::embedded(name) {
        return Ok(map);
    }
    let path = std::path::Path::new(name);
    if !path.exists() {
        anyhow::bail!(
            "--map {name}: not an embedded map (classic, map1 … map10, warmap) nor a file that exists"
        );
    }
    let text = read_text(path)?;
    let map = if text.contains("\"connections\"") {
        let stem = path
            .file_stem()
            .map_or("map".into(), |s| s.to_string_lossy().into_owned());
        RiskMap::from_published(&text, &stem, allow_one_way)
    } else {
        RiskMap::parse(&text)
    };
    map.with_context(|| format!("cannot use the map {name}"))
}

/// The map and rules of the variant flags, or of a `--variant` file.
fn load_variant(v: &VariantArgs) -> Result<(RiskMap, ludoforge_risk::rules::Rules)> {
    let rules = v.rules()?;
    match &v.variant {
        None => Ok((load_map(&v.map, v.allow_one_way)?, rules)),
        Some(path) => {
            #[derive(serde::Deserialize)]
            struct VariantFile {
                rules: ludoforge_risk::rules::Rules,
                map: ludoforge_risk::map::MapFile,
            }
            let text = read_text(path)?;
            let file: VariantFile = serde_json::from_str(&text).with_context(|| {
                format!(
                    "{} is not a variant file (one written by `risk design --out`)",
                    path.display()
                )
            })?;
            file.rules.validate().with_context(|| {
                format!("the variant {} has rules out of range", path.display())
            })?;
            let map = RiskMap::new(file.map)
                .with_context(|| format!("the variant {} has an unusable map", path.display()))?;
            Ok((map, file.rules))
        }
    }
}

/// `risk playtest`.
pub fn playtest_command(args: &PlaytestArgs) -> Result<Ending> {
    let (used, weights) = args.scoring()?;
    if let Some(path) = &args.record {
        check_writable(path, "--record")?;
    }
    let (map, rules) = load_variant(&args.variant)?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let scoring = Scoring {
        formulas: args.variant.formulas(),
        used: used.clone(),
        weights,
        ideals: Default::default(),
    };
    let started = std::time::Instant::now();
    let progress = crate::progress::bar(args.matches as u64, "matches");
    let result = playtest_observed(&map, rules, args.matches as u32, seed, &scoring, &|| {
        progress.inc(1)
    });
    progress.finish_and_clear();
    let result = result?;
    eprintln!(
        "{} matches in {:.3} s",
        args.matches,
        started.elapsed().as_secs_f64()
    );
    if let Some(path) = &args.record {
        // One line per match, written in parallel and joined in match order.
        let lines = result
            .records
            .par_iter()
            .enumerate()
            .map(|(i, r)| {
                let mut line = serde_json::to_string(&json!({"match": i, "record": r}))?;
                line.push('\n');
                Ok(line)
            })
            .collect::<Result<Vec<String>>>()?;
        write_atomic(path, lines.concat().as_bytes())?;
    }
    println!(
        "{}",
        json!({
            "generator": "risk",
            "seed": seed,
            "map": map.name(),
            "territories": map.territories(),
            "rules": rules,
            "formulas": scoring.formulas,
            "matches": args.matches,
            "criteria": result.criteria,
            "criteria_used": used,
            "fitness": result.fitness,
            "wins": result.wins,
            "draws": result.draws,
            "mean_player_turns": result.mean_player_turns,
            "record": args.record,
        })
    );
    Ok(Ending::Done)
}

/// `risk play`.
pub fn play(args: &PlayArgs) -> Result<Ending> {
    let (map, rules) = load_variant(&args.variant)?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let stdin = std::io::stdin();
    let mut human = Human::new(stdin.lock(), std::io::stdout());
    let mut rule = RuleAgent::new();
    let mut random = RandomAgent;
    let opponent: &mut dyn Agent = match args.opponent {
        OpponentArg::Rule => &mut rule,
        OpponentArg::Random => &mut random,
    };
    let me: u8 = if args.second { 1 } else { 0 };
    println!(
        "Risk on {} ({} territories) against the {} agent; you are player {} (seed {seed}).",
        map.name(),
        map.territories(),
        match args.opponent {
            OpponentArg::Rule => "rule-based",
            OpponentArg::Random => "random",
        },
        me + 1
    );
    let agents: [&mut dyn Agent; 2] = if me == 0 {
        [&mut human, opponent]
    } else {
        [opponent, &mut human]
    };
    let record = play_match(&map, rules, agents, &mut stream(seed, 0, 0));
    let verdict = match record.winner {
        Some(w) if w == me => "You won!".to_string(),
        Some(_) => "The agent won.".to_string(),
        None => format!("A draw after {} player-turns.", record.player_turns),
    };
    println!(
        "\n{verdict} ({} player-turns, seed {seed})",
        record.player_turns
    );
    let _ = std::io::stdout().flush();
    Ok(Ending::Done)
}

/// `risk map`.
pub fn map(args: &MapArgs) -> Result<Ending> {
    for (flag, path) in [("--svg", &args.svg), ("--png", &args.png)] {
        if let Some(path) = path {
            check_writable(path, flag)?;
        }
    }
    let map = load_map(&args.map, args.allow_one_way)?;
    let view = render::View {
        caption: Some(format!(
            "{} · {} territories · {} borders",
            map.name(),
            map.territories(),
            map.border_count()
        )),
        names: args.names,
    };
    let picture = render::svg(&map, None, None, &view);
    let mut outputs = Outputs::default();
    outputs.picture(picture, args.svg.as_deref(), args.png.as_deref(), 1.5)?;
    outputs.write_all()?;
    println!(
        "{}",
        json!({"map": map.name(), "territories": map.territories(), "borders": map.border_count(),
               "continents": map.continents().len(), "svg": args.svg, "png": args.png})
    );
    Ok(Ending::Done)
}

/// `risk design`.
pub fn design(args: &DesignArgs) -> Result<Ending> {
    use ludoforge_risk::design::{Settings, design as run, plot};
    let (used, weights) = parse_scoring(args.criteria.as_deref(), args.weights.as_deref())?;
    let check = |flag: &str, v: i64, lo: i64, hi: i64| -> Result<()> {
        if !(lo..=hi).contains(&v) {
            anyhow::bail!("{flag} {v}: give between {lo} and {hi}");
        }
        Ok(())
    };
    check("--generations", args.generations, 0, 10_000)?;
    check("--offspring", args.offspring, 2, 10_000)?;
    check("--tournament", args.tournament, 2, 10_000)?;
    check("--matches", args.matches, 1, 100_000)?;
    check("--min-territories", args.min_territories, 0, 1_000)?;
    if !(0.0..=1.0).contains(&args.mutation) {
        anyhow::bail!(
            "--mutation {}: give a probability between 0 and 1",
            args.mutation
        );
    }
    check_outputs(&[
        ("--out", args.out.as_deref()),
        ("--population", args.population.as_deref()),
        ("--plot", args.plot.as_deref()),
        ("--plot-png", args.plot_png.as_deref()),
        ("--svg", args.svg.as_deref()),
        ("--png", args.png.as_deref()),
    ])?;
    let formulas = match args.rules {
        RulesArg::Standard => ludoforge_risk::criteria::Formulas::Paper,
        RulesArg::Rossato2023 => ludoforge_risk::criteria::Formulas::Rossato2023,
    };
    let settings = Settings {
        generations: args.generations as u32,
        offspring: args.offspring as usize,
        tournament: args.tournament as usize,
        mutation: args.mutation,
        matches: args.matches as u32,
        min_territories: args.min_territories as usize,
        scoring: Scoring {
            formulas,
            used,
            weights,
            ideals: Default::default(),
        },
        compat: match args.rules {
            RulesArg::Standard => ludoforge_risk::rules::Compat::Standard,
            RulesArg::Rossato2023 => ludoforge_risk::rules::Compat::Rossato2023,
        },
        max_attempts: 100 * args.offspring as usize,
    };
    let seed = args.seed.unwrap_or_else(fresh_seed);
    // Each generation plays `offspring` variants (from the first on, the elite is one of them).
    let total = (args.generations as u64 + 1) * args.offspring as u64;
    let progress = crate::progress::bar(total, "variants");
    let started = std::time::Instant::now();
    let result = run(&settings, seed, &|_| progress.inc(1));
    progress.finish_and_clear();
    let result = result?;
    eprintln!("designed in {:.2} s", started.elapsed().as_secs_f64());
    let best = &result.best;
    let mut outputs = Outputs::default();
    let pretty = |v: &serde_json::Value| -> Result<Vec<u8>> {
        let mut t = serde_json::to_string_pretty(v)?;
        t.push('\n');
        Ok(t.into_bytes())
    };
    if let Some(path) = &args.out {
        outputs.add(
            path,
            pretty(&json!({
                "generator": "risk-design",
                "seed": seed,
                "rules": best.variant.rules,
                "map": best.variant.map,
                "fitness": best.fitness,
                "criteria": best.criteria,
                "playtests": best.playtests,
            }))?,
        );
    }
    if let Some(path) = &args.population {
        outputs.add(
            path,
            pretty(&json!({"seed": seed, "population": result.population}))?,
        );
    }
    if args.plot.is_some() || args.plot_png.is_some() {
        let svg = plot(&result, &format!("Fitness per generation (seed {seed})"));
        outputs.picture(svg, args.plot.as_deref(), args.plot_png.as_deref(), 1.5)?;
    }
    if args.svg.is_some() || args.png.is_some() {
        let map = RiskMap::new(best.variant.map.clone())?;
        let view = render::View {
            caption: Some(format!(
                "best variant · fitness {:.3} · {} territories · seed {seed}",
                best.fitness,
                map.territories()
            )),
            names: false,
        };
        let picture = render::svg(&map, None, None, &view);
        outputs.picture(picture, args.svg.as_deref(), args.png.as_deref(), 1.5)?;
    }
    outputs.write_all()?;
    println!(
        "{}",
        json!({
            "generator": "risk-design",
            "seed": seed,
            "best": {"fitness": best.fitness, "territories": best.variant.map.territories.len(),
                     "rules": best.variant.rules, "criteria": best.criteria},
            "history": result.history,
            "accepted": result.accepted,
            "rejected": result.rejected,
            "analysis": result.analysis,
            "out": args.out,
        })
    );
    Ok(Ending::Done)
}
