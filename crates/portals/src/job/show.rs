//! `portals-show`: a saved dungeon measured and drawn again.

use ludoforge_job::{Artifact, Context, JobError, Spec};
use serde_json::Value;

use super::files::{add_files, describe};
use super::params::ShowParams;
use crate::dungeon::Dungeon;
use crate::format::{DungeonEntry, DungeonFile};
use crate::measures::Measures;

/// `portals-show`: re-measure and redraw a dungeon file.
pub struct ShowJob;

impl Spec for ShowJob {
    type Params = ShowParams;
    type Checked = (DungeonFile, Dungeon);

    fn id(&self) -> &'static str {
        "portals-show"
    }

    fn title(&self) -> &'static str {
        "Show a portal dungeon"
    }

    fn help(&self) -> &'static str {
        "Read a dungeon file written by the portals job, check every invariant, measure it again \
         with the same walks (in case it was edited) and make its file, picture, graph and \
         handout anew."
    }

    fn input(&self) -> Option<&'static str> {
        Some("a dungeon file written by the portals job")
    }

    fn sample(&self) -> Option<ShowParams> {
        // A dungeon of minimum route 5 (seed 1).
        Some(ShowParams {
            dungeon: Value::String(include_str!("../../samples/dungeon.json").to_string()),
        })
    }

    fn draw(
        &self,
        result: &serde_json::Value,
        context: &Context,
    ) -> Option<Result<Vec<ludoforge_job::File>, JobError>> {
        super::files::draw(result, context)
    }

    fn validate(&self, p: &ShowParams) -> Result<Self::Checked, JobError> {
        let text = match &p.dungeon {
            Value::Null => {
                return Err(JobError::parameters(
                    "no dungeon given: give a dungeon file written by the portals job as \
                     `dungeon`",
                ));
            }
            Value::String(text) => text.clone(),
            Value::Object(_) => p.dungeon.to_string(),
            other => {
                return Err(JobError::parameters(format!(
                    "dungeon {other}: give the dungeon file written by the portals job, as its                      JSON object or the text of the file"
                )));
            }
        };
        DungeonFile::parse(&text).map_err(|e| JobError::input(plain(&e.to_string())))
    }

    fn execute(
        &self,
        (mut file, dungeon): Self::Checked,
        p: &ShowParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        context.stage("walking the dungeon", None, "walks");
        // Measure again with the streams it was made with, in case the dungeon was edited.
        let settings = file.settings;
        file.measures = context
            .install(|| {
                Measures::of(
                    &dungeon,
                    settings.walks.max(1),
                    settings.memory,
                    &mut settings.walk_stream(file.seed, file.candidate, &dungeon),
                )
            })?
            .map_err(|e| JobError::input(format!("the dungeon cannot be walked: {e}")))?;
        file.verdicts = file.targets.judge(&file.measures);
        file.score = file.verdicts.iter().map(|v| v.miss).sum();
        file.dungeon = DungeonEntry::of(&dungeon);
        let mut artifact = Artifact::new(self.id(), env!("CARGO_PKG_VERSION"), seed, p);
        add_files(&mut artifact, &file, &dungeon, context)?;
        describe(&mut artifact, &file);
        artifact.report("dungeon_seed", file.seed);
        Ok(artifact)
    }
}

/// A file-reading message with the library's type names put in words: `expected struct
/// DungeonFile with 10 elements` becomes `expected a JSON object`.
fn plain(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(at) = rest.find("expected struct ") {
        out.push_str(&rest[..at]);
        out.push_str("expected a JSON object");
        let after = &rest[at + "expected struct ".len()..];
        // The type's name, then any " with N elements".
        let name_end = after
            .find(|c: char| !c.is_alphanumeric() && c != '_')
            .unwrap_or(after.len());
        rest = &after[name_end..];
        if let Some(tail) = rest.strip_prefix(" with ")
            && let Some(end) = tail.find(" element")
        {
            let elements = &tail[end + " element".len()..];
            rest = elements.strip_prefix('s').unwrap_or(elements);
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn type_names_are_put_in_words() {
        assert_eq!(
            plain("invalid length 0, expected struct DungeonFile with 10 elements at line 1"),
            "invalid length 0, expected a JSON object at line 1"
        );
        assert_eq!(
            plain("invalid type: integer `5`, expected struct RoomEntry at line 3"),
            "invalid type: integer `5`, expected a JSON object at line 3"
        );
        assert_eq!(plain("missing field `seed`"), "missing field `seed`");
    }
}
