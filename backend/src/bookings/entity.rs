use sea_orm::entity::prelude::*;

/// One booking of any kind; `date` is the check-in or the puja date, `people` the guests or
/// participants.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "bookings")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub kind: String,
    #[sea_orm(unique)]
    pub reference: String,
    pub code: String,
    pub status: String,
    pub full_name: String,
    pub email: String,
    pub phone: String,
    pub date: Date,
    pub end_date: Option<Date>,
    pub puja_time: Option<String>,
    pub puja_type: Option<String>,
    pub room_type: Option<String>,
    pub people: i32,
    pub gotra: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub special_requests: Option<String>,
    pub created_at: DateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
