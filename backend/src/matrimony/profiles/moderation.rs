//! The administrators' moderation of profiles: the list with its filter and exports, edits,
//! deletes, and uploading to the matches gallery or taking back.
use axum::{
    Json,
    extract::State,
    http::StatusCode,
    response::Response,
};
use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, Condition, EntityTrait, IntoActiveModel, Set};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;

use super::{
    entity::{self, Column, Model},
    registration::NewFiles,
    requests::{ProfileUpdate, read_form},
    views::{AdminProfile, ProfileStatus, Viewer, not_stored},
};
use crate::{
    audit::{self, Action, Changes},
    admin_list::{self, AdminList, ListFilter, ListQuery, ListView, moment, text},
    api_doc::Tag,
    auth::AdminUser,
    db::{begin_write, find_or_404, lock_or_404},
    documents::{Bilingual, Cell, Column as DocColumn, Lang},
    error::{Error, Result, responses},
    events::RealtimeEvent,
    extract::{Multipart, Path, Query},
    state::AppState,
    uploads::{self, Folder},
};

/// The administrators' list of profiles (search, sort, exports).
pub struct ProfileList;

impl AdminList for ProfileList {
    const ROLE: crate::roles::Role = crate::roles::Role::Matrimony;
    type Entity = entity::Entity;
    type Model = Model;
    const SORTABLE: &'static [(&'static str, Column)] = &[
        ("created", Column::CreatedAt),
        ("name", Column::Name),
        ("dob", Column::Dob),
        ("status", Column::Status),
        ("uploaded", Column::UploadedAt),
    ];
    const SEARCHABLE: &'static [Column] = &[Column::Name, Column::Email, Column::Mobile, Column::Location, Column::Caste];
    const PATH: &'static str = "/api/profile/profiles";
    const TAG: Tag = Tag::new(
        "profiles",
        "Matrimonial profiles: registration, the members' matches gallery with signed file links, and moderation",
    );
    const FILE_STEM: &'static str = "matrimonial_profiles";
    const TITLE: Bilingual = Bilingual::new("Matrimonial Profiles", "वधू-वर स्थळे");

    fn export_columns(lang: Lang) -> Vec<DocColumn> {
        let column = |en, mr, width| DocColumn::new(lang.pick(en, mr), width);
        vec![
            column("Name", "नाव", 1.5),
            column("Profile for", "प्रोफाइल कोणासाठी", 0.95),
            column("Gender", "लिंग", 0.75),
            column("Date of birth", "जन्मदिनांक", 1.0),
            column("Email", "ईमेल", 1.7),
            column("Mobile", "मोबाईल क्रमांक", 1.15),
            column("Religion", "धर्म", 0.9),
            column("Caste", "जात", 1.05),
            column("Occupation", "व्यवसाय", 1.1),
            column("Education", "शिक्षण", 1.0),
            column("Location", "ठिकाण", 1.0),
            column("Height", "उंची", 0.65),
            column("Status", "स्थिती", 0.8),
            column("Created", "नोंदणी दिनांक", 1.2),
        ]
    }

    fn export_row(m: &Model, lang: Lang) -> Vec<Cell> {
        vec![
            text(&m.name),
            text(lang.option(&m.profile_for)),
            text(lang.option(&m.gender)),
            Cell::Date(m.dob),
            text(&m.email),
            text(&m.mobile),
            text(&m.religion),
            text(&m.caste),
            text(&m.occupation),
            text(&m.education),
            text(&m.location),
            text(&m.height),
            text(status_word(&m.status, lang)),
            moment(m.created_at),
        ]
    }
}

/// A profile's status as the list shows it.
fn status_word(status: &str, lang: Lang) -> &str {
    match status {
        "pending" => lang.pick(status, "प्रलंबित"),
        "uploaded" => lang.pick(status, "अपलोड केलेले"),
        _ => status,
    }
}

