//! Excel export of a [`Table`](super::Table): the workbook in `workbook`, text and widths fitted
//! to Excel's limits in `fit`.
mod fit;
mod workbook;

pub use workbook::{LETTERHEAD_ROWS, sections_xlsx, table_xlsx};
