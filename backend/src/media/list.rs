//! The lists of images: search, sort and exports (one table for every kind), the gallery's
//! month filter, and the public list answered from memory when it is asked for plainly.
use axum::{http::HeaderMap, response::Response};
use sea_orm::{ColumnTrait, Condition};
use serde::Deserialize;
use utoipa::IntoParams;

use super::{
    entity::{self, Column, Model},
    item::MediaItem,
    kinds::MediaKind,
};
use crate::{
    admin_list::{self, AdminList, ListFilter, ListQuery, View, moment, text},
    documents::{Bilingual, Cell, Column as DocColumn, Lang},
    error::{Error, Result},
    state::AppState,
    uploads,
};

/// The public lists' page when none is asked for: a generous one.
pub const PUBLIC_PER_PAGE: u64 = 60;

/// Search and sort of every image list; each kind's list is narrowed by its [`KindView`].
pub struct MediaList;

impl AdminList for MediaList {
    const ROLE: crate::roles::Role = crate::roles::Role::Content;
    type Entity = entity::Entity;
    type Model = Model;
    const SORTABLE: &'static [(&'static str, Column)] = &[
        ("created_at", Column::CreatedAt),
        ("id", Column::Id),
        ("year", Column::Year),
        ("month", Column::Month),
        ("description", Column::Description),
        ("bytes", Column::Bytes),
    ];
    const SEARCHABLE: &'static [Column] = &[Column::Description];
}

/// One kind's rows, order and exports.
#[derive(Debug, Clone, Copy)]
pub struct KindView(pub MediaKind);

impl View<MediaList> for KindView {
    fn title(&self) -> Bilingual {
        let (en, mr) = self.0.facts().title;
        Bilingual::new(en, mr)
    }

    fn file_stem(&self) -> &'static str {
        self.0.as_str()
    }

    fn condition(&self) -> Condition {
        Condition::all().add(Column::Kind.eq(self.0.as_str()))
    }

    /// The gallery by the month the photos belong to, newest month first; within it, and in the
    /// other lists, in the administrators' order (a new image first).
    fn default_order(&self) -> Vec<Column> {
        if self.0.facts().by_month {
            vec![Column::Year, Column::Month, Column::Position, Column::CreatedAt]
        } else {
            vec![Column::Position, Column::CreatedAt]
        }
    }

    fn columns(&self, lang: Lang) -> Vec<DocColumn> {
        vec![
            DocColumn::new(lang.pick("Id", "क्रमांक"), 0.5),
            DocColumn::new(lang.pick("Image", "प्रतिमा"), 3.0),
            DocColumn::new(lang.pick("Description", "वर्णन"), 3.0),
            DocColumn::new(lang.pick("Month", "महिना"), 0.8),
            DocColumn::new(lang.pick("Bytes", "आकार (बाइट)"), 0.9),
            DocColumn::new(lang.pick("Uploaded", "अपलोड दिनांक"), 1.4),
        ]
    }

    fn row(&self, m: &Model, _lang: Lang) -> Vec<Cell> {
        vec![
            Cell::Integer(m.id.into()),
            text(&uploads::url(self.0.folder(), &m.image)),
            text(&m.description),
            text(&format!("{:04}-{:02}", m.year, m.month)),
            Cell::Integer(m.bytes),
            moment(m.created_at),
        ]
    }
}

/// The gallery's filters; either alone (a month alone means that month of every year). Both
/// take Devanagari digits too.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GalleryFilter {
    /// The year the photos belong to.
    #[serde(default, deserialize_with = "crate::validation::latin_query")]
    pub year: Option<i32>,
    /// The month the photos belong to, 1 to 12.
    #[param(minimum = 1, maximum = 12)]
    #[serde(default, deserialize_with = "crate::validation::latin_query")]
    pub month: Option<i32>,
}

impl ListFilter for GalleryFilter {
    fn condition(&self) -> Result<Condition> {
        let mut condition = Condition::all();
        if let Some(year) = self.year {
            condition = condition.add(Column::Year.eq(year));
        }
        if let Some(month) = self.month {
            if !(1..=12).contains(&month) {
                return Err(Error::BadRequest("month must be between 1 and 12".into()));
            }
            condition = condition.add(Column::Month.eq(month));
        }
        Ok(condition)
    }
}

/// `GET /api/{kind}` (public). Without query parameters it is answered from the snapshot cache.
pub async fn public_list(
    state: AppState,
    kind: MediaKind,
    headers: HeaderMap,
    raw: Option<String>,
    mut query: ListQuery,
    filter: &impl ListFilter,
) -> Result<Response> {
    let condition = filter.condition()?;
    query.per_page.get_or_insert(PUBLIC_PER_PAGE);
    let db = state.db.clone();
    let build = async move {
        let (rows, total) = admin_list::page_as::<MediaList>(&db, &query, condition, &KindView(kind)).await?;
        let items: Vec<MediaItem> = rows.into_iter().map(|row| MediaItem::new(kind, row)).collect();
        Ok(admin_list::with_total(total, items))
    };
    // Searches, filters and other pages go to the database.
    if raw.is_some_and(|raw| !raw.is_empty()) {
        return build.await;
    }
    state.public_cache.respond(kind.as_str(), "", &headers, build).await
}
