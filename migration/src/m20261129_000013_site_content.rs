use sea_orm_migration::{prelude::*, schema::*};

/// The organisation's own content (docs/DESIGN.md §12): every published version kept whole,
/// and one draft that administrators edit. The server seeds both with the sample content on
/// its first start.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(SiteVersions::Table)
                    .if_not_exists()
                    .col(pk_auto(SiteVersions::Id))
                    .col(text(SiteVersions::Content))
                    .col(boolean(SiteVersions::Sample).default(false))
                    .col(timestamp_with_time_zone(SiteVersions::PublishedAt))
                    .col(string(SiteVersions::PublishedBy))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(SiteDraft::Table)
                    .if_not_exists()
                    // Always 1: there is one draft.
                    .col(integer(SiteDraft::Id).primary_key())
                    .col(text(SiteDraft::Content))
                    .col(integer(SiteDraft::Revision))
                    .col(boolean(SiteDraft::Sample).default(false))
                    .col(timestamp_with_time_zone_null(SiteDraft::SavedAt))
                    .col(string_null(SiteDraft::SavedBy))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(SiteDraft::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(SiteVersions::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum SiteVersions {
    Table,
    Id,
    Content,
    Sample,
    PublishedAt,
    PublishedBy,
}

#[derive(DeriveIden)]
enum SiteDraft {
    Table,
    Id,
    Content,
    Revision,
    Sample,
    SavedAt,
    SavedBy,
}
