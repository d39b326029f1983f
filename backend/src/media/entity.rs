use sea_orm::entity::prelude::*;
use serde::Serialize;

/// One image of one of the four lists (the row; the API answers with [`super::MediaItem`]).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "media_items")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// `events`, `gallery`, `magazines` or `career`.
    pub kind: String,
    /// The generated file name in the kind's folder.
    #[sea_orm(unique)]
    pub image: String,
    pub content_type: String,
    pub bytes: i64,
    pub width: Option<i32>,
    pub height: Option<i32>,
    /// Widths of the WebP variants, comma-separated and ascending ("320,640,1280").
    pub variants: String,
    #[sea_orm(column_type = "Text")]
    pub description: String,
    /// The month the photo belongs to.
    pub year: i32,
    pub month: i32,
    pub created_at: DateTimeWithTimeZone,
    /// The order in its list (higher first; within a month for the gallery). A new image comes
    /// first; an administrator moves one up or down.
    pub position: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
