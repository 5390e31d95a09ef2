//! Rows of the library: what a query finds, one row in full, and taking rows out.

use std::collections::BTreeMap;
use std::sync::Arc;

use rusqlite::{OptionalExtension, TransactionBehavior};
use serde::Serialize;
use serde_json::Value;

use crate::query::SELECT_ROWS;
use crate::{Library, LibraryError};

/// A file kept with a result: its role (`svg`, `png`, `log`, ...), media type and bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// What the file is for: `svg`, `png`, `log`, `csv`, ...
    pub role: String,
    /// Its media type (`image/svg+xml`, ...).
    pub media_type: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

impl Attachment {
    /// A file.
    pub fn new(role: impl Into<String>, media_type: impl Into<String>, bytes: Vec<u8>) -> Self {
        Attachment {
            role: role.into(),
            media_type: media_type.into(),
            bytes,
        }
    }
}

/// One result of the library, as a query finds it: who made it and its numbers.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// Its id, never reused.
    pub id: i64,
    /// The SHA-256 of its canonical JSON text (see [`crate::canonical`]).
    pub hash: String,
    /// The generator that made it.
    pub generator: String,
    /// The job that made it, if the document names one.
    pub job: Option<String>,
    /// The generator's version.
    pub version: Option<String>,
    /// The seed it was made with.
    pub seed: Option<u64>,
    /// When it was added, in UTC (`2026-11-24T13:26:14Z`).
    pub added: String,
    /// Every number of the document outside its parameters and lists, by dotted path, and an
    /// elite's `descriptors.<name>` and `fitness` (each path's text shared by the rows of one
    /// query: `row.numbers["fitness"]` reads as with `String` keys).
    #[serde(serialize_with = "by_path")]
    pub numbers: BTreeMap<Arc<str>, f64>,
}

/// Numbers as a JSON object by path.
fn by_path<S: serde::Serializer>(
    numbers: &BTreeMap<Arc<str>, f64>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_map(numbers.iter().map(|(path, value)| (&**path, value)))
}

/// One result in full: its row, parameters, document and files.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// What a query shows of it.
    pub row: Row,
    /// Its `parameters` (or `params`).
    pub parameters: Option<Value>,
    /// The document as it was added.
    pub document: Value,
    /// The files kept with it, by role.
    pub files: Vec<Attachment>,
}

impl Library {
    /// The row `id` in full.
    ///
    /// # Errors
    /// [`LibraryError::NoSuchRow`] when the library has no row `id`.
    pub fn show(&self, id: i64) -> Result<Item, LibraryError> {
        let error = |e| LibraryError::sqlite(&self.path, e);
        let found = self
            .connection
            .query_row(
                "SELECT parameters, document FROM documents WHERE item = ?1",
                [id],
                |row| Ok((row.get::<_, Option<String>>(0)?, row.get::<_, String>(1)?)),
            )
            .optional()
            .map_err(error)?;
        let Some((parameters, document)) = found else {
            return Err(LibraryError::NoSuchRow { ids: vec![id] });
        };
        let parse = |text: &str| {
            serde_json::from_str::<Value>(text).map_err(|e| LibraryError::Damaged {
                path: self.path.clone(),
                why: format!("row {id} holds a document that is not JSON ({e})"),
            })
        };
        let row = self
            .rows_by_id(&[id])?
            .pop()
            .ok_or(LibraryError::NoSuchRow { ids: vec![id] })?;
        let mut statement = self
            .connection
            .prepare_cached(
                "SELECT role, media_type, bytes FROM files WHERE item = ?1 ORDER BY role",
            )
            .map_err(error)?;
        let files = statement
            .query_map([id], |f| {
                Ok(Attachment {
                    role: f.get(0)?,
                    media_type: f.get(1)?,
                    bytes: f.get(2)?,
                })
            })
            .and_then(Iterator::collect)
            .map_err(error)?;
        Ok(Item {
            row,
            parameters: parameters.as_deref().map(parse).transpose()?,
            document: parse(&document)?,
            files,
        })
    }

    /// Takes rows out of the library, with their files and numbers: all of them, or none if
    /// any id is not there. Ids are never reused.
    ///
    /// # Errors
    /// [`LibraryError::NoSuchRow`] naming every id the library does not have.
    pub fn remove(&mut self, ids: &[i64]) -> Result<usize, LibraryError> {
        let path = self.path.clone();
        let error = |e| LibraryError::sqlite(&path, e);
        let transaction = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(error)?;
        let mut missing = Vec::new();
        let mut removed = 0;
        {
            let mut numbers = transaction
                .prepare("DELETE FROM numbers WHERE item = ?1")
                .map_err(error)?;
            let mut files = transaction
                .prepare("DELETE FROM files WHERE item = ?1")
                .map_err(error)?;
            let mut documents = transaction
                .prepare("DELETE FROM documents WHERE item = ?1")
                .map_err(error)?;
            let mut items = transaction
                .prepare("DELETE FROM items WHERE id = ?1")
                .map_err(error)?;
            let mut unique = ids.to_vec();
            unique.sort_unstable();
            unique.dedup();
            for id in unique {
                numbers.execute([id]).map_err(error)?;
                files.execute([id]).map_err(error)?;
                documents.execute([id]).map_err(error)?;
                match items.execute([id]).map_err(error)? {
                    0 => missing.push(id),
                    _ => removed += 1,
                }
            }
            // A path no row has any more is forgotten, so messages list only what is there.
            transaction
                .execute(
                    "DELETE FROM keys WHERE NOT EXISTS (SELECT 1 FROM numbers WHERE key = keys.id)",
                    [],
                )
                .map_err(error)?;
        }
        if !missing.is_empty() {
            // Dropping the transaction puts every row back.
            return Err(LibraryError::NoSuchRow { ids: missing });
        }
        transaction.commit().map_err(error)?;
        Ok(removed)
    }

    /// Rows by id, with their numbers, in the order given (ids not there are left out).
    pub(crate) fn rows_by_id(&self, ids: &[i64]) -> Result<Vec<Row>, LibraryError> {
        let mut rows = Vec::with_capacity(ids.len());
        for &id in ids {
            let sql = format!("{SELECT_ROWS} WHERE items.id = ?1");
            rows.extend(self.rows(&sql, &[rusqlite::types::Value::Integer(id)])?);
        }
        Ok(rows)
    }

    /// How many rows the library holds.
    ///
    /// # Errors
    /// [`LibraryError::Sqlite`] when the file cannot be read.
    pub fn len(&self) -> Result<usize, LibraryError> {
        let count: i64 = self
            .connection
            .query_row("SELECT count(*) FROM items", [], |row| row.get(0))
            .map_err(|e| LibraryError::sqlite(&self.path, e))?;
        Ok(usize::try_from(count).unwrap_or(0))
    }

    /// Whether the library holds no rows.
    ///
    /// # Errors
    /// [`LibraryError::Sqlite`] when the file cannot be read.
    pub fn is_empty(&self) -> Result<bool, LibraryError> {
        Ok(self.len()? == 0)
    }
}
