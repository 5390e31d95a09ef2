//! The `check` job: content read back from a file (a result, an elite, a hand-made piece) and
//! judged by its own generator's rules, with every measure the generator takes of it.
//!
//! Each generator offers a [`Checker`]: a function that recognises its documents and checks
//! them. The job knows no generator; a build hands it the checkers it has
//! ([`CheckJob::new`]). A checked content is *valid* when it passes every rule its generator
//! holds generated content to; otherwise the result names the first rule it breaks and where
//! (squares, hexes, territories, as the generator names them), and still measures what can be
//! measured.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::{Artifact, Context, Ending, File, JobError, Spec, media};

/// What a checked document is said to have been checked by, in its `generator` field.
pub const GENERATOR: &str = "ludoforge check";

/// A rule the content breaks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Problem {
    /// The rule broken, in a sentence that names what to change.
    pub reason: String,
    /// Where, in the generator's own names for places (squares `c4`, hexes, territories):
    /// what a picture or an editor marks. Empty when the problem has no one place.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub at: Vec<String>,
}

/// One measure of the content.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Measure {
    /// Its name, as the generator's jobs and explorations call it (`min_moves`).
    pub name: &'static str,
    /// Its value (a whole number stays one).
    pub value: Value,
    /// Whether an exploration of the generator can take it as a descriptor.
    pub descriptor: bool,
}

impl Measure {
    /// A measure an exploration can take as a descriptor.
    pub fn descriptor(name: &'static str, value: impl Into<Value>) -> Measure {
        Measure {
            name,
            value: value.into(),
            descriptor: true,
        }
    }

    /// A measure that is not a descriptor.
    pub fn plain(name: &'static str, value: impl Into<Value>) -> Measure {
        Measure {
            name,
            value: value.into(),
            descriptor: false,
        }
    }
}

/// A document checked by its generator.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The job whose content it is (`puzzle-chromatic`).
    pub of: &'static str,
    /// The exploration that makes suggestions around it (taking it as `start`, with `lock`),
    /// where its generator has one that does.
    pub suggest: Option<&'static str>,
    /// What it is, in a few words with its size ("chromatic maze 11×11").
    pub kind: String,
    /// The first rule it breaks; `None` for valid content.
    pub problem: Option<Problem>,
    /// Every measure the generator takes of it (for invalid content, those it still can).
    pub measures: Vec<Measure>,
    /// The content as its generator writes it, complete: what that generator's own commands
    /// read back (`puzzle solve` for a maze).
    pub content: Value,
    /// Pictures of the content (those the context wants), with the problem marked where it is.
    pub files: Vec<File>,
}

/// Checks a document when it is one of its generator's: `None` for a document of another
/// generator, an error for one of its own it cannot read.
pub type Checker = fn(&Value, &Context) -> Option<Result<Checked, JobError>>;

/// The parameters of `check`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct CheckParams {
    /// The content to check: a result file of any generator's job, an elite taken out of an
    /// exploration, a checked file, or content made by hand (a maze, a dungeon map). A check
    /// is deterministic: what it plays or stocks is seeded by the content's own seed.
    pub content: Value,
}

/// `check`: content read back and judged by its generator's own rules and measures.
pub struct CheckJob {
    checkers: Vec<Checker>,
    kinds: &'static str,
    sample: Value,
}

impl CheckJob {
    /// The job over these generators' checkers, which check the `kinds` of content named (for
    /// messages: "chess and chromatic mazes"), with `sample` as the content a page tries it
    /// on.
    #[must_use]
    pub fn new(checkers: Vec<Checker>, kinds: &'static str, sample: Value) -> CheckJob {
        CheckJob {
            checkers,
            kinds,
            sample,
        }
    }

    /// The checked content of `document`, by the first checker that knows it.
    ///
    /// # Errors
    /// [`JobError::Input`] when no generator of this build wrote the document, or when the
    /// one that did cannot read it.
    pub fn checked(&self, document: &Value, context: &Context) -> Result<Checked, JobError> {
        let inner = unwrapped(document);
        self.checkers
            .iter()
            .find_map(|check| check(inner, context))
            .unwrap_or_else(|| {
                Err(JobError::input(format!(
                    "this is not content ludoforge can check: it checks {} (a job's result \
                     file, an elite taken out of an exploration, or the content itself)",
                    self.kinds
                )))
            })
    }
}

/// The content inside a checked file; any other document as it is.
#[must_use]
pub fn unwrapped(document: &Value) -> &Value {
    if document.get("generator").and_then(Value::as_str) == Some(GENERATOR)
        && let Some(content) = document.get("content")
    {
        return content;
    }
    document
}

