//! Pages for print: [`Paper`] sizes, and [`Print`], which lays headings, text, lists and
//! pictures out on pages of that paper, starting a new page when one is full. The pages are
//! SVG documents one point (1/72 inch) to the unit; [`pdf`](crate::pdf) binds them.

use std::fmt;
use std::str::FromStr;

use crate::svg::Nested;
use crate::{Color, DrawError, Stroke, Svg, TextStyle, text_width};

/// A paper size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 inches.
    Letter,
}

impl Paper {
    /// Every size, in the order a menu lists them.
    pub const ALL: [Paper; 2] = [Paper::A4, Paper::Letter];

    /// Width and height in points when upright (portrait).
    ///
    /// ```
    /// use ludoforge_draw::Paper;
    /// assert_eq!(Paper::Letter.size(), (612.0, 792.0));
    /// ```
    #[must_use]
    pub fn size(self) -> (f32, f32) {
        match self {
            // 210 mm and 297 mm at 72 / 25.4 points a millimetre.
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// The name a flag or form takes: `a4` or `letter`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Paper {
    type Err = String;

    /// `a4` or `letter`, in any case.
    fn from_str(text: &str) -> Result<Paper, String> {
        Paper::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| format!("unknown paper {text:?}: use a4 or letter"))
    }
}

/// How a page stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Orientation {
    /// Taller than wide.
    Portrait,
    /// Wider than tall.
    Landscape,
}

/// The margin around every page's text and pictures, in points (15 mm).
const MARGIN: f32 = 42.5;
/// Room kept at the foot of a page for its footer line.
const FOOTER: f32 = 16.0;
/// Body text size.
const BODY: f32 = 10.5;
/// Line height as a multiple of the text size.
const LEADING: f32 = 1.35;
/// Text colour: a dark grey that prints crisply.
const INK: Color = Color::hex(0x1a1a1a);

/// Lays content out on pages of one paper size, top to bottom, starting a new page when the
/// next block does not fit. Every page carries a footer line: the `footer` text given to
/// [`Print::new`] and "page k of n".
///
/// ```
/// use ludoforge_draw::{Paper, Print};
/// let mut print = Print::new(Paper::Letter, "Seed 7");
/// print.heading("A maze").paragraph("Find the way from the entrance to the exit.");
/// let pages = print.finish();
/// assert_eq!(pages.len(), 1);
/// assert!(pages[0].contains("page 1 of 1"));
/// ```
#[derive(Debug, Clone)]
pub struct Print {
    paper: Paper,
    footer: String,
    done: Vec<Svg>,
    page: Option<Svg>,
    /// Where the next block starts on the current page.
    y: f32,
}

impl Print {
    /// An empty document on `paper`.
    #[must_use]
    pub fn new(paper: Paper, footer: &str) -> Print {
        Print {
            paper,
            footer: footer.to_string(),
            done: Vec::new(),
            page: None,
            y: MARGIN,
        }
    }

    /// The paper the pages are on.
    #[must_use]
    pub fn paper(&self) -> Paper {
        self.paper
    }

    /// Starts a new page standing as `orientation` (the next blocks go on it), even when the
    /// current one has room left.
    pub fn new_page(&mut self, orientation: Orientation) -> &mut Print {
        let (w, h) = self.paper.size();
        let (w, h) = match orientation {
            Orientation::Portrait => (w, h),
            Orientation::Landscape => (h, w),
        };
        if let Some(page) = self.page.take() {
            self.done.push(page);
        }
        let mut page = Svg::new(w, h);
        page.background(Color::WHITE);
        self.page = Some(page);
        self.y = MARGIN;
        self
    }

    /// Starts a new page standing the way the picture `document` does: landscape when it is
    /// wider than tall.
    ///
    /// # Errors
    /// [`DrawError::InvalidSvg`] when `document` is not an SVG document with a size.
    pub fn new_page_for(&mut self, document: &str) -> Result<&mut Print, DrawError> {
        let (w, h) = Nested::parse(document)?.size;
        Ok(self.new_page(if w > h {
            Orientation::Landscape
        } else {
            Orientation::Portrait
        }))
    }

    /// The width text and pictures take on the current page.
    #[must_use]
    pub fn width(&self) -> f32 {
        self.page.as_ref().map_or(self.paper.size().0, Svg::width) - 2.0 * MARGIN
    }

