//! The vocabulary of validation: the rules a field can have, a form's table of them, and the
//! trait a request body declares its table with.
use serde::{Serialize, de::DeserializeOwned};
use ts_rs::TS;

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
    /// At least `min` characters: Unicode code points of the text as sent, as JSON Schema's
    /// `minLength` counts them.
    MinLength { min: u32, message: &'static str },
    /// At most `max` characters, counted as [`Rule::MinLength`] counts them (`maxLength`).
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
    /// An `https://` address with a host (no other scheme: a link visitors follow).
    HttpsUrl { message: &'static str },
    /// A telephone number as people write it: digits (Latin or Devanagari), spaces, `+`, `-`,
    /// `(` and `)`, with 6 to 15 digits.
    Phone { message: &'static str },
    /// The marked-up long text's links (`[text](target)`) lead only to `https:`, `mailto:`,
    /// `tel:` or a path of the site (`/…`).
    SafeLinks { message: &'static str },
    /// An image of the site content: a sample image of the client (`/images/….svg`) or one
    /// uploaded through the uploads core (`/uploads/<32 hex>.<ext>`); no `..`, no query.
    SiteImage { message: &'static str },
    /// Not a password anyone would guess first (`validation/common.rs`). Checked by the server
    /// only: the list stays out of the client.
    NotCommon { message: &'static str },
    /// A list of at most `max` entries (a path of a nested document's table).
    MaxItems { max: u32, message: &'static str },
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

