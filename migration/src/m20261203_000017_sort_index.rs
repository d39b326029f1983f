use sea_orm_migration::prelude::*;

/// Lists paged and sorted by index rather than by sorting every row: for every column an
/// administrator list sorts by, an index in the list's own order (the column, then the id that
/// breaks ties), behind the column that narrows a table several lists share. A page of a sorted
/// list of 100,000 rows then reads its rows and no more, on SQLite and PostgreSQL alike.
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
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
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
