//! Where the lines between nodes run and where territory names go.

use super::*;

/// A border or a one-way arc, between nodes.
pub(super) struct Segment {
    pub(super) from: usize,
    pub(super) to: usize,
    pub(super) one_way: bool,
    /// A one-way arc whose reverse is an arc too.
    pub(super) paired: bool,
}

/// The borders, then the one-way arcs, of the map.
pub(super) fn segments(map: &RiskMap) -> Vec<Segment> {
    let file = map.file();
    file.borders
        .iter()
        .map(|&[a, b]| Segment {
            from: a as usize,
            to: b as usize,
            one_way: false,
            paired: false,
        })
        .chain(file.one_way.iter().map(|&[a, b]| Segment {
            from: a as usize,
            to: b as usize,
            one_way: true,
            paired: file.one_way.contains(&[b, a]),
        }))
        .collect()
}

/// An axis-aligned box.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Rect {
    pub(super) x: f32,
    pub(super) y: f32,
    pub(super) w: f32,
    pub(super) h: f32,
}

impl Rect {
    pub(super) fn overlap(&self, other: &Rect) -> f32 {
        let w = (self.x + self.w).min(other.x + other.w) - self.x.max(other.x);
        let h = (self.y + self.h).min(other.y + other.h) - self.y.max(other.y);
        if w > 0.0 && h > 0.0 { w * h } else { 0.0 }
    }

    /// The distance from `p` to the box (0 inside).
    pub(super) fn distance(&self, p: (f32, f32)) -> f32 {
        let dx = (self.x - p.0).max(p.0 - self.x - self.w).max(0.0);
        let dy = (self.y - p.1).max(p.1 - self.y - self.h).max(0.0);
        dx.hypot(dy)
    }

    /// Whether the segment `a`–`b` passes through the box.
    pub(super) fn cut_by(&self, a: (f32, f32), b: (f32, f32)) -> bool {
        // Liang–Barsky clipping.
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let mut t0 = 0.0f32;
        let mut t1 = 1.0f32;
        for (p, q) in [
            (-dx, a.0 - self.x),
            (dx, self.x + self.w - a.0),
            (-dy, a.1 - self.y),
            (dy, self.y + self.h - a.1),
        ] {
            if p == 0.0 {
                if q < 0.0 {
                    return false;
                }
            } else {
                let r = q / p;
                if p < 0.0 {
                    t0 = t0.max(r);
                } else {
                    t1 = t1.min(r);
                }
            }
        }
        t0 <= t1
    }
}

/// A box for each territory's name beside its node, chosen greedily among twelve spots round
/// the node for the fewest nodes, names and lines covered and the fewest other nodes nearby.
pub(super) fn place_names(map: &RiskMap, centre: &[(f32, f32)], segments: &[Segment]) -> Vec<Rect> {
    let h = NAME * 1.3;
    let pad = 3.0;
    let mut placed: Vec<Rect> = Vec::with_capacity(centre.len());
    for (t, &(x, y)) in centre.iter().enumerate() {
        let w = text_width(map.territory_name(t as TerritoryId), NAME) + 2.0 * pad;
        let side = OUTER + 2.0;
        let corner = OUTER * 0.72;
        let rect = |x, y| Rect { x, y, w, h };
        let (above, below) = (y - side - h + 1.0, y + side - 1.0);
        let candidates = [
            rect(x + side, y - h / 2.0),
            rect(x - side - w, y - h / 2.0),
            rect(x - w / 2.0, below),
            rect(x - w / 2.0, above),
            rect(x + corner, y + corner),
            rect(x + corner, y - corner - h),
            rect(x - corner - w, y + corner),
            rect(x - corner - w, y - corner - h),
            // Above and below, flush with either side of the node.
            rect(x - OUTER, below),
            rect(x + OUTER - w, below),
            rect(x - OUTER, above),
            rect(x + OUTER - w, above),
        ];
        let cost = |r: &Rect| {
            let (mut nodes, mut near) = (0, 0);
            for (u, &c) in centre.iter().enumerate() {
                let d = r.distance(c);
                if u != t && d < OUTER + 1.0 {
                    nodes += 1;
                } else if u != t && d < OUTER + 14.0 {
                    near += 1;
                }
            }
            let names: f32 = placed.iter().map(|p| r.overlap(p)).sum();
            let lines = segments
                .iter()
                .filter(|s| s.from != t && s.to != t)
                .filter(|s| r.cut_by(centre[s.from], centre[s.to]))
                .count();
            let own_lines = segments
                .iter()
                .filter(|s| s.from == t || s.to == t)
                .filter(|s| r.cut_by(centre[s.from], centre[s.to]))
                .count();
            100.0 * nodes as f32
                + 25.0 * near as f32
                + 2.0 * names
                + 4.0 * lines as f32
                + 2.0 * own_lines as f32
        };
        let mut best = candidates[0];
        let mut best_cost = f32::INFINITY;
        for (i, r) in candidates.iter().enumerate() {
            let c = cost(r) + 0.1 * i as f32;
            if c < best_cost {
                best = *r;
                best_cost = c;
            }
        }
        placed.push(best);
    }
    placed
}

/// The segment `a`–`b` shortened by `start` at `a` and `end` at `b` (never past its middle).
pub(super) fn clip(a: (f32, f32), b: (f32, f32), start: f32, end: f32) -> [(f32, f32); 2] {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = dx.hypot(dy);
    if length <= f32::EPSILON {
        return [a, b];
    }
    let (s, e) = ((start / length).min(0.45), (end / length).min(0.45));
    [(a.0 + dx * s, a.1 + dy * s), (b.0 - dx * e, b.1 - dy * e)]
}
