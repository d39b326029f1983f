//! The audit log's pages for owners (docs/DESIGN.md §11): `GET /api/admin/audit`, newest first,
//! filtered by who, section, action and dates and searched, and its Excel and PDF exports. No
//! route changes or deletes an entry; `crate::audit` records them.
use axum::{extract::State, response::Response};
use chrono::{NaiveDate, TimeZone};
use sea_orm::{ColumnTrait, Condition, DatabaseConnection};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    admin_list::{self, AdminList, ListFilter, ListQuery, ListView, moment, text},
    admin_list_export_routes,
    api_doc::Tag,
    audit::entity::{Column, Entity, Model as AuditEntry},
    auth::AdminUser,
    documents::{Bilingual, Cell, Column as DocColumn, Lang},
    error::{Error, Result, responses},
    extract::Query,
    roles::Role,
    state::AppState,
};

pub struct AuditList;

impl AdminList for AuditList {
    type Entity = Entity;
    type Model = AuditEntry;
    const ROLE: Role = Role::Owner;
    const SORTABLE: &'static [(&'static str, Column)] =
        &[("at", Column::At), ("id", Column::Id), ("actor", Column::Actor), ("action", Column::Action), ("entity", Column::Entity)];
    const SEARCHABLE: &'static [Column] = &[Column::Actor, Column::Summary, Column::Entity, Column::EntityId, Column::Changes];
    const PATH: &'static str = "/api/admin/audit";
    const TAG: Tag = Tag::new("audit", "The audit log: every change administrators made (owners only)");
    const FILE_STEM: &'static str = "audit-log";
    const TITLE: Bilingual = Bilingual::new("Audit log", "बदलांची नोंद");

    fn export_columns(lang: Lang) -> Vec<DocColumn> {
        vec![
            DocColumn::new(lang.pick("When", "केव्हा"), 1.4),
            DocColumn::new(lang.pick("Who", "कोणी"), 1.6),
            DocColumn::new(lang.pick("Address", "पत्ता (IP)"), 1.0),
            DocColumn::new(lang.pick("Action", "कृती"), 0.9),
            DocColumn::new(lang.pick("Section", "विभाग"), 1.1),
            DocColumn::new(lang.pick("Id", "क्रमांक"), 0.5),
            DocColumn::new(lang.pick("Summary", "सारांश"), 3.0),
            DocColumn::new(lang.pick("Changes", "बदल"), 3.0),
        ]
    }

    fn export_row(entry: &AuditEntry, _lang: Lang) -> Vec<Cell> {
        vec![
            moment(entry.at),
            text(&entry.actor),
            text(&entry.address),
            text(&entry.action),
            text(&entry.entity),
            text(entry.entity_id.as_deref().unwrap_or("")),
            text(&entry.summary),
            text(&entry.changes),
        ]
    }

    /// The changes are in the workbook; the PDF keeps to what fits a page.
    fn printed_columns() -> Option<&'static [usize]> {
        Some(&[0, 1, 3, 4, 5, 6])
    }
}

/// The audit log's filters; dates are whole days in India's time (`YYYY-MM-DD`, both included).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditFilter {
    /// The administrator's e-mail (or the e-mail a failed sign-in tried), exactly.
    #[param(max_length = 254)]
    pub actor: Option<String>,
    /// The section (`bookings`, `contacts`, `administrators`…), exactly.
    #[param(max_length = 100)]
    pub entity: Option<String>,
    /// The action (`create`, `update`, `delete`, `sign_in`…), exactly.
    #[param(max_length = 40)]
    pub action: Option<String>,
    /// From this day.
    #[param(value_type = Option<String>, format = Date)]
    pub from: Option<String>,
    /// Up to and including this day.
    #[param(value_type = Option<String>, format = Date)]
    pub to: Option<String>,
}

