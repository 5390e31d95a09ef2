//! What the library keeps of a result document: its canonical text and hash, the fields every
//! row has, and the numbers a query can range over; and an archive taken apart into its
//! elites.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use ludoforge_job::explore::ARCHIVE_GENERATOR;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::LibraryError;

/// One result ready to be stored: its document, the fields every row keeps, and its numbers.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Entry {
    /// The document as canonical JSON text ([`canonical`]).
    pub text: String,
    /// The SHA-256 of `text`, in lower-case hexadecimal.
    pub hash: String,
    /// `generator`.
    pub generator: String,
    /// `job`, if the document names one.
    pub job: Option<String>,
    /// `version`: the text of a string, the JSON of anything else.
    pub version: Option<String>,
    /// `seed`, if it is a whole number from 0 to 2^64 - 1.
    pub seed: Option<u64>,
    /// `parameters` (or `params`) as canonical JSON text.
    pub parameters: Option<String>,
    /// Every number a query can range over, by dotted path.
    pub numbers: BTreeMap<String, f64>,
}

/// The documents a result file holds: itself, or every elite of an archive (each elite's
/// `result`, with its `descriptors` as `descriptors.<name>` and its `fitness` as `fitness`,
/// and the archive's `job` when the result names none: the exploration made it).
///
/// # Errors
/// [`LibraryError::NotAResult`] for a document that is not an object naming its `generator`,
/// or an archive whose elites are not results.
pub(crate) fn entries(document: &Value) -> Result<Vec<Entry>, LibraryError> {
    let generator = generator_of(document)?;
    if generator != ARCHIVE_GENERATOR {
        return Ok(vec![entry(document, BTreeMap::new())?]);
    }
    let Some(elites) = document.get("elites").and_then(Value::as_array) else {
        return Err(LibraryError::not_a_result(
            "it names the generator \"ludoforge explore\" but has no `elites` list; give the \
             archive file `explore` wrote, unchanged",
        ));
    };
    let job = document.get("job").and_then(Value::as_str);
    let mut entries = Vec::with_capacity(elites.len());
    for (at, elite) in elites.iter().enumerate() {
        let Some(result) = elite.get("result").filter(|r| r.is_object()) else {
            return Err(LibraryError::not_a_result(format!(
                "elite {} of the archive has no `result` document; give the archive file \
                 `explore` wrote, unchanged",
                at + 1
            )));
        };
        let mut extra = BTreeMap::new();
        if let Some(descriptors) = elite.get("descriptors").and_then(Value::as_object) {
            for (name, value) in descriptors {
                if let Some(value) = value.as_f64() {
                    extra.insert(format!("descriptors.{name}"), value);
                }
            }
        }
        if let Some(fitness) = elite.get("fitness").and_then(Value::as_f64) {
            extra.insert("fitness".to_string(), fitness);
        }
        let mut entry = entry(result, extra).map_err(|error| match error {
            LibraryError::NotAResult { problem } => {
                LibraryError::not_a_result(format!("elite {} of the archive: {problem}", at + 1))
            }
            other => other,
        })?;
        if entry.job.is_none() {
            entry.job = job.map(str::to_string);
        }
        entries.push(entry);
    }
    Ok(entries)
}

/// The `generator` a document names.
fn generator_of(document: &Value) -> Result<&str, LibraryError> {
    if !document.is_object() {
        return Err(LibraryError::not_a_result(
            "it is not a JSON object; give a result file a ludoforge job wrote",
        ));
    }
    document
        .get("generator")
        .and_then(Value::as_str)
        .ok_or_else(|| {
            LibraryError::not_a_result(
                "it does not name its `generator`; give a result file a ludoforge job wrote",
            )
        })
}

/// One document as an entry; `extra` numbers (an elite's descriptors and fitness) are added to
/// its own, replacing any of the same path.
fn entry(document: &Value, extra: BTreeMap<String, f64>) -> Result<Entry, LibraryError> {
    let generator = generator_of(document)?.to_string();
    let text = canonical(document);
    let hash = sha256_hex(text.as_bytes());
    let job = document
        .get("job")
        .and_then(Value::as_str)
        .map(str::to_string);
    let version = document.get("version").and_then(|v| match v {
        Value::Null => None,
        Value::String(text) => Some(text.clone()),
        other => Some(canonical(other)),
    });
    let seed = document.get("seed").and_then(Value::as_u64);
    let parameters = document
        .get("parameters")
        .or_else(|| document.get("params"))
        .map(canonical);
    let mut numbers = numbers(document);
    numbers.extend(extra);
    Ok(Entry {
        text,
        hash,
        generator,
        job,
        version,
        seed,
        parameters,
        numbers,
    })
}

/// A document as canonical JSON text: compact, every object's keys in sorted order (by their
/// UTF-8 bytes), strings and numbers written as `serde_json` writes them. Two documents that
/// differ only in the order of their keys get the same text (and so the same hash); `1` and
/// `1.0` stay different, as they are in `serde_json`.
///
/// `serde_json`'s own `Value` keeps its keys sorted unless some crate in the build turns on
/// its `preserve_order` feature; sorting here keeps the hash the same either way.
#[must_use]
pub fn canonical(document: &Value) -> String {
    let mut text = Vec::with_capacity(1024);
    write_canonical(document, &mut text);
    String::from_utf8(text).expect("serde_json writes UTF-8")
}

