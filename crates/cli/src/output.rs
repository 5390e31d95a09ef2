//! Writing result files: all or nothing, never a partial file.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

/// Files to write once every one of them has been produced (in memory, or as a writer that
/// streams a large file while it is written).
#[derive(Default)]
pub struct Outputs<'a> {
    files: Vec<(PathBuf, Content<'a>)>,
}

/// Writes a streamed file's bytes.
type Writer<'a> = Box<dyn Fn(&mut dyn Write) -> std::io::Result<()> + 'a>;

/// What goes into one file.
enum Content<'a> {
    /// Bytes made in advance.
    Bytes(Vec<u8>),
    /// Bytes made while they are written, for files too large to hold twice.
    Streamed(Writer<'a>),
}

impl Content<'_> {
    fn write_to(&self, out: &mut dyn Write) -> std::io::Result<()> {
        match self {
            Content::Bytes(bytes) => out.write_all(bytes),
            Content::Streamed(write) => {
                let mut buffered = std::io::BufWriter::with_capacity(1 << 16, out);
                write(&mut buffered)?;
                buffered.flush()
            }
        }
    }
}

impl<'a> Outputs<'a> {
    /// Queues a file.
    pub fn add(&mut self, path: &Path, bytes: Vec<u8>) {
        self.files.push((path.to_path_buf(), Content::Bytes(bytes)));
    }

    /// Queues a file whose bytes `write` makes as they are written (it may be called more
    /// than once, and must write the same bytes each time).
    pub fn add_streamed(
        &mut self,
        path: &Path,
        write: impl Fn(&mut dyn Write) -> std::io::Result<()> + 'a,
    ) {
        self.files
            .push((path.to_path_buf(), Content::Streamed(Box::new(write))));
    }

    /// Writes every queued file, all or none.
    ///
    /// Where each file goes is decided first ([`Target::of`]): a regular file (or a new one) is
    /// replaced atomically, a symbolic link's target is written instead of the link, a device
    /// or FIFO is written through, and a folder is refused. Two outputs that land on the same
    /// file are refused before anything is written. Then every new regular file is written to a
    /// temporary file beside its target, devices and FIFOs are written, and only then are the
    /// temporary files renamed into place. If anything fails, the temporary files are removed
    /// and every file already replaced is put back, so the folder is left as it was.
    pub fn write_all(self) -> Result<()> {
        let mut targets = Vec::with_capacity(self.files.len());
        for (path, bytes) in self.files {
            let target = Target::of(&path)?;
            if let Target::Replace { place, .. } = &target {
                refuse_input("the output", &path, place)?;
            }
            // Writing a device twice is harmless (`--out /dev/null --png /dev/null`).
            let clash = |(t, _): &&(Target, Content)| {
                matches!(t, Target::Replace { .. }) && t.place() == target.place()
            };
            if let Some((earlier, _)) = targets.iter().find(clash) {
                bail!(
                    "{} and {} are the same file; give each output its own name",
                    earlier.asked().display(),
                    path.display()
                );
            }
            targets.push((target, bytes));
        }
        let mut staged: Vec<Staged> = Vec::new();
        let outcome = (|| -> Result<()> {
            for (target, bytes) in &targets {
                if let Target::Replace { asked, place } = target {
                    staged.push(Staged::write(asked, place, bytes)?);
                }
            }
            for (target, bytes) in &targets {
                if let Target::Through { asked, place } = target {
                    write_through(asked, place, bytes)?;
                }
            }
            Ok(())
        })();
        if let Err(error) = outcome {
            for file in &staged {
                file.discard();
            }
            return Err(error);
        }
        commit(staged)
    }
}

/// Where one output goes.
#[derive(Debug)]
enum Target {
    /// A regular file, or one that does not exist yet: replaced atomically through a temporary
    /// file beside it. `place` is where the bytes land (a symbolic link's target).
    Replace { asked: PathBuf, place: PathBuf },
    /// A device, FIFO or socket (`/dev/null`, `/dev/stdout`, a named pipe): written in place.
    Through { asked: PathBuf, place: PathBuf },
}

