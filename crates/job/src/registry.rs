//! The jobs a front end offers.

use serde_json::Value;

use crate::{Context, File, Job, JobError};

/// Jobs by id, in the order added.
#[derive(Default)]
pub struct Registry {
    jobs: Vec<Box<dyn Job>>,
    generators: Vec<Generator>,
    editable: Vec<&'static str>,
}

/// A generator: the jobs one crate offers, with a title and a sentence for a gallery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct About {
    /// A title of a few words ("Chess and chromatic mazes").
    pub title: &'static str,
    /// One sentence saying what it makes.
    pub sentence: &'static str,
}

/// A generator and the ids of its jobs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generator {
    /// Its title and sentence.
    pub about: About,
    /// Its jobs' ids, in the order added.
    pub jobs: Vec<&'static str>,
}

impl Registry {
    /// Adds a job.
    ///
    /// # Panics
    /// If a job with the same id is already there: ids name jobs in files and URLs.
    pub fn add(&mut self, job: Box<dyn Job>) {
        assert!(self.get(job.id()).is_none(), "two jobs named {}", job.id());
        self.jobs.push(job);
    }

    /// Adds every job in `jobs`.
    pub fn extend(&mut self, jobs: impl IntoIterator<Item = Box<dyn Job>>) {
        for job in jobs {
            self.add(job);
        }
    }

    /// Adds a generator's jobs under its title and sentence.
    ///
    /// ```
    /// use ludoforge_job::{Registry, registry::About};
    /// let mut registry = Registry::default();
    /// let about = About { title: "Nothing yet", sentence: "Makes nothing." };
    /// registry.generator(about, Vec::new());
    /// assert_eq!(registry.generators()[0].about.title, "Nothing yet");
    /// ```
    pub fn generator(&mut self, about: About, jobs: impl IntoIterator<Item = Box<dyn Job>>) {
        let mut ids = Vec::new();
        for job in jobs {
            ids.push(job.id());
            self.add(job);
        }
        self.generators.push(Generator { about, jobs: ids });
    }

    /// Says that the results of these jobs (their result files, or their elites for an
    /// exploration) can be checked and edited: a front end offers to edit them.
    pub fn editable(&mut self, ids: &[&'static str]) {
        self.editable.extend_from_slice(ids);
    }

    /// Whether the results of job `id` can be checked and edited (see
    /// [`Registry::editable`]).
    ///
    /// ```
    /// let mut registry = ludoforge_job::Registry::default();
    /// registry.editable(&["puzzle-chess"]);
    /// assert!(registry.is_editable("puzzle-chess") && !registry.is_editable("stock"));
    /// ```
    #[must_use]
    pub fn is_editable(&self, id: &str) -> bool {
        self.editable.contains(&id)
    }

    /// The generators added with [`Registry::generator`], in order.
    pub fn generators(&self) -> &[Generator] {
        &self.generators
    }

    /// The job with this id.
    pub fn get(&self, id: &str) -> Option<&dyn Job> {
        self.jobs.iter().find(|j| j.id() == id).map(|j| &**j)
    }

    /// Every job, in the order added.
    pub fn jobs(&self) -> impl Iterator<Item = &dyn Job> {
        self.jobs.iter().map(|j| &**j)
    }

    /// The ids, for messages that list the choices.
    pub fn ids(&self) -> Vec<&'static str> {
        self.jobs.iter().map(|j| j.id()).collect()
    }

    /// Pictures of a result document (see [`Job::draw`]): drawn by the job it names as
    /// `job`, else by `job` (the archive's job, for an elite), else by the first job that
    /// draws it. `None` when no job draws documents like it.
    ///
    /// # Errors
    /// The drawing job's error for a document it should draw but cannot read.
    pub fn draw(
        &self,
        result: &Value,
        job: Option<&str>,
        context: &Context,
    ) -> Option<Result<Vec<File>, JobError>> {
        let named = result.get("job").and_then(Value::as_str);
        let first = [named, job]
            .into_iter()
            .flatten()
            .filter_map(|id| self.get(id))
            .find_map(|j| j.draw(result, context));
        first.or_else(|| self.jobs().find_map(|j| j.draw(result, context)))
    }
}
