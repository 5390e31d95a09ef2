//! Maps shared by the unit tests.

use crate::grid::Grid;
use crate::stock::Settings;
use crate::stocked::{StockedMap, stock_map};
use crate::themes::Themes;

/// A small cave with loops everywhere, the start top left and the goal bottom right.
pub(crate) const CAVE: [&str; 12] = [
    "##############################",
    "#<....#........##.......#....#",
    "#.##..#..####..##..###..#.##.#",
    "#.##.....#..#......#.#....##.#",
    "#....##..#..####...#.#..#....#",
    "###.###..#.....#...#.####.####",
    "#.....#..###.#.#.......#.....#",
    "#.###.#......#...#####.#.###.#",
    "#.#...####.###.#.....#...#...#",
    "#.#.#......#...#.###.#####.#.#",
    "#...#..##....#.....#......#.>#",
    "##############################",
];

/// `grid` stocked with threshold 3 and the theme `theme`.
pub(crate) fn stocked(grid: Grid, theme: &str, seed: u64) -> StockedMap {
    let settings = Settings {
        threshold: 3,
        ..Settings::default()
    };
    stock_map(grid, &settings, Some(theme), &Themes::built_in(), seed).unwrap()
}

/// [`CAVE`] stocked with threshold 3 and the theme `theme`.
pub(crate) fn stocked_cave(theme: &str, seed: u64) -> StockedMap {
    stocked(Grid::parse(&CAVE.join("\n")).unwrap(), theme, seed)
}