impl Target {
    /// Decides where `path` is written, following symbolic links; refuses a folder.
    fn of(path: &Path) -> Result<Target> {
        let asked = path.to_path_buf();
        match fs::metadata(path) {
            Ok(meta) if meta.is_dir() => {
                bail!("{}: that is a folder; give a file name", path.display())
            }
            // Opened as asked: a link such as /dev/stdout leads through /proc to a pipe
            // that has no name of its own.
            Ok(meta) if !meta.is_file() => Ok(Target::Through {
                place: asked.clone(),
                asked,
            }),
            _ => Ok(Target::Replace {
                place: resolve(path)?,
                asked,
            }),
        }
    }

    fn place(&self) -> &Path {
        match self {
            Target::Replace { place, .. } | Target::Through { place, .. } => place,
        }
    }

    fn asked(&self) -> &Path {
        match self {
            Target::Replace { asked, .. } | Target::Through { asked, .. } => asked,
        }
    }
}

/// The file a path stands for: a symbolic link's final target (which may not exist yet, for a
/// dangling link), made absolute so that two spellings of one file compare equal.
fn resolve(path: &Path) -> Result<PathBuf> {
    let mut current = absolute(path)?;
    for _ in 0..40 {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = fs::read_link(&current)
                    .with_context(|| format!("cannot read the link {}", path.display()))?;
                let base = current.parent().map(Path::to_path_buf).unwrap_or_default();
                current = absolute(&base.join(link))?;
            }
            _ => return Ok(current),
        }
    }
    bail!(
        "{}: too many symbolic links in a row (a loop?)",
        path.display()
    )
}

/// `path` made absolute with its folder's links resolved, without needing the file to exist.
fn absolute(path: &Path) -> Result<PathBuf> {
    let path = std::path::absolute(path)
        .with_context(|| format!("cannot tell where {} is", path.display()))?;
    let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
        return Ok(path);
    };
    Ok(fs::canonicalize(parent)
        .unwrap_or_else(|_| parent.to_path_buf())
        .join(name))
}

/// Writes to a device or FIFO as it is: it cannot be replaced, only written.
fn write_through(asked: &Path, place: &Path, bytes: &Content) -> Result<()> {
    let written = fs::OpenOptions::new()
        .write(true)
        .open(place)
        .and_then(|mut file| bytes.write_to(&mut file));
    written.with_context(|| format!("cannot write {}", asked.display()))
}

/// A new file written beside its target, waiting to be renamed into place.
struct Staged {
    asked: PathBuf,
    place: PathBuf,
    temporary: PathBuf,
}

impl Staged {
    fn write(asked: &Path, place: &Path, bytes: &Content) -> Result<Staged> {
        let temporary = beside(place, "new")?;
        let written = (|| -> std::io::Result<()> {
            let mut file = fs::File::create(&temporary)?;
            bytes.write_to(&mut file)?;
            file.sync_all()
        })();
        if let Err(error) = written {
            let _ = fs::remove_file(&temporary);
            return Err(error).with_context(|| format!("cannot write {}", asked.display()));
        }
        Ok(Staged {
            asked: asked.to_path_buf(),
            place: place.to_path_buf(),
            temporary,
        })
    }

    fn discard(&self) {
        let _ = fs::remove_file(&self.temporary);
    }
}

/// A name for a hidden temporary file beside `place`.
fn beside(place: &Path, what: &str) -> Result<PathBuf> {
    let name = place
        .file_name()
        .with_context(|| format!("{} is not a file name", place.display()))?;
    Ok(place.with_file_name(format!(
        ".{}.{}.{what}",
        name.to_string_lossy(),
        std::process::id()
    )))
}

