//! Print-and-play pages of a maze: the puzzle page (the rules in two sentences and the board
//! as large as the page allows) and the answer page (the solution drawn and its moves listed).

use ludoforge_draw::{Paper, Print};

use crate::format::Puzzle;
use crate::render::{View, chess_svg, chromatic_svg};
use crate::solve::Solution;

/// The pages of `puzzle`, solved by `solution`, on `paper`, for [`ludoforge_draw::pdf`]; the
/// footer names the maze and `seed`.
///
/// # Errors
/// Only if a picture the renderer drew does not parse, which would be a bug.
pub fn pages(
    puzzle: &Puzzle,
    solution: &Solution,
    seed: Option<u64>,
    paper: Paper,
) -> Result<Vec<String>, ludoforge_draw::DrawError> {
    let board = puzzle.board();
    let seed = seed.map_or(String::new(), |s| format!(" · seed {s}"));
    let title = match puzzle {
        Puzzle::Chess(maze) => format!(
            "Chess maze: a {} against {}",
            maze.agent.name(),
            pieces(maze)
        ),
        Puzzle::Chromatic(_) => "Chromatic maze".to_string(),
    };
    let footer = format!(
        "ludoforge · {} maze {}×{}{seed}",
        puzzle.kind(),
        board.width,
        board.height
    );
    let entrance = board.name(entrance_of(puzzle));
    let exit = board.name(exit_of(puzzle));
    let rules = match puzzle {
        Puzzle::Chess(maze) => format!(
            "Move your {agent} as a chess {agent} moves, from the entrance E ({entrance}) to \
             the exit X ({exit}). It may never stop on or pass through a square that a black \
             piece stands on or attacks; the black pieces never move.",
            agent = maze.agent.name()
        ),
        Puzzle::Chromatic(_) => format!(
            "Walk from the entrance E ({entrance}) to the exit X ({exit}), one square at a time \
             up, down, left or right. Each step must go to a square of the same colour or of a \
             colour next to it on the wheel red, orange, yellow, green, blue, violet (and \
             violet is next to red)."
        ),
    };
    let view = View::player();
    let (player, answer) = match puzzle {
        Puzzle::Chess(maze) => (
            chess_svg(maze, &view),
            chess_svg(maze, &View::revealed().with_solution(&solution.path)),
        ),
        Puzzle::Chromatic(maze) => (
            chromatic_svg(maze, &view),
            chromatic_svg(maze, &View::player().with_solution(&solution.path)),
        ),
    };
    let mut print = Print::new(paper, &footer);
    print.heading(&title).paragraph(&rules).paragraph(&format!(
        "The shortest way takes {} moves. Can you find it?",
        solution.min_moves
    ));
    print.picture(&player, None, 200.0)?;
    print.new_page(ludoforge_draw::Orientation::Portrait);
    print.heading("Answer").paragraph(&format!(
        "{} moves: {}.",
        solution.min_moves,
        solution
            .path
            .iter()
            .map(|&i| board.name(i))
            .collect::<Vec<_>>()
            .join(" – ")
    ));
    print.picture(&answer, None, 200.0)?;
    Ok(print.finish())
}

/// The opposing pieces in words: "five knights", "a rook, a knight and three pawns".
fn pieces(maze: &crate::chess::ChessMaze) -> String {
    let mut counts: Vec<(crate::chess::PieceKind, usize)> = Vec::new();
    for &(kind, _) in &maze.pieces {
        match counts.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => counts.push((kind, 1)),
        }
    }
    let words: Vec<String> = counts
        .iter()
        .map(|&(kind, n)| match n {
            1 => format!("a {}", kind.name()),
            n => format!("{} {}s", number(n), kind.name()),
        })
        .collect();
    match words.as_slice() {
        [] => "an empty board".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn number(n: usize) -> String {
    const WORDS: [&str; 11] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

fn entrance_of(puzzle: &Puzzle) -> usize {
    match puzzle {
        Puzzle::Chess(maze) => maze.entrance,
        Puzzle::Chromatic(maze) => maze.entrance,
    }
}

fn exit_of(puzzle: &Puzzle) -> usize {
    match puzzle {
        Puzzle::Chess(maze) => maze.exit,
        Puzzle::Chromatic(maze) => maze.exit,
    }
}
