//! `ludoforge gloomhaven`: evolve Gloomhaven scenarios from the official ones.

use anyhow::Result;
use ludoforge_evolve::{Budget, EvolveError, Observer, StopReason};
use ludoforge_gloomhaven::evolution::{evolve_with, top};
use ludoforge_gloomhaven::export::ScenarioEntry;
use ludoforge_gloomhaven::json::readable;
use ludoforge_gloomhaven::{book, names, render};
use serde_json::json;

use crate::args::gloomhaven::GloomhavenArgs;
use crate::output::{Outputs, check_outputs};
use crate::progress::RunProgress;
use crate::puzzle::{Ending, cancel_flag, fresh_seed};

/// `gloomhaven`.
pub fn gloomhaven(args: &GloomhavenArgs) -> Result<Ending> {
    let (mut settings, cycles) = args.settings()?;
    settings.creator = args.vgb.is_some();
    let catalog = crate::vgb::catalog(args.catalog.as_deref())?;
    check_outputs(&[
        ("--vgb", args.vgb.as_deref()),
        ("--out", args.out.as_deref()),
        ("--book", args.book.as_deref()),
        ("--text", args.text.as_deref()),
        ("--svg", args.svg.as_deref()),
        ("--png", args.png.as_deref()),
    ])?;
    let mut extra = Vec::new();
    for path in &args.from {
        for s in crate::vgb::read_scenarios(&catalog, path)? {
            crate::vgb::check_valid(&catalog, &s, path)?;
            extra.push(s);
        }
    }
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let mut progress = RunProgress::new(&Budget::generations(cycles));
    let observer: Option<&mut dyn Observer> =
        crate::progress::shown().then_some(&mut progress as &mut dyn Observer);
    let report = evolve_with(
        &catalog,
        &settings,
        &extra,
        cycles,
        seed,
        observer,
        Some(cancel_flag()),
    )
    .map_err(|e| match e {
        EvolveError::NoValidGenome { last_reason, .. } => anyhow::anyhow!(
            "no starting scenario is valid under these settings to start from (the last one: \
             {last_reason}){}",
            if settings.table.is_some() {
                "; give a larger table with --max-table (the official maps need about 60x50 cm)"
            } else if settings.creator {
                "; write the board file with 'ludoforge gloomhaven export-vgb' from --out instead"
            } else {
                ""
            }
        ),
        other => other.into(),
    })?;
    if report.stop == StopReason::Interrupted {
        eprintln!("interrupted: the best scenarios found so far are written");
    }
    let mut best = top(&report, args.top as usize);
    if best.is_empty() {
        // No child was valid: the best official scenario stands.
        best.push(report.best.clone());
    }
    let fitness = settings.fitness;
    let entries: Vec<ScenarioEntry> = best
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let name = if m.genome.name.is_empty() {
                names::scenario_name(&catalog, &m.genome, seed.wrapping_add(i as u64))
            } else {
                m.genome.name.clone()
            };
            ScenarioEntry::of(&catalog, &m.genome, &name, &fitness)
        })
        .collect();
    let name = &entries[0].scenario.name;
    let mut named = best[0].genome.clone();
    named.name = name.clone();
    let first = &named;

    let mut outputs = Outputs::default();
    if let Some(path) = &args.out {
        let file = json!({
            "generator": "gloomhaven",
            "version": env!("CARGO_PKG_VERSION"),
            "seed": seed,
            "settings": {
                "cycles": cycles,
                "players": fitness.players,
                "preset": format!("{:?}", args.preset).to_lowercase(),
                "starting_scenarios": settings.seeds,
                "weights": fitness.weights,
                "ideals": {"difficulty": fitness.difficulty, "size": fitness.size,
                           "complexity": fitness.complexity, "layout": fitness.layout},
                "goal": settings.goal,
                "mutation": settings.mutation,
                "max_table_cm": settings.table.map(|t| [t.width, t.height]),
            },
            "run": {
                "cycles": report.counters.generations,
                "evaluations": report.counters.evaluations,
                "rejected": report.counters.rejections,
                "population": report.population.len(),
                "stop": report.stop,
            },
            "scenarios": entries,
        });
        outputs.add(path, readable(&file).into_bytes());
    }
    if let Some(path) = &args.book {
        outputs.add(
            path,
            book::markdown(&catalog, first, name, &fitness, seed).into_bytes(),
        );
    }
    let page = book::text(&catalog, first, name, &fitness, seed);
    if let Some(path) = &args.text {
        outputs.add(path, page.clone().into_bytes());
    }
    if args.svg.is_some() || args.png.is_some() {
        let view = render::View {
            caption: Some(format!(
                "{name} · score {:.2} of {} · {} players · seed {seed}",
                entries[0].score,
                fitness.maximum(),
                fitness.players.count()
            )),
            players: fitness.players,
            ..render::View::default()
        };
        let picture = render::svg(&catalog, first, &view);
        outputs.picture(picture, args.svg.as_deref(), args.png.as_deref(), 1.5)?;
    }
    let mut warning = None;
    if let Some(path) = &args.vgb {
        let (bytes, _, too_large) = crate::vgb::board_file(&catalog, first, None)?;
        warning = too_large;
        outputs.add(path, bytes);
    }
    outputs.write_all()?;
    if let Some(warning) = warning {
        eprintln!("warning: {warning}");
    }
    if args.out.is_none() && args.book.is_none() && args.text.is_none() {
        eprint!("{page}");
    }
    println!(
        "{}",
        json!({
            "generator": "gloomhaven",
            "seed": seed,
            "name": name,
            "players": fitness.players,
            "score": entries[0].score,
            "difficulty": entries[0].difficulty,
            "maximum": entries[0].maximum,
            "components": entries[0].components,
            "cycles": report.counters.generations,
            "rejected": report.counters.rejections,
            "out": args.out,
        })
    );
    Ok(Ending::Done)
}
