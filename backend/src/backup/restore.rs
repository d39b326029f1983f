//! Restoring a backup (docs/DESIGN.md §13). The whole file is read and checked first (format,
//! every part's size and checksum, the schema version); only then is anything written. Rows go
//! in with their ids in one transaction, files into the store; if anything fails the
//! transaction is rolled back and the files it added are removed. A backup taken by an older
//! version is restored at its schema version and then migrated; one from a newer version is
//! refused. A database or file store that holds anything is refused unless `replace` is given.
use std::{
    collections::HashSet,
    io::{BufRead, BufReader},
    path::{Path, PathBuf},
};

use axum::body::Bytes;
use futures_util::TryStreamExt;
use migration::{Migrator, MigratorTrait};
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement, TransactionTrait};
use tokio::runtime::Handle;

use super::{
    archive,
    tables::{TABLES, known_migrations},
    take::applied_migrations,
};
use crate::uploads::{Files, Folder, is_stored_name};

/// Rows inserted per statement (PostgreSQL takes at most 65,535 parameters in one).
const BATCH: usize = 500;

#[derive(Debug)]
pub struct Restored {
    pub manifest: archive::Manifest,
    /// Migrations applied after the rows, for a backup of an older version.
    pub migrated: usize,
}

/// Restores `path` into `db` and `files`.
pub async fn restore(db: DatabaseConnection, files: Files, path: PathBuf, replace: bool) -> anyhow::Result<Restored> {
    let checked = path.clone();
    let manifest = tokio::task::spawn_blocking(move || archive::verify(&checked)).await??;
    let known = known_migrations();
    let schema = &manifest.schema;
    anyhow::ensure!(
        schema.len() <= known.len() && known[..schema.len()] == schema[..],
        "this backup is from a newer version of the program (its schema ends with {}); restore it with that version",
        schema.last().map_or("nothing", String::as_str)
    );
    let applied = applied_migrations_or_none(&db).await?;
    let has_data = holds_anything(&db, &files, applied.is_some()).await?;
    if has_data && !replace {
        anyhow::bail!("the database or the file store already holds a site; restore into an empty one, or give --replace to replace it");
    }
    match &applied {
        None => Migrator::up(&db, Some(u32::try_from(schema.len())?)).await?,
        Some(applied) if applied == schema => {}
        Some(applied) if applied.is_empty() => Migrator::up(&db, Some(u32::try_from(schema.len())?)).await?,
        Some(_) => anyhow::bail!(
            "the database is at another schema version than the backup; restore it into an empty database (the site then upgrades it at start)"
        ),
    }
    let before: HashSet<(Folder, String)> = if replace { stored(&files).await? } else { HashSet::new() };
    let handle = Handle::current();
    let (db2, files2, path2, before2) = (db.clone(), files.clone(), path.clone(), before.clone());
    let expected = manifest.tables.clone();
    let kept = tokio::task::spawn_blocking(move || apply(&handle, &db2, &files2, &path2, &before2, replace, &expected)).await??;
    if replace {
        for (folder, name) in before.difference(&kept) {
            files.delete(*folder, name).await.map_err(|err| anyhow::anyhow!("removing an old file: {err}"))?;
        }
    }
    let pending = known.len() - schema.len();
    if pending > 0 {
        Migrator::up(&db, None).await?;
    }
    Ok(Restored { manifest, migrated: pending })
}

