//! `ludoforge portals`: generate, show and study portal dungeons.

use std::sync::atomic::Ordering;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use indicatif::ProgressBar;
use ludoforge_evolve::{Budget, Counters, EvolveError, Observer, Snapshot, StopReason};
use ludoforge_portals::choose::{Choice, choose};
use ludoforge_portals::evolve::{INTERRUPTED, PortalProblem, Watch, evolve};
use ludoforge_portals::footprint::Footprint;
use ludoforge_portals::format::{DungeonFile, Evolution, Settings};
use ludoforge_portals::study::{StudySpec, run as run_study};
use ludoforge_portals::{Dungeon, Measures, Params, dot, handout, render};
use serde_json::json;

use crate::args::portals::{
    DungeonOutputArgs, GenerateArgs, MAX_GRAPHS, MIN_POPULATION, PortalStudyArgs, ShowArgs,
    check_walks, parse_range,
};
use crate::output::{Outputs, read_text};
use crate::progress::{RunProgress, bar};
use crate::puzzle::{Ending, cancel_flag, fresh_seed};

/// `portals generate`.
pub fn generate(args: &GenerateArgs) -> Result<Ending> {
    let params = args.dungeon.params(args.dungeon.min_path)?;
    let walks = args.dungeon.walks()?;
    let memory = args.dungeon.memory.memory();
    let (candidates, targets) = args.targets.targets()?;
    let evolution = args.evolution(&targets, candidates)?;
    check_outputs(&args.output)?;
    if let Some((population, _)) = evolution {
        check_memory(&params, population)?;
    }
    let seed = args.seed.unwrap_or_else(fresh_seed);

    let (choice, evolution) = match evolution {
        None => {
            let progress = bar(candidates as u64, "candidates");
            let choice = choose(&params, &targets, candidates, walks, memory, seed, &|| {
                progress.inc(1)
            })?;
            progress.finish_and_clear();
            (choice, None)
        }
        Some((population, matings)) => {
            let problem = PortalProblem {
                params,
                targets,
                walks,
                memory,
                seed,
            };
            let choice = evolve_shown(&problem, population, matings)?;
            (
                choice,
                Some(Evolution {
                    population,
                    matings,
                }),
            )
        }
    };
    let settings = Settings {
        params,
        candidates: if evolution.is_some() { 1 } else { candidates },
        walks,
        memory,
        evolution,
    };
    let file = DungeonFile::new(&choice, settings, targets, seed);
    write_outputs(&file, &choice.dungeon, &args.output)?;
    report(&file, &args.output.out);
    if file.verdicts.iter().any(|v| !v.met) {
        eprintln!(
            "target not met (seed {seed}); the closest dungeon was written anyway. Try more \
             --candidates, --evolve with more --matings, another --min-path or looser targets."
        );
        return Ok(Ending::TargetMissed);
    }
    Ok(Ending::Done)
}

/// Evolves with a progress display on a terminal: one bar while the initial population is made
/// (most of the time of a large population), then one for the matings, each with its own
/// estimate of the time left.
fn evolve_shown(problem: &PortalProblem, population: usize, matings: u64) -> Result<Choice> {
    let shown = crate::progress::shown();
    let made = bar(population as u64, "population");
    if shown {
        made.enable_steady_tick(Duration::from_millis(250));
    }
    let accepted = || {
        if !made.is_finished() {
            made.inc(1);
        }
    };
    let mut progress = EvolveProgress {
        made: made.clone(),
        matings: Budget::matings(matings),
        bar: None,
    };
    let watch = Watch {
        observer: shown.then_some(&mut progress as &mut dyn Observer),
        accepted: shown.then_some(&accepted as &(dyn Fn() + Sync)),
        cancel: Some(cancel_flag()),
    };
    let outcome = evolve(problem, population, matings, watch);
    made.finish_and_clear();
    let (choice, stop) = match outcome {
        Ok(done) => done,
        Err(EvolveError::NoValidGenome { last_reason, .. })
            if last_reason == INTERRUPTED && cancel_flag().load(Ordering::Relaxed) =>
        {
            bail!("interrupted before the population was complete, so there is no dungeon to write")
        }
        Err(error) => return Err(error.into()),
    };
    if stop == StopReason::Interrupted {
        eprintln!("interrupted: the best dungeon found so far is written");
    }
    Ok(choice)
}

/// Follows an evolving run: the bar of the population being made until the run starts, then
/// the matings' bar, which starts its clock (and so its estimate) only then.
struct EvolveProgress {
    made: ProgressBar,
    matings: Budget,
    bar: Option<RunProgress>,
}

impl Observer for EvolveProgress {
    fn on_start(&mut self, _snapshot: &Snapshot) {
        self.made.finish_and_clear();
        self.bar = Some(RunProgress::new(&self.matings));
    }

    fn on_progress(&mut self, counters: &Counters, best_ever: f64) {
        if let Some(bar) = &mut self.bar {
            bar.on_progress(counters, best_ever);
        }
    }

