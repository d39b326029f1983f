//! The four booking kinds: PDF confirmations read back (text and QR code), every rule and
//! message of docs/SPECIFICATION.md §5, the check page, the administrator lists, cancel and the exports.
use calamine::Data;
use chrono::{Days, NaiveDate};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_fields, error_body, pdf_text, pdf_words_room, xlsx_rows};

fn in_days(days: u64) -> NaiveDate {
    samiti::validation::today_in_india() + Days::new(days)
}

pub(crate) fn room(name: &str) -> Value {
    json!({
        "fullName": name, "email": "suresh@example.org", "phone": "9876543210",
        "checkIn": in_days(10).to_string(), "checkOut": in_days(12).to_string(),
        "guests": 2, "roomType": "deluxe", "specialRequests": "Ground floor please",
    })
}

pub(crate) fn puja(name: &str) -> Value {
    json!({
        "fullName": name, "email": "suresh@example.org", "phone": "9876543210",
        "pujaDate": in_days(5).to_string(), "pujaTime": "07:30", "pujaType": "Special",
        "participants": "3", "specialRequests": "",
    })
}

pub(crate) fn markandeya(name: &str) -> Value {
    let mut body = puja(name);
    body["pujaType"] = json!("Maha Rudra");
    body["gotra"] = json!("काश्यप");
    body
}

/// (path, file name, prefix, a good body)
pub(crate) fn kinds() -> Vec<(&'static str, &'static str, &'static str, Value)> {
    vec![
        ("/api/bookings", "booking_confirmation.pdf", "ALN", room("सुरेश पाटील")),
        ("/api/abhishek-bookings", "abhishek_booking_confirmation.pdf", "MRK", markandeya("सुरेश पाटील")),
        ("/api/poshavvadevi-bookings", "poshavvadevi_booking_confirmation.pdf", "PSV", puja("सुरेश पाटील")),
        ("/api/shitaladevi-bookings", "shitaladevi_booking_confirmation.pdf", "SHT", puja("सुरेश पाटील")),
    ]
}

/// The first page of a PDF at 150 dpi, decoded as an image.
fn first_page(pdf: &[u8]) -> image::GrayImage {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("c.pdf"), pdf).unwrap();
    let status = std::process::Command::new("pdftoppm")
        .args(["-r", "150", "-png", "-singlefile"])
        .arg(dir.path().join("c.pdf"))
        .arg(dir.path().join("page"))
        .status()
        .expect("pdftoppm (poppler-utils) is installed");
    assert!(status.success());
    image::open(dir.path().join("page.png")).unwrap().to_luma8()
}

/// Every QR code found on the page, decoded.
fn qr_payloads(page: &image::GrayImage) -> Vec<String> {
    let mut prepared = rqrr::PreparedImage::prepare(page.clone());
    prepared
        .detect_grids()
        .into_iter()
        .filter_map(|grid| grid.decode().ok().map(|(_, content)| content))
        .collect()
}

