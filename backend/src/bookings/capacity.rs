//! Capacity: rooms per room type, bookings per puja per day, and closed (blocked) dates per
//! kind. Nothing set means no limit. [`reserve`] runs inside the booking's transaction while
//! [`lock`] is held, so the check and the insert stay one step under concurrent requests.
use std::collections::BTreeMap;

use axum::{
    Json,
    extract::{Path, Query, State, rejection::{JsonRejection, PathRejection, QueryRejection}},
    http::StatusCode,
};
use chrono::{Days, NaiveDate};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, EntityTrait,
    QueryFilter, QueryOrder, Set, TransactionTrait,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    BookingKind, CONFIRMED, RoomType,
    entity::{self as booking, Column as BookingColumn},
    requests::NewBooking,
};
use crate::{
    auth::AdminUser,
    error::{Error, Result, responses},
    state::AppState,
    validation::{FormRules, Rule, Valid, Validate},
};

/// The highest limit an administrator can set.
pub const MAX_LIMIT: i32 = 10_000;
/// The longest range the availability route answers for.
const MAX_AVAILABILITY_DAYS: u64 = 400;

pub const ROOMS_FULL: &str = "No rooms of this type are free for these dates.";
pub const DAY_FULL: &str = "This day is fully booked.";
pub const DAY_CLOSED: &str = "Bookings are closed on this date.";
const ALREADY_CLOSED: &str = "This date is already closed.";
const LIMIT_MESSAGE: &str = "Enter a whole number up to 10000, or leave empty for no limit.";

mod limit {
    use sea_orm::entity::prelude::*;

    /// One limit: `slot` is `room:<type>` or a puja kind; `per_day` rooms or bookings a day.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "booking_limits")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub slot: String,
        pub per_day: i32,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

mod blocked {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "blocked_dates")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i32,
        pub kind: String,
        pub date: Date,
        pub reason: String,
        pub created_at: DateTimeWithTimeZone,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// The limit's key: a room type's rooms, or a puja's bookings per day.
fn slot(kind: BookingKind, room_type: Option<RoomType>) -> String {
    match (kind, room_type) {
        (BookingKind::Room, Some(room_type)) => format!("room:{}", room_type.as_str()),
        (kind, _) => kind.as_str().to_owned(),
    }
}

/// One booking (of any kind) at a time: the capacity check, the reference sequence and the
/// insert see every earlier booking. In this process a mutex; across processes sharing a
/// PostgreSQL database a transaction-scoped advisory lock taken by [`reserve`]; on SQLite the
/// booking's transaction also takes the write lock at its start (`db::begin_write`).
static BOOKING_LOCK: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
const ADVISORY_KEY: i64 = 0x5341_4d49_5449_0001;

pub async fn lock() -> tokio::sync::MutexGuard<'static, ()> {
    BOOKING_LOCK.lock().await
}

/// The booked nights (room) or the day (puja): `[first, end)`.
fn days_of(new: &NewBooking) -> (NaiveDate, NaiveDate) {
    let next_day = new.date.checked_add_days(Days::new(1)).unwrap_or(new.date);
    (new.date, new.end_date.filter(|end| *end > new.date).unwrap_or(next_day))
}

/// Refuses (409, under the date field) a booking on a closed day or beyond the capacity of any
/// of its days. Call with [`lock`] held, inside the transaction that inserts the booking.
pub async fn reserve(txn: &DatabaseTransaction, kind: BookingKind, new: &NewBooking) -> Result<()> {
    if txn.get_database_backend() == sea_orm::DatabaseBackend::Postgres {
        txn.execute_unprepared(&format!("SELECT pg_advisory_xact_lock({ADVISORY_KEY})")).await?;
    }
    let field = if kind == BookingKind::Room { "checkIn" } else { "pujaDate" };
    let (first, end) = days_of(new);
    let closed = blocked::Entity::find()
        .filter(blocked::Column::Kind.eq(kind.as_str()))
        .filter(blocked::Column::Date.gte(first))
        .filter(blocked::Column::Date.lt(end))
        .one(txn)
        .await?;
    if closed.is_some() {
        return Err(Error::ConflictField { field, message: DAY_CLOSED });
    }
    let Some(limit) = limit::Entity::find_by_id(slot(kind, new.room_type)).one(txn).await? else {
        return Ok(());
    };
    let taken = occupancy(txn, kind, new.room_type, first, end).await?;
    if taken.values().any(|count| *count >= i64::from(limit.per_day)) || limit.per_day == 0 {
        let message = if kind == BookingKind::Room { ROOMS_FULL } else { DAY_FULL };
        return Err(Error::ConflictField { field, message });
    }
    Ok(())
}

