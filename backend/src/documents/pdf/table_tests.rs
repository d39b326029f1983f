//! The table layout's tests: English and Marathi, long cells, many rows, page breaks.
use super::*;
use crate::documents::pdf::render::tests::pdf_text;
use crate::documents::{Column, samples};
use std::time::Instant;
use typst::layout::Point;

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
        organisation: "Samiti".into(),
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
    let resident = || {
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        status.lines().filter(|l| l.starts_with("VmRSS")).collect::<String>()
    };
    println!("before: {}", resident());
    // What the first PDF of any size leaves (Typst's library, the fonts' shaping data).
    drop(table_pdf(&samples::contacts()).unwrap());
    crate::memory::release_free();
    println!("after a two-row PDF: {}", resident());
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
        drop(pdf);
        crate::memory::release_free();
        println!("after it, memory freed: {}", resident());
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
