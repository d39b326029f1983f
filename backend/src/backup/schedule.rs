//! Scheduled backups inside `samiti serve` (`SAMITI_BACKUP_DIR` or `SAMITI_BACKUP_URL`,
//! `SAMITI_BACKUP_EVERY`, `SAMITI_BACKUP_KEEP`; README, "Backups"). Each is named by its time,
//! `samiti-backup-20261127T020000Z.tar.gz`, so the newest sorts last; the next is due `every`
//! after the newest there (at start when none is), and only the newest `keep` are kept. To a
//! bucket, a backup is taken into the data folder first and then uploaded in parts.
use std::{path::PathBuf, sync::Arc, time::Duration};

use chrono::{DateTime, NaiveDateTime, Utc};
use futures_util::TryStreamExt;
use object_store::{ObjectStore, ObjectStoreExt, WriteMultipart, path::Path as StorePath};
use sea_orm::DatabaseConnection;
use serde::Serialize;
use tokio::io::AsyncReadExt;
use ts_rs::TS;
use utoipa::ToSchema;

use super::take::take;
use crate::{config::BackupSchedule, uploads::Files};

/// One backup at a time, on this instance: the schedule waits its turn, a request is told 409.
pub static TURN: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(1);

const PREFIX: &str = "samiti-backup-";
const SUFFIX: &str = ".tar.gz";

/// One backup kept by the schedule.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export_to = "BackupStatus.ts")]
pub struct KeptBackup {
    /// `samiti-backup-20261127T020000Z.tar.gz`
    pub name: String,
    #[schema(value_type = String, format = DateTime)]
    #[ts(type = "string")]
    pub taken_at: DateTime<Utc>,
    #[ts(type = "number")]
    pub bytes: u64,
}

/// Where the scheduled backups go, and their rhythm.
#[derive(Clone)]
pub struct Schedule {
    pub every: Duration,
    pub keep: usize,
    place: Place,
    /// Where a backup bound for a bucket is written first.
    work_dir: PathBuf,
}

#[derive(Clone)]
enum Place {
    Folder(PathBuf),
    Bucket(Arc<dyn ObjectStore>),
}

impl Schedule {
    pub fn new(settings: &BackupSchedule, config: &crate::config::Config) -> anyhow::Result<Self> {
        let data_dir = &config.data_dir;
        let place = if settings.place.starts_with("s3://") {
            Place::Bucket(crate::uploads::bucket_store(&settings.place, &config.s3)?)
        } else {
            let dir = PathBuf::from(&settings.place);
            crate::fs::create_private_dir(&dir)?;
            Place::Folder(dir)
        };
        Ok(Self { every: settings.every, keep: settings.keep, place, work_dir: data_dir.join("tmp") })
    }

    pub fn is_bucket(&self) -> bool {
        matches!(self.place, Place::Bucket(_))
    }

    /// The backups there, oldest first.
    pub async fn kept(&self) -> anyhow::Result<Vec<KeptBackup>> {
        let mut found: Vec<KeptBackup> = match &self.place {
            Place::Folder(dir) => {
                let mut found = Vec::new();
                let mut entries = tokio::fs::read_dir(dir).await?;
                while let Some(entry) = entries.next_entry().await? {
                    let name = entry.file_name().to_string_lossy().into_owned();
                    if let Some(taken_at) = time_of(&name) {
                        found.push(KeptBackup { name, taken_at, bytes: entry.metadata().await?.len() });
                    }
                }
                found
            }
            Place::Bucket(store) => store
                .list(None)
                .try_filter_map(|meta| async move {
                    let name = meta.location.filename().unwrap_or_default().to_owned();
                    Ok(time_of(&name).map(|taken_at| KeptBackup { name, taken_at, bytes: meta.size }))
                })
                .try_collect()
                .await?,
        };
        found.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(found)
    }

