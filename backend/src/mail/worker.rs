//! The worker that empties the outbox: it claims the messages that are due (`FOR UPDATE SKIP
//! LOCKED` on PostgreSQL, so instances sharing one database never claim the same message;
//! SQLite has one writer), sends them at the configured pace, and records each outcome: sent,
//! tried again later with a doubling wait, or given up with the reason. A claim is a lease:
//! a message whose instance stopped while sending is claimed again once it runs out.
use std::{collections::HashMap, sync::Arc, time::Duration};

use chrono::Utc;
use futures_util::{StreamExt, future::BoxFuture};
use lettre::{AsyncTransport, message::Mailbox};
use sea_orm::{
    ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    sea_query::{Expr, ExprTrait, LockBehavior, LockType},
};
use tokio::{sync::watch, time::Instant};

use super::{
    compose::{Composed, with_link},
    entity::{self, Column, body},
    outbox::{FAILED, Kind, Mail, SENDING, SENT, WAITING},
    smtp::{self, Failure, Outgoing, Transport},
};

/// Renders the PDF a booking's message carries: `(booking id, check link)` to the file's name
/// and bytes, or none when the booking is gone. The bookings feature provides it (app.rs).
pub type Attachments = Arc<dyn Fn(i32, String) -> BoxFuture<'static, anyhow::Result<Option<(String, Vec<u8>)>>> + Send + Sync>;

/// Attempts before a temporary failure is given up (with a first wait of a minute, the last
/// attempt comes about four hours after the first).
pub const MAX_ATTEMPTS: i32 = 8;
/// The longest wait between two attempts.
const MAX_WAIT: Duration = Duration::from_secs(6 * 60 * 60);
/// How long a claimed message is left to its instance before another may claim it.
const LEASE: Duration = Duration::from_secs(10 * 60);
/// Messages sent at once (see [`Pace::lanes`]).
const AT_ONCE: usize = 4;
/// How often the outbox is looked at when nothing wakes the worker (retries, other instances).
const POLL: Duration = Duration::from_secs(2);

/// Starts the worker when mail is on; it stops with the server (`stopping`), after the message
/// it is sending, and hands back the rest of its claim.
pub fn start(db: DatabaseConnection, mail: Mail, attachments: Attachments, stopping: watch::Receiver<bool>) {
    let Some(settings) = mail.settings().cloned() else { return };
    let transport = match smtp::transport(&settings.relay) {
        Ok(transport) => transport,
        Err(err) => {
            tracing::error!(error = %err, "mail: the relay's settings cannot be used; nothing will be sent");
            return;
        }
    };
    let Ok(from) = settings.from.parse::<Mailbox>() else {
        tracing::error!("mail: SAMITI_MAIL_FROM is not an address; nothing will be sent");
        return;
    };
    let worker = Worker {
        db,
        mail,
        transport,
        from,
        attachments,
        first_retry: settings.first_retry,
        pace: Pace::new(settings.rate_per_minute),
        batch: settings.rate_per_minute.map_or(50, |rate| (rate / 6).clamp(1, 50)) as u64,
        stopping,
    };
    tokio::spawn(worker.run());
}

struct Worker {
    db: DatabaseConnection,
    mail: Mail,
    transport: Transport,
    from: Mailbox,
    attachments: Attachments,
    first_retry: Duration,
    pace: Pace,
    /// Messages claimed at once: about ten seconds' worth at the configured rate.
    batch: u64,
    stopping: watch::Receiver<bool>,
}

impl Worker {
    async fn run(self) {
        while !*self.stopping.borrow() {
            let claimed = match claim(&self.db, self.batch).await {
                Ok(claimed) => claimed,
                Err(err) => {
                    tracing::warn!(error = %err, "mail: the outbox cannot be read; trying again");
                    tokio::time::sleep(POLL).await;
                    continue;
                }
            };
            if claimed.is_empty() {
                let mut stopping = self.stopping.clone();
                tokio::select! {
                    _ = self.mail.woken() => {}
                    _ = tokio::time::sleep(POLL) => {}
                    _ = crate::server::stopped(&mut stopping) => {}
                }
                continue;
            }
            let bodies = match bodies_of(&self.db, &claimed).await {
                Ok(bodies) => bodies,
                Err(err) => {
                    tracing::warn!(error = %err, "mail: the messages' texts cannot be read; trying again");
                    HashMap::new()
                }
            };
            // A few messages at once over the transport's pooled connections (a relay answers
            // each in several round trips), each in its turn of the configured pace; a stop lets
            // the messages being sent finish and hands back the rest.
            let mut claimed = claimed.into_iter();
            let stopping = self.stopping.clone();
            let due = std::iter::from_fn(|| if *stopping.borrow() { None } else { claimed.next() });
            let worker = &self;
            let bodies = &bodies;
            futures_util::stream::iter(due)
                .for_each_concurrent(self.pace.lanes(), |message| async move {
                    worker.pace.wait().await;
                    let outcome = worker.send(&message, bodies).await;
                    worker.record(&message, outcome).await;
                })
                .await;
            let rest: Vec<i32> = claimed.map(|message| message.id).collect();
            if !rest.is_empty()
                && let Err(err) = release(&self.db, rest).await
            {
                tracing::warn!(error = %err, "mail: messages claimed are left to their lease");
            }
        }
    }

