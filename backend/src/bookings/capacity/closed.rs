//! Closed dates: days on which a kind takes no bookings (administrator).
use axum::{Json, extract::State, http::StatusCode};
use chrono::NaiveDate;
use sea_orm::{ActiveModelTrait, DatabaseConnection, EntityTrait, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::store::blocked;
use crate::{
    audit::{self, Action, Changes},
    auth::AdminUser,
    bookings::kinds::BookingKind,
    error::{Error, Result, responses},
    extract::Path,
    validation::{FormRules, Rule, Valid, Validate},
};

const ALREADY_CLOSED: &str = "This date is already closed.";

/// A day on which a kind takes no bookings.
#[derive(Debug, Serialize, ToSchema)]
pub struct BlockedDate {
    pub id: i32,
    pub kind: BookingKind,
    #[schema(value_type = String, format = Date)]
    pub date: NaiveDate,
    pub reason: String,
}

impl From<blocked::Model> for BlockedDate {
    fn from(row: blocked::Model) -> Self {
        Self {
            id: row.id,
            kind: BookingKind::parse(&row.kind).unwrap_or(BookingKind::Room),
            date: row.date,
            reason: row.reason,
        }
    }
}

/// The form that closes a day.
#[derive(Debug, Deserialize, ToSchema)]
pub struct BlockedDateInput {
    #[schema(value_type = String, example = "markandeya")]
    pub kind: BookingKind,
    #[schema(value_type = String, format = Date)]
    pub date: NaiveDate,
    #[schema(example = "Ashadhi Ekadashi")]
    pub reason: String,
}

impl Validate for BlockedDateInput {
    const FORM: &'static str = "blockedDate";
    const RULES: FormRules = &[
        ("kind", &[
            Rule::Required { message: "Please select a booking" },
            Rule::OneOf { values: &BookingKind::NAMES, message: "Please select a booking" },
        ]),
        ("date", &[
            Rule::Required { message: "Please select a date" },
            Rule::Date { message: "Invalid date" },
            Rule::NotPast { message: "Date cannot be in the past" },
        ]),
        ("reason", &[
            Rule::Required { message: "Please enter a reason" },
            Rule::MaxLength { max: 200, message: "Maximum 200 characters allowed" },
            Rule::NoEmoji { message: "Emojis are not allowed" },
        ]),
    ];
}

/// The closed dates, by date (administrator).
#[utoipa::path(get, path = "/api/bookings/blocked-dates", tag = "booking-capacity", operation_id = "blocked_dates_list",
    security(("bearer" = ["bookings"])),
    responses(
        (status = 200, description = "Every closed date", body = Vec<BlockedDate>),
        responses::AdminErrors, responses::ServerErrors,
    ))]
pub async fn list_blocked(_admin: AdminUser, State(db): State<DatabaseConnection>) -> Result<Json<Vec<BlockedDate>>> {
    let rows = blocked::Entity::find()
        .order_by_asc(blocked::Column::Date)
        .order_by_asc(blocked::Column::Kind)
        .all(&db)
        .await?;
    Ok(Json(rows.into_iter().map(BlockedDate::from).collect()))
}

/// Close a day for one kind (administrator). Bookings already made stay; new ones are refused.
#[utoipa::path(post, path = "/api/bookings/blocked-dates", tag = "booking-capacity", operation_id = "blocked_dates_create",
    security(("bearer" = ["bookings"])), request_body = BlockedDateInput,
    responses(
        (status = 201, description = "Closed", body = BlockedDate),
        (status = 409, description = "The day is already closed for this kind", body = crate::error::ErrorBody),
        responses::BodyErrors, responses::AdminErrors, responses::ServerErrors,
    ))]
pub async fn add_blocked(
    admin: AdminUser,
    State(db): State<DatabaseConnection>,
    Valid(input): Valid<BlockedDateInput>,
) -> Result<(StatusCode, Json<BlockedDate>)> {
    let txn = crate::db::begin_write(&db).await?;
    let row = blocked::ActiveModel {
        kind: Set(input.kind.as_str().to_owned()),
        date: Set(input.date),
        reason: Set(input.reason.trim().to_owned()),
        created_at: Set(chrono::Utc::now().fixed_offset()),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(|err| match Error::conflict_on_unique(err, ALREADY_CLOSED) {
        Error::Conflict(message) => Error::ConflictField { field: "date", message },
        other => other,
    })?;
    let summary = format!("Closed {} for {}", row.date, row.kind);
    admin.record(&txn, Action::Create, Some(row.id), summary, Changes::created(audit::row(&row))).await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, Json(row.into())))
}

/// Open a closed day again (administrator).
#[utoipa::path(delete, path = "/api/bookings/blocked-dates/{id}", tag = "booking-capacity", operation_id = "blocked_dates_delete",
    security(("bearer" = ["bookings"])),
    params(("id" = i32, Path, description = "Closed date id")),
    responses(
        (status = 204, description = "Removed"),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
pub async fn remove_blocked(
    admin: AdminUser,
    State(db): State<DatabaseConnection>,
    Path(id): Path<i32>,
) -> Result<StatusCode> {
    let txn = crate::db::begin_write(&db).await?;
    let row = crate::db::lock_or_404::<blocked::Entity>(&txn, id).await?;
    blocked::Entity::delete_by_id(id).exec(&txn).await?;
    let summary = format!("Opened {} again for {}", row.date, row.kind);
    admin.record(&txn, Action::Delete, Some(id), summary, Changes::deleted(audit::row(&row))).await?;
    txn.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
