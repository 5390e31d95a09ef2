//! Adding results: one transaction per batch, content kept once by its hash.

use std::collections::HashMap;
use std::path::Path;

use ludoforge_job::explore::ARCHIVE_GENERATOR;
use rusqlite::{Transaction, TransactionBehavior, params};
use serde_json::Value;

use crate::content::{self, Entry};
use crate::{Attachment, Library, LibraryError};

/// What adding did: how many results were new and how many the library had already, and the
/// id of the row holding each result, in the order of the document (an archive's elites in
/// its order).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Added {
    /// Results stored as new rows.
    pub added: usize,
    /// Results the library already had (no new row).
    pub already: usize,
    /// The row of each result, new or not.
    pub ids: Vec<i64>,
}

impl Added {
    fn absorb(&mut self, other: Added) {
        self.added += other.added;
        self.already += other.already;
        self.ids.extend(other.ids);
    }
}

/// The results a document holds, once it has proved to be a result (or an archive of them)
/// that can be added with `files`.
fn checked(document: &Value, files: &[Attachment]) -> Result<Vec<Entry>, LibraryError> {
    let entries = content::entries(document)?;
    let archive = document.get("generator").and_then(Value::as_str) == Some(ARCHIVE_GENERATOR);
    if archive && !files.is_empty() {
        return Err(LibraryError::FilesWithArchive {
            elites: entries.len(),
        });
    }
    for (at, file) in files.iter().enumerate() {
        if files[..at].iter().any(|f| f.role == file.role) {
            return Err(LibraryError::DuplicateRole {
                role: file.role.clone(),
            });
        }
    }
    Ok(entries)
}

/// Checks, without a library, that `document` can be added with `files`: what [`Library::add`]
/// refuses is refused here, so a front end can check every document before it opens (or
/// makes) a library. Returns how many results it holds (an archive's elites, or 1).
///
/// ```
/// use ludoforge_library::check_addable;
/// assert_eq!(check_addable(&serde_json::json!({"generator": "x"}), &[]).unwrap(), 1);
/// assert!(check_addable(&serde_json::json!({"maze": 1}), &[]).is_err());
/// ```
///
/// # Errors
/// As [`Library::add`].
pub fn check_addable(document: &Value, files: &[Attachment]) -> Result<usize, LibraryError> {
    checked(document, files).map(|entries| entries.len())
}

impl Library {
    /// Adds a result document with its files, in one transaction.
    ///
    /// The document is kept once: its hash is the SHA-256 of its canonical JSON text
    /// ([`crate::canonical`]: keys sorted, so the order of keys in the file does not matter),
    /// and a document already there makes no new row; files and numbers it did not have yet
    /// are attached to the row already there. An archive (`generator` "ludoforge explore")
    /// adds every elite: each row's document is the elite's `result`, and the elite's
    /// `descriptors` and `fitness` become the row's numbers `descriptors.<name>` and
    /// `fitness`.
    ///
    /// # Errors
    /// [`LibraryError::NotAResult`] for a document that does not name its `generator`,
    /// [`LibraryError::FilesWithArchive`], [`LibraryError::DuplicateRole`]; nothing is added
    /// then.
    pub fn add(&mut self, document: &Value, files: &[Attachment]) -> Result<Added, LibraryError> {
        self.add_made_by(document, files, None)
    }

    /// Adds a result document as [`Library::add`] does, recording `job` as the job that made
    /// it when the document names none (a front end that ran the job knows it; older result
    /// files do not say).
    ///
    /// # Errors
    /// As [`Library::add`].
    pub fn add_made_by(
        &mut self,
        document: &Value,
        files: &[Attachment],
        job: Option<&str>,
    ) -> Result<Added, LibraryError> {
        let mut batch = self.batch()?;
        let added = batch.add_made_by(document, files, job)?;
        batch.commit()?;
        Ok(added)
    }

    /// Starts adding several documents in one transaction: all of them or, if the batch is
    /// dropped before [`Batch::commit`], none.
    ///
    /// # Errors
    /// [`LibraryError::Busy`] when another program is writing the library.
    pub fn batch(&mut self) -> Result<Batch<'_>, LibraryError> {
        let Library { connection, path } = self;
        let transaction = connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| LibraryError::sqlite(&*path, e))?;
        let added: String = transaction
            .query_row("SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now')", [], |row| {
                row.get(0)
            })
            .map_err(|e| LibraryError::sqlite(&*path, e))?;
        Ok(Batch {
            transaction,
            path,
            added,
            keys: HashMap::new(),
        })
    }
}

/// Documents being added in one transaction (see [`Library::batch`]).
pub struct Batch<'a> {
    transaction: Transaction<'a>,
    path: &'a Path,
    /// The time every row of the batch is stamped with.
    added: String,
    /// The id of each number's path, as far as this batch has looked them up.
    keys: HashMap<String, i64>,
}

