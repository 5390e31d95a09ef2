//! The library file: made where asked, in WAL mode, and anything that is not a library of this
//! or an older version refused and left byte for byte as it was.

use std::fs;
use std::path::Path;

use ludoforge_library::{APPLICATION_ID, Library, LibraryError, SCHEMA_VERSION, backup_path};
use rusqlite::Connection;
use tempfile::TempDir;

use super::{bytes, fresh, puzzle};

/// Opening `path` fails with an error whose message contains `phrase`, and leaves the file's
/// bytes and the folder's names as they were.
fn refused(path: &Path, phrase: &str) -> LibraryError {
    let before = bytes(path);
    let names = |dir: &Path| -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let listed = names(path.parent().unwrap());
    let error = Library::open(path).expect_err("the file is refused");
    let message = error.to_string();
    assert!(message.contains(phrase), "wanted {phrase:?}: {message}");
    assert!(
        message.contains("--library") || message.contains("upgrade"),
        "{message}"
    );
    assert_eq!(bytes(path), before, "the file changed: {message}");
    assert_eq!(
        names(path.parent().unwrap()),
        listed,
        "files appeared: {message}"
    );
    error
}

/// A library file holding a few rows, closed (so its log is folded back into it).
fn made(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("library.sqlite");
    let mut library = Library::open(&path).unwrap();
    for seed in 0..300 {
        library
            .add(&puzzle(seed, 10 + (seed % 30) as u32, 3), &[])
            .unwrap();
    }
    drop(library);
    path
}

#[test]
fn open_makes_the_file_and_its_folders() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("a").join("b").join("library.sqlite");
    let library = Library::open(&path).unwrap();
    assert_eq!(library.path(), path);
    assert!(library.is_empty().unwrap());
    drop(library);
    let header = fs::read(&path).unwrap();
    assert!(header.starts_with(b"SQLite format 3\0"));
    assert_eq!(header[68..72], APPLICATION_ID.to_be_bytes());
    // And opens again, keeping what it holds.
    let mut library = Library::open(&path).unwrap();
    library.add(&puzzle(1, 12, 3), &[]).unwrap();
    drop(library);
    assert_eq!(Library::open(&path).unwrap().len().unwrap(), 1);
}

#[test]
fn an_empty_file_is_refused_and_left_as_it_is() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("library.sqlite");
    fs::write(&path, b"").unwrap();
    let error = refused(&path, "it is an empty file");
    assert!(matches!(error, LibraryError::NotALibrary { .. }), "{error}");
}

/// Threads of one program making the same new library at once all open it, and the folder
/// holds only the library once they are done.
#[test]
fn threads_making_one_library_at_once_share_it() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("library.sqlite");
    std::thread::scope(|scope| {
        for seed in 0..8 {
            let path = &path;
            scope.spawn(move || {
                let mut library = Library::open(path).unwrap();
                library.add(&puzzle(seed, 12, 3), &[]).unwrap();
            });
        }
    });
    assert_eq!(Library::open(&path).unwrap().len().unwrap(), 8);
    let left: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["library.sqlite"]);
}

