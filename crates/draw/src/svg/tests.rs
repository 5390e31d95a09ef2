use resvg::usvg::{self, Node, roxmltree};

use crate::png::parse_tree;
use crate::{Anchor, Color, FONT_FAMILY, Stroke, Style, Svg, TextStyle};

const NASTY: &str = r#"a&b <c> "d" 'e'"#;

/// A drawing that uses every kind of element.
fn sample() -> Svg {
    let mut svg = Svg::new(160.0, 90.5);
    svg.background(Color::hex(0xfafafa))
        .rect(1.0, 2.0, 30.0, 30.0, Style::fill(Color::hex(0xf0d9b5)))
        .rounded_rect(
            40.0,
            2.0,
            30.0,
            30.0,
            4.0,
            Style::outline(Stroke::new(Color::BLACK, 1.5).dashed(3.0, 1.0)),
        )
        .line(0.0, 40.0, 160.0, 40.0, Stroke::new(Color::GRAY, 0.5))
        .polyline(
            &[(0.0, 50.0), (20.0, 60.0), (40.0, 50.0)],
            Stroke::new(Color::RED, 2.0),
        )
        .arrow(
            &[(50.0, 50.0), (70.0, 60.0), (90.0, 50.0)],
            Stroke::new(Color::BLUE, 2.0).opacity(0.5),
        )
        .polygon(
            &[(100.0, 50.0), (110.0, 70.0), (90.0, 70.0)],
            Style::fill(Color::GREEN).with_opacity(0.25),
        )
        .circle(
            130.0,
            60.0,
            10.0,
            Style::fill(Color::WHITE).with_stroke(Stroke::new(Color::BLACK, 1.0)),
        )
        .group(NASTY, |g| {
            g.text(10.0, 80.0, NASTY, TextStyle::new(10.0)).text(
                80.0,
                80.0,
                "♔♞",
                TextStyle::new(12.0).bold().centered(),
            );
        });
    svg
}

fn texts(group: &usvg::Group, out: &mut Vec<usvg::Text>) {
    for node in group.children() {
        match node {
            Node::Group(g) => texts(g, out),
            Node::Text(t) => out.push((**t).clone()),
            _ => {}
        }
    }
}

#[test]
fn document_is_well_formed_xml_with_viewbox_and_size() {
    let doc = sample().finish();
    let xml = roxmltree::Document::parse(&doc).expect("well-formed XML");
    let root = xml.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert_eq!(root.attribute("version"), Some("1.1"));
    assert_eq!(root.attribute("viewBox"), Some("0 0 160 90.5"));
    assert_eq!(root.attribute("width"), Some("160"));
    assert_eq!(root.attribute("height"), Some("90.5"));
}

#[test]
fn document_parses_with_usvg_at_the_right_size() {
    let tree = parse_tree(&sample().finish()).expect("usvg parses the document");
    assert_eq!(tree.size().width(), 160.0);
    assert_eq!(tree.size().height(), 90.5);
}

#[test]
fn text_and_titles_are_escaped_and_round_trip() {
    let doc = sample().finish();
    assert!(doc.contains("a&amp;b &lt;c&gt; &quot;d&quot; &apos;e&apos;"));
    assert!(!doc.contains(NASTY));

    let xml = roxmltree::Document::parse(&doc).unwrap();
    let title = xml
        .descendants()
        .find(|n| n.has_tag_name("title"))
        .expect("group has a title");
    assert_eq!(title.text(), Some(NASTY));

    let tree = parse_tree(&doc).unwrap();
    let mut found = Vec::new();
    texts(tree.root(), &mut found);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].chunks()[0].text(), NASTY);
    assert_eq!(found[1].chunks()[0].text(), "♔♞");
}

#[test]
fn text_resolves_to_glyph_outlines() {
    // Without a usable font, usvg silently drops text or leaves it without outlines.
    let tree = parse_tree(&sample().finish()).unwrap();
    let mut found = Vec::new();
    texts(tree.root(), &mut found);
    assert_eq!(found.len(), 2, "text nodes were dropped");
    for text in &found {
        assert!(
            text.flattened().has_children(),
            "no glyphs for {:?}",
            text.chunks()[0].text()
        );
    }
}

#[test]
fn text_attributes_are_written() {
    let mut svg = Svg::new(10.0, 10.0);
    svg.text(
        1.0,
        2.0,
        "E",
        TextStyle::new(8.0).color(Color::RED).bold().centered(),
    )
    .text(3.0, 4.0, "x", TextStyle::new(8.0).anchor(Anchor::End))
    .text(3.0, 4.0, "y", TextStyle::default());
    let doc = svg.finish();
    let xml = roxmltree::Document::parse(&doc).unwrap();
    let t: Vec<_> = xml
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .collect();
    assert_eq!(t.len(), 3);
    for node in &t {
        assert_eq!(node.attribute("font-family"), Some(FONT_FAMILY));
    }
    assert_eq!(FONT_FAMILY, "DejaVu Sans, sans-serif");
    assert_eq!(t[0].attribute("font-weight"), Some("bold"));
    assert_eq!(t[0].attribute("fill"), Some("#ff0000"));
    assert_eq!(t[0].attribute("text-anchor"), Some("middle"));
    assert_eq!(t[0].attribute("dominant-baseline"), Some("central"));
    assert_eq!(t[1].attribute("text-anchor"), Some("end"));
    assert_eq!(t[1].attribute("dominant-baseline"), None);
    assert_eq!(t[2].attribute("text-anchor"), None);
    assert_eq!(t[2].attribute("font-weight"), None);
    assert_eq!(t[2].attribute("font-size"), Some("12"));
}

