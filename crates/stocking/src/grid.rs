//! Grid maps in the roguelike text convention: `#` wall, `.` floor, `<` start, `>` goal (one
//! each). Cells connect orthogonally. The same map in JSON is `{"rows": ["#####", ...]}`.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::graph::{Graph, NONE, Node};

/// The longest side a map may have, in cells.
pub const MAX_SIDE: usize = 2_000;

/// A cell of the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tile {
    /// Solid rock.
    Wall,
    /// Walkable floor (the start and goal are floor too).
    Floor,
}

/// A cell's position: column `x` from the left, row `y` from the top, both from 0.
pub type Pos = (u32, u32);

/// A rectangular map with one start and one goal.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    width: usize,
    height: usize,
    tiles: Vec<Tile>,
    start: Pos,
    goal: Pos,
}

/// A map that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MapError {
    /// No lines at all.
    #[error("the map is empty: give rows of # (wall), . (floor), < (start) and > (goal)")]
    Empty,
    /// A line's length differs from the first line's.
    #[error(
        "line {line} has {got} cells but line 1 has {expected}: every line of a map must have the same length"
    )]
    Ragged {
        /// 1-based line number.
        line: usize,
        /// Length of line 1.
        expected: usize,
        /// Length of this line.
        got: usize,
    },
    /// A character that is not one of `#.<>`.
    #[error(
        "line {line}, column {column}: {found:?} is not a map cell; use # (wall), . (floor), < (start) or > (goal)"
    )]
    Unknown {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The character.
        found: char,
    },
    /// No start or no goal.
    #[error("the map has no {0}: mark one cell with {symbol}", symbol = if *.0 == "start" { "<" } else { ">" })]
    Missing(&'static str),
    /// Two starts or two goals.
    #[error(
        "the map has more than one {what}: at line {}, column {} and line {}, column {}; keep one",
        first.1 + 1, first.0 + 1, second.1 + 1, second.0 + 1
    )]
    Repeated {
        /// "start" or "goal".
        what: &'static str,
        /// The first one's position.
        first: Pos,
        /// The second one's position.
        second: Pos,
    },
    /// Wider or taller than [`MAX_SIDE`].
    #[error("the map is {width}×{height} cells; at most {MAX_SIDE} cells a side are accepted")]
    TooLarge {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// The goal cannot be reached from the start.
    #[error(
        "the goal at line {}, column {} cannot be reached from the start at line {}, column {}: open a way between them",
        goal.1 + 1, goal.0 + 1, start.1 + 1, start.0 + 1
    )]
    Unreachable {
        /// The start.
        start: Pos,
        /// The goal.
        goal: Pos,
    },
    /// Not JSON of the expected shape.
    #[error("not a map in JSON: {0} (expected {{\"rows\": [\"#####\", ...]}})")]
    Json(String),
}

/// The JSON form of a map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GridJson {
    /// The rows, top first, in the text convention.
    pub rows: Vec<String>,
}