#[test]
fn the_file_is_in_write_ahead_log_mode_with_its_schema_recorded() {
    let (_dir, path, library) = fresh();
    let other = Connection::open(&path).unwrap();
    let mode: String = other
        .pragma_query_value(None, "journal_mode", |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    let id: i64 = other
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .unwrap();
    assert_eq!(id as u32, APPLICATION_ID);
    let version: String = other
        .query_row(
            "SELECT value FROM meta WHERE key = 'schema_version'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(version, SCHEMA_VERSION.to_string());
    let applied: Vec<i64> = other
        .prepare("SELECT version FROM migrations ORDER BY version")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(applied, (1..=SCHEMA_VERSION).collect::<Vec<_>>());
    drop(library);
    // In the header too: bytes 18 and 19 are 2 for WAL.
    let header = fs::read(&path).unwrap();
    assert_eq!(header[18..20], [2, 2]);
}

#[test]
fn a_reader_sees_the_library_while_a_writer_holds_it() {
    let (_dir, path, mut library) = fresh();
    library.add(&puzzle(1, 12, 3), &[]).unwrap();
    let mut batch = library.batch().unwrap();
    batch.add(&puzzle(2, 13, 3), &[]).unwrap();
    // A second program reads while the batch is open: it sees what was committed.
    let reader = Library::open(&path).unwrap();
    assert_eq!(reader.len().unwrap(), 1);
    batch.commit().unwrap();
    assert_eq!(reader.len().unwrap(), 2);
}

#[test]
fn garbage_is_refused_and_left_as_it_was() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("library.sqlite");
    let garbage: Vec<u8> = (0..10_000u32).map(|i| (i * 7919 % 251) as u8).collect();
    fs::write(&path, &garbage).unwrap();
    let error = refused(
        &path,
        "is not a ludoforge library: it is not an SQLite database",
    );
    assert!(matches!(error, LibraryError::NotALibrary { .. }));
    fs::write(&path, "{\"generator\": \"a JSON file by mistake\"}").unwrap();
    refused(&path, "it is not an SQLite database");
}

#[test]
fn a_library_cut_to_half_is_refused_and_left_as_it_was() {
    let dir = TempDir::new().unwrap();
    let path = made(dir.path());
    let whole = fs::read(&path).unwrap();
    assert!(
        whole.len() > 8 * 4096,
        "a library of several pages: {}",
        whole.len()
    );
    fs::write(&path, &whole[..whole.len() / 2]).unwrap();
    let error = refused(&path, "is a damaged library");
    assert!(matches!(error, LibraryError::Damaged { .. }), "{error}");
    // Cut inside its header, too.
    fs::write(&path, &whole[..60]).unwrap();
    refused(&path, "is a damaged library");
}

#[test]
fn a_library_with_a_damaged_schema_is_refused_and_left_as_it_was() {
    let dir = TempDir::new().unwrap();
    let path = made(dir.path());
    let mut damaged = fs::read(&path).unwrap();
    // Page 1 after its 100-byte header holds the schema's b-tree: scramble it.
    for byte in &mut damaged[100..600] {
        *byte = !*byte;
    }
    fs::write(&path, &damaged).unwrap();
    let error = refused(&path, "is a damaged library");
    assert!(matches!(error, LibraryError::Damaged { .. }), "{error}");
}

#[test]
fn an_sqlite_file_of_another_application_is_refused_and_left_as_it_was() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("photos.db");
    let other = Connection::open(&path).unwrap();
    other
        .execute_batch(
            "PRAGMA application_id = 1234;
             CREATE TABLE photos (name TEXT); INSERT INTO photos VALUES ('cat.png');",
        )
        .unwrap();
    drop(other);
    let error = refused(&path, "an SQLite database of another application");
    assert!(matches!(
        error,
        LibraryError::Foreign {
            application_id: 1234,
            ..
        }
    ));
    // One without an application id at all.
    let path = dir.path().join("plain.db");
    let other = Connection::open(&path).unwrap();
    other.execute_batch("CREATE TABLE t (x);").unwrap();
    drop(other);
    refused(&path, "application id 0x00000000");
}

#[test]
fn a_library_of_a_newer_version_is_refused_and_left_as_it_was() {
    let dir = TempDir::new().unwrap();
    let path = made(dir.path());
    let other = Connection::open(&path).unwrap();
    other
        .execute(
            "UPDATE meta SET value = ?1 WHERE key = 'schema_version'",
            [(SCHEMA_VERSION + 1).to_string()],
        )
        .unwrap();
    drop(other);
    let error = refused(&path, "written by a newer ludoforge");
    assert!(error.to_string().contains("upgrade ludoforge"), "{error}");
    assert!(matches!(error, LibraryError::Newer { found, .. } if found == SCHEMA_VERSION + 1));
}

/// A library as the first ludoforge would have stamped it before any migration: the
/// application id, `meta` at version 0 (with a note of our own, to find in the copy) and an
/// empty `migrations` table.
fn version_zero(path: &Path) {
    let old = Connection::open(path).unwrap();
    old.execute_batch(&format!(
        "PRAGMA application_id = {};
         CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
         INSERT INTO meta VALUES ('schema_version', '0'), ('note', 'hand-built');
         CREATE TABLE migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL,
                                  applied TEXT NOT NULL);",
        APPLICATION_ID as i32
    ))
    .unwrap();
}

