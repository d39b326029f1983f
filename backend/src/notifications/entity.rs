use sea_orm::entity::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// A line of the updates banner.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, ToSchema)]
#[sea_orm(table_name = "notifications")]
#[schema(as = Notification)]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// The English text.
    #[sea_orm(column_type = "Text")]
    pub message: String,
    /// The Marathi text; without it Marathi readers see the English.
    #[sea_orm(column_type = "Text", nullable)]
    pub message_mr: Option<String>,
    /// The last day (India) it is in the banner; none: until it is removed.
    #[schema(value_type = Option<String>, format = Date)]
    pub ends_on: Option<Date>,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: DateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
