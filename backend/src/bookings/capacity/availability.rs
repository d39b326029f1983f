//! Full and closed days of a kind, for the booking forms (public).
use axum::{Json, extract::State};
use chrono::{Days, NaiveDate};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::store::{blocked, limit, occupancy, slot};
use crate::{
    bookings::kinds::{BookingKind, RoomType},
    error::{Error, Result, responses},
    extract::Query,
};

/// The longest range the availability route answers for.
const MAX_AVAILABILITY_DAYS: u64 = 400;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AvailabilityQuery {
    pub kind: BookingKind,
    /// First day asked about.
    #[param(value_type = String, format = Date)]
    #[serde(deserialize_with = "crate::validation::latin_query_required")]
    pub from: NaiveDate,
    /// Last day asked about (at most 400 days after `from`).
    #[param(value_type = String, format = Date)]
    #[serde(deserialize_with = "crate::validation::latin_query_required")]
    pub to: NaiveDate,
    /// Rooms only: the room type. Without it a night is full when every limited type is full.
    pub room_type: Option<RoomType>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClosedDay {
    #[schema(value_type = String, format = Date)]
    pub date: NaiveDate,
    pub reason: String,
}

/// Which days cannot be booked.
#[derive(Debug, Serialize, ToSchema)]
pub struct Availability {
    /// Days (nights, for rooms) with no place left.
    #[schema(value_type = Vec<String>)]
    pub full: Vec<NaiveDate>,
    /// Days the organisation has closed, with the reason.
    pub blocked: Vec<ClosedDay>,
}

/// Full and closed days of a kind between two dates (public), so the form can explain them
/// before the visitor submits; the booking itself is still checked.
#[utoipa::path(get, path = "/api/bookings/availability", tag = "bookings", operation_id = "bookings_availability",
    params(AvailabilityQuery),
    responses(
        (status = 200, description = "Full and closed days", body = Availability),
        (status = 400, description = "Missing or bad kind, dates or range", body = crate::error::ErrorBody),
        responses::ServerErrors,
    ))]
pub async fn availability(
    State(db): State<DatabaseConnection>,
    Query(query): Query<AvailabilityQuery>,
) -> Result<Json<Availability>> {
    if query.to < query.from || query.to > query.from + Days::new(MAX_AVAILABILITY_DAYS) {
        return Err(Error::BadRequest(format!("to must be on or after from, within {MAX_AVAILABILITY_DAYS} days")));
    }
    let end = query.to + Days::new(1);
    let blocked = blocked::Entity::find()
        .filter(blocked::Column::Kind.eq(query.kind.as_str()))
        .filter(blocked::Column::Date.gte(query.from))
        .filter(blocked::Column::Date.lt(end))
        .order_by_asc(blocked::Column::Date)
        .all(&db)
        .await?
        .into_iter()
        .map(|row| ClosedDay { date: row.date, reason: row.reason })
        .collect();
    let slots: Vec<Option<RoomType>> = match (query.kind.is_puja(), query.room_type) {
        (false, None) => RoomType::ALL.into_iter().map(Some).collect(),
        (false, Some(room_type)) => vec![Some(room_type)],
        (true, _) => vec![None],
    };
    // A day is full when every slot asked about is full on it.
    let mut full: Option<Vec<NaiveDate>> = None;
    for room_type in slots {
        let Some(limit) = limit::Entity::find_by_id(slot(query.kind, room_type)).one(&db).await? else {
            full = Some(Vec::new());
            break;
        };
        let taken = occupancy(&db, query.kind, room_type, query.from, end).await?;
        let days: Vec<NaiveDate> = query
            .from
            .iter_days()
            .take_while(|day| *day < end)
            .filter(|day| taken.get(day).copied().unwrap_or(0) >= i64::from(limit.per_day))
            .collect();
        full = Some(match full {
            None => days,
            Some(earlier) => earlier.into_iter().filter(|day| days.contains(day)).collect(),
        });
    }
    Ok(Json(Availability { full: full.unwrap_or_default(), blocked }))
}
