//! The MiniDungeons game (`pcg_benchmark/probs/mdungeons/engine.py`: `State`), rule for rule.
//!
//! The player walks one tile up, down, left or right on the padded content (`np.pad(content, 1)`,
//! walls all round). Stepping on a potion heals 2 (at most 5) and takes it; on a treasure takes
//! it; on a goblin (damage 1) or an ogre (damage 2) kills it and loses its damage in health
//! (never below 0). Enemies never move and nothing is random. The game is won on the exit and lost
//! at health 0; once it is over, moves do nothing.
//!
//! A [`Level`] holds what never changes (walls, exit, where each item lies), a [`State`] what
//! does: the player and which items remain, as one bit per item. Two states are equal exactly when
//! the Python's `getKey` strings are: the key lists the player, the exit and the coordinates of
//! the items left (an empty list drops its separator, but no two items share a tile, so the
//! coordinates alone tell which items remain).

use serde::Serialize;

use crate::Grid;

/// `directions` of `engine.py`, in its order: left, right, up, down.
pub const DIRECTIONS: [Action; 4] = [
    Action { x: -1, y: 0 },
    Action { x: 1, y: 0 },
    Action { x: 0, y: -1 },
    Action { x: 0, y: 1 },
];

/// Health the player starts with, and the most it can have.
pub const MAX_HEALTH: i32 = 5;

/// A move: `{"x": dx, "y": dy}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Action {
    /// Change of column.
    pub x: i8,
    /// Change of row.
    pub y: i8,
}

/// One entry of a solution as `Node.getLocations` builds it: where the player stands (padded
/// coordinates) and the move made from there; the last entry stands on the exit with the move
/// `{0, 0}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Location {
    /// Column in the padded level.
    pub x: i64,
    /// Row in the padded level.
    pub y: i64,
    /// The move made from here.
    pub action: Action,
}

/// `State.getGameStatus()`: how a game ended (or stands) and what the player collected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameStatus {
    /// `"win"`, `"lose"` or `"running"`.
    pub status: &'static str,
    /// Health left.
    pub health: i32,
    /// Treasures taken.
    pub col_treasures: i32,
    /// Potions taken.
    pub col_potions: i32,
    /// Enemies killed.
    pub col_enemies: i32,
}

/// What a tile holds besides floor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// `*`: heals 2.
    Potion,
    /// `$`: counted.
    Treasure,
    /// `g` (1) or `o` (2): an enemy dealing this damage.
    Enemy(u8),
}

/// What a move met (`State.update`'s return): the diversity concatenates these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// `""`: nothing taken (or no move).
    Nothing,
    /// `"p"`: a potion.
    Potion,
    /// `"$"`: a treasure.
    Treasure,
    /// `"1"` / `"2"`: an enemy of this damage.
    Enemy(u8),
}

impl Event {
    /// The text `State.update` returns.
    #[must_use]
    pub fn text(self) -> &'static str {
        match self {
            Self::Nothing => "",
            Self::Potion => "p",
            Self::Treasure => "$",
            Self::Enemy(1) => "1",
            Self::Enemy(2) => "2",
            Self::Enemy(_) => "?",
        }
    }
}

const NO_ITEM: u16 = u16::MAX;

/// What never changes in a game: the padded level's walls, the exit, the start and the items.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    width: usize,
    height: usize,
    solid: Vec<bool>,
    door: (i32, i32),
    start: (i32, i32),
    /// The items in the Python's list order: potions, treasures, then enemies, each row by row.
    items: Vec<(Item, i32, i32)>,
    /// For each tile, the index of its item or `NO_ITEM`.
    at: Vec<u16>,
    words: usize,
}

/// What changes in a game: the player and the items left (bit `i` set while item `i` remains).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Column of the player (padded).
    pub x: i32,
    /// Row of the player (padded).
    pub y: i32,
    /// Health, 0 to 5.
    pub health: i32,
    /// Potions taken.
    pub potions: i32,
    /// Treasures taken.
    pub treasures: i32,
    /// Enemies killed.
    pub enemies: i32,
    /// One bit per item of the level, set while it remains.
    pub left: Vec<u64>,
}

