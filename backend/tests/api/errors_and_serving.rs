use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

#[tokio::test]
async fn malformed_json_is_a_400_json_error() {
    let app = TestApp::spawn().await;
    let response = app
        .client
        .post(app.url("/api/contacts"))
        .header("content-type", "application/json")
        .body("{\"full_name\": ")
        .send()
        .await
        .unwrap();
    let body = error_body(response, StatusCode::BAD_REQUEST).await;
    assert_eq!(body["error"], "Malformed request body");
    let not_an_object = app.post("/api/contacts", json!(["a list"]), None).await;
    error_body(not_an_object, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn a_body_that_is_not_json_is_a_415() {
    let app = TestApp::spawn().await;
    let response = app.client.post(app.url("/api/subscribers")).body("value=1").send().await.unwrap();
    error_body(response, StatusCode::UNSUPPORTED_MEDIA_TYPE).await;
}

#[tokio::test]
async fn a_body_over_the_limit_is_a_413() {
    let app = TestApp::spawn_with(|config| config.max_upload_bytes = 1024).await;
    let response = app.post("/api/contacts", json!({"full_name": "x", "email": "a@b.co", "message": "x".repeat(4096)}), None).await;
    error_body(response, StatusCode::PAYLOAD_TOO_LARGE).await;
}

#[tokio::test]
async fn unknown_api_paths_and_methods_are_json_errors() {
    let app = TestApp::spawn().await;
    let body = error_body(app.get("/api/does-not-exist", None).await, StatusCode::NOT_FOUND).await;
    assert_eq!(body["error"], "Not found");
    error_body(app.delete("/api/contacts", None).await, StatusCode::METHOD_NOT_ALLOWED).await;
}

#[tokio::test]
async fn client_routes_fall_back_to_the_web_app_with_security_headers() {
    let app = TestApp::spawn().await;
    // `/` and a few others are prerendered (tests/api/prerendered.rs); these are not.
    for path in ["/onlineServices/memberRegistraion", "/admin/dashboard/contacts", "/magazines", "/career"] {
        let response = app.get(path, None).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(response.headers()["x-content-type-options"], "nosniff");
        assert_eq!(response.headers()["x-frame-options"], "SAMEORIGIN");
        assert!(response.headers()["content-security-policy"].to_str().unwrap().contains("default-src 'self'"));
        assert_eq!(response.headers()["cache-control"], "no-cache");
        assert!(response.text().await.unwrap().contains("Samiti test client"));
    }
    let missing_file = app.get("/magazines/no-such-file.jpg", None).await;
    error_body(missing_file, StatusCode::NOT_FOUND).await;
    let asset = app.get("/assets/app-abc123.js", None).await;
    assert_eq!(asset.headers()["cache-control"], "public, max-age=31536000, immutable");
}

#[tokio::test]
async fn the_openapi_document_and_swagger_ui_are_served() {
    let app = TestApp::spawn().await;
    let response = app.get("/api-docs/openapi.json", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let document: serde_json::Value = response.json().await.unwrap();
    assert!(document["paths"]["/api/contacts"]["post"].is_object());
    assert!(document["components"]["securitySchemes"]["bearer"].is_object());
    let ui = app.get("/swagger-ui/", None).await;
    assert_eq!(ui.status(), StatusCode::OK);
}

#[tokio::test]
async fn the_committed_openapi_document_is_up_to_date() {
    let committed = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../openapi.json"))
        .expect("openapi.json is committed at the repository root");
    let current = samiti::app::openapi_file();
    assert!(
        committed.trim_end() == current.trim_end(),
        "openapi.json is stale: run scripts/generate.sh"
    );
}

#[tokio::test]
async fn every_endpoint_declares_its_error_responses_and_a_unique_operation_id() {
    let document = samiti::app::openapi();
    let mut operation_ids = std::collections::HashSet::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let id = operation["operationId"].as_str().unwrap().to_owned();
            assert!(operation_ids.insert(id.clone()), "operationId {id} is used twice");
            let responses = operation["responses"].as_object().unwrap();
            assert!(
                responses.keys().any(|status| status.starts_with('4') || status.starts_with('5')),
                "{method} {path} declares no error response"
            );
            if operation.get("security").is_some_and(|s| s.to_string().contains("bearer")) {
                assert!(responses.contains_key("401"), "{method} {path} declares no 401");
            }
        }
    }
}

#[tokio::test]
async fn compression_is_applied_when_asked_for() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    for i in 0..30 {
        app.post("/notifications", json!({"message": format!("notification number {i} with some text")}), Some(&token)).await;
    }
    let raw = reqwest::Client::builder().no_gzip().build().unwrap();
    let response = raw.get(app.url("/notifications")).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(response.headers()["content-encoding"], "gzip");
}

