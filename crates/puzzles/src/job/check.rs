//! Chess and chromatic mazes checked as the `check` job asks ([`ludoforge_job::check`]): a
//! maze read back from any file the puzzle jobs write, or drawn by hand, held to the rules the
//! generator holds its own mazes to, and measured by the same solver.
//!
//! A maze is valid when its position is legal (chess: no piece on the entrance or exit, none
//! sharing a square, none covering the entrance or exit) and its exit can be reached. Its
//! measures are the fewest moves and the solver's measures, the same numbers `puzzle solve`
//! reports and the exploration jobs take as descriptors.

use ludoforge_job::check::{Checked, Measure, Problem};
use ludoforge_job::engine::pictures;
use ludoforge_job::{Context, JobError};
use serde_json::Value;

use crate::format::{Puzzle, PuzzleFile};
use crate::generate::GENERATOR;
use crate::render::{View, chess_svg, chromatic_svg};
use crate::solve::Solution;

/// The maze in `document` checked, when the document is a puzzle: a puzzle job's result (or
/// an exploration's elite, or a replicate set), or a bare maze object.
#[must_use]
pub fn check(document: &Value, context: &Context) -> Option<Result<Checked, JobError>> {
    let inner = maze_of(document)?;
    Some(checked(inner, context))
}

/// The maze object inside a puzzle document; `None` for a document that is not one.
fn maze_of(document: &Value) -> Option<&Value> {
    let is_maze = |v: &Value| {
        matches!(
            v.get("kind").and_then(Value::as_str),
            Some("chess" | "chromatic")
        )
    };
    let ours = document.get("generator").and_then(Value::as_str) == Some(GENERATOR);
    let inner = crate::format::maze_object(document);
    (ours || is_maze(inner)).then_some(inner)
}

fn checked(maze: &Value, context: &Context) -> Result<Checked, JobError> {
    let file: PuzzleFile = serde_json::from_value(maze.clone()).map_err(|e| {
        JobError::input(format!(
            "not a maze ({e}); a maze is an object with \"kind\": \"chess\" (width, height, \
             agent, pieces) or \"kind\": \"chromatic\" (rows)"
        ))
    })?;
    let puzzle = Puzzle::drafted(&file)?;
    let board = *puzzle.board();
    let (of, kind) = match &puzzle {
        Puzzle::Chess(m) => (
            "puzzle-chess",
            format!("chess maze {}×{} ({})", board.width, board.height, m.agent),
        ),
        Puzzle::Chromatic(_) => (
            "puzzle-chromatic",
            format!("chromatic maze {}×{}", board.width, board.height),
        ),
    };
    let content = serde_json::to_value(puzzle.to_file()).expect("a maze serialises");
    let illegal = match &puzzle {
        Puzzle::Chess(m) => m.illegal(),
        Puzzle::Chromatic(_) => None,
    };
    let mut files = Vec::new();
    if let Some((reason, squares)) = illegal {
        let at: Vec<String> = squares.iter().map(|&i| board.name(i)).collect();
        pictures(context, &mut files, 2.0, || {
            picture(&puzzle, &View::player().with_marks(&squares), &reason)
        })?;
        return Ok(Checked {
            of,
            suggest: Some(suggest_of(of)),
            kind,
            problem: Some(Problem { reason, at }),
            measures: Vec::new(),
            content,
            files,
        });
    }
    let Some(solution) = puzzle.solve() else {
        let (entrance, exit) = ends(&puzzle);
        let reachable = puzzle.reachable().len();
        let reason = format!(
            "the exit {} cannot be reached from the entrance {}: the agent reaches {reachable} \
             of {} squares",
            board.name(exit),
            board.name(entrance),
            board.len()
        );
        pictures(context, &mut files, 2.0, || {
            picture(
                &puzzle,
                &View::revealed().with_marks(&[exit]),
                "no way across: the exit cannot be reached",
            )
        })?;
        return Ok(Checked {
            of,
            suggest: Some(suggest_of(of)),
            kind,
            problem: Some(Problem {
                reason,
                at: vec![board.name(exit)],
            }),
            measures: vec![Measure::descriptor("reachable", reachable)],
            content,
            files,
        });
    };
    pictures(context, &mut files, 2.0, || {
        picture(
            &puzzle,
            &View::player().with_solution(&solution.path),
            &format!("{} moves", solution.min_moves),
        )
    })?;
    Ok(Checked {
        of,
        suggest: Some(suggest_of(of)),
        kind,
        problem: None,
        measures: measures(&puzzle, &solution),
        content,
        files,
    })
}

