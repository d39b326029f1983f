//! Request bodies that pass their rule table: the extractors and the function they share with
//! handlers that read a body another way (multipart forms).
use axum::{
    Json,
    extract::{FromRequest, Request},
};
use serde_json::Value;

use super::{check::check_form, rule::Validate};
use crate::error::{Error, FieldErrors};

/// The field every public form carries and people never see (the client hides it): automated
/// senders that fill every field fill it too, and are refused.
pub const HONEYPOT: &str = "website";
pub const HONEYPOT_MESSAGE: &str = "Leave this field empty";

/// Takes the [`HONEYPOT`] out of a form: absent or an empty text passes; anything else is
/// refused.
pub fn take_honeypot(form: &mut serde_json::Map<String, Value>) -> Result<(), Error> {
    match form.remove(HONEYPOT) {
        None => Ok(()),
        Some(Value::String(text)) if text.is_empty() => Ok(()),
        Some(_) => Err(Error::field(HONEYPOT, HONEYPOT_MESSAGE)),
    }
}

/// Parses a JSON body, cleans hidden control characters out of its text, checks it against
/// `T::RULES`, then deserialises it; a wrongly typed field that passed the rules is reported
/// under its own name. A filled [`HONEYPOT`] is refused before anything else.
pub fn parse_valid<T: Validate>(mut value: Value) -> Result<T, Error> {
    let Value::Object(form) = &mut value else {
        return Err(Error::MalformedBody);
    };
    take_honeypot(form)?;
    let mut errors = FieldErrors::new();
    check_form(T::RULES, form, "", &mut errors);
    if !errors.is_empty() {
        return Err(Error::Validation(errors));
    }
    serde_path_to_error::deserialize(value).map_err(|err| {
        let path = err.path().to_string();
        if path.is_empty() || path == "." {
            Error::MalformedBody
        } else {
            Error::field(&path, "Invalid value")
        }
    })
}

/// Extractor for a JSON body that passes its rule table.
pub struct Valid<T>(pub T);

impl<S: Send + Sync, T: Validate> FromRequest<S> for Valid<T> {
    type Rejection = Error;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let Json(value) = Json::<Value>::from_request(req, state).await?;
        parse_valid(value).map(Valid)
    }
}

/// A JSON body that is checked later, for handlers that must decide something (such as
/// access) before validating it.
pub struct RawJson(pub Value);

impl<S: Send + Sync> FromRequest<S> for RawJson {
    type Rejection = Error;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let Json(value) = Json::<Value>::from_request(req, state).await?;
        Ok(RawJson(value))
    }
}
