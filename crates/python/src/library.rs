//! The content library from Python: add results and archives, query rows, get one back.

use ludoforge_library::{Attachment, Library, LibraryError, Query, Range, Sort};
use pyo3::exceptions::{PyKeyError, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use serde_json::Value;

/// A file as Python hands it over and gets it back: `(role, media type, bytes)`.
type PyFile<'py> = (String, String, Bound<'py, PyBytes>);

/// A library error as the Python exception a caller expects: `KeyError` for a row or key the
/// library does not have, `ValueError` for a document it refuses, `OSError` for the file.
fn error(e: LibraryError) -> PyErr {
    let message = e.to_string();
    match e {
        LibraryError::NoSuchRow { .. } | LibraryError::UnknownKey { .. } => {
            PyKeyError::new_err(message)
        }
        LibraryError::Io { .. }
        | LibraryError::Missing { .. }
        | LibraryError::Busy { .. }
        | LibraryError::ReadOnly { .. } => PyOSError::new_err(message),
        _ => PyValueError::new_err(message),
    }
}

/// Adds a result document (JSON text) with its files, or an archive's elites; returns the
/// ids of the rows added or found already, and how many were new.
#[pyfunction]
#[allow(clippy::needless_pass_by_value)]
pub fn library_add(
    path: &str,
    document: &str,
    files: Vec<(String, String, Vec<u8>)>,
) -> PyResult<(Vec<i64>, usize)> {
    let document: Value = serde_json::from_str(document)
        .map_err(|e| PyValueError::new_err(format!("the document is not JSON: {e}")))?;
    let files: Vec<Attachment> = files
        .into_iter()
        .map(|(role, media, bytes)| Attachment::new(role, media, bytes))
        .collect();
    let mut library = Library::open(path).map_err(error)?;
    let added = library.add(&document, &files).map_err(error)?;
    Ok((added.ids, added.added))
}

/// The rows a query finds, as JSON text (a list of rows with their numbers). `wheres` are
/// ranges in the command line's forms (`min_moves=38..42`), `sort` a key or `KEY:desc`.
#[pyfunction]
#[pyo3(signature = (path, job=None, generator=None, wheres=Vec::new(), sort=None, limit=None))]
#[allow(clippy::needless_pass_by_value)]
pub fn library_query(
    path: &str,
    job: Option<String>,
    generator: Option<String>,
    wheres: Vec<String>,
    sort: Option<String>,
    limit: Option<usize>,
) -> PyResult<String> {
    let wheres = wheres
        .iter()
        .map(|w| w.parse::<Range>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let sort = sort
        .map(|s| s.parse::<Sort>())
        .transpose()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let library = Library::open_to_read(path).map_err(error)?;
    let rows = library
        .query(&Query {
            job,
            generator,
            wheres,
            sort,
            limit,
        })
        .map_err(error)?;
    Ok(serde_json::to_string(&rows).expect("rows serialise"))
}

/// Row `id` in full: its document (JSON text) and files.
#[pyfunction]
pub fn library_get<'py>(
    py: Python<'py>,
    path: &str,
    id: i64,
) -> PyResult<(String, Vec<PyFile<'py>>)> {
    let library = Library::open_to_read(path).map_err(error)?;
    let item = library.show(id).map_err(error)?;
    let files = item
        .files
        .iter()
        .map(|f| {
            (
                f.role.clone(),
                f.media_type.clone(),
                PyBytes::new(py, &f.bytes),
            )
        })
        .collect();
    Ok((item.document.to_string(), files))
}
