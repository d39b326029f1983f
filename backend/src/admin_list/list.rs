//! What an administrator list is, and its pages: search over text columns, sort, paging with
//! the total in `X-Total-Count`, delete by id.
use axum::{
    Json,
    http::{HeaderMap, HeaderValue},
    response::{IntoResponse, Response},
};
use sea_orm::{
    Condition, ConnectionTrait, DatabaseConnection, DbBackend, EntityName, EntityTrait, IdenStatic, IntoActiveModel, ModelTrait, Order,
    PaginatorTrait, PrimaryKeyToColumn, PrimaryKeyTrait, QueryFilter, QueryOrder, QueryTrait, Select,
};
use serde::{Deserialize, Serialize};
use migration::m20261203_000017_sort_index::SORTED;
use std::marker::PhantomData;
use utoipa::IntoParams;

use super::{
    query::{ListQuery, MAX_SEARCH_CHARS},
};
use crate::{
    api_doc::Tag,
    documents::{Bilingual, Cell, Column, Lang},
    audit::{self, Action, Actor, Changes, Entry},
    error::{Error, Result},
    roles::Role,
};

/// What distinguishes one administrator list from another: its table, where it lives, and
/// which columns are searched, sortable and exported. Its routes, OpenAPI operations (tag,
/// sort fields) and exports all read this one declaration.
pub trait AdminList: Send + Sync + 'static {
    type Entity: EntityTrait<Model = Self::Model>;
    type Model: ModelTrait<Entity = Self::Entity> + sea_orm::FromQueryResult + IntoActiveModel<<Self::Entity as EntityTrait>::ActiveModel> + Serialize + Send + Sync;
    /// Fields by JSON name that `sort` accepts; the first one, descending, is the default.
    const SORTABLE: &'static [(&'static str, <Self::Entity as EntityTrait>::Column)];
    /// Text columns that `q` searches.
    const SEARCHABLE: &'static [<Self::Entity as EntityTrait>::Column];
    /// Where the list lives, e.g. `/api/contacts`: `GET` pages it, `DELETE …/{id}` deletes a
    /// row, `…/export/excel` and `…/export/pdf` export it (the routes of `admin_list_routes!`).
    /// A table that several kinds share takes each kind's path from the kind's facts instead.
    const PATH: &'static str = "";
    /// The OpenAPI tag of the list's operations (also the prefix of their ids), described once.
    const TAG: Tag = Tag::new("", "");
    /// The role that may read, export and change the list (docs/DESIGN.md §10); a table that
    /// several kinds share takes each kind's role from the kind's facts.
    const ROLE: Role;
    // The export's facts. A table that several kinds share (the booking kinds) leaves them out
    // and gives each kind's export a `View` of its own.
    /// File name without extension of the exports, e.g. `contacts` for `contacts.xlsx`.
    const FILE_STEM: &'static str = "";
    /// Title printed on the PDF and used as the sheet name, in both languages.
    const TITLE: Bilingual = Bilingual::new("", "");

    /// The exported columns, headed in `lang`.
    fn export_columns(_lang: Lang) -> Vec<Column> {
        Vec::new()
    }
    /// One row of the export; values the list shows as words (a status) are in `lang`.
    fn export_row(_model: &Self::Model, _lang: Lang) -> Vec<Cell> {
        Vec::new()
    }

    /// The export columns the PDF prints (positions in `export_columns`), for a list with more
    /// columns than a page's width can hold; the Excel export keeps them all.
    fn printed_columns() -> Option<&'static [usize]> {
        None
    }

    /// The rows of the table that belong to this list (all of them unless a table holds
    /// several lists).
    fn scope(select: Select<Self::Entity>) -> Select<Self::Entity> {
        select
    }

    /// The columns of the default order, each descending (then the primary key).
    fn default_order() -> Vec<<Self::Entity as EntityTrait>::Column> {
        vec![Self::SORTABLE[0].1]
    }
}

