//! Fitting text to Excel: its limits on a cell's text and a sheet's name, and column widths
//! measured in printed characters (combining marks of Indic scripts take no room).
use crate::documents::table::{Cell, Table};

/// Excel's limit on the length of a cell's text (UTF-16 code units).
pub(super) const MAX_CELL_TEXT: usize = 32_767;
/// Excel's limit on a sheet name (UTF-16 code units).
const MAX_SHEET_NAME: usize = 31;
/// Column widths (in Excel character units) stay within these bounds.
const MIN_WIDTH: f64 = 8.0;
const MAX_WIDTH: f64 = 60.0;

/// Cuts text to Excel's cell limit (without splitting a character).
pub(super) fn excel_text(text: &str) -> &str {
    let mut units = 0;
    for (index, c) in text.char_indices() {
        units += c.len_utf16();
        if units > MAX_CELL_TEXT {
            return &text[..index];
        }
    }
    text
}

/// A valid sheet name from a title: no `[ ] : * ? / \`, no leading or
/// trailing apostrophe, at most 31 UTF-16 units, not blank, not "History"
/// (reserved by Excel).
pub(crate) fn sheet_name(title: &str) -> String {
    let cleaned: String = title
        .chars()
        .map(|c| {
            if matches!(c, '[' | ']' | ':' | '*' | '?' | '/' | '\\') || c.is_control() {
                ' '
            } else {
                c
            }
        })
        .collect();
    let mut name = String::new();
    let mut units = 0;
    for c in cleaned
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
    {
        units += c.len_utf16();
        if units > MAX_SHEET_NAME {
            break;
        }
        name.push(c);
    }
    let name = name.trim().trim_matches('\'').trim();
    if name.is_empty() {
        "Sheet1".to_owned()
    } else if name.eq_ignore_ascii_case("history") {
        "History list".to_owned()
    } else {
        name.to_owned()
    }
}

/// Column widths in Excel character units, from the longest header or cell
/// text (the header gets room for the bold font and the filter button).
pub(super) fn column_widths(table: &Table) -> Vec<f64> {
    table
        .columns
        .iter()
        .enumerate()
        .map(|(index, column)| {
            let header = display_width(&column.header) * 1.1 + 3.0;
            let content = table
                .rows
                .iter()
                .filter_map(|row| row.get(index))
                .map(|cell| match cell {
                    Cell::Text(text) => display_width(text),
                    Cell::Integer(n) => n.to_string().len() as f64,
                    Cell::Date(_) => 10.0,
                    Cell::DateTime(_) => 16.0,
                    Cell::Empty => 0.0,
                })
                .fold(0.0, f64::max)
                + 2.0;
            header.max(content).clamp(MIN_WIDTH, MAX_WIDTH)
        })
        .collect()
}

/// Approximate printed width of text, in characters: the longest line, not
/// counting combining marks (Indic vowel signs, viramas, …) that sit on
/// their base letter.
fn display_width(text: &str) -> f64 {
    text.lines()
        .map(|line| line.chars().filter(|&c| !is_combining(c)).count())
        .max()
        .unwrap_or(0) as f64
}

fn is_combining(c: char) -> bool {
    matches!(c as u32,
        0x0300..=0x036F            // Latin combining diacritics
        | 0x0900..=0x0903 | 0x093A..=0x094F | 0x0951..=0x0957 | 0x0962..=0x0963 // Devanagari signs
        | 0x0C00..=0x0C04 | 0x0C3C..=0x0C56 | 0x0C62..=0x0C63 // Telugu signs
        | 0x200B..=0x200D          // zero-width space / joiners
    )
}
