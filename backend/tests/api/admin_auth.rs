use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

#[tokio::test]
async fn registration_is_open_until_the_first_administrator_exists() {
    let app = TestApp::spawn().await;
    let setup: Value = app.get("/api/admin/setup", None).await.json().await.unwrap();
    assert_eq!(setup["registration_open"], true);

    let token = app.admin_token().await;

    let setup: Value = app.get("/api/admin/setup", None).await.json().await.unwrap();
    assert_eq!(setup["registration_open"], false);
    let second = json!({"email": "second@example.org", "password": "another-password"});
    error_body(app.post("/api/admin/register", second.clone(), None).await, StatusCode::UNAUTHORIZED).await;
    let created = app.post("/api/admin/register", second, Some(&token)).await;
    assert_eq!(created.status(), StatusCode::CREATED);
    assert_eq!(created.json::<Value>().await.unwrap()["message"], "Registered successfully");
    app.login("second@example.org", "another-password").await;
}

#[tokio::test]
async fn registering_the_same_email_twice_is_a_conflict() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let again = json!({"email": ADMIN_EMAIL.to_uppercase(), "password": "whatever-else"});
    error_body(app.post("/api/admin/register", again, Some(&token)).await, StatusCode::CONFLICT).await;
}

#[tokio::test]
async fn registration_checks_email_and_password_with_the_shared_rules() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/admin/register", json!({"email": "not-an-email", "password": "123"}), None).await;
    assert_fields(
        response,
        json!({"email": "Invalid email address.", "password": "Password must be at least 12 characters."}),
    )
    .await;
    let response = app.post("/api/admin/register", json!({}), None).await;
    assert_fields(response, json!({"email": "Email is required", "password": "Password is required"})).await;
}

#[tokio::test]
async fn login_refuses_a_wrong_password_and_an_unknown_email_alike() {
    let app = TestApp::spawn().await;
    app.admin_token().await;
    for (email, password) in [(ADMIN_EMAIL, "wrong-password"), ("nobody@example.org", ADMIN_PASSWORD)] {
        let response = app.post("/api/admin/login", json!({"email": email, "password": password}), None).await;
        let body = error_body(response, StatusCode::UNAUTHORIZED).await;
        assert_eq!(body["error"], "Invalid email or password");
    }
}

#[tokio::test]
async fn a_valid_token_verifies() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let response = app.get("/api/admin/verify", Some(&token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"valid": true, "email": ADMIN_EMAIL, "roles": ["owner"], "must_change_password": false})
    );
}

#[tokio::test]
async fn repeated_failed_logins_are_answered_with_429() {
    let app = TestApp::spawn().await;
    app.admin_token().await;
    let wrong = json!({"email": ADMIN_EMAIL, "password": "wrong-password"});
    for _ in 0..5 {
        error_body(app.post("/api/admin/login", wrong.clone(), None).await, StatusCode::UNAUTHORIZED).await;
    }
    let refused = app.post("/api/admin/login", wrong, None).await;
    // The form tells the administrator how long to wait, from Retry-After (whole seconds).
    let wait: u64 = refused.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=3600).contains(&wait), "Retry-After: {wait}");
    let body = error_body(refused, StatusCode::TOO_MANY_REQUESTS).await;
    assert_eq!(body["error"], "Too many attempts. Please try again later.");
    // Even the right password waits until the window has passed.
    let right = json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD});
    error_body(app.post("/api/admin/login", right, None).await, StatusCode::TOO_MANY_REQUESTS).await;
}

fn forged_tokens(valid: &str) -> Vec<String> {
    use base64::Engine;
    let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let parts: Vec<&str> = valid.split('.').collect();
    let payload = parts[1];
    let now = chrono::Utc::now().timestamp();
    let none_header = engine.encode(r#"{"alg":"none","typ":"JWT"}"#);
    let expired_claims = engine.encode(format!(r#"{{"sub":"1","role":"admin","iat":{},"exp":{}}}"#, now - 7200, now - 3600));
    vec![
        "not-a-token".into(),
        format!("{none_header}.{payload}."),
        format!("{}.{}.{}", parts[0], payload, engine.encode("wrong signature bytes")),
        format!("{}.{}.{}", parts[0], expired_claims, parts[2]),
    ]
}

#[tokio::test]
async fn every_administrator_route_refuses_missing_and_forged_tokens() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let mut tokens: Vec<Option<String>> = vec![None];
    tokens.extend(forged_tokens(&token).into_iter().map(Some));
    for (method, path) in ADMIN_ROUTES {
        for bad in &tokens {
            let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
            let body = matches!(method, reqwest::Method::POST | reqwest::Method::PUT)
                .then(|| json!({"message": "x", "full_name": "x", "email": "a@b.co"}));
            let response = app.request(method.clone(), path, bad.as_deref(), body).await;
            assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{method} {path} with {bad:?}");
        }
    }
}

#[tokio::test]
async fn an_expired_token_is_refused() {
    let app = TestApp::spawn_with(|config| config.token_ttl = std::time::Duration::from_secs(1)).await;
    let token = app.admin_token().await;
    tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
    error_body(app.get("/api/admin/verify", Some(&token)).await, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn the_signing_secret_is_generated_once_and_kept_owner_only() {
    let dir = tempfile::tempdir().unwrap();
    let config = samiti::config::Config {
        data_dir: dir.path().to_path_buf(),
        ..samiti::config::Config::from_env().unwrap()
    };
    let first = config.load_or_create_jwt_secret().unwrap();
    let second = config.load_or_create_jwt_secret().unwrap();
    assert_eq!(first, second);
    assert!(first.len() >= 64);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir.path().join("jwt_secret")).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}