    async fn send(&self, message: &entity::Model, bodies: &HashMap<i32, Composed>) -> Result<(), Failure> {
        let composed = match bodies.get(&message.body_id) {
            Some(composed) => composed.clone(),
            None => body::Entity::find_by_id(message.body_id)
                .one(&self.db)
                .await
                .map_err(|err| Failure::Temporary(err.to_string()))?
                .map(|found| Composed { subject: found.subject, text: found.text, html: found.html })
                .ok_or_else(|| Failure::Permanent("Its text is missing".into()))?,
        };
        let to = message.recipient.parse::<Mailbox>().map_err(|_| Failure::Permanent("Not a valid e-mail address".into()))?;
        let attachment = match message.booking_id {
            None => None,
            Some(id) => match (self.attachments)(id, message.link.clone().unwrap_or_default()).await {
                Ok(Some(file)) => Some(file),
                Ok(None) => return Err(Failure::Permanent("The booking was deleted before its message was sent".into())),
                Err(err) => return Err(Failure::Temporary(format!("The confirmation could not be made: {err}"))),
            },
        };
        let composed = with_link(&composed, message.link.as_deref());
        let unsubscribe = (message.kind == Kind::Update.name()).then_some(message.link.as_deref()).flatten();
        let email = smtp::build(Outgoing {
            from: &self.from,
            to,
            message_id: &message.message_id,
            composed: &composed,
            unsubscribe,
            attachment,
        })
        .map_err(|err| Failure::Permanent(format!("The message cannot be made: {err}")))?;
        self.transport.send(email).await.map(|_| ()).map_err(|err| smtp::classify(&err))
    }

    /// Records the outcome; the database is asked a few times, since a message recorded as
    /// anything but sent would go out again once its lease ran out.
    async fn record(&self, message: &entity::Model, outcome: Result<(), Failure>) {
        let now = Utc::now().fixed_offset();
        let update = entity::Entity::update_many().filter(Column::Id.eq(message.id)).filter(Column::Status.eq(SENDING));
        let update = match outcome {
            Ok(()) => {
                update.col_expr(Column::Status, Expr::value(SENT)).col_expr(Column::SentAt, Expr::value(now)).col_expr(Column::LastError, Expr::value(None::<String>))
            }
            Err(Failure::Temporary(reason)) if message.attempts < MAX_ATTEMPTS => {
                let wait = retry_wait(self.first_retry, message.attempts);
                let next = now + chrono::Duration::from_std(wait).unwrap_or_else(|_| chrono::Duration::hours(6));
                tracing::info!(id = message.id, attempts = message.attempts, %reason, "mail: not sent; trying again later");
                update.col_expr(Column::Status, Expr::value(WAITING)).col_expr(Column::NextAttemptAt, Expr::value(next)).col_expr(Column::LastError, Expr::value(reason))
            }
            Err(Failure::Temporary(reason)) => {
                let reason = format!("Given up after {} attempts: {reason}", message.attempts);
                tracing::warn!(id = message.id, %reason, "mail: given up");
                update.col_expr(Column::Status, Expr::value(FAILED)).col_expr(Column::LastError, Expr::value(reason))
            }
            Err(Failure::Permanent(reason)) => {
                tracing::warn!(id = message.id, %reason, "mail: refused for good");
                update.col_expr(Column::Status, Expr::value(FAILED)).col_expr(Column::LastError, Expr::value(reason))
            }
        };
        for attempt in 0..5 {
            match update.clone().exec(&self.db).await {
                Ok(_) => return,
                Err(err) => {
                    tracing::warn!(id = message.id, error = %err, "mail: the outcome cannot be recorded yet");
                    tokio::time::sleep(Duration::from_millis(200 << attempt)).await;
                }
            }
        }
    }
}

/// The wait after the `attempts`-th attempt: the first wait, doubled for each later attempt.
pub fn retry_wait(first: Duration, attempts: i32) -> Duration {
    let doublings = attempts.saturating_sub(1).clamp(0, 20) as u32;
    first.saturating_mul(1 << doublings).min(MAX_WAIT)
}

/// Claims up to `limit` messages that are due, in one transaction.
pub async fn claim(db: &DatabaseConnection, limit: u64) -> Result<Vec<entity::Model>, DbErr> {
    let now = Utc::now().fixed_offset();
    let txn = crate::db::begin_write(db).await?;
    let due = entity::Entity::find()
        .filter(Column::Status.is_in([WAITING, SENDING]))
        .filter(Column::NextAttemptAt.lte(now))
        .order_by_asc(Column::NextAttemptAt)
        .order_by_asc(Column::Id)
        .limit(limit)
        .lock_with_behavior(LockType::Update, LockBehavior::SkipLocked)
        .all(&txn)
        .await?;
    if due.is_empty() {
        txn.commit().await?;
        return Ok(due);
    }
    let lease = now + chrono::Duration::from_std(LEASE).unwrap_or_else(|_| chrono::Duration::minutes(10));
    let ids: Vec<i32> = due.iter().map(|m| m.id).collect();
    entity::Entity::update_many()
        .col_expr(Column::Status, Expr::value(SENDING))
        .col_expr(Column::Attempts, Expr::col(Column::Attempts).add(1))
        .col_expr(Column::NextAttemptAt, Expr::value(lease))
        .filter(Column::Id.is_in(ids))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(due
        .into_iter()
        .map(|mut message| {
            message.status = SENDING.to_owned();
            message.attempts += 1;
            message.next_attempt_at = lease;
            message
        })
        .collect())
}

