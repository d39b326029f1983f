//! Taking a backup (docs/DESIGN.md §13): every table read in one snapshot (SQLite: one read
//! transaction over the log; PostgreSQL: `REPEATABLE READ`), so the rows agree with each other
//! while the site goes on taking writes; then the files those rows name, from the store. Rows
//! are spooled to a folder beside the output and files streamed, so memory stays flat however
//! large the site. The file appears under its name only when complete (written as
//! `.<name>.partial`, synced, then renamed).
use std::{
    collections::{BTreeMap, HashSet},
    fs::File,
    io::{self, BufWriter, Read, Write},
    path::{Path, PathBuf},
    sync::LazyLock,
};

use axum::body::Bytes;
use futures_util::{StreamExt, TryStreamExt, stream::BoxStream};
use regex::Regex;
use sea_orm::{
    AccessMode, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, IsolationLevel, Statement,
    TransactionTrait,
};
use tokio::runtime::Handle;

use super::{
    archive::{FORMAT, FORMAT_VERSION, Manifest, Writer},
    tables::{TABLES, known_migrations},
};
use crate::uploads::{Files, Folder};

/// What a finished backup holds.
#[derive(Debug, Clone)]
pub struct Taken {
    pub path: PathBuf,
    pub bytes: u64,
    pub manifest: Manifest,
}

/// Takes a backup of `db` and `files` into `out`. Runs on a blocking thread.
pub async fn take(db: DatabaseConnection, files: Files, out: PathBuf) -> anyhow::Result<Taken> {
    let handle = Handle::current();
    tokio::task::spawn_blocking(move || take_blocking(&handle, &db, &files, &out)).await?
}

fn take_blocking(handle: &Handle, db: &DatabaseConnection, files: &Files, out: &Path) -> anyhow::Result<Taken> {
    let dir = out.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = out.file_name().ok_or_else(|| anyhow::anyhow!("{} names no file", out.display()))?.to_string_lossy();
    let partial = dir.join(format!(".{name}.partial"));
    let spool = dir.join(format!(".{name}.rows"));
    let result = write(handle, db, files, &partial, &spool);
    let _ = std::fs::remove_dir_all(&spool);
    match result {
        Ok(manifest) => {
            std::fs::rename(&partial, out).inspect_err(|_| {
                let _ = std::fs::remove_file(&partial);
            })?;
            let bytes = std::fs::metadata(out)?.len();
            Ok(Taken { path: out.to_owned(), bytes, manifest })
        }
        Err(err) => {
            let _ = std::fs::remove_file(&partial);
            Err(err)
        }
    }
}

fn write(handle: &Handle, db: &DatabaseConnection, files: &Files, partial: &Path, spool: &Path) -> anyhow::Result<Manifest> {
    std::fs::create_dir(spool).map_err(|err| anyhow::anyhow!("cannot write in {}: {err}", spool.display()))?;
    let mut archive = Writer::create(partial).map_err(|err| anyhow::anyhow!("cannot write {}: {err}", partial.display()))?;
    let backend = db.get_database_backend();
    // SQLite: a deferred transaction reads one snapshot of the log from its first read on.
    let snapshot = handle.block_on(match backend {
        DbBackend::Postgres => db.begin_with_config(Some(IsolationLevel::RepeatableRead), Some(AccessMode::ReadOnly)),
        _ => db.begin_with_config(None, None),
    })?;
    let present = handle.block_on(tables_present(&snapshot))?;
    let schema = handle.block_on(applied_migrations(&snapshot))?;
    // Every table is spooled from the same snapshot before any is archived.
    let mut tables = BTreeMap::new();
    let mut named = HashSet::new();
    let mut spooled = Vec::new();
    // A database of an older version lacks the later tables: its backup does too.
    for table in TABLES.iter().filter(|table| present.contains(table.name())) {
        let path = spool.join(format!("{}.jsonl", table.name()));
        let mut out = BufWriter::new(File::create(&path)?);
        let columns = handle.block_on(columns_present(&snapshot, table.name()))?;
        let mut rows = handle.block_on(table.rows(&snapshot, &columns))?;
        let mut count = 0u64;
        while let Some(row) = handle.block_on(rows.next()) {
            let line = serde_json::to_string(&row?)?;
            named.extend(stored_names(&line));
            out.write_all(line.as_bytes())?;
            out.write_all(b"\n")?;
            count += 1;
        }
        drop(rows);
        out.into_inner().map_err(|err| err.into_error())?.sync_all()?;
        tables.insert(table.name().to_owned(), count);
        spooled.push((table.name(), path));
    }
    handle.block_on(snapshot.rollback())?;
    for (name, path) in spooled {
        let file = File::open(&path)?;
        let bytes = file.metadata()?.len();
        archive.add(&format!("tables/{name}.jsonl"), bytes, file)?;
        std::fs::remove_file(&path)?;
    }
    // The files of the snapshot's rows: each folder listed once, a name kept when a row named it
    // (a variant when a row named its original).
    let mut missing = Vec::new();
    for folder in Folder::ALL {
        let listed: Vec<(String, u64)> = handle.block_on(files.list(folder).try_collect())?;
        for (name, _) in listed.into_iter().filter(|(name, _)| named.contains(stem(name))) {
            let path = format!("files/{}/{name}", folder.dir_name());
            match handle.block_on(files.read(folder, &name)) {
                Ok((bytes, stream)) => archive.add(&path, bytes, Blocking { handle, stream, chunk: Bytes::new() })?,
                // Removed since it was listed: its row is gone too, or going.
                Err(crate::error::Error::NotFound) => missing.push(path),
                Err(err) => anyhow::bail!("the file store: {err}"),
            }
        }
    }
    let manifest = Manifest {
        format: FORMAT.to_owned(),
        format_version: FORMAT_VERSION,
        created_at: chrono::Utc::now(),
        program_version: env!("CARGO_PKG_VERSION").to_owned(),
        database: if backend == DbBackend::Postgres { "postgres" } else { "sqlite" }.to_owned(),
        schema,
        tables,
        parts: Vec::new(),
        missing_files: missing,
    };
    Ok(archive.finish(manifest)?)
}

