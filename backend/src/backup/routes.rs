//! The owners' backup page (docs/DESIGN.md §13): `POST /api/admin/backup` takes a fresh backup
//! and answers it as a download; `GET /api/admin/backup` tells the schedule and lists the kept
//! backups, each downloadable at `GET /api/admin/backup/kept/{name}`. Every download is recorded
//! in the audit log. One backup is taken at a time.
use axum::{
    body::Body,
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use serde::Serialize;
use tokio_util::io::ReaderStream;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    schedule::{self, KeptBackup},
    take::take,
};
use crate::{
    api_doc::{Tag, tagged},
    audit::{Action, Changes},
    auth::AdminUser,
    error::{Error, Result, responses},
    extract::Path,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    tagged([Tag::new("backup", "Backups of the whole site: taken now, or kept by the schedule (owners only)")])
        .routes(routes!(status, take_now))
        .routes(routes!(download_kept))
}

pub const BUSY: &str = "A backup is being taken already; please try again in a minute";

/// The schedule and the backups it keeps.
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export_to = "BackupStatus.ts")]
pub struct BackupStatus {
    /// None when no schedule is set (`SAMITI_BACKUP_DIR` or `SAMITI_BACKUP_URL`).
    #[schema(required = true, nullable = true)]
    pub schedule: Option<ScheduleInfo>,
    /// Oldest first.
    pub kept: Vec<KeptBackup>,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export_to = "BackupStatus.ts")]
pub struct ScheduleInfo {
    /// Minutes between backups.
    #[ts(type = "number")]
    pub every_minutes: u64,
    /// How many are kept.
    #[ts(type = "number")]
    pub keep: usize,
    /// Whether they go to an S3-compatible bucket (off the site's machine).
    pub off_site: bool,
}

/// The backup schedule and the backups kept (owner).
#[utoipa::path(get, path = "/api/admin/backup", tag = "backup", operation_id = "backup_status",
    security(("bearer" = ["owner"])),
    responses(
        (status = 200, description = "The schedule and the kept backups", body = BackupStatus),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn status(_admin: AdminUser, State(state): State<AppState>) -> Result<axum::Json<BackupStatus>> {
    let Some(schedule) = &state.backups else {
        return Ok(axum::Json(BackupStatus { schedule: None, kept: Vec::new() }));
    };
    let kept = schedule.kept().await.map_err(|err| {
        tracing::warn!(error = %err, "the backups could not be listed");
        Error::StorageUnavailable
    })?;
    let info = ScheduleInfo { every_minutes: schedule.every.as_secs() / 60, keep: schedule.keep, off_site: schedule.is_bucket() };
    Ok(axum::Json(BackupStatus { schedule: Some(info), kept }))
}

/// Take a backup of the whole site now and download it (owner): every table and stored file,
/// with a manifest of checksums (docs/DESIGN.md §13). 409 while another backup is being taken.
#[utoipa::path(post, path = "/api/admin/backup", tag = "backup", operation_id = "backup_take",
    security(("bearer" = ["owner"])),
    responses(
        (status = 200, description = "The backup (attachment samiti-backup-<time>.tar.gz)", content_type = "application/gzip", body = Vec<u8>),
        (status = 409, description = "A backup is being taken already", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn take_now(admin: AdminUser, State(state): State<AppState>) -> Result<Response> {
    let _turn = schedule::TURN.try_acquire().map_err(|_| Error::Conflict(BUSY))?;
    let dir = state.config.data_dir.join("tmp");
    crate::fs::create_private_dir(&dir).map_err(Error::Internal)?;
    let now = chrono::Utc::now();
    let name = format!("samiti-backup-{}.tar.gz", now.format("%Y%m%dT%H%M%SZ"));
    let path = dir.join(format!("{}-{name}", rand::random::<u64>()));
    let taken = take(state.db.clone(), state.files.clone(), path.clone()).await.map_err(|err| {
        tracing::error!(error = %err, "a backup failed");
        Error::Internal(err)
    })?;
    let file = tokio::fs::File::open(&path).await.map_err(|err| Error::Internal(err.into()));
    // Opened, the file is read to its end even though its name is gone.
    let _ = tokio::fs::remove_file(&path).await;
    let file = file?;
    let summary = format!(
        "Downloaded a backup: {} rows, {} files, {} bytes",
        taken.manifest.tables.values().sum::<u64>(),
        taken.manifest.file_count(),
        taken.bytes
    );
    admin.record(&state.db, Action::Backup, None, summary, Changes::none()).await?;
    Ok(attachment(Body::from_stream(ReaderStream::new(file)), taken.bytes, &name))
}

/// Download a backup the schedule kept (owner).
#[utoipa::path(get, path = "/api/admin/backup/kept/{name}", tag = "backup", operation_id = "backup_download_kept",
    security(("bearer" = ["owner"])),
    params(("name" = String, Path, description = "The backup's name, samiti-backup-<time>.tar.gz")),
    responses(
        (status = 200, description = "The backup (attachment)", content_type = "application/gzip", body = Vec<u8>),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn download_kept(admin: AdminUser, State(state): State<AppState>, Path(name): Path<String>) -> Result<Response> {
    let schedule = state.backups.as_ref().ok_or(Error::NotFound)?;
    let kept = schedule.kept().await.map_err(|_| Error::StorageUnavailable)?;
    // Only a name the listing gave: nothing else is turned into a path or a key.
    let found = kept.into_iter().find(|k| k.name == name).ok_or(Error::NotFound)?;
    let body = schedule.open(&found.name).await.map_err(|err| {
        tracing::warn!(error = %err, "a kept backup could not be read");
        Error::StorageUnavailable
    })?;
    admin.record(&state.db, Action::Backup, None, format!("Downloaded the kept backup {}", found.name), Changes::none()).await?;
    Ok(attachment(body, found.bytes, &found.name))
}

fn attachment(body: Body, bytes: u64, name: &str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/gzip"));
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(bytes));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    response
}