    fn wants_snapshots(&self) -> bool {
        false
    }

    fn on_finish(&mut self, snapshot: &Snapshot, reason: StopReason) {
        if let Some(bar) = &mut self.bar {
            bar.on_finish(snapshot, reason);
        }
    }
}

/// The share of the available memory an evolving population may take: the estimate is of the
/// population as it starts, and the rest of the machine needs room too.
const MEMORY_SHARE: (u64, u64) = (3, 4);

/// The most an evolving population may take where the available memory cannot be read.
const FALLBACK_MEMORY_LIMIT: u64 = 4_000_000_000;

/// Refuses, before any work, a population whose estimated memory is more than this machine
/// can give it, naming the figures and the way out.
fn check_memory(params: &Params, population: usize) -> Result<()> {
    let estimate = Footprint::estimate(params, population);
    let (limit, whence) = match available_memory() {
        Some(available) => (
            available / MEMORY_SHARE.1 * MEMORY_SHARE.0,
            format!("three quarters of the {} available", bytes(available)),
        ),
        None => (
            FALLBACK_MEMORY_LIMIT,
            "the cap used where the available memory cannot be read".to_string(),
        ),
    };
    if estimate.total <= limit {
        return Ok(());
    }
    let most = estimate.largest_population(limit);
    let way_out = if most >= MIN_POPULATION {
        format!(
            "give --population {most} or less, or ask for smaller dungeons (--min-path, --rooms)"
        )
    } else {
        "ask for smaller dungeons (--min-path, --rooms)".to_string()
    };
    bail!(
        "--population {population} would need about {} of memory ({} per dungeon of about {:.0} \
         rooms), more than the {} a run may use here ({whence}): {way_out}",
        bytes(estimate.total),
        bytes(estimate.per_dungeon),
        estimate.rooms,
        bytes(limit),
    )
}

/// The memory the system can give without swapping (`MemAvailable` of `/proc/meminfo`), where
/// it can be read.
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find_map(|l| l.strip_prefix("MemAvailable:"))?;
    let kib: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kib.checked_mul(1024)
}

