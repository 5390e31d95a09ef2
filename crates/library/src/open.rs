//! Opening a library file: creating it, telling ours from anything else before a byte is
//! written, and bringing an older one up to date (after keeping a copy).

use std::fs;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use rusqlite::config::DbConfig;
use rusqlite::{Connection, OpenFlags, TransactionBehavior};

use crate::schema::{self, SCHEMA_VERSION};
use crate::{Library, LibraryError};

/// The application id in the header of every library file: "LDFG" in ASCII. SQLite keeps it
/// at bytes 68 to 71 of the file, so a file can be told apart before SQLite opens it.
pub const APPLICATION_ID: u32 = u32::from_be_bytes(*b"LDFG");

/// How long a command waits for another program writing the library before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// The first 16 bytes of every SQLite database file.
const MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// What is at a library's path before it is opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Found {
    /// Nothing: a new library is made there.
    Nothing,
    /// An SQLite file that is ours, or may be: its header has our application id, or none
    /// while a write-ahead log beside it may hold a newer first page.
    Existing {
        /// Whether a write-ahead log is beside it.
        log: bool,
    },
}

impl Library {
    /// Opens the library at `path`, creating it (and the folders above it) if there is none:
    /// made whole under another name and linked into place, so that programs making it at
    /// the same moment all open the one library. An empty file is refused, not filled.
    ///
    /// A file that is not an SQLite database, a damaged one, one of another application, or
    /// one written by a newer ludoforge is refused and left byte for byte as it was: the
    /// header is read and checked before SQLite opens the file, and nothing is written until
    /// the file has proved to be a library this build can read. A library of an older schema
    /// is first copied (`VACUUM INTO`, a consistent copy even while others read it) to
    /// `<file>.v<old>.bak`, then brought up to date in one transaction.
    ///
    /// The file is kept in write-ahead-log mode, so the studio and the command line can read
    /// it while one of them writes; a writer waits up to ten seconds for another.
    ///
    /// # Errors
    /// [`LibraryError::NotALibrary`], [`LibraryError::Damaged`], [`LibraryError::Foreign`],
    /// [`LibraryError::Newer`], [`LibraryError::BackupExists`], [`LibraryError::Busy`], and
    /// [`LibraryError::Io`] when the file or its folder cannot be read or made.
    pub fn open(path: impl AsRef<Path>) -> Result<Library, LibraryError> {
        Library::open_as(path.as_ref(), Access::Make)
    }

    /// Opens the library at `path` to change it, as [`Library::open`] does, but only if
    /// there is one: nothing is made where there is none.
    ///
    /// # Errors
    /// As [`Library::open`], and [`LibraryError::Missing`] where there is no file.
    pub fn open_existing(path: impl AsRef<Path>) -> Result<Library, LibraryError> {
        Library::open_as(path.as_ref(), Access::Change)
    }

    /// Opens the library at `path` to read it. Nothing is made where there is none, and a
    /// library in a read-only file or folder is read as it is, leaving no file beside it (a
    /// library that can be written is opened as [`Library::open`] opens it, and brought up to
    /// date if it is older).
    ///
    /// # Errors
    /// As [`Library::open`], [`LibraryError::Missing`] where there is no file, and
    /// [`LibraryError::ReadOnly`] for a read-only library of an older version (it must be
    /// upgraded before it is read) or one whose log another program holds open.
    pub fn open_to_read(path: impl AsRef<Path>) -> Result<Library, LibraryError> {
        Library::open_as(path.as_ref(), Access::Read)
    }

