//! Notifications live at `/notifications`, without the `/api` prefix, as the specification says.
use axum::{
    Json,
    extract::{RawQuery, State},
    http::{HeaderMap, StatusCode},
    response::Response,
};
use sea_orm::{ActiveModelTrait, ColumnTrait, Condition, IntoActiveModel, Set};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
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
    declare::<NotificationList>(
        OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(update, delete)).routes(routes!(list_for_administrators)),
    )
}

const MESSAGE_RULES: &[Rule] = &[
    Rule::Required { message: "Notification message is required" },
    Rule::MaxLength { max: 500, message: "Maximum 500 characters allowed" },
];

/// A notification as an administrator writes it (docs/DESIGN.md §6).
#[derive(Debug, Deserialize, ToSchema)]
pub struct NotificationInput {
    /// The English text.
    #[schema(example = "Ganeshotsav: aarti on 27 August at 7 pm")]
    pub message: String,
    /// The Marathi text (optional: Marathi readers then see the English).
    #[serde(default)]
    #[schema(example = "गणेशोत्सव: २७ ऑगस्ट रोजी सायंकाळी ७ वाजता आरती")]
    pub message_mr: Option<String>,
    /// The last day it is in the banner (`YYYY-MM-DD`, not past); empty: until removed.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub ends_on: Option<String>,
}

impl Validate for NotificationInput {
    const FORM: &'static str = "notification";
    const RULES: FormRules = &[
        ("message", MESSAGE_RULES),
        ("message_mr", &[Rule::MaxLength { max: 500, message: "Maximum 500 characters allowed" }]),
        ("ends_on", &[
            Rule::Date { message: "Invalid date" },
            Rule::NotPast { message: "The end date cannot be in the past" },
        ]),
    ];
}

impl NotificationInput {
    /// The texts trimmed (an empty Marathi text is none) and the end date read.
    fn values(&self) -> (String, Option<String>, Option<chrono::NaiveDate>) {
        let message_mr = self.message_mr.as_deref().map(str::trim).filter(|text| !text.is_empty()).map(str::to_owned);
        let ends_on = self.ends_on.as_deref().map(str::trim).and_then(|day| chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").ok());
        (self.message.trim().to_owned(), message_mr, ends_on)
    }
}

pub struct NotificationList;

impl AdminList for NotificationList {
    const ROLE: crate::roles::Role = crate::roles::Role::Content;
    type Entity = entity::Entity;
    type Model = Notification;
    const SORTABLE: &'static [(&'static str, Column)] = &[
        ("created_at", Column::CreatedAt),
        ("id", Column::Id),
        ("message", Column::Message),
        ("ends_on", Column::EndsOn),
    ];
    const SEARCHABLE: &'static [Column] = &[Column::Message, Column::MessageMr];
    const PATH: &'static str = "/notifications";
    const TAG: Tag = Tag::new("notifications", "The updates banner");
    const FILE_STEM: &'static str = "notifications";
    const TITLE: Bilingual = Bilingual::new("Notifications", "सूचना");

    fn export_columns(lang: Lang) -> Vec<DocColumn> {
        vec![
            DocColumn::new(lang.pick("Id", "क्रमांक"), 0.5),
            DocColumn::new(lang.pick("Message (English)", "संदेश (इंग्रजी)"), 3.0),
            DocColumn::new(lang.pick("Message (Marathi)", "संदेश (मराठी)"), 3.0),
            DocColumn::new(lang.pick("Until", "शेवटचा दिवस"), 1.0),
            DocColumn::new(lang.pick("Created", "दिनांक"), 1.5),
        ]
    }

    fn export_row(n: &Notification, _lang: Lang) -> Vec<Cell> {
        vec![
            Cell::Integer(n.id.into()),
            text(&n.message),
            text(n.message_mr.as_deref().unwrap_or("")),
            n.ends_on.map_or_else(|| text(""), Cell::Date),
            moment(n.created_at),
        ]
    }
}

