//! `sweep emit slurm|k8s`: a ready array script or Indexed Job manifest.

use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, bail};
use clap::{Args, ValueEnum};
use ludoforge_sweep::emit::{Cluster, Command, kubernetes, seconds, slurm};

use crate::output::{Outputs, check_outputs};
use crate::puzzle::Ending;

/// Which scheduler.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Scheduler {
    /// An sbatch script of a SLURM job array.
    Slurm,
    /// A Kubernetes Indexed Job manifest.
    K8s,
}

/// `sweep emit`'s arguments.
#[derive(Debug, Args)]
pub struct EmitArgs {
    /// The scheduler.
    pub scheduler: Scheduler,
    /// The plan.
    pub plan: PathBuf,
    /// The results folder every task writes to (on a shared file system; for Kubernetes, the
    /// mount point of the volume claim).
    #[arg(long, value_name = "DIR")]
    pub results: PathBuf,
    /// Array tasks (shards) [default: one per 10 runs, at most 100].
    #[arg(long, value_name = "N")]
    pub tasks: Option<usize>,
    /// CPUs per task (each run's threads).
    #[arg(long, default_value_t = 2, value_name = "N")]
    pub cpus: usize,
    /// Memory per task, in GiB.
    #[arg(long, default_value_t = 2, value_name = "GIB")]
    pub memory: u32,
    /// Wall time per task, as SLURM writes it (H:MM:SS or D-HH:MM:SS).
    #[arg(long, default_value = "4:00:00", value_name = "TIME")]
    pub time: String,
    /// The SLURM partition, when your cluster needs one named.
    #[arg(long)]
    pub partition: Option<String>,
    /// The container image holding `ludoforge` (Kubernetes).
    #[arg(long, default_value = "ludoforge:latest")]
    pub image: String,
    /// The persistent volume claim the results folder lives on (Kubernetes).
    #[arg(long, default_value = "ludoforge-results")]
    pub claim: String,
    /// The `ludoforge` binary as the tasks see it [default: this one (SLURM), `ludoforge` on
    /// the image's PATH (Kubernetes)].
    #[arg(long)]
    pub binary: Option<String>,
    /// Write the script or manifest here (default: standard output).
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// An absolute path as text (the tasks run elsewhere: relative paths would mean another folder).
fn absolute(path: &Path) -> Result<String> {
    let path = std::path::absolute(path)
        .with_context(|| format!("cannot tell where {} is", path.display()))?;
    Ok(path.display().to_string())
}

/// `sweep emit slurm|k8s PLAN --results DIR`.
pub fn emit(args: &EmitArgs) -> Result<Ending> {
    let (plan, runs, _) = super::read(&args.plan)?;
    let every = crate::checkpoint::every()?;
    let tasks = args
        .tasks
        .unwrap_or_else(|| runs.len().div_ceil(10).clamp(1, 100));
    if tasks == 0 || tasks > runs.len() || tasks > 100_000 {
        bail!(
            "--tasks {tasks}: give between 1 and {} (the plan's runs; each task runs at least one)",
            runs.len().min(100_000)
        );
    }
    if args.cpus == 0 || args.cpus > 1024 {
        bail!("--cpus {}: give between 1 and 1024", args.cpus);
    }
    if args.memory == 0 || args.memory > 4096 {
        bail!("--memory {}: give between 1 and 4096 GiB", args.memory);
    }
    if seconds(&args.time).is_none() {
        bail!(
            "--time {:?}: write a wall time as SLURM does, such as 4:00:00 or 1-00:00:00",
            args.time
        );
    }
    let cluster = Cluster {
        tasks,
        cpus: args.cpus,
        memory_gib: args.memory,
        time: args.time.clone(),
        every: match every {
            ludoforge_job::checkpoint::Every::Time(d) => format!("{}s", d.as_secs().max(1)),
            ludoforge_job::checkpoint::Every::Generations(n) => n.to_string(),
        },
        partition: args.partition.clone(),
    };
    let name = args
        .plan
        .file_stem()
        .map_or("sweep".to_string(), |s| s.to_string_lossy().to_string());
    let text = match args.scheduler {
        Scheduler::Slurm => {
            let binary = match &args.binary {
                Some(b) => b.clone(),
                None => std::env::current_exe()
                    .context("cannot tell where this ludoforge is; give --binary")?
                    .display()
                    .to_string(),
            };
            let results = absolute(&args.results)?;
            let plan_path = absolute(&args.plan)?;
            // SLURM does not make the folder of --output: make it now.
            let logs = Path::new(&results).join("logs");
            std::fs::create_dir_all(&logs)
                .with_context(|| format!("cannot make {}", logs.display()))?;
            let command = Command {
                binary: &binary,
                plan: &plan_path,
                results: &results,
            };
            slurm(&name, runs.len(), &plan.job, &cluster, &command)
        }
        Scheduler::K8s => {
            let binary = args.binary.clone().unwrap_or_else(|| "ludoforge".into());
            let results = args.results.display().to_string();
            let plan_path = args.plan.display().to_string();
            let command = Command {
                binary: &binary,
                plan: &plan_path,
                results: &results,
            };
            let manifest = kubernetes(&name, &cluster, &command, &args.image, &args.claim);
            format!("{}\n", serde_json::to_string_pretty(&manifest)?)
        }
    };
    match &args.out {
        None => print!("{text}"),
        Some(path) => {
            check_outputs(&[("--out", Some(path.as_path()))])?;
            let mut outputs = Outputs::default();
            outputs.add(path, text.into_bytes());
            outputs.write_all()?;
            eprintln!(
                "{} tasks for {} runs written to {}",
                tasks,
                runs.len(),
                path.display()
            );
        }
    }
    Ok(Ending::Done)
}
