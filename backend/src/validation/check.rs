//! The interpreter of rule tables: a form's text is cleaned as its rules say, then each field is
//! checked against its rules; the first rule a field fails gives its message.
use std::sync::LazyLock;

use regex::Regex;
use serde_json::{Map, Value};

use super::{
    reading::{age_on, as_mobile, is_email, is_time, parse_date, text_of, today_in_india},
    rule::{FormRules, Rule},
    text::{clean_value, is_devanagari_digit, latin_digits},
};
use crate::error::FieldErrors;

// Constant patterns: they compile or the unit tests below fail.
/// Letters and marks of any script, spaces, and the zero-width joiners that some Devanagari
/// spellings need (क्‍ष).
static LETTERS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^[\p{L}\p{M}\s\u{200C}\u{200D}]+$").unwrap());
/// The letters of [`LETTERS`] and the punctuation of names, with at least one letter.
static PERSON_NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[\p{L}\p{M}\s\u{200C}\u{200D}.'’-]*\p{L}[\p{L}\p{M}\s\u{200C}\u{200D}.'’-]*$").unwrap()
});
static EMOJI: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\p{Extended_Pictographic}").unwrap());

/// The message of the first rule that a field fails, if any. `value` is its text once cleaned
/// (`clean_text`), which the rules read; `sent` is its text as sent, whose length the length
/// rules count in Unicode code points, as JSON Schema's `maxLength` does (hidden controls and
/// both characters of a `\r\n` count).
pub fn check(rules: &[Rule], sent: &str, value: &str, form: &Map<String, Value>) -> Option<&'static str> {
    let as_sent = value.trim();
    let sent_chars = sent.chars().count();
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
            Rule::MinLength { min, message } => (sent_chars < *min as usize).then_some(*message),
            Rule::MaxLength { max, message } => (sent_chars > *max as usize).then_some(*message),
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
            Rule::HttpsUrl { message } => (!is_https_url(trimmed)).then_some(*message),
            Rule::Phone { message } => (!is_phone(trimmed)).then_some(*message),
            Rule::SafeLinks { message } => (!links_are_safe(value)).then_some(*message),
            Rule::SiteImage { message } => (!is_site_image(trimmed)).then_some(*message),
            // Counted on the list itself (`site::rules`); a text has no entries.
            Rule::NotCommon { message } => super::common::is_common(value).then_some(*message),
            Rule::MaxItems { .. } | Rule::MultiLine => None,
        };
        if failed.is_some() {
            return failed;
        }
    }
    None
}

static HTTPS_URL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^https://[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:[0-9]{1,5})?([/?#][^\s<>\x22]*)?$").unwrap());
static SITE_IMAGE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(/images(/[A-Za-z0-9_-]+)+\.(svg|png|jpg|jpeg|webp)|/uploads/[0-9a-f]{32}\.(png|jpg|webp|gif))$").unwrap());
/// A link of the long texts' markup: `[text](target)`.
static LINK: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\[[^\]\n]*\]\(([^)\s]*)\)").unwrap());

pub fn is_https_url(value: &str) -> bool {
    HTTPS_URL.is_match(value)
}

pub fn is_phone(value: &str) -> bool {
    let digits = value.chars().filter(|c| c.is_ascii_digit() || is_devanagari_digit(*c)).count();
    let allowed = value.chars().all(|c| c.is_ascii_digit() || is_devanagari_digit(c) || matches!(c, ' ' | '+' | '-' | '(' | ')'));
    allowed && (6..=15).contains(&digits)
}

/// Every link of a marked-up text leads where [`Rule::SafeLinks`] allows.
pub fn links_are_safe(text: &str) -> bool {
    LINK.captures_iter(text).all(|link| {
        let target = &link[1];
        is_https_url(target)
            || (target.starts_with("mailto:") && is_email(&target[7..]))
            || (target.starts_with("tel:") && is_phone(&target[4..]))
            || (target.starts_with('/') && !target.starts_with("//") && !target.contains('\\'))
    })
}

pub fn is_site_image(value: &str) -> bool {
    SITE_IMAGE.is_match(value)
}

