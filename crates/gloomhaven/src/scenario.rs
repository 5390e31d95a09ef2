//! A scenario: the genome of the search, in the paper's five gene groups (rules, map,
//! monsters, overlay tiles, treasure), with every piece where it stands.
//!
//! Monsters are kept as the scenario book keeps them: one [`Standee`] per marked hex, with its
//! [`Level`] for two, three and four players. The search scores the set-up of one party size
//! (see [`Players`]) and keeps the others consistent with it (see [`crate::setup`]).

use serde::{Deserialize, Serialize};

use crate::catalog::Catalog;
use crate::hex::Hex;
use crate::map::Map;

/// What the players must do to win (the paper's goal and the two it names as future work).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// Kill all enemies: every monster must be reachable.
    #[default]
    KillAll,
    /// Loot all treasure: every chest must be reachable too.
    LootAll,
    /// Reach the exit hex.
    ReachExit,
}

impl Goal {
    /// The goal in the scenario book's words.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Goal::KillAll => "Kill all enemies.",
            Goal::LootAll => "Loot all treasure.",
            Goal::ReachExit => "Reach the exit.",
        }
    }
}

/// A party size: two, three or four players.
///
/// ```
/// use ludoforge_gloomhaven::scenario::Players;
/// assert_eq!(Players::new(3).map(Players::index), Some(1));
/// assert_eq!(Players::new(5), None);
/// assert_eq!(Players::FOUR.count(), 4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub struct Players(u8);

impl Players {
    /// Two players.
    pub const TWO: Players = Players(2);
    /// Three players.
    pub const THREE: Players = Players(3);
    /// Four players.
    pub const FOUR: Players = Players(4);
    /// Every party size, smallest first.
    pub const ALL: [Players; 3] = [Players::TWO, Players::THREE, Players::FOUR];

    /// The party of `count` players; `None` outside 2–4.
    #[must_use]
    pub fn new(count: u32) -> Option<Players> {
        (2..=4).contains(&count).then_some(Players(count as u8))
    }

    /// How many players.
    #[must_use]
    pub fn count(self) -> u32 {
        u32::from(self.0)
    }

    /// 0, 1 or 2 for two, three or four players: the index into a standee's levels.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0 - 2)
    }
}

impl TryFrom<u32> for Players {
    type Error = String;
    fn try_from(count: u32) -> Result<Players, String> {
        Players::new(count).ok_or_else(|| format!("{count} players: give 2, 3 or 4"))
    }
}

impl From<Players> for u32 {
    fn from(p: Players) -> u32 {
        p.count()
    }
}

/// How one standee is set up for one party size, as the scenario book marks it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Not on the map.
    #[default]
    None,
    /// A normal monster.
    Normal,
    /// An elite monster.
    Elite,
}

impl Level {
    /// The word the scenario book and Virtual Gloomhaven Board use: `none`, `normal`, `elite`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::None => "none",
            Level::Normal => "normal",
            Level::Elite => "elite",
        }
    }

    /// How many times the monster's difficulty this standee counts: 0, 1 or 2.
    #[must_use]
    pub fn weight(self) -> u32 {
        match self {
            Level::None => 0,
            Level::Normal => 1,
            Level::Elite => 2,
        }
    }
}

/// One monster standee on its hex, with its level for two, three and four players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Standee {
    /// Index into the catalog's monsters.
    pub monster: u16,
    /// Where it stands.
    pub at: Hex,
    /// Its level with 2, 3 and 4 players.
    pub levels: [Level; 3],
}

impl Standee {
    /// Its level for a party of `players`.
    #[must_use]
    pub fn level(&self, players: Players) -> Level {
        self.levels[players.index()]
    }
}

/// Which way a piece's picture points on the board, in Virtual Gloomhaven Board's words. The
/// six turning directions are 60° steps clockwise; a piece of two or three hexes lies along its
/// direction (see [`crate::catalog::OverlayKind::cells`]). `vertical` pictures are the upright
/// door and altar pictures, which do not turn.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// As drawn: a two-hex piece reaches east.
    #[default]
    Default,
    /// Turned 60°.
    DiagonalLeft,
    /// Turned 120°.
    DiagonalRight,
    /// Turned 180°.
    Horizontal,
    /// Turned 240°.
    DiagonalLeftReverse,
    /// Turned 300°.
    DiagonalRightReverse,
    /// The upright picture.
    Vertical,
    /// The upright picture, reversed.
    VerticalReverse,
}