impl Grid {
    /// A map from its tiles (row after row), start and goal. The start and goal must be floor.
    ///
    /// # Errors
    /// [`MapError::TooLarge`] or [`MapError::Empty`] for sizes out of range.
    pub fn new(
        width: usize,
        height: usize,
        tiles: Vec<Tile>,
        start: Pos,
        goal: Pos,
    ) -> Result<Grid, MapError> {
        if width == 0 || height == 0 {
            return Err(MapError::Empty);
        }
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(MapError::TooLarge { width, height });
        }
        assert_eq!(tiles.len(), width * height, "one tile per cell");
        let mut grid = Grid {
            width,
            height,
            tiles,
            start,
            goal,
        };
        grid.set(start, Tile::Floor);
        grid.set(goal, Tile::Floor);
        Ok(grid)
    }

    /// Reads the text convention. Trailing spaces and a final newline are ignored; a `\r`
    /// before each newline too.
    ///
    /// # Errors
    /// A [`MapError`] naming the line and column of the problem.
    ///
    /// ```
    /// use ludoforge_stocking::grid::Grid;
    /// let grid = Grid::parse("#####\n#<.>#\n#####\n").unwrap();
    /// assert_eq!((grid.width(), grid.height()), (5, 3));
    /// assert_eq!((grid.start(), grid.goal()), ((1, 1), (3, 1)));
    /// assert!(Grid::parse("#<#\n#>").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Grid, MapError> {
        let lines: Vec<&str> = text
            .lines()
            .map(|l| l.trim_end_matches([' ', '\r']))
            .collect();
        let lines = match lines.iter().rposition(|l| !l.is_empty()) {
            Some(last) => &lines[..=last],
            None => return Err(MapError::Empty),
        };
        let width = lines[0].chars().count();
        let height = lines.len();
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(MapError::TooLarge { width, height });
        }
        let mut tiles = Vec::with_capacity(width * height);
        let (mut start, mut goal): (Option<Pos>, Option<Pos>) = (None, None);
        for (y, line) in lines.iter().enumerate() {
            let got = line.chars().count();
            if got != width {
                return Err(MapError::Ragged {
                    line: y + 1,
                    expected: width,
                    got,
                });
            }
            for (x, c) in line.chars().enumerate() {
                let pos = (x as u32, y as u32);
                let tile = match c {
                    '#' => Tile::Wall,
                    '.' => Tile::Floor,
                    '<' | '>' => {
                        let (slot, what) = if c == '<' {
                            (&mut start, "start")
                        } else {
                            (&mut goal, "goal")
                        };
                        if let Some(first) = *slot {
                            return Err(MapError::Repeated {
                                what,
                                first,
                                second: pos,
                            });
                        }
                        *slot = Some(pos);
                        Tile::Floor
                    }
                    found => {
                        return Err(MapError::Unknown {
                            line: y + 1,
                            column: x + 1,
                            found,
                        });
                    }
                };
                tiles.push(tile);
            }
        }
        let start = start.ok_or(MapError::Missing("start"))?;
        let goal = goal.ok_or(MapError::Missing("goal"))?;
        Grid::new(width, height, tiles, start, goal)
    }

    /// Reads the JSON form `{"rows": [...]}` (other fields are ignored), or a stocked map's
    /// file, whose map is under `"map"`.
    ///
    /// # Errors
    /// [`MapError::Json`] for malformed JSON, else as [`Grid::parse`].
    pub fn from_json(text: &str) -> Result<Grid, MapError> {
        /// A stocked map's file holds the map under `map`.
        #[derive(Deserialize)]
        struct Stocked {
            map: GridJson,
        }
        let json: GridJson = serde_json::from_str(text)
            .or_else(|first| {
                serde_json::from_str::<Stocked>(text)
                    .map(|s| s.map)
                    .map_err(|_| first)
            })
            .map_err(|e| MapError::Json(e.to_string()))?;
        Grid::parse(&json.rows.join("\n"))
    }

    /// The map in the text convention, one line per row, each ending in a newline.
    #[must_use]
    pub fn to_text(&self) -> String {
        self.rows().join("\n") + "\n"
    }

    /// The rows in the text convention.
    #[must_use]
    pub fn rows(&self) -> Vec<String> {
        (0..self.height)
            .map(|y| {
                (0..self.width)
                    .map(|x| {
                        let pos = (x as u32, y as u32);
                        if pos == self.start {
                            '<'
                        } else if pos == self.goal {
                            '>'
                        } else if self.tile(pos) == Tile::Wall {
                            '#'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// Columns.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// The start cell.
    #[must_use]
    pub fn start(&self) -> Pos {
        self.start
    }

    /// The goal cell.
    #[must_use]
    pub fn goal(&self) -> Pos {
        self.goal
    }

    /// The tile at `pos`.
    ///
    /// # Panics
    /// Panics if `pos` is outside the map.
    #[must_use]
    pub fn tile(&self, pos: Pos) -> Tile {
        self.tiles[pos.1 as usize * self.width + pos.0 as usize]
    }

    /// Changes the tile at `pos`.
    pub fn set(&mut self, pos: Pos, tile: Tile) {
        self.tiles[pos.1 as usize * self.width + pos.0 as usize] = tile;
    }

    /// Moves the start and goal (both become floor).
    pub fn set_ends(&mut self, start: Pos, goal: Pos) {
        self.start = start;
        self.goal = goal;
        self.set(start, Tile::Floor);
        self.set(goal, Tile::Floor);
    }

    /// The number of floor cells.
    #[must_use]
    pub fn floor_count(&self) -> usize {
        self.tiles.iter().filter(|&&t| t == Tile::Floor).count()
    }

    /// The floor cells as graph nodes: one node per floor cell in reading order, edges between
    /// orthogonal neighbours.
    #[must_use]
    pub fn graph(&self) -> CellGraph {
        let mut index = vec![NONE; self.width * self.height];
        let mut cells = Vec::new();
        for (i, tile) in self.tiles.iter().enumerate() {
            if *tile == Tile::Floor {
                index[i] = cells.len() as Node;
                cells.push(((i % self.width) as u32, (i / self.width) as u32));
            }
        }
        let mut edges = Vec::with_capacity(cells.len() * 2);
        for (node, &(x, y)) in cells.iter().enumerate() {
            let i = y as usize * self.width + x as usize;
            if x as usize + 1 < self.width && index[i + 1] != NONE {
                edges.push((node as Node, index[i + 1]));
            }
            if y as usize + 1 < self.height && index[i + self.width] != NONE {
                edges.push((node as Node, index[i + self.width]));
            }
        }
        CellGraph {
            graph: Graph::from_edges(cells.len(), edges),
            width: self.width,
            index,
            cells,
        }
    }
}

/// A grid's floor as a graph, with the mapping between cells and nodes.
#[derive(Debug, Clone)]
pub struct CellGraph {
    /// The graph.
    pub graph: Graph,
    width: usize,
    index: Vec<Node>,
    cells: Vec<Pos>,
}

impl CellGraph {
    /// The node of a floor cell (`None` for a wall or a cell outside the map).
    #[must_use]
    pub fn node(&self, pos: Pos) -> Option<Node> {
        if pos.0 as usize >= self.width {
            return None;
        }
        let i = pos.1 as usize * self.width + pos.0 as usize;
        self.index.get(i).copied().filter(|&n| n != NONE)
    }

    /// The cell of a node.
    #[must_use]
    pub fn cell(&self, node: Node) -> Pos {
        self.cells[node as usize]
    }
}
