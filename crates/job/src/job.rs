//! The [`Job`] trait the front ends use, and the typed [`Spec`] generators implement.

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::{Artifact, Context, File, JobError, params};

/// A piece of work a front end can describe, check and run, knowing nothing of the generator
/// behind it. Implemented for every [`Spec`].
pub trait Job: Send + Sync {
    /// The job's id: lower case words joined by `-`.
    fn id(&self) -> &'static str;
    /// A title of a few words.
    fn title(&self) -> &'static str;
    /// What the job does, in a paragraph.
    fn help(&self) -> &'static str;
    /// The JSON Schema of the parameters: types, defaults, bounds and choices.
    fn schema(&self) -> Value;
    /// The default parameters, as a complete object.
    fn defaults(&self) -> Value;
    /// Checks parameters without running anything, and returns them complete (every default
    /// filled in).
    ///
    /// # Errors
    /// [`JobError::Parameters`] naming the first problem and the way out.
    fn check(&self, params: &Value) -> Result<Value, JobError>;
    /// Runs the job.
    ///
    /// # Errors
    /// [`JobError`] for unusable parameters or input, or a run that cannot produce content.
    fn run(&self, params: &Value, seed: u64, context: &Context) -> Result<Artifact, JobError>;
    /// Whether runs of this job keep checkpoints when the context asks
    /// ([`Context::with_checkpoints`]) and continue from one: a front end refuses
    /// `--checkpoint` for the others rather than let the flag do nothing.
    fn checkpoints(&self) -> bool {
        false
    }
    /// Parameters for a quick run (well under a second) whose picture shows what the job
    /// makes, for a gallery and a page's "quick try"; for a job that works on a file of the
    /// user's ([`Job::input`]), a sample file to try it on. `None` for a job without one.
    fn sample(&self) -> Option<Value> {
        None
    }
    /// The file of the user's the job works on, in a few words ("a maze file ludoforge
    /// wrote"), for a page to say that the job needs one; `None` for a job that makes its
    /// content itself. Run without the file, such a job says "no … given".
    fn input(&self) -> Option<&'static str> {
        None
    }
    /// Pictures of a result document this job's generator wrote (this job's own `result`
    /// file, or one elite's `result` from an explore job's archive): those the context wants
    /// of roles `svg` and `png`. `None` when the document is not one this job
    /// draws; a document it should draw but cannot (damaged) is an error.
    ///
    /// # Errors
    /// [`JobError::Input`] for a document of this job's kind that cannot be read.
    fn draw(&self, result: &Value, context: &Context) -> Option<Result<Vec<File>, JobError>> {
        let _ = (result, context);
        None
    }
}

/// A generator's job with typed parameters: implement this and get [`Job`].
pub trait Spec: Send + Sync {
    /// The parameters, as a person writes them: every field has a default.
    type Params: Serialize + DeserializeOwned + JsonSchema + Default;
    /// The parameters once checked, ready to run.
    type Checked;
    /// See [`Job::id`].
    fn id(&self) -> &'static str;
    /// See [`Job::title`].
    fn title(&self) -> &'static str;
    /// See [`Job::help`].
    fn help(&self) -> &'static str;
    /// Checks the parameters: every range, every contradiction, every file's content, before
    /// any work.
    ///
    /// # Errors
    /// [`JobError`] naming the problem and the way out.
    fn validate(&self, params: &Self::Params) -> Result<Self::Checked, JobError>;
    /// Runs checked parameters.
    ///
    /// # Errors
    /// [`JobError`] when the run cannot produce content.
    fn execute(
        &self,
        checked: Self::Checked,
        params: &Self::Params,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError>;
    /// Whether runs of this job keep checkpoints when the context asks
    /// ([`Context::with_checkpoints`]) and continue from one: a front end refuses
    /// `--checkpoint` for the others rather than let the flag do nothing.
    fn checkpoints(&self) -> bool {
        false
    }
    /// See [`Job::sample`].
    fn sample(&self) -> Option<Self::Params> {
        None
    }
    /// See [`Job::input`].
    fn input(&self) -> Option<&'static str> {
        None
    }
    /// The descriptors an exploration job offers (their ranges may depend on the parameters;
    /// their names do not), so that its schema lists them as choices for a form. Empty for a
    /// job that explores nothing.
    fn descriptors(&self) -> Vec<crate::explore::Descriptor> {
        Vec::new()
    }
    /// See [`Job::draw`].
    ///
    /// # Errors
    /// See [`Job::draw`].
    fn draw(&self, result: &Value, context: &Context) -> Option<Result<Vec<File>, JobError>> {
        let _ = (result, context);
        None
    }
}

