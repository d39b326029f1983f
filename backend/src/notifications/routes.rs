//! Notifications live at `/notifications`, without the `/api` prefix, as the specification says.
use axum::{
    Json,
    extract::{RawQuery, State},
    http::{HeaderMap, StatusCode},
    response::Response,
};
use sea_orm::{ActiveModelTrait, IntoActiveModel, Set};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::entity::{self, Column, Model as Notification};
use crate::{
    admin_list::{self, AdminList, ListQuery, declare, moment, text},
    api_doc::Tag,
    audit::{self, Action, Changes},
    auth::AdminUser,
    db,
    documents::{Bilingual, Cell, Column as DocColumn, Lang},
    error::{Result, responses},
    events::RealtimeEvent,
    extract::{Path, Query},
    public_cache::NOTIFICATIONS,
    state::AppState,
    validation::{FormRules, Rule, Valid, Validate},
};

pub fn router() -> OpenApiRouter<AppState> {
    declare::<NotificationList>(OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(update, delete)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NotificationInput {
    #[schema(example = "गणेशोत्सव: २७ ऑगस्ट रोजी सायंकाळी ७ वाजता आरती")]
    pub message: String,
}

impl Validate for NotificationInput {
    const FORM: &'static str = "notification";
    const RULES: FormRules = &[(
        "message",
        &[
            Rule::Required { message: "Notification message is required" },
            Rule::MaxLength { max: 500, message: "Maximum 500 characters allowed" },
        ],
    )];
}

pub struct NotificationList;

impl AdminList for NotificationList {
    const ROLE: crate::roles::Role = crate::roles::Role::Content;
    type Entity = entity::Entity;
    type Model = Notification;
    const SORTABLE: &'static [(&'static str, Column)] =
        &[("created_at", Column::CreatedAt), ("id", Column::Id), ("message", Column::Message)];
    const SEARCHABLE: &'static [Column] = &[Column::Message];
    const PATH: &'static str = "/notifications";
    const TAG: Tag = Tag::new("notifications", "The updates banner");
    const FILE_STEM: &'static str = "notifications";
    const TITLE: Bilingual = Bilingual::new("Notifications", "सूचना");

    fn export_columns(lang: Lang) -> Vec<DocColumn> {
        vec![
            DocColumn::new(lang.pick("Id", "क्रमांक"), 0.5),
            DocColumn::new(lang.pick("Message", "संदेश"), 5.0),
            DocColumn::new(lang.pick("Created", "दिनांक"), 1.5),
        ]
    }

    fn export_row(n: &Notification, _lang: Lang) -> Vec<Cell> {
        vec![Cell::Integer(n.id.into()), text(&n.message), moment(n.created_at)]
    }
}

/// The notifications, newest first (public; the banner shows the first). Without query
/// parameters the list is answered from memory with an `ETag`; `If-None-Match` with it
/// answers 304.
#[utoipa::path(get, path = "/notifications", tag = "notifications", operation_id = "notifications_list", params(ListQuery),
    responses(
        (status = 200, description = "Newest first", body = Vec<Notification>,
            headers(("x-total-count" = u64, description = "Rows in the whole filtered list"),
                ("etag" = String, description = "Strong tag of this content (without query parameters)"))),
        responses::NotModified,
        (status = 400, description = "Unknown sort field", body = crate::error::ErrorBody),
        responses::ServerErrors,
    ))]
async fn list(
    State(state): State<AppState>,
    headers: HeaderMap,
    RawQuery(raw): RawQuery,
    Query(query): Query<ListQuery>,
) -> Result<Response> {
    let build = admin_list::list::<NotificationList>(&state.db, &query);
    // Searches, other pages and sorts are rarer: they go to the database.
    if raw.is_some_and(|raw| !raw.is_empty()) {
        return build.await;
    }
    state.public_cache.respond(NOTIFICATIONS, "", &headers, build).await
}

/// Add a notification (administrator).
#[utoipa::path(post, path = "/notifications", tag = "notifications", operation_id = "notifications_create", request_body = NotificationInput,
    security(("bearer" = ["content"])),
    responses(
        (status = 201, description = "Added", body = Notification),
        responses::AdminErrors, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn create(
    admin: AdminUser,
    State(state): State<AppState>,
    Valid(input): Valid<NotificationInput>,
) -> Result<(StatusCode, Json<Notification>)> {
    let txn = db::begin_write(&state.db).await?;
    let notification = entity::ActiveModel {
        message: Set(input.message.trim().to_owned()),
        created_at: Set(chrono::Utc::now().fixed_offset()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let summary = format!("Added notification #{}", notification.id);
    admin.record(&txn, Action::Create, Some(notification.id), summary, Changes::created(audit::row(&notification))).await?;
    txn.commit().await?;
    state.hub.publish(RealtimeEvent::NotificationUpdated).await;
    Ok((StatusCode::CREATED, Json(notification)))
}

/// Change a notification's text (administrator).
#[utoipa::path(put, path = "/notifications/{id}", tag = "notifications", operation_id = "notifications_update", request_body = NotificationInput,
    security(("bearer" = ["content"])),
    params(("id" = i32, Path, description = "Notification id")),
    responses(
        (status = 200, description = "Updated", body = Notification),
        responses::AdminErrors, responses::NotFound, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn update(
    admin: AdminUser,
    State(state): State<AppState>,
    Path(id): Path<i32>,
    Valid(input): Valid<NotificationInput>,
) -> Result<Json<Notification>> {
    let txn = db::begin_write(&state.db).await?;
    let before = db::lock_or_404::<entity::Entity>(&txn, id).await?;
    let mut notification = before.clone().into_active_model();
    notification.message = Set(input.message.trim().to_owned());
    let notification = notification.update(&txn).await?;
    admin.record(&txn, Action::Update, Some(id), format!("Changed notification #{id}"), audit::changed(&before, &notification)).await?;
    txn.commit().await?;
    state.hub.publish(RealtimeEvent::NotificationUpdated).await;
    Ok(Json(notification))
}

/// Remove a notification (administrator).
#[utoipa::path(delete, path = "/notifications/{id}", tag = "notifications", operation_id = "notifications_delete", security(("bearer" = ["content"])),
    params(("id" = i32, Path, description = "Notification id")),
    responses(
        (status = 204, description = "Deleted"),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn delete(
    admin: AdminUser,
    State(state): State<AppState>,
    Path(id): Path<i32>,
) -> Result<StatusCode> {
    admin_list::delete_recorded::<NotificationList>(&state.db, &admin.actor(), &admin.section, id).await?;
    state.hub.publish(RealtimeEvent::NotificationUpdated).await;
    Ok(StatusCode::NO_CONTENT)
}
