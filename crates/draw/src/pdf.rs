//! PDF documents made of SVG pages, for print: each page is converted from the same SVG tree
//! the pictures are rasterised from (usvg, through krilla-svg), with the bundled font embedded
//! as real, selectable text.

use krilla::Document;
use krilla::geom::Size;
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla_svg::{SurfaceExt as _, SvgSettings};
use resvg::usvg;

use crate::DrawError;
use crate::font::{BUNDLED_FAMILY, database};

/// The PDF file signature, the first bytes of every PDF.
pub const PDF_SIGNATURE: &[u8] = b"%PDF-";

/// Writes a PDF with one page for each SVG document in `pages`, in order. A page is as large
/// as its document, one SVG user unit to one PDF point (1/72 inch): a page built by
/// [`Print`](crate::Print) is the paper's size. `title` is the document's title in its
/// metadata. The same pages give the same bytes: no date or random identifier is written.
///
/// # Errors
/// [`DrawError::InvalidSvg`] when a page does not parse (naming the page),
/// [`DrawError::Pdf`] when the document cannot be written, or when `pages` is empty.
///
/// ```
/// use ludoforge_draw::{Paper, Print, pdf, PDF_SIGNATURE};
/// let mut print = Print::new(Paper::A4, "A test");
/// print.heading("Hello").paragraph("One page of text.");
/// let bytes = pdf(&print.finish(), "A test")?;
/// assert!(bytes.starts_with(PDF_SIGNATURE));
/// # Ok::<(), ludoforge_draw::DrawError>(())
/// ```
pub fn pdf(pages: &[String], title: &str) -> Result<Vec<u8>, DrawError> {
    if pages.is_empty() {
        return Err(DrawError::Pdf {
            reason: "a document needs at least one page".into(),
        });
    }
    let options = usvg::Options {
        font_family: BUNDLED_FAMILY.to_string(),
        fontdb: database(),
        ..usvg::Options::default()
    };
    let mut document = Document::new();
    document.set_metadata(
        Metadata::new()
            .title(title.to_string())
            .creator("ludoforge".to_string())
            .producer("ludoforge".to_string()),
    );
    for (i, page) in pages.iter().enumerate() {
        let tree = usvg::Tree::from_str(page, &options).map_err(|e| DrawError::InvalidSvg {
            reason: format!("page {}: {e}", i + 1),
        })?;
        let (width, height) = (tree.size().width(), tree.size().height());
        let settings = PageSettings::from_wh(width, height).ok_or_else(|| DrawError::Pdf {
            reason: format!("page {} has no area ({width} × {height})", i + 1),
        })?;
        let mut page = document.start_page_with(settings);
        let mut surface = page.surface();
        let size = Size::from_wh(width, height).expect("a page with an area");
        surface
            .draw_svg(&tree, size, SvgSettings::default())
            .ok_or_else(|| DrawError::Pdf {
                reason: format!("page {} could not be drawn", i + 1),
            })?;
        surface.finish();
        page.finish();
    }
    document.finish().map_err(|e| DrawError::Pdf {
        reason: format!("{e:?}"),
    })
}

#[cfg(test)]
mod tests {
    use super::{PDF_SIGNATURE, pdf};
    use crate::{Orientation, Paper, Print};

    fn sample(paper: Paper) -> Vec<String> {
        let mut print = Print::new(paper, "footer");
        print.heading("Title").paragraph("Text.");
        print.new_page(Orientation::Landscape).paragraph("More.");
        print.finish()
    }

    /// The page objects' `/MediaBox` entries, as written.
    fn media_boxes(bytes: &[u8]) -> Vec<String> {
        let text = String::from_utf8_lossy(bytes);
        text.match_indices("/MediaBox[")
            .map(|(i, _)| {
                let rest = &text[i + 10..];
                rest[..rest.find(']').unwrap()].trim().to_string()
            })
            .collect()
    }

    #[test]
    fn every_page_is_its_documents_size_and_the_bytes_repeat() {
        let bytes = pdf(&sample(Paper::A4), "T").unwrap();
        assert!(bytes.starts_with(PDF_SIGNATURE));
        assert_eq!(
            media_boxes(&bytes),
            ["0 0 595.28 841.89", "0 0 841.89 595.28"]
        );
        assert_eq!(bytes, pdf(&sample(Paper::A4), "T").unwrap());
        let letter = pdf(&sample(Paper::Letter), "T").unwrap();
        assert_eq!(media_boxes(&letter), ["0 0 612 792", "0 0 792 612"]);
    }

    #[test]
    fn no_pages_or_a_broken_page_is_an_error_naming_it() {
        assert!(
            pdf(&[], "T")
                .unwrap_err()
                .to_string()
                .contains("at least one page")
        );
        let mut pages = sample(Paper::A4);
        pages.push("<svg".into());
        let error = pdf(&pages, "T").unwrap_err().to_string();
        assert!(error.contains("page 3"), "{error}");
    }
}
