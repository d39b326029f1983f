//! The guard on administrator routes. A handler that takes `AdminUser` answers 401 to any
//! request without a valid administrator token, and 403 to an administrator whose roles do not
//! include the route's (docs/DESIGN.md §10). A token is valid while it is genuine and unexpired,
//! its account still exists and its version is the account's current one. The roles are read
//! with the account on every request, so a change of roles applies at once.
use std::{net::IpAddr, sync::Arc};

use axum::{extract::FromRequestParts, http::request::Parts};
use sea_orm::{ConnectionTrait, EntityTrait};

use super::{entity, token::Audience};
use crate::{
    audit::{self, Action, Actor, Changes, Entry},
    client_ip::ClientIp,
    error::{AUTH_REQUIRED, Error, NO_ROLE, PASSWORD_CHANGE_REQUIRED},
    roles::{EVERY_ROLE, RouteAccess, Roles},
    state::AppState,
};

/// The administrator making the request: who, with which roles and from where (what the
/// audit log records).
#[derive(Debug, Clone)]
pub struct AdminUser {
    pub id: i32,
    pub email: String,
    pub roles: Roles,
    pub address: IpAddr,
    /// The section of the route (its OpenAPI tag): what the audit log names.
    pub section: Arc<str>,
}

impl AdminUser {
    /// Who the audit log names for this request.
    pub fn actor(&self) -> Actor {
        Actor { email: self.email.clone(), address: self.address }
    }

    /// An audit entry of `action` in this route's section.
    pub fn entry(&self, action: Action, entity_id: Option<i32>, summary: impl Into<String>) -> Entry {
        Entry::new(action, &*self.section, entity_id, summary)
    }

    /// Records what this administrator did in this route's section, on `db`: the transaction
    /// of the change (docs/DESIGN.md §11).
    pub async fn record(
        &self,
        db: &impl ConnectionTrait,
        action: Action,
        entity_id: Option<i32>,
        summary: impl Into<String>,
        changes: Changes,
    ) -> Result<(), Error> {
        audit::record(db, &self.actor(), self.entry(action, entity_id, summary).with_changes(changes)).await?;
        Ok(())
    }
}

pub fn bearer_token(parts: &Parts) -> Option<&str> {
    let header = parts.headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = header.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

impl FromRequestParts<AppState> for AdminUser {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        let (id, claims) = bearer_token(parts)
            .and_then(|token| state.tokens.check_as(token, Audience::Admin))
            .ok_or(Error::Unauthorized(AUTH_REQUIRED))?;
        // One primary-key read: a deleted account or a revoked version ends the token, and the
        // roles are the account's current ones.
        let admin = match entity::Entity::find_by_id(id).one(&state.db).await? {
            Some(admin) if admin.token_version == claims.ver => admin,
            _ => return Err(Error::Unauthorized(AUTH_REQUIRED)),
        };
        // A route that names no role admits nobody (`crate::access` puts the roles here).
        let (required, section) = match parts.extensions.get::<RouteAccess>() {
            Some(access) => (access.roles, access.section.clone()),
            None => (Roles::default(), Arc::from("")),
        };
        if admin.must_change_password && required != EVERY_ROLE {
            return Err(Error::Forbidden(PASSWORD_CHANGE_REQUIRED));
        }
        let roles = Roles::from_text(&admin.roles);
        if !roles.allow(required) {
            return Err(Error::Forbidden(NO_ROLE));
        }
        let ClientIp(address) = ClientIp::from_request_parts(parts, state).await?;
        Ok(AdminUser { id, email: admin.email, roles, address, section })
    }
}

/// The guard's answer, for a route that is open in some states (registering the first
/// administrator): the handler decides whether the refusal counts.
pub struct MaybeAdmin(pub Result<AdminUser, Error>);

impl FromRequestParts<AppState> for MaybeAdmin {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        Ok(MaybeAdmin(AdminUser::from_request_parts(parts, state).await))
    }
}