    /// The height left on the current page for more blocks.
    #[must_use]
    pub fn room(&self) -> f32 {
        match &self.page {
            Some(page) => (page.height() - MARGIN - FOOTER - self.y).max(0.0),
            None => self.paper.size().1 - 2.0 * MARGIN - FOOTER,
        }
    }

    /// The current page, begun (portrait) when there is none; a new page when `height` more
    /// does not fit on this one and it already holds something.
    fn room_for(&mut self, height: f32) -> &mut Svg {
        let started = self.page.is_some() && self.y > MARGIN;
        if self.page.is_none() || (started && height > self.room()) {
            let orientation = match &self.page {
                Some(p) if p.width() > p.height() => Orientation::Landscape,
                _ => Orientation::Portrait,
            };
            self.new_page(orientation);
        }
        self.page.as_mut().expect("a page was begun")
    }

    /// A title in large bold type.
    pub fn heading(&mut self, text: &str) -> &mut Print {
        self.line_block(text, TextStyle::new(20.0).bold().color(INK), 6.0)
    }

    /// A section title in bold type.
    pub fn subheading(&mut self, text: &str) -> &mut Print {
        // Keep a subheading with at least two lines of what follows it.
        let size = 13.0;
        let lines = size * LEADING + 2.0 * BODY * LEADING + 4.0;
        if self.page.is_some() && self.y > MARGIN && lines > self.room() {
            self.room_for(f32::INFINITY);
        }
        self.y += 4.0;
        self.line_block(text, TextStyle::new(size).bold().color(INK), 2.0)
    }

    /// A paragraph of body text, wrapped to the page's width.
    pub fn paragraph(&mut self, text: &str) -> &mut Print {
        self.wrapped(text, BODY, 0.0, false);
        self.y += BODY * 0.5;
        self
    }

    /// A paragraph in small grey type, for notes and attributions.
    pub fn note(&mut self, text: &str) -> &mut Print {
        let size = 8.5;
        let width = self.width();
        for line in wrap(text, size, width) {
            let y = {
                let _ = self.room_for(size * LEADING);
                self.y + size
            };
            self.current().text(
                MARGIN,
                y,
                &line,
                TextStyle::new(size).color(Color::hex(0x555555)),
            );
            self.y += size * LEADING;
        }
        self.y += size * 0.5;
        self
    }

    /// A bulleted list, each item wrapped under its bullet.
    pub fn bullets<S: AsRef<str>>(&mut self, items: &[S]) -> &mut Print {
        for item in items {
            self.wrapped(item.as_ref(), BODY, 12.0, true);
        }
        self.y += BODY * 0.5;
        self
    }

    /// Lines of `label: value`, the labels in bold.
    pub fn facts<L: AsRef<str>, V: AsRef<str>>(&mut self, facts: &[(L, V)]) -> &mut Print {
        // One column for every value, past the widest label (bold runs wider than the
        // estimate), unless that leaves the values too narrow.
        let widest = facts
            .iter()
            .map(|(l, _)| text_width(&format!("{}:", l.as_ref()), BODY) * 1.12 + 6.0)
            .fold(0.0f32, f32::max)
            .min(self.width() * 0.35);
        for (label, value) in facts {
            let label = format!("{}:", label.as_ref());
            let indent = widest;
            let width = self.width();
            let lines = wrap(value.as_ref(), BODY, (width - indent).max(60.0));
            for (i, line) in lines.iter().enumerate() {
                let _ = self.room_for(BODY * LEADING);
                let y = self.y + BODY;
                let page = self.current();
                if i == 0 {
                    page.text(MARGIN, y, &label, TextStyle::new(BODY).bold().color(INK));
                }
                page.text(MARGIN + indent, y, line, TextStyle::new(BODY).color(INK));
                self.y += BODY * LEADING;
            }
            self.y += 3.0;
        }
        self.y += BODY * 0.5;
        self
    }

