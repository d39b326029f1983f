use sea_orm_migration::{prelude::*, sea_orm::DatabaseBackend};

/// Administrator search by index rather than by scan: every list's `q` finds a word inside any
/// of its searched columns, whatever their number of rows.
/// - SQLite: per table an FTS5 table `{table}_search` with the trigram tokenizer (which finds
///   substrings, in either case) over the searched columns, its content read from the table
///   itself, kept in step by triggers in the same transaction as every write.
/// - PostgreSQL: per searched column a pg_trgm GIN index on its lower case, which the list's
///   `lower(column) LIKE '%…%'` uses as it is.
#[derive(DeriveMigrationName)]
pub struct Migration;

/// Each list's table and the columns its `q` searches (each list's `SEARCHABLE`; a test in
/// backend/src/admin_list/search.rs checks that the two agree).
pub const SEARCHED: &[(&str, &[&str])] = &[
    ("contacts", &["full_name", "email", "message", "note"]),
    ("subscribers", &["value"]),
    ("bookings", &["full_name", "email", "phone", "reference"]),
    ("family_heads", &["first_name", "middle_name", "last_name", "surname", "father_name", "whatsapp", "area"]),
    ("matrimony_profiles", &["name", "email", "mobile", "location", "caste"]),
    ("audit_log", &["actor", "summary", "entity", "entity_id", "changes"]),
    ("outbox", &["recipient", "subject"]),
    ("media_items", &["description"]),
    ("notifications", &["message", "message_mr"]),
];

/// The statements that create `table`'s FTS5 index on SQLite, fill it, and keep it in step.
fn sqlite_index(table: &str, columns: &[&str]) -> Vec<String> {
    let index = format!("{table}_search");
    let names = columns.iter().map(|column| format!("\"{column}\"")).collect::<Vec<_>>().join(", ");
    let values = |row: &str| columns.iter().map(|column| format!("{row}.\"{column}\"")).collect::<Vec<_>>().join(", ");
    let insert = format!("INSERT INTO \"{index}\"(rowid, {names}) VALUES (new.\"id\", {});", values("new"));
    let remove = format!("INSERT INTO \"{index}\"(\"{index}\", rowid, {names}) VALUES ('delete', old.\"id\", {});", values("old"));
    vec![
        format!("CREATE VIRTUAL TABLE \"{index}\" USING fts5({names}, content='{table}', content_rowid='id', tokenize='trigram')"),
        format!("INSERT INTO \"{index}\"(\"{index}\") VALUES ('rebuild')"),
        format!("CREATE TRIGGER \"{index}_insert\" AFTER INSERT ON \"{table}\" BEGIN {insert} END"),
        format!("CREATE TRIGGER \"{index}_delete\" AFTER DELETE ON \"{table}\" BEGIN {remove} END"),
        format!("CREATE TRIGGER \"{index}_update\" AFTER UPDATE OF {names} ON \"{table}\" BEGIN {remove} {insert} END"),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        match manager.get_database_backend() {
            DatabaseBackend::Sqlite => {
                for (table, columns) in SEARCHED {
                    for statement in sqlite_index(table, columns) {
                        db.execute_unprepared(&statement).await?;
                    }
                }
            }
            DatabaseBackend::Postgres => {
                // pg_trgm is a trusted extension: the database's owner may create it.
                db.execute_unprepared("CREATE EXTENSION IF NOT EXISTS pg_trgm").await?;
                for (table, columns) in SEARCHED {
                    for column in *columns {
                        db.execute_unprepared(&format!(
                            "CREATE INDEX \"{table}_{column}_search\" ON \"{table}\" USING gin (lower(\"{column}\") gin_trgm_ops)"
                        ))
                        .await?;
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for (table, columns) in SEARCHED {
            match manager.get_database_backend() {
                DatabaseBackend::Sqlite => {
                    for trigger in ["insert", "delete", "update"] {
                        db.execute_unprepared(&format!("DROP TRIGGER IF EXISTS \"{table}_search_{trigger}\"")).await?;
                    }
                    db.execute_unprepared(&format!("DROP TABLE IF EXISTS \"{table}_search\"")).await?;
                }
                DatabaseBackend::Postgres => {
                    for column in *columns {
                        db.execute_unprepared(&format!("DROP INDEX IF EXISTS \"{table}_{column}_search\"")).await?;
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }
}
