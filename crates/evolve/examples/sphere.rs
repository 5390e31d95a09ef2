//! MAP-Elites on pyribs' sphere benchmark, with the settings of pyribs' `examples/sphere.py`
//! for its `map_elites` algorithm (pyribs commit cac4d9d541f84f3004d7222c79d7f3646b3fa901;
//! the parts used here are the same in release 0.10.0, commit 0ca71c73, which
//! `scripts/pyribs-sphere.sh` installs and runs for comparison):
//!
//! - the sphere function shifted so its optimum is at 0.4 × 5.12 = 2.048 on every axis, its
//!   objective normalised to 100 at the optimum and 0 at (−5.12, …, −5.12) (it goes below 0
//!   further out);
//! - two descriptors: the sums of the first and second halves of the solution, each value
//!   outside [−5.12, 5.12] replaced by 5.12 / value;
//! - the archive: a 100 × 100 grid, each descriptor from −dim/2 × 5.12 to dim/2 × 5.12, a
//!   plain MAP-Elites archive (`learning_rate` 1, `threshold_min` −∞) and `qd_score_offset`
//!   0, pyribs' defaults, which the script leaves;
//! - one `GaussianEmitter` with `x0` = 0, `sigma` 0.5, `batch_size` 540 and no bounds: the first
//!   batch is 540 points of N(0, 0.5²) on every axis, later ones add N(0, 0.5²) on every axis
//!   to elites chosen uniformly; a plain `Scheduler`. (Our normal draws come from
//!   rand_distr's ziggurat, numpy's from its own: the same distribution, other numbers.)
//!
//! The script's defaults are 100 dimensions and 10,000 iterations; this runs 20 dimensions
//! and 1,000 iterations unless told otherwise. pyribs' first iteration is our initial batch,
//! so 1,000 iterations are the initial batch and 999 steps: 540,000 evaluations either way.
//!
//! ```text
//! cargo run --release -p ludoforge-evolve --example sphere -- [--seed S | --seeds N] [--iterations I] [--dim D]
//! ```
//!
//! Prints coverage, QD score, wall time and CPU time for each seed (seeds 0 to 4 by default)
//! and their means. The CPU time (all threads, from `/proc/self/stat`, so Linux only, to a
//! hundredth of a second) tells more than the wall time on a machine busy with other work.

use std::process::ExitCode;
use std::time::Instant;

use ludoforge_evolve::vector::{Point, VectorProblem};
use ludoforge_evolve::{
    Archive, Axis, Budget, Crossover, Evaluation, Goal, Grid, MapElites, Mutate, Outcome, Problem,
    Run, Stream,
};

/// The Gaussian emitter's standard deviation.
const SIGMA: f64 = 0.5;
/// Solutions an iteration.
const BATCH: usize = 540;
/// Cells along each descriptor.
const CELLS: usize = 100;
/// The sphere's box: values beyond ±5.12 are folded back in the descriptors.
const BOX: f64 = 5.12;

/// The sphere benchmark in `dim` dimensions, over the library's Gaussian-varied points.
struct Sphere {
    dim: usize,
    points: VectorProblem,
}

impl Problem for Sphere {
    type Genome = Point;

    /// pyribs' emitter on an empty archive: x0 = 0 plus N(0, σ²) on every axis.
    fn random_genome(&self, rng: &mut Stream) -> Point {
        self.points.random_genome(rng)
    }

    /// `sphere()` of pyribs' `examples/sphere.py`, objective and measures.
    fn evaluate(&self, point: &Point) -> Outcome {
        let x = &point.0;
        let shift = BOX * 0.4;
        let best = 0.0;
        let worst = (-BOX - shift) * (-BOX - shift) * self.dim as f64;
        let raw: f64 = x.iter().map(|v| (v - shift) * (v - shift)).sum();
        let objective = (raw - worst) / (best - worst) * 100.0;
        let clipped = |v: &f64| if *v < -BOX || *v > BOX { BOX / v } else { *v };
        let half = self.dim / 2;
        Outcome::Evaluated(Evaluation {
            fitness: objective,
            components: vec![],
            descriptors: vec![
                x[..half].iter().map(clipped).sum(),
                x[half..].iter().map(clipped).sum(),
            ],
        })
    }
}

impl Mutate for Sphere {
    /// pyribs' `GaussianEmitter`: N(0, σ²) added to every axis.
    fn mutate(&self, point: &mut Point, rng: &mut Stream) {
        self.points.mutate(point, rng);
    }
}

impl Crossover for Sphere {
    /// Uniform crossover. pyribs' `map_elites` has none, so the run below never calls it.
    fn crossover(&self, a: &Point, b: &Point, rng: &mut Stream) -> (Point, Point) {
        self.points.crossover(a, b, rng)
    }
}

/// What one seed gave.
struct Outcomes {
    coverage: f64,
    qd_score: f64,
    seconds: f64,
    cpu_seconds: Option<f64>,
    evaluations: u64,
}

