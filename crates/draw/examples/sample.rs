//! Renders a small chess-like board with piece glyphs, E/X labels, file and
//! rank labels and an arrowed path, to show what `ludoforge-draw` produces.
//!
//! `cargo run -p ludoforge-draw --example sample -- /tmp/draw-sample.png`
//! (writes the SVG next to it with an `.svg` extension).

use ludoforge_draw::{Color, Stroke, Style, Svg, TextStyle, svg_to_png};

const CELL: f32 = 48.0;
const MARGIN: f32 = 24.0;
const N: usize = 5;

fn centre(file: usize, rank: usize) -> (f32, f32) {
    let x = MARGIN + (file as f32 + 0.5) * CELL;
    let y = MARGIN + ((N - 1 - rank) as f32 + 0.5) * CELL;
    (x, y)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/tmp/draw-sample.png".to_owned());
    let side = 2.0 * MARGIN + N as f32 * CELL;
    let (light, dark) = (Color::hex(0xf0d9b5), Color::hex(0xb58863));
    let mut svg = Svg::new(side, side);
    svg.background(Color::WHITE);

    for rank in 0..N {
        for file in 0..N {
            let (cx, cy) = centre(file, rank);
            let shade = if (file + rank) % 2 == 0 { dark } else { light };
            let name = format!("{}{}", char::from(b'a' + file as u8), rank + 1);
            svg.group(&name, |g| {
                g.rect(
                    cx - CELL / 2.0,
                    cy - CELL / 2.0,
                    CELL,
                    CELL,
                    Style::fill(shade),
                );
            });
        }
    }
    let label = TextStyle::new(14.0).color(Color::hex(0x555555)).centered();
    for i in 0..N {
        let (x, _) = centre(i, 0);
        let (_, y) = centre(0, i);
        svg.text(
            x,
            side - MARGIN / 2.0,
            &char::from(b'a' + i as u8).to_string(),
            label,
        )
        .text(MARGIN / 2.0, y, &(i + 1).to_string(), label);
    }
    svg.rect(
        MARGIN,
        MARGIN,
        N as f32 * CELL,
        N as f32 * CELL,
        Style::outline(Stroke::new(Color::hex(0x333333), 1.5)),
    );

    let piece = TextStyle::new(38.0).centered();
    for (glyph, file, rank) in [
        ("♘", 0, 0),
        ("♜", 3, 3),
        ("♝", 1, 4),
        ("♟", 4, 1),
        ("♔", 2, 2),
    ] {
        let (x, y) = centre(file, rank);
        svg.text(x, y, glyph, piece);
    }
    let tag = TextStyle::new(28.0).bold().centered();
    let (ex, ey) = centre(0, 2);
    svg.circle(ex, ey, 17.0, Style::fill(Color::WHITE).with_opacity(0.6))
        .text(ex, ey, "E", tag.color(Color::hex(0x2e7d32)));
    let (xx, xy) = centre(4, 4);
    svg.text(xx, xy, "X", tag.color(Color::hex(0xc62828)));

    let path: Vec<(f32, f32)> = [(0, 0), (1, 2), (3, 1), (4, 3)]
        .into_iter()
        .map(|(f, r)| centre(f, r))
        .collect();
    svg.arrow(&path, Stroke::new(Color::hex(0x1565c0), 4.0).opacity(0.8));

    let doc = svg.finish();
    std::fs::write(std::path::Path::new(&out).with_extension("svg"), &doc)?;
    std::fs::write(&out, svg_to_png(&doc, 2.0)?)?;
    println!("wrote {out}");
    Ok(())
}