#[test]
fn an_older_library_is_copied_aside_then_upgraded() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("library.sqlite");
    version_zero(&path);
    let mut library = Library::open(&path).unwrap();
    library.add(&puzzle(1, 12, 3), &[]).unwrap();
    drop(library);
    // The copy is the old library: version 0, with the note.
    let backup = backup_path(&path, 0);
    assert_eq!(backup, dir.path().join("library.sqlite.v0.bak"));
    let copy = Connection::open(&backup).unwrap();
    let read = |key: &str| -> String {
        copy.query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .unwrap()
    };
    assert_eq!(read("schema_version"), "0");
    assert_eq!(read("note"), "hand-built");
    let tables: i64 = copy
        .query_row(
            "SELECT count(*) FROM sqlite_schema WHERE name = 'items'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(tables, 0, "the copy was made before the upgrade");
    drop(copy);
    // The library is upgraded, keeps the note, and opens again without another copy.
    let upgraded = Connection::open(&path).unwrap();
    let (version, note): (String, String) = upgraded
        .query_row(
            "SELECT (SELECT value FROM meta WHERE key = 'schema_version'),
                    (SELECT value FROM meta WHERE key = 'note')",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(
        (version, note.as_str()),
        (SCHEMA_VERSION.to_string(), "hand-built")
    );
    drop(upgraded);
    let copy_bytes = bytes(&backup);
    assert_eq!(Library::open(&path).unwrap().len().unwrap(), 1);
    assert_eq!(bytes(&backup), copy_bytes);
}

#[test]
fn an_older_library_is_not_upgraded_over_an_earlier_copy() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("library.sqlite");
    version_zero(&path);
    let backup = backup_path(&path, 0);
    fs::write(&backup, b"an earlier copy").unwrap();
    let before = bytes(&path);
    let error = Library::open(&path).unwrap_err();
    assert!(
        matches!(error, LibraryError::BackupExists { .. }),
        "{error}"
    );
    assert!(error.to_string().contains("move that file away"), "{error}");
    assert_eq!(bytes(&backup).unwrap(), b"an earlier copy");
    assert_eq!(bytes(&path), before);
}

#[test]
fn a_folder_is_not_a_library() {
    let dir = TempDir::new().unwrap();
    let error = Library::open(dir.path()).unwrap_err();
    assert!(error.to_string().contains("it is a folder"), "{error}");
}

/// Eight threads opening one older library at once: the first copies it aside and upgrades
/// it while the others wait, then find it up to date; every result is kept, and there is one
/// copy, of the old library.
#[test]
fn eight_openers_of_an_older_library_upgrade_it_once() {
    for _ in 0..10 {
        let dir = TempDir::new().unwrap();
        let path = dir.path().join("library.sqlite");
        version_zero(&path);
        std::thread::scope(|scope| {
            for seed in 0..8 {
                let path = &path;
                scope.spawn(move || {
                    let mut library = Library::open(path).unwrap();
                    library.add(&puzzle(seed, 12, 3), &[]).unwrap();
                });
            }
        });
        assert_eq!(Library::open(&path).unwrap().len().unwrap(), 8);
        let copy = Connection::open(backup_path(&path, 0)).unwrap();
        let version: String = copy
            .query_row(
                "SELECT value FROM meta WHERE key = 'schema_version'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(version, "0");
        drop(copy);
        let mut left: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["library.sqlite", "library.sqlite.v0.bak"]);
    }
}

/// Reading, or changing, a library that is not there makes none.
#[test]
fn reading_where_there_is_no_library_makes_none() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("library.sqlite");
    for error in [
        Library::open_to_read(&path).unwrap_err(),
        Library::open_existing(&path).unwrap_err(),
    ] {
        assert!(matches!(error, LibraryError::Missing { .. }), "{error}");
        assert!(
            error
                .to_string()
                .contains("`ludoforge library add RESULT.json` makes one there"),
            "{error}"
        );
    }
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
    // A library there is read, and not changed by reading.
    drop(Library::open(&path).unwrap());
    let before = bytes(&path);
    assert_eq!(Library::open_to_read(&path).unwrap().len().unwrap(), 0);
    assert_eq!(bytes(&path), before);
}
