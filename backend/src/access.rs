//! Which roles may call each administrator route (docs/DESIGN.md §10), read from the OpenAPI
//! document: a route states its roles once, in its operation's security requirement
//! (`security(("bearer" = ["bookings"]))`, or for the routes written once for many lists, the
//! list's or kind's role that `admin_list::place` writes there). The layer puts the roles into
//! the request's extensions; the administrator guard (`auth::AdminUser`) checks them.
use std::{collections::HashMap, sync::Arc};

use axum::{
    extract::{MatchedPath, Request, State},
    http::Method,
    middleware::Next,
    response::Response,
};
use serde_json::Value;

use crate::roles::{Role, RouteAccess, Roles};

/// Each administrator route (method and path template, as the router matches it) with the
/// roles that may call it.
#[derive(Clone, Default)]
pub struct RoleRoutes(Arc<HashMap<Method, HashMap<String, RouteAccess>>>);

impl RoleRoutes {
    pub fn of(doc: &utoipa::openapi::OpenApi) -> Self {
        let json = serde_json::to_value(doc).unwrap_or_default();
        let mut routes: HashMap<Method, HashMap<String, RouteAccess>> = HashMap::new();
        for (path, method, operation) in operations(&json) {
            if let Some(roles) = required_roles(operation) {
                let section = operation.pointer("/tags/0").and_then(Value::as_str).unwrap_or_default();
                routes.entry(method).or_default().insert(path.to_owned(), RouteAccess { roles, section: section.into() });
            }
        }
        RoleRoutes(Arc::new(routes))
    }

    pub fn get(&self, method: &Method, path: &str) -> Option<&RouteAccess> {
        self.0.get(method)?.get(path)
    }
}

/// Every operation of a document (as JSON), with its path and method.
pub fn operations(doc: &Value) -> impl Iterator<Item = (&str, Method, &Value)> {
    doc.get("paths").and_then(Value::as_object).into_iter().flatten().flat_map(|(path, item)| {
        item.as_object().into_iter().flatten().filter_map(move |(method, operation)| {
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).ok()?;
            matches!(method, Method::GET | Method::POST | Method::PUT | Method::DELETE | Method::PATCH)
                .then_some((path.as_str(), method, operation))
        })
    })
}

/// The roles an operation names in its `bearer` security requirement; `None` when it takes no
/// administrator token. An unknown name is left out (a test holds every name to the six roles).
pub fn required_roles(operation: &Value) -> Option<Roles> {
    let requirements = operation.get("security")?.as_array()?;
    let scopes = requirements.iter().find_map(|requirement| requirement.get("bearer"))?.as_array()?;
    let roles: Vec<Role> = scopes.iter().filter_map(Value::as_str).filter_map(Role::parse).collect();
    Some(Roles::of(&roles))
}

/// The layer's function: the roles and section of the matched route go into the request's
/// extensions.
pub async fn attach(State(routes): State<RoleRoutes>, mut request: Request, next: Next) -> Response {
    let access = request.extensions().get::<MatchedPath>().and_then(|path| routes.get(request.method(), path.as_str())).cloned();
    if let Some(access) = access {
        request.extensions_mut().insert(access);
    }
    next.run(request).await
}
