use resvg::usvg::roxmltree::{self, Node};

use super::{EMPTY_FILL, HeatAxis, Heatmap, TOOLTIP_LIMIT};
use crate::{Color, DrawError, VIRIDIS, svg_to_png, svg_to_rgba, text_width};

/// A filled cell as drawn: its rectangle, fill and tooltip.
#[derive(Debug, Clone, PartialEq)]
struct Cell {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    fill: Color,
    tooltip: Option<String>,
}

fn title_of(node: Node) -> Option<String> {
    node.children()
        .find(|c| c.has_tag_name("title"))
        .and_then(|t| t.text())
        .map(str::to_owned)
}

fn num(node: Node, name: &str) -> f64 {
    node.attribute(name)
        .unwrap_or_else(|| panic!("{name} missing"))
        .parse()
        .unwrap()
}

fn fill(node: Node) -> Option<Color> {
    node.attribute("fill").and_then(|f| f.parse().ok())
}

/// The filled cells: the rectangles in the groups titled "… cells hold an elite".
fn filled_cells(doc: &str) -> Vec<Cell> {
    let xml = roxmltree::Document::parse(doc).expect("well-formed XML");
    let mut cells = Vec::new();
    for group in xml.descendants().filter(|n| n.has_tag_name("g")) {
        if !title_of(group).is_some_and(|t| t.contains("cells hold an elite")) {
            continue;
        }
        for rect in group.descendants().filter(|n| n.has_tag_name("rect")) {
            let parent = rect.parent().unwrap();
            cells.push(Cell {
                x: num(rect, "x"),
                y: num(rect, "y"),
                w: num(rect, "width"),
                h: num(rect, "height"),
                fill: fill(rect).expect("a filled cell has a colour"),
                tooltip: if parent == group {
                    None
                } else {
                    title_of(parent)
                },
            });
        }
    }
    cells
}

/// Every rectangle's fill, wherever it is.
fn rect_fills(doc: &str) -> Vec<Color> {
    let xml = roxmltree::Document::parse(doc).unwrap();
    xml.descendants()
        .filter(|n| n.has_tag_name("rect"))
        .filter_map(fill)
        .collect()
}

fn texts(doc: &str) -> Vec<(f64, f64, String)> {
    let xml = roxmltree::Document::parse(doc).unwrap();
    xml.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| (num(n, "x"), num(n, "y"), n.text().unwrap_or("").to_owned()))
        .collect()
}

fn svg_size(doc: &str) -> (f64, f64) {
    let xml = roxmltree::Document::parse(doc).unwrap();
    let root = xml.root_element();
    (num(root, "width"), num(root, "height"))
}

/// Values over cells `dims` from `f(i0, i1, i2)`, the first axis fastest.
fn grid(dims: [usize; 3], f: impl Fn(usize, usize, usize) -> Option<f64>) -> Vec<Option<f64>> {
    let mut values = Vec::new();
    for i2 in 0..dims[2] {
        for i1 in 0..dims[1] {
            for i0 in 0..dims[0] {
                values.push(f(i0, i1, i2));
            }
        }
    }
    values
}

fn axes(dims: &[usize]) -> Vec<HeatAxis> {
    let names = ["rooms", "doors", "keys"];
    dims.iter()
        .zip(names)
        .map(|(&n, name)| HeatAxis::new(name, 0.0, 2.0 * n as f64, n))
        .collect()
}

/// A 2-D archive of 8 × 6 cells with gaps, values rising to the right and upwards.
fn sample_2d() -> Heatmap {
    let values = grid([8, 6, 1], |i0, i1, _| {
        ((i0 + 3 * i1) % 5 != 3).then(|| (i0 * 10 + i1) as f64)
    });
    Heatmap::new(axes(&[8, 6]), values)
        .unwrap()
        .title("sample")
        .value_name("fitness (moves)")
        .caption("a caption")
}

fn is_grey(p: &[u8]) -> bool {
    p[0].abs_diff(p[1]) <= 3 && p[1].abs_diff(p[2]) <= 3
}

fn invalid(axes: Vec<HeatAxis>, values: Vec<Option<f64>>) -> String {
    match Heatmap::new(axes, values) {
        Err(e @ DrawError::InvalidHeatmap { .. }) => e.to_string(),
        other => panic!("expected InvalidHeatmap, got {other:?}"),
    }
}

