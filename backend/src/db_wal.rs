//! SQLite's write-ahead log kept small while serving.
//!
//! SQLite checkpoints by itself after a commit that leaves 1,000 pages in the log, but only
//! passively: it copies pages no reader still needs and restarts the log from its beginning only
//! when no reader is using it. With a pool of connections under steady traffic some connection
//! is always reading, so the log is never restarted and grows for as long as the traffic lasts.
//! This task does what the automatic checkpoint cannot: it waits for the readers of old
//! snapshots (a moment; new readers go on) so the log starts over, and truncates it once quiet.
use std::{
    path::{Path, PathBuf},
    time::{Duration, Instant},
};

use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr, Statement};

/// How often the log is looked at.
const TICK: Duration = Duration::from_millis(250);
/// A log holding more frames than this (8 MB of 4 KiB pages) is restarted at the next tick,
/// waiting for readers of older snapshots.
const RESTART_ABOVE_FRAMES: i64 = 2048;

/// The log file of the database file `database` (`samiti.db-wal`).
pub fn log_file(database: &Path) -> PathBuf {
    PathBuf::from(format!("{}-wal", database.display()))
}

/// Runs for as long as the pool: every tick, a log that grew is checkpointed (PASSIVE: copies
/// what it can, blocks nobody), one unchanged for `idle_after` is emptied and truncated
/// (TRUNCATE), and a busy one beyond [`RESTART_ABOVE_FRAMES`] is restarted (RESTART).
pub async fn keep_small(db: DatabaseConnection, wal: PathBuf, idle_after: Duration) {
    let mut ticks = tokio::time::interval(TICK);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut last_frames = None;
    let mut last_change = Instant::now();
    loop {
        ticks.tick().await;
        let size = std::fs::metadata(&wal).map(|meta| meta.len()).unwrap_or(0);
        if size == 0 {
            last_frames = None;
            continue;
        }
        let result = async {
            let (frames, copied) = checkpoint(&db, "PASSIVE").await?;
            if last_frames != Some(frames) {
                last_frames = Some(frames);
                last_change = Instant::now();
            }
            if last_change.elapsed() >= idle_after {
                checkpoint(&db, "TRUNCATE").await?;
                last_frames = None;
            } else if frames > RESTART_ABOVE_FRAMES && copied >= frames {
                // Only when no reader holds an older snapshot (a backup reads one for its whole
                // length): RESTART would hold every writer back while it waits for that reader.
                checkpoint(&db, "RESTART").await?;
            }
            Ok::<_, DbErr>(())
        };
        if let Err(err) = result.await {
            // A busy pool or database: the next tick tries again.
            tracing::debug!(error = %err, "checkpoint not done");
        }
    }
}

/// `PRAGMA wal_checkpoint(mode)`; the number of frames the log held.
/// The log's frames and how many of them are in the database file now.
async fn checkpoint(db: &DatabaseConnection, mode: &str) -> Result<(i64, i64), DbErr> {
    let statement = Statement::from_string(db.get_database_backend(), format!("PRAGMA wal_checkpoint({mode})"));
    let Some(row) = db.query_one_raw(statement).await? else {
        return Ok((0, 0));
    };
    let (busy, frames, copied) =
        (row.try_get_by_index::<i64>(0)?, row.try_get_by_index::<i64>(1)?, row.try_get_by_index::<i64>(2)?);
    tracing::trace!(mode, busy, frames, copied, "checkpoint");
    if busy != 0 {
        tracing::debug!(mode, "checkpoint not complete: a reader holds an older snapshot");
    }
    Ok((frames, copied))
}
