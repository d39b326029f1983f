//! The site content (docs/DESIGN.md §12): the sample a fresh install publishes, the draft's
//! rules and revisions, publishing, versions and bringing one back, and every document that
//! prints the published name.
use reqwest::{StatusCode, multipart::Form};
use serde_json::{Value, json};

use crate::{
    helpers::*,
    images::{file_part, jpeg, post_form},
};

/// The draft as the editor reads it.
pub(crate) async fn draft(app: &TestApp, token: &str) -> Value {
    let response = app.get("/api/admin/site", Some(token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

/// Saves the draft changed by `change` and publishes it; answers the published version's id.
pub(crate) async fn publish_with(app: &TestApp, token: &str, change: impl FnOnce(&mut Value)) -> i64 {
    let draft = draft(app, token).await;
    let mut content = draft["content"].clone();
    change(&mut content);
    let saved = app.put("/api/admin/site", json!({"revision": draft["revision"], "content": content}), Some(token)).await;
    assert_eq!(saved.status(), StatusCode::OK, "{}", saved.text().await.unwrap());
    let revision = saved.json::<Value>().await.unwrap()["revision"].clone();
    let published = app.post("/api/admin/site/publish", json!({"revision": revision}), Some(token)).await;
    assert_eq!(published.status(), StatusCode::OK);
    published.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

/// A new name in the three scripts.
pub(crate) fn rename(content: &mut Value) {
    content["organisation"]["name"] = json!({"mr": "नवी सेवा समिती, नाशिक", "te": "నవీ సేవా సమితి", "en": "Navi Seva Samiti, Nashik"});
}

async fn published(app: &TestApp) -> Value {
    let response = app.get("/api/site", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

fn sample() -> Value {
    serde_json::from_str(samiti::site::content::SAMPLE_JSON).unwrap()
}

#[tokio::test]
async fn a_fresh_install_publishes_the_sample_and_marks_the_draft_as_sample() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    assert_eq!(published(&app).await, sample());
    let draft = draft(&app, &token).await;
    assert_eq!(draft["content"], sample());
    assert_eq!((draft["sample"].as_bool(), draft["revision"].as_i64()), (Some(true), Some(1)));
    assert_eq!((draft["published_version"].as_i64(), draft["unpublished_changes"].as_bool()), (Some(1), Some(false)));
    let versions: Value = app.get("/api/admin/site/versions", Some(&token)).await.json().await.unwrap();
    assert_eq!(versions, json!([{"id": 1, "published_at": versions[0]["published_at"], "published_by": "", "sample": true, "current": true}]));
}

#[tokio::test]
async fn the_published_content_answers_304_to_its_own_tag() {
    let app = TestApp::spawn().await;
    let response = app.get("/api/site", None).await;
    let etag = response.headers()["etag"].to_str().unwrap().to_owned();
    assert_eq!(etag, "\"site-1\"");
    let again = plain_client().get(app.url("/api/site")).header("if-none-match", &etag).send().await.unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
}

#[tokio::test]
async fn a_draft_that_breaks_a_rule_is_refused_with_every_failing_path_and_nothing_is_saved() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let mut content = sample();
    content["team"][2]["members"][0]["name"]["mr"] = json!("");
    content["organisation"]["social"][0]["url"] = json!("javascript:alert(1)");
    content["sponsors"][0]["image"] = json!("data:image/svg+xml,<svg onload=alert(1)>");
    content["privacy"]["en"] = json!("x".repeat(20_001));
    content["about"]["mr"] = json!("[दुवा](data:text/html,hi)");
    let response = app.put("/api/admin/site", json!({"revision": 1, "content": content}), Some(&token)).await;
    assert_fields(
        response,
        json!({
            "team.2.members.0.name.mr": "Enter the Marathi text",
            "organisation.social.0.url": "Enter an address starting with https://",
            "sponsors.0.image": "Upload an image",
            "privacy.en": "This text is too long",
            "about.mr": "Links may lead only to https://, mailto:, tel: or a page of this site",
        }),
    )
    .await;
    // A missing revision, a body that is no object, content of the wrong shape.
    assert_fields(app.put("/api/admin/site", json!({"content": sample()}), Some(&token)).await, json!({"revision": "Invalid value"})).await;
    error_body(app.put("/api/admin/site", json!([1]), Some(&token)).await, StatusCode::BAD_REQUEST).await;
    let mut wrong = sample();
    wrong["team"] = json!({"not": "a list"});
    let body = error_body(app.put("/api/admin/site", json!({"revision": 1, "content": wrong}), Some(&token)).await, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(body["fields"]["team"], "Invalid value");
    let draft = draft(&app, &token).await;
    assert_eq!((draft["revision"].as_i64(), &draft["content"]), (Some(1), &sample()), "nothing was saved");
}

#[tokio::test]
async fn a_save_on_an_older_revision_is_refused_with_409_and_overwrites_nothing() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let mut first = sample();
    first["organisation"]["phone"] = json!("+91 20 1111 2222");
    let saved = app.put("/api/admin/site", json!({"revision": 1, "content": first}), Some(&token)).await;
    assert_eq!(saved.status(), StatusCode::OK);
    let saved: Value = saved.json().await.unwrap();
    assert_eq!((saved["revision"].as_i64(), saved["sample"].as_bool(), saved["unpublished_changes"].as_bool()), (Some(2), Some(false), Some(true)));
    assert_eq!(saved["saved_by"], ADMIN_EMAIL);

    // A second editor still on revision 1.
    let mut second = sample();
    second["organisation"]["phone"] = json!("+91 20 3333 4444");
    let body = error_body(app.put("/api/admin/site", json!({"revision": 1, "content": second}), Some(&token)).await, StatusCode::CONFLICT).await;
    assert_eq!(body["error"], "The draft was changed by someone else. Reload it to see their changes.");
    error_body(app.post("/api/admin/site/publish", json!({"revision": 1}), Some(&token)).await, StatusCode::CONFLICT).await;
    error_body(app.post("/api/admin/site/versions/1/restore", json!({"revision": 1}), Some(&token)).await, StatusCode::CONFLICT).await;
    assert_eq!(draft(&app, &token).await["content"]["organisation"]["phone"], "+91 20 1111 2222");
    assert_eq!(published(&app).await, sample(), "visitors see nothing of a draft");
    error_body(app.post("/api/admin/site/versions/99/restore", json!({"revision": 2}), Some(&token)).await, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn publishing_changes_the_content_the_confirmations_and_the_exports_and_an_earlier_version_comes_back() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let version = publish_with(&app, &token, rename).await;
    assert_eq!(version, 2);
    assert_eq!(published(&app).await["organisation"]["name"]["en"], "Navi Seva Samiti, Nashik");
    // An installed site's name (the manifest keeps the build's other fields).
    let manifest: Value = app.get("/manifest.webmanifest", None).await.json().await.unwrap();
    assert_eq!(manifest["name"], "नवी सेवा समिती, नाशिक · Navi Seva Samiti, Nashik");
    assert_eq!((manifest["short_name"].as_str(), manifest["start_url"].as_str()), (Some("समाज सेवा समिती"), Some("/")));

    // The next booking's confirmation and the next export carry the new name.
    let response = app.post("/api/bookings", crate::bookings::room("सुरेश पाटील"), None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let text = pdf_text(&response.bytes().await.unwrap());
    assert!(text.contains("Navi Seva Samiti") && text.contains("नवी सेवा समिती"), "{text}");
    assert!(!text.contains("Shri Samaj Seva Samiti"), "{text}");
    let workbook = app.get("/api/bookings/export/excel?lang=mr", Some(&token)).await.bytes().await.unwrap();
    assert_eq!(xlsx_letterhead(&workbook)[0], "नवी सेवा समिती, नाशिक");
    let pdf = pdf_text(&app.get("/api/bookings/export/pdf?lang=en", Some(&token)).await.bytes().await.unwrap());
    assert!(pdf.contains("Navi Seva Samiti, Nashik"), "{pdf}");

    // Version 1 (the sample) comes back as the draft, then is published again.
    let versions: Value = app.get("/api/admin/site/versions", Some(&token)).await.json().await.unwrap();
    assert_eq!(versions.as_array().unwrap().iter().map(|v| (v["id"].as_i64().unwrap(), v["current"].as_bool().unwrap())).collect::<Vec<_>>(), [(2, true), (1, false)]);
    assert_eq!(versions[0]["published_by"], ADMIN_EMAIL);
    let old: Value = app.get("/api/admin/site/versions/1", Some(&token)).await.json().await.unwrap();
    assert_eq!(old, sample());
    let revision = draft(&app, &token).await["revision"].clone();
    let restored = app.post("/api/admin/site/versions/1/restore", json!({"revision": revision}), Some(&token)).await;
    assert_eq!(restored.status(), StatusCode::OK);
    let restored: Value = restored.json().await.unwrap();
    assert_eq!((restored["content"].clone(), restored["sample"].as_bool(), restored["unpublished_changes"].as_bool()), (sample(), Some(true), Some(true)));
    assert_eq!(published(&app).await["organisation"]["name"]["en"], "Navi Seva Samiti, Nashik", "restoring alone publishes nothing");
    let published_again = app.post("/api/admin/site/publish", json!({"revision": restored["revision"]}), Some(&token)).await;
    assert_eq!(published_again.json::<Value>().await.unwrap()["id"], 3);
    assert_eq!(published(&app).await, sample());

    // Each step is in the audit log, with the parts it changed.
    let audit: Value = app.get("/api/admin/audit?entity=site-content&sort=id", Some(&token)).await.json().await.unwrap();
    let actions: Vec<&str> = audit.as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["update", "publish", "restore", "publish"], "{audit}");
    let changes: Value = serde_json::from_str(audit[1]["changes"].as_str().unwrap()).unwrap();
    assert_eq!(changes["after"]["organisation"]["name"]["te"], "నవీ సేవా సమితి");
}

#[tokio::test]
async fn a_slide_image_is_stored_through_the_uploads_core_and_a_file_that_is_no_image_is_refused() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let not_image = Form::new().part("file", file_part(b"<svg onload=alert(1)>".to_vec(), "slide.jpg", "image/jpeg"));
    error_body(post_form(&app, "/api/admin/site/images", not_image, Some(&token)).await, StatusCode::UNSUPPORTED_MEDIA_TYPE).await;
    let image = Form::new().part("file", file_part(jpeg(320, 140, 1), "slide.jpg", "image/jpeg"));
    let response = post_form(&app, "/api/admin/site/images", image, Some(&token)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let url = response.json::<Value>().await.unwrap()["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/uploads/") && url.ends_with(".jpg"), "{url}");
    assert_eq!(app.get(&url, None).await.status(), StatusCode::OK);
    // The uploaded image passes the content's image rule.
    publish_with(&app, &token, |content| content["slides"][0]["image"] = json!(url)).await;
    assert_eq!(published(&app).await["slides"][0]["image"], url);
    let refused = post_form(&app, "/api/admin/site/images", Form::new().text("file", "x"), Some(&token)).await;
    assert!(refused.status().is_client_error());
}

#[tokio::test]
#[ignore = "PostgreSQL only: scripts/test.sh runs it in the PostgreSQL pass"]
async fn on_postgres_a_publish_on_one_instance_is_served_by_every_instance() {
    assert!(on_postgres(), "run with SAMITI_TEST_DATABASE=postgres");
    let first = TestApp::spawn().await;
    let shared_url = first.database_url.clone();
    let second = TestApp::spawn_with(|config| config.database_url = shared_url).await;
    let token = first.admin_token().await;
    publish_with(&first, &token, rename).await;
    let mut name = Value::Null;
    for _ in 0..50 {
        name = published(&second).await["organisation"]["name"]["en"].clone();
        if name == "Navi Seva Samiti, Nashik" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(name, "Navi Seva Samiti, Nashik", "the second instance serves the new version within 5 s");
    let manifest: Value = second.get("/manifest.webmanifest", None).await.json().await.unwrap();
    assert_eq!(manifest["name"], "नवी सेवा समिती, नाशिक · Navi Seva Samiti, Nashik");
    let response = second.post("/api/bookings", crate::bookings::room("सुरेश पाटील"), None).await;
    assert!(pdf_text(&response.bytes().await.unwrap()).contains("Navi Seva Samiti"), "the second instance's confirmations");
}