/// The start of `day` in India's time, or 400 naming the parameter.
fn start_of(day: &str, name: &str) -> Result<chrono::DateTime<chrono::FixedOffset>> {
    let date = NaiveDate::parse_from_str(day.trim(), "%Y-%m-%d")
        .map_err(|_| Error::BadRequest(format!("{name} must be a date (YYYY-MM-DD)")))?;
    let midnight = date.and_hms_opt(0, 0, 0).unwrap_or_default();
    chrono_tz::Asia::Kolkata
        .from_local_datetime(&midnight)
        .single()
        // Stated in UTC, as every moment is stored: SQLite compares moments as text.
        .map(|at| at.with_timezone(&chrono::Utc).fixed_offset())
        .ok_or_else(|| Error::BadRequest(format!("{name} must be a date (YYYY-MM-DD)")))
}

/// The longest `actor`, `entity` and `action` (characters), as the document states them.
const FILTER_LIMITS: [(&str, usize); 3] = [("actor", 254), ("entity", 100), ("action", 40)];

impl ListFilter for AuditFilter {
    fn condition(&self) -> Result<Condition> {
        for ((name, max), value) in FILTER_LIMITS.into_iter().zip([&self.actor, &self.entity, &self.action]) {
            if value.as_deref().is_some_and(|value| value.chars().count() > max) {
                return Err(Error::BadRequest(format!("{name} must be at most {max} characters")));
            }
        }
        let mut condition = Condition::all();
        let given = |value: &Option<String>| value.as_deref().map(str::trim).filter(|value| !value.is_empty()).map(str::to_owned);
        if let Some(actor) = given(&self.actor) {
            condition = condition.add(Column::Actor.eq(actor.to_lowercase()));
        }
        if let Some(entity) = given(&self.entity) {
            condition = condition.add(Column::Entity.eq(entity));
        }
        if let Some(action) = given(&self.action) {
            condition = condition.add(Column::Action.eq(action));
        }
        // A date given empty is refused like any other text that is not a date.
        if let Some(from) = &self.from {
            condition = condition.add(Column::At.gte(start_of(from, "from")?));
        }
        if let Some(to) = &self.to {
            condition = condition.add(Column::At.lt(start_of(to, "to")? + chrono::Duration::days(1)));
        }
        Ok(condition)
    }

    fn describe(&self, lang: Lang) -> Option<String> {
        let mut parts = Vec::new();
        for (value, en, mr) in [
            (&self.actor, "by", "कोणी"),
            (&self.entity, "section", "विभाग"),
            (&self.action, "action", "कृती"),
            (&self.from, "from", "पासून"),
            (&self.to, "to", "पर्यंत"),
        ] {
            if let Some(value) = value.as_deref().map(str::trim).filter(|value| !value.is_empty()) {
                parts.push(format!("{} {value}", lang.pick(en, mr)));
            }
        }
        (!parts.is_empty()).then(|| parts.join(", "))
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    let at = |routes| admin_list::place(routes, AuditList::PATH, AuditList::TAG.name, AuditList::ROLE, ListView::<AuditList>::default());
    let mut router = OpenApiRouter::new().routes(at(routes!(list)));
    for routes in export_routes() {
        router = router.routes(at(routes));
    }
    admin_list::declare::<AuditList>(router)
}

/// The audit log, newest first, filtered, searched and paged (owners only).
#[utoipa::path(get, path = "/kind", operation_id = "list", security(("bearer" = [])),
    params(ListQuery, AuditFilter),
    responses(
        (status = 200, description = "One page of the log", body = Vec<AuditEntry>,
            headers(("x-total-count" = u64, description = "Entries in the whole filtered log"))),
        (status = 400, description = "Unknown sort field, bad paging or a bad date", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn list(
    _admin: AdminUser,
    State(db): State<DatabaseConnection>,
    Query(query): Query<ListQuery>,
    Query(filter): Query<AuditFilter>,
) -> Result<Response> {
    let (rows, total) = admin_list::page::<AuditList>(&db, &query, filter.condition()?).await?;
    Ok(admin_list::with_total(total, rows))
}

admin_list_export_routes!(list = AuditList, filter = AuditFilter, view = ListView<AuditList>);