impl Direction {
    /// Every direction the board knows.
    pub const ALL: [Direction; 8] = [
        Direction::Default,
        Direction::DiagonalLeft,
        Direction::DiagonalRight,
        Direction::Horizontal,
        Direction::DiagonalLeftReverse,
        Direction::DiagonalRightReverse,
        Direction::Vertical,
        Direction::VerticalReverse,
    ];

    /// The six turning directions, 60° apart.
    pub const TURNS: [Direction; 6] = [
        Direction::Default,
        Direction::DiagonalLeft,
        Direction::DiagonalRight,
        Direction::Horizontal,
        Direction::DiagonalLeftReverse,
        Direction::DiagonalRightReverse,
    ];

    /// The direction `k` × 60° clockwise from the default.
    #[must_use]
    pub fn from_turns(k: u8) -> Direction {
        Direction::TURNS[usize::from(k % 6)]
    }

    /// Its 60° steps from the default; `None` for the upright pictures.
    #[must_use]
    pub fn turns(self) -> Option<u8> {
        Direction::TURNS
            .iter()
            .position(|&d| d == self)
            .map(|k| k as u8)
    }

    /// The direction after the whole map turns `g` × 60° clockwise. An upright picture turned
    /// by 60° or 120° takes the nearest turning one (the board has no picture in between).
    ///
    /// ```
    /// use ludoforge_gloomhaven::scenario::Direction;
    /// assert_eq!(Direction::Default.rotate(2), Direction::DiagonalRight);
    /// assert_eq!(Direction::Horizontal.rotate(3), Direction::Default);
    /// assert_eq!(Direction::Vertical.rotate(3), Direction::Vertical);
    /// ```
    #[must_use]
    pub fn rotate(self, g: u8) -> Direction {
        match self.turns() {
            Some(k) => Direction::from_turns(k + g % 6),
            None => match g % 3 {
                0 => self,
                1 => Direction::DiagonalRight,
                _ => Direction::DiagonalLeft,
            },
        }
    }

    /// The direction of a picture that looks the same turned half way round (a door's), after
    /// the whole map turns `g` × 60° clockwise: its axis turns, taken modulo 180°, and an axis
    /// between the board's pictures takes the nearest (30° diagonal-left, 150° diagonal-right).
    ///
    /// ```
    /// use ludoforge_gloomhaven::scenario::Direction;
    /// assert_eq!(Direction::Default.rotate_axis(3), Direction::Default);
    /// assert_eq!(Direction::Vertical.rotate_axis(1), Direction::DiagonalRight);
    /// assert_eq!(Direction::DiagonalRight.rotate_axis(1), Direction::Default);
    /// ```
    #[must_use]
    pub fn rotate_axis(self, g: u8) -> Direction {
        let axis = match self {
            Direction::Default | Direction::Horizontal => 0,
            Direction::DiagonalLeft | Direction::DiagonalLeftReverse => 60,
            Direction::Vertical | Direction::VerticalReverse => 90,
            Direction::DiagonalRight | Direction::DiagonalRightReverse => 120,
        };
        if g.is_multiple_of(3) {
            return self;
        }
        match (axis + 60 * u32::from(g % 6)) % 180 {
            0 => Direction::Default,
            30 | 60 => Direction::DiagonalLeft,
            90 => Direction::Vertical,
            _ => Direction::DiagonalRight,
        }
    }

    /// The board's word for it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Direction::Default => "default",
            Direction::DiagonalLeft => "diagonal-left",
            Direction::DiagonalRight => "diagonal-right",
            Direction::Horizontal => "horizontal",
            Direction::DiagonalLeftReverse => "diagonal-left-reverse",
            Direction::DiagonalRightReverse => "diagonal-right-reverse",
            Direction::Vertical => "vertical",
            Direction::VerticalReverse => "vertical-reverse",
        }
    }
}

/// An overlay tile: an obstacle, trap, hazardous or difficult terrain of one kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Overlay {
    /// Index into the catalog's overlay kinds.
    pub kind: u16,
    /// Its first hex.
    pub at: Hex,
    /// Which way it lies (and its picture points).
    pub direction: Direction,
}

impl Overlay {
    /// The hexes it covers: its first hex, then the others along its direction.
    pub fn cells(&self, catalog: &Catalog) -> impl Iterator<Item = Hex> + use<> {
        catalog.overlays[usize::from(self.kind)].cells(self.at, self.direction)
    }
}

/// A coin token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Coin {
    /// Where it lies.
    pub at: Hex,
    /// Its value in coins (1 for every coin of the base game's scenarios).
    pub amount: u8,
}

