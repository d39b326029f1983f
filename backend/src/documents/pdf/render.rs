//! The document frame: one Typst compilation of a template with its data as `sys.inputs`, the
//! embedded fonts and nothing else (no files, no packages), exported as PDF.
use chrono::{Datelike, Utc};
use typst::diag::{FileError, FileResult, SourceDiagnostic};
use typst::foundations::{Bytes, Datetime, Dict, Duration, Str, Value};
use typst::syntax::{FileId, Source};
use typst::text::{Font, FontBook, TextElem};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World, WorldExt};
use typst_layout::PagedDocument;

use crate::documents::{
    error::DocumentError,
    fonts::{FONTS, font_list},
    lang::IST,
    printable::printable,
};

/// How many compilations an unused entry of Typst's memoisation cache
/// survives (bounds memory while keeping repeated renders fast).
pub(super) const CACHE_MAX_AGE: usize = 3;

/// Compiles a Typst template (tagged PDF) whose data comes from `sys.inputs` (the JSON
/// object `inputs`, converted to Typst dictionaries, arrays, strings, integers,
/// floats, booleans and `none`) and returns the PDF.
///
/// ```ignore
/// let pdf = render_pdf(
///     "#let d = sys.inputs\n= Booking #d.id\nName: #d.name",
///     serde_json::json!({"id": 7, "name": "सुरेश क्षीरसागर"}),
/// )?;
/// ```
pub fn render_pdf(
    template_source: &str,
    inputs: serde_json::Value,
) -> Result<Vec<u8>, DocumentError> {
    let inputs = match inputs {
        serde_json::Value::Object(map) => object_to_dict(map),
        serde_json::Value::Null => Dict::new(),
        _ => return Err(DocumentError::InvalidInputs),
    };
    compile_pdf(Source::detached(template_source), inputs, true)
}

/// Compiles `source` with `inputs` as `sys.inputs` and exports the PDF;
/// `tagged` adds the accessibility structure tree (which makes a long table
/// about ten times larger).
pub(super) fn compile_pdf(source: Source, inputs: Dict, tagged: bool) -> Result<Vec<u8>, DocumentError> {
    let world = DocumentWorld::new(source, inputs);
    let compiled = typst::compile::<PagedDocument>(&world).output;
    let result = match compiled {
        Ok(document) => typst_pdf::pdf(
            &document,
            &typst_pdf::PdfOptions {
                tagged,
                ..Default::default()
            },
        )
        .map_err(|errors| DocumentError::Pdf(describe(&world, &errors))),
        Err(errors) => Err(DocumentError::Template(describe(&world, &errors))),
    };
    typst::comemo::evict(CACHE_MAX_AGE);
    result
}

/// Lays out `source` with `inputs` as `sys.inputs` (the caller evicts the cache).
pub(super) fn compile_document(source: Source, inputs: Dict) -> Result<PagedDocument, DocumentError> {
    let world = DocumentWorld::new(source, inputs);
    typst::compile::<PagedDocument>(&world)
        .output
        .map_err(|errors| DocumentError::Template(describe(&world, &errors)))
}

