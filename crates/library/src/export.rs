//! Exporting rows as files: each document as its generator's own result file, with its files
//! beside it; every name checked before the first is written, nothing overwritten.

use std::collections::BTreeSet;
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::{Attachment, Library, LibraryError, Query, Row};

/// One row written by [`Library::export`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exported {
    /// The row.
    pub id: i64,
    /// Its document's file.
    pub document: PathBuf,
    /// Its files', by role.
    pub files: Vec<PathBuf>,
}

impl Library {
    /// Writes every row `query` finds into the folder `dir` (made if missing): the document as
    /// `<job>-<seed>-<id>.json` (the generator's name when the document names no job; pretty,
    /// with a final newline), and each of its files as `<job>-<seed>-<id>.<role>.<ext>` (`<job>-<seed>-<id>.<ext>` when
    /// the role is the extension, as for the pictures `svg` and `png`).
    /// Returns what was written, row by row in the query's order.
    ///
    /// Nothing is overwritten: every name is checked before anything is written, and if a
    /// file is there (or appears meanwhile), or a write fails, the files this export wrote are
    /// removed again. Each file is written under a temporary name and linked into place, so
    /// no file is ever seen half written.
    ///
    /// # Errors
    /// [`LibraryError::WouldOverwrite`] naming the first file that is there,
    /// [`LibraryError::Io`] when the folder or a file cannot be written, and the errors of
    /// [`Library::query`].
    pub fn export(&self, query: &Query, dir: &Path) -> Result<Vec<Exported>, LibraryError> {
        self.export_drawn(query, dir, &|_, _, _| Vec::new())
    }

    /// As [`Library::export`], and for every row the files `draw` makes of its document (say
    /// its job's pictures, for a row kept without one), written beside it and named like kept
    /// files. `draw` is told whether the row was kept with a picture (a file of role `svg` or
    /// `png`); a drawn file must not take the name of a kept one.
    ///
    /// # Errors
    /// As [`Library::export`].
    pub fn export_drawn(
        &self,
        query: &Query,
        dir: &Path,
        draw: &dyn Fn(&Row, &serde_json::Value, bool) -> Vec<Attachment>,
    ) -> Result<Vec<Exported>, LibraryError> {
        if dir.exists() && !dir.is_dir() {
            return Err(LibraryError::io(
                "export into",
                dir,
                std::io::Error::other("it is a file, not a folder; give a folder"),
            ));
        }
        let rows = self.query(query)?;
        let mut planned: Vec<Planned> = Vec::new();
        let mut names = BTreeSet::new();
        for row in &rows {
            let stem = stem(row);
            let document = dir.join(format!("{stem}.json"));
            let kinds = self.file_kinds(row.id)?;
            let pictured = kinds.iter().any(|(role, _)| role == "svg" || role == "png");
            let drawn = draw(row, &self.show(row.id)?.document, pictured);
            let name = |role: &str, media_type: &str| {
                let extension = extension(media_type);
                let role = safe(role);
                // A picture of role `svg` is `<stem>.svg`, not `<stem>.svg.svg` (a file of
                // role `json` keeps its role: `<stem>.json` is the document).
                if role == extension && extension != "json" {
                    dir.join(format!("{stem}.{extension}"))
                } else {
                    dir.join(format!("{stem}.{role}.{extension}"))
                }
            };
            let files = kinds
                .into_iter()
                .map(|(role, media_type)| {
                    let path = name(&role, &media_type);
                    (role, path)
                })
                .collect::<Vec<_>>();
            let drawn = drawn
                .into_iter()
                .map(|file| {
                    let path = name(&file.role, &file.media_type);
                    (file, path)
                })
                .collect::<Vec<_>>();
            let paths = files
                .iter()
                .map(|(_, p)| p)
                .chain(drawn.iter().map(|(_, p)| p));
            for path in std::iter::once(&document).chain(paths) {
                if !names.insert(path.clone()) || fs::symlink_metadata(path).is_ok() {
                    return Err(LibraryError::WouldOverwrite { path: path.clone() });
                }
            }
            planned.push(Planned {
                id: row.id,
                document,
                files,
                drawn,
            });
        }
        fs::create_dir_all(dir).map_err(|e| LibraryError::io("create the folder", dir, e))?;
        let mut written = Vec::new();
        let mut exported = Vec::with_capacity(planned.len());
        let outcome = (|| {
            for Planned {
                id,
                document,
                files,
                drawn,
            } in &planned
            {
                let item = self.show(*id)?;
                let mut text = serde_json::to_string_pretty(&item.document)
                    .expect("a JSON value always serialises");
                text.push('\n');
                write_new(document, text.as_bytes())?;
                written.push(document.clone());
                let mut beside = Vec::with_capacity(files.len());
                for (role, path) in files {
                    if let Some(file) = item.files.iter().find(|f| &f.role == role) {
                        write_new(path, &file.bytes)?;
                        written.push(path.clone());
                        beside.push(path.clone());
                    }
                }
                for (file, path) in drawn {
                    write_new(path, &file.bytes)?;
                    written.push(path.clone());
                    beside.push(path.clone());
                }
                exported.push(Exported {
                    id: *id,
                    document: document.clone(),
                    files: beside,
                });
            }
            Ok(())
        })();
        if let Err(error) = outcome {
            for path in &written {
                let _ = fs::remove_file(path);
            }
            return Err(error);
        }
        Ok(exported)
    }

