//! SVG pictures of chess mazes and chromatic mazes, in the two views of Ashlock's Fig. 1.
//!
//! The *player's view* shows the puzzle as it is set: the board, the opposing pieces (or the
//! colours), the entrance **E** and the exit **X**. The *reveal view* shows what the player has
//! to work out: for a chess maze the squares the pieces cover (light blue) and the open squares
//! (pink); for a chromatic maze the squares that cannot be reached from the entrance, washed
//! grey. Either view may carry a solution: a line through the squares visited, ending in an
//! arrow, with the number of each move on the square it lands on.
//!
//! Pictures are deterministic (the same maze and view give the same bytes) and are rasterised
//! with [`ludoforge_draw::svg_to_png`].
//!
//! ```
//! use ludoforge_puzzles::board::Board;
//! use ludoforge_puzzles::chess::{ChessMaze, PieceKind};
//! use ludoforge_puzzles::render::{View, chess_svg};
//!
//! let board = Board::new(5, 5).unwrap();
//! let maze = ChessMaze::new(board, PieceKind::Rook, 0, 24, vec![(PieceKind::Knight, 16)]).unwrap();
//! let path = maze.solve().unwrap().path;
//! let svg = chess_svg(&maze, &View::revealed().with_solution(&path).with_caption("2 moves"));
//! assert_eq!(svg.matches('♞').count(), 1);
//! assert!(ludoforge_draw::svg_to_png(&svg, 1.0).is_ok());
//! ```

mod chess;
mod chromatic;

pub use chess::chess_svg;
pub use chromatic::chromatic_svg;

use ludoforge_draw::text_width;
use ludoforge_draw::{Color, Stroke, Style, Svg, TextStyle};

use crate::board::{Board, file_name};

/// What a picture shows besides the puzzle itself.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct View {
    /// The reveal view: covered and open squares (chess) or unreachable squares (chromatic).
    pub reveal: bool,
    /// A route to draw, as square indices from the entrance to the last square reached (like
    /// [`Solution::path`](crate::solve::Solution::path)). Indices off the board are skipped.
    pub solution: Option<Vec<usize>>,
    /// Extra text for a second caption line, e.g. "23 moves · seed 7".
    pub caption: Option<String>,
    /// Squares to ring in red: where a check found a problem (an unreachable exit, a piece
    /// that breaks a rule). Indices off the board are skipped.
    pub marked: Vec<usize>,
}

impl View {
    /// The player's view: the puzzle as set, without solution or extra caption.
    #[must_use]
    pub fn player() -> View {
        View::default()
    }

    /// The reveal view, without solution or extra caption.
    #[must_use]
    pub fn revealed() -> View {
        View {
            reveal: true,
            ..View::default()
        }
    }

    /// The same view with a solution drawn over it.
    #[must_use]
    pub fn with_solution(mut self, path: &[usize]) -> View {
        self.solution = Some(path.to_vec());
        self
    }

    /// The same view with these squares ringed in red.
    #[must_use]
    pub fn with_marks(mut self, squares: &[usize]) -> View {
        self.marked = squares.to_vec();
        self
    }

    /// The same view with a second caption line.
    #[must_use]
    pub fn with_caption(mut self, text: impl Into<String>) -> View {
        self.caption = Some(text.into());
        self
    }
}

/// Colour of the entrance letter.
const ENTRANCE_INK: Color = Color::hex(0x1b7a2a);
/// Colour of the exit letter.
const EXIT_INK: Color = Color::hex(0xc62828);
/// Colour of the solution line and move numbers.
const PATH_INK: Color = Color::hex(0x1a237e);
/// Colour of the rings round squares where a problem is.
const PROBLEM_INK: Color = Color::hex(0xd50000);
/// Colour of labels and captions.
const LABEL_INK: Color = Color::hex(0x333333);

/// Padding around the picture, in pixels.
const PAD: f32 = 10.0;
/// Largest square side, in pixels.
const MAX_CELL: f32 = 48.0;
/// Side of the board, in pixels, beyond which squares shrink below [`MAX_CELL`].
const MAX_BOARD: f32 = 1300.0;

/// Where everything goes in a picture of a board.
#[derive(Debug, Clone)]
struct Layout {
    board: Board,
    /// Side of a square.
    cell: f32,
    /// Left edge of the board.
    left: f32,
    /// Top edge of the board.
    top: f32,
    /// Size of the file and rank labels.
    label_size: f32,
    /// Size of the caption text.
    caption_size: f32,
    /// Caption lines, drawn under the file letters.
    captions: Vec<String>,
    /// Canvas size.
    width: f32,
    height: f32,
}