impl Batch<'_> {
    /// Adds a document with its files, as [`Library::add`] does, to the batch.
    ///
    /// # Errors
    /// As [`Library::add`]. A document refused leaves the batch as it was.
    pub fn add(&mut self, document: &Value, files: &[Attachment]) -> Result<Added, LibraryError> {
        self.add_made_by(document, files, None)
    }

    /// Adds a document as [`Library::add_made_by`] does, to the batch.
    ///
    /// # Errors
    /// As [`Library::add`].
    pub fn add_made_by(
        &mut self,
        document: &Value,
        files: &[Attachment],
        job: Option<&str>,
    ) -> Result<Added, LibraryError> {
        let mut entries = checked(document, files)?;
        for entry in &mut entries {
            if entry.job.is_none() {
                entry.job = job.map(str::to_string);
            }
        }
        let savepoint = "document";
        self.execute(&format!("SAVEPOINT {savepoint}"))?;
        let outcome = self.store_all(&entries, files);
        match outcome {
            Ok(added) => {
                self.execute(&format!("RELEASE {savepoint}"))?;
                Ok(added)
            }
            Err(error) => {
                // Paths made inside the savepoint are gone with it.
                self.keys.clear();
                let _ = self.execute(&format!("ROLLBACK TO {savepoint}"));
                let _ = self.execute(&format!("RELEASE {savepoint}"));
                Err(error)
            }
        }
    }

    /// Makes every document added to the batch part of the library.
    ///
    /// # Errors
    /// [`LibraryError::Busy`] or [`LibraryError::Sqlite`] when the library cannot be written;
    /// nothing of the batch is then kept.
    pub fn commit(self) -> Result<(), LibraryError> {
        let path = self.path;
        self.transaction
            .commit()
            .map_err(|e| LibraryError::sqlite(path, e))
    }

    fn execute(&self, sql: &str) -> Result<(), LibraryError> {
        self.transaction
            .execute_batch(sql)
            .map_err(|e| LibraryError::sqlite(self.path, e))
    }

    fn store_all(
        &mut self,
        entries: &[Entry],
        files: &[Attachment],
    ) -> Result<Added, LibraryError> {
        let mut added = Added::default();
        for entry in entries {
            added.absorb(self.store(entry, files)?);
        }
        Ok(added)
    }

    /// Stores one entry (or finds it there), its numbers and files.
    fn store(&mut self, entry: &Entry, files: &[Attachment]) -> Result<Added, LibraryError> {
        let path = self.path;
        let sql = |e| LibraryError::sqlite(path, e);
        let inserted = self
            .transaction
            .prepare_cached(
                "INSERT INTO items (hash, generator, job, version, seed, added)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (hash) DO NOTHING",
            )
            .and_then(|mut insert| {
                insert.execute(params![
                    entry.hash,
                    entry.generator,
                    entry.job,
                    entry.version,
                    // SQLite's integers are signed: a seed above i64::MAX is kept as its bits.
                    entry.seed.map(|seed| seed as i64),
                    self.added,
                ])
            })
            .map_err(sql)?;
        let id = if inserted == 1 {
            let id = self.transaction.last_insert_rowid();
            self.transaction
                .prepare_cached(
                    "INSERT INTO documents (item, parameters, document) VALUES (?1, ?2, ?3)",
                )
                .and_then(|mut insert| insert.execute(params![id, entry.parameters, entry.text]))
                .map_err(sql)?;
            id
        } else {
            self.transaction
                .prepare_cached("SELECT id FROM items WHERE hash = ?1")
                .and_then(|mut find| find.query_row([&entry.hash], |row| row.get(0)))
                .map_err(sql)?
        };
        for (key, value) in &entry.numbers {
            let key = self.key(key)?;
            self.transaction
                .prepare_cached(
                    "INSERT INTO numbers (item, key, value) VALUES (?1, ?2, ?3)
                     ON CONFLICT (item, key) DO NOTHING",
                )
                .and_then(|mut insert| insert.execute(params![id, key, value]))
                .map_err(sql)?;
        }
        for file in files {
            self.transaction
                .prepare_cached(
                    "INSERT INTO files (item, role, media_type, bytes) VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (item, role) DO NOTHING",
                )
                .and_then(|mut insert| {
                    insert.execute(params![id, file.role, file.media_type, file.bytes])
                })
                .map_err(sql)?;
        }
        Ok(Added {
            added: usize::from(inserted == 1),
            already: usize::from(inserted != 1),
            ids: vec![id],
        })
    }

    /// The id of a number's dotted path, made if the library has none yet.
    fn key(&mut self, key: &str) -> Result<i64, LibraryError> {
        if let Some(&id) = self.keys.get(key) {
            return Ok(id);
        }
        let path = self.path;
        let id: i64 = self
            .transaction
            .prepare_cached("INSERT INTO keys (path) VALUES (?1) ON CONFLICT (path) DO NOTHING")
            .and_then(|mut insert| insert.execute([key]))
            .and_then(|_| {
                self.transaction
                    .prepare_cached("SELECT id FROM keys WHERE path = ?1")?
                    .query_row([key], |row| row.get(0))
            })
            .map_err(|e| LibraryError::sqlite(path, e))?;
        self.keys.insert(key.to_string(), id);
        Ok(id)
    }
}
