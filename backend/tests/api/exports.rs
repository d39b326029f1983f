//! PDF and Excel exports of long lists: every row up to the PDF cap, filters and sort kept,
//! long values cut in the PDF and whole in the workbook; and every export in the language of
//! the screen that asked for it, naming the organisation and the moment it was made.
use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, Database};

use crate::helpers::{ADMIN_ROUTES, LETTERHEAD_ROWS, TestApp, error_body, pdf_text, xlsx_letterhead, xlsx_rows, xlsx_sheet};

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

/// The fonts have no emoji: a PDF prints each as its name, never as an empty box.
#[tokio::test]
async fn an_emoji_is_printed_as_its_name_in_a_pdf_and_kept_in_a_workbook() {
    let app = TestApp::spawn().await;
    let message = "Thank you 🙏 for the hall ❤️ नमस्कार".to_string();
    insert_contacts(&app, &[("Asha Kulkarni".into(), "asha@example.org".into(), message.clone())]).await;
    let token = app.admin_token().await;
    let text = pdf_text(&app.get("/api/contacts/export/pdf", Some(&token)).await.bytes().await.unwrap());
    let flat = squashed(&text);
    assert!(flat.contains(&squashed("Thank you [folded hands] for the hall [red heart] नमस्कार")), "{text}");
    let rows = xlsx_rows(&app.get("/api/contacts/export/excel", Some(&token)).await.bytes().await.unwrap());
    assert!(format!("{rows:?}").contains("🙏"), "the workbook keeps the text as typed");
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
    let one = pdf_text(&app.get("/api/contacts/export/pdf?q=charu", Some(&token)).await.bytes().await.unwrap());
    assert!(one.contains("1 row matching \"charu\"") && !one.contains("1 rows"), "one row is singular: {one}");
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

/// The moment an export says it was made, as its reader writes the day: "9 March 2026" or
/// "९ मार्च २०२६" (Asia/Kolkata), for each day between `from` and now (a run may cross midnight).
fn days_written(from: chrono::DateTime<chrono::Utc>, lang: &str) -> Vec<String> {
    const EN: [&str; 12] = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ];
    const MR: [&str; 12] = [
        "जानेवारी", "फेब्रुवारी", "मार्च", "एप्रिल", "मे", "जून", "जुलै", "ऑगस्ट", "सप्टेंबर", "ऑक्टोबर", "नोव्हेंबर", "डिसेंबर",
    ];
    use chrono::Datelike;
    let india = |at: chrono::DateTime<chrono::Utc>| at.with_timezone(&chrono_tz::Asia::Kolkata).date_naive();
    let mut days = vec![india(from)];
    if india(chrono::Utc::now()) != days[0] {
        days.push(india(chrono::Utc::now()));
    }
    days.iter()
        .map(|day| {
            let month = day.month0() as usize;
            if lang == "mr" {
                let digits = |n: String| n.chars().map(|c| char::from_u32(0x0966 + c.to_digit(10).unwrap()).unwrap()).collect::<String>();
                format!("{} {} {}", digits(day.day().to_string()), MR[month], digits(day.year().to_string()))
            } else {
                format!("{} {} {}", day.day(), EN[month], day.year())
            }
        })
        .collect()
}

fn squashed(text: &str) -> String {
    text.split_whitespace().collect()
}

async fn download(app: &TestApp, path: &str, token: &str) -> Vec<u8> {
    let response = app.get(path, Some(token)).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.bytes().await.unwrap().to_vec()
}

#[tokio::test]
async fn an_export_asked_for_from_the_marathi_screen_is_written_in_marathi() {
    let app = TestApp::spawn().await;
    insert_contacts(&app, &[("सुरेश क्षीरसागर".into(), "suresh@example.org".into(), "नमस्कार".into()), ("John Smith".into(), "john@example.org".into(), "Hello".into())]).await;
    let token = app.admin_token().await;
    let started = chrono::Utc::now();

    let workbook = download(&app, "/api/contacts/export/excel?lang=mr", &token).await;
    let [organisation, title, detail] = xlsx_letterhead(&workbook);
    assert_eq!(organisation, "श्री समाज सेवा समिती, पुणे");
    assert_eq!(title, "संपर्क");
    assert!(detail.starts_with("एकूण २ नोंदी · तयार केल्याची वेळ: "), "{detail}");
    assert!(days_written(started, "mr").iter().any(|day| detail.contains(day.as_str())), "the day in Marathi: {detail}");
    assert!(detail.ends_with("(भारतीय प्रमाण वेळ)") && !detail.chars().any(|c| c.is_ascii_digit()), "Devanagari digits: {detail}");
    let rows = xlsx_rows(&workbook);
    let header: Vec<_> = rows[0].iter().map(|cell| cell.to_string()).collect();
    assert_eq!(header, ["क्रमांक", "पूर्ण नाव", "ईमेल", "संदेश", "मिळाल्याचा दिनांक", "हाताळले", "टीप"]);
    assert_eq!(rows.len(), 3, "the header and both messages");

    let text = pdf_text(&download(&app, "/api/contacts/export/pdf?lang=mr", &token).await);
    let flat = squashed(&text);
    for words in ["श्री समाज सेवा समिती, पुणे", "संपर्क", "एकूण २ नोंदी", "पूर्ण नाव", "मिळाल्याचा दिनांक", "तयार केल्याची वेळ:", "(भारतीय प्रमाण वेळ)", "पृष्ठ १ / १", "सुरेश क्षीरसागर", "John Smith"] {
        assert!(flat.contains(&squashed(words)), "{words} printed in {text}");
    }
    assert!(days_written(started, "mr").iter().any(|day| flat.contains(&squashed(day))), "the day in Marathi: {text}");
    assert!(!text.contains("Full name") && !text.contains("Page 1"), "no English headers or page numbers: {text}");

    // A search and a filter are named in Marathi too.
    let text = pdf_text(&download(&app, "/api/contacts/export/pdf?lang=mr&q=john", &token).await);
    assert!(squashed(&text).contains(&squashed("शोध “john”: १ नोंद")), "{text}");
    assert!(!squashed(&text).contains(&squashed("१ नोंदी")), "one row is singular: {text}");
}

