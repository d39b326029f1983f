//! The content's routes (docs/DESIGN.md §12): `GET /api/site` for everyone; the draft, its
//! saves, publishing, the versions and bringing one back for the `content` role. Every change is
//! recorded in the audit log on its own transaction.
use axum::{
    Json,
    extract::State,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, QueryOrder, QuerySelect, Set};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    content::SiteContent,
    entity::{DRAFT_ID, draft, version},
    pages,
    published::{PublishedSite, newest},
    rules,
};
use crate::{
    api_doc::{Tag, tagged},
    audit::{self, Action, Changes},
    auth::AdminUser,
    db,
    error::{Error, Result, responses},
    extract::{Multipart, Path},
    state::AppState,
    uploads::{self, Folder, IMAGES},
    validation::RawJson,
};

/// 409 when the draft was saved by someone else since it was read.
pub const STALE_DRAFT: &str = "The draft was changed by someone else. Reload it to see their changes.";
/// The versions listed, newest first.
const VERSIONS_LISTED: u64 = 100;

pub fn public_router() -> OpenApiRouter<AppState> {
    tagged([Tag::new("site", "The organisation's own content: names, address, team, sub-bodies, home page, about and privacy texts")])
        .routes(routes!(published_content))
}

pub fn admin_router() -> OpenApiRouter<AppState> {
    tagged([Tag::new("site-content", "Editing the site content: the draft, publishing, versions (role content)")])
        .routes(routes!(read_draft, save_draft))
        .routes(routes!(publish))
        .routes(routes!(list_versions))
        .routes(routes!(read_version))
        .routes(routes!(restore_version))
        .routes(routes!(upload_image))
}

/// The draft as the editor sees it.
#[derive(Debug, Serialize, Deserialize, ToSchema, TS)]
#[ts(export_to = "SiteDraft.ts")]
pub struct SiteDraft {
    pub content: SiteContent,
    /// Sent back with the next save or publish; a save based on an older one is refused (409).
    pub revision: i32,
    /// Still the sample content a fresh install starts with.
    pub sample: bool,
    /// RFC 3339; none before the first save.
    #[schema(required = true)]
    pub saved_at: Option<String>,
    #[schema(required = true)]
    pub saved_by: Option<String>,
    /// The version visitors see.
    #[schema(required = true)]
    pub published_version: Option<i32>,
    /// The draft differs from what visitors see.
    pub unpublished_changes: bool,
}

/// A save of the draft.
#[derive(Debug, Serialize, Deserialize, ToSchema, TS)]
#[ts(export_to = "SiteDraft.ts")]
pub struct SiteDraftSave {
    /// The draft's revision this save is based on.
    pub revision: i32,
    pub content: SiteContent,
}

/// The draft's revision an action is based on.
#[derive(Debug, Serialize, Deserialize, ToSchema, TS)]
#[ts(export_to = "SiteDraft.ts")]
pub struct SiteRevision {
    pub revision: i32,
}

/// A published version.
#[derive(Debug, Serialize, Deserialize, ToSchema, TS)]
#[ts(export_to = "SiteDraft.ts")]
pub struct SiteVersion {
    pub id: i32,
    /// RFC 3339.
    pub published_at: String,
    /// The administrator's e-mail; empty for the sample a fresh install published.
    pub published_by: String,
    pub sample: bool,
    /// The version visitors see now.
    pub current: bool,
}

/// An uploaded image for a slide or a sponsor.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct SiteImage {
    /// Its address, for the content's `image` field.
    pub url: String,
}

fn version_of(row: &version::Model, current: i32) -> SiteVersion {
    SiteVersion {
        id: row.id,
        published_at: row.published_at.to_rfc3339(),
        published_by: row.published_by.clone(),
        sample: row.sample,
        current: row.id == current,
    }
}

fn parse_content(text: &str) -> Result<SiteContent> {
    serde_json::from_str(text).map_err(|err| Error::Internal(anyhow::anyhow!("stored site content: {err}")))
}

