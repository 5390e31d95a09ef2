//! A job's form, built from its JSON Schema: one field per parameter, with the default or
//! the given value filled in, bounds the browser enforces, choices as lists, files as uploads,
//! and the parameter's documentation as help.
//!
//! Each input carries its parameter's dotted path (`data-path`) and how to read it
//! (`data-kind`); the page's script collects them into the parameters object.

use serde_json::{Map, Value};

/// Escapes text for HTML content and attribute values.
///
/// ```
/// assert_eq!(ludoforge_web::form::escape("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
/// ```
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `text` in backticks as code: the parameters' documentation writes values that way.
///
/// ```
/// assert_eq!(ludoforge_web::form::code("such as `a1`"), "such as <code>a1</code>");
/// assert_eq!(ludoforge_web::form::code("odd ` tick"), "odd ` tick");
/// ```
#[must_use]
pub fn code(text: &str) -> String {
    let parts: Vec<&str> = text.split('`').collect();
    if parts.len().is_multiple_of(2) {
        return text.to_string();
    }
    parts
        .iter()
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                format!("<code>{part}</code>")
            } else {
                (*part).to_string()
            }
        })
        .collect()
}

/// How a field is read back.
#[derive(Debug, Clone, PartialEq)]
enum Kind {
    /// A whole number between the bounds.
    Integer { min: Option<f64>, max: Option<f64> },
    /// A number between the bounds.
    Number { min: Option<f64>, max: Option<f64> },
    /// True or false.
    Boolean,
    /// One of these values (with their descriptions).
    Choice(Vec<(Value, Option<String>)>),
    /// Text.
    Text,
    /// A list of numbers, comma-separated.
    Numbers,
    /// A list of choices, comma-separated.
    Choices(Vec<(Value, Option<String>)>),
    /// A short list of choices in order (the descriptors an archive spreads over): one list to
    /// pick from per place, a place left empty dropped.
    Picks {
        /// The values and their descriptions.
        options: Vec<(Value, Option<String>)>,
        /// How many places.
        slots: usize,
    },
    /// A list of a fixed length whose places have names (the first player's agent, the
    /// second's): one widget each.
    Tuple(Vec<(String, Value)>),
    /// A file's content: JSON or text, typed in or uploaded.
    Content,
    /// A file given as `{"name", "content"}`.
    NamedFile,
    /// A list of such files.
    NamedFiles,
    /// Anything else, as JSON.
    Json,
    /// A group of fields.
    Group(Vec<(String, Value)>),
}

/// Follows `$ref`s into the schema's `$defs`.
fn resolve<'a>(root: &'a Value, schema: &'a Value) -> &'a Value {
    let mut at = schema;
    for _ in 0..16 {
        match at.get("$ref").and_then(Value::as_str) {
            Some(r) => {
                let name = r.rsplit('/').next().unwrap_or_default();
                match root.get("$defs").and_then(|d| d.get(name)) {
                    Some(found) => at = found,
                    None => return at,
                }
            }
            None => return at,
        }
    }
    at
}

/// The schema without a `null` alternative, and whether `null` is allowed.
fn nullable<'a>(root: &'a Value, schema: &'a Value) -> (Value, bool) {
    let schema = resolve(root, schema);
    if let Some(any) = schema.get("anyOf").and_then(Value::as_array) {
        let others: Vec<&Value> = any
            .iter()
            .filter(|s| s.get("type") != Some(&Value::from("null")))
            .collect();
        if others.len() == 1 && others.len() < any.len() {
            let mut inner = resolve(root, others[0]).clone();
            merge_docs(&mut inner, schema);
            return (inner, true);
        }
    }
    if let Some(types) = schema.get("type").and_then(Value::as_array) {
        let others: Vec<&Value> = types.iter().filter(|t| *t != "null").collect();
        if !others.is_empty() && others.len() < types.len() {
            let mut inner = schema.clone();
            inner["type"] = match others.as_slice() {
                [one] => (*one).clone(),
                several => Value::Array(several.iter().map(|t| (*t).clone()).collect()),
            };
            return (inner, true);
        }
    }
    (schema.clone(), false)
}

