//! The jobs a front end offers.

use crate::Job;

/// Jobs by id, in the order added.
#[derive(Default)]
pub struct Registry {
    jobs: Vec<Box<dyn Job>>,
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
}