/// Renames every staged file into place. An existing file is first moved aside, so that if a
/// later rename fails, the files already replaced can be put back.
fn commit(staged: Vec<Staged>) -> Result<()> {
    // (the staged file, the original moved aside if there was one)
    let mut done: Vec<(&Staged, Option<PathBuf>)> = Vec::new();
    let mut failure = None;
    for file in &staged {
        let kept = if file.place.exists() {
            let aside = match beside(&file.place, "old") {
                Ok(aside) => aside,
                Err(error) => {
                    failure = Some(error);
                    break;
                }
            };
            if let Err(error) = fs::rename(&file.place, &aside) {
                failure = Some(
                    anyhow::Error::new(error)
                        .context(format!("cannot replace {}", file.asked.display())),
                );
                break;
            }
            Some(aside)
        } else {
            None
        };
        if let Err(error) = fs::rename(&file.temporary, &file.place) {
            if let Some(aside) = &kept {
                let _ = fs::rename(aside, &file.place);
            }
            failure = Some(
                anyhow::Error::new(error).context(format!("cannot write {}", file.asked.display())),
            );
            break;
        }
        done.push((file, kept));
    }
    match failure {
        None => {
            for (_, kept) in done {
                if let Some(aside) = kept {
                    let _ = fs::remove_file(aside);
                }
            }
            Ok(())
        }
        Some(error) => {
            for (file, kept) in done.into_iter().rev() {
                match kept {
                    Some(aside) => {
                        let _ = fs::rename(aside, &file.place);
                    }
                    None => {
                        let _ = fs::remove_file(&file.place);
                    }
                }
            }
            for file in &staged {
                file.discard();
            }
            Err(error)
        }
    }
}

/// Checks before any work that every output named by a flag can be written
/// ([`check_writable`]) and that no two of them are the same file (following symbolic links;
/// devices such as `/dev/null` may be named more than once).
pub fn check_outputs(outputs: &[(&str, Option<&Path>)]) -> Result<()> {
    let mut seen: Vec<(&str, PathBuf)> = Vec::new();
    for &(flag, path) in outputs {
        let Some(path) = path else { continue };
        check_writable(path, flag)?;
        check_extension(path, flag)?;
        match Target::of(path)? {
            Target::Replace { place, .. } => {
                refuse_input(flag, path, &place)?;
                if let Some((other, _)) = seen.iter().find(|(_, p)| *p == place) {
                    bail!(
                        "{other} and {flag} both name {}: give each output its own file",
                        path.display()
                    );
                }
                probe(path, &place, flag)?;
                seen.push((flag, place));
            }
            // A device opens for writing at once; a FIFO would wait here for its reader.
            Target::Through { place, .. } if !is_fifo(&place) => {
                fs::OpenOptions::new()
                    .write(true)
                    .open(&place)
                    .map_err(|e| {
                        anyhow::anyhow!("{flag} {}: cannot write it: {e}", path.display())
                    })?;
            }
            Target::Through { .. } => {}
        }
    }
    Ok(())
}

/// Whether `path` is a FIFO (named pipe).
fn is_fifo(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo())
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

/// The picture and document formats a flag writes, and the extensions that name another
/// format: `--svg pic.png` would put an SVG picture in a file every viewer opens as PNG.
const FORMATS: &[(&str, &str, &[&str])] = &[
    ("--svg", "an SVG picture", &["svg", "svgz"]),
    ("--png", "a PNG picture", &["png"]),
    ("--pdf", "a PDF document", &["pdf"]),
    (
        "--uvtt",
        "a Universal VTT map",
        &["dd2vtt", "uvtt", "df2vtt"],
    ),
];

/// Extensions that name one of [`FORMATS`] (or a common picture format).
const PICTURE_EXTENSIONS: &[&str] = &[
    "svg", "svgz", "png", "pdf", "jpg", "jpeg", "gif", "webp", "dd2vtt", "uvtt", "df2vtt",
];

/// Refuses a picture flag whose file name ends in another picture format's extension.
fn check_extension(path: &Path, flag: &str) -> Result<()> {
    let Some((_, what, own)) = FORMATS.iter().find(|(f, _, _)| *f == flag) else {
        return Ok(());
    };
    let Some(extension) = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
    else {
        return Ok(());
    };
    if own.contains(&extension.as_str()) || !PICTURE_EXTENSIONS.contains(&extension.as_str()) {
        return Ok(());
    }
    let other = FORMATS
        .iter()
        .find(|(_, _, e)| e.contains(&extension.as_str()))
        .map(|(f, _, _)| format!(", or use {f} for a .{extension} file"))
        .unwrap_or_default();
    bail!(
        "{flag} {}: {flag} writes {what}, and the name ends in .{extension}; name it .{}{other}",
        path.display(),
        own[0]
    )
}

