//! The family registration form (docs/SPECIFICATION.md §5): the head's fields, each member's fields, and their
//! two rule tables. Every field is required; the father's and mother's name messages differ
//! between the head and a member, as the specification words them.
use chrono::NaiveDate;
use sea_orm::Set;
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::entity::{head, member};
use crate::{
    error::{Error, FieldErrors, Result},
    validation::{FormRules, Rule, Validate, check_form, take_honeypot},
};

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
    Rule::Mobile { message: "Enter 10-digit number" },
];
const AREA: &[Rule] = text_rules!("Area is required");

/// A rule table: the fields given first (the names, which the head's and a member's forms word
/// differently), then those every person of the registry has alike, then the fields given last.
macro_rules! person_rules {
    ($($first:expr),* ; $($last:expr),*) => {
        &[
            $($first,)*
            ("dob", DOB),
            ("age", AGE),
            ("sex", SEX),
            ("education", EDUCATION),
            ("occupation", OCCUPATION),
            ("status", STATUS),
            ("workAddress", WORK_ADDRESS),
            ("whatsapp", WHATSAPP),
            ("area", AREA),
            $($last,)*
        ]
    };
}

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

/// The schema of `age`: digits text, or a whole number (what [`digits_text`] reads).
fn age_schema() -> utoipa::openapi::Object {
    use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
    ObjectBuilder::new()
        .schema_type(SchemaType::Array(vec![Type::String, Type::Integer]))
        .minimum(Some(0))
        .maximum(Some(999))
        .examples(["55"])
        .build()
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
    #[schema(schema_with = age_schema)]
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
    const RULES: FormRules = person_rules![
        ("firstName", name_rules!("First name is required")),
        ("middleName", name_rules!("Middle name is required")),
        ("lastName", name_rules!("Last name is required")),
        ("surname", SURNAME),
        ("fatherName", name_rules!("Father name is required")),
        ("motherName", name_rules!("Mother name is required"));
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
    #[schema(schema_with = age_schema)]
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
    const RULES: FormRules = person_rules![
        ("name", name_rules!("Name is required")),
        ("fatherName", name_rules!("Father's name is required")),
        ("motherName", name_rules!("Mother's name is required")),
        ("surname", SURNAME);
        ("relation", text_rules!("Relation is required"))
    ];
}

/// A family registration: the head and the members of the household (possibly none).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FamilyRegistration {
    pub head: HeadInput,
    /// At most 30; may be empty, null or absent.
    #[serde(default)]
    #[schema(max_items = 30, nullable)]
    pub family_members: Vec<MemberInput>,
}

impl FamilyRegistration {
    /// Reads a registration: hidden controls cleaned out of every text, the head checked under
    /// `head.` and each member under `familyMembers.N.` (its position in the array sent), all
    /// messages together in one 422. A body that is not an object, a `head` that is not an
    /// object, or `familyMembers` that is not an array of objects is malformed (400); a missing
    /// `head` is reported field by field.
    pub fn parse(mut body: Value) -> Result<Self> {
        let Value::Object(form) = &mut body else { return Err(Error::MalformedBody) };
        take_honeypot(form)?;
        let head = form.entry("head").or_insert(Value::Null);
        if head.is_null() {
            *head = Value::Object(Map::new());
        }
        let Value::Object(head) = head else { return Err(Error::MalformedBody) };
        let mut errors = FieldErrors::new();
        check_form(HeadInput::RULES, head, "head.", &mut errors);

        let members = form.entry("familyMembers").or_insert(Value::Null);
        if members.is_null() {
            *members = Value::Array(Vec::new());
        }
        let Value::Array(members) = members else { return Err(Error::MalformedBody) };
        if members.len() > MAX_MEMBERS {
            errors.insert("familyMembers".into(), TOO_MANY_MEMBERS.into());
            return Err(Error::Validation(errors));
        }
        for (index, member) in members.iter_mut().enumerate() {
            let Value::Object(member) = member else { return Err(Error::MalformedBody) };
            check_form(MemberInput::RULES, member, &format!("familyMembers.{index}."), &mut errors);
        }
        if !errors.is_empty() {
            return Err(Error::Validation(errors));
        }
        // A wrongly typed value that passed the rules (a number where text is expected) is
        // reported under its own path.
        serde_path_to_error::deserialize(body).map_err(|err| {
            let path: Vec<String> = err
                .path()
                .iter()
                .map(|segment| match segment {
                    serde_path_to_error::Segment::Seq { index } => index.to_string(),
                    serde_path_to_error::Segment::Map { key } => key.clone(),
                    serde_path_to_error::Segment::Enum { variant } => variant.clone(),
                    serde_path_to_error::Segment::Unknown => "?".into(),
                })
                .collect();
            if path.is_empty() { Error::MalformedBody } else { Error::field(&path.join("."), "Invalid value") }
        })
    }
}