async fn draft_view(db: &impl ConnectionTrait, row: draft::Model) -> Result<SiteDraft> {
    let published = newest(db).await?;
    let content = parse_content(&row.content)?;
    let unpublished_changes = content != parse_content(&published.content)?;
    Ok(SiteDraft {
        content,
        revision: row.revision,
        sample: row.sample,
        saved_at: row.saved_at.map(|at| at.to_rfc3339()),
        saved_by: row.saved_by,
        published_version: Some(published.id),
        unpublished_changes,
    })
}

/// The draft, locked until the transaction ends, or 409 when `revision` is not its own.
async fn locked_draft(txn: &impl ConnectionTrait, revision: i32) -> Result<draft::Model> {
    let row = draft::Entity::find_by_id(DRAFT_ID).lock_exclusive().one(txn).await?.ok_or(Error::NotFound)?;
    if row.revision != revision { Err(Error::Conflict(STALE_DRAFT)) } else { Ok(row) }
}

/// The draft with new content, saved by `admin`, one revision on.
async fn replace_draft(
    txn: &impl ConnectionTrait,
    before: &draft::Model,
    content: String,
    sample: bool,
    admin: &AdminUser,
) -> Result<draft::Model> {
    let mut row: draft::ActiveModel = before.clone().into();
    row.content = Set(content);
    row.revision = Set(before.revision + 1);
    row.sample = Set(sample);
    row.saved_at = Set(Some(chrono::Utc::now().fixed_offset()));
    row.saved_by = Set(Some(admin.email.clone()));
    Ok(row.update(txn).await?)
}

/// The `revision` of a body, or 422 under `revision`.
fn revision_of(body: &Map<String, Value>) -> Result<i32> {
    body.get("revision")
        .and_then(Value::as_i64)
        .and_then(|n| i32::try_from(n).ok())
        .ok_or_else(|| Error::field("revision", "Invalid value"))
}

/// The parts of the content a change touched, before and after (the audit entry).
fn changed_parts(before: &SiteContent, after: &SiteContent) -> Changes {
    let as_map = |content: &SiteContent| match serde_json::to_value(content) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    };
    audit::changed_fields(as_map(before), as_map(after))
}

/// The published content (public): every page and document shows this version.
#[utoipa::path(get, path = "/api/site", tag = "site", operation_id = "site_get",
    responses(
        (status = 200, description = "The published content", body = SiteContent,
            headers(("etag" = String, description = "The published version's tag"))),
        responses::NotModified, responses::ServerErrors,
    ))]
