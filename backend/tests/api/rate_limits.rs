//! The public writes under a flood (docs/DESIGN.md §5), with the limits on as in production:
//! each answers 429 with `Retry-After` past its per-address bucket and saves nothing more, a
//! family booking four services in a row is never refused, exempt addresses and
//! `SAMITI_RATE_LIMITS=off` are never limited, the honeypot refuses what bots fill in, the
//! profile form's daily upload allowance holds, and the booking check page serves a booker while
//! someone at the same address guesses other references' codes.
use reqwest::{Method, StatusCode};
use samiti::{
    config::Config,
    public_writes::{kind_of, operation_ids},
    rate_limit::{UPLOADS_MESSAGE, WRITES_MESSAGE},
};
use serde_json::{Value, json};

use crate::{
    bookings::{markandeya, puja, room},
    contacts::contact,
    families::count,
    helpers::*,
    images::*,
    profiles::{fields, form},
};

fn limited(config: &mut Config) {
    config.rate_limits = true;
    // Requests may name their client in X-Forwarded-For, so that each test address has its
    // own buckets.
    config.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
}

async fn post_from(app: &TestApp, address: &str, path: &str, body: Value) -> reqwest::Response {
    app.client.post(app.url(path)).header("x-forwarded-for", address).json(&body).send().await.expect("request sent")
}

/// Asserts a 429 of a public write: `Retry-After` in whole seconds, at least one, and `message`.
async fn assert_limited(response: reqwest::Response, message: &str) -> u64 {
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = response.headers()["retry-after"].to_str().unwrap().parse().expect("whole seconds");
    assert!(wait >= 1);
    assert_eq!(response.json::<Value>().await.unwrap()["error"], message);
    wait
}

/// The public writes of the served document: (method, path, operation id).
async fn public_writes(app: &TestApp) -> Vec<(String, String, String)> {
    let doc: Value = app.get("/api-docs/openapi.json", None).await.json().await.unwrap();
    operations(&doc)
        .into_iter()
        .filter_map(|(method, path, op)| {
            let id = op["operationId"].as_str()?.to_owned();
            kind_of(&id).map(|_| (method, path, id))
        })
        .collect()
}

#[tokio::test]
async fn every_public_write_answers_429_with_retry_after_past_its_burst() {
    let app = TestApp::spawn_with(limited).await;
    let writes = public_writes(&app).await;
    let mut ids: Vec<&str> = writes.iter().map(|(_, _, id)| id.as_str()).collect();
    ids.sort();
    let mut expected = operation_ids();
    expected.sort();
    assert_eq!(ids, expected, "every public write of the table is a route");
    for (n, (method, path, id)) in writes.iter().enumerate() {
        let burst = kind_of(id).unwrap().bucket().burst;
        let address = format!("203.0.113.{}", n + 1);
        // A body that is refused (422, or 415 for the multipart form) still takes its place in
        // the bucket: the limit is applied before the body is read.
        for attempt in 0..burst {
            let request = app.client.request(method.parse::<Method>().unwrap(), app.url(path));
            let response = request.header("x-forwarded-for", &address).json(&json!({})).send().await.unwrap();
            assert_ne!(response.status(), StatusCode::TOO_MANY_REQUESTS, "{id}: attempt {attempt} of a burst of {burst}");
        }
        let response = post_from(&app, &address, path, json!({})).await;
        let wait = assert_limited(response, WRITES_MESSAGE).await;
        assert!(wait <= kind_of(id).unwrap().bucket().every.as_secs(), "{id}: {wait} s");
    }
}

