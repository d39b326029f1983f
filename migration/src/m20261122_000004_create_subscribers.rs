use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Subscribers::Table)
                    .if_not_exists()
                    .col(pk_auto(Subscribers::Id))
                    // Stored normalised (lower-case e-mail, bare 10-digit mobile) so that the
                    // unique index catches the same subscriber written two ways.
                    .col(string_uniq(Subscribers::Value))
                    .col(timestamp_with_time_zone(Subscribers::CreatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Subscribers::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Subscribers {
    Table,
    Id,
    Value,
    CreatedAt,
}