#[test]
fn same_drawing_gives_same_bytes() {
    assert_eq!(sample().finish(), sample().finish());
    assert_eq!(sample().finish(), sample().to_string());
}

#[test]
fn exact_output_of_a_small_drawing() {
    let mut svg = Svg::new(20.0, 10.0);
    svg.rect(
        0.333,
        1.0 / 3.0,
        10.0,
        10.0,
        Style::fill(Color::hex(0xabcdef)),
    )
    .arrow(&[(0.0, 5.0), (19.999, 5.0)], Stroke::new(Color::BLACK, 1.0));
    let expected = concat!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"20\" height=\"10\" viewBox=\"0 0 20 10\">\n",
        "<defs>\n",
        "<marker id=\"arrow-000000\" viewBox=\"0 0 10 10\" refX=\"7\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" markerUnits=\"strokeWidth\" orient=\"auto\"><path d=\"M0,0L10,5L0,10z\" fill=\"#000000\"/></marker>\n",
        "</defs>\n",
        "<rect x=\"0.33\" y=\"0.33\" width=\"10\" height=\"10\" fill=\"#abcdef\"/>\n",
        "<polyline points=\"0,5 20,5\" fill=\"none\" stroke=\"#000000\" stroke-width=\"1\" stroke-linejoin=\"round\" marker-end=\"url(#arrow-000000)\"/>\n",
        "</svg>\n",
    );
    assert_eq!(svg.finish(), expected);
}

#[test]
fn background_goes_beneath_everything_even_when_set_last() {
    let mut svg = Svg::new(10.0, 10.0);
    svg.circle(5.0, 5.0, 2.0, Style::fill(Color::RED))
        .background(Color::BLUE);
    let doc = svg.finish();
    let bg = doc.find("fill=\"#0000ff\"").unwrap();
    let circle = doc.find("<circle").unwrap();
    assert!(bg < circle);
}

#[test]
fn arrow_markers_are_shared_per_colour_and_opacity() {
    let mut svg = Svg::new(10.0, 10.0);
    let red = Stroke::new(Color::RED, 1.0);
    svg.arrow(&[(0.0, 0.0), (5.0, 5.0)], red)
        .arrow(&[(1.0, 0.0), (6.0, 5.0)], red)
        .arrow(&[(2.0, 0.0), (7.0, 5.0)], red.opacity(0.5))
        .arrow(&[(3.0, 0.0), (8.0, 5.0)], Stroke::new(Color::BLUE, 2.0))
        .polyline(&[(0.0, 9.0), (9.0, 9.0)], red);
    let doc = svg.finish();
    assert_eq!(doc.matches("<marker ").count(), 3);
    assert_eq!(doc.matches("marker-end=\"url(#arrow-ff0000)\"").count(), 2);
    assert_eq!(
        doc.matches("marker-end=\"url(#arrow-ff0000-50)\"").count(),
        1
    );
    assert_eq!(doc.matches("marker-end=\"url(#arrow-0000ff)\"").count(), 1);
    assert_eq!(doc.matches("marker-end").count(), 4);
    assert!(doc.contains("fill-opacity=\"0.5\""));
    parse_tree(&doc).expect("markers parse");
}

#[test]
fn style_attributes_are_written() {
    let mut svg = Svg::new(10.0, 10.0);
    svg.rect(
        0.0,
        0.0,
        5.0,
        5.0,
        Style::outline(
            Stroke::new(Color::BLACK, 0.75)
                .dashed(2.0, 1.5)
                .opacity(0.3),
        )
        .with_opacity(0.8),
    )
    .rect(0.0, 0.0, 5.0, 5.0, Style::default());
    let doc = svg.finish();
    let xml = roxmltree::Document::parse(&doc).unwrap();
    let r: Vec<_> = xml
        .descendants()
        .filter(|n| n.has_tag_name("rect"))
        .collect();
    assert_eq!(r[0].attribute("fill"), Some("none"));
    assert_eq!(r[0].attribute("stroke"), Some("#000000"));
    assert_eq!(r[0].attribute("stroke-width"), Some("0.75"));
    assert_eq!(r[0].attribute("stroke-dasharray"), Some("2 1.5"));
    assert_eq!(r[0].attribute("stroke-opacity"), Some("0.3"));
    assert_eq!(r[0].attribute("opacity"), Some("0.8"));
    assert_eq!(r[1].attribute("fill"), Some("none"));
    assert_eq!(r[1].attribute("stroke"), None);
    assert_eq!(r[1].attribute("opacity"), None);
}

#[test]
fn empty_title_adds_no_title_element_and_groups_nest() {
    let mut svg = Svg::new(10.0, 10.0);
    svg.group("", |g| {
        g.group("inner", |g| {
            g.circle(1.0, 1.0, 1.0, Style::fill(Color::RED));
        });
    });
    let doc = svg.finish();
    assert_eq!(doc.matches("<title>").count(), 1);
    assert_eq!(doc.matches("<g>").count(), 2);
    assert_eq!(doc.matches("</g>").count(), 2);
    parse_tree(&doc).unwrap();
}

#[test]
fn non_finite_numbers_keep_the_document_parseable() {
    let mut svg = Svg::new(10.0, 10.0);
    svg.circle(f32::NAN, f32::INFINITY, 1.0, Style::fill(Color::RED));
    let doc = svg.finish();
    assert!(doc.contains("cx=\"0\" cy=\"0\""));
    parse_tree(&doc).unwrap();
}
