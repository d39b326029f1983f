//! The booking policy: what one booking may ask for, with defaults a fresh site starts with
//! (before anyone sets a capacity, nothing else is limited). The `bookings` role edits it on the
//! capacity page (`PUT /api/bookings/capacity`, field `policy`); visitors' forms read it
//! (`GET /api/bookings/policy`) to offer the same choices and explain it before sending, and
//! [`check`] holds every booking to it (422, the message under the field).
use std::collections::BTreeMap;

use axum::{Json, extract::State};
use chrono::{Days, NaiveTime};
use sea_orm::{ConnectionTrait, DatabaseConnection, EntityTrait, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::store::limit;
use crate::{
    bookings::{
        kinds::{BookingKind, RoomType},
        requests::NewBooking,
    },
    error::{Error, FieldErrors, Result, responses},
    validation::today_in_india,
};

/// The temple's hours for one offering: the first and the last time a puja may start
/// (`HH:MM`), on the half hour.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PujaHours {
    #[schema(example = "05:00")]
    pub first: String,
    #[schema(example = "09:00")]
    pub last: String,
}

/// What one booking may ask for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct BookingPolicy {
    /// Guests in one booking of each room type (`standard`, `deluxe`, `suite`).
    pub guests_per_room: BTreeMap<String, i32>,
    /// The longest stay, in nights.
    pub longest_stay_nights: i32,
    /// How many days ahead a room or a puja may be booked (the latest date is today + this).
    pub days_ahead: i32,
    /// Participants in one booking of each puja (`markandeya`, `poshavvadevi`, `shitaladevi`).
    pub participants_per_puja: BTreeMap<String, i32>,
    /// The hours each puja may start at, every half hour from `first` to `last`.
    pub puja_hours: BTreeMap<String, PujaHours>,
}

/// The bounds an administrator can set, stated once for the checks and the messages.
const GUESTS: (i32, i32) = (1, 50);
const NIGHTS: (i32, i32) = (1, 90);
const AHEAD: (i32, i32) = (1, 730);
const PARTICIPANTS: (i32, i32) = (1, 500);

fn puja_kinds() -> impl Iterator<Item = BookingKind> {
    BookingKind::ALL.into_iter().filter(|kind| kind.is_puja())
}

impl Default for BookingPolicy {
    /// A family room: 4 guests (a suite 6), a week's stay, six months ahead; 10 participants
    /// a puja, started between 05:00 and 09:00.
    fn default() -> Self {
        let hours = || PujaHours { first: "05:00".into(), last: "09:00".into() };
        BookingPolicy {
            guests_per_room: RoomType::ALL
                .iter()
                .map(|t| (t.as_str().to_owned(), if *t == RoomType::Suite { 6 } else { 4 }))
                .collect(),
            longest_stay_nights: 7,
            days_ahead: 180,
            participants_per_puja: puja_kinds().map(|k| (k.as_str().to_owned(), 10)).collect(),
            puja_hours: puja_kinds().map(|k| (k.as_str().to_owned(), hours())).collect(),
        }
    }
}

/// Minutes after midnight of an `HH:MM` on the half hour.
fn half_hour(text: &str) -> Option<i32> {
    let time = NaiveTime::parse_from_str(text.trim(), "%H:%M").ok()?;
    let minutes = time.signed_duration_since(NaiveTime::MIN).num_minutes() as i32;
    (text.trim().len() == 5 && minutes % 30 == 0).then_some(minutes)
}

fn clock(minutes: i32) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

impl BookingPolicy {
    /// Every number with its stored slot and its field path (`guests_per_room.suite`).
    fn numbers(&self) -> Vec<(String, Option<i32>, (i32, i32))> {
        let mut out = Vec::new();
        for t in RoomType::ALL {
            out.push((format!("guests_per_room.{}", t.as_str()), self.guests_per_room.get(t.as_str()).copied(), GUESTS));
        }
        out.push(("longest_stay_nights".into(), Some(self.longest_stay_nights), NIGHTS));
        out.push(("days_ahead".into(), Some(self.days_ahead), AHEAD));
        for k in puja_kinds() {
            out.push((format!("participants_per_puja.{}", k.as_str()), self.participants_per_puja.get(k.as_str()).copied(), PARTICIPANTS));
        }
        out
    }

