//! Validation with one source of rules (DESIGN §4).
//!
//! Each request type declares its rule table once, keyed by JSON field names and carrying the
//! specification's messages. The server checks bodies with the interpreter below; the same tables
//! are written to `bindings/validationRules.ts` (`samiti bindings`), where the client's
//! interpreter applies them field by field as the visitor types.
use std::sync::LazyLock;

use axum::{
    extract::{FromRequest, Request},
    Json,
};
use chrono::NaiveDate;
use regex::Regex;
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use serde_json::{Map, Value};
use ts_rs::TS;

use crate::error::{Error, FieldErrors};

/// One check on one field. Every rule but `Required` is skipped when the field is empty.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(rename_all = "camelCase")]
pub enum Rule {
    /// The trimmed value must not be empty.
    Required { message: &'static str },
    /// Letters of any script with their combining marks, and spaces.
    Letters { message: &'static str },
    /// A person's name: at least one letter; letters of any script with their combining marks,
    /// spaces, and the `.`, `'`, `’` and `-` of initials and names such as D'Souza.
    PersonName { message: &'static str },
    /// ASCII digits only.
    Digits { message: &'static str },
    /// Exactly `length` ASCII digits.
    ExactDigits { length: u32, message: &'static str },
    Email { message: &'static str },
    /// At least `min` characters (Unicode code points).
    MinLength { min: u32, message: &'static str },
    /// At most `max` characters (Unicode code points).
    MaxLength { max: u32, message: &'static str },
    /// No pictographic emoji.
    NoEmoji { message: &'static str },
    /// A whole number of at least `min`.
    MinNumber { min: i32, message: &'static str },
    /// A real calendar date written `YYYY-MM-DD`.
    Date { message: &'static str },
    /// A time of day written `HH:MM` on a 24-hour clock.
    Time { message: &'static str },
    /// A date that is not before today in Asia/Kolkata.
    NotPast { message: &'static str },
    /// A date that is not after today in Asia/Kolkata (a date of birth).
    NotFuture { message: &'static str },
    /// A date of birth of someone at least `years` old today in Asia/Kolkata (the birthday
    /// counts from its day; someone born on 29 February has it on 1 March in other years).
    MinAge { years: u32, message: &'static str },
    /// A date strictly after the date in `field` (checked when both are valid dates).
    After { field: &'static str, message: &'static str },
    OneOf {
        #[ts(type = "Array<string>")]
        values: &'static [&'static str],
        message: &'static str,
    },
    /// An e-mail address, or a mobile number as [`Rule::Mobile`] takes it.
    EmailOrMobile { message: &'static str },
    /// A 10-digit mobile number; a leading 0 or +91, and spaces or `-` between the digits, are
    /// allowed. The server stores the bare ten digits.
    Mobile { message: &'static str },
    /// The field may hold line breaks and tabs (a message). Other text fields are single-line:
    /// line breaks and tabs in them become spaces. Never fails.
    MultiLine,
}

/// A form's rules: JSON field name to its rules, in display order.
pub type FormRules = &'static [(&'static str, &'static [Rule])];

/// A request body whose fields are checked against a rule table before it is deserialised.
pub trait Validate: DeserializeOwned {
    /// The name of the table in `bindings/validationRules.ts`.
    const FORM: &'static str;
    const RULES: FormRules;
}

// Constant patterns: they compile or the unit tests below fail.
/// Letters and marks of any script, spaces, and the zero-width joiners that some Devanagari
/// spellings need (क्‍ष).
static LETTERS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^[\p{L}\p{M}\s\u{200C}\u{200D}]+$").unwrap());
/// The letters of [`LETTERS`] and the punctuation of names, with at least one letter.
static PERSON_NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[\p{L}\p{M}\s\u{200C}\u{200D}.'’-]*\p{L}[\p{L}\p{M}\s\u{200C}\u{200D}.'’-]*$").unwrap()
});
static EMAIL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^[^\s@]+@[^\s@]+\.[^\s@]+$").unwrap());
static EMOJI: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\p{Extended_Pictographic}").unwrap());
/// Ten digits, after a trunk prefix 0 or the country code +91 if any.
static MOBILE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(\+91|0)?[0-9]{10}$").unwrap());

/// The text of a JSON value as the rules see it: numbers and booleans as their decimal text.
pub fn text_of(value: Option<&Value>) -> String {
    match value {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Bool(b)) => b.to_string(),
        Some(other) => other.to_string(),
    }
}

pub fn is_email(value: &str) -> bool {
    EMAIL.is_match(value)
}

/// The bare 10-digit mobile number, if `value` is one: spaces and '-' anywhere, a leading 0 or
/// +91, Latin or Devanagari digits ("+91 98765-43210", "०९८७६५४३२१०").
pub fn as_mobile(value: &str) -> Option<String> {
    let compact: String = latin_digits(value).chars().filter(|c| *c != ' ' && *c != '-').collect();
    MOBILE.is_match(&compact).then(|| compact[compact.len() - 10..].to_owned())
}

fn parse_date(value: &str) -> Option<NaiveDate> {
    if value.len() != 10 {
        return None;
    }
    NaiveDate::parse_from_str(value, "%Y-%m-%d").ok()
}

/// `HH:MM` on a 24-hour clock.
pub fn is_time(value: &str) -> bool {
    value.len() == 5 && chrono::NaiveTime::parse_from_str(value, "%H:%M").is_ok()
}

/// Today in the organisation's time zone, which decides what "in the past" means.
pub fn today_in_india() -> NaiveDate {
    chrono::Utc::now().with_timezone(&chrono_tz::Asia::Kolkata).date_naive()
}

/// Whole years from `dob` to `today` (0 before the first birthday; negative for a future date).
pub fn age_on(dob: NaiveDate, today: NaiveDate) -> i32 {
    use chrono::Datelike;
    let birthday_to_come = (today.month(), today.day()) < (dob.month(), dob.day());
    today.year() - dob.year() - i32::from(birthday_to_come)
}

/// The message of the first rule that `value` fails, if any.
pub fn check(rules: &[Rule], value: &str, form: &Map<String, Value>) -> Option<&'static str> {
    let as_sent = value.trim();
    // Rules that read digits read Devanagari digits as the Latin ones (GLOSSARY), as the
    // client's interpreter does; `clean_form` has already stored them so.
    let latin = latin_digits(as_sent);
    for rule in rules {
        let trimmed = if reads_digits(rule) { latin.as_str() } else { as_sent };
        let failed = match rule {
            Rule::Required { message } => trimmed.is_empty().then_some(*message),
            _ if trimmed.is_empty() => None,
            Rule::Letters { message } => (!LETTERS.is_match(value)).then_some(*message),
            Rule::PersonName { message } => (!PERSON_NAME.is_match(value)).then_some(*message),
            Rule::Digits { message } => {
                (!trimmed.chars().all(|c| c.is_ascii_digit())).then_some(*message)
            }
            Rule::ExactDigits { length, message } => {
                let ok = trimmed.len() == *length as usize && trimmed.chars().all(|c| c.is_ascii_digit());
                (!ok).then_some(*message)
            }
            Rule::Email { message } => (!is_email(trimmed)).then_some(*message),
            Rule::MinLength { min, message } => {
                (value.chars().count() < *min as usize).then_some(*message)
            }
            Rule::MaxLength { max, message } => {
                (value.chars().count() > *max as usize).then_some(*message)
            }
            Rule::NoEmoji { message } => EMOJI.is_match(value).then_some(*message),
            Rule::MinNumber { min, message } => match trimmed.parse::<i64>() {
                Ok(n) if n >= i64::from(*min) => None,
                _ => Some(*message),
            },
            Rule::Date { message } => parse_date(trimmed).is_none().then_some(*message),
            Rule::Time { message } => (!is_time(trimmed)).then_some(*message),
            Rule::NotPast { message } => match parse_date(trimmed) {
                Some(date) if date < today_in_india() => Some(*message),
                _ => None,
            },
            Rule::NotFuture { message } => match parse_date(trimmed) {
                Some(date) if date > today_in_india() => Some(*message),
                _ => None,
            },
            Rule::MinAge { years, message } => match parse_date(trimmed) {
                Some(dob) if age_on(dob, today_in_india()) < i32::try_from(*years).unwrap_or(i32::MAX) => Some(*message),
                _ => None,
            },
            Rule::After { field, message } => {
                let other = latin_digits(&text_of(form.get(*field)));
                match (parse_date(trimmed), parse_date(other.trim())) {
                    (Some(date), Some(other)) if date <= other => Some(*message),
                    _ => None,
                }
            }
            Rule::OneOf { values, message } => (!values.contains(&trimmed)).then_some(*message),
            Rule::EmailOrMobile { message } => {
                (!is_email(trimmed) && as_mobile(trimmed).is_none()).then_some(*message)
            }
            Rule::Mobile { message } => as_mobile(trimmed).is_none().then_some(*message),
            Rule::MultiLine => None,
        };
        if failed.is_some() {
            return failed;
        }
    }
    None
}

/// Checks every field of a JSON object against a table; `prefix` names nested objects
/// (for example `familyMembers.0.`).
pub fn check_form(rules: FormRules, form: &Map<String, Value>, prefix: &str, errors: &mut FieldErrors) {
    for (field, field_rules) in rules {
        if let Some(message) = check(field_rules, &text_of(form.get(*field)), form) {
            errors.insert(format!("{prefix}{field}"), message.to_owned());
        }
    }
}

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

/// Cleans every string in a JSON value (nested objects and lists too); only the fields that
/// `rules` marks `MultiLine` keep their line breaks. Fields read as numbers, dates or a mobile
/// number take Devanagari digits too (GLOSSARY): they are checked and stored in Latin digits.
/// A mobile number ("+91 98765-43210", "098765 43210") is stored as its bare ten digits.
pub fn clean_form(rules: FormRules, form: &mut Map<String, Value>) {
    for (field, value) in form.iter_mut() {
        let field_rules = rules.iter().find(|(name, _)| name == field).map(|(_, rules)| *rules).unwrap_or(&[]);
        let multi_line = field_rules.iter().any(|rule| matches!(rule, Rule::MultiLine));
        clean_value(value, multi_line);
        let Value::String(text) = value else { continue };
        if field_rules.iter().any(reads_digits) && text.chars().any(is_devanagari_digit) {
            *text = latin_digits(text);
        }
        let takes_mobile = field_rules.iter().any(|rule| matches!(rule, Rule::Mobile { .. } | Rule::EmailOrMobile { .. }));
        if takes_mobile && let Some(mobile) = as_mobile(text.trim()) {
            *text = mobile;
        }
    }
}

/// Rules that read the value's digits. (`EmailOrMobile` reads them only when the value is a
/// mobile number: an e-mail address keeps its own characters.)
fn reads_digits(rule: &Rule) -> bool {
    matches!(
        rule,
        Rule::Digits { .. }
            | Rule::ExactDigits { .. }
            | Rule::MinNumber { .. }
            | Rule::Date { .. }
            | Rule::Time { .. }
            | Rule::NotPast { .. }
            | Rule::NotFuture { .. }
            | Rule::MinAge { .. }
            | Rule::After { .. }
            | Rule::Mobile { .. }
    )
}

fn is_devanagari_digit(c: char) -> bool {
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

fn clean_value(value: &mut Value, multi_line: bool) {
    match value {
        Value::String(text) if needs_cleaning(text) => *text = clean_text(text, multi_line),
        Value::Array(items) => items.iter_mut().for_each(|item| clean_value(item, false)),
        Value::Object(map) => map.values_mut().for_each(|item| clean_value(item, false)),
        _ => {}
    }
}

/// Parses a JSON body, cleans hidden control characters out of its text, checks it against
/// `T::RULES`, then deserialises it; a wrongly typed field that passed the rules is reported
/// under its own name.
pub fn parse_valid<T: Validate>(mut value: Value) -> Result<T, Error> {
    let Value::Object(form) = &mut value else {
        return Err(Error::MalformedBody);
    };
    clean_form(T::RULES, form);
    let form = &*form;
    let mut errors = FieldErrors::new();
    check_form(T::RULES, form, "", &mut errors);
    if !errors.is_empty() {
        return Err(Error::Validation(errors));
    }
    serde_path_to_error::deserialize(value).map_err(|err| {
        let path = err.path().to_string();
        if path.is_empty() || path == "." {
            Error::MalformedBody
        } else {
            Error::field(&path, "Invalid value")
        }
    })
}

/// Extractor for a JSON body that passes its rule table.
pub struct Valid<T>(pub T);

impl<S: Send + Sync, T: Validate> FromRequest<S> for Valid<T> {
    type Rejection = Error;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let Json(value) = Json::<Value>::from_request(req, state).await?;
        parse_valid(value).map(Valid)
    }
}

/// A JSON body that is checked later, for handlers that must decide something (such as
/// access) before validating it.
pub struct RawJson(pub Value);

impl<S: Send + Sync> FromRequest<S> for RawJson {
    type Rejection = Error;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let Json(value) = Json::<Value>::from_request(req, state).await?;
        Ok(RawJson(value))
    }
}

/// Writes every rule table as `bindings/validationRules.ts`.
pub fn rules_module(forms: &[(&str, FormRules)]) -> String {
    let mut out = String::from(
        "// Generated by `samiti bindings` from the server's rule tables. Do not edit.\n\
         import type { Rule } from \"./Rule\";\n\n\
         export type FormRules = Record<string, Array<Rule>>;\n\n\
         export const validationRules = {\n",
    );
    for (form, rules) in forms {
        out.push_str(&format!("  {form}: {{\n"));
        for (field, field_rules) in *rules {
            let json = serde_json::to_string(field_rules).unwrap_or_default();
            out.push_str(&format!("    {field}: {json},\n"));
        }
        out.push_str("  },\n");
    }
    out.push_str("} satisfies Record<string, FormRules>;\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(rule: Rule, value: &str) -> Option<&'static str> {
        check(&[rule], value, &Map::new())
    }

    #[test]
    fn letters_accept_marathi_names_and_refuse_digits() {
        assert_eq!(one(Rule::Letters { message: "x" }, "सुरेश क्षीरसागर"), None);
        assert_eq!(one(Rule::Letters { message: "x" }, "Suresh Patil"), None);
        assert_eq!(one(Rule::Letters { message: "x" }, "Suresh2"), Some("x"));
        assert_eq!(one(Rule::Letters { message: "x" }, "क्\u{200d}षमा"), None);
    }

    #[test]
    fn emoji_is_refused_but_digits_and_hash_are_not() {
        assert_eq!(one(Rule::NoEmoji { message: "e" }, "Hello 😀"), Some("e"));
        assert_eq!(one(Rule::NoEmoji { message: "e" }, "Flat #12"), None);
    }

    #[test]
    fn rules_other_than_required_skip_empty_values() {
        let rules = [Rule::Required { message: "r" }, Rule::Email { message: "e" }];
        assert_eq!(check(&rules, "  ", &Map::new()), Some("r"));
        assert_eq!(check(&rules[1..], "", &Map::new()), None);
        assert_eq!(check(&rules, "a@b", &Map::new()), Some("e"));
    }

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
    fn every_text_field_of_every_form_has_a_maximum_length() {
        for (form, rules) in crate::bindings::forms() {
            for (field, field_rules) in rules {
                let bounded = field_rules.iter().any(|rule| {
                    matches!(rule, Rule::MaxLength { .. } | Rule::ExactDigits { .. } | Rule::Mobile { .. } | Rule::OneOf { .. } | Rule::Date { .. } | Rule::Time { .. } | Rule::MinNumber { .. })
                });
                assert!(bounded, "{form}.{field} has no maximum length");
            }
        }
    }

    #[test]
    fn mobile_numbers_are_normalised() {
        for written in ["9876543210", "+91 98765-43210", "+919876543210", "09876543210", "0 98765 43210", "०९८७६५ ४३२१०", "+९१ ९८७६५४३२१०"] {
            assert_eq!(as_mobile(written).as_deref(), Some("9876543210"), "{written}");
        }
        for not_mobile in ["98765432", "+91 0 98765 43210", "009876543210", "91 98765 43210", "+92 98765 43210", "9876543210x", ""] {
            assert_eq!(as_mobile(not_mobile), None, "{not_mobile}");
        }
    }

    #[test]
    fn a_mobile_field_is_checked_and_stored_as_its_ten_digits() {
        const RULES: FormRules = &[
            ("phone", &[Rule::Required { message: "r" }, Rule::Mobile { message: "m" }]),
            ("login", &[Rule::EmailOrMobile { message: "em" }]),
        ];
        let mut form = serde_json::json!({"phone": " +91 ९८७६५-४३२१० ", "login": "०९८७६५४३२१०"});
        let Value::Object(map) = &mut form else { unreachable!() };
        clean_form(RULES, map);
        assert_eq!((map["phone"].as_str(), map["login"].as_str()), (Some("9876543210"), Some("9876543210")));
        let mut errors = FieldErrors::new();
        check_form(RULES, map, "", &mut errors);
        assert!(errors.is_empty(), "{errors:?}");
        // The checks read Devanagari digits and the prefixes alike, before any cleaning too.
        assert_eq!(check(RULES[0].1, "०९८७६५४३२१०", &Map::new()), None);
        assert_eq!(check(RULES[0].1, "987654321", &Map::new()), Some("m"));
        // An e-mail address keeps its own characters, digits included.
        let mut form = serde_json::json!({"login": "सुरेश१@उदाहरण.भारत"});
        let Value::Object(map) = &mut form else { unreachable!() };
        clean_form(RULES, map);
        assert_eq!(map["login"], "सुरेश१@उदाहरण.भारत");
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
    fn dates_in_the_past_and_ordering() {
        let past = one(Rule::NotPast { message: "p" }, "2000-01-01");
        assert_eq!(past, Some("p"));
        assert_eq!(one(Rule::NotPast { message: "p" }, &today_in_india().to_string()), None);
        assert_eq!(one(Rule::Date { message: "d" }, "2025-02-30"), Some("d"));
        for (time, ok) in [("07:30", true), ("23:59", true), ("०७:३०", true), ("7:30", false), ("24:00", false), ("07:30:00", false), ("07.30", false)] {
            assert_eq!(one(Rule::Time { message: "t" }, time).is_none(), ok, "{time}");
        }
        let form: Map<String, Value> =
            serde_json::from_str(r#"{"checkIn":"2030-01-05"}"#).unwrap();
        let after = [Rule::After { field: "checkIn", message: "a" }];
        assert_eq!(check(&after, "2030-01-05", &form), Some("a"));
        assert_eq!(check(&after, "2030-01-06", &form), None);
    }

    #[test]
    fn devanagari_digits_are_read_as_latin_where_a_rule_reads_digits() {
        const RULES: FormRules = &[
            ("phone", &[Rule::ExactDigits { length: 10, message: "Enter 10-digit number" }]),
            ("dob", &[Rule::Date { message: "Invalid date" }]),
            ("name", &[Rule::Letters { message: "Only letters are allowed" }]),
            ("message", &[Rule::MultiLine]),
        ];
        let mut form = serde_json::json!({
            "phone": "९८७६५४३२१०", "dob": "१९८०-०१-३१", "name": "सुरेश", "message": "सकाळी १० वाजता"
        });
        let Value::Object(map) = &mut form else { unreachable!() };
        clean_form(RULES, map);
        assert_eq!(map["phone"], "9876543210");
        assert_eq!(map["dob"], "1980-01-31");
        // Running Marathi text keeps its own digits.
        assert_eq!(map["message"], "सकाळी १० वाजता");
        assert_eq!(latin_digits("०१२३४५६७८९ x"), "0123456789 x");
    }

    #[test]
    fn person_names_take_initials_and_apostrophes_but_need_a_letter() {
        let rule = || Rule::PersonName { message: "n" };
        for good in ["सुरेश क्षीरसागर", "D'Souza", "A. R. Rahman", "Anne-Marie", "O’Brien", "क्\u{200d}षमा"] {
            assert_eq!(one(rule(), good), None, "{good}");
        }
        for bad in ["Suresh2", "-", ". '", "Ram 😀", "a_b", "सुरेश१"] {
            assert_eq!(one(rule(), bad), Some("n"), "{bad}");
        }
    }

    #[test]
    fn ages_count_whole_years_from_the_birthday() {
        let date = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        assert_eq!(age_on(date("2008-06-15"), date("2026-06-14")), 17);
        assert_eq!(age_on(date("2008-06-15"), date("2026-06-15")), 18);
        // Born on 29 February: a year older on 1 March of other years.
        assert_eq!(age_on(date("2008-02-29"), date("2026-02-28")), 17);
        assert_eq!(age_on(date("2008-02-29"), date("2026-03-01")), 18);
        let today = today_in_india();
        let rule = || Rule::MinAge { years: 18, message: "a" };
        let eighteen = today.checked_sub_months(chrono::Months::new(18 * 12)).unwrap();
        assert_eq!(one(rule(), &eighteen.to_string()), None);
        assert_eq!(one(rule(), &(eighteen + chrono::Days::new(1)).to_string()), Some("a"));
        assert_eq!(one(rule(), "not a date"), None, "left to the date rule");
    }

    #[test]
    fn dates_in_the_future() {
        let today = today_in_india();
        let rule = || Rule::NotFuture { message: "f" };
        assert_eq!(one(rule(), &today.to_string()), None);
        assert_eq!(one(rule(), "1950-06-01"), None);
        assert_eq!(one(rule(), &(today + chrono::Days::new(1)).to_string()), Some("f"));
        // Not a date: left to the date rule.
        assert_eq!(one(rule(), "soon"), None);
    }
}
