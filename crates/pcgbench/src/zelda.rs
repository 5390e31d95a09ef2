//! `zelda-v0`, `zelda-enemies-v0`, `zelda-large-v0`: a room of solid (0), empty (1), player (2),
//! key (3), door (4) and enemy (5) tiles that should have one of each of the first three, about
//! the asked number of enemies, and paths player → key → door. Ported from
//! `pcg_benchmark/probs/zelda/problem.py` and its `__init__.py` (`amidos2006/pcg_benchmark` at
//! 00b96f57a3eba3529b1293de1e70d5b12a1f60cc).
//!
//! Two things the Python does are kept because they are what the benchmark scores: the path from
//! key to door is searched over tiles that exclude the door (so `kd_path` is always empty and the
//! diversity compares player → key paths), and distances are taken from the first player, key and
//! door in row order.

use serde::Serialize;

use crate::difflib::ratio;
use crate::measure::{distance_length, num_tiles, number_regions, path, range_reward};
use crate::{ControlDim, Grid, Measure, Problem};

/// Tile values.
pub mod tile {
    /// Wall.
    pub const SOLID: u8 = 0;
    /// Floor.
    pub const EMPTY: u8 = 1;
    /// The player's start.
    pub const PLAYER: u8 = 2;
    /// The key.
    pub const KEY: u8 = 3;
    /// The door.
    pub const DOOR: u8 = 4;
    /// An enemy.
    pub const ENEMY: u8 = 5;
}

/// The zelda problem with one variant's parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Zelda {
    name: &'static str,
    width: usize,
    height: usize,
    enemies: i64,
    diversity: f64,
    erange: i64,
    target: i64,
    cerror: i64,
}

/// What `ZeldaProblem.info` measures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ZeldaInfo {
    /// Regions of non-solid tiles.
    pub regions: usize,
    /// Player tiles.
    pub players: usize,
    /// Key tiles.
    pub keys: usize,
    /// Door tiles.
    pub doors: usize,
    /// Enemy tiles.
    pub enemies: usize,
    /// Steps from the first player to the first key avoiding doors, `-1` if none.
    pub player_key: i32,
    /// Steps from the first key to the first door, `-1` if none.
    pub key_door: i32,
    /// The player → key path, `(x, y)` tiles.
    pub pk_path: Vec<(usize, usize)>,
    /// The key → door path as the benchmark searches it (doors impassable, so empty).
    pub kd_path: Vec<(usize, usize)>,
    /// Both paths as the diversity compares them (see `Zelda::path_string`), made once.
    #[serde(skip)]
    pub path_text: String,
}

impl Zelda {
    /// A zelda problem of the given size and enemy count with the benchmark's defaults.
    #[must_use]
    pub fn new(name: &'static str, width: usize, height: usize, enemies: i64) -> Self {
        let target = (width + height) as i64;
        Self {
            name,
            width,
            height,
            enemies,
            diversity: 0.3,
            erange: ((enemies as f64 * 0.25) as i64).max(1),
            target,
            cerror: ((target as f64 / 2.0 * 0.25) as i64).max(1),
        }
    }

    /// `zelda-v0`: 11×7, 3 enemies.
    #[must_use]
    pub fn v0() -> Self {
        Self::new("zelda-v0", 11, 7, 3)
    }

    /// `zelda-enemies-v0`: 11×7, 12 enemies.
    #[must_use]
    pub fn enemies() -> Self {
        Self::new("zelda-enemies-v0", 11, 7, 12)
    }

    /// `zelda-large-v0`: 18×12, 8 enemies.
    #[must_use]
    pub fn large() -> Self {
        Self::new("zelda-large-v0", 18, 12, 8)
    }

    fn area(&self) -> f64 {
        (self.width * self.height) as f64
    }

    /// The path string the diversity compares: the tiles of both paths as `x,y|`, mirrored so
    /// the first tile lies in the top-left half on each axis.
    fn path_string(&self, pk_path: &[(usize, usize)], kd_path: &[(usize, usize)]) -> String {
        let mut out = String::new();
        let tiles: Vec<&(usize, usize)> = pk_path.iter().chain(kd_path).collect();
        let Some(&&(fx, fy)) = tiles.first() else {
            return out;
        };
        let flip_x = fx as f64 > self.width as f64 / 2.0;
        let flip_y = fy as f64 > self.height as f64 / 2.0;
        for &&(x, y) in &tiles {
            let x = if flip_x {
                self.width as i64 - x as i64 - 1
            } else {
                x as i64
            };
            let y = if flip_y {
                self.height as i64 - y as i64 - 1
            } else {
                y as i64
            };
            out.push_str(&format!("{x},{y}|"));
        }
        out
    }
}

impl Problem for Zelda {
    type Info = ZeldaInfo;