async fn published_content(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let site = state.site.current();
    let etag = HeaderValue::from_str(&format!("\"site-{}\"", site.version)).expect("an ASCII tag");
    let cache = [(header::ETAG, etag.clone()), (header::CACHE_CONTROL, HeaderValue::from_static("no-cache"))];
    let matches = headers.get_all(header::IF_NONE_MATCH).iter().any(|value| {
        value.to_str().is_ok_and(|tags| tags.split(',').any(|tag| tag.trim() == etag.to_str().unwrap_or_default()))
    });
    if matches {
        return (StatusCode::NOT_MODIFIED, cache).into_response();
    }
    (cache, [(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], site.json.clone()).into_response()
}

/// The draft the editor works on.
#[utoipa::path(get, path = "/api/admin/site", tag = "site-content", operation_id = "site_draft_get",
    security(("bearer" = ["content"])),
    responses(
        (status = 200, description = "The draft", body = SiteDraft),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn read_draft(_admin: AdminUser, State(state): State<AppState>) -> Result<Json<SiteDraft>> {
    let row = draft::Entity::find_by_id(DRAFT_ID).one(&state.db).await?.ok_or(Error::NotFound)?;
    Ok(Json(draft_view(&state.db, row).await?))
}

/// Replaces the draft. Visitors see nothing of it until it is published.
#[utoipa::path(put, path = "/api/admin/site", tag = "site-content", operation_id = "site_draft_save",
    request_body = SiteDraftSave, security(("bearer" = ["content"])),
    responses(
        (status = 200, description = "Saved; the next save takes the new revision", body = SiteDraft),
        (status = 409, description = "Someone else saved the draft since this revision", body = crate::error::ErrorBody),
        (status = 422, description = "The content breaks a rule: every failing field by its path (`team.2.members.0.name.mr`)",
            body = crate::error::ErrorBody),
        responses::AdminErrors, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn save_draft(admin: AdminUser, State(state): State<AppState>, RawJson(body): RawJson) -> Result<Json<SiteDraft>> {
    let Value::Object(mut body) = body else { return Err(Error::MalformedBody) };
    let revision = revision_of(&body)?;
    let content = rules::validate(body.remove("content").unwrap_or(Value::Null))?;
    let txn = db::begin_write(&state.db).await?;
    let before = locked_draft(&txn, revision).await?;
    let old = parse_content(&before.content)?;
    let sample = content == SiteContent::sample();
    let text = serde_json::to_string(&content).map_err(|err| Error::Internal(err.into()))?;
    let after = replace_draft(&txn, &before, text, sample, &admin).await?;
    let summary = format!("Saved the site content draft (revision {})", after.revision);
    admin.record(&txn, Action::Update, None, summary, changed_parts(&old, &content)).await?;
    let view = draft_view(&txn, after).await?;
    txn.commit().await?;
    Ok(Json(view))
}

/// The draft becomes what visitors see: a new version. The pages are rendered again before the
/// answer, so a visitor's next page load shows it.
#[utoipa::path(post, path = "/api/admin/site/publish", tag = "site-content", operation_id = "site_publish",
    request_body = SiteRevision, security(("bearer" = ["content"])),
    responses(
        (status = 200, description = "Published", body = SiteVersion),
        (status = 409, description = "Someone else saved the draft since this revision", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn publish(admin: AdminUser, State(state): State<AppState>, RawJson(body): RawJson) -> Result<Json<SiteVersion>> {
    let Value::Object(body) = body else { return Err(Error::MalformedBody) };
    let revision = revision_of(&body)?;
    let txn = db::begin_write(&state.db).await?;
    let draft = locked_draft(&txn, revision).await?;
    let previous = newest(&txn).await?;
    let row = version::ActiveModel {
        content: Set(draft.content.clone()),
        sample: Set(draft.sample),
        published_at: Set(chrono::Utc::now().fixed_offset()),
        published_by: Set(admin.email.clone()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let content = parse_content(&row.content)?;
    let changes = changed_parts(&parse_content(&previous.content)?, &content);
    admin.record(&txn, Action::Publish, Some(row.id), format!("Published site content version {}", row.id), changes).await?;
    txn.commit().await?;
    state.site.replace(PublishedSite::new(row.id, content));
    pages::refresh(&state).await;
    // Other instances on the same database serve it too.
    state.hub.publish(crate::events::RealtimeEvent::SitePublished { version: row.id }).await;
    Ok(Json(version_of(&row, row.id)))
}

/// The published versions, newest first (at most 100).
#[utoipa::path(get, path = "/api/admin/site/versions", tag = "site-content", operation_id = "site_versions_list",
    security(("bearer" = ["content"])),
    responses(
        (status = 200, description = "The versions, newest first", body = Vec<SiteVersion>),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn list_versions(_admin: AdminUser, State(state): State<AppState>) -> Result<Json<Vec<SiteVersion>>> {
    let rows = version::Entity::find()
        .order_by_desc(version::Column::Id)
        .limit(VERSIONS_LISTED)
        .all(&state.db)
        .await?;
    let current = rows.first().map_or(0, |row| row.id);
    Ok(Json(rows.iter().map(|row| version_of(row, current)).collect()))
}

/// One version's content.
#[utoipa::path(get, path = "/api/admin/site/versions/{id}", tag = "site-content", operation_id = "site_version_get",
    security(("bearer" = ["content"])),
    params(("id" = i32, Path, description = "Version id")),
    responses(
        (status = 200, description = "The version's content", body = SiteContent),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn read_version(_admin: AdminUser, State(state): State<AppState>, Path(id): Path<i32>) -> Result<Json<SiteContent>> {
    let row = db::find_or_404::<version::Entity>(&state.db, id).await?;
    Ok(Json(parse_content(&row.content)?))
}

/// Brings an earlier version back as the draft (publish it to show it to visitors).
#[utoipa::path(post, path = "/api/admin/site/versions/{id}/restore", tag = "site-content", operation_id = "site_version_restore",
    request_body = SiteRevision, security(("bearer" = ["content"])),
    params(("id" = i32, Path, description = "Version id")),
    responses(
        (status = 200, description = "The draft, now that version's content", body = SiteDraft),
        (status = 409, description = "Someone else saved the draft since this revision", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::NotFound, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn restore_version(
    admin: AdminUser,
    State(state): State<AppState>,
    Path(id): Path<i32>,
    RawJson(body): RawJson,
) -> Result<Json<SiteDraft>> {
    let Value::Object(body) = body else { return Err(Error::MalformedBody) };
    let revision = revision_of(&body)?;
    let txn = db::begin_write(&state.db).await?;
    let source = db::find_or_404::<version::Entity>(&txn, id).await?;
    let before = locked_draft(&txn, revision).await?;
    let changes = changed_parts(&parse_content(&before.content)?, &parse_content(&source.content)?);
    let after = replace_draft(&txn, &before, source.content.clone(), source.sample, &admin).await?;
    admin.record(&txn, Action::Restore, Some(id), format!("Brought back site content version {id} as the draft"), changes).await?;
    let view = draft_view(&txn, after).await?;
    txn.commit().await?;
    Ok(Json(view))
}

/// Stores an image for a slide or a sponsor (judged by its content, metadata stripped, WebP
/// variants made); put its `url` into the content and save the draft.
#[utoipa::path(post, path = "/api/admin/site/images", tag = "site-content", operation_id = "site_image_upload",
    security(("bearer" = ["content"])),
    request_body(content((SiteImageUpload = "multipart/form-data",
        encoding(("file" = (content_type = "image/jpeg, image/png, image/webp, image/gif")))))),
    responses(
        (status = 201, description = "Stored", body = SiteImage),
        (status = 400, description = "The body is not a well-formed multipart body", body = crate::error::ErrorBody),
        (status = 413, description = "The body is larger than the configured limit", body = crate::error::ErrorBody),
        (status = 415, description = "The file is not a JPEG, PNG, WebP or GIF image, or the body is not multipart", body = crate::error::ErrorBody),
        (status = 422, description = "No image", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn upload_image(admin: AdminUser, State(state): State<AppState>, multipart: Multipart) -> Result<(StatusCode, Json<SiteImage>)> {
    let parts = uploads::read_parts(multipart.0, &["file"]).await?;
    if parts.files.len() != 1 || parts.files[0].0 != "file" || !parts.texts.is_empty() {
        return Err(Error::BadRequest(uploads::UNKNOWN_FIELD.to_owned()));
    }
    let bytes = parts.files.into_iter().next().map(|(_, bytes)| bytes).unwrap_or_default();
    let stored = uploads::store(&state.config, &state.files, Folder::Uploads, bytes, IMAGES, true).await?;
    let url = uploads::url(Folder::Uploads, &stored.name);
    admin.record(&state.db, Action::Upload, None, format!("Uploaded site image {url}"), Changes::none()).await?;
    Ok((StatusCode::CREATED, Json(SiteImage { url })))
}

/// The multipart body of [`upload_image`]: one part, `file` (another part is refused with 400).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SiteImageUpload {
    /// One image (JPEG, PNG, WebP or GIF), judged by its content.
    #[schema(value_type = String, format = Binary)]
    pub file: String,
}
