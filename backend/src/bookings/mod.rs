//! The room at the pilgrim lodge and the abhishek offerings: one table and one generic
//! implementation; each kind's facts are stated once, in `kinds.rs`.
pub mod capacity;
mod check;
mod confirmation;
pub(crate) mod entity;
pub mod kinds;
mod list;
mod mail;
mod requests;
mod routes;
mod store;

pub use capacity::BlockedDateInput;
pub use check::BookingCheck;
pub use entity::Model as Booking;
pub use kinds::{BookingKind, CANCELLED, CONFIRMED, RoomType, typescript_table};
pub use list::{BookingList, BookingRow};
pub use mail::attachments as mail_attachments;
pub use requests::{MarkandeyaBookingInput, PujaBookingInput, RoomBookingInput};
pub use routes::router;
