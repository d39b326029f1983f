//! The administrator list machinery, written once for every list: search over text columns,
//! paging and sorting with the total in `X-Total-Count`, delete by id, and exports of the
//! filtered list as an Excel workbook or a PDF table.
mod routes;
use axum::{
    http::{HeaderMap, HeaderValue, header},
    response::{IntoResponse, Response},
    Json,
};
use sea_orm::{
    sea_query::{Expr, ExprTrait, Func, LikeExpr},
    ColumnTrait, Condition, DatabaseConnection, EntityTrait, IntoActiveModel, ModelTrait,
    Order, PaginatorTrait, PrimaryKeyToColumn, PrimaryKeyTrait, QueryFilter, QueryOrder, QuerySelect, Select,
};
use serde::{Deserialize, Serialize};
use utoipa::IntoParams;

use crate::{
    documents::{self, Bilingual, Cell, Column, Lang, Table},
    error::{Error, Result},
};

pub const DEFAULT_PER_PAGE: u64 = 50;
pub const MAX_PER_PAGE: u64 = 500;
/// Far beyond any list here; it keeps `page × per_page` well inside the database's integers.
pub const MAX_PAGE: u64 = 10_000_000;
/// Longest search text: a name, an e-mail address or a phrase.
pub const MAX_SEARCH_CHARS: usize = 200;
/// Excel exports carry the whole filtered list, up to this many rows.
pub const EXPORT_LIMIT: u64 = 100_000;
/// A PDF is for reading and printing: past this many rows (some 190 pages) it stops and says
/// so, and the Excel export has them all. Its cost is linear in the rows (about 30 KB of memory
/// per row while it renders), so this keeps one export under 300 MB and a few seconds.
pub const PDF_ROW_LIMIT: u64 = 5_000;

/// PDFs are rendered one at a time: on a small server two large exports at once would double
/// the memory and halve the speed of each; the second simply waits its turn.
static PDF_RENDERS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(1);

/// Query parameters every list accepts. Numbers take Devanagari digits too, as every input does.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Case-insensitive search over the list's text columns (at most 200 characters).
    #[param(max_length = 200)]
    pub q: Option<String>,
    /// Page number, from 1 (at most 10,000,000).
    #[param(minimum = 1, maximum = 10_000_000)]
    #[serde(default, deserialize_with = "crate::validation::latin_query")]
    pub page: Option<u64>,
    /// Rows per page (default 50; 60 on the public image lists; at most 500).
    #[param(minimum = 1, maximum = 500)]
    #[serde(default, deserialize_with = "crate::validation::latin_query")]
    pub per_page: Option<u64>,
    /// A field name to sort by, descending when prefixed with `-` (default: newest first).
    pub sort: Option<String>,
}

/// The language of an export: the screen's language, so that a list exported from the Marathi
/// screen has Marathi headers and titles.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// The language of the file's title, headers and notes: `en` (the default) or `mr`. Any
    /// other value is refused (400).
    #[param(inline)]
    pub lang: Option<Lang>,
}

impl ExportQuery {
    pub fn lang(&self) -> Lang {
        self.lang.unwrap_or_default()
    }
}

/// What distinguishes one administrator list from another: its table, and which columns
/// are searched, sortable and exported.
pub trait AdminList: Send + Sync + 'static {
    type Entity: EntityTrait<Model = Self::Model>;
    type Model: ModelTrait<Entity = Self::Entity> + sea_orm::FromQueryResult + IntoActiveModel<<Self::Entity as EntityTrait>::ActiveModel> + Serialize + Send + Sync;
    /// Fields by JSON name that `sort` accepts; the first one, descending, is the default.
    const SORTABLE: &'static [(&'static str, <Self::Entity as EntityTrait>::Column)];
    /// Text columns that `q` searches.
    const SEARCHABLE: &'static [<Self::Entity as EntityTrait>::Column];
    /// File name without extension of the exports, e.g. `contacts` for `contacts.xlsx`.
    const FILE_STEM: &'static str;
    /// Title printed on the PDF and used as the sheet name, in both languages.
    const TITLE: Bilingual;

    /// The exported columns, headed in `lang`.
    fn export_columns(lang: Lang) -> Vec<Column>;
    /// One row of the export; values the list shows as words (a status) are in `lang`.
    fn export_row(model: &Self::Model, lang: Lang) -> Vec<Cell>;

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

impl ListQuery {
    /// The page (from 1) and the rows per page; 400 outside their bounds.
    pub fn paging(&self) -> Result<(u64, u64)> {
        let page = self.page.unwrap_or(1);
        let per_page = self.per_page.unwrap_or(DEFAULT_PER_PAGE);
        if !(1..=MAX_PAGE).contains(&page) {
            return Err(Error::BadRequest(format!("page must be between 1 and {MAX_PAGE}")));
        }
        if !(1..=MAX_PER_PAGE).contains(&per_page) {
            return Err(Error::BadRequest(format!("per_page must be between 1 and {MAX_PER_PAGE}")));
        }
        Ok((page, per_page))
    }
}