/// A start as parameters give one: a document itself, or a file given by content
/// (`{"content": text or document, "name": ...}`, as the studio's forms and `ludoforge
/// suggest` send one), text read as JSON, and a checked file's content taken out
/// ([`unwrapped`]).
///
/// ```
/// use serde_json::json;
/// let maze = json!({"kind": "chromatic", "rows": ["RR"]});
/// let file = json!({"content": maze.to_string(), "name": "m.json"});
/// assert_eq!(ludoforge_job::check::given(&file).unwrap(), maze);
/// let checked = json!({"generator": "ludoforge check", "content": maze.clone()});
/// assert_eq!(ludoforge_job::check::given(&checked).unwrap(), maze);
/// assert!(ludoforge_job::check::given(&json!({"content": "{"})).is_err());
/// ```
///
/// # Errors
/// Why the text is not JSON.
pub fn given(start: &Value) -> Result<Value, serde_json::Error> {
    let wrapper = start.as_object().is_some_and(|o| {
        o.contains_key("content") && o.keys().all(|k| k == "content" || k == "name")
    });
    let inner = if wrapper { &start["content"] } else { start };
    let parsed;
    let document = match inner {
        Value::String(text) => {
            parsed = serde_json::from_str::<Value>(text)?;
            &parsed
        }
        other => other,
    };
    Ok(unwrapped(document).clone())
}

/// The result file of a check.
#[must_use]
pub fn document(checked: &Checked, version: &str) -> Value {
    let measures: serde_json::Map<String, Value> = checked
        .measures
        .iter()
        .map(|m| (m.name.to_string(), m.value.clone()))
        .collect();
    let descriptors: Vec<&str> = checked
        .measures
        .iter()
        .filter(|m| m.descriptor)
        .map(|m| m.name)
        .collect();
    let mut out = json!({
        "generator": GENERATOR,
        "version": version,
        "of": checked.of,
        "suggest": checked.suggest,
        "kind": checked.kind,
        "valid": checked.problem.is_none(),
    });
    if let Some(problem) = &checked.problem {
        out["problem"] = serde_json::to_value(problem).expect("a problem serialises");
    }
    out["measures"] = Value::Object(measures);
    out["descriptors"] = json!(descriptors);
    out["content"] = checked.content.clone();
    out
}

/// The checked content in a few lines, for a terminal.
#[must_use]
pub fn text(checked: &Checked) -> String {
    let mut out = match &checked.problem {
        None => format!("valid: {}\n", checked.kind),
        Some(p) if p.at.is_empty() => format!("invalid: {}: {}\n", checked.kind, p.reason),
        Some(p) => format!(
            "invalid: {}: {} (at {})\n",
            checked.kind,
            p.reason,
            p.at.join(" ")
        ),
    };
    let width = checked
        .measures
        .iter()
        .map(|m| m.name.len())
        .max()
        .unwrap_or(0);
    for m in &checked.measures {
        let mark = if m.descriptor { "  (descriptor)" } else { "" };
        let value = match &m.value {
            Value::String(s) => s.clone(),
            Value::Array(items) => items
                .iter()
                .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
                .collect::<Vec<_>>()
                .join(" "),
            other => other.to_string(),
        };
        out.push_str(&format!("  {:width$}  {value}{mark}\n", m.name));
    }
    out
}

impl Spec for CheckJob {
    type Params = CheckParams;
    type Checked = Value;

    fn id(&self) -> &'static str {
        "check"
    }

    fn title(&self) -> &'static str {
        "Check content"
    }

    fn help(&self) -> &'static str {
        "Check content by its own generator's rules, whether it was generated or edited by \
         hand: whether it is valid (and if not, which rule it breaks and where), and every \
         measure and descriptor the generator takes of it, with its picture."
    }

    fn input(&self) -> Option<&'static str> {
        Some(
            "content ludoforge wrote: a result file of a job, an elite of an exploration, or a \
             maze or dungeon map made by hand",
        )
    }

    fn sample(&self) -> Option<CheckParams> {
        Some(CheckParams {
            content: self.sample.clone(),
        })
    }

    fn draw(&self, result: &Value, context: &Context) -> Option<Result<Vec<File>, JobError>> {
        if result.get("generator").and_then(Value::as_str) != Some(GENERATOR) {
            return None;
        }
        Some(self.checked(result, context).map(|c| c.files))
    }

    fn validate(&self, p: &CheckParams) -> Result<Value, JobError> {
        let content = match &p.content {
            Value::Null => {
                return Err(JobError::parameters(
                    "no content given: give a result file, an elite of an exploration, or a \
                     maze or dungeon map, as `content`",
                ));
            }
            Value::String(text) => serde_json::from_str::<Value>(text)
                .map_err(|e| JobError::input(format!("the content is not JSON: {e}")))?,
            other => other.clone(),
        };
        if !content.is_object() {
            return Err(JobError::input(
                "the content is not a JSON object: give a result file, an elite of an \
                 exploration, or a maze or dungeon map",
            ));
        }
        Ok(content)
    }

    fn execute(
        &self,
        content: Value,
        p: &CheckParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        let content = &content;
        let checked = self.checked(content, context)?;
        let version = env!("CARGO_PKG_VERSION");
        let mut artifact = Artifact::new(self.id(), version, seed, p);
        artifact.report("of", checked.of);
        artifact.report("kind", &checked.kind);
        artifact.report("valid", checked.problem.is_none());
        if let Some(problem) = &checked.problem {
            artifact.report("problem", problem);
            artifact.ending = Ending::Invalid;
        }
        for m in &checked.measures {
            artifact.report(m.name, &m.value);
        }
        artifact
            .files
            .push(File::json("result", &document(&checked, version)));
        artifact
            .files
            .push(File::new("text", media::TEXT, text(&checked).into_bytes()));
        artifact.files.extend(checked.files);
        Ok(artifact)
    }
}