/// A number of bytes in the largest unit that keeps it at 1 or more (decimal units).
fn bytes(n: u64) -> String {
    const UNITS: [(&str, f64); 4] = [("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("KB", 1e3)];
    for (unit, size) in UNITS {
        if n as f64 >= size {
            return format!("{:.1} {unit}", n as f64 / size);
        }
    }
    format!("{n} bytes")
}

/// `portals show`.
pub fn show(args: &ShowArgs) -> Result<Ending> {
    check_outputs(&args.output)?;
    let text = read_text(&args.file)?;
    let (mut file, dungeon) =
        DungeonFile::parse(&text).with_context(|| format!("cannot use {}", args.file.display()))?;
    // Measure again (the same streams as when generated), in case the dungeon was edited.
    let settings = file.settings;
    file.measures = Measures::of(
        &dungeon,
        settings.walks.max(1),
        settings.memory,
        &mut settings.walk_stream(file.seed, file.candidate, &dungeon),
    )?;
    file.verdicts = file.targets.judge(&file.measures);
    file.score = file.verdicts.iter().map(|v| v.miss).sum();
    file.dungeon = ludoforge_portals::format::DungeonEntry::of(&dungeon);
    write_outputs(&file, &dungeon, &args.output)?;
    report(&file, &args.output.out);
    Ok(Ending::Done)
}

fn check_outputs(output: &DungeonOutputArgs) -> Result<()> {
    crate::output::check_outputs(&[
        ("--out", output.out.as_deref()),
        ("--dot", output.dot.as_deref()),
        ("--svg", output.svg.as_deref()),
        ("--png", output.png.as_deref()),
        ("--handout", output.handout.as_deref()),
    ])?;
    Ok(())
}

fn title(file: &DungeonFile) -> String {
    format!(
        "Portal dungeon · M = {} · seed {}",
        file.settings.params.min_path, file.seed
    )
}

fn write_outputs(file: &DungeonFile, dungeon: &Dungeon, output: &DungeonOutputArgs) -> Result<()> {
    let mut outputs = Outputs::default();
    if let Some(path) = &output.out {
        outputs.add(path, file.to_json().into_bytes());
    }
    if let Some(path) = &output.dot {
        outputs.add(path, dot::to_dot(dungeon, &title(file)).into_bytes());
    }
    if output.svg.is_some() || output.png.is_some() {
        let m = &file.measures;
        let view = render::View {
            caption: Some(format!(
                "{} · {} rooms, {} portals · routes {}–{} · mean walk {:.1}",
                title(file),
                m.rooms,
                m.portals,
                m.shortest_route,
                m.longest_route,
                m.walks.mean
            )),
            ..render::View::default()
        };
        let picture = render::svg(dungeon, &view);
        let scale = if dungeon.rooms() <= 150 { 2.0 } else { 1.0 };
        outputs.picture(picture, output.svg.as_deref(), output.png.as_deref(), scale)?;
    }
    if let Some(path) = &output.handout {
        outputs.add(
            path,
            handout::markdown(dungeon, &title(file), file.seed).into_bytes(),
        );
    }
    outputs.write_all()
}

/// A summary on stderr for people and one JSON line on stdout for scripts.
fn report(file: &DungeonFile, out: &Option<std::path::PathBuf>) {
    let m = &file.measures;
    eprintln!(
        "{} rooms ({} decision, {} passage), {} portals; routes of {} to {} portals, {} in all",
        m.rooms,
        m.decision_rooms,
        m.passage_rooms,
        m.portals,
        m.shortest_route,
        m.longest_route,
        m.routes
    );
    eprintln!(
        "{} simulated walks: shortest {}, mean {:.2} (exactly {:.2} expected), longest {}",
        m.walks.walks, m.walks.min, m.walks.mean, m.expected_walk, m.walks.max
    );
    for v in &file.verdicts {
        eprintln!(
            "  {:<15} asked {:<14} got {:<8} {}",
            v.measure,
            v.asked,
            v.got,
            if v.met { "met" } else { "NOT met" }
        );
    }
    let summary = json!({
        "generator": file.generator,
        "seed": file.seed,
        "min_path": file.settings.params.min_path,
        "candidate": file.candidate,
        "candidates": file.settings.candidates,
        "measures": {
            "rooms": m.rooms,
            "portals": m.portals,
            "decision_rooms": m.decision_rooms,
            "shortest_route": m.shortest_route,
            "longest_route": m.longest_route,
            "routes": m.routes.to_string(),
            "expected_walk": m.expected_walk,
            "walks": {"min": m.walks.min, "mean": m.walks.mean, "max": m.walks.max},
        },
        "verdicts": file.verdicts,
        "out": out,
    });
    println!("{summary}");
}

/// `portals study`.
pub fn study(args: &PortalStudyArgs) -> Result<Ending> {
    crate::output::check_outputs(&[
        ("--csv", args.csv.as_deref()),
        ("--svg", args.svg.as_deref()),
        ("--png", args.png.as_deref()),
        ("--out", args.out.as_deref()),
    ])?;
    let range = parse_range(&args.min_path, "--min-path")?;
    let limit = u64::from(ludoforge_portals::params::MIN_PATH_LIMIT);
    if *range.start() < 1 || *range.end() > limit {
        bail!(
            "--min-path {}: give values of M between 1 and {limit}",
            args.min_path
        );
    }
    if !(1..=MAX_GRAPHS).contains(&args.graphs) {
        bail!("--graphs {}: give between 1 and {MAX_GRAPHS}", args.graphs);
    }
    let walks = check_walks(args.walks)?;
    let portal_limit = ludoforge_portals::params::PORTAL_LIMIT as i64;
    if !(1..=portal_limit).contains(&args.max_portals) {
        bail!(
            "--max-portals {}: give between 1 and {portal_limit}",
            args.max_portals
        );
    }
    let room_limit = ludoforge_portals::params::ROOM_LIMIT as i64;
    if !(2..=room_limit).contains(&args.max_rooms) {
        bail!(
            "--max-rooms {}: give between 2 and {room_limit}",
            args.max_rooms
        );
    }
    let spec = StudySpec {
        min_paths: range.map(|m| m as u32).collect(),
        graphs: args.graphs as u32,
        walks,
        memory: args.memory.memory(),
        base: Params::new(1)
            .max_portals(args.max_portals as usize)
            .rooms(2, args.max_rooms as usize),
    };
    for &m in &spec.min_paths {
        spec.params_for(m)
            .validate()
            .map_err(|e| anyhow::anyhow!("M = {m}: {e} (see --max-rooms, --min-path)"))?;
    }
    let progress = bar(
        spec.min_paths.len() as u64 * u64::from(spec.graphs),
        "dungeons",
    );
    let started = std::time::Instant::now();
    let study = run_study(&spec, args.seed, &mut |done| {
        progress.set_position(done as u64)
    })?;
    progress.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    print!("{}", study.table());
    println!(
        "seed {} · {} dungeons × {} walks per M · {seconds:.2} s",
        study.seed, spec.graphs, spec.walks
    );
    let mut outputs = Outputs::default();
    if let Some(path) = &args.csv {
        outputs.add(path, study.csv().into_bytes());
    }
    if args.svg.is_some() || args.png.is_some() {
        outputs.picture(study.plot(), args.svg.as_deref(), args.png.as_deref(), 1.5)?;
    }
    if let Some(path) = &args.out {
        let mut text = serde_json::to_string_pretty(&study)?;
        text.push('\n');
        outputs.add(path, text.into_bytes());
    }
    outputs.write_all()?;
    Ok(Ending::Done)
}