/// Filters of a list beyond `q` (a booking list's date range and status): they narrow the
/// list and its exports alike.
pub trait ListFilter: serde::de::DeserializeOwned + IntoParams + Send {
    fn condition(&self) -> Result<Condition>;
    /// How the export's subtitle names the filter in `lang`, if any is set.
    fn describe(&self, _lang: Lang) -> Option<String> {
        None
    }
}

/// The filter of a list that has none.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NoFilter {}

impl ListFilter for NoFilter {
    fn condition(&self) -> Result<Condition> {
        Ok(Condition::all())
    }
}

pub(super) fn filtered<K: AdminList>(backend: DbBackend, query: &ListQuery, view: &impl View<K>) -> Result<Select<K::Entity>> {
    debug_assert!(sorted_by_index::<K>(), "{}: the sort indexes differ from the list's SORTABLE", K::Entity::default().table_name());
    let mut select = K::scope(K::Entity::find()).filter(view.condition());
    if query.q.as_deref().is_some_and(|q| q.chars().count() > MAX_SEARCH_CHARS) {
        return Err(Error::BadRequest(format!("Search text is longer than {MAX_SEARCH_CHARS} characters")));
    }
    if let Some(q) = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        let table = K::Entity::default().table_name();
        select = select.filter(super::search::condition(backend, table, K::SEARCHABLE, q));
    }
    // Exactly one of the values the document lists: a blank or padded field name is refused too.
    let (columns, order) = match query.sort.as_deref().filter(|s| !s.is_empty()) {
        None => (view.default_order(), Order::Desc),
        Some(sort) => {
            let (name, order) = match sort.strip_prefix('-') {
                Some(name) => (name, Order::Desc),
                None => (sort, Order::Asc),
            };
            let column = K::SORTABLE
                .iter()
                .find(|(field, _)| *field == name)
                .map(|(_, column)| *column)
                .ok_or_else(|| Error::BadRequest(format!("Cannot sort by {name}")))?;
            (vec![column], order)
        }
    };
    // The primary key breaks ties so that paging is stable.
    for column in columns {
        select = select.order_by(column, order.clone());
    }
    for key in <<K::Entity as EntityTrait>::PrimaryKey as sea_orm::Iterable>::iter() {
        select = select.order_by(key.into_column(), order.clone());
    }
    Ok(select)
}

/// How many rows `select` finds, counted without its order: an ordered count would sort the
/// whole list first (SQLite cannot fold an ordered subquery into the count).
pub(super) async fn count<E>(db: &DatabaseConnection, select: &Select<E>) -> Result<u64, sea_orm::DbErr>
where
    E: EntityTrait,
    E::Model: sea_orm::FromQueryResult + Send + Sync,
{
    let mut unordered = select.clone();
    QueryTrait::query(&mut unordered).clear_order_by();
    unordered.count(db).await
}

/// Whether the migration gave every column the list sorts by an index in the list's order
/// (checked in every test that reads a list: a column left out would sort every row).
fn sorted_by_index<K: AdminList>() -> bool {
    let table = K::Entity::default().table_name();
    let sortable: Vec<&str> = K::SORTABLE.iter().map(|(_, column)| column.as_str()).filter(|column| *column != "id").collect();
    SORTED.iter().any(|(name, _, columns)| *name == table && *columns == sortable.as_slice())
}

/// The field names `sort` accepts, in the order of [`AdminList::SORTABLE`].
pub fn sort_fields<K: AdminList>() -> Vec<&'static str> {
    K::SORTABLE.iter().map(|(name, _)| *name).collect()
}

/// One page of the list, with the total count of the filtered list in `X-Total-Count`.
pub async fn list<K: AdminList>(db: &DatabaseConnection, query: &ListQuery) -> Result<Response> {
    let (rows, total) = page::<K>(db, query, Condition::all()).await?;
    Ok(with_total(total, rows))
}

/// One page of the list narrowed by `condition`, and the count of the whole narrowed list.
pub async fn page<K: AdminList>(
    db: &DatabaseConnection,
    query: &ListQuery,
    condition: Condition,
) -> Result<(Vec<K::Model>, u64)> {
    page_as::<K>(db, query, condition, &ListView::<K>::default()).await
}

