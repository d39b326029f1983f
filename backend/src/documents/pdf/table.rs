//! The table export's layout: columns sized to their content, rows laid out in batches, cells
//! cut to a length, and a footer on every page.
use std::sync::LazyLock;

use regex::Regex;
use typst::foundations::{Array, Bytes, Content, Dict, Label, NativeElement, Selector, Str, Value};
use typst::introspection::{Introspector, MetadataElem};
use typst::layout::{BoxElem, Frame, FrameItem};
use typst::model::Document;
use typst::syntax::Source;
use typst::text::TextElem;
use typst::utils::PicoStr;
use typst_layout::PagedDocument;
use unicode_segmentation::UnicodeSegmentation;

use super::render::{compile_document, plain, str_value};
use crate::documents::{
    error::DocumentError,
    lang::now_in_india,
    printable::printable,
    table::{Cell, Table},
};

/// The generic table template (one batch of rows), and the document that puts the batches'
/// pages together under their footers.
const TABLE_TEMPLATE: &str = include_str!("../table.typ");
const PAGES_TEMPLATE: &str = include_str!("../table_pages.typ");

/// Above this many columns a table is printed on A4 landscape.
const PORTRAIT_MAX_COLUMNS: usize = 5;

/// Rows laid out per Typst compilation (about ten pages). Typst's memoisation keeps every
/// laid-out cell until the cache is evicted, so one compilation of a whole long list holds
/// ~170 KB per row; batches bound that to one batch, and the pages are joined afterwards.
const BATCH_ROWS: usize = 300;

/// Longest cell text printed, in characters; longer values end with an ellipsis (the Excel
/// export has them whole). Ten lines or so of the widest column.
pub const MAX_CELL_CHARS: usize = 500;

/// The table templates, parsed once.
static TABLE_SOURCE: LazyLock<Source> = LazyLock::new(|| Source::detached(TABLE_TEMPLATE));
static PAGES_SOURCE: LazyLock<Source> = LazyLock::new(|| Source::detached(PAGES_TEMPLATE));

/// Renders `table` as a PDF: A4 (landscape above five columns), the organisation's name, title
/// and optional subtitle, a header row repeated on every page, zebra rows, long
/// text (even long e-mail addresses) wrapped inside its cell and cut with an
/// ellipsis past [`MAX_CELL_CHARS`], and a footer with the organisation, the generation time
/// (IST) and "Page X of Y", all in the table's language.
/// Columns holding only numbers (right-aligned) or only dates are as wide as
/// their content; the other columns share the rest by [`Column::width`](super::Column).
///
/// The cost is linear in the rows: they are laid out [`BATCH_ROWS`] at a time, each batch in its
/// own compilation after which Typst's cache is emptied, and each batch's pages written out as a
/// PDF of their own at once (about 400 bytes a row, where the laid-out pages took some 30 KB a
/// row). The rows that reached the last page of a batch start the next one, so pages are full up
/// to the end. A last compilation puts every page of the batches' PDFs, unchanged, on a page
/// with its footer, now that the page count is known; writing that PDF takes about 7 KB a row
/// at its peak (20,000 rows: about 290 MB in all).
pub fn table_pdf(table: &Table) -> Result<Vec<u8>, DocumentError> {
    table.validate()?;
    let generated = now_in_india();
    let lang = table.lang;
    let columns = column_inputs(table);
    let rows = row_inputs(table);
    let landscape = table.columns.len() > PORTRAIT_MAX_COLUMNS;
    // Untagged: a tagged 300-row table is ~900 KB instead of ~80 KB, and the
    // same data is available as a workbook for tools that need structure.
    let options = typst_pdf::PdfOptions { tagged: false, ..Default::default() };

    // Each batch's PDF and how many of its pages are printed.
    let mut batches: Vec<(Bytes, usize)> = Vec::new();
    let mut next = 0;
    loop {
        let end = rows.len().min(next + BATCH_ROWS);
        let inputs = batch_inputs(table, &columns, &rows[next..end], next == 0);
        let batch = compile_document(TABLE_SOURCE.clone(), inputs);
        // Nothing of a batch is worth keeping in the cache: the next one has other rows.
        typst::comemo::evict(0);
        let batch = batch?;
        let mut pages = batch.pages().to_vec();
        let info = batch.info().clone();
        let carried = if end < rows.len() { rows_on_last_page(&batch) } else { 0 };
        drop(batch);
        // Carry the rows of the last page over to the next batch, unless that page holds all
        // of the batch's rows (a batch always moves forward).
        next = if end == rows.len() {
            end
        } else if carried > 0 && carried < end - next && pages.len() > 1 {
            pages.pop();
            end - carried
        } else {
            end
        };
        for page in &mut pages {
            strip_tags(&mut page.frame);
        }
        let count = pages.len();
        let pdf = typst_pdf::pdf(&PagedDocument::new(pages.into(), info), &options)
            .map_err(|errors| DocumentError::Pdf(plain(&errors)))?;
        batches.push((Bytes::new(pdf), count));
        crate::memory::release_free();
        if next == rows.len() {
            break;
        }
    }

    let count: usize = batches.iter().map(|(_, pages)| pages).sum();
    let mut labels = (1..=count).map(|page| str_value(&lang.page_of(page, count)));
    let pages: Array = batches
        .iter()
        .enumerate()
        .flat_map(|(batch, (_, pages))| (1..=*pages).map(move |page| (batch, page)))
        .map(|(batch, page)| {
            let mut dict = Dict::new();
            dict.insert("batch".into(), Value::Int(i64::try_from(batch).unwrap_or(i64::MAX)));
            dict.insert("page".into(), Value::Int(i64::try_from(page).unwrap_or(i64::MAX)));
            dict.insert("label".into(), labels.next().unwrap_or(Value::None));
            Value::Dict(dict)
        })
        .collect();
    let mut inputs = Dict::new();
    inputs.insert("lang".into(), str_value(lang.tag()));
    inputs.insert("title".into(), str_value(&table.title));
    inputs.insert("made".into(), str_value(&format!("{} · {}", table.organisation, lang.generated(&generated))));
    inputs.insert("landscape".into(), Value::Bool(landscape));
    inputs.insert("batches".into(), Value::Array(batches.into_iter().map(|(pdf, _)| Value::Bytes(pdf)).collect()));
    inputs.insert("pages".into(), Value::Array(pages));
    let document = compile_document(PAGES_SOURCE.clone(), inputs);
    // The pages are laid out; what the cache holds of them is not needed to write the PDF.
    typst::comemo::evict(0);
    let pdf = typst_pdf::pdf(&document?, &options).map_err(|errors| DocumentError::Pdf(plain(&errors)));
    // Nor what the cache kept of writing it.
    typst::comemo::evict(0);
    crate::memory::release_free();
    pdf
}

