//! Visitors who asked for event updates by e-mail or mobile number.
pub(crate) mod entity;
mod routes;

pub use entity::Model as Subscriber;
pub use routes::{SubscriberInput, SubscriberList, router};
