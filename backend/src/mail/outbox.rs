//! Writing messages: each one a row of the outbox on the caller's transaction, so a message
//! exists exactly when the event that causes it does; the worker is woken after the commit.
use std::sync::Arc;

use chrono::Utc;
use rand::{Rng, distr::Alphanumeric};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set, sea_query::Expr};
use tokio::sync::Notify;

use super::{
    compose::Composed,
    entity::{self, Column, body},
};
use crate::{config::MailSettings, documents::Lang};

/// What caused a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A booking's confirmation, its PDF attached.
    Booking,
    /// The link that confirms a subscription (double opt-in).
    Confirmation,
    /// An update to a confirmed subscriber.
    Update,
    /// An update's test, to the administrator who wrote it.
    Test,
    /// A member's link to set a new password.
    PasswordReset,
}

impl Kind {
    pub const ALL: [Kind; 5] = [Kind::Booking, Kind::Confirmation, Kind::Update, Kind::Test, Kind::PasswordReset];

    pub const fn name(self) -> &'static str {
        match self {
            Kind::Booking => "booking",
            Kind::Confirmation => "confirmation",
            Kind::Update => "update",
            Kind::Test => "test",
            Kind::PasswordReset => "password_reset",
        }
    }
}

/// The statuses of a message.
pub const WAITING: &str = "waiting";
pub const SENDING: &str = "sending";
pub const SENT: &str = "sent";
pub const FAILED: &str = "failed";
pub const STATUSES: [&str; 4] = [WAITING, SENDING, SENT, FAILED];

/// Mail as the handlers see it: whether it is on, and the worker's bell.
#[derive(Clone)]
pub struct Mail(Arc<Inner>);

struct Inner {
    settings: Option<MailSettings>,
    wake: Notify,
}

impl Mail {
    pub fn new(settings: Option<MailSettings>) -> Mail {
        Mail(Arc::new(Inner { settings, wake: Notify::new() }))
    }

    /// The relay's settings; none when mail is off (no `SAMITI_SMTP_URL`).
    pub fn settings(&self) -> Option<&MailSettings> {
        self.0.settings.as_ref()
    }

    pub fn is_on(&self) -> bool {
        self.0.settings.is_some()
    }

    /// Tells the worker that messages are waiting (call after the commit).
    pub fn wake(&self) {
        self.0.wake.notify_one();
    }

    pub(super) async fn woken(&self) {
        self.0.wake.notified().await;
    }

    /// Writes `message` on `db` (the event's transaction); nothing when mail is off.
    pub async fn queue(&self, db: &impl ConnectionTrait, message: NewMessage) -> Result<Option<entity::Model>, DbErr> {
        let Some(settings) = self.settings() else { return Ok(None) };
        Ok(Some(row(message, settings).insert(db).await?))
    }

    /// Writes many messages on `db`, a few hundred to a statement; nothing when mail is off.
    pub async fn queue_many(&self, db: &impl ConnectionTrait, messages: Vec<NewMessage>) -> Result<usize, DbErr> {
        let Some(settings) = self.settings() else { return Ok(0) };
        let count = messages.len();
        let mut rows = messages.into_iter().map(|m| row(m, settings)).peekable();
        while rows.peek().is_some() {
            let chunk: Vec<_> = rows.by_ref().take(500).collect();
            entity::Entity::insert_many(chunk).exec(db).await?;
        }
        Ok(count)
    }
}

/// A message to write.
pub struct NewMessage {
    pub kind: Kind,
    pub recipient: String,
    pub lang: Lang,
    /// The body ([`store_body`]); its subject is copied for the send log.
    pub body: (i32, String),
    pub link: Option<String>,
    pub booking_id: Option<i32>,
    pub update_id: Option<i32>,
    pub subscriber_id: Option<i32>,
}

impl NewMessage {
    pub fn new(kind: Kind, recipient: &str, lang: Lang, body: (i32, String)) -> NewMessage {
        NewMessage {
            kind,
            recipient: recipient.to_owned(),
            lang,
            body,
            link: None,
            booking_id: None,
            update_id: None,
            subscriber_id: None,
        }
    }
}

/// Keeps a body for the messages that will share it; answers its id and subject.
pub async fn store_body(db: &impl ConnectionTrait, composed: &Composed) -> Result<(i32, String), DbErr> {
    let body = body::ActiveModel {
        subject: Set(composed.subject.clone()),
        text: Set(composed.text.clone()),
        html: Set(composed.html.clone()),
        created_at: Set(Utc::now().fixed_offset()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok((body.id, body.subject))
}

fn row(message: NewMessage, settings: &MailSettings) -> entity::ActiveModel {
    let now = Utc::now().fixed_offset();
    entity::ActiveModel {
        kind: Set(message.kind.name().to_owned()),
        recipient: Set(message.recipient),
        lang: Set(message.lang.tag().to_owned()),
        subject: Set(message.body.1),
        body_id: Set(message.body.0),
        link: Set(message.link),
        booking_id: Set(message.booking_id),
        update_id: Set(message.update_id),
        subscriber_id: Set(message.subscriber_id),
        message_id: Set(message_id(&settings.from)),
        status: Set(WAITING.to_owned()),
        attempts: Set(0),
        next_attempt_at: Set(now),
        last_error: Set(None),
        created_at: Set(now),
        sent_at: Set(None),
        ..Default::default()
    }
}

/// A new `Message-ID` in the sender's domain: the same on every attempt, so a relay or a mail
/// client can tell a repeat.
fn message_id(from: &str) -> String {
    let domain = from.rsplit('@').next().unwrap_or("localhost").trim_end_matches('>').trim();
    let random: String = rand::rng().sample_iter(&Alphanumeric).take(24).map(char::from).collect();
    format!("<{random}.{}@{domain}>", Utc::now().timestamp())
}

/// An unsubscribed subscriber's updates not sent yet are given up, on the unsubscribe's
/// transaction, so none of them goes out.
pub async fn cancel_updates_to(db: &impl ConnectionTrait, subscriber_id: i32) -> Result<u64, DbErr> {
    let done = entity::Entity::update_many()
        .col_expr(Column::Status, Expr::value(FAILED))
        .col_expr(Column::LastError, Expr::value("Unsubscribed before it was sent"))
        .filter(Column::SubscriberId.eq(subscriber_id))
        .filter(Column::Kind.eq(Kind::Update.name()))
        .filter(Column::Status.eq(WAITING))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}