impl Layout {
    fn new(board: Board, captions: Vec<String>) -> Layout {
        let side = board.width.max(board.height) as f32;
        let cell = (MAX_BOARD / side).floor().min(MAX_CELL);
        let label_size = (cell * 0.3).clamp(9.0, 14.0);
        let caption_size = 14.0;
        let rank_digits = board.height.to_string().len() as f32;
        let label_width = rank_digits * label_size * 0.62 + 6.0;
        let board_span = PAD + label_width + board.width as f32 * cell + PAD;
        let caption_width = captions
            .iter()
            .map(|line| text_width(line, caption_size))
            .fold(0.0, f32::max);
        let width = board_span.max(caption_width + 2.0 * PAD).ceil();
        let left = PAD + label_width + ((width - board_span) / 2.0).floor();
        let top = PAD;
        let height = top
            + board.height as f32 * cell
            + label_size
            + 10.0
            + captions.len() as f32 * caption_size * 1.4
            + PAD;
        Layout {
            board,
            cell,
            left,
            top,
            label_size,
            caption_size,
            captions,
            width,
            height: height.ceil(),
        }
    }

    /// A white canvas of the layout's size.
    fn canvas(&self) -> Svg {
        let mut svg = Svg::new(self.width, self.height);
        svg.background(Color::WHITE);
        svg
    }

    /// The top-left corner of a square.
    fn corner(&self, index: usize) -> (f32, f32) {
        let square = self.board.square(index);
        (
            self.left + square.file as f32 * self.cell,
            self.top + (self.board.height - 1 - square.rank) as f32 * self.cell,
        )
    }

    /// The centre of a square.
    fn centre(&self, index: usize) -> (f32, f32) {
        let (x, y) = self.corner(index);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }

    /// Radius of the discs marking the entrance and exit.
    fn marker_radius(&self) -> f32 {
        (self.cell * 0.28).max(8.0_f32.min(self.cell * 0.45))
    }

    /// File letters under the board and rank numbers on its left, as in a chess diagram.
    fn draw_labels(&self, svg: &mut Svg) {
        let style = TextStyle::new(self.label_size).color(LABEL_INK);
        let bottom = self.top + self.board.height as f32 * self.cell;
        for file in 0..self.board.width {
            let x = self.left + (file as f32 + 0.5) * self.cell;
            svg.text(
                x,
                bottom + 4.0 + self.label_size * 0.5,
                &file_name(file),
                style.centered(),
            );
        }
        for rank in 0..self.board.height {
            let y = self.top + (self.board.height - 1 - rank) as f32 * self.cell + self.cell / 2.0;
            svg.text(
                self.left - 6.0,
                y,
                &(rank + 1).to_string(),
                style.anchor(ludoforge_draw::Anchor::End).middle(),
            );
        }
    }

    /// The caption lines, centred under the board where they fit.
    fn draw_captions(&self, svg: &mut Svg) {
        let board_centre = self.left + self.board.width as f32 * self.cell / 2.0;
        let mut y = self.top + self.board.height as f32 * self.cell + self.label_size + 10.0;
        for line in &self.captions {
            let half = text_width(line, self.caption_size) / 2.0;
            let x = if half * 2.0 + 2.0 * PAD >= self.width {
                self.width / 2.0
            } else {
                board_centre.clamp(PAD + half, self.width - PAD - half)
            };
            y += self.caption_size * 1.4;
            svg.text(
                x,
                y - self.caption_size * 0.35,
                line,
                TextStyle::new(self.caption_size)
                    .color(LABEL_INK)
                    .anchor(ludoforge_draw::Anchor::Middle),
            );
        }
    }

    /// A large letter on a white disc, readable on any square.
    fn draw_marker(&self, svg: &mut Svg, index: usize, letter: &str, ink: Color) {
        let (cx, cy) = self.centre(index);
        let r = self.marker_radius();
        let title = format!(
            "{} {}",
            if letter == "E" { "entrance" } else { "exit" },
            self.board.name(index)
        );
        svg.group(&title, |g| {
            g.circle(
                cx,
                cy,
                r,
                Style::fill(Color::WHITE)
                    .with_stroke(Stroke::new(ink, (self.cell * 0.05).max(1.0))),
            )
            .text(
                cx,
                cy,
                letter,
                TextStyle::new(r * 1.5).color(ink).bold().centered(),
            );
        });
    }