/// Confirmed bookings per day in `[first, end)` of a kind (and room type, for rooms).
async fn occupancy(
    db: &impl ConnectionTrait,
    kind: BookingKind,
    room_type: Option<RoomType>,
    first: NaiveDate,
    end: NaiveDate,
) -> Result<BTreeMap<NaiveDate, i64>> {
    let mut select = booking::Entity::find()
        .filter(BookingColumn::Kind.eq(kind.as_str()))
        .filter(BookingColumn::Status.eq(CONFIRMED))
        .filter(BookingColumn::Date.lt(end));
    select = if kind == BookingKind::Room {
        select.filter(BookingColumn::EndDate.gt(first))
    } else {
        select.filter(BookingColumn::Date.gte(first))
    };
    if let Some(room_type) = room_type {
        select = select.filter(BookingColumn::RoomType.eq(room_type.as_str()));
    }
    let mut taken = BTreeMap::new();
    for stay in select.all(db).await? {
        let stay_end = stay.end_date.filter(|e| *e > stay.date).unwrap_or(stay.date.succ_opt().unwrap_or(stay.date));
        let mut day = stay.date.max(first);
        while day < stay_end.min(end) {
            *taken.entry(day).or_insert(0) += 1;
            day = day.succ_opt().unwrap_or(end);
        }
    }
    Ok(taken)
}

// ---- Public availability ----

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
async fn availability(
    State(db): State<DatabaseConnection>,
    query: std::result::Result<Query<AvailabilityQuery>, QueryRejection>,
) -> Result<Json<Availability>> {
    let Query(query) = query?;
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
    let slots: Vec<Option<RoomType>> = match (query.kind, query.room_type) {
        (BookingKind::Room, None) => RoomType::ALL.into_iter().map(Some).collect(),
        (BookingKind::Room, Some(room_type)) => vec![Some(room_type)],
        _ => vec![None],
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

// ---- Administrator: limits ----

/// A limit: a whole JSON number (`3` or `3.0`) or null.
fn whole_number<'de, D: serde::Deserializer<'de>>(deserializer: D) -> std::result::Result<Option<i32>, D::Error> {
    let Some(value) = Option::<f64>::deserialize(deserializer)? else { return Ok(None) };
    if value.fract() != 0.0 || value.abs() > f64::from(i32::MAX) {
        return Err(serde::de::Error::custom("a limit is a whole number"));
    }
    Ok(Some(value as i32))
}

#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, ToSchema)]
pub struct RoomLimits {
    #[schema(minimum = 0, maximum = 10_000)]
    #[serde(default, deserialize_with = "whole_number")]
    pub standard: Option<i32>,
    #[schema(minimum = 0, maximum = 10_000)]
    #[serde(default, deserialize_with = "whole_number")]
    pub deluxe: Option<i32>,
    #[schema(minimum = 0, maximum = 10_000)]
    #[serde(default, deserialize_with = "whole_number")]
    pub suite: Option<i32>,
}

#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, ToSchema)]
pub struct PujaLimits {
    #[schema(minimum = 0, maximum = 10_000)]
    #[serde(default, deserialize_with = "whole_number")]
    pub markandeya: Option<i32>,
    #[schema(minimum = 0, maximum = 10_000)]
    #[serde(default, deserialize_with = "whole_number")]
    pub poshavvadevi: Option<i32>,
    #[schema(minimum = 0, maximum = 10_000)]
    #[serde(default, deserialize_with = "whole_number")]
    pub shitaladevi: Option<i32>,
}

/// Rooms per room type and bookings per puja per day; `null` is no limit.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, ToSchema)]
pub struct Capacity {
    pub rooms: RoomLimits,
    pub pujas_per_day: PujaLimits,
}

impl Capacity {
    /// Every limit with its field path and slot.
    fn entries(&self) -> [(&'static str, String, Option<i32>); 6] {
        let room = |t| slot(BookingKind::Room, Some(t));
        let puja = |k| slot(k, None);
        [
            ("rooms.standard", room(RoomType::Standard), self.rooms.standard),
            ("rooms.deluxe", room(RoomType::Deluxe), self.rooms.deluxe),
            ("rooms.suite", room(RoomType::Suite), self.rooms.suite),
            ("pujas_per_day.markandeya", puja(BookingKind::Markandeya), self.pujas_per_day.markandeya),
            ("pujas_per_day.poshavvadevi", puja(BookingKind::Poshavvadevi), self.pujas_per_day.poshavvadevi),
            ("pujas_per_day.shitaladevi", puja(BookingKind::Shitaladevi), self.pujas_per_day.shitaladevi),
        ]
    }
}

async fn read_capacity(db: &DatabaseConnection) -> Result<Capacity> {
    let stored: BTreeMap<String, i32> =
        limit::Entity::find().all(db).await?.into_iter().map(|row| (row.slot, row.per_day)).collect();
    let get = |kind, room_type| stored.get(&slot(kind, room_type)).copied();
    Ok(Capacity {
        rooms: RoomLimits {
            standard: get(BookingKind::Room, Some(RoomType::Standard)),
            deluxe: get(BookingKind::Room, Some(RoomType::Deluxe)),
            suite: get(BookingKind::Room, Some(RoomType::Suite)),
        },
        pujas_per_day: PujaLimits {
            markandeya: get(BookingKind::Markandeya, None),
            poshavvadevi: get(BookingKind::Poshavvadevi, None),
            shitaladevi: get(BookingKind::Shitaladevi, None),
        },
    })
}

/// The capacity (administrator).
#[utoipa::path(get, path = "/api/bookings/capacity", tag = "booking-capacity", operation_id = "booking_capacity_get",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The limits; null is no limit", body = Capacity),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn get_capacity(_admin: AdminUser, State(db): State<DatabaseConnection>) -> Result<Json<Capacity>> {
    Ok(Json(read_capacity(&db).await?))
}

/// Replace the capacity (administrator): each limit 0–10000, or null for no limit.
#[utoipa::path(put, path = "/api/bookings/capacity", tag = "booking-capacity", operation_id = "booking_capacity_put",
    security(("bearer" = [])), request_body = Capacity,
    responses(
        (status = 200, description = "The saved limits", body = Capacity),
        responses::BodyErrors, responses::AdminErrors, responses::ServerErrors,
    ))]