    /// Simple Markdown, block by block: `# ` a heading, `## ` (and deeper) a subheading,
    /// `- ` or `* ` a bulleted item, `> ` a quoted note, `|` rows a table (a `--:` column
    /// right-aligned), anything else a paragraph; lines of
    /// one block join with spaces and blank lines end blocks. Emphasis markers (`**`, `*`,
    /// `_`) are dropped and code marks (`` ` ``) too: the words print plain.
    pub fn markdown(&mut self, text: &str) -> &mut Print {
        let mut paragraph = String::new();
        let mut items: Vec<String> = Vec::new();
        let mut table: Vec<&str> = Vec::new();
        let mut quoted = false;
        for line in text.lines().chain(std::iter::once("")) {
            let line = line.trim_end();
            if line.starts_with('|') {
                table.push(line);
                continue;
            } else if !table.is_empty() {
                self.markdown_table(&table);
                table.clear();
            }
            let item = line.strip_prefix("- ").or_else(|| line.strip_prefix("* "));
            let ends = line.trim().is_empty()
                || line.starts_with('#')
                || item.is_some()
                || (quoted != line.starts_with('>') && !paragraph.is_empty());
            if ends {
                if !paragraph.is_empty() {
                    let text = plain(&paragraph);
                    if quoted {
                        self.note(&text);
                    } else {
                        self.paragraph(&text);
                    }
                    paragraph.clear();
                }
                if item.is_none() && !items.is_empty() {
                    self.bullets(&items);
                    items.clear();
                }
            }
            if let Some(title) = line.strip_prefix("# ") {
                self.heading(&plain(title));
            } else if line.starts_with("##") {
                self.subheading(&plain(line.trim_start_matches('#').trim()));
            } else if let Some(item) = item {
                items.push(plain(item));
            } else if !line.trim().is_empty() {
                quoted = line.starts_with('>');
                if !paragraph.is_empty() {
                    paragraph.push(' ');
                }
                paragraph.push_str(line.trim_start_matches('>').trim());
            }
        }
        self
    }

    /// A table: the first row is the header (bold, over a rule), the columns as wide as
    /// their widest cell and narrowed together when they would pass the page's width.
    /// `right[i]` right-aligns column `i` (for numbers).
    pub fn table<S: AsRef<str>>(&mut self, rows: &[Vec<S>], right: &[bool]) -> &mut Print {
        let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
        if columns == 0 {
            return self;
        }
        let size = 9.5;
        let pad = 12.0;
        let mut widths = vec![0.0f32; columns];
        for (r, row) in rows.iter().enumerate() {
            // Bold type (the header) runs about a tenth wider than the estimate.
            let bold = if r == 0 { 1.12 } else { 1.0 };
            for (i, cell) in row.iter().enumerate() {
                widths[i] = widths[i].max(text_width(cell.as_ref(), size) * bold + pad);
            }
        }
        let total: f32 = widths.iter().sum();
        let fit = (self.width() / total).min(1.0);
        let line = size * LEADING + 2.0;
        for (r, row) in rows.iter().enumerate() {
            let _ = self.room_for(line);
            let y = self.y + size;
            let mut x = MARGIN;
            let style = if r == 0 {
                TextStyle::new(size).bold().color(INK)
            } else {
                TextStyle::new(size).color(INK)
            };
            let page = self.current();
            for (i, cell) in row.iter().enumerate() {
                let w = widths[i] * fit;
                if right.get(i).copied().unwrap_or(false) {
                    page.text(
                        x + w - pad,
                        y,
                        cell.as_ref(),
                        style.anchor(crate::Anchor::End),
                    );
                } else {
                    page.text(x, y, cell.as_ref(), style);
                }
                x += w;
            }
            if r == 0 {
                let rule = self.y + line - 1.0;
                let end = MARGIN + total * fit - pad;
                self.current().line(
                    MARGIN,
                    rule,
                    end,
                    rule,
                    Stroke::new(Color::hex(0x999999), 0.6),
                );
            }
            self.y += line;
        }
        self.y += BODY * 0.5;
        self
    }

    /// A thin rule across the page.
    pub fn rule(&mut self) -> &mut Print {
        let width = self.width();
        let _ = self.room_for(8.0);
        let y = self.y + 3.0;
        self.current().line(
            MARGIN,
            y,
            MARGIN + width,
            y,
            Stroke::new(Color::hex(0x999999), 0.6),
        );
        self.y += 8.0;
        self
    }

