use sea_orm::entity::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// One recorded change (docs/DESIGN.md §11). Rows are only ever added; the retention setting
/// (`SAMITI_AUDIT_KEEP_DAYS`) is the one thing that removes them.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, ToSchema)]
#[sea_orm(table_name = "audit_log")]
#[schema(as = AuditEntry)]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// When (RFC 3339).
    #[schema(value_type = String, format = DateTime)]
    pub at: DateTimeWithTimeZone,
    /// The administrator's e-mail, or the e-mail a failed sign-in tried.
    pub actor: String,
    /// The client's address.
    pub address: String,
    /// What was done: `create`, `update`, `delete`, `upload`, `cancel`, `publish`, `sign_in`…
    pub action: String,
    /// The section it was done in: `bookings`, `contacts`, `administrators`…
    pub entity: String,
    /// The row's id, when the action was on one row.
    pub entity_id: Option<String>,
    /// One line for people.
    pub summary: String,
    /// The fields before and after, as JSON text: `{"before": {...}, "after": {...}}` (only the
    /// changed fields for an update, the whole row for a delete; secrets never).
    pub changes: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
