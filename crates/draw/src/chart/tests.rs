use resvg::usvg::{self, Node, roxmltree};

use super::{LineChart, Scale, Series, text_width};
use crate::png::parse_tree;
use crate::{Color, RgbaImage, svg_to_png, svg_to_rgba};

/// Walk-length bounds per minimum path length M, shaped like the real data.
fn walk_chart() -> LineChart {
    let m = 3..=15;
    let mean = |m: i32| 2.2 * f64::from(m) + 1.5;
    LineChart::new("Observed walk length per M")
        .x_label("minimum path length M")
        .y_label("walk length")
        .series(
            Series::new(
                "lower",
                Color::categorical(0),
                m.clone().map(|m| (f64::from(m), f64::from(m))),
            )
            .dashed(),
        )
        .series(Series::new(
            "mean",
            Color::categorical(1),
            m.clone().map(|m| (f64::from(m), mean(m))),
        ))
        .series(
            Series::new(
                "upper",
                Color::categorical(2),
                m.map(|m| (f64::from(m), 3.0 * f64::from(m) + 4.0)),
            )
            .dashed(),
        )
}

fn rooms_chart() -> LineChart {
    LineChart::new("Mean room count per M")
        .x_label("minimum path length M")
        .y_label("rooms")
        .y_scale(Scale::Log10)
        .series(Series::new(
            "mean rooms",
            Color::categorical(0),
            (3..=15).map(|m| (f64::from(m), 1.8 * 1.9f64.powi(m))),
        ))
}

/// Pixels that are clearly not white.
fn ink(img: &RgbaImage) -> usize {
    img.pixels
        .chunks_exact(4)
        .filter(|p| u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2]) < 3 * 200)
        .count()
}

fn texts(doc: &str) -> Vec<String> {
    let xml = roxmltree::Document::parse(doc).expect("well-formed XML");
    xml.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or_default().to_owned())
        .collect()
}

/// Parses, rasterises and checks that something visible was drawn.
fn assert_renders(doc: &str) {
    roxmltree::Document::parse(doc).expect("well-formed XML");
    let png = svg_to_png(doc, 1.0).expect("rasterises");
    assert!(png.starts_with(&crate::PNG_SIGNATURE));
    let img = svg_to_rgba(doc, 1.0).unwrap();
    assert!(ink(&img) > 500, "image is nearly blank");
}

#[test]
fn chart_parses_and_rasterises_to_a_non_blank_image() {
    for chart in [walk_chart(), rooms_chart()] {
        let doc = chart.to_svg(560.0, 360.0);
        assert_renders(&doc);
        let img = svg_to_rgba(&doc, 2.0).unwrap();
        assert_eq!((img.width, img.height), (1120, 720));
        // The corners are the white page.
        assert_eq!(img.pixel(0, 0), Some([255, 255, 255, 255]));
    }
}

#[test]
fn every_series_name_and_label_appears_as_text() {
    let doc = walk_chart().to_svg(560.0, 360.0);
    let texts = texts(&doc);
    for name in [
        "lower",
        "mean",
        "upper",
        "Observed walk length per M",
        "minimum path length M",
        "walk length",
    ] {
        assert!(texts.iter().any(|t| t == name), "{name:?} missing");
    }
    // Every integer M from 3 to 15 is a tick label.
    for m in 3..=15 {
        assert!(texts.contains(&m.to_string()), "tick {m} missing");
    }
}

#[test]
fn log_axis_labels_powers_of_ten() {
    let texts = texts(&rooms_chart().to_svg(560.0, 360.0));
    for label in ["10", "100", "1000", "10k"] {
        assert!(texts.iter().any(|t| t == label), "{label:?} missing");
    }
}

#[test]
fn output_is_deterministic() {
    assert_eq!(
        walk_chart().to_svg(400.0, 300.0),
        walk_chart().to_svg(400.0, 300.0)
    );
}