/// Every row's cells as printed text, cut to [`MAX_CELL_CHARS`], with what the fonts lack replaced.
fn row_inputs(table: &Table) -> Vec<Vec<Str>> {
    table
        .rows
        .iter()
        .map(|row| row.iter().map(|cell| Str::from(printable(&cut(&cell.display())).as_ref())).collect())
        .collect()
}

/// The `sys.inputs` of table.typ for one batch of rows (`first`: the batch that prints the
/// organisation, title and subtitle).
fn batch_inputs(table: &Table, columns: &Array, rows: &[Vec<Str>], first: bool) -> Dict {
    let lang = table.lang;
    let mut inputs = Dict::new();
    inputs.insert("lang".into(), str_value(lang.tag()));
    inputs.insert("organisation".into(), str_value(&table.organisation));
    inputs.insert("title".into(), str_value(&table.title));
    inputs.insert(
        "subtitle".into(),
        table
            .subtitle
            .as_deref()
            .filter(|subtitle| !subtitle.trim().is_empty())
            .map_or(Value::None, str_value),
    );
    inputs.insert("first".into(), Value::Bool(first));
    inputs.insert("landscape".into(), Value::Bool(table.columns.len() > PORTRAIT_MAX_COLUMNS));
    inputs.insert("columns".into(), Value::Array(columns.clone()));
    let row = Label::new(PicoStr::intern("row"));
    let cells: Array = rows
        .iter()
        .flat_map(|cells| {
            cells.iter().enumerate().map(|(index, text)| {
                let content = breakable(text);
                // Each row starts with a `<row>` marker, so that the rows of a batch's last page
                // can be counted.
                let content = match row {
                    Some(row) if index == 0 => Content::sequence([MetadataElem::new(Value::None).pack().labelled(row), content]),
                    _ => content,
                };
                Value::Content(content)
            })
        })
        .collect();
    inputs.insert("cells".into(), Value::Array(cells));
    inputs.insert("empty_text".into(), str_value(lang.no_records()));
    inputs
}

/// Removes the introspection tags from a laid-out frame: they keep each cell's whole content
/// alive (about half the memory of a laid-out batch), and an untagged PDF does not use them.
fn strip_tags(frame: &mut Frame) {
    frame.retain(|item| match item {
        FrameItem::Tag(_) => false,
        FrameItem::Group(group) => {
            strip_tags(&mut group.frame);
            true
        }
        _ => true,
    });
}

