//! `ludoforge risk`: playtest a variant, design variants and draw a map through the Risk jobs,
//! or play a variant at the terminal.

use std::io::Write;
use std::path::Path;

use anyhow::{Result, bail};
use ludoforge_evolve::rng::stream;
use ludoforge_job::Job;
use ludoforge_risk::agent::Agent;
use ludoforge_risk::criteria::Criterion;
use ludoforge_risk::game::play_match_told;
use ludoforge_risk::job::PlaytestParams;
use ludoforge_risk::map::RiskMap;
use ludoforge_risk::render::LAYOUT_SEED;
use ludoforge_risk::seats::{AgentSpec, Seats};
use serde_json::{Value, json};

use crate::args::risk::{
    ConquestArg, DesignArgs, DistributionArg, MapArgs, PlayArgs, PlaytestArgs, RulesArg,
    VariantArgs,
};
use crate::human::{Human, Paint};
use crate::output::read_text;
use crate::present::present;
use crate::puzzle::{Ending, fresh_seed};

fn job(id: &str) -> Box<dyn Job> {
    ludoforge_risk::job::jobs()
        .into_iter()
        .find(|j| j.id() == id)
        .expect("a Risk job")
}

/// `--map`: an embedded map's name, or a map file's content (named by the file's stem, which
/// a map in the published format takes as its name).
fn map_params(map: Option<&str>) -> Result<(Value, Value)> {
    let Some(name) = map else {
        return Ok((Value::Null, Value::Null));
    };
    if RiskMap::embedded(name).is_some() {
        return Ok((json!(name), Value::Null));
    }
    let path = Path::new(name);
    if !path.exists() {
        bail!(
            "--map {name}: not an embedded map (classic, map1 … map10, warmap) nor a file that exists"
        );
    }
    let stem = path
        .file_stem()
        .map_or("map".into(), |s| s.to_string_lossy().into_owned());
    Ok((
        Value::Null,
        json!({"name": stem, "content": content(read_map_text(path)?)}),
    ))
}

/// A map file's text. A Domination map that is not UTF-8 is read as ISO-8859-1, as
/// Domination reads a map without a byte-order mark (`RiskUtil.readMap`).
fn read_map_text(path: &Path) -> Result<String> {
    let Ok(bytes) = std::fs::read(path) else {
        return read_text(path);
    };
    match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) if e.as_bytes().windows(9).any(|w| w == b"[borders]") => {
            Ok(e.as_bytes().iter().map(|&b| char::from(b)).collect())
        }
        Err(_) => read_text(path),
    }
}

/// A file's content as parameters: its JSON object when it holds one (the summary then shows
/// it as JSON), else its text, for the job to say what is wrong with it.
fn content(text: String) -> Value {
    match serde_json::from_str::<Value>(&text) {
        Ok(value) if value.is_object() => value,
        _ => Value::String(text),
    }
}

fn rules_name(rules: RulesArg) -> &'static str {
    match rules {
        RulesArg::Standard => "standard",
        RulesArg::Rossato2023 => "rossato2023",
    }
}

/// The variant flags as parameters: the files they name are read here.
fn variant_params(v: &VariantArgs) -> Result<Value> {
    let (map, map_file) = map_params(v.map.as_deref())?;
    let variant = match &v.variant {
        Some(path) => content(read_text(path)?),
        None => Value::Null,
    };
    Ok(json!({
        "map": map,
        "map_file": map_file,
        "variant": variant,
        "allow_one_way": v.allow_one_way,
        "distribution": v.distribution.map(|d| match d {
            DistributionArg::Random => "random",
            DistributionArg::Pick => "pick",
        }),
        "troop_factor": v.troop_factor,
        "defence_dice": v.defence_dice,
        "conquest_move": v.conquest_move.map(|c| match c {
            ConquestArg::Min => "min",
            ConquestArg::Max => "max",
        }),
        "turn_limit": v.turn_limit,
        "rules": v.rules.map(rules_name),
    }))
}

