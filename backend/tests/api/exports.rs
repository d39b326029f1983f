//! PDF and Excel exports of long lists: every row up to the PDF cap, filters and sort kept,
//! long values cut in the PDF and whole in the workbook.
use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, Database};

use crate::helpers::{TestApp, pdf_text, xlsx_rows};

/// Inserts contacts straight into the database (the public form would take minutes).
async fn insert_contacts(app: &TestApp, rows: &[(String, String, String)]) {
    let db = Database::connect(&app.database_url).await.unwrap();
    for chunk in rows.chunks(500) {
        let values: Vec<String> = chunk
            .iter()
            .map(|(name, email, message)| {
                format!("('{name}', '{email}', '{message}', '2026-01-01T00:00:00+00:00')")
            })
            .collect();
        db.execute_unprepared(&format!(
            "INSERT INTO contacts (full_name, email, message, created_at) VALUES {}",
            values.join(",")
        ))
        .await
        .unwrap();
    }
}

fn pages(text: &str) -> usize {
    text.split('\u{c}').filter(|page| !page.trim().is_empty()).count()
}

#[tokio::test]
async fn a_pdf_export_of_thousands_of_rows_prints_every_row() {
    let app = TestApp::spawn().await;
    let mut rows: Vec<_> = (0..2_500)
        .map(|i| (format!("Person {i}"), format!("p{i}@example.org"), format!("Message number {i}")))
        .collect();
    rows.push(("सुरेश क्षीरसागर".into(), "suresh@example.org".into(), "श्री गणेशाय नमः".into()));
    insert_contacts(&app, &rows).await;
    let token = app.admin_token().await;

    let response = app.get("/api/contacts/export/pdf", Some(&token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let text = pdf_text(&response.bytes().await.unwrap());
    assert!(text.contains("2501 rows"), "total is stated");
    assert!(!text.contains("showing the first"), "no row is left out below the cap");
    for i in 0..2_500 {
        assert!(text.contains(&format!("p{i}@example.org")), "row {i} is printed");
    }
    assert!(text.contains("सुरेश क्षीरसागर"), "Marathi name printed");
    let count = pages(&text);
    assert!(count > 50, "{count} pages");
    assert!(text.contains(&format!("Page {count} of {count}")));
}

#[tokio::test]
async fn pdf_exports_follow_the_search_and_the_sort() {
    let app = TestApp::spawn().await;
    let rows: Vec<_> = ["Charu Joshi", "Anand Patil", "Bharati Patil", "Dilip Patil"]
        .iter()
        .map(|name| (name.to_string(), format!("{}@example.org", name.to_lowercase().replace(' ', ".")), "Hello".to_string()))
        .collect();
    insert_contacts(&app, &rows).await;
    let token = app.admin_token().await;

    let text = pdf_text(&app.get("/api/contacts/export/pdf?q=patil&sort=full_name", Some(&token)).await.bytes().await.unwrap());
    assert!(text.contains("3 rows matching \"patil\""), "{text}");
    assert!(!text.contains("Charu"), "search applies");
    let at = |name: &str| text.find(name).unwrap_or_else(|| panic!("{name} missing from {text}"));
    assert!(at("Anand Patil") < at("Bharati Patil") && at("Bharati Patil") < at("Dilip Patil"), "ascending by name");

    let text = pdf_text(&app.get("/api/contacts/export/pdf?q=patil&sort=-full_name", Some(&token)).await.bytes().await.unwrap());
    let at = |name: &str| text.find(name).unwrap_or_else(|| panic!("{name} missing from {text}"));
    assert!(at("Dilip Patil") < at("Bharati Patil") && at("Bharati Patil") < at("Anand Patil"), "descending by name");
}

#[tokio::test]
async fn long_values_are_cut_in_the_pdf_and_whole_in_the_workbook() {
    let app = TestApp::spawn().await;
    let message = "Please call back about the hall booking for the wedding. ".repeat(36);
    let message = message[..2_000].to_string();
    let email = format!("{}@example.org", "x".repeat(242));
    assert_eq!(email.len(), 254);
    let rows: Vec<_> = (0..3).map(|i| (format!("Long {i}"), email.clone(), message.clone())).collect();
    insert_contacts(&app, &rows).await;
    let token = app.admin_token().await;

    let text = pdf_text(&app.get("/api/contacts/export/pdf", Some(&token)).await.bytes().await.unwrap());
    assert_eq!(pages(&text), 1, "three long rows fit one page:\n{text}");
    assert_eq!(text.matches('…').count(), 3, "each message is cut with an ellipsis");
    assert!(!text.contains(&"x".repeat(100)), "the address wraps inside its column");
    assert!(text.contains("example.org"), "the address is printed to its end");

    let workbook = xlsx_rows(&app.get("/api/contacts/export/excel", Some(&token)).await.bytes().await.unwrap());
    assert_eq!(workbook[1][3], calamine::Data::String(message), "the workbook has the whole message");
}
