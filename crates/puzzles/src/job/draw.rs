//! Pictures of a puzzle result read back: an elite of an exploration, a row of the library.

use ludoforge_job::engine::pictures;
use ludoforge_job::{Context, File, JobError};
use serde_json::Value;

use super::evolve::{print_file, svg};
use super::params::PictureParams;
use crate::format::read_puzzle;
use crate::generate::GENERATOR;

/// The maze of a puzzle result as the puzzle jobs draw it, captioned with its fewest moves and
/// seed; `None` for a document another generator wrote.
pub(super) fn draw(result: &Value, context: &Context) -> Option<Result<Vec<File>, JobError>> {
    if result.get("generator").and_then(Value::as_str) != Some(GENERATOR) {
        return None;
    }
    Some(drawn(result, context))
}

fn drawn(result: &Value, context: &Context) -> Result<Vec<File>, JobError> {
    let puzzle = read_puzzle(&result.to_string())?;
    let solution = puzzle.solve().ok_or_else(|| {
        JobError::input("this puzzle has no solution: the exit cannot be reached")
    })?;
    let board = puzzle.board();
    let seed = result
        .get("seed")
        .and_then(Value::as_u64)
        .map_or(String::new(), |s| format!(" · seed {s}"));
    let caption = format!(
        "{} {}×{} · {} moves{seed}",
        puzzle.kind(),
        board.width,
        board.height,
        solution.min_moves
    );
    let mut files = Vec::new();
    pictures(context, &mut files, 2.0, || {
        svg(&puzzle, &solution, Some(caption), &PictureParams::default())
    })?;
    if context.wants("pdf") {
        let seed = result.get("seed").and_then(Value::as_u64);
        files.push(print_file(context, &puzzle, &solution, seed)?);
    }
    Ok(files)
}
