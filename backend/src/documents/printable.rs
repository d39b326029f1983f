//! Text as the bundled fonts can print it. A character none of them has would print as an
//! empty box: an emoji becomes its name in brackets ("🙏" → "[folded hands]"), and any other
//! such character the replacement character "�", so a reader sees that something was there.
use std::borrow::Cow;

use unicode_segmentation::UnicodeSegmentation;

use super::fonts::FONTS;

/// Characters that take no glyph of their own: controls, spaces, and the joiners and
/// selectors that only change how their neighbours are drawn.
fn drawn_by_neighbours(c: char) -> bool {
    c.is_control() || c.is_whitespace() || matches!(c, '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FE00}'..='\u{FE0F}')
}

fn covered(c: char) -> bool {
    drawn_by_neighbours(c) || FONTS.fonts.iter().any(|font| font.info().coverage.contains(c as u32))
}

/// `text` with every character the fonts lack replaced (borrowed when there is none).
pub fn printable(text: &str) -> Cow<'_, str> {
    if text.chars().all(covered) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for cluster in text.graphemes(true) {
        if cluster.chars().all(covered) {
            out.push_str(cluster);
        } else if let Some(emoji) = emojis::get(cluster).or_else(|| emojis::get(cluster.trim_end_matches('\u{FE0F}'))) {
            out.push('[');
            out.push_str(emoji.name());
            out.push(']');
        } else {
            out.push('\u{FFFD}');
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn what_the_fonts_print_is_kept_as_it_is() {
        for text in ["सुरेश Patil", "తెలుగు", "क्ष्म्य", "€ 1,000 — “quoted”", "line\nbreak\ttab"] {
            assert!(matches!(printable(text), std::borrow::Cow::Borrowed(_)), "{text}");
        }
    }

    #[test]
    fn an_emoji_becomes_its_name_and_another_unknown_character_the_replacement_mark() {
        assert_eq!(printable("Thanks 🙏 see you"), "Thanks [folded hands] see you");
        assert_eq!(printable("❤️ ok"), "[red heart] ok");
        assert_eq!(printable("👍🏽"), "[thumbs up: medium skin tone]");
        assert_eq!(printable("👨‍👩‍👧 family"), "[family: man, woman, girl] family");
        assert_eq!(printable("中"), "\u{FFFD}");
    }
}
