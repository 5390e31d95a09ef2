//! What can go wrong with a library, in the words of the person using it.

use std::path::PathBuf;

/// Why the library could not do what was asked. Every message names the problem and the way
/// out; when a file is refused, it is left exactly as it was.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LibraryError {
    /// A file or folder could not be read, written or created.
    #[error("cannot {action} {}: {source}", path.display())]
    Io {
        /// What was being done: "create the folder", "read", "write", ...
        action: &'static str,
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not an SQLite database at all.
    #[error(
        "{} is not a ludoforge library: {why}; give another file with --library, or move \
         this one away",
        path.display()
    )]
    NotALibrary {
        /// The file.
        path: PathBuf,
        /// What it is instead.
        why: String,
    },
    /// The file is an SQLite database of another application.
    #[error(
        "{} is an SQLite database of another application (application id {application_id:#010x}), \
         not a ludoforge library; give another file with --library",
        path.display()
    )]
    Foreign {
        /// The file.
        path: PathBuf,
        /// The application id in its header.
        application_id: u32,
    },
    /// The file is a library, but damaged.
    #[error(
        "{} is a damaged library ({why}); it was left as it is: restore it from a copy, or \
         give another file with --library",
        path.display()
    )]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// The file was written by a newer ludoforge.
    #[error(
        "{} was written by a newer ludoforge (library schema version {found}; this one reads \
         up to {supported}); upgrade ludoforge to use it",
        path.display()
    )]
    Newer {
        /// The file.
        path: PathBuf,
        /// Its schema version.
        found: i64,
        /// The newest this build reads.
        supported: i64,
    },
    /// An older library needs upgrading, and the place for its copy is taken.
    #[error(
        "{} needs upgrading to library schema version {to}, and its copy would go to {}, which \
         already exists; move that file away and try again",
        path.display(),
        backup.display()
    )]
    BackupExists {
        /// The library.
        path: PathBuf,
        /// Where its copy would go.
        backup: PathBuf,
        /// The version it would be upgraded to.
        to: i64,
    },
    /// There is no library at the path, and the command only reads one.
    #[error(
        "there is no library at {}; `ludoforge library add RESULT.json` makes one there, or \
         give another file with --library",
        path.display()
    )]
    Missing {
        /// Where the library was looked for.
        path: PathBuf,
    },
    /// The library cannot be written here: the file or its folder is read-only.
    #[error(
        "cannot write the library {}: {why}; make it writable, or give another file with \
         --library (reading it works as it is: library list, query, show, export)",
        path.display()
    )]
    ReadOnly {
        /// The library.
        path: PathBuf,
        /// What cannot be written.
        why: String,
    },
    /// Another program holds the library for longer than the library waits.
    #[error(
        "{} is busy: another program is writing it; try again when it is done",
        path.display()
    )]
    Busy {
        /// The library.
        path: PathBuf,
    },
    /// A document given to add is not a result document.
    #[error("not a result document: {problem}")]
    NotAResult {
        /// What is wrong with it.
        problem: String,
    },
    /// Files were given with an archive, which holds many results.
    #[error(
        "an archive holds {elites} results, so files given with it would belong to none in \
         particular; add the archive without files, or each result with its own"
    )]
    FilesWithArchive {
        /// How many elites the archive holds.
        elites: usize,
    },
    /// Two files given with one result have the same role.
    #[error("two files have the role {role:?}; give each file its own role")]
    DuplicateRole {
        /// The role.
        role: String,
    },
    /// A query names a number the library does not have.
    #[error("{}", unknown_key(key, job.as_deref(), known))]
    UnknownKey {
        /// The name asked for.
        key: String,
        /// The job the query was limited to.
        job: Option<String>,
        /// The numbers the library has (for that job).
        known: Vec<String>,
    },
    /// Rows asked for by id that the library does not have.
    #[error(
        "the library has no {} {}; `ludoforge library list` shows what it has",
        if ids.len() == 1 { "row" } else { "rows" },
        ids.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
    )]
    NoSuchRow {
        /// The ids.
        ids: Vec<i64>,
    },
    /// An export would overwrite a file.
    #[error(
        "{} already exists, so nothing was exported; export into another folder, or move \
         the file away",
        path.display()
    )]
    WouldOverwrite {
        /// The file.
        path: PathBuf,
    },
    /// SQLite failed in a way the other variants do not describe.
    #[error("the library {}: {source}", path.display())]
    Sqlite {
        /// The library.
        path: PathBuf,
        /// What SQLite said.
        source: rusqlite::Error,
    },
}

impl LibraryError {
    /// A document that is not a result.
    pub(crate) fn not_a_result(problem: impl Into<String>) -> Self {
        LibraryError::NotAResult {
            problem: problem.into(),
        }
    }

    /// An I/O failure on `path`.
    pub(crate) fn io(
        action: &'static str,
        path: impl Into<PathBuf>,
        source: std::io::Error,
    ) -> Self {
        LibraryError::Io {
            action,
            path: path.into(),
            source,
        }
    }

    /// An SQLite failure on the library at `path`, sorted into what it means for the user.
    pub(crate) fn sqlite(path: impl Into<PathBuf>, source: rusqlite::Error) -> Self {
        let path = path.into();
        match source.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
                LibraryError::Busy { path }
            }
            Some(rusqlite::ErrorCode::DatabaseCorrupt) => LibraryError::Damaged {
                path,
                why: source.to_string(),
            },
            Some(rusqlite::ErrorCode::NotADatabase) => LibraryError::NotALibrary {
                path,
                why: "SQLite does not read it as a database".to_string(),
            },
            _ => LibraryError::Sqlite { path, source },
        }
    }
}

/// The message for a number the library does not have.
fn unknown_key(key: &str, job: Option<&str>, known: &[String]) -> String {
    let (scope, have) = match job {
        Some(job) => (format!("the results of job {job:?}"), "have"),
        None => ("the library".to_string(), "has"),
    };
    if known.is_empty() {
        return format!("no number is called {key:?}: {scope} {have} no numbers yet");
    }
    const SHOWN: usize = 60;
    let mut names = known
        .iter()
        .take(SHOWN)
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(", ");
    if known.len() > SHOWN {
        names.push_str(&format!(" and {} more", known.len() - SHOWN));
    }
    format!("no number is called {key:?}; {scope} {have} these: {names}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_problem_and_the_way_out() {
        let unknown = LibraryError::UnknownKey {
            key: "moves".into(),
            job: Some("puzzle-chess".into()),
            known: vec!["fitness".into(), "measures.min_moves".into()],
        };
        assert_eq!(
            unknown.to_string(),
            "no number is called \"moves\"; the results of job \"puzzle-chess\" have these: \
             fitness, measures.min_moves"
        );
        let none = LibraryError::NoSuchRow { ids: vec![4, 9] };
        assert_eq!(
            none.to_string(),
            "the library has no rows 4, 9; `ludoforge library list` shows what it has"
        );
        let foreign = LibraryError::Foreign {
            path: "x.db".into(),
            application_id: 0x1234,
        };
        assert!(foreign.to_string().contains("application id 0x00001234"));
    }
}
