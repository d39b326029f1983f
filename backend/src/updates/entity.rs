use sea_orm::entity::prelude::*;

/// An update sent to the confirmed subscribers, in both languages.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "updates")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub subject_en: String,
    pub subject_mr: String,
    #[sea_orm(column_type = "Text")]
    pub body_en: String,
    #[sea_orm(column_type = "Text")]
    pub body_mr: String,
    /// Confirmed subscribers when it was sent: one message each.
    pub recipients: i32,
    /// The administrator's e-mail.
    pub created_by: String,
    pub created_at: DateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