impl Level {
    /// `stringInitialize` of the content drawn with `"# @H*$go"` and padded with walls. The
    /// player and the exit are the last of their tiles row by row, as the Python's overwrite;
    /// `None` without a player or an exit (where the Python would fail), or with more than
    /// 65,534 items.
    #[must_use]
    pub fn parse(content: &Grid) -> Option<(Self, State)> {
        let lvl = content.padded(0);
        let (width, height) = (lvl.width(), lvl.height());
        let mut solid = vec![false; width * height];
        let (mut player, mut door) = (None, None);
        let (mut potions, mut treasures, mut enemies) = (Vec::new(), Vec::new(), Vec::new());
        for y in 0..height {
            for x in 0..width {
                let (cx, cy) = (x as i32, y as i32);
                match lvl.get(x, y) {
                    0 => solid[y * width + x] = true,
                    2 => player = Some((cx, cy)),
                    3 => door = Some((cx, cy)),
                    4 => potions.push((Item::Potion, cx, cy)),
                    5 => treasures.push((Item::Treasure, cx, cy)),
                    6 => enemies.push((Item::Enemy(1), cx, cy)),
                    7 => enemies.push((Item::Enemy(2), cx, cy)),
                    _ => {}
                }
            }
        }
        let (start, door) = (player?, door?);
        let mut items = potions;
        items.extend(treasures);
        items.extend(enemies);
        if items.len() >= usize::from(NO_ITEM) {
            return None;
        }
        let mut at = vec![NO_ITEM; width * height];
        for (i, &(_, x, y)) in items.iter().enumerate() {
            at[y as usize * width + x as usize] = i as u16;
        }
        let words = items.len().div_ceil(64);
        let mut left = vec![0u64; words];
        for i in 0..items.len() {
            left[i / 64] |= 1 << (i % 64);
        }
        let level = Self {
            width,
            height,
            solid,
            door,
            start,
            items,
            at,
            words,
        };
        let state = State {
            x: start.0,
            y: start.1,
            health: MAX_HEALTH,
            potions: 0,
            treasures: 0,
            enemies: 0,
            left,
        };
        Some((level, state))
    }

    /// Columns of the padded level.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows of the padded level.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// The exit, padded coordinates.
    #[must_use]
    pub fn door(&self) -> (i32, i32) {
        self.door
    }

    /// The player's start, padded coordinates.
    #[must_use]
    pub fn start(&self) -> (i32, i32) {
        self.start
    }

    /// The items with their padded coordinates, in the Python's list order.
    #[must_use]
    pub fn items(&self) -> &[(Item, i32, i32)] {
        &self.items
    }

    /// 64-bit words of a state's item bits.
    #[must_use]
    pub fn words(&self) -> usize {
        self.words
    }

    /// `checkMovableLocation`: inside the level and not a wall.
    #[must_use]
    pub fn movable(&self, x: i32, y: i32) -> bool {
        !(x < 0
            || y < 0
            || x as usize >= self.width
            || y as usize >= self.height
            || self.solid[y as usize * self.width + x as usize])
    }

    /// The index of the item lying at `(x, y)` (taken or not), if any.
    #[must_use]
    pub fn item_at(&self, x: i32, y: i32) -> Option<usize> {
        let i = self.at[y as usize * self.width + x as usize];
        (i != NO_ITEM).then_some(usize::from(i))
    }

    /// `checkWin`: the player stands on the exit.
    #[must_use]
    pub fn won(&self, x: i32, y: i32) -> bool {
        (x, y) == self.door
    }

    /// `getHeuristic`: distance to the exit + 4 per health lost − 2 per treasure taken + the
    /// padded level's area.
    #[must_use]
    pub fn heuristic(&self, x: i32, y: i32, health: i32, treasures: i32) -> i64 {
        let dist = (x - self.door.0).abs() + (y - self.door.1).abs();
        let health_cost = MAX_HEALTH - health;
        let treasure_cost = -treasures;
        i64::from(dist + 4 * health_cost + 2 * treasure_cost) + (self.width * self.height) as i64
    }

