use calamine::Data;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

pub(crate) fn contact(name: &str, email: &str, message: &str) -> Value {
    json!({"full_name": name, "email": email, "message": message})
}

#[tokio::test]
async fn a_visitor_sends_a_message_and_the_administrator_finds_it() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/contacts", contact(" सुरेश क्षीरसागर ", "suresh@example.org", "नमस्कार"), None).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let created: Value = response.json().await.unwrap();
    assert_eq!(created["full_name"], "सुरेश क्षीरसागर");

    let token = app.admin_token().await;
    let response = app.get("/api/contacts", Some(&token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["x-total-count"], "1");
    let list: Vec<Value> = response.json().await.unwrap();
    assert_eq!(list[0]["email"], "suresh@example.org");
    assert_eq!(list[0]["message"], "नमस्कार");
}

#[tokio::test]
async fn the_contact_form_gives_each_field_its_message() {
    let app = TestApp::spawn().await;
    assert_fields(
        app.post("/api/contacts", json!({}), None).await,
        json!({"full_name": "Full name is required", "email": "Email is required", "message": "Message is required"}),
    )
    .await;
    assert_fields(
        app.post("/api/contacts", contact("Ravi 😀", "ravi@", "hello"), None).await,
        json!({"full_name": "Emojis are not allowed", "email": "Invalid email format"}),
    )
    .await;
    assert_fields(
        app.post("/api/contacts", contact("Ravi", "ravi@example.org", &"x".repeat(2001)), None).await,
        json!({"message": "Maximum 2000 characters allowed"}),
    )
    .await;
    assert_fields(
        app.post("/api/contacts", json!({"full_name": "Ravi", "email": "r@example.org", "message": ["not", "text"]}), None).await,
        json!({"message": "Invalid value"}),
    )
    .await;
    let token = app.admin_token().await;
    let list: Vec<Value> = app.get("/api/contacts", Some(&token)).await.json().await.unwrap();
    assert!(list.is_empty(), "nothing stored from refused messages");
}