/// Diagnostics without a source to point into, one message each.
pub(super) fn plain(diagnostics: &[SourceDiagnostic]) -> String {
    diagnostics
        .iter()
        .map(|diagnostic| diagnostic.message.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}

/// Turns diagnostics into one readable line each ("line 3: unknown variable: x").
fn describe(world: &DocumentWorld, diagnostics: &[SourceDiagnostic]) -> String {
    diagnostics
        .iter()
        .map(|diagnostic| {
            let line = world
                .range(diagnostic.span)
                .and_then(|range| world.main.lines().byte_to_line(range.start));
            let mut text = match line {
                Some(line) => format!("line {}: {}", line + 1, diagnostic.message),
                None => diagnostic.message.to_string(),
            };
            for hint in &diagnostic.hints {
                text.push_str(" (hint: ");
                text.push_str(&hint.v);
                text.push(')');
            }
            text
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A text as a Typst value, with what the fonts cannot print replaced (`printable`).
pub(super) fn str_value(text: &str) -> Value {
    Value::Str(printable(text).as_ref().into())
}

/// Converts JSON into the equivalent Typst value. Integers that do not fit an
/// `i64` become floats.
fn json_to_value(value: serde_json::Value) -> Value {
    match value {
        serde_json::Value::Null => Value::None,
        serde_json::Value::Bool(flag) => Value::Bool(flag),
        serde_json::Value::Number(number) => match number.as_i64() {
            Some(integer) => Value::Int(integer),
            None => Value::Float(number.as_f64().unwrap_or(f64::NAN)),
        },
        serde_json::Value::String(text) => str_value(&text),
        serde_json::Value::Array(items) => {
            Value::Array(items.into_iter().map(json_to_value).collect())
        }
        serde_json::Value::Object(map) => Value::Dict(object_to_dict(map)),
    }
}

fn object_to_dict(map: serde_json::Map<String, serde_json::Value>) -> Dict {
    map.into_iter()
        .map(|(key, value)| (Str::from(key), json_to_value(value)))
        .collect()
}

/// The minimal Typst world of one compilation: the template as the only
/// source file, the shared embedded fonts, and a library carrying the inputs.
struct DocumentWorld {
    library: LazyHash<Library>,
    main: Source,
}

impl DocumentWorld {
    fn new(main: Source, inputs: Dict) -> Self {
        let mut library = Library::builder().with_inputs(inputs).build();
        library.styles.set(TextElem::font, font_list());
        DocumentWorld {
            library: LazyHash::new(library),
            main,
        }
    }
}

impl World for DocumentWorld {
    fn library(&self) -> &LazyHash<Library> {
        &self.library
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &FONTS.book
    }

    fn main(&self) -> FileId {
        self.main.id()
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == self.main.id() {
            Ok(self.main.clone())
        } else {
            Err(not_found(id))
        }
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        if id == self.main.id() {
            Ok(Bytes::from_string(self.main.clone()))
        } else {
            Err(not_found(id))
        }
    }

    fn font(&self, index: usize) -> Option<Font> {
        FONTS.fonts.get(index).cloned()
    }

    fn today(&self, offset: Option<Duration>) -> Option<Datetime> {
        let now = Utc::now();
        let local = match offset {
            // The UTC date shifted by `offset` (`datetime.today(offset: ..)`).
            Some(offset) => now.fixed_offset() + chrono::Duration::seconds(offset.seconds() as i64),
            None => now.with_timezone(&IST),
        };
        Datetime::from_ymd(
            local.year(),
            u8::try_from(local.month()).ok()?,
            u8::try_from(local.day()).ok()?,
        )
    }
}

fn not_found(id: FileId) -> FileError {
    FileError::NotFound(format!("{id:?}").into())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The text of a PDF as `pdftotext -layout` sees it (pages separated by
    /// form feeds).
    pub fn pdf_text(pdf: &[u8]) -> String {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "samiti-documents-test-{}-{}.pdf",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::write(&path, pdf).unwrap();
        let output = std::process::Command::new("pdftotext")
            .arg("-layout")
            .arg(&path)
            .arg("-")
            .output()
            .expect("pdftotext (poppler-utils) must be installed");
        let _ = std::fs::remove_file(&path);
        assert!(
            output.status.success(),
            "pdftotext failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    }

    #[test]
    fn render_pdf_reads_sys_inputs() {
        let template = r#"
#set page(width: 12cm, height: auto, margin: 1cm)
#let d = sys.inputs
= Booking #d.id
Name: #d.name \
Guests: #(d.guests + 1) \
Rooms: #d.rooms.map(r => r.kind).join(", ") \
Paid: #if d.paid [yes] else [no], note: #repr(d.note)
"#;
        let pdf = render_pdf(
            template,
            serde_json::json!({
                "id": 42,
                "name": "श्रीमती क्षमा *Joshi*",
                "guests": 2,
                "rooms": [{"kind": "AC"}, {"kind": "Non-AC"}],
                "paid": true,
                "note": null,
            }),
        )
        .unwrap();
        assert!(pdf.starts_with(b"%PDF"));
        let text = pdf_text(&pdf);
        for expected in [
            "Booking 42",
            "श्रीमती क्षमा *Joshi*",
            "Guests: 3",
            "Rooms: AC, Non-AC",
            "Paid: yes",
            "note: none",
        ] {
            assert!(
                text.contains(expected),
                "{expected:?} missing from:\n{text}"
            );
        }
    }

    #[test]
    fn render_pdf_reports_template_errors_with_lines() {
        let error = render_pdf("Hello\n#sys.inputs.missing", serde_json::json!({})).unwrap_err();
        match error {
            DocumentError::Template(message) => {
                assert!(message.starts_with("line 2:"), "{message}")
            }
            other => panic!("unexpected {other:?}"),
        }
        assert!(matches!(
            render_pdf("x", serde_json::json!([1])),
            Err(DocumentError::InvalidInputs)
        ));
        assert!(render_pdf("x", serde_json::Value::Null).is_ok());
        // Templates cannot reach the file system.
        assert!(matches!(
            render_pdf("#read(\"/etc/passwd\")", serde_json::Value::Null),
            Err(DocumentError::Template(_))
        ));
    }
}
