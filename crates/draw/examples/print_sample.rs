//! Writes a two-page sample PDF (text and a picture) to the path given, to look at.

use ludoforge_draw::{Color, Orientation, Paper, Print, Stroke, Style, Svg, TextStyle, pdf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "sample.pdf".into());
    let mut picture = Svg::new(300.0, 200.0);
    picture
        .background(Color::hex(0xf0d9b5))
        .rect(20.0, 20.0, 100.0, 100.0, Style::fill(Color::hex(0xb58863)))
        .text(150.0, 100.0, "♞ Knight", TextStyle::new(30.0).centered())
        .arrow(
            &[(20.0, 180.0), (280.0, 180.0)],
            Stroke::new(Color::RED, 4.0),
        );
    let picture = picture.finish();
    let mut print = Print::new(Paper::A4, "ludoforge sample · seed 1");
    print
        .heading("A sample page")
        .paragraph("Print lays headings, text and pictures out on pages of one paper size, and starts a new page when the next block does not fit.")
        .facts(&[("Seed", "1"), ("Rules", "Move like a knight; reach the exit.")])
        .bullets(&["One item", "Another item that is long enough to wrap onto a second line under its bullet, to see the indentation."]);
    print.picture(&picture, None, 200.0)?;
    print
        .new_page(Orientation::Landscape)
        .subheading("Landscape");
    print.picture(&picture, None, 200.0)?;
    let pages = print.finish();
    std::fs::write(&out, pdf(&pages, "Sample")?)?;
    Ok(())
}
