//! Cleaning of typed text before any rule reads it: hidden controls removed, line breaks of
//! single-line fields turned into spaces, and Devanagari digits read as Latin ones (GLOSSARY).
use serde::Deserialize;
use serde_json::Value;

/// True for characters no typed value needs and that can hide or reorder text: NUL and the
/// other C0 controls (line breaks and tabs are handled apart), DEL, the C1 controls, and the
/// bidirectional embeddings, overrides and isolates. Joiners (ZWJ/ZWNJ, used in Devanagari)
/// are kept.
fn is_hidden_control(c: char) -> bool {
    matches!(c, '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` without hidden controls; in a single-line field, line breaks and tabs become spaces;
/// in a multi-line one, `\r\n` and `\r` become `\n`.
pub fn clean_text(text: &str, multi_line: bool) -> String {
    let text = text.replace("\r\n", "\n");
    text.chars()
        .filter(|c| !is_hidden_control(*c))
        .map(|c| match c {
            '\r' if multi_line => '\n',
            '\n' | '\t' if multi_line => c,
            '\r' | '\n' | '\t' => ' ',
            other => other,
        })
        .collect()
}

fn needs_cleaning(text: &str) -> bool {
    text.chars().any(|c| c.is_control() || is_hidden_control(c))
}

pub fn is_devanagari_digit(c: char) -> bool {
    ('\u{966}'..='\u{96f}').contains(&c)
}

/// `text` with Devanagari digits (०–९) written as Latin digits.
pub fn latin_digits(text: &str) -> String {
    text.chars()
        .map(|c| if is_devanagari_digit(c) { char::from_digit(c as u32 - 0x966, 10).unwrap_or(c) } else { c })
        .collect()
}

/// A query parameter holding a number or a date, that takes Devanagari digits too (GLOSSARY):
/// `#[serde(default, deserialize_with = "latin_query")]` on an `Option<T>` field. Its text is
/// read as `T` reads it once the digits are Latin; anything else is refused as before (400).
pub fn latin_query<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    let text = Option::<String>::deserialize(deserializer)?;
    text.map(|text| latin_digits(&text).parse().map_err(serde::de::Error::custom)).transpose()
}

/// [`latin_query`] for a parameter that must be present.
pub fn latin_query_required<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    let text = String::deserialize(deserializer)?;
    latin_digits(&text).parse().map_err(serde::de::Error::custom)
}

/// Cleans every string in a JSON value (nested objects and lists too).
pub fn clean_value(value: &mut Value, multi_line: bool) {
    match value {
        Value::String(text) if needs_cleaning(text) => *text = clean_text(text, multi_line),
        Value::Array(items) => items.iter_mut().for_each(|item| clean_value(item, false)),
        Value::Object(map) => map.values_mut().for_each(|item| clean_value(item, false)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;
    use serde::Deserialize;

    use crate::validation::text::{clean_text, latin_digits, latin_query, latin_query_required};

    #[test]
    fn hidden_controls_are_removed_and_single_line_fields_lose_their_line_breaks() {
        let rtl_override = "Suresh\u{202e}txt.exe\u{0}\u{85}";
        assert_eq!(clean_text(rtl_override, false), "Sureshtxt.exe");
        assert_eq!(clean_text("line one\r\nline two\tend", false), "line one line two end");
        assert_eq!(clean_text("line one\r\nline two\rthree\tend", true), "line one\nline two\nthree\tend");
        // The joiners that Devanagari conjuncts need survive.
        assert_eq!(clean_text("क्\u{200d}ष", false), "क्\u{200d}ष");
    }

    #[test]
    fn numbers_and_dates_in_a_query_take_devanagari_digits() {
        #[derive(Debug, Deserialize, PartialEq)]
        struct Query {
            #[serde(default, deserialize_with = "latin_query")]
            age: Option<u32>,
            #[serde(deserialize_with = "latin_query_required")]
            from: NaiveDate,
        }
        let read = |query: &str| {
            let uri: axum::http::Uri = format!("/?{query}").parse().unwrap();
            axum::extract::Query::<Query>::try_from_uri(&uri).map(|q| q.0).map_err(|err| err.to_string())
        };
        let from = NaiveDate::from_ymd_opt(2030, 1, 5).unwrap();
        assert_eq!(read("age=%E0%A5%A8%E0%A5%AB&from=2030-01-05"), Ok(Query { age: Some(25), from }));
        assert_eq!(read("from=%E0%A5%A8%E0%A5%A6%E0%A5%A9%E0%A5%A6-%E0%A5%A6%E0%A5%A7-%E0%A5%A6%E0%A5%AB"), Ok(Query { age: None, from }));
        assert!(read("age=x&from=2030-01-05").is_err());
        assert!(read("age=25").is_err(), "from is required");
    }

    #[test]
    fn devanagari_digits_become_latin() {
        assert_eq!(latin_digits("०१२३४५६७८९ x"), "0123456789 x");
    }
}
