//! Draws three MAP-Elites archives as heatmaps — a 20 × 20 grid with gaps, a 1-axis strip
//! and a 12 × 10 × 4 grid as small multiples — to show what `ludoforge-draw` produces.
//!
//! `cargo run -p ludoforge-draw --example heatmap -- /tmp/heatmap`
//! (writes `/tmp/heatmap-2d.png`, `-1d.png` and `-3d.png`, each with its `.svg`).

use ludoforge_draw::{DrawError, HeatAxis, Heatmap, svg_to_png};

/// A smooth hill of fitness with a ridge over the unit cube.
fn fitness(x: f64, y: f64, z: f64) -> f64 {
    let hill = (-((x - 0.65).powi(2) + (y - 0.55).powi(2)) * 6.0).exp();
    let ridge = 0.3 * (x * 7.0 + y * 3.0 + z * 2.0).sin();
    10.0 + 35.0 * hill + 6.0 * ridge + 4.0 * z
}

/// Whether the search never reached cell (`i`, `j`, `k`): the far corner and a strip near
/// the left edge, and about one cell in eight elsewhere, by a fixed hash.
fn unreached(x: f64, y: f64, cell: [usize; 3]) -> bool {
    let mut h = 0x9e37_79b9_7f4a_7c15_u64;
    for c in cell {
        h = (h ^ c as u64).wrapping_mul(0x0100_0000_01b3);
        h ^= h >> 29;
    }
    x + y > 1.55 || (x < 0.12 && y > 0.6) || h.is_multiple_of(8)
}

/// Values of a grid with cells `dims`, the first axis fastest.
fn values(dims: [usize; 3]) -> Vec<Option<f64>> {
    let centre = |i: usize, n: usize| (i as f64 + 0.5) / n as f64;
    let mut values = Vec::new();
    for k in 0..dims[2] {
        for j in 0..dims[1] {
            for i in 0..dims[0] {
                let (x, y) = (centre(i, dims[0]), centre(j, dims[1]));
                let z = if dims[2] > 1 { centre(k, dims[2]) } else { 0.0 };
                let empty = unreached(x, y, [i, j, k]);
                values.push((!empty).then(|| fitness(x, y, z)));
            }
        }
    }
    values
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/tmp/heatmap".to_owned());

    let two = Heatmap::new(
        vec![
            HeatAxis::new("rooms", 4.0, 44.0, 20).unit("count"),
            HeatAxis::new("branching", 0.0, 1.0, 20),
        ],
        values([20, 20, 1]),
    )?
    .title("Dungeon archive after 500 generations")
    .value_name("fitness (moves)")
    .caption("MAP-Elites, seed 7 · 20 × 20 cells")
    .caption("hatched cells hold no elite yet");

    let one = Heatmap::new(
        vec![HeatAxis::new("path length", 3.0, 27.0, 24).unit("steps")],
        values([24, 1, 1]),
    )?
    .title("Puzzle archive by path length")
    .value_name("fitness")
    .caption("one descriptor: a strip of 24 cells");

    let three = Heatmap::new(
        vec![
            HeatAxis::new("doors", 0.0, 24.0, 12),
            HeatAxis::new("keys", 0.0, 5.0, 10),
            HeatAxis::new("rooms", 4.0, 20.0, 4),
        ],
        values([12, 10, 4]),
    )?
    .title("Three descriptors: one panel per room band")
    .value_name("fitness (moves)")
    .caption("12 × 10 × 4 cells");

    for (name, map) in [("2d", &two), ("1d", &one), ("3d", &three)] {
        write(&format!("{out}-{name}"), map)?;
    }
    Ok(())
}

fn write(stem: &str, map: &Heatmap) -> Result<(), Box<dyn std::error::Error>> {
    let doc = map.to_svg();
    std::fs::write(format!("{stem}.svg"), &doc)?;
    let png = svg_to_png(&doc, 2.0).map_err(|e: DrawError| e.to_string())?;
    std::fs::write(format!("{stem}.png"), png)?;
    println!("{stem}.png ({} bytes of SVG)", doc.len());
    Ok(())
}
