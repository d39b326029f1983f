use sea_orm_migration::{prelude::*, schema::*};

/// Capacity the organisation sets (`booking_limits`: one row per room type or puja, absent
/// means no limit) and the days a kind is closed (`blocked_dates`).
#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(BookingLimits::Table)
                    .if_not_exists()
                    // `room:standard`, `room:deluxe`, `room:suite`, `markandeya`, ...
                    .col(string(BookingLimits::Slot).primary_key())
                    .col(integer(BookingLimits::PerDay))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(BlockedDates::Table)
                    .if_not_exists()
                    .col(pk_auto(BlockedDates::Id))
                    .col(string(BlockedDates::Kind))
                    .col(date(BlockedDates::Date))
                    .col(string(BlockedDates::Reason))
                    .col(timestamp_with_time_zone(BlockedDates::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_blocked_dates_kind_date")
                    .table(BlockedDates::Table)
                    .col(BlockedDates::Kind)
                    .col(BlockedDates::Date)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(BlockedDates::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(BookingLimits::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum BookingLimits {
    Table,
    Slot,
    PerDay,
}

#[derive(DeriveIden)]
enum BlockedDates {
    Table,
    Id,
    Kind,
    Date,
    Reason,
    CreatedAt,
}