    fn open_as(path: &Path, access: Access) -> Result<Library, LibraryError> {
        let path = path.to_path_buf();
        let mut found = inspect(&path)?;
        if found == Found::Nothing {
            if access != Access::Make {
                return Err(LibraryError::Missing { path });
            }
            if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                fs::create_dir_all(parent)
                    .map_err(|e| LibraryError::io("create the folder", parent, e))?;
            }
            create(&path)?;
            found = inspect(&path)?;
        }
        // SQLite would open a write-protected file for reading only, and then leave its log
        // files beside it: a read-only file is told apart first.
        let writable = match fs::OpenOptions::new().write(true).open(&path) {
            Ok(_) => true,
            Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => false,
            Err(e) => return Err(LibraryError::io("open", &path, e)),
        };
        if !writable {
            return match access {
                Access::Read => Library::read_only(path, found),
                _ => Err(LibraryError::ReadOnly {
                    path,
                    why: "the file is read-only".to_string(),
                }),
            };
        }
        match Library::open_writable(path.clone(), found) {
            Err(LibraryError::ReadOnly { path, why }) => match access {
                Access::Read => Library::read_only(path, found),
                _ => Err(LibraryError::ReadOnly { path, why }),
            },
            other => other,
        }
    }

    /// Opens a library file that can be written, upgrading an older one.
    fn open_writable(path: PathBuf, found: Found) -> Result<Library, LibraryError> {
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let connection =
            Connection::open_with_flags(&path, flags).map_err(|e| damaged(&path, e))?;
        connection
            .busy_timeout(BUSY_TIMEOUT)
            .map_err(|e| LibraryError::sqlite(&path, e))?;
        // A library in WAL mode is read through files beside it: a folder that cannot be
        // written makes the first read fail, before anything is written.
        if let Err(e) = connection.query_row("SELECT count(*) FROM sqlite_schema", [], |row| {
            row.get::<_, i64>(0)
        }) && matches!(
            e.sqlite_error_code(),
            Some(rusqlite::ErrorCode::ReadOnly | rusqlite::ErrorCode::CannotOpen)
        ) {
            let folder = match path.parent().filter(|p| !p.as_os_str().is_empty()) {
                Some(parent) => parent.display().to_string(),
                None => ".".to_string(),
            };
            return Err(LibraryError::ReadOnly {
                path,
                why: format!(
                    "its folder {folder} cannot be written, and SQLite keeps the library's log \
                     beside it"
                ),
            });
        }
        // Closing the last connection folds the log into the file: not before the file has
        // proved to be ours.
        let log = found == Found::Existing { log: true };
        if log {
            connection
                .set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)
                .map_err(|e| LibraryError::sqlite(&path, e))?;
        }
        let mut library = Library { connection, path };
        // Reads only, until the file has proved to be ours and not newer.
        let version = library.stamped_version()?;
        if let Some(version) = version {
            library.check_version(version)?;
        }
        if log {
            library
                .connection
                .set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, false)
                .map_err(|e| LibraryError::sqlite(&library.path, e))?;
        }
        // A library up to date is only read here, so it opens while another program writes.
        if version.is_none_or(|v| v < SCHEMA_VERSION) {
            library.upgrade()?;
        }
        library.configure()?;
        Ok(library)
    }

    /// Opens a library that cannot be written, for reading only: without its log beside it,
    /// as an immutable file (SQLite then makes no file beside it); with one, through it.
    fn read_only(path: PathBuf, found: Found) -> Result<Library, LibraryError> {
        let log = found == Found::Existing { log: true };
        let uri = format!(
            "file:{}?mode=ro{}",
            uri_path(&path),
            if log { "" } else { "&immutable=1" }
        );
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_URI
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let connection = Connection::open_with_flags(&uri, flags).map_err(|e| damaged(&path, e))?;
        connection
            .busy_timeout(BUSY_TIMEOUT)
            .map_err(|e| LibraryError::sqlite(&path, e))?;
        let library = Library { connection, path };
        let version = match library.stamped_version() {
            Err(LibraryError::Damaged { path, .. }) if log => {
                return Err(LibraryError::ReadOnly {
                    path,
                    why: "it cannot be written, and another program has its log open; try \
                          again when that program ends"
                        .to_string(),
                });
            }
            other => other?,
        };
        if let Some(version) = version {
            library.check_version(version)?;
        }
        if version.is_none_or(|v| v < SCHEMA_VERSION) {
            return Err(LibraryError::ReadOnly {
                path: library.path,
                why: "it was made by an older ludoforge and must be brought up to date, \
                      which writes it, before it is read"
                    .to_string(),
            });
        }
        Ok(library)
    }

    /// The schema version of a file that has been stamped as a library, `None` for a new
    /// (empty) database; refuses a file of another application or without its `meta` table.
    fn stamped_version(&self) -> Result<Option<i64>, LibraryError> {
        let path = &self.path;
        let id: i64 = self
            .connection
            .pragma_query_value(None, "application_id", |row| row.get(0))
            .map_err(|e| damaged(path, e))?;
        let tables: i64 = self
            .connection
            .query_row("SELECT count(*) FROM sqlite_schema", [], |row| row.get(0))
            .map_err(|e| damaged(path, e))?;
        if id == 0 && tables == 0 {
            return Ok(None);
        }
        // The application id is a signed 32-bit number to SQLite.
        let id = id as u32;
        if id != APPLICATION_ID {
            return Err(LibraryError::Foreign {
                path: path.clone(),
                application_id: id,
            });
        }
        schema::version(&self.connection)
            .map_err(|e| damaged(path, e))?
            .map(Some)
            .ok_or_else(|| LibraryError::Damaged {
                path: path.clone(),
                why: "it has no schema version in its meta table".to_string(),
            })
    }

    /// Refuses a file from a newer ludoforge.
    fn check_version(&self, version: i64) -> Result<(), LibraryError> {
        if version > SCHEMA_VERSION {
            return Err(LibraryError::Newer {
                path: self.path.clone(),
                found: version,
                supported: SCHEMA_VERSION,
            });
        }
        if version < 0 {
            return Err(LibraryError::Damaged {
                path: self.path.clone(),
                why: format!("its schema version is {version}"),
            });
        }
        Ok(())
    }

    /// Write-ahead logging (readers and one writer at once), the checks the schema's
    /// references ask for, and a page cache of up to 64 MB, so that adding 100,000 results
    /// keeps the indexes it grows in memory.
    fn configure(&self) -> Result<(), LibraryError> {
        let path = &self.path;
        // Another program switching the same file at the same moment makes SQLite answer
        // "busy" at once, without waiting: wait here, as for any other writer.
        let since = std::time::Instant::now();
        let mode: String = loop {
            match self
                .connection
                .pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))
            {
                Err(e)
                    if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy)
                        && since.elapsed() < BUSY_TIMEOUT =>
                {
                    std::thread::sleep(Duration::from_millis(5));
                }
                other => break other.map_err(|e| LibraryError::sqlite(path, e))?,
            }
        };
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(LibraryError::Io {
                action: "keep a write-ahead log beside",
                path: path.clone(),
                source: std::io::Error::other(format!(
                    "SQLite chose the journal mode {mode:?}; put the library on a local disk"
                )),
            });
        }
        self.connection
            .execute_batch(
                "PRAGMA synchronous = NORMAL;
                 PRAGMA foreign_keys = ON;
                 PRAGMA cache_size = -65536;",
            )
            .map_err(|e| LibraryError::sqlite(path, e))
    }

    /// Makes an empty database a library of the current schema (the application id, `meta`,
    /// `migrations`, then every migration), or brings an older library up to date, in one
    /// transaction, holding the write lock from
    /// before it looks again at the version to the end: programs opening it at once wait
    /// for the first, which stamps it, or copies it to `<file>.v<old>.bak` and migrates it;
    /// the others then find it up to date. A copy already at that name is refused before
    /// anything is written.
    fn upgrade(&mut self) -> Result<(), LibraryError> {
        let path = self.path.clone();
        let transaction = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| LibraryError::sqlite(&path, e))?;
        let tables: i64 = transaction
            .query_row("SELECT count(*) FROM sqlite_schema", [], |row| row.get(0))
            .map_err(|e| LibraryError::sqlite(&path, e))?;
        if tables == 0 {
            // An empty database (left by an earlier ludoforge, which made a library in place).
            schema::stamp(&transaction, APPLICATION_ID)
                .and_then(|()| schema::migrate(&transaction, 0))
                .map_err(|e| LibraryError::sqlite(&path, e))?;
        } else {
            let version = schema::version(&transaction)
                .map_err(|e| damaged(&path, e))?
                .unwrap_or(0);
            if version > SCHEMA_VERSION {
                return Err(LibraryError::Newer {
                    path,
                    found: version,
                    supported: SCHEMA_VERSION,
                });
            }
            if version < SCHEMA_VERSION {
                back_up(&path, version)?;
                schema::migrate(&transaction, version)
                    .map_err(|e| LibraryError::sqlite(&path, e))?;
            }
        }
        transaction
            .commit()
            .map_err(|e| LibraryError::sqlite(&path, e))
    }
}

