//! Excel export of a [`Table`] with rust_xlsxwriter (constant-memory mode:
//! rows are streamed to a temporary file, so memory stays flat for large
//! exports; the system temp directory must be writable).

use chrono::Datelike;
use rust_xlsxwriter::{Color, DocProperties, Format, FormatBorder, Workbook, Worksheet};

use super::fit::{column_widths, excel_text, sheet_name};
use crate::documents::{
    error::DocumentError,
    lang::{Lang, now_in_india},
    table::{Cell, Table},
};

/// Integers beyond this magnitude lose precision as Excel numbers (2^53) and
/// are written as text instead.
const MAX_EXACT_INTEGER: i64 = 9_007_199_254_740_992;
/// Rows above a workbook's table: the organisation, the title, and the moment it was made.
pub const LETTERHEAD_ROWS: u32 = 3;
/// Renders `table` as an `.xlsx` workbook with one sheet named after the
/// title: a letterhead (the organisation, the title, the subtitle and the moment the file was
/// made, in the table's language), then a bold, shaded header row that stays frozen with the
/// letterhead while scrolling, an autofilter over header and data, typed cells (integers as
/// numbers, dates as Excel dates shown `yyyy-mm-dd`, timestamps as `yyyy-mm-dd hh:mm` in their
/// own offset) and column widths fitted to the content. The workbook's properties carry the
/// title, subtitle, organisation and moment too.
pub fn table_xlsx(table: &Table) -> Result<Vec<u8>, DocumentError> {
    table.validate()?;

    let mut workbook = Workbook::new();
    let made = properties(table.lang, &table.organisation, &table.title, table.subtitle.as_deref());
    workbook.set_properties(&made.properties);
    let Formats { header, date, date_time } = Formats::new();

    let sheet = workbook.add_worksheet_with_constant_memory()?;
    sheet.set_name(sheet_name(&table.title))?;

    for (col, width) in column_widths(table).into_iter().enumerate() {
        sheet.set_column_width(col_num(col)?, width)?;
    }
    let detail = match &table.subtitle {
        Some(subtitle) if !subtitle.trim().is_empty() => format!("{subtitle} · {}", made.line),
        _ => made.line.clone(),
    };
    let header_row = letterhead(sheet, &table.organisation, &table.title, &detail)?;
    for (col, column) in table.columns.iter().enumerate() {
        sheet.write_string_with_format(header_row, col_num(col)?, excel_text(&column.header), &header)?;
    }
    for (index, row) in table.rows.iter().enumerate() {
        let row_num = u32::try_from(index)
            .ok()
            .and_then(|index| index.checked_add(header_row + 1))
            .ok_or_else(too_many_rows)?;
        for (col, cell) in row.iter().enumerate() {
            write_cell(sheet, row_num, col_num(col)?, cell, &date, &date_time)?;
        }
    }

    let last_row = u32::try_from(table.rows.len())
        .ok()
        .and_then(|rows| rows.checked_add(header_row))
        .ok_or_else(too_many_rows)?;
    let last_col = col_num(table.columns.len() - 1)?;
    sheet.autofilter(header_row, 0, last_row, last_col)?;
    sheet.set_freeze_panes(header_row + 1, 0)?;

    Ok(workbook.save_to_buffer()?)
}

/// The formats every sheet writes with: the header row's, a date's and a moment's.
struct Formats {
    header: Format,
    date: Format,
    date_time: Format,
}

impl Formats {
    fn new() -> Self {
        Self {
            header: Format::new().set_bold().set_background_color(Color::RGB(0xE6EBF1)).set_border_bottom(FormatBorder::Thin),
            date: Format::new().set_num_format("yyyy-mm-dd"),
            date_time: Format::new().set_num_format("yyyy-mm-dd hh:mm"),
        }
    }
}