/// The administrators' filter: pending or uploaded profiles only.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProfileFilter {
    /// `pending` or `uploaded`.
    #[param(pattern = "^(pending|uploaded)$")]
    pub status: Option<String>,
}

impl ListFilter for ProfileFilter {
    fn condition(&self) -> Result<Condition> {
        match self.status.as_deref() {
            None => Ok(Condition::all()),
            Some(status @ ("pending" | "uploaded")) => Ok(Condition::all().add(Column::Status.eq(status))),
            Some(_) => Err(Error::BadRequest("status must be pending or uploaded".into())),
        }
    }

    fn describe(&self, lang: Lang) -> Option<String> {
        self.status.as_deref().map(|status| status_word(status, lang).to_owned())
    }
}

crate::admin_list_export_routes!(list = ProfileList, filter = ProfileFilter, view = ListView<ProfileList>);

/// The list's exports at its path (`/api/profile/profiles/export/excel`, `/pdf`).
pub(super) fn export_router() -> OpenApiRouter<AppState> {
    let mut router = OpenApiRouter::new();
    for routes in export_routes() {
        router = router.routes(admin_list::place(routes, ProfileList::PATH, ProfileList::TAG.name, ProfileList::ROLE, ListView::<ProfileList>::default()));
    }
    router
}

/// Every profile, pending and uploaded, filtered, sorted and paged (administrator).
#[utoipa::path(get, path = "/api/profile/profiles", tag = "profiles", operation_id = "profiles_list",
    security(("bearer" = ["matrimony"])),
    params(ListQuery, ProfileFilter),
    responses(
        (status = 200, description = "One page of the list", body = Vec<AdminProfile>,
            headers(("x-total-count" = u64, description = "Rows in the whole filtered list"))),
        (status = 400, description = "Unknown sort field, bad paging or filter", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::ServerErrors,
    ))]
pub(super) async fn list(
    _admin: AdminUser,
    State(state): State<AppState>,
    Query(query): Query<ListQuery>,
    Query(filter): Query<ProfileFilter>,
) -> Result<Response> {
    let (rows, total) = admin_list::page::<ProfileList>(&state.db, &query, filter.condition()?).await?;
    let viewer = Viewer::new(&state);
    let profiles: Vec<AdminProfile> = rows.iter().map(|row| viewer.admin(row)).collect();
    Ok(not_stored(admin_list::with_total(total, profiles)))
}