/// Copies the library at `path`, of schema `version`, to `<file>.v<version>.bak` before it is
/// upgraded (`VACUUM INTO` from a connection of its own, which reads the last state written
/// while the caller holds the write lock), unless a file is already there.
fn back_up(path: &Path, version: i64) -> Result<(), LibraryError> {
    let backup = backup_path(path, version);
    if fs::symlink_metadata(&backup).is_ok() {
        return Err(LibraryError::BackupExists {
            path: path.to_path_buf(),
            backup,
            to: SCHEMA_VERSION,
        });
    }
    let Some(target) = backup.to_str() else {
        return Err(LibraryError::io(
            "copy the library to",
            &backup,
            std::io::Error::other("its name is not UTF-8; give the library a plain name"),
        ));
    };
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let reader =
        Connection::open_with_flags(path, flags).map_err(|e| LibraryError::sqlite(path, e))?;
    reader
        .execute("VACUUM INTO ?1", [target])
        .map_err(|e| LibraryError::sqlite(path, e))?;
    Ok(())
}

/// How a library is opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    /// To change it, making it where there is none.
    Make,
    /// To change it, only if there is one.
    Change,
    /// To read it.
    Read,
}

/// A path as SQLite's URI file names write it: every byte but letters, digits and `/._-~`
/// percent-encoded.
fn uri_path(path: &Path) -> String {
    use std::fmt::Write as _;
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let bytes = absolute.as_os_str().as_encoded_bytes();
    let mut out = String::with_capacity(bytes.len());
    for &b in bytes {
        if b.is_ascii_alphanumeric() || b"/._-~".contains(&b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// Makes a new library at `path`: built whole under a name of its own beside it
/// (`<file>.new-<process>-<n>`), closed (its log folded into it), then linked to `path`. No
/// program opening `path` meanwhile sees a half-made library, and when several make one at
/// once, the first linked is the one they all keep. The temporary name is removed either way.
fn create(path: &Path) -> Result<(), LibraryError> {
    static MADE: AtomicU64 = AtomicU64::new(0);
    let mut name = path.as_os_str().to_os_string();
    name.push(format!(
        ".new-{}-{}",
        std::process::id(),
        MADE.fetch_add(1, Ordering::Relaxed)
    ));
    let temporary = PathBuf::from(name);
    let made = (|| {
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let connection = Connection::open_with_flags(&temporary, flags)
            .map_err(|e| LibraryError::sqlite(&temporary, e))?;
        let mut library = Library {
            connection,
            path: temporary.clone(),
        };
        library.configure()?;
        library.upgrade()?;
        library
            .connection
            .close()
            .map_err(|(_, e)| LibraryError::sqlite(&temporary, e))?;
        match fs::hard_link(&temporary, path) {
            // Made by another program first: that one is kept.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
            Err(e) => Err(LibraryError::io("create", path, e)),
            Ok(()) => Ok(()),
        }
    })();
    for suffix in ["", "-wal", "-shm"] {
        let mut side = temporary.as_os_str().to_os_string();
        side.push(suffix);
        match fs::remove_file(&side) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound && made.is_ok() => {
                return Err(LibraryError::io("remove", PathBuf::from(side), e));
            }
            _ => {}
        }
    }
    made
}

/// Where a library of schema `version` is copied before it is upgraded: `<file>.v<version>.bak`.
#[must_use]
pub fn backup_path(path: &Path, version: i64) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(format!(".v{version}.bak"));
    PathBuf::from(name)
}

/// What is at `path`, judged from its first 100 bytes (the SQLite header) and its length,
/// without SQLite: anything but nothing, an empty file or an SQLite file of ours is refused.
fn inspect(path: &Path) -> Result<Found, LibraryError> {
    let mut file = match fs::File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Found::Nothing),
        Err(e) => return Err(LibraryError::io("read", path, e)),
    };
    let meta = file
        .metadata()
        .map_err(|e| LibraryError::io("read", path, e))?;
    if meta.is_dir() {
        return Err(LibraryError::NotALibrary {
            path: path.to_path_buf(),
            why: "it is a folder".to_string(),
        });
    }
    let length = meta.len();
    if length == 0 {
        return Err(LibraryError::NotALibrary {
            path: path.to_path_buf(),
            why: "it is an empty file (a new library is made only where there is no file)"
                .to_string(),
        });
    }
    let mut header = Vec::with_capacity(100);
    file.by_ref()
        .take(100)
        .read_to_end(&mut header)
        .map_err(|e| LibraryError::io("read", path, e))?;
    if !header.starts_with(MAGIC) {
        return Err(LibraryError::NotALibrary {
            path: path.to_path_buf(),
            why: "it is not an SQLite database".to_string(),
        });
    }
    if header.len() < 100 {
        return Err(LibraryError::Damaged {
            path: path.to_path_buf(),
            why: format!("it ends after {length} bytes, inside its header"),
        });
    }
    let word = |at: usize| {
        u32::from_be_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]])
    };
    let beside = |suffix: &str| {
        let mut side = path.as_os_str().to_os_string();
        side.push(suffix);
        Path::new(&side).exists()
    };
    let log = beside("-wal");
    // A new library's first page may still be in its log, with the id SQLite will read.
    let application_id = word(68);
    if application_id != APPLICATION_ID && !(application_id == 0 && log) {
        return Err(LibraryError::Foreign {
            path: path.to_path_buf(),
            application_id,
        });
    }
    // The page size (1 stands for 65536) and the page count, which SQLite trusts when the
    // change counter matches the one it was written with. Without a log beside the file that
    // could still hold pages, a file shorter than that has lost its end.
    let page_size = match u16::from_be_bytes([header[16], header[17]]) {
        1 => 65_536,
        size => u64::from(size),
    };
    let pages = u64::from(word(28));
    let trusted = word(24) == word(92) && pages > 0;
    if trusted && !log && !beside("-journal") && page_size * pages > length {
        return Err(LibraryError::Damaged {
            path: path.to_path_buf(),
            why: format!(
                "it has {length} bytes of the {} its header counts; it may have been cut short \
                 while copied",
                page_size * pages
            ),
        });
    }
    Ok(Found::Existing { log })
}

/// An SQLite failure while reading a file that looked like a library: it is damaged (or busy).
fn damaged(path: &Path, error: rusqlite::Error) -> LibraryError {
    match LibraryError::sqlite(path, error) {
        LibraryError::Sqlite { path, source } => LibraryError::Damaged {
            path,
            why: source.to_string(),
        },
        LibraryError::NotALibrary { path, why } => LibraryError::Damaged { path, why },
        other => other,
    }
}