/// The texts of the claimed messages, each read once however many messages share it.
async fn bodies_of(db: &DatabaseConnection, messages: &[entity::Model]) -> Result<HashMap<i32, Composed>, DbErr> {
    let mut ids: Vec<i32> = messages.iter().map(|message| message.body_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let found = body::Entity::find().filter(body::Column::Id.is_in(ids)).all(db).await?;
    Ok(found.into_iter().map(|b| (b.id, Composed { subject: b.subject, text: b.text, html: b.html })).collect())
}

/// Hands claimed messages back unsent, as if never tried, for the next worker.
async fn release(db: &DatabaseConnection, ids: Vec<i32>) -> Result<(), DbErr> {
    entity::Entity::update_many()
        .col_expr(Column::Status, Expr::value(WAITING))
        .col_expr(Column::Attempts, Expr::col(Column::Attempts).sub(1))
        .col_expr(Column::NextAttemptAt, Expr::value(Utc::now().fixed_offset()))
        .filter(Column::Id.is_in(ids))
        .filter(Column::Status.eq(SENDING))
        .exec(db)
        .await?;
    Ok(())
}

/// At most `rate` messages a minute, evenly spaced: each message waits for its turn, and turns
/// are `every` apart whoever takes them, however long a message takes to send.
struct Pace {
    every: Option<Duration>,
    next: std::sync::Mutex<Instant>,
}

impl Pace {
    fn new(rate_per_minute: Option<u32>) -> Pace {
        Pace {
            every: rate_per_minute.map(|rate| Duration::from_secs(60) / std::cmp::max(rate, 1)),
            next: std::sync::Mutex::new(Instant::now()),
        }
    }

    /// Waits for the next turn.
    async fn wait(&self) {
        if let Some(turn) = self.take_turn(Instant::now()) {
            tokio::time::sleep_until(turn).await;
        }
    }

    /// The next turn, asked for at `now`, taken: none without a rate. A turn nobody took in
    /// its time is not saved up for a burst later.
    fn take_turn(&self, now: Instant) -> Option<Instant> {
        let every = self.every?;
        let mut next = self.next.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let turn = (*next).max(now);
        *next = turn + every;
        Some(turn)
    }

    /// Messages sent at once: [`AT_ONCE`], or one at a time at a pace of a second or slower,
    /// where one keeps up and a stop never waits for turns taken ahead.
    fn lanes(&self) -> usize {
        match self.every {
            Some(every) if every >= Duration::from_secs(1) => 1,
            _ => AT_ONCE,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_up_to_six_hours() {
        let minute = Duration::from_secs(60);
        assert_eq!(retry_wait(minute, 1), minute);
        assert_eq!(retry_wait(minute, 2), 2 * minute);
        assert_eq!(retry_wait(minute, 4), 8 * minute);
        assert_eq!(retry_wait(minute, 30), MAX_WAIT);
    }

    #[test]
    fn turns_keep_the_rate_however_many_ask_at_once_and_are_not_saved_up() {
        let ms = Duration::from_millis;
        // 600 a minute: a turn every 100 ms, whoever asks and however long sending takes.
        let pace = Pace::new(Some(600));
        let start = *pace.next.lock().unwrap();
        let asked_together: Vec<_> = (0..4).map(|_| pace.take_turn(start).unwrap() - start).collect();
        assert_eq!(asked_together, [ms(0), ms(100), ms(200), ms(300)]);
        // Asked long after the last turn: at once, and the next a turn later (no burst).
        assert_eq!(pace.take_turn(start + ms(5_000)).unwrap() - start, ms(5_000));
        assert_eq!(pace.take_turn(start + ms(5_000)).unwrap() - start, ms(5_100));
        assert_eq!(pace.lanes(), AT_ONCE, "a message a second or faster: several at once to keep up");
        // 30 a minute: a turn every two seconds, one message at a time.
        let slow = Pace::new(Some(30));
        let start = *slow.next.lock().unwrap();
        assert_eq!(slow.take_turn(start).unwrap() - start, ms(0));
        assert_eq!(slow.take_turn(start).unwrap() - start, ms(2_000));
        assert_eq!(slow.lanes(), 1);
        // No rate: no wait, four at a time.
        let free = Pace::new(None);
        assert_eq!(free.take_turn(Instant::now()), None);
        assert_eq!(free.lanes(), AT_ONCE);
    }
}
