//! Pictures of chess mazes.

use ludoforge_draw::{Color, Stroke, Style, TextStyle};

use super::{ENTRANCE_INK, EXIT_INK, Layout, View, capitalised, count_name};
use crate::chess::{ChessMaze, PieceKind};

/// Light squares of the player's view.
pub(super) const LIGHT: Color = Color::hex(0xf0d9b5);
/// Dark squares of the player's view (a1 is dark).
pub(super) const DARK: Color = Color::hex(0xb58863);
/// Squares covered by a piece, in the reveal view.
pub(super) const COVERED: Color = Color::hex(0xa8d8f0);
/// Open squares, in the reveal view.
pub(super) const OPEN: Color = Color::hex(0xf8c8d4);
/// Squares a piece stands on, in the reveal view.
pub(super) const OCCUPIED: Color = Color::hex(0x7fb2d0);

/// The caption: "♖ Rook from a1 to k11 · 5 knights".
fn describe(maze: &ChessMaze) -> String {
    let board = &maze.board;
    let mut counts = Vec::new();
    for kind in PieceKind::ALL {
        let n = maze.pieces.iter().filter(|&&(k, _)| k == kind).count();
        if n > 0 {
            counts.push(count_name(n, kind.name()));
        }
    }
    let pieces = if counts.is_empty() {
        "no pieces".to_string()
    } else {
        counts.join(", ")
    };
    format!(
        "{} {} from {} to {} · {pieces}",
        maze.agent.symbol(true),
        capitalised(maze.agent.name()),
        board.name(maze.entrance),
        board.name(maze.exit)
    )
}