fn filtered<K: AdminList>(query: &ListQuery) -> Result<Select<K::Entity>> {
    let mut select = K::scope(K::Entity::find());
    if query.q.as_deref().is_some_and(|q| q.chars().count() > MAX_SEARCH_CHARS) {
        return Err(Error::BadRequest(format!("Search text is longer than {MAX_SEARCH_CHARS} characters")));
    }
    if let Some(q) = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        // Numbers are stored as typed in text (a message's "१० वाजता") but in Latin digits where
        // a rule read them (mobile numbers, dates): a search typed with Devanagari digits looks
        // for both spellings.
        let mut spellings = vec![q.to_owned()];
        let latin = crate::validation::latin_digits(q);
        if latin != q {
            spellings.push(latin);
        }
        let mut any = Condition::any();
        for spelling in spellings {
            let escaped = spelling.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
            let pattern = format!("%{escaped}%");
            for column in K::SEARCHABLE {
                any = any.add(
                    Expr::expr(Func::lower(column.into_expr()))
                        .like(LikeExpr::new(pattern.clone()).escape('\\')),
                );
            }
        }
        select = select.filter(any);
    }
    let (columns, order) = match query.sort.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => (K::default_order(), Order::Desc),
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
    let (page, per_page) = query.paging()?;
    let select = filtered::<K>(query)?.filter(condition);
    let read = || async {
        let paginator = select.clone().paginate(db, per_page);
        let total = paginator.num_items().await?;
        Ok((paginator.fetch_page(page - 1).await?, total))
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
pub async fn delete<K: AdminList>(db: &DatabaseConnection, id: i32) -> Result<K::Model>
where
    <<K::Entity as EntityTrait>::PrimaryKey as PrimaryKeyTrait>::ValueType: From<i32>,
{
    let model = K::Entity::find_by_id(id).one(db).await?.ok_or(Error::NotFound)?;
    K::Entity::delete_by_id(id).exec(db).await?;
    Ok(model)
}

#[derive(Debug, Clone, Copy)]
pub enum ExportFormat {
    Excel,
    Pdf,
}

/// The whole filtered list as a file download, written in `lang`.
pub async fn export<K: AdminList>(
    db: &DatabaseConnection,
    query: &ListQuery,
    filter: &impl ListFilter,
    lang: Lang,
    format: ExportFormat,
) -> Result<Response> {
    let select = filtered::<K>(query)?.filter(filter.condition()?);
    let limit = match format {
        ExportFormat::Excel => EXPORT_LIMIT,
        ExportFormat::Pdf => PDF_ROW_LIMIT,
    };
    let total = select.clone().count(db).await?;
    let rows = select.limit(limit).all(db).await?;
    let search = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    let subtitle = subtitle(lang, total, rows.len() as u64, search, filter.describe(lang));
    let mut table = Table {
        lang,
        title: K::TITLE.get(lang).to_owned(),
        subtitle: Some(subtitle),
        columns: K::export_columns(lang),
        rows: rows.iter().map(|row| K::export_row(row, lang)).collect(),
    };
    if let (ExportFormat::Pdf, Some(printed)) = (format, K::printed_columns()) {
        table = table.only(printed);
    }
    let _turn = match format {
        ExportFormat::Pdf => Some(PDF_RENDERS.acquire().await.map_err(|err| Error::Internal(err.into()))?),
        ExportFormat::Excel => None,
    };
    let (bytes, content_type, extension) = tokio::task::spawn_blocking(move || match format {
        ExportFormat::Excel => documents::xlsx::table_xlsx(&table).map(|b| {
            (b, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx")
        }),
        ExportFormat::Pdf => documents::pdf::table_pdf(&table).map(|b| (b, "application/pdf", "pdf")),
    })
    .await
    .map_err(|err| Error::Internal(err.into()))?
    .map_err(|err| Error::Internal(err.into()))?;
    Ok(attachment(bytes, content_type, &format!("{}.{extension}", K::FILE_STEM)))
}

/// The export's second line: how many rows, the search and filters, and whether the PDF left
/// rows out.
fn subtitle(lang: Lang, total: u64, shown: u64, search: Option<&str>, filter: Option<String>) -> String {
    let mut subtitle = match (lang, search) {
        (Lang::En, Some(q)) => format!("{total} rows matching \"{q}\""),
        (Lang::En, None) => format!("{total} rows"),
        (Lang::Mr, Some(q)) => format!("शोध “{q}”: {} नोंदी", lang.number(total)),
        (Lang::Mr, None) => format!("एकूण {} नोंदी", lang.number(total)),
    };
    if let Some(described) = filter {
        subtitle.push_str(&format!(", {described}"));
    }
    if total > shown {
        subtitle.push_str(&match lang {
            Lang::En => format!("; showing the first {shown}. The Excel export has them all."),
            Lang::Mr => format!("; पहिल्या {} नोंदी दाखवल्या आहेत. एक्सेल फाइलमध्ये सर्व नोंदी आहेत.", lang.number(shown)),
        });
    }
    subtitle
}

/// A file download with the given name.
pub fn attachment(bytes: Vec<u8>, content_type: &'static str, file_name: &str) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&format!("attachment; filename=\"{file_name}\""))
                    .unwrap_or(HeaderValue::from_static("attachment")),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        bytes,
    )
        .into_response()
}

/// A cell for a text.
pub fn text(value: &str) -> Cell {
    Cell::Text(value.to_owned())
}

/// A cell for a moment, shown in Indian time as the organisation reads it (stored in UTC).
pub fn moment(value: chrono::DateTime<chrono::FixedOffset>) -> Cell {
    Cell::DateTime(value.with_timezone(&chrono_tz::Asia::Kolkata).fixed_offset())
}

