//! What an attacker's or a fuzzer's requests get: bounded paging and text, a login throttle
//! that cannot lock the administrator out, tokens that end with their account, slow clients
//! dropped, the WebSocket closed to other sites, and a server that stops promptly.
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::{self, Message, client::IntoClientRequest};

use crate::helpers::*;

#[tokio::test]
async fn paging_numbers_out_of_bounds_are_a_400_not_a_crash() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    for query in [
        "page=9223372036854775809",
        "page=1000000000000000000",
        "page=18446744073709551615",
        "page=0",
        "per_page=0",
        "per_page=501",
        "page=-1",
        "page=10000001",
    ] {
        let public = app.get(&format!("/notifications?{query}"), None).await;
        error_body(public, StatusCode::BAD_REQUEST).await;
        let admin = app.get(&format!("/api/contacts?{query}"), Some(&token)).await;
        error_body(admin, StatusCode::BAD_REQUEST).await;
    }
    let body = error_body(app.get("/notifications?per_page=0", None).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(body["error"], "per_page must be between 1 and 500");
    let far = app.get("/notifications?page=10000000&per_page=500", None).await;
    assert_eq!(far.status(), StatusCode::OK);
    assert_eq!(far.json::<Value>().await.unwrap(), json!([]));
    let long_search = format!("/api/contacts?q={}", "a".repeat(201));
    error_body(app.get(&long_search, Some(&token)).await, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn overlong_text_is_refused_under_its_field() {
    let app = TestApp::spawn().await;
    let long_value = format!("{}@example.org", "a".repeat(300));
    let response = app.post("/api/subscribers", json!({"value": long_value}), None).await;
    assert_fields(response, json!({"value": "Maximum 254 characters allowed"})).await;
    let response = app
        .post("/api/contacts", json!({"full_name": "x".repeat(101), "email": "a@b.co", "message": "m".repeat(2001)}), None)
        .await;
    assert_fields(
        response,
        json!({"full_name": "Maximum 100 characters allowed", "message": "Maximum 2000 characters allowed"}),
    )
    .await;
    let token = app.admin_token().await;
    let listed: Value = app.get("/api/subscribers", Some(&token)).await.json().await.unwrap();
    assert_eq!(listed, json!([]), "nothing refused was stored");
}

#[tokio::test]
async fn hidden_control_characters_are_removed_and_only_messages_keep_line_breaks() {
    let app = TestApp::spawn().await;
    let sent = json!({
        "full_name": "सुरेश\u{202e}\u{0} पाटील\n",
        "email": "suresh@example.org\u{7}",
        "message": "पहिली ओळ\r\nदुसरी ओळ\u{85}\u{2066}",
    });
    let stored: Value = app.post("/api/contacts", sent, None).await.json().await.unwrap();
    assert_eq!(stored["full_name"], "सुरेश पाटील");
    assert_eq!(stored["email"], "suresh@example.org");
    assert_eq!(stored["message"], "पहिली ओळ\nदुसरी ओळ");
    // A name made only of controls is empty, so it is missing.
    let response = app.post("/api/contacts", json!({"full_name": "\u{0}\u{202e}", "email": "a@b.co", "message": "x"}), None).await;
    assert_fields(response, json!({"full_name": "Full name is required"})).await;
}

async fn login_from(app: &TestApp, address: &str, password: &str) -> reqwest::Response {
    app.client
        .post(app.url("/api/admin/login"))
        .header("x-forwarded-for", address)
        .json(&json!({"email": ADMIN_EMAIL, "password": password}))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn wrong_passwords_from_one_address_do_not_lock_the_administrator_out_elsewhere() {
    let app = TestApp::spawn_with(|config| config.trusted_proxies = vec!["127.0.0.1".parse().unwrap()]).await;
    app.admin_token().await;
    for _ in 0..5 {
        error_body(login_from(&app, "198.51.100.66", "guess").await, StatusCode::UNAUTHORIZED).await;
    }
    let refused = login_from(&app, "198.51.100.66", ADMIN_PASSWORD).await;
    let retry_after: u64 = refused.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=900).contains(&retry_after), "Retry-After {retry_after}");
    error_body(refused, StatusCode::TOO_MANY_REQUESTS).await;
    // The administrator, at the office's address, signs in.
    assert_eq!(login_from(&app, "203.0.113.10", ADMIN_PASSWORD).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn forwarded_addresses_are_ignored_unless_the_proxy_is_trusted() {
    let app = TestApp::spawn().await;
    app.admin_token().await;
    for n in 0..5 {
        // A guesser cannot escape the throttle by writing a new address each time.
        let response = login_from(&app, &format!("198.51.100.{n}"), "guess").await;
        error_body(response, StatusCode::UNAUTHORIZED).await;
    }
    error_body(login_from(&app, "198.51.100.99", "guess").await, StatusCode::TOO_MANY_REQUESTS).await;
}

#[tokio::test]
async fn a_successful_login_clears_the_addresss_failures() {
    let app = TestApp::spawn().await;
    app.admin_token().await;
    for round in 0..3 {
        for _ in 0..4 {
            error_body(login_from(&app, "x", "guess").await, StatusCode::UNAUTHORIZED).await;
        }
        assert_eq!(login_from(&app, "x", ADMIN_PASSWORD).await.status(), StatusCode::OK, "round {round}");
    }
}

#[tokio::test]
async fn a_token_ends_with_its_account_and_with_a_password_change_or_sign_out_everywhere() {
    let app = TestApp::spawn().await;
    let first = app.admin_token().await;
    let second = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;

    let wrong = app.put("/api/admin/password", json!({"current_password": "nope", "new_password": "new-password-1"}), Some(&first)).await;
    assert_fields(wrong, json!({"current_password": "Current password is incorrect"})).await;
    let changed = app
        .put("/api/admin/password", json!({"current_password": ADMIN_PASSWORD, "new_password": "new-password-1"}), Some(&first))
        .await;
    assert_eq!(changed.status(), StatusCode::OK);
    let fresh = changed.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_owned();
    for old in [&first, &second] {
        error_body(app.get("/api/admin/verify", Some(old)).await, StatusCode::UNAUTHORIZED).await;
    }
    assert_eq!(app.get("/api/admin/verify", Some(&fresh)).await.status(), StatusCode::OK);
    app.login(ADMIN_EMAIL, "new-password-1").await;

    let signed_out = app.post("/api/admin/logout-all", json!({}), Some(&fresh)).await;
    assert_eq!(signed_out.status(), StatusCode::NO_CONTENT);
    error_body(app.get("/api/admin/verify", Some(&fresh)).await, StatusCode::UNAUTHORIZED).await;

    let last = app.login(ADMIN_EMAIL, "new-password-1").await;
    assert_eq!(app.get("/api/contacts", Some(&last)).await.status(), StatusCode::OK);
    use sea_orm::ConnectionTrait;
    let db = sea_orm::Database::connect(&app.database_url).await.unwrap();
    db.execute_unprepared("DELETE FROM admins").await.unwrap();
    error_body(app.get("/api/contacts", Some(&last)).await, StatusCode::UNAUTHORIZED).await;
}

async fn raw_connection(app: &TestApp) -> tokio::net::TcpStream {
    tokio::net::TcpStream::connect(app.address.trim_start_matches("http://")).await.unwrap()
}

/// Reads until the peer closes the connection; what it sent before closing.
async fn read_until_closed(stream: &mut tokio::net::TcpStream) -> String {
    let mut received = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut received)).await;
    assert!(read.is_ok(), "the server closes the connection");
    String::from_utf8_lossy(&received).into_owned()
}

#[tokio::test]
async fn a_client_that_stalls_in_its_headers_is_dropped_and_frees_its_place() {
    let app = TestApp::spawn_with(|config| {
        config.header_timeout = Duration::from_secs(1);
        config.max_connections = 1;
    })
    .await;
    let mut stalled = raw_connection(&app).await;
    stalled.write_all(b"GET /notifications HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    // Only one connection is served at once: this request is answered once the stalled
    // client has been dropped.
    let response = app.get("/notifications", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let answer = read_until_closed(&mut stalled).await;
    assert!(!answer.contains("200 OK"), "the stalled request got no answer: {answer}");
}

#[tokio::test]
async fn a_client_that_stalls_in_its_body_is_dropped() {
    let app = TestApp::spawn_with(|config| config.body_timeout = Duration::from_secs(1)).await;
    let mut stalled = raw_connection(&app).await;
    stalled
        .write_all(b"POST /api/contacts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"full")
        .await
        .unwrap();
    let answer = read_until_closed(&mut stalled).await;
    assert!(answer.starts_with("HTTP/1.1 4"), "a client error, then the connection closes: {answer}");
}

#[tokio::test]
async fn a_missing_asset_is_a_404_never_the_app_cached_for_a_year() {
    let app = TestApp::spawn().await;
    for path in ["/assets/doesnotexist.js", "/logo-missing.png", "/locales/xx/translation.json"] {
        let response = app.get(path, None).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        let cache = response.headers()["cache-control"].to_str().unwrap().to_owned();
        assert!(!cache.contains("immutable"), "{path}: {cache}");
        assert!(!response.text().await.unwrap().contains("Samiti test client"), "{path}");
    }
    let route = app.get("/admin/dashboard/contacts", None).await;
    assert_eq!(route.headers()["cache-control"], "no-cache");
    assert!(route.text().await.unwrap().contains("Samiti test client"));
}

#[cfg(unix)]
#[tokio::test]
async fn the_data_folder_and_database_are_readable_by_the_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    if on_postgres() {
        return; // PostgreSQL keeps its own files.
    }
    let parent = tempfile::tempdir().unwrap();
    let data = parent.path().join("data");
    let db_url = format!("sqlite://{}?mode=rwc", data.join("samiti.db").display());
    let app = TestApp::spawn_with(|config| {
        config.data_dir = data.clone();
        config.database_url = db_url;
    })
    .await;
    app.admin_token().await;
    let mode = |path: &std::path::Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&data), 0o700);
    for file in ["samiti.db", "samiti.db-wal", "samiti.db-shm", "jwt_secret"] {
        assert_eq!(mode(&data.join(file)), 0o600, "{file}");
    }
}

#[tokio::test]
async fn responses_carry_the_permissions_policy_and_hsts_only_over_https() {
    let app = TestApp::spawn().await;
    let response = app.get("/", None).await;
    assert!(response.headers()["permissions-policy"].to_str().unwrap().contains("camera=()"));
    let csp = response.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(csp.contains("connect-src 'self';"), "{csp}");
    assert!(!csp.contains("ws:"), "{csp}");
    assert!(response.headers().get("strict-transport-security").is_none());
    let https = TestApp::spawn_with(|config| config.public_url = Some("https://samiti.example.org".into())).await;
    let response = https.get("/notifications", None).await;
    assert!(response.headers()["strict-transport-security"].to_str().unwrap().starts_with("max-age="));
}

fn ws_request(app: &TestApp, origin: Option<&str>) -> tungstenite::handshake::client::Request {
    let mut request = app.url("/ws").replace("http://", "ws://").into_client_request().unwrap();
    if let Some(origin) = origin {
        request.headers_mut().insert("origin", origin.parse().unwrap());
    }
    request
}

#[tokio::test]
async fn only_the_sites_own_pages_and_non_browsers_may_open_the_websocket() {
    let app = TestApp::spawn().await;
    let foreign = tokio_tungstenite::connect_async(ws_request(&app, Some("https://evil.example"))).await;
    match foreign {
        Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), StatusCode::FORBIDDEN),
        other => panic!("a foreign origin is refused, got {:?}", other.map(|_| ())),
    }
    let own = app.address.clone();
    assert!(tokio_tungstenite::connect_async(ws_request(&app, Some(&own))).await.is_ok());
    assert!(tokio_tungstenite::connect_async(ws_request(&app, None)).await.is_ok());
}

