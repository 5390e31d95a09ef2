//! The tables of a library file and the migrations that make them, applied in order.
//!
//! Version 0 is a stamped, empty library: the application id, a `meta` table whose
//! `schema_version` says which migrations the file has, and a `migrations` table recording
//! when each was applied. Migration `n` brings version `n - 1` to version `n`; a file is never
//! moved backwards, and a file of a version above [`SCHEMA_VERSION`] is refused.

use rusqlite::{Connection, OptionalExtension, params};

/// One step of the schema.
struct Migration {
    /// What it adds, for the `migrations` table.
    description: &'static str,
    /// The statements.
    sql: &'static str,
}

/// Every migration, in order: the `n`th (from 1) brings version `n - 1` to `n`.
///
/// Version 1: `items` (one row per result: hash, generator, job, version, seed — a seed above
/// 2^63 - 1 kept as the signed number of the same bits — and when it was added), `documents`
/// (its canonical JSON text and parameters, apart so that queries read small rows),
/// `files`, `keys` (every dotted path a number has had) and `numbers` (item, key, value),
/// indexed on (key, value) for ranges; the view `named_numbers` shows numbers by path.
const MIGRATIONS: &[Migration] = &[Migration {
    description: "results, their files, and their numbers by dotted path",
    sql: "
        CREATE TABLE items (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            hash TEXT NOT NULL UNIQUE,
            generator TEXT NOT NULL,
            job TEXT,
            version TEXT,
            seed INTEGER,
            added TEXT NOT NULL
        );
        CREATE INDEX items_job ON items (job);
        CREATE INDEX items_generator ON items (generator);
        CREATE TABLE documents (
            item INTEGER PRIMARY KEY REFERENCES items (id) ON DELETE CASCADE,
            parameters TEXT,
            document TEXT NOT NULL
        );
        CREATE TABLE files (
            item INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
            role TEXT NOT NULL,
            media_type TEXT NOT NULL,
            bytes BLOB NOT NULL,
            UNIQUE (item, role)
        );
        CREATE TABLE keys (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE
        );
        CREATE TABLE numbers (
            item INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
            key INTEGER NOT NULL REFERENCES keys (id),
            value REAL NOT NULL,
            PRIMARY KEY (item, key)
        ) WITHOUT ROWID;
        CREATE INDEX numbers_key_value ON numbers (key, value);
        CREATE VIEW named_numbers AS
            SELECT numbers.item AS item, keys.path AS key, numbers.value AS value
            FROM numbers JOIN keys ON keys.id = numbers.key;
    ",
}];

/// The schema version this build writes and reads: the number of migrations.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Stamps an empty database as a library of schema version 0.
pub(crate) fn stamp(connection: &Connection, application_id: u32) -> rusqlite::Result<()> {
    // SQLite keeps the application id as a signed 32-bit number.
    connection.pragma_update(None, "application_id", application_id as i32)?;
    connection.execute_batch(
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
         INSERT INTO meta (key, value) VALUES ('schema_version', '0');
         CREATE TABLE migrations (
             version INTEGER PRIMARY KEY,
             description TEXT NOT NULL,
             applied TEXT NOT NULL
         );",
    )
}

/// The file's schema version; `None` when it has no `meta` table or no version in it, and
/// -1 for a version that is not a number.
pub(crate) fn version(connection: &Connection) -> rusqlite::Result<Option<i64>> {
    let has_meta: bool = connection.query_row(
        "SELECT count(*) > 0 FROM sqlite_schema WHERE type = 'table' AND name = 'meta'",
        [],
        |row| row.get(0),
    )?;
    if !has_meta {
        return Ok(None);
    }
    let text: Option<String> = connection
        .query_row(
            "SELECT value FROM meta WHERE key = 'schema_version'",
            [],
            |row| row.get(0),
        )
        .optional()?;
    Ok(text.map(|text| text.trim().parse().unwrap_or(-1)))
}

/// Applies the migrations after `from`, recording each; the caller holds the transaction.
pub(crate) fn migrate(connection: &Connection, from: i64) -> rusqlite::Result<()> {
    for (at, migration) in MIGRATIONS.iter().enumerate().skip(from.max(0) as usize) {
        let version = at as i64 + 1;
        connection.execute_batch(migration.sql)?;
        connection.execute(
            "INSERT INTO migrations (version, description, applied)
             VALUES (?1, ?2, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))",
            params![version, migration.description],
        )?;
        connection.execute(
            "UPDATE meta SET value = ?1 WHERE key = 'schema_version'",
            [version.to_string()],
        )?;
    }
    Ok(())
}
