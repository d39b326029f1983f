//! The public writes, each with the limit it takes (`crate::rate_limit`), named by OpenAPI
//! operation id. The layer that applies the limits, the OpenAPI document's 429 responses and its
//! honeypot field read this one table.
use std::{collections::HashMap, sync::Arc};

use axum::{
    extract::{FromRequestParts, MatchedPath, Request, State},
    http::Method,
    middleware::Next,
    response::{IntoResponse, Response},
};
use utoipa::openapi::OpenApi;

use crate::{
    bookings::kinds::BookingKind,
    client_ip::ClientIp,
    error::Error,
    rate_limit::{WRITES_MESSAGE, WriteKind},
    state::AppState,
};

/// The limit of the public write with this operation id, if it is one.
pub fn kind_of(operation_id: &str) -> Option<WriteKind> {
    Some(match operation_id {
        "contacts_create" => WriteKind::Contact,
        "subscribers_create" => WriteKind::Subscription,
        "families_register" => WriteKind::FamilyRegistration,
        "matrimony_register" | "member_forgot_password" | "member_reset_password" => WriteKind::MatrimonyAccount,
        "profiles_register" => WriteKind::Profile,
        id if BookingKind::ALL.iter().any(|kind| id.strip_suffix("_create") == Some(kind.facts().stem)) => {
            WriteKind::Booking
        }
        _ => return None,
    })
}

/// The operation ids of [`kind_of`]'s table, for the tests that flood each one.
pub fn operation_ids() -> Vec<String> {
    let mut ids: Vec<String> =
        ["contacts_create", "subscribers_create", "families_register", "matrimony_register", "member_forgot_password", "member_reset_password", "profiles_register"]
            .map(String::from)
            .into();
    ids.extend(BookingKind::ALL.iter().map(|kind| format!("{}_create", kind.facts().stem)));
    ids
}

/// Each limited route (method and path template, as the router matches it) with its limit.
#[derive(Clone, Default)]
pub struct LimitedRoutes(Arc<HashMap<(Method, String), WriteKind>>);

impl LimitedRoutes {
    /// Read from the API's OpenAPI document, so that a route is limited exactly when its
    /// operation is in the table.
    pub fn of(doc: &OpenApi) -> Self {
        let mut routes = HashMap::new();
        for (path, item) in &doc.paths.paths {
            for (method, operation) in [(Method::POST, &item.post), (Method::PUT, &item.put)] {
                let kind = operation.as_ref().and_then(|op| op.operation_id.as_deref()).and_then(kind_of);
                if let Some(kind) = kind {
                    routes.insert((method, path.clone()), kind);
                }
            }
        }
        LimitedRoutes(Arc::new(routes))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The layer's function: a limited route takes one write from the client's bucket before its
/// body is read; an empty bucket is answered 429 with `Retry-After`.
pub async fn limit(
    State((state, routes)): State<(AppState, LimitedRoutes)>,
    request: Request,
    next: Next,
) -> Response {
    let kind = request
        .extensions()
        .get::<MatchedPath>()
        .and_then(|path| routes.0.get(&(request.method().clone(), path.as_str().to_owned())))
        .copied();
    let Some(kind) = kind else { return next.run(request).await };
    let (mut parts, body) = request.into_parts();
    let address = match ClientIp::from_request_parts(&mut parts, &state).await {
        Ok(ClientIp(address)) => address,
        Err(err) => return err.into_response(),
    };
    if let Err(retry_after) = state.rate_limits.take(address, kind) {
        return Error::Limited { retry_after, message: WRITES_MESSAGE }.into_response();
    }
    next.run(Request::from_parts(parts, body)).await
}