async fn book(app: &TestApp, path: &str, body: Value) -> (String, Vec<u8>) {
    let response = app.post(path, body, None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let reference = response.headers()["x-booking-reference"].to_str().unwrap().to_owned();
    (reference, response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn each_kind_answers_its_pdf_confirmation_with_the_marathi_name_the_reference_and_a_qr_code_to_the_check_page() {
    let app = TestApp::spawn().await;
    let year = samiti::validation::today_in_india().format("%Y").to_string();
    for (path, file, prefix, body) in kinds() {
        let response = app.post(path, body, None).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let headers = response.headers().clone();
        assert_eq!(headers["content-type"], "application/pdf");
        assert_eq!(headers["content-disposition"].to_str().unwrap(), format!("attachment; filename=\"{file}\""));
        let reference = headers["x-booking-reference"].to_str().unwrap().to_owned();
        assert_eq!(reference, format!("{prefix}-{year}-00001"));
        let pdf = response.bytes().await.unwrap();
        let text = pdf_text(&pdf);
        assert!(text.contains("सुरेश पाटील"), "{path}: Marathi name in the PDF: {text}");
        assert!(text.contains("श्री समाज सेवा समिती"), "{path}: organisation in Marathi");
        assert!(text.contains("Shri Samaj Seva Samiti"), "{path}: organisation in English");
        assert!(text.contains(&reference), "{path}: reference printed");
        assert_eq!(pdf_text(&pdf).matches('\u{c}').count(), 1, "{path}: one page");

        let payloads = qr_payloads(&first_page(&pdf));
        assert_eq!(payloads.len(), 1, "{path}: one QR code decodes");
        let url = &payloads[0];
        let prefix_url = format!("{}/booking/{reference}?code=", app.address);
        assert!(url.starts_with(&prefix_url), "{path}: QR {url} opens the check page {prefix_url}");
        assert!(text.contains(url.as_str()), "{path}: the check URL is also printed");

        // The QR's code opens the check page: the first name only, no phone or e-mail.
        let code = &url[prefix_url.len()..];
        assert_eq!(headers["x-booking-code"].to_str().unwrap(), code, "{path}: the page's share link gets the same code");
        let check = app.get(&format!("/api/bookings/verify/{reference}?code={code}"), None).await;
        assert_eq!(check.status(), StatusCode::OK);
        let check: Value = check.json().await.unwrap();
        assert_eq!(check["reference"], reference.as_str());
        assert_eq!(check["status"], "confirmed");
        assert_eq!(check["first_name"], "सुरेश");
        assert!(!check.to_string().contains("9876543210") && !check.to_string().contains("suresh@"));
    }
}

#[tokio::test]
async fn the_room_confirmation_prints_every_booked_value() {
    let app = TestApp::spawn().await;
    let (_, pdf) = book(&app, "/api/bookings", room("Suresh Patil")).await;
    let text = pdf_text(&pdf);
    for value in ["Suresh Patil", "suresh@example.org", "9876543210", &in_days(10).to_string(), &in_days(12).to_string(), "डिलक्स / deluxe", "Ground floor please", "आगमन दिनांक"] {
        assert!(text.contains(value), "{value} printed in {text}");
    }
    let (_, pdf) = book(&app, "/api/abhishek-bookings", markandeya("Suresh Patil")).await;
    let text = pdf_text(&pdf);
    for value in ["07:30", "Maha Rudra", "काश्यप", "गोत्र", &in_days(5).to_string()] {
        assert!(text.contains(value), "{value} printed in {text}");
    }
}

/// A special request typed without spaces wraps inside its cell (issue: it ran off the page).
#[tokio::test]
async fn a_long_word_wraps_inside_the_confirmation_and_stays_on_the_page() {
    let app = TestApp::spawn().await;
    let mut body = room("Suresh Patil");
    let word = format!("{}{}", "Groundfloorroomplease".repeat(12), "कृपयातळमजल्यावरीलखोलीद्या".repeat(4));
    body["specialRequests"] = json!(word);
    let (_, pdf) = book(&app, "/api/bookings", body).await;
    let words = pdf_words_room(&pdf);
    let over: Vec<_> = words.iter().filter(|(_, room)| *room < 20.0).collect();
    assert!(over.is_empty(), "words at or past the page's edge: {over:?}");
    let printed: String = words.iter().map(|(text, _)| text.as_str()).collect();
    assert!(printed.contains(&"Groundfloorroomplease".repeat(12)), "the whole word is printed: {printed}");
}

#[tokio::test]
async fn references_count_up_per_kind() {
    let app = TestApp::spawn().await;
    let (first, _) = book(&app, "/api/bookings", room("Asha Joshi")).await;
    let (second, _) = book(&app, "/api/bookings", room("Asha Joshi")).await;
    let (puja_ref, _) = book(&app, "/api/shitaladevi-bookings", puja("Asha Joshi")).await;
    assert!(first.ends_with("-00001") && second.ends_with("-00002"), "{first} {second}");
    assert!(puja_ref.starts_with("SHT-") && puja_ref.ends_with("-00001"));
}

#[tokio::test]
async fn an_empty_room_form_gets_every_required_message_and_stores_nothing() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/bookings", json!({}), None).await;
    assert_fields(response, json!({
        "fullName": "Full name is required",
        "email": "Email is required",
        "phone": "Phone number is required",
        "checkIn": "Check-in date is required",
        "checkOut": "Check-out date is required",
        "guests": "Number of guests is required",
        "roomType": "Room type is required",
    })).await;
    let token = app.admin_token().await;
    let list: Value = app.get("/api/bookings", Some(&token)).await.json().await.unwrap();
    assert_eq!(list, json!([]));
}

#[tokio::test]
async fn wrong_room_values_get_the_spec_messages() {
    let app = TestApp::spawn().await;
    let mut body = room("Suresh 2");
    body["email"] = json!("suresh@");
    body["phone"] = json!("98765");
    body["checkOut"] = body["checkIn"].clone();
    body["guests"] = json!(0);
    body["roomType"] = json!("palace");
    body["specialRequests"] = json!("x".repeat(501));
    assert_fields(app.post("/api/bookings", body, None).await, json!({
        "fullName": "Name can only contain letters and spaces",
        "email": "Invalid email format",
        "phone": "Phone must be 10 digits",
        "checkOut": "Check-out must be after check-in",
        "guests": "At least 1 guest",
        "roomType": "Room type is required",
        "specialRequests": "Maximum 500 characters allowed",
    })).await;

    let mut body = room("Suresh Patil");
    body["checkIn"] = json!(in_days(0).pred_opt().unwrap().to_string());
    assert_fields(app.post("/api/bookings", body, None).await,
        json!({"checkIn": "Check-in date cannot be in the past"})).await;

    // Today is not in the past; a numeric string counts as a number.
    let mut body = room("Suresh Patil");
    body["checkIn"] = json!(in_days(0).to_string());
    body["checkOut"] = json!(in_days(2).to_string());
    body["guests"] = json!("4");
    assert_eq!(app.post("/api/bookings", body, None).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn wrong_puja_values_get_their_messages() {
    let app = TestApp::spawn().await;
    assert_fields(app.post("/api/abhishek-bookings", json!({}), None).await, json!({
        "fullName": "Full name is required",
        "email": "Email is required",
        "phone": "Phone number is required",
        "pujaDate": "Puja date is required",
        "pujaTime": "Puja time is required",
        "pujaType": "Puja type is required",
        "gotra": "Gotra is required",
        "participants": "Number of participants is required",
    })).await;
    assert_fields(app.post("/api/poshavvadevi-bookings", json!({}), None).await, json!({
        "fullName": "Full name is required",
        "email": "Email is required",
        "phone": "Phone number is required",
        "pujaDate": "Puja date is required",
        "pujaTime": "Puja time is required",
        "participants": "Number of participants is required",
    })).await;

    let mut body = markandeya("Suresh Patil");
    body["pujaDate"] = json!("2000-01-01");
    body["participants"] = json!(0);
    body["pujaType"] = json!("Something else");
    assert_fields(app.post("/api/abhishek-bookings", body, None).await, json!({
        "pujaDate": "Puja date cannot be in the past",
        "participants": "At least 1 participant",
        "pujaType": "Invalid puja type",
    })).await;

    let mut body = puja("Suresh Patil");
    body["pujaTime"] = json!("25:99");
    assert_fields(app.post("/api/shitaladevi-bookings", body, None).await, json!({"pujaTime": "Invalid time"})).await;

    // Rudrabhishek, the form's default choice.
    let mut body = markandeya("Suresh Patil");
    body["pujaType"] = json!("Rudrabhishek");
    let (_, pdf) = book(&app, "/api/abhishek-bookings", body).await;
    assert!(pdf_text(&pdf).contains("Rudrabhishek"));
}

#[tokio::test]
async fn the_check_page_refuses_a_wrong_code_and_throttles_repeated_misses() {
    let app = TestApp::spawn().await;
    let (reference, _) = book(&app, "/api/bookings", room("Asha Joshi")).await;
    error_body(app.get(&format!("/api/bookings/verify/{reference}?code=wrong"), None).await, StatusCode::NOT_FOUND).await;
    error_body(app.get(&format!("/api/bookings/verify/{reference}"), None).await, StatusCode::NOT_FOUND).await;
    error_body(app.get("/api/bookings/verify/ALN-1999-00001?code=x", None).await, StatusCode::NOT_FOUND).await;
    let mut statuses = Vec::new();
    for _ in 0..6 {
        statuses.push(app.get(&format!("/api/bookings/verify/{reference}?code=guess"), None).await.status());
    }
    assert_eq!(statuses.last(), Some(&StatusCode::TOO_MANY_REQUESTS), "{statuses:?}");
}

#[tokio::test]
async fn the_administrator_lists_filter_cancel_and_delete_and_the_check_page_says_cancelled() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let (_, pdf) = book(&app, "/api/bookings", room("Asha Joshi")).await;
    let mut later = room("Bharat Kale");
    later["checkIn"] = json!(in_days(40).to_string());
    later["checkOut"] = json!(in_days(41).to_string());
    book(&app, "/api/bookings", later).await;
    book(&app, "/api/poshavvadevi-bookings", puja("Chitra Rao")).await;

    let response = app.get("/api/bookings", Some(&token)).await;
    assert_eq!(response.headers()["x-total-count"], "2");
    let rows: Vec<Value> = response.json().await.unwrap();
    let asha = rows.iter().find(|r| r["fullName"] == "Asha Joshi").unwrap();
    assert_eq!(asha["checkIn"], in_days(10).to_string());
    assert_eq!(asha["checkOut"], in_days(12).to_string());
    assert_eq!(asha["guests"], 2);
    assert_eq!(asha["roomType"], "deluxe");
    assert_eq!(asha["status"], "confirmed");

    let to = in_days(20);
    let rows: Vec<Value> = app.get(&format!("/api/bookings?to={to}"), Some(&token)).await.json().await.unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["fullName"], "Asha Joshi");
    let rows: Vec<Value> = app.get("/api/bookings?q=kale&sort=date", Some(&token)).await.json().await.unwrap();
    assert_eq!(rows.len(), 1);
    let puja_rows: Vec<Value> = app.get("/api/poshavvadevi-bookings", Some(&token)).await.json().await.unwrap();
    assert_eq!(puja_rows[0]["participants"], 3);
    assert_eq!(puja_rows[0]["pujaTime"], "07:30");

    // Cancel: the row says so, the status filter finds it, the check page says cancelled.
    let id = asha["id"].as_i64().unwrap();
    let cancelled: Value = app.post(&format!("/api/bookings/{id}/cancel"), json!({}), Some(&token)).await.json().await.unwrap();
    assert_eq!(cancelled["status"], "cancelled");
    let rows: Vec<Value> = app.get("/api/bookings?status=cancelled", Some(&token)).await.json().await.unwrap();
    assert_eq!(rows.len(), 1);
    let url = qr_payloads(&first_page(&pdf)).remove(0);
    let path = &url[url.find("/booking/").unwrap()..];
    let check: Value = app.get(&format!("/api/bookings/verify/{}", &path["/booking/".len()..]), None).await.json().await.unwrap();
    assert_eq!(check["status"], "cancelled");

    // A booking of another kind is not found under this list; delete answers 404 after.
    let puja_id = puja_rows[0]["id"].as_i64().unwrap();
    assert_eq!(app.delete(&format!("/api/bookings/{puja_id}"), Some(&token)).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.delete(&format!("/api/bookings/{id}"), Some(&token)).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.delete(&format!("/api/bookings/{id}"), Some(&token)).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.post("/api/bookings/9999/cancel", json!({}), Some(&token)).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_exports_carry_the_bookings_with_dates_as_date_cells() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    book(&app, "/api/bookings", room("सुरेश पाटील")).await;
    book(&app, "/api/abhishek-bookings", markandeya("Asha Joshi")).await;
    book(&app, "/api/poshavvadevi-bookings", puja("Chitra Rao")).await;
    book(&app, "/api/shitaladevi-bookings", puja("Dilip Kale")).await;

    let response = app.get("/api/bookings/export/excel", Some(&token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-disposition"].to_str().unwrap().contains("bookings.xlsx"));
    let rows = xlsx_rows(&response.bytes().await.unwrap());
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0][5], Data::String("Check-in".into()));
    assert_eq!(rows[1][2], Data::String("सुरेश पाटील".into()));
    let Data::DateTime(check_in) = &rows[1][5] else { panic!("check-in is a date cell: {:?}", rows[1][5]) };
    // Excel counts days from 1899-12-30.
    let excel_day = NaiveDate::from_ymd_opt(1899, 12, 30).unwrap() + Days::new(check_in.as_f64() as u64);
    assert_eq!(excel_day, in_days(10));
    assert!(matches!(rows[1][6], Data::DateTime(_)), "check-out is a date cell");

    let response = app.get("/api/abhishek-bookings/export/excel", Some(&token)).await;
    assert!(response.headers()["content-disposition"].to_str().unwrap().contains("abhishek_bookings.xlsx"));
    let rows = xlsx_rows(&response.bytes().await.unwrap());
    assert_eq!(rows[1][2], Data::String("Asha Joshi".into()));
    let response = app.get("/api/abhishek-bookings/export/pdf", Some(&token)).await;
    assert!(response.headers()["content-disposition"].to_str().unwrap().contains("abhishek_bookings.pdf"));
    let text = pdf_text(&response.bytes().await.unwrap());
    assert!(text.contains("Markandeya Abhishek Bookings") && text.contains("Asha Joshi") && text.contains("काश्यप"));

    for (path, name) in [
        ("/api/poshavvadevi-bookings/pdf", "Chitra Rao"),
        ("/api/poshavvadevi-bookings/export/pdf", "Chitra Rao"),
        ("/api/shitaladevi-bookings/pdf", "Dilip Kale"),
    ] {
        let response = app.get(path, Some(&token)).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert!(pdf_text(&response.bytes().await.unwrap()).contains(name), "{path}");
    }
    for (path, name) in [("/api/poshavvadevi-bookings/excel", "Chitra Rao"), ("/api/shitaladevi-bookings/excel", "Dilip Kale")] {
        let response = app.get(path, Some(&token)).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let rows = xlsx_rows(&response.bytes().await.unwrap());
        assert_eq!(rows[1][2], Data::String(name.into()), "{path}");
    }
}

#[tokio::test]
async fn the_exports_honour_the_date_range_and_status_filters_of_the_list() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    book(&app, "/api/bookings", room("Asha Joshi")).await;
    let mut later = room("Bharat Kale");
    later["checkIn"] = json!(in_days(40).to_string());
    later["checkOut"] = json!(in_days(42).to_string());
    book(&app, "/api/bookings", later).await;
    let rows: Vec<Value> = app.get("/api/bookings?q=kale", Some(&token)).await.json().await.unwrap();
    let id = rows[0]["id"].as_i64().unwrap();
    app.post(&format!("/api/bookings/{id}/cancel"), json!({}), Some(&token)).await;

    let until = in_days(20);
    let rows = xlsx_rows(&app.get(&format!("/api/bookings/export/excel?to={until}"), Some(&token)).await.bytes().await.unwrap());
    assert_eq!(rows.len(), 2, "the header and Asha's booking");
    assert_eq!(rows[1][2], Data::String("Asha Joshi".into()));
    let text = pdf_text(&app.get("/api/bookings/export/pdf?status=cancelled", Some(&token)).await.bytes().await.unwrap());
    assert!(text.contains("Bharat Kale") && !text.contains("Asha Joshi"), "{text}");
    assert!(text.contains("cancelled"), "the subtitle names the filter: {text}");
    error_body(app.get("/api/bookings/export/excel?status=lost", Some(&token)).await, StatusCode::BAD_REQUEST).await;
    error_body(app.get("/api/bookings/export/pdf?from=someday", Some(&token)).await, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn a_phone_and_guests_typed_in_devanagari_digits_are_stored_in_latin_digits() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let mut body = room("सुरेश पाटील");
    body["phone"] = json!("९८७६५४३२१०");
    body["guests"] = json!("३");
    book(&app, "/api/bookings", body).await;
    let rows: Vec<Value> = app.get("/api/bookings", Some(&token)).await.json().await.unwrap();
    assert_eq!(rows[0]["phone"], "9876543210");
    assert_eq!(rows[0]["guests"], 3);
}

#[tokio::test]
async fn a_phone_with_0_or_91_is_stored_as_its_ten_digits_and_a_puja_time_and_participants_take_devanagari_digits() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    for (phone, stored) in [("0 98765 43210", "9876543210"), ("+91 98765-43211", "9876543211"), ("+९१ ९८७६५४३२१२", "9876543212")] {
        let mut body = room("सुरेश पाटील");
        body["phone"] = json!(phone);
        let (reference, pdf) = book(&app, "/api/bookings", body).await;
        assert!(pdf_text(&pdf).contains(stored), "{reference}: the confirmation prints {stored}");
        let rows: Vec<Value> = app.get(&format!("/api/bookings?q={reference}"), Some(&token)).await.json().await.unwrap();
        assert_eq!(rows[0]["phone"], stored, "{phone}");
    }
    let mut body = puja("सुरेश पाटील");
    body["pujaTime"] = json!("०७:३०");
    body["participants"] = json!("४");
    body["phone"] = json!("०९८७६५४३२१०");
    book(&app, "/api/shitaladevi-bookings", body).await;
    let rows: Vec<Value> = app.get("/api/shitaladevi-bookings", Some(&token)).await.json().await.unwrap();
    assert_eq!((rows[0]["pujaTime"].as_str(), rows[0]["participants"].as_i64()), (Some("07:30"), Some(4)));
    assert_eq!(rows[0]["phone"], "9876543210");

    for phone in ["98765 4321", "+92 98765 43210", "0098765 43210", "९८७६५४३२१"] {
        let mut body = room("सुरेश पाटील");
        body["phone"] = json!(phone);
        assert_fields(app.post("/api/bookings", body, None).await, json!({"phone": "Phone must be 10 digits"})).await;
    }
    let mut body = puja("सुरेश पाटील");
    body["pujaTime"] = json!("२५:३०");
    assert_fields(app.post("/api/shitaladevi-bookings", body, None).await, json!({"pujaTime": "Invalid time"})).await;
}

#[tokio::test]
async fn the_administrators_date_filters_and_paging_take_devanagari_digits() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    book(&app, "/api/bookings", room("Asha Joshi")).await;
    let mut later = room("Bharat Kale");
    later["checkIn"] = json!(in_days(40).to_string());
    later["checkOut"] = json!(in_days(41).to_string());
    book(&app, "/api/bookings", later).await;
    let devanagari = |date: NaiveDate| date.to_string().chars().map(|c| c.to_digit(10).map_or(c, |d| char::from_u32(0x966 + d).unwrap())).collect::<String>();

    let to = devanagari(in_days(20));
    let rows: Vec<Value> = app.get(&format!("/api/bookings?to={to}"), Some(&token)).await.json().await.unwrap();
    assert_eq!(rows.iter().map(|r| r["fullName"].as_str().unwrap()).collect::<Vec<_>>(), ["Asha Joshi"]);
    let from = devanagari(in_days(30));
    let text = pdf_text(&app.get(&format!("/api/bookings/export/pdf?from={from}"), Some(&token)).await.bytes().await.unwrap());
    assert!(text.contains("Bharat Kale") && !text.contains("Asha Joshi"), "{text}");
    let response = app.get("/api/bookings?per_page=१&page=२&sort=date", Some(&token)).await;
    assert_eq!(response.headers()["x-total-count"], "2");
    let rows: Vec<Value> = response.json().await.unwrap();
    assert_eq!(rows[0]["fullName"], "Bharat Kale");
    error_body(app.get("/api/bookings?from=२०३०-१३-०१", Some(&token)).await, StatusCode::BAD_REQUEST).await;
}
