//! Exports of a filtered list: an Excel workbook or a PDF table, in the screen's language.
use axum::{
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use sea_orm::{DatabaseConnection, QueryFilter, QuerySelect};

use super::{
    list::{AdminList, ListFilter, View, filtered},
    query::{EXPORT_LIMIT, ListQuery},
};
use crate::{
    audit::{self, Action, Actor, Entry},
    documents::{self, Cell, Lang, Letterhead, Table},
    error::{Error, Result},
};

/// PDFs are rendered one at a time: on a small server two large exports at once would double
/// the memory and halve the speed of each; the second simply waits its turn.
static PDF_RENDERS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(1);

#[derive(Debug, Clone, Copy)]
pub enum ExportFormat {
    Excel,
    Pdf,
}

/// The whole filtered list as a file download, written in `lang`, with the title, file name,
/// columns and rows of `view`, narrowed by its condition (one kind of a table several kinds
/// share, the booking kinds).
pub async fn export_as<K: AdminList>(
    db: &DatabaseConnection,
    query: &ListQuery,
    filter: &impl ListFilter,
    lang: Lang,
    format: ExportFormat,
    view: &impl View<K>,
    letterhead: &Letterhead,
) -> Result<Response> {
    let select = filtered::<K>(db.get_database_backend(), query, view)?.filter(filter.condition()?);
    let total = super::list::count(db, &select).await?;
    let rows = select.limit(EXPORT_LIMIT).all(db).await?;
    let search = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    let subtitle = subtitle(lang, total, rows.len() as u64, search, filter.describe(lang));
    let mut table = Table {
        lang,
        organisation: letterhead.name(lang).to_owned(),
        title: view.title().get(lang).to_owned(),
        subtitle: Some(subtitle),
        columns: view.columns(lang),
        rows: rows.iter().map(|row| view.row(row, lang)).collect(),
    };
    if let (ExportFormat::Pdf, Some(printed)) = (format, view.printed_columns()) {
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
    Ok(attachment(bytes, content_type, &format!("{}.{extension}", view.file_stem())))
}

/// The export's second line: how many rows, the search and filters, and whether the export left
/// rows out (past [`EXPORT_LIMIT`]).
fn subtitle(lang: Lang, total: u64, shown: u64, search: Option<&str>, filter: Option<String>) -> String {
    let rows = lang.count(total, ("row", "rows"), ("नोंद", "नोंदी"));
    let mut subtitle = match (lang, search) {
        (Lang::En, Some(q)) => format!("{rows} matching \"{q}\""),
        (Lang::En, None) => rows,
        (Lang::Mr, Some(q)) => format!("शोध “{q}”: {rows}"),
        (Lang::Mr, None) => format!("एकूण {rows}"),
    };
    if let Some(described) = filter {
        subtitle.push_str(&format!(", {described}"));
    }
    if total > shown {
        subtitle.push_str(&match lang {
            Lang::En => format!("; showing the first {shown}. Narrow the list with a search or a filter to see the rest."),
            Lang::Mr => format!("; पहिल्या {} नोंदी दाखवल्या आहेत. उरलेल्या नोंदी पाहण्यासाठी शोध किंवा फिल्टर वापरा.", lang.number(shown)),
        });
    }
    subtitle
}

/// Records who downloaded which list, with the search and filter it was narrowed by.
pub async fn record_export(
    db: &DatabaseConnection,
    actor: &Actor,
    section: &str,
    file_stem: &str,
    format: ExportFormat,
    query: &ListQuery,
    filter: &impl ListFilter,
) -> Result<()> {
    let name = format!("{file_stem}.{}", match format {
        ExportFormat::Excel => "xlsx",
        ExportFormat::Pdf => "pdf",
    });
    let mut summary = format!("Downloaded {name}");
    if let Some(q) = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        summary.push_str(&format!(" (search \"{q}\")"));
    }
    if let Some(described) = filter.describe(Lang::En) {
        summary.push_str(&format!(" ({described})"));
    }
    audit::record(db, actor, Entry::new(Action::Export, section, None, summary)).await?;
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_subtitle_counts_the_rows_and_says_when_the_export_left_some_out() {
        assert_eq!(subtitle(Lang::En, 12, 12, None, None), "12 rows");
        assert_eq!(subtitle(Lang::En, 3, 3, Some("pune"), None), "3 rows matching \"pune\"");
        let cut = subtitle(Lang::En, EXPORT_LIMIT + 7, EXPORT_LIMIT, None, None);
        assert!(cut.contains(&format!("showing the first {EXPORT_LIMIT}")), "{cut}");
        let marathi = subtitle(Lang::Mr, EXPORT_LIMIT + 7, EXPORT_LIMIT, None, None);
        assert!(marathi.contains("पहिल्या १००००० नोंदी"), "{marathi}");
    }
}
