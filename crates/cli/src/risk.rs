//! `ludoforge risk`: playtest a variant, play it at the terminal, draw its map.

use std::io::Write;

use anyhow::{Context, Result};
use ludoforge_evolve::rng::stream;
use ludoforge_risk::agent::{Agent, RandomAgent, RuleAgent};
use ludoforge_risk::game::play_match;
use ludoforge_risk::map::RiskMap;
use ludoforge_risk::playtest::{Scoring, playtest};
use ludoforge_risk::render;
use serde_json::json;

use crate::args::risk::{MapArgs, OpponentArg, PlayArgs, PlaytestArgs};
use crate::human::Human;
use crate::output::{Outputs, check_writable, read_text, write_atomic};
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

/// `risk playtest`.
pub fn playtest_command(args: &PlaytestArgs) -> Result<Ending> {
    let rules = args.variant.rules()?;
    let (used, weights) = args.scoring()?;
    if let Some(path) = &args.record {
        check_writable(path, "--record")?;
    }
    let map = load_map(&args.variant.map, args.variant.allow_one_way)?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let scoring = Scoring {
        formulas: args.variant.formulas(),
        used: used.clone(),
        weights,
        ideals: Default::default(),
    };
    let started = std::time::Instant::now();
    let result = playtest(&map, rules, args.matches as u32, seed, &scoring)?;
    eprintln!(
        "{} matches in {:.3} s",
        args.matches,
        started.elapsed().as_secs_f64()
    );
    if let Some(path) = &args.record {
        let mut lines = String::new();
        for (i, r) in result.records.iter().enumerate() {
            lines.push_str(&serde_json::to_string(&json!({"match": i, "record": r}))?);
            lines.push('\n');
        }
        write_atomic(path, lines.as_bytes())?;
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
    let rules = args.variant.rules()?;
    let map = load_map(&args.variant.map, args.variant.allow_one_way)?;
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
    if let Some(path) = &args.png {
        outputs.add(
            path,
            ludoforge_draw::svg_to_png(&picture, 1.5).context("cannot draw the PNG")?,
        );
    }
    if let Some(path) = &args.svg {
        outputs.add(path, picture.into_bytes());
    }
    outputs.write_all()?;
    println!(
        "{}",
        json!({"map": map.name(), "territories": map.territories(), "borders": map.border_count(),
               "continents": map.continents().len(), "svg": args.svg, "png": args.png})
    );
    Ok(Ending::Done)
}
