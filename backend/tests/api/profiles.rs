//! Matrimonial profiles: registration with a photo and a biodata, refusals that store nothing,
//! moderation, the members' gallery without contact details, signed links to the private
//! files, edits and deletions with their files, live events and exports.
use std::collections::BTreeSet;

use reqwest::{StatusCode, multipart::Form};
use samiti::uploads::private::LinkSigner;
use serde_json::{Value, json};

use crate::{helpers::*, images::*};

/// The token secret of the apps whose links a test signs itself.
const SECRET: &str = "profiles-test-secret-of-32-characters";
const PASSWORD: &str = "Plain-Secret-42";

/// A small PDF as the detector reads one: the header, and `%%EOF` at the end.
fn pdf() -> Vec<u8> {
    b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n".to_vec()
}

/// A date of birth `years` old today in India, less `days`.
fn born(years: u32, days: u64) -> String {
    let today = samiti::validation::today_in_india();
    let birthday = today.checked_sub_months(chrono::Months::new(years * 12)).unwrap();
    (birthday + chrono::Days::new(days)).to_string()
}

/// Every text field of a valid profile.
pub(crate) fn fields(name: &str) -> Vec<(&'static str, String)> {
    vec![
        ("profile_for", "Son".into()),
        ("name", name.into()),
        ("gender", "Male".into()),
        ("email", "suresh@example.org".into()),
        ("mobile", "9876543210".into()),
        ("dob", born(28, 0)),
        ("religion", "Hindu".into()),
        ("caste", "Padmashali".into()),
        ("occupation", "Engineer".into()),
        ("education", "B.E. Computer".into()),
        ("location", "Pune".into()),
        ("height", "5'8\"".into()),
        ("about", "शांत स्वभाव\nवाचनाची आवड".into()),
    ]
}

fn with(mut fields: Vec<(&'static str, String)>, changes: &[(&'static str, &str)]) -> Vec<(&'static str, String)> {
    for (name, value) in changes {
        match fields.iter_mut().find(|(field, _)| field == name) {
            Some(field) => field.1 = (*value).to_owned(),
            None => fields.push((name, (*value).to_owned())),
        }
    }
    fields
}

