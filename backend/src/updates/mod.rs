//! Updates to the subscribers (docs/DESIGN.md §14, role `communications`): written in English
//! and Marathi, previewed as the subscribers will read them, tested on the writer's own
//! address, then sent to every confirmed subscriber in the language they subscribed from, each
//! with its unsubscribe link and headers. The messages go through the outbox (`crate::mail`).
pub(crate) mod entity;
mod routes;

pub use routes::{UpdateBody, UpdateInput, UpdateSubject, router};
