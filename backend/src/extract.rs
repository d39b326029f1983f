//! The request extractors handlers use: axum's own, rejecting with the app's [`Error`] so that
//! a bad id, query or form is answered as every other error (docs/ARCHITECTURE.md, "Errors").
//!
//! Extractors run in the order of the handler's parameters: put the access guard (`AdminUser`,
//! `Member`) before these, so that a stranger gets 401 before any 400 or 404.
use axum::extract::{FromRequest, FromRequestParts, Request, multipart::MultipartRejection};

use crate::error::Error;

/// A path parameter; a value that does not parse is an unknown id (404).
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(Error))]
pub struct Path<T>(pub T);

/// Query parameters; a value that does not parse is 400 with the reason.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(Error))]
pub struct Query<T>(pub T);

/// A multipart form; any other content type is 415.
pub struct Multipart(pub axum::extract::Multipart);

impl<S: Send + Sync> FromRequest<S> for Multipart {
    type Rejection = Error;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Multipart::from_request(req, state)
            .await
            .map(Multipart)
            .map_err(|_: MultipartRejection| Error::UnsupportedMediaType)
    }
}