/// Renders several tables stacked on one sheet named after `title`, under the letterhead of
/// [`table_xlsx`] in `lang`, each under its own title (bold) and header row, with a blank row
/// between them: a record followed by its rows (a family's head, then its members). Cells are
/// typed as in [`table_xlsx`]; each column is as wide as its widest content in any of the tables.
pub fn sections_xlsx(title: &str, lang: Lang, organisation: &str, sections: &[Table]) -> Result<Vec<u8>, DocumentError> {
    for section in sections {
        section.validate()?;
    }
    let mut workbook = Workbook::new();
    let made = properties(lang, organisation, title, None);
    workbook.set_properties(&made.properties);
    let label = Format::new().set_bold().set_font_size(12);
    let Formats { header, date, date_time } = Formats::new();

    let sheet = workbook.add_worksheet_with_constant_memory()?;
    sheet.set_name(sheet_name(title))?;
    let mut widths: Vec<f64> = Vec::new();
    for section in sections {
        for (index, width) in column_widths(section).into_iter().enumerate() {
            match widths.get_mut(index) {
                Some(known) => *known = known.max(width),
                None => widths.push(width),
            }
        }
    }
    for (col, width) in widths.into_iter().enumerate() {
        sheet.set_column_width(col_num(col)?, width)?;
    }
    let mut row = letterhead(sheet, organisation, title, &made.line)?;
    for section in sections {
        sheet.write_string_with_format(row, 0, excel_text(&section.title), &label)?;
        row += 1;
        for (col, column) in section.columns.iter().enumerate() {
            sheet.write_string_with_format(row, col_num(col)?, excel_text(&column.header), &header)?;
        }
        for cells in &section.rows {
            row = row.checked_add(1).ok_or_else(too_many_rows)?;
            for (col, cell) in cells.iter().enumerate() {
                write_cell(sheet, row, col_num(col)?, cell, &date, &date_time)?;
            }
        }
        row = row.checked_add(2).ok_or_else(too_many_rows)?;
    }
    Ok(workbook.save_to_buffer()?)
}

/// The workbook's properties and the line saying when it was made, in `lang`.
struct Made {
    properties: DocProperties,
    line: String,
}

fn properties(lang: Lang, organisation: &str, title: &str, subtitle: Option<&str>) -> Made {
    let now = now_in_india();
    let mut properties = DocProperties::new()
        .set_title(title)
        .set_company(organisation)
        .set_author(organisation);
    if let Some(subtitle) = subtitle {
        properties = properties.set_subject(subtitle);
    }
    properties = properties.set_creation_datetime(&now.to_utc());
    Made { properties, line: lang.generated(&now) }
}

/// Writes the letterhead (the organisation, the title, then `detail`: the subtitle and when the
/// file was made) and answers the first row below it.
fn letterhead(sheet: &mut Worksheet, organisation: &str, title: &str, detail: &str) -> Result<u32, DocumentError> {
    let name = Format::new().set_bold().set_font_size(13);
    let heading = Format::new().set_bold().set_font_size(12);
    let muted = Format::new().set_font_color(Color::RGB(0x5F6B7A));
    sheet.write_string_with_format(0, 0, excel_text(organisation), &name)?;
    sheet.write_string_with_format(1, 0, excel_text(title), &heading)?;
    sheet.write_string_with_format(2, 0, excel_text(detail), &muted)?;
    Ok(LETTERHEAD_ROWS)
}

fn write_cell(
    sheet: &mut Worksheet,
    row: u32,
    col: u16,
    cell: &Cell,
    date: &Format,
    date_time: &Format,
) -> Result<(), DocumentError> {
    match cell {
        Cell::Text(text) if !text.is_empty() => {
            sheet.write_string(row, col, excel_text(text))?;
        }
        Cell::Integer(n) if n.unsigned_abs() <= MAX_EXACT_INTEGER.unsigned_abs() => {
            sheet.write_number(row, col, *n as f64)?;
        }
        Cell::Date(day) if excel_year(day.year()) => {
            sheet.write_datetime_with_format(row, col, day, date)?;
        }
        Cell::DateTime(at) if excel_year(at.year()) => {
            sheet.write_datetime_with_format(row, col, at.naive_local(), date_time)?;
        }
        // Values Excel cannot hold as numbers/dates keep their text form.
        Cell::Integer(_) | Cell::Date(_) | Cell::DateTime(_) => {
            sheet.write_string(row, col, cell.display())?;
        }
        Cell::Text(_) | Cell::Empty => {}
    }
    Ok(())
}

/// Excel dates run from 1900 to 9999.
fn excel_year(year: i32) -> bool {
    (1900..=9999).contains(&year)
}

fn col_num(index: usize) -> Result<u16, DocumentError> {
    u16::try_from(index)
        .map_err(|_| DocumentError::InvalidTable("too many columns for Excel".into()))
}