/// An SVG picture of a chess maze.
///
/// The player's view is a chess diagram: light and dark squares (a1 dark), the black pieces,
/// the agent's white piece on the entrance in a green ring, **X** on a white disc at the exit,
/// file letters and rank numbers, and a caption naming the agent, the squares and the pieces. The
/// reveal view paints covered squares light blue, open squares pink and occupied squares a
/// deeper blue instead of the chequer. A solution in `view` is drawn on top.
#[must_use]
pub fn chess_svg(maze: &ChessMaze, view: &View) -> String {
    let mut captions = vec![describe(maze)];
    if view.reveal {
        captions.push("blue: covered · pink: open".to_string());
    }
    captions.extend(view.caption.clone());
    let layout = Layout::new(maze.board, captions);
    let mut svg = layout.canvas();
    let cell = layout.cell;
    let occupied = maze.occupied();
    let blocked = maze.blocked();

    svg.group("board", |g| {
        let grid = Stroke::new(Color::WHITE, 0.75);
        for index in 0..maze.board.len() {
            let (x, y) = layout.corner(index);
            let square = maze.board.square(index);
            let style = if view.reveal {
                let fill = if occupied[index] {
                    OCCUPIED
                } else if blocked[index] {
                    COVERED
                } else {
                    OPEN
                };
                Style::fill(fill).with_stroke(grid)
            } else if (square.file + square.rank).is_multiple_of(2) {
                Style::fill(DARK)
            } else {
                Style::fill(LIGHT)
            };
            g.rect(x, y, cell, cell, style);
        }
    });
    layout.draw_labels(&mut svg);

    let glyph = TextStyle::new(cell * 0.8).color(Color::BLACK).centered();
    for &(kind, index) in &maze.pieces {
        let (cx, cy) = layout.centre(index);
        let title = format!("black {kind} on {}", maze.board.name(index));
        svg.group(&title, |g| {
            // The glyphs sit a little high in their em box; nudge them down to look centred.
            g.text(cx, cy + cell * 0.04, &kind.symbol(false).to_string(), glyph);
        });
    }

    if let Some(path) = &view.solution {
        layout.draw_route(&mut svg, path);
    }
    layout.draw_marker(&mut svg, maze.exit, "X", EXIT_INK);

    // The entrance holds the agent, as a diagram shows a piece on its square: its white
    // glyph on a white disc ringed in the entrance's green.
    let (cx, cy) = layout.centre(maze.entrance);
    let r = (cell * 0.42).max(layout.marker_radius());
    svg.group(
        &format!(
            "entrance {}: the white {}",
            maze.board.name(maze.entrance),
            maze.agent
        ),
        |g| {
            g.circle(
                cx,
                cy,
                r,
                Style::fill(Color::WHITE)
                    .with_stroke(Stroke::new(ENTRANCE_INK, (cell * 0.05).max(1.0))),
            )
            .text(
                cx,
                cy + r * 0.08,
                &maze.agent.symbol(true).to_string(),
                TextStyle::new(r * 1.55).color(Color::BLACK).centered(),
            );
        },
    );

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
    use crate::board::Board;
    use crate::chess::PieceKind::*;
    use crate::render::tests::{move_numbers, rects_with_fill, sample_chess as sample};
    use ludoforge_draw::svg_to_png;

    #[test]
    fn one_glyph_per_piece() {
        // One piece of every kind on a 5x5 board, none covering a1 or e5.
        let board = Board::new(5, 5).unwrap();
        let at = |name: &str| board.index(board.parse_square(name).unwrap());
        let pieces = vec![
            (Pawn, at("c4")),
            (Knight, at("d2")),
            (Queen, at("b4")),
            (King, at("e2")),
            (Bishop, at("a4")),
            (Rook, at("c3")),
        ];
        let maze = ChessMaze::new(board, Knight, at("a1"), at("e5"), pieces).unwrap();
        for view in [View::player(), View::revealed()] {
            let svg = chess_svg(&maze, &view);
            for kind in PieceKind::ALL {
                assert_eq!(svg.matches(kind.symbol(false)).count(), 1, "{kind}");
            }
            // The agent's white glyph appears on the entrance and in the caption.
            assert_eq!(svg.matches(Knight.symbol(true)).count(), 2);
            assert!(svg.contains(
                "♘ Knight from a1 to e5 · 1 king, 1 queen, 1 rook, 1 bishop, 1 knight, 1 pawn"
            ));
            svg_to_png(&svg, 1.0).expect("the SVG parses and renders");
        }
    }

    /// The first circle after the group titled `title`: centre and radius.
    fn circle_after(svg: &str, title: &str) -> (f32, f32, f32) {
        let from = svg.find(&format!("<title>{title}</title>")).expect(title);
        let circle = &svg[from..][svg[from..].find("<circle").expect("a circle")..];
        let attr = |name: &str| -> f32 {
            let at = circle.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
            circle[at..].split('"').next().unwrap().parse().unwrap()
        };
        (attr("cx"), attr("cy"), attr("r"))
    }

    #[test]
    fn the_agent_stands_on_the_entrance_in_a_green_ring() {
        let maze = sample();
        for view in [View::player(), View::revealed()] {
            let svg = chess_svg(&maze, &view);
            let (ax, ay, ar) = circle_after(&svg, "entrance a1: the white rook");
            let (xx, xy, xr) = circle_after(&svg, "exit h8");
            let from = svg
                .find("<title>entrance a1: the white rook</title>")
                .unwrap();
            let group = &svg[from..from + svg[from..].find("</g>").unwrap()];
            assert!(group.contains(&ENTRANCE_INK.to_string()), "{group}");
            assert!(group.contains("♖</text>"), "{group}");
            // On a1 (bottom left), larger than the exit's disc, and inside its square.
            assert!(
                ax < xx && ay > xy && ar > xr,
                "{ax},{ay} r {ar}; exit {xx},{xy} r {xr}"
            );
        }
    }

    #[test]
    fn player_view_is_a_chequer_with_a1_dark() {
        let maze = sample();
        let svg = chess_svg(&maze, &View::player());
        assert_eq!(rects_with_fill(&svg, DARK), 32);
        assert_eq!(rects_with_fill(&svg, LIGHT), 32);
        // The first square drawn is a1, and it is dark.
        let first = svg
            .lines()
            .skip_while(|l| *l != "<title>board</title>")
            .find(|l| l.starts_with("<rect"))
            .unwrap();
        assert!(first.contains(&DARK.to_string()), "{first}");
        assert_eq!(rects_with_fill(&svg, COVERED), 0);
        for text in ["♖</text>", "X</text>", "♖ Rook from a1 to h8 · 5 knights"] {
            assert!(svg.contains(text), "{text} missing");
        }
        for label in ["a", "h", "1", "8"] {
            assert!(svg.contains(&format!(">{label}</text>")), "label {label}");
        }
    }

    #[test]
    fn reveal_colours_match_the_rules() {
        let maze = sample();
        let svg = chess_svg(&maze, &View::revealed());
        let blocked = maze.blocked();
        let occupied = maze.occupied();
        let covered = (0..64).filter(|&i| blocked[i] && !occupied[i]).count();
        let open = blocked.iter().filter(|&&b| !b).count();
        assert_eq!(rects_with_fill(&svg, COVERED), covered);
        assert_eq!(rects_with_fill(&svg, OPEN), open);
        assert_eq!(rects_with_fill(&svg, OCCUPIED), 5);
        assert_eq!(covered + open + 5, 64);
        assert_eq!(svg.matches('♞').count(), 5);
        assert!(svg.contains("♖</text>") && svg.contains("X</text>"));
        svg_to_png(&svg, 1.0).unwrap();
    }

    #[test]
    fn solution_numbers_count_the_moves() {
        let maze = sample();
        let solution = maze.solve().expect("solvable");
        for view in [View::player(), View::revealed()] {
            let svg = chess_svg(&maze, &view.with_solution(&solution.path));
            let expected: Vec<usize> = (1..=solution.min_moves as usize).collect();
            assert_eq!(move_numbers(&svg), expected);
            assert_eq!(svg.matches("<polyline").count(), 2, "halo and line");
            assert!(svg.contains("marker-end"));
            svg_to_png(&svg, 1.0).unwrap();
        }
    }

    #[test]
    fn deterministic_and_captioned() {
        let maze = sample();
        let path = maze.solve().unwrap().path;
        let view = View::revealed()
            .with_solution(&path)
            .with_caption("4 moves · seed 7");
        assert_eq!(chess_svg(&maze, &view), chess_svg(&maze, &view.clone()));
        assert!(chess_svg(&maze, &view).contains("4 moves · seed 7"));
    }

    #[test]
    fn big_boards_fit() {
        let board = Board::new(64, 64).unwrap();
        let maze = ChessMaze::new(board, Queen, 0, 4095, vec![(Knight, 2000)]).unwrap();
        let svg = chess_svg(&maze, &View::player());
        let image = ludoforge_draw::svg_to_rgba(&svg, 1.0).unwrap();
        assert!(image.width <= 1400 && image.height <= 1420, "{image:?}");
        assert!(svg.contains(">bl</text>") && svg.contains(">64</text>"));
    }

    #[test]
    fn off_board_solution_squares_are_skipped() {
        let maze = sample();
        let svg = chess_svg(&maze, &View::player().with_solution(&[0, 7, 999, 63]));
        assert_eq!(move_numbers(&svg), vec![1, 2]);
    }
}
