//! Text metrics without a font engine: estimated widths for laying out labels and legends.

/// Estimated advance width of `text` in the bundled DejaVu Sans at `size` (user units), by
/// character class. It errs on the wide side, so boxes and margins sized with it fit the text
/// the rasteriser draws (a test in the chart module checks it against the real widths).
///
/// ```
/// use ludoforge_draw::text_width;
/// assert!(text_width("Wm", 10.0) > text_width("il", 10.0));
/// assert_eq!(text_width("", 12.0), 0.0);
/// ```
#[must_use]
pub fn text_width(text: &str, size: f32) -> f32 {
    let em: f32 = text
        .chars()
        .map(|c| match c {
            ' ' => 0.32,
            'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '\'' | '!' | '|' => 0.29,
            'f' | 't' | 'r' | 'I' | 'J' | '(' | ')' | '[' | ']' | '-' => 0.42,
            'm' | 'w' | 'M' | 'W' | '%' | '@' => 0.98,
            'A'..='Z' => 0.76,
            '0'..='9' => 0.64,
            c if c.is_ascii() => 0.63,
            _ => 0.85,
        })
        .sum();
    em * size
}

/// `text` cut to `most` characters, the last an ellipsis, when it is longer: for titles and
/// names that come from users' files and must not stretch a picture.
///
/// ```
/// use ludoforge_draw::shorten;
/// assert_eq!(shorten("Graveyard", 12), "Graveyard");
/// assert_eq!(shorten("The Sunken Halls of Ashmoor", 12), "The Sunken …");
/// ```
#[must_use]
pub fn shorten(text: &str, most: usize) -> String {
    if text.chars().count() <= most {
        text.to_string()
    } else {
        let mut cut: String = text.chars().take(most.saturating_sub(1)).collect();
        cut.push('…');
        cut
    }
}
