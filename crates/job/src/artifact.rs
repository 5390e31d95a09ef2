//! What a job hands back: a summary, named files with media types, notes and an ending.

use std::io::Write;
use std::sync::Arc;

use serde::Serialize;
use serde_json::{Value, json};

/// Media types of the files jobs make.
pub mod media {
    /// A JSON document.
    pub const JSON: &str = "application/json";
    /// JSON lines: one JSON document a line.
    pub const JSON_LINES: &str = "application/jsonl";
    /// An SVG picture.
    pub const SVG: &str = "image/svg+xml";
    /// A PNG picture.
    pub const PNG: &str = "image/png";
    /// Plain text.
    pub const TEXT: &str = "text/plain; charset=utf-8";
    /// Comma-separated values.
    pub const CSV: &str = "text/csv";
    /// Markdown.
    pub const MARKDOWN: &str = "text/markdown";
    /// Graphviz DOT.
    pub const DOT: &str = "text/vnd.graphviz";
    /// A Universal VTT map (`.dd2vtt`), a JSON document that virtual tabletops read by its
    /// extension (the format has no registered media type).
    pub const UVTT: &str = "application/x-uvtt+json";
    /// A PDF document (print-and-play pages).
    pub const PDF: &str = "application/pdf";
}

/// How a run ended when it did not fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// Everything asked for was done.
    Done,
    /// Stopped by its cancel flag: the files hold the best found so far.
    Interrupted,
    /// A target was asked for and not met: the files hold the best found.
    TargetMissed,
    /// The run finished, but its content falls short of a published figure it was checked
    /// against.
    ShortOfReference,
    /// Content was checked and breaks a rule of its generator (the files say which and
    /// where).
    Invalid,
}

/// Writes a streamed file's bytes (see [`File::streamed`]).
pub type Stream = Arc<dyn Fn(&mut dyn Write) -> std::io::Result<()> + Send + Sync>;

/// One named file of an artifact: bytes made in memory, or, for a file too large to hold
/// twice, a writer that makes them as they are written.
#[derive(Clone)]
pub struct File {
    /// What the file is for, the same for every run of the job: `result`, `svg`, `png`,
    /// `log`, `text`, `csv`, ...
    pub role: String,
    /// Its media type (see [`media`]).
    pub media_type: &'static str,
    /// Its bytes (empty for a streamed file).
    pub bytes: Vec<u8>,
    /// The name the file must have where another file names it (a Tiled map names its
    /// tileset image); `None` when any name will do.
    pub name: Option<String>,
    stream: Option<Stream>,
}

impl std::fmt::Debug for File {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("File")
            .field("role", &self.role)
            .field("media_type", &self.media_type)
            .field("bytes", &self.bytes.len())
            .field("streamed", &self.stream.is_some())
            .finish()
    }
}

impl File {
    /// A file.
    pub fn new(role: impl Into<String>, media_type: &'static str, bytes: Vec<u8>) -> Self {
        File {
            role: role.into(),
            media_type,
            bytes,
            name: None,
            stream: None,
        }
    }

    /// The same file, to be saved under `name` because another file names it.
    ///
    /// ```
    /// let image = ludoforge_job::File::new("tileset", ludoforge_job::media::PNG, vec![1])
    ///     .named("map-tiles.png");
    /// assert_eq!(image.name.as_deref(), Some("map-tiles.png"));
    /// ```
    #[must_use]
    pub fn named(mut self, name: &str) -> Self {
        self.name = Some(name.to_string());
        self
    }

    /// A file whose bytes `write` makes as they are written: it may be called more than once
    /// and must write the same bytes each time. For content larger than the caller should
    /// hold twice (a stocked map of millions of cells).
    ///
    /// ```
    /// let file = ludoforge_job::File::streamed("result", ludoforge_job::media::TEXT, |out| {
    ///     out.write_all(b"made while written")
    /// });
    /// assert!(file.is_streamed());
    /// assert_eq!(file.to_bytes().unwrap(), b"made while written");
    /// ```
    pub fn streamed(
        role: impl Into<String>,
        media_type: &'static str,
        write: impl Fn(&mut dyn Write) -> std::io::Result<()> + Send + Sync + 'static,
    ) -> Self {
        File {
            role: role.into(),
            media_type,
            bytes: Vec::new(),
            name: None,
            stream: Some(Arc::new(write)),
        }
    }

