//! A two-chart figure drawn with the public API, as a downstream crate would.

use ludoforge_draw::{Color, LineChart, Scale, Series, Svg, svg_to_png, svg_to_rgba};

/// Walk-length bounds and room counts per minimum path length M, side by side.
fn demo_figure() -> Svg {
    let m: Vec<f64> = (3..=15).map(f64::from).collect();
    let lower = m.clone();
    let mean: Vec<f64> = m.iter().map(|&m| 2.1 * m + 1.7 + (m * 1.3).sin()).collect();
    let upper: Vec<f64> = m.iter().map(|&m| 3.4 * m + 5.0).collect();
    let rooms: Vec<f64> = m.iter().map(|&m| 1.6 * 1.95f64.powf(m)).collect();
    let walks = LineChart::new("Observed walk length per M")
        .x_label("minimum path length M")
        .y_label("walk length (steps)")
        .series(Series::new("upper", Color::categorical(2), m.iter().copied().zip(upper)).dashed())
        .series(Series::new(
            "mean",
            Color::categorical(0),
            m.iter().copied().zip(mean),
        ))
        .series(Series::new("lower", Color::categorical(4), m.iter().copied().zip(lower)).dashed());
    let rooms = LineChart::new("Mean room count per M")
        .x_label("minimum path length M")
        .y_label("rooms (log scale)")
        .y_scale(Scale::Log10)
        .series(Series::new(
            "mean rooms",
            Color::categorical(0),
            m.iter().copied().zip(rooms),
        ));
    let mut svg = Svg::new(1000.0, 380.0);
    svg.background(Color::WHITE);
    walks.draw(&mut svg, 0.0, 0.0, 500.0, 380.0);
    rooms.draw(&mut svg, 500.0, 0.0, 500.0, 380.0);
    svg
}

#[test]
fn two_charts_share_one_figure() {
    let doc = demo_figure().finish();
    for text in [
        ">Observed walk length per M</text>",
        ">Mean room count per M</text>",
        ">upper</text>",
        ">mean</text>",
        ">lower</text>",
        ">mean rooms</text>",
        ">10k</text>",
    ] {
        assert!(doc.contains(text), "{text} missing");
    }
    let png = svg_to_png(&doc, 2.0).expect("rasterises");
    assert!(png.len() > 1000);
    let img = svg_to_rgba(&doc, 1.0).unwrap();
    assert_eq!((img.width, img.height), (1000, 380));
    // Both halves carry ink: the second chart is drawn beside the first.
    for half in [0..500, 500..1000] {
        let inked = (0..380)
            .flat_map(|y| half.clone().map(move |x| (x, y)))
            .filter(|&(x, y)| {
                img.pixel(x, y)
                    .is_some_and(|[r, g, b, _]| r < 150 && g < 150 && b < 150)
            })
            .count();
        assert!(inked > 1000, "a chart is missing");
    }
}