/// CPU time used so far by the whole process (every thread), in seconds, where Linux tells.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // After the command name, which may hold spaces and ends with ')', fields start at the
    // third: utime and stime, the 14th and 15th, are the 12th and 13th from there. They
    // count in USER_HZ, 100 a second on Linux.
    let fields: Vec<&str> = stat
        .get(stat.rfind(')')? + 1..)?
        .split_whitespace()
        .collect();
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

fn run(dim: usize, iterations: u64, seed: u64) -> Result<Outcomes, String> {
    let bound = dim as f64 / 2.0 * BOX;
    let grid = Grid::new(vec![
        Axis::new("sum of the first half", "", -bound, bound, CELLS),
        Axis::new("sum of the second half", "", -bound, bound, CELLS),
    ])
    .map_err(|e| e.to_string())?;
    let archive = Archive::new(grid, Goal::Maximise, 0.0).map_err(|e| e.to_string())?;
    let mut search = MapElites::new(archive, BATCH);
    let sphere = Sphere {
        dim,
        points: VectorProblem::new(vec![0.0; dim], SIGMA, None).map_err(|e| e.to_string())?,
    };
    let cpu_started = cpu_seconds();
    let started = Instant::now();
    let report = Run::new(&sphere, &mut search)
        .budget(Budget::generations(iterations - 1))
        .seed(seed)
        .execute()
        .map_err(|e| e.to_string())?;
    let seconds = started.elapsed().as_secs_f64();
    let cpu = cpu_seconds()
        .zip(cpu_started)
        .map(|(end, start)| end - start);
    Ok(Outcomes {
        coverage: search.archive().coverage(),
        qd_score: search.archive().qd_score(),
        seconds,
        cpu_seconds: cpu,
        evaluations: report.counters.evaluations,
    })
}

/// The command line: which seeds, how many iterations, how many dimensions.
struct Options {
    seeds: Vec<u64>,
    iterations: u64,
    dim: usize,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        seeds: (0..5).collect(),
        iterations: 1_000,
        dim: 20,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = |what: &str| -> Result<u64, String> {
            let text = args
                .next()
                .ok_or_else(|| format!("{flag} needs {what} after it"))?;
            text.parse()
                .map_err(|_| format!("{flag} needs {what}, not \"{text}\""))
        };
        match flag.as_str() {
            "--seed" => options.seeds = vec![value("a whole number")?],
            "--seeds" => options.seeds = (0..value("a count of seeds")?).collect(),
            "--iterations" => options.iterations = value("a count of iterations")?,
            "--dim" => {
                options.dim = usize::try_from(value("a count of dimensions")?)
                    .map_err(|_| "--dim is too large".to_string())?;
            }
            "--help" | "-h" => {
                return Err(
                    "usage: sphere [--seed S | --seeds N] [--iterations I] [--dim D]".into(),
                );
            }
            other => return Err(format!("unknown option {other} (try --help)")),
        }
    }
    if options.seeds.is_empty() {
        return Err("--seeds needs at least 1".into());
    }
    if options.iterations == 0 {
        return Err("--iterations needs at least 1".into());
    }
    if options.dim < 2 {
        return Err("--dim needs at least 2 (one for each descriptor)".into());
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    println!(
        "ludoforge MAP-Elites on the {}-dimensional sphere: {CELLS} x {CELLS} cells, \
         {BATCH} solutions an iteration, {} iterations, {} threads",
        options.dim,
        options.iterations,
        rayon::current_num_threads()
    );
    println!(
        "{:<6} {:>9} {:>12} {:>9} {:>9} {:>12}",
        "seed", "coverage", "qd_score", "time_s", "cpu_s", "evaluations"
    );
    let mut totals = (0.0, 0.0, 0.0, Some(0.0));
    let shown = |cpu: Option<f64>| cpu.map_or("n/a".to_string(), |c| format!("{c:.3}"));
    for &seed in &options.seeds {
        match run(options.dim, options.iterations, seed) {
            Ok(o) => {
                println!(
                    "{seed:<6} {:>9.4} {:>12.2} {:>9.3} {:>9} {:>12}",
                    o.coverage,
                    o.qd_score,
                    o.seconds,
                    shown(o.cpu_seconds),
                    o.evaluations
                );
                totals.0 += o.coverage;
                totals.1 += o.qd_score;
                totals.2 += o.seconds;
                totals.3 = totals.3.zip(o.cpu_seconds).map(|(t, c)| t + c);
            }
            Err(message) => {
                eprintln!("seed {seed}: {message}");
                return ExitCode::FAILURE;
            }
        }
    }
    let n = options.seeds.len() as f64;
    println!(
        "{:<6} {:>9.4} {:>12.2} {:>9.3} {:>9}",
        "mean",
        totals.0 / n,
        totals.1 / n,
        totals.2 / n,
        shown(totals.3.map(|t| t / n))
    );
    ExitCode::SUCCESS
}