#[test]
fn construction_checks_axes_and_values() {
    let axis = |low: f64, high: f64, cells: usize| HeatAxis::new("rooms", low, high, cells);
    assert!(invalid(vec![], vec![]).contains("1, 2 or 3 axes, not 0"));
    assert!(invalid(vec![axis(0.0, 1.0, 1); 4], vec![None]).contains("not 4"));
    assert!(invalid(vec![axis(0.0, 1.0, 0)], vec![]).contains("axis 0 (rooms) has no cells"));
    let unnamed = HeatAxis::new("", 0.0, 1.0, 0);
    assert!(invalid(vec![axis(0.0, 1.0, 2), unnamed], vec![]).contains("axis 1 has no cells"));
    for (low, high) in [
        (f64::NAN, 1.0),
        (0.0, f64::INFINITY),
        (f64::NEG_INFINITY, 0.0),
    ] {
        assert!(invalid(vec![axis(low, high, 2)], vec![None; 2]).contains("finite"));
    }
    for (low, high) in [(5.0, 2.0), (3.0, 3.0), (-1e308, 1e308)] {
        let err = invalid(vec![axis(low, high, 2)], vec![None; 2]);
        assert!(err.contains("low end must be below"), "{err}");
    }
    let err = invalid(axes(&[4, 3]), vec![None; 11]);
    assert_eq!(err, "invalid heatmap: 12 cells need 12 values, not 11");
    let err = invalid(vec![axis(0.0, 1.0, 2)], vec![Some(1.0), Some(f64::NAN)]);
    assert_eq!(
        err,
        "invalid heatmap: cell 1 holds NaN, not a finite number"
    );
    let huge = vec![axis(0.0, 1.0, usize::MAX), axis(0.0, 1.0, 3)];
    assert!(invalid(huge, vec![]).contains("more cells"));

    let map = Heatmap::new(axes(&[4, 3, 2]), vec![None; 24]).unwrap();
    assert_eq!(map.axes().len(), 3);
    assert_eq!(map.values().len(), 24);
    assert_eq!(map.value_range(), None);
}

#[test]
fn axes_place_values_in_cells() {
    let axis = HeatAxis::new("time", -4.0, 4.0, 4).unit("s");
    assert_eq!(axis.label(), "time (s)");
    assert_eq!(HeatAxis::new("", 0.0, 1.0, 1).unit("s").label(), "(s)");
    assert_eq!(axis.edge(0), -4.0);
    assert_eq!(axis.edge(4), 4.0);
    assert_eq!(axis.cell_of(-4.0), Some(0));
    assert_eq!(axis.cell_of(-0.1), Some(1));
    assert_eq!(axis.cell_of(0.0), Some(2));
    assert_eq!(axis.cell_of(4.0), Some(3));
    assert_eq!(axis.cell_of(4.5), None);
    assert_eq!(axis.cell_of(f64::NAN), None);
    assert_eq!(axis.cell_text(0), "time -4 to -2 s");
    assert_eq!(axis.cell_text(3), "time 2–4 s");
    let fine = HeatAxis::new("ratio", 0.0, 1.0, 7);
    assert_eq!(fine.cell_text(1), "ratio 0.14–0.29");
}

#[test]
fn smallest_value_takes_the_first_viridis_stop_and_largest_the_last() {
    let doc = sample_2d().to_svg();
    let cells = filled_cells(&doc);
    let tip = |c: &Cell| c.tooltip.clone().unwrap();
    let lowest = cells.iter().find(|c| tip(c).ends_with("= 0")).unwrap();
    let highest = cells.iter().find(|c| tip(c).ends_with("= 75")).unwrap();
    assert_eq!(lowest.fill, VIRIDIS[0]);
    assert_eq!(highest.fill, VIRIDIS[16]);
    assert_eq!(tip(lowest), "rooms 0–2, doors 0–2: fitness (moves) = 0");
    // Everything between lies strictly between in green, which viridis raises throughout.
    for c in &cells {
        assert!((VIRIDIS[0].g..=VIRIDIS[16].g).contains(&c.fill.g));
    }
}