/// Keeps the outer schema's description and default on the inner one.
fn merge_docs(inner: &mut Value, outer: &Value) {
    for key in ["description", "default"] {
        if let Some(v) = outer.get(key)
            && let Some(o) = inner.as_object_mut()
        {
            o.insert(key.to_string(), v.clone());
        }
    }
}

/// The choices of an enum schema, with their descriptions.
fn choices(root: &Value, schema: &Value) -> Option<Vec<(Value, Option<String>)>> {
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        return Some(values.iter().map(|v| (v.clone(), None)).collect());
    }
    let alternatives = schema
        .get("oneOf")
        .or_else(|| schema.get("anyOf"))?
        .as_array()?;
    let mut out = Vec::new();
    for alternative in alternatives {
        let alternative = resolve(root, alternative);
        let description = alternative
            .get("description")
            .and_then(Value::as_str)
            .map(first_sentence);
        if let Some(c) = alternative.get("const") {
            out.push((c.clone(), description));
        } else if let Some(values) = alternative.get("enum").and_then(Value::as_array) {
            for v in values {
                out.push((v.clone(), description.clone()));
            }
        } else {
            return None;
        }
    }
    Some(out)
}

/// The first sentence of a description.
fn first_sentence(text: &str) -> String {
    let text = text.replace('\n', " ");
    match text.find(". ") {
        Some(at) => text[..=at].to_string(),
        None => text,
    }
}

fn kind_of(root: &Value, schema: &Value) -> Kind {
    if let Some(c) = choices(root, schema) {
        return Kind::Choice(c);
    }
    let number = |key: &str| schema.get(key).and_then(Value::as_f64);
    // A number or a word (a count of matches, or `auto`): a line of text, read back as text
    // for the job to read.
    let types = schema.get("type").and_then(Value::as_array);
    if types.is_some_and(|t| t.iter().any(|t| t == "string")) {
        return Kind::Text;
    }
    match schema.get("type").and_then(Value::as_str) {
        Some("integer") => Kind::Integer {
            min: number("minimum"),
            max: number("maximum"),
        },
        Some("number") => Kind::Number {
            min: number("minimum"),
            max: number("maximum"),
        },
        Some("boolean") => Kind::Boolean,
        Some("string") => Kind::Text,
        Some("array") => {
            if let Some(places) = schema.get("prefixItems").and_then(Value::as_array) {
                return Kind::Tuple(
                    places
                        .iter()
                        .enumerate()
                        .map(|(at, place)| {
                            let title = place
                                .get("title")
                                .and_then(Value::as_str)
                                .map_or_else(|| format!("{}", at + 1), str::to_string);
                            (title, resolve(root, place).clone())
                        })
                        .collect(),
                );
            }
            let items = nullable(root, schema.get("items").unwrap_or(&Value::Null)).0;
            let slots = schema.get("maxItems").and_then(Value::as_u64);
            if let Some(c) = choices(root, &items) {
                match slots {
                    Some(slots @ 1..=4) => Kind::Picks {
                        options: c,
                        slots: slots as usize,
                    },
                    _ => Kind::Choices(c),
                }
            } else if matches!(
                items.get("type").and_then(Value::as_str),
                Some("number" | "integer")
            ) {
                Kind::Numbers
            } else if is_named_file(&items) {
                Kind::NamedFiles
            } else {
                Kind::Json
            }
        }
        Some("object") if is_named_file(schema) => Kind::NamedFile,
        Some("object") => match schema.get("properties").and_then(Value::as_object) {
            Some(p) => Kind::Group(p.iter().map(|(k, v)| (k.clone(), v.clone())).collect()),
            None => Kind::Json,
        },
        None if schema.get("properties").is_none() => Kind::Content,
        _ => Kind::Json,
    }
}

