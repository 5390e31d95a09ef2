//! The chromatic fitness function on its hot path.
//!
//! Evolution evaluates hundreds of thousands of boards, so this search copies the colours into
//! a board padded with a border of a seventh "colour" that no step may enter: every square then
//! has four neighbours at fixed offsets and no bounds to check. It computes exactly what
//! [`crate::solve::min_moves`] computes on [`super::maze::ColourMoves`]; the property tests check
//! that they agree.

use std::cell::RefCell;

use crate::board::Board;

/// The border's colour: compatible with nothing.
const WALL: u8 = 6;

/// `SAFE[a][b]`: a step from colour a to colour b is safe (same or neighbouring on the wheel).
const SAFE: [[bool; 8]; 8] = {
    let mut table = [[false; 8]; 8];
    let mut a = 0;
    while a < 6 {
        let mut b = 0;
        while b < 6 {
            let distance = (b + 6 - a) % 6;
            table[a][b] = distance == 0 || distance == 1 || distance == 5;
            b += 1;
        }
        a += 1;
    }
    table
};

struct Padded {
    width: usize,
    height: usize,
    colours: Vec<u8>,
    seen: Vec<u32>,
    epoch: u32,
    queue: Vec<u32>,
}

thread_local! {
    static PADDED: RefCell<Padded> = const {
        RefCell::new(Padded {
            width: 0,
            height: 0,
            colours: Vec::new(),
            seen: Vec::new(),
            epoch: 0,
            queue: Vec::new(),
        })
    };
}

/// Minimum moves from `entrance` to `exit` on a board coloured `colours` (wheel positions by
/// index, rank 1 first), or `None` if the exit cannot be reached. O(squares).
pub fn min_moves(board: &Board, colours: &[u8], entrance: usize, exit: usize) -> Option<u32> {
    if entrance == exit {
        return Some(0);
    }
    PADDED.with(|padded| {
        let padded = &mut *padded.borrow_mut();
        let stride = board.width + 2;
        if (padded.width, padded.height) != (board.width, board.height) {
            padded.width = board.width;
            padded.height = board.height;
            padded.colours = vec![WALL; stride * (board.height + 2)];
            padded.seen = vec![0; padded.colours.len()];
            padded.epoch = 0;
        }
        for (rank, row) in colours.chunks_exact(board.width).enumerate() {
            let start = (rank + 1) * stride + 1;
            padded.colours[start..start + board.width].copy_from_slice(row);
        }
        padded.epoch = padded.epoch.wrapping_add(1);
        if padded.epoch == 0 {
            padded.seen.fill(0);
            padded.epoch = 1;
        }
        let epoch = padded.epoch;
        let pad = |i: usize| (i / board.width + 1) * stride + i % board.width + 1;
        let (start, goal) = (pad(entrance), pad(exit));
        let (colours, seen, queue) = (&padded.colours, &mut padded.seen, &mut padded.queue);
        queue.clear();
        queue.push(start as u32);
        seen[start] = epoch;
        let offsets = [1, stride, usize::MAX, stride.wrapping_neg()];
        let (mut head, mut depth) = (0, 0);
        while head < queue.len() {
            let layer_end = queue.len();
            depth += 1;
            while head < layer_end {
                let from = queue[head] as usize;
                head += 1;
                let safe = &SAFE[usize::from(colours[from])];
                for offset in offsets {
                    let to = from.wrapping_add(offset);
                    if safe[usize::from(colours[to])] && seen[to] != epoch {
                        if to == goal {
                            return Some(depth);
                        }
                        seen[to] = epoch;
                        queue.push(to as u32);
                    }
                }
            }
        }
        None
    })
}