/// A line of the banner, in the visitor's language.
#[derive(Debug, Serialize, ToSchema)]
pub struct BannerNotification {
    pub id: i32,
    /// In the visitor's language, or the other one when it has none.
    pub message: String,
    /// The last day it is shown; none: until removed.
    #[schema(value_type = Option<String>, format = Date)]
    pub ends_on: Option<chrono::NaiveDate>,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: chrono::DateTime<chrono::FixedOffset>,
}

/// The visitor's language: `lng` as the pages take it.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BannerLanguage {
    /// `en` or `mr`; without it the `i18next` cookie, then `Accept-Language`.
    // Documents the parameter: `web::choose_language` reads it from the raw query, as the pages do.
    #[allow(dead_code)]
    pub lng: Option<String>,
}

/// The notifications still in the banner (no end date, or one not past), newest first, each in
/// the visitor's language (public; the banner shows them). Without query parameters other
/// than `lng` the list is answered from memory with an `ETag`; `If-None-Match` with it answers
/// 304.
#[utoipa::path(get, path = "/notifications", tag = "notifications", operation_id = "notifications_list", params(ListQuery, BannerLanguage),
    responses(
        (status = 200, description = "Newest first", body = Vec<BannerNotification>,
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
    let lang = match crate::web::choose_language(raw.as_deref(), &headers) {
        crate::web::Language::Mr => Lang::Mr,
        crate::web::Language::En => Lang::En,
    };
    let today = crate::validation::today_in_india();
    let db = state.db.clone();
    let build = async move {
        let shown = Condition::any().add(Column::EndsOn.is_null()).add(Column::EndsOn.gte(today));
        let (rows, total) = admin_list::page::<NotificationList>(&db, &query, shown).await?;
        let banner: Vec<BannerNotification> = rows
            .into_iter()
            .map(|n| BannerNotification {
                id: n.id,
                message: match (lang, n.message_mr) {
                    (Lang::Mr, Some(marathi)) => marathi,
                    _ => n.message,
                },
                ends_on: n.ends_on,
                created_at: n.created_at,
            })
            .collect();
        Ok(admin_list::with_total(total, banner))
    };
    // Searches, other pages and sorts are rarer: they go to the database. The list kept in
    // memory is one per language and day (a notification leaves the banner after its day).
    let only_language = raw.as_deref().is_none_or(|raw| raw.split('&').all(|pair| pair.is_empty() || pair.starts_with("lng=")));
    let mut response = if only_language {
        state.public_cache.respond(NOTIFICATIONS, &format!("{}:{today}", lang.tag()), &headers, build).await?
    } else {
        build.await?
    };
    // Besides the encoding the cache already names, the answer depends on the language.
    let vary = match response.headers().get(axum::http::header::VARY).and_then(|v| v.to_str().ok()) {
        Some(encoding) => format!("{encoding}, Accept-Language, Cookie"),
        None => "Accept-Language, Cookie".to_owned(),
    };
    if let Ok(vary) = axum::http::HeaderValue::from_str(&vary) {
        response.headers_mut().insert(axum::http::header::VARY, vary);
    }
    Ok(response)
}

/// Every notification with both texts and its end date, those past their day too (administrator).
#[utoipa::path(get, path = "/api/admin/notifications", tag = "notifications", operation_id = "notifications_admin_list", params(ListQuery),
    security(("bearer" = ["content"])),
    responses(
        (status = 200, description = "Newest first", body = Vec<Notification>,
            headers(("x-total-count" = u64, description = "Rows in the whole filtered list"))),
        (status = 400, description = "Unknown sort field", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn list_for_administrators(_admin: AdminUser, State(state): State<AppState>, Query(query): Query<ListQuery>) -> Result<Response> {
    admin_list::list::<NotificationList>(&state.db, &query).await
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
    let (message, message_mr, ends_on) = input.values();
    let notification = entity::ActiveModel {
        message: Set(message),
        message_mr: Set(message_mr),
        ends_on: Set(ends_on),
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

/// Change a notification's texts and end date (administrator).
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
    let (message, message_mr, ends_on) = input.values();
    notification.message = Set(message);
    notification.message_mr = Set(message_mr);
    notification.ends_on = Set(ends_on);
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
