//! The limits (administrator): rooms per room type and bookings per puja per day, one entry
//! per puja kind of [`BookingKind::ALL`]; `null` is no limit.
use std::collections::BTreeMap;

use axum::{Json, extract::State};
use sea_orm::{ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize, ser::SerializeMap};
use utoipa::{
    PartialSchema, ToSchema,
    openapi::{
        RefOr,
        schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, SchemaType, Type},
    },
};

use super::{
    policy::{self, BookingPolicy},
    store::{MAX_LIMIT, limit, slot},
};
use crate::{
    audit::{self, Action},
    auth::AdminUser,
    bookings::kinds::{BookingKind, RoomType},
    error::{Error, FieldErrors, Result, responses},
};

const LIMIT_MESSAGE: &str = "Enter a whole number up to 10000, or leave empty for no limit.";

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

/// Bookings per day of each puja kind, by the kind's name; an absent kind is no limit.
#[derive(Debug, Clone, Default)]
pub struct PujaLimits(pub BTreeMap<BookingKind, Option<i32>>);

fn puja_kinds() -> impl Iterator<Item = BookingKind> {
    BookingKind::ALL.into_iter().filter(|kind| kind.is_puja())
}

impl Serialize for PujaLimits {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        for kind in puja_kinds() {
            map.serialize_entry(kind.as_str(), &self.0.get(&kind).copied().flatten())?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for PujaLimits {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        // Other names are ignored, as a struct's unknown fields are.
        let given = serde_json::Map::<String, serde_json::Value>::deserialize(deserializer)?;
        let mut limits = BTreeMap::new();
        for kind in puja_kinds() {
            let value = given.get(kind.as_str()).cloned().unwrap_or_default();
            limits.insert(kind, whole_number(value).map_err(serde::de::Error::custom)?);
        }
        Ok(Self(limits))
    }
}

impl PartialSchema for PujaLimits {
    fn schema() -> RefOr<Schema> {
        let mut object = ObjectBuilder::new().schema_type(Type::Object);
        for kind in puja_kinds() {
            let limit = ObjectBuilder::new()
                .schema_type(SchemaType::from_iter([Type::Integer, Type::Null]))
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int32)))
                .minimum(Some(0))
                .maximum(Some(MAX_LIMIT));
            object = object.property(kind.as_str(), limit);
        }
        RefOr::T(Schema::Object(object.build()))
    }
}

impl ToSchema for PujaLimits {}

/// Rooms per room type and bookings per puja per day (`null` is no limit), and the booking
/// policy.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
pub struct Capacity {
    pub rooms: RoomLimits,
    pub pujas_per_day: PujaLimits,
    /// What one booking may ask for; always answered, and left as it is when a change omits it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy: Option<BookingPolicy>,
}

impl Capacity {
    /// Every limit with its field path and slot.
    fn entries(&self) -> Vec<(String, String, Option<i32>)> {
        let room = |t| slot(BookingKind::Room, Some(t));
        let mut entries = vec![
            ("rooms.standard".to_owned(), room(RoomType::Standard), self.rooms.standard),
            ("rooms.deluxe".to_owned(), room(RoomType::Deluxe), self.rooms.deluxe),
            ("rooms.suite".to_owned(), room(RoomType::Suite), self.rooms.suite),
        ];
        for kind in puja_kinds() {
            let value = self.pujas_per_day.0.get(&kind).copied().flatten();
            entries.push((format!("pujas_per_day.{}", kind.as_str()), slot(kind, None), value));
        }
        entries
    }
}

async fn read_capacity(db: &impl sea_orm::ConnectionTrait) -> Result<Capacity> {
    let stored: BTreeMap<String, i32> =
        limit::Entity::find().all(db).await?.into_iter().map(|row| (row.slot, row.per_day)).collect();
    let get = |kind, room_type| stored.get(&slot(kind, room_type)).copied();
    Ok(Capacity {
        rooms: RoomLimits {
            standard: get(BookingKind::Room, Some(RoomType::Standard)),
            deluxe: get(BookingKind::Room, Some(RoomType::Deluxe)),
            suite: get(BookingKind::Room, Some(RoomType::Suite)),
        },
        pujas_per_day: PujaLimits(puja_kinds().map(|kind| (kind, get(kind, None))).collect()),
        policy: Some(policy::read(db).await?),
    })
}

