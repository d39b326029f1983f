use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A matrimonial profile (the row; the API answers with `PublicProfile` or `AdminProfile`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "matrimony_profiles")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// The member account it belongs to (none for a profile registered before profiles had one).
    pub account_id: Option<i32>,
    pub profile_for: String,
    pub name: String,
    pub gender: String,
    /// Trimmed and lower-case.
    pub email: String,
    /// The bare 10 digits.
    pub mobile: String,
    pub dob: Date,
    pub religion: String,
    pub caste: String,
    pub occupation: String,
    pub education: String,
    pub location: String,
    pub height: String,
    #[sea_orm(column_type = "Text")]
    pub about: String,
    /// Stored name in the private folder.
    pub photo: String,
    pub photo_width: Option<i32>,
    pub photo_height: Option<i32>,
    /// Widths of the WebP variants, comma-separated and ascending ("320,640").
    pub photo_variants: String,
    /// Stored name in the private folder.
    pub biodata: Option<String>,
    /// `pdf` or `image`.
    pub biodata_kind: Option<String>,
    /// `pending` or `uploaded`.
    pub status: String,
    pub uploaded_at: Option<DateTimeWithTimeZone>,
    pub created_at: DateTimeWithTimeZone,
    pub updated_at: DateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
