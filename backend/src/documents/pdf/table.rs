//! The table export's layout: columns sized to their content, rows laid out in batches, cells
//! cut to a length, and a footer on every page.
use std::sync::LazyLock;

use typst::foundations::{Array, Dict, Label, Selector, Str, Value};
use typst::introspection::Introspector;
use typst::layout::{Frame, FrameItem, Point};
use typst::model::Document;
use typst::syntax::Source;
use typst::utils::PicoStr;
use typst_layout::{Page, PagedDocument};
use unicode_segmentation::UnicodeSegmentation;

use super::render::{CACHE_MAX_AGE, compile_document, plain, str_value};
use crate::documents::{
    error::DocumentError,
    lang::now_in_india,
    printable::printable,
    table::{Cell, Table},
};

/// The generic table template (one batch of rows) and the footers laid over its pages.
const TABLE_TEMPLATE: &str = concat!(include_str!("../breakable.typ"), include_str!("../table.typ"));
const FOOTER_TEMPLATE: &str = include_str!("../table_footer.typ");

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
static FOOTER_SOURCE: LazyLock<Source> = LazyLock::new(|| Source::detached(FOOTER_TEMPLATE));

/// Renders `table` as a PDF: A4 (landscape above five columns), the organisation's name, title
/// and optional subtitle, a header row repeated on every page, zebra rows, long
/// text (even long e-mail addresses) wrapped inside its cell and cut with an
/// ellipsis past [`MAX_CELL_CHARS`], and a footer with the organisation, the generation time
/// (IST) and "Page X of Y", all in the table's language.
/// Columns holding only numbers (right-aligned) or only dates are as wide as
/// their content; the other columns share the rest by [`Column::width`](super::Column).
///
/// The cost is linear in the rows: they are laid out [`BATCH_ROWS`] at a time, each batch in
/// its own compilation after which Typst's cache is emptied, and the pages joined. The rows
/// that reached the last page of a batch start the next one, so pages are full up to the end.
pub fn table_pdf(table: &Table) -> Result<Vec<u8>, DocumentError> {
    table.validate()?;
    let generated = now_in_india();
    let lang = table.lang;
    let columns = column_inputs(table);
    let rows = row_inputs(table);
    let landscape = table.columns.len() > PORTRAIT_MAX_COLUMNS;

    let mut pages: Vec<Page> = Vec::new();
    let mut info = None;
    let mut next = 0;
    loop {
        let end = rows.len().min(next + BATCH_ROWS);
        let inputs = batch_inputs(table, &columns, &rows[next..end], next == 0);
        let batch = compile_document(TABLE_SOURCE.clone(), inputs);
        // Nothing of a batch is worth keeping in the cache: the next one has other rows.
        typst::comemo::evict(0);
        crate::memory::release_free();
        let batch = batch?;
        info.get_or_insert_with(|| batch.info().clone());
        let carried = if end < rows.len() { rows_on_last_page(&batch) } else { 0 };
        let mut batch_pages = batch.pages().to_vec();
        drop(batch);
        for page in &mut batch_pages {
            strip_tags(&mut page.frame);
        }
        if end < rows.len() {
            // Carry the rows of the last page over to the next batch, unless that page holds
            // all of the batch's rows (a batch always moves forward).
            if carried > 0 && carried < end - next && batch_pages.len() > 1 {
                batch_pages.pop();
                next = end - carried;
            } else {
                next = end;
            }
            pages.append(&mut batch_pages);
        } else {
            pages.append(&mut batch_pages);
            break;
        }
    }

    // The footers, now that the page count is known.
    let mut inputs = Dict::new();
    let count = pages.len();
    inputs.insert("lang".into(), str_value(lang.tag()));
    inputs.insert("made".into(), str_value(&format!("{} · {}", table.organisation, lang.generated(&generated))));
    let labels: Array = (1..=count).map(|page| str_value(&lang.page_of(page, count))).collect();
    inputs.insert("pages".into(), Value::Array(labels));
    inputs.insert("landscape".into(), Value::Bool(landscape));
    let footers = compile_document(FOOTER_SOURCE.clone(), inputs);
    typst::comemo::evict(CACHE_MAX_AGE);
    for (page, footer) in pages.iter_mut().zip(footers?.pages()) {
        page.frame.push_frame(Point::zero(), footer.frame.clone());
    }

    let document = PagedDocument::new(pages.into(), info.unwrap_or_default());
    // Untagged: a tagged 300-row table is ~900 KB instead of ~80 KB, and the
    // same data is available as a workbook for tools that need structure.
    let options = typst_pdf::PdfOptions {
        tagged: false,
        ..Default::default()
    };
    let pdf = typst_pdf::pdf(&document, &options)
        .map_err(|errors| DocumentError::Pdf(plain(&errors)));
    drop(document);
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
    let cells: Array = rows.iter().flatten().cloned().map(Value::Str).collect();
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
