//! The updates banner's notifications; every change is announced on the live channel.
pub(crate) mod entity;
mod routes;

pub use entity::Model as Notification;
pub use routes::{NotificationInput, NotificationList, router};