#[test]
fn series_are_groups_titled_with_their_names() {
    let doc = walk_chart().to_svg(560.0, 360.0);
    assert!(doc.contains("<title>lower</title>"));
    assert_eq!(
        doc.matches("stroke-dasharray").count(),
        2 + 2,
        "two dashed lines, two swatches"
    );
    // One marker per point plus one per legend entry.
    assert_eq!(doc.matches("<circle").count(), 3 * 13 + 3);
}

#[test]
fn empty_chart_is_valid() {
    let doc = LineChart::new("nothing").to_svg(300.0, 200.0);
    assert_renders(&doc);
    assert!(texts(&doc).iter().any(|t| t == "no data"));
    let doc = LineChart::default()
        .y_scale(Scale::Log10)
        .to_svg(300.0, 200.0);
    assert_renders(&doc);
    let doc = LineChart::new("no points")
        .series(Series::new("ghost", Color::RED, []))
        .to_svg(300.0, 200.0);
    assert_renders(&doc);
    assert!(texts(&doc).iter().any(|t| t == "ghost"));
}

#[test]
fn single_point_and_constant_values_are_valid() {
    for scale in [Scale::Linear, Scale::Log10] {
        for points in [
            vec![(5.0, 7.0)],
            vec![(0.5, 3.0), (1.5, 3.0), (2.5, 3.0)],
            vec![(0.0, 0.0)],
        ] {
            let doc = LineChart::new("few")
                .y_scale(scale)
                .series(Series::new("s", Color::BLUE, points))
                .to_svg(300.0, 200.0);
            assert_renders(&doc);
            assert!(!doc.contains("NaN") && !doc.contains("inf"), "{doc}");
        }
    }
}

#[test]
fn log_axis_skips_non_positive_values() {
    let points = vec![
        (1.0, 0.0),
        (2.0, 10.0),
        (3.0, -5.0),
        (4.0, 100.0),
        (5.0, 1000.0),
    ];
    let doc = LineChart::new("zeros")
        .y_scale(Scale::Log10)
        .series(Series::new("s", Color::BLUE, points))
        .to_svg(300.0, 200.0);
    assert_renders(&doc);
    // Three drawable points, one legend marker; (2, 10) stands alone, so
    // only the run 100 → 1000 is a line (plus the legend swatch).
    assert_eq!(doc.matches("<circle").count(), 3 + 1);
    assert_eq!(doc.matches("<polyline").count(), 1 + 1);
}

#[test]
fn non_finite_values_are_skipped() {
    let points = vec![
        (f64::NAN, 1.0),
        (1.0, f64::INFINITY),
        (2.0, 4.0),
        (3.0, f64::NEG_INFINITY),
        (f64::INFINITY, 2.0),
        (4.0, 1e305),
        (5.0, 6.0),
    ];
    for scale in [Scale::Linear, Scale::Log10] {
        let doc = LineChart::new("nan")
            .y_scale(scale)
            .series(Series::new("s", Color::BLUE, points.clone()))
            .to_svg(300.0, 200.0);
        assert_renders(&doc);
        assert_eq!(doc.matches("<circle").count(), 2 + 1);
    }
}

#[test]
fn extreme_ranges_do_not_panic() {
    let cases: Vec<Vec<(f64, f64)>> = vec![
        vec![(-1e300, -1e300), (1e300, 1e300)],
        vec![(0.0, 1e-310), (1.0, 2e-310)],
        vec![(1e15, 1.0), (1e15 + 1.0, 1.0 + 1e-15)],
        (0..1000)
            .map(|i| (f64::from(i), f64::from(i % 7)))
            .collect(),
        vec![(0.0, 1e-300), (1.0, 1e300)],
    ];
    for points in cases {
        for scale in [Scale::Linear, Scale::Log10] {
            let doc = LineChart::new("extreme")
                .y_scale(scale)
                .series(Series::new("s", Color::BLUE, points.clone()))
                .to_svg(300.0, 200.0);
            roxmltree::Document::parse(&doc).expect("well-formed XML");
            svg_to_png(&doc, 1.0).expect("rasterises");
        }
    }
}

