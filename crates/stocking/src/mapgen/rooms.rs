//! Rooms and corridors: rectangular rooms placed by rejection sampling, joined by L-shaped
//! corridors along a nearest-neighbour spanning tree, plus a few extra corridors for loops.
//!
//! Cells are a flat `Vec<u8>` (1 = wall, 0 = floor, row after row). Rooms keep at least one
//! wall cell between each other and off the border; corridors run between room centres, so
//! they stay inside the border too.

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::{below, between, coin};

/// The shortest side accepted: room for two small rooms and a wall between them.
pub(super) const MIN_SIDE: usize = 12;

/// Room widths, before shrinking to fit small maps.
const WIDTHS: (usize, usize) = (4, 12);
/// Room heights, before shrinking to fit small maps (text cells are tall, so rooms are wide).
const HEIGHTS: (usize, usize) = (3, 8);
/// Rooms are placed until they cover this share of the map (corridors add more floor)...
const ROOM_SHARE: f64 = 0.2;
/// ... or until this many placement attempts per cell of the map have been made ...
const ATTEMPTS_PER_CELL: f64 = 0.1;
/// ... but never fewer than this many.
const MIN_ATTEMPTS: usize = 200;
/// One extra corridor (making a loop) per this many rooms.
const ROOMS_PER_LOOP: usize = 8;

/// A room: its top-left inner cell and its size, all floor.
#[derive(Debug, Clone, Copy)]
struct Room {
    x: usize,
    y: usize,
    w: usize,
    h: usize,
}

impl Room {
    fn centre(self) -> (usize, usize) {
        (self.x + self.w / 2, self.y + self.h / 2)
    }
}

/// A rooms-and-corridors map as a wall mask.
pub(super) fn rooms(width: usize, height: usize, rng: &mut Stream) -> Vec<u8> {
    let mut cells = vec![1u8; width * height];
    let rooms = place_rooms(&mut cells, width, height, rng);
    let centres: Vec<(usize, usize)> = rooms.iter().map(|r| r.centre()).collect();
    let mut links = spanning_tree(&centres);
    add_loops(&centres, &mut links, rng);
    for (a, b) in links {
        dig(&mut cells, width, centres[a], centres[b], coin(rng));
    }
    cells
}

/// Places rooms at random where they keep a wall cell from every other room, until they
/// cover [`ROOM_SHARE`] of the map or the attempts run out. The first attempt always
/// succeeds.
fn place_rooms(cells: &mut [u8], width: usize, height: usize, rng: &mut Stream) -> Vec<Room> {
    // Shrink the rooms on small maps so several fit.
    let max_w = WIDTHS.1.min((width - 2) / 3);
    let max_h = HEIGHTS.1.min((height - 2) / 3);
    let (min_w, min_h) = (WIDTHS.0.min(max_w), HEIGHTS.0.min(max_h));
    let area = width * height;
    let target = (ROOM_SHARE * area as f64) as usize;
    let attempts = ((ATTEMPTS_PER_CELL * area as f64) as usize).max(MIN_ATTEMPTS);
    let (mut rooms, mut covered) = (Vec::new(), 0);
    for _ in 0..attempts {
        if covered >= target {
            break;
        }
        let (w, h) = (between(rng, min_w, max_w), between(rng, min_h, max_h));
        let room = Room {
            x: between(rng, 1, width - 1 - w),
            y: between(rng, 1, height - 1 - h),
            w,
            h,
        };
        // The room and a ring of one cell around it must be wall.
        let clear = (room.y - 1..=room.y + h).all(|y| {
            cells[y * width + room.x - 1..=y * width + room.x + w]
                .iter()
                .all(|&c| c == 1)
        });
        if clear {
            for y in room.y..room.y + h {
                cells[y * width + room.x..y * width + room.x + w].fill(0);
            }
            rooms.push(room);
            covered += w * h;
        }
    }
    rooms
}

/// The edges of a minimum spanning tree of the rooms by the Manhattan distance between their
/// centres (Prim's algorithm, O(rooms²) but over a shrinking list of the rooms still outside
/// the tree, so about rooms² / 2 steps).
fn spanning_tree(centres: &[(usize, usize)]) -> Vec<(usize, usize)> {
    /// A room outside the tree: its index, centre, and nearest tree room so far.
    struct Outside {
        room: usize,
        centre: (usize, usize),
        dist: usize,
        from: usize,
    }
    let mut links = Vec::with_capacity(centres.len().saturating_sub(1));
    let mut outside: Vec<Outside> = (1..centres.len())
        .map(|room| Outside {
            room,
            centre: centres[room],
            dist: usize::MAX,
            from: 0,
        })
        .collect();
    let mut here = 0;
    while !outside.is_empty() {
        let (hx, hy) = centres[here];
        let (mut next, mut nearest) = (0, usize::MAX);
        for (k, o) in outside.iter_mut().enumerate() {
            let d = hx.abs_diff(o.centre.0) + hy.abs_diff(o.centre.1);
            if d < o.dist {
                (o.dist, o.from) = (d, here);
            }
            if o.dist < nearest {
                (next, nearest) = (k, o.dist);
            }
        }
        let joined = outside.swap_remove(next);
        links.push((joined.from, joined.room));
        here = joined.room;
    }
    links
}

/// Adds a few corridors, each from a random room to the nearest room it is not yet linked to,
/// so the map has loops.
fn add_loops(centres: &[(usize, usize)], links: &mut Vec<(usize, usize)>, rng: &mut Stream) {
    let n = centres.len();
    if n < 3 {
        return;
    }
    let mut linked: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(a, b) in links.iter() {
        linked[a].push(b);
        linked[b].push(a);
    }
    for _ in 0..n.div_ceil(ROOMS_PER_LOOP) {
        let a = below(rng, n);
        let (ax, ay) = centres[a];
        let nearest = (0..n)
            .filter(|&b| b != a && !linked[a].contains(&b))
            .min_by_key(|&b| ax.abs_diff(centres[b].0) + ay.abs_diff(centres[b].1));
        if let Some(b) = nearest {
            linked[a].push(b);
            linked[b].push(a);
            links.push((a, b));
        }
    }
}

/// Digs an L-shaped corridor from `a` to `b`: along the row of `a` then the column of `b`
/// when `row_first`, else along the column of `a` then the row of `b`.
fn dig(cells: &mut [u8], width: usize, a: (usize, usize), b: (usize, usize), row_first: bool) {
    let corner = if row_first { (b.0, a.1) } else { (a.0, b.1) };
    for (p, q) in [(a, corner), (corner, b)] {
        for y in p.1.min(q.1)..=p.1.max(q.1) {
            for x in p.0.min(q.0)..=p.0.max(q.0) {
                cells[y * width + x] = 0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_joins_nearest_rooms() {
        let centres = [(0, 0), (10, 0), (1, 1), (11, 2)];
        let mut links = spanning_tree(&centres);
        links.sort_unstable();
        assert_eq!(links, [(0, 1), (0, 2), (1, 3)]);
    }

    #[test]
    fn corridors_are_l_shaped() {
        let width = 6;
        let mut cells = vec![1u8; width * 4];
        dig(&mut cells, width, (1, 1), (4, 2), true);
        let text: String = cells
            .iter()
            .map(|&c| if c == 1 { '#' } else { '.' })
            .collect();
        assert_eq!(text, ["######", "#....#", "####.#", "######"].concat());
    }
}
