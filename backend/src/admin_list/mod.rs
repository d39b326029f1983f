//! The administrator list machinery, written once for every list: search over text columns,
//! paging and sorting with the total in `X-Total-Count`, delete by id, and exports of the
//! filtered list as an Excel workbook or a PDF table.
mod export;
pub mod kind_routes;
mod list;
mod query;
mod routes;
mod search;

pub use export::{ExportFormat, attachment, export_as, moment, record_export, text};
pub use kind_routes::{TEMPLATE, at_spec_export_paths, declare, place, place_named, sort_values, with_sort_fields};
pub use list::{AdminList, ListFilter, ListView, NoFilter, View, delete, delete_recorded, list, page, page_as, sort_fields, with_total};
pub use query::{
    DEFAULT_PER_PAGE, EXPORT_LIMIT, ExportQuery, ListQuery, MAX_PAGE, MAX_PER_PAGE, MAX_SEARCH_CHARS,
};