/// How the scenario book refers to a treasure tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Label {
    /// Not numbered: the content is the scenario's own.
    #[default]
    None,
    /// The book's treasure number.
    Number(u16),
    /// The treasure tile that marks the scenario's goal.
    Goal,
    /// A locked chest.
    Locked,
}

/// A treasure chest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Chest {
    /// Where it stands.
    pub at: Hex,
    /// Index into the catalog's chest contents; `None`: drawn at random when opened.
    pub content: Option<u16>,
    /// How the book refers to it.
    pub label: Label,
}

/// A whole scenario.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Scenario {
    /// Its name (empty for a scenario the search made and has not named yet).
    pub name: String,
    /// Its number in the scenario book, for an official scenario.
    pub number: Option<u16>,
    /// Gene group 1, rules: the goal.
    pub goal: Goal,
    /// Gene group 1, rules: the special rules, as indices into the catalog's rules (sorted,
    /// distinct).
    pub rules: Vec<u8>,
    /// Gene group 2: the map.
    pub map: Map,
    /// The start hexes (they go with the map).
    pub start: Vec<Hex>,
    /// Gene group 3: the monster standees, grouped by monster type.
    pub monsters: Vec<Standee>,
    /// Monster types the scenario needs off the map (summoned or spawned), as indices.
    pub spawns: Vec<u16>,
    /// Gene group 4: the overlay tiles.
    pub overlays: Vec<Overlay>,
    /// Gene group 5, treasure: coins.
    pub coins: Vec<Coin>,
    /// Gene group 5, treasure: chests.
    pub chests: Vec<Chest>,
    /// The exit hex, for [`Goal::ReachExit`].
    pub exit: Option<Hex>,
}

/// How far from the origin a scenario read from a file may place anything, in hexes along
/// any cube axis: far beyond any table, and small enough to check quickly.
pub const MAX_REACH: i32 = 1_000;

/// The name shown for a scenario that has none yet.
pub const UNNAMED: &str = "Generated scenario";

impl Scenario {
    /// Its name, or [`UNNAMED`].
    #[must_use]
    pub fn title(&self) -> &str {
        if self.name.is_empty() {
            UNNAMED
        } else {
            &self.name
        }
    }

    /// Every single hex a token stands on (start hexes, standees, coins, chests, the exit)
    /// and every hex an overlay covers.
    pub fn occupied<'a>(&'a self, catalog: &'a Catalog) -> impl Iterator<Item = Hex> + 'a {
        self.start
            .iter()
            .copied()
            .chain(self.monsters.iter().map(|m| m.at))
            .chain(self.overlays.iter().flat_map(|o| o.cells(catalog)))
            .chain(self.coins.iter().map(|c| c.at))
            .chain(self.chests.iter().map(|c| c.at))
    }

    /// The first tile origin, door or piece that lies farther than [`MAX_REACH`] from the
    /// origin, if any.
    ///
    /// ```
    /// use ludoforge_gloomhaven::catalog::Catalog;
    /// use ludoforge_gloomhaven::hex::Hex;
    /// use ludoforge_gloomhaven::scenario::{Coin, Scenario};
    /// let catalog = Catalog::built_in();
    /// let mut s = Scenario::official(&catalog, 1).unwrap();
    /// assert_eq!(s.beyond_reach(&catalog), None);
    /// s.coins.push(Coin { at: Hex::new(5000, -5000, 0).unwrap(), amount: 1 });
    /// assert_eq!(s.beyond_reach(&catalog), Hex::new(5000, -5000, 0));
    /// ```
    #[must_use]
    pub fn beyond_reach(&self, catalog: &Catalog) -> Option<Hex> {
        let far = |h: &Hex| {
            [h.x, h.y, h.z]
                .iter()
                .any(|c| c.unsigned_abs() > MAX_REACH as u32)
        };
        self.map
            .tiles
            .iter()
            .map(|t| t.offset)
            .chain(self.map.doors.iter().map(|d| d.at))
            .chain(self.exit)
            .chain(self.start.iter().copied())
            .chain(self.monsters.iter().map(|m| m.at))
            .chain(self.overlays.iter().map(|o| o.at))
            .chain(self.coins.iter().map(|c| c.at))
            .chain(self.chests.iter().map(|c| c.at))
            .find(far)
            .or_else(|| self.occupied(catalog).find(far))
    }

    /// The official scenario numbered `number` in the scenario book, if the catalog has it
    /// (as the book sets it up: see [`Catalog::scenarios`]).
    #[must_use]
    pub fn official(catalog: &Catalog, number: u16) -> Option<Scenario> {
        catalog
            .scenarios
            .iter()
            .find(|s| s.number == Some(number) && s.source == crate::record::Source::Book)
            .map(|r| r.to_scenario(catalog).expect("a validated catalog"))
    }

