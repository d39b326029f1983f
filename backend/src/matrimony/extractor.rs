//! The guards on member routes. A member token carries the member role, so it is refused
//! wherever an administrator is required, and an administrator token is not a member token.
use axum::{extract::FromRequestParts, http::request::Parts};
use sea_orm::EntityTrait;

use super::entity;
use crate::{
    auth::{AdminUser, extractor::bearer_token, token::Audience},
    error::{AUTH_REQUIRED, Error},
    state::AppState,
};

/// A signed-in member: a genuine, unexpired member token whose account still exists.
#[derive(Debug, Clone, Copy)]
pub struct MemberUser {
    pub id: i32,
}

impl FromRequestParts<AppState> for MemberUser {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        let (id, _) = bearer_token(parts)
            .and_then(|token| state.tokens.check_as(token, Audience::Member))
            .ok_or(Error::Unauthorized(AUTH_REQUIRED))?;
        // One primary-key read: a deleted account ends its tokens.
        match entity::Entity::find_by_id(id).one(&state.db).await? {
            Some(_) => Ok(MemberUser { id }),
            None => Err(Error::Unauthorized(AUTH_REQUIRED)),
        }
    }
}

/// A member or an administrator (the matches listing admits both, docs/DESIGN.md §5).
#[derive(Debug, Clone)]
pub enum MemberOrAdmin {
    Member(MemberUser),
    Admin(AdminUser),
}

impl FromRequestParts<AppState> for MemberOrAdmin {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        let role = bearer_token(parts).and_then(|token| state.tokens.check(token)).map(|(_, claims)| claims.role);
        match role {
            Some(Audience::Member) => MemberUser::from_request_parts(parts, state).await.map(MemberOrAdmin::Member),
            Some(Audience::Admin) => AdminUser::from_request_parts(parts, state).await.map(MemberOrAdmin::Admin),
            Some(Audience::Reset) | None => Err(Error::Unauthorized(AUTH_REQUIRED)),
        }
    }
}
