use sea_orm_migration::{prelude::*, schema::*};

/// Matrimonial profiles: the person's details, a photo and an optional biodata (stored names in
/// the private folder), pending until an administrator uploads them to the matches gallery.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(MatrimonyProfiles::Table)
                    .if_not_exists()
                    .col(pk_auto(MatrimonyProfiles::Id))
                    // The member account with the same e-mail or mobile, when one existed.
                    .col(integer_null(MatrimonyProfiles::AccountId))
                    .col(string_len(MatrimonyProfiles::ProfileFor, 32))
                    .col(string(MatrimonyProfiles::Name))
                    .col(string_len(MatrimonyProfiles::Gender, 16))
                    .col(string(MatrimonyProfiles::Email))
                    .col(string_len(MatrimonyProfiles::Mobile, 10))
                    .col(date(MatrimonyProfiles::Dob))
                    .col(string(MatrimonyProfiles::Religion))
                    .col(string(MatrimonyProfiles::Caste))
                    .col(string(MatrimonyProfiles::Occupation))
                    .col(string(MatrimonyProfiles::Education))
                    .col(string(MatrimonyProfiles::Location))
                    .col(string_len(MatrimonyProfiles::Height, 32))
                    .col(text(MatrimonyProfiles::About))
                    .col(string(MatrimonyProfiles::Photo))
                    .col(integer_null(MatrimonyProfiles::PhotoWidth))
                    .col(integer_null(MatrimonyProfiles::PhotoHeight))
                    // Widths of the photo's WebP variants, comma-separated and ascending.
                    .col(string(MatrimonyProfiles::PhotoVariants))
                    .col(string_null(MatrimonyProfiles::Biodata))
                    // 'pdf' or 'image'.
                    .col(string_len_null(MatrimonyProfiles::BiodataKind, 8))
                    // 'pending' or 'uploaded'.
                    .col(string_len(MatrimonyProfiles::Status, 16))
                    .col(timestamp_with_time_zone_null(MatrimonyProfiles::UploadedAt))
                    .col(timestamp_with_time_zone(MatrimonyProfiles::CreatedAt))
                    .col(timestamp_with_time_zone(MatrimonyProfiles::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_matrimony_profiles_account")
                            .from(MatrimonyProfiles::Table, MatrimonyProfiles::AccountId)
                            .to(MatrimonyAccounts::Table, MatrimonyAccounts::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        // The gallery reads uploaded profiles newest upload first; the administrators' list
        // newest first.
        manager
            .create_index(
                Index::create()
                    .name("idx_matrimony_profiles_status_uploaded_at")
                    .table(MatrimonyProfiles::Table)
                    .col(MatrimonyProfiles::Status)
                    .col(MatrimonyProfiles::UploadedAt)
                    .to_owned(),
            )
            .await?;
        for (name, column) in [
            ("idx_matrimony_profiles_created_at", MatrimonyProfiles::CreatedAt),
            ("idx_matrimony_profiles_account_id", MatrimonyProfiles::AccountId),
        ] {
            manager
                .create_index(Index::create().name(name).table(MatrimonyProfiles::Table).col(column).to_owned())
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(MatrimonyProfiles::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum MatrimonyProfiles {
    Table,
    Id,
    AccountId,
    ProfileFor,
    Name,
    Gender,
    Email,
    Mobile,
    Dob,
    Religion,
    Caste,
    Occupation,
    Education,
    Location,
    Height,
    About,
    Photo,
    PhotoWidth,
    PhotoHeight,
    PhotoVariants,
    Biodata,
    BiodataKind,
    Status,
    UploadedAt,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum MatrimonyAccounts {
    Table,
    Id,
}
