//! `GET /notifications` answered from the in-memory snapshot: the same list as the database,
//! an `ETag` with 304, and never a stale list after a change, on this instance or another.
use std::{io::Read, time::Duration};

use futures_util::StreamExt;
use reqwest::{StatusCode, header};
use sea_orm::{EntityTrait, ModelTrait, QueryOrder};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::helpers::*;

type NotificationEntity = <samiti::notifications::Notification as ModelTrait>::Entity;
type Column = <NotificationEntity as EntityTrait>::Column;

/// The notifications as the database holds them, newest first, as the banner shows them to a
/// visitor without a language (in English).
async fn database_list(app: &TestApp) -> Value {
    let db = sea_orm::Database::connect(&app.database_url).await.unwrap();
    let rows = NotificationEntity::find()
        .order_by_desc(Column::CreatedAt)
        .order_by_desc(Column::Id)
        .all(&db)
        .await
        .unwrap();
    rows.into_iter()
        .map(|n| json!({"id": n.id, "message": n.message, "ends_on": n.ends_on, "created_at": n.created_at}))
        .collect()
}

async fn get_list(app: &TestApp, if_none_match: Option<&str>) -> reqwest::Response {
    let mut request = plain_client().get(app.url("/notifications"));
    if let Some(tag) = if_none_match {
        request = request.header(header::IF_NONE_MATCH, tag);
    }
    request.send().await.unwrap()
}

fn etag(response: &reqwest::Response) -> String {
    response.headers()[header::ETAG].to_str().unwrap().to_owned()
}

async fn add(app: &TestApp, token: &str, message: &str) -> i64 {
    let created = app.post("/notifications", json!({"message": message}), Some(token)).await;
    assert_eq!(created.status(), StatusCode::CREATED);
    created.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

#[tokio::test]
async fn the_list_from_memory_is_the_database_list_with_the_usual_headers() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    for message in ["पहिली सूचना", "second", "third \"quoted\""] {
        add(&app, &token, message).await;
    }
    let expected = database_list(&app).await;
    assert_eq!(expected.as_array().unwrap().len(), 3);
    // The first read builds the snapshot, the second is served from it.
    for _ in 0..2 {
        let response = get_list(&app, None).await;
        assert_eq!(response.status(), StatusCode::OK);
        let headers = response.headers().clone();
        assert_eq!(headers["content-type"], "application/json");
        assert_eq!(headers["x-total-count"], "3");
        assert_eq!(headers["cache-control"], "no-cache");
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(headers["x-frame-options"], "SAMEORIGIN");
        assert!(headers["content-security-policy"].to_str().unwrap().contains("default-src 'self'"));
        assert!(headers.get("content-encoding").is_none(), "not compressed when not asked for");
        let tag = headers[header::ETAG].to_str().unwrap();
        assert!(tag.starts_with('"') && tag.ends_with('"') && tag.len() > 10, "strong tag: {tag}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body, expected);
    }
    // The same list through the database path (a query parameter skips the snapshot).
    let paged: Value = app.get("/notifications?page=1", None).await.json().await.unwrap();
    assert_eq!(paged, expected);
}

#[tokio::test]
async fn compressed_answers_decode_to_the_very_same_bytes() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    for n in 0..20 {
        add(&app, &token, &format!("सूचना क्रमांक {n}: सभा सायंकाळी ७ वाजता")).await;
    }
    let plain = get_list(&app, None).await.bytes().await.unwrap();
    assert_eq!(serde_json::from_slice::<Value>(&plain).unwrap(), database_list(&app).await);

    let gzip = plain_client().get(app.url("/notifications")).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(gzip.headers()["content-encoding"], "gzip");
    assert_eq!(gzip.headers()["vary"], "accept-encoding, Accept-Language, Cookie");
    let gzip_tag = etag(&gzip);
    let mut unzipped = Vec::new();
    flate2::read::GzDecoder::new(&gzip.bytes().await.unwrap()[..]).read_to_end(&mut unzipped).unwrap();
    assert_eq!(unzipped, plain);

    let br = plain_client()
        .get(app.url("/notifications"))
        .header("accept-encoding", "gzip, deflate, br, zstd")
        .send()
        .await
        .unwrap();
    assert_eq!(br.headers()["content-encoding"], "br");
    let br_tag = etag(&br);
    let compressed = br.bytes().await.unwrap();
    assert!(compressed.len() < plain.len() / 2, "brotli shrinks the list");
    let mut unbrotlied = Vec::new();
    brotli::Decompressor::new(&compressed[..], 4096).read_to_end(&mut unbrotlied).unwrap();
    assert_eq!(unbrotlied, plain);
    // Each encoding is its own representation, so its tag differs.
    assert_ne!(gzip_tag, br_tag);
}

