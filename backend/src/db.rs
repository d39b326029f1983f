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

use crate::{config::Config, error::Error, fs::create_private_dir};

pub async fn connect(config: &Config) -> anyhow::Result<DatabaseConnection> {
    if let Some(path) = sqlite_file(&config.database_url) {
        create_private_dir(&config.data_dir)?;
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            create_private_dir(parent)?;
        }
        create_private_file(&path)?;
    }
    let mut options = ConnectOptions::new(config.database_url.clone());
    options
        .max_connections(10)
        .connect_timeout(Duration::from_secs(10))
        .acquire_timeout(Duration::from_secs(10))
        .sqlx_logging(false)
        .map_sqlx_sqlite_opts(|opts| {
            opts.journal_mode(sea_orm::sqlx::sqlite::SqliteJournalMode::Wal)
                .synchronous(sea_orm::sqlx::sqlite::SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(5))
                .foreign_keys(true)
        });
    Ok(Database::connect(options).await?)
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