/// The exploration that makes suggestions around a maze of job `of`.
fn suggest_of(of: &str) -> &'static str {
    if of == "puzzle-chess" {
        "puzzle-chess-explore"
    } else {
        "puzzle-chromatic-explore"
    }
}

/// The entrance and exit.
fn ends(puzzle: &Puzzle) -> (usize, usize) {
    match puzzle {
        Puzzle::Chess(m) => (m.entrance, m.exit),
        Puzzle::Chromatic(m) => (m.entrance, m.exit),
    }
}

/// The solver's figures: the descriptors the explorations offer, in their order, then the
/// rest.
fn measures(puzzle: &Puzzle, solution: &Solution) -> Vec<Measure> {
    let m = &solution.measures;
    let board = puzzle.board();
    let mut out = vec![
        Measure::descriptor("min_moves", solution.min_moves),
        Measure::descriptor("decision_points", m.decision_points),
        Measure::descriptor("dead_ends", m.dead_ends),
        Measure::descriptor("reachable", m.reachable),
        Measure::plain(
            "shortest_solutions",
            serde_json::to_value(m)
                .ok()
                .and_then(|v| v.get("shortest_solutions").cloned())
                .unwrap_or(Value::Null),
        ),
    ];
    if let Some(changes) = m.colour_changes {
        out.push(Measure::plain("colour_changes", changes));
    }
    let names: Vec<String> = solution.path.iter().map(|&i| board.name(i)).collect();
    out.push(Measure::plain("solution", names));
    out
}

/// The maze drawn as the puzzle jobs draw it, with a caption line.
fn picture(puzzle: &Puzzle, view: &View, caption: &str) -> String {
    let view = View {
        caption: Some(caption.to_string()),
        ..view.clone()
    };
    match puzzle {
        Puzzle::Chess(m) => chess_svg(m, &view),
        Puzzle::Chromatic(m) => chromatic_svg(m, &view),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use serde_json::json;

    use super::*;

    fn run(document: &Value) -> Checked {
        let cancel = AtomicBool::new(false);
        let listen = |_: &ludoforge_job::Event| {};
        let context = Context::new(&listen, &cancel).want("svg");
        check(document, &context)
            .expect("a maze")
            .expect("readable")
    }

    /// A 3×3 chromatic maze worked out by hand: red everywhere but an orange b2, so the
    /// agent goes round the edge: a1 b1 c1 c2 c3 is 4 moves, and so is a1 a2 a3 b3 c3; b2
    /// (orange next to red) is reachable too (red→orange is one step round the wheel).
    #[test]
    fn a_hand_made_chromatic_maze() {
        let checked = run(&json!({"kind": "chromatic", "rows": ["RRR", "ROR", "RRR"]}));
        assert_eq!(checked.of, "puzzle-chromatic");
        assert!(checked.problem.is_none());
        let value = |name: &str| {
            checked
                .measures
                .iter()
                .find(|m| m.name == name)
                .unwrap()
                .value
                .clone()
        };
        assert_eq!(value("min_moves"), 4);
        assert_eq!(value("reachable"), 9);
        assert!(checked.files.iter().any(|f| f.role == "svg"));
    }

    /// Painting the squares round the entrance green (two steps from red) cuts it off.
    #[test]
    fn an_unreachable_exit_is_named_and_ringed() {
        let checked = run(&json!({"kind": "chromatic", "rows": ["RRR", "GRR", "RGR"]}));
        let problem = checked.problem.expect("invalid");
        assert_eq!(problem.at, ["c3"]);
        assert!(
            problem.reason.contains("reaches 1 of 9 squares"),
            "{}",
            problem.reason
        );
        let svg = String::from_utf8(checked.files[0].bytes.clone()).unwrap();
        assert!(svg.contains("<title>problem at c3</title>"), "{svg}");
    }

    #[test]
    fn an_illegal_position_names_the_piece() {
        let checked = run(&json!({
            "kind": "chess", "width": 5, "height": 5, "agent": "rook",
            "pieces": [{"piece": "N", "square": "b3"}]
        }));
        let problem = checked.problem.expect("invalid");
        assert_eq!(problem.at, ["b3", "a1"]);
        assert!(problem.reason.contains("covers the entrance a1"));
    }

    #[test]
    fn other_documents_are_left_to_other_generators() {
        let cancel = AtomicBool::new(false);
        let listen = |_: &ludoforge_job::Event| {};
        let context = Context::new(&listen, &cancel);
        assert!(check(&json!({"generator": "portals"}), &context).is_none());
        assert!(check(&json!({"kind": "sudoku"}), &context).is_none());
    }
}