#[test]
fn empty_cells_never_take_a_viridis_colour_nor_filled_ones_the_empty_one() {
    let map = sample_2d();
    let doc = map.to_svg();
    let cells = filled_cells(&doc);
    let filled = map.values().iter().flatten().count();
    assert_eq!(cells.len(), filled);
    assert!(cells.iter().all(|c| c.fill != EMPTY_FILL));
    // The empty colour fills just the plot's background and the legend's swatch.
    let empties = rect_fills(&doc)
        .iter()
        .filter(|&&c| c == EMPTY_FILL)
        .count();
    assert_eq!(empties, 2);
    assert!(doc.contains(">empty</text>"));
    // The empty colour is far from every viridis colour.
    for i in 0..=100 {
        let v = Color::viridis(i as f32 / 100.0);
        let d = |a: u8, b: u8| i32::from(a.abs_diff(b));
        assert!(d(v.r, EMPTY_FILL.r) + d(v.g, EMPTY_FILL.g) + d(v.b, EMPTY_FILL.b) > 90);
    }

    // On screen: the centre of an empty cell is grey (background or hatch), no filled
    // rectangle covers it, and the centre of a filled cell shows its colour.
    let img = svg_to_rgba(&doc, 1.0).unwrap();
    let pixel = |x: f64, y: f64| {
        let i = 4 * (y as usize * img.width as usize + x as usize);
        img.pixels[i..i + 3].to_vec()
    };
    let first = cells
        .iter()
        .find(|c| {
            c.tooltip
                .as_deref()
                .unwrap()
                .starts_with("rooms 0–2, doors 0–2")
        })
        .unwrap();
    let (left, bottom) = (first.x, first.y + first.h);
    let (w, h) = (first.w, first.h);
    for i1 in 0..6 {
        for i0 in 0..8 {
            let (cx, cy) = (left + (i0 as f64 + 0.5) * w, bottom - (i1 as f64 + 0.5) * h);
            let value = map.values()[i0 + 8 * i1];
            let covering: Vec<&Cell> = cells
                .iter()
                .filter(|c| c.x < cx && cx < c.x + c.w && c.y < cy && cy < c.y + c.h)
                .collect();
            let p = pixel(cx, cy);
            match value {
                None => {
                    assert!(covering.is_empty(), "empty cell ({i0}, {i1}) covered");
                    assert!(is_grey(&p), "empty cell ({i0}, {i1}) shows {p:?}");
                }
                Some(_) => {
                    assert_eq!(covering.len(), 1);
                    let c = covering[0].fill;
                    assert!(!is_grey(&p), "filled cell ({i0}, {i1}) shows grey {p:?}");
                    assert_eq!(p, [c.r, c.g, c.b], "filled cell ({i0}, {i1})");
                }
            }
        }
    }
}

#[test]
fn axis_zero_runs_rightwards_and_axis_one_upwards() {
    // The value rises with axis 1 only: the top row holds the largest.
    let values = grid([5, 4, 1], |_, i1, _| Some(i1 as f64));
    let doc = Heatmap::new(axes(&[5, 4]), values).unwrap().to_svg();
    let cells = filled_cells(&doc);
    let row = |i1: usize| -> Vec<&Cell> {
        let want = format!("doors {}–{}", 2 * i1, 2 * i1 + 2);
        cells
            .iter()
            .filter(|c| c.tooltip.as_deref().unwrap().contains(&want))
            .collect()
    };
    let (bottom, top) = (row(0), row(3));
    assert_eq!((bottom.len(), top.len()), (5, 5));
    assert!(top.iter().all(|t| bottom.iter().all(|b| t.y < b.y)));
    assert!(top.iter().all(|c| c.fill == VIRIDIS[16]));
    assert!(bottom.iter().all(|c| c.fill == VIRIDIS[0]));

    // The value rises with axis 0 only: the right column holds the largest.
    let values = grid([5, 4, 1], |i0, _, _| Some(i0 as f64));
    let doc = Heatmap::new(axes(&[5, 4]), values).unwrap().to_svg();
    let cells = filled_cells(&doc);
    let lows: Vec<f64> = cells
        .iter()
        .filter(|c| c.fill == VIRIDIS[0])
        .map(|c| c.x)
        .collect();
    let highs: Vec<f64> = cells
        .iter()
        .filter(|c| c.fill == VIRIDIS[16])
        .map(|c| c.x)
        .collect();
    assert_eq!((lows.len(), highs.len()), (4, 4));
    assert!(lows.iter().all(|l| highs.iter().all(|h| l < h)));
}

