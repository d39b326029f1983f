//! Administrators with roles (docs/DESIGN.md §10) and the audit log (§11): every administrator
//! route answers 403 to each role that does not hold it and 2xx to one that does, and every
//! change leaves exactly one audit entry, in the same transaction as the change.
use std::sync::atomic::{AtomicU32, Ordering};

use chrono::{Days, Utc};
use reqwest::{Method, Response, StatusCode, multipart::Form};
use serde_json::{Value, json};

use crate::{
    bookings, families,
    helpers::*,
    images::{file_part, jpeg, post_form},
    profiles, site,
};

/// The six roles, owner first.
pub const ROLES: [&str; 6] = ["owner", "content", "communications", "bookings", "families", "matrimony"];
pub const STAFF_PASSWORD: &str = "staff-password-1";

/// A number for names no call has used yet (e-mails, closed dates).
fn fresh() -> u32 {
    static NEXT: AtomicU32 = AtomicU32::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Adds an administrator with `roles` as `owner`; answers its id.
pub async fn add_admin(app: &TestApp, owner: &str, email: &str, roles: &[&str]) -> i64 {
    let body = json!({"email": email, "password": STAFF_PASSWORD, "roles": roles});
    let response = app.post("/api/admin/users", body, Some(owner)).await;
    assert_eq!(response.status(), StatusCode::CREATED, "adding {email}");
    response.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

/// The signed-in owner (the first administrator) and one signed-in administrator for each other
/// role, by role: `(role, email, token)`.
async fn staff(app: &TestApp) -> Vec<(String, String, String)> {
    let owner = app.admin_token().await;
    let mut staff = vec![("owner".to_owned(), ADMIN_EMAIL.to_owned(), owner.clone())];
    for role in &ROLES[1..] {
        let email = format!("{role}@example.org");
        add_admin(app, &owner, &email, &[role]).await;
        staff.push(((*role).to_owned(), email.clone(), app.login(&email, STAFF_PASSWORD).await));
    }
    staff
}

/// How many entries the audit log holds.
pub async fn audit_total(app: &TestApp, owner: &str) -> u64 {
    let response = app.get("/api/admin/audit?per_page=1", Some(owner)).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.headers()["x-total-count"].to_str().unwrap().parse().unwrap()
}

/// The audit log's entries for `query`, newest first.
pub async fn audit_entries(app: &TestApp, owner: &str, query: &str) -> Vec<Value> {
    let response = app.get(&format!("/api/admin/audit{query}"), Some(owner)).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

enum Body {
    Empty,
    Json(Value),
    Form(Form),
}

struct Call {
    method: Method,
    path: String,
    body: Body,
}

async fn send(app: &TestApp, call: Call, token: &str) -> Response {
    let mut request = app.client.request(call.method, app.url(&call.path)).bearer_auth(token);
    request = match call.body {
        Body::Empty => request,
        Body::Json(body) => request.json(&body),
        Body::Form(form) => request.multipart(form),
    };
    request.send().await.expect("request sent")
}

/// The same call without its body, for a caller the guard refuses before any body is read.
fn bare(call: &Call) -> Call {
    let body = match &call.body {
        Body::Json(body) => Body::Json(body.clone()),
        _ => Body::Empty,
    };
    Call { method: call.method.clone(), path: call.path.clone(), body }
}

fn image_form() -> Form {
    Form::new().part("image", file_part(jpeg(64, 48, 1), "photo.jpg", "image/jpeg")).text("description", "Test")
}

fn profile_form() -> Form {
    profiles::form(&profiles::fields("Suresh Patil"), vec![])
}

fn in_days(days: u64) -> String {
    (samiti::validation::today_in_india() + Days::new(days)).to_string()
}

fn id_of(value: &Value) -> i64 {
    value["id"].as_i64().unwrap_or_else(|| panic!("an id in {value}"))
}

/// The newest row of an administrator list.
async fn newest(app: &TestApp, path: &str, owner: &str) -> i64 {
    let rows: Vec<Value> = app.get(path, Some(owner)).await.json().await.unwrap();
    id_of(&rows[0])
}

async fn created(response: Response) -> Value {
    assert!(response.status().is_success(), "fixture refused: {}", response.status());
    response.json().await.unwrap()
}

async fn new_contact(app: &TestApp) -> i64 {
    let body = json!({"full_name": "Sunita", "email": "sunita@example.org", "message": "Namaskar"});
    id_of(&created(app.post("/api/contacts", body, None).await).await)
}

async fn new_notification(app: &TestApp, owner: &str) -> i64 {
    id_of(&created(app.post("/notifications", json!({"message": "Satsang on Sunday"}), Some(owner)).await).await)
}

async fn new_family(app: &TestApp) -> i64 {
    let body = json!({"head": families::head(), "familyMembers": [families::member("सुनीता", "पत्नी")]});
    id_of(&families::register(app, body).await)
}

async fn family_member(app: &TestApp, owner: &str, head: i64) -> i64 {
    let members: Vec<Value> = app.get(&format!("/api/family-members/{head}"), Some(owner)).await.json().await.unwrap();
    id_of(&members[0])
}

async fn new_profile(app: &TestApp, owner: &str) -> i64 {
    profiles::registered(app, &profiles::fields("Suresh Patil"), owner).await
}

/// A call of the operation that succeeds for an administrator holding its role: the rows it
/// needs are made first (as the owner, or as a visitor for public forms).
async fn prepare(app: &TestApp, owner: &str, op: &str, method: &Method, template: &str) -> Call {
    let at = |id: i64| template.replace("{id}", &id.to_string());
    let call = |path: String, body: Body| Call { method: method.clone(), path, body };
    let media = ["events", "gallery", "magazines", "career"].into_iter().find(|kind| template.starts_with(&format!("/api/{kind}")));
    let booking = bookings::kinds().into_iter().find(|(path, ..)| template.starts_with(&format!("{path}/{{id}}")));
    match op {
        // Its body, the holder's own password, is written where the holder is known.
        "admin_sign_out_everywhere" | "admin_change_password" => call(template.to_owned(), Body::Empty),
        "admin_register" => {
            call(template.to_owned(), Body::Json(json!({"email": format!("owner{}@example.org", fresh()), "password": STAFF_PASSWORD})))
        }
        "admin_users_create" => call(
            template.to_owned(),
            Body::Json(json!({"email": format!("new{}@example.org", fresh()), "password": STAFF_PASSWORD, "roles": ["content"]})),
        ),
        "admin_users_update" | "admin_users_delete" | "admin_users_reset_password" => {
            let id = add_admin(app, owner, &format!("other{}@example.org", fresh()), &["content"]).await;
            let body = match op {
                "admin_users_update" => Body::Json(json!({"roles": ["content", "bookings"]})),
                "admin_users_reset_password" => Body::Json(json!({"password": "temporary-pass-1"})),
                _ => Body::Empty,
            };
            call(at(id), body)
        }
        "blocked_dates_create" => {
            call(template.to_owned(), Body::Json(json!({"kind": "room", "date": in_days(30 + u64::from(fresh())), "reason": "Utsav"})))
        }
        "blocked_dates_delete" => {
            let body = json!({"kind": "room", "date": in_days(30 + u64::from(fresh())), "reason": "Utsav"});
            let id = id_of(&created(app.post("/api/bookings/blocked-dates", body, Some(owner)).await).await);
            call(at(id), Body::Empty)
        }
        "booking_capacity_put" => call(
            template.to_owned(),
            Body::Json(json!({
                "rooms": {"standard": 5, "deluxe": null, "suite": null},
                "pujas_per_day": {"markandeya": null, "poshavvadevi": null, "shitaladevi": null},
            })),
        ),
        "notifications_create" => call(template.to_owned(), Body::Json(json!({"message": "Satsang on Sunday"}))),
        "notifications_update" => call(at(new_notification(app, owner).await), Body::Json(json!({"message": "Satsang on Monday"}))),
        "notifications_delete" => call(at(new_notification(app, owner).await), Body::Empty),
        "contacts_update" => call(
            at(new_contact(app).await),
            Body::Json(json!({"handled": true, "note": "Called back"})),
        ),
        "contacts_delete" => call(at(new_contact(app).await), Body::Empty),
        "subscribers_delete" => {
            let body = json!({"value": format!("reader{}@example.org", fresh())});
            call(at(id_of(&created(app.post("/api/subscribers", body, None).await).await)), Body::Empty)
        }
        "site_image_upload" => {
            call(template.to_owned(), Body::Form(Form::new().part("file", file_part(jpeg(64, 48, 1), "slide.jpg", "image/jpeg"))))
        }
        "site_draft_save" => {
            let draft = site::draft(app, owner).await;
            call(template.to_owned(), Body::Json(json!({"revision": draft["revision"], "content": draft["content"]})))
        }
        "site_publish" => call(template.to_owned(), Body::Json(json!({"revision": site::draft(app, owner).await["revision"]}))),
        "site_version_get" => call(at(1), Body::Empty),
        "backup_take" => call(template.to_owned(), Body::Empty),
        "updates_send" | "updates_preview" | "updates_test" => call(
            template.to_owned(),
            Body::Json(json!({"subject": {"en": "Utsav", "mr": "उत्सव"}, "body": {"en": "On Sunday.", "mr": "रविवारी."}})),
        ),
        "mail_send_again" => call(at(crate::mail::failed_message(&app.database_url).await), Body::Empty),
        "backup_download_kept" => {
            // The schedule's first backup is taken at start.
            let mut kept = Value::Null;
            for _ in 0..100 {
                let status: Value = app.get("/api/admin/backup", Some(owner)).await.json().await.unwrap();
                kept = status["kept"][0]["name"].clone();
                if kept.is_string() {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            call(template.replace("{name}", kept.as_str().expect("a kept backup")), Body::Empty)
        }
        "site_version_restore" => call(at(1), Body::Json(json!({"revision": site::draft(app, owner).await["revision"]}))),
        _ if op.ends_with("_upload") => call(template.to_owned(), Body::Form(image_form())),
        _ if media.is_some() && (op.ends_with("_edit") || op.ends_with("_move")) => {
            let kind = media.unwrap();
            let uploaded = created(post_form(app, &format!("/api/{kind}"), image_form(), Some(owner)).await).await;
            let body = if op.ends_with("_edit") { json!({"description": "Corrected"}) } else { json!({"direction": "down"}) };
            call(at(id_of(&uploaded[0])), Body::Json(body))
        }
        "member_password_set" => {
            let id = new_profile(app, owner).await;
            let rows: Vec<Value> = app.get("/api/profile/profiles?per_page=500", Some(owner)).await.json().await.unwrap();
            let account = rows.iter().find(|row| row["id"] == id).unwrap()["account_id"].as_i64().unwrap();
            call(at(account), Body::Json(json!({"password": "given-by-board"})))
        }
        _ if media.is_some() && op.ends_with("_delete") => {
            let kind = media.unwrap();
            let uploaded = created(post_form(app, &format!("/api/{kind}"), image_form(), Some(owner)).await).await;
            call(at(id_of(&uploaded[0])), Body::Empty)
        }
        _ if booking.is_some() => {
            let (path, _, _, body) = booking.unwrap();
            assert!(app.post(path, body, None).await.status().is_success(), "booking at {path}");
            call(at(newest(app, path, owner).await), Body::Empty)
        }
        _ if op.starts_with("families_") && template.contains("{id}") => {
            let head = new_family(app).await;
            match op {
                "families_update_head" => call(at(head), Body::Json(families::head())),
                "families_add_member" => call(at(head), Body::Json(families::member("अनुष्का", "मुलगी"))),
                "families_update_member" => {
                    call(at(family_member(app, owner, head).await), Body::Json(families::member("सुनीता", "पत्नी")))
                }
                "families_delete_member" => call(at(family_member(app, owner, head).await), Body::Empty),
                _ => call(at(head), Body::Empty),
            }
        }
        "profiles_update" => call(at(new_profile(app, owner).await), Body::Form(profile_form())),
        "profiles_match" => {
            let id = new_profile(app, owner).await;
            assert!(app.post(&format!("/api/profile/upload-profile/{id}"), json!({}), Some(owner)).await.status().is_success());
            call(at(id), Body::Empty)
        }
        _ if op.starts_with("profiles_") && template.contains("{id}") => call(at(new_profile(app, owner).await), Body::Empty),
        _ if !template.contains('{') && *method == Method::GET => call(template.to_owned(), Body::Empty),
        _ => panic!("no call prepared for {op} ({method} {template}): add one here"),
    }
}

/// Whether a successful call of the operation is recorded: every change, and every download of
/// a list, a family or a backup.
fn recorded(method: &Method, op: &str) -> bool {
    (*method != Method::GET && op != "updates_preview") || op.contains("export") || op.contains("_excel") || op.contains("_pdf") || op == "backup_download_kept"
}

#[tokio::test]
async fn each_role_reaches_its_routes_only_and_every_change_is_recorded_once() {
    // With a backup schedule, so that a kept backup can be downloaded.
    let backups = tempfile::tempdir().unwrap();
    let place = backups.path().display().to_string();
    let app = TestApp::spawn_with(move |config| {
        config.backups = Some(samiti::config::BackupSchedule { place, every: std::time::Duration::from_secs(3600), keep: 3 });
        // Mail on (its relay away: messages wait), so that updates can be sent.
        config.mail = Some(crate::mail::settings("smtp://127.0.0.1:9"));
    })
    .await;
    let mut staff = staff(&app).await;
    let owner = staff[0].2.clone();
    let doc = samiti::app::openapi();
    let mut checked = 0;
    for (method, template, operation) in operations(&doc) {
        if !requires_token(&operation) {
            continue;
        }
        let op = operation["operationId"].as_str().unwrap().to_owned();
        let method = Method::from_bytes(method.as_bytes()).unwrap();
        let allowed: Vec<String> =
            operation["security"][0]["bearer"].as_array().unwrap().iter().map(|role| role.as_str().unwrap().to_owned()).collect();
        assert!(!allowed.is_empty(), "{op} names no role");
        let call = prepare(&app, &owner, &op, &method, &template).await;

        // Refused to every role it does not name (an owner holds every role).
        let before = audit_total(&app, &owner).await;
        for (role, _, token) in &staff {
            if role != "owner" && !allowed.contains(role) {
                let response = send(&app, bare(&call), token).await;
                let body = error_body(response, StatusCode::FORBIDDEN).await;
                assert_eq!(body["error"], "Your roles do not give access to this section", "{op} as {role}");
            }
        }
        assert_eq!(audit_total(&app, &owner).await, before, "{op}: a refused call is not recorded");

        // Answered to the role it names (the owner's for the owner's routes).
        let holder = allowed.iter().find(|role| *role != "owner").cloned().unwrap_or_else(|| "owner".to_owned());
        let index = staff.iter().position(|(role, ..)| *role == holder).unwrap();
        let (_, email, token) = staff[index].clone();
        let call = match op.as_str() {
            "admin_change_password" => Call {
                body: Body::Json(json!({"current_password": password_of(&holder), "new_password": password_of(&holder)})),
                ..call
            },
            _ => call,
        };
        let response = send(&app, call, &token).await;
        let status = response.status();
        assert!(status.is_success(), "{op} as {holder}: {status} {}", response.text().await.unwrap_or_default());
        let after = audit_total(&app, &owner).await;
        let expected = u64::from(recorded(&method, &op));
        assert_eq!(after - before, expected, "{op}: entries added by one call");
        if expected == 1 {
            let entry = &audit_entries(&app, &owner, "?per_page=1").await[0];
            assert_eq!(entry["actor"], email.as_str(), "{op}: the entry names who did it");
            assert_eq!(entry["entity"], operation["tags"][0], "{op}: the entry names the section");
            assert!(!entry["summary"].as_str().unwrap().is_empty());
        }
        if matches!(op.as_str(), "admin_change_password" | "admin_sign_out_everywhere") {
            // Every earlier token of this administrator stopped working: sign in again.
            staff[index].2 = app.login(&email, password_of(&holder)).await;
        }
        checked += 1;
    }
    assert!(checked >= 90, "only {checked} administrator operations were checked");
}

fn password_of(role: &str) -> &'static str {
    if role == "owner" { ADMIN_PASSWORD } else { STAFF_PASSWORD }
}

#[test]
fn every_administrator_operation_names_known_roles_and_says_so() {
    let doc = samiti::app::openapi();
    for (method, path, operation) in operations(&doc) {
        if !requires_token(&operation) {
            continue;
        }
        let roles = operation["security"][0]["bearer"].as_array().unwrap_or_else(|| panic!("{method} {path}: no bearer"));
        assert!(!roles.is_empty(), "{method} {path} names no role");
        for role in roles {
            assert!(ROLES.contains(&role.as_str().unwrap()), "{method} {path}: unknown role {role}");
        }
        let description = operation["description"].as_str().unwrap_or_default();
        assert!(description.contains("Roles:"), "{method} {path}: the description says who may call it");
    }
}

#[tokio::test]
async fn a_role_sees_its_lists_and_not_the_others_and_verify_answers_the_roles() {
    let app = TestApp::spawn().await;
    let owner = app.admin_token().await;
    add_admin(&app, &owner, "clerk@example.org", &["bookings"]).await;
    let clerk = app.login("clerk@example.org", STAFF_PASSWORD).await;
    let verify: Value = app.get("/api/admin/verify", Some(&clerk)).await.json().await.unwrap();
    assert_eq!(verify, json!({"valid": true, "email": "clerk@example.org", "roles": ["bookings"], "must_change_password": false}));
    let owner_verify: Value = app.get("/api/admin/verify", Some(&owner)).await.json().await.unwrap();
    assert_eq!(owner_verify["roles"], json!(["owner"]));
    assert_eq!(app.get("/api/bookings", Some(&clerk)).await.status(), StatusCode::OK);
    // A clerk must not see matrimonial data, nor its exports.
    for path in ["/api/profile/profiles", "/api/profile/profiles/export/excel", "/api/heads", "/api/contacts", "/api/admin/audit"] {
        assert_eq!(app.get(path, Some(&clerk)).await.status(), StatusCode::FORBIDDEN, "{path}");
    }
    // No token is still 401, not 403.
    assert_eq!(app.get("/api/bookings", None).await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_change_of_roles_or_a_removal_applies_on_the_next_request() {
    let app = TestApp::spawn().await;
    let owner = app.admin_token().await;
    let id = add_admin(&app, &owner, "clerk@example.org", &["bookings"]).await;
    let clerk = app.login("clerk@example.org", STAFF_PASSWORD).await;
    assert_eq!(app.get("/api/contacts", Some(&clerk)).await.status(), StatusCode::FORBIDDEN);
    let changed = app.put(&format!("/api/admin/users/{id}"), json!({"roles": ["communications"]}), Some(&owner)).await;
    assert_eq!(changed.status(), StatusCode::OK);
    assert_eq!(changed.json::<Value>().await.unwrap()["roles"], json!(["communications"]));
    // The same token, at once.
    assert_eq!(app.get("/api/contacts", Some(&clerk)).await.status(), StatusCode::OK);
    assert_eq!(app.get("/api/bookings", Some(&clerk)).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.delete(&format!("/api/admin/users/{id}"), Some(&owner)).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.get("/api/contacts", Some(&clerk)).await.status(), StatusCode::UNAUTHORIZED);
    let users: Vec<Value> = app.get("/api/admin/users", Some(&owner)).await.json().await.unwrap();
    assert_eq!(users.len(), 1);
    assert!(users[0].get("password_hash").is_none() && users[0].get("password").is_none());
}

#[tokio::test]
async fn adding_an_administrator_with_bad_input_gets_the_message_under_the_field_and_stores_nothing() {
    let app = TestApp::spawn().await;
    let owner = app.admin_token().await;
    let before = audit_total(&app, &owner).await;
    let cases = [
        (json!({"email": "a@example.org", "password": STAFF_PASSWORD, "roles": []}), "roles", "Choose at least one role"),
        (json!({"email": "a@example.org", "password": STAFF_PASSWORD}), "roles", "Choose at least one role"),
        (json!({"email": "a@example.org", "password": STAFF_PASSWORD, "roles": ["priest"]}), "roles", "Unknown role: priest"),
        (json!({"email": "a@example.org", "password": "short", "roles": ["content"]}), "password", "Password must be at least 12 characters."),
        // An administrator's password is 12 characters at least (a member's 6) and not a common one.
        (json!({"email": "a@example.org", "password": "secret-12345", "roles": ["content"]}), "password", "This password is too common. Choose one others cannot guess."),
        (json!({"email": "a@example.org", "password": "Password2026!", "roles": ["content"]}), "password", "This password is too common. Choose one others cannot guess."),
        (json!({"email": "a@example.org", "password": "123456789012", "roles": ["content"]}), "password", "This password is too common. Choose one others cannot guess."),
        (json!({"email": "not-an-email", "password": STAFF_PASSWORD, "roles": ["content"]}), "email", "Invalid email address."),
    ];
    for (body, field, message) in cases {
        let body = error_body(app.post("/api/admin/users", body, Some(&owner)).await, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert_eq!(body["fields"][field], message);
    }
    add_admin(&app, &owner, "clerk@example.org", &["bookings"]).await;
    let taken = json!({"email": " Clerk@Example.org ", "password": STAFF_PASSWORD, "roles": ["content"]});
    let body = error_body(app.post("/api/admin/users", taken, Some(&owner)).await, StatusCode::CONFLICT).await;
    assert_eq!(body["error"], "This email is already registered.");
    let roles = json!({"roles": ["owner", "wizard"]});
    let body = error_body(app.put("/api/admin/users/2", roles, Some(&owner)).await, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(body["fields"]["roles"], "Unknown role: wizard");
    assert_eq!(app.put("/api/admin/users/999", json!({"roles": ["content"]}), Some(&owner)).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.delete("/api/admin/users/999", Some(&owner)).await.status(), StatusCode::NOT_FOUND);
    // Only the one addition that succeeded is recorded.
    assert_eq!(audit_total(&app, &owner).await, before + 1);
    let users: Vec<Value> = app.get("/api/admin/users", Some(&owner)).await.json().await.unwrap();
    assert_eq!(users.len(), 2);
}

#[tokio::test]
async fn the_last_owner_can_be_neither_removed_nor_demoted() {
    let app = TestApp::spawn().await;
    let owner = app.admin_token().await;
    let before = audit_total(&app, &owner).await;
    let body = error_body(app.delete("/api/admin/users/1", Some(&owner)).await, StatusCode::CONFLICT).await;
    assert_eq!(body["error"], "The last owner cannot be removed or lose the owner role");
    let demote = app.put("/api/admin/users/1", json!({"roles": ["content"]}), Some(&owner)).await;
    assert_eq!(error_body(demote, StatusCode::CONFLICT).await["error"], "The last owner cannot be removed or lose the owner role");
    assert_eq!(audit_total(&app, &owner).await, before, "a refused change leaves no entry");
    // With a second owner, the first may step down.
    add_admin(&app, &owner, "second@example.org", &["owner"]).await;
    assert_eq!(app.put("/api/admin/users/1", json!({"roles": ["content"]}), Some(&owner)).await.status(), StatusCode::OK);
    assert_eq!(app.get("/api/admin/users", Some(&owner)).await.status(), StatusCode::FORBIDDEN, "no longer an owner");
}

#[tokio::test]
async fn two_owners_demoting_each_other_at_once_leave_one_owner() {
    for _ in 0..5 {
        let app = TestApp::spawn().await;
        let first = app.admin_token().await;
        let second_id = add_admin(&app, &first, "second@example.org", &["owner"]).await;
        let second = app.login("second@example.org", STAFF_PASSWORD).await;
        let second_path = format!("/api/admin/users/{second_id}");
        let (a, b) = tokio::join!(
            app.put(&second_path, json!({"roles": ["content"]}), Some(&first)),
            app.put("/api/admin/users/1", json!({"roles": ["content"]}), Some(&second)),
        );
        let mut statuses = [a.status(), b.status()];
        statuses.sort();
        // One demotion goes through. The other is refused: 409 when it counted the owners after
        // the first, or 403 when its caller had already lost the owner role.
        assert_eq!(statuses[0], StatusCode::OK, "{statuses:?}");
        assert!(matches!(statuses[1], StatusCode::CONFLICT | StatusCode::FORBIDDEN), "{statuses:?}");
        let db = sea_orm::Database::connect(&app.database_url).await.unwrap();
        use sea_orm::{ConnectionTrait, Statement};
        let rows = db
            .query_all_raw(Statement::from_string(db.get_database_backend(), "SELECT roles FROM admins"))
            .await
            .unwrap();
        let owners = rows.iter().filter(|row| row.try_get::<String>("", "roles").unwrap().split(',').any(|r| r == "owner")).count();
        assert_eq!(owners, 1);
    }
}

#[tokio::test]
async fn a_reset_password_ends_the_sessions_and_must_be_changed_before_anything_else() {
    let app = TestApp::spawn().await;
    let owner = app.admin_token().await;
    let id = add_admin(&app, &owner, "clerk@example.org", &["bookings"]).await;
    let old = app.login("clerk@example.org", STAFF_PASSWORD).await;
    let reset = app.post(&format!("/api/admin/users/{id}/password"), json!({"password": "temporary-pass-1"}), Some(&owner)).await;
    assert_eq!(reset.status(), StatusCode::OK);
    assert_eq!(reset.json::<Value>().await.unwrap()["must_change_password"], true);
    assert_eq!(app.get("/api/bookings", Some(&old)).await.status(), StatusCode::UNAUTHORIZED);
    let signed_in: Value = app
        .post("/api/admin/login", json!({"email": "clerk@example.org", "password": "temporary-pass-1"}), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(signed_in["must_change_password"], true);
    let token = signed_in["token"].as_str().unwrap();
    let refused = error_body(app.get("/api/bookings", Some(token)).await, StatusCode::FORBIDDEN).await;
    assert_eq!(refused["error"], "Please change your password first");
    assert_eq!(app.get("/api/admin/verify", Some(token)).await.status(), StatusCode::OK);
    let changed = app
        .put("/api/admin/password", json!({"current_password": "temporary-pass-1", "new_password": "my-own-secret"}), Some(token))
        .await;
    assert_eq!(changed.status(), StatusCode::OK);
    let token: Value = changed.json().await.unwrap();
    assert_eq!(token["must_change_password"], false);
    assert_eq!(app.get("/api/bookings", token["token"].as_str()).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn sign_ins_are_recorded_with_the_attempted_email_and_never_a_password() {
    let app = TestApp::spawn().await;
    let owner = app.admin_token().await;
    let wrong = app.post("/api/admin/login", json!({"email": "Someone@Example.org", "password": "guess-123"}), None).await;
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
    let entries = audit_entries(&app, &owner, "?per_page=10").await;
    let actions: Vec<&str> = entries.iter().map(|entry| entry["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["sign_in_failed", "sign_in", "create"], "newest first");
    assert_eq!(entries[0]["actor"], "someone@example.org");
    assert_eq!(entries[1]["actor"], ADMIN_EMAIL);
    assert_eq!(entries[0]["address"], "127.0.0.1");
    let all = serde_json::to_string(&audit_entries(&app, &owner, "?per_page=100").await).unwrap();
    for secret in [ADMIN_PASSWORD, "guess-123", "argon2", "password_hash", "token_version"] {
        assert!(!all.contains(secret), "the log holds {secret}");
    }
}

#[tokio::test]
async fn an_update_records_the_fields_it_changed_and_a_delete_the_whole_row() {
    let app = TestApp::spawn().await;
    let owner = app.admin_token().await;
    let id = new_contact(&app).await;
    let body = json!({"handled": true, "note": "Called back"});
    assert_eq!(app.put(&format!("/api/contacts/{id}"), body, Some(&owner)).await.status(), StatusCode::OK);
    let entry = &audit_entries(&app, &owner, "?per_page=1").await[0];
    assert_eq!(entry["action"], "update");
    assert_eq!(entry["entity"], "contacts");
    assert_eq!(entry["entity_id"], id.to_string());
    let changes: Value = serde_json::from_str(entry["changes"].as_str().unwrap()).unwrap();
    assert_eq!(changes, json!({"before": {"handled": false, "note": null}, "after": {"handled": true, "note": "Called back"}}));
    assert_eq!(app.delete(&format!("/api/contacts/{id}"), Some(&owner)).await.status(), StatusCode::NO_CONTENT);
    let entry = &audit_entries(&app, &owner, "?per_page=1").await[0];
    let changes: Value = serde_json::from_str(entry["changes"].as_str().unwrap()).unwrap();
    assert_eq!(changes["before"]["note"], "Called back");
    assert_eq!(changes["before"]["message"], "Namaskar");
    assert!(changes.get("after").is_none());
    // An upload names its file by stored name and size.
    let uploaded = created(post_form(&app, "/api/events", image_form(), Some(&owner)).await).await;
    let entry = &audit_entries(&app, &owner, "?per_page=1").await[0];
    assert_eq!(entry["action"], "upload");
    let changes: Value = serde_json::from_str(entry["changes"].as_str().unwrap()).unwrap();
    let image = &changes["after"]["images"][0];
    assert_eq!(image["image"], uploaded[0]["image"].as_str().unwrap().rsplit('/').next().unwrap());
    assert!(image["bytes"].as_i64().unwrap() > 0);
    // So does an edit of a profile that replaces its photo.
    let id = new_profile(&app, &owner).await;
    let form = profiles::form(&profiles::fields("Suresh Patil"), vec![("profile_photo", jpeg(80, 100, 3))]);
    let edited = app.client.put(app.url(&format!("/api/profile/profiles/{id}"))).bearer_auth(&owner).multipart(form).send().await.unwrap();
    assert_eq!(edited.status(), StatusCode::OK);
    let entry = &audit_entries(&app, &owner, "?per_page=1").await[0];
    let changes: Value = serde_json::from_str(entry["changes"].as_str().unwrap()).unwrap();
    let photo = &changes["after"]["profile_photo"];
    assert_eq!(photo["name"], changes["after"]["photo"], "{changes}");
    assert!(photo["size"].as_u64().unwrap() > 0);
}

#[tokio::test]
async fn a_write_that_fails_leaves_no_entry() {
    let app = TestApp::spawn().await;
    let owner = app.admin_token().await;
    let before = audit_total(&app, &owner).await;
    assert_eq!(app.delete("/api/contacts/999", Some(&owner)).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.post("/api/bookings/999/cancel", json!({}), Some(&owner)).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.post("/notifications", json!({"message": ""}), Some(&owner)).await.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let closed = json!({"kind": "room", "date": in_days(40), "reason": "Utsav"});
    assert_eq!(app.post("/api/bookings/blocked-dates", closed.clone(), Some(&owner)).await.status(), StatusCode::CREATED);
    // The same day again: the insert fails inside the transaction, and its entry goes with it.
    assert_eq!(app.post("/api/bookings/blocked-dates", closed, Some(&owner)).await.status(), StatusCode::CONFLICT);
    assert_eq!(audit_total(&app, &owner).await, before + 1);
}

#[tokio::test]
async fn the_audit_log_filters_searches_pages_and_exports_in_the_screens_language() {
    let app = TestApp::spawn().await;
    let owner = app.admin_token().await;
    add_admin(&app, &owner, "clerk@example.org", &["bookings"]).await;
    let clerk = app.login("clerk@example.org", STAFF_PASSWORD).await;
    let (path, _, _, body) = bookings::kinds().remove(0);
    assert!(app.post(path, body, None).await.status().is_success());
    let id = newest(&app, path, &clerk).await;
    assert_eq!(app.post(&format!("{path}/{id}/cancel"), json!({}), Some(&clerk)).await.status(), StatusCode::OK);

    let by_clerk = audit_entries(&app, &owner, "?actor=clerk@example.org").await;
    let actions: Vec<&str> = by_clerk.iter().map(|entry| entry["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["cancel", "sign_in"]);
    assert_eq!(audit_entries(&app, &owner, "?action=cancel&entity=bookings").await.len(), 1);
    assert_eq!(audit_entries(&app, &owner, "?action=cancel&entity=contacts").await.len(), 0);
    let cancelled = audit_entries(&app, &owner, "?q=Cancelled%20booking").await;
    assert_eq!(cancelled.len(), 1);
    assert!(cancelled[0]["summary"].as_str().unwrap().contains("ALN-"));
    let today = samiti::validation::today_in_india();
    assert_eq!(audit_entries(&app, &owner, &format!("?from={today}&to={today}&action=cancel")).await.len(), 1);
    let tomorrow = today + Days::new(1);
    assert_eq!(audit_entries(&app, &owner, &format!("?from={tomorrow}")).await.len(), 0);
    let bad = app.get("/api/admin/audit?from=yesterday", Some(&owner)).await;
    assert_eq!(error_body(bad, StatusCode::BAD_REQUEST).await["error"], "from must be a date (YYYY-MM-DD)");
    let long = app.get(&format!("/api/admin/audit?entity={}", "x".repeat(101)), Some(&owner)).await;
    assert_eq!(error_body(long, StatusCode::BAD_REQUEST).await["error"], "entity must be at most 100 characters");
    let padded = app.get("/api/admin/audit/export/pdf?sort=%0B", Some(&owner)).await;
    assert_eq!(error_body(padded, StatusCode::BAD_REQUEST).await["error"], "Cannot sort by \u{b}");
    let empty = app.get("/api/admin/audit/export/excel?to=", Some(&owner)).await;
    assert_eq!(error_body(empty, StatusCode::BAD_REQUEST).await["error"], "to must be a date (YYYY-MM-DD)");
    let page = app.get("/api/admin/audit?per_page=2&page=2", Some(&owner)).await;
    assert_eq!(page.status(), StatusCode::OK);
    // No route changes or deletes an entry.
    for method in [Method::PUT, Method::DELETE, Method::POST] {
        let response = app.request(method.clone(), "/api/admin/audit/1", Some(&owner), None).await;
        assert!(matches!(response.status(), StatusCode::NOT_FOUND | StatusCode::METHOD_NOT_ALLOWED), "{method}");
    }

    let excel = app.get("/api/admin/audit/export/excel?lang=mr&actor=clerk@example.org", Some(&owner)).await;
    assert_eq!(excel.status(), StatusCode::OK);
    let rows = xlsx_rows(&excel.bytes().await.unwrap());
    let text = format!("{rows:?}");
    assert!(text.contains("clerk@example.org") && text.contains("cancel"), "{text}");
    let pdf = app.get("/api/admin/audit/export/pdf?lang=mr", Some(&owner)).await;
    assert_eq!(pdf.status(), StatusCode::OK);
    let text = pdf_text(&pdf.bytes().await.unwrap());
    assert!(text.contains("बदलांची नोंद"), "{text}");
    // Both downloads are in the log themselves.
    assert_eq!(audit_entries(&app, &owner, "?action=export").await.len(), 2);
}

#[tokio::test]
async fn entries_older_than_the_retention_are_removed_and_no_others() {
    let app = TestApp::spawn().await;
    let owner = app.admin_token().await;
    let db = sea_orm::Database::connect(&app.database_url).await.unwrap();
    use sea_orm::{ActiveModelTrait, Set};
    samiti::audit::entity::ActiveModel {
        at: Set((Utc::now() - chrono::Duration::days(400)).fixed_offset()),
        actor: Set("old@example.org".into()),
        address: Set("127.0.0.1".into()),
        action: Set("delete".into()),
        entity: Set("contacts".into()),
        entity_id: Set(Some("1".into())),
        summary: Set("An old change".into()),
        changes: Set("{}".into()),
        ..Default::default()
    }
    .insert(&db)
    .await
    .unwrap();
    let before = audit_total(&app, &owner).await;
    assert_eq!(samiti::audit::prune(&db, 365).await.unwrap(), 1);
    assert_eq!(audit_total(&app, &owner).await, before - 1);
    assert!(audit_entries(&app, &owner, "?actor=old@example.org").await.is_empty());
}

/// A day in the filters is India's day: a change at 00:15 in India (18:45 UTC the day before)
/// belongs to India's date, on either database.
#[tokio::test]
async fn a_change_just_after_midnight_in_india_is_found_under_indias_date() {
    let app = TestApp::spawn().await;
    let owner = app.admin_token().await;
    let db = sea_orm::Database::connect(&app.database_url).await.unwrap();
    use sea_orm::{ActiveModelTrait, Set};
    samiti::audit::entity::ActiveModel {
        at: Set("2026-01-01T18:45:00Z".parse::<chrono::DateTime<Utc>>().unwrap().fixed_offset()),
        actor: Set("night@example.org".into()),
        address: Set("127.0.0.1".into()),
        action: Set("delete".into()),
        entity: Set("contacts".into()),
        entity_id: Set(Some("1".into())),
        summary: Set("A change after midnight".into()),
        changes: Set("{}".into()),
        ..Default::default()
    }
    .insert(&db)
    .await
    .unwrap();
    let on = |day: &str| format!("?actor=night@example.org&from={day}&to={day}");
    assert_eq!(audit_entries(&app, &owner, &on("2026-01-02")).await.len(), 1);
    assert_eq!(audit_entries(&app, &owner, &on("2026-01-01")).await.len(), 0);
}

#[tokio::test]
async fn administrators_made_before_roles_existed_become_owners() {
    use migration::{Migrator, MigratorTrait};
    use sea_orm::{ConnectionTrait, Statement};
    let app = TestApp::spawn().await;
    let db = sea_orm::Database::connect(&app.database_url).await.unwrap();
    // Back to the schema before roles, with an administrator of that time.
    Migrator::down(&db, Some(1)).await.unwrap();
    let backend = db.get_database_backend();
    db.execute_raw(Statement::from_string(
        backend,
        "INSERT INTO admins (email, password_hash, token_version, created_at) \
         VALUES ('early@example.org', 'x', 0, '2026-01-01T00:00:00+00:00')",
    ))
    .await
    .unwrap();
    Migrator::up(&db, None).await.unwrap();
    let row = db
        .query_one_raw(Statement::from_string(backend, "SELECT roles, must_change_password FROM admins WHERE email = 'early@example.org'"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.try_get::<String>("", "roles").unwrap(), "owner");
    assert!(!row.try_get::<bool>("", "must_change_password").unwrap());
}
