use sea_orm::entity::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// A subscriber to event updates.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, ToSchema)]
#[sea_orm(table_name = "subscribers")]
#[schema(as = Subscriber)]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// A lower-case e-mail address or a bare 10-digit mobile number.
    #[sea_orm(unique)]
    pub value: String,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: DateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
