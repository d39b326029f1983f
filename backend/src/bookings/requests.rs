//! The four booking forms, each with its rule table (spec §5), and what each stores.
use chrono::NaiveDate;
use serde::{Deserialize, Deserializer};
use utoipa::ToSchema;

use super::kinds::RoomType;
use crate::validation::{FormRules, Rule, Validate};

const FULL_NAME: &[Rule] = &[
    Rule::Required { message: "Full name is required" },
    Rule::MaxLength { max: 100, message: "Maximum 100 characters allowed" },
    Rule::NoEmoji { message: "Emojis are not allowed" },
    Rule::Letters { message: "Name can only contain letters and spaces" },
];
const EMAIL: &[Rule] = &[
    Rule::Required { message: "Email is required" },
    Rule::Email { message: "Invalid email format" },
    Rule::MaxLength { max: 254, message: "Maximum 254 characters allowed" },
];
const PHONE: &[Rule] = &[
    Rule::Required { message: "Phone number is required" },
    Rule::Mobile { message: "Phone must be 10 digits" },
];
const SPECIAL_REQUESTS: &[Rule] = &[
    Rule::MaxLength { max: 500, message: "Maximum 500 characters allowed" },
    Rule::MultiLine,
];
const PUJA_DATE: &[Rule] = &[
    Rule::Required { message: "Puja date is required" },
    Rule::Date { message: "Invalid date" },
    Rule::NotPast { message: "Puja date cannot be in the past" },
];
const PUJA_TIME: &[Rule] = &[
    Rule::Required { message: "Puja time is required" },
    Rule::MaxLength { max: 5, message: "Invalid time" },
    Rule::Time { message: "Invalid time" },
];
const PARTICIPANTS: &[Rule] = &[
    Rule::Required { message: "Number of participants is required" },
    Rule::MinNumber { min: 1, message: "At least 1 participant" },
];

/// The Markandeya abhishek's puja types; the first is the default.
pub const MARKANDEYA_PUJA_TYPES: &[&str] = &["Rudrabhishek", "Laghu Rudra", "Maha Rudra", "Ekadash Rudra"];

/// A whole number sent as a JSON number or as a numeric string.
fn number<'de, D: Deserializer<'de>>(deserializer: D) -> Result<i32, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum NumberOrText {
        Number(i32),
        Text(String),
    }
    match NumberOrText::deserialize(deserializer)? {
        NumberOrText::Number(n) => Ok(n),
        NumberOrText::Text(text) => text.trim().parse().map_err(serde::de::Error::custom),
    }
}

/// The room booking form.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoomBookingInput {
    #[schema(example = "सुरेश पाटील")]
    pub full_name: String,
    #[schema(example = "suresh@example.org")]
    pub email: String,
    #[schema(example = "9876543210")]
    pub phone: String,
    #[schema(value_type = String, format = Date)]
    pub check_in: NaiveDate,
    #[schema(value_type = String, format = Date)]
    pub check_out: NaiveDate,
    /// A number, or a numeric string.
    #[serde(deserialize_with = "number")]
    pub guests: i32,
    #[schema(value_type = String, example = "standard")]
    pub room_type: RoomType,
    #[serde(default)]
    pub special_requests: Option<String>,
}

impl Validate for RoomBookingInput {
    const FORM: &'static str = "roomBooking";
    const RULES: FormRules = &[
        ("fullName", FULL_NAME),
        ("email", EMAIL),
        ("phone", PHONE),
        ("checkIn", &[
            Rule::Required { message: "Check-in date is required" },
            Rule::Date { message: "Invalid date" },
            Rule::NotPast { message: "Check-in date cannot be in the past" },
        ]),
        ("checkOut", &[
            Rule::Required { message: "Check-out date is required" },
            Rule::Date { message: "Invalid date" },
            Rule::After { field: "checkIn", message: "Check-out must be after check-in" },
        ]),
        ("guests", &[
            Rule::Required { message: "Number of guests is required" },
            Rule::MinNumber { min: 1, message: "At least 1 guest" },
        ]),
        ("roomType", &[
            Rule::Required { message: "Room type is required" },
            Rule::OneOf { values: &["standard", "deluxe", "suite"], message: "Room type is required" },
        ]),
        ("specialRequests", SPECIAL_REQUESTS),
    ];
}

/// The Markandeya abhishek form.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarkandeyaBookingInput {
    #[schema(example = "सुरेश पाटील")]
    pub full_name: String,
    pub email: String,
    pub phone: String,
    #[schema(value_type = String, format = Date)]
    pub puja_date: NaiveDate,
    /// `HH:MM`.
    #[schema(example = "07:30")]
    pub puja_time: String,
    #[serde(default = "default_puja_type")]
    #[schema(example = "Rudrabhishek")]
    pub puja_type: String,
    pub gotra: String,
    #[serde(deserialize_with = "number")]
    pub participants: i32,
    #[serde(default)]
    pub special_requests: Option<String>,
}

