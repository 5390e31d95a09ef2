//! Pictures of chromatic mazes.

use ludoforge_draw::{Color, Stroke, Style, TextStyle};

use super::{ENTRANCE_INK, EXIT_INK, Layout, View};
use crate::chromatic::{ChromaticMaze, Colour};
use crate::solve::{UNREACHED, reach};

/// The grid between squares.
const GRID: Color = Color::hex(0x222222);
/// The wash over unreachable squares in the reveal view.
pub(super) const WASH: Color = Color::hex(0x808080);
/// Opacity of the wash.
const WASH_OPACITY: f32 = 0.6;

/// The fill of a colour of the wheel.
pub(super) fn fill(colour: Colour) -> Color {
    colour
        .css()
        .parse()
        .expect("the wheel's CSS colours are #rrggbb")
}

/// Ink for the small letter on a square: white on the dark colours, near-black on the light.
fn letter_ink(colour: Colour) -> Color {
    match colour {
        Colour::Orange | Colour::Yellow => Color::hex(0x222222),
        _ => Color::WHITE,
    }
}

/// An SVG picture of a chromatic maze.
///
/// Each square is filled with its colour inside a thin dark grid, with the colour's letter
/// (R O Y G B V) small in its top-left corner so the maze reads without colour vision;
/// **E** and **X** sit on white discs. The reveal view washes grey the squares that cannot be
/// reached from the entrance. A solution in `view` is drawn on top.
#[must_use]
pub fn chromatic_svg(maze: &ChromaticMaze, view: &View) -> String {
    let board = &maze.board;
    let colour_at = |i: usize| Colour::from_index(maze.colours[i]);
    let mut captions = vec![format!(
        "Chromatic maze {}×{} from {} ({}) to {} ({})",
        board.width,
        board.height,
        board.name(maze.entrance),
        colour_at(maze.entrance).name(),
        board.name(maze.exit),
        colour_at(maze.exit).name()
    )];
    if view.reveal {
        captions.push("grey: cannot be reached from E".to_string());
    }
    captions.extend(view.caption.clone());
    let layout = Layout::new(*board, captions);
    let mut svg = layout.canvas();
    let cell = layout.cell;

    svg.group("board", |g| {
        let grid = Stroke::new(GRID, (cell / 40.0).max(0.75));
        for index in 0..board.len() {
            let (x, y) = layout.corner(index);
            g.rect(
                x,
                y,
                cell,
                cell,
                Style::fill(fill(colour_at(index))).with_stroke(grid),
            );
        }
        let size = (cell * 0.26).max(6.0);
        for index in 0..board.len() {
            let (x, y) = layout.corner(index);
            let colour = colour_at(index);
            g.text(
                x + cell * 0.06,
                y + cell * 0.06 + size * 0.5,
                &colour.letter().to_string(),
                TextStyle::new(size)
                    .color(letter_ink(colour))
                    .bold()
                    .middle(),
            );
        }
    });
    if view.reveal {
        let table = reach(&maze.moves(), maze.entrance);
        svg.group("cannot be reached from E", |g| {
            for index in 0..board.len() {
                if table.dist[index] == UNREACHED {
                    let (x, y) = layout.corner(index);
                    g.rect(
                        x,
                        y,
                        cell,
                        cell,
                        Style::fill(WASH).with_opacity(WASH_OPACITY),
                    );
                }
            }
        });
    }
    layout.draw_labels(&mut svg);
    if let Some(path) = &view.solution {
        layout.draw_route(&mut svg, path);
    }
    layout.draw_marker(&mut svg, maze.entrance, "E", ENTRANCE_INK);
    layout.draw_marker(&mut svg, maze.exit, "X", EXIT_INK);
    if let Some(path) = &view.solution {
        layout.draw_move_numbers(&mut svg, path);
    }
    layout.draw_marks(&mut svg, &view.marked);
    layout.draw_captions(&mut svg);
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::tests::{move_numbers, rects_with_fill};
    use ludoforge_draw::svg_to_png;

    /// A 4x3 maze whose right column cannot be reached: R→Y and O→G are unsafe.
    fn small() -> ChromaticMaze {
        ChromaticMaze::genome_of_rows(&["RROG", "ROOG", "RVVG"], "a1", "c3").unwrap()
    }

    #[test]
    fn one_coloured_square_each() {
        let maze = small();
        let svg = chromatic_svg(&maze, &View::player());
        let coloured: usize = Colour::WHEEL
            .iter()
            .map(|&c| rects_with_fill(&svg, fill(c)))
            .sum();
        assert_eq!(coloured, 12);
        assert_eq!(rects_with_fill(&svg, fill(Colour::Red)), 4);
        assert_eq!(rects_with_fill(&svg, fill(Colour::Green)), 3);
        // A letter on every square.
        assert_eq!(svg.matches(">G</text>").count(), 3);
        assert_eq!(svg.matches(">V</text>").count(), 2);
        assert!(svg.contains("Chromatic maze 4×3 from a1 (red) to c3 (orange)"));
        svg_to_png(&svg, 1.0).unwrap();
    }

    #[test]
    fn reveal_washes_exactly_the_unreachable_squares() {
        let maze = small();
        let svg = chromatic_svg(&maze, &View::revealed());
        // The green column d1–d3 meets only orange (c3, c2) and violet (c1), both two steps
        // from green round the wheel, so all three green squares are cut off.
        assert_eq!(rects_with_fill(&svg, WASH), 3);
        assert!(svg.contains("grey: cannot be reached from E"));
        svg_to_png(&svg, 1.0).unwrap();
    }

    #[test]
    fn solution_numbers_count_the_moves() {
        let maze = small();
        let solution = maze.solve().unwrap();
        let svg = chromatic_svg(&maze, &View::player().with_solution(&solution.path));
        let expected: Vec<usize> = (1..=solution.min_moves as usize).collect();
        assert_eq!(move_numbers(&svg), expected);
        assert_eq!(
            svg,
            chromatic_svg(&maze, &View::player().with_solution(&solution.path))
        );
    }
}
