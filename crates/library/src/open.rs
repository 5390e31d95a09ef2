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
#[derive(Debug, PartialEq, Eq)]
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
        let path = path.as_ref().to_path_buf();
        let mut found = inspect(&path)?;
        if found == Found::Nothing {
            if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                fs::create_dir_all(parent)
                    .map_err(|e| LibraryError::io("create the folder", parent, e))?;
            }
            create(&path)?;
            found = inspect(&path)?;
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let connection =
            Connection::open_with_flags(&path, flags).map_err(|e| damaged(&path, e))?;
        connection
            .busy_timeout(BUSY_TIMEOUT)
            .map_err(|e| LibraryError::sqlite(&path, e))?;
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
            if version < SCHEMA_VERSION {
                library.check_backup_free(version)?;
            }
        }
        if log {
            library
                .connection
                .set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, false)
                .map_err(|e| LibraryError::sqlite(&library.path, e))?;
        }
        library.configure()?;
        // A library up to date is only read here, so it opens while another program writes.
        match version {
            // An empty database (left by an earlier ludoforge, which made a library in place).
            None => library.stamp()?,
            Some(version) if version < SCHEMA_VERSION => {
                library.back_up(version)?;
                library.migrate()?;
            }
            Some(_) => {}
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
        let mode: String = self
            .connection
            .pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))
            .map_err(|e| LibraryError::sqlite(path, e))?;
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

    /// Makes an empty database a library of the current schema in one transaction (the
    /// application id, `meta`, `migrations`, then every migration), unless another program
    /// has just done so: no other program sees it half made.
    fn stamp(&mut self) -> Result<(), LibraryError> {
        let path = self.path.clone();
        let transaction = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| LibraryError::sqlite(&path, e))?;
        let tables: i64 = transaction
            .query_row("SELECT count(*) FROM sqlite_schema", [], |row| row.get(0))
            .map_err(|e| LibraryError::sqlite(&path, e))?;
        if tables == 0 {
            schema::stamp(&transaction, APPLICATION_ID)
                .and_then(|()| schema::migrate(&transaction, 0))
                .map_err(|e| LibraryError::sqlite(&path, e))?;
        }
        transaction
            .commit()
            .map_err(|e| LibraryError::sqlite(&path, e))
    }

    /// Refuses to upgrade a library whose copy would overwrite a file.
    fn check_backup_free(&self, version: i64) -> Result<(), LibraryError> {
        let backup = backup_path(&self.path, version);
        if fs::symlink_metadata(&backup).is_ok() {
            return Err(LibraryError::BackupExists {
                path: self.path.clone(),
                backup,
                to: SCHEMA_VERSION,
            });
        }
        Ok(())
    }

    /// Copies a library of an older schema to `<file>.v<version>.bak` before it is upgraded.
    fn back_up(&self, version: i64) -> Result<(), LibraryError> {
        self.check_backup_free(version)?;
        let backup = backup_path(&self.path, version);
        let Some(target) = backup.to_str() else {
            return Err(LibraryError::io(
                "copy the library to",
                &backup,
                std::io::Error::other("its name is not UTF-8; give the library a plain name"),
            ));
        };
        self.connection
            .execute("VACUUM INTO ?1", [target])
            .map_err(|e| LibraryError::sqlite(&self.path, e))?;
        Ok(())
    }

    /// Applies every migration the file lacks, in order, in one transaction.
    fn migrate(&mut self) -> Result<(), LibraryError> {
        let path = self.path.clone();
        let transaction = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| LibraryError::sqlite(&path, e))?;
        let version = schema::version(&transaction)
            .map_err(|e| LibraryError::sqlite(&path, e))?
            .unwrap_or(0);
        if version > SCHEMA_VERSION {
            return Err(LibraryError::Newer {
                path,
                found: version,
                supported: SCHEMA_VERSION,
            });
        }
        schema::migrate(&transaction, version).map_err(|e| LibraryError::sqlite(&path, e))?;
        transaction
            .commit()
            .map_err(|e| LibraryError::sqlite(&path, e))
    }
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
        library.stamp()?;
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