/// An object of `name` and `content` only: a file given by its content.
fn is_named_file(schema: &Value) -> bool {
    schema
        .get("properties")
        .and_then(Value::as_object)
        .is_some_and(|p| p.len() == 2 && p.contains_key("name") && p.contains_key("content"))
}

/// The form's fields for `schema`, filled with `values` (the complete parameters).
#[must_use]
pub fn fields(schema: &Value, values: &Value) -> String {
    let mut out = String::new();
    if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
        group(schema, properties, values, "", false, &mut out);
    }
    out
}

/// The fields of a group's `properties`; `optional` inside a group the job can do without
/// (none of them is then required).
fn group(
    root: &Value,
    properties: &Map<String, Value>,
    values: &Value,
    prefix: &str,
    optional: bool,
    out: &mut String,
) {
    // In the order the parameters are declared in (the schema's `x-order`), then any others.
    let declared: Vec<&str> = root
        .get("x-order")
        .and_then(|o| o.get(prefix))
        .and_then(Value::as_array)
        .map(|keys| keys.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut names: Vec<&String> = properties.keys().collect();
    names.sort_by_key(|name| {
        declared
            .iter()
            .position(|d| d == name)
            .unwrap_or(usize::MAX)
    });
    for name in names {
        let property = &properties[name];
        let path = if prefix.is_empty() {
            name.clone()
        } else {
            format!("{prefix}.{name}")
        };
        field(
            root,
            property,
            values.get(name).unwrap_or(&Value::Null),
            &path,
            optional,
            out,
        );
    }
}

/// A choice as a form shows it: its text (a word as it is, anything else as JSON) and its
/// description as a `title` attribute (empty without one).
fn choice_text(option: &Value, description: Option<&str>) -> (String, String) {
    let shown = option
        .as_str()
        .map_or_else(|| option.to_string(), str::to_string);
    let title = description
        .map(|d| format!(" title=\"{}\"", escape(d)))
        .unwrap_or_default();
    (shown, title)
}

/// The `<option>`s of a list to pick from, `value` selected; each value is written as JSON
/// (read back with `JSON.parse`), its description as the option's tooltip.
fn options_html(out: &mut String, options: &[(Value, Option<String>)], value: &Value) {
    for (option, description) in options {
        let (shown, title) = choice_text(option, description.as_deref());
        out.push_str(&format!(
            "<option value=\"{}\"{title}{}>{}</option>",
            escape(&option.to_string()),
            if option == value { " selected" } else { "" },
            escape(&shown)
        ));
    }
}

/// Whether `value` (a list) names only `options`, in their order and each once: boxes to tick
/// then keep its meaning (a list in another order, whose order counts, stays text).
fn in_order(options: &[(Value, Option<String>)], value: &Value) -> bool {
    let Some(chosen) = value.as_array() else {
        return value.is_null();
    };
    let mut at = 0;
    chosen
        .iter()
        .all(|c| match options[at..].iter().position(|(o, _)| o == c) {
            Some(found) => {
                at += found + 1;
                true
            }
            None => false,
        })
}

/// A number as an input shows it.
fn number_text(v: &Value) -> String {
    match v {
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

fn label(path: &str) -> String {
    let last = path.rsplit('.').next().unwrap_or(path);
    let words = last.replace('_', " ");
    let mut c = words.chars();
    match c.next() {
        Some(first) => first.to_uppercase().collect::<String>() + c.as_str(),
        None => words,
    }
}

fn field(
    root: &Value,
    property: &Value,
    value: &Value,
    path: &str,
    optional: bool,
    out: &mut String,
) {
    let (schema, null) = nullable(root, property);
    // A parameter the defaults leave out (so that older result files read the same) shows
    // the default its schema names.
    let value = match property.get("default") {
        Some(default) if value.is_null() && !null => default,
        _ => value,
    };
    let help = property
        .get("description")
        .or_else(|| schema.get("description"))
        .and_then(Value::as_str)
        .unwrap_or_default()
        .replace('\n', " ");
    // Help that only repeats the label ("Board: The board.") says nothing.
    let bare = help.trim().trim_end_matches('.').to_lowercase();
    let name = label(path).to_lowercase();
    let help = if bare == name || bare == format!("the {name}") || bare == format!("{name}s") {
        String::new()
    } else {
        help
    };
    let kind = kind_of(root, &schema);
    let id = format!("f-{}", path.replace('.', "-"));
    let (p, e_help, e_id) = (escape(path), code(&escape(&help)), escape(&id));
    let null_attr = if null { " data-null=\"1\"" } else { "" };
    let required = if null || optional { "" } else { " required" };
    let head = |out: &mut String, kind: &str| {
        out.push_str(&format!(
            "<div class=\"field\"><label for=\"{e_id}\">{}</label>",
            escape(&label(path))
        ));
        let _ = kind;
    };
    let tail = |out: &mut String| {
        if !help.is_empty() {
            out.push_str(&format!("<p class=\"help\">{e_help}</p>"));
        }
        out.push_str("</div>\n");
    };
    match kind {
        Kind::Group(properties) => {
            // A group the job can do without (a table size): optional in the form, absent
            // from the parameters when every field is left empty.
            if null {
                out.push_str(&format!(
                    "<fieldset class=\"group\" data-optional=\"{p}\"><legend>{} <span class=\"quiet\">(optional: leave empty for none)</span></legend>",
                    escape(&label(path))
                ));
            } else {
                out.push_str(&format!(
                    "<fieldset class=\"group\"><legend>{}</legend>",
                    escape(&label(path))
                ));
            }
            if !help.is_empty() {
                out.push_str(&format!("<p class=\"help\">{e_help}</p>"));
            }
            let map: Map<String, Value> = properties.into_iter().collect();
            group(root, &map, value, path, optional || null, out);
            out.push_str("</fieldset>\n");
        }
        Kind::Integer { min, max } | Kind::Number { min, max } => {
            let integer = matches!(schema.get("type").and_then(Value::as_str), Some("integer"));
            head(out, "number");
            let bound = |name: &str, b: Option<f64>| {
                b.map(|b| format!(" {name}=\"{b}\"")).unwrap_or_default()
            };
            out.push_str(&format!(
                "<input type=\"number\" id=\"{e_id}\" data-path=\"{p}\" data-kind=\"{}\"{null_attr}{}{}{} value=\"{}\"{required}{}>",
                if integer { "integer" } else { "number" },
                bound("min", min),
                bound("max", max),
                if integer { " step=\"1\"" } else { " step=\"any\"" },
                escape(&number_text(value)),
                if null { " placeholder=\"default\"" } else { "" },
            ));
            tail(out);
        }
        Kind::Boolean => {
            out.push_str(&format!(
                "<div class=\"field check\"><label><input type=\"checkbox\" id=\"{e_id}\" data-path=\"{p}\" data-kind=\"boolean\"{}> {}</label>",
                if value == &Value::Bool(true) { " checked" } else { "" },
                escape(&label(path))
            ));
            tail(out);
        }
        Kind::Choice(options) => {
            head(out, "choice");
            out.push_str(&format!(
                "<select id=\"{e_id}\" data-path=\"{p}\" data-kind=\"choice\"{null_attr}>"
            ));
            if null {
                out.push_str(&format!(
                    "<option value=\"null\"{}>(default)</option>",
                    if value.is_null() { " selected" } else { "" }
                ));
            }
            options_html(out, &options, value);
            out.push_str("</select>");
            tail(out);
        }
        Kind::Text => {
            head(out, "text");
            let max = schema
                .get("maxLength")
                .and_then(Value::as_u64)
                .map(|m| format!(" maxlength=\"{m}\""))
                .unwrap_or_default();
            let placeholder = if null { " placeholder=\"default\"" } else { "" };
            let text = match value {
                Value::Number(n) => n.to_string(),
                other => escape(other.as_str().unwrap_or_default()),
            };
            // Text of many lines (a map drawn in characters) gets a box that keeps them.
            let multiline = property
                .get("x-multiline")
                .or_else(|| schema.get("x-multiline"));
            if multiline.and_then(Value::as_bool) == Some(true) {
                out.push_str(&format!(
                    "<textarea id=\"{e_id}\" class=\"lines\" data-path=\"{p}\" data-kind=\"text\"{null_attr}{max} rows=\"8\" spellcheck=\"false\"{placeholder}>{text}</textarea>",
                ));
            } else {
                out.push_str(&format!(
                    "<input type=\"text\" id=\"{e_id}\" data-path=\"{p}\" data-kind=\"text\"{null_attr}{max} value=\"{text}\"{placeholder}>",
                ));
            }
            tail(out);
        }
        Kind::Picks { options, slots } => {
            head(out, "picks");
            let chosen = value.as_array().cloned().unwrap_or_default();
            out.push_str("<div class=\"places\">");
            for slot in 0..slots {
                let none = if slot < 2 { "(the default)" } else { "(none)" };
                let mut html = format!(
                    "<select id=\"{}\" data-path=\"{p}\" data-kind=\"pick\" data-index=\"{slot}\" aria-label=\"{} {}\"><option value=\"\">{none}</option>",
                    if slot == 0 {
                        e_id.clone()
                    } else {
                        format!("{e_id}-{slot}")
                    },
                    escape(&label(path)),
                    slot + 1
                );
                options_html(
                    &mut html,
                    &options,
                    chosen.get(slot).unwrap_or(&Value::Null),
                );
                html.push_str("</select>");
                out.push_str(&html);
            }
            out.push_str("</div>");
            tail(out);
        }
        Kind::Tuple(places) => {
            head(out, "tuple");
            let given = value.as_array().cloned().unwrap_or_default();
            out.push_str("<div class=\"places\">");
            for (at, (title, place)) in places.iter().enumerate() {
                let slot_id = if at == 0 {
                    e_id.clone()
                } else {
                    format!("{e_id}-{at}")
                };
                let current = given.get(at).unwrap_or(&Value::Null);
                out.push_str(&format!(
                    "<label class=\"place\"><span>{}</span>",
                    escape(title)
                ));
                let common = format!(
                    "id=\"{slot_id}\" data-path=\"{p}\" data-kind=\"place\" data-index=\"{at}\"{null_attr}"
                );
                if let Some(options) = choices(root, place) {
                    let mut html = format!("<select {common}>");
                    options_html(&mut html, &options, current);
                    html.push_str("</select>");
                    out.push_str(&html);
                } else {
                    let examples: Vec<String> = place
                        .get("examples")
                        .and_then(Value::as_array)
                        .map(|e| {
                            e.iter()
                                .filter_map(Value::as_str)
                                .map(str::to_string)
                                .collect()
                        })
                        .unwrap_or_default();
                    let list = if examples.is_empty() {
                        String::new()
                    } else {
                        format!(" list=\"{slot_id}-list\"")
                    };
                    out.push_str(&format!(
                        "<input type=\"text\" {common}{list} value=\"{}\" required>",
                        escape(current.as_str().unwrap_or_default())
                    ));
                    if !examples.is_empty() {
                        out.push_str(&format!("<datalist id=\"{slot_id}-list\">"));
                        for example in examples {
                            out.push_str(&format!(
                                "<option value=\"{}\"></option>",
                                escape(&example)
                            ));
                        }
                        out.push_str("</datalist>");
                    }
                }
                out.push_str("</label>");
            }
            out.push_str("</div>");
            tail(out);
        }
        Kind::Choices(options) if in_order(&options, value) => {
            // Any of a few choices, kept in the schema's order: a box to tick for each.
            head(out, "ticks");
            let chosen = value.as_array().cloned().unwrap_or_default();
            out.push_str(&format!("<div class=\"ticks\" id=\"{e_id}\"{null_attr}>"));
            for (option, description) in &options {
                let (shown, title) = choice_text(option, description.as_deref());
                out.push_str(&format!(
                    "<label class=\"tick\"{title}><input type=\"checkbox\" data-path=\"{p}\" data-kind=\"tick\" value=\"{}\"{}> {}</label>",
                    escape(&option.to_string()),
                    if chosen.contains(option) { " checked" } else { "" },
                    escape(&shown.replace('_', " "))
                ));
            }
            out.push_str("</div>");
            tail(out);
        }
        Kind::Numbers | Kind::Choices(_) => {
            head(out, "list");
            let shown = value
                .as_array()
                .map(|a| {
                    a.iter()
                        .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .unwrap_or_default();
            let (data_kind, hint) = match &kind {
                Kind::Choices(c) => (
                    "choices",
                    format!(
                        "any of: {}",
                        c.iter()
                            .map(|(v, _)| v.as_str().map_or_else(|| v.to_string(), str::to_string))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ),
                _ => ("numbers", "numbers, separated by commas".to_string()),
            };
            out.push_str(&format!(
                "<input type=\"text\" id=\"{e_id}\" data-path=\"{p}\" data-kind=\"{data_kind}\"{null_attr} value=\"{}\" placeholder=\"{}\">",
                escape(&shown),
                escape(if null { "default" } else { &hint }),
            ));
            out.push_str(&format!("<p class=\"hint\">{}</p>", escape(&hint)));
            tail(out);
        }
        Kind::Content | Kind::NamedFile | Kind::NamedFiles | Kind::Json => {
            let data_kind = match kind {
                Kind::Content => "content",
                Kind::NamedFile => "file",
                Kind::NamedFiles => "files",
                _ => "json",
            };
            head(out, data_kind);
            let text = match (&kind, value) {
                (_, Value::Null) => String::new(),
                (Kind::Content, Value::String(s)) => s.clone(),
                (Kind::NamedFile, v) => match v.get("content") {
                    Some(Value::String(s)) => s.clone(),
                    None | Some(Value::Null) => String::new(),
                    Some(other) => serde_json::to_string_pretty(other).unwrap_or_default(),
                },
                (Kind::NamedFiles, Value::Array(a)) if a.is_empty() => String::new(),
                (_, v) => serde_json::to_string_pretty(v).unwrap_or_default(),
            };
            let name = value
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or_default();
            out.push_str(&format!(
                "<textarea id=\"{e_id}\" data-path=\"{p}\" data-kind=\"{data_kind}\"{null_attr} data-name=\"{}\" rows=\"4\" placeholder=\"{}\">{}</textarea>",
                escape(name),
                if matches!(kind, Kind::Json) { "JSON" } else { "paste the file here, or choose it below (empty: none)" },
                escape(&text)
            ));
            if !matches!(kind, Kind::Json) {
                out.push_str(&format!(
                    "<input type=\"file\" class=\"upload\" data-for=\"{e_id}\"{}>",
                    if matches!(kind, Kind::NamedFiles) {
                        " multiple"
                    } else {
                        ""
                    }
                ));
            }
            tail(out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "size": {"type": "integer", "minimum": 2, "maximum": 64, "default": 11,
                         "description": "Board side."},
                "ratio": {"type": ["number", "null"], "default": null},
                "map": {"type": ["string", "null"], "x-multiline": true, "default": null},
                "agent": {"$ref": "#/$defs/Agent", "default": "rook"},
                "goal": {"anyOf": [{"$ref": "#/$defs/Agent"}, {"type": "null"}], "default": null},
                "route": {"type": "boolean", "default": true},
                "search": {"$ref": "#/$defs/Search"},
                "puzzle": {"default": null, "description": "The puzzle file."},
                "weights": {"type": ["array", "null"], "items": {"type": "number"}},
                "catalog": {"anyOf": [{"$ref": "#/$defs/File"}, {"type": "null"}]}
            },
            "$defs": {
                "Agent": {"oneOf": [
                    {"const": "rook", "description": "Moves straight. Any distance."},
                    {"const": "knight", "description": "Jumps."}
                ]},
                "Search": {"type": "object", "properties": {
                    "population": {"type": "integer", "minimum": 2, "default": 1200}
                }},
                "File": {"type": "object", "properties": {
                    "name": {"type": ["string", "null"]}, "content": true
                }}
            }
        })
    }

    #[test]
    fn every_parameter_gets_its_widget_and_value() {
        let values = json!({"size": 11, "ratio": null, "agent": "knight", "goal": null,
            "route": true, "search": {"population": 60}, "puzzle": null,
            "weights": [1, 2.5], "catalog": {"name": "c.json", "content": "{}"}});
        let html = fields(&schema(), &values);
        assert!(html.contains(r#"data-path="size" data-kind="integer" min="2" max="64" step="1" value="11" required"#), "{html}");
        assert!(html.contains(r#"data-path="ratio" data-kind="number" data-null="1""#));
        assert!(
            html.contains(r#"<textarea id="f-map" class="lines" data-path="map" data-kind="text" data-null="1" rows="8""#),
            "{html}"
        );
        assert!(
            html.contains(
                r#"<option value="&quot;knight&quot;" title="Jumps." selected>knight</option>"#
            ),
            "{html}"
        );
        assert!(
            html.contains(
                r#"<option value="&quot;rook&quot;" title="Moves straight.">rook</option>"#
            )
        );
        assert!(html.contains(r#"data-path="goal" data-kind="choice" data-null="1"><option value="null" selected>(default)</option>"#));
        assert!(html.contains(r#"data-path="route" data-kind="boolean" checked"#));
        assert!(html.contains(
            r#"data-path="search.population" data-kind="integer" min="2" step="1" value="60""#
        ));
        assert!(html.contains(r#"data-path="puzzle" data-kind="content""#));
        assert!(
            html.contains(
                r#"data-path="weights" data-kind="numbers" data-null="1" value="1, 2.5""#
            )
        );
        assert!(
            html.contains(
                r#"data-path="catalog" data-kind="file" data-null="1" data-name="c.json""#
            )
        );
        assert!(html.contains("<p class=\"help\">Board side.</p>"));
        // Every input has a label.
        assert_eq!(html.matches("data-path=").count(), 10);
    }

    #[test]
    fn fields_come_in_the_declared_order_then_the_rest() {
        let mut schema = schema();
        schema["x-order"] = json!({"": ["size", "search", "agent"]});
        let values = json!({"size": 11, "agent": "rook", "search": {"population": 60}});
        let html = fields(&schema, &values);
        let at = |path: &str| {
            html.find(&format!("data-path=\"{path}\""))
                .unwrap_or_else(|| panic!("{path} in {html}"))
        };
        assert!(at("size") < at("search.population"));
        assert!(at("search.population") < at("agent"));
        // The undeclared ones follow, in the schema's order.
        assert!(at("agent") < at("catalog") && at("catalog") < at("goal"));
        // Without an order, the schema's (alphabetical) order.
        let plain = fields(&self::schema(), &values);
        assert!(plain.find("data-path=\"agent\"") < plain.find("data-path=\"size\""));
    }

    #[test]
    fn a_number_or_a_word_is_a_line_of_text() {
        // A playtest's matches: 100, or auto[:ε].
        let schema = json!({"properties": {"matches": {"type": ["integer", "string"]}}});
        let number = fields(&schema, &json!({"matches": 100}));
        assert!(
            number.contains(r#"data-path="matches" data-kind="text" value="100""#),
            "{number}"
        );
        let word = fields(&schema, &json!({"matches": "auto:0.02"}));
        assert!(word.contains(r#"value="auto:0.02""#), "{word}");
        // Left empty for the default.
        let schema = json!({"properties": {"again": {"type": ["integer", "string", "null"]}}});
        let empty = fields(&schema, &json!({"again": null}));
        assert!(
            empty.contains(r#"data-path="again" data-kind="text" data-null="1" value="""#),
            "{empty}"
        );
    }

    #[test]
    fn optional_groups_named_places_and_ordered_picks() {
        let schema = json!({
            "properties": {
                "table": {"anyOf": [{"$ref": "#/$defs/Table"}, {"type": "null"}], "default": null},
                "agents": {"$ref": "#/$defs/Seats", "default": ["rule", "mc:8"]},
                "descriptors": {"type": "array", "maxItems": 3, "default": [],
                    "items": {"oneOf": [{"const": "size", "description": "How big."},
                                        {"const": "moves"}, {"const": "themes"}]}}
            },
            "$defs": {
                "Table": {"type": "object", "properties": {"width": {"type": "number"}}},
                "Agent": {"type": "string", "examples": ["rule", "random"]},
                "Seats": {"type": "array", "prefixItems": [
                    {"$ref": "#/$defs/Agent", "title": "First player"},
                    {"$ref": "#/$defs/Agent", "title": "Second player"}]}
            }
        });
        // The defaults leave `agents` out: the schema's default fills the places.
        let html = fields(&schema, &json!({"table": null, "descriptors": ["moves"]}));
        // The group the job can do without: marked optional, its fields not required.
        assert!(
            html.contains(r#"<fieldset class="group" data-optional="table">"#),
            "{html}"
        );
        let at = html
            .find(r#"data-path="table.width""#)
            .expect("the table's width");
        let tag = &html[at..at + html[at..].find('>').unwrap()];
        assert!(!tag.contains("required"), "{tag}");
        // Two named places with the agents to pick from, filled with the default.
        assert!(
            html.contains("<span>First player</span>")
                && html.contains("<span>Second player</span>")
        );
        assert!(html.contains(r#"data-path="agents" data-kind="place" data-index="1" list="f-agents-1-list" value="mc:8""#), "{html}");
        assert!(html.contains(r#"<option value="random"></option>"#));
        // Three places to pick descriptors in order, the first holding the given one.
        assert_eq!(html.matches(r#"data-kind="pick""#).count(), 3);
        assert!(
            html.contains(r#"<option value="&quot;moves&quot;" selected>moves</option>"#),
            "{html}"
        );
        assert!(html.contains(r#"title="How big.""#));
        assert!(!html.contains("data-kind=\"json\""));
    }

    #[test]
    fn a_few_choices_in_order_are_boxes_to_tick_and_another_order_stays_text() {
        let schema = json!({"properties": {"criteria": {"type": "array",
            "items": {"oneOf": [{"const": "a", "description": "The first."}, {"const": "b"},
                                {"const": "c"}]}}}});
        let html = fields(&schema, &json!({"criteria": ["a", "c"]}));
        assert_eq!(html.matches(r#"data-kind="tick""#).count(), 3, "{html}");
        assert!(html.contains(r#"<label class="tick" title="The first."><input type="checkbox" data-path="criteria" data-kind="tick" value="&quot;a&quot;" checked> a</label>"#), "{html}");
        assert!(html.contains(r#"value="&quot;b&quot;"> b</label>"#));
        // The order given counts (weights follow it): ticking boxes would lose it.
        let html = fields(&schema, &json!({"criteria": ["c", "a"]}));
        assert!(
            html.contains(r#"data-kind="choices""#) && html.contains(r#"value="c, a""#),
            "{html}"
        );
    }

    #[test]
    fn values_are_escaped() {
        let schema = json!({"properties": {"name": {"type": "string"}}});
        let html = fields(&schema, &json!({"name": "\"><script>"}));
        assert!(html.contains("value=\"&quot;&gt;&lt;script&gt;\""));
        assert!(!html.contains("<script>"));
    }
}