/// The 32 hex digits a stored name begins with (`3f9a…c1.jpg`, `3f9a…c1-640.webp`).
fn stem(name: &str) -> &str {
    name.get(..32).unwrap_or(name)
}

/// Stored names anywhere in a row: a column of a name, a URL in the site content.
fn stored_names(line: &str) -> impl Iterator<Item = String> + '_ {
    static NAME: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"(?:^|[^0-9a-f])([0-9a-f]{32})(?:-[0-9]{1,5})?\.(?:jpg|png|webp|gif|pdf)").expect("a valid pattern"));
    NAME.captures_iter(line).filter_map(|found| found.get(1)).map(|stem| stem.as_str().to_owned())
}

/// The tables of the database. One that no entry of [`TABLES`] covers would be left out
/// silently: refused.
async fn tables_present(txn: &DatabaseTransaction) -> anyhow::Result<HashSet<String>> {
    let sql = match txn.get_database_backend() {
        DbBackend::Postgres => "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
        // Not the search indexes (FTS5 tables and their shadow tables): they are rebuilt from
        // the rows as these are restored (migration m20261202_000016_search_index).
        _ => "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'",
    };
    let rows = txn.query_all_raw(Statement::from_string(txn.get_database_backend(), sql)).await?;
    let known: HashSet<&str> = TABLES.iter().map(|table| table.name()).collect();
    let mut present = HashSet::new();
    for row in rows {
        let name: String = row.try_get("", "name")?;
        anyhow::ensure!(
            name == "seaql_migrations" || known.contains(name.as_str()),
            "the table {name} is not known to backups (backend/src/backup/mod.rs, TABLES)"
        );
        present.insert(name);
    }
    Ok(present)
}

/// The columns of one table: a database of an older version lacks the columns later
/// migrations add, and its backup does too.
async fn columns_present(txn: &DatabaseTransaction, table: &str) -> anyhow::Result<HashSet<String>> {
    let backend = txn.get_database_backend();
    let statement = match backend {
        DbBackend::Postgres => Statement::from_sql_and_values(
            backend,
            "SELECT column_name::text AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1",
            [table.into()],
        ),
        _ => Statement::from_sql_and_values(backend, "SELECT name FROM pragma_table_info(?)", [table.into()]),
    };
    let rows = txn.query_all_raw(statement).await?;
    rows.iter().map(|row| row.try_get::<String>("", "name").map_err(Into::into)).collect()
}

/// The migrations applied to the database, in the program's order (a newer program's last).
pub async fn applied_migrations(db: &impl ConnectionTrait) -> anyhow::Result<Vec<String>> {
    let rows = db
        .query_all_raw(Statement::from_string(db.get_database_backend(), "SELECT version FROM seaql_migrations"))
        .await?;
    let mut applied: Vec<String> = rows.iter().map(|row| row.try_get::<String>("", "version")).collect::<Result<_, _>>()?;
    let order = known_migrations();
    applied.sort_by_key(|name| order.iter().position(|known| known == name).unwrap_or(usize::MAX));
    Ok(applied)
}

/// An async stream of chunks read from a blocking thread.
struct Blocking<'a> {
    handle: &'a Handle,
    stream: BoxStream<'static, crate::error::Result<Bytes>>,
    chunk: Bytes,
}

impl Read for Blocking<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.chunk.is_empty() {
            match self.handle.block_on(self.stream.next()) {
                None => return Ok(0),
                Some(Ok(chunk)) => self.chunk = chunk,
                Some(Err(err)) => return Err(io::Error::other(err.to_string())),
            }
        }
        let n = buf.len().min(self.chunk.len());
        buf[..n].copy_from_slice(&self.chunk.split_to(n));
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_found_in_rows() {
        let hex = "0123456789abcdef0123456789abcdef";
        let line = format!(r#"{{"image":"{hex}.jpg","site":"/uploads/{hex}-640.webp","token":"ff{hex}","x":"{hex}.exe"}}"#);
        let found: Vec<String> = stored_names(&line).collect();
        assert_eq!(found, vec![hex.to_owned(), hex.to_owned()]);
        assert_eq!(stem(&format!("{hex}-640.webp")), hex);
    }
}
