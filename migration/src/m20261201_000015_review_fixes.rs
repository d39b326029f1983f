use sea_orm_migration::prelude::*;

/// What a review of the site asked for: notifications in both languages with an optional last
/// day; contact messages marked handled, with the administrators' private note beside what the
/// visitor wrote; and the order of images in their lists.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per statement.
        let columns = [
            (Notifications::Table.into_iden(), ColumnDef::new(Notifications::MessageMr).text().null().to_owned()),
            (Notifications::Table.into_iden(), ColumnDef::new(Notifications::EndsOn).date().null().to_owned()),
            (Contacts::Table.into_iden(), ColumnDef::new(Contacts::Handled).boolean().not_null().default(false).to_owned()),
            (Contacts::Table.into_iden(), ColumnDef::new(Contacts::Note).text().null().to_owned()),
            (MediaItems::Table.into_iden(), ColumnDef::new(MediaItems::Position).integer().not_null().default(0).to_owned()),
        ];
        for (table, column) in columns {
            manager.alter_table(Table::alter().table(table).add_column(column).to_owned()).await?;
        }
        // Earlier images keep their order (newest first): a later upload has a larger id.
        manager.get_connection().execute_unprepared("UPDATE media_items SET position = id").await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let columns = [
            (MediaItems::Table.into_iden(), MediaItems::Position.into_iden()),
            (Contacts::Table.into_iden(), Contacts::Note.into_iden()),
            (Contacts::Table.into_iden(), Contacts::Handled.into_iden()),
            (Notifications::Table.into_iden(), Notifications::EndsOn.into_iden()),
            (Notifications::Table.into_iden(), Notifications::MessageMr.into_iden()),
        ];
        for (table, column) in columns {
            manager.alter_table(Table::alter().table(table).drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Notifications {
    Table,
    MessageMr,
    EndsOn,
}

#[derive(DeriveIden)]
enum Contacts {
    Table,
    Handled,
    Note,
}

#[derive(DeriveIden)]
enum MediaItems {
    Table,
    Position,
}
