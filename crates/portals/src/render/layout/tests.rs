//! Tests of whole layouts.

use super::*;
use crate::{Params, generate::generate};
use ludoforge_evolve::rng::stream;

fn generated(min_path: u32, seed: u64) -> Dungeon {
    generate(&Params::new(min_path), &mut stream(seed, 0, 0)).unwrap()
}

/// Every structural promise of the layout, for a valid dungeon.
fn check_layout(dungeon: &Dungeon) -> Layout {
    let layout = Layout::new(dungeon, Spacing::NORMAL);
    let n = dungeon.rooms();
    // Every portal strictly downward.
    for (from, to) in dungeon.arcs() {
        assert!(layout.row[to as usize] > layout.row[from as usize]);
    }
    // Origin alone on top, exit alone at the bottom.
    assert_eq!(layout.rows[0], vec![Slot::Room(0)]);
    assert_eq!(
        layout.rows.last().unwrap(),
        &vec![Slot::Room(dungeon.exit())]
    );
    // Every room in exactly one slot, on its row.
    let mut seen = vec![0; n];
    for (l, row) in layout.rows.iter().enumerate() {
        for slot in row {
            if let Slot::Room(r) = *slot {
                seen[r as usize] += 1;
                assert_eq!(layout.row[r as usize] as usize, l);
            }
        }
    }
    assert!(seen.iter().all(|&c| c == 1));
    // Portals in arc order, each with one bend per row crossed, all going down.
    assert_eq!(layout.portals.len(), dungeon.arc_count());
    let mut bends = vec![0usize; layout.portals.len()];
    for slot in layout.rows.iter().flatten() {
        if let Slot::Bend(p) = *slot {
            bends[p] += 1;
        }
    }
    for ((path, (from, to)), &b) in layout.portals.iter().zip(dungeon.arcs()).zip(&bends) {
        assert_eq!((path.from, path.to), (from, to));
        let span = (layout.row[to as usize] - layout.row[from as usize]) as usize;
        assert_eq!(path.points.len(), span + 1);
        assert_eq!(b, span - 1);
        assert!(path.points.windows(2).all(|w| w[1].1 > w[0].1));
        assert_eq!(path.points[0], layout.centre[from as usize]);
        assert_eq!(*path.points.last().unwrap(), layout.centre[to as usize]);
    }
    // Neighbours in a row keep their spacing.
    let s = layout.spacing;
    for (l, row) in layout.rows.iter().enumerate() {
        let place = |slot: Slot| match slot {
            Slot::Room(r) => (layout.centre[r as usize].0, true),
            Slot::Bend(p) => {
                let path = &layout.portals[p];
                let step = l - layout.row[path.from as usize] as usize;
                (path.points[step].0, false)
            }
        };
        for pair in row.windows(2) {
            let ((a, room_a), (b, room_b)) = (place(pair[0]), place(pair[1]));
            let least = match (room_a, room_b) {
                (true, true) => 2.0 * s.radius + s.room_gap,
                (false, false) => s.bend_gap,
                _ => s.radius + s.bend_gap,
            };
            assert!(b - a >= least - 0.01, "row {l}: {a} then {b}");
        }
    }
    for &(x, y) in &layout.centre {
        assert!(x >= s.radius - 0.01 && x <= layout.width - s.radius + 0.01);
        assert!(y >= s.radius - 0.01 && y <= layout.height - s.radius + 0.01);
    }
    layout
}

#[test]
fn chain_is_a_column() {
    let dungeon = Dungeon::from_portals(vec![vec![1], vec![2], vec![3], vec![]], 3);
    let layout = check_layout(&dungeon);
    assert_eq!(layout.rows.len(), 4);
    assert!(layout.centre.iter().all(|c| c.0 == layout.centre[0].0));
    assert_eq!(layout.crossings, 0);
}

#[test]
fn diamond_and_shortcut() {
    // 0 → 1 → 2 → 4, 0 → 3 → 4, 1 → 3.
    let dungeon = Dungeon::from_portals(vec![vec![1, 3], vec![2, 3], vec![4], vec![4], vec![]], 4);
    let layout = check_layout(&dungeon);
    assert_eq!(layout.row, vec![0, 1, 2, 2, 3]);
    assert_eq!(layout.crossings, 0);
}

#[test]
fn crossing_pair_is_untangled() {
    // Rooms 1, 2 on row 1 feed 4, 3 on row 2 the wrong way round at first.
    let dungeon = Dungeon::from_portals(
        vec![vec![1, 2], vec![4], vec![3], vec![5], vec![5], vec![]],
        5,
    );
    let layout = check_layout(&dungeon);
    assert_eq!(layout.crossings, 0);
}

#[test]
fn generated_dungeons() {
    for seed in 0..12 {
        let dungeon = generated(9, seed);
        let layout = check_layout(&dungeon);
        // Far fewer crossings than segments: a readable picture.
        let segments: usize = layout.portals.iter().map(|p| p.points.len() - 1).sum();
        assert!(layout.crossings <= segments, "seed {seed}");
    }
    check_layout(&generated(12, 1));
}

#[test]
fn deterministic() {
    let dungeon = generated(9, 3);
    assert_eq!(
        Layout::new(&dungeon, Spacing::NORMAL),
        Layout::new(&dungeon, Spacing::NORMAL)
    );
}

#[test]
fn broken_dungeons_still_lay_out() {
    // A cycle 1 → 2 → 1, and a room 4 nobody reaches.
    let cyclic = Dungeon::from_portals(vec![vec![1], vec![2], vec![1, 3], vec![], vec![3]], 3);
    let layout = Layout::new(&cyclic, Spacing::NORMAL);
    assert_eq!(layout.portals.len(), cyclic.arc_count());
    assert_eq!(layout.rows[0], vec![Slot::Room(0)]);
    assert!(
        layout
            .centre
            .iter()
            .all(|c| c.0.is_finite() && c.1.is_finite())
    );
    // Unreachable room without cycle: still the origin alone on top.
    let orphan = Dungeon::from_portals(vec![vec![1], vec![2], vec![], vec![2]], 2);
    let layout = Layout::new(&orphan, Spacing::NORMAL);
    assert_eq!(layout.rows[0], vec![Slot::Room(0)]);
    assert_eq!(layout.rows.last().unwrap(), &vec![Slot::Room(2)]);
}
