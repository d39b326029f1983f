use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Contacts::Table)
                    .if_not_exists()
                    .col(pk_auto(Contacts::Id))
                    .col(string(Contacts::FullName))
                    .col(string(Contacts::Email))
                    .col(text(Contacts::Message))
                    .col(timestamp_with_time_zone(Contacts::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_contacts_created_at")
                    .table(Contacts::Table)
                    .col(Contacts::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Contacts::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Contacts {
    Table,
    Id,
    FullName,
    Email,
    Message,
    CreatedAt,
}