    /// A red ring, haloed in white, inside each marked square.
    fn draw_marks(&self, svg: &mut Svg, marked: &[usize]) {
        let width = (self.cell * 0.1).max(2.0);
        for &index in marked.iter().filter(|&&i| i < self.board.len()) {
            let (x, y) = self.corner(index);
            let inset = width / 2.0 + 1.0;
            let side = self.cell - 2.0 * inset;
            svg.group(&format!("problem at {}", self.board.name(index)), |g| {
                g.rect(
                    x + inset,
                    y + inset,
                    side,
                    side,
                    Style::outline(Stroke::new(Color::WHITE, width + 2.0)),
                )
                .rect(
                    x + inset,
                    y + inset,
                    side,
                    side,
                    Style::outline(Stroke::new(PROBLEM_INK, width)),
                );
            });
        }
    }

    /// The solution: a haloed line through the squares' centres ending in an arrow at the
    /// exit's disc, and the number of each move in the corner of the square it lands on.
    /// Must be drawn before the markers so the line tucks under the E and X discs.
    fn draw_route(&self, svg: &mut Svg, path: &[usize]) {
        let path: Vec<usize> = path
            .iter()
            .copied()
            .filter(|&i| i < self.board.len())
            .collect();
        if path.len() < 2 {
            return;
        }
        let width = (self.cell * 0.07).max(2.0);
        let mut points: Vec<(f32, f32)> = path.iter().map(|&i| self.centre(i)).collect();
        // Stop short of the last centre so the arrowhead's tip touches the exit's disc.
        let n = points.len();
        let (ax, ay) = points[n - 2];
        let (bx, by) = points[n - 1];
        let length = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt();
        let back = self.marker_radius() + 1.2 * width;
        if length > back + width {
            let t = (length - back) / length;
            points[n - 1] = (ax + (bx - ax) * t, ay + (by - ay) * t);
        }
        svg.group("solution", |g| {
            g.polyline(&points, Stroke::new(Color::WHITE, width + 3.0))
                .arrow(&points, Stroke::new(PATH_INK, width));
        });
    }

    /// Move numbers, drawn last so nothing hides them.
    fn draw_move_numbers(&self, svg: &mut Svg, path: &[usize]) {
        let path: Vec<usize> = path
            .iter()
            .copied()
            .filter(|&i| i < self.board.len())
            .collect();
        let size = (self.cell * 0.26).max(7.0);
        for (step, &index) in path.iter().enumerate().skip(1) {
            let label = step.to_string();
            let w = text_width(&label, size) * 0.95 + size * 0.3;
            let h = size * 1.25;
            let (x, y) = self.corner(index);
            let (px, py) = (x + self.cell - w - 2.0, y + 2.0);
            svg.group(&format!("move {step} to {}", self.board.name(index)), |g| {
                g.rounded_rect(
                    px,
                    py,
                    w,
                    h,
                    h / 2.0,
                    Style::fill(PATH_INK).with_stroke(Stroke::new(Color::WHITE, 1.0)),
                )
                .text(
                    px + w / 2.0,
                    py + h / 2.0,
                    &label,
                    TextStyle::new(size).color(Color::WHITE).bold().centered(),
                );
            });
        }
    }
}

/// Counts of a kind with its plural: "1 knight", "5 knights".
fn count_name(count: usize, name: &str) -> String {
    if count == 1 {
        format!("1 {name}")
    } else {
        format!("{count} {name}s")
    }
}

