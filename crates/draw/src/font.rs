//! The bundled DejaVu Sans font and the font database built from it.

use std::sync::{Arc, OnceLock};

use resvg::usvg::fontdb;

/// The font family written on every `<text>` element.
///
/// Rasterisation always uses the bundled DejaVu Sans; the `sans-serif`
/// fallback is for viewers of the SVG that lack it.
pub const FONT_FAMILY: &str = "DejaVu Sans, sans-serif";

/// Family name of the bundled font as stored in the font files.
pub(crate) const BUNDLED_FAMILY: &str = "DejaVu Sans";

/// DejaVu Sans (Book), from Debian's `fonts-dejavu-core`.
const DEJAVU_SANS: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");

/// DejaVu Sans Bold, from Debian's `fonts-dejavu-core`.
const DEJAVU_SANS_BOLD: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// The shared font database: the bundled faces only, never system fonts,
/// with every generic family mapped to DejaVu Sans.
pub(crate) fn database() -> Arc<fontdb::Database> {
    static DB: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = fontdb::Database::new();
        db.load_font_data(DEJAVU_SANS.to_vec());
        db.load_font_data(DEJAVU_SANS_BOLD.to_vec());
        db.set_sans_serif_family(BUNDLED_FAMILY);
        db.set_serif_family(BUNDLED_FAMILY);
        db.set_monospace_family(BUNDLED_FAMILY);
        db.set_cursive_family(BUNDLED_FAMILY);
        db.set_fantasy_family(BUNDLED_FAMILY);
        Arc::new(db)
    })
    .clone()
}

#[cfg(test)]
mod tests {
    use super::{BUNDLED_FAMILY, database};
    use resvg::usvg::fontdb::{Family, Query, Weight};

    #[test]
    fn database_holds_regular_and_bold_dejavu_only() {
        let db = database();
        assert_eq!(db.len(), 2);
        for weight in [Weight::NORMAL, Weight::BOLD] {
            let query = Query {
                families: &[Family::SansSerif],
                weight,
                ..Query::default()
            };
            let id = db.query(&query).expect("sans-serif resolves");
            let face = db.face(id).expect("face exists");
            assert_eq!(face.families[0].0, BUNDLED_FAMILY);
            assert_eq!(face.weight, weight);
        }
    }
}
