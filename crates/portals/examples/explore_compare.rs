//! MAP-Elites against random sampling on `portals-explore`, at the same number of
//! evaluations and the same seed: coverage, QD score and filled cells of each, and the time
//! each took; with a folder given, both heatmaps and one plot of both runs' coverage and QD
//! score over the evaluations.
//!
//! `cargo run --release -p ludoforge-portals --example explore_compare -- [SEED] [EVALUATIONS] [FOLDER]`
//! (default: seed 1, the job's default of 20,000 evaluations, no pictures).

use std::path::PathBuf;
use std::time::Instant;

use ludoforge_job::explore::{Point, progress_svg};
use ludoforge_job::{Context, Job};
use ludoforge_portals::job::ExploreJob;
use serde_json::{Value, json};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let seed: u64 = args.next().map_or(Ok(1), |s| s.parse())?;
    let evaluations: Option<u64> = args.next().map(|s| s.parse()).transpose()?;
    let folder = args.next().map(PathBuf::from);
    let mut context = Context::quiet();
    if folder.is_some() {
        context = context.want("png");
    }
    let mut histories = Vec::new();
    println!("method       evaluations  filled/cells  coverage  QD score  seconds");
    for (method, name) in [("map-elites", "MAP-Elites"), ("random", "random sampling")] {
        let mut params = json!({"explore": {"method": method}});
        if let Some(n) = evaluations {
            params["explore"]["evaluations"] = json!(n);
        }
        let start = Instant::now();
        let artifact = ExploreJob.run(&params, seed, &context)?;
        let seconds = start.elapsed().as_secs_f64();
        let archive: Value =
            serde_json::from_slice(&artifact.file("result").expect("result").bytes)?;
        println!(
            "{method:<12} {:>11}  {:>5}/{:<6}  {:>8.3}  {:>8.1}  {seconds:>7.2}",
            archive["evaluations"],
            archive["filled"],
            archive["cells"],
            archive["coverage"].as_f64().unwrap_or(0.0),
            archive["qd_score"].as_f64().unwrap_or(0.0),
        );
        let history: Vec<Point> = serde_json::from_value(archive["history"].clone())?;
        histories.push((name, history));
        if let (Some(folder), Some(png)) = (&folder, artifact.file("png")) {
            std::fs::write(folder.join(format!("portals-{method}.png")), &png.bytes)?;
        }
    }
    if let Some(folder) = folder {
        let both: Vec<(&str, &[Point])> =
            histories.iter().map(|(n, h)| (*n, h.as_slice())).collect();
        let plot = progress_svg(&format!("Portal dungeons, seed {seed}"), &both);
        std::fs::write(folder.join("portals-compare.svg"), plot)?;
    }
    Ok(())
}
