//! The native module of the `ludoforge` Python package (`ludoforge._native`): the jobs of the
//! command line, run from Python. The package's pure-Python layer (`python/ludoforge/`) wraps
//! these functions in its `Result` and documented signatures.
//!
//! A run works with the interpreter's lock released, in a thread of its own; the calling
//! thread waits for it, hands the job's progress events to the Python callback, and checks
//! for signals ten times a second: Ctrl-C (`KeyboardInterrupt`) sets the run's cancel flag,
//! waits for the job to stop, and raises.

mod library;
mod search;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::Duration;

use ludoforge_job::{Artifact, Context, Event, JobError};
use pyo3::exceptions::{PyKeyError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use serde_json::Value;

/// How often the waiting thread looks for signals and progress.
const TICK: Duration = Duration::from_millis(100);

/// `(id, title)` of every job.
#[pyfunction]
fn jobs() -> Vec<(String, String)> {
    ludoforge_jobs::registry()
        .jobs()
        .map(|j| (j.id().to_string(), j.title().to_string()))
        .collect()
}

/// The job's parameters as a JSON Schema (JSON text).
#[pyfunction]
fn describe(job: &str) -> PyResult<String> {
    let registry = ludoforge_jobs::registry();
    let job = registry.get(job).ok_or_else(|| no_job(job, &registry))?;
    Ok(job.schema().to_string())
}

/// A fresh seed, as the command line draws one.
#[pyfunction]
fn fresh_seed() -> u64 {
    ludoforge_job::fresh_seed()
}

/// What a run hands back: the summary (JSON text), the files asked for as
/// `(role, media type, bytes)`, the notes and how it ended.
type Ran<'py> = (
    String,
    Vec<(String, String, Bound<'py, PyBytes>)>,
    Vec<String>,
    String,
);

/// Runs `job` with `params` (JSON text, `None` for every default) and `seed`, making the files
/// of the roles in `wants` besides the result. `progress`, when given, is called with each
/// progress event as JSON text.
#[pyfunction]
#[pyo3(signature = (job, params, seed, wants, threads=None, paper=None, progress=None))]
#[allow(clippy::too_many_arguments, clippy::needless_pass_by_value)]
fn run<'py>(
    py: Python<'py>,
    job: &str,
    params: Option<&str>,
    seed: u64,
    wants: Vec<String>,
    threads: Option<usize>,
    paper: Option<&str>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Ran<'py>> {
    let registry = ludoforge_jobs::registry();
    let job = registry.get(job).ok_or_else(|| no_job(job, &registry))?;
    let params: Value = match params {
        Some(text) => serde_json::from_str(text)
            .map_err(|e| PyValueError::new_err(format!("the parameters are not JSON: {e}")))?,
        None => Value::Object(serde_json::Map::new()),
    };
    let paper = match paper {
        Some(text) => text
            .parse::<ludoforge_draw::Paper>()
            .map_err(PyValueError::new_err)?,
        None => ludoforge_draw::Paper::default(),
    };
    if let Some(n) = threads
        && !(1..=1024).contains(&n)
    {
        return Err(PyValueError::new_err(format!(
            "threads {n}: give between 1 and 1024"
        )));
    }
    let cancel = AtomicBool::new(false);
    let (send, events) = mpsc::channel::<String>();
    // Only the waiting thread reads events; the lock makes the receiver shareable with the
    // work done without the interpreter's lock.
    let events = Mutex::new(events);
    let listen = |event: &Event| {
        if let Ok(text) = serde_json::to_string(event) {
            let _ = send.send(text);
        }
    };
    let mut raised: Option<PyErr> = None;
    let outcome = py.detach(|| {
        std::thread::scope(|scope| {
            let worker = scope.spawn(|| {
                let mut context = Context::new(&listen, &cancel)
                    .with_threads(threads)
                    .with_paper(paper);
                for role in &wants {
                    context = context.want(role);
                }
                let ran = job.run(&params, seed, &context);
                // Draw the streamed files (large pictures) here, without the lock.
                ran.and_then(|artifact| drawn(artifact, &wants))
            });
            let events = events.lock().expect("only this thread reads events");
            let mut pending: Option<String> = None;
            loop {
                let finished = worker.is_finished();
                for event in pending.take().into_iter().chain(events.try_iter()) {
                    if let (Some(callback), None) = (&progress, &raised) {
                        let called =
                            Python::attach(|py| callback.bind(py).call1((event,)).map(|_| ()));
                        if let Err(e) = called {
                            cancel.store(true, Ordering::SeqCst);
                            raised = Some(e);
                        }
                    }
                }
                if finished {
                    break;
                }
                if raised.is_none()
                    && let Err(e) = Python::attach(|py| py.check_signals())
                {
                    cancel.store(true, Ordering::SeqCst);
                    raised = Some(e);
                }
                pending = events.recv_timeout(TICK).ok();
            }
            worker.join()
        })
    });
    if let Some(e) = raised {
        return Err(e);
    }
    let (artifact, files) = outcome
        .map_err(|_| PyRuntimeError::new_err("the run stopped with a panic"))?
        .map_err(job_error)?;
    let files = files
        .into_iter()
        .map(|(role, media, bytes)| (role, media, PyBytes::new(py, &bytes)))
        .collect();
    let ending = serde_json::to_value(artifact.ending)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    Ok((artifact.summary.to_string(), files, artifact.notes, ending))
}

/// The artifact with its files' bytes: the result and the roles asked for.
type Drawn = (Artifact, Vec<(String, String, Vec<u8>)>);

/// Reads every file of `artifact` that is the result or one of `wants` (drawing a streamed
/// one now).
fn drawn(artifact: Artifact, wants: &[String]) -> Result<Drawn, JobError> {
    let mut files = Vec::new();
    for file in &artifact.files {
        if file.role == "result" || wants.contains(&file.role) {
            let bytes = file
                .to_bytes()
                .map_err(|e| JobError::failed(format!("cannot make the {}: {e}", file.role)))?;
            files.push((file.role.clone(), file.media_type.to_string(), bytes));
        }
    }
    Ok((artifact, files))
}

/// A job error as the Python exception a caller expects: `ValueError` for parameters or input
/// the job refuses, `KeyboardInterrupt`'s absence aside, `RuntimeError` for the rest.
pub(crate) fn job_error(error: JobError) -> PyErr {
    match error {
        JobError::Parameters(m) | JobError::Input(m) => PyValueError::new_err(m),
        other => PyRuntimeError::new_err(other.to_string()),
    }
}

fn no_job(job: &str, registry: &ludoforge_job::Registry) -> PyErr {
    PyKeyError::new_err(format!(
        "no job {job:?}: the jobs are {}",
        registry.ids().join(", ")
    ))
}

/// The native module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(jobs, m)?)?;
    m.add_function(wrap_pyfunction!(describe, m)?)?;
    m.add_function(wrap_pyfunction!(fresh_seed, m)?)?;
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(library::library_add, m)?)?;
    m.add_function(wrap_pyfunction!(library::library_query, m)?)?;
    m.add_function(wrap_pyfunction!(library::library_get, m)?)?;
    m.add_function(wrap_pyfunction!(search::search_generators, m)?)?;
    m.add_class::<search::Search>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