    /// Takes one backup now and removes those past `keep`.
    pub async fn run_once(&self, db: &DatabaseConnection, files: &Files) -> anyhow::Result<KeptBackup> {
        let _turn = TURN.acquire().await?;
        let now = Utc::now();
        let name = format!("{PREFIX}{}{SUFFIX}", now.format("%Y%m%dT%H%M%SZ"));
        let kept = match &self.place {
            Place::Folder(dir) => {
                let taken = take(db.clone(), files.clone(), dir.join(&name)).await?;
                KeptBackup { name, taken_at: now, bytes: taken.bytes }
            }
            Place::Bucket(store) => {
                crate::fs::create_private_dir(&self.work_dir)?;
                let local = self.work_dir.join(&name);
                let taken = take(db.clone(), files.clone(), local.clone()).await?;
                let uploaded = upload(store, &local, &name).await;
                let _ = tokio::fs::remove_file(&local).await;
                uploaded?;
                KeptBackup { name, taken_at: now, bytes: taken.bytes }
            }
        };
        let all = self.kept().await?;
        for old in all.iter().take(all.len().saturating_sub(self.keep)) {
            match &self.place {
                Place::Folder(dir) => tokio::fs::remove_file(dir.join(&old.name)).await?,
                Place::Bucket(store) => store.delete(&StorePath::from(old.name.as_str())).await?,
            }
        }
        Ok(kept)
    }
}

impl Schedule {
    /// A kept backup as a response body, streamed.
    pub async fn open(&self, name: &str) -> anyhow::Result<axum::body::Body> {
        Ok(match &self.place {
            Place::Folder(dir) => {
                let file = tokio::fs::File::open(dir.join(name)).await?;
                axum::body::Body::from_stream(tokio_util::io::ReaderStream::new(file))
            }
            Place::Bucket(store) => {
                let found = store.get(&StorePath::from(name)).await?;
                axum::body::Body::from_stream(found.into_stream())
            }
        })
    }
}

/// The time a backup's name carries.
fn time_of(name: &str) -> Option<DateTime<Utc>> {
    let stamp = name.strip_prefix(PREFIX)?.strip_suffix(SUFFIX)?;
    NaiveDateTime::parse_from_str(stamp, "%Y%m%dT%H%M%SZ").ok().map(|time| time.and_utc())
}

async fn upload(store: &Arc<dyn ObjectStore>, local: &std::path::Path, name: &str) -> anyhow::Result<()> {
    let upload = store.put_multipart(&StorePath::from(name)).await?;
    let mut writer = WriteMultipart::new_with_chunk_size(upload, 8 * 1024 * 1024);
    let mut file = tokio::fs::File::open(local).await?;
    let mut buffer = vec![0u8; 1024 * 1024];
    loop {
        let n = file.read(&mut buffer).await?;
        if n == 0 {
            break;
        }
        writer.wait_for_capacity(2).await?;
        writer.write(&buffer[..n]);
    }
    writer.finish().await?;
    Ok(())
}

/// Starts the schedule: a task that takes a backup whenever one is due. A failure is logged and
/// tried again after a quarter of the interval (at most an hour).
pub fn start(schedule: Schedule, db: DatabaseConnection, files: Files) {
    tokio::spawn(async move {
        loop {
            let newest = schedule.kept().await.ok().and_then(|kept| kept.last().map(|k| k.taken_at));
            let due = newest.map_or(Duration::ZERO, |at| {
                let next = at + chrono::Duration::from_std(schedule.every).unwrap_or(chrono::Duration::days(1));
                (next - Utc::now()).to_std().unwrap_or(Duration::ZERO)
            });
            tokio::time::sleep(due).await;
            match schedule.run_once(&db, &files).await {
                Ok(kept) => tracing::info!(name = kept.name, bytes = kept.bytes, "scheduled backup taken"),
                Err(err) => {
                    tracing::error!(error = %err, "scheduled backup failed");
                    tokio::time::sleep((schedule.every / 4).min(Duration::from_secs(3600))).await;
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_carry_their_time() {
        let time = time_of("samiti-backup-20261127T020304Z.tar.gz").unwrap();
        assert_eq!(time.to_rfc3339(), "2026-11-27T02:03:04+00:00");
        assert_eq!(time_of("samiti-backup-20261127T020304Z.tar.gz.partial"), None);
        assert_eq!(time_of(".samiti-backup-20261127T020304Z.tar.gz.partial"), None);
        assert_eq!(time_of("notes.txt"), None);
    }
}
