//! [`AskTell`] for a [`Searcher`]: what a front end calls.

use std::hash::Hash;
use std::sync::atomic::{AtomicBool, Ordering};

use ludoforge_evolve::Outcome;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::{
    AskTell, Candidate, Content, Engine, GenomeOf, SEARCH_FORMAT, SEARCH_VERSION, Saving, Searcher,
    Told,
};
use crate::JobError;

impl<C: Content> AskTell for Searcher<C>
where
    GenomeOf<C>: Serialize + DeserializeOwned + Hash + Eq,
{
    fn generator(&self) -> &str {
        &self.generator
    }

    fn ask(&mut self) -> Result<Vec<Candidate>, JobError> {
        self.settle();
        self.ask_batch()?;
        let shown = self.shown();
        Ok(shown.iter().map(|g| self.candidate(g)).collect())
    }

    fn ask_vectors(&mut self) -> Result<Option<(Vec<f64>, usize)>, JobError> {
        if let Some(batch) = self.ask_rows() {
            return Ok(Some(batch));
        }
        let first = self.asked.as_ref().and_then(|a| a.first());
        if first.is_some_and(|g| self.content.vector(g).is_none()) {
            return Ok(None);
        }
        self.ask_batch()?;
        let shown = self.shown();
        let dims = shown
            .first()
            .and_then(|g| self.content.vector(g))
            .map_or(0, <[f64]>::len);
        let mut flat = Vec::with_capacity(dims * shown.len());
        for g in shown {
            match self.content.vector(g) {
                Some(v) => flat.extend_from_slice(v),
                None => return Ok(None),
            }
        }
        Ok(Some((flat, dims)))
    }

    fn tell(
        &mut self,
        fitness: &[f64],
        descriptors: Option<(&[f64], usize)>,
    ) -> Result<Told, JobError> {
        if self.asked.is_none() && self.rows.is_none() {
            return Err(JobError::parameters(
                "nothing to tell: ask for a batch first",
            ));
        }
        let shown = match (&self.rows, self.content.rows()) {
            (Some(rows), Some(problem)) => rows.len() / problem.dims(),
            _ => self.shown().len(),
        };
        if fitness.len() != shown {
            return Err(JobError::parameters(format!(
                "{} fitness values for a batch of {shown}: give one per candidate",
                fitness.len(),
            )));
        }
        if let Some((d, width)) = descriptors
            && (width == 0 || d.len() != width * shown)
        {
            return Err(JobError::parameters(format!(
                "{} descriptor values in rows of {width} for a batch of {shown}: give one row \
                 per candidate, each as long",
                d.len(),
            )));
        }
        if let Engine::Elites(search) = &self.engine {
            let axes = search.archive().grid().axes().len();
            match descriptors {
                None => {
                    return Err(JobError::parameters(
                        "a search over a grid needs descriptors with the fitness",
                    ));
                }
                Some((_, width)) if width != axes => {
                    return Err(JobError::parameters(format!(
                        "{width} descriptors a candidate for a grid of {axes} axes: give one \
                         per axis"
                    )));
                }
                Some(_) => {}
            }
        }
        if let (Some((d, width)), true) = (descriptors, self.rows.is_some()) {
            return Ok(self.tell_rows(fitness, d, width));
        }
        self.settle();
        Ok(self.tell_all(fitness, descriptors))
    }

    fn evaluate_until(&self, cancel: &AtomicBool) -> Option<Vec<Value>> {
        use rayon::prelude::*;
        let genome_of_rows = self.rows.as_deref().map(|rows| self.points_of(rows));
        let shown = match &genome_of_rows {
            Some(points) => points.iter().collect(),
            None => self.shown(),
        };
        shown
            .par_iter()
            .map(|genome| {
                if cancel.load(Ordering::Relaxed) {
                    return None;
                }
                Some(self.content.evaluate(genome))
            })
            .map(|outcome| {
                outcome.map(|outcome| match outcome {
                    Outcome::Evaluated(e) => {
                        let components: serde_json::Map<String, Value> = e
                            .components
                            .into_iter()
                            .map(|(name, value)| (name, json!(value)))
                            .collect();
                        json!({
                            "fitness": e.fitness,
                            "components": components,
                            "descriptors": e.descriptors,
                        })
                    }
                    Outcome::Rejected(r) => json!({"rejected": r.reason}),
                })
            })
            .collect()
    }

    fn best(&self) -> Option<(Candidate, f64)> {
        match &self.engine {
            Engine::Elites(search) => search
                .archive()
                .best()
                .map(|e| (self.described(&e.genome), e.fitness)),
            Engine::Plus(search) => search
                .best()
                .map(|i| (self.described(&i.genome), i.evaluation.fitness)),
        }
    }

    fn elites(&self) -> Option<Value> {
        let Engine::Elites(search) = &self.engine else {
            return None;
        };
        let archive = search.archive();
        let grid = archive.grid();
        Some(Value::Array(
            archive
                .iter()
                .map(|e| {
                    json!({
                        "cell": e.cell,
                        "index": grid.coordinates(e.cell),
                        "descriptors": e.descriptors,
                        "fitness": e.fitness,
                        "content": self.content.document(&e.genome),
                    })
                })
                .collect(),
        ))
    }

    fn stats(&self) -> Value {
        match &self.engine {
            Engine::Elites(search) => {
                let a = search.archive();
                json!({
                    "elites": a.len(),
                    "coverage": a.coverage(),
                    "qd_score": a.qd_score(),
                    "best": a.best().map(|e| e.fitness),
                })
            }
            Engine::Plus(search) => json!({
                "kept": search.population().len(),
                "best": search.best().map(|i| i.evaluation.fitness),
            }),
        }
    }

    fn heatmap(&self) -> Result<Option<String>, JobError> {
        let Engine::Elites(search) = &self.engine else {
            return Ok(None);
        };
        let archive = search.archive();
        let captions = vec![format!(
            "{} · {} elites · coverage {:.1}% · QD score {:.1} · {} batches of {}",
            self.generator,
            archive.len(),
            100.0 * archive.coverage(),
            archive.qd_score(),
            search.iteration(),
            self.options.batch,
        )];
        crate::explore::heatmap_svg(archive, &self.generator, "fitness", &captions)
            .map(Some)
            .map_err(JobError::failed)
    }

    fn iteration(&self) -> u64 {
        match &self.engine {
            Engine::Elites(search) => search.iteration(),
            Engine::Plus(search) => search.iteration(),
        }
    }

    fn save(&self) -> Result<Vec<u8>, JobError> {
        let genome_of_rows = self.rows.as_deref().map(|rows| self.points_of(rows));
        serde_json::to_vec(&Saving {
            format: SEARCH_FORMAT,
            version: SEARCH_VERSION,
            generator: &self.generator,
            params: &self.params,
            options: &self.options,
            engine: &self.engine,
            asked: match &genome_of_rows {
                Some(_) => &genome_of_rows,
                None => &self.asked,
            },
        })
        .map_err(|e| JobError::failed(format!("the search cannot be saved: {e}")))
    }
}
