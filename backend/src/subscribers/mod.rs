//! Visitors who asked for event updates by e-mail or mobile number. An e-mail address confirms
//! by the link it is sent (double opt-in, docs/DESIGN.md §14) and can unsubscribe from every
//! update; a mobile number is listed for the organisation's own WhatsApp broadcast.
pub(crate) mod entity;
mod pages;
mod routes;

pub use entity::Model as Subscriber;
pub use routes::{CONFIRMED, SubscriberInput, SubscriberList, router};