fn write_canonical(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Array(items) => {
            out.push(b'[');
            for (at, item) in items.iter().enumerate() {
                if at > 0 {
                    out.push(b',');
                }
                write_canonical(item, out);
            }
            out.push(b']');
        }
        Value::Object(fields) => {
            let mut fields: Vec<(&String, &Value)> = fields.iter().collect();
            fields.sort_unstable_by(|a, b| a.0.cmp(b.0));
            out.push(b'{');
            for (at, (key, item)) in fields.into_iter().enumerate() {
                if at > 0 {
                    out.push(b',');
                }
                serde_json::to_writer(&mut *out, key.as_str()).expect("writing to memory");
                out.push(b':');
                write_canonical(item, out);
            }
            out.push(b'}');
        }
        scalar => serde_json::to_writer(&mut *out, scalar).expect("writing to memory"),
    }
}

/// The SHA-256 of `bytes` in lower-case hexadecimal.
fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut hex = String::with_capacity(64);
    for byte in digest.iter() {
        let _ = write!(hex, "{byte:02x}");
    }
    hex
}

/// Every numeric leaf of `document` by dotted path (`measures.decision_points`), leaving out
/// the top-level `parameters` and `params` (what was asked for, not what came out) and
/// everything inside arrays (a list has no one value to range over).
#[must_use]
pub fn numbers(document: &Value) -> BTreeMap<String, f64> {
    let mut numbers = BTreeMap::new();
    if let Value::Object(fields) = document {
        for (key, value) in fields {
            if key != "parameters" && key != "params" {
                collect(value, key, &mut numbers);
            }
        }
    }
    numbers
}

fn collect(value: &Value, path: &str, numbers: &mut BTreeMap<String, f64>) {
    match value {
        Value::Number(number) => {
            if let Some(number) = number.as_f64().filter(|n| n.is_finite()) {
                numbers.insert(path.to_string(), number);
            }
        }
        Value::Object(fields) => {
            for (key, value) in fields {
                collect(value, &format!("{path}.{key}"), numbers);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn canonical_text_sorts_keys_at_every_depth() {
        let a: Value =
            serde_json::from_str(r#"{"b": 1, "a": {"y": [1, {"q": 2, "p": 3}], "x": "é\n"}}"#)
                .unwrap();
        let b: Value =
            serde_json::from_str(r#"{"a": {"x": "é\n", "y": [1, {"p": 3, "q": 2}]}, "b": 1}"#)
                .unwrap();
        assert_eq!(
            canonical(&a),
            r#"{"a":{"x":"é\n","y":[1,{"p":3,"q":2}]},"b":1}"#
        );
        assert_eq!(canonical(&a), canonical(&b));
        // The text reads back as the same document.
        assert_eq!(serde_json::from_str::<Value>(&canonical(&a)).unwrap(), a);
        assert_ne!(canonical(&json!({"a": 1})), canonical(&json!({"a": 1.0})));
    }

    #[test]
    fn the_hash_is_sha256_of_the_text() {
        // The well-known digest of "abc".
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn numbers_skip_parameters_arrays_and_non_numbers() {
        let document = json!({
            "generator": "g", "seed": 7, "version": "1",
            "parameters": {"population": 60},
            "params": {"x": 1},
            "fitness": 12.5,
            "measures": {"decision_points": 4, "deep": {"er": -1}},
            "history": [{"best": 3}],
            "solved": true,
        });
        let numbers = numbers(&document);
        let keys: Vec<&str> = numbers.keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "fitness",
                "measures.decision_points",
                "measures.deep.er",
                "seed"
            ]
        );
        assert_eq!(numbers["measures.deep.er"], -1.0);
    }

    #[test]
    fn an_archive_gives_each_elite_with_its_descriptors_and_fitness() {
        let archive = json!({
            "generator": ARCHIVE_GENERATOR, "job": "x-explore", "seed": 1, "version": "0.1.0",
            "elites": [
                {"descriptors": {"moves": 5.0, "dead_ends": 2.0}, "fitness": 9.0,
                 "result": {"generator": "x", "job": "x", "seed": 11, "version": "0.1.0",
                            "parameters": {"a": 1}, "measures": {"moves": 5}}},
                {"descriptors": {"moves": 6.0, "dead_ends": 0.0}, "fitness": 3.0,
                 "result": {"generator": "x", "seed": 12, "version": "0.1.0"}},
            ],
        });
        let entries = entries(&archive).unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].numbers["descriptors.moves"], 5.0);
        assert_eq!(entries[0].numbers["measures.moves"], 5.0);
        assert_eq!(entries[0].numbers["fitness"], 9.0);
        assert_eq!(entries[0].job.as_deref(), Some("x"));
        assert_eq!(entries[0].parameters.as_deref(), Some(r#"{"a":1}"#));
        assert_eq!(entries[1].seed, Some(12));
        assert_eq!(entries[1].job.as_deref(), Some("x-explore"));
        assert_eq!(
            entries[1].text,
            r#"{"generator":"x","seed":12,"version":"0.1.0"}"#
        );
    }

    #[test]
    fn documents_that_are_not_results_are_refused_in_words() {
        for (document, phrase) in [
            (json!([1, 2]), "not a JSON object"),
            (json!({"seed": 1}), "does not name its `generator`"),
            (json!({"generator": ARCHIVE_GENERATOR}), "no `elites` list"),
            (
                json!({"generator": ARCHIVE_GENERATOR, "elites": [{"result": 3}]}),
                "elite 1 of the archive has no `result`",
            ),
            (
                json!({"generator": ARCHIVE_GENERATOR, "elites": [{"result": {"seed": 3}}]}),
                "elite 1 of the archive: it does not name",
            ),
        ] {
            let error = entries(&document).unwrap_err().to_string();
            assert!(error.contains(phrase), "{document}: {error}");
        }
    }
}
