//! The profile form (multipart): its text fields with one rule table, and its files. Reading a
//! form judges everything, texts and file contents, before anything is stored.
use axum::{body::Bytes, extract::Multipart};
use chrono::NaiveDate;
use sea_orm::Set;
use serde::Deserialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::entity;
use crate::{
    error::{Error, FieldErrors, Result},
    matrimony::routes::{EMAIL_RULES, MOBILE_RULES, PROFILE_FOR_RULES},
    uploads::{self, BIODATA, CHOOSE_IMAGE, IMAGES, UNKNOWN_FIELD, detect},
    validation::{FormRules, HONEYPOT, Rule, Validate, parse_valid},
};

pub const GENDERS: &[&str] = &["Male", "Female", "Other"];
/// The youngest a person on the matchmaking board may be.
pub const MIN_AGE: u32 = 18;
pub const TOO_YOUNG: &str = "The person must be at least 18 years old.";

/// The photo's part name.
pub const PHOTO: &str = "profile_photo";
/// The biodata's part names: the specification's creation form says `biodata`, its edit form
/// `janmapatrika`; both are taken everywhere.
pub const BIODATA_PARTS: [&str; 2] = ["biodata", "janmapatrika"];
const FILE_PARTS: [&str; 3] = [PHOTO, BIODATA_PARTS[0], BIODATA_PARTS[1]];

const MAX_100: Rule = Rule::MaxLength { max: 100, message: "Maximum 100 characters allowed" };

/// A required free text of at most 100 characters.
macro_rules! text_rules {
    ($required:literal) => {
        &[Rule::Required { message: $required }, MAX_100]
    };
}

/// Every text field of the form, at creation and at an edit alike.
const RULES: FormRules = &[
    ("profile_for", PROFILE_FOR_RULES),
    ("name", &[
        Rule::Required { message: "Please enter the name." },
        MAX_100,
        Rule::PersonName { message: "Only letters are allowed" },
    ]),
    ("gender", &[
        Rule::Required { message: "Please select gender." },
        Rule::OneOf { values: GENDERS, message: "Please select gender." },
    ]),
    ("email", EMAIL_RULES),
    ("mobile", MOBILE_RULES),
    ("dob", &[
        Rule::Required { message: "Please enter the date of birth." },
        Rule::Date { message: "Invalid date" },
        Rule::NotFuture { message: "Date of birth cannot be in the future" },
        Rule::MinAge { years: MIN_AGE, message: TOO_YOUNG },
    ]),
    ("religion", text_rules!("Please enter the religion.")),
    ("caste", text_rules!("Please enter the caste.")),
    ("occupation", text_rules!("Please enter the occupation.")),
    ("education", text_rules!("Please enter the education.")),
    ("location", text_rules!("Please enter the location.")),
    ("height", &[
        Rule::Required { message: "Please enter the height." },
        Rule::MaxLength { max: 20, message: "Maximum 20 characters allowed" },
    ]),
    ("about", &[Rule::MultiLine, Rule::MaxLength { max: 1000, message: "Maximum 1000 characters allowed" }]),
];

/// The multipart body that creates a profile (public). A part of another name is refused.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ProfileFields {
    /// Who the profile is for.
    #[schema(example = "Son")]
    pub profile_for: String,
    /// Letters of any script, spaces, `.`, `'` and `-`.
    #[schema(example = "सुरेश पाटील")]
    pub name: String,
    #[schema(example = "Male")]
    pub gender: String,
    #[schema(example = "suresh@example.org")]
    pub email: String,
    /// Ten digits, a leading 0 or +91 allowed (stored as the ten digits); the client shows +91.
    #[schema(example = "9876543210")]
    pub mobile: String,
    /// `YYYY-MM-DD`; the person is at least 18 years old (in India's time zone).
    #[schema(example = "1998-04-12")]
    pub dob: String,
    pub religion: String,
    pub caste: String,
    pub occupation: String,
    pub education: String,
    pub location: String,
    /// Free text such as 5'6" or 168 cm.
    #[schema(example = "5'6\"")]
    pub height: String,
    #[serde(default)]
    pub about: String,
    /// The photo (JPEG, PNG, WebP or GIF), judged by its content.
    // Never read from the text parts: files come through `uploads::Parts`.
    #[serde(default)]
    #[schema(value_type = String, format = Binary, required = true)]
    pub profile_photo: Option<String>,
    /// Optional biodata (JPEG, PNG or PDF), judged by its content.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Binary)]
    pub biodata: Option<String>,
    /// The biodata under the edit form's name; either part name is taken.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Binary)]
    pub janmapatrika: Option<String>,
}

/// The multipart body of an edit (administrator): every text field as at creation, and a new
/// photo or biodata only when one replaces the stored one. A part of another name is refused.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ProfileUpdate {
    #[schema(example = "Son")]
    pub profile_for: String,
    pub name: String,
    pub gender: String,
    pub email: String,
    pub mobile: String,
    #[schema(example = "1998-04-12")]
    pub dob: String,
    pub religion: String,
    pub caste: String,
    pub occupation: String,
    pub education: String,
    pub location: String,
    pub height: String,
    #[serde(default)]
    pub about: String,
    /// A new photo (JPEG, PNG, WebP or GIF); the stored one is kept when none is sent.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Binary)]
    pub profile_photo: Option<String>,
    /// A new biodata (JPEG, PNG or PDF); the stored one is kept when none is sent.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Binary)]
    pub janmapatrika: Option<String>,
    /// The new biodata under the creation form's name.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Binary)]
    pub biodata: Option<String>,
}

