use sea_orm_migration::{prelude::*, schema::*};

/// Administrator tokens carry the account's token version: bumping it (a password change,
/// "sign out everywhere") revokes every token issued before.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Admins::Table)
                    .add_column(integer(Admins::TokenVersion).default(0))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(Admins::Table).drop_column(Admins::TokenVersion).to_owned())
            .await
    }
}

#[derive(DeriveIden)]
enum Admins {
    Table,
    TokenVersion,
}