/// Stored text: trimmed, as the rules read it.
fn kept(text: &str) -> String {
    text.trim().to_owned()
}

/// Sets each named text field of a row to the form's value of the same name, [`kept`].
macro_rules! set_kept {
    ($row:ident from $form:ident: $($field:ident),* $(,)?) => {
        $( $row.$field = Set(kept(&$form.$field)); )*
    };
}

/// What two heads share when they are possibly the same person: the first name and the
/// surname, trimmed, their inner spaces collapsed, lower-cased (the date of birth is compared
/// beside it).
pub fn name_key(first_name: &str, surname: &str) -> String {
    let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
    format!("{}|{}", words(first_name), words(surname))
}

impl HeadInput {
    /// Writes the form's values into a row (new or existing).
    pub fn apply(&self, row: &mut head::ActiveModel) {
        set_kept!(row from self: first_name, middle_name, last_name, surname, father_name, mother_name, age, sex,
            education, occupation, status, work_address, whatsapp, area);
        row.dob = Set(self.dob);
        row.name_key = Set(name_key(&self.first_name, &self.surname));
    }
}

impl MemberInput {
    /// Writes the form's values into a row (new or existing).
    pub fn apply(&self, row: &mut member::ActiveModel) {
        set_kept!(row from self: name, father_name, mother_name, surname, age, sex, education, occupation, status,
            work_address, whatsapp, area, relation);
        row.dob = Set(self.dob);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn head() -> Value {
        json!({
            "firstName": "सुरेश", "middleName": "रामचंद्र", "lastName": "पाटील", "surname": "पाटील",
            "fatherName": "रामचंद्र", "motherName": "सीता", "dob": "1970-05-14", "age": 55, "sex": "Male",
            "education": "बी.कॉम.", "occupation": "शेती", "status": "Married", "workAddress": "सोलापूर",
            "whatsapp": "9876543210", "area": "सोलापूर"
        })
    }

    #[test]
    fn age_sent_as_a_number_is_read_as_its_digits_and_members_may_be_absent() {
        let parsed = FamilyRegistration::parse(json!({"head": head()})).map_err(|e| e.to_string());
        let parsed = parsed.as_ref().map(|p| (p.head.age.as_str(), p.family_members.len()));
        assert_eq!(parsed, Ok(("55", 0)));
    }

    #[test]
    fn a_number_where_text_is_expected_is_reported_under_its_path() {
        let mut member = head();
        member["whatsapp"] = json!(9876543210_u64);
        let err = FamilyRegistration::parse(json!({"head": member}));
        let Err(Error::Validation(fields)) = err else { panic!("expected a validation error") };
        assert_eq!(fields.get("head.whatsapp").map(String::as_str), Some("Invalid value"));
    }

    #[test]
    fn names_are_compared_without_case_or_extra_spaces() {
        assert_eq!(name_key(" Suresh  ", "PATIL"), name_key("suresh", " patil"));
        assert_ne!(name_key("Suresh", "Patil"), name_key("Sures", "hPatil"));
    }
}