/// The first letter in upper case: "rook" → "Rook".
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{ChessMaze, PieceKind};

    /// The 8x8 chess sample: a rook from a1 to h8 past five knights, 15 moves.
    pub(super) fn sample_chess() -> ChessMaze {
        let board = Board::new(8, 8).unwrap();
        let at = |name: &str| board.index(board.parse_square(name).unwrap());
        let knights = ["g4", "a8", "a2", "e5", "a7"]
            .iter()
            .map(|&s| (PieceKind::Knight, at(s)))
            .collect();
        ChessMaze::new(board, PieceKind::Rook, at("a1"), at("h8"), knights).unwrap()
    }

    /// The number of `<rect>` elements filled with `fill`.
    pub(super) fn rects_with_fill(svg: &str, fill: Color) -> usize {
        let attr = format!("fill=\"{fill}\"");
        svg.lines()
            .filter(|l| l.starts_with("<rect") && l.contains(&attr))
            .count()
    }

    /// The numbers of the "move N to …" groups, in order.
    pub(super) fn move_numbers(svg: &str) -> Vec<usize> {
        svg.lines()
            .filter_map(|l| l.strip_prefix("<title>move "))
            .map(|rest| rest.split(' ').next().unwrap().parse().unwrap())
            .collect()
    }

    #[test]
    fn cells_shrink_on_big_boards() {
        let small = Layout::new(Board::new(8, 8).unwrap(), vec![]);
        assert_eq!(small.cell, 48.0);
        let big = Layout::new(Board::new(64, 40).unwrap(), vec![]);
        assert_eq!(big.cell, 20.0);
        assert!(big.width <= 1400.0 && big.height <= 1400.0);
    }

    #[test]
    fn wide_captions_widen_the_canvas() {
        let line = "a long caption that is much wider than a three by three board".to_string();
        let layout = Layout::new(Board::new(3, 3).unwrap(), vec![line.clone()]);
        assert!(layout.width >= text_width(&line, 14.0) + 2.0 * PAD);
        // The board stays centred and inside the canvas.
        assert!(layout.left > PAD && layout.left + 3.0 * layout.cell < layout.width - PAD);
    }

    #[test]
    fn squares_placed_as_in_a_diagram() {
        let layout = Layout::new(Board::new(4, 3).unwrap(), vec![]);
        // a1 is bottom left, d3 top right.
        let (ax, ay) = layout.corner(0);
        let (dx, dy) = layout.corner(11);
        assert_eq!((ax, ay), (layout.left, layout.top + 2.0 * layout.cell));
        assert_eq!((dx, dy), (layout.left + 3.0 * layout.cell, layout.top));
    }

    #[test]
    fn words() {
        assert_eq!(count_name(1, "knight"), "1 knight");
        assert_eq!(count_name(5, "knight"), "5 knights");
        assert_eq!(capitalised("rook"), "Rook");
        assert_eq!(capitalised(""), "");
    }

    /// Writes the sample pictures to /tmp for a person to look at:
    /// `cargo test -p ludoforge-puzzles render_samples -- --ignored`.
    #[test]
    #[ignore = "writes PNG files to /tmp for inspection"]
    fn render_samples() {
        use crate::chromatic::{ChromaticMaze, ChromaticProblem};
        use ludoforge_evolve::{Budget, Run, SteadyState};

        let chess = sample_chess();
        let solution = chess.solve().unwrap();
        let caption = format!("{} moves · hand-made", solution.min_moves);
        let board = Board::new(11, 11).unwrap();
        let problem = ChromaticProblem::new(board, 0, board.len() - 1).unwrap();
        let report = Run::new(&problem, SteadyState::new(200))
            .budget(Budget::matings(20_000))
            .seed(7)
            .execute()
            .unwrap();
        let maze = ChromaticMaze::new(board, report.best.genome, 0, board.len() - 1).unwrap();
        let path = maze.solve().unwrap().path;
        let chromatic_caption = format!("{} moves · seed 7", path.len() - 1);
        let pictures = [
            (
                "/tmp/render-chess.png",
                chess_svg(
                    &chess,
                    &View::player()
                        .with_solution(&solution.path)
                        .with_caption(&caption),
                ),
            ),
            (
                "/tmp/render-chess-reveal.png",
                chess_svg(
                    &chess,
                    &View::revealed()
                        .with_solution(&solution.path)
                        .with_caption(&caption),
                ),
            ),
            (
                "/tmp/render-chromatic.png",
                chromatic_svg(&maze, &View::player().with_caption(&chromatic_caption)),
            ),
            (
                "/tmp/render-chromatic-reveal.png",
                chromatic_svg(
                    &maze,
                    &View::revealed()
                        .with_solution(&path)
                        .with_caption(&chromatic_caption),
                ),
            ),
        ];
        for (file, svg) in pictures {
            std::fs::write(file, ludoforge_draw::svg_to_png(&svg, 1.0).unwrap()).unwrap();
            std::fs::write(file.replace(".png", ".svg"), svg).unwrap();
        }
        print!("{}", crate::ascii::chess_ascii(&chess, true));
        print!("{}", crate::ascii::chromatic_ascii(&maze));
    }
}
