//! The registration of a profile by a signed-in member (the profile belongs to the member's
//! account), and what it shares with the edits: the form's files written to the private folder.
use axum::{
    Json,
    extract::State,
    http::StatusCode,
};
use chrono::Utc;
use sea_orm::{ActiveModelTrait, Set};

use super::{
    entity,
    requests::{ProfileFields, ProfileForm, read_form},
    views::ProfileStatus,
};
use crate::{
    auth::MessageResponse,
    client_ip::ClientIp,
    error::{Error, Result, responses},
    rate_limit::UPLOADS_MESSAGE,
    extract::Multipart,
    matrimony::MemberUser,
    state::AppState,
    uploads::{self, BIODATA, Folder, IMAGES, StoredFile},
};

pub const PROFILE_REGISTERED: &str = "Profile Registered Successfully";

/// The files of a form, written to the private folder; on any failure none stays.
#[derive(Default)]
pub(super) struct NewFiles {
    photo: Option<StoredFile>,
    biodata: Option<StoredFile>,
}

impl NewFiles {
    /// The new files by part name, stored name and size, for the audit log.
    pub(super) fn described(&self) -> Vec<(&'static str, &str, u64)> {
        [("profile_photo", &self.photo), ("biodata", &self.biodata)]
            .into_iter()
            .filter_map(|(part, file)| file.as_ref().map(|file| (part, file.name.as_str(), file.bytes)))
            .collect()
    }

    pub(super) async fn store(state: &AppState, form: &mut ProfileForm) -> Result<Self> {
        let mut files = NewFiles::default();
        if let Some(bytes) = form.photo.take() {
            files.photo = Some(uploads::store(&state.config, &state.files, Folder::Private, bytes, IMAGES, true).await?);
        }
        if let Some(bytes) = form.biodata.take() {
            match uploads::store(&state.config, &state.files, Folder::Private, bytes, BIODATA, false).await {
                Ok(stored) => files.biodata = Some(stored),
                Err(err) => {
                    files.discard(state).await;
                    return Err(err);
                }
            }
        }
        Ok(files)
    }

    pub(super) async fn discard(self, state: &AppState) {
        for file in [self.photo, self.biodata].into_iter().flatten() {
            uploads::remove(&state.files, Folder::Private, &file.name).await;
        }
    }

    /// Points the row at the new files.
    pub(super) fn apply(&self, row: &mut entity::ActiveModel) {
        if let Some(photo) = &self.photo {
            let widths: Vec<String> = photo.variants.iter().map(u32::to_string).collect();
            row.photo = Set(photo.name.clone());
            row.photo_width = Set(photo.width.and_then(|w| i32::try_from(w).ok()));
            row.photo_height = Set(photo.height.and_then(|h| i32::try_from(h).ok()));
            row.photo_variants = Set(widths.join(","));
        }
        if let Some(biodata) = &self.biodata {
            row.biodata = Set(Some(biodata.name.clone()));
            row.biodata_kind = Set(Some(if biodata.kind.is_image() { "image" } else { "pdf" }.to_owned()));
        }
    }
}

/// Register a matrimonial profile (a signed-in member: the token of the member's sign-in or of
/// the free registration). The profile belongs to the member's account, who sees and corrects
/// it under "My profile"; it is pending until an administrator uploads it to the matches
/// gallery. Refused forms store nothing, no file either.
#[utoipa::path(post, path = "/api/profile/register", tag = "profiles", operation_id = "profiles_register",
    security(("member" = [])),
    request_body(content((ProfileFields = "multipart/form-data",
        encoding(
            ("profile_photo" = (content_type = "image/jpeg, image/png, image/webp, image/gif")),
        )))),
    responses(
        (status = 201, description = "Registered (pending)", body = MessageResponse),
        (status = 400, description = "The body is not a well-formed multipart body, or has a part the form does not have", body = crate::error::ErrorBody),
        (status = 401, description = "No member token, or a bad one: register or sign in first", body = crate::error::ErrorBody),
        (status = 413, description = "The body is larger than the configured limit", body = crate::error::ErrorBody),
        (status = 415, description = "The photo is not a JPEG, PNG, WebP or GIF image, the biodata not a JPEG, PNG or PDF file, or the body is not multipart", body = crate::error::ErrorBody),
        (status = 422, description = "Invalid fields, or no photo; `fields` holds a message per field", body = crate::error::ErrorBody),
        responses::ServerErrors,
    ))]
pub(super) async fn register(
    member: MemberUser,
    State(state): State<AppState>,
    ClientIp(address): ClientIp,
    Multipart(multipart): Multipart,
) -> Result<(StatusCode, Json<MessageResponse>)> {
    let mut form = read_form(multipart, true).await?;
    let bytes = [&form.photo, &form.biodata].into_iter().flatten().map(|file| file.len() as u64).sum();
    if let Err(retry_after) = state.rate_limits.take_upload(address, bytes) {
        return Err(Error::Limited { retry_after, message: UPLOADS_MESSAGE });
    }
    let files = NewFiles::store(&state, &mut form).await?;
    let now = Utc::now().fixed_offset();
    let mut row = entity::ActiveModel {
        account_id: Set(Some(member.id)),
        status: Set(ProfileStatus::Pending.as_str().to_owned()),
        uploaded_at: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        biodata: Set(None),
        biodata_kind: Set(None),
        ..Default::default()
    };
    form.input.apply(&mut row);
    files.apply(&mut row);
    if let Err(err) = row.insert(&state.db).await {
        files.discard(&state).await;
        return Err(err.into());
    }
    Ok((StatusCode::CREATED, Json(MessageResponse { message: PROFILE_REGISTERED.into() })))
}
