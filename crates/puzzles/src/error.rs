//! What can be wrong with a puzzle or its settings.

/// A puzzle, a puzzle file or a generation setting that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// A board side outside 3..=64.
    #[error(
        "a board of {width}x{height} is not allowed: each side must be between 3 and 64 squares"
    )]
    BoardSize {
        /// Files.
        width: usize,
        /// Ranks.
        height: usize,
    },
    /// A square name that is malformed or off the board.
    #[error(
        "{text:?} is not a square of a {width}x{height} board: write a file letter and a rank \
         number, such as a1 or c3"
    )]
    BadSquare {
        /// The text given.
        text: String,
        /// Files.
        width: usize,
        /// Ranks.
        height: usize,
    },
    /// The entrance and the exit are the same square.
    #[error("the entrance and the exit are both {square}: choose two different squares")]
    SameEntranceExit {
        /// The square.
        square: String,
    },
    /// A piece list that cannot be read.
    #[error(
        "cannot read the pieces {text:?}: {why}; write counts and letters K Q R B N P, \
         such as 5N, 7P or R,N,3P"
    )]
    BadPieces {
        /// The text given.
        text: String,
        /// What is wrong.
        why: String,
    },
    /// An agent name that is not a chess piece.
    #[error("unknown agent {name:?}: choose king, queen, rook, bishop, knight or pawn")]
    BadAgent {
        /// The name given.
        name: String,
    },
    /// More pieces than squares to put them on.
    #[error(
        "{pieces} pieces do not fit on a {width}x{height} board: at most {free} squares are free \
         (the entrance and exit stay empty)"
    )]
    TooManyPieces {
        /// Pieces asked for.
        pieces: usize,
        /// Free squares.
        free: usize,
        /// Files.
        width: usize,
        /// Ranks.
        height: usize,
    },
    /// A maze that no agent of this kind could ever solve, whatever the pieces.
    #[error("{why}")]
    Unsolvable {
        /// Why, and what to change.
        why: String,
    },
    /// A chromatic colour letter or row that cannot be read.
    #[error("{why}")]
    BadColours {
        /// What is wrong, and where.
        why: String,
    },
    /// Pieces in a puzzle that break the rules (overlap, on or covering the entrance or exit).
    #[error("{why}")]
    IllegalPosition {
        /// What is wrong.
        why: String,
    },
    /// A target no board of this size can reach.
    #[error(
        "a target of {target} moves is impossible on this board of {squares} squares: every \
         puzzle there needs at least {min} and at most {max} moves; choose a target in that range"
    )]
    ImpossibleTarget {
        /// The target asked for.
        target: u32,
        /// Squares on the board.
        squares: usize,
        /// The fewest moves any puzzle of the specification needs.
        min: usize,
        /// The largest conceivable minimum.
        max: usize,
    },
    /// A setting out of range.
    #[error("{name} = {value} is out of range: {expected}")]
    Setting {
        /// The setting.
        name: &'static str,
        /// The value given.
        value: String,
        /// What is allowed.
        expected: String,
    },
    /// A puzzle file that cannot be read.
    #[error("{why}")]
    BadFile {
        /// What is wrong, and where.
        why: String,
    },
    /// The search could not be carried out.
    #[error(transparent)]
    Evolve(#[from] ludoforge_evolve::EvolveError),
}