/// Checks that the folder of a file to be replaced takes new files (where the file is first
/// written under a temporary name), by making and removing an empty one there.
fn probe(path: &Path, place: &Path, flag: &str) -> Result<()> {
    let trial = beside(place, "probe")?;
    match fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&trial)
    {
        Ok(_) => {
            let _ = fs::remove_file(&trial);
            Ok(())
        }
        // A file of that name left by this very process cannot be; another's is its own.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => {
            let folder = place.parent().unwrap_or(Path::new("."));
            let why = match e.kind() {
                std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
                std::io::ErrorKind::ReadOnlyFilesystem => "a read-only file system".to_string(),
                _ => e.to_string(),
            };
            bail!(
                "{flag} {}: cannot write in the folder {} ({why}); choose a folder you can write, \
                 nothing was run",
                path.display(),
                folder.display()
            )
        }
    }
}

/// Checks before any work that a file can be written at `path`: its folder exists and it is
/// not a folder itself.
pub fn check_writable(path: &Path, flag: &str) -> Result<()> {
    if path.is_dir() {
        bail!(
            "{flag} {}: that is a folder; give a file name",
            path.display()
        );
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !parent.is_dir() {
        bail!(
            "{flag} {}: the folder {} does not exist; create it first",
            path.display(),
            parent.display()
        );
    }
    Ok(())
}

/// The texts read from files given on the command line: each file's name, and the hash and
/// length of its text, so that the summary line names the file instead of repeating it.
static GIVEN: std::sync::Mutex<Vec<(String, u64, usize)>> = std::sync::Mutex::new(Vec::new());

/// A hash of a text, the same within one run of the program.
fn text_hash(text: &str) -> u64 {
    use std::hash::{Hash as _, Hasher as _};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

/// The name of the file `text` was read from by [`read_text`], if it was.
pub fn given_file(text: &str) -> Option<String> {
    let hash = text_hash(text);
    GIVEN
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(|(_, h, n)| *h == hash && *n == text.len())
        .map(|(name, _, _)| name.clone())
}

/// The files [`read_text`] read, as the files they stand for (see `resolve`): an output
/// may not replace one of them.
static READ: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

/// Refuses to write `path` (landing at `place`) over a file this command read: the user's
/// input would be lost for its own result.
fn refuse_input(flag: &str, path: &Path, place: &Path) -> Result<()> {
    if READ
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .any(|read| read == place)
    {
        bail!(
            "{flag} {}: that is the file this command reads; writing there would replace it, \
             so give the output another name (nothing was written)",
            path.display()
        );
    }
    Ok(())
}

/// Reads a text file with a message naming it (and remembers it: see [`given_file`]); an
/// output is then refused that would replace it.
pub fn read_text(path: &Path) -> Result<String> {
    let text = read_text_only(path)?;
    if let Ok(place) = resolve(path) {
        READ.lock().unwrap_or_else(|e| e.into_inner()).push(place);
    }
    GIVEN.lock().unwrap_or_else(|e| e.into_inner()).push((
        path.display().to_string(),
        text_hash(&text),
        text.len(),
    ));
    Ok(text)
}

/// Reads a text file with a message naming it.
fn read_text_only(path: &Path) -> Result<String> {
    use std::io::ErrorKind;
    fs::read_to_string(path).map_err(|e| {
        let why = match e.kind() {
            ErrorKind::NotFound => "there is no such file; check its name and folder".to_string(),
            ErrorKind::PermissionDenied => "permission denied; check who may read it".to_string(),
            ErrorKind::IsADirectory => "that is a folder; give a file".to_string(),
            ErrorKind::InvalidData => "it is not text (UTF-8)".to_string(),
            _ => e.to_string(),
        };
        anyhow::anyhow!("cannot read {}: {why}", path.display())
    })
}