#[tokio::test]
async fn an_export_without_a_language_or_with_en_is_written_in_english() {
    let app = TestApp::spawn().await;
    insert_contacts(&app, &[("सुरेश क्षीरसागर".into(), "suresh@example.org".into(), "नमस्कार".into())]).await;
    let token = app.admin_token().await;
    let started = chrono::Utc::now();

    for query in ["", "?lang=en"] {
        let workbook = download(&app, &format!("/api/contacts/export/excel{query}"), &token).await;
        let [organisation, title, detail] = xlsx_letterhead(&workbook);
        assert_eq!((organisation.as_str(), title.as_str()), ("Shri Samaj Seva Samiti, Pune", "Contacts"), "{query}");
        assert!(detail.starts_with("1 row · Generated on ") && detail.ends_with(" IST"), "{query}: {detail}");
        assert!(days_written(started, "en").iter().any(|day| detail.contains(day.as_str())), "{query}: {detail}");
        assert_eq!(xlsx_rows(&workbook)[0][1].to_string(), "Full name", "{query}");

        let text = pdf_text(&download(&app, &format!("/api/contacts/export/pdf{query}"), &token).await);
        for words in ["Shri Samaj Seva Samiti, Pune", "Contacts", "Full name", "Generated on", "IST", "Page 1 of 1", "सुरेश क्षीरसागर"] {
            assert!(text.contains(words), "{query}: {words} printed in {text}");
        }
        assert!(days_written(started, "en").iter().any(|day| text.contains(day.as_str())), "{query}: {text}");
    }
}

#[tokio::test]
async fn an_unknown_export_language_is_refused_with_400() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    for path in ["/api/contacts/export/excel?lang=fr", "/api/contacts/export/pdf?lang=MR", "/api/heads/excel?lang=", "/api/family-members/pdf/1?lang=hi"] {
        error_body(app.get(path, Some(&token)).await, StatusCode::BAD_REQUEST).await;
    }
}

#[tokio::test]
async fn every_export_route_writes_in_the_language_asked_for() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    // Every letterhead prints the published name (docs/DESIGN.md §12), not the sample's.
    crate::site::publish_with(&app, &token, crate::site::rename).await;
    let family = crate::families::head();
    let response = app.post("/api/members/register", serde_json::json!({"head": family, "familyMembers": [crate::families::member("सुनीता", "पत्नी")]}), None).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let id = response.json::<serde_json::Value>().await.unwrap()["id"].as_i64().unwrap();

    let exports: Vec<String> = ADMIN_ROUTES
        .iter()
        .filter(|(method, path)| *method == "GET" && (path.contains("excel") || path.contains("pdf")))
        .map(|(_, path)| path.replace("/1", &format!("/{id}")))
        .collect();
    assert!(exports.len() >= 30, "{exports:?}");
    for path in exports {
        let marathi = download(&app, &format!("{path}?lang=mr"), &token).await;
        let english = download(&app, &format!("{path}?lang=en"), &token).await;
        if path.contains("excel") {
            assert_eq!(xlsx_letterhead(&marathi)[0], "नवी सेवा समिती, नाशिक", "{path}");
            assert!(xlsx_letterhead(&marathi)[2].contains("तयार केल्याची वेळ"), "{path}");
            assert_eq!(xlsx_letterhead(&english)[0], "Navi Seva Samiti, Nashik", "{path}");
            assert!(xlsx_letterhead(&english)[2].contains("Generated on"), "{path}");
            let header = |bytes: &[u8]| xlsx_sheet(bytes).split_off(LETTERHEAD_ROWS).into_iter().find(|row| !row.iter().all(|c| matches!(c, calamine::Data::Empty))).unwrap();
            assert!(header(&marathi).iter().any(|cell| cell.to_string().chars().any(|c| ('\u{0900}'..='\u{097F}').contains(&c))), "{path}: Marathi headers");
        } else {
            let (marathi, english) = (squashed(&pdf_text(&marathi)), pdf_text(&english));
            assert!(marathi.contains(&squashed("तयार केल्याची वेळ")) && marathi.contains("पृष्ठ"), "{path}: {marathi}");
            assert!(marathi.contains(&squashed("नवी सेवा समिती")), "{path}: {marathi}");
            assert!(english.contains("Generated on") && english.contains("Page 1"), "{path}: {english}");
            assert!(english.contains("Navi Seva Samiti, Nashik"), "{path}: {english}");
        }
    }
}
