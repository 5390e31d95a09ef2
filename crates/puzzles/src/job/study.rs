//! `puzzle-study`: the paper's experiments re-run over replicates and compared with its figures.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};

use ludoforge_job::{Artifact, Context, Ending, File, JobError, Spec, media};

use super::params::{MAX_REPLICATES, StudyParams};
use crate::study::{self, Experiment, Outcome};

/// `puzzle-study`: re-run the paper's experiments.
pub struct StudyJob;

/// The table's header, two lines of Markdown.
const HEADER: [&str; 2] = [
    "| experiment | paper | replicates | best | median | worst | target hits | distinct | matches paper |",
    "|---|---|---|---|---|---|---|---|---|",
];

fn row(o: &Outcome) -> String {
    format!(
        "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
        o.name,
        o.paper,
        o.replicates,
        o.best,
        o.median,
        o.worst,
        o.target_hits
            .map_or("-".to_string(), |h| format!("{h}/{}", o.replicates)),
        o.distinct,
        o.matches_paper
            .map_or("-", |m| if m { "yes" } else { "NO" }),
    )
}

impl Spec for StudyJob {
    type Params = StudyParams;
    type Checked = (Vec<Experiment>, usize);

    fn id(&self) -> &'static str {
        "puzzle-study"
    }

    fn title(&self) -> &'static str {
        "The paper's puzzle experiments"
    }

    fn help(&self) -> &'static str {
        "Re-run the experiments of Ashlock's paper over independent replicates and compare each \
         with the figure the paper reports."
    }

    fn validate(&self, p: &StudyParams) -> Result<Self::Checked, JobError> {
        let study = study::ashlock();
        let replicates = p.replicates.unwrap_or(study.replicates);
        if !(1..=MAX_REPLICATES).contains(&replicates) {
            return Err(JobError::parameters(format!(
                "replicates {replicates}: give between 1 and {MAX_REPLICATES}"
            )));
        }
        let chosen: Vec<Experiment> = study
            .experiments
            .iter()
            .filter(|e| {
                p.only
                    .as_ref()
                    .is_none_or(|only| e.name.contains(only.as_str()))
            })
            .cloned()
            .collect();
        if chosen.is_empty() {
            let names: Vec<_> = study.experiments.iter().map(|e| e.name.as_str()).collect();
            return Err(JobError::parameters(format!(
                "only {:?} matches no experiment; the experiments are: {}",
                p.only.as_deref().unwrap_or(""),
                names.join(", ")
            )));
        }
        Ok((chosen, replicates))
    }

    fn execute(
        &self,
        (chosen, replicates): Self::Checked,
        p: &StudyParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        context.stage(
            "replicates",
            Some((chosen.len() * replicates) as u64),
            "replicates",
        );
        let finished = AtomicU64::new(0);
        let done = |_| {
            let n = finished.fetch_add(1, Ordering::Relaxed) + 1;
            context.advance(n, None);
        };
        let mut table = String::new();
        for line in HEADER {
            context.line(line.to_string());
            let _ = writeln!(table, "{line}");
        }
        let mut csv = String::from(
            "experiment,replicates,best,median,worst,target_hits,distinct,matches_paper,best_seed\n",
        );
        let mut outcomes = Vec::new();
        let mut sets = Vec::new();
        for experiment in &chosen {
            // Cancelled: the experiments done so far are kept (none done: the run says so).
            if context.cancelled() && !outcomes.is_empty() {
                break;
            }
            let made = context.install(|| {
                study::run_experiment(
                    experiment,
                    replicates,
                    seed,
                    Some(context.cancel_flag()),
                    &done,
                )
            })?;
            let (outcome, set) = match made {
                Ok(made) => made,
                Err(_) if context.cancelled() && !outcomes.is_empty() => break,
                Err(e) => return Err(e.into()),
            };
            let line = row(&outcome);
            context.line(line.clone());
            let _ = writeln!(table, "{line}");
            let o = &outcome;
            let _ = writeln!(
                csv,
                "{},{},{},{},{},{},{},{},{}",
                o.name,
                o.replicates,
                o.best,
                o.median,
                o.worst,
                o.target_hits.map_or(String::new(), |h| h.to_string()),
                o.distinct,
                o.matches_paper.map_or(String::new(), |m| m.to_string()),
                o.best_seed,
            );
            outcomes.push(outcome);
            sets.push(set);
        }
        let mut artifact = Artifact::new(self.id(), env!("CARGO_PKG_VERSION"), seed, p);
        artifact.report("replicates", replicates);
        artifact.report("experiments", &outcomes);
        artifact.files.push(File::json("result", &sets));
        artifact
            .files
            .push(File::new("table", media::MARKDOWN, table.into_bytes()));
        artifact
            .files
            .push(File::new("csv", media::CSV, csv.into_bytes()));
        if context.cancelled() {
            artifact.ending = Ending::Interrupted;
            artifact
                .notes
                .push("interrupted: the experiments' replicates so far were kept".into());
        } else if outcomes.iter().any(|o| o.matches_paper == Some(false)) {
            artifact.ending = Ending::ShortOfReference;
            artifact
                .notes
                .push("some experiments fell short of the paper's figures (marked NO)".into());
        }
        Ok(artifact)
    }
}
