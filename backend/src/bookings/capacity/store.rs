//! The stored limits and closed dates, and the check a booking passes before it is stored.
use std::collections::BTreeMap;

use chrono::{Days, NaiveDate};
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter};

use crate::{
    bookings::{
        entity::{self as booking, Column as BookingColumn},
        kinds::{BookingForm, BookingKind, CONFIRMED, RoomType},
        requests::NewBooking,
    },
    error::{Error, Result},
};

/// The highest limit an administrator can set.
pub const MAX_LIMIT: i32 = 10_000;

pub const ROOMS_FULL: &str = "No rooms of this type are free for these dates.";
pub const DAY_FULL: &str = "This day is fully booked.";
pub const DAY_CLOSED: &str = "Bookings are closed on this date.";

pub mod limit {
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

pub mod blocked {
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
pub fn slot(kind: BookingKind, room_type: Option<RoomType>) -> String {
    match (kind.facts().form, room_type) {
        (BookingForm::Room, Some(room_type)) => format!("room:{}", room_type.as_str()),
        _ => kind.as_str().to_owned(),
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
    let field = if kind.is_puja() { "pujaDate" } else { "checkIn" };
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
        let message = if kind.is_puja() { DAY_FULL } else { ROOMS_FULL };
        return Err(Error::ConflictField { field, message });
    }
    Ok(())
}

/// Confirmed bookings per day in `[first, end)` of a kind (and room type, for rooms).
pub async fn occupancy(
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
    select = if kind.is_puja() {
        select.filter(BookingColumn::Date.gte(first))
    } else {
        select.filter(BookingColumn::EndDate.gt(first))
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
