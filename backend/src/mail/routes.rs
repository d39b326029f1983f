//! The send log (role `communications`): whether mail is on and how many messages are in each
//! state, every message with its recipient, status, attempts and last error (search, status and
//! kind filters, paging), and "send again" for a message that was given up.
use axum::{Json, extract::State, response::Response};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseConnection, EntityTrait, IntoActiveModel, QueryFilter, QuerySelect, Set,
    sea_query::{Expr, ExprTrait},
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    entity::{self, Column, Model as MailMessage},
    outbox::{FAILED, Kind, SENDING, SENT, STATUSES, WAITING},
};
use crate::{
    admin_list::{self, AdminList, ListFilter, ListQuery, sort_fields, with_sort_fields},
    api_doc::{Tag, tagged},
    audit::{self, Action},
    auth::AdminUser,
    documents::{Bilingual, Lang},
    error::{Error, Result, responses},
    extract::{Path, Query},
    roles::Role,
    state::AppState,
};

pub const NOT_FAILED: &str = "Only a failed message can be sent again";

pub fn router() -> OpenApiRouter<AppState> {
    let router = tagged([Tag::new("mail", "E-mail: whether it is on, and every message sent or waiting (the send log)")])
        .routes(routes!(status))
        .routes(routes!(messages))
        .routes(routes!(send_again));
    with_sort_fields(router, &sort_fields::<MailLog>())
}

/// The send log as an administrator list.
pub struct MailLog;

impl AdminList for MailLog {
    const ROLE: Role = Role::Communications;
    type Entity = entity::Entity;
    type Model = MailMessage;
    const SORTABLE: &'static [(&'static str, Column)] = &[
        ("created_at", Column::CreatedAt),
        ("recipient", Column::Recipient),
        ("status", Column::Status),
        ("id", Column::Id),
    ];
    const SEARCHABLE: &'static [Column] = &[Column::Recipient, Column::Subject];
    const TITLE: Bilingual = Bilingual::new("Send log", "पाठवलेले ईमेल");
}

/// Whether mail is on, and the messages in each state.
#[derive(Debug, Serialize, ToSchema)]
pub struct MailStatus {
    /// False when no relay is set (`SAMITI_SMTP_URL`): nothing is sent.
    pub configured: bool,
    /// The sender's address.
    pub from: Option<String>,
    /// Messages sent per minute at most; none when not limited.
    pub rate_per_minute: Option<u32>,
    pub waiting: u64,
    pub sending: u64,
    pub sent: u64,
    pub failed: u64,
}

/// The send log's filters.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MailFilter {
    /// `waiting`, `sending`, `sent` or `failed`.
    pub status: Option<String>,
    /// `booking`, `confirmation`, `update` or `test`.
    pub kind: Option<String>,
    /// The messages of one update.
    pub update_id: Option<i32>,
}

impl ListFilter for MailFilter {
    fn condition(&self) -> Result<Condition> {
        let mut condition = Condition::all();
        if let Some(status) = self.status.as_deref().filter(|s| !s.is_empty()) {
            if !STATUSES.contains(&status) {
                return Err(Error::BadRequest("status must be waiting, sending, sent or failed".into()));
            }
            condition = condition.add(Column::Status.eq(status));
        }
        if let Some(kind) = self.kind.as_deref().filter(|k| !k.is_empty()) {
            if !Kind::ALL.iter().any(|known| known.name() == kind) {
                return Err(Error::BadRequest("kind must be booking, confirmation, update or test".into()));
            }
            condition = condition.add(Column::Kind.eq(kind));
        }
        if let Some(update) = self.update_id {
            condition = condition.add(Column::UpdateId.eq(update));
        }
        Ok(condition)
    }

    fn describe(&self, _lang: Lang) -> Option<String> {
        None
    }
}

/// Counts of messages by status, narrowed by `condition`.
pub async fn counts(db: &DatabaseConnection, condition: Condition) -> Result<Vec<(String, i64)>> {
    Ok(entity::Entity::find()
        .select_only()
        .column(Column::Status)
        .column_as(Expr::col(Column::Id).count(), "n")
        .filter(condition)
        .group_by(Column::Status)
        .into_tuple::<(String, i64)>()
        .all(db)
        .await?)
}

/// Whether mail is on, and how many messages wait, are being sent, were sent or failed.
#[utoipa::path(get, path = "/api/admin/mail", tag = "mail", operation_id = "mail_status",
    security(("bearer" = ["communications"])),
    responses(
        (status = 200, description = "The relay and the outbox's counts", body = MailStatus),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn status(_admin: AdminUser, State(state): State<AppState>) -> Result<Json<MailStatus>> {
    let by_status = counts(&state.db, Condition::all()).await?;
    let count = |status: &str| by_status.iter().find(|(s, _)| s == status).map_or(0, |(_, n)| *n as u64);
    let settings = state.mail.settings();
    Ok(Json(MailStatus {
        configured: settings.is_some(),
        from: settings.map(|s| s.from.clone()),
        rate_per_minute: settings.and_then(|s| s.rate_per_minute),
        waiting: count(WAITING),
        sending: count(SENDING),
        sent: count(SENT),
        failed: count(FAILED),
    }))
}

/// The send log: every message, newest first, searched by recipient or subject.
#[utoipa::path(get, path = "/api/admin/mail/messages", tag = "mail", operation_id = "mail_messages",
    security(("bearer" = ["communications"])),
    params(ListQuery, MailFilter),
    responses(
        (status = 200, description = "One page of the log", body = Vec<MailMessage>,
            headers(("x-total-count" = u64, description = "Rows in the whole filtered list"))),
        (status = 400, description = "Unknown sort field, bad paging or filter", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn messages(
    _admin: AdminUser,
    State(db): State<DatabaseConnection>,
    Query(query): Query<ListQuery>,
    Query(filter): Query<MailFilter>,
) -> Result<Response> {
    let (rows, total) = admin_list::page::<MailLog>(&db, &query, filter.condition()?).await?;
    Ok(admin_list::with_total(total, rows))
}

/// Send a failed message again: it waits for the worker, with its attempts counted afresh.
#[utoipa::path(post, path = "/api/admin/mail/messages/{id}/retry", tag = "mail", operation_id = "mail_send_again",
    security(("bearer" = ["communications"])),
    params(("id" = i32, Path, description = "Message id")),
    responses(
        (status = 200, description = "Waiting to be sent", body = MailMessage),
        (status = 409, description = "The message has not failed", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn send_again(admin: AdminUser, State(state): State<AppState>, Path(id): Path<i32>) -> Result<Json<MailMessage>> {
    let txn = crate::db::begin_write(&state.db).await?;
    let before = crate::db::lock_or_404::<entity::Entity>(&txn, id).await?;
    if before.status != FAILED {
        return Err(Error::Conflict(NOT_FAILED));
    }
    let mut message = before.clone().into_active_model();
    message.status = Set(WAITING.to_owned());
    message.attempts = Set(0);
    message.next_attempt_at = Set(chrono::Utc::now().fixed_offset());
    let message = message.update(&txn).await?;
    let summary = format!("Sent again message {} to {}", message.id, message.recipient);
    admin.record(&txn, Action::Send, Some(id), summary, audit::changed(&before, &message)).await?;
    txn.commit().await?;
    state.mail.wake();
    Ok(Json(message))
}