/// The rows and files, in one transaction; the files restored, by folder and name.
fn apply(
    handle: &Handle,
    db: &DatabaseConnection,
    files: &Files,
    path: &Path,
    before: &HashSet<(Folder, String)>,
    replace: bool,
    expected: &std::collections::BTreeMap<String, u64>,
) -> anyhow::Result<HashSet<(Folder, String)>> {
    let txn = handle.block_on(crate::db::begin_write(db))?;
    let mut written: Vec<(Folder, String)> = Vec::new();
    let mut restored = HashSet::new();
    let result = (|| -> anyhow::Result<()> {
        if replace {
            for table in TABLES.iter().rev() {
                handle.block_on(table.clear(&txn))?;
            }
        }
        archive::read_parts(path, |part, reader| {
            if let Some(name) = part.strip_prefix("tables/").and_then(|rest| rest.strip_suffix(".jsonl")) {
                let table = TABLES.iter().find(|table| table.name() == name).ok_or_else(|| anyhow::anyhow!("the backup holds a table this version does not know: {name}"))?;
                let mut count = 0u64;
                let mut batch = Vec::with_capacity(BATCH);
                for line in BufReader::new(reader).lines() {
                    batch.push(serde_json::from_str(&line?)?);
                    if batch.len() == BATCH {
                        count += BATCH as u64;
                        handle.block_on(table.insert(&txn, std::mem::take(&mut batch)))?;
                    }
                }
                count += batch.len() as u64;
                handle.block_on(table.insert(&txn, batch))?;
                anyhow::ensure!(expected.get(name) == Some(&count), "{name}: the rows do not match the manifest");
            } else if let Some(rest) = part.strip_prefix("files/") {
                let (folder, name) = rest.split_once('/').ok_or_else(|| anyhow::anyhow!("{part} is not a file of a folder"))?;
                let folder = Folder::ALL.into_iter().find(|f| f.dir_name() == folder).ok_or_else(|| anyhow::anyhow!("{part}: no such folder"))?;
                anyhow::ensure!(is_stored_name(name), "{part} is not a stored file's name");
                let key = (folder, name.to_owned());
                // A name is given once and never changes its content: one already there is this file.
                if !before.contains(&key) {
                    let mut contents = Vec::new();
                    reader.read_to_end(&mut contents)?;
                    handle.block_on(files.put(folder, name, Bytes::from(contents))).map_err(|err| anyhow::anyhow!("{err}"))?;
                    written.push(key.clone());
                }
                restored.insert(key);
            } else {
                anyhow::bail!("{part} is not a part of a backup");
            }
            Ok(())
        })?;
        // Only the backup's tables: an older version's database lacks the later ones yet.
        for table in TABLES.iter().filter(|table| expected.contains_key(table.name())) {
            handle.block_on(table.follow_ids(&txn))?;
        }
        Ok(())
    })();
    match result.and_then(|()| Ok(handle.block_on(txn.commit())?)) {
        Ok(()) => Ok(restored),
        Err(err) => {
            for (folder, name) in &written {
                let _ = handle.block_on(files.delete(*folder, name));
            }
            Err(err)
        }
    }
}

/// The applied migrations, or `None` for a database that was never migrated.
async fn applied_migrations_or_none(db: &DatabaseConnection) -> anyhow::Result<Option<Vec<String>>> {
    let sql = match db.get_database_backend() {
        sea_orm::DbBackend::Postgres => "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'seaql_migrations'",
        _ => "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'seaql_migrations'",
    };
    let row = db.query_one_raw(Statement::from_string(db.get_database_backend(), sql)).await?;
    let exists = row.map(|row| row.try_get::<i64>("", "n")).transpose()?.unwrap_or(0) > 0;
    if !exists {
        return Ok(None);
    }
    Ok(Some(applied_migrations(db).await?))
}

/// Whether any table has a row or the store any file.
async fn holds_anything(db: &DatabaseConnection, files: &Files, migrated: bool) -> anyhow::Result<bool> {
    if migrated {
        for table in TABLES {
            // A table of a later migration is missing from an older database: empty. Each is
            // counted in a transaction of its own, as PostgreSQL ends one at its first error.
            let txn = db.begin().await?;
            let rows = table.count(&txn).await.unwrap_or(0);
            txn.rollback().await?;
            if rows > 0 {
                return Ok(true);
            }
        }
    }
    Ok(!stored(files).await?.is_empty())
}

async fn stored(files: &Files) -> anyhow::Result<HashSet<(Folder, String)>> {
    let mut all = HashSet::new();
    for folder in Folder::ALL {
        let names: Vec<(String, u64)> = files.list(folder).try_collect().await.map_err(|err| anyhow::anyhow!("the file store: {err}"))?;
        all.extend(names.into_iter().map(|(name, _)| (folder, name)));
    }
    Ok(all)
}