    /// Another picture (a whole SVG document), as large as the page's width allows and at
    /// most `most_height` points tall (`None`: what is left of the page), centred. When less
    /// than `min_height` points are left, it goes on a new page.
    ///
    /// # Errors
    /// [`DrawError::InvalidSvg`] when `document` is not an SVG document with a size.
    pub fn picture(
        &mut self,
        document: &str,
        most_height: Option<f32>,
        min_height: f32,
    ) -> Result<&mut Print, DrawError> {
        let (w, h) = Nested::parse(document)?.size;
        let width = self.width();
        let wanted = (width * h / w).min(most_height.unwrap_or(f32::INFINITY));
        if self.page.is_none() || (self.y > MARGIN && wanted.min(min_height) > self.room()) {
            self.room_for(f32::INFINITY);
        }
        let height = wanted.min(self.room());
        let scale = (width / w).min(height / h);
        let (dw, dh) = (w * scale, h * scale);
        let x = MARGIN + (width - dw) / 2.0;
        let y = self.y;
        self.current().embed(x, y, dw, dh, document)?;
        self.y += dh + 8.0;
        Ok(self)
    }

    /// The pages made, each a whole SVG document of the paper's size, with their footers.
    #[must_use]
    pub fn finish(mut self) -> Vec<String> {
        if let Some(page) = self.page.take() {
            self.done.push(page);
        }
        if self.done.is_empty() {
            self.new_page(Orientation::Portrait);
            self.done.extend(self.page.take());
        }
        let n = self.done.len();
        let style = TextStyle::new(8.0).color(Color::hex(0x666666));
        self.done
            .iter_mut()
            .enumerate()
            .map(|(i, page)| {
                let y = page.height() - MARGIN + 6.0;
                let right = page.width() - MARGIN;
                if !self.footer.is_empty() {
                    page.text(MARGIN, y, &self.footer, style);
                }
                page.text(
                    right,
                    y,
                    &format!("page {} of {n}", i + 1),
                    style.anchor(crate::Anchor::End),
                );
                page.finish()
            })
            .collect()
    }

    fn current(&mut self) -> &mut Svg {
        self.page.as_mut().expect("a page was begun")
    }

    /// One line of text in `style` (it may wrap), then `gap` points.
    fn line_block(&mut self, text: &str, style: TextStyle, gap: f32) -> &mut Print {
        let width = self.width();
        for line in wrap(text, style.size, width) {
            let _ = self.room_for(style.size * LEADING);
            let y = self.y + style.size;
            self.current().text(MARGIN, y, &line, style);
            self.y += style.size * LEADING;
        }
        self.y += gap;
        self
    }

    fn wrapped(&mut self, text: &str, size: f32, indent: f32, bullet: bool) {
        let width = self.width() - indent;
        for (i, line) in wrap(text, size, width).into_iter().enumerate() {
            let _ = self.room_for(size * LEADING);
            let y = self.y + size;
            let page = self.current();
            if bullet && i == 0 {
                page.text(MARGIN + 2.0, y, "•", TextStyle::new(size).color(INK));
            }
            page.text(MARGIN + indent, y, &line, TextStyle::new(size).color(INK));
            self.y += size * LEADING;
        }
    }
}

impl Print {
    /// A Markdown table's rows (header, alignment row, body) as a [`Print::table`].
    fn markdown_table(&mut self, lines: &[&str]) {
        let cells = |line: &str| -> Vec<String> {
            let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
            inner.split('|').map(|c| plain(c.trim())).collect()
        };
        let mut rows: Vec<Vec<String>> = Vec::new();
        let mut right = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let row = cells(line);
            let rule = row
                .iter()
                .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':')));
            if i == 1 && rule {
                right = row.iter().map(|c| c.ends_with(':')).collect();
            } else {
                rows.push(row);
            }
        }
        self.table(&rows, &right);
    }
}

