//! What `portals` and `portals-show` hand back for a dungeon: its file, the exports the caller
//! wants, the summary and the report for the person who asked.

use ludoforge_job::engine::pictures;
use ludoforge_job::{Artifact, Context, File, JobError, media};
use serde_json::json;

use crate::dungeon::Dungeon;
use crate::format::DungeonFile;
use crate::{dot, handout, render};

/// The title of a dungeon's pictures, graph and handout.
fn title(file: &DungeonFile) -> String {
    format!(
        "Portal dungeon · M = {} · seed {}",
        file.settings.params.min_path, file.seed
    )
}

/// Adds the dungeon file (`result`) and the exports the caller wants: `dot` (Graphviz),
/// `svg` and `png` (the picture), `handout` (a game master's room handout, Markdown) and `pdf`
/// (the map and the handout, to print).
///
/// # Errors
/// [`JobError::Failed`] when the PNG cannot be drawn.
pub(super) fn add_files(
    artifact: &mut Artifact,
    file: &DungeonFile,
    dungeon: &Dungeon,
    context: &Context,
) -> Result<(), JobError> {
    artifact.files.push(File::new(
        "result",
        media::JSON,
        file.to_json().into_bytes(),
    ));
    if context.wants("dot") {
        artifact.files.push(File::new(
            "dot",
            media::DOT,
            dot::to_dot(dungeon, &title(file)).into_bytes(),
        ));
    }
    drawn(file, dungeon, context, &mut artifact.files)?;
    if context.wants("handout") {
        artifact.files.push(File::new(
            "handout",
            media::MARKDOWN,
            handout::markdown(dungeon, &title(file), file.seed).into_bytes(),
        ));
    }
    if context.wants("pdf") {
        artifact.files.push(print_file(file, dungeon, context)?);
    }
    Ok(())
}

/// The print-and-play PDF (role `pdf`): the map and the game master's handout.
fn print_file(file: &DungeonFile, dungeon: &Dungeon, context: &Context) -> Result<File, JobError> {
    let title = title(file);
    ludoforge_job::engine::pdf_file(context, &title, |paper| {
        crate::print::pages(dungeon, &title, file.seed, paper)
    })
}

/// Pictures of a portals result read back (an explored elite, a library row): `None` for a
/// document another generator wrote.
pub(super) fn draw(
    result: &serde_json::Value,
    context: &Context,
) -> Option<Result<Vec<File>, JobError>> {
    if result.get("generator").and_then(serde_json::Value::as_str) != Some(crate::format::GENERATOR)
    {
        return None;
    }
    Some((|| {
        let (file, dungeon) = DungeonFile::parse(&result.to_string())
            .map_err(|e| JobError::input(format!("the dungeon cannot be read: {e}")))?;
        let mut files = Vec::new();
        drawn(&file, &dungeon, context, &mut files)?;
        if context.wants("pdf") {
            files.push(print_file(&file, &dungeon, context)?);
        }
        Ok(files)
    })())
}

/// The dungeon's picture (`svg`, `png`), as the context wants.
fn drawn(
    file: &DungeonFile,
    dungeon: &Dungeon,
    context: &Context,
    files: &mut Vec<File>,
) -> Result<(), JobError> {
    let scale = if dungeon.rooms() <= 150 { 2.0 } else { 1.0 };
    pictures(context, files, scale, || {
        let m = &file.measures;
        let view = render::View {
            caption: Some(format!(
                "{} · {} rooms, {} portals · routes {}–{} · mean walk {:.1}",
                title(file),
                m.rooms,
                m.portals,
                m.shortest_route,
                m.longest_route,
                m.walks.mean
            )),
            ..render::View::default()
        };
        render::svg(dungeon, &view)
    })
}

/// Puts the dungeon's measures and verdicts in the summary, and the same in words among the
/// notes: its rooms and portals, its routes, its walks and how each target fares.
pub(super) fn describe(artifact: &mut Artifact, file: &DungeonFile) {
    let m = &file.measures;
    artifact.report("generator", &file.generator);
    artifact.report("min_path", file.settings.params.min_path);
    artifact.report("candidate", file.candidate);
    artifact.report("candidates", file.settings.candidates);
    artifact.report(
        "measures",
        json!({
            "rooms": m.rooms,
            "portals": m.portals,
            "decision_rooms": m.decision_rooms,
            "shortest_route": m.shortest_route,
            "longest_route": m.longest_route,
            // As text: the count can pass what a JSON number holds exactly.
            "routes": m.routes.to_string(),
            "expected_walk": m.expected_walk,
            "walks": {"min": m.walks.min, "mean": m.walks.mean, "max": m.walks.max},
        }),
    );
    artifact.report("verdicts", &file.verdicts);
    artifact.notes.push(format!(
        "{} rooms ({} decision, {} passage), {} portals; routes of {} to {} portals, {} in all",
        m.rooms,
        m.decision_rooms,
        m.passage_rooms,
        m.portals,
        m.shortest_route,
        m.longest_route,
        m.routes
    ));
    artifact.notes.push(format!(
        "{} simulated walks: shortest {}, mean {:.2} (exactly {:.2} expected), longest {}",
        m.walks.walks, m.walks.min, m.walks.mean, m.expected_walk, m.walks.max
    ));
    for v in &file.verdicts {
        artifact.notes.push(format!(
            "  {:<15} asked {:<14} got {:<8} {}",
            v.measure,
            v.asked,
            v.got,
            if v.met { "met" } else { "NOT met" }
        ));
    }
}
