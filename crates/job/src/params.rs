//! Reading parameters: from JSON into a job's type, and `key=value` changes on top.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::JobError;

/// Reads parameters into a job's type. A message names the parameter at fault by its path
/// (`search.population`) and what it should be.
///
/// ```
/// #[derive(serde::Deserialize, Debug)]
/// #[serde(deny_unknown_fields)]
/// struct P { size: u32 }
/// let bad = ludoforge_job::params::typed::<P>(&serde_json::json!({"size": "big"})).unwrap_err();
/// assert!(bad.to_string().starts_with("parameter `size`: "), "{bad}");
/// let unknown = ludoforge_job::params::typed::<P>(&serde_json::json!({"sise": 3})).unwrap_err();
/// assert!(unknown.to_string().contains("unknown parameter `sise`"), "{unknown}");
/// let negative = ludoforge_job::params::typed::<P>(&serde_json::json!({"size": -3})).unwrap_err();
/// assert_eq!(negative.to_string(), "parameter `size`: integer `-3`, expected a whole number");
/// ```
///
/// # Errors
/// [`JobError::Parameters`].
pub fn typed<T: DeserializeOwned>(value: &Value) -> Result<T, JobError> {
    if !value.is_object() {
        return Err(JobError::parameters(format!(
            "the parameters must be a JSON object ({{\"name\": value, ...}}), not {}",
            kind(value)
        )));
    }
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let inner = words(&e.into_inner().to_string(), "parameter");
        if path == "." || inner.starts_with("unknown parameter") {
            JobError::parameters(inner)
        } else {
            JobError::parameters(format!("parameter `{path}`: {inner}"))
        }
    })
}

/// Reads a JSON file's text into `T`, with a message naming the entry at fault by its path
/// (`rules.compat`), what it should be, and where in the file it is.
///
/// ```
/// #[derive(serde::Deserialize, Debug)]
/// #[serde(rename_all = "snake_case")]
/// enum Kind { Round, Square }
/// #[derive(serde::Deserialize, Debug)]
/// struct Shape { kind: Kind }
/// #[derive(serde::Deserialize, Debug)]
/// struct File { shapes: Vec<Shape> }
/// let bad = ludoforge_job::params::json_file::<File>(r#"{"shapes": [{"kind": 5}]}"#);
/// assert_eq!(
///     bad.unwrap_err(),
///     "at `shapes[0].kind`: not a value allowed here (line 1, column 22)"
/// );
/// let wrong = ludoforge_job::params::json_file::<File>(r#"{"shapes": [{"kind": "oval"}]}"#);
/// assert!(wrong.unwrap_err().contains("unknown choice `oval`, choose `round` or `square`"));
/// ```
///
/// # Errors
/// The message, in words.
pub fn json_file<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    let mut reader = serde_json::Deserializer::from_str(text);
    let value: T = serde_path_to_error::deserialize(&mut reader).map_err(|e| {
        let path = e.path().to_string();
        let said = said(e.into_inner());
        if path == "." || said.starts_with("unknown field") {
            said
        } else {
            format!("at `{path}`: {said}")
        }
    })?;
    reader.end().map_err(said)?;
    Ok(value)
}

/// A JSON reading error in words, with its place in the file.
fn said(e: serde_json::Error) -> String {
    let (line, column) = (e.line(), e.column());
    let mut text = e.to_string();
    if let Some(at) = text.rfind(" at line ") {
        text.truncate(at);
    }
    let text = words(&text, "field");
    if line > 0 {
        format!("{text} (line {line}, column {column})")
    } else {
        text
    }
}

/// A serde message in the user's words; `thing` is what a field is called ("parameter").
fn words(inner: &str, thing: &str) -> String {
    let inner = if inner.starts_with("unknown variant") {
        inner
            .replace("unknown variant", "unknown choice")
            .replace("expected one of", "choose one of")
            .replace(", expected `", ", choose `")
    } else {
        inner
            .replace("unknown field", &format!("unknown {thing}"))
            .replace("expected one of", &format!("the {thing}s here are"))
    };
    let inner = inner
        .replace("invalid type: map", &format!("a group of {thing}s"))
        .replace("invalid type: sequence", "a list")
        .replace("invalid type: ", "")
        .replace("invalid value: ", "")
        .replace(
            "expected variant identifier",
            "expected the name of a choice",
        )
        .replace("missing field", &format!("missing {thing}"))
        .replace("expected i64", "expected a whole number")
        .replace("expected i32", "expected a whole number")
        .replace("expected usize", "expected a whole number")
        .replace("expected u64", "expected a whole number")
        .replace("expected u32", "expected a whole number")
        .replace("expected u16", "expected a whole number")
        .replace("expected u8", "expected a whole number")
        .replace("expected f64", "expected a number")
        .replace("expected a boolean", "expected true or false");
    let inner = if inner == "expected value" {
        "not a value allowed here".to_string()
    } else {
        inner
    };
    match inner.find("expected struct ") {
        Some(at) => format!(
            "{}expected a group of {thing}s (a JSON object)",
            &inner[..at]
        ),
        None => inner,
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// Applies `key=value` to parameters. The key may name a nested parameter with dots
/// (`search.population=200`); the value is read as JSON (a number, `true`, `null`, a list)
/// and otherwise taken as text, so `agent=rook` needs no quotes.
///
/// ```
/// let mut p = serde_json::json!({"search": {"population": 1200}});
/// ludoforge_job::params::set(&mut p, "search.population=60").unwrap();
/// ludoforge_job::params::set(&mut p, "agent=rook").unwrap();
/// assert_eq!(p, serde_json::json!({"search": {"population": 60}, "agent": "rook"}));
/// assert!(ludoforge_job::params::set(&mut p, "population").is_err());
/// ```
///
/// # Errors
/// [`JobError::Parameters`] for an assignment without `=`, an empty name, or a name that
/// goes through a parameter that is not a group.
pub fn set(params: &mut Value, assignment: &str) -> Result<(), JobError> {
    let Some((key, raw)) = assignment.split_once('=') else {
        return Err(JobError::parameters(format!(
            "--set {assignment}: write name=value, for instance population=200"
        )));
    };
    let key = key.trim();
    if key.is_empty() || key.split('.').any(str::is_empty) {
        return Err(JobError::parameters(format!(
            "--set {assignment}: the name before = is empty or has an empty part"
        )));
    }
    let value = serde_json::from_str(raw).unwrap_or_else(|_| Value::String(raw.to_string()));
    let mut at = params;
    let parts: Vec<&str> = key.split('.').collect();
    for (i, part) in parts.iter().enumerate() {
        if !at.is_object() {
            if at.is_null() {
                *at = Value::Object(Map::new());
            } else {
                return Err(JobError::parameters(format!(
                    "--set {assignment}: `{}` is a single value, not a group of parameters",
                    parts[..i].join(".")
                )));
            }
        }
        let object = at.as_object_mut().expect("an object");
        if i + 1 == parts.len() {
            object.insert((*part).to_string(), value);
            return Ok(());
        }
        at = object.entry((*part).to_string()).or_insert(Value::Null);
    }
    Ok(())
}