#[test]
fn one_two_and_three_axes_render() {
    let one = Heatmap::new(
        axes(&[24]),
        grid([24, 1, 1], |i, _, _| (i % 5 != 1).then_some(i as f64)),
    )
    .unwrap()
    .title("strip")
    .value_name("fitness");
    let two = sample_2d();
    let three = Heatmap::new(
        axes(&[12, 10, 7]),
        grid([12, 10, 7], |i0, i1, i2| {
            ((i0 + i1 + i2) % 6 != 0).then_some((i0 * i1 + i2) as f64)
        }),
    )
    .unwrap()
    .title("small multiples")
    .value_name("fitness");
    for (map, max_w, max_h) in [
        (&one, 1400.0, 400.0),
        (&two, 1400.0, 900.0),
        (&three, 1400.0, 1000.0),
    ] {
        let doc = map.to_svg();
        let (w, h) = svg_size(&doc);
        assert!((250.0..=max_w).contains(&w), "{}: width {w}", map.title);
        assert!((150.0..=max_h).contains(&h), "{}: height {h}", map.title);
        let png = svg_to_png(&doc, 1.0).unwrap();
        assert!(
            png.len() > 2_000,
            "{}: {} bytes of PNG",
            map.title,
            png.len()
        );
        assert!(doc.contains(&format!(">{}</text>", map.title)));
    }

    // The strip is one cell high; every cell is a column of the strip.
    let strip = filled_cells(&one.to_svg());
    assert!(strip.iter().all(|c| c.h == strip[0].h && c.y == strip[0].y));
    assert!((30.0..=50.0).contains(&strip[0].h));

    // Seven panels: five in the first row, two in the second, each titled with its range.
    let doc = three.to_svg();
    let titles: Vec<(f64, f64, String)> = texts(&doc)
        .into_iter()
        .filter(|t| t.2.starts_with("keys "))
        .collect();
    assert_eq!(titles.len(), 7);
    assert_eq!(titles[0].2, "keys 0–2");
    assert_eq!(titles[6].2, "keys 12–14");
    assert!(titles[..5].iter().all(|t| t.1 == titles[0].1));
    assert!(titles[5..].iter().all(|t| t.1 > titles[0].1));
    let cells = filled_cells(&doc);
    assert_eq!(cells.len(), three.values().iter().flatten().count());
    let tip = cells[0].tooltip.as_deref().unwrap();
    assert!(tip.contains("keys 0–2") && tip.contains("rooms ") && tip.contains("doors "));
    // One colour bar for all panels.
    assert_eq!(doc.matches("<title>colour scale").count(), 1);
}

#[test]
fn tick_labels_do_not_overlap() {
    for (cells, low, high) in [
        (20, 4.0, 44.0),
        (7, 0.0, 1.0),
        (100, -50.0, 50.0),
        (3, 0.001, 0.0023),
    ] {
        let axis = |name: &str| HeatAxis::new(name, low, high, cells);
        for map in [
            Heatmap::new(vec![axis("x")], vec![Some(1.0); cells]).unwrap(),
            Heatmap::new(vec![axis("x"), axis("y")], vec![Some(1.0); cells * cells]).unwrap(),
        ] {
            let doc = map.to_svg();
            let texts = texts(&doc);
            let numbers: Vec<&(f64, f64, String)> = texts
                .iter()
                .filter(|t| t.2.parse::<f64>().is_ok())
                .collect();
            for (i, a) in numbers.iter().enumerate() {
                for b in &numbers[i + 1..] {
                    let apart_x = (a.0 - b.0).abs()
                        >= f64::from(text_width(&a.2, 11.0) + text_width(&b.2, 11.0)) / 2.0;
                    let apart_y = (a.1 - b.1).abs() >= 11.0;
                    assert!(apart_x || apart_y, "{a:?} overlaps {b:?}");
                }
            }
        }
    }
}

