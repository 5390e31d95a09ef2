//! How the first population's colourings are drawn: the paper's uniform colouring, and the
//! carved colouring that takes over on large boards.
//!
//! Ashlock colours every square uniformly at random; a colouring whose exit cannot be reached
//! is rejected and drawn again. That works on the paper's boards (up to 21×21), but the chance
//! that a uniform colouring joins the entrance to the exit falls quickly with the distance
//! between them. Measured over 200,000 colourings corner to corner: 9.3% on a 6×6 board, 3.5%
//! on 11×11, 1.05% on 21×21, 0.40% on 32×32 and 0.060% on 64×64. A population of 1200 then
//! takes about 113,000 colourings on 21×21 (0.2 s on one core), 314,000 on 32×32 (1 s) and
//! 2.1 million colourings of 4096 squares on 64×64 (25 to 40 s on one core), all before the
//! first mating. On long, narrow boards the chance is smaller still: 0.003% on 3×30, none in
//! 200,000 on 3×38, where the paper's sampling gives up.
//!
//! # The rule
//!
//! - **[`Sampling::Uniform`], the paper's sampling**, when the entrance and the exit are at most
//!   [`UNIFORM_REACH`] = 40 moves apart (their Manhattan distance; 40 is the distance across
//!   the paper's largest board, 21×21, corner to corner). Every square is coloured uniformly and
//!   independently; the engine rejects and redraws a colouring whose exit cannot be reached.
//!   Everything the paper ran is sampled exactly as before, draw for draw, and gives the same
//!   output byte for byte.
//! - **[`Sampling::Carved`]** when they are farther apart, and also when the paper's sampling
//!   gives up (one member of the population found no solvable colouring in the engine's
//!   100,000 attempts; see [`crate::generate::evolve`]). Every square is coloured uniformly
//!   and independently, exactly as above; then a shortest route from the entrance to the exit
//!   is chosen uniformly among all shortest routes (a random order of its horizontal and
//!   vertical steps), and walked from the entrance: a square on it keeps its colour when the
//!   step onto it is safe, and otherwise is recoloured with one of the three colours that make
//!   the step safe, chosen uniformly. No colouring is rejected.
//!
//! Long, narrow boards within the reach keep the paper's sampling and its cost: a 5×36 board
//! (0.013%) needs about 9 million colourings of 180 squares, several seconds on one core; on
//! a 3×30 board (0.003%) some member usually runs out of attempts first, and the run starts
//! again carved.
//!
//! # What a carved colouring is, and is not
//!
//! - Every square's colour is uniform over the six colours, as in the paper: off the route the
//!   colours are the uniform draws themselves, and along it each colour is the previous one
//!   turned by −1, 0 or +1 places on the wheel with equal chances (whether the drawn colour is
//!   kept or replaced), a walk for which the uniform distribution is stationary.
//! - It gives the search no head start: the carved route is a shortest possible route, so a
//!   carved board needs exactly the Manhattan distance, the fewest moves any board can need
//!   (126 on 64×64 corner to corner). Every move beyond that is found by evolution. A uniform
//!   colouring that happens to be solvable usually needs more (48.7 moves on average in a
//!   21×21 first population, against 40 carved).
//! - It favours no part of the board: the route is uniform among all shortest routes, and
//!   which squares lie on it does not depend on the colours.
//! - It is not the paper's distribution (a uniform colouring given that it is solvable): the
//!   colours along the route are correlated, and the route always runs monotonically from the
//!   entrance to the exit.
//!
//! The cost is O(squares) per colouring, with no retries: a 64×64 population of 1200 is drawn
//! in about 0.05 s on one core.

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::below;
use serde::Serialize;

use crate::board::Board;
use crate::chromatic::colour::compatible;

/// The largest Manhattan distance between entrance and exit for which the first population
/// is drawn with the paper's uniform sampling: the distance across a 21×21 board, the largest
/// in the paper.
pub const UNIFORM_REACH: usize = 40;

/// How the first population's colourings are drawn (see the [module documentation](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Sampling {
    /// The paper's: uniform colourings, redrawn until the exit can be reached.
    Uniform,
    /// A uniform colouring with a uniformly chosen shortest route made safe.
    Carved,
}

impl Sampling {
    /// The sampling the rule picks for a board: [`Sampling::Uniform`] when the entrance and
    /// exit are at most [`UNIFORM_REACH`] moves apart, [`Sampling::Carved`] otherwise.
    ///
    /// ```
    /// use ludoforge_puzzles::board::Board;
    /// use ludoforge_puzzles::chromatic::sample::Sampling;
    /// let paper = Board::new(21, 21).unwrap();
    /// assert_eq!(Sampling::for_board(&paper, 0, paper.len() - 1), Sampling::Uniform);
    /// let large = Board::new(22, 21).unwrap();
    /// assert_eq!(Sampling::for_board(&large, 0, large.len() - 1), Sampling::Carved);
    /// ```
    #[must_use]
    pub fn for_board(board: &Board, entrance: usize, exit: usize) -> Sampling {
        if distance(board, entrance, exit) <= UNIFORM_REACH {
            Sampling::Uniform
        } else {
            Sampling::Carved
        }
    }

    /// Whether this is the paper's sampling.
    #[must_use]
    pub fn is_uniform(&self) -> bool {
        *self == Sampling::Uniform
    }
}