/// What a visitor wrote is never rewritten: the administrator marks a message handled and keeps
/// a private note; the list filters by it and the exports carry both.
#[tokio::test]
async fn the_administrator_marks_a_message_handled_with_a_note_and_deletes_it() {
    let app = TestApp::spawn().await;
    let created: Value = app.post("/api/contacts", contact("Ravi", "ravi@example.org", "hi"), None).await.json().await.unwrap();
    assert_eq!((created["handled"].as_bool(), &created["note"]), (Some(false), &Value::Null));
    let id = created["id"].as_i64().unwrap();
    app.post("/api/contacts", contact("Sunita", "sunita@example.org", "hello"), None).await;
    let token = app.admin_token().await;

    let reviewed = app.put(&format!("/api/contacts/{id}"), json!({"handled": true, "note": " Called back on Monday "}), Some(&token)).await;
    assert_eq!(reviewed.status(), StatusCode::OK);
    let reviewed: Value = reviewed.json().await.unwrap();
    assert_eq!((reviewed["handled"].as_bool(), reviewed["note"].as_str()), (Some(true), Some("Called back on Monday")));
    assert_eq!((&reviewed["full_name"], &reviewed["message"], &reviewed["created_at"]), (&created["full_name"], &created["message"], &created["created_at"]));
    // The visitor's words cannot be sent in its place: they are not part of a review.
    let rewrite = app.put(&format!("/api/contacts/{id}"), json!({"handled": true, "note": "Called back on Monday", "message": "changed"}), Some(&token)).await;
    assert_eq!(rewrite.status(), StatusCode::OK);
    assert_eq!(rewrite.json::<Value>().await.unwrap()["message"], "hi");
    assert_fields(
        app.put(&format!("/api/contacts/{id}"), json!({"handled": true, "note": "x".repeat(2001)}), Some(&token)).await,
        json!({"note": "Maximum 2000 characters allowed"}),
    )
    .await;
    error_body(app.put(&format!("/api/contacts/{id}"), json!({"note": "no status"}), Some(&token)).await, StatusCode::BAD_REQUEST).await;
    error_body(app.put("/api/contacts/424242", json!({"handled": false}), Some(&token)).await, StatusCode::NOT_FOUND).await;

    let names = |list: Vec<Value>| list.iter().map(|c| c["full_name"].as_str().unwrap().to_owned()).collect::<Vec<_>>();
    assert_eq!(names(app.get("/api/contacts?handled=true", Some(&token)).await.json().await.unwrap()), ["Ravi"]);
    assert_eq!(names(app.get("/api/contacts?handled=false", Some(&token)).await.json().await.unwrap()), ["Sunita"]);
    assert_eq!(names(app.get("/api/contacts?q=monday", Some(&token)).await.json().await.unwrap()), ["Ravi"], "the note is searched");
    let rows = xlsx_rows(&app.get("/api/contacts/export/excel", Some(&token)).await.bytes().await.unwrap());
    assert!(format!("{rows:?}").contains("Called back on Monday"), "{rows:?}");

    assert_eq!(app.delete(&format!("/api/contacts/{id}"), Some(&token)).await.status(), StatusCode::NO_CONTENT);
    error_body(app.delete(&format!("/api/contacts/{id}"), Some(&token)).await, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn the_list_searches_sorts_and_pages() {
    let app = TestApp::spawn().await;
    for (name, email) in [("Anand", "anand@example.org"), ("Bharati", "bharati@example.org"), ("चंद्रकांत", "chandra@example.org")] {
        app.post("/api/contacts", contact(name, email, "message 100% sure"), None).await;
    }
    let token = app.admin_token().await;
    let names = |list: Vec<Value>| list.iter().map(|c| c["full_name"].as_str().unwrap().to_owned()).collect::<Vec<_>>();

    let response = app.get("/api/contacts?q=BHARATI", Some(&token)).await;
    assert_eq!(response.headers()["x-total-count"], "1");
    assert_eq!(names(response.json().await.unwrap()), ["Bharati"]);
    let list: Vec<Value> = app.get("/api/contacts?q=चंद्र", Some(&token)).await.json().await.unwrap();
    assert_eq!(names(list), ["चंद्रकांत"]);
    // `%` and `_` are searched for literally.
    let response = app.get("/api/contacts?q=100%25", Some(&token)).await;
    assert_eq!(response.headers()["x-total-count"], "3");
    let response = app.get("/api/contacts?q=_", Some(&token)).await;
    assert_eq!(response.headers()["x-total-count"], "0");

    let list: Vec<Value> = app.get("/api/contacts", Some(&token)).await.json().await.unwrap();
    assert_eq!(names(list), ["चंद्रकांत", "Bharati", "Anand"], "newest first by default");
    let list: Vec<Value> = app.get("/api/contacts?sort=email", Some(&token)).await.json().await.unwrap();
    assert_eq!(names(list), ["Anand", "Bharati", "चंद्रकांत"]);
    let response = app.get("/api/contacts?sort=email&page=2&per_page=2", Some(&token)).await;
    assert_eq!(response.headers()["x-total-count"], "3");
    assert_eq!(names(response.json().await.unwrap()), ["चंद्रकांत"]);

    error_body(app.get("/api/contacts?sort=password", Some(&token)).await, StatusCode::BAD_REQUEST).await;
    error_body(app.get("/api/contacts?page=first", Some(&token)).await, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn contacts_export_to_a_real_workbook_and_pdf() {
    let app = TestApp::spawn().await;
    app.post("/api/contacts", contact("सुरेश क्षीरसागर", "suresh@example.org", "श्री गणेशाय नमः"), None).await;
    app.post("/api/contacts", contact("Ravi Patil", "ravi@example.org", "Hello"), None).await;
    let token = app.admin_token().await;

    let response = app.get("/api/contacts/export/excel", Some(&token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-disposition"], "attachment; filename=\"contacts.xlsx\"");
    let rows = xlsx_rows(&response.bytes().await.unwrap());
    assert_eq!(rows.len(), 3, "header and two rows");
    assert_eq!(rows[0][1], Data::String("Full name".into()));
    let marathi_row = rows.iter().find(|r| r[1] == Data::String("सुरेश क्षीरसागर".into())).expect("Marathi row");
    assert!(matches!(marathi_row[0], Data::Float(_) | Data::Int(_)), "id is a number: {:?}", marathi_row[0]);
    assert!(matches!(marathi_row[4], Data::DateTime(_) | Data::DateTimeIso(_)), "received is a date: {:?}", marathi_row[4]);

    let filtered = app.get("/api/contacts/export/excel?q=ravi", Some(&token)).await;
    assert_eq!(xlsx_rows(&filtered.bytes().await.unwrap()).len(), 2, "export follows the search");

    let response = app.get("/api/contacts/export/pdf", Some(&token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    assert_eq!(response.headers()["content-disposition"], "attachment; filename=\"contacts.pdf\"");
    let text = pdf_text(&response.bytes().await.unwrap());
    assert!(text.contains("सुरेश क्षीरसागर"), "Marathi name in the PDF: {text}");
    assert!(text.contains("Ravi Patil"));
}

#[tokio::test]
async fn a_pdf_export_has_the_whole_list_however_long() {
    use sea_orm::{ConnectionTrait, Database};
    let app = TestApp::spawn().await;
    let db = Database::connect(&app.database_url).await.unwrap();
    // Several of the PDF's batches (documents/pdf/table.rs), and more than one page's rows each.
    let rows = 1_250;
    let values: Vec<String> = (0..rows)
        .map(|i| format!("('Person N{i:05}', 'p{i}@example.org', 'm', '2026-01-01T00:00:00+00:00')"))
        .collect();
    db.execute_unprepared(&format!(
        "INSERT INTO contacts (full_name, email, message, created_at) VALUES {}",
        values.join(",")
    ))
    .await
    .unwrap();
    let token = app.admin_token().await;
    let pdf = app.get("/api/contacts/export/pdf?sort=full_name", Some(&token)).await;
    assert_eq!(pdf.status(), 200);
    let text = pdf_text(&pdf.bytes().await.unwrap());
    assert!(text.contains(&format!("{rows} rows")), "total is stated");
    assert!(!text.contains("showing the first"), "nothing is left out");
    let printed: Vec<&str> = text.split_whitespace().filter(|word| word.len() == 6 && word.starts_with('N') && word[1..].bytes().all(|b| b.is_ascii_digit())).collect();
    let expected: Vec<String> = (0..rows).map(|i| format!("N{i:05}")).collect();
    assert_eq!(printed, expected, "every row once, in order");
    let pages = text.split('\u{c}').filter(|page| !page.trim().is_empty()).count();
    assert!(text.contains(&format!("Page {pages} of {pages}")), "the last page knows the count");
    let excel = app.get("/api/contacts/export/excel", Some(&token)).await;
    assert_eq!(xlsx_rows(&excel.bytes().await.unwrap()).len(), rows + 1);
}