    /// A scenario of the catalog by name (the book's, then the published code's encodings).
    #[must_use]
    pub fn named(catalog: &Catalog, name: &str) -> Option<Scenario> {
        catalog
            .scenarios
            .iter()
            .find(|s| s.name == name)
            .map(|r| r.to_scenario(catalog).expect("a validated catalog"))
    }

    /// The published code's encoding of an official scenario, by name (its two-player set-up
    /// as published, the others derived).
    ///
    /// ```
    /// use ludoforge_gloomhaven::catalog::Catalog;
    /// use ludoforge_gloomhaven::scenario::{Players, Scenario};
    /// let catalog = Catalog::built_in();
    /// let barrow = Scenario::published(&catalog, "Black Barrow").unwrap();
    /// assert_eq!(barrow.standees(Players::TWO), 10);
    /// ```
    #[must_use]
    pub fn published(catalog: &Catalog, name: &str) -> Option<Scenario> {
        catalog
            .scenarios
            .iter()
            .find(|s| s.name == name && s.source == crate::record::Source::Gloomdungeons)
            .map(|r| r.to_scenario(catalog).expect("a validated catalog"))
    }

    /// The special rules in words.
    pub fn rule_texts<'a>(&'a self, catalog: &'a Catalog) -> impl Iterator<Item = &'a str> + 'a {
        self.rules
            .iter()
            .map(|&r| catalog.rules[usize::from(r)].as_str())
    }

    /// The standees set up for `players`.
    pub fn present(&self, players: Players) -> impl Iterator<Item = &Standee> {
        self.monsters
            .iter()
            .filter(move |m| m.level(players) != Level::None)
    }

    /// The monster groups for `players`: each monster type set up for that party, in the
    /// order of their first standee, with its (normal, elite) standees.
    ///
    /// ```
    /// use ludoforge_gloomhaven::catalog::Catalog;
    /// use ludoforge_gloomhaven::scenario::{Players, Scenario};
    /// let catalog = Catalog::built_in();
    /// let barrow = Scenario::official(&catalog, 1).unwrap();
    /// let guard = catalog.monster_index("Bandit Guard").unwrap();
    /// // The book: with two players 4 normal and 1 elite guards, with four 6 and 3.
    /// assert!(barrow.groups(Players::TWO).contains(&(guard, 4, 1)));
    /// assert!(barrow.groups(Players::FOUR).contains(&(guard, 6, 3)));
    /// ```
    #[must_use]
    pub fn groups(&self, players: Players) -> Vec<(u16, u32, u32)> {
        let mut out: Vec<(u16, u32, u32)> = Vec::new();
        for m in self.present(players) {
            let i = match out.iter().position(|g| g.0 == m.monster) {
                Some(i) => i,
                None => {
                    out.push((m.monster, 0, 0));
                    out.len() - 1
                }
            };
            match m.level(players) {
                Level::Normal => out[i].1 += 1,
                Level::Elite => out[i].2 += 1,
                Level::None => {}
            }
        }
        out
    }

    /// The monster difficulty for `players` in half points: Σ twice the monster's rating ×
    /// (normals + 2 × elites). Integers, so sums and comparisons are exact.
    #[must_use]
    pub fn difficulty_points(&self, catalog: &Catalog, players: Players) -> u32 {
        self.present(players)
            .map(|m| {
                catalog.monsters[usize::from(m.monster)].difficulty * m.level(players).weight()
            })
            .sum()
    }

    /// The monster difficulty for `players` on Isaac Childres' scale (a monster rated 0.5 to
    /// 2, an elite counting twice): the number the book's guideline of 30–36 for four players
    /// speaks of.
    ///
    /// ```
    /// use ludoforge_gloomhaven::catalog::Catalog;
    /// use ludoforge_gloomhaven::scenario::{Players, Scenario};
    /// let catalog = Catalog::built_in();
    /// let barrow = Scenario::official(&catalog, 1).unwrap();
    /// assert_eq!(barrow.difficulty(&catalog, Players::FOUR), 24.0);
    /// assert_eq!(barrow.difficulty(&catalog, Players::TWO), 12.0);
    /// ```
    #[must_use]
    pub fn difficulty(&self, catalog: &Catalog, players: Players) -> f64 {
        f64::from(self.difficulty_points(catalog, players)) / 2.0
    }

    /// How many standees are set up for `players`.
    #[must_use]
    pub fn standees(&self, players: Players) -> usize {
        self.present(players).count()
    }
}
