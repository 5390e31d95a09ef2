//! What happens at the table, told to the players who want to know (a person at the
//! terminal, the studio's play page): picks, trades, troops placed, dice thrown, moves.

use serde::Serialize;

use crate::dice::Throw;
use crate::map::TerritoryId;

/// One thing that happened in a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A player took a free territory in the initial share-out.
    Picked {
        /// Who (0 or 1).
        player: u8,
        /// Which territory.
        territory: TerritoryId,
    },
    /// A turn began: the troops the player receives for its territories.
    TurnBegan {
        /// Whose turn.
        player: u8,
        /// The player-turn's number, from 1.
        turn: u32,
        /// Troops for the territories held.
        troops: u32,
    },
    /// A player traded three cards.
    Traded {
        /// Who.
        player: u8,
        /// The territories the cards showed.
        cards: [TerritoryId; 3],
        /// Troops the set was worth.
        troops: u32,
        /// A territory of the player's own that showed on a card and took two troops at
        /// once (the rules of Risk).
        extra: Option<TerritoryId>,
    },
    /// A player owns a whole continent: its bonus troops.
    Bonus {
        /// Who.
        player: u8,
        /// The continent's number.
        continent: usize,
        /// Its bonus.
        troops: u32,
    },
    /// One troop placed.
    Placed {
        /// Who.
        player: u8,
        /// Where.
        territory: TerritoryId,
    },
    /// One throw of the dice in an attack.
    Attacked {
        /// The attacker.
        player: u8,
        /// The attacking territory.
        from: TerritoryId,
        /// The territory attacked.
        to: TerritoryId,
        /// The dice and the losses.
        throw: Throw,
        /// Troops moved in when the throw took the territory (`None`: not taken).
        conquered: Option<u32>,
    },
    /// One troop moved between the player's own territories.
    Fortified {
        /// Who.
        player: u8,
        /// From where.
        from: TerritoryId,
        /// To where.
        to: TerritoryId,
    },
    /// A turn ended.
    TurnEnded {
        /// Whose turn it was.
        player: u8,
    },
}

impl Event {
    /// The player who acted.
    #[must_use]
    pub fn player(&self) -> u8 {
        match *self {
            Event::Picked { player, .. }
            | Event::TurnBegan { player, .. }
            | Event::Traded { player, .. }
            | Event::Bonus { player, .. }
            | Event::Placed { player, .. }
            | Event::Attacked { player, .. }
            | Event::Fortified { player, .. }
            | Event::TurnEnded { player } => player,
        }
    }
}