/// A cell's text as content: runs without a space (e-mail addresses, URLs, references, a word
/// typed without spaces, in any script) get break opportunities after their punctuation, and
/// every 16 characters at worst, so they wrap inside their cell instead of running over its
/// border. Each piece is a box: unlike inserted zero-width spaces this adds nothing to the text
/// a reader copies out of the PDF. A piece ends after a character's combining marks (a vowel
/// sign or virama stays with its letter). The rule of documents/breakable.typ, which the other
/// documents use; done here, a long table's cells cost Typst no evaluation.
fn breakable(text: &str) -> Content {
    static LONG_RUN: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\S{25,}").expect("a valid pattern"));
    static PIECE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?:[^@./_+,;:?&=\s-]\p{M}*){1,16}[@./_+,;:?&=-]*|[@./_+,;:?&=-]+").expect("a valid pattern")
    });
    if text.len() < 25 || !LONG_RUN.is_match(text) {
        return TextElem::packed(text);
    }
    let mut out = Vec::new();
    let mut last = 0;
    for run in LONG_RUN.find_iter(text) {
        out.push(TextElem::packed(&text[last..run.start()]));
        out.extend(
            PIECE
                .find_iter(run.as_str())
                .map(|piece| BoxElem::new().with_body(Some(TextElem::packed(piece.as_str()))).pack()),
        );
        last = run.end();
    }
    out.push(TextElem::packed(&text[last..]));
    Content::sequence(out)
}

/// How many rows start on the last page of a batch (each row begins with a `<row>` metadata).
fn rows_on_last_page(batch: &PagedDocument) -> usize {
    let last = batch.pages().len();
    let label = Label::new(PicoStr::intern("row"));
    let Some(label) = label else { return 0 };
    let introspector = batch.introspector();
    introspector
        .query(&Selector::Label(label))
        .iter()
        .filter_map(|row| row.location())
        .filter(|location| introspector.page(*location).is_some_and(|page| page.get() == last))
        .count()
}

/// `text` cut to [`MAX_CELL_CHARS`] characters (whole graphemes, at a space when one is near
/// the end) with an ellipsis.
fn cut(text: &str) -> String {
    if text.chars().count() <= MAX_CELL_CHARS {
        return text.to_owned();
    }
    let mut end = 0;
    let mut chars = 0;
    for (index, grapheme) in text.grapheme_indices(true) {
        chars += grapheme.chars().count();
        if chars > MAX_CELL_CHARS - 1 {
            break;
        }
        end = index + grapheme.len();
    }
    let kept = &text[..end];
    let kept = match kept.rfind(char::is_whitespace) {
        Some(space) if kept.len() - space < 60 => &kept[..space],
        _ => kept,
    };
    format!("{}…", kept.trim_end())
}

/// The `columns` input of the table template: header, its longest word, relative width, kind,
/// and the longest values of the columns sized to their content (numbers, dates, single words),
/// which fix their width in every batch.
fn column_inputs(table: &Table) -> Array {
    table
        .columns
        .iter()
        .enumerate()
        .map(|(index, column)| {
            let kind = column_kind(table, index);
            let mut samples: Vec<String> = Vec::new();
            if kind != "text" {
                // The longest few by characters: the widest printed one is among them.
                let mut values: Vec<String> = table.rows.iter().filter_map(|row| row.get(index)).map(Cell::display).collect();
                values.sort_by_key(|text| std::cmp::Reverse(text.chars().count()));
                values.dedup();
                samples = values.into_iter().take(3).collect();
            }
            let header_word = column.header.split_whitespace().max_by_key(|word| word.chars().count()).unwrap_or_default();
            let mut dict = Dict::new();
            dict.insert("header".into(), str_value(&column.header));
            dict.insert("header_word".into(), str_value(header_word));
            dict.insert("width".into(), Value::Float(table.relative_width(index)));
            dict.insert("kind".into(), str_value(kind));
            dict.insert("samples".into(), Value::Array(samples.iter().map(|s| str_value(s)).collect()));
            Value::Dict(dict)
        })
        .collect()
}

/// A value without spaces up to this many characters is printed whole on one line (longer
/// runs get break opportunities in table.typ).
const WORD_MAX_CHARS: usize = 24;

/// "number" when the column holds only integers, "date" when only dates or
/// date-times, "word" when only single words of at most [`WORD_MAX_CHARS`] characters (a
/// reference, a phone number, a status), else "text" (empty cells aside, at least one value).
fn column_kind(table: &Table, index: usize) -> &'static str {
    let cells = || {
        table
            .rows
            .iter()
            .filter_map(|row| row.get(index))
            .filter(|cell| **cell != Cell::Empty)
    };
    if cells().next().is_none() {
        "text"
    } else if cells().all(|cell| matches!(cell, Cell::Integer(_))) {
        "number"
    } else if cells().all(|cell| matches!(cell, Cell::Date(_) | Cell::DateTime(_))) {
        "date"
    } else if cells().all(|cell| {
        let text = cell.display();
        text.chars().count() <= WORD_MAX_CHARS && !text.contains(char::is_whitespace)
    }) {
        "word"
    } else {
        "text"
    }
}

#[cfg(test)]
#[path = "table_tests.rs"]
mod tests;
