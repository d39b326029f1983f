//! The fonts shipped with the server (`backend/assets/fonts/`, SIL OFL 1.1, see
//! `OFL.txt` there), embedded into the binary and parsed once per process.
//!
//! Noto Sans covers Latin, Noto Sans Devanagari covers Marathi, Noto Sans
//! Telugu covers Telugu; each in Regular and Bold. Documents set text with
//! [`FAMILIES`] as a fallback list, so one string mixing scripts
//! ("सुरेश Patil") is shaped run by run with the font that covers it.

use std::sync::LazyLock;

use typst::foundations::Bytes;
use typst::text::{Font, FontBook, FontFamily, FontList};
use typst::utils::LazyHash;

/// The font family fallback list used by every document, in priority order.
pub(crate) const FAMILIES: [&str; 3] = ["Noto Sans", "Noto Sans Devanagari", "Noto Sans Telugu"];

/// The embedded font files.
static FILES: [&[u8]; 6] = [
    include_bytes!("../../assets/fonts/NotoSans-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSans-Bold.ttf"),
    include_bytes!("../../assets/fonts/NotoSansDevanagari-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansDevanagari-Bold.ttf"),
    include_bytes!("../../assets/fonts/NotoSansTelugu-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansTelugu-Bold.ttf"),
];

/// Parsed fonts and the font book describing them (index `i` of the book is
/// `fonts[i]`).
pub(crate) struct FontSet {
    pub(crate) book: LazyHash<FontBook>,
    pub(crate) fonts: Vec<Font>,
}

/// Parsed once, on first use. `Font` is a cheap handle (reference counted), and
/// the data is borrowed from the binary, not copied.
pub(crate) static FONTS: LazyLock<FontSet> = LazyLock::new(|| {
    let fonts: Vec<Font> = FILES
        .iter()
        .flat_map(|data| Font::iter(Bytes::new(*data)))
        .collect();
    let mut book = FontBook::new();
    for font in &fonts {
        book.push(font.info().clone());
    }
    FontSet {
        book: LazyHash::new(book),
        fonts,
    }
});

/// [`FAMILIES`] as a typst font list (the default `text(font: ..)` of every
/// document).
pub(crate) fn font_list() -> FontList {
    FontList(FAMILIES.iter().map(|name| FontFamily::new(name)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_embedded_fonts_parse_and_cover_their_scripts() {
        let set = &*FONTS;
        assert_eq!(set.fonts.len(), 6, "every embedded font file must parse");
        for family in FAMILIES {
            let variants = set
                .fonts
                .iter()
                .filter(|font| font.info().family.eq_ignore_ascii_case(family))
                .count();
            assert_eq!(variants, 2, "{family}: Regular and Bold expected");
        }
        let covers = |family: &str, c: char| {
            set.fonts.iter().any(|font| {
                font.info().family.eq_ignore_ascii_case(family)
                    && font.info().coverage.contains(c as u32)
            })
        };
        assert!(covers("Noto Sans", 'é'));
        assert!(covers("Noto Sans Devanagari", 'क'));
        assert!(covers("Noto Sans Devanagari", '्'));
        assert!(covers("Noto Sans Telugu", 'త'));
    }
}