/// The Manhattan distance between two squares: the fewest orthogonal steps between them.
#[must_use]
pub fn distance(board: &Board, a: usize, b: usize) -> usize {
    let (a, b) = (board.square(a), board.square(b));
    a.file.abs_diff(b.file) + a.rank.abs_diff(b.rank)
}

/// A uniform colouring: one draw per square, in index order (Ashlock, section III). O(squares).
#[must_use]
pub fn uniform(board: &Board, rng: &mut Stream) -> Vec<u8> {
    let mut colours = vec![0u8; board.len()];
    for colour in &mut colours {
        *colour = below(rng, 6) as u8;
    }
    colours
}

/// A carved colouring: a [`uniform`] colouring in which a uniformly chosen shortest route from
/// `entrance` to `exit` is made safe, recolouring only the squares whose step is unsafe. The
/// exit can always be reached, in exactly [`distance`] moves. O(squares).
///
/// ```
/// use ludoforge_evolve::rng::stream;
/// use ludoforge_puzzles::board::Board;
/// use ludoforge_puzzles::chromatic::fast::min_moves;
/// use ludoforge_puzzles::chromatic::sample::carved;
/// let board = Board::new(64, 64).unwrap();
/// let colours = carved(&board, 0, 4095, &mut stream(1, 0, 0));
/// assert_eq!(min_moves(&board, &colours, 0, 4095), Some(126));
/// ```
///
/// # Panics
/// Panics if `entrance` or `exit` is not a square of `board`.
#[must_use]
pub fn carved(board: &Board, entrance: usize, exit: usize, rng: &mut Stream) -> Vec<u8> {
    let mut colours = uniform(board, rng);
    let (from, to) = (board.square(entrance), board.square(exit));
    let file_step = if to.file > from.file { 1 } else { -1 };
    let rank_step = if to.rank > from.rank { 1 } else { -1 };
    let (mut across, mut up) = (from.file.abs_diff(to.file), from.rank.abs_diff(to.rank));
    let mut at = entrance;
    while across + up > 0 {
        // Each order of the remaining steps is equally likely.
        let next = if below(rng, across + up) < across {
            across -= 1;
            board.offset(at, file_step, 0)
        } else {
            up -= 1;
            board.offset(at, 0, rank_step)
        }
        .expect("a shortest route stays on the board");
        if !compatible(colours[at], colours[next]) {
            // −1, 0 or +1 places round the wheel from the colour just left.
            colours[next] = (colours[at] + 5 + below(rng, 3) as u8) % 6;
        }
        at = next;
    }
    colours
}

#[cfg(test)]
mod tests {
    use ludoforge_evolve::rng::stream;

    use super::*;
    use crate::chromatic::fast::min_moves;

    #[test]
    fn the_papers_boards_keep_the_papers_sampling() {
        for side in [6, 11, 21] {
            let board = Board::new(side, side).unwrap();
            assert_eq!(
                Sampling::for_board(&board, 0, board.len() - 1),
                Sampling::Uniform
            );
        }
        let board = Board::new(32, 32).unwrap();
        assert_eq!(
            Sampling::for_board(&board, 0, board.len() - 1),
            Sampling::Carved
        );
        // Near each other on a large board, the entrance and exit are joined often enough.
        assert_eq!(
            Sampling::for_board(&board, 0, board.len() / 2),
            Sampling::Uniform
        );
    }

    #[test]
    fn uniform_draws_one_colour_per_square_in_order() {
        let board = Board::new(7, 5).unwrap();
        let mut expected = stream(3, 0, 0);
        let wanted: Vec<u8> = (0..35).map(|_| below(&mut expected, 6) as u8).collect();
        assert_eq!(uniform(&board, &mut stream(3, 0, 0)), wanted);
    }

    #[test]
    fn carving_recolours_only_the_route() {
        let board = Board::new(30, 30).unwrap();
        for seed in 0..50 {
            let drawn = uniform(&board, &mut stream(seed, 0, 0));
            let colours = carved(&board, 0, board.len() - 1, &mut stream(seed, 0, 0));
            assert_eq!(min_moves(&board, &colours, 0, board.len() - 1), Some(58));
            let changed = drawn.iter().zip(&colours).filter(|(a, b)| a != b).count();
            // At most every square of the route after the entrance.
            assert!(changed <= 58, "seed {seed}: {changed} squares changed");
        }
    }

    #[test]
    fn carved_colours_are_uniform_on_and_off_the_route() {
        // The corner squares next to a1 are on the route half the time each; a1 and the far
        // corner always are. Each must still show every colour about equally often.
        let board = Board::new(12, 12).unwrap();
        let squares = [0, 1, 12, 13, 77, 143];
        let mut counts = [[0u32; 6]; 6];
        let draws = 12_000;
        for seed in 0..draws {
            let colours = carved(&board, 0, 143, &mut stream(seed, 7, 0));
            for (k, &square) in squares.iter().enumerate() {
                counts[k][usize::from(colours[square])] += 1;
            }
        }
        for (k, row) in counts.iter().enumerate() {
            for &count in row {
                // Expected 2000 each; 5 standard deviations is about 200.
                assert!(
                    (1_800..2_200).contains(&count),
                    "square {}: {row:?}",
                    squares[k]
                );
            }
        }
    }
}
