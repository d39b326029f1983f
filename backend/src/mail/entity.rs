//! The outbox (one row per message) and the bodies its messages share.
use sea_orm::entity::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// One message: written on the transaction of the event that causes it, then sent by the
/// worker (`worker.rs`). `status` is `waiting`, `sending` (claimed by a worker until
/// `next_attempt_at`), `sent` or `failed` (given up, `last_error` says why).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, ToSchema)]
#[sea_orm(table_name = "outbox")]
#[schema(as = MailMessage)]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// `booking`, `confirmation`, `update` or `test`.
    pub kind: String,
    pub recipient: String,
    /// `en` or `mr`: the language the message is written in.
    pub lang: String,
    pub subject: String,
    #[serde(skip)]
    pub body_id: i32,
    /// What the body's `{link}` stands for (the check page, the confirmation or the
    /// unsubscribe address).
    #[serde(skip)]
    pub link: Option<String>,
    /// The booking whose PDF confirmation is attached (rendered when the message is sent).
    #[serde(skip)]
    pub booking_id: Option<i32>,
    /// The update this message is one of.
    pub update_id: Option<i32>,
    #[serde(skip)]
    pub subscriber_id: Option<i32>,
    /// The `Message-ID` header, the same on every attempt.
    #[serde(skip)]
    pub message_id: String,
    pub status: String,
    pub attempts: i32,
    #[schema(value_type = String, format = DateTime)]
    pub next_attempt_at: DateTimeWithTimeZone,
    #[sea_orm(column_type = "Text", nullable)]
    pub last_error: Option<String>,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: DateTimeWithTimeZone,
    #[schema(value_type = Option<String>, format = DateTime)]
    pub sent_at: Option<DateTimeWithTimeZone>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

pub mod body {
    //! A message's subject and text, kept once however many messages share it (an update is
    //! one body per language for every subscriber). `{link}` in the text stands for each
    //! message's own link.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "mail_bodies")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i32,
        pub subject: String,
        #[sea_orm(column_type = "Text")]
        pub text: String,
        #[sea_orm(column_type = "Text")]
        pub html: String,
        pub created_at: DateTimeWithTimeZone,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
