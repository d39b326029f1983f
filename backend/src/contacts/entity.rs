use sea_orm::entity::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// A message sent through the contact form.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, ToSchema)]
#[sea_orm(table_name = "contacts")]
#[schema(as = Contact)]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub full_name: String,
    pub email: String,
    /// What the visitor wrote, kept as written.
    #[sea_orm(column_type = "Text")]
    pub message: String,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: DateTimeWithTimeZone,
    /// An administrator has answered or otherwise dealt with it.
    pub handled: bool,
    /// The administrators' private note (never shown to the visitor).
    #[sea_orm(column_type = "Text", nullable)]
    pub note: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