pub(crate) fn form(fields: &[(&'static str, String)], files: Vec<(&'static str, Vec<u8>)>) -> Form {
    let mut form = Form::new();
    for (name, value) in fields {
        form = form.text(*name, value.clone());
    }
    for (name, bytes) in files {
        form = form.part(name, file_part(bytes, "file.bin", "application/octet-stream"));
    }
    form
}

async fn register(app: &TestApp, fields: &[(&'static str, String)], files: Vec<(&'static str, Vec<u8>)>) -> reqwest::Response {
    post_form(app, "/api/profile/register", form(fields, files), Some(&app.member_token().await)).await
}

/// Registers a profile with a photo; returns the id the administrators' list shows for it.
pub(crate) async fn registered(app: &TestApp, fields: &[(&'static str, String)], admin: &str) -> i64 {
    let response = register(app, fields, vec![("profile_photo", jpeg(900, 1200, 1))]).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let (rows, _) = admin_list(app, "?sort=-created", admin).await;
    rows[0]["id"].as_i64().unwrap()
}

async fn put_form(app: &TestApp, id: i64, form: Form, token: &str) -> reqwest::Response {
    let url = app.url(&format!("/api/profile/profiles/{id}"));
    app.client.put(url).bearer_auth(token).multipart(form).send().await.expect("request sent")
}

async fn listed(app: &TestApp, path: &str, token: Option<&str>) -> (Vec<Value>, u64) {
    let response = app.get(path, token).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    assert_eq!(response.headers()["cache-control"], "no-store");
    let total = response.headers()["x-total-count"].to_str().unwrap().parse().unwrap();
    (response.json().await.unwrap(), total)
}

async fn admin_list(app: &TestApp, query: &str, token: &str) -> (Vec<Value>, u64) {
    listed(app, &format!("/api/profile/profiles{query}"), Some(token)).await
}

async fn gallery(app: &TestApp, query: &str, token: &str) -> (Vec<Value>, u64) {
    listed(app, &format!("/api/profile/uploaded-profiles{query}"), Some(token)).await
}

async fn publish(app: &TestApp, id: i64, token: &str) -> Value {
    let response = app.post(&format!("/api/profile/upload-profile/{id}"), json!({}), Some(token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

async fn member_token(app: &TestApp, email: &str, mobile: &str) -> String {
    let account = json!({"profile_for": "Self", "email": email, "mobile": mobile, "password": PASSWORD});
    assert_eq!(app.post("/api/matrimony/register", account, None).await.status(), StatusCode::CREATED);
    let response = app.post("/api/auth/login", json!({"emailOrMobile": email, "password": PASSWORD}), None).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_owned()
}

/// The stored file name a signed link points at.
fn stored_name(link: &Value) -> String {
    let url = link["url"].as_str().unwrap();
    url.trim_start_matches("/api/profile/files/").split('?').next().unwrap().to_owned()
}

fn private_files(app: &TestApp) -> Vec<String> {
    files_in(app, "private")
}

#[tokio::test]
async fn a_profile_is_registered_with_a_photo_and_a_biodata_under_either_part_name() {
    let app = TestApp::spawn().await;
    let admin = app.admin_token().await;
    let photo = jpeg(900, 1200, 1);
    let response = register(&app, &fields("सुरेश पाटील"), vec![("profile_photo", photo.clone()), ("biodata", pdf())]).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    assert_eq!(response.json::<Value>().await.unwrap(), json!({"message": "Profile Registered Successfully"}));
    let second = with(fields("Asha D'Souza"), &[("gender", "Female"), ("email", "asha@example.org"), ("mobile", "९८७६५४३२११")]);
    let response = register(&app, &second, vec![("profile_photo", png(300, 400)), ("janmapatrika", png(200, 300))]).await;
    assert_eq!(response.status(), StatusCode::CREATED);

    let (rows, total) = admin_list(&app, "?sort=created", &admin).await;
    assert_eq!(total, 2);
    let (first, second) = (&rows[0], &rows[1]);
    assert_eq!(first["name"], "सुरेश पाटील");
    assert_eq!(first["status"], "pending");
    assert_eq!(first["uploaded_at"], Value::Null);
    assert!(first["account_id"].is_i64(), "the registering member's account");
    assert_eq!(first["email"], "suresh@example.org");
    assert_eq!(first["about"], "शांत स्वभाव\nवाचनाची आवड");
    assert_eq!(first["height"], "5'8\"");
    assert_eq!(first["age"], 28);
    assert_eq!((first["photo_width"].as_u64(), first["photo_height"].as_u64()), (Some(900), Some(1200)));
    assert_eq!(first["photo"]["content_type"], "image/jpeg");
    assert_eq!(first["photo_thumb"]["content_type"], "image/webp");
    assert_eq!(first["biodata"]["content_type"], "application/pdf");
    assert_eq!(second["mobile"], "9876543211", "Devanagari digits are stored as Latin digits");
    assert_eq!(second["biodata"]["content_type"], "image/png", "janmapatrika is the biodata");
    assert_eq!(second["photo_thumb"], Value::Null, "a photo narrower than every variant has none");

    // The photo, its variants and the biodata are in the private folder, and nowhere public.
    let mut expected: BTreeSet<String> = [&first["photo"], &first["photo_thumb"], &first["biodata"], &second["photo"], &second["biodata"]]
        .into_iter()
        .map(stored_name)
        .collect();
    let photo_name = stored_name(&first["photo"]);
    expected.insert(samiti::uploads::variant_name(&photo_name, 320));
    assert_eq!(private_files(&app).into_iter().collect::<BTreeSet<_>>(), expected);
    for folder in ["uploads", "magazines", "career"] {
        assert!(files_in(&app, folder).is_empty(), "nothing in {folder}");
    }
    error_body(app.get(&format!("/uploads/{photo_name}"), None).await, StatusCode::NOT_FOUND).await;
    let served = app.get(first["photo"]["url"].as_str().unwrap(), None).await;
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.bytes().await.unwrap(), photo, "a JPEG without metadata is kept byte for byte");
}

/// A profile belongs to the account that registers it: without a member's token (the sign-in's
/// or the free registration's) nothing is stored.
#[tokio::test]
async fn a_profile_needs_a_member_and_belongs_to_the_members_account() {
    let app = TestApp::spawn().await;
    let admin = app.admin_token().await;
    let photo = || ("profile_photo", jpeg(900, 1200, 1));
    for token in [None, Some("not-a-token"), Some(admin.as_str())] {
        let refused = post_form(&app, "/api/profile/register", form(&fields("Suresh"), vec![photo()]), token).await;
        error_body(refused, StatusCode::UNAUTHORIZED).await;
    }
    assert_eq!(admin_list(&app, "", &admin).await.1, 0);
    assert!(private_files(&app).is_empty(), "no file either");
    // The registration's answer signs the member in.
    let account = json!({"profile_for": "Son", "email": "father@example.org", "mobile": "9000000001", "password": PASSWORD});
    let answer: Value = app.post("/api/matrimony/register", account, None).await.json().await.unwrap();
    let token = answer["token"].as_str().unwrap();
    let created = post_form(&app, "/api/profile/register", form(&fields("Suresh"), vec![photo()]), Some(token)).await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let (rows, _) = admin_list(&app, "", &admin).await;
    assert_eq!(rows[0]["account_id"], 1);
    assert_eq!(rows[0]["email"], "suresh@example.org", "the profile's own contact, which may differ from the account's");
}

/// "My profile": a member sees their own profiles with their status, corrects one (back to
/// moderation and off the gallery), and erases one with its files; their own profiles are not
/// among their matches, and nobody else's can be changed.
#[tokio::test]
async fn a_member_sees_corrects_and_erases_their_own_profile_and_never_matches_it() {
    let app = TestApp::spawn().await;
    let admin = app.admin_token().await;
    let family = member_token(&app, "family@example.org", "9000000011").await;
    let other = member_token(&app, "other@example.org", "9000000012").await;
    let create = |token: String, name: &'static str| {
        let app = &app;
        async move {
            let response = post_form(app, "/api/profile/register", form(&fields(name), vec![("profile_photo", jpeg(900, 1200, 1))]), Some(&token)).await;
            assert_eq!(response.status(), StatusCode::CREATED);
        }
    };
    create(family.clone(), "Suresh").await;
    create(other.clone(), "Ramesh").await;
    let mine: Vec<Value> = app.get("/api/profile/mine", Some(&family)).await.json().await.unwrap();
    assert_eq!(mine.len(), 1);
    assert_eq!((mine[0]["name"].as_str(), mine[0]["status"].as_str()), (Some("Suresh"), Some("pending")));
    let id = mine[0]["id"].as_i64().unwrap();
    let theirs = app.get("/api/profile/mine", Some(&other)).await.json::<Vec<Value>>().await.unwrap()[0]["id"].as_i64().unwrap();
    publish(&app, id, &admin).await;
    publish(&app, theirs, &admin).await;
    assert_eq!(app.get("/api/profile/mine", Some(&family)).await.json::<Vec<Value>>().await.unwrap()[0]["status"], "uploaded");
    // Each family sees the other's profile, not its own.
    let names = |rows: Vec<Value>| rows.iter().map(|r| r["name"].as_str().unwrap().to_owned()).collect::<Vec<_>>();
    assert_eq!(names(gallery(&app, "", &family).await.0), ["Ramesh"]);
    assert_eq!(names(gallery(&app, "", &other).await.0), ["Suresh"]);
    assert_eq!(gallery(&app, "", &admin).await.1, 2);

    // A correction goes back to moderation.
    let url = app.url(&format!("/api/profile/mine/{id}"));
    let changed = app.client.put(&url).bearer_auth(&family).multipart(form(&with(fields("Suresh"), &[("location", "Solapur")]), vec![])).send().await.unwrap();
    assert_eq!(changed.status(), StatusCode::OK);
    let changed: Value = changed.json().await.unwrap();
    assert_eq!((changed["location"].as_str(), changed["status"].as_str()), (Some("Solapur"), Some("pending")));
    assert!(names(gallery(&app, "", &other).await.0).is_empty(), "off the gallery until uploaded again");
    // Nobody changes or erases another's profile, nor without a member's token.
    let theirs_url = app.url(&format!("/api/profile/mine/{theirs}"));
    let refused = app.client.put(&theirs_url).bearer_auth(&family).multipart(form(&fields("X"), vec![])).send().await.unwrap();
    assert_eq!(refused.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.delete(&format!("/api/profile/mine/{theirs}"), Some(&family)).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.delete(&format!("/api/profile/mine/{id}"), Some(&admin)).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.get("/api/profile/mine", None).await.status(), StatusCode::UNAUTHORIZED);
    // Erasing removes the row and its files.
    let files_before = private_files(&app).len();
    assert_eq!(app.delete(&format!("/api/profile/mine/{id}"), Some(&family)).await.status(), StatusCode::NO_CONTENT);
    assert!(app.get("/api/profile/mine", Some(&family)).await.json::<Vec<Value>>().await.unwrap().is_empty());
    assert!(private_files(&app).len() < files_before, "its photo and variants are gone");
    assert_eq!(admin_list(&app, "", &admin).await.1, 1);
}

#[tokio::test]
async fn every_refused_profile_stores_nothing() {
    let app = TestApp::spawn().await;
    let admin = app.admin_token().await;
    let photo = || ("profile_photo", jpeg(64, 64, 2));
    let empty: Vec<(&'static str, String)> = fields("x").into_iter().map(|(name, _)| (name, String::new())).collect();
    assert_fields(register(&app, &empty, vec![]).await, json!({
        "profile_for": "Please select profile type.",
        "name": "Please enter the name.",
        "gender": "Please select gender.",
        "email": "Invalid email address.",
        "mobile": "Mobile number must be 10 digits.",
        "dob": "Please enter the date of birth.",
        "religion": "Please enter the religion.",
        "caste": "Please enter the caste.",
        "occupation": "Please enter the occupation.",
        "education": "Please enter the education.",
        "location": "Please enter the location.",
        "height": "Please enter the height.",
        "profile_photo": "Please choose an image to upload.",
    }))
    .await;
    // A valid form without a photo, and one with an empty file part (a browser's "nothing chosen").
    assert_fields(register(&app, &fields("Suresh"), vec![]).await, json!({"profile_photo": "Please choose an image to upload."})).await;
    assert_fields(register(&app, &fields("Suresh"), vec![("profile_photo", vec![])]).await, json!({"profile_photo": "Please choose an image to upload."})).await;
    let long = "x".repeat(101);
    for (changes, expected) in [
        (vec![("profile_for", "Cousin")], json!({"profile_for": "Please select profile type."})),
        (vec![("gender", "male")], json!({"gender": "Please select gender."})),
        (vec![("name", "Suresh2")], json!({"name": "Only letters are allowed"})),
        (vec![("name", "- .")], json!({"name": "Only letters are allowed"})),
        (vec![("name", long.as_str())], json!({"name": "Maximum 100 characters allowed"})),
        (vec![("email", "suresh@")], json!({"email": "Invalid email address."})),
        (vec![("mobile", "+929876543210")], json!({"mobile": "Mobile number must be 10 digits."})),
        (vec![("dob", "1998-02-30")], json!({"dob": "Invalid date"})),
        (vec![("height", "one hundred and seventy cm")], json!({"height": "Maximum 20 characters allowed"})),
        (vec![("caste", long.as_str())], json!({"caste": "Maximum 100 characters allowed"})),
    ] {
        let refused = register(&app, &with(fields("Suresh"), &changes), vec![photo()]).await;
        assert_fields(refused, expected).await;
    }
    let about = "अ".repeat(1001);
    assert_fields(register(&app, &with(fields("Suresh"), &[("about", &about)]), vec![photo()]).await,
        json!({"about": "Maximum 1000 characters allowed"})).await;
    // Under 18, judged in India: the day before the 18th birthday is refused, the day itself taken.
    let seventeen = born(18, 1);
    assert_fields(register(&app, &with(fields("Suresh"), &[("dob", &seventeen)]), vec![photo()]).await,
        json!({"dob": "The person must be at least 18 years old."})).await;
    let tomorrow = (samiti::validation::today_in_india() + chrono::Days::new(1)).to_string();
    assert_fields(register(&app, &with(fields("Suresh"), &[("dob", &tomorrow)]), vec![photo()]).await,
        json!({"dob": "Date of birth cannot be in the future"})).await;
    // Files judged by their content, whatever their name says.
    for (files, message) in [
        (vec![("profile_photo", b"<html>not an image</html>".to_vec())], "The file is not a JPEG, PNG, WebP or GIF image."),
        (vec![("profile_photo", pdf())], "The file is not a JPEG, PNG, WebP or GIF image."),
        (vec![photo(), ("biodata", b"#!/bin/sh\necho hi\n".to_vec())], "The file is not a JPEG, PNG or PDF file."),
        (vec![photo(), ("janmapatrika", b"GIF89a not really".to_vec())], "The file is not a JPEG, PNG or PDF file."),
    ] {
        let body = error_body(register(&app, &fields("Suresh"), files).await, StatusCode::UNSUPPORTED_MEDIA_TYPE).await;
        assert_eq!(body["error"], message);
    }
    // A part the form does not have.
    let extra = error_body(register(&app, &with(fields("Suresh"), &[("password", "secret")]), vec![photo()]).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(extra["error"], "The upload has a field it does not take.");
    // Not multipart at all, and too large for the configured limit (1 MiB in the tests).
    let member = app.member_token().await;
    error_body(app.post("/api/profile/register", json!({"name": "Suresh"}), Some(&member)).await, StatusCode::UNSUPPORTED_MEDIA_TYPE).await;
    let huge = register(&app, &fields("Suresh"), vec![photo(), ("biodata", vec![b'x'; 2 * 1024 * 1024])]).await;
    error_body(huge, StatusCode::PAYLOAD_TOO_LARGE).await;

    assert_eq!(admin_list(&app, "", &admin).await.1, 0, "no row");
    assert!(private_files(&app).is_empty(), "no file: {:?}", private_files(&app));
    // The 18th birthday itself is accepted.
    let eighteen = born(18, 0);
    assert_eq!(register(&app, &with(fields("Suresh"), &[("dob", &eighteen)]), vec![photo()]).await.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn pending_profiles_stay_off_the_gallery_until_uploaded_and_after_being_taken_back() {
    let app = TestApp::spawn().await;
    let admin = app.admin_token().await;
    let member = member_token(&app, "viewer@example.org", "9111111111").await;
    let id = registered(&app, &fields("Suresh"), &admin).await;
    assert_eq!(gallery(&app, "", &member).await, (vec![], 0));
    error_body(app.get(&format!("/api/profile/uploaded-profiles/{id}"), Some(&member)).await, StatusCode::NOT_FOUND).await;

    let uploaded = publish(&app, id, &admin).await;
    assert_eq!(uploaded["status"], "uploaded");
    let at = uploaded["uploaded_at"].as_str().unwrap().to_owned();
    // Twice changes nothing.
    assert_eq!(publish(&app, id, &admin).await["uploaded_at"], at.as_str());
    let (rows, total) = gallery(&app, "", &member).await;
    assert_eq!((rows.len(), total), (1, 1));
    assert_eq!(rows[0]["id"], id);
    assert_eq!(rows[0]["uploaded_at"], at.as_str());
    let one = app.get(&format!("/api/profile/uploaded-profiles/{id}"), Some(&member)).await;
    assert_eq!(one.status(), StatusCode::OK);
    assert_eq!(one.headers()["cache-control"], "no-store");
    assert_eq!(one.json::<Value>().await.unwrap()["name"], "Suresh");

    let back = app.delete(&format!("/api/profile/upload-profile/{id}"), Some(&admin)).await;
    assert_eq!(back.status(), StatusCode::OK);
    let back: Value = back.json().await.unwrap();
    assert_eq!((back["status"].as_str(), &back["uploaded_at"]), (Some("pending"), &Value::Null));
    assert_eq!(gallery(&app, "", &member).await.1, 0);
    error_body(app.get(&format!("/api/profile/uploaded-profiles/{id}"), Some(&member)).await, StatusCode::NOT_FOUND).await;
    for path in ["/api/profile/upload-profile/999", "/api/profile/upload-profile/x"] {
        error_body(app.post(path, json!({}), Some(&admin)).await, StatusCode::NOT_FOUND).await;
        error_body(app.delete(path, Some(&admin)).await, StatusCode::NOT_FOUND).await;
    }
    error_body(app.get("/api/profile/uploaded-profiles/999", Some(&member)).await, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn the_gallery_never_carries_contact_details_or_account_data() {
    let app = TestApp::spawn().await;
    let admin = app.admin_token().await;
    // The profile is linked to the viewer's own account, and still shows nothing of it.
    let member = member_token(&app, "suresh@example.org", "9876543210").await;
    let id = registered(&app, &with(fields("Suresh"), &[("about", "")]), &admin).await;
    publish(&app, id, &admin).await;
    let expected: BTreeSet<&str> = [
        "id", "profile_for", "name", "gender", "dob", "age", "religion", "caste", "occupation", "education", "location",
        "height", "about", "photo", "photo_thumb", "photo_width", "photo_height", "biodata", "uploaded_at",
    ]
    .into();
    let (rows, _) = gallery(&app, "", &member).await;
    let one: Value = app.get(&format!("/api/profile/uploaded-profiles/{id}"), Some(&member)).await.json().await.unwrap();
    for profile in [&rows[0], &one] {
        let keys: BTreeSet<&str> = profile.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, expected);
        let text = profile.to_string();
        for secret in ["suresh@example.org", "9876543210", "account", "password", "email", "mobile"] {
            assert!(!text.contains(secret), "{secret} in {text}");
        }
        assert_eq!(profile["dob"], born(28, 0));
        assert_eq!(profile["about"], "");
        assert_eq!(profile["biodata"], Value::Null);
    }
    // The administrators' rows have them.
    let (rows, _) = admin_list(&app, "", &admin).await;
    assert_eq!((rows[0]["email"].as_str(), rows[0]["mobile"].as_str()), (Some("suresh@example.org"), Some("9876543210")));
    assert!(rows[0]["account_id"].is_i64());
}

#[tokio::test]
async fn the_gallery_takes_a_member_or_an_administrator_token_and_nothing_else() {
    let app = TestApp::spawn().await;
    let admin = app.admin_token().await;
    let member = member_token(&app, "viewer@example.org", "9111111111").await;
    let id = registered(&app, &fields("Suresh"), &admin).await;
    publish(&app, id, &admin).await;
    assert_eq!(gallery(&app, "", &member).await.1, 1);
    assert_eq!(gallery(&app, "", &admin).await.1, 1);
    for path in ["/api/profile/uploaded-profiles".to_owned(), format!("/api/profile/uploaded-profiles/{id}")] {
        for token in [None, Some("not-a-token"), Some(&member[..member.len() - 2])] {
            error_body(app.get(&path, token).await, StatusCode::UNAUTHORIZED).await;
        }
    }
    // And a member token opens no administrator route of the profiles.
    for (method, path) in ADMIN_ROUTES.iter().filter(|(_, path)| path.starts_with("/api/profile/")) {
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let response = app.request(method.clone(), path, Some(&member), None).await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{method} {path}");
    }
}

#[tokio::test]
async fn the_gallery_filters_by_gender_age_location_education_and_text_and_pages() {
    let app = TestApp::spawn().await;
    let admin = app.admin_token().await;
    let member = member_token(&app, "viewer@example.org", "9111111111").await;
    let people = [
        ("Suresh Patil", "Male", born(25, 0), "Pune", "B.E.", "Hindu", "Padmashali"),
        ("Asha Kulkarni", "Female", born(22, 10), "Mumbai", "M.Sc.", "Hindu", "Deshastha"),
        ("Meera Joshi", "Female", born(31, 0), "Pune City", "MBBS", "Jain", "Oswal"),
        ("Ravi Rao", "Other", born(40, 200), "Solapur", "B.Com.", "Hindu", "Padmashali"),
        ("Kiran Shah", "Male", born(19, 0), "Nagpur", "B.E. Civil", "Jain", "Shah"),
    ];
    for (n, &(name, gender, ref dob, location, education, religion, caste)) in people.iter().enumerate() {
        let email = format!("p{n}@example.org");
        let mobile = format!("900000000{n}");
        let values = with(fields(name), &[("gender", gender), ("dob", dob.as_str()), ("location", location),
            ("education", education), ("religion", religion), ("caste", caste), ("email", email.as_str()),
            ("mobile", mobile.as_str())]);
        let id = registered(&app, &values, &admin).await;
        publish(&app, id, &admin).await;
    }
    let names = |rows: &[Value]| -> Vec<String> { rows.iter().map(|r| r["name"].as_str().unwrap().to_owned()).collect() };
    let (all, total) = gallery(&app, "", &member).await;
    assert_eq!(total, 5);
    assert_eq!(names(&all), ["Kiran Shah", "Ravi Rao", "Meera Joshi", "Asha Kulkarni", "Suresh Patil"], "newest upload first");
    let ages: Vec<i64> = all.iter().map(|r| r["age"].as_i64().unwrap()).collect();
    assert_eq!(ages, [19, 39, 31, 21, 25]);
    for (query, expected) in [
        ("?gender=Female", vec!["Meera Joshi", "Asha Kulkarni"]),
        ("?gender=Other", vec!["Ravi Rao"]),
        ("?age_min=25", vec!["Ravi Rao", "Meera Joshi", "Suresh Patil"]),
        ("?age_max=25", vec!["Kiran Shah", "Asha Kulkarni", "Suresh Patil"]),
        ("?age_min=21&age_max=21", vec!["Asha Kulkarni"]),
        ("?age_min=30&age_max=20", vec![]),
        // The age filter typed in Devanagari digits, as a Marathi keyboard types it.
        ("?age_min=२५", vec!["Ravi Rao", "Meera Joshi", "Suresh Patil"]),
        ("?age_min=२१&age_max=२१", vec!["Asha Kulkarni"]),
        ("?location=pune", vec!["Meera Joshi", "Suresh Patil"]),
        ("?education=b.e", vec!["Kiran Shah", "Suresh Patil"]),
        ("?q=padmashali", vec!["Ravi Rao", "Suresh Patil"]),
        ("?q=JAIN", vec!["Kiran Shah", "Meera Joshi"]),
        ("?q=kulkarni", vec!["Asha Kulkarni"]),
        ("?q=%25", vec![]),
        ("?gender=Male&location=pune&q=hindu", vec!["Suresh Patil"]),
        ("?location=&education=&q=", vec!["Kiran Shah", "Ravi Rao", "Meera Joshi", "Asha Kulkarni", "Suresh Patil"]),
    ] {
        let (rows, total) = gallery(&app, query, &member).await;
        assert_eq!(names(&rows), expected, "{query}");
        assert_eq!(total as usize, expected.len(), "{query}");
    }
    let (page, total) = gallery(&app, "?per_page=2&page=2", &member).await;
    assert_eq!((names(&page), total), (vec!["Meera Joshi".to_owned(), "Asha Kulkarni".to_owned()], 5));
    assert_eq!(gallery(&app, "?per_page=2&page=4", &member).await, (vec![], 5));
    let (page, _) = gallery(&app, "?per_page=२&page=२", &member).await;
    assert_eq!(names(&page), ["Meera Joshi", "Asha Kulkarni"]);
    for bad in ["?per_page=101", "?per_page=0", "?page=0", "?gender=male", "?gender=", "?age_min=17", "?age_max=101",
        "?age_min=x", "?age_min=१७", "?age_max=१०१", &format!("?q={}", "a".repeat(201)), &format!("?location={}", "a".repeat(101))] {
        error_body(app.get(&format!("/api/profile/uploaded-profiles{bad}"), Some(&member)).await, StatusCode::BAD_REQUEST).await;
    }
}

#[tokio::test]
async fn signed_links_serve_the_private_files_with_private_caching() {
    let app = TestApp::spawn().await;
    let admin = app.admin_token().await;
    let photo = jpeg(1000, 800, 4);
    let response = register(&app, &fields("Suresh"), vec![("profile_photo", photo.clone()), ("janmapatrika", pdf())]).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let (rows, _) = admin_list(&app, "", &admin).await;
    let profile = &rows[0];
    let expires_at = chrono::DateTime::parse_from_rfc3339(profile["photo"]["expires_at"].as_str().unwrap()).unwrap();
    let left = expires_at.timestamp() - chrono::Utc::now().timestamp();
    assert!((14 * 60..=16 * 60).contains(&left), "a link lives 15 minutes: {left}s");
    for (link, content_type) in [(&profile["photo"], "image/jpeg"), (&profile["photo_thumb"], "image/webp"), (&profile["biodata"], "application/pdf")] {
        let url = link["url"].as_str().unwrap();
        assert!(url.contains(&format!("expires={}&sig=", expires_at.timestamp())), "{url}");
        let served = app.get(url, None).await;
        assert_eq!(served.status(), StatusCode::OK, "{url}");
        assert_eq!(served.headers()["content-type"], content_type);
        assert_eq!(served.headers()["x-content-type-options"], "nosniff");
        let cache = served.headers()["cache-control"].to_str().unwrap().to_owned();
        let max_age: i64 = cache.strip_prefix("private, max-age=").unwrap_or_else(|| panic!("{cache}")).parse().unwrap();
        assert!(max_age > 0 && max_age <= 16 * 60, "{cache}");
        if content_type == "application/pdf" {
            assert_eq!(served.headers()["content-disposition"], "inline; filename=\"biodata.pdf\"");
            assert_eq!(served.bytes().await.unwrap(), pdf());
        } else if content_type == "image/jpeg" {
            assert_eq!(served.bytes().await.unwrap(), photo);
        } else {
            let thumb = image::load_from_memory_with_format(&served.bytes().await.unwrap(), image::ImageFormat::WebP).unwrap();
            assert_eq!((thumb.width(), thumb.height()), (640, 512));
        }
    }
}

#[tokio::test]
async fn altered_expired_or_overlong_links_are_refused_and_unknown_files_are_not_found() {
    let app = TestApp::spawn_with(|config| config.jwt_secret = Some(SECRET.to_owned())).await;
    let admin = app.admin_token().await;
    let id = registered(&app, &fields("Suresh"), &admin).await;
    let (rows, _) = admin_list(&app, "", &admin).await;
    let url = rows[0]["photo"]["url"].as_str().unwrap().to_owned();
    let name = stored_name(&rows[0]["photo"]);
    assert_eq!(app.get(&url, None).await.status(), StatusCode::OK);

    // The links the tests sign with the same secret are the server's links.
    let signer = LinkSigner::new(SECRET.as_bytes()).unwrap();
    let expires: i64 = url.split("expires=").nth(1).unwrap().split('&').next().unwrap().parse().unwrap();
    assert_eq!(signer.url(&name, expires), url);
    let now = chrono::Utc::now().timestamp();
    let (base, sig) = url.split_once("&sig=").unwrap();
    let flipped = format!("{}{}", if sig.starts_with('0') { '1' } else { '0' }, &sig[1..]);
    let other = "0123456789abcdef0123456789abcdef.jpg";
    for refused in [
        format!("{base}&sig={flipped}"),
        format!("{}&sig={sig}", base.replace(&format!("expires={expires}"), &format!("expires={}", expires + 60))),
        base.to_owned(),
        format!("/api/profile/files/{name}"),
        format!("/api/profile/files/{name}?expires=soon&sig={sig}"),
        format!("/api/profile/files/{name}?sig={sig}"),
        // Signed with the right key, but expired a second ago, or expiring a day from now.
        signer.url(&name, now - 1),
        signer.url(&name, now + 24 * 60 * 60),
        // Another name under this signature.
        format!("/api/profile/files/{other}?expires={expires}&sig={sig}"),
        // Signed with another key.
        LinkSigner::new(b"another-secret-of-thirty-two-chars").unwrap().url(&name, expires),
    ] {
        let body = error_body(app.get(&refused, None).await, StatusCode::FORBIDDEN).await;
        assert_eq!(body["error"], "Not allowed", "{refused}");
    }
    // A well-signed link to a name that is not stored, or a name we never generate: 404.
    error_body(app.get(&signer.url(other, expires), None).await, StatusCode::NOT_FOUND).await;
    for path in ["/api/profile/files/..%2Fjwt_secret", "/api/profile/files/secret.txt", "/api/profile/files/x.jpg?expires=1&sig=00"] {
        error_body(app.get(path, None).await, StatusCode::NOT_FOUND).await;
    }
    // A deleted profile's links stop at once.
    assert_eq!(app.delete(&format!("/api/profile/profiles/{id}"), Some(&admin)).await.status(), StatusCode::NO_CONTENT);
    error_body(app.get(&url, None).await, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn an_edit_replaces_the_files_under_new_names_and_deletes_the_old_ones() {
    let app = TestApp::spawn().await;
    let admin = app.admin_token().await;
    let response = register(&app, &fields("Suresh"), vec![("profile_photo", jpeg(900, 700, 5)), ("biodata", pdf())]).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let (rows, _) = admin_list(&app, "", &admin).await;
    let id = rows[0]["id"].as_i64().unwrap();
    let before = private_files(&app);
    let (old_photo, old_biodata) = (stored_name(&rows[0]["photo"]), stored_name(&rows[0]["biodata"]));

    // Texts only: the files stay.
    let edited = put_form(&app, id, form(&with(fields("Suresh Patil"), &[("location", "Solapur")]), vec![]), &admin).await;
    assert_eq!(edited.status(), StatusCode::OK);
    let edited: Value = edited.json().await.unwrap();
    assert_eq!((edited["name"].as_str(), edited["location"].as_str()), (Some("Suresh Patil"), Some("Solapur")));
    assert_eq!(stored_name(&edited["photo"]), old_photo);
    assert_eq!(private_files(&app), before);

    // A new photo and a new janmapatrika: new names, the old files gone.
    let files = vec![("profile_photo", png(500, 600)), ("janmapatrika", jpeg(300, 400, 6))];
    let edited = put_form(&app, id, form(&fields("Suresh Patil"), files), &admin).await;
    assert_eq!(edited.status(), StatusCode::OK);
    let edited: Value = edited.json().await.unwrap();
    let (new_photo, new_biodata) = (stored_name(&edited["photo"]), stored_name(&edited["biodata"]));
    assert!(new_photo != old_photo && new_photo.ends_with(".png"), "{new_photo}");
    assert!(new_biodata != old_biodata && new_biodata.ends_with(".jpg"), "{new_biodata}");
    assert_eq!(edited["biodata"]["content_type"], "image/jpeg");
    assert_eq!((edited["photo_width"].as_u64(), edited["photo_height"].as_u64()), (Some(500), Some(600)));
    let now_on_disk = private_files(&app);
    for gone in [&old_photo, &samiti::uploads::variant_name(&old_photo, 320), &samiti::uploads::variant_name(&old_photo, 640), &old_biodata] {
        assert!(!now_on_disk.contains(gone), "{gone} deleted");
    }
    let expected: BTreeSet<String> =
        [new_photo.clone(), samiti::uploads::variant_name(&new_photo, 320), new_biodata.clone()].into();
    assert_eq!(now_on_disk.into_iter().collect::<BTreeSet<_>>(), expected);
    assert_eq!(app.get(edited["photo"]["url"].as_str().unwrap(), None).await.status(), StatusCode::OK);

    // A refused edit changes nothing and leaves no file behind.
    let refused = put_form(&app, id, form(&with(fields("Suresh"), &[("dob", &born(17, 0))]), vec![("profile_photo", jpeg(64, 64, 7))]), &admin).await;
    assert_fields(refused, json!({"dob": "The person must be at least 18 years old."})).await;
    let refused = put_form(&app, id, form(&fields("Suresh"), vec![("janmapatrika", b"<svg/>".to_vec())]), &admin).await;
    error_body(refused, StatusCode::UNSUPPORTED_MEDIA_TYPE).await;
    let refused = put_form(&app, id, form(&with(fields("Suresh"), &[("name", "")]), vec![]), &admin).await;
    assert_fields(refused, json!({"name": "Please enter the name."})).await;
    assert_eq!(private_files(&app).into_iter().collect::<BTreeSet<_>>(), expected);
    assert_eq!(admin_list(&app, "", &admin).await.0[0]["name"], "Suresh Patil");
    // Unknown ids.
    error_body(put_form(&app, 999, form(&fields("Suresh"), vec![]), &admin).await, StatusCode::NOT_FOUND).await;
    assert_eq!(private_files(&app).len(), 3);
}

#[tokio::test]
async fn deleting_a_profile_deletes_its_files() {
    let app = TestApp::spawn().await;
    let admin = app.admin_token().await;
    let keep = registered(&app, &with(fields("Asha"), &[("email", "asha@example.org")]), &admin).await;
    let kept = private_files(&app);
    let response = register(&app, &fields("Suresh"), vec![("profile_photo", jpeg(900, 700, 8)), ("biodata", pdf())]).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let id = admin_list(&app, "?sort=-created", &admin).await.0[0]["id"].as_i64().unwrap();
    assert!(private_files(&app).len() > kept.len());
    assert_eq!(app.delete(&format!("/api/profile/profiles/{id}"), Some(&admin)).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(private_files(&app), kept, "only the other profile's files are left");
    error_body(app.delete(&format!("/api/profile/profiles/{id}"), Some(&admin)).await, StatusCode::NOT_FOUND).await;
    let (rows, total) = admin_list(&app, "", &admin).await;
    assert_eq!((total, rows[0]["id"].as_i64()), (1, Some(keep)));
}

#[tokio::test]
async fn publishing_editing_withdrawing_and_deleting_are_announced_live() {
    let app = TestApp::spawn().await;
    let admin = app.admin_token().await;
    let mut watcher = connect_ws(&app).await;
    let id = registered(&app, &fields("Suresh"), &admin).await;
    publish(&app, id, &admin).await;
    assert_eq!(next_event(&mut watcher).await, json!({"type": "profileUploaded", "id": id}));
    let edited = put_form(&app, id, form(&fields("Suresh Patil"), vec![]), &admin).await;
    assert_eq!(edited.status(), StatusCode::OK);
    assert_eq!(next_event(&mut watcher).await, json!({"type": "profileUploaded", "id": id}), "open galleries refresh the card");
    assert_eq!(app.delete(&format!("/api/profile/upload-profile/{id}"), Some(&admin)).await.status(), StatusCode::OK);
    assert_eq!(next_event(&mut watcher).await, json!({"type": "profileDeleted", "id": id}));
    publish(&app, id, &admin).await;
    assert_eq!(next_event(&mut watcher).await, json!({"type": "profileUploaded", "id": id}));
    assert_eq!(app.delete(&format!("/api/profile/profiles/{id}"), Some(&admin)).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(next_event(&mut watcher).await, json!({"type": "profileDeleted", "id": id}));
}

#[tokio::test]
async fn the_administrators_list_searches_filters_sorts_and_exports_without_files() {
    let app = TestApp::spawn().await;
    let admin = app.admin_token().await;
    let suresh = registered(&app, &fields("Suresh Patil"), &admin).await;
    let asha = with(fields("Asha Kulkarni"), &[("gender", "Female"), ("email", "asha@example.org"), ("mobile", "9123456789"),
        ("location", "Mumbai"), ("caste", "Deshastha"), ("dob", &born(24, 0))]);
    registered(&app, &asha, &admin).await;
    publish(&app, suresh, &admin).await;
    let names = |rows: &[Value]| -> Vec<String> { rows.iter().map(|r| r["name"].as_str().unwrap().to_owned()).collect() };
    for (query, expected) in [
        ("", vec!["Asha Kulkarni", "Suresh Patil"]),
        ("?status=uploaded", vec!["Suresh Patil"]),
        ("?status=pending", vec!["Asha Kulkarni"]),
        ("?q=ASHA@", vec!["Asha Kulkarni"]),
        ("?q=91234", vec!["Asha Kulkarni"]),
        ("?q=mumbai", vec!["Asha Kulkarni"]),
        ("?q=padmashali", vec!["Suresh Patil"]),
        ("?sort=name", vec!["Asha Kulkarni", "Suresh Patil"]),
        ("?sort=dob", vec!["Suresh Patil", "Asha Kulkarni"]),
        ("?sort=-uploaded&status=uploaded", vec!["Suresh Patil"]),
        ("?sort=status", vec!["Asha Kulkarni", "Suresh Patil"]),
    ] {
        let (rows, total) = admin_list(&app, query, &admin).await;
        assert_eq!(names(&rows), expected, "{query}");
        assert_eq!(total as usize, expected.len());
    }
    error_body(app.get("/api/profile/profiles?status=deleted", Some(&admin)).await, StatusCode::BAD_REQUEST).await;

    let excel = app.get("/api/profile/profiles/export/excel?status=pending", Some(&admin)).await;
    assert_eq!(excel.status(), StatusCode::OK);
    assert_eq!(excel.headers()["content-disposition"], "attachment; filename=\"matrimonial_profiles.xlsx\"");
    let rows = xlsx_rows(&excel.bytes().await.unwrap());
    let header: Vec<String> = rows[0].iter().map(|c| c.to_string()).collect();
    assert_eq!(header, ["Name", "Profile for", "Gender", "Date of birth", "Email", "Mobile", "Religion", "Caste", "Occupation",
        "Education", "Location", "Height", "Status", "Created"]);
    assert_eq!(rows.len(), 2, "the header and the one pending profile");
    let row: Vec<String> = rows[1].iter().map(|c| c.to_string()).collect();
    assert_eq!(&row[..3], ["Asha Kulkarni", "Son", "Female"]);
    assert_eq!(&row[4..6], ["asha@example.org", "9123456789"]);
    assert_eq!(row[12], "pending");
    let pdf = app.get("/api/profile/profiles/export/pdf?q=patil", Some(&admin)).await;
    assert_eq!(pdf.status(), StatusCode::OK);
    assert_eq!(pdf.headers()["content-disposition"], "attachment; filename=\"matrimonial_profiles.pdf\"");
    let text: String = pdf_text(&pdf.bytes().await.unwrap()).split_whitespace().collect();
    assert!(text.contains("MatrimonialProfiles") && text.contains("SureshPatil"), "{text}");
    assert!(!text.contains("Asha"), "{text}");
    // No file names or links in either export.
    for file in private_files(&app) {
        let stem = file.split(['.', '-']).next().unwrap().to_owned();
        assert!(!text.contains(&stem[..12]), "{stem}");
    }
    assert!(!text.contains("/api/profile/files"));
}

#[tokio::test]
async fn a_profile_mobile_with_0_or_91_is_stored_as_its_ten_digits_at_registration_and_at_an_edit() {
    let app = TestApp::spawn().await;
    let admin = app.admin_token().await;
    let id = registered(&app, &with(fields("सुरेश पाटील"), &[("mobile", "+91 98765-43210"), ("dob", &born(28, 0))]), &admin).await;
    let (rows, _) = admin_list(&app, "", &admin).await;
    assert_eq!(rows[0]["mobile"], "9876543210");
    let edited = put_form(&app, id, form(&with(fields("सुरेश पाटील"), &[("mobile", "०९८७६५ ४३२११")]), vec![]), &admin).await;
    assert_eq!(edited.status(), StatusCode::OK);
    let (rows, _) = admin_list(&app, "", &admin).await;
    assert_eq!(rows[0]["mobile"], "9876543211");
    let refused = register(&app, &with(fields("Asha"), &[("mobile", "+91 0 98765 43210")]), vec![("profile_photo", jpeg(64, 64, 2))]).await;
    assert_fields(refused, json!({"mobile": "Mobile number must be 10 digits."})).await;
}