fn too_many_rows() -> DocumentError {
    DocumentError::InvalidTable("too many rows for Excel".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::documents::{samples, xlsx::fit::MAX_CELL_TEXT};
    use calamine::{Data, Reader, Xlsx, open_workbook_from_rs};
    use std::io::Cursor;

    /// The row of the table's header, below the letterhead.
    const H: usize = LETTERHEAD_ROWS as usize;

    fn read(bytes: Vec<u8>) -> (Vec<String>, calamine::Range<Data>) {
        let mut workbook: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes)).unwrap();
        let names = workbook.sheet_names();
        let range = workbook.worksheet_range(&names[0]).unwrap();
        (names, range)
    }

    /// Excel's serial day number of a date (1900 date system).
    fn serial(date: chrono::NaiveDate) -> f64 {
        (date - samples::date(1899, 12, 30)).num_days() as f64
    }

    #[test]
    fn table_xlsx_has_typed_cells() {
        let (names, range) = read(table_xlsx(&samples::contacts()).unwrap());
        assert_eq!(names, vec!["Contact messages".to_owned()]);
        assert_eq!(range.get_size(), (H + 3, 5));
        let header: Vec<_> = (0..5).map(|col| range.get((H, col)).cloned()).collect();
        assert_eq!(header[1], Some(Data::String("Full name".into())));
        assert_eq!(header[4], Some(Data::String("Created at".into())));
        // Integer as a number, text (Marathi intact), date-time as a date value.
        assert_eq!(range.get((H + 1, 0)), Some(&Data::Float(2.0)));
        assert_eq!(
            range.get((H + 1, 1)),
            Some(&Data::String("सुरेश क्षीरसागर".into()))
        );
        assert_eq!(range.get((H + 2, 1)), Some(&Data::String("John Smith".into())));
        match range.get((H + 2, 4)) {
            Some(Data::DateTime(at)) => {
                assert!(at.is_datetime());
                let expected = serial(samples::date(2025, 3, 8)) + (9.0 * 60.0 + 5.0) / 1440.0;
                assert!(
                    (at.as_f64() - expected).abs() < 1e-6,
                    "{} != {expected}",
                    at.as_f64()
                );
            }
            other => panic!("expected a date-time, got {other:?}"),
        }
    }

    #[test]
    fn sections_xlsx_stacks_tables_under_their_titles() {
        let mut record = samples::contacts();
        record.title = "Head".into();
        record.rows.truncate(1);
        let rows = samples::bookings(2);
        let (names, range) = read(sections_xlsx("A family", Lang::En, "Samiti", &[record, rows]).unwrap());
        assert_eq!(names, vec!["A family".to_owned()]);
        assert_eq!(range.get((H, 0)), Some(&Data::String("Head".into())));
        assert_eq!(range.get((H + 1, 1)), Some(&Data::String("Full name".into())));
        assert_eq!(range.get((H + 2, 1)), Some(&Data::String("सुरेश क्षीरसागर".into())));
        // A blank row, then the second table.
        assert_eq!(range.get((H + 4, 0)), Some(&Data::String("Room bookings".into())));
        assert_eq!(range.get((H + 5, 4)), Some(&Data::String("Check-in".into())));
        assert!(matches!(range.get((H + 6, 4)), Some(Data::DateTime(_))), "dates stay dates");
        assert_eq!(range.get_size(), (H + 8, 9));
    }

    #[test]
    fn table_xlsx_writes_dates_and_empty_cells() {
        let (names, range) = read(table_xlsx(&samples::bookings(300)).unwrap());
        assert_eq!(names, vec!["Room bookings".to_owned()]);
        assert_eq!(range.get_size(), (H + 301, 9));
        assert_eq!(range.get((H, 4)), Some(&Data::String("Check-in".into())));
        match range.get((H + 1, 4)) {
            Some(Data::DateTime(day)) => {
                assert!(day.is_datetime());
                assert_eq!(day.as_f64(), serial(samples::date(2025, 4, 1)));
            }
            other => panic!("expected a date, got {other:?}"),
        }
        assert_eq!(range.get((H + 1, 6)), Some(&Data::Float(1.0)));
        assert_eq!(range.get((H + 1, 7)), Some(&Data::Empty));
        assert_eq!(range.get((H + 2, 1)), Some(&Data::String("सुरेश Patil".into())));
        assert_eq!(range.get((H + 300, 0)), Some(&Data::Float(300.0)));
    }

    #[test]
    fn table_xlsx_sets_filter_freeze_and_date_formats() {
        let bytes = table_xlsx(&samples::bookings(3)).unwrap();
        let mut archive = zip_entry(&bytes, "xl/worksheets/sheet1.xml");
        assert!(
            archive.contains(r#"<autoFilter ref="A4:I7"/>"#),
            "{archive}"
        );
        assert!(archive.contains(r#"topLeftCell="A5""#) && archive.contains(r#"state="frozen""#), "{archive}");
        assert!(archive.contains("<cols>"), "{archive}");
        archive = zip_entry(&bytes, "xl/styles.xml");
        assert!(archive.contains(r#"formatCode="yyyy-mm-dd""#), "{archive}");
        assert!(
            archive.contains(r#"formatCode="yyyy-mm-dd hh:mm""#),
            "{archive}"
        );
        assert!(archive.contains("<b/>"), "{archive}");
    }

    #[test]
    fn the_letterhead_names_the_organisation_the_title_and_when_the_file_was_made() {
        let mut table = samples::mixed_scripts();
        table.subtitle = Some("एकूण ६ नोंदी".into());
        let (names, range) = read(table_xlsx(&table).unwrap());
        assert_eq!(names, vec!["कुटुंबाचा तपशील".to_owned()]);
        assert_eq!(range.get((0, 0)), Some(&Data::String("समिती".into())), "the table's organisation");
        assert_eq!(range.get((1, 0)), Some(&Data::String("कुटुंबाचा तपशील".into())));
        let Some(Data::String(detail)) = range.get((2, 0)) else { panic!("a detail line") };
        assert!(detail.starts_with("एकूण ६ नोंदी · तयार केल्याची वेळ: "), "{detail}");
        assert!(detail.ends_with("(भारतीय प्रमाण वेळ)") && !detail.chars().any(|c| c.is_ascii_digit()), "{detail}");
        assert_eq!(range.get((H, 1)), Some(&Data::String("नाव".into())));

        let (_, range) = read(table_xlsx(&samples::contacts()).unwrap());
        assert_eq!(range.get((0, 0)), Some(&Data::String("Samiti".into())));
        let Some(Data::String(detail)) = range.get((2, 0)) else { panic!("a detail line") };
        assert!(detail.contains(" · Generated on ") && detail.ends_with(" IST"), "{detail}");
        let core = zip_entry(&table_xlsx(&samples::contacts()).unwrap(), "docProps/app.xml");
        assert!(core.contains("<Company>Samiti</Company>"), "{core}");
    }

    /// One entry of the xlsx zip, as text (calamine does not expose styles,
    /// filters or panes; `unzip` is part of the test tool set like pdftotext).
    fn zip_entry(xlsx: &[u8], name: &str) -> String {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "samiti-documents-test-{}-{}.xlsx",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::write(&path, xlsx).unwrap();
        let output = std::process::Command::new("unzip")
            .arg("-p")
            .arg(&path)
            .arg(name)
            .output()
            .expect("unzip must be installed");
        let _ = std::fs::remove_file(&path);
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    }

    #[test]
    fn sheet_names_follow_excel_rules() {
        assert_eq!(sheet_name("Contacts"), "Contacts");
        assert_eq!(
            sheet_name("Bookings [AC/Non-AC]: 2025?"),
            "Bookings AC Non-AC 2025"
        );
        assert_eq!(sheet_name("'quoted'"), "quoted");
        assert_eq!(sheet_name("   "), "Sheet1");
        assert_eq!(sheet_name("history"), "History list");
        let long = sheet_name("सदस्य नोंदणी यादी - सर्व कुटुंबे आणि सदस्य");
        assert!(long.encode_utf16().count() <= 31, "{long}");
        assert!(long.starts_with("सदस्य नोंदणी"));
        let name = sheet_name("A very long title that Excel would certainly refuse");
        assert_eq!(name, "A very long title that Excel wo");
        // Every produced name is accepted by the writer.
        for title in [
            "x".repeat(40),
            "[]:*?/\\".into(),
            "'a'".into(),
            "😀".repeat(20),
        ] {
            let mut table = samples::contacts();
            table.title = title;
            assert!(table_xlsx(&table).is_ok());
        }
    }

    #[test]
    fn out_of_range_values_fall_back_to_text() {
        let mut table = samples::contacts();
        table.rows[0][0] = Cell::Integer(i64::MAX);
        table.rows[1][4] = Cell::Date(samples::date(1850, 1, 1));
        table.rows[1][3] = Cell::Text("x".repeat(40_000));
        table.rows[1][2] = Cell::Text("control\u{0}\u{1b}chars".into());
        let (_, range) = read(table_xlsx(&table).unwrap());
        assert_eq!(range.get((H + 1, 0)), Some(&Data::String(i64::MAX.to_string())));
        assert_eq!(range.get((H + 2, 4)), Some(&Data::String("1850-01-01".into())));
        assert_eq!(range.get((H + 2, 2)), Some(&Data::String("control\u{0}\u{1b}chars".into())));
        match range.get((H + 2, 3)) {
            Some(Data::String(text)) => assert_eq!(text.len(), MAX_CELL_TEXT),
            other => panic!("{other:?}"),
        }
    }
}
