//! Writing result files: all or nothing, never a partial file.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

/// Files to write once every one of them has been produced in memory.
#[derive(Default)]
pub struct Outputs {
    files: Vec<(PathBuf, Vec<u8>)>,
}

impl Outputs {
    /// Queues a file.
    pub fn add(&mut self, path: &Path, bytes: Vec<u8>) {
        self.files.push((path.to_path_buf(), bytes));
    }

    /// Queues a picture: the SVG as it is, the PNG drawn at `scale` pixels per SVG unit.
    pub fn picture(
        &mut self,
        picture: String,
        svg: Option<&Path>,
        png: Option<&Path>,
        scale: f32,
    ) -> Result<()> {
        if let Some(path) = png {
            let bytes =
                ludoforge_draw::svg_to_png(&picture, scale).context("cannot draw the PNG")?;
            self.add(path, bytes);
        }
        if let Some(path) = svg {
            self.add(path, picture.into_bytes());
        }
        Ok(())
    }

    /// Writes every queued file through a temporary file in the same folder and a rename.
    pub fn write_all(self) -> Result<()> {
        for (path, bytes) in self.files {
            write_atomic(&path, &bytes)?;
        }
        Ok(())
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

/// Writes `bytes` to a temporary file beside `path`, then renames it into place.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let name = path
        .file_name()
        .with_context(|| format!("{} is not a file name", path.display()))?;
    let temporary = path.with_file_name(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let written = (|| -> std::io::Result<()> {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temporary, path)
    })();
    if let Err(error) = written {
        let _ = fs::remove_file(&temporary);
        return Err(error).with_context(|| format!("cannot write {}", path.display()));
    }
    Ok(())
}

/// Reads a text file with a message naming it.
pub fn read_text(path: &Path) -> Result<String> {
    fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
}
