use sea_orm_migration::{prelude::*, schema::*};

/// Administrators hold roles (docs/DESIGN.md §10): every existing administrator becomes an
/// owner. A password an owner reset must be changed at the next sign-in. Every change an
/// administrator makes is recorded in `audit_log` (docs/DESIGN.md §11).
#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite alters one column a statement.
        manager
            .alter_table(Table::alter().table(Admins::Table).add_column(string(Admins::Roles).default("owner")).to_owned())
            .await?;
        manager
            .alter_table(
                Table::alter().table(Admins::Table).add_column(boolean(Admins::MustChangePassword).default(false)).to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AuditLog::Table)
                    .if_not_exists()
                    .col(pk_auto(AuditLog::Id))
                    .col(timestamp_with_time_zone(AuditLog::At))
                    .col(string(AuditLog::Actor))
                    .col(string(AuditLog::Address))
                    .col(string(AuditLog::Action))
                    .col(string(AuditLog::Entity))
                    .col(string_null(AuditLog::EntityId))
                    .col(text(AuditLog::Summary))
                    .col(text(AuditLog::Changes))
                    .to_owned(),
            )
            .await?;
        for (name, column) in [("idx_audit_log_at", AuditLog::At), ("idx_audit_log_actor", AuditLog::Actor)] {
            manager
                .create_index(Index::create().name(name).table(AuditLog::Table).col(column).if_not_exists().to_owned())
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(AuditLog::Table).to_owned()).await?;
        manager
            .alter_table(Table::alter().table(Admins::Table).drop_column(Admins::MustChangePassword).to_owned())
            .await?;
        manager.alter_table(Table::alter().table(Admins::Table).drop_column(Admins::Roles).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Admins {
    Table,
    Roles,
    MustChangePassword,
}

#[derive(DeriveIden)]
enum AuditLog {
    Table,
    Id,
    At,
    Actor,
    Address,
    Action,
    Entity,
    EntityId,
    Summary,
    Changes,
}
