use sea_orm::entity::prelude::*;

/// An administrator account. Only the argon2id hash of the password is stored.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "admins")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub email: String,
    pub password_hash: String,
    /// Tokens carry this; raising it revokes every token issued before.
    pub token_version: i32,
    /// The roles' names separated by commas (`crate::roles::Roles::to_text`).
    pub roles: String,
    /// Set when an owner resets the password: until it is changed, only the routes open to
    /// every administrator answer.
    pub must_change_password: bool,
    pub created_at: DateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
