use sea_orm::entity::prelude::*;

/// A member account of the matchmaking board. Only the argon2id hash of the password is stored.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "matrimony_accounts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub profile_for: String,
    /// Trimmed and lower-case.
    #[sea_orm(unique)]
    pub email: String,
    /// The bare 10 digits.
    #[sea_orm(unique)]
    pub mobile: String,
    pub password_hash: String,
    pub created_at: DateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
