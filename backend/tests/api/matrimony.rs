use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

const PASSWORD: &str = "Plain-Secret-42";

pub(crate) fn account(email: &str, mobile: &str) -> Value {
    json!({"profile_for": "Son", "email": email, "mobile": mobile, "password": PASSWORD})
}

async fn register(app: &TestApp, body: Value) -> reqwest::Response {
    app.post("/api/matrimony/register", body, None).await
}

async fn member_login(app: &TestApp, email_or_mobile: &str, password: &str) -> reqwest::Response {
    app.post("/api/auth/login", json!({"emailOrMobile": email_or_mobile, "password": password}), None).await
}

async fn member_token(app: &TestApp) -> String {
    assert_eq!(register(app, account("asha@example.org", "9876543210")).await.status(), StatusCode::CREATED);
    let response = member_login(app, "asha@example.org", PASSWORD).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_free_registration_creates_an_account() {
    let app = TestApp::spawn().await;
    for (n, profile_for) in ["Self", "Son", "Daughter", "Brother", "Sister", "Relative/Friend", "Marriage Bureau"]
        .into_iter()
        .enumerate()
    {
        let body = json!({"profile_for": profile_for, "email": format!("p{n}@example.org"),
            "mobile": format!("987654321{n}"), "password": "secret"});
        let response = register(&app, body).await;
        assert_eq!(response.status(), StatusCode::CREATED, "{profile_for}");
        let answer: Value = response.json().await.unwrap();
        assert_eq!(answer["message"], "Registration successful");
        assert!(answer["token"].as_str().is_some_and(|token| token.len() > 40), "the registration signs the member in");
    }
}

#[tokio::test]
async fn every_registration_rule_answers_its_message() {
    let app = TestApp::spawn().await;
    let empty = json!({"profile_for": "", "email": "", "mobile": "", "password": ""});
    assert_fields(register(&app, empty).await, json!({
        "profile_for": "Please select profile type.",
        "email": "Invalid email address.",
        "mobile": "Mobile number must be 10 digits.",
        "password": "Password must be at least 6 characters.",
    }))
    .await;
    let wrong = json!({"profile_for": "Cousin", "email": "asha@", "mobile": "98765", "password": "12345"});
    assert_fields(register(&app, wrong).await, json!({
        "profile_for": "Please select profile type.",
        "email": "Invalid email address.",
        "mobile": "Mobile number must be 10 digits.",
        "password": "Password must be at least 6 characters.",
    }))
    .await;
    for mobile in ["98765432101", "98765 4321", "+929876543210", "98765abcde", "0098765 43210"] {
        assert_fields(register(&app, account("a@example.org", mobile)).await, json!({"mobile": "Mobile number must be 10 digits."})).await;
    }
    let long = json!({"profile_for": "Self", "email": format!("{}@example.org", "a".repeat(250)),
        "mobile": "9876543210", "password": "p".repeat(129)});
    assert_fields(register(&app, long).await, json!({
        "email": "Maximum 254 characters allowed",
        "password": "Maximum 128 characters allowed",
    }))
    .await;
    // Nothing was stored: the same details still register.
    assert_eq!(register(&app, account("a@example.org", "9876543210")).await.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn a_mobile_number_in_devanagari_digits_is_the_same_number() {
    let app = TestApp::spawn().await;
    assert_eq!(register(&app, account("a@example.org", "९८७६५४३२१०")).await.status(), StatusCode::CREATED);
    let again = register(&app, account("b@example.org", "9876543210")).await;
    assert_eq!(error_body(again, StatusCode::CONFLICT).await["error"], "User already exists!");
    assert_eq!(member_login(&app, "9876543210", PASSWORD).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_mobile_number_with_0_or_91_is_stored_as_its_ten_digits_and_signs_in_in_every_spelling() {
    let app = TestApp::spawn().await;
    assert_eq!(register(&app, account("a@example.org", "+91 98765-43210")).await.status(), StatusCode::CREATED);
    for taken in ["9876543210", "0 98765 43210", "+९१ ९८७६५४३२१०"] {
        let again = register(&app, account("b@example.org", taken)).await;
        assert_eq!(error_body(again, StatusCode::CONFLICT).await["error"], "User already exists!", "{taken}");
    }
    assert_eq!(register(&app, account("c@example.org", "०९८७६५४३२११")).await.status(), StatusCode::CREATED);
    for login in ["9876543210", "09876543210", "+91 98765 43210", "०९८७६५ ४३२१०"] {
        assert_eq!(member_login(&app, login, PASSWORD).await.status(), StatusCode::OK, "{login}");
    }
    assert_eq!(member_login(&app, "9876543211", PASSWORD).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn the_same_email_or_mobile_cannot_register_twice() {
    let app = TestApp::spawn().await;
    assert_eq!(register(&app, account("asha@example.org", "9876543210")).await.status(), StatusCode::CREATED);
    for body in [
        account("  ASHA@Example.ORG ", "9000000001"),
        account("asha@example.org", "9000000002"),
        account("other@example.org", "9876543210"),
        account("other@example.org", " 9876543210 "),
    ] {
        let body = error_body(register(&app, body.clone()).await, StatusCode::CONFLICT).await;
        assert_eq!(body["error"], "User already exists!");
    }
    // The refused ones stored nothing: their new e-mail and mobile are still free.
    assert_eq!(register(&app, account("other@example.org", "9000000001")).await.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn concurrent_duplicates_give_one_201_and_the_rest_409() {
    let app = TestApp::spawn().await;
    let attempts = (0..8).map(|_| register(&app, account("twin@example.org", "9111111111")));
    let statuses: Vec<StatusCode> = futures_util::future::join_all(attempts).await.iter().map(|r| r.status()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CONFLICT).count(), 7, "{statuses:?}");
}

#[tokio::test]
async fn only_a_hash_of_the_password_is_stored() {
    let app = TestApp::spawn().await;
    assert_eq!(register(&app, account("asha@example.org", "9876543210")).await.status(), StatusCode::CREATED);
    // Every file of the data folder (on SQLite the database and its -wal), read as bytes.
    fn files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        std::fs::read_dir(dir).unwrap().flatten().flat_map(|entry| {
            let path = entry.path();
            if path.is_dir() { files(&path) } else { vec![path] }
        }).collect()
    }
    let all = files(app.data_dir());
    if !on_postgres() {
        assert!(all.iter().any(|p| p.ends_with("test.db")), "{all:?}");
    }
    for path in all {
        let bytes = std::fs::read(&path).unwrap();
        assert!(!bytes.windows(PASSWORD.len()).any(|w| w == PASSWORD.as_bytes()), "password bytes in {path:?}");
    }
    {
        use sea_orm::{ConnectionTrait, Statement};
        let db = sea_orm::Database::connect(&app.database_url).await.unwrap();
        let row = db
            .query_one_raw(Statement::from_string(db.get_database_backend(), "SELECT password_hash FROM matrimony_accounts"))
            .await
            .unwrap()
            .unwrap();
        let hash: String = row.try_get("", "password_hash").unwrap();
        assert!(hash.starts_with("$argon2id$") && !hash.contains(PASSWORD));
    }
}

#[tokio::test]
async fn a_member_signs_in_by_email_or_by_mobile() {
    let app = TestApp::spawn().await;
    assert_eq!(register(&app, account("asha@example.org", "9876543210")).await.status(), StatusCode::CREATED);
    for login in [" Asha@Example.org ", "asha@example.org", "9876543210", "+91 98765 43210", "९८७६५४३२१०"] {
        let response = member_login(&app, login, PASSWORD).await;
        assert_eq!(response.status(), StatusCode::OK, "{login}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["message"], "Login successful");
        assert!(body["token"].as_str().is_some_and(|t| !t.is_empty()));
    }
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_account_get_the_same_401() {
    let app = TestApp::spawn().await;
    assert_eq!(register(&app, account("asha@example.org", "9876543210")).await.status(), StatusCode::CREATED);
    let wrong = error_body(member_login(&app, "asha@example.org", "not-the-password").await, StatusCode::UNAUTHORIZED).await;
    let unknown = error_body(member_login(&app, "nobody@example.org", PASSWORD).await, StatusCode::UNAUTHORIZED).await;
    let unknown_mobile = error_body(member_login(&app, "9000000000", PASSWORD).await, StatusCode::UNAUTHORIZED).await;
    assert_eq!(wrong, unknown);
    assert_eq!(wrong, unknown_mobile);
    assert_eq!(wrong["error"], "Invalid email/mobile or password");
    // An administrator's credentials are not a member account.
    app.admin_token().await;
    error_body(member_login(&app, ADMIN_EMAIL, ADMIN_PASSWORD).await, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn empty_login_fields_are_refused_under_each_field() {
    let app = TestApp::spawn().await;
    assert_fields(member_login(&app, "", "").await, json!({
        "emailOrMobile": "Please fill in all fields",
        "password": "Please fill in all fields",
    }))
    .await;
    assert_fields(member_login(&app, "  ", PASSWORD).await, json!({"emailOrMobile": "Please fill in all fields"})).await;
    assert_fields(member_login(&app, "asha@example.org", "").await, json!({"password": "Please fill in all fields"})).await;
    assert_fields(
        member_login(&app, "asha", PASSWORD).await,
        json!({"emailOrMobile": "Enter a valid email address or 10-digit mobile number."}),
    )
    .await;
}

#[tokio::test]
async fn repeated_failed_member_logins_are_answered_with_429() {
    let app = TestApp::spawn().await;
    assert_eq!(register(&app, account("asha@example.org", "9876543210")).await.status(), StatusCode::CREATED);
    for _ in 0..5 {
        error_body(member_login(&app, "asha@example.org", "wrong-password").await, StatusCode::UNAUTHORIZED).await;
    }
    let response = member_login(&app, "asha@example.org", "wrong-password").await;
    assert!(response.headers().get("retry-after").is_some_and(|v| v.to_str().unwrap().parse::<u64>().unwrap() > 0));
    let body = error_body(response, StatusCode::TOO_MANY_REQUESTS).await;
    assert_eq!(body["error"], "Too many attempts. Please try again later.");
    // Even the right password waits until the window has passed.
    error_body(member_login(&app, "asha@example.org", PASSWORD).await, StatusCode::TOO_MANY_REQUESTS).await;
}

#[tokio::test]
async fn a_member_token_is_refused_on_every_administrator_route() {
    let app = TestApp::spawn().await;
    // An administrator exists, so that a member token is not refused merely for want of one.
    app.admin_token().await;
    let token = member_token(&app).await;
    for (method, path) in ADMIN_ROUTES {
        let method = Method::from_bytes(method.as_bytes()).unwrap();
        let body = matches!(method, Method::POST | Method::PUT).then(|| json!({"message": "x", "full_name": "x", "email": "a@b.co"}));
        let response = app.request(method.clone(), path, Some(&token), body).await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{method} {path}");
    }
    // Nor does it open administrator registration.
    let response = app.post("/api/admin/register", json!({"email": "m@example.org", "password": "secret-1"}), Some(&token)).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}