#[tokio::test]
async fn a_contact_flood_saves_the_burst_and_nothing_more_while_other_addresses_are_served() {
    let app = TestApp::spawn_with(limited).await;
    let mut statuses = Vec::new();
    for n in 0..20 {
        let response = post_from(&app, "198.51.100.7", "/api/contacts", contact("Flood", "f@example.org", &format!("n{n}"))).await;
        statuses.push(response.status().as_u16());
    }
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 5, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 15, "{statuses:?}");
    assert_eq!(count(&app, "contacts").await, 5);
    let other = post_from(&app, "198.51.100.8", "/api/contacts", contact("Asha", "a@example.org", "Hello")).await;
    assert_eq!(other.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn a_family_books_a_room_and_three_pujas_in_a_row() {
    let app = TestApp::spawn_with(limited).await;
    for (path, body) in [
        ("/api/bookings", room("Suresh Patil")),
        ("/api/abhishek-bookings", markandeya("Suresh Patil")),
        ("/api/poshavvadevi-bookings", puja("Suresh Patil")),
        ("/api/shitaladevi-bookings", puja("Suresh Patil")),
    ] {
        let response = post_from(&app, "192.0.2.44", path, body).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
    }
}

#[tokio::test]
async fn exempt_addresses_and_limits_turned_off_are_never_limited() {
    let exempt = TestApp::spawn_with(|c| {
        limited(c);
        c.rate_limit_exempt = vec!["192.0.2.0/24".parse().unwrap()];
    })
    .await;
    let off = TestApp::spawn().await;
    for n in 0..12 {
        let body = contact("Office", "o@example.org", &format!("n{n}"));
        assert_eq!(post_from(&exempt, "192.0.2.9", "/api/contacts", body.clone()).await.status(), StatusCode::CREATED);
        assert_eq!(off.post("/api/contacts", body, None).await.status(), StatusCode::CREATED);
    }
}

#[tokio::test]
async fn a_filled_honeypot_is_refused_and_saves_nothing() {
    let app = TestApp::spawn().await;
    let mut body = contact("Bot", "bot@example.org", "Cheap pills");
    body["website"] = json!("http://spam.example");
    assert_fields(app.post("/api/contacts", body.clone(), None).await, json!({"website": "Leave this field empty"})).await;
    let mut family = json!({"head": crate::families::head()});
    family["website"] = json!("x");
    assert_fields(app.post("/api/members/register", family, None).await, json!({"website": "Leave this field empty"})).await;
    assert_eq!(count(&app, "contacts").await, 0);
    assert_eq!(count(&app, "family_heads").await, 0);
    // Every JSON public write refuses it first, whatever else the body holds.
    for (_, path, id) in public_writes(&app).await.into_iter().filter(|(_, _, id)| id != "profiles_register") {
        let response = app.post(&path, json!({"website": "http://spam.example", "email": "bot@example.org"}), None).await;
        assert_eq!(error_body(response, StatusCode::UNPROCESSABLE_ENTITY).await["fields"], json!({"website": "Leave this field empty"}), "{id}");
    }

    let bot = form(&[fields("Bot"), vec![("website", "http://spam.example".into())]].concat(), vec![("profile_photo", jpeg(300, 400, 1))]);
    let response = post_form(&app, "/api/profile/register", bot, Some(&app.member_token().await)).await;
    assert_fields(response, json!({"website": "Leave this field empty"})).await;
    assert!(files_in(&app, "private").is_empty());

    let mut null = contact("Bot", "bot@example.org", "Cheap pills");
    null["website"] = Value::Null;
    assert_fields(app.post("/api/contacts", null, None).await, json!({"website": "Leave this field empty"})).await;

    // People leave it empty, and a form without it is as good.
    body["website"] = json!("");
    assert_eq!(app.post("/api/contacts", body, None).await.status(), StatusCode::CREATED);
    let person = form(&[fields("Asha"), vec![("website", String::new())]].concat(), vec![("profile_photo", jpeg(300, 400, 1))]);
    assert_eq!(post_form(&app, "/api/profile/register", person, Some(&app.member_token().await)).await.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn the_honeypot_and_the_429_are_in_the_document_of_every_public_write() {
    let app = TestApp::spawn().await;
    let doc: Value = app.get("/api-docs/openapi.json", None).await.json().await.unwrap();
    for (method, path, op) in operations(&doc) {
        let Some(id) = op["operationId"].as_str() else { continue };
        if kind_of(id).is_none() {
            continue;
        }
        let reference = op["responses"]["429"]["$ref"].as_str().unwrap_or_else(|| panic!("{method} {path}: a 429 response"));
        let name = reference.rsplit('/').next().unwrap();
        assert!(doc["components"]["responses"][name]["headers"].get("retry-after").is_some(), "{name}");
        let (media_type, body) = op["requestBody"]["content"].as_object().unwrap().iter().next().unwrap();
        let schema = body["schema"]["$ref"].as_str().unwrap().rsplit('/').next().unwrap();
        let field = &doc["components"]["schemas"][schema]["properties"]["website"];
        if media_type.starts_with("multipart/") {
            assert!(field["description"].as_str().unwrap().contains("Must be empty"), "{schema}");
        } else {
            assert_eq!(field["$ref"], "#/components/schemas/Honeypot", "{schema}");
        }
        assert_eq!(doc["components"]["schemas"]["Honeypot"]["maxLength"], 0);
    }
}

#[tokio::test]
async fn the_profile_form_has_a_daily_upload_allowance_per_address() {
    let photo = jpeg(900, 1200, 7);
    let allowance = photo.len() as u64 * 3 / 2;
    let app = TestApp::spawn_with(|c| {
        limited(c);
        c.daily_upload_bytes = allowance;
    })
    .await;
    let member = app.member_token().await;
    let send = |address: &'static str, name: &'static str| {
        let body = form(&fields(name), vec![("profile_photo", photo.clone())]);
        app.client.post(app.url("/api/profile/register")).bearer_auth(&member).header("x-forwarded-for", address).multipart(body).send()
    };
    assert_eq!(send("203.0.113.60", "Asha").await.unwrap().status(), StatusCode::CREATED);
    let stored = files_in(&app, "private");
    let wait = assert_limited(send("203.0.113.60", "Bharati").await.unwrap(), UPLOADS_MESSAGE).await;
    assert!(wait > 23 * 3600 && wait <= 24 * 3600, "{wait}");
    assert_eq!(files_in(&app, "private"), stored, "a refused upload stores nothing");
    assert_eq!(send("203.0.113.61", "Chitra").await.unwrap().status(), StatusCode::CREATED);
}

#[tokio::test]
async fn the_booker_of_one_reference_is_served_while_the_same_address_guesses_other_codes() {
    let app = TestApp::spawn().await;
    let booked = app.post("/api/poshavvadevi-bookings", puja("Asha Joshi"), None).await;
    assert_eq!(booked.status(), StatusCode::OK);
    let reference = booked.headers()["x-booking-reference"].to_str().unwrap().to_owned();
    let code = booked.headers()["x-booking-code"].to_str().unwrap().to_owned();
    let response = app.post("/api/bookings", room("Bharat Kale"), None).await;
    let other = response.headers()["x-booking-reference"].to_str().unwrap().to_owned();
    // 21 guessed references, then repeated guesses at another booking's code: all from this address.
    for n in 0..21 {
        let response = app.get(&format!("/api/bookings/verify/ALN-2026-{:05}?code=guess", 90000 + n), None).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
    }
    let mut statuses = Vec::new();
    for _ in 0..6 {
        statuses.push(app.get(&format!("/api/bookings/verify/{other}?code=guess"), None).await.status());
    }
    assert_eq!(statuses.last(), Some(&StatusCode::TOO_MANY_REQUESTS), "{statuses:?}");
    let mine = app.get(&format!("/api/bookings/verify/{reference}?code={code}"), None).await;
    assert_eq!(mine.status(), StatusCode::OK);
    assert_eq!(mine.json::<Value>().await.unwrap()["reference"], reference);
}