#[tokio::test]
async fn cross_origin_requests_are_allowed_only_for_the_configured_origin() {
    let app = TestApp::spawn_with(|config| config.cors_origin = Some("http://localhost:5173".into())).await;
    let preflight = |origin: &'static str| {
        app.client
            .request(reqwest::Method::OPTIONS, app.url("/api/contacts"))
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "content-type")
            .send()
    };
    let allowed = preflight("http://localhost:5173").await.unwrap();
    assert_eq!(allowed.headers()["access-control-allow-origin"], "http://localhost:5173");
    // Another origin is never echoed back (nor `*`), so browsers refuse it.
    let other = preflight("https://elsewhere.example").await.unwrap();
    let allowed_for_other = other.headers().get("access-control-allow-origin").map(|v| v.to_str().unwrap().to_owned());
    assert!(allowed_for_other.as_deref().is_none_or(|v| v == "http://localhost:5173"), "{allowed_for_other:?}");

    // The client reads these headers of a cross-origin answer: the export's file name, the
    // list's total, a booking's reference and code, and how long a refused sign-in must wait.
    let response = app.client.get(app.url("/notifications")).header("origin", "http://localhost:5173").send().await.unwrap();
    let exposed = response.headers()["access-control-expose-headers"].to_str().unwrap().to_lowercase();
    for name in ["content-disposition", "x-total-count", "x-booking-reference", "x-booking-code", "retry-after"] {
        assert!(exposed.split(',').any(|h| h.trim() == name), "{name} exposed: {exposed}");
    }

    let default_app = TestApp::spawn().await;
    let response = default_app.client.get(default_app.url("/notifications")).header("origin", "http://localhost:5173").send().await.unwrap();
    assert!(response.headers().get("access-control-allow-origin").is_none(), "no CORS unless configured");
}

#[tokio::test]
async fn create_admin_from_the_command_line_then_sign_in() {
    use std::io::Write;
    let app = TestApp::spawn().await;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_samiti"))
        .args(["create-admin", "--email", "cli@example.org"])
        .env("DATABASE_URL", &app.database_url)
        .env("SAMITI_DATA_DIR", tempfile::tempdir().unwrap().path())
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"from-the-shell\n").unwrap();
    assert!(child.wait().unwrap().success());
    let owner = app.login("cli@example.org", "from-the-shell").await;
    let verify: Value = app.get("/api/admin/verify", Some(&owner)).await.json().await.unwrap();
    assert_eq!(verify["roles"], json!(["owner"]), "an owner when no role is given");

    // `--role`, repeated for several; an unknown role is refused before anything is stored.
    let mut clerk = std::process::Command::new(env!("CARGO_BIN_EXE_samiti"))
        .args(["create-admin", "--email", "clerk@example.org", "--role", "bookings", "--role", "families"])
        .env("DATABASE_URL", &app.database_url)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    clerk.stdin.take().unwrap().write_all(b"clerk-password\n").unwrap();
    assert!(clerk.wait().unwrap().success());
    let clerk = app.login("clerk@example.org", "clerk-password").await;
    let verify: Value = app.get("/api/admin/verify", Some(&clerk)).await.json().await.unwrap();
    assert_eq!(verify["roles"], json!(["bookings", "families"]));
    let entries: Vec<Value> = app.get("/api/admin/audit?action=create", Some(&owner)).await.json().await.unwrap();
    assert_eq!(entries.len(), 2, "both creations are in the audit log");
    assert_eq!(entries[0]["actor"], "command line");
    let wrong = std::process::Command::new(env!("CARGO_BIN_EXE_samiti"))
        .args(["create-admin", "--email", "x@example.org", "--role", "priest"])
        .env("DATABASE_URL", &app.database_url)
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let output = wrong.wait_with_output().unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown role \"priest\""));

    let short = std::process::Command::new(env!("CARGO_BIN_EXE_samiti"))
        .args(["create-admin", "--email", "short@example.org"])
        .env("DATABASE_URL", &app.database_url)
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let output = short.wait_with_output().unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("Password is required"));
}