fn default_puja_type() -> String {
    MARKANDEYA_PUJA_TYPES[0].to_owned()
}

impl Validate for MarkandeyaBookingInput {
    const FORM: &'static str = "markandeyaBooking";
    const RULES: FormRules = &[
        ("fullName", FULL_NAME),
        ("email", EMAIL),
        ("phone", PHONE),
        ("pujaDate", PUJA_DATE),
        ("pujaTime", PUJA_TIME),
        ("pujaType", &[
            Rule::Required { message: "Puja type is required" },
            Rule::OneOf { values: MARKANDEYA_PUJA_TYPES, message: "Invalid puja type" },
        ]),
        ("gotra", &[
            Rule::Required { message: "Gotra is required" },
            Rule::MaxLength { max: 100, message: "Maximum 100 characters allowed" },
            Rule::NoEmoji { message: "Emojis are not allowed" },
        ]),
        ("participants", PARTICIPANTS),
        ("specialRequests", SPECIAL_REQUESTS),
    ];
}

/// The Poshavvadevi and Shitaladevi abhishek form.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PujaBookingInput {
    #[schema(example = "सुरेश पाटील")]
    pub full_name: String,
    pub email: String,
    pub phone: String,
    #[schema(value_type = String, format = Date)]
    pub puja_date: NaiveDate,
    #[schema(example = "07:30")]
    pub puja_time: String,
    #[serde(default)]
    pub puja_type: Option<String>,
    #[serde(deserialize_with = "number")]
    pub participants: i32,
    #[serde(default)]
    pub special_requests: Option<String>,
}

impl Validate for PujaBookingInput {
    const FORM: &'static str = "pujaBooking";
    const RULES: FormRules = &[
        ("fullName", FULL_NAME),
        ("email", EMAIL),
        ("phone", PHONE),
        ("pujaDate", PUJA_DATE),
        ("pujaTime", PUJA_TIME),
        ("pujaType", &[
            Rule::MaxLength { max: 100, message: "Maximum 100 characters allowed" },
            Rule::NoEmoji { message: "Emojis are not allowed" },
        ]),
        ("participants", PARTICIPANTS),
        ("specialRequests", SPECIAL_REQUESTS),
    ];
}

/// What any form stores, in the table's terms.
#[derive(Debug, Clone)]
pub struct NewBooking {
    pub full_name: String,
    pub email: String,
    pub phone: String,
    pub date: NaiveDate,
    pub end_date: Option<NaiveDate>,
    pub puja_time: Option<String>,
    pub puja_type: Option<String>,
    pub room_type: Option<RoomType>,
    pub people: i32,
    pub gotra: Option<String>,
    pub special_requests: Option<String>,
}

fn optional(text: Option<String>) -> Option<String> {
    text.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty())
}

impl RoomBookingInput {
    pub fn into_new(self) -> Result<NewBooking, crate::error::Error> {
        Ok(NewBooking {
            full_name: self.full_name.trim().to_owned(),
            email: self.email.trim().to_owned(),
            phone: self.phone.trim().to_owned(),
            date: self.check_in,
            end_date: Some(self.check_out),
            puja_time: None,
            puja_type: None,
            room_type: Some(self.room_type),
            people: self.guests,
            gotra: None,
            special_requests: optional(self.special_requests),
        })
    }
}

impl MarkandeyaBookingInput {
    /// A puja booking with the Markandeya puja type (its default when left empty) and gotra.
    pub fn into_new(self) -> Result<NewBooking, crate::error::Error> {
        let gotra = optional(Some(self.gotra));
        let puja_type = optional(Some(self.puja_type)).unwrap_or_else(default_puja_type);
        let mut new = PujaBookingInput {
            full_name: self.full_name,
            email: self.email,
            phone: self.phone,
            puja_date: self.puja_date,
            puja_time: self.puja_time,
            puja_type: Some(puja_type),
            participants: self.participants,
            special_requests: self.special_requests,
        }
        .into_new()?;
        new.gotra = gotra;
        Ok(new)
    }
}

impl PujaBookingInput {
    pub fn into_new(self) -> Result<NewBooking, crate::error::Error> {
        if !crate::validation::is_time(self.puja_time.trim()) {
            return Err(crate::error::Error::field("pujaTime", "Invalid time"));
        }
        Ok(NewBooking {
            full_name: self.full_name.trim().to_owned(),
            email: self.email.trim().to_owned(),
            phone: self.phone.trim().to_owned(),
            date: self.puja_date,
            end_date: None,
            puja_time: Some(self.puja_time.trim().to_owned()),
            puja_type: optional(self.puja_type),
            room_type: None,
            people: self.participants,
            gotra: None,
            special_requests: optional(self.special_requests),
        })
    }
}
