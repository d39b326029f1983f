//! Why a document could not be produced.

#[derive(Debug, thiserror::Error)]
pub enum DocumentError {
    /// The table is malformed (no columns, a row of the wrong length, …).
    #[error("invalid table: {0}")]
    InvalidTable(String),
    /// `render_pdf` inputs were not a JSON object (or null).
    #[error("template inputs must be a JSON object")]
    InvalidInputs,
    /// The Typst template failed to compile (message lists the errors with
    /// their line numbers).
    #[error("typst template failed: {0}")]
    Template(String),
    /// The laid-out document could not be written as PDF.
    #[error("PDF export failed: {0}")]
    Pdf(String),
    /// The workbook could not be written.
    #[error("xlsx export failed: {0}")]
    Xlsx(#[from] rust_xlsxwriter::XlsxError),
}
