//! Property tests: the variation operators keep genomes legal, and the solver agrees with the
//! paper's own recursive traversal and returns legal shortest solutions.

use ludoforge_evolve::rng::{below, stream};
use ludoforge_evolve::{Crossover, Mutate, Outcome, Problem};
use ludoforge_puzzles::board::{Board, MAX_SIDE, MIN_SIDE};
use ludoforge_puzzles::chess::piece::parse_pieces;
use ludoforge_puzzles::chess::rules::{AgentMoves, blocked};
use ludoforge_puzzles::chess::{ChessMaze, ChessProblem, PieceKind};
use ludoforge_puzzles::chromatic::maze::{ColourMoves, neighbour_table};
use ludoforge_puzzles::chromatic::sample::{carved, distance, uniform};
use ludoforge_puzzles::chromatic::{ChromaticMaze, ChromaticProblem, fast};
use ludoforge_puzzles::solve::{Moves, UNREACHED, min_moves, solve};
use proptest::prelude::*;

/// Ashlock's recursive traversal algorithm (section III-A), written as the paper gives it:
/// record the fewest moves seen at each square and prune when a path is no better.
fn paper_rta<M: Moves>(maze: &M, entrance: usize, exit: usize) -> Option<u32> {
    fn rta<M: Moves>(maze: &M, position: usize, moves: u32, table: &mut Vec<u32>) {
        if moves >= table[position] {
            return;
        }
        table[position] = moves;
        let mut next = Vec::new();
        maze.for_each_move(position, |to| next.push(to));
        for to in next {
            rta(maze, to, moves + 1, table);
        }
    }
    let mut table = vec![UNREACHED; maze.size()];
    rta(maze, entrance, 0, &mut table);
    (table[exit] != UNREACHED).then_some(table[exit])
}

fn agent() -> impl Strategy<Value = PieceKind> {
    prop::sample::select(vec![
        PieceKind::King,
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
    ])
}

fn pieces() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec!["5N", "7P", "R,N,3P", "2B,3P", "K,2N", "Q,4P"])
}