#[test]
fn large_grids_stay_small_and_legible() {
    let values = grid([100, 100, 1], |i0, i1, _| {
        ((i0 * 7 + i1 * 13) % 11 != 0).then_some((i0 * i1) as f64)
    });
    let map = Heatmap::new(axes(&[100, 100]), values).unwrap();
    let doc = map.to_svg();
    assert!(doc.len() < 1_000_000, "{} bytes", doc.len());
    let cells = filled_cells(&doc);
    assert_eq!(cells.len(), map.values().iter().flatten().count());
    assert!(cells.len() > TOOLTIP_LIMIT);
    assert!(
        cells
            .iter()
            .all(|c| c.w >= 3.0 && c.h >= 3.0 && c.tooltip.is_none())
    );
    let title = format!(
        "<title>{} of 10000 cells hold an elite</title>",
        cells.len()
    );
    assert!(doc.contains(&title));
    assert!(svg_size(&doc).0 <= 1400.0);
    svg_to_png(&doc, 1.0).unwrap();

    // Up to the limit every cell has its tooltip.
    let small = sample_2d();
    assert!(cells_of(&small).iter().all(|c| c.tooltip.is_some()));

    // Wide grids and many panels keep within the width, with cells of 3 units or more.
    for dims in [[300, 2, 1], [100, 100, 10], [60, 40, 12]] {
        let n = if dims[2] > 1 { 3 } else { 2 };
        let map = Heatmap::new(axes(&dims[..n]), grid(dims, |i, _, _| Some(i as f64))).unwrap();
        let doc = map.to_svg();
        let (w, _) = svg_size(&doc);
        assert!(w <= 1400.0, "{dims:?}: {w} wide");
        let cells = filled_cells(&doc);
        assert!(cells.iter().all(|c| c.w >= 3.0 && c.h >= 3.0), "{dims:?}");
        let right = cells.iter().map(|c| c.x + c.w).fold(0.0, f64::max);
        assert!(right < w, "{dims:?}");
    }
}

fn cells_of(map: &Heatmap) -> Vec<Cell> {
    filled_cells(&map.to_svg())
}

#[test]
fn equal_values_take_one_colour_and_an_empty_archive_says_so() {
    let map = Heatmap::new(
        axes(&[3, 2]),
        vec![Some(5.0), None, Some(5.0), None, None, Some(5.0)],
    )
    .unwrap();
    let doc = map.to_svg();
    let cells = filled_cells(&doc);
    assert_eq!(cells.len(), 3);
    assert!(cells.iter().all(|c| c.fill == Color::viridis(0.5)));
    assert!(doc.contains(">5</text>"));
    assert!(doc.contains("every elite has 5"));

    let map = Heatmap::new(axes(&[3, 2]), vec![None; 6]).unwrap();
    let doc = map.to_svg();
    assert!(cells_of(&map).is_empty());
    assert!(doc.contains(">no elites</text>"));
    svg_to_png(&doc, 1.0).unwrap();
}

#[test]
fn the_same_heatmap_gives_the_same_bytes() {
    let a = sample_2d().to_svg();
    let b = sample_2d().to_svg();
    assert_eq!(a, b);
    let changed = Heatmap::new(axes(&[8, 6]), {
        let mut v = sample_2d().values().to_vec();
        v[0] = Some(1.0);
        v
    })
    .unwrap();
    assert_ne!(
        a,
        changed
            .title("sample")
            .value_name("fitness (moves)")
            .caption("a caption")
            .to_svg()
    );
}

#[test]
fn titles_and_captions_fit_the_picture() {
    let long = "A title that says far more than a title should about the archive at hand";
    let map = sample_2d().title(long).caption("x".repeat(150));
    let doc = map.to_svg();
    let (w, _) = svg_size(&doc);
    assert!(w >= f64::from(text_width(long, 15.0)) * 1.1 + 32.0);
    assert!(w >= f64::from(text_width(&"x".repeat(150), 12.0)) + 32.0);
    // Text escapes.
    let doc = sample_2d().value_name("a < b & c").to_svg();
    assert!(doc.contains(">a &lt; b &amp; c</text>"));
    roxmltree::Document::parse(&doc).unwrap();
}
