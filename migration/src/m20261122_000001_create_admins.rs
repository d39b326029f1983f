use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Admins::Table)
                    .if_not_exists()
                    .col(pk_auto(Admins::Id))
                    .col(string_uniq(Admins::Email))
                    .col(string(Admins::PasswordHash))
                    .col(timestamp_with_time_zone(Admins::CreatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Admins::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Admins {
    Table,
    Id,
    Email,
    PasswordHash,
    CreatedAt,
}
