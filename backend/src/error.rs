//! One error type for every failure, answered as docs/DESIGN.md §3's JSON body:
//! `{"error": "<message>", "fields": {"<field>": "<message>"}}`.
use std::collections::BTreeMap;

use axum::{
    Json,
    extract::rejection::{JsonRejection, PathRejection, QueryRejection},
    http::StatusCode,
    response::{IntoResponse, Response},
};
use sea_orm::{DbErr, RuntimeErr, SqlErr, sqlx};
use serde::Serialize;
use utoipa::ToSchema;

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Field name (as in the JSON body) to its message.
pub type FieldErrors = BTreeMap<String, String>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("Malformed request body")]
    MalformedBody,
    #[error("{0}")]
    BadRequest(String),
    #[error("Validation failed")]
    Validation(FieldErrors),
    #[error("{0}")]
    Unauthorized(&'static str),
    #[error("{0}")]
    Forbidden(&'static str),
    #[error("Not found")]
    NotFound,
    #[error("{0}")]
    Conflict(&'static str),
    /// 409 with the message also under one field (a full or closed date).
    #[error("{message}")]
    ConflictField { field: &'static str, message: &'static str },
    #[error("Request body is too large")]
    PayloadTooLarge,
    #[error("Unsupported media type")]
    UnsupportedMediaType,
    /// An uploaded file that is not of an accepted kind; the message names the accepted kinds.
    #[error("{0}")]
    UnsupportedFile(String),
    /// Sent with `Retry-After` (whole seconds).
    #[error("Too many attempts. Please try again later.")]
    TooManyRequests { retry_after: std::time::Duration },
    /// A public write past its per-address limit (`crate::rate_limit`), with `Retry-After`.
    #[error("{message}")]
    Limited { retry_after: std::time::Duration, message: &'static str },
    #[error("Database unavailable")]
    Unavailable,
    /// 503 when the store of uploaded files (a bucket) cannot be reached; nothing was stored.
    #[error("File storage unavailable, please try again")]
    StorageUnavailable,
    /// 503 when the server's work queue (password hashing) is full for too long.
    #[error("Server busy, please try again")]
    Busy,
    #[error("Internal server error")]
    Internal(#[from] anyhow::Error),
}

pub const AUTH_REQUIRED: &str = "Authentication required";
pub const INVALID_LOGIN: &str = "Invalid email or password";
pub const NOT_ALLOWED: &str = "Not allowed";
/// 403 to an administrator whose roles do not include the route's (docs/DESIGN.md §10).
pub const NO_ROLE: &str = "Your roles do not give access to this section";
/// 403 to an administrator whose password an owner reset, until it is changed.
pub const PASSWORD_CHANGE_REQUIRED: &str = "Please change your password first";

impl Error {
    pub fn status(&self) -> StatusCode {
        match self {
            Error::MalformedBody | Error::BadRequest(_) => StatusCode::BAD_REQUEST,
            Error::Validation(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Error::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Error::Forbidden(_) => StatusCode::FORBIDDEN,
            Error::NotFound => StatusCode::NOT_FOUND,
            Error::Conflict(_) | Error::ConflictField { .. } => StatusCode::CONFLICT,
            Error::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Error::UnsupportedMediaType | Error::UnsupportedFile(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Error::TooManyRequests { .. } | Error::Limited { .. } => StatusCode::TOO_MANY_REQUESTS,
            Error::Unavailable | Error::StorageUnavailable | Error::Busy => StatusCode::SERVICE_UNAVAILABLE,
            Error::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// One invalid field, for checks that only the server can make.
    pub fn field(field: &str, message: &str) -> Self {
        Error::Validation(FieldErrors::from([(field.to_owned(), message.to_owned())]))
    }

    /// Maps a unique-constraint violation to 409 with `message`; anything else as usual.
    pub fn conflict_on_unique(err: DbErr, message: &'static str) -> Self {
        match err.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(_)) => Error::Conflict(message),
            _ => err.into(),
        }
    }
}

/// The JSON body of every error response.
#[derive(Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct ErrorBody {
    /// Human-readable English message; the client translates it.
    #[schema(example = "Validation failed")]
    pub error: String,
    /// Per-field messages keyed by the JSON field name (validation failures only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<FieldErrors>,
}

impl ErrorBody {
    pub fn new(error: impl Into<String>) -> Self {
        Self { error: error.into(), fields: None }
    }
}

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        if let Error::Internal(err) = &self {
            tracing::error!(error = ?err, "internal error");
        }
        let status = self.status();
        let retry_after = match &self {
            Error::TooManyRequests { retry_after } | Error::Limited { retry_after, .. } => {
                Some(retry_after.as_secs().max(1))
            }
            _ => None,
        };
        let body = match self {
            Error::Validation(fields) => {
                ErrorBody { error: "Validation failed".into(), fields: Some(fields) }
            }
            Error::ConflictField { field, message } => ErrorBody {
                error: message.into(),
                fields: Some(FieldErrors::from([(field.to_owned(), message.to_owned())])),
            },
            other => ErrorBody::new(other.to_string()),
        };
        let mut response = (status, Json(body)).into_response();
        if let Some(seconds) = retry_after {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

impl From<DbErr> for Error {
    fn from(err: DbErr) -> Self {
        if connection_lost(&err) {
            tracing::error!(error = %err, "database unavailable");
            return Error::Unavailable;
        }
        match err {
            DbErr::RecordNotFound(_) => Error::NotFound,
            other => Error::Internal(other.into()),
        }
    }
}

/// The database could not be reached, or the connection was lost while a statement ran (an
/// administrator or a restart ended it, the socket dropped), or SQLite stayed locked past its
/// busy timeout: the request may succeed later, so it is answered 503, never 500.
pub fn connection_lost(err: &DbErr) -> bool {
    match err {
        DbErr::Conn(_) | DbErr::ConnectionAcquire(_) => true,
        DbErr::Exec(RuntimeErr::SqlxError(err)) | DbErr::Query(RuntimeErr::SqlxError(err)) => {
            sqlx_connection_lost(err)
        }
        _ => false,
    }
}

fn sqlx_connection_lost(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::Protocol(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(db) => {
            if db.try_downcast_ref::<sqlx::sqlite::SqliteError>().is_some() {
                // SQLITE_BUSY and its extended codes (the primary code is the low byte)
                return db.code().and_then(|code| code.parse::<i32>().ok()).is_some_and(|code| code & 0xff == 5);
            }
            // PostgreSQL: class 08 (connection exception), 57P01–57P03 (shut down by an
            // administrator, crashed, not accepting connections yet).
            db.code().is_some_and(|code| code.starts_with("08") || matches!(&*code, "57P01" | "57P02" | "57P03"))
        }
        _ => false,
    }
}

impl From<JsonRejection> for Error {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::MissingJsonContentType(_) => Error::UnsupportedMediaType,
            JsonRejection::BytesRejection(r) if r.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Error::PayloadTooLarge
            }
            _ => Error::MalformedBody,
        }
    }
}

impl From<PathRejection> for Error {
    fn from(_: PathRejection) -> Self {
        Error::NotFound
    }
}

impl From<QueryRejection> for Error {
    fn from(rejection: QueryRejection) -> Self {
        Error::BadRequest(format!("Invalid query: {}", rejection.body_text()))
    }
}

/// Error responses, declared once for the OpenAPI document.
pub mod responses {
    use super::ErrorBody;
    use utoipa::IntoResponses;

    /// Errors of a request with a JSON body that is validated.
    #[derive(IntoResponses)]
    pub enum BodyErrors {
        /// The body is not JSON or has the wrong shape.
        #[response(status = 400)]
        Malformed(#[to_schema] ErrorBody),
        /// The body is larger than the configured limit.
        #[response(status = 413)]
        TooLarge(#[to_schema] ErrorBody),
        /// The body is not sent as `application/json`.
        #[response(status = 415)]
        WrongType(#[to_schema] ErrorBody),
        /// One or more fields are invalid; `fields` holds a message per field.
        #[response(status = 422)]
        Invalid(#[to_schema] ErrorBody),
    }

    /// Errors every administrator route may answer.
    #[derive(IntoResponses)]
    pub enum AdminErrors {
        /// No administrator token, or a forged, malformed or expired one.
        #[response(status = 401)]
        Unauthorized(#[to_schema] ErrorBody),
        /// A valid administrator token whose roles do not include the route's, or whose password
        /// an owner reset and that has not been changed yet.
        #[response(status = 403)]
        Forbidden(#[to_schema] ErrorBody),
    }

    /// The id does not exist.
    #[derive(IntoResponses)]
    pub enum NotFound {
        /// No row with this id.
        #[response(status = 404)]
        NotFound(#[to_schema] ErrorBody),
    }

    /// A sign-in refused after too many failed attempts (the login throttle).
    #[derive(IntoResponses)]
    pub enum Throttled {
        /// Too many failed attempts from this address (for this account or any); `Retry-After` says how many seconds to wait
        #[response(status = 429, headers(("retry-after" = u64, description = "Seconds to wait")))]
        TooMany(ErrorBody),
    }

    /// A public list answered from memory (`crate::public_cache`) when the client's tag is current.
    #[derive(IntoResponses)]
    pub enum NotModified {
        /// The content of the tag in `If-None-Match` is still current
        #[response(status = 304, headers(("etag" = String, description = "The current tag")))]
        NotModified,
    }

    /// Failures of the server itself.
    #[derive(IntoResponses)]
    pub enum ServerErrors {
        /// Unexpected failure; the body carries no internal detail.
        #[response(status = 500)]
        Internal(#[to_schema] ErrorBody),
        /// The database cannot be reached.
        #[response(status = 503)]
        Unavailable(#[to_schema] ErrorBody),
    }
}


#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    fn query_failed(err: sqlx::Error) -> DbErr {
        DbErr::Query(RuntimeErr::SqlxError(Arc::new(err)))
    }

    #[test]
    fn a_lost_connection_is_answered_503_and_other_failures_500() {
        let reset = std::io::Error::new(std::io::ErrorKind::ConnectionReset, "connection reset by peer");
        let lost = [
            query_failed(sqlx::Error::Io(reset)),
            DbErr::Exec(RuntimeErr::SqlxError(Arc::new(sqlx::Error::Protocol("unexpected end of stream".into())))),
            query_failed(sqlx::Error::PoolTimedOut),
            DbErr::ConnectionAcquire(sea_orm::ConnAcquireErr::Timeout),
        ];
        for err in lost {
            assert!(connection_lost(&err), "{err}");
            assert_eq!(Error::from(err).status(), StatusCode::SERVICE_UNAVAILABLE);
        }
        let other = query_failed(sqlx::Error::ColumnNotFound("x".into()));
        assert!(!connection_lost(&other));
        assert_eq!(Error::from(other).status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(Error::from(DbErr::RecordNotFound("x".into())).status(), StatusCode::NOT_FOUND);
    }
}
