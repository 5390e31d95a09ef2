//! A run's files as the studio keeps and names them.

use std::sync::{Arc, OnceLock};

use axum::body::Bytes;
use ludoforge_job::{File, media};

/// One file of a finished run. A file the job streams (a PNG the studio asked to be drawn
/// later, a large map) is made on its first download and kept from then on.
#[derive(Debug, Clone)]
pub struct StoredFile {
    /// Its name in the API: the role with the extension its media type has.
    pub name: String,
    /// Its role in the job's artifact.
    pub role: String,
    /// Its media type.
    pub media_type: &'static str,
    /// The name it must be saved under, where another file names it.
    pub save_as: Option<String>,
    made: Arc<OnceLock<Bytes>>,
    /// The job's file, while its bytes are still to be made.
    make: Option<File>,
}

impl StoredFile {
    /// The studio's copy of a job's file: its bytes now, or, for a streamed file, when first
    /// asked for.
    ///
    /// ```
    /// use ludoforge_job::{File, media};
    /// use ludoforge_web::files::StoredFile;
    /// let now = StoredFile::new(&File::new("svg", media::SVG, b"<svg/>".to_vec()));
    /// assert_eq!((now.name.as_str(), now.size()), ("picture.svg", Some(6)));
    /// let later = StoredFile::new(&File::streamed("png", media::PNG, |out| out.write_all(b"x")));
    /// assert_eq!(later.size(), None);
    /// assert_eq!(later.bytes().unwrap().as_ref(), b"x");
    /// assert_eq!(later.size(), Some(1));
    /// ```
    #[must_use]
    pub fn new(file: &File) -> StoredFile {
        let made = Arc::new(OnceLock::new());
        let make = if file.is_streamed() {
            Some(file.clone())
        } else {
            let _ = made.set(Bytes::from(file.bytes.clone()));
            None
        };
        StoredFile {
            name: file_name(&file.role, file.media_type),
            role: file.role.clone(),
            media_type: file.media_type,
            save_as: file.name.clone(),
            made,
            make,
        }
    }

    /// Its size in bytes, once made.
    #[must_use]
    pub fn size(&self) -> Option<usize> {
        self.made.get().map(Bytes::len)
    }

    /// Its bytes, made now if they were not yet (which may take a while: call it off the
    /// async threads when [`StoredFile::size`] is `None`).
    ///
    /// # Errors
    /// The job's message when the bytes cannot be made (a picture too large to draw).
    pub fn bytes(&self) -> Result<Bytes, String> {
        if let Some(bytes) = self.made.get() {
            return Ok(bytes.clone());
        }
        let file = self.make.as_ref().expect("a file not made keeps its maker");
        let bytes = Bytes::from(file.to_bytes().map_err(|e| e.to_string())?);
        Ok(self.made.get_or_init(|| bytes).clone())
    }
}

/// The extension files of a media type have.
#[must_use]
pub fn extension(media_type: &str) -> &'static str {
    match media_type {
        media::JSON => "json",
        media::JSON_LINES => "jsonl",
        media::SVG => "svg",
        media::PNG => "png",
        media::CSV => "csv",
        media::MARKDOWN => "md",
        media::DOT => "dot",
        media::UVTT => "dd2vtt",
        media::PDF => "pdf",
        t if t.starts_with("text/html") => "html",
        _ => "txt",
    }
}

/// A file's name from its role and media type: `result.json`, `picture.svg` for the role
/// `svg`, `plot.png` for `plot-png`.
///
/// ```
/// use ludoforge_web::files::file_name;
/// assert_eq!(file_name("result", "application/json"), "result.json");
/// assert_eq!(file_name("svg", "image/svg+xml"), "picture.svg");
/// assert_eq!(file_name("plot-png", "image/png"), "plot.png");
/// assert_eq!(file_name("pdf", "application/pdf"), "print.pdf");
/// assert_eq!(file_name("text", "text/plain; charset=utf-8"), "text.txt");
/// ```
#[must_use]
pub fn file_name(role: &str, media_type: &str) -> String {
    let ext = extension(media_type);
    let stem = role.strip_suffix(&format!("-{ext}")).unwrap_or(role);
    let stem = match stem {
        "pdf" if ext == "pdf" => "print",
        s if s == ext => "picture",
        s => s,
    };
    format!("{stem}.{ext}")
}
