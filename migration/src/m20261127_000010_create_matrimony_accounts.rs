use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(MatrimonyAccounts::Table)
                    .if_not_exists()
                    .col(pk_auto(MatrimonyAccounts::Id))
                    .col(string(MatrimonyAccounts::ProfileFor))
                    // Both stored normalised (trimmed lower-case e-mail, bare 10-digit mobile) so
                    // that the unique indexes catch one person registering twice, even at once.
                    .col(string_uniq(MatrimonyAccounts::Email))
                    .col(string_uniq(MatrimonyAccounts::Mobile))
                    .col(string(MatrimonyAccounts::PasswordHash))
                    .col(timestamp_with_time_zone(MatrimonyAccounts::CreatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(MatrimonyAccounts::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum MatrimonyAccounts {
    Table,
    Id,
    ProfileFor,
    Email,
    Mobile,
    PasswordHash,
    CreatedAt,
}
