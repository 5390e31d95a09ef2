//! A run's files as the studio keeps and names them.

use axum::body::Bytes;
use ludoforge_job::media;

/// One file of a finished run.
#[derive(Debug, Clone)]
pub struct StoredFile {
    /// Its name in the API: the role with the extension its media type has.
    pub name: String,
    /// Its role in the job's artifact.
    pub role: String,
    /// Its media type.
    pub media_type: &'static str,
    /// Its bytes.
    pub bytes: Bytes,
    /// The name it must be saved under, where another file names it.
    pub save_as: Option<String>,
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
/// assert_eq!(file_name("text", "text/plain; charset=utf-8"), "text.txt");
/// ```
#[must_use]
pub fn file_name(role: &str, media_type: &str) -> String {
    let ext = extension(media_type);
    let stem = role.strip_suffix(&format!("-{ext}")).unwrap_or(role);
    let stem = if stem == ext { "picture" } else { stem };
    format!("{stem}.{ext}")
}
