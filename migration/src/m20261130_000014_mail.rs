use sea_orm_migration::{prelude::*, schema::*, sea_orm::DatabaseBackend};

/// Mail (docs/DESIGN.md §14): the outbox every message is written to before it is sent, the
/// bodies its messages share (an update's text is kept once, not once per subscriber), the
/// updates sent to subscribers, and the subscribers' confirmation state (double opt-in).
#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(MailBodies::Table)
                    .if_not_exists()
                    .col(pk_auto(MailBodies::Id))
                    .col(string(MailBodies::Subject))
                    .col(text(MailBodies::Text))
                    .col(text(MailBodies::Html))
                    .col(timestamp_with_time_zone(MailBodies::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Updates::Table)
                    .if_not_exists()
                    .col(pk_auto(Updates::Id))
                    .col(string(Updates::SubjectEn))
                    .col(string(Updates::SubjectMr))
                    .col(text(Updates::BodyEn))
                    .col(text(Updates::BodyMr))
                    .col(integer(Updates::Recipients))
                    .col(string(Updates::CreatedBy))
                    .col(timestamp_with_time_zone(Updates::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Outbox::Table)
                    .if_not_exists()
                    .col(pk_auto(Outbox::Id))
                    .col(string(Outbox::Kind))
                    .col(string(Outbox::Recipient))
                    .col(string(Outbox::Lang))
                    .col(string(Outbox::Subject))
                    .col(integer(Outbox::BodyId))
                    .col(string_null(Outbox::Link))
                    .col(integer_null(Outbox::BookingId))
                    .col(integer_null(Outbox::UpdateId))
                    .col(integer_null(Outbox::SubscriberId))
                    .col(string(Outbox::MessageId))
                    .col(string(Outbox::Status))
                    .col(integer(Outbox::Attempts).default(0))
                    .col(timestamp_with_time_zone(Outbox::NextAttemptAt))
                    .col(text_null(Outbox::LastError))
                    .col(timestamp_with_time_zone(Outbox::CreatedAt))
                    .col(timestamp_with_time_zone_null(Outbox::SentAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Outbox::Table, Outbox::BodyId)
                            .to(MailBodies::Table, MailBodies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // The worker's claim: the messages due, oldest first.
        manager
            .create_index(
                Index::create()
                    .name("outbox_due")
                    .table(Outbox::Table)
                    .col(Outbox::Status)
                    .col(Outbox::NextAttemptAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("outbox_update").table(Outbox::Table).col(Outbox::UpdateId).to_owned())
            .await?;
        manager
            .create_index(Index::create().name("outbox_subscriber").table(Outbox::Table).col(Outbox::SubscriberId).to_owned())
            .await?;

        // SQLite adds one column per statement.
        let columns = [
            ColumnDef::new(Subscribers::Status).string().not_null().default("waiting").to_owned(),
            ColumnDef::new(Subscribers::Lang).string().not_null().default("en").to_owned(),
            ColumnDef::new(Subscribers::Token).string().null().to_owned(),
            ColumnDef::new(Subscribers::ConfirmationsSent).integer().not_null().default(0).to_owned(),
            ColumnDef::new(Subscribers::ConfirmationSentAt).timestamp_with_time_zone().null().to_owned(),
            ColumnDef::new(Subscribers::ConfirmedAt).timestamp_with_time_zone().null().to_owned(),
        ];
        for column in columns {
            manager.alter_table(Table::alter().table(Subscribers::Table).add_column(column).to_owned()).await?;
        }
        // Earlier subscribers: a mobile number stays on the organisation's own list; an e-mail
        // address never confirmed, so it waits (it receives no update until it does).
        let db = manager.get_connection();
        db.execute_unprepared("UPDATE subscribers SET status = 'mobile' WHERE value NOT LIKE '%@%'").await?;
        let token = match manager.get_database_backend() {
            DatabaseBackend::Postgres => "md5(random()::text || id::text)",
            _ => "lower(hex(randomblob(16)))",
        };
        db.execute_unprepared(&format!("UPDATE subscribers SET token = {token}")).await?;
        manager
            .create_index(
                Index::create().name("subscribers_token").table(Subscribers::Table).col(Subscribers::Token).unique().to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("subscribers_status").table(Subscribers::Table).col(Subscribers::Status).to_owned())
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("subscribers_status").table(Subscribers::Table).to_owned()).await?;
        manager.drop_index(Index::drop().name("subscribers_token").table(Subscribers::Table).to_owned()).await?;
        for column in [
            Subscribers::ConfirmedAt,
            Subscribers::ConfirmationSentAt,
            Subscribers::ConfirmationsSent,
            Subscribers::Token,
            Subscribers::Lang,
            Subscribers::Status,
        ] {
            manager.alter_table(Table::alter().table(Subscribers::Table).drop_column(column).to_owned()).await?;
        }
        manager.drop_table(Table::drop().table(Outbox::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Updates::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(MailBodies::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum MailBodies {
    Table,
    Id,
    Subject,
    Text,
    Html,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Updates {
    Table,
    Id,
    SubjectEn,
    SubjectMr,
    BodyEn,
    BodyMr,
    Recipients,
    CreatedBy,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Outbox {
    Table,
    Id,
    Kind,
    Recipient,
    Lang,
    Subject,
    BodyId,
    Link,
    BookingId,
    UpdateId,
    SubscriberId,
    MessageId,
    Status,
    Attempts,
    NextAttemptAt,
    LastError,
    CreatedAt,
    SentAt,
}

#[derive(DeriveIden)]
enum Subscribers {
    Table,
    Status,
    Lang,
    Token,
    ConfirmationsSent,
    ConfirmationSentAt,
    ConfirmedAt,
}
