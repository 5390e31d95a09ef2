//! The content library: every result worth keeping, in one SQLite file, found again by any of
//! its scores or descriptors.
//!
//! A row is a result document, the JSON a job writes as its `result` file (its `generator`,
//! `job`, `version`, `seed`, `parameters`, and whatever content and scores the generator
//! gives), with any files kept beside it (pictures, logs, exports). Every number of the
//! document outside its parameters and lists becomes a number of the row, by dotted path
//! (`measures.decision_points`), so a [`Query`] can range over any of them. An archive of an
//! exploration adds each of its elites, with the elite's descriptors as numbers too. The same
//! content is kept once, whatever the order of its keys.
//!
//! The library knows no generator: it reads documents as JSON. The file is SQLite (built in,
//! nothing to install) in write-ahead-log mode, so the studio and the command line can read it
//! while one of them writes. Its schema is versioned; an older file is copied aside before
//! it is upgraded, and a file that is not a library of this or an older version is refused
//! and left untouched.
//!
//! ```
//! use ludoforge_library::{Attachment, Library, Query};
//! use serde_json::json;
//!
//! let dir = tempfile::tempdir().unwrap();
//! let mut library = Library::open(dir.path().join("library.sqlite")).unwrap();
//! let result = json!({
//!     "generator": "puzzle-chromatic", "job": "puzzle-chromatic", "version": "0.1.0",
//!     "seed": 7, "parameters": {"board": {"width": 7}},
//!     "measures": {"min_moves": 14, "decision_points": 5},
//! });
//! let picture = Attachment::new("svg", "image/svg+xml", b"<svg/>".to_vec());
//! assert_eq!(library.add(&result, &[picture]).unwrap().added, 1);
//! // The same content again makes no new row.
//! assert_eq!(library.add(&result, &[]).unwrap().already, 1);
//!
//! let query = Query { wheres: vec!["decision_points>=5".parse().unwrap()], ..Query::default() };
//! let rows = library.query(&query).unwrap();
//! assert_eq!(rows.len(), 1);
//! assert_eq!(rows[0].numbers["measures.min_moves"], 14.0);
//! assert_eq!(library.show(rows[0].id).unwrap().document, result);
//! ```

mod add;
mod content;
mod error;
mod export;
mod open;
mod query;
mod range;
mod rows;
mod schema;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use rusqlite::Connection;

pub use add::{Added, Batch, check_addable};
pub use content::{canonical, numbers};
pub use error::LibraryError;
pub use export::Exported;
pub use open::{APPLICATION_ID, backup_path};
pub use query::Query;
pub use range::{ParseError, Range, Sort};
pub use rows::{Attachment, Item, Row};
pub use schema::SCHEMA_VERSION;

/// An open library file (see [`Library::open`]).
#[derive(Debug)]
pub struct Library {
    connection: Connection,
    path: PathBuf,
}

impl Library {
    /// The file this library lives in.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Where the library lives when no file is named: `ludoforge/library.sqlite` in the user's
/// data folder, `$XDG_DATA_HOME` if it is set to an absolute path, else
/// `$HOME/.local/share`.
///
/// # Errors
/// [`LibraryError::Io`] when neither is set, saying to name the file.
pub fn default_path() -> Result<PathBuf, LibraryError> {
    let xdg = std::env::var_os("XDG_DATA_HOME");
    let home = std::env::var_os("HOME");
    default_path_from(xdg.as_deref(), home.as_deref()).ok_or_else(|| {
        LibraryError::io(
            "tell where the library goes in",
            "the user's data folder",
            std::io::Error::other(
                "neither XDG_DATA_HOME nor HOME is set; name the library file with --library",
            ),
        )
    })
}

/// [`default_path`] from the values of `XDG_DATA_HOME` and `HOME`.
///
/// ```
/// use std::ffi::OsStr;
/// use std::path::Path;
/// use ludoforge_library::default_path_from;
///
/// let home = Some(OsStr::new("/home/ada"));
/// assert_eq!(
///     default_path_from(None, home).unwrap(),
///     Path::new("/home/ada/.local/share/ludoforge/library.sqlite")
/// );
/// assert_eq!(
///     default_path_from(Some(OsStr::new("/data")), home).unwrap(),
///     Path::new("/data/ludoforge/library.sqlite")
/// );
/// // A relative XDG_DATA_HOME is ignored, as the XDG specification says.
/// assert_eq!(
///     default_path_from(Some(OsStr::new("data")), home).unwrap(),
///     Path::new("/home/ada/.local/share/ludoforge/library.sqlite")
/// );
/// assert_eq!(default_path_from(None, None), None);
/// ```
#[must_use]
pub fn default_path_from(xdg_data_home: Option<&OsStr>, home: Option<&OsStr>) -> Option<PathBuf> {
    let data = xdg_data_home
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| {
            home.filter(|h| !h.is_empty())
                .map(|h| Path::new(h).join(".local").join("share"))
        })?;
    Some(data.join("ludoforge").join("library.sqlite"))
}