#[test]
fn tiny_and_odd_rectangles_do_not_panic() {
    for (w, h) in [(1.0, 1.0), (40.0, 30.0), (2000.0, 50.0), (0.0, 0.0)] {
        let doc = walk_chart().to_svg(w, h);
        roxmltree::Document::parse(&doc).expect("well-formed XML");
    }
    let mut svg = crate::Svg::new(100.0, 100.0);
    walk_chart().draw(&mut svg, 10.0, 10.0, -5.0, f32::NAN);
    roxmltree::Document::parse(&svg.finish()).expect("well-formed XML");
}

#[test]
fn wide_integer_ranges_use_nice_ticks() {
    let doc = LineChart::new("wide")
        .series(Series::new(
            "s",
            Color::BLUE,
            (0..=100).map(|i| (f64::from(i), 1.0)),
        ))
        .to_svg(400.0, 300.0);
    let texts = texts(&doc);
    assert!(texts.iter().any(|t| t == "40"));
    assert!(!texts.iter().any(|t| t == "51"));
}

#[test]
fn integer_ticks_thin_out_on_narrow_charts() {
    let doc = walk_chart().to_svg(220.0, 200.0);
    let texts = texts(&doc);
    assert!(
        !texts.iter().any(|t| t == "3"),
        "13 integer labels cannot fit"
    );
    assert!(texts.iter().any(|t| t == "10"));
}

#[test]
fn legend_avoids_the_data() {
    // Data rising to the top-left corner: the legend should go elsewhere.
    let doc = LineChart::new("falling")
        .series(Series::new(
            "a long series name",
            Color::BLUE,
            (0..=10).map(|i| (f64::from(i), f64::from(10 - i))),
        ))
        .to_svg(400.0, 300.0);
    let xml = roxmltree::Document::parse(&doc).unwrap();
    let legend = xml
        .descendants()
        .find(|n| n.has_tag_name("rect") && n.attribute("rx").is_some())
        .expect("legend box");
    let x: f32 = legend.attribute("x").unwrap().parse().unwrap();
    assert!(x > 200.0, "legend at x = {x} covers the line");
}

/// The width estimate must not fall short of the real text width, or labels
/// overflow the legend box and the left margin.
#[test]
fn text_width_estimate_covers_the_real_width() {
    fn text_nodes(group: &usvg::Group, out: &mut Vec<(String, f32)>) {
        for node in group.children() {
            match node {
                Node::Group(g) => text_nodes(g, out),
                Node::Text(t) => {
                    out.push((t.chunks()[0].text().to_owned(), t.bounding_box().width()))
                }
                _ => {}
            }
        }
    }
    let samples = [
        "0123456789",
        "-0.25",
        "12.5k",
        "1e-5",
        "lower",
        "mean rooms",
        "upper bound (dashed)",
        "Mean room count",
        "MMWW",
        "iiilll",
        "walk length",
    ];
    let mut svg = crate::Svg::new(400.0, 20.0 * samples.len() as f32);
    for (i, s) in samples.iter().enumerate() {
        svg.text(0.0, 20.0 * (i as f32 + 1.0), s, crate::TextStyle::new(10.0));
    }
    let tree = parse_tree(&svg.finish()).unwrap();
    let mut found = Vec::new();
    text_nodes(tree.root(), &mut found);
    assert_eq!(found.len(), samples.len());
    for (text, real) in found {
        let estimate = text_width(&text, 10.0);
        assert!(
            estimate >= f64::from(real) && estimate <= 1.35 * f64::from(real) + 2.0,
            "{text:?}: estimate {estimate}, real {real}"
        );
    }
}
