use sea_orm_migration::{prelude::*, sea_orm::DatabaseBackend};

use crate::m20261202_000016_search_index::SEARCHED;

/// Lists paged and sorted by index rather than by sorting every row: for every column an
/// administrator list sorts by, an index in the list's own order (the column, then the id that
/// breaks ties), behind the column that narrows a table several lists share. A page of a sorted
/// list of 100,000 rows then reads its rows and no more, on SQLite and PostgreSQL alike.
///
/// On PostgreSQL the search indexes of migration 16 also stop collecting new rows in a pending
/// list (`fastupdate`): every search read that list whole, 13 ms for one column after 30,000
/// inserts, so a search of four columns took 30 ms by index and the planner chose to read the
/// table instead (150 ms). Each insert now updates the index itself.
#[derive(DeriveMigrationName)]
pub struct Migration;

/// Each list's table, the column by which several lists share it (the kind, compared for
/// equality before the order), and the columns it sorts by besides the id (each list's
/// `SORTABLE`; backend/src/admin_list/list.rs checks that the two agree).
pub const SORTED: &[(&str, Option<&str>, &[&str])] = &[
    ("contacts", None, &["created_at", "full_name", "email", "handled"]),
    ("subscribers", None, &["created_at", "value", "status"]),
    ("bookings", Some("kind"), &["created_at", "date", "full_name", "status", "reference"]),
    ("family_heads", None, &["created_at", "surname", "first_name", "dob", "area"]),
    ("matrimony_profiles", None, &["created_at", "name", "dob", "status", "uploaded_at"]),
    ("audit_log", None, &["at", "actor", "action", "entity"]),
    ("outbox", None, &["created_at", "recipient", "status"]),
    ("media_items", Some("kind"), &["created_at", "year", "month", "description", "bytes"]),
    ("notifications", None, &["created_at", "message", "ends_on"]),
];

/// Earlier single-purpose indexes that an index above now covers (the same leading columns):
/// kept, they would only slow every insert. Name, table and columns, to restore them on `down`.
const SUPERSEDED: &[(&str, &str, &[&str])] = &[
    ("idx_contacts_created_at", "contacts", &["created_at"]),
    ("idx_bookings_kind_date", "bookings", &["kind", "date"]),
    ("idx_family_heads_created_at", "family_heads", &["created_at"]),
    ("idx_matrimony_profiles_created_at", "matrimony_profiles", &["created_at"]),
    ("idx_audit_log_at", "audit_log", &["at"]),
    ("idx_audit_log_actor", "audit_log", &["actor"]),
    ("subscribers_status", "subscribers", &["status"]),
];

fn index_name(table: &str, column: &str) -> String {
    format!("{table}_sorted_{column}")
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (table, shared_by, columns) in SORTED {
            for column in *columns {
                let mut index = Index::create();
                index.name(index_name(table, column)).table(Alias::new(*table));
                if let Some(kind) = shared_by {
                    index.col(Alias::new(*kind));
                }
                index.col(Alias::new(*column)).col(Alias::new("id"));
                manager.create_index(index.to_owned()).await?;
            }
        }
        for (name, table, _) in SUPERSEDED {
            manager.drop_index(Index::drop().name(*name).table(Alias::new(*table)).to_owned()).await?;
        }
        if manager.get_database_backend() == DatabaseBackend::Postgres {
            let db = manager.get_connection();
            for (table, columns) in SEARCHED {
                for column in *columns {
                    let index = format!("{table}_{column}_search");
                    db.execute_unprepared(&format!("ALTER INDEX \"{index}\" SET (fastupdate = off)")).await?;
                    db.execute_unprepared(&format!("SELECT gin_clean_pending_list('\"{index}\"'::regclass)")).await?;
                }
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() == DatabaseBackend::Postgres {
            for (table, columns) in SEARCHED {
                for column in *columns {
                    let index = format!("{table}_{column}_search");
                    manager.get_connection().execute_unprepared(&format!("ALTER INDEX \"{index}\" SET (fastupdate = on)")).await?;
                }
            }
        }
        for (name, table, columns) in SUPERSEDED {
            let mut index = Index::create();
            index.name(*name).table(Alias::new(*table));
            for column in *columns {
                index.col(Alias::new(*column));
            }
            manager.create_index(index.to_owned()).await?;
        }
        for (table, _, columns) in SORTED {
            for column in *columns {
                manager.drop_index(Index::drop().name(index_name(table, column)).table(Alias::new(*table)).to_owned()).await?;
            }
        }
        Ok(())
    }
}
