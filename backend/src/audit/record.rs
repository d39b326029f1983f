use std::net::IpAddr;

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, IdenStatic, Iterable, ModelTrait, QueryFilter, Set,
    sea_query::sea_value_to_json_value,
};
use serde_json::{Map, Value};

use super::entity;

/// What an administrator did. Its name is stored; the dashboard shows it in both languages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Create,
    Update,
    Delete,
    Upload,
    Cancel,
    Publish,
    Withdraw,
    Export,
    SignIn,
    SignInFailed,
    SignOutEverywhere,
    PasswordChange,
    PasswordReset,
    RoleChange,
    Backup,
    Restore,
    /// Mail sent: an update, its test, a message sent again.
    Send,
}

impl Action {
    pub const fn name(self) -> &'static str {
        match self {
            Action::Create => "create",
            Action::Update => "update",
            Action::Delete => "delete",
            Action::Upload => "upload",
            Action::Cancel => "cancel",
            Action::Publish => "publish",
            Action::Withdraw => "withdraw",
            Action::Export => "export",
            Action::SignIn => "sign_in",
            Action::SignInFailed => "sign_in_failed",
            Action::SignOutEverywhere => "sign_out_everywhere",
            Action::PasswordChange => "password_change",
            Action::PasswordReset => "password_reset",
            Action::RoleChange => "role_change",
            Action::Backup => "backup",
            Action::Restore => "restore",
            Action::Send => "send",
        }
    }

    pub const ALL: [Action; 17] = [
        Action::Create,
        Action::Update,
        Action::Delete,
        Action::Upload,
        Action::Cancel,
        Action::Publish,
        Action::Withdraw,
        Action::Export,
        Action::SignIn,
        Action::SignInFailed,
        Action::SignOutEverywhere,
        Action::PasswordChange,
        Action::PasswordReset,
        Action::RoleChange,
        Action::Backup,
        Action::Restore,
        Action::Send,
    ];
}

/// Who acts, and from where: an administrator, or for a failed sign-in the e-mail it tried.
#[derive(Debug, Clone)]
pub struct Actor {
    pub email: String,
    pub address: IpAddr,
}

/// The fields before and after a change.
#[derive(Debug, Clone, Default)]
pub struct Changes {
    pub before: Option<Map<String, Value>>,
    pub after: Option<Map<String, Value>>,
}

impl Changes {
    pub fn created(after: Map<String, Value>) -> Changes {
        Changes { before: None, after: Some(after) }
    }

    pub fn deleted(before: Map<String, Value>) -> Changes {
        Changes { before: Some(before), after: None }
    }

    pub fn none() -> Changes {
        Changes::default()
    }

    fn to_json(&self) -> Value {
        let mut value = Map::new();
        if let Some(before) = &self.before {
            value.insert("before".into(), Value::Object(before.clone()));
        }
        if let Some(after) = &self.after {
            value.insert("after".into(), Value::Object(after.clone()));
        }
        Value::Object(value)
    }
}

/// One entry: what was done to what, in one line, with the fields it changed.
#[derive(Debug, Clone)]
pub struct Entry {
    pub action: Action,
    /// The section (`bookings`, `contacts`, `administrators`…).
    pub entity: String,
    pub entity_id: Option<String>,
    pub summary: String,
    pub changes: Changes,
}

impl Entry {
    pub fn new(action: Action, entity: impl Into<String>, entity_id: Option<i32>, summary: impl Into<String>) -> Entry {
        Entry {
            action,
            entity: entity.into(),
            entity_id: entity_id.map(|id| id.to_string()),
            summary: summary.into(),
            changes: Changes::none(),
        }
    }

    pub fn with_changes(mut self, changes: Changes) -> Entry {
        self.changes = changes;
        self
    }
}

/// Fields that never go into the log.
const SECRETS: &[&str] = &["password", "password_hash", "token_version", "token"];

/// A row's fields by column name, secrets left out.
pub fn row<M: ModelTrait>(model: &M) -> Map<String, Value> {
    let mut fields = Map::new();
    for column in <M::Entity as EntityTrait>::Column::iter() {
        let name = column.as_str();
        if !SECRETS.contains(&name) {
            fields.insert(name.to_owned(), json_of(&model.get(column)));
        }
    }
    fields
}

/// A column's value as JSON; times as RFC 3339 and dates as `YYYY-MM-DD`, as the API sends them.
fn json_of(value: &sea_orm::Value) -> Value {
    use sea_orm::Value as V;
    let text = |text: Option<String>| text.map_or(Value::Null, Value::String);
    match value {
        V::ChronoDateTimeWithTimeZone(at) => text(at.map(|at| at.to_rfc3339())),
        V::ChronoDateTimeUtc(at) => text(at.map(|at| at.to_rfc3339())),
        V::ChronoDateTime(at) => text(at.map(|at| at.to_string())),
        V::ChronoDate(day) => text(day.map(|day| day.to_string())),
        V::ChronoTime(time) => text(time.map(|time| time.to_string())),
        other => sea_value_to_json_value(other),
    }
}

/// The fields that differ between two versions of a row, before and after.
pub fn changed<M: ModelTrait>(before: &M, after: &M) -> Changes {
    changed_fields(row(before), row(after))
}

/// The fields that differ between two sets of fields, before and after.
pub fn changed_fields(old: Map<String, Value>, new: Map<String, Value>) -> Changes {
    let (mut before, mut after) = (Map::new(), Map::new());
    for (name, value) in new {
        if old.get(&name) != Some(&value) {
            before.insert(name.clone(), old.get(&name).cloned().unwrap_or(Value::Null));
            after.insert(name, value);
        }
    }
    Changes { before: Some(before), after: Some(after) }
}

/// Records `entry` on `db`: the transaction of the change it describes.
pub async fn record(db: &impl ConnectionTrait, actor: &Actor, entry: Entry) -> Result<(), DbErr> {
    entity::ActiveModel {
        at: Set(chrono::Utc::now().fixed_offset()),
        actor: Set(actor.email.clone()),
        address: Set(actor.address.to_string()),
        action: Set(entry.action.name().to_owned()),
        entity: Set(entry.entity),
        entity_id: Set(entry.entity_id),
        summary: Set(entry.summary),
        changes: Set(entry.changes.to_json().to_string()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Removes the entries older than `days` days: the retention setting, the one thing that
/// removes entries. Answers how many went.
pub async fn prune(db: &impl ConnectionTrait, days: u32) -> Result<u64, DbErr> {
    let cutoff = chrono::Utc::now().fixed_offset() - chrono::Duration::days(i64::from(days));
    let removed = entity::Entity::delete_many().filter(entity::Column::At.lt(cutoff)).exec(db).await?;
    Ok(removed.rows_affected)
}

/// Prunes the log now and then every hour, while the server runs.
pub fn keep_for(db: sea_orm::DatabaseConnection, days: u32) {
    tokio::spawn(async move {
        let mut every_hour = tokio::time::interval(std::time::Duration::from_secs(3600));
        loop {
            every_hour.tick().await;
            match prune(&db, days).await {
                Ok(0) => {}
                Ok(removed) => tracing::info!(removed, days, "audit entries past their retention removed"),
                Err(err) => tracing::warn!(%err, "could not remove old audit entries"),
            }
        }
    });
}