/// `--criteria` and `--weights` into `params`: comma-separated lists become lists (criteria
/// spelled as the published code does, `leadChange`, become the parameters' names).
fn scoring_params(params: &mut Value, criteria: Option<&str>, weights: Option<&str>) -> Result<()> {
    if let Some(text) = criteria {
        let names: Vec<String> = text
            .split(',')
            .map(|c| {
                c.parse::<Criterion>()
                    .map_or_else(|_| c.trim().to_string(), |c| c.name().to_string())
            })
            .collect();
        params["criteria"] = json!(names);
    }
    if let Some(text) = weights {
        let numbers = text
            .split(',')
            .map(|w| w.trim().parse::<f64>())
            .collect::<Result<Vec<_>, _>>()
            .ok();
        let Some(numbers) = numbers.filter(|w| w.iter().all(|w| w.is_finite())) else {
            bail!("--weights {text:?}: give numbers separated by commas, one per criterion used");
        };
        params["weights"] = json!(numbers);
    }
    Ok(())
}

/// `--matches N|auto[:ε]` as a parameter: a number stays a number (as in a parameters
/// file); `auto[:ε]` and anything else go to the job as text, to be read or refused there.
fn matches_param(given: &str) -> Value {
    match given.trim().parse::<i64>() {
        Ok(n) => json!(n),
        Err(_) => json!(given),
    }
}

/// `--agents FIRST,SECOND` into `params`, checked here so the message names the flag.
fn agents_params(params: &mut Value, agents: Option<&str>) -> Result<()> {
    if let Some(text) = agents {
        let seats: Seats = text.parse().map_err(|e| anyhow::anyhow!("--agents: {e}"))?;
        params["agents"] = json!(seats);
    }
    Ok(())
}

/// `risk playtest`.
pub fn playtest_command(args: &PlaytestArgs) -> Result<Ending> {
    let mut params = variant_params(&args.variant)?;
    params["matches"] = matches_param(&args.matches);
    agents_params(&mut params, args.agents.as_deref())?;
    scoring_params(
        &mut params,
        args.criteria.as_deref(),
        args.weights.as_deref(),
    )?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let destinations = [
        ("--out", "result", args.out.as_deref()),
        ("--record", "record", args.record.as_deref()),
    ];
    present(&*job("risk-playtest"), &params, seed, &destinations, true)
}

/// The opponent `risk play` seats and the person's seat (0 first, 1 second): from `--agents`
/// (one seat `you`), or from `--opponent` and `--second`.
fn opponent(args: &PlayArgs) -> Result<(AgentSpec, u8)> {
    let Some(text) = &args.agents else {
        let spec = match &args.opponent {
            Some(name) => name
                .parse::<AgentSpec>()
                .map_err(|e| anyhow::anyhow!("--opponent: {e}"))?,
            None => AgentSpec::Rule,
        };
        return Ok((spec, u8::from(args.second)));
    };
    if args.opponent.is_some() || args.second {
        bail!(
            "--agents {text} names both seats, so it goes without --opponent and --second: drop \
             one or the other"
        );
    }
    let you = |s: &str| matches!(s.trim().to_ascii_lowercase().as_str(), "you" | "human");
    let seats: Vec<&str> = text.split(',').collect();
    let (me, other) = match seats[..] {
        [a, b] if you(a) && !you(b) => (0, b),
        [a, b] if you(b) && !you(a) => (1, a),
        _ => bail!(
            "--agents {text}: give two seats separated by a comma, one of them `you` and the \
             other rule, random or mc[:BUDGET] (for example you,mc or rule,you)"
        ),
    };
    let spec = other
        .parse::<AgentSpec>()
        .map_err(|e| anyhow::anyhow!("--agents: {e}"))?;
    Ok((spec, me))
}

