//! `portals-study`: the document's study, walk lengths and room counts for a range of M.

use std::time::Instant;

use ludoforge_job::engine::pictures;
use ludoforge_job::{Artifact, Context, Ending, File, JobError, Spec, media};

use super::params::StudyParams;
use crate::study::{StudySpec, run_until};

/// `portals-study`: re-run the document's study.
pub struct StudyJob;

impl Spec for StudyJob {
    type Params = StudyParams;
    type Checked = StudySpec;

    fn id(&self) -> &'static str {
        "portals-study"
    }

    fn title(&self) -> &'static str {
        "The document's portal study"
    }

    fn help(&self) -> &'static str {
        "Bush's study (Figures 2 and 3): for each minimum path length M, generate several \
         dungeons, walk each many times, and record the shortest, mean and longest walks and \
         the mean number of rooms, with how each grows with M."
    }

    fn validate(&self, p: &StudyParams) -> Result<StudySpec, JobError> {
        p.spec()
    }

    fn execute(
        &self,
        spec: StudySpec,
        p: &StudyParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        let total = spec.min_paths.len() as u64 * u64::from(spec.graphs);
        context.stage("dungeons", Some(total), "dungeons");
        let step = (total / 1000).max(1);
        let started = Instant::now();
        let study = context
            .install(|| {
                run_until(
                    &spec,
                    seed,
                    &mut |done| {
                        let done = done as u64;
                        if done.is_multiple_of(step) || done == total {
                            context.advance(done, None);
                        }
                    },
                    context.cancel_flag(),
                )
            })?
            .map_err(|e| JobError::failed(e.to_string()))?;
        if study.rows.is_empty() {
            return Err(JobError::cancelled(
                "interrupted before the first value of M was finished: there is nothing to keep",
            ));
        }
        let seconds = started.elapsed().as_secs_f64();
        let table = study.table();
        for line in table.lines() {
            context.line(line.to_string());
        }
        context.line(format!(
            "seed {} · {} dungeons × {} walks per M · {seconds:.2} s",
            study.seed, spec.graphs, spec.walks
        ));
        let mut artifact = Artifact::new(self.id(), env!("CARGO_PKG_VERSION"), seed, p);
        artifact.report("min_paths", &study.spec.min_paths);
        artifact.report("rows", &study.rows);
        artifact.report("lower_fit", study.lower_fit);
        artifact.report("upper_fit", study.upper_fit);
        artifact.report("rooms_fit", study.rooms_fit);
        artifact.files.push(File::json("result", &study));
        if context.wants("csv") {
            artifact
                .files
                .push(File::new("csv", media::CSV, study.csv().into_bytes()));
        }
        if context.wants("table") {
            artifact
                .files
                .push(File::new("table", media::TEXT, table.into_bytes()));
        }
        pictures(context, &mut artifact.files, 1.5, || study.plot())?;
        if context.cancelled() {
            artifact.ending = Ending::Interrupted;
            artifact.notes.push(format!(
                "interrupted: the values of M finished so far ({}) were kept",
                study
                    .spec
                    .min_paths
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        Ok(artifact)
    }
}
