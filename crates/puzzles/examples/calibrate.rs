//! Quick calibration: a few replicates of the paper's experiments.
use ludoforge_evolve::{Budget, Goal, Run, SteadyState};
use ludoforge_puzzles::board::Board;
use ludoforge_puzzles::chess::{ChessProblem, PieceKind, piece::parse_pieces};
use ludoforge_puzzles::chromatic::ChromaticProblem;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map(String::as_str).unwrap_or("c11");
    let reps: u64 = args.get(2).map_or(3, |s| s.parse().unwrap());
    for seed in 0..reps {
        let t = Instant::now();
        let (best, counters) = match which {
            "c11" | "c21" | "c6" | "t40" => {
                let n = match which {
                    "c21" => 21,
                    "c6" => 6,
                    _ => 11,
                };
                let board = Board::new(n, n).unwrap();
                let p = ChromaticProblem::new(board, 0, board.len() - 1).unwrap();
                let matings = if n == 21 { 100_000 } else { 40_000 };
                let goal = if which == "t40" {
                    Goal::target(40.0, 1000.0)
                } else {
                    Goal::Maximise
                };
                let r = Run::new(&p, SteadyState::new(1200))
                    .goal(goal)
                    .stop_when_met(true)
                    .budget(Budget::matings(matings))
                    .seed(seed)
                    .execute()
                    .unwrap();
                (r.best.fitness(), r.counters)
            }
            pieces => {
                let (pieces, target) = match pieces.split_once('@') {
                    Some((p, t)) => (p, Some(t.parse::<f64>().unwrap())),
                    None => (pieces, None),
                };
                let board = Board::new(11, 11).unwrap();
                let p = ChessProblem::new(
                    board,
                    PieceKind::Rook,
                    0,
                    120,
                    parse_pieces(pieces).unwrap(),
                )
                .unwrap();
                let goal = target.map_or(Goal::Maximise, |t| Goal::target(t, 1000.0));
                let r = Run::new(&p, SteadyState::new(1200))
                    .goal(goal)
                    .stop_when_met(true)
                    .budget(Budget::matings(40_000))
                    .seed(seed)
                    .execute()
                    .unwrap();
                (r.best.fitness(), r.counters)
            }
        };
        println!(
            "{which} seed {seed}: best {best} in {:?} ({counters:?})",
            t.elapsed()
        );
    }
}