    fn name(&self) -> &'static str {
        self.name
    }

    fn width(&self) -> usize {
        self.width
    }

    fn height(&self) -> usize {
        self.height
    }

    fn tiles(&self) -> u8 {
        6
    }

    fn controls(&self) -> Vec<ControlDim> {
        let low = (self.target as f64 / 2.0 + self.cerror as f64) as i64;
        let high = (self.area() / 4.0) as i64;
        vec![
            ControlDim {
                name: "player_key",
                low,
                high,
            },
            ControlDim {
                name: "key_door",
                low,
                high,
            },
        ]
    }

    fn info(&self, content: &Grid) -> ZeldaInfo {
        use tile::{DOOR, EMPTY, ENEMY, KEY, PLAYER};
        let pk_path = path(content, PLAYER, KEY, &[EMPTY, PLAYER, KEY, ENEMY]);
        let kd_path = path(content, KEY, DOOR, &[EMPTY, PLAYER, KEY, ENEMY]);
        ZeldaInfo {
            path_text: self.path_string(&pk_path, &kd_path),
            regions: number_regions(content, &[EMPTY, PLAYER, KEY, DOOR, ENEMY]),
            players: num_tiles(content, &[PLAYER]),
            keys: num_tiles(content, &[KEY]),
            doors: num_tiles(content, &[DOOR]),
            enemies: num_tiles(content, &[ENEMY]),
            player_key: distance_length(content, PLAYER, KEY, &[EMPTY, PLAYER, KEY, ENEMY]),
            key_door: distance_length(content, KEY, DOOR, &[EMPTY, PLAYER, KEY, DOOR, ENEMY]),
            pk_path,
            kd_path,
        }
    }

    fn quality(&self, info: &ZeldaInfo) -> f64 {
        let area = self.area();
        let regions = range_reward(info.regions as f64, 0.0, 1.0, Some(1.0), Some(area / 10.0));
        let one = |count: usize| range_reward(count as f64, 0.0, 1.0, Some(1.0), Some(area));
        let (player, key, door) = (one(info.players), one(info.keys), one(info.doors));
        let enemies = range_reward(
            info.enemies as f64,
            0.0,
            (self.enemies - self.erange) as f64,
            Some((self.enemies + self.erange) as f64),
            Some(area),
        );
        let stats = (player + key + door + enemies) / 4.0;
        let mut added = 0.0;
        if player >= 1.0 && key >= 1.0 && door >= 1.0 {
            let mut playable = 0.0;
            if info.player_key > 0 {
                playable += 1.0;
            }
            if info.key_door > 0 {
                playable += 1.0;
            }
            playable /= 2.0;
            added += playable;
            if playable == 1.0 {
                let length = f64::from(info.player_key + info.key_door);
                added += range_reward(length, 0.0, self.target as f64, Some(area), None);
            }
        }
        (regions + stats + added) / 4.0
    }

    fn diversity(&self, a: &ZeldaInfo, b: &ZeldaInfo) -> f64 {
        let similar = ratio(a.path_text.as_bytes(), b.path_text.as_bytes());
        range_reward(1.0 - similar, 0.0, self.diversity, Some(1.0), None)
    }

    fn measures(&self) -> Vec<Measure> {
        let control = &self.controls()[0];
        let low = (control.low - self.cerror).max(0);
        let high = control.high + self.cerror;
        let axis = |name, help| Measure {
            name,
            low: low as f64,
            high: high as f64,
            cells: (high - low) as usize,
            help,
        };
        vec![
            axis(
                "player_key",
                "Steps from the player to the key, as the control asks for them.",
            ),
            axis(
                "key_door",
                "Steps from the key to the door, as the control asks for them.",
            ),
        ]
    }

    fn measure(&self, info: &ZeldaInfo) -> Vec<f64> {
        vec![f64::from(info.player_key), f64::from(info.key_door)]
    }

    fn controllability(&self, info: &ZeldaInfo, control: &[i64]) -> f64 {
        let max = (self.area() / 4.0) as i64 as f64;
        let near = |value: i32, asked: i64| {
            range_reward(
                f64::from(value),
                0.0,
                (asked - self.cerror) as f64,
                Some((asked + self.cerror) as f64),
                Some(max),
            )
        };
        (near(info.player_key, control[0]) + near(info.key_door, control[1])) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room(art: &str) -> Grid {
        Grid::from_digits(art, 6).unwrap()
    }

    #[test]
    fn the_variants_parameters() {
        let v0 = Zelda::v0();
        assert_eq!((v0.target, v0.cerror, v0.erange), (18, 2, 1));
        assert_eq!(
            v0.controls()[0],
            ControlDim {
                name: "player_key",
                low: 11,
                high: 19
            }
        );
        let large = Zelda::large();
        assert_eq!((large.target, large.cerror, large.erange), (30, 3, 2));
        assert_eq!(Zelda::enemies().erange, 3);
    }

    #[test]
    fn a_playable_room_worked_by_hand() {
        let problem = Zelda::v0();
        let level = room(
            "
            21111111111
            11111111111
            15111111111
            11115111111
            11111111511
            11111111111
            11111111134
        ",
        );
        let info = problem.info(&level);
        assert_eq!(
            (info.players, info.keys, info.doors, info.enemies),
            (1, 1, 1, 3)
        );
        assert_eq!(info.player_key, 15, "(0,0) to (9,6): 9 + 6 steps");
        assert_eq!(info.key_door, 1);
        assert!(
            info.kd_path.is_empty(),
            "doors are not passable on the benchmark's key → door path"
        );
        assert_eq!(info.pk_path.len(), 16);
        // Everything in range and a solution of 16 below the target 18: (1 + 1 + 1 + 16/18) / 4.
        let expected = (1.0 + 1.0 + 1.0 + 16.0 / (18.0 + 0.000_000_01)) / 4.0;
        assert_eq!(problem.quality(&info), expected);
        assert_eq!(problem.diversity(&info, &info), 0.0);
        assert_eq!(
            problem.controllability(&info, &[15, 1]),
            1.0,
            "15 within 2 of 15, 1 within 2 of 1"
        );
        // Asked 8 from key to door: 1 is below the plateau from 6, (1 − 0) / (6 + 1e-8).
        assert_eq!(
            problem.controllability(&info, &[15, 8]),
            (1.0 + 1.0 / (6.0 + 0.000_000_01)) / 2.0
        );
    }
}
