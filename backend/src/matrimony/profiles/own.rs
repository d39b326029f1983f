//! A member's own profiles ("My profile"): their status, a correction (which sends the profile
//! back to moderation) and erasing one with its files, the member's right to erase their data.
use axum::{
    Json,
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use super::{
    entity::{self, Column},
    moderation::{Editor, edit, remove},
    requests::ProfileUpdate,
    views::{AdminProfile, Viewer, not_stored},
};
use crate::{
    error::{Result, responses},
    extract::{Multipart, Path},
    matrimony::MemberUser,
    state::AppState,
};

/// The signed-in member's profiles, newest first, with their status (pending: waiting for the
/// board's moderation; uploaded: on the matches gallery) and contact details.
#[utoipa::path(get, path = "/api/profile/mine", tag = "profiles", operation_id = "profiles_mine",
    security(("member" = [])),
    responses(
        (status = 200, description = "The member's profiles", body = Vec<AdminProfile>),
        (status = 401, description = "No member token, or a bad one", body = crate::error::ErrorBody),
        responses::ServerErrors,
    ))]
pub(super) async fn mine(member: MemberUser, State(state): State<AppState>) -> Result<Response> {
    let rows = entity::Entity::find()
        .filter(Column::AccountId.eq(member.id))
        .order_by_desc(Column::CreatedAt)
        .order_by_desc(Column::Id)
        .all(&state.db)
        .await?;
    let viewer = Viewer::new(&state);
    let profiles: Vec<AdminProfile> = rows.iter().map(|row| viewer.admin(row)).collect();
    Ok(not_stored(Json(profiles).into_response()))
}

/// Correct one's own profile: the fields and files as at creation. It goes back to moderation:
/// pending, and off the matches gallery until the board uploads it again.
#[utoipa::path(put, path = "/api/profile/mine/{id}", tag = "profiles", operation_id = "profiles_mine_update",
    security(("member" = [])),
    params(("id" = i32, Path, description = "Profile id")),
    request_body(content((ProfileUpdate = "multipart/form-data",
        encoding(
            ("profile_photo" = (content_type = "image/jpeg, image/png, image/webp, image/gif")),
        )))),
    responses(
        (status = 200, description = "Saved, pending moderation", body = AdminProfile),
        (status = 400, description = "The body is not a well-formed multipart body, or has a part the form does not have", body = crate::error::ErrorBody),
        (status = 401, description = "No member token, or a bad one", body = crate::error::ErrorBody),
        (status = 413, description = "The body is larger than the configured limit", body = crate::error::ErrorBody),
        (status = 415, description = "The photo is not a JPEG, PNG, WebP or GIF image, the biodata not a JPEG, PNG or PDF file, or the body is not multipart", body = crate::error::ErrorBody),
        (status = 422, description = "Invalid fields; `fields` holds a message per field", body = crate::error::ErrorBody),
        responses::NotFound, responses::ServerErrors,
    ))]
pub(super) async fn change(
    member: MemberUser,
    State(state): State<AppState>,
    Path(id): Path<i32>,
    Multipart(multipart): Multipart,
) -> Result<Json<AdminProfile>> {
    let saved = edit(&state, id, multipart, Editor::Member(member.id)).await?;
    Ok(Json(Viewer::new(&state).admin(&saved)))
}

/// Erase one's own profile with its photo and biodata; open galleries drop it.
#[utoipa::path(delete, path = "/api/profile/mine/{id}", tag = "profiles", operation_id = "profiles_mine_delete",
    security(("member" = [])),
    params(("id" = i32, Path, description = "Profile id")),
    responses(
        (status = 204, description = "Erased"),
        (status = 401, description = "No member token, or a bad one", body = crate::error::ErrorBody),
        responses::NotFound, responses::ServerErrors,
    ))]
pub(super) async fn erase(member: MemberUser, State(state): State<AppState>, Path(id): Path<i32>) -> Result<StatusCode> {
    remove(&state, id, Editor::Member(member.id)).await
}