    /// The roles and media types of a row's files.
    fn file_kinds(&self, id: i64) -> Result<Vec<(String, String)>, LibraryError> {
        let error = |e| LibraryError::sqlite(&self.path, e);
        let mut statement = self
            .connection
            .prepare_cached("SELECT role, media_type FROM files WHERE item = ?1 ORDER BY role")
            .map_err(error)?;
        statement
            .query_map([id], |row| Ok((row.get(0)?, row.get(1)?)))
            .and_then(Iterator::collect)
            .map_err(error)
    }
}

/// Where one row will be written: its document's file, and each file's role and name.
struct Planned {
    id: i64,
    document: PathBuf,
    files: Vec<(String, PathBuf)>,
    drawn: Vec<(Attachment, PathBuf)>,
}

/// `<job-or-generator>-<seed>-<id>`, safe as a file name.
fn stem(row: &Row) -> String {
    let maker = row.job.as_deref().unwrap_or(&row.generator);
    let seed = row
        .seed
        .map_or_else(|| "unseeded".to_string(), |seed| seed.to_string());
    format!("{}-{seed}-{}", safe(maker), row.id)
}

/// `text` with anything but letters, digits, `_`, `-` and `.` replaced by `-`, so that it is
/// one file name on every system.
fn safe(text: &str) -> String {
    let safe: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.') {
                c
            } else {
                '-'
            }
        })
        .collect();
    if safe.is_empty() {
        "-".to_string()
    } else {
        safe
    }
}

/// The usual file name extension of a media type.
fn extension(media_type: &str) -> &'static str {
    let essence = media_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    match essence.as_str() {
        "application/json" => "json",
        "application/jsonl" | "application/x-ndjson" => "jsonl",
        "image/svg+xml" => "svg",
        "image/png" => "png",
        "text/plain" => "txt",
        "text/csv" => "csv",
        "text/markdown" => "md",
        "text/vnd.graphviz" => "dot",
        "text/html" => "html",
        "application/x-uvtt+json" => "dd2vtt",
        "application/pdf" => "pdf",
        _ => "bin",
    }
}

/// Writes a file that must not exist yet: to a temporary name beside it, then linked into
/// place (which fails if the name has been taken meanwhile).
fn write_new(path: &Path, bytes: &[u8]) -> Result<(), LibraryError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.{}.part", std::process::id()));
    let written = (|| -> std::io::Result<()> {
        let mut file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()
    })();
    if let Err(error) = written {
        let _ = fs::remove_file(&temporary);
        return Err(LibraryError::io("write", path, error));
    }
    let linked = match fs::hard_link(&temporary, path) {
        Ok(()) => Ok(()),
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {
            Err(LibraryError::WouldOverwrite {
                path: path.to_path_buf(),
            })
        }
        // A file system without hard links: rename, having checked the name is still free.
        Err(_) if fs::symlink_metadata(path).is_err() => {
            fs::rename(&temporary, path).map_err(|e| LibraryError::io("write", path, e))
        }
        Err(_) => Err(LibraryError::WouldOverwrite {
            path: path.to_path_buf(),
        }),
    };
    let _ = fs::remove_file(&temporary);
    linked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_single_safe_file_names() {
        assert_eq!(safe("ludoforge explore"), "ludoforge-explore");
        assert_eq!(safe("../../etc/passwd"), "..-..-etc-passwd");
        assert_eq!(safe("puzzle-chess"), "puzzle-chess");
        assert_eq!(safe(""), "-");
    }

    #[test]
    fn extensions_follow_media_types() {
        assert_eq!(extension("image/svg+xml"), "svg");
        assert_eq!(extension("text/plain; charset=utf-8"), "txt");
        assert_eq!(extension("Image/PNG"), "png");
        assert_eq!(extension("application/x-unknown"), "bin");
    }
}
