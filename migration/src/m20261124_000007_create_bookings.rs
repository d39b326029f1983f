use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Bookings::Table)
                    .if_not_exists()
                    .col(pk_auto(Bookings::Id))
                    .col(string(Bookings::Kind))
                    .col(string_uniq(Bookings::Reference))
                    .col(string(Bookings::Code))
                    .col(string(Bookings::Status))
                    .col(string(Bookings::FullName))
                    .col(string(Bookings::Email))
                    .col(string(Bookings::Phone))
                    .col(date(Bookings::Date))
                    .col(date_null(Bookings::EndDate))
                    .col(string_null(Bookings::PujaTime))
                    .col(string_null(Bookings::PujaType))
                    .col(string_null(Bookings::RoomType))
                    .col(integer(Bookings::People))
                    .col(string_null(Bookings::Gotra))
                    .col(text_null(Bookings::SpecialRequests))
                    .col(timestamp_with_time_zone(Bookings::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_bookings_kind_date")
                    .table(Bookings::Table)
                    .col(Bookings::Kind)
                    .col(Bookings::Date)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Bookings::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Bookings {
    Table,
    Id,
    Kind,
    Reference,
    Code,
    Status,
    FullName,
    Email,
    Phone,
    Date,
    EndDate,
    PujaTime,
    PujaType,
    RoomType,
    People,
    Gotra,
    SpecialRequests,
    CreatedAt,
}
