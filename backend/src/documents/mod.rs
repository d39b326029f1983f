//! Documents: PDF (Typst) and Excel (xlsx) rendering shared by every feature.
//!
//! * [`Table`] describes an admin list export (title, columns, typed cells);
//!   [`pdf::table_pdf`] and [`xlsx::table_xlsx`] turn it into a file.
//! * [`xlsx::sections_xlsx`] stacks several such tables on one sheet (a record and its rows).
//! * [`pdf::render_pdf`] compiles any Typst template (kept beside its feature,
//!   e.g. a booking confirmation) with JSON data available as `sys.inputs`.
//! * [`Lang`] is the language a document is written in: every export names the organisation
//!   and the moment it was made, in that language.
//!
//! User text only ever reaches Typst as data (`sys.inputs`), never spliced into
//! markup, so no escaping is needed and nothing a user types can run as code.
//! Fonts (Latin, Devanagari, Telugu) are embedded in the binary; see `fonts`. A character they
//! lack (an emoji) reaches a PDF as a readable stand-in (`printable`).
//!
//! Rendering is synchronous and CPU-bound (a one-page PDF takes milliseconds, a
//! few thousand rows take seconds, linearly): call it from `tokio::task::spawn_blocking`.
//!
//! This module depends on nothing else in the crate; this file only declares its parts.

mod error;
mod fonts;
mod lang;
pub mod pdf;
mod printable;
mod table;
pub mod xlsx;

pub use error::DocumentError;
pub use lang::{Bilingual, IST, Lang, Letterhead, now_in_india};
pub use table::{Cell, Column, Table};
#[cfg(test)]
pub(crate) use table::samples;
