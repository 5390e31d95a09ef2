use crate::{
    Color, DrawError, MAX_RASTER_SIDE, PNG_SIGNATURE, RgbaImage, Style, Svg, TextStyle, svg_to_png,
    svg_to_png_with_width, svg_to_rgba,
};

/// Width and height from a PNG's IHDR chunk.
fn png_size(png: &[u8]) -> (u32, u32) {
    assert!(png.starts_with(&PNG_SIGNATURE));
    assert_eq!(&png[12..16], b"IHDR");
    let be = |i: usize| u32::from_be_bytes([png[i], png[i + 1], png[i + 2], png[i + 3]]);
    (be(16), be(20))
}

/// Number of pixels in the rectangle that differ clearly from white.
fn ink(img: &RgbaImage, x0: u32, y0: u32, x1: u32, y1: u32) -> usize {
    let mut n = 0;
    for y in y0..y1 {
        for x in x0..x1 {
            let [r, g, b, a] = img.pixel(x, y).expect("inside image");
            assert_eq!(a, 255, "white background is opaque");
            if u32::from(r) + u32::from(g) + u32::from(b) < 3 * 160 {
                n += 1;
            }
        }
    }
    n
}

/// Bounding box (x0, y0, x1, y1) of the inked pixels, if any.
fn ink_bounds(img: &RgbaImage) -> Option<(u32, u32, u32, u32)> {
    let mut b: Option<(u32, u32, u32, u32)> = None;
    for y in 0..img.height {
        for x in 0..img.width {
            let [r, g, bl, _] = img.pixel(x, y).unwrap();
            if u32::from(r) + u32::from(g) + u32::from(bl) < 3 * 160 {
                b = Some(match b {
                    None => (x, y, x + 1, y + 1),
                    Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1)),
                });
            }
        }
    }
    b
}

fn text_on_white(w: f32, h: f32, text: &str, style: TextStyle) -> String {
    let mut svg = Svg::new(w, h);
    svg.background(Color::WHITE)
        .text(w / 2.0, h / 2.0, text, style.centered());
    svg.finish()
}

#[test]
fn png_has_signature_and_scaled_size() {
    let mut svg = Svg::new(40.0, 25.0);
    svg.background(Color::WHITE);
    let doc = svg.finish();
    assert_eq!(png_size(&svg_to_png(&doc, 1.0).unwrap()), (40, 25));
    assert_eq!(png_size(&svg_to_png(&doc, 3.0).unwrap()), (120, 75));
    // Fractional sizes round up to whole pixels.
    assert_eq!(png_size(&svg_to_png(&doc, 0.5).unwrap()), (20, 13));
    assert_eq!(
        png_size(&svg_to_png_with_width(&doc, 400).unwrap()),
        (400, 250)
    );
}

#[test]
fn rgba_image_matches_png_size() {
    let mut svg = Svg::new(40.0, 25.0);
    svg.background(Color::WHITE);
    let img = svg_to_rgba(&svg.finish(), 2.0).unwrap();
    assert_eq!((img.width, img.height), (80, 50));
    assert_eq!(img.pixels.len(), 80 * 50 * 4);
    assert_eq!(img.pixel(79, 49), Some([255, 255, 255, 255]));
    assert_eq!(img.pixel(80, 0), None);
    assert_eq!(img.pixel(0, 50), None);
}

#[test]
fn red_rectangle_is_red_at_its_centre() {
    let mut svg = Svg::new(100.0, 100.0);
    svg.background(Color::WHITE)
        .rect(50.0, 20.0, 40.0, 20.0, Style::fill(Color::RED));
    let img = svg_to_rgba(&svg.finish(), 2.0).unwrap();
    // Centre of the rectangle is (70, 30) user units = (140, 60) pixels.
    assert_eq!(img.pixel(140, 60), Some([255, 0, 0, 255]));
    // Outside it the background shows.
    assert_eq!(img.pixel(20, 20), Some([255, 255, 255, 255]));
}

#[test]
fn without_background_pixels_are_transparent() {
    let mut svg = Svg::new(10.0, 10.0);
    svg.rect(0.0, 0.0, 5.0, 10.0, Style::fill(Color::BLUE));
    let img = svg_to_rgba(&svg.finish(), 1.0).unwrap();
    assert_eq!(img.pixel(2, 5), Some([0, 0, 255, 255]));
    assert_eq!(img.pixel(8, 5).unwrap()[3], 0);
}

#[test]
fn latin_text_draws_glyphs_inside_its_area() {
    let doc = text_on_white(200.0, 40.0, "Ludoforge EX", TextStyle::new(24.0));
    let img = svg_to_rgba(&doc, 1.0).unwrap();
    let dark = ink(&img, 0, 0, img.width, img.height);
    assert!(dark > 200, "only {dark} text pixels drawn");
    let (x0, y0, x1, y1) = ink_bounds(&img).unwrap();
    // Roughly 12 characters of a 24-unit font, centred on (100, 20).
    assert!(x1 - x0 > 100 && x1 - x0 < 190, "width {}", x1 - x0);
    assert!(y1 - y0 > 12 && y1 - y0 < 30, "height {}", y1 - y0);
}