fn legal(problem: &ChessProblem, placement: &[u16]) -> Result<(), TestCaseError> {
    prop_assert_eq!(placement.len(), problem.kinds.len());
    let mut seen = std::collections::BTreeSet::new();
    for &square in placement {
        let square = usize::from(square);
        prop_assert!(square < problem.board.len());
        prop_assert!(square != problem.entrance && square != problem.exit);
        prop_assert!(seen.insert(square), "two pieces on one square");
    }
    // Canonical: squares ascending within each kind.
    for i in 1..placement.len() {
        if problem.kinds[i] == problem.kinds[i - 1] {
            prop_assert!(placement[i - 1] < placement[i]);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn chess_operators_keep_placements_legal(
        size in 5usize..=12, pieces in pieces(), seed in any::<u64>(), rounds in 1usize..20,
    ) {
        let board = Board::new(size, size).unwrap();
        let problem = ChessProblem::new(board, PieceKind::Rook, 0, board.len() - 1, parse_pieces(pieces).unwrap()).unwrap();
        let mut rng = stream(seed, 0, 0);
        let mut a = problem.random_genome(&mut rng);
        let mut b = problem.random_genome(&mut rng);
        legal(&problem, &a)?;
        for _ in 0..rounds {
            let (c, d) = problem.crossover(&a, &b, &mut rng);
            legal(&problem, &c)?;
            legal(&problem, &d)?;
            // Uniform crossover only deals the parents' squares out.
            for square in c.iter().chain(&d) {
                prop_assert!(a.contains(square) || b.contains(square));
            }
            let before = c.clone();
            let mut moved = c;
            problem.mutate(&mut moved, &mut rng);
            legal(&problem, &moved)?;
            let kept = moved.iter().filter(|s| before.contains(s)).count();
            prop_assert_eq!(kept, before.len() - 1, "mutation moves exactly one piece");
            a = moved;
            b = d;
        }
    }

    #[test]
    fn chromatic_operators_keep_length_and_colours(
        size in 3usize..=21, seed in any::<u64>(),
    ) {
        let board = Board::new(size, size).unwrap();
        let problem = ChromaticProblem::new(board, 0, board.len() - 1).unwrap();
        let mut rng = stream(seed, 0, 0);
        let a = problem.random_genome(&mut rng);
        let b = problem.random_genome(&mut rng);
        let (c, d) = problem.crossover(&a, &b, &mut rng);
        prop_assert_eq!(c.len(), board.len());
        // Two-point crossover: each child takes every square from one parent, the other child
        // from the other, and the squares from b form one contiguous stretch.
        let from_b: Vec<usize> = (0..c.len()).filter(|&i| c[i] != a[i]).collect();
        for i in 0..c.len() {
            prop_assert!((c[i] == a[i] && d[i] == b[i]) || (c[i] == b[i] && d[i] == a[i]));
        }
        if let (Some(&first), Some(&last)) = (from_b.first(), from_b.last()) {
            for i in first..=last {
                prop_assert_eq!(c[i], b[i]);
            }
        }
        let mut e = c.clone();
        problem.mutate(&mut e, &mut rng);
        prop_assert!(e.iter().zip(&c).filter(|(x, y)| x != y).count() <= 1);
        prop_assert!(e.iter().all(|&colour| colour < 6));
    }

    #[test]
    fn chess_solver_agrees_with_the_papers_traversal(
        size in 4usize..=9, agent in agent(), pieces in pieces(), seed in any::<u64>(),
    ) {
        let board = Board::new(size, size).unwrap();
        let kinds = parse_pieces(pieces).unwrap();
        prop_assume!(kinds.len() + 3 <= board.len());
        let Ok(problem) = ChessProblem::new(board, agent, 0, board.len() - 1, kinds) else {
            return Ok(()); // e.g. a bishop on an even board cannot reach the far corner.
        };
        let mut rng = stream(seed, 0, 0);
        let placement = problem.random_genome(&mut rng);
        let pieces = problem.pieces(&placement);
        let mut occupied = vec![false; board.len()];
        for &(_, s) in &pieces { occupied[s] = true; }
        let table = blocked(&board, &pieces, &occupied);
        let moves = AgentMoves { board: &board, agent, blocked: &table };
        let expected = if table[0] || table[board.len() - 1] { None } else { paper_rta(&moves, 0, board.len() - 1) };
        let fitness = match problem.evaluate(&placement) {
            Outcome::Evaluated(e) => Some(e.fitness as u32),
            Outcome::Rejected(_) => None,
        };
        prop_assert_eq!(fitness, expected);
        if let Some(n) = expected {
            let maze = ChessMaze::new(board, agent, 0, board.len() - 1, pieces).unwrap();
            let solution = maze.solve().unwrap();
            prop_assert_eq!(solution.min_moves, n);
            prop_assert_eq!(solution.path.len(), n as usize + 1);
            for step in solution.path.windows(2) {
                let mut legal = false;
                moves.for_each_move(step[0], |to| legal |= to == step[1]);
                prop_assert!(legal, "illegal move in solution");
            }
            prop_assert!(solution.measures.shortest_solutions >= 1);
            prop_assert!(solution.measures.reachable <= board.len() - maze.pieces.len());
        }
    }

    #[test]
    fn chromatic_solver_agrees_with_the_papers_traversal(width in 3usize..=9, height in 3usize..=9, seed in any::<u64>()) {
        let board = Board::new(width, height).unwrap();
        let problem = ChromaticProblem::new(board, 0, board.len() - 1).unwrap();
        let mut rng = stream(seed, 0, 0);
        let colours = problem.random_genome(&mut rng);
        let maze = ChromaticMaze::new(board, colours, 0, board.len() - 1).unwrap();
        let expected = paper_rta(&maze.moves(), 0, board.len() - 1);
        prop_assert_eq!(min_moves(&maze.moves(), 0, board.len() - 1), expected);
        let fitness = match problem.evaluate(&maze.colours) {
            Outcome::Evaluated(e) => Some(e.fitness as u32),
            Outcome::Rejected(_) => None,
        };
        prop_assert_eq!(fitness, expected, "the fast fitness disagrees");
        match (solve(&maze.moves(), 0, board.len() - 1), maze.solve()) {
            (None, None) => prop_assert!(expected.is_none()),
            (Some(_), Some(solution)) => {
                prop_assert_eq!(Some(solution.min_moves), expected);
                let changes = solution.path.windows(2).filter(|s| maze.colours[s[0]] != maze.colours[s[1]]).count();
                prop_assert_eq!(solution.measures.colour_changes, Some(changes));
            }
            _ => prop_assert!(false, "solve and maze.solve disagree"),
        }
    }
}

/// The reference solver's answer on a chromatic board.
fn reference(board: &Board, colours: &[u8], entrance: usize, exit: usize) -> Option<u32> {
    let neighbours = neighbour_table(board);
    let moves = ColourMoves {
        colours,
        neighbours: &neighbours,
    };
    min_moves(&moves, entrance, exit)
}

/// A side of any allowed length.
fn side() -> impl Strategy<Value = usize> {
    MIN_SIDE..=MAX_SIDE
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The fast search on every board shape, with the entrance and exit anywhere and colourings
    /// from open (one or two colours: everything joined, long searches) to uniform (mostly
    /// cut off) and carved (always joined).
    #[test]
    fn fast_search_agrees_with_the_reference_anywhere(
        width in side(), height in side(), entrance in any::<prop::sample::Index>(),
        exit in any::<prop::sample::Index>(), palette in 1usize..=7, seed in any::<u64>(),
    ) {
        let board = Board::new(width, height).unwrap();
        let (entrance, exit) = (entrance.index(board.len()), exit.index(board.len()));
        let mut rng = stream(seed, 0, 0);
        // Palette 7 stands for carved.
        let colours: Vec<u8> = if palette == 7 {
            carved(&board, entrance, exit, &mut rng)
        } else {
            (0..board.len()).map(|_| below(&mut rng, palette) as u8).collect()
        };
        let expected = reference(&board, &colours, entrance, exit);
        prop_assert_eq!(fast::min_moves(&board, &colours, entrance, exit), expected);
        // Searches on boards of different shapes share the thread's memory: a second search
        // on a smaller board must not see the first one's squares.
        let small = Board::new(3, 3).unwrap();
        prop_assert_eq!(fast::min_moves(&small, &[0; 9], 0, 8), Some(4));
        prop_assert_eq!(fast::min_moves(&board, &colours, entrance, exit), expected);
    }

    /// A carved colouring is a colouring of wheel positions that differs from the uniform one
    /// drawn first only on one shortest route, and its exit is exactly the Manhattan distance
    /// away.
    #[test]
    fn carved_colourings_are_solvable_in_the_fewest_moves(
        width in side(), height in side(), entrance in any::<prop::sample::Index>(),
        exit in any::<prop::sample::Index>(), seed in any::<u64>(),
    ) {
        let board = Board::new(width, height).unwrap();
        let (entrance, exit) = (entrance.index(board.len()), exit.index(board.len()));
        let colours = carved(&board, entrance, exit, &mut stream(seed, 1, 2));
        prop_assert_eq!(colours.len(), board.len());
        prop_assert!(colours.iter().all(|&c| c < 6));
        let fewest = distance(&board, entrance, exit) as u32;
        prop_assert_eq!(fast::min_moves(&board, &colours, entrance, exit), Some(fewest));
        prop_assert_eq!(reference(&board, &colours, entrance, exit), Some(fewest));
        // Only squares of the route after the entrance change, all inside the rectangle the
        // entrance and exit span.
        let drawn = uniform(&board, &mut stream(seed, 1, 2));
        let (a, b) = (board.square(entrance), board.square(exit));
        let changed: Vec<usize> = (0..board.len()).filter(|&i| drawn[i] != colours[i]).collect();
        prop_assert!(changed.len() <= fewest as usize);
        for i in changed {
            let s = board.square(i);
            prop_assert!(i != entrance);
            prop_assert!(s.file >= a.file.min(b.file) && s.file <= a.file.max(b.file));
            prop_assert!(s.rank >= a.rank.min(b.rank) && s.rank <= a.rank.max(b.rank));
        }
    }
}