    /// 422 naming every field out of its bounds.
    pub fn validate(&self) -> Result<()> {
        let mut errors = FieldErrors::new();
        for (path, value, (low, high)) in self.numbers() {
            if !value.is_some_and(|v| (low..=high).contains(&v)) {
                errors.insert(path, format!("Enter a whole number from {low} to {high}."));
            }
        }
        for kind in puja_kinds() {
            let path = format!("puja_hours.{}", kind.as_str());
            let hours = self.puja_hours.get(kind.as_str());
            match hours.map(|h| (half_hour(&h.first), half_hour(&h.last))) {
                Some((Some(first), Some(last))) if first <= last => {}
                Some((Some(_), Some(_))) => {
                    errors.insert(format!("{path}.last"), "The last time must not be before the first.".into());
                }
                _ => {
                    errors.insert(path, "Enter times on the half hour (HH:MM), such as 05:00 and 09:30.".into());
                }
            }
        }
        if errors.is_empty() { Ok(()) } else { Err(Error::Validation(errors)) }
    }

    /// The stored rows: one per number, and the hours as minutes.
    fn rows(&self) -> Vec<(String, i32)> {
        let mut rows: Vec<(String, i32)> =
            self.numbers().into_iter().map(|(path, value, _)| (format!("{PREFIX}{path}"), value.unwrap_or(0))).collect();
        for (kind, hours) in &self.puja_hours {
            if let (Some(first), Some(last)) = (half_hour(&hours.first), half_hour(&hours.last)) {
                rows.push((format!("{PREFIX}puja_hours.{kind}.first"), first));
                rows.push((format!("{PREFIX}puja_hours.{kind}.last"), last));
            }
        }
        rows
    }

    /// The policy stored in `rows` (slot → value), the default for whatever is missing.
    fn from_rows(rows: &BTreeMap<String, i32>) -> Self {
        let mut policy = BookingPolicy::default();
        let get = |path: &str| rows.get(&format!("{PREFIX}{path}")).copied();
        for (name, value) in policy.guests_per_room.iter_mut() {
            *value = get(&format!("guests_per_room.{name}")).unwrap_or(*value);
        }
        policy.longest_stay_nights = get("longest_stay_nights").unwrap_or(policy.longest_stay_nights);
        policy.days_ahead = get("days_ahead").unwrap_or(policy.days_ahead);
        for (name, value) in policy.participants_per_puja.iter_mut() {
            *value = get(&format!("participants_per_puja.{name}")).unwrap_or(*value);
        }
        for (name, hours) in policy.puja_hours.iter_mut() {
            if let (Some(first), Some(last)) = (get(&format!("puja_hours.{name}.first")), get(&format!("puja_hours.{name}.last"))) {
                *hours = PujaHours { first: clock(first), last: clock(last) };
            }
        }
        policy
    }
}

/// The policy's rows share the capacity's table, under this prefix.
pub const PREFIX: &str = "policy:";

/// The stored policy.
pub async fn read(db: &impl ConnectionTrait) -> Result<BookingPolicy> {
    let rows: BTreeMap<String, i32> = limit::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .filter(|row| row.slot.starts_with(PREFIX))
        .map(|row| (row.slot, row.per_day))
        .collect();
    Ok(BookingPolicy::from_rows(&rows))
}

/// Replaces the stored policy (inside the capacity's transaction).
pub async fn write(txn: &impl ConnectionTrait, policy: &BookingPolicy) -> Result<()> {
    use sea_orm::{ColumnTrait, QueryFilter};
    limit::Entity::delete_many().filter(limit::Column::Slot.starts_with(PREFIX)).exec(txn).await?;
    let rows = policy.rows().into_iter().map(|(slot, per_day)| limit::ActiveModel { slot: Set(slot), per_day: Set(per_day) });
    limit::Entity::insert_many(rows).exec(txn).await?;
    Ok(())
}