#[tokio::test]
async fn a_client_holding_the_current_etag_gets_304_without_a_body() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    add(&app, &token, "one").await;
    let first = get_list(&app, None).await;
    let tag = etag(&first);

    let revalidated = get_list(&app, Some(&tag)).await;
    assert_eq!(revalidated.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(etag(&revalidated), tag);
    assert_eq!(revalidated.headers()["cache-control"], "no-cache");
    assert_eq!(revalidated.headers()["x-content-type-options"], "nosniff");
    assert!(revalidated.bytes().await.unwrap().is_empty());

    let among_others = get_list(&app, Some(&format!("\"stale\", W/{tag}"))).await;
    assert_eq!(among_others.status(), StatusCode::NOT_MODIFIED);
    let other = get_list(&app, Some("\"something-else\"")).await;
    assert_eq!(other.status(), StatusCode::OK);
    assert_eq!(etag(&other), tag);
}

/// Reads the list with the tag of the previous read: it must have changed, so the answer is a
/// 200 with a new tag and the database's list. Returns the body's messages and the new tag.
async fn read_changed(app: &TestApp, previous_tag: &str) -> (Vec<String>, String) {
    let response = get_list(app, Some(previous_tag)).await;
    assert_eq!(response.status(), StatusCode::OK, "the old tag no longer matches");
    let tag = etag(&response);
    assert_ne!(tag, previous_tag, "a new content has a new tag");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body, database_list(app).await);
    let messages = body.as_array().unwrap().iter().map(|n| n["message"].as_str().unwrap().to_owned()).collect();
    (messages, tag)
}

#[tokio::test]
async fn after_an_administrator_adds_edits_or_deletes_the_next_read_shows_it_with_a_new_etag() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    add(&app, &token, "kept").await;
    let tag = etag(&get_list(&app, None).await);
    assert_eq!(get_list(&app, Some(&tag)).await.status(), StatusCode::NOT_MODIFIED, "snapshot in use");

    let id = add(&app, &token, "added").await;
    let (messages, tag) = read_changed(&app, &tag).await;
    assert_eq!(messages, ["added", "kept"]);

    let edited = app.put(&format!("/notifications/{id}"), json!({"message": "edited"}), Some(&token)).await;
    assert_eq!(edited.status(), StatusCode::OK);
    let (messages, tag) = read_changed(&app, &tag).await;
    assert_eq!(messages, ["edited", "kept"]);

    let deleted = app.delete(&format!("/notifications/{id}"), Some(&token)).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    let (messages, tag) = read_changed(&app, &tag).await;
    assert_eq!(messages, ["kept"]);
    assert_eq!(get_list(&app, Some(&tag)).await.status(), StatusCode::NOT_MODIFIED);
}

#[tokio::test]
async fn a_refused_change_keeps_the_snapshot_and_its_etag() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    add(&app, &token, "kept").await;
    let tag = etag(&get_list(&app, None).await);
    app.post("/notifications", json!({"message": ""}), Some(&token)).await;
    app.post("/notifications", json!({"message": "no token"}), None).await;
    assert_eq!(get_list(&app, Some(&tag)).await.status(), StatusCode::NOT_MODIFIED);
}

async fn next_text(socket: &mut tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("an event arrives")
            .expect("socket open")
            .expect("message");
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

#[tokio::test]
#[ignore = "PostgreSQL only: scripts/test.sh runs it in the PostgreSQL pass"]
async fn on_postgres_a_change_through_one_instance_is_seen_through_the_other() {
    assert!(on_postgres(), "run with SAMITI_TEST_DATABASE=postgres");
    let first = TestApp::spawn().await;
    let shared_url = first.database_url.clone();
    let second = TestApp::spawn_with(|config| config.database_url = shared_url).await;
    let token = first.admin_token().await;
    add(&first, &token, "before").await;
    let (mut watcher, _) = tokio_tungstenite::connect_async(second.url("/ws").replace("http://", "ws://"))
        .await
        .expect("websocket connects");

    // Both instances hold a snapshot of the same list, under the same tag.
    let tag = etag(&get_list(&second, None).await);
    assert_eq!(etag(&get_list(&first, None).await), tag);
    assert_eq!(get_list(&second, Some(&tag)).await.status(), StatusCode::NOT_MODIFIED);

    add(&first, &token, "from the first instance").await;
    // The first instance shows it at once; the second as soon as it hears of the change, and a
    // client that refetches on the event already gets the new list.
    let (messages, first_tag) = read_changed(&first, &tag).await;
    assert_eq!(messages, ["from the first instance", "before"]);
    assert_eq!(next_text(&mut watcher).await, json!({"type": "notification_updated"}));
    let (messages, second_tag) = read_changed(&second, &tag).await;
    assert_eq!(messages, ["from the first instance", "before"]);
    assert_eq!(first_tag, second_tag, "same content, same tag on every instance");
}
