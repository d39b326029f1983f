//! Database connection: SQLite (the embedded default) or PostgreSQL, same migrations on both.
use std::{
    path::{Path, PathBuf},
    time::Duration,
};

use anyhow::Context;

use migration::{Migrator, MigratorTrait};
use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DatabaseTransaction, DbErr, EntityTrait,
    PrimaryKeyTrait, QuerySelect, Select, SqliteTransactionMode, TransactionOptions, TransactionTrait,
};

use crate::{
    config::Config,
    db_wal,
    error::{Error, connection_lost},
    fs::create_private_dir,
};



/// The most SQLite keeps of its log file once a checkpoint has emptied it (bytes).
const WAL_SIZE_LIMIT: u64 = 16 * 1024 * 1024;

/// Connects; on SQLite also starts the task that keeps its write-ahead log small
/// ([`crate::db_wal::keep_small`]).
pub async fn connect(config: &Config) -> anyhow::Result<DatabaseConnection> {
    let file = sqlite_file(&config.database_url);
    if let Some(path) = &file {
        create_private_dir(&config.data_dir)?;
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            create_private_dir(parent)?;
        }
        create_private_file(path)?;
    }
    let mut options = ConnectOptions::new(config.database_url.clone());
    // The pool's wait covers connecting too: a database that is down is told within it (503).
    options
        .max_connections(10)
        .connect_timeout(config.db_acquire_timeout)
        .acquire_timeout(config.db_acquire_timeout)
        .sqlx_logging(false)
        .map_sqlx_sqlite_opts(|opts| {
            opts.journal_mode(sea_orm::sqlx::sqlite::SqliteJournalMode::Wal)
                .synchronous(sea_orm::sqlx::sqlite::SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(5))
                .foreign_keys(true)
                .pragma("journal_size_limit", WAL_SIZE_LIMIT.to_string())
        });
    let db = Database::connect(options).await?;
    if let Some(path) = file {
        tokio::spawn(db_wal::keep_small(db.clone(), db_wal::log_file(&path), config.wal_truncate_after_idle));
    }
    Ok(db)
}

/// Runs a read, and once more when it failed because its connection was lost (a database
/// restarted, a socket dropped): safe for reads only, since a write may have been applied
/// before its answer was lost. A pool that timed out is not asked twice (503 within the wait).
pub async fn read_retrying<T, F, Fut>(mut read: F) -> Result<T, DbErr>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, DbErr>>,
{
    match read().await {
        Err(err) if connection_lost(&err) && !matches!(err, DbErr::ConnectionAcquire(_)) => {
            tracing::warn!(error = %err, "database connection lost; reading once more");
            read().await
        }
        other => other,
    }
}

pub async fn migrate(db: &DatabaseConnection) -> anyhow::Result<()> {
    Migrator::up(db, None).await?;
    Ok(())
}

/// A transaction that reads and then writes. SQLite has one writer, and a transaction that read
/// before another one committed may not write any more (`SQLITE_BUSY_SNAPSHOT`, answered at once
/// whatever the busy timeout): this one takes the write lock at its start (`BEGIN IMMEDIATE`,
/// waiting its turn), so its reads are current and its writes go through. PostgreSQL ignores
/// the mode.
pub async fn begin_write(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    db.begin_with_options(TransactionOptions {
        sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
        ..Default::default()
    })
    .await
}

/// The key of an entity's rows (`i32` for every table here).
pub type Id<E> = <<E as EntityTrait>::PrimaryKey as PrimaryKeyTrait>::ValueType;

/// The row of `E` whose key is `id`, or 404.
pub async fn find_or_404<E: EntityTrait>(db: &impl ConnectionTrait, id: impl Into<Id<E>>) -> Result<E::Model, Error> {
    E::find_by_id(id).one(db).await?.ok_or(Error::NotFound)
}

/// The one row `select` finds, or 404 (a row of one kind in a table that several kinds share).
pub async fn one_or_404<E: EntityTrait>(db: &impl ConnectionTrait, select: Select<E>) -> Result<E::Model, Error> {
    select.one(db).await?.ok_or(Error::NotFound)
}

/// As [`find_or_404`], locking the row until the transaction ends (`FOR UPDATE` on PostgreSQL;
/// SQLite's write lock, taken by [`begin_write`], is already held), so that changes that read it
/// first follow one another.
pub async fn lock_or_404<E: EntityTrait>(db: &impl ConnectionTrait, id: impl Into<Id<E>>) -> Result<E::Model, Error> {
    E::find_by_id(id).lock_exclusive().one(db).await?.ok_or(Error::NotFound)
}

/// The file of a `sqlite:` URL (`sqlite://data/samiti.db?mode=rwc`), if it names one.
fn sqlite_file(url: &str) -> Option<PathBuf> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or_default();
    (!path.is_empty() && !path.contains(":memory:")).then(|| PathBuf::from(path))
}

/// The database holds password hashes and members' data: it is created (empty, which SQLite
/// takes as a new database) readable by the owner only, and an existing one is narrowed to
/// that. SQLite gives its `-wal` and `-shm` files the database file's permissions.
fn create_private_file(path: &Path) -> anyhow::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(false);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path).with_context(|| format!("creating {}", path.display()))?;
    #[cfg(unix)]
    for suffix in ["", "-wal", "-shm"] {
        use std::os::unix::fs::PermissionsExt;
        let file = PathBuf::from(format!("{}{suffix}", path.display()));
        if let Ok(meta) = std::fs::metadata(&file) {
            if meta.permissions().mode() & 0o077 != 0 {
                std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600))?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_urls_name_their_file() {
        assert_eq!(sqlite_file("sqlite://data/samiti.db?mode=rwc"), Some(PathBuf::from("data/samiti.db")));
        assert_eq!(sqlite_file("sqlite:///tmp/x.db"), Some(PathBuf::from("/tmp/x.db")));
        assert_eq!(sqlite_file("sqlite::memory:"), None);
        assert_eq!(sqlite_file("postgres://u@h/db"), None);
    }
}
