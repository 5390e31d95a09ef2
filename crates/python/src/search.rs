//! `ludoforge._native.Search`: ask and tell over a generator's content
//! ([`ludoforge_jobs::search`]). The pure-Python `ludoforge.Search` wraps it with numpy.
//!
//! Numbers cross as bytes (little-endian `f64`, `i32` for boards) so a batch of hundreds of
//! candidates costs no Python object per number. The work runs without the interpreter's lock
//! and, when `threads` is given, in a pool of that many threads (the candidates are the same
//! on any number).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use ludoforge_job::search::{AskTell, Options};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};
use serde_json::Value;

use crate::job_error;

/// A search held by Python.
#[pyclass(module = "ludoforge._native")]
pub struct Search {
    inner: Mutex<Box<dyn AskTell>>,
    pool: Option<rayon::ThreadPool>,
}

/// One asked batch as it crosses to Python: how many, the documents (JSON text; `None` for the
/// vector genome, whose numbers are its document), the boards as `(rows, cols, i32 bytes)`,
/// and the vectors' numbers as one `f64` buffer with their length.
type Asked<'py> = (
    usize,
    Option<String>,
    Vec<Option<(usize, usize, Bound<'py, PyBytes>)>>,
    Option<(Bound<'py, PyByteArray>, usize)>,
);

fn pool_of(threads: Option<usize>) -> PyResult<Option<rayon::ThreadPool>> {
    let Some(n) = threads else {
        return Ok(None);
    };
    if !(1..=1024).contains(&n) {
        return Err(PyValueError::new_err(format!(
            "threads {n}: give between 1 and 1024"
        )));
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build()
        .map(Some)
        .map_err(|e| PyValueError::new_err(format!("cannot start {n} threads: {e}")))
}

/// Little-endian `f64`s from bytes.
fn floats(bytes: &[u8], what: &str) -> PyResult<Vec<f64>> {
    if !bytes.len().is_multiple_of(8) {
        return Err(PyValueError::new_err(format!(
            "{what}: {} bytes are not whole 64-bit numbers",
            bytes.len()
        )));
    }
    if cfg!(target_endian = "little") {
        // The bytes may not be aligned for f64: copied, not cast in place.
        return Ok(bytemuck::pod_collect_to_vec(bytes));
    }
    Ok(bytes
        .chunks_exact(8)
        .map(|c| f64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect())
}

/// Numbers as little-endian bytes: the numbers' own memory on a little-endian machine.
fn le_bytes(values: &[f64]) -> std::borrow::Cow<'_, [u8]> {
    if cfg!(target_endian = "little") {
        std::borrow::Cow::Borrowed(bytemuck::cast_slice(values))
    } else {
        std::borrow::Cow::Owned(values.iter().flat_map(|x| x.to_le_bytes()).collect())
    }
}

impl Search {
    fn work<T: Send>(&self, py: Python<'_>, f: impl FnOnce(&mut dyn AskTell) -> T + Send) -> T {
        let run = || {
            let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
            f(inner.as_mut())
        };
        py.detach(|| match &self.pool {
            Some(pool) => pool.install(run),
            None => run(),
        })
    }
}

#[pymethods]
impl Search {
    /// A new search: `generator`, its parameters and the search's options as JSON text.
    #[new]
    #[pyo3(signature = (generator, params, options, threads=None))]
    fn new(
        py: Python<'_>,
        generator: &str,
        params: Option<&str>,
        options: &str,
        threads: Option<usize>,
    ) -> PyResult<Search> {
        let params: Value = match params {
            Some(text) => serde_json::from_str(text)
                .map_err(|e| PyValueError::new_err(format!("the parameters are not JSON: {e}")))?,
            None => Value::Null,
        };
        let options: Options = serde_json::from_str(options)
            .map_err(|e| PyValueError::new_err(format!("the search's options: {e}")))?;
        let pool = pool_of(threads)?;
        let inner = py
            .detach(|| ludoforge_jobs::search::new(generator, params, options))
            .map_err(job_error)?;
        Ok(Search {
            inner: Mutex::new(inner),
            pool,
        })
    }

    /// A saved search, from [`Search::save`]'s bytes.
    #[staticmethod]
    #[pyo3(signature = (bytes, threads=None))]
    fn load(py: Python<'_>, bytes: &[u8], threads: Option<usize>) -> PyResult<Search> {
        let pool = pool_of(threads)?;
        let inner = py
            .detach(|| ludoforge_jobs::search::load(bytes))
            .map_err(job_error)?;
        Ok(Search {
            inner: Mutex::new(inner),
            pool,
        })
    }

    /// The generator's name.
    fn generator(&self) -> String {
        let inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.generator().to_string()
    }

    /// The next batch (the same again until told).
    fn ask<'py>(&self, py: Python<'py>) -> PyResult<Asked<'py>> {
        // The vector genome's batch crosses as one buffer, with no value per candidate.
        if let Some((flat, dims)) = self.work(py, |s| s.ask_vectors()).map_err(job_error)? {
            let count = flat.len().checked_div(dims).unwrap_or(0);
            // Writable, so numpy takes it as the batch's array without another copy.
            let bytes = PyByteArray::new(py, le_bytes(&flat).as_ref());
            return Ok((count, None, Vec::new(), Some((bytes, dims))));
        }
        let batch = self.work(py, |s| s.ask()).map_err(job_error)?;
        let boards = batch
            .iter()
            .map(|c| {
                c.board.as_ref().map(|b| {
                    let bytes: Vec<u8> = b.cells.iter().flat_map(|x| x.to_le_bytes()).collect();
                    (b.rows, b.cols, PyBytes::new(py, &bytes))
                })
            })
            .collect();
        let documents =
            serde_json::to_string(&batch.iter().map(|c| &c.document).collect::<Vec<_>>())
                .map_err(|e| job_error(ludoforge_job::JobError::failed(e.to_string())))?;
        Ok((batch.len(), Some(documents), boards, None))
    }

    /// Tells the batch's scores: `fitness` one `f64` per candidate, `descriptors` (with a
    /// grid) `width` `f64`s per candidate, row by row. Returns what it did: new, improved,
    /// not added, rejected, invalid, and whether the best improved.
    #[pyo3(signature = (fitness, descriptors=None, width=0))]
    fn tell(
        &self,
        py: Python<'_>,
        fitness: &[u8],
        descriptors: Option<&[u8]>,
        width: usize,
    ) -> PyResult<(usize, usize, usize, usize, usize, bool)> {
        let fitness = floats(fitness, "fitness")?;
        let values = descriptors
            .map(|bytes| floats(bytes, "descriptors"))
            .transpose()?;
        let told = self
            .work(py, |s| {
                s.tell(&fitness, values.as_deref().map(|v| (v, width)))
            })
            .map_err(job_error)?;
        Ok((
            told.new,
            told.improved,
            told.not_added,
            told.rejected,
            told.invalid,
            told.new_best,
        ))
    }

    /// The generator's own evaluation of the batch asked (JSON text: a list).
    fn evaluate(&self, py: Python<'_>) -> PyResult<String> {
        // The work runs in a thread of its own; this one looks for signals every 10 ms, and
        // Ctrl-C stops the evaluation before its next candidate and raises.
        let cancel = AtomicBool::new(false);
        let mut raised: Option<PyErr> = None;
        let evaluated = py.detach(|| {
            std::thread::scope(|scope| {
                let worker = scope.spawn(|| {
                    let run = || {
                        let inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
                        inner.evaluate_until(&cancel)
                    };
                    match &self.pool {
                        Some(pool) => pool.install(run),
                        None => run(),
                    }
                });
                while !worker.is_finished() {
                    std::thread::sleep(std::time::Duration::from_millis(10));
                    if raised.is_none()
                        && let Err(e) = Python::attach(|py| py.check_signals())
                    {
                        cancel.store(true, Ordering::SeqCst);
                        raised = Some(e);
                    }
                }
                worker.join()
            })
        });
        if let Some(e) = raised {
            return Err(e);
        }
        let evaluated = evaluated
            .map_err(|_| {
                pyo3::exceptions::PyRuntimeError::new_err("the evaluation stopped with a panic")
            })?
            .unwrap_or_default();
        Ok(Value::Array(evaluated).to_string())
    }

    /// The best candidate told so far, as `(document JSON, fitness)`.
    fn best(&self, py: Python<'_>) -> Option<(String, f64)> {
        self.work(py, |s| s.best())
            .map(|(c, f)| (c.document.to_string(), f))
    }

    /// The archive's elites (JSON text), or `None` without a grid.
    fn elites(&self, py: Python<'_>) -> Option<String> {
        self.work(py, |s| s.elites()).map(|v| v.to_string())
    }

    /// Coverage and QD score, or the kept population's size and best (JSON text).
    fn stats(&self, py: Python<'_>) -> String {
        self.work(py, |s| s.stats()).to_string()
    }

    /// The archive's heatmap (SVG), or `None` without a grid.
    fn heatmap(&self, py: Python<'_>) -> PyResult<Option<String>> {
        self.work(py, |s| s.heatmap()).map_err(job_error)
    }

    /// Batches told so far.
    fn iteration(&self) -> u64 {
        let inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.iteration()
    }

    /// The whole search as bytes, for [`Search::load`].
    fn save<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = self.work(py, |s| s.save()).map_err(job_error)?;
        Ok(PyBytes::new(py, &bytes))
    }
}

/// The generators a search can breed, as `(name, what)`.
#[pyfunction]
pub fn search_generators() -> Vec<(String, String)> {
    ludoforge_jobs::search::GENERATORS
        .iter()
        .map(|(a, b)| ((*a).to_string(), (*b).to_string()))
        .collect()
}
