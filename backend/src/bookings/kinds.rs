//! The four booking kinds and the room types, shared by the bookings and their capacity.
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// What is booked: the pilgrim-lodge room or one of the three abhishek offerings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "lowercase")]
pub enum BookingKind {
    Room,
    Markandeya,
    Poshavvadevi,
    Shitaladevi,
}

/// The lodge's room types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "lowercase")]
pub enum RoomType {
    Standard,
    Deluxe,
    Suite,
}