impl<S: Spec> Job for S {
    fn id(&self) -> &'static str {
        Spec::id(self)
    }

    fn title(&self) -> &'static str {
        Spec::title(self)
    }

    fn help(&self) -> &'static str {
        Spec::help(self)
    }

    fn schema(&self) -> Value {
        let mut schema = schemars::schema_for!(S::Params).to_value();
        schema["title"] = Value::from(Spec::title(self));
        schema["description"] = Value::from(Spec::help(self));
        let text = serde_json::to_string(&S::Params::default()).expect("parameters serialise");
        schema["x-order"] = declared_order(&text);
        offer_descriptors(&mut schema, &Spec::descriptors(self));
        schema
    }

    fn defaults(&self) -> Value {
        serde_json::to_value(S::Params::default()).expect("parameters serialise")
    }

    fn check(&self, params: &Value) -> Result<Value, JobError> {
        let typed: S::Params = params::typed(params)?;
        self.validate(&typed)?;
        Ok(serde_json::to_value(&typed).expect("parameters serialise"))
    }

    fn run(&self, params: &Value, seed: u64, context: &Context) -> Result<Artifact, JobError> {
        let typed: S::Params = params::typed(params)?;
        let checked = self.validate(&typed)?;
        self.execute(checked, &typed, seed, context)
    }

    fn checkpoints(&self) -> bool {
        Spec::checkpoints(self)
    }

    fn sample(&self) -> Option<Value> {
        Spec::sample(self).map(|p| serde_json::to_value(p).expect("parameters serialise"))
    }

    fn input(&self) -> Option<&'static str> {
        Spec::input(self)
    }

    fn draw(&self, result: &Value, context: &Context) -> Option<Result<Vec<File>, JobError>> {
        Spec::draw(self, result, context)
    }
}

/// The order the keys of every object in a JSON text come in, by the object's dotted path
/// (`""` for the outermost): the order a struct declares its fields in, which a JSON
/// [`Value`] (a sorted map) forgets. Forms show parameters in it. Arrays' objects are not
/// looked into.
///
/// ```
/// let order = ludoforge_job::declared_order(r#"{"size": 1, "board": {"width": 2, "height": 3}, "agent": "x"}"#);
/// assert_eq!(order, serde_json::json!({"": ["size", "board", "agent"], "board": ["width", "height"]}));
/// ```
///
/// # Panics
/// When `text` is not JSON (it is always made by `serde_json` here).
#[must_use]
pub fn declared_order(text: &str) -> Value {
    let mut order = serde_json::Map::new();
    let mut reader = serde_json::Deserializer::from_str(text);
    serde::de::DeserializeSeed::deserialize(
        Keys {
            path: String::new(),
            order: &mut order,
        },
        &mut reader,
    )
    .expect("JSON text");
    Value::Object(order)
}

/// Records the keys of the objects it reads (see [`declared_order`]).
struct Keys<'a> {
    path: String,
    order: &'a mut serde_json::Map<String, Value>,
}

impl<'de> serde::de::DeserializeSeed<'de> for Keys<'_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, reader: D) -> Result<(), D::Error> {
        reader.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Keys<'_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_none<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut items: A) -> Result<(), A::Error> {
        while items.next_element::<serde::de::IgnoredAny>()?.is_some() {}
        Ok(())
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut keys = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            let path = if self.path.is_empty() {
                key.clone()
            } else {
                format!("{}.{key}", self.path)
            };
            map.next_value_seed(Keys {
                path,
                order: &mut *self.order,
            })?;
            keys.push(Value::from(key));
        }
        self.order.insert(self.path, Value::Array(keys));
        Ok(())
    }
}

/// Writes the descriptors offered into an exploration's schema: its `descriptors` become a
/// list of two or three of these names, each with what it measures.
fn offer_descriptors(schema: &mut Value, offered: &[crate::explore::Descriptor]) {
    if offered.is_empty() {
        return;
    }
    let Some(list) = schema
        .pointer_mut("/$defs/ExploreSettings/properties/descriptors")
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    let choices: Vec<Value> = offered
        .iter()
        .map(|d| serde_json::json!({"const": d.name, "description": d.help}))
        .collect();
    list.insert("items".into(), serde_json::json!({"oneOf": choices}));
    list.insert("maxItems".into(), Value::from(3));
}
