//! Chess pieces: the opposing pieces' letters and the agent's kinds.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::PuzzleError;

/// A kind of chess piece.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum PieceKind {
    /// King: one square in any direction.
    King,
    /// Queen: any distance along ranks, files and diagonals.
    Queen,
    /// Rook: any distance along ranks and files.
    Rook,
    /// Bishop: any distance along diagonals.
    Bishop,
    /// Knight: an L-shaped jump.
    Knight,
    /// Pawn: the agent moves one square forward; opposing pawns attack diagonally forward.
    Pawn,
}

impl PieceKind {
    /// Every kind, in the canonical order K Q R B N P.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::King,
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
        PieceKind::Pawn,
    ];

    /// The letter of standard notation: K Q R B N P.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Queen => 'Q',
            PieceKind::Rook => 'R',
            PieceKind::Bishop => 'B',
            PieceKind::Knight => 'N',
            PieceKind::Pawn => 'P',
        }
    }

    /// The kind of a letter (either case).
    #[must_use]
    pub fn from_letter(letter: char) -> Option<PieceKind> {
        PieceKind::ALL
            .into_iter()
            .find(|kind| kind.letter() == letter.to_ascii_uppercase())
    }

    /// The lowercase English name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            PieceKind::King => "king",
            PieceKind::Queen => "queen",
            PieceKind::Rook => "rook",
            PieceKind::Bishop => "bishop",
            PieceKind::Knight => "knight",
            PieceKind::Pawn => "pawn",
        }
    }

    /// The Unicode chess symbol: white (the agent) or black (the opposing pieces).
    #[must_use]
    pub fn symbol(self, white: bool) -> char {
        let offset = PieceKind::ALL
            .iter()
            .position(|&k| k == self)
            .expect("listed") as u32;
        char::from_u32(if white { 0x2654 } else { 0x265A } + offset).expect("chess symbol")
    }

    /// Whether the piece moves any distance along lines (queen, rook, bishop).
    #[must_use]
    pub fn slides(self) -> bool {
        matches!(self, PieceKind::Queen | PieceKind::Rook | PieceKind::Bishop)
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PieceKind {
    type Err = PuzzleError;

    /// Reads a name ("rook") or a letter ("R").
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let lower = text.trim().to_ascii_lowercase();
        PieceKind::ALL
            .into_iter()
            .find(|kind| {
                kind.name() == lower
                    || (lower.len() == 1 && kind.letter().to_ascii_lowercase().to_string() == lower)
            })
            .ok_or(PuzzleError::BadAgent {
                name: text.to_string(),
            })
    }
}

/// Largest number of opposing pieces in one set.
pub const MAX_PIECES: usize = 4096;

/// Reads a set of opposing pieces such as `5N`, `7P` or `R,N,3P` into kinds in canonical order.
///
/// ```
/// use ludoforge_puzzles::chess::piece::{parse_pieces, PieceKind::*};
/// assert_eq!(parse_pieces("R,N,3P").unwrap(), vec![Rook, Knight, Pawn, Pawn, Pawn]);
/// assert_eq!(parse_pieces("5n").unwrap(), vec![Knight; 5]);
/// assert!(parse_pieces("5X").is_err());
/// ```
///
/// # Errors
/// [`PuzzleError::BadPieces`] for an unknown letter, a count of zero, a count with no letter or
/// an empty set.
pub fn parse_pieces(text: &str) -> Result<Vec<PieceKind>, PuzzleError> {
    let bad = |why: String| PuzzleError::BadPieces {
        text: text.to_string(),
        why,
    };
    let mut kinds = Vec::new();
    let mut count = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            count.push(c);
        } else if c == ',' || c.is_whitespace() {
            if !count.is_empty() {
                return Err(bad(format!(
                    "the count {count} has no piece letter after it"
                )));
            }
        } else {
            let kind = PieceKind::from_letter(c)
                .ok_or_else(|| bad(format!("{c:?} is not a piece letter")))?;
            let n: usize = if count.is_empty() {
                1
            } else {
                count
                    .parse()
                    .map_err(|_| bad(format!("{count} is too large a count")))?
            };
            if n == 0 {
                return Err(bad("a count of zero".to_string()));
            }
            if kinds.len() + n > MAX_PIECES {
                return Err(bad(format!("more than {MAX_PIECES} pieces")));
            }
            kinds.extend(std::iter::repeat_n(kind, n));
            count.clear();
        }
    }
    if !count.is_empty() {
        return Err(bad(format!(
            "the count {count} has no piece letter after it"
        )));
    }
    if kinds.is_empty() {
        return Err(bad("no pieces given".to_string()));
    }
    kinds.sort();
    Ok(kinds)
}

/// Writes kinds back in the short form: `R,N,3P`.
#[must_use]
pub fn format_pieces(kinds: &[PieceKind]) -> String {
    let mut sorted = kinds.to_vec();
    sorted.sort();
    let mut parts = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let run = sorted[i..].iter().take_while(|&&k| k == sorted[i]).count();
        parts.push(if run == 1 {
            sorted[i].letter().to_string()
        } else {
            format!("{run}{}", sorted[i].letter())
        });
        i += run;
    }
    parts.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_format_round_trip() {
        for text in ["5N", "7P", "R,N,3P", "K,Q,R,B,N,P", "2R,B"] {
            assert_eq!(format_pieces(&parse_pieces(text).unwrap()), text);
        }
        assert_eq!(format_pieces(&parse_pieces("3P N R").unwrap()), "R,N,3P");
    }

    #[test]
    fn bad_piece_sets() {
        for text in ["", "0N", "5", "N5", "5Z", "abc", ",", "99999N"] {
            let error = parse_pieces(text).unwrap_err().to_string();
            assert!(error.contains("K Q R B N P"), "{text:?}: {error}");
        }
    }

    #[test]
    fn agents_by_name_or_letter() {
        assert_eq!("Rook".parse::<PieceKind>().unwrap(), PieceKind::Rook);
        assert_eq!("n".parse::<PieceKind>().unwrap(), PieceKind::Knight);
        assert!("dragon".parse::<PieceKind>().is_err());
    }

    #[test]
    fn symbols() {
        assert_eq!(PieceKind::Rook.symbol(true), '♖');
        assert_eq!(PieceKind::Knight.symbol(false), '♞');
        assert_eq!(PieceKind::Pawn.symbol(false), '♟');
    }
}
