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

use super::render::{CACHE_MAX_AGE, compile_document, plain, release_free_memory, str_value};
use crate::documents::{
    error::DocumentError,
    lang::now_in_india,
    table::{Cell, Table},
};

/// The generic table template (one batch of rows) and the footers laid over its pages.
const TABLE_TEMPLATE: &str = include_str!("../table.typ");
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
        release_free_memory();
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
    inputs.insert("made".into(), str_value(&format!("{} · {}", lang.organisation(), lang.generated(&generated))));
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
    release_free_memory();
    pdf
}

/// Every row's cells as printed text, cut to [`MAX_CELL_CHARS`].
fn row_inputs(table: &Table) -> Vec<Vec<Str>> {
    table
        .rows
        .iter()
        .map(|row| row.iter().map(|cell| Str::from(cut(&cell.display()))).collect())
        .collect()
}

/// The `sys.inputs` of table.typ for one batch of rows (`first`: the batch that prints the
/// organisation, title and subtitle).
fn batch_inputs(table: &Table, columns: &Array, rows: &[Vec<Str>], first: bool) -> Dict {
    let lang = table.lang;
    let mut inputs = Dict::new();
    inputs.insert("lang".into(), str_value(lang.tag()));
    inputs.insert("organisation".into(), str_value(lang.organisation()));
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
mod tests {
    use super::*;
    use crate::documents::pdf::render::tests::pdf_text;
    use crate::documents::{Column, samples};
    use std::time::Instant;

    #[test]
    fn table_pdf_prints_english_and_marathi() {
        let pdf = table_pdf(&samples::contacts()).unwrap();
        assert!(pdf.starts_with(b"%PDF"));
        let text = pdf_text(&pdf);
        for expected in [
            "Contact messages",
            "Email address",
            "John Smith",
            "सुरेश क्षीरसागर",
            "श्रीमती",
            "सुरेश Patil",
            "2025-03-08 09:05",
            "Page 1 of 1",
            "IST",
            "suresh.kshirsagar.family-",
        ] {
            assert!(
                text.contains(expected),
                "{expected:?} missing from:\n{text}"
            );
        }
        // Long e-mail addresses wrap without invisible characters in the text.
        assert!(!text.contains('\u{200B}'));
    }

    #[test]
    fn table_pdf_spans_pages_and_repeats_the_header() {
        let pdf = table_pdf(&samples::bookings(300)).unwrap();
        let text = pdf_text(&pdf);
        let pages: Vec<&str> = text
            .split('\u{c}')
            .filter(|page| !page.trim().is_empty())
            .collect();
        assert!(pages.len() > 1, "300 rows must need several pages");
        for (index, page) in pages.iter().enumerate() {
            assert!(
                page.contains("Check-out"),
                "header missing on page {}",
                index + 1
            );
            assert!(page.contains(&format!("Page {} of {}", index + 1, pages.len())));
        }
        assert!(text.contains("Generated "));
        assert!(text.contains("వెంకట రమణ"), "Telugu name missing");
    }

    #[test]
    fn table_pdf_of_an_empty_list_says_so() {
        let mut table = samples::contacts();
        table.rows.clear();
        let text = pdf_text(&table_pdf(&table).unwrap());
        assert!(text.contains("No records"));
    }

    #[test]
    fn user_text_is_data_not_markup() {
        let mut table = samples::contacts();
        table.title = "#panic(\"boom\") *not bold* $x$ <b> \\".into();
        table.rows[1][3] = "= not a heading #{1 + 1} // nor a comment".into();
        table.rows[1][2] = "control\u{0}\u{1b}chars\u{feff}\r\n😀".into();
        let text = pdf_text(&table_pdf(&table).unwrap());
        assert!(
            text.contains("#panic(\"boom\") *not bold* $x$ <b> \\"),
            "{text}"
        );
        assert!(
            text.contains("= not a heading #{1 + 1} // nor a comment"),
            "{text}"
        );
    }

    #[test]
    fn malformed_tables_are_errors() {
        let mut table = samples::contacts();
        table.rows[0].pop();
        assert!(matches!(
            table_pdf(&table),
            Err(DocumentError::InvalidTable(_))
        ));
        table.columns.clear();
        table.rows.clear();
        assert!(matches!(
            table_pdf(&table),
            Err(DocumentError::InvalidTable(_))
        ));
    }

    /// The pages of a PDF as `pdftotext` sees them, without empty trailing ones.
    fn pages_of(text: &str) -> Vec<&str> {
        text.split('\u{c}').filter(|page| !page.trim().is_empty()).collect()
    }

    #[test]
    fn a_table_longer_than_a_batch_keeps_every_row_once_in_order_on_full_pages() {
        let rows = BATCH_ROWS * 2 + 57;
        let table = Table {
            lang: crate::documents::Lang::En,
            title: "Batches".into(),
            subtitle: None,
            columns: vec![Column::new("Marker", 1.0), Column::new("Name", 2.0)],
            rows: (0..rows)
                .map(|i| vec![format!("R{i:05}").into(), "सुरेश Patil".into()])
                .collect(),
        };
        let text = pdf_text(&table_pdf(&table).unwrap());
        let markers: Vec<&str> = text
            .split_whitespace()
            .filter(|word| word.len() == 6 && word.starts_with('R'))
            .collect();
        let expected: Vec<String> = (0..rows).map(|i| format!("R{i:05}")).collect();
        assert_eq!(markers, expected, "every row once, in order");
        let pages = pages_of(&text);
        assert!(pages.len() > 2);
        let per_page: Vec<usize> = pages
            .iter()
            .map(|page| page.matches(" R0").count() + page.matches("\nR0").count())
            .collect();
        // Rows of one height: every page between the first (title) and the last holds as
        // many rows, so no batch ends with a half-empty page.
        let middle = &per_page[1..per_page.len() - 1];
        assert!(middle.iter().all(|count| *count == middle[0]), "{per_page:?}");
        for (index, page) in pages.iter().enumerate() {
            assert!(page.contains("Marker"), "header on page {}", index + 1);
            assert!(page.contains(&format!("Page {} of {}", index + 1, pages.len())));
        }
    }

    #[test]
    fn long_values_are_cut_with_an_ellipsis_and_wrap_inside_their_cell() {
        let email = format!("{}@example.org", "a.very-long.address".repeat(12));
        let message = "नमस्कार, please call me back about the hall. ".repeat(45);
        let unbroken = "x".repeat(2_000);
        assert!(message.chars().count() > 1_900 && email.len() < 254);
        let mut table = samples::contacts();
        table.rows.truncate(1);
        table.rows[0][2] = email.clone().into();
        table.rows[0][3] = message.clone().into();
        table.rows.push(table.rows[0].clone());
        table.rows[1][3] = unbroken.into();
        let text = pdf_text(&table_pdf(&table).unwrap());
        assert_eq!(pages_of(&text).len(), 1, "two long rows fit one page:\n{text}");
        assert_eq!(text.matches('…').count(), 2, "both long messages are cut");
        // The address wraps inside its column (no cut below the limit): it spans lines, and
        // both its ends are printed.
        assert!(!text.contains(&email[..60]), "one line would run over the page:\n{text}");
        assert!(text.contains("a.very-long.addressa.") && text.contains("example.org"));
        let joined: String = text.split_whitespace().collect();
        assert!(!joined.contains(&"x".repeat(MAX_CELL_CHARS + 1)));
    }

    #[test]
    fn cut_keeps_whole_letters_and_stops_at_a_space_near_the_end() {
        let short = "सुरेश क्षीरसागर";
        assert_eq!(cut(short), short);
        let marathi = "श्रीमती क्षमा ".repeat(60);
        let cut_text = cut(&marathi);
        assert!(cut_text.ends_with('…'));
        assert!(cut_text.chars().count() <= MAX_CELL_CHARS);
        let kept = cut_text.trim_end_matches('…');
        assert!(marathi.starts_with(kept));
        assert!(kept.ends_with("क्षमा") || kept.ends_with("श्रीमती"), "cut at a space: {kept:?}");
        let unbroken = "ह्ण".repeat(400);
        let kept = cut(&unbroken);
        let kept = kept.trim_end_matches('…');
        assert!(unbroken.grapheme_indices(true).any(|(index, _)| index == kept.len()), "whole graphemes");
    }

    /// Every text run of a laid-out frame: the page position of its baseline and its text.
    fn text_runs(frame: &Frame, origin: Point, out: &mut Vec<(Point, String)>) {
        for (position, item) in frame.items() {
            let at = origin + *position;
            match item {
                FrameItem::Group(group) => {
                    text_runs(&group.frame, at + Point::new(group.transform.tx, group.transform.ty), out)
                }
                FrameItem::Text(run) => out.push((at, run.text.to_string())),
                _ => {}
            }
        }
    }

    #[test]
    fn devanagari_and_latin_cells_of_one_row_share_one_baseline() {
        let table = samples::mixed_scripts();
        let inputs = batch_inputs(&table, &column_inputs(&table), &row_inputs(&table), true);
        let document = compile_document(TABLE_SOURCE.clone(), inputs).unwrap();
        let mut runs = Vec::new();
        text_runs(&document.pages()[0].frame, Point::zero(), &mut runs);
        for row in 1..=table.rows.len() {
            let marker = format!("R{row}");
            let (at, _) = runs.iter().find(|(_, text)| *text == marker).unwrap_or_else(|| panic!("{marker} printed"));
            // The first line of every cell of the row: the runs within a few points of the marker.
            let line: Vec<_> = runs.iter().filter(|(other, _)| (other.y - at.y).abs().to_pt() < 5.0).collect();
            assert!(line.len() >= table.columns.len(), "{marker}: {line:?}");
            for (other, text) in &line {
                assert!(
                    (other.y - at.y).abs().to_pt() < 0.01,
                    "{marker}: {text:?} sits {:.2} pt off the row's baseline",
                    (other.y - at.y).to_pt()
                );
            }
        }
    }

    /// Renders `SAMITI_ROWS` (default 2000) ordinary contact rows and prints the time and
    /// the process's peak resident memory:
    /// `SAMITI_ROWS=5000 cargo test -p samiti --lib documents::pdf::tests::scaling -- --ignored --nocapture`
    #[test]
    #[ignore = "measurement; run by hand"]
    fn scaling() {
        let rows: usize = std::env::var("SAMITI_ROWS").ok().and_then(|v| v.parse().ok()).unwrap_or(2000);
        let mut table = samples::contacts();
        let template = table.rows.clone();
        table.rows = (0..rows)
            .map(|i| {
                // Distinct values, as in a real list (identical cells would share Typst's cache).
                let mut row = template[i % 2].clone();
                row[0] = Cell::Integer(i as i64);
                for cell in &mut row[1..4] {
                    if let Cell::Text(text) = cell {
                        text.push_str(&format!(" {i}"));
                    }
                }
                row
            })
            .collect();
        let _ = &*crate::documents::fonts::FONTS;
        let cpu = || {
            let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
            let fields: Vec<&str> = stat.rsplit_once(')').unwrap().1.split_whitespace().collect();
            // utime + stime, in clock ticks (1/100 s).
            (fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()) * 10
        };
        for run in 1..=2 {
            let started = Instant::now();
            let cpu_before = cpu();
            let pdf = table_pdf(&table).unwrap();
            let status = std::fs::read_to_string("/proc/self/status").unwrap();
            let mem: Vec<&str> = status.lines().filter(|l| l.starts_with("VmHWM") || l.starts_with("VmRSS")).collect();
            println!(
                "{rows} rows run {run}: {:?} ({} ms CPU), {} KiB, {mem:?}",
                started.elapsed(),
                cpu() - cpu_before,
                pdf.len() / 1024
            );
            std::fs::write(std::env::temp_dir().join(format!("scaling-{rows}.pdf")), &pdf).unwrap();
        }
    }

    /// Writes sample PDFs to `$TMPDIR/docs-preview/` and prints timings:
    /// `cargo test -p samiti --lib documents::pdf::tests::preview -- --ignored --nocapture`
    #[test]
    #[ignore = "writes preview files; run by hand"]
    fn preview() {
        let dir = std::env::temp_dir().join("docs-preview");
        std::fs::create_dir_all(&dir).unwrap();
        let started = Instant::now();
        let _ = &*crate::documents::fonts::FONTS;
        println!("fonts parsed in {:?}", started.elapsed());
        for (name, table) in [
            ("mixed-scripts", samples::mixed_scripts()),
            ("contacts", samples::contacts()),
            ("bookings-20", samples::bookings(20)),
            ("bookings-300", samples::bookings(300)),
        ] {
            for run in 1..=3 {
                let started = Instant::now();
                let pdf = table_pdf(&table).unwrap();
                println!(
                    "{name} run {run}: {:?}, {} bytes",
                    started.elapsed(),
                    pdf.len()
                );
                std::fs::write(dir.join(format!("{name}.pdf")), &pdf).unwrap();
            }
        }
        let started = Instant::now();
        let xlsx = crate::documents::xlsx::table_xlsx(&samples::bookings(300)).unwrap();
        println!(
            "bookings-300.xlsx: {:?}, {} bytes",
            started.elapsed(),
            xlsx.len()
        );
        std::fs::write(dir.join("bookings-300.xlsx"), xlsx).unwrap();
    }
}