/// Markdown inline text without its emphasis and code marks.
fn plain(text: &str) -> String {
    text.replace("**", "")
        .replace('`', "")
        .split(' ')
        .map(|w| w.trim_matches(|c| c == '*' || c == '_'))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` broken into lines no wider than `width` at `size` (by [`text_width`], which errs
/// wide), at spaces; a word wider than a line stands alone on its line. Line breaks in `text`
/// are kept.
#[must_use]
pub fn wrap(text: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let tried = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if !line.is_empty() && text_width(&tried, size) > width {
                lines.push(std::mem::replace(&mut line, word.to_string()));
            } else {
                line = tried;
            }
        }
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::{Orientation, Paper, Print, wrap};
    use crate::{Color, Style, Svg, text_width};

    #[test]
    fn paper_sizes_are_the_standard_ones_in_points() {
        let (w, h) = Paper::A4.size();
        assert!((w * 25.4 / 72.0 - 210.0).abs() < 0.01 && (h * 25.4 / 72.0 - 297.0).abs() < 0.01);
        assert_eq!(Paper::Letter.size(), (8.5 * 72.0, 11.0 * 72.0));
        assert_eq!("LETTER".parse::<Paper>(), Ok(Paper::Letter));
        let wrong = "a5".parse::<Paper>().unwrap_err();
        assert!(wrong.contains("a4 or letter"), "{wrong}");
    }

    #[test]
    fn wrapped_lines_fit_and_keep_every_word_in_order() {
        let text = "Reach the exit by a path whose colours follow the sequence red, green, blue, \
                    then red again; a move may not cross a wall.";
        for width in [60.0, 150.0, 400.0] {
            let lines = wrap(text, 10.0, width);
            for line in &lines {
                assert!(
                    text_width(line, 10.0) <= width || !line.contains(' '),
                    "{line:?} is wider than {width}"
                );
            }
            assert_eq!(
                lines.join(" ").split_whitespace().collect::<Vec<_>>(),
                text.split_whitespace().collect::<Vec<_>>()
            );
        }
        assert_eq!(wrap("a\nb", 10.0, 500.0), vec!["a", "b"]);
    }

    #[test]
    fn text_that_overflows_a_page_goes_on_to_the_next() {
        let mut print = Print::new(Paper::A4, "footer");
        for i in 0..200 {
            print.paragraph(&format!("Paragraph {i} of a long rule book."));
        }
        let pages = print.finish();
        assert!(pages.len() >= 3, "{} pages", pages.len());
        for (i, page) in pages.iter().enumerate() {
            assert!(page.contains(&format!("page {} of {}", i + 1, pages.len())));
            assert!(page.contains(r#"width="595.28" height="841.89""#), "{page}");
        }
        // Every paragraph is on some page, once.
        for i in 0..200 {
            let needle = format!(">Paragraph {i} of");
            assert_eq!(pages.iter().filter(|p| p.contains(&needle)).count(), 1);
        }
    }

    #[test]
    fn markdown_blocks_become_headings_lists_and_paragraphs() {
        let mut print = Print::new(Paper::A4, "");
        print.markdown(
            "# Title\n\n*In italics.*\n\n- **Seed:** 1\n- two\n\n## Room 1\n\nA paragraph\n\
             on two lines.\n\n> **GM note:** a secret.\n",
        );
        let page = &print.finish()[0];
        for text in [">Title<", ">In italics.<", ">Seed: 1<", ">two<", ">Room 1<"] {
            assert!(page.contains(text), "{text} missing from {page}");
        }
        assert!(page.contains(">A paragraph on two lines.<"), "{page}");
        assert!(page.contains(">GM note: a secret.<"), "{page}");
        assert_eq!(page.matches(">•<").count(), 2);
    }

    #[test]
    fn a_markdown_table_keeps_its_cells_and_right_aligns_number_columns() {
        let mut print = Print::new(Paper::A4, "");
        print.markdown(
            "| Monster | 2 players |\n|---|--:|\n| Rending Drake | 1 |\n| **Total** | **1** |\n",
        );
        let page = &print.finish()[0];
        for cell in [">Monster<", ">2 players<", ">Rending Drake<", ">Total<"] {
            assert!(page.contains(cell), "{cell} missing from {page}");
        }
        assert!(!page.contains("--:"), "{page}");
        // The number column's cells end at one x, anchored at their end.
        assert_eq!(
            page.matches(r#"text-anchor="end""#).count(),
            3 + 1,
            "{page}"
        );
    }

    #[test]
    fn a_picture_is_scaled_into_the_page_keeping_its_shape() {
        let mut picture = Svg::new(400.0, 100.0);
        picture.rect(0.0, 0.0, 400.0, 100.0, Style::fill(Color::RED));
        let mut print = Print::new(Paper::Letter, "");
        print.new_page(Orientation::Landscape);
        print.picture(&picture.finish(), None, 100.0).unwrap();
        let pages = print.finish();
        assert_eq!(pages.len(), 1);
        // Landscape Letter: 792 wide, less two 42.5 margins = 707 wide, so 176.75 tall.
        assert!(
            pages[0].contains(r#"width="792" height="612""#),
            "{}",
            pages[0]
        );
        assert!(
            pages[0].contains(r#"width="707" height="176.75" viewBox="0 0 400 100""#),
            "{}",
            pages[0]
        );
        assert!(
            Print::new(Paper::A4, "")
                .picture("<p/>", None, 0.0)
                .is_err()
        );
    }
}