    /// `updatePlayer`: moves the player to `(x, y)` and takes what lies there, the first of
    /// potion, treasure, enemy found (a tile holds one at most).
    pub fn enter(&self, state: &mut StateMut<'_>, x: i32, y: i32) -> Event {
        *state.x = x;
        *state.y = y;
        let Some(i) = self.item_at(x, y) else {
            return Event::Nothing;
        };
        if state.left[i / 64] & (1 << (i % 64)) == 0 {
            return Event::Nothing;
        }
        state.left[i / 64] &= !(1 << (i % 64));
        match self.items[i].0 {
            Item::Potion => {
                *state.health += 2;
                *state.potions += 1;
                if *state.health > MAX_HEALTH {
                    *state.health = MAX_HEALTH;
                }
                Event::Potion
            }
            Item::Treasure => {
                *state.treasures += 1;
                Event::Treasure
            }
            Item::Enemy(damage) => {
                *state.enemies += 1;
                *state.health -= i32::from(damage);
                if *state.health < 0 {
                    *state.health = 0;
                }
                Event::Enemy(damage)
            }
        }
    }

    /// `State.update(dirX, dirY)`: nothing once the game is over or for a diagonal; otherwise
    /// one tile in the sign of each direction, if that tile is not a wall.
    pub fn update(&self, state: &mut StateMut<'_>, dx: i64, dy: i64) -> Event {
        if self.won(*state.x, *state.y) || *state.health <= 0 {
            return Event::Nothing;
        }
        if dx != 0 && dy != 0 {
            return Event::Nothing;
        }
        let nx = *state.x + dx.signum() as i32;
        let ny = *state.y + dy.signum() as i32;
        if self.movable(nx, ny) {
            return self.enter(state, nx, ny);
        }
        Event::Nothing
    }
}

/// A state's fields borrowed for [`Level::update`], wherever they are kept.
#[derive(Debug)]
pub struct StateMut<'a> {
    /// Column.
    pub x: &'a mut i32,
    /// Row.
    pub y: &'a mut i32,
    /// Health.
    pub health: &'a mut i32,
    /// Potions taken.
    pub potions: &'a mut i32,
    /// Treasures taken.
    pub treasures: &'a mut i32,
    /// Enemies killed.
    pub enemies: &'a mut i32,
    /// Item bits.
    pub left: &'a mut [u64],
}

impl State {
    /// The fields borrowed for [`Level::update`].
    pub fn borrow(&mut self) -> StateMut<'_> {
        StateMut {
            x: &mut self.x,
            y: &mut self.y,
            health: &mut self.health,
            potions: &mut self.potions,
            treasures: &mut self.treasures,
            enemies: &mut self.enemies,
            left: &mut self.left,
        }
    }

    /// `State.update(dirX, dirY)` (see [`Level::update`]).
    pub fn update(&mut self, level: &Level, dx: i64, dy: i64) -> Event {
        level.update(&mut self.borrow(), dx, dy)
    }

    /// `checkWin`.
    #[must_use]
    pub fn won(&self, level: &Level) -> bool {
        level.won(self.x, self.y)
    }

    /// `checkLose`: no health left.
    #[must_use]
    pub fn lost(&self) -> bool {
        self.health <= 0
    }

    /// `getHeuristic`.
    #[must_use]
    pub fn heuristic(&self, level: &Level) -> i64 {
        level.heuristic(self.x, self.y, self.health, self.treasures)
    }

    /// `getGameStatus`.
    #[must_use]
    pub fn status(&self, level: &Level) -> GameStatus {
        let mut status = "running";
        if self.won(level) {
            status = "win";
        }
        if self.lost() {
            status = "lose";
        }
        GameStatus {
            status,
            health: self.health,
            col_treasures: self.treasures,
            col_potions: self.potions,
            col_enemies: self.enemies,
        }
    }
}

/// `_get_solution_sequence`: the texts of the moves of `solution` replayed from the start of
/// `content`, joined (`""` for an empty solution).
///
/// # Panics
/// When `solution` is not empty and the content has no player or no exit.
#[must_use]
pub fn solution_sequence(content: &Grid, solution: &[Location]) -> String {
    let mut out = String::new();
    if solution.is_empty() {
        return out;
    }
    let (level, mut state) =
        Level::parse(content).expect("a solved content has a player and an exit");
    for l in solution {
        out.push_str(
            state
                .update(&level, i64::from(l.action.x), i64::from(l.action.y))
                .text(),
        );
    }
    out
}