/// `risk play`: the person against an agent, told everything that happens at the table.
pub fn play(args: &PlayArgs) -> Result<Ending> {
    let params: PlaytestParams = ludoforge_job::params::typed(&variant_params(&args.variant)?)
        .map_err(anyhow::Error::msg)?;
    let game = params.game().map_err(anyhow::Error::msg)?;
    let (map, rules) = (game.map, game.rules);
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let stdin = std::io::stdin();
    let mut human = Human::new(stdin.lock(), std::io::stdout()).with_paint(Paint::for_stdout());
    let (spec, me) = opponent(args)?;
    let mut opponent = spec.build();
    human.tell(&format!(
        "Risk on {} ({} territories, {} player-turns) against {}; you are player {} \
         (seed {seed}). Type help for the commands, b for the board.",
        map.name(),
        map.territories(),
        rules.max_player_turns,
        spec.describe(),
        me + 1
    ));
    let agents: [&mut dyn Agent; 2] = if me == 0 {
        [&mut human, &mut *opponent]
    } else {
        [&mut *opponent, &mut human]
    };
    let record = play_match_told(&map, rules, agents, &mut stream(seed, 0, 0));
    human.finish(&map, rules, me);
    let verdict = match record.winner {
        Some(w) if w == me => "You won!".to_string(),
        Some(_) => "The agent won.".to_string(),
        None => format!("A draw after {} player-turns.", record.player_turns),
    };
    println!(
        "{verdict} ({} player-turns, seed {seed})",
        record.player_turns
    );
    let _ = std::io::stdout().flush();
    Ok(Ending::Done)
}

/// `--export FILE`: the role of the file the name's extension asks for.
fn export_role(path: &Path) -> Result<&'static str> {
    let extension = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match extension.as_deref() {
        Some("map") => Ok("domination"),
        Some("json") => Ok("tag"),
        _ => bail!(
            "--export {}: name a file ending in .map (a Domination map) or .json (TAG's Risk map \
             JSON)",
            path.display()
        ),
    }
}

/// `risk map`.
pub fn map(args: &MapArgs) -> Result<Ending> {
    let export = match &args.export {
        Some(path) => Some((export_role(path)?, path.as_path())),
        None => None,
    };
    let (map, map_file) = map_params(args.map.as_deref())?;
    // A Domination map's cards file goes beside it, named after it: `F.cards` for `F.map`.
    let cards = export
        .filter(|(role, _)| *role == "domination")
        .map(|(_, path)| path.with_extension("cards"));
    let params = json!({
        "map": map,
        "map_file": map_file,
        "allow_one_way": args.allow_one_way,
        "names": args.names,
        "cards_file": cards.as_deref().and_then(Path::file_name).map(|n| n.to_string_lossy()),
    });
    let destinations = [
        ("--out", "result", args.out.as_deref()),
        ("--svg", "svg", args.svg.as_deref()),
        ("--png", "png", args.png.as_deref()),
        ("--pdf", "pdf", args.pdf.as_deref()),
        (
            "--export",
            export.map_or("domination", |(role, _)| role),
            export.map(|(_, path)| path),
        ),
        (
            "--export's cards file",
            "domination-cards",
            cards.as_deref(),
        ),
    ];
    // Without --seed, the layout every other picture of a map uses.
    let seed = args.seed.unwrap_or(LAYOUT_SEED);
    present(&*job("risk-map"), &params, seed, &destinations, false)
}

/// `risk design`.
pub fn design(args: &DesignArgs) -> Result<Ending> {
    if !args.mutation.is_finite() {
        // JSON has no NaN or infinity: refuse here what the parameters could not carry.
        bail!(
            "mutation {} (--mutation): give a probability between 0 and 1",
            args.mutation
        );
    }
    let mut params = json!({
        "generations": args.generations,
        "offspring": args.offspring,
        "tournament": args.tournament,
        "mutation": args.mutation,
        "matches": args.matches,
        "reevaluate": args.reevaluate,
        "reevaluate_matches": args.reevaluate_matches.as_deref().map(matches_param),
        "min_territories": args.min_territories,
        "rules": rules_name(args.rules),
    });
    agents_params(&mut params, args.agents.as_deref())?;
    scoring_params(
        &mut params,
        args.criteria.as_deref(),
        args.weights.as_deref(),
    )?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let destinations = [
        ("--out", "result", args.out.as_deref()),
        (
            "--population-out",
            "population",
            args.population_out.as_deref(),
        ),
        ("--plot", "plot", args.plot.as_deref()),
        ("--plot-png", "plot-png", args.plot_png.as_deref()),
        ("--svg", "svg", args.svg.as_deref()),
        ("--png", "png", args.png.as_deref()),
        ("--pdf", "pdf", args.pdf.as_deref()),
    ];
    present(&*job("risk-design"), &params, seed, &destinations, false)
}