/// [`page`] of one kind's list (`view`) of a table several kinds share.
pub async fn page_as<K: AdminList>(
    db: &DatabaseConnection,
    query: &ListQuery,
    condition: Condition,
    view: &impl View<K>,
) -> Result<(Vec<K::Model>, u64)> {
    let (page, per_page) = query.paging()?;
    let select = filtered::<K>(db.get_database_backend(), query, view)?.filter(condition);
    let read = || async {
        let total = count(db, &select).await?;
        Ok((select.clone().paginate(db, per_page).fetch_page(page - 1).await?, total))
    };
    // A read: asked once more when its connection was lost.
    Ok(crate::db::read_retrying(read).await?)
}

/// A JSON array with the count of the whole list in `X-Total-Count`.
pub fn with_total(total: u64, rows: impl Serialize) -> Response {
    let mut headers = HeaderMap::new();
    headers.insert("x-total-count", HeaderValue::from(total));
    (headers, Json(rows)).into_response()
}

/// Deletes one row; 404 when the id does not exist.
pub async fn delete<K: AdminList>(db: &impl ConnectionTrait, id: i32) -> Result<K::Model>
where
    <<K::Entity as EntityTrait>::PrimaryKey as PrimaryKeyTrait>::ValueType: From<i32>,
{
    let model = crate::db::one_or_404(db, K::Entity::find_by_id(id)).await?;
    K::Entity::delete_by_id(id).exec(db).await?;
    Ok(model)
}

/// [`delete`] with its audit entry (the whole row before), in one transaction.
pub async fn delete_recorded<K: AdminList>(db: &DatabaseConnection, actor: &Actor, section: &str, id: i32) -> Result<K::Model>
where
    <<K::Entity as EntityTrait>::PrimaryKey as PrimaryKeyTrait>::ValueType: From<i32>,
{
    let txn = crate::db::begin_write(db).await?;
    let model = delete::<K>(&txn, id).await?;
    let entry = Entry::new(Action::Delete, section, Some(id), format!("Deleted {section} #{id}"))
        .with_changes(Changes::deleted(audit::row(&model)));
    audit::record(&txn, actor, entry).await?;
    txn.commit().await?;
    Ok(model)
}

/// One list of the table of `K`: the condition that narrows its rows, their default order, and
/// its export's title, file name, columns and rows. Each [`AdminList`] is one ([`ListView`]);
/// each kind of a table that several kinds share (bookings, images) is one of its own.
pub trait View<K: AdminList>: Send + Sync {
    fn title(&self) -> Bilingual;
    fn file_stem(&self) -> &'static str;
    fn columns(&self, lang: Lang) -> Vec<Column>;
    fn row(&self, model: &K::Model, lang: Lang) -> Vec<Cell>;
    /// See [`AdminList::printed_columns`].
    fn printed_columns(&self) -> Option<&'static [usize]> {
        None
    }
    fn condition(&self) -> Condition {
        Condition::all()
    }
    /// See [`AdminList::default_order`].
    fn default_order(&self) -> Vec<<K::Entity as EntityTrait>::Column> {
        K::default_order()
    }
}

/// The export an [`AdminList`] states in its constants.
pub struct ListView<K>(PhantomData<K>);

impl<K> Default for ListView<K> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

// Handed to the export handlers as an `Extension`, which clones it.
impl<K> Clone for ListView<K> {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl<K: AdminList> View<K> for ListView<K> {
    fn title(&self) -> Bilingual {
        K::TITLE
    }
    fn file_stem(&self) -> &'static str {
        K::FILE_STEM
    }
    fn columns(&self, lang: Lang) -> Vec<Column> {
        K::export_columns(lang)
    }
    fn row(&self, model: &K::Model, lang: Lang) -> Vec<Cell> {
        K::export_row(model, lang)
    }
    fn printed_columns(&self) -> Option<&'static [usize]> {
        K::printed_columns()
    }
}
