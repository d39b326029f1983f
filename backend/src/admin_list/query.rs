//! The query parameters every list takes: search, paging and sort, and an export's language.
use serde::Deserialize;
use utoipa::IntoParams;

use crate::{
    documents::Lang,
    error::{Error, Result},
};

pub const DEFAULT_PER_PAGE: u64 = 50;
pub const MAX_PER_PAGE: u64 = 500;
/// Far beyond any list here; it keeps `page × per_page` well inside the database's integers.
pub const MAX_PAGE: u64 = 10_000_000;
/// Longest search text: a name, an e-mail address or a phrase.
pub const MAX_SEARCH_CHARS: usize = 200;
/// Exports (Excel and PDF) carry the whole filtered list, up to this many rows.
pub const EXPORT_LIMIT: u64 = 100_000;
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