/// The capacity (administrator).
#[utoipa::path(get, path = "/api/bookings/capacity", tag = "booking-capacity", operation_id = "booking_capacity_get",
    security(("bearer" = ["bookings"])),
    responses(
        (status = 200, description = "The limits; null is no limit", body = Capacity),
        responses::AdminErrors, responses::ServerErrors,
    ))]
pub async fn get_capacity(_admin: AdminUser, State(db): State<DatabaseConnection>) -> Result<Json<Capacity>> {
    Ok(Json(read_capacity(&db).await?))
}

/// Replace the capacity (administrator): each limit 0–10000, or null for no limit; and the
/// booking policy when `policy` is given.
#[utoipa::path(put, path = "/api/bookings/capacity", tag = "booking-capacity", operation_id = "booking_capacity_put",
    security(("bearer" = ["bookings"])), request_body = Capacity,
    responses(
        (status = 200, description = "The saved limits", body = Capacity),
        responses::BodyErrors, responses::AdminErrors, responses::ServerErrors,
    ))]
pub async fn put_capacity(
    admin: AdminUser,
    State(db): State<DatabaseConnection>,
    body: std::result::Result<Json<serde_json::Value>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<Capacity>> {
    let Json(body) = body?;
    // serde would also read a struct from an array (by position): only objects are limits.
    if !["rooms", "pujas_per_day"].iter().all(|group| body.get(group).is_some_and(serde_json::Value::is_object)) {
        return Err(Error::MalformedBody);
    }
    let capacity: Capacity = serde_json::from_value(body).map_err(|_| Error::MalformedBody)?;
    let errors: FieldErrors = capacity
        .entries()
        .into_iter()
        .filter(|(_, _, value)| value.is_some_and(|v| !(0..=MAX_LIMIT).contains(&v)))
        .map(|(field, _, _)| (field, LIMIT_MESSAGE.to_owned()))
        .collect();
    if !errors.is_empty() {
        return Err(Error::Validation(errors));
    }
    if let Some(policy) = &capacity.policy {
        policy.validate().map_err(|error| match error {
            Error::Validation(fields) => Error::Validation(fields.into_iter().map(|(path, message)| (format!("policy.{path}"), message)).collect()),
            other => other,
        })?;
    }
    let txn = crate::db::begin_write(&db).await?;
    let before = read_capacity(&txn).await?;
    limit::Entity::delete_many().filter(limit::Column::Slot.not_like(format!("{}%", policy::PREFIX))).exec(&txn).await?;
    if let Some(policy) = &capacity.policy {
        policy::write(&txn, policy).await?;
    }
    for (_, slot, value) in capacity.entries() {
        if let Some(per_day) = value {
            limit::ActiveModel { slot: Set(slot), per_day: Set(per_day) }.insert(&txn).await?;
        }
    }
    let after = read_capacity(&txn).await?;
    let limits = |capacity: &Capacity| -> serde_json::Map<String, serde_json::Value> {
        let mut fields: serde_json::Map<String, serde_json::Value> =
            capacity.entries().into_iter().map(|(field, _, value)| (field, value.into())).collect();
        if let Some(serde_json::Value::Object(policy)) = capacity.policy.as_ref().and_then(|p| serde_json::to_value(p).ok()) {
            for (name, value) in policy {
                fields.insert(format!("policy.{name}"), value);
            }
        }
        fields
    };
    let changes = audit::changed_fields(limits(&before), limits(&after));
    admin.record(&txn, Action::Update, None, "Changed the booking capacity", changes).await?;
    txn.commit().await?;
    Ok(Json(after))
}