impl Validate for ProfileFields {
    const FORM: &'static str = "matrimonyProfile";
    const RULES: FormRules = RULES;
}

/// The edit checks its texts with the creation form's table: the client has one table
/// (`matrimonyProfile`) for both forms, and the OpenAPI body of the edit carries the same rules.
impl Validate for ProfileUpdate {
    const FORM: &'static str = ProfileFields::FORM;
    const RULES: FormRules = ProfileFields::RULES;
}

/// The text fields, checked, cleaned and trimmed.
#[derive(Debug, Clone)]
pub struct ProfileInput {
    pub profile_for: String,
    pub name: String,
    pub gender: String,
    /// Trimmed and lower-case.
    pub email: String,
    pub mobile: String,
    pub dob: NaiveDate,
    pub religion: String,
    pub caste: String,
    pub occupation: String,
    pub education: String,
    pub location: String,
    pub height: String,
    pub about: String,
}

impl ProfileInput {
    fn new(fields: ProfileFields) -> Result<Self> {
        let dob = NaiveDate::parse_from_str(fields.dob.trim(), "%Y-%m-%d").map_err(|_| Error::field("dob", "Invalid date"))?;
        let trim = |text: String| text.trim().to_owned();
        Ok(Self {
            profile_for: trim(fields.profile_for),
            name: trim(fields.name),
            gender: trim(fields.gender),
            email: fields.email.trim().to_lowercase(),
            mobile: trim(fields.mobile),
            dob,
            religion: trim(fields.religion),
            caste: trim(fields.caste),
            occupation: trim(fields.occupation),
            education: trim(fields.education),
            location: trim(fields.location),
            height: trim(fields.height),
            about: trim(fields.about),
        })
    }

    /// Writes the text fields into a row.
    pub fn apply(self, row: &mut entity::ActiveModel) {
        row.profile_for = Set(self.profile_for);
        row.name = Set(self.name);
        row.gender = Set(self.gender);
        row.email = Set(self.email);
        row.mobile = Set(self.mobile);
        row.dob = Set(self.dob);
        row.religion = Set(self.religion);
        row.caste = Set(self.caste);
        row.occupation = Set(self.occupation);
        row.education = Set(self.education);
        row.location = Set(self.location);
        row.height = Set(self.height);
        row.about = Set(self.about);
    }
}

/// A profile form as sent: its checked texts and the files that came with it, each already
/// known to be of an accepted kind.
pub struct ProfileForm {
    pub input: ProfileInput,
    pub photo: Option<Bytes>,
    pub biodata: Option<Bytes>,
}

/// Reads and judges a profile form: 400 for a part the form does not have, 422 with every
/// invalid field at once (a missing photo among them when `photo_required`), then 415 for a photo that is not an image or a biodata that is
/// not a JPEG, PNG or PDF. Nothing is stored here.
pub async fn read_form(multipart: Multipart, photo_required: bool) -> Result<ProfileForm> {
    let parts = uploads::read_optional_parts(multipart, &FILE_PARTS).await?;
    let mut photo = None;
    let mut biodata = None;
    // A browser sends one of each; of repeated parts the first counts.
    for (name, bytes) in parts.files {
        if name == PHOTO {
            photo.get_or_insert(bytes);
        } else {
            biodata.get_or_insert(bytes);
        }
    }
    if parts.texts.keys().any(|name| name != HONEYPOT && !RULES.iter().any(|(field, _)| field == name)) {
        return Err(Error::BadRequest(UNKNOWN_FIELD.to_owned()));
    }
    let form: Map<String, Value> = parts.texts.into_iter().map(|(name, value)| (name, Value::String(value))).collect();
    let mut errors = FieldErrors::new();
    if photo_required && photo.is_none() {
        errors.insert(PHOTO.to_owned(), CHOOSE_IMAGE.to_owned());
    }
    let input = match parse_valid::<ProfileFields>(Value::Object(form)).and_then(ProfileInput::new) {
        Ok(input) if errors.is_empty() => input,
        Ok(_) => return Err(Error::Validation(errors)),
        Err(Error::Validation(fields)) => {
            errors.extend(fields);
            return Err(Error::Validation(errors));
        }
        Err(other) => return Err(other),
    };
    let is = |bytes: &Option<Bytes>, accept: &[uploads::FileKind]| {
        bytes.as_ref().is_none_or(|bytes| detect::detect(bytes).is_some_and(|kind| accept.contains(&kind)))
    };
    if !is(&photo, IMAGES) {
        return Err(Error::UnsupportedFile(uploads::refusal(IMAGES)));
    }
    if !is(&biodata, BIODATA) {
        return Err(Error::UnsupportedFile(uploads::refusal(BIODATA)));
    }
    Ok(ProfileForm { input, photo, biodata })
}
