use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(MediaItems::Table)
                    .if_not_exists()
                    .col(pk_auto(MediaItems::Id))
                    // events, gallery, magazines or career: one table for the four image lists.
                    .col(string_len(MediaItems::Kind, 16))
                    // The generated file name; the client's name is never kept.
                    .col(string_len_uniq(MediaItems::Image, 64))
                    .col(string_len(MediaItems::ContentType, 32))
                    .col(big_integer(MediaItems::Bytes))
                    .col(integer_null(MediaItems::Width))
                    .col(integer_null(MediaItems::Height))
                    // Widths of the WebP variants, e.g. "320,640,1280".
                    .col(string_len(MediaItems::Variants, 64))
                    .col(text(MediaItems::Description))
                    .col(integer(MediaItems::Year))
                    .col(integer(MediaItems::Month))
                    .col(timestamp_with_time_zone(MediaItems::CreatedAt))
                    .to_owned(),
            )
            .await?;
        // The public lists read one kind, newest month first, often filtered by year and month.
        manager
            .create_index(
                Index::create()
                    .name("idx_media_items_kind_year_month")
                    .table(MediaItems::Table)
                    .col(MediaItems::Kind)
                    .col(MediaItems::Year)
                    .col(MediaItems::Month)
                    .if_not_exists()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(MediaItems::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum MediaItems {
    Table,
    Id,
    Kind,
    Image,
    ContentType,
    Bytes,
    Width,
    Height,
    Variants,
    Description,
    Year,
    Month,
    CreatedAt,
}
