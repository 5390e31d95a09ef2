//! What to generate and how: a checked puzzle specification and evolution settings.

use serde::Serialize;

use ludoforge_evolve::Budget;

use crate::board::Board;
use crate::chess::PieceKind;
use crate::chess::maze::check_reachable;
use crate::chess::piece::format_pieces;
use crate::error::PuzzleError;

/// The puzzle to evolve, already checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PuzzleSpec {
    /// Place the given opposing pieces against an agent.
    Chess {
        /// The board.
        board: Board,
        /// The agent.
        agent: PieceKind,
        /// Entrance index.
        entrance: usize,
        /// Exit index.
        exit: usize,
        /// Opposing pieces' kinds.
        kinds: Vec<PieceKind>,
    },
    /// Colour a board.
    Chromatic {
        /// The board.
        board: Board,
        /// Entrance index.
        entrance: usize,
        /// Exit index.
        exit: usize,
    },
}

impl PuzzleSpec {
    /// A chess specification from user text: entrance and exit default to a1 and the opposite
    /// corner.
    ///
    /// # Errors
    /// [`PuzzleError`] naming the bad value and what to do.
    pub fn chess(
        width: usize,
        height: usize,
        agent: PieceKind,
        pieces: &str,
        entrance: Option<&str>,
        exit: Option<&str>,
    ) -> Result<Self, PuzzleError> {
        let board = Board::new(width, height)?;
        let (entrance, exit) = board.ends(entrance, exit)?;
        let kinds = crate::chess::piece::parse_pieces(pieces)?;
        let free = board.len() - 3;
        if kinds.len() > free {
            return Err(PuzzleError::TooManyPieces {
                pieces: kinds.len(),
                free,
                width,
                height,
            });
        }
        check_reachable(&board, agent, entrance, exit)?;
        Ok(PuzzleSpec::Chess {
            board,
            agent,
            entrance,
            exit,
            kinds,
        })
    }

    /// A chromatic specification from user text.
    ///
    /// # Errors
    /// [`PuzzleError`] naming the bad value.
    pub fn chromatic(
        width: usize,
        height: usize,
        entrance: Option<&str>,
        exit: Option<&str>,
    ) -> Result<Self, PuzzleError> {
        let board = Board::new(width, height)?;
        let (entrance, exit) = board.ends(entrance, exit)?;
        Ok(PuzzleSpec::Chromatic {
            board,
            entrance,
            exit,
        })
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        match self {
            PuzzleSpec::Chess { board, .. } | PuzzleSpec::Chromatic { board, .. } => board,
        }
    }

    /// The fewest moves any puzzle of this specification needs: the agent's moves across the
    /// empty board (pieces only take squares away), or the steps between entrance and exit on
    /// a chromatic board (each move goes to a neighbouring square).
    ///
    /// ```
    /// use ludoforge_puzzles::chess::PieceKind;
    /// use ludoforge_puzzles::settings::PuzzleSpec;
    /// let rook = PuzzleSpec::chess(11, 11, PieceKind::Rook, "5N", None, None).unwrap();
    /// assert_eq!(rook.min_conceivable_moves(), 2);
    /// let chromatic = PuzzleSpec::chromatic(6, 6, None, None).unwrap();
    /// assert_eq!(chromatic.min_conceivable_moves(), 10);
    /// ```
    #[must_use]
    pub fn min_conceivable_moves(&self) -> usize {
        match self {
            PuzzleSpec::Chess {
                board,
                agent,
                entrance,
                exit,
                ..
            } => crate::chess::ChessMaze::new(*board, *agent, *entrance, *exit, Vec::new())
                .ok()
                .and_then(|maze| maze.solve())
                .map_or(1, |s| s.min_moves as usize),
            PuzzleSpec::Chromatic {
                board,
                entrance,
                exit,
            } => {
                let (a, b) = (board.square(*entrance), board.square(*exit));
                a.file.abs_diff(b.file) + a.rank.abs_diff(b.rank)
            }
        }
    }

    /// The job that makes puzzles of this specification: `puzzle-chess` or `puzzle-chromatic`.
    #[must_use]
    pub fn job(&self) -> &'static str {
        match self {
            PuzzleSpec::Chess { .. } => "puzzle-chess",
            PuzzleSpec::Chromatic { .. } => "puzzle-chromatic",
        }
    }

    /// The most moves any puzzle of this specification could need: every free square visited.
    #[must_use]
    pub fn max_conceivable_moves(&self) -> usize {
        match self {
            PuzzleSpec::Chess { board, kinds, .. } => board.len() - kinds.len() - 1,
            PuzzleSpec::Chromatic { board, .. } => board.len() - 1,
        }
    }
}

/// Which evolutionary strategy to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StrategyKind {
    /// Ashlock's steady-state tournament (the default).
    SteadyState,
    /// Generational with tournament selection and elitism.
    Generational,
    /// An elite of a MAP-Elites archive (`puzzle-chess-explore`, `puzzle-chromatic-explore`);
    /// not a strategy `evolve` runs.
    MapElites,
    /// An elite of an archive filled by random sampling, for comparison; not a strategy
    /// `evolve` runs.
    Random,
}

/// How to evolve. The defaults are the paper's: population 1200, tournament 7, at most one
/// mutation, 40,000 matings, maximise.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Settings {
    /// Population size.
    pub population: usize,
    /// Limits of the run.
    pub budget: Budget,
    /// Maximum mutations per child (the number is uniform in 1..=max).
    pub max_mutations: usize,
    /// Tournament size.
    pub tournament: usize,
    /// The strategy.
    pub strategy: StrategyKind,
    /// Members kept unchanged each generation (generational strategy only).
    pub elite: usize,
    /// A wanted number of minimum moves; `None` maximises.
    pub target: Option<u32>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            population: 1200,
            budget: Budget::matings(40_000),
            max_mutations: 1,
            tournament: 7,
            strategy: StrategyKind::SteadyState,
            elite: 1,
            target: None,
        }
    }
}

/// The parameters recorded in a result, so it can be reproduced.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Params {
    /// "chess" or "chromatic".
    pub kind: &'static str,
    /// Files.
    pub width: usize,
    /// Ranks.
    pub height: usize,
    /// The agent (chess).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agent: Option<&'static str>,
    /// The opposing pieces in short form, e.g. "R,N,3P" (chess).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pieces: Option<String>,
    /// Entrance square.
    pub entrance: String,
    /// Exit square.
    pub exit: String,
    /// The evolution settings.
    #[serde(flatten)]
    pub settings: Settings,
}

impl Params {
    /// The parameters of a specification and settings.
    #[must_use]
    pub fn new(spec: &PuzzleSpec, settings: &Settings) -> Self {
        let board = spec.board();
        let (agent, pieces, entrance, exit) = match spec {
            PuzzleSpec::Chess {
                agent,
                entrance,
                exit,
                kinds,
                ..
            } => (
                Some(agent.name()),
                Some(format_pieces(kinds)),
                *entrance,
                *exit,
            ),
            PuzzleSpec::Chromatic { entrance, exit, .. } => (None, None, *entrance, *exit),
        };
        Params {
            kind: match spec {
                PuzzleSpec::Chess { .. } => "chess",
                PuzzleSpec::Chromatic { .. } => "chromatic",
            },
            width: board.width,
            height: board.height,
            agent,
            pieces,
            entrance: board.name(entrance),
            exit: board.name(exit),
            settings: *settings,
        }
    }
}
