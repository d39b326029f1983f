//! The family registration form (spec §5): the head's fields, each member's fields, and their
//! two rule tables. Every field is required; the father's and mother's name messages differ
//! between the head and a member, as the specification words them.
use chrono::NaiveDate;
use serde::{Deserialize, Deserializer};
use utoipa::ToSchema;

use crate::validation::{FormRules, Rule, Validate};

/// At most this many members in one registration (a household, not a village).
pub const MAX_MEMBERS: usize = 30;
pub const TOO_MANY_MEMBERS: &str = "At most 30 family members";

pub const SEXES: &[&str] = &["Male", "Female", "Other"];
pub const STATUSES: &[&str] = &["Married", "Unmarried", "Widowed", "Divorced", "Other"];

const LETTERS: Rule = Rule::Letters { message: "Only letters are allowed" };
const MAX_100: Rule = Rule::MaxLength { max: 100, message: "Maximum 100 characters allowed" };
const NO_EMOJI: Rule = Rule::NoEmoji { message: "Emojis are not allowed" };

/// A person's name: letters of any script, at most 100 characters.
macro_rules! name_rules {
    ($required:literal) => {
        &[Rule::Required { message: $required }, MAX_100, NO_EMOJI, LETTERS]
    };
}

/// A free text of at most 100 characters.
macro_rules! text_rules {
    ($required:literal) => {
        &[Rule::Required { message: $required }, MAX_100, NO_EMOJI]
    };
}

const SURNAME: &[Rule] = name_rules!("Surname is required");
const DOB: &[Rule] = &[
    Rule::Required { message: "Date of birth is required" },
    Rule::Date { message: "Invalid date" },
    Rule::NotFuture { message: "Date of birth cannot be in the future" },
];
const AGE: &[Rule] = &[
    Rule::Required { message: "Age is required" },
    NO_EMOJI,
    Rule::Digits { message: "Only numbers allowed" },
    Rule::MaxLength { max: 3, message: "Maximum 3 digits allowed" },
];
const SEX: &[Rule] = &[
    Rule::Required { message: "Sex is required" },
    Rule::OneOf { values: SEXES, message: "Sex is required" },
];
const EDUCATION: &[Rule] = text_rules!("Education is required");
const OCCUPATION: &[Rule] = text_rules!("Occupation is required");
const STATUS: &[Rule] = &[
    Rule::Required { message: "Status is required" },
    NO_EMOJI,
    Rule::OneOf { values: STATUSES, message: "Status is required" },
];
const WORK_ADDRESS: &[Rule] = &[
    Rule::Required { message: "Work address is required" },
    Rule::MaxLength { max: 200, message: "Maximum 200 characters allowed" },
    NO_EMOJI,
];
const WHATSAPP: &[Rule] = &[
    Rule::Required { message: "WhatsApp number is required" },
    NO_EMOJI,
    Rule::ExactDigits { length: 10, message: "Enter 10-digit number" },
];
const AREA: &[Rule] = text_rules!("Area is required");

/// Digits text, also accepted as a JSON number (read as its digits).
fn digits_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum NumberOrText {
        Number(u64),
        Text(String),
    }
    Ok(match NumberOrText::deserialize(deserializer)? {
        NumberOrText::Number(n) => n.to_string(),
        NumberOrText::Text(text) => text.trim().to_owned(),
    })
}

/// A date `YYYY-MM-DD`, read as the rules read it (surrounding spaces allowed).
fn date<'de, D: Deserializer<'de>>(deserializer: D) -> Result<NaiveDate, D::Error> {
    let text = String::deserialize(deserializer)?;
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").map_err(serde::de::Error::custom)
}

/// The head of a family.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeadInput {
    #[schema(example = "सुरेश")]
    pub first_name: String,
    #[schema(example = "रामचंद्र")]
    pub middle_name: String,
    #[schema(example = "पाटील")]
    pub last_name: String,
    #[schema(example = "पाटील")]
    pub surname: String,
    #[schema(example = "रामचंद्र")]
    pub father_name: String,
    #[schema(example = "सीता")]
    pub mother_name: String,
    #[serde(deserialize_with = "date")]
    #[schema(value_type = String, format = Date, example = "1970-05-14")]
    pub dob: NaiveDate,
    /// Digits text; a JSON number is read as its digits.
    #[serde(deserialize_with = "digits_text")]
    #[schema(example = "55")]
    pub age: String,
    #[schema(example = "Male")]
    pub sex: String,
    #[schema(example = "बी.कॉम.")]
    pub education: String,
    #[schema(example = "शेती")]
    pub occupation: String,
    #[schema(example = "Married")]
    pub status: String,
    #[schema(example = "सोलापूर")]
    pub work_address: String,
    #[schema(example = "9876543210")]
    pub whatsapp: String,
    #[schema(example = "सोलापूर")]
    pub area: String,
}

impl Validate for HeadInput {
    const FORM: &'static str = "familyHead";
    const RULES: FormRules = &[
        ("firstName", name_rules!("First name is required")),
        ("middleName", name_rules!("Middle name is required")),
        ("lastName", name_rules!("Last name is required")),
        ("surname", SURNAME),
        ("fatherName", name_rules!("Father name is required")),
        ("motherName", name_rules!("Mother name is required")),
        ("dob", DOB),
        ("age", AGE),
        ("sex", SEX),
        ("education", EDUCATION),
        ("occupation", OCCUPATION),
        ("status", STATUS),
        ("workAddress", WORK_ADDRESS),
        ("whatsapp", WHATSAPP),
        ("area", AREA),
    ];
}

/// One member of the household.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberInput {
    #[schema(example = "सुनीता")]
    pub name: String,
    #[schema(example = "सुरेश")]
    pub father_name: String,
    #[schema(example = "सुमन")]
    pub mother_name: String,
    #[schema(example = "पाटील")]
    pub surname: String,
    #[serde(deserialize_with = "date")]
    #[schema(value_type = String, format = Date, example = "1998-02-01")]
    pub dob: NaiveDate,
    /// Digits text; a JSON number is read as its digits.
    #[serde(deserialize_with = "digits_text")]
    #[schema(example = "28")]
    pub age: String,
    #[schema(example = "Female")]
    pub sex: String,
    pub education: String,
    pub occupation: String,
    #[schema(example = "Unmarried")]
    pub status: String,
    pub work_address: String,
    #[schema(example = "9876543211")]
    pub whatsapp: String,
    pub area: String,
    /// Relationship to the head.
    #[schema(example = "मुलगी")]
    pub relation: String,
}

impl Validate for MemberInput {
    const FORM: &'static str = "familyMember";
    const RULES: FormRules = &[
        ("name", name_rules!("Name is required")),
        ("fatherName", name_rules!("Father's name is required")),
        ("motherName", name_rules!("Mother's name is required")),
        ("surname", SURNAME),
        ("dob", DOB),
        ("age", AGE),
        ("sex", SEX),
        ("education", EDUCATION),
        ("occupation", OCCUPATION),
        ("status", STATUS),
        ("workAddress", WORK_ADDRESS),
        ("whatsapp", WHATSAPP),
        ("area", AREA),
        ("relation", text_rules!("Relation is required")),
    ];
}

/// A family registration: the head and the members of the household (possibly none).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FamilyRegistration {
    pub head: HeadInput,
    /// At most 30; may be empty or absent.
    #[serde(default)]
    #[schema(max_items = 30)]
    pub family_members: Vec<MemberInput>,
}