/// Cleans a JSON object's text ([`clean_form`]) and checks every field against a table; `prefix`
/// names nested objects (for example `familyMembers.0.`).
pub fn check_form(rules: FormRules, form: &mut Map<String, Value>, prefix: &str, errors: &mut FieldErrors) {
    let sent = form.clone();
    clean_form(rules, form);
    for (field, field_rules) in rules {
        if let Some(message) = check(field_rules, &text_of(sent.get(*field)), &text_of(form.get(*field)), form) {
            errors.insert(format!("{prefix}{field}"), message.to_owned());
        }
    }
}

/// Cleans every string in a JSON value (nested objects and lists too); only the fields that
/// `rules` marks `MultiLine` keep their line breaks. Fields read as numbers, dates or a mobile
/// number take Devanagari digits too (GLOSSARY): they are checked and stored in Latin digits.
/// A mobile number ("+91 98765-43210", "098765 43210") is stored as its bare ten digits.
fn clean_form(rules: FormRules, form: &mut Map<String, Value>) {
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

#[cfg(test)]
mod tests {
    use serde_json::{Map, Value};

    use crate::{
        error::FieldErrors,
        validation::{
            check::{check, check_form, clean_form},
            reading::today_in_india,
            rule::{FormRules, Rule},
        },
    };

    fn one(rule: Rule, value: &str) -> Option<&'static str> {
        check(&[rule], value, value, &Map::new())
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
        assert_eq!(check(&rules, "  ", "  ", &Map::new()), Some("r"));
        assert_eq!(check(&rules[1..], "", "", &Map::new()), None);
        assert_eq!(check(&rules, "a@b", "a@b", &Map::new()), Some("e"));
    }

    #[test]
    fn a_mobile_field_is_checked_and_stored_as_its_ten_digits() {
        const RULES: FormRules = &[
            ("phone", &[Rule::Required { message: "r" }, Rule::Mobile { message: "m" }]),
            ("login", &[Rule::EmailOrMobile { message: "em" }]),
        ];
        let mut form = serde_json::json!({"phone": " +91 ९८७६५-४३२१० ", "login": "०९८७६५४३२१०"});
        let Value::Object(map) = &mut form else { unreachable!() };
        let mut errors = FieldErrors::new();
        check_form(RULES, map, "", &mut errors);
        assert_eq!((map["phone"].as_str(), map["login"].as_str()), (Some("9876543210"), Some("9876543210")));
        assert!(errors.is_empty(), "{errors:?}");
        // The checks read Devanagari digits and the prefixes alike, before any cleaning too.
        assert_eq!(check(RULES[0].1, "०९८७६५४३२१०", "०९८७६५४३२१०", &Map::new()), None);
        assert_eq!(check(RULES[0].1, "987654321", "987654321", &Map::new()), Some("m"));
        // An e-mail address keeps its own characters, digits included.
        let mut form = serde_json::json!({"login": "सुरेश१@उदाहरण.भारत"});
        let Value::Object(map) = &mut form else { unreachable!() };
        clean_form(RULES, map);
        assert_eq!(map["login"], "सुरेश१@उदाहरण.भारत");
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
        assert_eq!(check(&after, "2030-01-05", "2030-01-05", &form), Some("a"));
        assert_eq!(check(&after, "2030-01-06", "2030-01-06", &form), None);
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
    fn a_minimum_age_counts_from_the_birthday() {
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

    #[test]
    fn lengths_count_the_text_as_sent() {
        const RULES: FormRules = &[("name", &[Rule::MaxLength { max: 3, message: "long" }, Rule::MinLength { min: 3, message: "short" }])];
        let errors = |value: &str| {
            let mut form = serde_json::json!({ "name": value });
            let Value::Object(map) = &mut form else { unreachable!() };
            let mut errors = FieldErrors::new();
            check_form(RULES, map, "", &mut errors);
            errors.get("name").cloned()
        };
        assert_eq!(errors("abc"), None);
        assert_eq!(errors("ab\u{1}c").as_deref(), Some("long"), "a hidden control counts");
        assert_eq!(errors("a\r\n"), None, "a line break sent as \\r\\n counts twice");
        assert_eq!(errors("a\u{1}").as_deref(), Some("short"));
    }
}
