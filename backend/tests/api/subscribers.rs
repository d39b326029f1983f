use calamine::Data;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

#[tokio::test]
async fn an_email_or_a_mobile_number_subscribes() {
    let app = TestApp::spawn().await;
    for (value, stored) in [
        (" Asha@Example.org ", "asha@example.org"),
        ("9876543210", "9876543210"),
        ("+91 98765-43211", "9876543211"),
        ("0 98765 43212", "9876543212"),
        ("+९१ ९८७६५ ४३२१३", "9876543213"),
        ("०९८७६५४३२१४", "9876543214"),
    ] {
        let response = app.post("/api/subscribers", json!({"value": value}), None).await;
        assert_eq!(response.status(), StatusCode::CREATED, "{value}");
        assert_eq!(response.json::<Value>().await.unwrap()["value"], stored);
    }
}

#[tokio::test]
async fn anything_else_is_refused_with_a_clear_message() {
    let app = TestApp::spawn().await;
    for value in ["", "   "] {
        assert_fields(app.post("/api/subscribers", json!({"value": value}), None).await, json!({"value": "Please enter email or mobile"})).await;
    }
    for value in ["hello", "12345", "98765432101", "+1 9876543210", "a@b", "0098765 43210", "+91 0 98765 43210"] {
        assert_fields(
            app.post("/api/subscribers", json!({"value": value}), None).await,
            json!({"value": "Enter a valid email address or 10-digit mobile number."}),
        )
        .await;
    }
}

#[tokio::test]
async fn a_value_subscribed_twice_is_stored_once() {
    let app = TestApp::spawn().await;
    assert_eq!(app.post("/api/subscribers", json!({"value": "9876543210"}), None).await.status(), StatusCode::CREATED);
    for again in ["+91 9876543210", "09876543210", "९८७६५४३२१०"] {
        let again = app.post("/api/subscribers", json!({"value": again}), None).await;
        let body = error_body(again, StatusCode::CONFLICT).await;
        assert_eq!(body["error"], "This email or mobile number is already subscribed.");
    }
    let again = app.post("/api/subscribers", json!({"value": "ASHA@example.org"}), None).await;
    assert_eq!(again.status(), StatusCode::CREATED);
    // An e-mail address waiting for its confirmation link may ask again (200: the link is sent
    // again when mail is on and the last one is old enough; tests/api/mail.rs); it is not stored twice.
    let again = app.post("/api/subscribers", json!({"value": "asha@EXAMPLE.org"}), None).await;
    assert_eq!(again.status(), StatusCode::OK);
    let again: Value = again.json().await.unwrap();
    assert_eq!((again["status"].as_str(), again["confirmation_sent"].as_bool()), (Some("waiting"), Some(false)));

    let token = app.admin_token().await;
    let response = app.get("/api/subscribers", Some(&token)).await;
    assert_eq!(response.headers()["x-total-count"], "2");
}

#[tokio::test]
async fn the_administrator_searches_deletes_and_exports_subscribers() {
    let app = TestApp::spawn().await;
    app.post("/api/subscribers", json!({"value": "asha@example.org"}), None).await;
    app.post("/api/subscribers", json!({"value": "9876543210"}), None).await;
    let token = app.admin_token().await;

    let found: Vec<Value> = app.get("/api/subscribers?q=98765", Some(&token)).await.json().await.unwrap();
    assert_eq!(found.len(), 1);
    let typed_in_marathi: Vec<Value> = app.get("/api/subscribers?q=९८७६५", Some(&token)).await.json().await.unwrap();
    assert_eq!(typed_in_marathi, found, "a search in Devanagari digits finds the number");
    let id = found[0]["id"].as_i64().unwrap();

    let rows = xlsx_rows(&app.get("/api/subscribers/export/excel", Some(&token)).await.bytes().await.unwrap());
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().any(|r| r[1] == Data::String("asha@example.org".into())));
    let pdf = app.get("/api/subscribers/export/pdf", Some(&token)).await;
    assert_eq!(pdf.headers()["content-disposition"], "attachment; filename=\"subscribers.pdf\"");
    assert!(pdf_text(&pdf.bytes().await.unwrap()).contains("asha@example.org"));

    assert_eq!(app.delete(&format!("/api/subscribers/{id}"), Some(&token)).await.status(), StatusCode::NO_CONTENT);
    error_body(app.delete(&format!("/api/subscribers/{id}"), Some(&token)).await, StatusCode::NOT_FOUND).await;
    let left: Vec<Value> = app.get("/api/subscribers", Some(&token)).await.json().await.unwrap();
    assert_eq!(left.len(), 1);
}

#[tokio::test]
async fn exports_show_times_in_indian_time() {
    use sea_orm::{ConnectionTrait, Database};
    let app = TestApp::spawn().await;
    let db = Database::connect(&app.database_url).await.unwrap();
    db.execute_unprepared(
        "INSERT INTO subscribers (value, created_at) VALUES ('asha@example.org', '2026-01-01T20:00:00+00:00')",
    )
    .await
    .unwrap();
    let token = app.admin_token().await;
    let pdf = app.get("/api/subscribers/export/pdf", Some(&token)).await;
    let text = pdf_text(&pdf.bytes().await.unwrap());
    assert!(text.contains("2026-01-02 01:30"), "20:00 UTC is 01:30 the next day in India: {text}");
}
