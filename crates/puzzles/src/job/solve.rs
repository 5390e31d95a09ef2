//! `puzzle-solve`: the fewest moves across a puzzle, and a shortest solution.

use ludoforge_job::engine::pictures;
use ludoforge_job::{Artifact, Context, File, JobError, Spec, media};
use serde_json::Value;

use super::evolve::{board_text, svg};
use super::params::SolveParams;
use crate::format::{Puzzle, read_puzzle};

/// `puzzle-solve`: solve a puzzle, hand-made or generated.
pub struct SolveJob;

impl Spec for SolveJob {
    type Params = SolveParams;
    type Checked = Puzzle;

    fn id(&self) -> &'static str {
        "puzzle-solve"
    }

    fn title(&self) -> &'static str {
        "Solve a puzzle"
    }

    fn help(&self) -> &'static str {
        "Solve a chess or chromatic maze, hand-made or generated: the fewest moves from the \
         entrance to the exit, and one shortest solution."
    }

    fn input(&self) -> Option<&'static str> {
        Some(
            "a maze: a puzzle object, a result of the chess or chromatic maze jobs, or a replicate set",
        )
    }

    fn sample(&self) -> Option<SolveParams> {
        // A rook against five knights on the paper's 11×11 board.
        Some(SolveParams {
            puzzle: serde_json::json!({
                "kind": "chess", "width": 11, "height": 11, "agent": "rook",
                "entrance": "a1", "exit": "k11",
                "pieces": [
                    {"piece": "N", "square": "f2"}, {"piece": "N", "square": "c4"},
                    {"piece": "N", "square": "f7"}, {"piece": "N", "square": "i7"},
                    {"piece": "N", "square": "e9"}
                ]
            }),
            ..SolveParams::default()
        })
    }

    fn validate(&self, p: &SolveParams) -> Result<Puzzle, JobError> {
        let text = match &p.puzzle {
            Value::Null => {
                return Err(JobError::parameters(
                    "no puzzle given: give a puzzle object, a generated result or a replicate \
                     set as `puzzle`",
                ));
            }
            Value::String(text) => text.clone(),
            other => other.to_string(),
        };
        Ok(read_puzzle(&text)?)
    }

    fn execute(
        &self,
        puzzle: Puzzle,
        p: &SolveParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        let board = puzzle.board();
        let Some(solution) = puzzle.solve() else {
            let (entrance, exit) = match &puzzle {
                Puzzle::Chess(m) => (m.entrance, m.exit),
                Puzzle::Chromatic(m) => (m.entrance, m.exit),
            };
            return Err(JobError::input(format!(
                "this puzzle has no solution: the exit {} cannot be reached from the entrance \
                 {}\n{}",
                board.name(exit),
                board.name(entrance),
                board_text(&puzzle, true)
            )));
        };
        let names: Vec<String> = solution.path.iter().map(|&i| board.name(i)).collect();
        let mut artifact = Artifact::new(self.id(), env!("CARGO_PKG_VERSION"), seed, p);
        artifact.report("kind", puzzle.kind());
        artifact.report("min_moves", solution.min_moves);
        artifact.report("solution", &names);
        artifact.report("measures", solution.measures);
        artifact.files.push(File::json(
            "result",
            &serde_json::json!({
                "kind": puzzle.kind(),
                "min_moves": solution.min_moves,
                "solution": names,
                "measures": solution.measures,
            }),
        ));
        let caption = format!("{} moves", solution.min_moves);
        pictures(context, &mut artifact.files, 2.0, || {
            svg(&puzzle, &solution, Some(caption), &p.picture)
        })?;
        if context.wants("pdf") {
            artifact.files.push(super::evolve::print_file(
                context, &puzzle, &solution, None,
            )?);
        }
        let text = format!(
            "{}\n{} moves: {}\n",
            board_text(&puzzle, p.picture.reveal),
            solution.min_moves,
            names.join(" ")
        );
        artifact
            .files
            .push(File::new("text", media::TEXT, text.into_bytes()));
        Ok(artifact)
    }
}