#[tokio::test]
async fn a_websocket_client_sending_a_large_message_is_disconnected() {
    let app = TestApp::spawn().await;
    let (mut socket, _) = tokio_tungstenite::connect_async(ws_request(&app, None)).await.unwrap();
    let _ = socket.send(Message::Text("x".repeat(64 * 1024).into())).await;
    let ended = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match socket.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(ended.is_ok(), "the server ends the connection");
}

#[tokio::test]
async fn stopping_closes_websockets_as_going_away_and_idle_connections_and_ends() {
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let (app, server) = TestApp::spawn_stoppable(|_| {}, async move {
        let _ = stop_rx.await;
    })
    .await;
    let (mut socket, _) = tokio_tungstenite::connect_async(ws_request(&app, None)).await.unwrap();
    // An idle keep-alive connection, after one request.
    let mut idle = raw_connection(&app).await;
    idle.write_all(b"GET /notifications HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    let mut first = [0u8; 12];
    idle.read_exact(&mut first).await.unwrap();
    assert_eq!(&first, b"HTTP/1.1 200");

    stop_tx.send(()).unwrap();
    let close = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Close(frame))) => return frame,
                Some(Ok(_)) => continue,
                _ => return None,
            }
        }
    })
    .await
    .expect("a close frame arrives");
    assert_eq!(close.map(|f| u16::from(f.code)), Some(1001));
    read_until_closed(&mut idle).await;
    tokio::time::timeout(Duration::from_secs(10), server).await.expect("the server stops").unwrap();
}
