//! Readings of a value that the rules and the handlers share: its text, an e-mail address, a
//! mobile number, a date or a time, and ages in the organisation's time zone.
use std::sync::LazyLock;

use chrono::NaiveDate;
use regex::Regex;
use serde_json::Value;

use super::text::latin_digits;

// Constant patterns: they compile or the unit tests fail.
static EMAIL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^[^\s@]+@[^\s@]+\.[^\s@]+$").unwrap());
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

/// A real calendar date written `YYYY-MM-DD`.
pub fn parse_date(value: &str) -> Option<NaiveDate> {
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

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use crate::validation::reading::{age_on, as_mobile};

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
    fn ages_count_whole_years_from_the_birthday() {
        let date = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        assert_eq!(age_on(date("2008-06-15"), date("2026-06-14")), 17);
        assert_eq!(age_on(date("2008-06-15"), date("2026-06-15")), 18);
        // Born on 29 February: a year older on 1 March of other years.
        assert_eq!(age_on(date("2008-02-29"), date("2026-02-28")), 17);
        assert_eq!(age_on(date("2008-02-29"), date("2026-03-01")), 18);
    }
}
