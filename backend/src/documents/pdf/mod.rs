//! PDF rendering with Typst: the generic [`table_pdf`] export (its table layout in `table`)
//! and [`render_pdf`] for feature templates (booking confirmations, …), both compiled by the
//! document frame in `render`.
//!
//! Templates read their data from `sys.inputs`; their default font is the
//! shipped fallback list (Noto Sans, Noto Sans Devanagari, Noto Sans Telugu),
//! so they need no `set text(font: ..)`. Templates cannot read files or import
//! packages: everything they need comes through the inputs.

mod render;
mod table;

pub use render::render_pdf;
pub use table::{MAX_CELL_CHARS, table_pdf};
