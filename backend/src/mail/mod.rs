//! Mail (docs/DESIGN.md §14). Every message is a row of the outbox written on the transaction
//! of the event that causes it (`outbox.rs`: a booking, a subscription, an update), then sent by
//! the background worker (`worker.rs`), which retries with back-off, survives a restart and
//! sends each message once, even with several instances on one database. Without
//! `SAMITI_SMTP_URL` mail is off: nothing is written and the send log says so.
//!
//! - `compose.rs`: a message's words as plain text and HTML (no images, nothing tracked);
//! - `smtp.rs`: the relay (lettre), the headers (`List-Unsubscribe`), what is worth a retry;
//! - `routes.rs`: the send log for role `communications`.
pub mod compose;
pub mod entity;
pub mod outbox;
mod routes;
pub mod smtp;
pub mod worker;

use axum::http::HeaderMap;

pub use compose::{Composed, Letter, Part};
pub use outbox::{Kind, Mail, NewMessage, cancel_updates_to, store_body};
pub use routes::{MailFilter, MailStatus, counts, router};
pub use worker::{Attachments, start};

use crate::{documents::Lang, web::Language};

/// The language of the page a request came from (its `i18next` cookie, then
/// `Accept-Language`): a message it causes is written in it.
pub fn language_of(headers: &HeaderMap) -> Lang {
    match crate::web::choose_language(None, headers) {
        Language::Mr => Lang::Mr,
        Language::En => Lang::En,
    }
}