/// Edit a profile (administrator): every text field as at creation; a new `profile_photo` or
/// biodata (`janmapatrika` or `biodata`) replaces the stored one, which is deleted once the row
/// is saved. An uploaded profile is announced again so that open galleries refresh it.
#[utoipa::path(put, path = "/api/profile/profiles/{id}", tag = "profiles", operation_id = "profiles_update",
    security(("bearer" = ["matrimony"])),
    params(("id" = i32, Path, description = "Profile id")),
    request_body(content((ProfileUpdate = "multipart/form-data",
        encoding(
            ("profile_photo" = (content_type = "image/jpeg, image/png, image/webp, image/gif")),
        )))),
    responses(
        (status = 200, description = "Saved", body = AdminProfile),
        (status = 400, description = "The body is not a well-formed multipart body, or has a part the form does not have", body = crate::error::ErrorBody),
        (status = 413, description = "The body is larger than the configured limit", body = crate::error::ErrorBody),
        (status = 415, description = "The photo is not a JPEG, PNG, WebP or GIF image, the biodata not a JPEG, PNG or PDF file, or the body is not multipart", body = crate::error::ErrorBody),
        (status = 422, description = "Invalid fields; `fields` holds a message per field", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
pub(super) async fn update(
    admin: AdminUser,
    State(state): State<AppState>,
    Path(id): Path<i32>,
    Multipart(multipart): Multipart,
) -> Result<Json<AdminProfile>> {
    let saved = edit(&state, id, multipart, Editor::Admin(&admin)).await?;
    Ok(Json(Viewer::new(&state).admin(&saved)))
}

/// Who changes a profile: an administrator (recorded in the audit log), or the member whose
/// profile it is (any other profile is not found for them).
#[derive(Clone, Copy)]
pub(super) enum Editor<'a> {
    Admin(&'a AdminUser),
    Member(i32),
}

impl Editor<'_> {
    fn may_change(&self, row: &Model) -> bool {
        match self {
            Editor::Admin(_) => true,
            Editor::Member(account) => row.account_id == Some(*account),
        }
    }
}

/// Saves a form over profile `id`: every text field as at creation; a new `profile_photo` or
/// biodata replaces the stored one, which is deleted once the row is saved. An administrator's
/// edit keeps the profile where it was (an uploaded one is announced again so that open
/// galleries refresh it); a member's edit sends it back to moderation (pending, and gone from
/// open galleries).
pub(super) async fn edit(state: &AppState, id: i32, multipart: axum::extract::Multipart, editor: Editor<'_>) -> Result<Model> {
    let found = find_or_404::<entity::Entity>(&state.db, id).await?;
    if !editor.may_change(&found) {
        return Err(Error::NotFound);
    }
    let mut form = read_form(multipart, false).await?;
    let files = NewFiles::store(state, &mut form).await?;
    let saved = async {
        let txn = begin_write(&state.db).await?;
        // Locked, so that two edits at once each delete the file the other did not keep.
        let old = lock_or_404::<entity::Entity>(&txn, id).await?;
        if !editor.may_change(&old) {
            return Err(Error::NotFound);
        }
        let mut row = old.clone().into_active_model();
        form.input.apply(&mut row);
        files.apply(&mut row);
        row.updated_at = Set(Utc::now().fixed_offset());
        if let Editor::Member(_) = editor {
            row.status = Set(ProfileStatus::Pending.as_str().to_owned());
            row.uploaded_at = Set(None);
        }
        let saved = row.update(&txn).await?;
        if let Editor::Admin(admin) = editor {
            let summary = format!("Changed matrimonial profile #{id}");
            let mut changes = audit::changed(&old, &saved);
            if let Some(after) = changes.after.as_mut() {
                for (part, name, size) in files.described() {
                    after.insert(part.to_owned(), serde_json::json!({ "name": name, "size": size }));
                }
            }
            admin.record(&txn, Action::Update, Some(id), summary, changes).await?;
        }
        txn.commit().await?;
        Ok::<_, Error>((old, saved))
    }
    .await;
    let (old, saved) = match saved {
        Ok(rows) => rows,
        Err(err) => {
            files.discard(state).await;
            return Err(err);
        }
    };
    for (old_name, new_name) in [(Some(&old.photo), Some(&saved.photo)), (old.biodata.as_ref(), saved.biodata.as_ref())] {
        if let Some(old_name) = old_name.filter(|name| Some(*name) != new_name) {
            uploads::remove(&state.files, Folder::Private, old_name).await;
        }
    }
    match (ProfileStatus::of(&old), ProfileStatus::of(&saved)) {
        (_, ProfileStatus::Uploaded) => state.hub.publish(RealtimeEvent::ProfileUploaded { id }).await,
        (ProfileStatus::Uploaded, ProfileStatus::Pending) => state.hub.publish(RealtimeEvent::ProfileDeleted { id }).await,
        _ => {}
    }
    Ok(saved)
}

/// Delete a profile and its files (administrator); open galleries drop it.
#[utoipa::path(delete, path = "/api/profile/profiles/{id}", tag = "profiles", operation_id = "profiles_delete",
    security(("bearer" = ["matrimony"])),
    params(("id" = i32, Path, description = "Profile id")),
    responses(
        (status = 204, description = "Deleted"),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
pub(super) async fn delete(
    admin: AdminUser,
    State(state): State<AppState>,
    Path(id): Path<i32>,
) -> Result<StatusCode> {
    remove(&state, id, Editor::Admin(&admin)).await
}

/// Deletes profile `id` with its files; open galleries drop it.
pub(super) async fn remove(state: &AppState, id: i32, editor: Editor<'_>) -> Result<StatusCode> {
    let txn = begin_write(&state.db).await?;
    let row = lock_or_404::<entity::Entity>(&txn, id).await?;
    if !editor.may_change(&row) {
        return Err(Error::NotFound);
    }
    entity::Entity::delete_by_id(id).exec(&txn).await?;
    if let Editor::Admin(admin) = editor {
        let summary = format!("Deleted matrimonial profile #{id}");
        admin.record(&txn, Action::Delete, Some(id), summary, Changes::deleted(audit::row(&row))).await?;
    }
    txn.commit().await?;
    for name in std::iter::once(&row.photo).chain(row.biodata.as_ref()) {
        uploads::remove(&state.files, Folder::Private, name).await;
    }
    state.hub.publish(RealtimeEvent::ProfileDeleted { id }).await;
    Ok(StatusCode::NO_CONTENT)
}

/// Sets a profile's status, recorded as `admin`'s; the time of upload is kept when it was
/// uploaded already.
async fn set_status(state: &AppState, admin: &AdminUser, id: i32, status: ProfileStatus) -> Result<Model> {
    let txn = begin_write(&state.db).await?;
    let row = lock_or_404::<entity::Entity>(&txn, id).await?;
    let (action, summary) = match status {
        ProfileStatus::Uploaded => (Action::Publish, format!("Put matrimonial profile #{id} on the matches gallery")),
        _ => (Action::Withdraw, format!("Took matrimonial profile #{id} back from the matches gallery")),
    };
    let saved = if ProfileStatus::of(&row) == status {
        row.clone()
    } else {
        let now = Utc::now().fixed_offset();
        let mut active = row.clone().into_active_model();
        active.status = Set(status.as_str().to_owned());
        active.uploaded_at = Set((status == ProfileStatus::Uploaded).then_some(now));
        active.updated_at = Set(now);
        active.update(&txn).await?
    };
    admin.record(&txn, action, Some(id), summary, audit::changed(&row, &saved)).await?;
    txn.commit().await?;
    Ok(saved)
}

/// Upload a profile to the matches gallery (administrator; empty body; doing it twice changes
/// nothing). Open galleries show it at once.
#[utoipa::path(post, path = "/api/profile/upload-profile/{id}", tag = "profiles", operation_id = "profiles_publish",
    security(("bearer" = ["matrimony"])),
    params(("id" = i32, Path, description = "Profile id")),
    responses(
        (status = 200, description = "On the gallery", body = AdminProfile),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
pub(super) async fn publish(
    admin: AdminUser,
    State(state): State<AppState>,
    Path(id): Path<i32>,
) -> Result<Json<AdminProfile>> {
    let row = set_status(&state, &admin, id, ProfileStatus::Uploaded).await?;
    state.hub.publish(RealtimeEvent::ProfileUploaded { id }).await;
    Ok(Json(Viewer::new(&state).admin(&row)))
}

/// Take a profile back from the matches gallery (administrator): pending again, and gone from
/// open galleries.
#[utoipa::path(delete, path = "/api/profile/upload-profile/{id}", tag = "profiles", operation_id = "profiles_withdraw",
    security(("bearer" = ["matrimony"])),
    params(("id" = i32, Path, description = "Profile id")),
    responses(
        (status = 200, description = "Pending again", body = AdminProfile),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
pub(super) async fn withdraw(
    admin: AdminUser,
    State(state): State<AppState>,
    Path(id): Path<i32>,
) -> Result<Json<AdminProfile>> {
    let row = set_status(&state, &admin, id, ProfileStatus::Pending).await?;
    state.hub.publish(RealtimeEvent::ProfileDeleted { id }).await;
    Ok(Json(Viewer::new(&state).admin(&row)))
}
