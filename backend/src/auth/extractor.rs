//! The guard on administrator routes: a handler that takes `AdminUser` answers 401 to any
//! request without a valid administrator token. A token is valid while it is genuine and
//! unexpired, its account still exists and its version is the account's current one.
use axum::{extract::FromRequestParts, http::request::Parts};
use sea_orm::EntityTrait;

use super::{entity, token::Role};
use crate::{
    error::{AUTH_REQUIRED, Error},
    state::AppState,
};

#[derive(Debug, Clone, Copy)]
pub struct AdminUser {
    pub id: i32,
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
            .and_then(|token| state.tokens.check_as(token, Role::Admin))
            .ok_or(Error::Unauthorized(AUTH_REQUIRED))?;
        // One primary-key read: a deleted account or a revoked version ends the token.
        let admin = entity::Entity::find_by_id(id).one(&state.db).await?;
        match admin {
            Some(admin) if admin.token_version == claims.ver => Ok(AdminUser { id }),
            _ => Err(Error::Unauthorized(AUTH_REQUIRED)),
        }
    }
}

/// An administrator token when one is sent and valid; for routes that are open in some states.
pub struct MaybeAdmin(pub Option<AdminUser>);

impl FromRequestParts<AppState> for MaybeAdmin {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        Ok(MaybeAdmin(AdminUser::from_request_parts(parts, state).await.ok()))
    }
}
