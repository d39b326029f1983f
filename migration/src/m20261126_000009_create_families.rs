use sea_orm_migration::{prelude::*, schema::*};

/// The family registry: a head of family (`family_heads`) and the members of the household
/// (`family_members`), which go with their head.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(FamilyHeads::Table)
                    .if_not_exists()
                    .col(pk_auto(FamilyHeads::Id))
                    .col(string(FamilyHeads::FirstName))
                    .col(string(FamilyHeads::MiddleName))
                    .col(string(FamilyHeads::LastName))
                    .col(string(FamilyHeads::Surname))
                    .col(string(FamilyHeads::FatherName))
                    .col(string(FamilyHeads::MotherName))
                    .col(date(FamilyHeads::Dob))
                    .col(string_len(FamilyHeads::Age, 3))
                    .col(string_len(FamilyHeads::Sex, 16))
                    .col(string(FamilyHeads::Education))
                    .col(string(FamilyHeads::Occupation))
                    .col(string_len(FamilyHeads::Status, 16))
                    .col(string(FamilyHeads::WorkAddress))
                    .col(string_len(FamilyHeads::Whatsapp, 10))
                    .col(string(FamilyHeads::Area))
                    // Lower-cased "first name|surname", compared with the date of birth to flag
                    // a possible duplicate alike on every database.
                    .col(string(FamilyHeads::NameKey))
                    // The earlier head this one may duplicate (flagged, not refused).
                    .col(integer_null(FamilyHeads::DuplicateOf))
                    .col(integer(FamilyHeads::MemberCount))
                    .col(timestamp_with_time_zone(FamilyHeads::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_family_heads_duplicate_of")
                            .from(FamilyHeads::Table, FamilyHeads::DuplicateOf)
                            .to(FamilyHeads::Table, FamilyHeads::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        for (name, column) in [
            ("idx_family_heads_whatsapp", FamilyHeads::Whatsapp),
            ("idx_family_heads_name_key", FamilyHeads::NameKey),
            ("idx_family_heads_duplicate_of", FamilyHeads::DuplicateOf),
            ("idx_family_heads_created_at", FamilyHeads::CreatedAt),
        ] {
            manager
                .create_index(Index::create().name(name).table(FamilyHeads::Table).col(column).to_owned())
                .await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(FamilyMembers::Table)
                    .if_not_exists()
                    .col(pk_auto(FamilyMembers::Id))
                    .col(integer(FamilyMembers::HeadId))
                    .col(string(FamilyMembers::Name))
                    .col(string(FamilyMembers::FatherName))
                    .col(string(FamilyMembers::MotherName))
                    .col(string(FamilyMembers::Surname))
                    .col(date(FamilyMembers::Dob))
                    .col(string_len(FamilyMembers::Age, 3))
                    .col(string_len(FamilyMembers::Sex, 16))
                    .col(string(FamilyMembers::Education))
                    .col(string(FamilyMembers::Occupation))
                    .col(string_len(FamilyMembers::Status, 16))
                    .col(string(FamilyMembers::WorkAddress))
                    .col(string_len(FamilyMembers::Whatsapp, 10))
                    .col(string(FamilyMembers::Area))
                    .col(string(FamilyMembers::Relation))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_family_members_head")
                            .from(FamilyMembers::Table, FamilyMembers::HeadId)
                            .to(FamilyHeads::Table, FamilyHeads::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_family_members_head_id")
                    .table(FamilyMembers::Table)
                    .col(FamilyMembers::HeadId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(FamilyMembers::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(FamilyHeads::Table).to_owned()).await
    }
}

#[derive(DeriveIden, Clone, Copy)]
enum FamilyHeads {
    Table,
    Id,
    FirstName,
    MiddleName,
    LastName,
    Surname,
    FatherName,
    MotherName,
    Dob,
    Age,
    Sex,
    Education,
    Occupation,
    Status,
    WorkAddress,
    Whatsapp,
    Area,
    NameKey,
    DuplicateOf,
    MemberCount,
    CreatedAt,
}

#[derive(DeriveIden)]
enum FamilyMembers {
    Table,
    Id,
    HeadId,
    Name,
    FatherName,
    MotherName,
    Surname,
    Dob,
    Age,
    Sex,
    Education,
    Occupation,
    Status,
    WorkAddress,
    Whatsapp,
    Area,
    Relation,
}