/// 422 with every field of `new` the policy does not allow.
pub async fn check(db: &impl ConnectionTrait, kind: BookingKind, new: &NewBooking) -> Result<()> {
    let policy = read(db).await?;
    let mut errors = FieldErrors::new();
    let latest = today_in_india().checked_add_days(Days::new(policy.days_ahead as u64)).unwrap_or(chrono::NaiveDate::MAX);
    let date_field = if kind.is_puja() { "pujaDate" } else { "checkIn" };
    if new.date > latest {
        errors.insert(date_field.into(), format!("Bookings open {} days ahead: choose a date up to {latest}.", policy.days_ahead));
    }
    if let Some(room_type) = new.room_type {
        let most = policy.guests_per_room.get(room_type.as_str()).copied().unwrap_or(GUESTS.0);
        if new.people > most {
            errors.insert("guests".into(), format!("A {} room takes at most {most} guests.", room_type.as_str()));
        }
        if let Some(end) = new.end_date {
            if (end - new.date).num_days() > i64::from(policy.longest_stay_nights) {
                errors.insert("checkOut".into(), format!("A stay is at most {} nights.", policy.longest_stay_nights));
            }
        }
    } else {
        let most = policy.participants_per_puja.get(kind.as_str()).copied().unwrap_or(PARTICIPANTS.0);
        if new.people > most {
            errors.insert("participants".into(), format!("At most {most} participants."));
        }
        if let Some(hours) = policy.puja_hours.get(kind.as_str()) {
            let time = new.puja_time.as_deref().and_then(half_hour);
            let (first, last) = (half_hour(&hours.first).unwrap_or(0), half_hour(&hours.last).unwrap_or(0));
            if !time.is_some_and(|t| (first..=last).contains(&t)) {
                errors.insert("pujaTime".into(), format!("Choose a time from {} to {}, on the hour or half hour.", hours.first, hours.last));
            }
        }
    }
    if errors.is_empty() { Ok(()) } else { Err(Error::Validation(errors)) }
}

/// The booking policy (public): the limits of one booking, which the forms offer and explain.
#[utoipa::path(get, path = "/api/bookings/policy", tag = "booking-capacity", operation_id = "booking_policy",
    responses(
        (status = 200, description = "The booking policy", body = BookingPolicy),
        responses::ServerErrors,
    ))]
pub async fn get_policy(State(db): State<DatabaseConnection>) -> Result<Json<BookingPolicy>> {
    Ok(Json(read(&db).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_comes_back_from_its_rows_and_defaults_fill_the_gaps() {
        let mut policy = BookingPolicy::default();
        policy.days_ahead = 30;
        policy.puja_hours.insert("markandeya".into(), PujaHours { first: "06:30".into(), last: "11:00".into() });
        let rows: BTreeMap<String, i32> = policy.rows().into_iter().collect();
        assert_eq!(BookingPolicy::from_rows(&rows), policy);
        assert_eq!(BookingPolicy::from_rows(&BTreeMap::new()), BookingPolicy::default());
        assert!(policy.validate().is_ok());
    }

    #[test]
    fn out_of_bounds_values_and_odd_times_are_named() {
        let mut policy = BookingPolicy::default();
        policy.days_ahead = 0;
        policy.guests_per_room.remove("suite");
        policy.puja_hours.insert("shitaladevi".into(), PujaHours { first: "07:15".into(), last: "09:00".into() });
        policy.puja_hours.insert("markandeya".into(), PujaHours { first: "09:00".into(), last: "05:00".into() });
        let Err(Error::Validation(fields)) = policy.validate() else { panic!("refused") };
        let names: Vec<&str> = fields.keys().map(String::as_str).collect();
        assert_eq!(names, ["days_ahead", "guests_per_room.suite", "puja_hours.markandeya.last", "puja_hours.shitaladevi"]);
    }
}