#[test]
fn chess_symbols_each_draw_a_distinct_glyph() {
    let all = "♔♕♖♗♘♙♚♛♜♝♞♟";
    let img = svg_to_rgba(&text_on_white(360.0, 48.0, all, TextStyle::new(28.0)), 1.0).unwrap();
    let dark = ink(&img, 0, 0, img.width, img.height);
    assert!(
        dark > 1500,
        "only {dark} pixels drawn for the chess symbols"
    );

    // A missing glyph would render as DejaVu's .notdef box, the same for
    // every symbol, so each symbol must differ from every other.
    let rasters: Vec<(char, Vec<u8>)> = all
        .chars()
        .map(|c| {
            let doc = text_on_white(40.0, 40.0, &c.to_string(), TextStyle::new(32.0));
            let img = svg_to_rgba(&doc, 1.0).unwrap();
            let dark = ink(&img, 0, 0, img.width, img.height);
            assert!(dark > 40, "{c} drew only {dark} pixels");
            (c, img.pixels)
        })
        .collect();
    for (i, (a, pa)) in rasters.iter().enumerate() {
        for (b, pb) in &rasters[i + 1..] {
            assert_ne!(pa, pb, "{a} and {b} render identically");
        }
    }
}

#[test]
fn centred_text_is_centred_on_its_point() {
    let img = svg_to_rgba(&text_on_white(100.0, 100.0, "X", TextStyle::new(40.0)), 1.0).unwrap();
    let (x0, y0, x1, y1) = ink_bounds(&img).unwrap();
    let (cx, cy) = ((x0 + x1) as f32 / 2.0, (y0 + y1) as f32 / 2.0);
    assert!((cx - 50.0).abs() <= 3.0, "horizontal centre {cx}");
    assert!((cy - 50.0).abs() <= 4.0, "vertical centre {cy}");
}

#[test]
fn bold_text_uses_the_bold_face() {
    let regular = text_on_white(120.0, 40.0, "EXE", TextStyle::new(28.0));
    let bold = text_on_white(120.0, 40.0, "EXE", TextStyle::new(28.0).bold());
    let regular = svg_to_rgba(&regular, 1.0).unwrap();
    let bold = svg_to_rgba(&bold, 1.0).unwrap();
    let (r, b) = (ink(&regular, 0, 0, 120, 40), ink(&bold, 0, 0, 120, 40));
    assert!(b as f32 > r as f32 * 1.2, "bold {b} vs regular {r} pixels");
}

#[test]
fn unknown_font_families_fall_back_to_the_bundled_font() {
    let doc = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40">
        <rect width="100" height="40" fill="white"/>
        <text x="5" y="30" font-family="No Such Font" font-size="24">Abc</text>
        <text x="60" y="30" font-family="serif" font-size="24">d</text>
    </svg>"#;
    let img = svg_to_rgba(doc, 1.0).unwrap();
    assert!(ink(&img, 0, 0, 55, 40) > 50);
    assert!(ink(&img, 55, 0, 100, 40) > 20);
}

#[test]
fn same_drawing_gives_same_png_bytes() {
    let doc = text_on_white(80.0, 40.0, "♘ E", TextStyle::new(20.0));
    assert_eq!(
        svg_to_png(&doc, 1.5).unwrap(),
        svg_to_png(&doc, 1.5).unwrap()
    );
}

#[test]
fn malformed_svg_is_an_error() {
    for bad in [
        "",
        "not xml at all",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect></svg>",
        "<html></html>",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"10\"/>",
    ] {
        match svg_to_png(bad, 1.0) {
            Err(DrawError::InvalidSvg { reason }) => assert!(!reason.is_empty()),
            other => panic!("{bad:?} gave {other:?}"),
        }
    }
    assert!(matches!(
        svg_to_rgba("<svg", 1.0),
        Err(DrawError::InvalidSvg { .. })
    ));
}

#[test]
fn invalid_scales_and_sizes_are_errors() {
    let doc = Svg::new(10.0, 10.0).finish();
    for scale in [0.0, -1.0, f32::NAN, f32::INFINITY] {
        assert!(
            matches!(svg_to_png(&doc, scale), Err(DrawError::InvalidScale { .. })),
            "scale {scale}"
        );
    }
    assert!(matches!(
        svg_to_png_with_width(&doc, 0),
        Err(DrawError::InvalidScale { .. })
    ));
    let too_big = f32::from(u16::try_from(MAX_RASTER_SIDE).unwrap()) / 10.0 + 1.0;
    assert!(matches!(
        svg_to_png(&doc, too_big),
        Err(DrawError::ImageSize { .. })
    ));
    // A tiny scale rounds up to at least one pixel.
    assert!(matches!(
        svg_to_png(&doc, 0.001),
        Ok(ref png) if png_size(png) == (1, 1)
    ));
    // A wide, thin document overflows the limit on one side.
    let wide = Svg::new(100_000.0, 1.0).finish();
    assert!(matches!(
        svg_to_png(&wide, 1.0),
        Err(DrawError::ImageSize { .. })
    ));
}

#[test]
fn errors_explain_themselves() {
    let err = svg_to_png("<svg", 1.0).unwrap_err().to_string();
    assert!(err.starts_with("invalid SVG: "), "{err}");
    let err = svg_to_png(&Svg::new(1.0, 1.0).finish(), -2.0)
        .unwrap_err()
        .to_string();
    assert!(err.contains("-2"), "{err}");
}