async fn put_capacity(
    _admin: AdminUser,
    State(db): State<DatabaseConnection>,
    body: std::result::Result<Json<serde_json::Value>, JsonRejection>,
) -> Result<Json<Capacity>> {
    let Json(body) = body?;
    // serde would also read a struct from an array (by position): only objects are limits.
    if !["rooms", "pujas_per_day"].iter().all(|group| body.get(group).is_some_and(serde_json::Value::is_object)) {
        return Err(Error::MalformedBody);
    }
    let capacity: Capacity = serde_json::from_value(body).map_err(|_| Error::MalformedBody)?;
    let errors: crate::error::FieldErrors = capacity
        .entries()
        .into_iter()
        .filter(|(_, _, value)| value.is_some_and(|v| !(0..=MAX_LIMIT).contains(&v)))
        .map(|(field, _, _)| (field.to_owned(), LIMIT_MESSAGE.to_owned()))
        .collect();
    if !errors.is_empty() {
        return Err(Error::Validation(errors));
    }
    let txn = db.begin().await?;
    limit::Entity::delete_many().exec(&txn).await?;
    for (_, slot, value) in capacity.entries() {
        if let Some(per_day) = value {
            limit::ActiveModel { slot: Set(slot), per_day: Set(per_day) }.insert(&txn).await?;
        }
    }
    txn.commit().await?;
    Ok(Json(read_capacity(&db).await?))
}

// ---- Administrator: closed dates ----

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
            Rule::OneOf { values: &["room", "markandeya", "poshavvadevi", "shitaladevi"], message: "Please select a booking" },
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
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Every closed date", body = Vec<BlockedDate>),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn list_blocked(_admin: AdminUser, State(db): State<DatabaseConnection>) -> Result<Json<Vec<BlockedDate>>> {
    let rows = blocked::Entity::find()
        .order_by_asc(blocked::Column::Date)
        .order_by_asc(blocked::Column::Kind)
        .all(&db)
        .await?;
    Ok(Json(rows.into_iter().map(BlockedDate::from).collect()))
}

/// Close a day for one kind (administrator). Bookings already made stay; new ones are refused.
#[utoipa::path(post, path = "/api/bookings/blocked-dates", tag = "booking-capacity", operation_id = "blocked_dates_create",
    security(("bearer" = [])), request_body = BlockedDateInput,
    responses(
        (status = 201, description = "Closed", body = BlockedDate),
        (status = 409, description = "The day is already closed for this kind", body = crate::error::ErrorBody),
        responses::BodyErrors, responses::AdminErrors, responses::ServerErrors,
    ))]
async fn add_blocked(
    _admin: AdminUser,
    State(db): State<DatabaseConnection>,
    Valid(input): Valid<BlockedDateInput>,
) -> Result<(StatusCode, Json<BlockedDate>)> {
    let row = blocked::ActiveModel {
        kind: Set(input.kind.as_str().to_owned()),
        date: Set(input.date),
        reason: Set(input.reason.trim().to_owned()),
        created_at: Set(chrono::Utc::now().fixed_offset()),
        ..Default::default()
    }
    .insert(&db)
    .await
    .map_err(|err| match Error::conflict_on_unique(err, ALREADY_CLOSED) {
        Error::Conflict(message) => Error::ConflictField { field: "date", message },
        other => other,
    })?;
    Ok((StatusCode::CREATED, Json(row.into())))
}

/// Open a closed day again (administrator).
#[utoipa::path(delete, path = "/api/bookings/blocked-dates/{id}", tag = "booking-capacity", operation_id = "blocked_dates_delete",
    security(("bearer" = [])),
    params(("id" = i32, Path, description = "Closed date id")),
    responses(
        (status = 204, description = "Removed"),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn remove_blocked(
    _admin: AdminUser,
    State(db): State<DatabaseConnection>,
    id: std::result::Result<Path<i32>, PathRejection>,
) -> Result<StatusCode> {
    let Path(id) = id?;
    let removed = blocked::Entity::delete_by_id(id).exec(&db).await?;
    if removed.rows_affected == 0 {
        return Err(Error::NotFound);
    }
    Ok(StatusCode::NO_CONTENT)
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(availability))
        .routes(routes!(get_capacity, put_capacity))
        .routes(routes!(list_blocked, add_blocked))
        .routes(routes!(remove_blocked))
}