    /// Whether the file is made as it is written.
    pub fn is_streamed(&self) -> bool {
        self.stream.is_some()
    }

    /// Writes the file's bytes to `out`.
    ///
    /// # Errors
    /// What `out` or the stream's writer return.
    pub fn write_to(&self, out: &mut dyn Write) -> std::io::Result<()> {
        match &self.stream {
            Some(write) => write(out),
            None => out.write_all(&self.bytes),
        }
    }

    /// The file's bytes, made now for a streamed file.
    ///
    /// # Errors
    /// What the stream's writer returns.
    pub fn to_bytes(&self) -> std::io::Result<Vec<u8>> {
        match &self.stream {
            Some(write) => {
                let mut bytes = Vec::new();
                write(&mut bytes)?;
                Ok(bytes)
            }
            None => Ok(self.bytes.clone()),
        }
    }

    /// A JSON document, pretty-printed with a final newline.
    ///
    /// ```
    /// let file = ludoforge_job::File::json("result", &serde_json::json!({"a": 1}));
    /// assert_eq!(file.bytes, b"{\n  \"a\": 1\n}\n");
    /// ```
    pub fn json(role: impl Into<String>, value: &impl Serialize) -> Self {
        let mut bytes = serde_json::to_vec_pretty(value).expect("job content serialises");
        bytes.push(b'\n');
        File::new(role, media::JSON, bytes)
    }

    /// A JSON document on one line with a final newline: for a file of thousands of
    /// documents (an exploration's archive), which pretty-printing would make about ten
    /// times larger and slower to write.
    ///
    /// ```
    /// let file = ludoforge_job::File::json_compact("result", &serde_json::json!({"a": [1, 2]}));
    /// assert_eq!(file.bytes, b"{\"a\":[1,2]}\n");
    /// ```
    pub fn json_compact(role: impl Into<String>, value: &impl Serialize) -> Self {
        let mut bytes = serde_json::to_vec(value).expect("job content serialises");
        bytes.push(b'\n');
        File::new(role, media::JSON, bytes)
    }
}

/// What a run made.
#[derive(Debug, Clone)]
pub struct Artifact {
    /// One JSON object: `job`, `version`, `seed`, `parameters` (the whole parameter object
    /// that reproduces the run), then scores and whatever else the job reports.
    pub summary: Value,
    /// The files made, in the order made. Only the roles the caller wanted (see
    /// [`crate::Context::wants`]) are guaranteed; others may be left out.
    pub files: Vec<File>,
    /// Things the person should know (an interrupted run, a missed target and what to try).
    pub notes: Vec<String>,
    /// How the run ended.
    pub ending: Ending,
}

impl Artifact {
    /// An artifact whose summary names the job, its version, the seed and the parameters.
    ///
    /// ```
    /// let a = ludoforge_job::Artifact::new("count", "0.1.0", 5, &serde_json::json!({"n": 2}));
    /// assert_eq!(a.summary["seed"], 5);
    /// assert_eq!(a.summary["parameters"]["n"], 2);
    /// ```
    pub fn new(job: &str, version: &str, seed: u64, parameters: &impl Serialize) -> Self {
        Artifact {
            summary: json!({
                "job": job,
                "version": version,
                "seed": seed,
                "parameters": serde_json::to_value(parameters).expect("parameters serialise"),
            }),
            files: Vec::new(),
            notes: Vec::new(),
            ending: Ending::Done,
        }
    }

    /// Adds `key: value` to the summary.
    pub fn report(&mut self, key: &str, value: impl Serialize) {
        self.summary[key] = serde_json::to_value(value).expect("a summary value serialises");
    }

    /// The file with this role.
    pub fn file(&self, role: &str) -> Option<&File> {
        self.files.iter().find(|f| f.role == role)
    }

    /// Takes the file with this role out of the artifact.
    pub fn take(&mut self, role: &str) -> Option<File> {
        let at = self.files.iter().position(|f| f.role == role)?;
        Some(self.files.remove(at))
    }
}
